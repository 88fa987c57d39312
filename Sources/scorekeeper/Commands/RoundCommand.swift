import ScorekeeperCore

extension Command {
  static let round = Command(
    spec: CommandSpec(
      name: "round",
      summary: "Record a round: each named player's points for it.",
      arguments: [Argument.game.spec, Argument.roundPoints.spec],
      options: [Option.fix.spec, Option.roundName.spec, Option.at.spec],
      discussion: """
        Records one round, all of it or none: NAME=N for each player who scored (a
        whole number, sign optional); players not named score 0. A NAME that is a
        team gives the team points of its own (Spades' partnerships), counted in
        its total and no member's (the sheet shows them in the team's column); a
        name both a team's and a player's is refused. Rounds are numbered
        1, 2, 3… per game; "sheet" shows them. With --fix K, round K's points become
        the numbers given for the players named (a correction: history keeps what the
        round said before, and the sheet marks it). --name names the round (7 Wonders'
        "Military", Yahtzee's "Full house"): "sheet" and "history" show the name, and
        --fix takes it for K; a name is a game's once. "undo" reverts a whole round, or a
        correction, as one change. When the round meets the game's end (a target
        reached, the last round played), the game finishes and the output says who
        won; a finished game takes no more rounds until "reopen".
        """,
      examples: [
        "scorekeeper round Hearts Ann=5 Bob=13 Cy=0 Dee=8",
        "scorekeeper round Hearts --fix 2 Ann=6",
        "scorekeeper round \"7 Wonders\" --name Military Ann=5 Bob=-1",
      ]
    ),
    syncs: true,
    echoes: true,
    run: { invocation in
      let named = invocation[each: .roundPoints].map { (player: $0.name, points: $0.points) }
      let store = try invocation.store()
      let update = try store.recording(at: invocation[.at]?.time) {
        try invocation[.fix].map { try store.fixRound(in: invocation[.game], $0, named) }
          ?? store.addRound(in: invocation[.game], named, name: invocation[.roundName])
      }
      if invocation.json {
        invocation.print(
          .object(
            [
              ("game", update.game.json), ("round", .integer(Int64(update.number))),
              ("name", update.name.map(JSON.string) ?? .null),
              ("correction", .bool(update.isCorrection)),
              ("points", .object(update.points.map { ($0.player.id, $0.points.json) })),
              (
                "busts", .array(update.points.map(\.player.id).filter(update.busts.contains).map(JSON.string))
              ),
              ("standings", .array(update.standings.map(\.json))),
            ] + update.state.jsonFields))
        return
      }
      let title = quote(update.game.game.title)
      // "3", or "3 ("Military")" for a named round.
      let round = "\(update.number)" + (update.name.map { " (\(quote($0)))" } ?? "")
      if update.isCorrection {
        let points = update.points.map { "\($0.who) now \($0.points)" }
        invocation.output.line(
          update.changed
            ? "Corrected round \(round) of \(title): " + listed(points) + "."
            : "Round \(round) of \(title) already has these points: nothing changed.")
      } else {
        let points = update.points.map {
          "\($0.who) \($0.points.signed)"
            + (update.busts.contains($0.player.id) ? " (bust)" : "")
        }
        invocation.output.line(
          "Round \(round) of \(title): " + (points.isEmpty ? "no points." : listed(points) + "."))
      }
      StandingsTable.print(update.standings, of: update.game.game, state: update.state, to: invocation.output)
    })
}

extension RoundPoints {
  /// Whose points these are, as output says it: ""Ann"", or "team "N/S"".
  var who: String { (isTeam ? "team " : "") + quote(player.name) }
}

/// One player's points in a round, as typed: NAME=N.
struct TypedRoundPoints: Sendable {
  var name: String
  var points: Points
}

extension TypedRoundPoints {
  /// NAME=N as typed for `command`, or the usage error quoting it.
  init(parsing text: String, command: String) throws {
    // The last "=": a name may hold one, a number never does.
    guard let equals = text.lastIndex(of: "=") else {
      throw UsageError(
        "Each player's points are NAME=N, as Ann=5 (got \(quote(text))).", command: command)
    }
    let name = String(text[..<equals])
    let number = String(text[text.index(after: equals)...])
    guard !name.isEmpty else {
      throw UsageError("\(quote(text)) names no player: write NAME=N, as Ann=5.", command: command)
    }
    guard !number.isEmpty else {
      throw UsageError(
        "\(quote(text)) gives \(quote(name)) no points: write \(name)=N, as \(name)=5.", command: command)
    }
    self.init(name: name, points: try typedPoints(number, in: text, command: command))
  }
}

extension Argument where Value == TypedRoundPoints {
  fileprivate static let roundPoints = Argument(
    ArgumentSpec(
      name: "NAME=N",
      help: "A player (name or id) and the points they scored this round, as Ann=5, Bob=-3 or Cy=0.5.",
      isVariadic: true)
  ) { text in try TypedRoundPoints(parsing: text, command: "round") }
}

extension Option where Value == Store.RoundReference {
  fileprivate static let fix = Option(
    OptionSpec(
      name: "--fix", valueName: "K",
      help: "Correct round K's points (its number or name) for the players named.")
  ) { text in
    let reference = Store.RoundReference(typed: text)
    if case .number(let number) = reference, number < 1 {
      throw UsageError(
        "--fix takes a round number, 1 or more, or a round's name (got \(quote(text))).", command: "round")
    }
    return reference
  }
}

extension Option where Value == String {
  fileprivate static let roundName = Option(
    OptionSpec(name: "--name", valueName: "NAME", help: "Name the round (\"Military\"): the sheet shows it.")
  )
}
