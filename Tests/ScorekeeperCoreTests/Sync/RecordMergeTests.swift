import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// Field merges converge: the same result whichever copy is "local", in
/// every order the changes can be processed.
@Suite struct RecordMergeTests {
  static func at(_ minute: Int64) -> Timestamp {
    Timestamp(millisecondsSince1970: 1_767_268_800_000 + minute * 60_000)
  }

  static func title(_ text: String?, _ minute: Int64) -> FieldVersion {
    FieldVersion(text.map(CloudValue.string), modifiedAt: at(minute))
  }

  let base: RecordMerge.Fields = ["title": title("Poker", 0), "note": title(nil, 0)]

  @Test("a field only one side changed keeps that side's value")
  func oneSided() {
    let local = base.merging(["title": Self.title("Poker night", 5)]) { $1 }
    let server = base.merging(["note": Self.title("bring chips", 7)]) { $1 }
    let expected: RecordMerge.Fields = [
      "title": Self.title("Poker night", 5), "note": Self.title("bring chips", 7),
    ]
    expectNoDifference(expected, RecordMerge.merge(base: base, local: local, server: server))
    expectNoDifference(expected, RecordMerge.merge(base: base, local: server, server: local))
  }

  @Test(
    "both changed: the later change wins, whichever side is local",
    arguments: [
      (Self.title("Poker night", 5), Self.title("Poker club", 7), Self.title("Poker club", 7)),
      // Edited before but processed after: the earlier edit still loses.
      (Self.title("Poker club", 7), Self.title("Poker night", 5), Self.title("Poker club", 7)),
      // A change to NULL is a change like any other.
      (Self.title(nil, 9), Self.title("Poker club", 7), Self.title(nil, 9)),
      (Self.title("Poker club", 7), Self.title(nil, 9), Self.title(nil, 9)),
      // Same millisecond: the greater value, NULL lowest, on every device.
      (Self.title("Alpha", 5), Self.title("Beta", 5), Self.title("Beta", 5)),
      (Self.title(nil, 5), Self.title("Alpha", 5), Self.title("Alpha", 5)),
    ])
  func bothChanged(first: FieldVersion, second: FieldVersion, winner: FieldVersion) {
    let one = base.merging(["title": first]) { $1 }
    let other = base.merging(["title": second]) { $1 }
    #expect(RecordMerge.merge(base: base, local: one, server: other)["title"] == winner)
    #expect(RecordMerge.merge(base: base, local: other, server: one)["title"] == winner)
  }

  @Test("three devices' edits converge in all six processing orders")
  func threeDevicesEveryOrder() {
    let edits: [RecordMerge.Fields] = [
      base.merging(["title": Self.title("A", 3)]) { $1 },
      base.merging(["title": Self.title("B", 8), "note": Self.title("x", 2)]) { $1 },
      base.merging(["note": Self.title(nil, 4)]) { $1 },
    ]
    let orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
    let results = orders.map { order in
      // The server holds what was merged so far; each device merges its
      // edit into it against the base it started from.
      order.reduce(base) { server, device in
        RecordMerge.merge(base: base, local: edits[device], server: server)
      }
    }
    let expected: RecordMerge.Fields = ["title": Self.title("B", 8), "note": Self.title(nil, 4)]
    for result in results { expectNoDifference(expected, result) }
  }

  @Test("fields only one side has are kept")
  func newFields() {
    let local = base.merging(["color": FieldVersion(.string("red"), modifiedAt: Self.at(1))]) { $1 }
    #expect(RecordMerge.merge(base: base, local: local, server: base)["color"]?.value == .string("red"))
  }
}
