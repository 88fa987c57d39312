import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// A live server works while the client does: a call the caller says
/// comes next is sent without waiting, and that call takes its answer.
/// Nothing else changes: the answers, the rows, the number of statements.
@Suite(.tags(.postgres), .runAsTagged) struct SendAheadTests {
  let cloud: TestCloud
  let zone = ZoneID(name: "games", ownerName: "alice")

  init() throws {
    cloud = try TestCloud(.postgres)
  }

  /// A cloud of its own for alice, connected, with her zone made.
  func connectedCloud() throws -> LiveCloud {
    let live = LiveCloud(connectionString: try cloud.connectionString(for: "alice"))
    _ = try live.container().privateDatabase.modifyRecordZones(saving: [zone])
    return live
  }

  func record(_ name: String) -> CloudRecord {
    CloudRecord(id: RecordID(name: name, zoneID: zone), type: "items", fields: ["n": .string(name)])
  }

  @Test("the call sent ahead takes its answer: one statement, the same result [postgres]")
  func callTakesTheAnswer() throws {
    let live = try connectedCloud()
    let database = try live.container().privateDatabase
    let before = live.statementsSent
    database.willModifyRecords(
      saving: [record("a")], deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
    let result = try database.modifyRecords(
      saving: [record("a")], deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
    #expect(live.statementsSent == before + 1)
    #expect(live.answersTakenAhead == 1)
    let saved = try #require(try result.saveResults[record("a").id]?.get())
    #expect(saved == (try database.record(for: record("a").id)))
  }

  @Test("another call first drops the answer sent ahead; the call itself then goes again [postgres]")
  func anotherCallFirst() throws {
    let live = try connectedCloud()
    let database = try live.container().privateDatabase
    database.willFetchZoneChanges(in: zone, since: nil, limit: 400)
    _ = try database.modifyRecords(
      saving: [record("b")], deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
    let changes = try database.zoneChanges(in: zone, since: nil, limit: 400)
    #expect(changes.changed.map(\.id.name) == ["b"], "asked again after the save, it sees it")
    #expect(live.answersTakenAhead == 0)
  }

  func modify(_ database: any CloudDatabase, _ records: [CloudRecord]) throws -> ModifyRecordsResult {
    try database.modifyRecords(
      saving: records, deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
  }

  func sendAhead(_ database: any CloudDatabase, _ records: [CloudRecord]) {
    database.willModifyRecords(
      saving: records, deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
  }

  @Test(
    "a call said while another is out goes out the moment that one is answered, before its answer is read, and takes its own answer [postgres]"
  )
  func queuedCall() throws {
    let live = try connectedCloud()
    let database = try live.container().privateDatabase
    let before = live.statementsSent
    sendAhead(database, [record("c")])
    sendAhead(database, [record("d")])
    #expect(live.statementsSent == before + 1, "d waits for c's answer")
    let first = try modify(database, [record("c")])
    #expect(live.statementsSent == before + 2, "d went out as c's answer came")
    let second = try modify(database, [record("d")])
    #expect(live.statementsSent == before + 2)
    #expect((live.answersTakenAhead, live.queuedCallsSent) == (2, 1))
    for (result, name) in [(first, "c"), (second, "d")] {
      let saved = try #require(try result.saveResults[record(name).id]?.get())
      #expect(saved == (try database.record(for: record(name).id)))
    }
  }

  @Test("a call queued behind one the server refuses as a whole is not sent; made, it goes itself [postgres]")
  func queuedBehindARefusal() throws {
    let live = try connectedCloud()
    let database = try live.container().privateDatabase
    let tooMany = (0...400).map { record("many \($0)") }
    let before = live.statementsSent
    sendAhead(database, tooMany)
    sendAhead(database, [record("e")])
    #expect(throws: CloudError.limitExceeded(count: 401, limit: 400)) { try modify(database, tooMany) }
    #expect(live.statementsSent == before + 1)
    let result = try modify(database, [record("e")])
    #expect((live.statementsSent, live.answersTakenAhead, live.queuedCallsSent) == (before + 2, 1, 0))
    let saved = try #require(try result.saveResults[record("e").id]?.get())
    #expect(saved == (try database.record(for: record("e").id)))
    let changes = try database.zoneChanges(in: zone, since: nil, limit: 400)
    #expect(changes.changed.map(\.id.name) == ["e"])
  }

  @Test("nothing is sent ahead before a connection is open [postgres]")
  func notConnected() throws {
    let live = LiveCloud(connectionString: try cloud.connectionString(for: "alice"))
    let database = try live.container().privateDatabase
    database.willFetchZoneChanges(in: zone, since: nil, limit: 400)
    #expect(live.statementsSent == 0)
    #expect(throws: CloudError.zoneNotFound(zone)) {
      try database.zoneChanges(in: zone, since: nil, limit: 400)
    }
    #expect(live.answersTakenAhead == 0)
  }

  @Test(
    "a bulk send takes every batch, and a fetch every page after the first, from a call sent ahead [postgres]"
  )
  func bulkSyncSendsAhead() throws {
    let world = try SyncScenario(devices: 2, backing: .postgres)
    try world[0].store.fillMarathon()
    var engines: [(SyncEngine, LiveCloud)] = []
    for device in [world[0], world[1]] {
      let live = LiveCloud(connectionString: try world.cloud.connectionString(for: device.user))
      let engine = SyncEngine(
        store: device.store, container: try live.container(), cloudLocation: world.cloud.location,
        timing: .virtual(budget: 30))
      engines.append((engine, live))
    }
    #expect(try engines[0].0.send().counts == SyncReport.counts(sent: 1011))
    #expect(engines[0].1.answersTakenAhead == 3)
    #expect(engines[0].1.queuedCallsSent == 2, "each sent as the one before was answered")
    #expect(try engines[1].0.fetch().counts == SyncReport.counts(received: 1011))
    #expect(engines[1].1.answersTakenAhead == 2)
    #expect(try world[1].contents() == world[0].contents())
  }
}
