import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore

/// The send loop's three parts alone: the ledger that decides when a send
/// ends and with what error, the plan's batch size, and the planning of
/// batches from what is pending.
@Suite struct SendLedgerTests {
  let games = ZoneID(name: "games", ownerName: "alice")
  let poker = ZoneID(name: "poker", ownerName: "bob")

  func refusal(_ name: String, in zone: ZoneID) -> BatchOutcome {
    BatchOutcome(refused: [name: .init(zone: zone, message: "\(name): refused")])
  }

  @Test("a refusal fetches its zone once; refused again there, it is malformed, and no later batch takes it")
  func refusedTwice() throws {
    var ledger = SendLedger()
    #expect(ledger.take(refusal("r1", in: games)) == [games])
    #expect(ledger.refused == [])
    // Another record of the same zone, refused after the fetch: malformed at once.
    #expect(ledger.take(refusal("r2", in: games)) == [])
    #expect(ledger.refused == ["r2"])
    #expect(ledger.take(refusal("r1", in: games)) == [])
    #expect(ledger.refused == ["r1", "r2"])
    #expect(
      try ledger.verdict(user: "alice", pending: { 7 })
        == .notConverging(pending: 7, lastError: "r1: refused"))
  }

  @Test("the zones an outcome asks for are fetched with the first refusals', by name")
  func zonesToFetch() {
    var ledger = SendLedger()
    var outcome = refusal("r1", in: poker)
    outcome.zonesToFetch = [games]
    #expect(ledger.take(outcome) == [games, poker])
    #expect(ledger.refetchedZones == [poker])
  }

  @Test("three rounds in a row without progress end the send; a round with progress starts the count again")
  func roundsWithoutProgress() throws {
    var ledger = SendLedger()
    for changed in [false, false, true, false, false] {
      ledger.endRound(changedAnything: changed)
      #expect(!ledger.isStuck)
    }
    #expect(
      try ledger.verdict(
        user: "alice",
        pending: {
          Issue.record("not asked"); return 0
        }) == nil)
    ledger.endRound(changedAnything: false)
    #expect(ledger.isStuck)
    #expect(
      try ledger.verdict(user: "alice", pending: { 3 })
        == .notConverging(pending: 3, lastError: "three rounds in a row left every change as it was"))
  }

  @Test("refusals for want of room are kept out of later batches and end the send naming the owners")
  func overQuota() throws {
    var ledger = SendLedger()
    #expect(ledger.take(BatchOutcome(overQuota: ["p1": "bob", "p2": "alice"])) == [])
    #expect(ledger.take(BatchOutcome(overQuota: ["p3": "bob"])) == [])
    #expect(ledger.refused == ["p1", "p2", "p3"])
    #expect(
      try ledger.verdict(
        user: "carol",
        pending: {
          Issue.record("not asked"); return 0
        })
        == .overQuota(owners: ["alice", "bob"], user: "carol", refused: 3))
    // A malformed change comes first, then room, then a stuck send.
    _ = ledger.take(refusal("r1", in: games))
    _ = ledger.take(refusal("r1", in: games))
    for _ in 0..<3 { ledger.endRound(changedAnything: false) }
    #expect(
      try ledger.verdict(user: "carol", pending: { 4 })
        == .notConverging(pending: 4, lastError: "r1: refused"))
  }

  @Test("a call too big is made at most the cloud's limit and half the size, never below one, read again")
  func shrink() {
    var plan = SendPlan(batchSize: 400)
    plan.window = [
      SyncRecordState(
        recordName: "g1:games", table: .games, rowID: "g1", zoneName: "game-g1", ownerName: "",
        parentRecordName: nil, serverChangeTag: nil, state: .pendingSave, changeCount: 1)
    ]
    plan.shrink(toAtMost: 300)
    #expect(plan.batchSize == 200)
    // What was read for the old size is read again for the new.
    #expect(plan.window == [])
    plan.shrink(toAtMost: 50)
    #expect(plan.batchSize == 50)
    for _ in 0..<6 { plan.shrink(toAtMost: 50) }
    #expect(plan.batchSize == 1)
    #expect(!plan.canShrink)
  }

  @Test("planning cuts what is pending into batches of the plan's size, each record once, parents first")
  func planning() throws {
    let device = try TestDevice(1, cloud: try TestCloud(), clock: ManualClock())
    _ = try device.store.addGame(title: "Poker")
    for name in ["Ann", "Bob", "Cy"] { _ = try device.store.addPlayer(to: "Poker", name: name, score: 1) }
    let engine = device.engine()
    let pending = try engine.pendingCount()
    var plan = SendPlan(batchSize: 2)
    var taken: [[String]] = []
    for _ in 0..<10 {
      guard let batch = try engine.nextBatch(of: &plan, skipping: Set(taken.joined()), makingZones: false)
      else { break }
      taken.append(batch.saves.map(\.id.name))
      #expect(batch.deletes.isEmpty)
      #expect(batch.sent.count == batch.saves.count)
    }
    // Each record once, at most two a batch, parents first: the game,
    // its players, their score events (ids from the device's counter).
    func id(_ number: Int, _ table: String) -> String {
      "00000000-0000-0000-0000-00010000000\(number):\(table)"
    }
    #expect(
      taken == [
        [id(1, "games"), id(2, "players")], [id(4, "players"), id(6, "players")],
        [id(3, "scoreEvents"), id(5, "scoreEvents")], [id(7, "scoreEvents")],
      ])
    #expect(taken.joined().count == pending)
  }
}
