import ScorekeeperTestSupport
import Testing

@testable import ScorekeeperCore

/// The order the mock saves a call's records in (`RecordModification
/// .parentsFirst`): each parent in the call before its children, the
/// rest as given.
@Suite struct ParentsFirstTests {
  let zone = ZoneID(name: "game-g1", ownerName: "alice")

  func record(_ name: String, parent: String? = nil, title: String = "") -> CloudRecord {
    var record = CloudRecord(
      id: RecordID(name: name, zoneID: zone), type: "items",
      parent: parent.map { RecordID(name: $0, zoneID: zone) })
    record.fields = ["title": .string(title)]
    return record
  }

  /// Each record's name, and its title when it has one: `c=first`.
  func names(_ records: [CloudRecord]) -> [String] {
    records.map { record in
      guard case .string(let title)? = record.fields["title"], !title.isEmpty else { return record.id.name }
      return "\(record.id.name)=\(title)"
    }
  }

  @Test("parents in the call go before their children, grandparents first; the rest keep their order")
  func parentsBeforeChildren() {
    let ordered = RecordModification.parentsFirst([
      record("e1", parent: "p1"), record("x"), record("p1", parent: "g"), record("e2", parent: "p1"),
      record("g"), record("e3", parent: "elsewhere"),
    ])
    #expect(names(ordered) == ["g", "p1", "e1", "x", "e2", "e3"])
  }

  @Test("a second record of one id is left out, the first kept; a loop of parents ends")
  func duplicatesAndLoops() {
    let ordered = RecordModification.parentsFirst([
      record("c", parent: "p", title: "first"), record("p", parent: "c"), record("c", title: "second"),
      record("a", parent: "b"), record("b", parent: "a"),
    ])
    #expect(names(ordered) == ["p", "c=first", "b", "a"])
  }
}
