import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

extension Command {
  static let importData = Command(
    spec: CommandSpec(
      name: "import",
      summary: "Add the games in FILE: an export of scorekeeper's, its CSV, or BG Stats' export.",
      arguments: [Argument.importedFile.spec],
      options: [Option.importFormat.spec, Option.timeZone.spec, Flag.dryRun.spec],
      discussion: """
        FILE (- for standard input) is read once and checked row by row as it is
        written, in one transaction: a problem (its JSON path, or its CSV line and
        column) is reported and nothing is imported. Every wrong row of a CSV is listed
        (the first 50, then how many more); a JSON export stops at its first problem,
        where it was damaged. Rows are merged by id, as a
        sync merges: what is already here stays, so importing a file twice adds
        nothing. A game or player changed here since the file was written keeps this
        database's version; a score change, round or game event whose id is here with
        other content is refused. --format is guessed from the content when not given;
        a file that is not text (an image, a database, an archive) is refused as such.
        --dry-run checks the whole file and says what would be added, writing nothing.
        Imported games sync like any other. A BG Stats file is judged whole first, and
        every play that needs attention is listed (the first 50, then how many more).
        Its plays' times are the phone's wall clock, read in --time-zone (a name as in
        /usr/share/zoneinfo, such as Europe/Berlin; the machine's zone when not given).
        A newer BG Stats backup brings the plays edited in the app since up to date by
        corrections each game's history shows; plays it deleted or no longer has are
        named and kept.
        """,
      examples: [
        "scorekeeper import games.json",
        "scorekeeper import scores.csv --dry-run",
        "scorekeeper import BGStatsExport.json --format bgstats",
      ]
    ),
    syncs: true,
    // What it added is an echo; what a dry run would add was asked for.
    echoes: true,
    asksToShow: { $0[.dryRun] },
    prepare: { invocation in
      if let format = invocation[Option.importFormat], ImportFormat(rawValue: format) == nil {
        throw UsageError("--format takes json, csv or bgstats (got \(quote(format))).", command: "import")
      }
      if let zone = invocation[Option.timeZone], SystemTimeZone.zone(named: zone) == nil {
        throw UsageError(
          "--time-zone takes a time zone's name, such as Europe/Berlin or UTC (got \(quote(zone))).",
          command: "import")
      }
    },
    run: { invocation in
      let path = invocation[.importedFile]
      let store = try invocation.store()
      let descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
      guard descriptor >= 0 else {
        throw CommandFailure(
          "Can't read \(quote(path)): \(String(cString: strerror(errno))). Nothing was imported.")
      }
      defer { if descriptor != 0 { close(descriptor) } }
      let source = ImportSource(descriptor: descriptor)
      let summary: ImportSummary
      let format: ImportFormat
      do {
        try ImportFormat.refuseNonText(source)
        format = try invocation[Option.importFormat].flatMap(ImportFormat.init(rawValue:)) ?? .guess(source)
        switch format {
        case .json: summary = try store.transfer.importExport(from: source, dryRun: invocation[.dryRun])
        case .csv: summary = try store.transfer.importCSV(from: source, dryRun: invocation[.dryRun])
        case .bgstats:
          summary = try store.transfer.importBGStats(
            from: source, dryRun: invocation[.dryRun],
            timeZone: SystemTimeZone.zone(named: invocation[Option.timeZone])!)
        }
      } catch let problems as ImportProblems where problems.total > 1 {
        throw CommandFailure(
          "Can't import \(path == "-" ? "standard input" : quote(path)): \(problems)\nNothing was imported.")
      } catch {
        // One problem, in any format, on one line.
        guard let error = (error as? ImportProblems)?.problems.first ?? error as? ImportError else {
          throw error
        }
        // (A problem in the commands' words ends with its own period.)
        let words = "\(error)".hasSuffix(".") ? "\(error)" : "\(error)."
        throw CommandFailure(
          "Can't import \(path == "-" ? "standard input" : quote(path)) \(words) Nothing was imported.")
      }
      if invocation.json {
        func ids(_ plays: [ImportedPlay]) -> JSON { .array(plays.map { .string($0.id) }) }
        func counts(_ counts: [String: Int]) -> JSON {
          .object(ImportSummary.tables.map { (ImportWords.key(of: $0), .integer(Int64(counts[$0] ?? 0))) })
        }
        invocation.print(
          .object([
            ("file", .string(path)), ("format", .string(format.rawValue)), ("dryRun", .bool(summary.dryRun)),
            ("added", counts(summary.added)), ("alreadyHere", counts(summary.alreadyHere)),
            ("keptHere", counts(summary.keptHere)),
            ("updated", ids(summary.updated)), ("deletedInFile", ids(summary.deletedInFile)),
            ("notInFile", ids(summary.notInFile)),
          ]))
        return
      }
      let added = ImportWords.list(summary.added)
      invocation.output.line(
        "\(summary.dryRun ? "Would import" : "Imported") \(quote(path)): \(added.isEmpty ? "nothing new" : added)."
      )
      let alreadyHere = ImportWords.list(summary.alreadyHere)
      if !alreadyHere.isEmpty { invocation.output.line("Already here: \(alreadyHere).") }
      let kept = ImportWords.list(summary.keptHere)
      if !kept.isEmpty { invocation.output.line("Changed here since, kept as they are here: \(kept).") }
      for (plays, words) in [
        (
          summary.updated,
          summary.dryRun
            ? "Would bring up to date, with corrections"
            : "Brought up to date, with corrections (history shows them)"
        ),
        (summary.deletedInFile, "Deleted in the file, kept here (delete-game removes one)"),
        (summary.notInFile, "Imported before, not in this file, kept here"),
      ] where !plays.isEmpty {
        invocation.output.line("\(words): \(ImportWords.list(plays)).")
      }
      if summary.dryRun { invocation.output.line("(--dry-run: nothing was written.)") }
    })
}

/// How an import's counts read: "4 games, 120 score changes".
enum ImportWords {
  static func key(of table: String) -> String {
    switch table {
    case "playerPhotos": "photos"
    case "scoreEvents": "scoreChanges"
    default: table
    }
  }

  /// "2 games: 9e2b…7d01 "Carcassonne", 9e2b…7d04 "Ticket to Ride""; the
  /// first ten, then how many more.
  static func list(_ plays: [ImportedPlay]) -> String {
    let shown = plays.prefix(10).map { "\(IDFragment.short($0.id)) \(quote($0.title))" }
    return (plays.count == 1 ? "1 game: " : "\(plays.count) games: ") + shown.joined(separator: ", ")
      + (plays.count > shown.count ? " and \(plays.count - shown.count) more" : "")
  }

  static func list(_ counts: [String: Int]) -> String {
    ImportSummary.tables.compactMap { table in
      guard let count = counts[table], count > 0 else { return nil }
      let (one, many) = TableNouns.of(table)
      return "\(count) \(count == 1 ? one : many)"
    }.joined(separator: ", ")
  }
}

extension Flag {
  fileprivate static let dryRun = Flag(
    spec: OptionSpec(
      name: "--dry-run", help: "Check the whole file and say what would be added; write nothing."))
}

extension Argument where Value == String {
  fileprivate static let importedFile = Argument(
    ArgumentSpec(name: "FILE", help: "The file to import; - reads standard input."))
}

extension Option where Value == String {
  fileprivate static let timeZone = Option(
    OptionSpec(
      name: "--time-zone", valueName: "ZONE",
      help: "The zone a BG Stats file's times are in (Europe/Berlin; the machine's by default)."))
  fileprivate static let importFormat = Option(
    OptionSpec(name: "--format", valueName: "FORMAT", help: "json, csv or bgstats (guessed when not given)."))
}
