import ScorekeeperCore

extension Command {
  static let config = Command(
    spec: CommandSpec(
      name: "config",
      summary: "Show or change the settings file's values (db, cloud, user, …).",
      arguments: [Argument.configAction.spec, Argument.key.spec, Argument.value.spec],
      options: [Flag.origin.spec],
      discussion: """
        The settings file is $XDG_CONFIG_HOME/scorekeeper/config (else
        ~/.config/scorekeeper/config): lines of "key = value", with # comments. A
        value counts where neither its option nor its environment variable is
        given: db (--db, SCOREKEEPER_DB), cloud (--cloud, SCOREKEEPER_CLOUD), user
        (--user, SCOREKEEPER_USER), offline (1 or 0: --offline, SCOREKEEPER_OFFLINE),
        sync-budget (seconds: SCOREKEEPER_SYNC_BUDGET), color (auto, always or never:
        --color, SCOREKEEPER_COLOR), pager (empty for none: --no-pager,
        SCOREKEEPER_PAGER). A mistake in the file stops
        every command with a message naming the line, until it is fixed (config set
        and unset still work). config list --origin shows the value each setting
        has for a command run here, and where it comes from.
        """,
      examples: [
        "scorekeeper config set db ~/games.sqlite", "scorekeeper config get db", "scorekeeper config list",
        "scorekeeper config list --origin", "scorekeeper config unset db",
      ]
    ),
    run: { invocation in
      let action = invocation[.configAction]
      let key = invocation[ifGiven: .key]
      let value = invocation[ifGiven: .value]
      guard let path = ConfigFile.path(environment: invocation.settings.environment) else {
        throw UsageError("Cannot tell where the settings file is: HOME is not set.", command: "config")
      }
      let file = try ConfigFile.read(at: path)
      func requireKey() throws -> String {
        guard let key else { throw UsageError("config \(action) needs a KEY.", command: "config") }
        guard ConfigFile.keys.contains(where: { $0.key == key }) else {
          throw UsageError(ConfigFile.unknownKey(key), command: "config")
        }
        return key
      }
      switch action {
      case "list" where invocation[.origin]:
        try listOrigins(invocation, file: file)
      case "list", "get":
        if invocation[.origin] {
          throw UsageError("--origin goes with config list only.", command: "config")
        }
        let values = try file.values()
        if action == "get" {
          let key = try requireKey()
          guard let value = values.first(where: { $0.key == key })?.value else {
            throw ConfigFileError(message: "\(key) is not set in \(quote(path)).")
          }
          if invocation.json {
            invocation.print(.object([("key", .string(key)), ("value", .string(value))]))
          } else {
            invocation.output.line(value)
          }
        } else if invocation.json {
          invocation.print(
            .object([
              ("file", .string(path)), ("values", .object(values.map { ($0.key, JSON.string($0.value)) })),
            ]))
        } else {
          for (key, value) in values { invocation.output.line("\(key) = \(value)") }
        }
      case "set":
        let key = try requireKey()
        guard let value else { throw UsageError("config set \(key) needs a VALUE.", command: "config") }
        if let problem = ConfigFile.problem(key: key, value: value) {
          throw UsageError("Can't set \(problem) Nothing was changed.", command: "config")
        }
        try file.setting(key, to: value).write()
        if !invocation.json { invocation.output.line("Set \(key) = \(value) in \(quote(path)).") }
      case "unset":
        // Any key the file has, known or not: unset is how a mistake is mended.
        guard let key else { throw UsageError("config unset needs a KEY.", command: "config") }
        let changed = file.setting(key, to: nil)
        if changed != file { try changed.write() } else { _ = try requireKey() }
      default:
        throw UsageError(
          "Unknown config action \(quote(action)); use list, get, set or unset.", command: "config")
      }
    })

  /// Every setting a command run here would use: its value (or why the
  /// value given cannot be used) and where it comes from. A connection
  /// string holding a password is never printed: its error says so.
  private static func listOrigins(_ invocation: Invocation, file: ConfigFile) throws {
    let settings = try Settings.resolve(
      options: invocation.commandLine.options, environment: invocation.settings.environment, file: file)
    let shown = settings.described.filter { !$0.spec.testOnly || !$0.origin.isDefault }
    var rows: [JSON] = []
    for (spec, _, origin, error) in shown {
      let problem = error.map { ($0 as? UsageError)?.message ?? "\($0)" }
      let value = problem == nil ? settings.display(of: spec) : nil
      if invocation.json {
        rows.append(
          .object([
            ("key", .string(spec.key)), ("value", value.map(JSON.string) ?? .null), ("origin", origin.json),
            ("problem", problem.map(JSON.string) ?? .null),
          ]))
      } else if let value {
        invocation.output.line("\(spec.key) = \(value)  (\(origin.label))")
      } else {
        invocation.output.line("\(spec.key) is not usable (\(origin.label)): \(problem!)")
      }
    }
    if invocation.json {
      invocation.print(.object([("file", .string(file.path)), ("settings", .array(rows))]))
    }
  }
}

extension SettingOrigin {
  /// `{"kind": "option"|"environment"|"file"|"default", "name"|"line"}`.
  var json: JSON {
    switch self {
    case .option(let name): .object([("kind", .string("option")), ("name", .string(name))])
    case .environment(let name): .object([("kind", .string("environment")), ("name", .string(name))])
    case .file(_, _, let line): .object([("kind", .string("file")), ("line", .integer(Int64(line)))])
    case .proposed, .byDefault: .object([("kind", .string("default"))])
    }
  }
}

extension Argument where Value == String {
  fileprivate static let configAction = Argument(
    ArgumentSpec(
      name: "ACTION",
      help: "list: every value the file sets; get KEY: one; set KEY VALUE: set it; unset KEY: remove it.",
      choices: [
        ("list", "every value the file sets"), ("get", "one key's value"), ("set", "set a key's value"),
        ("unset", "remove a key"),
      ]))
  fileprivate static let key = Argument(
    ArgumentSpec(
      name: "KEY", help: ConfigFile.keys.map(\.key).joined(separator: ", ") + ".", isOptional: true,
      choices: ConfigFile.keys.map { ($0.key, $0.help) }))
  fileprivate static let value = Argument(
    ArgumentSpec(name: "VALUE", help: "The value to set.", isOptional: true))
}

extension Flag {
  fileprivate static let origin = Flag(
    spec: OptionSpec(
      name: "--origin",
      help: "With list: every setting's value in effect, and where it comes from (an option, a variable, "
        + "the file, or the default)."))
}
