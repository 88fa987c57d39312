import ScorekeeperTestSupport
import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// The core's JSON: what the live cloud sends to the server's functions
/// and reads back.
@Suite struct JSONTests {
  @Test("a value survives writing and reading, keys in order, any text")
  func roundTrip() throws {
    let value = JSON.object([
      ("z", .integer(.min)), ("a", .integer(.max)),
      ("text", .string("\"quoted\" \\ ♠️ 👩‍💻 \u{0} \u{1f} \n\t\r")),
      ("list", .array([.bool(true), .bool(false), .null, .array([]), .object([])])),
    ])
    let text = value.compactText
    #expect(
      text
        == #"{"z":-9223372036854775808,"a":9223372036854775807,"text":"\"quoted\" \\ ♠️ 👩‍💻 \u0000 \u001f \n\t\r","list":[true,false,null,[],{}]}"#
    )
    #expect(try JSON.parse(text) == value)
  }

  @Test("escapes and white space as other writers (PostgreSQL's jsonb) produce them")
  func otherWriters() throws {
    let parsed = try JSON.parse(#" { "a" : [ 1 , -2 ] , "b" : "\u00e9\ud83d\ude00\/\b\f" } "#)
    #expect(
      parsed == .object([("a", .array([.integer(1), .integer(-2)])), ("b", .string("é😀/\u{8}\u{c}"))]))
    #expect(parsed["b"]?.stringValue == "é😀/\u{8}\u{c}")
    #expect(parsed["a"]?.arrayValue?.compactMap(\.integerValue) == [1, -2])
    #expect(parsed["missing"] == nil)
  }

  @Test(
    "malformed text is refused, saying where",
    arguments: [
      ("", 0, "a value was expected, the text ended"),
      ("[1,]", 3, "unexpected character \"]\""),
      ("{\"a\" 1}", 5, "expected \":\" after a key"),
      ("1.", 2, "a malformed number"),
      ("1e+", 3, "a malformed number"),
      ("01.5", 0, "a malformed number"),
      ("01", 0, "a malformed number"),
      ("9223372036854775808", 0, "9223372036854775808 does not fit in 64 bits"),
      ("\"abc", 4, "a string was not closed"),
      ("\"a\u{1}\"", 2, "a control character inside a string must be escaped"),
      ("\"\\ud800\"", 7, "a lone surrogate \\ud800"),
      ("\"\\x\"", 2, "an unknown escape \\x"),
      ("[] []", 3, "text after the value"),
      ("tru", 0, "expected true"),
    ])
  func malformed(text: String, offset: Int, problem: String) {
    #expect(throws: JSONSyntaxError(offset: offset, problem: problem)) { try JSON.parse(text) }
  }

  @Test("a number with a fraction or an exponent is kept as its text, never rounded")
  func decimals() throws {
    #expect(
      try JSON.parse("[13.5, -0.125, 1e3, 2.5E-2, 0.1]")
        == .array([
          .decimal("13.5"), .decimal("-0.125"), .decimal("1e3"), .decimal("2.5E-2"), .decimal("0.1"),
        ]))
    #expect(JSON.array([.integer(2), .decimal("13.5")]).compactText == "[2,13.5]")
  }

  @Test("nesting is bounded instead of exhausting the stack")
  func deepNesting() {
    let text = String(repeating: "[", count: 10_000)
    #expect(throws: JSONSyntaxError(offset: 512, problem: "nested deeper than 512")) { try JSON.parse(text) }
  }
}
