import ScorekeeperCore

extension Command {
  static let deleteGame = Command(
    spec: CommandSpec(
      name: "delete-game",
      summary: "Delete a game and all its players.",
      arguments: [.game],
      options: [OptionSpec(name: "--force", help: "Delete without asking.")],
      discussion: """
        On a terminal it asks before deleting. Without a terminal (in a script or a
        pipe) it refuses unless --force is given, so a script never deletes by accident.
        Deleting a game you shared deletes it for everyone who joined; deleting a game
        someone shared with you leaves it instead (see "leave").
        """,
      examples: ["scorekeeper delete-game \"Poker night\"", "scorekeeper delete-game 3f2a --force"]
    ),
    syncs: true,
    run: { invocation in
      let reference = invocation.argument("GAME")
      // Someone else's game is not ours to delete: deleting it leaves it.
      let (game, access) = try invocation.store().access(toGame: reference)
      if case .sharedWithMe = access {
        try leaveGame(game, invocation)
        return
      }
      let deleted: GameSummary
      if invocation.flag("--force") {
        deleted = try invocation.store().deleteGame(reference)
      } else {
        let game = try invocation.store().game(reference)
        let what = "\(quote(game.game.title)) and its \(players(game.playerCount))"
        guard invocation.terminal.isInteractive else {
          throw UsageError(
            "Not deleting \(what) without confirmation: there is no terminal to ask. "
              + "Add --force to delete it.")
        }
        invocation.errors.write("Delete \(what)? [y/N] ")
        invocation.errors.flush()
        let answer = invocation.terminal.readLine()?.trimmingWhitespace().lowercased()
        guard answer == "y" || answer == "yes" else {
          throw DeclinedError(message: "Nothing was deleted.")
        }
        // By id: the game confirmed is the game deleted, even if a title changed meanwhile.
        deleted = try invocation.store().deleteGame(id: game.game.id)
      }
      if invocation.json {
        invocation.print(.object([("game", deleted.json)]))
      } else {
        invocation.output.line(
          "Deleted game \(quote(deleted.game.title)) and its \(players(deleted.playerCount))")
      }
    })
}

/// The person answered no. Exit status 1: the operation did not happen.
struct DeclinedError: Error {
  var message: String
}
