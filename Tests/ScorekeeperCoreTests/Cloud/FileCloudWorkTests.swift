import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// What the mock cloud's calls cost, counted in the statements its own
/// connection runs (the same on every run) rather than timed.
@Suite struct FileCloudWorkTests {
  let cloud = try! FileCloud(clock: .constant(testNow))
  let zone = ZoneID(name: "games", ownerName: "alice")
  var database: any CloudDatabase { cloud.container(for: "alice").privateDatabase }

  /// A zone of a game and `count` players under it, each with fields.
  func fill(players count: Int) throws {
    _ = try database.modifyRecordZones(saving: [zone])
    let game = RecordID(name: "game", zoneID: zone)
    var records = [CloudRecord(id: game, type: "games", fields: ["title": .string("Marathon")])]
    for number in 1...count {
      records.append(
        CloudRecord(
          id: RecordID(name: "player\(number)", zoneID: zone), type: "players",
          fields: ["name": .string("Player \(number)"), "score": .int64(Int64(number))], parent: game))
    }
    for batch in stride(from: 0, to: records.count, by: FileCloud.itemLimit) {
      let saves = Array(records[batch..<min(batch + FileCloud.itemLimit, records.count)])
      let result = try database.modifyRecords(saving: saves)
      #expect(result.saveResults.values.allSatisfy { (try? $0.get()) != nil })
    }
  }

  /// Score events numbered `range`, under `fill`'s first player.
  func events(_ range: ClosedRange<Int>) -> [CloudRecord] {
    range.map { number in
      CloudRecord(
        id: RecordID(name: "event\(number)", zoneID: zone), type: "scoreEvents",
        fields: ["delta": .int64(1)], parent: RecordID(name: "player1", zoneID: zone))
    }
  }

  /// The statements the server's connection ran during `body`.
  func statements<T>(_ body: () throws -> T) throws -> (result: T, count: Int) {
    let (result, texts) = try statementTexts(body)
    return (result, texts.count)
  }

  /// The text of each statement the server's connection ran during `body`.
  func statementTexts<T>(_ body: () throws -> T) throws -> (result: T, texts: [String]) {
    let texts = Texts()
    try cloud.withDatabase { $0.db.trace { texts.value.append($0) } }
    defer { try? cloud.withDatabase { $0.db.trace(nil) } }
    return (try body(), texts.value)
  }

  @Test("a page of changes is read in the same statements whether it holds 10 records or 300, each whole")
  func pageReadWhole() throws {
    try fill(players: 299)
    let small = try statements { try database.zoneChanges(in: zone, since: nil, limit: 10) }
    let large = try statements { try database.zoneChanges(in: zone, since: nil, limit: 300) }
    #expect(small.result.changed.count == 10 && large.result.changed.count == 300)
    #expect(small.count == large.count, "\(small.count) statements for 10 records, \(large.count) for 300")
    // Whole: what reading each record by its name gives, in the order
    // they changed.
    let ids = large.result.changed.map(\.id)
    let byName = try database.records(for: ids)
    expectNoDifference(large.result.changed, try ids.map { try byName[$0]!.get() })
    #expect(ids.first?.name == "game" && ids.last?.name == "player299")
    #expect(large.result.changed.last?.fields == ["name": .string("Player 299"), "score": .int64(299)])
  }

  @Test(
    "saving new score events under one player reads the player and its game once a call, and no event's header"
  )
  func savesReadParentsOnce() throws {
    try fill(players: 1)
    let ten = try statements { try database.modifyRecords(saving: events(1...10)) }
    let hundred = try statements { try database.modifyRecords(saving: events(11...110)) }
    for call in [ten.result, hundred.result] {
      #expect(call.saveResults.values.allSatisfy { (try? $0.get()) != nil })
    }
    // Each event: its row (its fields packed in it), saved as new without
    // looking for a stored one first. Once a call: the player's and
    // game's headers, the change numbers, whether the zone has tombstones
    // (none: no event's is looked for).
    #expect((hundred.count - ten.count) == 90, "\(ten.count) statements for 10, \(hundred.count) for 100")
  }

  @Test(
    "only an atomic call keeps a copy of each page its saves change, to undo them: it alone opens a savepoint"
  )
  func savepointOnlyWhenAtomic() throws {
    try fill(players: 1)
    // A savepoint's journal holds the first copy of every page changed
    // after it; past 127 KiB it is a file, written page by page. A sync
    // sends with atomically false, and never needs the copies.
    let loose = try statementTexts {
      try database.modifyRecords(
        saving: events(1...50), deleting: [], savePolicy: .ifServerRecordUnchanged, atomically: false)
    }
    let atomic = try statementTexts { try database.modifyRecords(saving: events(51...100), atomically: true) }
    for call in [loose.result, atomic.result] {
      #expect(call.saveResults.count == 50 && call.saveResults.values.allSatisfy { (try? $0.get()) != nil })
    }
    let savepoints = { (texts: [String]) in
      texts.filter { $0.hasPrefix("SAVEPOINT") || $0.hasPrefix("RELEASE") }
    }
    #expect(savepoints(loose.texts) == [])
    #expect(savepoints(atomic.texts) == ["SAVEPOINT zone", "RELEASE zone"])
  }
}

private final class Texts { var value: [String] = [] }
