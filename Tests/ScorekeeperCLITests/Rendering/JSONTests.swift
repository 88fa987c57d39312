@_spi(Testing) import ScorekeeperCore
import Testing

@testable import scorekeeper

@Suite struct JSONTests {
  @Test("scalars, escapes and non-ASCII text")
  func scalars() {
    #expect(JSON.string("a\"b\\c\nd\te\u{1}").rendered() == #""a\"b\\c\nd\te\u0001""#)
    #expect(JSON.string("Zoë 🃏 شطرنج").rendered() == "\"Zoë 🃏 شطرنج\"")
    #expect(JSON.integer(Int64.min).rendered() == "-9223372036854775808")
    #expect(JSON.bool(true).rendered() == "true")
    #expect(JSON.null.rendered() == "null")
  }

  @Test("objects of scalars stay on one line; nested values spread over lines")
  func layout() {
    let value = JSON.object([
      ("game", .object([("id", .string("g")), ("title", .string("Poker"))])),
      ("tags", .array([.string("a"), .integer(1)])),
      ("empty", .array([])),
      ("players", .array([.object([("name", .string("Ann"))]), .object([])])),
    ])
    #expect(
      value.rendered() == """
        {
          "game": {"id": "g", "title": "Poker"},
          "tags": ["a", 1],
          "empty": [],
          "players": [
            {"name": "Ann"},
            {}
          ]
        }
        """)
  }

  @Test("a streamed array prints exactly what the whole value would", arguments: [0, 1, 3])
  func streamed(count: Int) {
    let elements = (0..<count).map { JSON.object([("rank", .integer(Int64($0)))]) }
    let leading: [(String, JSON)] = [("game", .object([("id", .string("g"))]))]
    let output = Output.memory()
    var stream = StreamedJSONArray(output: output, leadingFields: leading, arrayKey: "standings")
    for element in elements { stream.append(element) }
    stream.finish()
    #expect(output.text == JSON.object(leading + [("standings", .array(elements))]).rendered() + "\n")
  }
}
