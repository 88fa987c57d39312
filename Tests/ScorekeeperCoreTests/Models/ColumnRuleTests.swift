import Testing

@_spi(Testing) @testable import ScorekeeperCore

/// The rules every row's text passes however it comes in (issue 44), and
/// how text the database may hold from older versions is shown.
@Suite struct ColumnRuleTests {
  @Test(
    "titles and names take the commands' rules and words; stored trimmed",
    arguments: [
      ("games", "title", "  Poker  ", "Poker"), ("games", "kind", "Hearts ", "Hearts"),
      ("players", "name", "\u{00A0}Zoë", "Zoë"), ("players", "team", "Owls", "Owls"),
      ("personLinks", "name", "Bob", "Bob"),
    ])
  func texts(table: String, column: String, input: String, stored: String) throws {
    #expect(try ColumnRule.of(table: table, column: column)?.check(input) == stored)
  }

  @Test("a hostile name is refused with the words add-player uses")
  func hostileName() throws {
    let rule = try #require(ColumnRule.of(table: "players", column: "name"))
    #expect(
      throws: ColumnError.text(
        InvalidTextError(
          field: .playerName, input: "\u{1B}]0;owned\u{07}",
          problem: .controlCharacter(0x1B, position: 1)))
    ) { try rule.check("\u{1B}]0;owned\u{07}") }
    #expect(
      ColumnError.text(
        InvalidTextError(
          field: .playerName, input: "\u{1B}]0;owned\u{07}", problem: .controlCharacter(0x1B, position: 1))
      ).description
        == #"A player name can't contain control or invisible formatting characters; "\u{1B}]0;owned\u{7}" has U+001B at character 1."#
    )
  }

  @Test(
    "ids are hex digits and dashes that people can type and /game/ID serves",
    arguments: [
      ("00000000-0000-0000-0000-000000000001", true), ("5B1E0C4A-1F6B-4C8E-9B1D-7A0C3E2F9A11", true),
      ("abcd", true), ("abc", false), ("g1", false), ("a_b_c_d", false), ("a.bcd", false), ("", false),
      ("----", false), (String(repeating: "a", count: 64), true), (String(repeating: "a", count: 65), false),
      ("abcd\u{1B}[2J", false),
    ])
  func ids(id: String, valid: Bool) throws {
    let rule = ColumnRule.of(table: "scoreEvents", column: "playerID")!
    if valid {
      #expect(try rule.check(id) == id)
    } else {
      #expect(throws: ColumnError.notID(id)) { try rule.check(id) }
    }
  }

  @Test("an id inside a longer text is read from its own bytes only")
  func idSlices() {
    let words = "zz-- abcd-12 g123 0000000000000000000000000000000000000000000000000000000000000000a x".split(
      separator: " ")
    #expect(words.map(ColumnRule.isID) == [false, true, false, false, false])
    #expect(ColumnRule.isID("xabcdx".dropFirst().dropLast()))
  }

  @Test("devices, winners, a split's games and person ids each have their rule")
  func others() throws {
    let device = try #require(ColumnRule.of(table: "rounds", column: "device"))
    #expect(try device.check("bgstats") == "bgstats")
    #expect(throws: ColumnError.notDevice("d\u{1B}[31m")) { try device.check("d\u{1B}[31m") }
    let winners = try #require(ColumnRule.of(table: "gameEvents", column: "winners"))
    #expect(try winners.check("abcd 0123") == "abcd 0123")
    #expect(try winners.check("") == "")
    #expect(throws: ColumnError.notIDs("abcd  0123")) { try winners.check("abcd  0123") }
    let games = try #require(ColumnRule.of(table: "personLinks", column: "games"))
    #expect(try games.check(#"["abcd","0123"]"#) == #"["abcd","0123"]"#)
    #expect(throws: ColumnError.notIDs(#"["x"]"#)) { try games.check(#"["x"]"#) }
    let person = try #require(ColumnRule.of(table: "personLinks", column: "person"))
    #expect(try person.check("bob#0000abcd") == "bob#0000abcd")
    #expect(throws: ColumnError.notPerson("bo\u{202E}b")) { try person.check("bo\u{202E}b") }
    #expect(ColumnRule.of(table: "scoreEvents", column: "delta") == nil)
  }

  @Test("13 MB of name is refused for its length, quoted by its start and end")
  func huge() throws {
    let name = String(repeating: "x", count: 13_000_000) + "\u{1B}"
    let rule = try #require(ColumnRule.of(table: "games", column: "title"))
    var message = ""
    do { _ = try rule.check(name) } catch { message = error.description }
    #expect(
      message
        == "A game title can be at most 200 characters; \""
        + String(repeating: "x", count: 180) + "…" + String(repeating: "x", count: 19)
        + "\\u{1B}\" has 13000001.")
  }

  @Test("quote shows 200 characters whole, and of a longer text its start and end")
  func quoteBound() {
    let whole = String(repeating: "a", count: 200)
    #expect(quote(whole) == "\"" + whole + "\"")
    let long = String(repeating: "a", count: 180) + String(repeating: "b", count: 30) + "z"
    #expect(
      quote(long) == "\"" + String(repeating: "a", count: 180) + "…" + String(repeating: "b", count: 19)
        + "z\"")
  }

  @Test(
    "visible writes out every control or invisible character, and leaves any other text alone",
    arguments: [
      ("Ann", "Ann"), ("Zoë 👩‍💻", "Zoë 👩‍💻"), ("say \"hi\" \\o/", "say \"hi\" \\o/"),
      ("\u{1B}]0;owned\u{07}\u{1B}[2J", #"\u{1B}]0;owned\u{7}\u{1B}[2J"#), ("a\nb\tc\rd", #"a\nb\tc\rd"#),
      ("C1\u{9B}31m", #"C1\u{9B}31m"#), ("Ann\u{202E}nnA", #"Ann\u{202E}nnA"#),
      ("\u{FEFF}Bob", #"\u{FEFF}Bob"#),
      ("del\u{7F}", #"del\u{7F}"#),
    ])
  func visible(text: String, shown: String) {
    #expect(text.visible == shown)
  }

  @Test("visibleKeepingLineBreaks keeps line breaks and writes out the rest")
  func keepingLineBreaks() {
    #expect("one\ntwo\u{1B}[2J\n".visibleKeepingLineBreaks == "one\ntwo\\u{1B}[2J\n")
    #expect("one\ntwo\n".hasHiddenBesidesLineBreaks == false)
    #expect("tab\there".hasHiddenBesidesLineBreaks)
    #expect("zw\u{200B}sp".hasHiddenBesidesLineBreaks)
  }

  @Test("JSON escapes DEL, C1 controls and format characters too: the same value, safe on a terminal")
  func json() throws {
    let name = "a\u{1B}b\u{7F}c\u{9B}d\u{202E}e\u{E0067}f👩‍💻"
    let text = JSON.string(name).compactText
    #expect(text == #""a\u001bb\u007fc\u009bd\u202ee\udb40\udc67f👩‍💻""#)
    #expect(try JSON.parse(text) == .string(name))
    // Past the first character beyond ASCII, quotes, backslashes and controls are escaped as before it.
    let mixed = "Zoë \"ace\" \\ \n\u{1}é"
    #expect(JSON.string(mixed).compactText == #""Zoë \"ace\" \\ \n\u0001é""#)
    #expect(try JSON.parse(JSON.string(mixed).compactText) == .string(mixed))
  }
}
