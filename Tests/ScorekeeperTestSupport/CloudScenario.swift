@_spi(Testing) import ScorekeeperCore

/// A small server state that exercises every line `cloud dump` can print:
/// an account status, every field type, a parent, a share with an
/// accepted and a pending participant, a tombstone and a deleted zone.
public enum CloudScenario {
  public static func populate(_ cloud: FileCloud) throws {
    let alice = cloud.container(for: "alice").privateDatabase
    let games = ZoneID(name: "games", ownerName: "alice")
    let old = ZoneID(name: "old", ownerName: "alice")
    _ = try alice.modifyRecordZones(saving: [games, old])
    _ = try alice.modifyRecordZones(deleting: [old])
    func id(_ name: String) -> RecordID { RecordID(name: name, zoneID: games) }
    var game = CloudRecord(
      id: id("0001:games"), type: "games", fields: ["title": .string("Poker night ♠️")],
      shareID: id("share-0001"))
    game["createdAt"] = .date(Timestamp(iso8601: "2026-01-01T12:00:00Z")!)
    let player = CloudRecord(
      id: id("0002:players"), type: "players",
      fields: [
        "name": .string("Ann"), "score": .int64(-3), "ratio": .double(0.25),
        "avatar": .asset(CloudAsset(bytes: [0x89, 0x50, 0x4e, 0x47])), "notes": .bytes(Array(0..<20)),
        "game": .reference(game.id),
      ], parent: game.id)
    let gone = CloudRecord(id: id("0003:players"), type: "players", parent: game.id)
    let share = CloudRecord.share(
      id: id("share-0001"), publicPermission: .none,
      participants: [
        ShareParticipant(userName: "carol", permission: .readOnly),
        ShareParticipant(userName: "bob", permission: .readWrite),
      ])
    try check(try alice.modifyRecords(saving: [game, player, gone, share]))
    try check(try alice.modifyRecords(deleting: [gone.id]))
    let bob = cloud.container(for: "bob")
    _ = try bob.acceptShare(try bob.shareMetadata(for: try alice.record(for: share.id).sharing!.link!))
    try cloud.setAccountStatus(.restricted, for: "dave")
  }

  private static func check(_ result: ModifyRecordsResult) throws {
    for outcome in result.saveResults.values { _ = try outcome.get() }
    for outcome in result.deleteResults.values { _ = try outcome.get() }
  }

  /// What `cloud dump` prints for the scenario, with the clock at
  /// `2026-01-02T03:04:05.678Z` and sequential share links.
  public static let dump = """
    change sequence at 10
    account dave: restricted
    zone "games" owned by alice (incarnation 1, changed at 10)
      record "0001:games" (games), tag 4, modified 2026-01-02T03:04:05.678Z
        share "share-0001"
        createdAt: date 2026-01-01T12:00:00.000Z
        title: string "Poker night ♠️"
      record "0002:players" (players), tag 5, modified 2026-01-02T03:04:05.678Z
        parent "0001:games"
        avatar: asset 4 bytes, sha256 0f4636c78f65…
        game: reference "0001:games"
        name: string "Ann"
        notes: bytes 20 (000102030405060708090a0b0c0d0e0f…)
        ratio: double 0.25
        score: int64 -3
      record "share-0001" (cloudkit.share), tag 10, modified 2026-01-02T03:04:05.678Z
        link https://share.scorekeeper.invalid/00000000000000000000000000000001
        public permission: none
        participant bob: read-write, accepted
        participant carol: read-only, pending
      deleted "0003:players" (players) at 8
    deleted zone "old" owned by alice at 3

    """
}
