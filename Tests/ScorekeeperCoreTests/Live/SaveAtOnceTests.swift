import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// The live server saves a zone's records with a few set-based statements
/// when nothing about them needs a check one by one (`save_zone_at_once`).
/// Seeded random calls go to two servers, one forced to save one by one
/// (`scorekeeper.one_by_one`), and must get the same answers and leave
/// the same rows: the set-based way is an optimization, not a second set
/// of rules. Calls mix what it takes (new roots and children, children of
/// records saved earlier in the call, updates with the right tag, records
/// under a shared root) with what it must leave to save_record (stale
/// tags, moved parents, share records).
@Suite(.tags(.postgres), .runAsTagged) struct SaveAtOnceTests {
  static let seeds: [UInt64] = Array(1...12)
  static let callsPerSeed = 14

  @Test("saving at once answers and stores what saving one by one does [postgres]", arguments: seeds)
  func sameAsOneByOne(seed: UInt64) throws {
    let atOnce = try Server(oneByOne: false)
    let oneByOne = try Server(oneByOne: true)
    var world = World(seed: seed)
    var answeredAtOnce = 0
    for _ in 0..<Self.callsPerSeed {
      let call = world.nextCall()
      let first = try atOnce.modify(call.saves, call, tags: world.tags[0])
      let second = try oneByOne.modify(call.saves, call, tags: world.tags[1])
      #expect(!second.text.contains("\"saved\""), "the forced server saved one by one")
      if first.text.contains("\"saved\"") { answeredAtOnce += 1 }
      #expect(Normalized(first.result) == Normalized(second.result))
      // The records saved and the parents given new tags, in the feed.
      #expect(try atOnce.changedSinceLastCall() == oneByOne.changedSinceLastCall())
      world.learn(from: first.result, and: second.result)
    }
    #expect(answeredAtOnce >= Self.callsPerSeed / 2, "most calls took the set-based way")
    #expect(try atOnce.rows() == oneByOne.rows())
  }

  @Test("the first save into a new server gives its records table statistics [postgres]")
  func firstSaveAnalyzes() throws {
    let cloud = try TestCloud(.postgres)
    let admin = try PGConnection(cloud.adminLocation)
    // Without any, the planner scans a zone for every key lookup (see
    // ensure_statistics); autovacuum would take a minute or more.
    let statistics =
      "SELECT c.reltuples >= 0, (SELECT count(*) FROM pg_stats AS s WHERE s.schemaname = 'scorekeeper' "
      + "AND s.tablename = 'records') > 0 FROM pg_class AS c WHERE c.oid = 'scorekeeper.records'::regclass"
    #expect(try admin.query(statistics).rows == [["f", "f"]])
    let database = cloud.container("alice").privateDatabase
    let zone = World.zones[0]
    _ = try database.modifyRecordZones(saving: [zone])
    _ = try database.modifyRecords(saving: [CloudRecord(id: RecordID(name: "r", zoneID: zone), type: "items")]
    )
    #expect(try admin.query(statistics).rows == [["t", "t"]])
  }

  /// One live database of alice's, through a raw connection (to see which
  /// way each call took), with two zones.
  final class Server {
    let cloud: TestCloud
    let connection: PGConnection
    var tokens: [ZoneID: ChangeToken] = [:]

    init(oneByOne: Bool) throws {
      cloud = try TestCloud(.postgres)
      let options = oneByOne ? " options='-c scorekeeper.one_by_one=on'" : ""
      connection = try PGConnection(try cloud.connectionString(for: "alice") + options)
      _ = try cloud.container("alice").privateDatabase.modifyRecordZones(saving: World.zones)
    }

    /// Sends the call with this server's tags where it says "current".
    func modify(_ saves: [CloudRecord], _ call: World.Call, tags: [RecordID: String]) throws
      -> (text: String, result: ModifyRecordsResult)
    {
      let saves = saves.map { record in
        var record = record
        if record.changeTag == World.currentTag { record.changeTag = tags[record.id] }
        return record
      }
      let text =
        try connection.query(
          "SELECT scorekeeper.modify_records('private', $1, $2, $3, $4)",
          [
            JSON.array(saves.map(LiveRecordCoding.json)).compactText,
            JSON.array(call.deletes.map(LiveRecordCoding.json)).compactText,
            call.ifUnchanged ? "true" : "false",
            call.atomic ? "true" : "false",
          ]
        ).scalar ?? "NULL"
      return (text, try LiveCloudDatabase.modifyResult(from: try JSON.parse(text), sent: saves))
    }

    /// Each zone's feed since the last time asked: the names it reports.
    func changedSinceLastCall() throws -> [ZoneID: [Set<String>]] {
      var changed: [ZoneID: [Set<String>]] = [:]
      for zone in World.zones {
        let page = try cloud.container("alice").privateDatabase.zoneChanges(
          in: zone, since: tokens[zone], limit: 400)
        changed[zone] = [Set(page.changed.map(\.id.name)), Set(page.deleted.map(\.id.name))]
        tokens[zone] = page.token
      }
      return changed
    }

    /// Every stored row, without what differs by design: tags, times and
    /// change numbers (one by one, each bump of a parent takes one).
    func rows() throws -> [String] {
      try connection.query(
        """
        SELECT concat_ws(' ', 'record', r.zone, r.name, r.type, r.parent, r.share, r.covering_share, r.fields)
        FROM scorekeeper.records AS r
        UNION ALL SELECT concat_ws(' ', 'share', s.zone, s.name, s.link, s.public_permission)
        FROM scorekeeper.shares AS s
        UNION ALL SELECT concat_ws(' ', 'tombstone', t.zone, t.name, t.type) FROM scorekeeper.tombstones AS t
        ORDER BY 1
        """
      ).rows.map { $0[0] ?? "NULL" }
    }
  }

  /// What a call's answers say, without tags and times.
  struct Normalized: Equatable {
    enum Outcome: Equatable {
      case saved(CloudRecord)
      case conflict(server: CloudRecord)
      case refused(String)
    }

    let saves: [RecordID: Outcome]
    let deletes: [RecordID: String]

    init(_ result: ModifyRecordsResult) {
      deletes = result.deleteResults.mapValues { outcome in
        switch outcome {
        case .success: "deleted"
        case .failure(let error): "\(error)"
        }
      }
      saves = result.saveResults.mapValues { outcome in
        switch outcome {
        case .success(let record): .saved(Self.untagged(record))
        case .failure(.serverRecordChanged(let server, _)): .conflict(server: Self.untagged(server))
        case .failure(let error): .refused("\(error)")
        }
      }
    }

    static func untagged(_ record: CloudRecord) -> CloudRecord {
      var record = record
      record.changeTag = nil
      record.modifiedAt = nil
      return record
    }
  }

  /// The random calls, and what the servers hold after each (their tags
  /// differ: each server hands out its own).
  struct World {
    static let zones = [ZoneID(name: "z1", ownerName: "alice"), ZoneID(name: "z2", ownerName: "alice")]

    struct Call {
      var saves: [CloudRecord] = []
      var deletes: [RecordID] = []
      var ifUnchanged = true
      var atomic = false
    }

    /// Stands for the tag the server gave the record last.
    static let currentTag = "(current)"

    var random: SplitMix64
    /// Stored records, as saved (without tags)…
    var stored: [RecordID: CloudRecord] = [:]
    /// … and the tags each server gave them.
    var tags: [[RecordID: String]] = [[:], [:]]
    var shares: [ZoneID: RecordID] = [:]
    /// Records deleted, whose names a new record may take again.
    var deleted: [RecordID] = []
    var made = 0

    init(seed: UInt64) {
      random = SplitMix64(seed: seed)
    }

    mutating func nextCall() -> Call {
      var call = Call()
      call.ifUnchanged = Int.random(in: 0..<10, using: &random) > 0
      call.atomic = Int.random(in: 0..<6, using: &random) == 0
      var saving: Set<RecordID> = []
      for _ in 0..<Int.random(in: 1...25, using: &random) {
        let zone = Self.zones.randomElement(using: &random)!
        let roll = Int.random(in: 0..<100, using: &random)
        // In a fixed order: a dictionary's differs from run to run.
        let inZone = stored.values.filter { $0.id.zoneID == zone && !$0.isShare && !saving.contains($0.id) }
          .sorted { $0.id < $1.id }
        let parents =
          inZone.map(\.id) + call.saves.filter { $0.id.zoneID == zone && !$0.isShare }.map(\.id)
        var record: CloudRecord
        if roll < 5,
          let leaf = inZone.first(where: { record in !stored.values.contains { $0.parent == record.id } })
        {
          call.deletes.append(leaf.id)
          saving.insert(leaf.id)
          continue
        } else if roll < 10, let name = deleted.first(where: { $0.zoneID == zone && !saving.contains($0) }) {
          record = CloudRecord(id: name, type: "games", fields: ["title": .string("Again")])
        } else if roll < 25 || parents.isEmpty {
          record = newRecord(in: zone, type: "games", parent: nil)
          if let share = shares[zone], Bool.random(using: &random) { record.shareID = share }
        } else if roll < 65 {
          record = newRecord(in: zone, type: "players", parent: parents.randomElement(using: &random)!)
        } else if roll < 95, let existing = inZone.randomElement(using: &random) {
          record = existing
          record.changeTag = Self.currentTag
          record.fields["score"] = .int64(Int64.random(in: -99...99, using: &random))
          if Int.random(in: 0..<12, using: &random) == 0 { record.changeTag = "stale" }
          if Int.random(in: 0..<15, using: &random) == 0, let other = parents.randomElement(using: &random),
            other != record.id, record.parent != nil
          {
            record.parent = other
          }
        } else if shares[zone] == nil, let root = inZone.first(where: { $0.parent == nil }),
          !saving.contains(RecordID(name: "share-\(zone.name)", zoneID: zone))
        {
          let share = CloudRecord.share(id: RecordID(name: "share-\(zone.name)", zoneID: zone))
          var shared = root
          shared.changeTag = Self.currentTag
          shared.shareID = share.id
          call.saves += [share, shared]
          saving.formUnion([share.id, shared.id])
          continue
        } else {
          record = newRecord(in: zone, type: "games", parent: nil)
        }
        guard !saving.contains(record.id) else { continue }
        saving.insert(record.id)
        call.saves.append(record)
      }
      return call
    }

    private mutating func newRecord(in zone: ZoneID, type: String, parent: RecordID?) -> CloudRecord {
      made += 1
      var record = CloudRecord(
        id: RecordID(name: "r\(made)", zoneID: zone), type: type,
        fields: [
          "title": .string("Record \(made)"), "since": .date(Timestamp(millisecondsSince1970: Int64(made))),
        ], parent: parent)
      if let parent { record.fields["owner"] = .reference(parent) }
      return record
    }

    /// Keeps what the servers stored (the same, or the test fails).
    mutating func learn(from first: ModifyRecordsResult, and second: ModifyRecordsResult) {
      for (id, outcome) in first.deleteResults {
        guard case .success = outcome else { continue }
        stored[id] = nil
        deleted.append(id)
      }
      for (server, result) in [first, second].enumerated() {
        for (id, outcome) in result.saveResults {
          guard case .success(let record) = outcome else { continue }
          tags[server][id] = record.changeTag
          stored[id] = Normalized.untagged(record)
          deleted.removeAll { $0 == id }
          if record.isShare { shares[id.zoneID] = id }
        }
      }
    }
  }
}
