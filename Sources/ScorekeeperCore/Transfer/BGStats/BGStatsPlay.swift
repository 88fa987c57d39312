/// One BG Stats play as the rows it becomes, judged whole before any is
/// written (`make` says every problem the play has).
///
/// - The play's `uuid` (lower case) is the game's id; the game's `name` its
///   title and kind; `highestWins` its rules.
/// - Each seat of `playerScores` is a player named as its player (trimmed);
///   anonymous seats (`isAnonymous`, one `playerRefId` for all) are each a
///   player of their own, "Anonymous", "Anonymous 2"…
/// - A seat's team only when the play (or its game) `usesTeams`: the app
///   leaves "0" in plays without teams.
/// - A score is the calculator's text summed (`BGStatsScore`); none in a
///   `noPoints` game.
/// - The winners: those marked `winner` (in a co-operative game, everyone
///   marked, or no one); else those ranked 1 (`rank`); else none named,
///   and the scores decide, as in a game played here.
/// - The places (`placing`): the app's `rank`s when it gave any, winners
///   first; else, when some seats have a score and some none, the
///   winners, then the scores under the game's rules; the seats without
///   either share the place after the last. Otherwise the finish gives
///   none: the winners and scores place the players, as here.
/// - `ignored`: the game counts for no statistics and no rating.
/// - `playDate` is the phone's wall clock, read in `timeZone`; the play
///   ends `durationMin` later (and after its scores, a millisecond
///   apart). Plays ending at the same time keep it: ratings fold them by
///   game id, as any games ending together, whatever else a file holds
///   (a play's rows are a function of the play alone).
struct BGStatsPlay {
  struct Seat {
    var id: String
    var name: String
    var team: String?
    var points: Points?
    var isWinner: Bool
    /// The app's rank (1 first), if it gave one.
    var rank: Int64?
  }

  var location: String
  /// The play's uuid, lower case: what every id is made from.
  var uuid: String
  var id: String
  var title: String
  var highestWins: Bool
  var seats: [Seat]
  /// Nil: the scores decide.
  var winners: [String]?
  /// The places the finish gives, best first (`placing`); nil for none.
  var places: [[String]]?
  var isCounted: Bool
  /// The app's game is co-operative: the winners are the table's result.
  var isCooperative = false
  var start: Timestamp
  var end: Timestamp

  struct Refusal: Error {
    var problems: [ImportError]
  }

  static func make(_ play: BGStatsFile.Play, of file: BGStatsFile, timeZone: LocalTimeZone)
    -> Result<BGStatsPlay, Refusal>
  {
    let game = play.gameRefId.flatMap { file.games[$0] }
    let location =
      "play \(play.uuid.isEmpty ? "without a uuid" : play.uuid.lowercased()) "
      + "(\(game.map { quote($0.name.visible) } ?? "no game"), \(play.playDate.visible)), \(play.location)"
    var problems: [String] = []
    func check(_ text: String, _ table: String, _ column: String) -> String {
      do {
        return try ColumnRule.of(table: table, column: column)!.check(text)
      } catch .text(let error) {
        problems.append(error.description)
      } catch {
        problems.append("\(column) \(error)")
      }
      return text
    }
    let uuid = play.uuid.lowercased()
    if uuid.isEmpty { problems.append("a play needs a \"uuid\"") }
    if game == nil {
      problems.append(
        play.gameRefId.map { "gameRefId \($0) is no game of the file's \"games\"" }
          ?? "a play needs a \"gameRefId\"")
    }
    let title = check(game?.name ?? "?", "games", "title")
    let start = LocalDateTime(play.playDate).flatMap(timeZone.instant)
    if start == nil {
      problems.append(
        LocalDateTime(play.playDate) == nil
          ? "playDate must read like 2019-04-06 04:54:35, not \(quote(play.playDate))"
          : "playDate \(quote(play.playDate)) is no time in \(timeZone.name) (the clocks skipped it)")
    }
    let usesTeams = play.usesTeams || game?.usesTeams == true
    var seats: [Seat] = []
    var anonymous = 0
    var seen: [Int64: Int] = [:]
    for score in play.scores {
      guard let ref = score.playerRefId, let player = file.players[ref] else {
        problems.append(
          score.playerRefId.map { "playerRefId \($0) is no player of the file's \"players\"" }
            ?? "a player's score needs a \"playerRefId\"")
        continue
      }
      // A seat again of one playerRefId (anonymous seats all share one) is a player of its own.
      let again = seen[ref, default: 0]
      seen[ref] = again + 1
      let suffix = again == 0 ? [] : ["seat", String(again + 1)]
      let id = IDs.made(["bgstats", "player", uuid, String(ref)] + suffix)
      var name: String
      if player.isAnonymous {
        anonymous += 1
        name = anonymous == 1 ? "Anonymous" : "Anonymous \(anonymous)"
      } else {
        name = check(player.name, "players", "name")
      }
      let team = usesTeams ? score.team.flatMap { $0.isEmpty ? nil : check($0, "players", "team") } : nil
      var points: Points?
      if game?.noPoints == false, let text = score.score, !text.isEmpty {
        switch BGStatsScore.points(text) {
        case .success(let value): points = value
        case .failure(let problem):
          problems.append("\(quote(name.visible))'s score \(quote(text)) \(problem.words)")
        }
      }
      seats.append(
        Seat(
          id: id, name: name, team: team, points: points, isWinner: score.winner, rank: score.rank))
    }
    guard problems.isEmpty, let game, let start else {
      return .failure(Refusal(problems: problems.map { ImportError(location: location, problem: $0) }))
    }
    let flagged = seats.filter(\.isWinner).map(\.id)
    let rankedFirst = seats.filter { $0.rank == 1 }.map(\.id)
    let winners: [String]? =
      game.cooperative || !flagged.isEmpty ? flagged : rankedFirst.isEmpty ? nil : rankedFirst
    // The finish comes after its scores, each a millisecond after the last.
    let lastScore = start.millisecondsSince1970 + Int64(seats.count)
    let end = max(start.millisecondsSince1970 + max(play.durationMin ?? 0, 0) * 60_000, lastScore + 1)
    return .success(
      BGStatsPlay(
        location: location, uuid: uuid,
        id: gameID(ofUUID: uuid),
        title: title, highestWins: game.highestWins, seats: seats, winners: winners,
        places: game.cooperative ? nil : placing(seats, highestWins: game.highestWins),
        isCounted: !play.ignored, isCooperative: game.cooperative, start: start,
        end: Timestamp(millisecondsSince1970: end)))
  }

  /// The id of the game a play (by its lower-case uuid) becomes.
  static func gameID(ofUUID uuid: String) -> String {
    ColumnRule.isID(uuid[...]) ? uuid : IDs.made(["bgstats", "play", uuid])
  }

  /// The places a play's finish gives, best first, from the app's ranks
  /// or, when only some seats have a score, from the scores; nil when
  /// the winners and scores place everyone as a game here would.
  static func placing(_ seats: [Seat], highestWins: Bool) -> [[String]]? {
    let ranked = seats.contains { $0.rank != nil }
    let scored = seats.filter { $0.points != nil }
    guard ranked || (!scored.isEmpty && scored.count < seats.count) else { return nil }
    // Each placed seat's key: winners first, then its rank or score;
    // equal keys share a place, and seats without one are left to share
    // the place after the last.
    let keyed: [(key: (Int, Int64, Points), id: String)] = seats.compactMap { seat in
      let winner = seat.isWinner ? 0 : 1
      if ranked {
        return seat.rank.map { ((winner, $0, .zero), seat.id) }
          ?? (seat.isWinner ? ((0, 0, .zero), seat.id) : nil)
      }
      guard let points = seat.points else { return seat.isWinner ? ((0, 0, .zero), seat.id) : nil }
      return ((winner, 0, highestWins ? -points : points), seat.id)
    }
    var tiers: [[String]] = []
    var last: (Int, Int64, Points)?
    for seat in keyed.sorted(by: { $0.key < $1.key }) {
      if let last, last == seat.key {
        tiers[tiers.count - 1].append(seat.id)
      } else {
        tiers.append([seat.id])
      }
      last = seat.key
    }
    return tiers
  }

  func write(to importer: RowImporter) throws {
    func time(_ milliseconds: Int64) -> SQLValue {
      .text(Timestamp(millisecondsSince1970: milliseconds).iso8601)
    }
    try importer.beginGame(id: id, title: title, kind: title)
    for seat in seats {
      try importer.insert(.players, [.text(seat.id), .text(seat.name), SQLValue(seat.team)])
    }
    let rules = Self.gameEvent(
      "rules", at: time(start.millisecondsSince1970), winner: .text(highestWins ? "highest" : "lowest"),
      counted: isCounted ? .null : .integer(0))
    try importer.insert(.gameEvents, [.text(rowID(["rules"], saying: rules))] + rules)
    for (index, seat) in seats.enumerated() {
      guard let points = seat.points else { continue }
      let score = Self.scoreEvent(seat.id, points, at: time(start.millisecondsSince1970 + Int64(index) + 1))
      try importer.insert(.scoreEvents, [.text(rowID(["score", seat.id], saying: score))] + score)
    }
    let finish = finishEvent(at: time(end.millisecondsSince1970))
    try importer.insert(.gameEvents, [.text(correctionID(0, "", saying: finish))] + finish)
  }

  /// The device an import's rows say made them: every device importing a
  /// play makes the same rows.
  static let device: SQLValue = .text("bgstats")

  /// The id of an append-only row of this play: made from its uuid, what
  /// the row is (`parts`) and what it says (`content`, its values after
  /// its id). Two devices importing different versions of a play (edited
  /// in the app between two exports) make rows of different ids, which sync merges as
  /// any two devices' changes: two rows of one id with different content
  /// would each stay as it is on its device (append-only rows are never
  /// rewritten), and the devices would disagree for good.
  func rowID(_ parts: [String], saying content: [SQLValue]) -> String {
    IDs.made(["bgstats"] + parts + [uuid] + content.map(Self.key))
  }

  /// The id of the finish (`number` 0) or of a correction of the
  /// `number`th update (`part`), saying `content`: its first finish's id
  /// ("bgstats", "finish", uuid), the number and part, and a tag of the
  /// content, so that at the finish's time, ordered by id, the finishes
  /// come first, then each update's reopening ("0"), score changes
  /// ("1-…"), rule change ("2") and finish ("3"), in that order.
  func correctionID(_ number: Int, _ part: String, saying content: [SQLValue]) -> String {
    IDs.made(["bgstats", "finish", uuid]) + "-" + String(10000 + number).dropFirst()
      + (part.isEmpty ? "" : "-")
      + part + "-" + rowID(["tag"], saying: content).prefix(8)
  }

  /// A value as a row's content key: its kind and value.
  private static func key(_ value: SQLValue) -> String {
    switch value {
    case .null: "n"
    case .integer(let integer): "i\(integer)"
    case .real(let real): "r\(real)"
    case .text(let text): "t" + text
    case .blob(let bytes): "b\(bytes)"
    }
  }

  /// Whether the play is a competitive one every seat won: a draw, said
  /// so (schema v19), since a finish naming everyone without saying was
  /// co-operative before. Other finishes say nothing (NULL), and keep the
  /// ids older versions gave them; a co-operative game's naming everyone
  /// or no one is its table's result, as before.
  var isDraw: Bool {
    !isCooperative && seats.count > 1 && winners.map { Set($0) == Set(seats.map(\.id)) } == true
  }

  /// A finish row's values after its id: its time, and the winners and
  /// places the play gives.
  func finishEvent(at time: SQLValue) -> [SQLValue] {
    Self.gameEvent(
      "finish", at: time, winners: winners.map { .text($0.joined(separator: " ")) } ?? .null,
      places: places.map { .text(JSON.array($0.map { .array($0.map(JSON.string)) }).compactText) } ?? .null,
      cooperative: isDraw ? .integer(0) : .null)
  }

  /// A score change's values after its id, made by the import.
  static func scoreEvent(_ player: String, _ points: Points, at time: SQLValue) -> [SQLValue] {
    [.text(player), .whole(points), .thousandths(points), time, device, .null, .null]
  }

  /// A game event's values after its id, in `TransferTable.gameEvents`'
  /// order, made by the import: what a BG Stats play's events say (no
  /// target or round limit). They stop at `cooperative`: the row's id is
  /// made from them, and a play imported again must make the same ids
  /// (the importer leaves the later `winBy` NULL).
  static func gameEvent(
    _ kind: String, at time: SQLValue, winner: SQLValue = .null, winners: SQLValue = .null,
    places: SQLValue = .null, counted: SQLValue = .null, cooperative: SQLValue = .null
  ) -> [SQLValue] {
    [time, device, .text(kind), winner, .null, .null, .null, winners, places, counted, cooperative]
  }
}
