import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// The whole program as a function: arguments and environment in, text on
/// two streams and an exit status out. `main.swift` wires it to the real
/// process; tests call it directly.
struct Program {
  static let version = "0.1.0"

  static let globalOptions: [OptionSpec] = [
    OptionSpec(
      name: "--db", valueName: "PATH",
      help: "The database file (default: $SCOREKEEPER_DB, else in $XDG_DATA_HOME)."),
    OptionSpec(
      name: "--cloud", valueName: "URL",
      help: "The cloud: a PostgreSQL URL, or a mock's file (default: $SCOREKEEPER_CLOUD, else a mock)."),
    OptionSpec(
      name: "--user", valueName: "NAME",
      help: "Who you are on the cloud (default: $SCOREKEEPER_USER, else your login)."),
    OptionSpec(
      name: "--offline",
      help: "Do not sync: no sending, no fetching (default: $SCOREKEEPER_OFFLINE=1)."),
    Flag.json.spec, Flag.utc.spec,
    OptionSpec(
      name: "--color", valueName: "WHEN",
      help: "Colour: auto (on a terminal, unless NO_COLOR or TERM=dumb), always or never."),
    Flag.quiet.spec,
    OptionSpec(
      name: "--no-pager", help: "Never page long output (default: $PAGER, or less -FRX, on a terminal)."),
    Option.trace.spec, Flag.help.spec, Flag.version.spec,
  ]

  static let parser = ArgumentParser(
    commandNamed: { Command.named($0)?.spec }, commands: { Command.all.map(\.spec) },
    globalOptions: globalOptions)

  var environment: (String) -> String?
  var output: Output
  var errors: Output
  var terminal: Terminal

  /// Runs on arguments as the process got them, bytes: one that is not
  /// valid UTF-8 is refused (exit 2, its bytes shown escaped) rather than
  /// repaired with U+FFFD and then stored and synced as if typed so.
  func run(rawArguments: [[UInt8]]) -> ExitCode {
    var arguments: [String] = []
    for (position, bytes) in rawArguments.enumerated() {
      guard let text = String(validating: bytes, as: UTF8.self) else {
        errors.line(
          "Argument \(position + 1) is not valid UTF-8 text: \(Self.escaped(bytes)). Nothing was changed.")
        errors.flush()
        return .usage
      }
      arguments.append(text)
    }
    return run(arguments)
  }

  /// Bytes as a quoted string: printable ASCII as is, anything else \xNN.
  static func escaped(_ bytes: [UInt8]) -> String {
    let hex = Array("0123456789ABCDEF")
    var text = "\""
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): text += "\\" + String(UnicodeScalar(byte))
      case 0x20..<0x7f: text.append(Character(UnicodeScalar(byte)))
      default: text += "\\x" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xf)])
      }
    }
    return text + "\""
  }

  func run(_ arguments: [String]) -> ExitCode {
    let status = runCommand(arguments)
    output.flush()
    defer { errors.flush() }
    switch output.failure {
    case nil: return status
    case EPIPE?: return .closedPipe
    case let code?:
      errors.line(
        "Could not write the output: \(String(cString: strerror(code))). The command itself "
          + (status == .success ? "ran: any change it made is saved." : "failed as well."))
      return status == .success ? .outputFailed : status
    }
  }

  private func runCommand(_ arguments: [String]) -> ExitCode {
    defer { errors.flush() }
    output.asciiOnly = !Presentation.allowsUTF8(environment: environment)
    errors.asciiOnly = output.asciiOnly
    var invocation: Invocation?
    var automaticSync: AutomaticSync?
    defer { invocation?.close() }
    do {
      // The shells' completion scripts call this with the line typed so
      // far; it is not a command (no help, no parsing, no sync).
      if arguments.first == Completer.entryPoint {
        completeLine(arguments.dropFirst().last ?? "")
        return .success
      }
      let commandLine = try Self.parser.parse(arguments)
      if commandLine.has(.version) {
        if commandLine.has(.json) {
          output.line(
            JSON.object([
              ("version", .string(Self.version)), ("schemaVersion", .integer(Int64(Schema.currentVersion))),
            ])
            .rendered())
        } else {
          output.line("scorekeeper \(Self.version) (schema version \(Schema.currentVersion))")
        }
        return .success
      }
      guard let name = commandLine.command, let command = Command.named(name) else {
        if commandLine.has(.help) {
          output.write(HelpText.overview())
          return .success
        }
        errors.write(HelpText.overview())
        return .usage
      }
      if commandLine.has(.help) {
        output.write(HelpText.details(of: command.spec))
        return .success
      }
      if commandLine.has(.json) && !command.spec.printsJSON {
        throw UsageError("\(name) prints text for people only; drop --json.", command: name)
      }
      let settings = try resolvedSettings(for: name, options: commandLine.options)
      let color = try settings.color.get()
      output.usesColor = Presentation.usesColor(
        color, environment: settings.environment, isTerminal: terminal.outputIsTerminal)
      errors.usesColor = Presentation.usesColor(
        color, environment: settings.environment, isTerminal: terminal.errorsAreTerminal)
      // config shows and mends settings, bad ones included (--origin).
      if name != "config" { try settings.validate() }
      // Every argument and option decoded now: a bad one is refused before
      // the command or any sync does anything.
      let values = try CommandValues(
        commandLine, arguments: command.spec.arguments, options: Self.globalOptions + command.spec.options)
      let trace = try traceHandler(values[.trace])
      // --quiet silences a command's echo, never what it was asked to show.
      // "sync status" is the status command under another name.
      let showsStatus = name == "sync" && values[ifGiven: .syncStatus] != nil
      let quiet = values[.quiet] && command.echoes && !command.asksToShow(values)
      var succeeded = false
      let listing =
        command.pages && terminal.outputIsTerminal && !values[.json]
        ? Pager.command(try settings.pager.get(), environment: settings.environment).map {
          PagedListing(pager: $0, like: output)
        } : nil
      defer { listing?.finish(succeeded: succeeded, otherwise: output) }
      invocation = Invocation(
        commandLine: commandLine, values: values, output: quiet ? .discarded() : listing?.text ?? output,
        errors: errors,
        terminal: terminal,
        settings: settings, inspectsBinding: command.inspectsBinding,
        databasePath: { try settings.databasePath() },
        needsDatabase: command.needsDatabase && !command.writesWhen(values) || showsStatus,
        openStore: { path in
          try Store(path: path, dependencies: try settings.dependencies.get(), trace: trace)
        })
      try command.prepare?(invocation!)
      if command.syncs, !command.usesNoDatabaseWhen(values), try !invocation!.lacksNeededDatabase(),
        try !settings.offline.get()
      {
        // The database's own problems are the command's, not the sync's.
        let invocation = invocation!
        automaticSync = AutomaticSync(
          store: try invocation.store(), state: try invocation.stateAtOpen(),
          clock: try settings.dependencies.get().clock, errors: errors, times: invocation.times,
          makeEngine: { try invocation.syncEngine(automatic: true) },
          bindingRefusal: { try invocation.bindingRefusal($0) })
        try automaticSync!.before()
      }
      try command.run(invocation!)
      try automaticSync?.after()
      automaticSync?.warn()
      succeeded = true
      return .success
    } catch {
      invocation?.discardNewDatabase()
      // What the sync before the command changed stays changed: said first.
      automaticSync?.warnWhatSyncsChanged()
      return ErrorReport(errors: errors).report(error)
    }
  }

  /// The settings of this run, from the options, the environment and the
  /// settings file. A mistake in the file stops every command but
  /// `config`, which must still be able to mend it (and reads the file
  /// itself).
  private func resolvedSettings(for command: String, options: [String: String]) throws -> Settings {
    let file = command == "config" ? nil : try ConfigFile.path(environment: environment).map(ConfigFile.read)
    return try Settings.resolve(options: options, environment: environment, file: file)
  }

  /// `--trace` prints the command's SQL to stderr; `--trace=all` also the
  /// sync engine's (its triggers, and its own statements).
  private func traceHandler(_ value: String?) throws -> ((String) -> Void)? {
    switch value {
    case nil:
      return nil
    case "":
      var filter = SyncTraceFilter()
      return { [errors] sql in
        if filter.isCommandStatement(sql) { errors.line(sql) }
      }
    case "all":
      return { [errors] sql in errors.line(sql) }
    case let other?:
      throw UsageError("--trace takes no value or =all (got \(quote("--trace=" + other))).")
    }
  }
}

extension Flag {
  static let json = Flag(
    spec: OptionSpec(name: "--json", help: "Print data as JSON, with documented keys in a stable order."))
  static let utc = Flag(
    spec: OptionSpec(name: "--utc", help: "Show times in UTC, not the local time zone (JSON is always UTC)."))
  static let quiet = Flag(
    spec: OptionSpec(
      name: "--quiet", help: "Print nothing but errors from commands that change data.", shortName: "-q"))
  static let help = Flag(
    spec: OptionSpec(name: "--help", help: "Show help; after a command, that command's.", shortName: "-h"))
  static let version = Flag(spec: OptionSpec(name: "--version", help: "Show the version."))
}

extension Option where Value == String {
  static let trace = Option(
    OptionSpec(
      name: "--trace", valueName: "all",
      help: "Print each SQL statement to stderr as it runs (=all: the sync engine's too).",
      valueIsOptional: true))
}
