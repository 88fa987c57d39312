@_spi(Testing) import ScorekeeperCore
import Testing

@testable import scorekeeper

@Suite struct HelpTextTests {
  @Test("every help page fits 80 columns")
  func fitsEightyColumns() {
    let pages =
      [("help", HelpText.overview())] + Command.all.map { ($0.spec.name, HelpText.details(of: $0.spec)) }
    for (name, page) in pages {
      let wide = page.split(separator: "\n").filter { String($0).displayWidth > 80 }
      #expect(wide == [], "\(name)")
    }
  }

  @Test("options that exclude each other show as one choice, and the parser refuses two of them")
  func exclusiveOptions() throws {
    #expect(
      Command.named("share")!.spec.usage
        == "share GAME [--role ROLE | --remove USER | --expires WHEN | --new-link | --people | --read-only "
        + "| --read-write | --stop | --participants] [--for USER] [--player NAME] [--force]")
    #expect(
      throws: UsageError(
        "Give at most one of --role, --remove, --expires, --new-link, --people, --read-only, --read-write, --stop, "
          + "--participants (got --read-only and --stop).",
        command: "share")
    ) { try Program.parser.parse(["share", "Poker", "--stop", "--read-only"]) }
    #expect(try Program.parser.parse(["share", "Poker", "--stop", "--force"]).has("--stop"))
  }

  @Test("a long line breaks at spaces, under itself; a word longer than a line keeps a line of its own")
  func wrapping() {
    #expect(
      HelpText.wrap(String(repeating: "word ", count: 20), indent: 4, used: 60)
        == "word word word word\n    word word word word word word word word word word word word word word word\n    word"
    )
    #expect(
      HelpText.wrap("a " + String(repeating: "x", count: 90) + " b") == "a\n"
        + String(repeating: "x", count: 90) + "\nb")
  }
}
