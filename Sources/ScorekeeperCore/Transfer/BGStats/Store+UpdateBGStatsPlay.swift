/// A play imported before, met again in a newer backup of the same
/// collection: people export again after editing plays.
extension Store.Transfer {
  /// Brings the game of a play imported before up to date with the
  /// play as the file has it now, and says whether it was here (nil: not
  /// here, for the caller to write).
  ///
  /// Nothing is rewritten: the game's log is append-only and synced, so
  /// a change arrives as corrections appended to it, each in its history
  /// as made by the import (device `bgstats`): the game reopened, each
  /// player's total brought to the file's score by one score change,
  /// whether it counts, and the finish again with the winners and places
  /// the file gives. They all come at the finish's own time, in the order
  /// their ids give (`correctionID`), so the game ends when it ended and
  /// keeps its place among the plays ratings fold. The ids are made from
  /// the play, the number of times it was brought up to date and what
  /// each row says (`BGStatsPlay.correctionID`), so two devices bringing
  /// the same game up to date with the same file make the same rows, and
  /// the same file again changes nothing. A game reopened here since is
  /// left as it is here.
  func update(_ play: BGStatsPlay, with importer: RowImporter) throws -> ImportedPlay.Outcome? {
    guard
      let game = try store.database.fetchOne(
        "SELECT id, title FROM games WHERE id = ?1", [.text(play.id)], Game.init(row:))
    else { return nil }
    try importer.beginGame(id: play.id, title: play.title, kind: play.title)
    for seat in play.seats {
      try importer.insert(.players, [.text(seat.id), .text(seat.name), SQLValue(seat.team)])
    }
    let state = try store.state(of: game)
    guard let finish = state.outcome.finish,
      case .byHand(let winners, let places, let cooperative) = finish.how
    else {
      importer.summary.keptHere["gameEvents", default: 0] += 1
      return .keptHere
    }
    let deltas = play.seats.compactMap { seat -> (BGStatsPlay.Seat, Points)? in
      let delta = (seat.points ?? 0) - (state.outcome.totals[seat.id] ?? 0)
      return delta == 0 ? nil : (seat, delta)
    }
    guard
      !deltas.isEmpty || winners != play.winners || places != play.places
        || state.rules.counted != play.isCounted || (cooperative == false) != play.isDraw
    else {
      importer.summary.alreadyHere["gameEvents", default: 0] += 2
      importer.summary.alreadyHere["scoreEvents", default: 0] += play.seats.filter { $0.points != nil }.count
      return .alreadyHere
    }
    let time = try store.database.fetchOne(
      "SELECT time FROM gameEvents WHERE id = ?1", [.text(finish.change)]
    ) {
      SQLValue.text(try $0.text(0))
    }!
    let updates = try store.database.fetchOne(
      "SELECT count(*) FROM gameEvents WHERE gameID = ?1 AND kind = 'finish'", [.text(game.id)]
    ) { try $0.int(0) }!
    // Each row's values after its id, then the row with its id.
    func row(_ part: String, _ content: [SQLValue]) -> [SQLValue] {
      [.text(play.correctionID(updates, part, saying: content))] + content
    }
    try importer.insert(.gameEvents, row("0", BGStatsPlay.gameEvent("reopen", at: time)))
    for (index, (seat, delta)) in deltas.enumerated() {
      try importer.insert(
        .scoreEvents,
        row("1-" + String(1000 + index), BGStatsPlay.scoreEvent(seat.id, delta, at: time)))
    }
    if state.rules.counted != play.isCounted {
      try importer.insert(
        .gameEvents,
        row("2", BGStatsPlay.gameEvent("rules", at: time, counted: .integer(play.isCounted ? 1 : 0))))
    }
    try importer.insert(.gameEvents, row("3", play.finishEvent(at: time)))
    return .updated
  }
}

/// A play the import met that was here already, by id and title.
public struct ImportedPlay: Equatable, Sendable {
  public enum Outcome: Sendable {
    case alreadyHere, updated, keptHere
  }

  public var id: String
  public var title: String

  public init(id: String, title: String) {
    self.id = id
    self.title = title
  }
}
