import ScorekeeperCore

extension Command {
  static let cloud = Command(
    spec: CommandSpec(
      name: "cloud",
      summary: "Look inside the mock cloud: print everything on it.",
      arguments: [Argument.action.spec],
      discussion: """
        Without a live server, syncing goes to a mock cloud kept in one SQLite file
        (--cloud PATH, or $SCOREKEEPER_CLOUD), shared by every device and user that
        names it. "cloud dump" prints its contents in a fixed order, for debugging and
        for golden tests; it is text only (no --json) and never changes the file. A
        live server is named by a connection string instead (see "help server").
        """,
      examples: ["scorekeeper cloud dump", "scorekeeper --cloud /tmp/team-cloud.sqlite cloud dump"],
      printsJSON: false
    ),
    pages: true,
    run: { invocation in
      let action = invocation[.action]
      guard action == "dump" else {
        throw UsageError(
          "Unknown cloud action \(quote(action)); the only one is \"dump\".", command: "cloud")
      }
      switch try invocation.cloud(create: false)?.backend {
      case nil:
        invocation.output.line(
          "No mock cloud at \(quote(try invocation.cloudAddress().typed)) yet: nothing has been sent to it.")
      case .file(let cloud)?:
        try cloud.dump { invocation.output.line($0) }
      case .live?:
        throw UsageError(
          "cloud dump reads the mock cloud's file; for a live server, use \"scorekeeper server status\" "
            + "(or psql as its administrator).", command: "cloud")
      }
    })
}

extension Argument where Value == String {
  fileprivate static let action = Argument(
    ArgumentSpec(
      name: "ACTION", help: "dump: print every zone, record, share and participant.",
      choices: [("dump", "print every zone, record, share and participant")]))
}
