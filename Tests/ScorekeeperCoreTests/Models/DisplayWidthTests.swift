import Testing

@_spi(Testing) @testable import ScorekeeperCore

@Suite struct DisplayWidthTests {
  @Test(
    "text is as wide as the terminal columns it takes",
    arguments: [
      ("Ann", 3), ("Zoë", 3), ("Zoe\u{301}", 3), ("麻雀", 4), ("ＡＢ", 4), ("한국", 4), ("🎲", 2),
      ("👩‍💻", 2), ("❤️", 2), ("🇫🇷", 2), ("شطرنج", 5), ("a\u{200B}", 1), ("", 0),
    ])
  func width(text: String, columns: Int) {
    #expect(text.displayWidth == columns)
  }
}
