import Foundation
import ScorekeeperTestSupport
import Synchronization
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// The live change feeds under concurrent writers: a reader's token must
/// never pass a change that commits later (the trap of a sequence or a
/// clock as a cursor). Writers save into four zones, each save in a
/// transaction held open a few milliseconds before it commits (a slow
/// client, a far server), while readers follow the database feed and each
/// zone it reports, as the sync engine does. Once the writers stop, one
/// more round must leave every reader with every record.
@Suite(.tags(.postgres), .runAsTagged) struct ChangeFeedConcurrencyTests {
  static let zones = ["a", "b", "c", "d", "e", "f", "g", "h"].map { ZoneID(name: $0, ownerName: "alice") }
  static let writers = 4
  static let savesPerWriter = 24
  static let readers = 2

  @Test func noReaderMissesAChange() throws {
    let server = try TestCloud(.postgres)
    _ = try server.container("alice").privateDatabase.modifyRecordZones(saving: Self.zones)
    let connectionString = try server.connectionString(for: "alice")
    let writing = Atomic<Int>(Self.writers)
    let failures = Mutex<[String]>([])
    let seen = Mutex(Array(repeating: Set<String>(), count: Self.readers))

    // Threads of their own, all at once (a dispatch queue would run them
    // a core's worth at a time, readers after writers).
    let done = DispatchGroup()
    for index in 0..<(Self.writers + Self.readers) {
      done.enter()
      Thread {
        defer { done.leave() }
        do {
          if index < Self.writers {
            defer { writing.subtract(1, ordering: .sequentiallyConsistent) }
            try Self.write(as: index, connectionString: connectionString)
          } else {
            let cloud = LiveCloud(connectionString: connectionString)
            var follower = FeedFollower(database: try cloud.container().privateDatabase)
            while writing.load(ordering: .sequentiallyConsistent) > 0 { try follower.catchUp() }
            try follower.catchUp()  // everything is committed now
            seen.withLock { $0[index - Self.writers] = follower.names }
          }
        } catch {
          failures.withLock { $0.append("\(index): \(error)") }
        }
      }.start()
    }
    done.wait()
    #expect(failures.withLock { $0 } == [])
    let written = Set(
      (0..<Self.writers).flatMap { writer in (0..<Self.savesPerWriter).map { "w\(writer)-\($0)" } })
    for names in seen.withLock({ $0 }) {
      #expect(written.subtracting(names).sorted() == [])
      #expect(names.count == written.count)
    }
  }

  /// One writer's saves, round the zones, each committed after a pause.
  private static func write(as writer: Int, connectionString: String) throws {
    let connection = try PGConnection(connectionString)
    for number in 0..<savesPerWriter {
      let record = CloudRecord(
        id: RecordID(name: "w\(writer)-\(number)", zoneID: zones[(number + writer) % zones.count]),
        type: "items")
      try connection.query("BEGIN")
      let answer = try connection.query(
        "SELECT scorekeeper.modify_records('private', $1, '[]', true, true)",
        [JSON.array([LiveRecordCoding.json(record)]).compactText]
      ).scalar
      try #require(answer?.contains("\"saved\"") == true, "\(answer ?? "NULL")")
      try connection.query("SELECT pg_sleep($1)", [String(Double(number % 4) * 0.004)])
      try connection.query("COMMIT")
    }
  }
}

/// A reader as the sync engine is one: database changes since its token,
/// then each reported zone's changes since that zone's token.
private struct FeedFollower {
  let database: any CloudDatabase
  var databaseToken: ChangeToken?
  var zoneTokens: [ZoneID: ChangeToken] = [:]
  var names: Set<String> = []

  init(database: any CloudDatabase) {
    self.database = database
  }

  mutating func catchUp() throws {
    let changes = try database.databaseChanges(since: databaseToken)
    for zone in changes.changedZones {
      var more = true
      while more {
        let page = try database.zoneChanges(in: zone, since: zoneTokens[zone])
        names.formUnion(page.changed.map(\.id.name))
        zoneTokens[zone] = page.token
        more = page.moreComing
      }
    }
    databaseToken = changes.token
  }
}
