import ScorekeeperCore

/// The help pages, generated from the command specs.
enum HelpText {
  /// Help fits a terminal of 80 columns.
  static let width = 80

  static func overview() -> String {
    let commands = Command.all.map { ($0.spec.name, $0.spec.summary) }
    return """
      scorekeeper \(Program.version): keep score of games from the command line.

      Usage: scorekeeper [OPTIONS] COMMAND [ARGUMENTS]

      Commands:
      \(columns(commands))

      Options (before or after the command):
      \(columns(Program.globalOptions.map(row)))

      Environment (an option given wins over its variable):
      \(columns(Settings.documentedVariables.map { ($0.name, $0.help) }, below: true))

      \(wrap("Games are named by title (any case) or id; players by name or id. An id can be typed as printed (3f2a…91bc), or as its first or last 4+ hex digits (91bc)."))

      \(wrap("Exit status: 0 success, 1 the operation failed, 2 usage error, 3 the database cannot be used, 4 the output could not be written (a change made is saved), 141 the output's reader went away (SIGPIPE). On any other failure nothing is written."))

      Run "scorekeeper help COMMAND" for a command's details, "man scorekeeper" for
      everything.

      """
  }

  static func details(of spec: CommandSpec) -> String {
    var sections = [wrap("Usage: scorekeeper \(spec.usage)", indent: 7), wrap(spec.summary)]
    sections += paragraphs(spec.discussion).map { wrap($0) }
    if !spec.arguments.isEmpty {
      sections.append("Arguments:\n" + columns(spec.arguments.map { ($0.name, $0.help) }))
    }
    if !spec.options.isEmpty {
      var options = "Options:\n" + columns(spec.options.map(row))
      if !spec.exclusiveOptions.isEmpty {
        options +=
          "\n" + wrap("Give at most one of \(spec.exclusiveOptions.joined(separator: ", ")).", indent: 2)
      }
      sections.append(options)
    }
    if !spec.examples.isEmpty {
      sections.append("Examples:\n" + spec.examples.map { "  " + $0 }.joined(separator: "\n"))
    }
    let global = Program.globalOptions.map(\.usage).joined(separator: ", ")
    sections.append(wrap("Global options: \(global) (see \"scorekeeper help\")."))
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// Paragraphs (split at blank lines), each on one line, for `wrap`.
  static func paragraphs(_ text: String) -> [String] {
    var paragraphs: [[String]] = [[]]
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = String(line).trimmingWhitespace()
      if trimmed.isEmpty { paragraphs.append([]) } else { paragraphs[paragraphs.count - 1].append(trimmed) }
    }
    return paragraphs.filter { !$0.isEmpty }.map { $0.joined(separator: " ") }
  }

  /// `text` in lines of at most `width` columns, broken at spaces: the
  /// first line starts `used` columns in, the others `indent` columns in.
  /// A word longer than a line (a URL) gets a line of its own.
  static func wrap(_ text: String, indent: Int = 0, used: Int = 0) -> String {
    var lines: [String] = []
    var line = ""
    var lineWidth = used
    for word in text.split(separator: " ") {
      let wordWidth = String(word).displayWidth
      if !line.isEmpty && lineWidth + 1 + wordWidth > width {
        lines.append(line)
        line = String(repeating: " ", count: indent)
        lineWidth = indent
      } else if !line.isEmpty {
        line += " "
        lineWidth += 1
      }
      line += word
      lineWidth += wordWidth
    }
    lines.append(line)
    return lines.joined(separator: "\n")
  }

  private static func row(_ option: OptionSpec) -> (String, String) {
    let names = [option.shortName, option.usage].compactMap { $0 }.joined(separator: ", ")
    return (names, option.help)
  }

  /// Two aligned columns, indented by two spaces, the second wrapped
  /// under itself; or, `below`, each description indented on the lines
  /// after its name (for long names, such as variables).
  private static func columns(_ rows: [(String, String)], below: Bool = false) -> String {
    if below {
      return rows.map { name, text in "  " + name + "\n      " + wrap(text, indent: 6, used: 6) }
        .joined(separator: "\n")
    }
    let nameWidth = rows.map(\.0.displayWidth).max() ?? 0
    return rows.map { name, text in
      "  " + name.padding(to: nameWidth) + "  " + wrap(text, indent: nameWidth + 4, used: nameWidth + 4)
    }.joined(separator: "\n")
  }
}
