import ScorekeeperCore

extension Command {
  static let backup = Command(
    spec: CommandSpec(
      name: "backup",
      summary: "Write a consistent copy of the database to FILE, checked.",
      arguments: [Argument.backupFile.spec],
      options: [.force("Replace FILE if it exists."), Flag.verify.spec],
      discussion: """
        Safe while other scorekeeper processes use the database: the copy is the
        database as one moment saw it (SQLite's online backup), never a file caught
        half-written as cp can catch it. The copy is checked (a scorekeeper database
        of this version, its schema readable, every page there; --verify adds SQLite's
        quick_check of every page, which takes about twice as long as the copy) and
        only then takes FILE's place, whole. An existing FILE is refused without
        --force, and so are the database itself and a folder that cannot be written.
        The copy is readable by you alone. Put back, a backup is a device of its own
        (see "Syncing" in the README).
        """,
      examples: ["scorekeeper backup scores-2026-11-27.sqlite"]
    ),
    echoes: true,
    needsDatabase: true,
    run: { invocation in
      let store = try invocation.store()
      let file = BackupFile(path: invocation[.backupFile])
      let bytes = try file.write(
        from: store, replacing: invocation[Flag.force], verifying: invocation[.verify])
      if invocation.json {
        invocation.print(.object([("backup", .string(file.path)), ("bytes", .integer(Int64(bytes)))]))
      } else {
        invocation.output.line(
          "Backed up to \(quote(file.path)) (\(Photo.size(bytes))), \(invocation[.verify] ? "verified" : "checked")."
        )
      }
    })
}

extension Flag {
  fileprivate static let verify = Flag(
    spec: OptionSpec(name: "--verify", help: "Also run SQLite's quick_check over every page of the copy."))
}

extension Argument where Value == String {
  fileprivate static let backupFile = Argument(
    ArgumentSpec(name: "FILE", help: "Where the copy goes: a new file, or one to replace with --force."))
}
