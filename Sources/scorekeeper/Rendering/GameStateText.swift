import ScorekeeperCore

extension GameRules {
  /// "lowest wins, ends at 100, 5 rounds", "lowest wins, starts at 501,
  /// ends at exactly 0" (a bust past it counts 0); nil for classic rules, which
  /// games always had and which say nothing new.
  var summary: String? {
    var parts: [String] = []
    if winner == .lowest { parts.append("lowest wins") }
    if let start { parts.append("starts at \(start)") }
    if let target { parts.append(bust ? "ends at exactly \(target)" : "ends at \(target)") }
    if let winBy { parts.append("win by \(winBy)") }
    if let rounds { parts.append(rounds == 1 ? "1 round" : "\(rounds) rounds") }
    if cooperative { parts.append("co-operative") }
    if !counted { parts.append("not counted in stats or ratings") }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }
}

extension GameState {
  /// What a standings header adds after the player count: the rules,
  /// the rounds played, whether the game is finished.
  var headerParts: [String] {
    var parts = [rules.summary].compactMap { $0 }
    if outcome.roundsPlayed > 0 { parts.append("round \(outcome.roundsPlayed)") }
    if isFinished { parts.append("finished") }
    return parts
  }

  /// The teams' standings, when the game has teams, then who won, once
  /// it is finished (a standings table's and a sheet's last lines). A
  /// team's own points (`round G Team=N`) are in its total, and said.
  func printFooter(names: [String: String], scoreWidth: Int = 0, to output: Output) {
    if hasTeams {
      output.line("Teams:")
      let rankWidth = String(max(places.count, 1)).count
      let scoreWidth = max(scoreWidth, places.map { $0.total.description.count }.max() ?? 0)
      for place in places {
        output.write(spaces: 2)
        output.write(Int64(place.rank), width: rankWidth)
        output.write(spaces: 2)
        output.write(place.total, width: scoreWidth)
        output.write(spaces: 2)
        let members = place.members.map { (names[$0] ?? $0).visible }.joined(separator: ", ")
        let own = place.teamPoints == 0 ? "" : " (\(place.teamPoints) as a team)"
        output.line(
          place.team.map { (members.isEmpty ? $0.visible : "\($0.visible): \(members)") + own }
            ?? "\(members) (no team)")
      }
    }
    if let result = result(names: names) { output.line("Finished: " + result) }
  }

  /// Who won: ""Ann" won.", ""Ann" and "Bob" won (a tie).", "team
  /// "Owls" ("Ann", "Cy") won.", "a draw between "Ann" and "Bob".", "the
  /// table won (co-operative)."; nil while the game is in progress.
  /// Winners named by `finish --winner` are listed as named, without
  /// their teams.
  func result(names: [String: String]) -> String? {
    guard let verdict else { return nil }
    switch verdict {
    case .tableWon: return "the table won (co-operative)."
    case .tableLost: return "the table lost (co-operative)."
    case .draw, .winners: break
    }
    // A draw's sides are everyone's: all share the first place.
    let winners = verdict == .draw ? Set(players.map(\.id)) : self.winners
    guard !winners.isEmpty else { return "no one won." }
    let name = { (id: String) in quote(names[id] ?? id) }
    let sides = places.filter { $0.members.contains(where: winners.contains) }
    let words = sides.map { side in
      let members = side.members.filter(winners.contains).map(name)
      return side.team.map { "team \(quote($0)) (\(members.joined(separator: ", ")))" }
        ?? members.joined(separator: ", ")
    }
    if verdict == .draw { return "a draw between \(listed(words))." }
    if case .byHand(let named?, _, _)? = outcome.finish?.how {
      return listed(players.map(\.id).filter(Set(named).contains).map(name)) + " won."
    }
    return listed(words) + " won" + (sides.count > 1 ? " (a tie)." : ".")
  }
}

/// A finished game in a line of its own (`list`, `watch`): "finished,
/// won by "Ann"", "finished, a draw", "finished, the table won"; the
/// winners' names as the caller shows them.
func finishedWords(_ verdict: GameState.Verdict, winners: [String]) -> String {
  switch verdict {
  case .winners: "finished" + (winners.isEmpty ? "" : ", won by " + listed(winners))
  case .draw: "finished, a draw"
  case .tableWon: "finished, the table won"
  case .tableLost: "finished, the table lost"
  }
}

/// "a", "a and b", "a, b and c".
func listed(_ words: [String]) -> String {
  words.count <= 1 ? words.joined() : words.dropLast().joined(separator: ", ") + " and " + words.last!
}
