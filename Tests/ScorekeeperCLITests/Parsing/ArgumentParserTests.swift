import Testing

@testable import scorekeeper

@Suite struct ArgumentParserTests {
  let parser = Program.parser

  struct Case: CustomTestStringConvertible, Sendable {
    let argv: [String]
    let expected: ParsedCommandLine
    var testDescription: String { argv.joined(separator: " ") }
  }

  @Test(
    "command lines that parse",
    arguments: [
      Case(argv: [], expected: ParsedCommandLine()),
      Case(argv: ["--version"], expected: ParsedCommandLine(options: ["--version": ""])),
      Case(
        argv: ["add-game", "Poker night"],
        expected: ParsedCommandLine(command: "add-game", arguments: ["TITLE": "Poker night"])),
      Case(
        argv: ["--db", "x.sqlite", "--json", "list"],
        expected: ParsedCommandLine(command: "list", options: ["--db": "x.sqlite", "--json": ""])),
      Case(
        argv: ["list", "Poker", "--db=y.sqlite", "--ascending"],
        expected: ParsedCommandLine(
          command: "list", arguments: ["GAME": "Poker"],
          options: ["--db": "y.sqlite", "--ascending": ""])),
      Case(
        argv: ["add-player", "Poker", "Bob", "--score", "-5"],
        expected: ParsedCommandLine(
          command: "add-player", arguments: ["GAME": "Poker", "NAME": "Bob"],
          options: ["--score": "-5"])),
      Case(
        argv: ["score", "Poker", "Bob", "-5"],
        expected: ParsedCommandLine(
          command: "score", arguments: ["GAME": "Poker", "PLAYER": "Bob", "CHANGE": "-5"])),
      Case(
        argv: ["add-game", "--", "--weird"],
        expected: ParsedCommandLine(command: "add-game", arguments: ["TITLE": "--weird"])),
      Case(
        argv: ["add-game", "-"],
        expected: ParsedCommandLine(command: "add-game", arguments: ["TITLE": "-"])),
      Case(
        argv: ["--trace", "list"],
        expected: ParsedCommandLine(command: "list", options: ["--trace": ""])),
      Case(
        argv: ["list", "--trace=all"],
        expected: ParsedCommandLine(command: "list", options: ["--trace": "all"])),
      Case(
        argv: ["add-player", "-h"],
        expected: ParsedCommandLine(command: "add-player", options: ["--help": ""])),
      Case(
        argv: ["help", "score"],
        expected: ParsedCommandLine(command: "help", arguments: ["COMMAND": "score"])),
      Case(
        argv: ["--db", "--json", "list"],
        expected: ParsedCommandLine(command: "list", options: ["--db": "--json"])),
    ])
  func parses(_ testCase: Case) throws {
    #expect(try parser.parse(testCase.argv) == testCase.expected)
  }

  struct Failure: CustomTestStringConvertible, Sendable {
    let argv: [String]
    let expected: UsageError
    var testDescription: String { argv.joined(separator: " ") }
  }

  @Test(
    "command lines that are refused, with a message naming what was typed",
    arguments: [
      Failure(
        argv: ["ad-game", "Poker"],
        expected: UsageError(
          "Unknown command \"ad-game\". Did you mean \"add-game\"?\n"
            + "Run \"scorekeeper help\" to see all commands.")),
      Failure(
        argv: ["frobnicate"],
        expected: UsageError(
          "Unknown command \"frobnicate\".\nRun \"scorekeeper help\" to see all commands.")),
      Failure(
        argv: ["list", "--jsn"],
        expected: UsageError(
          "Unknown option \"--jsn\" for list. Did you mean \"--json\"?", command: "list")),
      Failure(
        argv: ["add-game", "--weird"],
        expected: UsageError(
          "Unknown option \"--weird\" for add-game.\nIf \"--weird\" is a title or name, put -- "
            + "before it: scorekeeper add-game -- --weird", command: "add-game")),
      Failure(
        argv: ["--score", "5", "add-player"],
        expected: UsageError(
          "--score is an option of add-player; put it after the command: "
            + "scorekeeper add-player … --score.")),
      Failure(
        argv: ["add-player", "Poker"],
        expected: UsageError("Missing NAME for add-player.", command: "add-player")),
      Failure(
        argv: ["add-game", "Family", "gin", "rummy"],
        expected: UsageError(
          "Unexpected argument \"gin\" for add-game.\n"
            + "If \"Family gin rummy\" is one TITLE, put quotes around it.", command: "add-game")),
      Failure(
        argv: ["list", "a", "b"],
        expected: UsageError("Unexpected argument \"b\" for list.", command: "list")),
      Failure(
        argv: ["add-player", "Poker", "Bob", "--score"],
        expected: UsageError("--score needs a value: --score N.", command: "add-player")),
      Failure(
        argv: ["list", "--json=yes"],
        expected: UsageError("--json takes no value (got \"--json=yes\").", command: "list")),
    ])
  func refuses(_ failure: Failure) {
    #expect(throws: failure.expected) { try parser.parse(failure.argv) }
  }

  @Test("a help flag skips argument checks, so `add-player --help` shows help")
  func helpSkipsArguments() throws {
    #expect(
      try parser.parse(["add-player", "--help"])
        == ParsedCommandLine(command: "add-player", options: ["--help": ""]))
  }

  @Test("the last value of a repeated option wins")
  func repeatedOption() throws {
    #expect(
      try parser.parse(["--db", "a", "list", "--db", "b"])
        == ParsedCommandLine(command: "list", options: ["--db": "b"]))
  }

  @Test("-5 and -1 are numbers, -x and --x are options")
  func negativeNumbers() {
    #expect(ArgumentParser.looksLikeOption("-5") == false)
    #expect(ArgumentParser.looksLikeOption("-") == false)
    #expect(ArgumentParser.looksLikeOption("-x") == true)
    #expect(ArgumentParser.looksLikeOption("--x") == true)
  }

  @Test("every command is found by its name alone, and no other name finds one")
  func commandsByName() {
    // `Command.named` makes one command, not the list: each of the list's
    // names must lead to it, and it to no command the list lacks.
    #expect(Command.all.map { Command.named($0.spec.name)?.spec.name } == Command.all.map(\.spec.name))
    #expect(Set(Command.all.map(\.spec.name)).count == Command.all.count)
    for name in ["", "Score", "import-data", "addGame", "list "] {
      #expect(Command.named(name) == nil, "\(name)")
    }
  }

  @Test("every command's usage line is generated from its spec")
  func usageLines() {
    #expect(
      Command.all.map(\.spec.usage) == [
        "add-game TITLE [NAME=N …] [--lowest-wins] [--highest-wins] [--target N] [--no-target] [--win-by N] "
          + "[--start N] [--bust] [--rounds N] [--no-rounds] [--kind KIND] [--not-counted] [--cooperative] [--result] [--winner NAME] [--at TIME]",
        "add-player GAME NAME [--score N] [--team TEAM] [--at TIME]",
        "score GAME PLAYER CHANGE [--ascending] [--at TIME]",
        "round GAME NAME=N [NAME=N …] [--fix K] [--name NAME] [--at TIME]",
        "undo",
        "list [GAME] [--ascending] [--archived] [--in-progress] [--finished] [--kind KIND] [--since DATE] "
          + "[--most-players]",
        "sheet GAME",
        "chart GAME [--svg FILE] [--ascii]",
        "history GAME [PLAYER]",
        "watch [GAME] [--sheet]",
        "serve [--port N] [--bind ADDR]",
        "set-rules GAME [--lowest-wins] [--highest-wins] [--target N] [--no-target] [--win-by N] [--no-win-by] "
          + "[--bust] [--no-bust] [--rounds N] [--no-rounds] [--not-counted] [--counted] [--cooperative] "
          + "[--competitive] [--kind KIND] [--no-kind]",
        "finish GAME [NAME …] [--winner] [--cooperative won|lost] [--at TIME]",
        "reopen GAME",
        "rematch GAME [TITLE]",
        "set-team GAME PLAYER [TEAM] [--none]",
        "leaderboard [--system SYSTEM] [--kind KIND] [--as-of DATE]",
        "rating PERSON [--system SYSTEM] [--kind KIND] [--explain] [--chart] [--ascii]",
        "stats [PERSON] [--kind KIND] [--since DATE] [--until DATE]",
        "kinds [KIND] [--builtin] [--set] [--forget] [--lowest-wins] [--highest-wins] [--target N] [--no-target] "
          + "[--win-by N] [--no-win-by] [--start N] [--no-start] [--bust] [--no-bust] [--rounds N] [--no-rounds] "
          + "[--cooperative] [--competitive] [--teams N] [--no-teams] [--round-names LIST] [--no-round-names]",
        "people",
        "merge-people A B",
        "split-person NAME GAME [GAME …]",
        "rename-person OLD NEW",
        "rename-game GAME TITLE",
        "rename-player GAME PLAYER NAME",
        "remove-player GAME PLAYER [--force]",
        "set-photo GAME PLAYER FILE",
        "photo GAME PLAYER [--output FILE]",
        "remove-photo GAME PLAYER",
        "delete-game GAME [--force] [--archived]",
        "revive-game GAME",
        "export [GAME …] [--format FORMAT] [--standings] [--output FILE]",
        "import FILE [--format FORMAT] [--time-zone ZONE] [--dry-run]",
        "backup FILE [--force] [--verify]",
        "restore FILE",
        "share GAME [--role ROLE | --remove USER | --expires WHEN | --new-link | --people | --read-only "
          + "| --read-write | --stop | --participants] [--for USER] [--player NAME] [--force]",
        "accept-share LINK",
        "leave GAME [--force]",
        "sync [status] [--rebind]",
        "status",
        "demo",
        "cloud ACTION",
        "server ACTION [NAME] [URL] [--after-restore]",
        "config ACTION [KEY] [VALUE] [--origin]",
        "completions SHELL",
        "help [COMMAND]",
      ])
  }
}
