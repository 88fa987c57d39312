import ScorekeeperCore

extension Command {
  static let demo = Command(
    spec: CommandSpec(
      name: "demo",
      summary: "Fill an empty database with sample games, and share one.",
      discussion: """
        Adds a few games with players (each with a photo the program draws) and score
        changes (big scores included), syncs
        them to the cloud, and shares "Poker night", printing its link and how someone
        else would join. It refuses a database that already has games, so it never
        mixes samples into real ones. With --offline it adds the games only.
        """,
      examples: ["scorekeeper --db /tmp/demo.sqlite demo"],
      printsJSON: false
    ),
    echoes: true,
    run: { invocation in
      let store = try invocation.store()
      let existing = try store.games()
      guard existing.isEmpty else {
        throw DeclinedError(
          message: "demo fills an empty database, and this one has \(existing.count) "
            + "\(existing.count == 1 ? "game" : "games"); use another --db. Nothing was changed.")
      }
      for (title, players) in sampleGames {
        _ = try store.addGame(title: title)
        for (name, score) in players {
          _ = try store.addPlayer(to: title, name: name, score: score)
          _ = try store.photos.set(in: title, name, CheckedPhoto(bytes: DemoPhoto.png(for: name)))
        }
      }
      _ = try store.score(in: "Poker night", "Carol", .add(250))
      _ = try store.score(in: "Poker night", "Bob", .add(-120))
      _ = try store.score(in: "Family gin rummy", "Grandma", .add(85))
      let output = invocation.output
      output.line("Added \(sampleGames.count) sample games:")
      for summary in try store.games() {
        output.line("  \(summary.game.title) (\(players(summary.playerCount)))")
      }
      if try invocation.settings.offline.get() {
        output.line("Offline: nothing was synced or shared.")
        return
      }
      let engine = try invocation.syncEngine(automatic: false)
      let report = try engine.sync()
      let poker = try store.game("Poker night").game
      let share = try engine.share(gameID: poker.id, permission: .readWrite)
      output.line("Synced them (\(report.sent) records sent) and shared \(quote(poker.title)):")
      output.line("  \(share.link)")
      output.line("Someone else joins it with:")
      output.line(
        "  scorekeeper --user friend --db friend.sqlite --cloud "
          + "\(ArgumentParser.shellQuoted(try invocation.cloudAddress().typed)) accept-share \(share.link)")
      output.line(
        "Next: scorekeeper list; scorekeeper list \"Poker night\"; scorekeeper history \"Poker night\"; "
          + "scorekeeper photo \"Poker night\" Alice > alice.png")
    })

  /// Games that show ranks, ties, negative and very large scores.
  private static let sampleGames: [(String, [(String, Points)])] = [
    ("Poker night", [("Alice", 1_250), ("Bob", 980), ("Carol", 1_730), ("Dave", 0)]),
    ("Family gin rummy", [("Grandma", 12_480), ("Grandpa", 11_950), ("Sam", 8_720)]),
    ("Sunday golf", [("Priya", -4), ("Tom", 2), ("Lena", -4)]),
    ("Idle clicker", [("Max", 9_007_199_254_740_993), ("Zoe", 4_611_686_018_427_387_904)]),
  ]
}
