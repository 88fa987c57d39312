import ScorekeeperCore

/// Matches argv against the command specs.
///
/// Tokens are read left to right: the first non-option token names the
/// command; global options may come before or after it, a command's own
/// options after it. `--name=value` and `--name value` are equivalent;
/// `--` ends the options, so a title may start with a dash; a token like
/// `-5` is a number, not an option. Every mistake is a `UsageError` that
/// quotes the token and, where one is close, suggests what was meant.
struct ArgumentParser {
  /// The spec of the command of a name, made alone.
  var commandNamed: @Sendable (String) -> CommandSpec?
  /// Every command's spec, made only for a mistake's message: what was
  /// meant, which command an option belongs to.
  var commands: @Sendable () -> [CommandSpec]
  var globalOptions: [OptionSpec]

  func parse(_ argv: [String]) throws(UsageError) -> ParsedCommandLine {
    var result = ParsedCommandLine()
    var command: CommandSpec?
    var positionals: [String] = []
    var optionsEnded = false
    var index = argv.startIndex
    while index < argv.endIndex {
      let token = argv[index]
      index += 1
      if optionsEnded || !Self.looksLikeOption(token) {
        if command == nil {
          command = try commandSpec(token)
          result.command = token
        } else {
          positionals.append(token)
        }
        continue
      }
      if token == "--" {
        optionsEnded = true
        continue
      }
      let (name, inlineValue) = Self.split(token)
      let option = try optionSpec(name, token: token, command: command, argv: argv, at: index - 1)
      var value = ""
      if let valueName = option.valueName {
        if let inlineValue {
          value = inlineValue
        } else if !option.valueIsOptional {
          guard index < argv.endIndex else {
            throw UsageError(
              "\(option.name) needs a value: \(option.name) \(valueName).", command: command?.name)
          }
          value = argv[index]
          index += 1
        }
      } else if inlineValue != nil {
        throw UsageError("\(option.name) takes no value (got \(quote(token))).", command: command?.name)
      }
      result.options[option.name] = value
    }
    if let command, !result.has("--help") {
      let exclusive = command.exclusiveOptions.filter(result.has)
      if exclusive.count > 1 {
        throw UsageError(
          "Give at most one of \(command.exclusiveOptions.joined(separator: ", ")) "
            + "(got \(exclusive.joined(separator: " and "))).", command: command.name)
      }
      (result.arguments, result.rest) = try match(positionals, to: command, options: result.options)
    }
    return result
  }

  /// The spec of the command `name`, or the usage error for an unknown one.
  func commandSpec(_ name: String) throws(UsageError) -> CommandSpec {
    if let spec = commandNamed(name) { return spec }
    // What it means first: a word close in spelling may mean the opposite
    // (remove-game is not rename-game).
    let suggestions =
      Self.meanings[name.lowercased()].map { [$0] }
      ?? Suggestion.closest(to: name, among: commands().map(\.name))
    throw UsageError(
      "Unknown command \(quote(name))." + Suggestion.didYouMean(suggestions)
        + "\nRun \"scorekeeper help\" to see all commands.")
  }

  /// Words people use for what a command does, and what to type instead.
  static let meanings: [String: String] = [
    "unshare": "share GAME --stop", "stop-sharing": "share GAME --stop",
    "participants": "share GAME --participants", "join": "accept-share LINK",
    "accept": "accept-share LINK", "delete-player": "remove-player",
    "rm-player": "remove-player", "remove-game": "delete-game", "rm-game": "delete-game",
    "rm": "delete-game or remove-player", "new-game": "add-game", "create-game": "add-game",
    "new-player": "add-player", "ls": "list", "show": "list", "log": "history",
    "rename": "rename-game or rename-player", "revert": "undo", "points": "score",
    "set-score": "score GAME PLAYER =N", "push": "sync", "pull": "sync",
  ]

  private func optionSpec(
    _ name: String, token: String, command: CommandSpec?, argv: [String], at position: Int
  ) throws(UsageError) -> OptionSpec {
    let available = globalOptions + (command?.options ?? [])
    if let option = available.first(where: { $0.name == name || $0.shortName == name }) {
      return option
    }
    if command == nil,
      let owner = commands().first(where: { $0.options.contains { $0.name == name } })
    {
      throw UsageError(
        "\(name) is an option of \(owner.name); put it after the command: "
          + "scorekeeper \(owner.name) … \(name).")
    }
    let suggestions = Suggestion.closest(to: name, among: available.map(\.name))
    var message = "Unknown option \(quote(token))"
    if let command { message += " for \(command.name)" }
    message += "." + Suggestion.didYouMean(suggestions)
    if suggestions.isEmpty, let command {
      message +=
        "\nIf \(quote(token)) is a title or name, put -- before it: "
        + dashedCommandLine(argv, at: position, command: command)
    }
    throw UsageError(message, command: command?.name)
  }

  /// The whole command line again with `--` before the token at
  /// `position`, so it runs as typed otherwise: the options after it move
  /// before the `--` (which would make them arguments), with their values.
  private func dashedCommandLine(_ argv: [String], at position: Int, command: CommandSpec) -> String {
    var options: [String] = []
    var arguments: [String] = []
    var index = position + 1
    while index < argv.endIndex {
      let token = argv[index]
      index += 1
      guard token != "--" else {
        arguments += argv[index...]
        break
      }
      guard Self.looksLikeOption(token) else {
        arguments.append(token)
        continue
      }
      options.append(token)
      let (name, inlineValue) = Self.split(token)
      let spec = (globalOptions + command.options).first { $0.name == name || $0.shortName == name }
      if let spec, spec.valueName != nil, inlineValue == nil, !spec.valueIsOptional, index < argv.endIndex {
        options.append(argv[index])
        index += 1
      }
    }
    let words = ["scorekeeper"] + argv[..<position] + options + ["--", argv[position]] + arguments
    return words.map(Self.shellQuoted).joined(separator: " ")
  }

  private func match(_ positionals: [String], to command: CommandSpec, options: [String: String])
    throws(UsageError) -> (arguments: [String: String], rest: [String])
  {
    if let last = command.arguments.last, let flag = last.onlyWith, options[flag] == nil {
      var without = command
      without.arguments.removeLast()
      if positionals.count > without.arguments.count, positionals[without.arguments.count].contains("=") {
        throw UsageError(
          "\(quote(positionals[without.arguments.count])) is a \(last.name) of \(flag): add \(flag) "
            + "(\(command.name) TITLE \(flag) Ann=5 Bob=3).", command: command.name)
      }
      return try match(positionals, to: without, options: options)
    }
    let required = command.arguments.filter { !$0.isOptional }
    guard positionals.count >= required.count else {
      let missing = command.arguments[positionals.count]
      throw UsageError("Missing \(missing.name) for \(command.name).", command: command.name)
    }
    if let last = command.arguments.last, last.isVariadic {
      let fixed = command.arguments.count - 1
      var arguments: [String: String] = [:]
      for (spec, value) in zip(command.arguments.prefix(fixed), positionals) { arguments[spec.name] = value }
      return (arguments, Array(positionals.dropFirst(fixed)))
    }
    guard positionals.count <= command.arguments.count else {
      let extra = positionals[command.arguments.count...]
      var message = "Unexpected argument \(quote(extra.first!)) for \(command.name)."
      if let last = command.arguments.last, !last.isOptional {
        let joined = (positionals[(command.arguments.count - 1)...]).joined(separator: " ")
        message +=
          last.mayHoldSpaces
          ? "\nIf \(quote(joined)) is one \(last.name), put quotes around it."
          : "\n\(command.name) takes one \(last.name): run it once for each."
      }
      throw UsageError(message, command: command.name)
    }
    var arguments: [String: String] = [:]
    for (spec, value) in zip(command.arguments, positionals) {
      arguments[spec.name] = value
    }
    return (arguments, [])
  }

  /// "-x", "--long", but not "-" alone nor a negative number like "-5".
  static func looksLikeOption(_ token: String) -> Bool {
    guard token.hasPrefix("-"), token.count > 1 else { return false }
    let second = token[token.index(after: token.startIndex)]
    return !(second.isASCII && second.isNumber)
  }

  /// "--db=x.sqlite" → ("--db", "x.sqlite"); "--json" → ("--json", nil).
  static func split(_ token: String) -> (String, String?) {
    guard token.hasPrefix("--"), let equals = token.firstIndex(of: "=") else { return (token, nil) }
    return (String(token[..<equals]), String(token[token.index(after: equals)...]))
  }

  /// The token as it would be typed in a shell, for suggested commands.
  static func shellQuoted(_ text: String) -> String {
    let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "-_.,/:@+=".contains($0) }
    return plain && !text.isEmpty ? text : "'" + text.replacing("'", with: "'\\''") + "'"
  }
}
