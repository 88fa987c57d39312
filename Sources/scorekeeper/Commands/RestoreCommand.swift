import ScorekeeperCore

extension Command {
  static let restore = Command(
    spec: CommandSpec(
      name: "restore",
      summary: "Put a backup in the database's place, keeping the database it replaces.",
      arguments: [Argument.restoredFile.spec],
      discussion: """
        FILE must be a scorekeeper database (a backup, or a copy) of this version or
        an older one, which is upgraded; it is read, never changed. A copy of it is
        checked (SQLite's quick_check) and takes a device id of its own, then replaces
        the database in one step. The database it replaces is kept beside it as
        NAME-before-restore-TIME.sqlite (-TIME-2 for another in the same second),
        with any change it had not synced, which a warning counts. Its next sync
        merges with the cloud: what either side has stays, and what was deleted
        meanwhile is deleted again, with a word, except a whole game of yours: it
        leaves your games but stays as a read-only copy (list --archived), which
        revive-game makes a game again. Run it while no other scorekeeper process
        uses the database.
        """,
      examples: ["scorekeeper restore scores-2026-11-27.sqlite"]
    ),
    echoes: true,
    run: { invocation in
      let backup = invocation[.restoredFile]
      let result = try DatabaseRestore.restore(
        backup, over: try invocation.databaseFile(), dependencies: try invocation.settings.dependencies.get())
      if invocation.json {
        invocation.print(
          .object([
            ("restored", .string(backup)), ("games", .integer(Int64(result.games))),
            ("kept", result.kept.map(JSON.string) ?? .null), ("unsent", .integer(Int64(result.unsent))),
          ]))
        return
      }
      invocation.output.line(
        "Restored \(quote(backup)) (\(result.games) game\(result.games == 1 ? "" : "s")), a device of its own."
          + (result.kept.map { " The database it replaced is kept as \(quote($0))." } ?? ""))
      // A warning, so that --quiet (which silences the echo) keeps it.
      if result.unsent > 0 {
        invocation.errors.warning(
          "\(result.unsent) change\(result.unsent == 1 ? "" : "s") of the replaced database had not synced: "
            + "they are in \(quote(result.kept ?? "")) only.")
      }
    })
}

extension Argument where Value == String {
  fileprivate static let restoredFile = Argument(
    ArgumentSpec(name: "FILE", help: "The backup to restore: a scorekeeper database, read and never changed.")
  )
}
