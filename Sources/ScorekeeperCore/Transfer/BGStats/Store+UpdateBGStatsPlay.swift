/// A play imported before, met again in a newer backup of the same
/// collection: people export again after editing plays.
extension Store {
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
  /// the play and the number of times it was brought up to date, so two
  /// devices importing the same file make the same rows, and the same
  /// file again changes nothing. A game reopened here since is left as
  /// it is here.
  func update(_ play: BGStatsPlay, with importer: RowImporter) throws -> ImportedPlay.Outcome? {
    guard
      let game = try database.fetchOne(
        "SELECT id, title FROM games WHERE id = ?1", [.text(play.id)], Game.init(row:))
    else { return nil }
    try importer.beginGame(id: play.id, title: play.title, kind: play.title)
    for seat in play.seats {
      try importer.insert(.players, [.text(seat.id), .text(seat.name), SQLValue(seat.team)])
    }
    let state = try state(of: game)
    guard let finish = state.outcome.finish, case .byHand(let winners, let places) = finish.how else {
      importer.summary.keptHere["gameEvents", default: 0] += 1
      return .keptHere
    }
    let deltas = play.seats.compactMap { seat -> (BGStatsPlay.Seat, Points)? in
      let delta = (seat.points ?? 0) - (state.outcome.totals[seat.id] ?? 0)
      return delta == 0 ? nil : (seat, delta)
    }
    guard
      !deltas.isEmpty || winners != play.winners || places != play.places
        || state.rules.counted != play.isCounted
    else {
      importer.summary.alreadyHere["gameEvents", default: 0] += 2
      importer.summary.alreadyHere["scoreEvents", default: 0] += play.seats.filter { $0.points != nil }.count
      return .alreadyHere
    }
    let time = try database.fetchOne("SELECT time FROM gameEvents WHERE id = ?1", [.text(finish.change)]) {
      SQLValue.text(try $0.text(0))
    }!
    let updates = try database.fetchOne(
      "SELECT count(*) FROM gameEvents WHERE gameID = ?1 AND kind = 'finish'", [.text(game.id)]
    ) { try $0.int(0) }!
    let id = { (part: String) in SQLValue.text(play.correctionID(updates, part)) }
    let device: SQLValue = .text("bgstats")
    try importer.insert(
      .gameEvents, [id("0"), time, device, .text("reopen")] + Array(repeating: .null, count: 7))
    for (index, (seat, delta)) in deltas.enumerated() {
      try importer.insert(
        .scoreEvents,
        [
          id("1-" + String(1000 + index)), .text(seat.id), .whole(delta), .thousandths(delta), time, device,
          .null,
          .null,
        ])
    }
    if state.rules.counted != play.isCounted {
      try importer.insert(
        .gameEvents,
        [id("2"), time, device, .text("rules")] + Array(repeating: .null, count: 6) + [
          .integer(play.isCounted ? 1 : 0)
        ])
    }
    try importer.insert(.gameEvents, [id("3"), time, device] + play.finishValues)
    return .updated
  }
}

extension BGStatsPlay {
  /// The id of a correction (`part`) of the `number`th update of this
  /// play: its first finish's id and a suffix, so that at the finish's
  /// time, ordered by id, it comes after that finish (and the updates
  /// before), and the reopening ("0"), the score changes ("1-…"), the
  /// rule change ("2") and the finish ("3") come in that order.
  func correctionID(_ number: Int, _ part: String) -> String {
    IDs.made(["bgstats", "finish", uuid]) + "-" + String(10000 + number).dropFirst() + "-" + part
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
