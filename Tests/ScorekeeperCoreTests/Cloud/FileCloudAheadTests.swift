import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// The mock works while its caller does, by the live cloud's rules
/// (`SendAheadTests`): a call said to come next runs on a thread of its
/// own, and the same call takes its answer. Nothing else changes: the
/// answers and the records are what the calls made in turn would give.
@Suite struct FileCloudAheadTests {
  let cloud = try! FileCloud(clock: .constant(testNow))
  let zone = ZoneID(name: "games", ownerName: "alice")
  var database: any CloudDatabase { cloud.container(for: "alice").privateDatabase }

  init() throws {
    _ = try database.modifyRecordZones(saving: [zone])
  }

  func record(_ name: String) -> CloudRecord {
    CloudRecord(id: RecordID(name: name, zoneID: zone), type: "items", fields: ["n": .string(name)])
  }

  func modify(_ records: [CloudRecord]) throws -> ModifyRecordsResult {
    try database.modifyRecords(
      saving: records, deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
  }

  func sendAhead(_ records: [CloudRecord]) {
    database.willModifyRecords(
      saving: records, deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
  }

  /// Each record saved as `result` says, and stored as it says.
  func expectSaved(_ result: ModifyRecordsResult, _ names: [String]) throws {
    #expect(result.saveResults.count == names.count)
    for name in names {
      let saved = try #require(try result.saveResults[record(name).id]?.get())
      #expect(saved == (try database.record(for: record(name).id)))
      #expect(saved.fields == record(name).fields)
    }
  }

  @Test("the call said ahead takes its answer, the same a call made then would get")
  func callTakesTheAnswer() throws {
    sendAhead([record("a")])
    let result = try modify([record("a")])
    #expect(cloud.callsAhead == (answersTaken: 1, queuedCallsStarted: 0))
    try expectSaved(result, ["a"])
  }

  @Test("another call first drops the answer said ahead; the call itself then goes again")
  func anotherCallFirst() throws {
    database.willFetchZoneChanges(in: zone, since: nil, limit: 400)
    try expectSaved(try modify([record("b")]), ["b"])
    let changes = try database.zoneChanges(in: zone, since: nil, limit: 400)
    #expect(changes.changed.map(\.id.name) == ["b"], "asked again after the save, it sees it")
    #expect(cloud.callsAhead == (answersTaken: 0, queuedCallsStarted: 0))
  }

  @Test("another user's call waits for the one out, whose work stays done: made again, it meets it")
  func anotherUsersCallFirst() throws {
    sendAhead([record("c")])
    #expect(try cloud.container(for: "bob").accountStatus() == .available)
    let again = try modify([record("c")])
    #expect(again.saveResults.count == 1)
    #expect(throws: CloudRefusal.recordExists(record("c").id).error) {
      try again.saveResults[record("c").id]?.get()
    }
    #expect(try database.record(for: record("c").id).fields == record("c").fields)
    #expect(cloud.callsAhead == (answersTaken: 0, queuedCallsStarted: 0))
  }

  @Test("a call said while another is out starts as that one's answer is taken, and takes its own answer")
  func queuedCall() throws {
    sendAhead([record("d")])
    sendAhead([record("e")])
    let first = try modify([record("d")])
    #expect(cloud.callsAhead == (answersTaken: 1, queuedCallsStarted: 1), "e started as d's answer was taken")
    let second = try modify([record("e")])
    #expect(cloud.callsAhead == (answersTaken: 2, queuedCallsStarted: 1))
    try expectSaved(first, ["d"])
    try expectSaved(second, ["e"])
  }

  @Test("a call queued behind one refused as a whole is not started; made, it goes itself")
  func queuedBehindARefusal() throws {
    let tooMany = (0...400).map { record("many \($0)") }
    sendAhead(tooMany)
    sendAhead([record("f")])
    #expect(throws: CloudError.limitExceeded(count: 401, limit: 400)) { try modify(tooMany) }
    #expect(cloud.callsAhead == (answersTaken: 1, queuedCallsStarted: 0))
    try expectSaved(try modify([record("f")]), ["f"])
    let changes = try database.zoneChanges(in: zone, since: nil, limit: 400)
    #expect(changes.changed.map(\.id.name) == ["f"])
  }

  @Test("with a fault waiting, nothing is said ahead: the fault meets the call itself")
  func faultsComeFirst() throws {
    let faults = CloudFaults([CloudFault(.serverBusy, on: .modifyRecords)])
    let faulty = FaultInjectingContainer(cloud.container(for: "alice"), faults: faults).privateDatabase
    faulty.willModifyRecords(
      saving: [record("g")], deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
    #expect(throws: CloudError.serverBusy) {
      try faulty.modifyRecords(
        saving: [record("g")], deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
    }
    #expect(try database.zoneChanges(in: zone, since: nil, limit: 400).changed == [])
    #expect(cloud.callsAhead == (answersTaken: 0, queuedCallsStarted: 0))
  }

  @Test("a bulk send takes every batch, and a fetch every page after the first, from a call said ahead")
  func bulkSyncSaysAhead() throws {
    let world = try SyncScenario(devices: 2)
    try world[0].store.fillMarathon()
    let mock = try #require(world.cloud.mock)
    #expect(try world[0].send().counts == SyncReport.counts(sent: 1011))
    #expect(
      mock.callsAhead == (answersTaken: 3, queuedCallsStarted: 2), "each started as the one before was taken")
    #expect(try world[1].fetch().counts == SyncReport.counts(received: 1011))
    #expect(mock.callsAhead == (answersTaken: 5, queuedCallsStarted: 2))
    #expect(try world[1].contents() == world[0].contents())
  }
}
