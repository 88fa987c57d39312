import Testing

@_spi(Testing) @testable import ScorekeeperCore

@Suite struct TextFieldTests {
  @Test(
    "text is trimmed and otherwise kept exactly",
    arguments: [
      ("  Poker night  ", "Poker night"), ("\u{00A0}Zoë\u{2028}", "Zoë"), ("a  b", "a  b"),
      ("👨‍👩‍👧‍👦", "👨‍👩‍👧‍👦"), ("'; DROP TABLE games; --", "'; DROP TABLE games; --"),
      // Joiners and tags inside emoji sequences are part of the emoji.
      ("❤️‍🔥 and 🏴󠁧󠁢󠁳󠁣󠁴󠁿", "❤️‍🔥 and 🏴󠁧󠁢󠁳󠁣󠁴󠁿"),
    ])
  func accepted(input: String, stored: String) throws {
    #expect(try TextField.playerName.validate(input) == stored)
  }

  @Test("200 characters are accepted, 201 are not; an emoji is one character")
  func length() throws {
    let dice = String(repeating: "🎲", count: 200)
    #expect(try TextField.gameTitle.validate(dice) == dice)
    let tooLong = String(repeating: "x", count: 201)
    #expect(throws: InvalidTextError(field: .gameTitle, input: tooLong, problem: .tooLong(201))) {
      try TextField.gameTitle.validate(tooLong)
    }
  }

  @Test(
    "control characters are refused, with the character and its position named",
    arguments: [
      (
        "Tab\there", UInt32(9), 4,
        #"A player name can't contain control or invisible formatting characters; "Tab\there" has U+0009 at character 4."#
      ),
      (
        "Esc\u{1B}[31m", 0x1B, 4,
        #"A player name can't contain control or invisible formatting characters; "Esc\u{1B}[31m" has U+001B at character 4."#
      ),
      (
        "Del\u{7F}", 0x7F, 4,
        #"A player name can't contain control or invisible formatting characters; "Del\u{7F}" has U+007F at character 4."#
      ),
      (
        "a\nb", 0x0A, 2,
        #"A player name can't contain control or invisible formatting characters; "a\nb" has U+000A at character 2."#
      ),
    ])
  func controlCharacters(input: String, scalar: UInt32, position: Int, message: String) {
    let expected = InvalidTextError(
      field: .playerName, input: input, problem: .controlCharacter(scalar, position: position))
    #expect(throws: expected) { try TextField.playerName.validate(input) }
    #expect(expected.description == message)
  }

  @Test(
    "invisible format characters are refused like control characters, and shown escaped",
    arguments: [
      ("\u{200B}", UInt32(0x200B), 1, #""\u{200B}" has U+200B at character 1."#),
      ("Ann\u{202E}nnA", 0x202E, 4, #""Ann\u{202E}nnA" has U+202E at character 4."#),
      ("An\u{200D}n", 0x200D, 3, #""An\u{200D}n" has U+200D at character 3."#),
      ("soft\u{AD}hyphen", 0xAD, 5, #""soft\u{AD}hyphen" has U+00AD at character 5."#),
      ("\u{E0067}tag", 0xE0067, 1, #""\u{E0067}tag" has U+E0067 at character 1."#),
    ])
  func formatCharacters(input: String, scalar: UInt32, position: Int, message: String) {
    let expected = InvalidTextError(
      field: .gameTitle, input: input, problem: .controlCharacter(scalar, position: position))
    #expect(throws: expected) { try TextField.gameTitle.validate(input) }
    #expect(
      expected.description == "A game title can't contain control or invisible formatting characters; "
        + message)
  }

  @Test("empty and blank text is refused, quoting what was typed")
  func empty() {
    let error = InvalidTextError(field: .gameTitle, input: " \t", problem: .empty)
    #expect(throws: error) { try TextField.gameTitle.validate(" \t") }
    #expect(error.description == #"A game title can't be empty (got " \t")."#)
  }
}

@Suite struct ScoreChangeTests {
  @Test(
    "valid changes",
    arguments: [
      ("+5", ScoreChange.add(5)), ("-3", .add(-3)), ("=10", .set(10)), ("=-4", .set(-4)),
      ("=+4", .set(4)), ("+0", .add(0)), ("-9223372036854775808", .add(.min)),
      ("+9223372036854775807", .add(.max)), ("=-9223372036854775808", .set(.min)),
      // Decimals, to thousandths, exact.
      ("+0.5", .add(Points(thousandths: 500))), ("-0.125", .add(Points(thousandths: -125))),
      ("=13.5", .set(Points(thousandths: 13_500))), ("=-2.25", .set(Points(thousandths: -2250))),
      ("+.5", .add(Points(thousandths: 500))), ("+1.500", .add(Points(thousandths: 1500))),
      ("+½", .add(Points(thousandths: 500))), ("=1½", .set(Points(thousandths: 1500))),
      ("-½", .add(Points(thousandths: -500))),
      ("+9223372036854775807.999", .add(Points(thousandths: Int128(Int64.max) * 1000 + 999))),
    ])
  func valid(text: String, expected: ScoreChange) throws {
    #expect(try ScoreChange(parsing: text) == expected)
  }

  @Test(
    "invalid changes say what is wrong",
    arguments: [
      (
        "5", ScoreChangeError.Problem.missingSign,
        #"The score change "5" needs a sign: +N adds, -N subtracts, =N sets (for example +5)."#
      ),
      (
        "", .missingSign,
        #"The score change "" needs a sign: +N adds, -N subtracts, =N sets (for example +5)."#
      ),
      (
        "+", .notANumber,
        #"The score change "+" is not a number; use +N, -N or =N (N may have decimals: +0.5)."#
      ),
      (
        "+x", .notANumber,
        #"The score change "+x" is not a number; use +N, -N or =N (N may have decimals: +0.5)."#
      ),
      (
        "++5", .notANumber,
        #"The score change "++5" is not a number; use +N, -N or =N (N may have decimals: +0.5)."#
      ),
      (
        "+ 5", .notANumber,
        #"The score change "+ 5" is not a number; use +N, -N or =N (N may have decimals: +0.5)."#
      ),
      (
        "+٣", .notANumber,
        #"The score change "+٣" is not a number; use +N, -N or =N (N may have decimals: +0.5)."#
      ),
      (
        "+1.", .notANumber,
        #"The score change "+1." is not a number; use +N, -N or =N (N may have decimals: +0.5)."#
      ),
      (
        "+1.5.5", .notANumber,
        #"The score change "+1.5.5" is not a number; use +N, -N or =N (N may have decimals: +0.5)."#
      ),
      (
        "+0,5", .decimalComma,
        #"The score change "+0,5" has a decimal comma; write decimals with a point ("+0.5")."#
      ),
      (
        "+1.2345", .tooManyDecimals,
        #"The score change "+1.2345" has more than three decimals: points are kept to thousandths."#
      ),
      (
        "+9223372036854775808", .outOfRange,
        #"The score change "+9223372036854775808" is out of range: scores go from -9223372036854775808 to 9223372036854775807."#
      ),
    ])
  func invalid(text: String, problem: ScoreChangeError.Problem, message: String) {
    let expected = ScoreChangeError(input: text, problem: problem)
    #expect(throws: expected) { try ScoreChange(parsing: text) }
    #expect(expected.description == message)
  }

  @Test("a change prints as it was typed")
  func description() {
    #expect(
      [ScoreChange.add(5), .add(-3), .add(0), .set(-4)].map(\.description) == ["+5", "-3", "+0", "=-4"])
  }
}

@Suite struct SuggestionTests {
  @Test(
    "close candidates are suggested, best first",
    arguments: [
      ("ad-game", ["add-game", "add-player", "list"], ["add-game"]),
      ("lsit", ["list", "help"], ["list"]),
      ("POKR", ["Poker", "Chess"], ["Poker"]),
      ("rename", ["rename-game", "rename-player", "remove-player"], ["rename-game", "rename-player"]),
      ("zzz", ["Poker", "Chess"], []),
      ("", ["Poker"], []),
    ])
  func closest(input: String, candidates: [String], expected: [String]) {
    #expect(Suggestion.closest(to: input, among: candidates) == expected)
  }
}
