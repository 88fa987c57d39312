import Testing

@testable import scorekeeper

/// What TAB offers, decided from the command specs and the names a
/// database holds (here a fixed set).
@Suite struct CompleterTests {
  typealias Candidate = Completer.Candidate

  static let names = Completer.Names(
    games: { prefix in
      ["Poker night", "Pool", "Bob's \"big\" game"].filter { $0.lowercased().hasPrefix(prefix.lowercased()) }
    },
    players: { game, prefix in
      game.lowercased() == "poker night"
        ? ["Ann O'Neil", "Bob"].filter { $0.lowercased().hasPrefix(prefix.lowercased()) } : []
    },
    kinds: { prefix in ["Hearts", "Hold'em"].filter { $0.lowercased().hasPrefix(prefix.lowercased()) } })

  func complete(_ line: String) -> Completer.Answer {
    Program.completer.complete(Array(ShellWords.split(line).dropFirst()), names: Self.names)
  }

  func words(_ line: String) -> [String] {
    guard case .words(let candidates) = complete(line) else { return ["(files)"] }
    return candidates.map(\.word)
  }

  @Test("the first word is a command, offered with its summary")
  func commands() {
    #expect(words("scorekeeper ") == Command.all.map(\.spec.name))
    #expect(
      complete("scorekeeper re")
        == .words([
          Candidate(word: "reopen", help: "Reopen a finished game."),
          Candidate(
            word: "rematch",
            help: "Play a game again: a new game with the same players, teams, photos, rules and kind."),
          Candidate(
            word: "rename-person", help: "Show a person under another name, everywhere people are shown."),
          Candidate(word: "rename-game", help: "Give a game a new title."),
          Candidate(word: "rename-player", help: "Give a player a new name."),
          Candidate(word: "remove-player", help: "Remove a player from a game."),
          Candidate(word: "remove-photo", help: "Remove a player's photo."),
          Candidate(
            word: "revive-game", help: "Make a read-only copy (list --archived) a game of your own again."),
          Candidate(
            word: "restore", help: "Put a backup in the database's place, keeping the database it replaces."),
        ]))
    #expect(words("scorekeeper --db x.sqlite --offline sc") == ["score"])
    #expect(words("scorekeeper help sc") == ["score"])
  }

  @Test("a kind is offered after --kind and as kinds' KIND, from the database and the library")
  func kinds() {
    #expect(words("scorekeeper add-game Night --kind h") == ["Hearts", "Hold'em"])
    #expect(words("scorekeeper list --kind Ho") == ["Hold'em"])
    #expect(words("scorekeeper kinds --set he") == ["Hearts"])
    #expect(words("scorekeeper kinds ") == ["Hearts", "Hold'em"])
  }

  @Test("games and players come from the database, the player's from the game typed before, however quoted")
  func names() {
    #expect(words("scorekeeper list ") == ["Poker night", "Pool", "Bob's \"big\" game"])
    #expect(words("scorekeeper list p") == ["Poker night", "Pool"])
    #expect(words("scorekeeper list \"Bob's") == ["Bob's \"big\" game"])
    #expect(words("scorekeeper score 'Poker night' ") == ["Ann O'Neil", "Bob"])
    #expect(words("scorekeeper score Poker\\ night a") == ["Ann O'Neil"])
    #expect(words("scorekeeper --offline score \"poker night\" b") == ["Bob"])
    #expect(words("scorekeeper score Pool ") == [])
    #expect(words("scorekeeper score 'Poker night' Bob ") == [], "CHANGE is a number: nothing to offer")
    #expect(words("scorekeeper add-game ") == [], "a new title")
  }

  @Test("options: the global ones and the command's, and a value's file name goes to the shell")
  func options() {
    #expect(
      complete("scorekeeper list --a")
        == .words([
          Candidate(
            word: "--ascending", help: "Rank the lowest score first (golf, and games where points are bad)."),
          Candidate(
            word: "--archived",
            help:
              "The read-only copies of games no longer shared with you, or deleted since a backup restored here."
          ),
        ]))
    #expect(words("scorekeeper --o") == ["--offline"])
    #expect(words("scorekeeper --db ") == ["(files)"])
    #expect(words("scorekeeper list --db=x.sqlite ") == ["Poker night", "Pool", "Bob's \"big\" game"])
    #expect(words("scorekeeper --user ") == [])
    #expect(words("scorekeeper set-photo Pool Ann ") == ["(files)"])
    #expect(words("scorekeeper photo Pool Ann --output ") == ["(files)"])
    #expect(words("scorekeeper add-game -- -") == [], "after --, a dash starts a title")
  }

  @Test("after an unknown command, or past the last argument, nothing is offered")
  func nothing() {
    #expect(words("scorekeeper bogus ") == [])
    #expect(words("scorekeeper list Pool ") == [])
  }

  @Test("a line splits into words as the shell will pass them, the last one still open")
  func shellWords() {
    #expect(ShellWords.split("scorekeeper ") == ["scorekeeper", ""])
    #expect(ShellWords.split("a 'b c' \"d \\\"e\\\" \\x\" f\\ g") == ["a", "b c", "d \"e\" \\x", "f g"])
    #expect(ShellWords.split("a \"Poker ni") == ["a", "Poker ni"])
    #expect(ShellWords.split("a 'Bob'\\''s") == ["a", "Bob's"])
    #expect(ShellWords.split("a  b\t") == ["a", "b", ""])
    #expect(ShellWords.split("") == [""])
  }

  @Test("an argument of a fixed few words (an action, a settings key) offers them, with their help")
  func choices() {
    #expect(words("scorekeeper config ") == ["list", "get", "set", "unset"])
    #expect(
      words("scorekeeper config set ") == [
        "db", "cloud", "listen-cloud", "user", "offline", "sync-budget", "color", "pager",
      ])
    #expect(
      complete("scorekeeper config set o")
        == .words([Candidate(word: "offline", help: "1 works offline (--offline)")]))
    #expect(words("scorekeeper config set offline ") == [])
    #expect(words("scorekeeper server ") == ["install", "status", "add-user", "remove-user"])
    #expect(words("scorekeeper completions z") == ["zsh"])
    #expect(words("scorekeeper sync ") == ["status"])
    #expect(words("scorekeeper cloud ") == ["dump"])
  }
}
