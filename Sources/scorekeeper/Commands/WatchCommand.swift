import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

extension Command {
  static let watch = Command(
    spec: CommandSpec(
      name: "watch",
      summary: "Show a game's standings (or every game's leader) again at each change, until stopped.",
      arguments: [Argument.watchedGame.spec],
      options: [Flag.sheet.spec],
      discussion: """
        Shows the game's standings (as list GAME does), or with --sheet its score sheet
        (as sheet GAME does), and shows them again after every change, as soon as it is
        made: by any scorekeeper process on this database, or by another device or
        person through the cloud (a live server notifies the watch; the mock cloud's
        file is watched). An idle watch sleeps. With no GAME it follows every game: a
        line each, the game changed last first, with its leader (its winners once
        finished) and its last change; --json: {"games": [{"id", "title", "state",
        "leaders": [{"id", "name", "score"}], "lastChange": {"player", "points",
        "time", "author", "authorKnown"} or null}]}; the last change names who made it
        when that was another user.

        On a terminal the view fills the screen (the alternate screen, so the shell's
        comes back as it was) and is redrawn in place, cut to the terminal's size as
        it changes, under a line saying the last change ("Ann +5, 3 s ago") and the
        cloud's state. q quits; Ctrl-C, SIGTERM and a hang-up end it too, the terminal
        put back first.

        In a pipe, each view is a block, a blank line between; with --json, one line:
        the list GAME --json object (with --sheet, sheet GAME --json's), plus
        "changedAt" (when the watch saw it), so that `scorekeeper watch GAME --json | jq`
        follows a game; stdout carries nothing else. It runs until stopped or until its
        reader has gone (a pipe closed by its reader ends it at once).

        When the cloud cannot be reached, the watch says so (once, on stderr in a pipe;
        in the header on a terminal), keeps showing this database's changes, and tries
        again within 1 s, then 2, 4, ... up to 30 s (a random share of each, so that
        watches do not all come back at once); once back, it fetches what changed
        meanwhile. A live server reached through a pooler in transaction mode, which
        loses its notifications, is fetched from every 5 s instead (said once); set
        SCOREKEEPER_LISTEN_CLOUD to a connection string that reaches the server directly
        to see changes at once. With --offline it follows this database only.
        """,
      examples: [
        "scorekeeper watch Poker", "scorekeeper watch Hearts --sheet",
        "scorekeeper watch Poker --json | jq .standings[0]",
      ]
    ),
    needsDatabase: true,
    run: { invocation in
      let view = WatchSession.View(
        reference: invocation[ifGiven: .watchedGame], sheet: invocation[.sheet], json: invocation.json,
        times: invocation.times)
      try WatchSession(
        view, feed: try invocation.changeFeed(command: "watch"), output: invocation.output,
        terminal: invocation.terminal, clock: try invocation.settings.dependencies.get().clock
      ).run()
    })
}

extension Flag {
  static let sheet = Flag(
    spec: OptionSpec(
      name: "--sheet", help: "Show the score sheet (as sheet GAME does) instead of the standings."))
}

extension Argument where Value == String {
  static let watchedGame = Argument(
    ArgumentSpec(name: "GAME", help: "The game to follow; every game when none is named.", isOptional: true))
}
