extension Store.Transfer {
  /// Imports BG Stats' JSON backup: each play becomes a finished game of
  /// its game's kind (titled by the game's name), each seat a player with
  /// its score as one change, ended when the play ended. What each field
  /// becomes is in `BGStatsPlay` and README's "Importing from BG Stats".
  ///
  /// Every play is read and judged before anything is written, so a
  /// refusal names every play that needs attention (`ImportProblems`),
  /// and changes nothing. Ids are made from the play's uuid, so importing
  /// the file again adds nothing; its rows carry the device "bgstats", so
  /// every device importing the file makes the same rows. A play here
  /// already, edited in the app since, is brought up to date
  /// (`update(_:with:)`); the plays imported before that the file lists
  /// as deleted, or no longer has, are named in the summary and kept.
  public func importBGStats(from source: ImportSource, dryRun: Bool, timeZone: LocalTimeZone) throws
    -> ImportSummary
  {
    let reader = try JSONStreamReader(source: source)
    let file = try BGStatsFile(reader: reader)
    var plays: [BGStatsPlay] = []
    var problems: [ImportError] = []
    for play in file.plays {
      switch BGStatsPlay.make(play, of: file, timeZone: timeZone) {
      case .success(let made): plays.append(made)
      case .failure(let refusal): problems += refusal.problems
      }
    }
    guard problems.isEmpty else { throw ImportProblems(problems) }
    var updated: [ImportedPlay] = []
    var summary = try importing(dryRun: dryRun) { importer in
      for play in plays {
        do {
          switch try update(play, with: importer) {
          case nil: try play.write(to: importer)
          case .updated: updated.append(ImportedPlay(id: play.id, title: play.title))
          case .alreadyHere, .keptHere: break
          }
        } catch let problem as RowProblem {
          throw ImportError(location: play.location, problem: problem.problem)
        }
      }
    }
    summary.updated = updated
    (summary.deletedInFile, summary.notInFile) = try store.read {
      try importedBefore(
        missingFrom: Set(plays.map(\.id)), deleted: Set(file.deleted.map(BGStatsPlay.gameID)))
    }
    return summary
  }
}

extension Store.Transfer {
  /// The games imported from BG Stats before (their rule change made by
  /// the device "bgstats") whose play is not among `ids`: those `deleted`
  /// lists, and the others.
  private func importedBefore(missingFrom ids: Set<String>, deleted: Set<String>) throws -> (
    deleted: [ImportedPlay], missing: [ImportedPlay]
  ) {
    var result: (deleted: [ImportedPlay], missing: [ImportedPlay]) = ([], [])
    try store.database.forEachRow(
      """
      SELECT g.id, g.title FROM games AS g
      WHERE EXISTS (SELECT 1 FROM gameEvents AS e WHERE e.gameID = g.id AND e.kind = 'rules' AND e.device = 'bgstats')
      ORDER BY g.title, g.id
      """
    ) { row in
      let play = ImportedPlay(id: try row.text(0), title: try row.text(1))
      guard !ids.contains(play.id) else { return }
      if deleted.contains(play.id) { result.deleted.append(play) } else { result.missing.append(play) }
    }
    return result
  }
}

/// Every problem a refused import found, each where it is; nothing was
/// written. At most `shown` are kept, and how many there were.
public struct ImportProblems: Error, Equatable, CustomStringConvertible {
  public static let shown = 50
  public let problems: [ImportError]
  public let total: Int

  public init(_ problems: [ImportError]) {
    self.init(problems, total: problems.count)
  }

  /// The first problems found (`shown` of them are kept), of `total`.
  public init(_ problems: [ImportError], total: Int) {
    self.problems = Array(problems.prefix(Self.shown))
    self.total = total
  }

  /// "3 problems:" then a line each, then how many more were not listed.
  public var description: String {
    // (A problem in the commands' words ends with its own period.)
    ([total == 1 ? "1 problem:" : "\(total) problems:"]
      + problems.map { "  \($0)" + ("\($0)".hasSuffix(".") ? "" : ".") }
      + (total > problems.count ? ["  … and \(total - problems.count) more."] : []))
      .joined(separator: "\n")
  }
}
