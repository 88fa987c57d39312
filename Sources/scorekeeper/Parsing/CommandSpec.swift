/// The declarative description of one command: what it accepts and how it
/// is explained. The parser matches argv against it and the help text is
/// generated from it, so the two cannot disagree.
struct CommandSpec {
  var name: String
  /// One line, for the command list.
  var summary: String
  var arguments: [ArgumentSpec] = []
  var options: [OptionSpec] = []
  /// Paragraphs for `help COMMAND`, after the summary.
  var discussion: String = ""
  var examples: [String] = []
  /// Whether --json applies; a command for people only refuses it (exit
  /// 2) rather than ignoring it, so a script never parses text as JSON.
  var printsJSON = true
  /// Options of which at most one may be given (share's actions): shown
  /// as one bracket, `[--read-only | --stop]`, and enforced by the parser.
  var exclusiveOptions: [String] = []

  /// "add-player GAME NAME [--score N]"; "share GAME [--read-only | … ] [--force]".
  var usage: String {
    var parts = [name] + arguments.map(\.usage)
    var grouped = false
    for option in options {
      if exclusiveOptions.contains(option.name) {
        if !grouped {
          let group = options.filter { exclusiveOptions.contains($0.name) }.map(\.usage)
          parts.append("[" + group.joined(separator: " | ") + "]")
          grouped = true
        }
      } else {
        parts.append("[\(option.usage)]")
      }
    }
    return parts.joined(separator: " ")
  }
}

/// A positional argument.
struct ArgumentSpec {
  var name: String
  var help: String
  var isOptional = false
  /// Whether a value may hold spaces (a title, a name), so that words too
  /// many are more likely one value left unquoted than several values.
  var mayHoldSpaces = true
  /// The words it takes, when they are a fixed few (an action, a key),
  /// each with a line of help: what tab completion offers.
  var choices: [(word: String, help: String)] = []
  /// How its text becomes the value a command reads (`Argument`): the
  /// text itself unless its key says otherwise.
  var decode: @Sendable (String) throws -> any Sendable = { $0 }
  /// Whether it takes every word left (the last argument only): `round`'s
  /// points. Optional ones take none or more, others one or more.
  var isVariadic = false
  /// The flag without which it takes nothing (`add-game`'s points come
  /// with `--result`): without it, words past the others are refused as
  /// unexpected, a title left unquoted most likely.
  var onlyWith: String? = nil

  var usage: String {
    let words = isVariadic ? "\(name) [\(name) …]" : name
    return isOptional ? "[\(isVariadic ? name + " …" : name)]" : words
  }
}

/// A `--long` option: a flag, or one that takes a value.
struct OptionSpec {
  var name: String
  /// The placeholder for the value ("N", "PATH"), or nil for a flag.
  var valueName: String?
  var help: String
  /// A one-letter alias ("-h"), if any.
  var shortName: String? = nil
  /// Whether `--name=value` may also be written as a bare `--name` (`--trace`).
  var valueIsOptional = false
  /// How its value's text becomes what a command reads (`Option`).
  var decode: @Sendable (String) throws -> any Sendable = { $0 }

  var usage: String {
    guard let valueName else { return name }
    return valueIsOptional ? "\(name)[=\(valueName)]" : "\(name) \(valueName)"
  }
}
