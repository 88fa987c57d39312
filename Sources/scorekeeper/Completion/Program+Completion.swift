extension Completer {
  /// The hidden first argument the completion scripts run the program
  /// with, followed by the command line typed so far (up to the cursor).
  static let entryPoint = "__complete"
}

extension Program {
  static let completer = Completer(commands: Command.all.map(\.spec), globalOptions: globalOptions)

  /// Answers the completion scripts: the first line says what is offered
  /// (`:words`, then a word and its help per line, tab-separated; or
  /// `:files`, for the shell's own file-name completion).
  func completeLine(_ line: String) {
    let words = Array(ShellWords.split(line).dropFirst())  // (the program's name)
    let context = Self.completer.context(of: words)
    // The settings file counts, as for any command; a broken one is left
    // out (completion never complains).
    let file = ConfigFile.path(environment: environment).flatMap { try? ConfigFile.read(at: $0) }
    let settings =
      (try? Settings.resolve(options: context.values, environment: environment, file: file))
      ?? (try? Settings.resolve(options: context.values, environment: environment, file: nil))
    let path = try? settings?.databasePath(creatingFolders: false)
    switch Self.completer.complete(words, in: context, names: path.map(Completer.Names.inDatabase) ?? .none) {
    case .files:
      output.line(":files")
    case .words(let candidates):
      output.line(":words")
      // (A name the database holds from an older version, with control
      // characters, is no word a shell could take back.)
      for candidate in candidates where candidate.word.visible == candidate.word {
        output.write(candidate.word)
        if !candidate.help.isEmpty { output.write(verbatim: "\t" + candidate.help.visible) }
        output.line()
      }
    }
  }
}
