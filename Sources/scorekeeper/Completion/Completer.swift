/// What to offer for the word being typed, from the command specs (the
/// same ones `help` and the parser use) and, for a game or a player, the
/// names in the database. The shells' scripts (`CompletionScript`) only
/// pass the line and show the answer, so every rule is here, tested once.
struct Completer {
  var commands: [CommandSpec]
  var globalOptions: [OptionSpec]

  enum Answer: Equatable {
    /// Words to offer, each with a line of help (shown by zsh and fish).
    case words([Candidate])
    /// A file name: the shell's own completion.
    case files
  }

  struct Candidate: Equatable {
    var word: String
    var help: String = ""
  }

  /// Where names come from: games whose title starts with a prefix (any
  /// case), and the players of a game (as typed) whose name does.
  struct Names: Sendable {
    var games: @Sendable (_ prefix: String) -> [String]
    var players: @Sendable (_ game: String, _ prefix: String) -> [String]
    var kinds: @Sendable (_ prefix: String) -> [String] = { _ in [] }

    static let none = Names(games: { _ in [] }, players: { _, _ in [] })
  }

  /// What the command line before the word being completed says.
  struct Context {
    var command: CommandSpec?
    var positionals: [String] = []
    /// Option values given so far (`--db`'s, for the names).
    var values: [String: String] = [:]
    /// The option whose value is being typed.
    var awaitingValueOf: OptionSpec?
    var optionsEnded = false
    /// The command word names no command: nothing after it is offered.
    var commandIsUnknown = false
  }

  /// `words` are those after the program's name; the last is being typed.
  func context(of words: [String]) -> Context {
    var context = Context()
    for token in words.dropLast() {
      if let option = context.awaitingValueOf {
        context.values[option.name] = token
        context.awaitingValueOf = nil
      } else if context.optionsEnded || !ArgumentParser.looksLikeOption(token) {
        if context.command == nil {
          context.command = commands.first { $0.name == token }
          context.commandIsUnknown = context.command == nil
          if context.commandIsUnknown { return context }
        } else {
          context.positionals.append(token)
        }
      } else if token == "--" {
        context.optionsEnded = true
      } else {
        let (name, inlineValue) = ArgumentParser.split(token)
        guard let option = option(named: name, in: context.command) else { continue }
        if let inlineValue {
          context.values[option.name] = inlineValue
        } else if option.valueName != nil && !option.valueIsOptional {
          context.awaitingValueOf = option
        }
      }
    }
    return context
  }

  func complete(_ words: [String], names: Names) -> Answer {
    complete(words, in: context(of: words), names: names)
  }

  /// The same, for a `context` already read from `words`.
  func complete(_ words: [String], in context: Context, names: Names) -> Answer {
    let current = words.last ?? ""
    if context.commandIsUnknown { return .words([]) }
    if let option = context.awaitingValueOf {
      if option.valueName == "KIND" { return .words(names.kinds(current).map { Candidate(word: $0) }) }
      return ["PATH", "FILE"].contains(option.valueName) || option.name == "--cloud" ? .files : .words([])
    }
    if !context.optionsEnded && current.hasPrefix("-") {
      let options = globalOptions + (context.command?.options ?? [])
      return .words(
        options.filter { $0.name.hasPrefix(current) }.map { Candidate(word: $0.name, help: $0.help) })
    }
    guard let command = context.command else { return .words(commandCandidates(current)) }
    let index = context.positionals.count
    guard index < command.arguments.count else { return .words([]) }
    switch command.arguments[index].name {
    case "GAME":
      return .words(names.games(current).map { Candidate(word: $0) })
    case "PLAYER":
      guard let gameIndex = command.arguments.firstIndex(where: { $0.name == "GAME" }), gameIndex < index
      else { return .words([]) }
      return .words(names.players(context.positionals[gameIndex], current).map { Candidate(word: $0) })
    case "KIND":
      return .words(names.kinds(current).map { Candidate(word: $0) })
    case "FILE":
      return .files
    case "COMMAND":
      return .words(commandCandidates(current))
    default:
      return .words(
        command.arguments[index].choices.filter { $0.word.hasPrefix(current) }.map {
          Candidate(word: $0.word, help: $0.help)
        })
    }
  }

  private func commandCandidates(_ prefix: String) -> [Candidate] {
    commands.filter { $0.name.hasPrefix(prefix) }.map { Candidate(word: $0.name, help: $0.summary) }
  }

  private func option(named name: String, in command: CommandSpec?) -> OptionSpec? {
    (globalOptions + (command?.options ?? [])).first { $0.name == name || $0.shortName == name }
  }
}
