/// The help pages, generated from the command specs.
enum HelpText {
  static func overview() -> String {
    let commands = Command.all.map { ($0.spec.name, $0.spec.summary) }
    return """
      scorekeeper \(Program.version): keep score of games from the command line.

      Usage: scorekeeper [OPTIONS] COMMAND [ARGUMENTS]

      Commands:
      \(columns(commands))

      Options (before or after the command):
      \(columns(Program.globalOptions.map(row)))

      Games are named by title (any case) or id; players by name or id. An id can
      be typed as its first 4+ hex digits or as printed (3f2a…91bc).

      Exit status: 0 success, 1 the operation failed, 2 usage error, 3 the database
      cannot be used. On any failure nothing is written.

      Run "scorekeeper help COMMAND" for a command's details.

      """
  }

  static func details(of spec: CommandSpec) -> String {
    var sections = ["Usage: scorekeeper \(spec.usage)", spec.summary]
    if !spec.discussion.isEmpty { sections.append(spec.discussion) }
    if !spec.arguments.isEmpty {
      sections.append("Arguments:\n" + columns(spec.arguments.map { ($0.name, $0.help) }))
    }
    if !spec.options.isEmpty {
      sections.append("Options:\n" + columns(spec.options.map(row)))
    }
    if !spec.examples.isEmpty {
      sections.append("Examples:\n" + spec.examples.map { "  " + $0 }.joined(separator: "\n"))
    }
    let global = Program.globalOptions.map(\.usage).joined(separator: ", ")
    sections.append("Global options: \(global) (see \"scorekeeper help\").")
    return sections.joined(separator: "\n\n") + "\n"
  }

  private static func row(_ option: OptionSpec) -> (String, String) {
    let names = [option.shortName, option.usage].compactMap { $0 }.joined(separator: ", ")
    return (names, option.help)
  }

  /// Two aligned columns, indented by two spaces.
  private static func columns(_ rows: [(String, String)]) -> String {
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map { name, text in
      "  " + name.padding(to: width) + "  " + text
    }.joined(separator: "\n")
  }
}
