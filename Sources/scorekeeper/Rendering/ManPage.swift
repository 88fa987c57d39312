import ScorekeeperCore

/// The manual page, scorekeeper(1), in roff's man macros: generated from
/// the same command specs as `help`, so the two cannot disagree. The
/// committed `Docs/scorekeeper.1` is this output (`ManPageTests` fails
/// when it is stale; `make golden` writes it again), and `make install`
/// installs it.
enum ManPage {
  static func render() -> String {
    var page = [
      ".TH SCOREKEEPER 1 \"\" \"scorekeeper \(Program.version)\" \"User Commands\"",
      ".SH NAME",
      "scorekeeper \\- keep score of games from the command line",
      ".SH SYNOPSIS",
      ".B scorekeeper",
      "[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGUMENTS\\fR]",
      ".SH DESCRIPTION",
      text(
        "scorekeeper keeps games, players and scores in an SQLite database, and syncs them with the "
          + "user's other devices and with the people a game is shared with, through a cloud: a "
          + "PostgreSQL server, or a mock cloud kept in a file."),
      ".PP",
      text(
        "Games are named by title (any case) or id; players by name or id. An id can be typed as printed "
          + "(3f2a…91bc), or as its first or last 4+ hex digits (91bc)."),
      ".SH COMMANDS",
    ]
    for command in Command.all { page += section(command.spec) }
    page += [".SH OPTIONS", text("Global options, before or after the command:")]
    page += Program.globalOptions.flatMap(item)
    page += [".SH ENVIRONMENT"]
    page += Settings.documentedVariables.flatMap { [".TP", ".B " + text($0.name), text($0.help)] }
    page += [
      ".PP",
      text("A live cloud's connection also reads libpq's variables (PGPASSWORD, PGPASSFILE, PGSERVICE, …)."),
      ".SH FILES",
      ".TP",
      ".I ~/.local/share/scorekeeper/scorekeeper.sqlite",
      text("The database, unless --db or SCOREKEEPER_DB names another (under $XDG_DATA_HOME when set)."),
      ".TP",
      ".I ~/.config/scorekeeper/config",
      text(
        "The settings: key = value lines (db, cloud, user, offline, sync-budget, color, pager), under "
          + "$XDG_CONFIG_HOME "
          + "when set. An option beats its environment variable, which beats the file. See config."),
      ".TP",
      ".I ~/.local/share/scorekeeper/mock-cloud.sqlite",
      text("The mock cloud, unless --cloud or SCOREKEEPER_CLOUD names another."),
      ".SH EXIT STATUS",
      ".TP", ".B 0", "Success.",
      ".TP", ".B 1", "The operation failed (nothing was written).",
      ".TP", ".B 2", text("Usage error: an unknown command or option, or a malformed argument or setting."),
      ".TP", ".B 3", "The database cannot be used.",
      ".TP", ".B 4",
      text("The command ran, but its output could not be written (a full disk): a change it made is saved."),
      ".TP", ".B 141",
      text("The reader of the output went away (a closed pipe): killed by SIGPIPE, as cat would be."),
      ".SH SEE ALSO",
      ".BR sqlite3 (1),",
      ".BR psql (1)",
    ]
    return page.joined(separator: "\n") + "\n"
  }

  private static func section(_ spec: CommandSpec) -> [String] {
    var lines = [".SS " + usage(spec), text(spec.summary)]
    for paragraph in HelpText.paragraphs(spec.discussion) { lines += [".PP", text(paragraph)] }
    for argument in spec.arguments { lines += [".TP", ".I " + text(argument.name), text(argument.help)] }
    for option in spec.options { lines += item(option) }
    if !spec.examples.isEmpty {
      // (At the text's indent, not further: an example fits 80 columns.)
      lines += [".PP", "Examples:", ".nf"] + spec.examples.map(text) + [".fi"]
    }
    return lines
  }

  private static func item(_ option: OptionSpec) -> [String] {
    let names = [option.shortName, option.usage].compactMap { $0 }.map(text).joined(separator: ", ")
    return [".TP", ".B " + names, text(option.help)]
  }

  /// A command's synopsis (`CommandSpec.usage`): names and options bold,
  /// placeholders italic.
  private static func usage(_ spec: CommandSpec) -> String {
    placeholder(spec.usage)
  }

  /// Upper-case words italic (GAME, N), the rest bold (--score, |).
  private static func placeholder(_ usage: String) -> String {
    usage.split(separator: " ", omittingEmptySubsequences: false).map { word in
      let core = String(word.filter { $0 != "[" && $0 != "]" })
      let font = core.allSatisfy { $0.isUppercase || $0 == "_" } && !core.isEmpty ? "\\fI" : "\\fB"
      let opening = String(word.prefix { $0 == "[" })
      let closing = String(word.reversed().prefix { $0 == "]" })
      return opening + font + text(core) + "\\fR" + closing
    }.joined(separator: " ")
  }

  /// Text roff prints as written: backslashes escaped, hyphens as the
  /// minus sign options use (so they can be searched and copied), other
  /// than ASCII by code point, and a line that would start with a control
  /// character guarded.
  static func text(_ string: String) -> String {
    var escaped = ""
    for character in string {
      switch character {
      case "\\": escaped += "\\e"
      case "-": escaped += "\\-"
      case _ where !character.isASCII:
        // As \[uXXXX]: the page is ASCII, for any troff and any locale.
        for scalar in character.unicodeScalars {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          escaped += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
        }
      default: escaped.append(character)
      }
    }
    if escaped.hasPrefix(".") || escaped.hasPrefix("'") { escaped = "\\&" + escaped }
    return escaped
  }
}
