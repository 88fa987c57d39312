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
        to them, as soon as it is made: by any scorekeeper process on this database, or
        by another device or person through the cloud (a live server notifies the watch;
        the mock cloud's file is watched). An idle watch sleeps. With --json, each is one
        line: the list GAME --json object, plus "changedAt" (when the watch saw it), so
        that `scorekeeper watch GAME --json | jq` follows a game; stdout carries nothing
        else.

        When the cloud cannot be reached, the watch says so once on stderr, keeps
        showing this database's changes, and tries again (after 1 s, then 2, 4, ... up to
        30 s); once back, it fetches what changed meanwhile and says so. With --offline
        it follows this database only. It runs until stopped (Ctrl-C, SIGTERM, a
        hang-up) or until its reader has gone (seen at its next write).
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
      let local = try DatabaseChangeSignal(store: store)
      let cloud = try CloudFollower(invocation)
      let clock = try invocation.settings.dependencies.get().clock
      var shown: String?
      while true {
        // What is due from the cloud first (at the start: the catch-up).
        _ = try cloud?.step()
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
        try waitForChange(local: local, cloud: cloud)
      }
    })
}

extension Command {
  /// Waits until this database changes (another process committed), the
  /// cloud signals, or the cloud follower has something due; an hour at
  /// most (a bound, not a schedule).
  fileprivate static func waitForChange(local: DatabaseChangeSignal, cloud: CloudFollower?) throws {
    let deadline = cloud?.deadline.earlier(than: .after(3600)) ?? .after(3600)
    while true {
      let cloudSignal = cloud?.signal
      let signals: [any ChangeSignal] = [local] + (cloudSignal.map { [$0] } ?? [])
      let ready = try ChangeSignals.ready(signals, until: deadline)
      if ready.contains(1) { cloud?.signalWoke() }
      if ready.contains(0), try local.takeChange() { return }
      if deadline.hasPassed || (cloud?.deadline.hasPassed ?? false) { return }
    }
  }
}
