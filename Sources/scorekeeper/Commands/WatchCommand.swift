import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

extension Command {
  static let watch = Command(
    spec: CommandSpec(
      name: "watch",
      summary: "Show a game's standings again each time they change, until stopped.",
      arguments: [Argument.game.spec],
      discussion: """
        Prints the standings (as list GAME does) at once, then again after every change
        to them made on this database by any scorekeeper process, as soon as it is
        committed; an idle watch sleeps. With --json, each is one line: the list GAME
        --json object, plus "changedAt" (when the watch saw it), so that
        `scorekeeper watch GAME --json | jq` follows a game. It runs until stopped
        (Ctrl-C, SIGTERM, a hang-up) or until its reader has gone (seen at its next
        write). Changes that other devices sync to the
        cloud show once this database syncs; a full-screen view on a terminal and live
        cloud changes come next (Docs/live-standings.md).
        """,
      examples: ["scorekeeper watch Poker", "scorekeeper watch Poker --json | jq .standings[0]"]
    ),
    needsDatabase: true,
    run: { invocation in
      // It runs until stopped, so it must be stoppable: a parent may have
      // started it with these blocked (a test harness's thread, a job
      // runner), and a blocked SIGTERM would leave it waiting.
      var stops = sigset_t()
      sigemptyset(&stops)
      for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stops, signal) }
      sigprocmask(SIG_UNBLOCK, &stops, nil)
      let store = try invocation.store()
      let reference = invocation[.game]
      let waiter = try DatabaseChangeWaiter(store: store)
      let clock = try invocation.settings.dependencies.get().clock
      var shown: String?
      while true {
        let snapshot = Output.memory()
        snapshot.usesColor = invocation.output.usesColor
        snapshot.asciiOnly = invocation.output.asciiOnly
        try Command.listStandings(of: reference, invocation, to: snapshot)
        let text = snapshot.text
        if text != shown {
          // A blank line between blocks, as between paragraphs.
          let separator = shown == nil ? "" : "\n"
          shown = text
          if invocation.json {
            guard case .object(let fields) = try JSON.parse(text) else { preconditionFailure("an object") }
            invocation.output.write(
              JSON.object(fields + [("changedAt", .string(try clock.now().iso8601))]).compactText + "\n")
          } else {
            invocation.output.write(separator + text)
          }
          invocation.output.flush()
          // The reader went away: the watch is over (the program ends as `cat` would).
          if invocation.output.failure != nil { return }
        }
        // An hour at most per wait: a bound, not a schedule; commits end it at once.
        _ = try waiter.wait(until: .after(3600))
      }
    })
}
