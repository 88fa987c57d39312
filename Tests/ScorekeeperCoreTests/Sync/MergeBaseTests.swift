import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore

/// The merge base (the server copy last seen) is written for a whole batch
/// at once. What is read back must be exactly what was written, whatever
/// the value's type: strings, whole numbers and dates travel in one JSON
/// statement; other values (which JSON would not carry exactly) are
/// written record by record.
@Suite struct MergeBaseTests {
  @Test("a batch's bases read back exactly, plain values or not, and replace what was there")
  func batchRoundTrip() throws {
    let test = try TestStore()
    for title in ["Chess", "Go", "Bridge"] { _ = try test.store.addGame(title: title) }
    let names = try test.database.fetchAll("SELECT recordName FROM syncRecords ORDER BY rowid") {
      try $0.text(0)
    }
    let metadata = SyncMetadata(db: test.database)
    let plain: [String: CloudValue] = [
      "title": .string("Ché \"quoted\" \\ line\nbreak"), "count": .int64(-9_223_372_036_854_775_808),
      "at": .date(Timestamp(millisecondsSince1970: -1)),
    ]
    let other: [String: CloudValue] = [
      "ratio": .double(0.1), "bytes": .bytes([0, 255, 16]), "name": .string("Ann"),
    ]
    try test.database.write {
      try metadata.setBase(of: names[2], to: ["gone": .string("replaced by nothing")])
      try metadata.setBases([(names[0], plain), (names[1], other), (names[2], [:])])
    }
    let read = try test.database.read { try names.map { try metadata.baseFields(of: $0) } }
    #expect(read == [plain, other, [:]])
  }
}
