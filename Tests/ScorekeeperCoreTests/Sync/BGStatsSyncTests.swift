import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A BG Stats collection imported on several devices (issue 45): what
/// each device makes of a play is a function of the play alone, so every
/// device ends with the same rows, even when two imported different
/// versions of a play before they synced.
@Suite struct BGStatsSyncTests {
  static let berlin = LocalTimeZone.fixed(minutesAheadOfUTC: 120, name: "Europe/Berlin")

  /// A backup of one Catan play, Ann's and Bob's scores as given; with
  /// `neighbour`, another play ending at the same minute, entered first.
  static func backup(ann: String, bob: String, neighbour: Bool = false) -> ImportSource {
    let play = { (uuid: String, scores: String, entry: String) in
      #"{"uuid": "\#(uuid)", "gameRefId": 1, "playDate": "2026-10-02 19:00:00", "entryDate": "\#(entry)", "durationMin": 30, "playerScores": [\#(scores)]}"#
    }
    var plays = [
      play(
        "f00d0001-0000-4000-8000-000000000000",
        #"{"playerRefId": 1, "score": "\#(ann)"}, {"playerRefId": 2, "score": "\#(bob)"}"#,
        "2026-10-02 22:00:00")
    ]
    if neighbour {
      plays.append(
        play(
          "f00d0000-0000-4000-8000-000000000000", #"{"playerRefId": 1, "score": "1"}"#, "2026-10-02 21:00:00")
      )
    }
    return ImportSource(
      bytes: Array(
        """
        {"games": [{"id": 1, "name": "Catan"}],
         "players": [{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bob"}],
         "plays": [\(plays.joined(separator: ", "))]}
        """.utf8))
  }

  func totals(_ device: TestDevice) throws -> [String] {
    try device.store.players(of: "f00d0001").map { "\($0.name) \($0.score)" }
  }

  @Test(
    "two devices importing different versions of a play, or one play among other neighbours, converge",
    arguments: CloudBacking.backends)
  func versionsConverge(backing: CloudBacking) throws {
    let world = try SyncScenario(devices: 2, backing: backing)
    // Offline, each device imports its own export: the second after Ann's
    // score was corrected in the app, and beside a play ending with it.
    _ = try world[0].store.transfer.importBGStats(
      from: Self.backup(ann: "10", bob: "7"), dryRun: false, timeZone: Self.berlin)
    _ = try world[1].store.transfer.importBGStats(
      from: Self.backup(ann: "12", bob: "7", neighbour: true), dryRun: false, timeZone: Self.berlin)
    let contents = try world.converge()
    #expect(try world[0].contents() == contents)
    // Both versions' changes are kept, as any two devices' are (Bob's,
    // the same in both, is one): Ann's total holds both until the next
    // import brings it to the file's.
    #expect(try totals(world[0]) == ["Ann 22", "Bob 7"])
    _ = try world[1].store.transfer.importBGStats(
      from: Self.backup(ann: "12", bob: "7", neighbour: true), dryRun: false, timeZone: Self.berlin)
    try world.converge()
    for device in [world[0], world[1]] {
      #expect(try totals(device) == ["Ann 12", "Bob 7"], "\(device.name)")
    }
    // The same file on the other device now adds nothing.
    let before = try world[0].contents()
    let summary = try world[0].store.transfer.importBGStats(
      from: Self.backup(ann: "12", bob: "7", neighbour: true), dryRun: false, timeZone: Self.berlin)
    #expect(summary.added.isEmpty && summary.updated.isEmpty)
    #expect(try world[0].contents() == before)
  }
}
