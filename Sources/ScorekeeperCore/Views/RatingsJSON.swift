// The documented shapes of `leaderboard`, `rating` and `stats --json`
// (README, "JSON output"). Key names and order are a contract: add keys at
// the end, never rename.

extension Leaderboard {
  /// `leaderboard --json`: {"system", "kind", "asOf" (the last
  /// millisecond the board counts, or null), "ratings": [each entry]},
  /// over `games`.
  public func json(of games: CountedGames) -> JSON {
    .object([
      ("system", .string(system.rawValue)), ("kind", games.kind.map(JSON.string) ?? .null),
      ("asOf", games.lastCounted.map { .string($0.iso8601) } ?? .null),
      ("ratings", .array(entries.map(\.json))),
    ])
  }
}

extension Leaderboard.Entry {
  /// {"rank", "person", "games", "mu", "sigma", "ordinal" (OpenSkill) or
  /// "rating" (Elo), "provisional"}
  public var json: JSON {
    .object(
      [("rank", .integer(Int64(rank))), ("person", .string(name)), ("games", .integer(Int64(games)))]
        + value.jsonFields + [("provisional", .bool(isProvisional))])
  }
}

extension RatingFold.Value {
  /// "mu", "sigma" and "ordinal" (OpenSkill), or "rating" (Elo).
  public var jsonFields: [(String, JSON)] {
    switch self {
    case .skill(let rating):
      [("mu", .number(rating.mu)), ("sigma", .number(rating.sigma)), ("ordinal", .number(rating.ordinal))]
    case .elo(let rating): [("rating", .number(rating))]
    }
  }
}

extension RatingFold.Step {
  /// {"game": {"id", "title"}, "finishedAt", "place", "sides", "before", "after"}
  public var json: JSON {
    .object([
      ("game", game.game.json),
      ("finishedAt", .string(game.finishedAt.iso8601)), ("place", .integer(Int64(rank))),
      ("sides", .integer(Int64(game.places.count))), ("before", .object(before.jsonFields)),
      ("after", .object(after.jsonFields)),
    ])
  }
}

extension Statistics {
  /// `stats --json`: the range's keys (`CountedGames.jsonRangeFields`),
  /// then {"people": [each line]}.
  public func json(over games: CountedGames) -> JSON {
    .object(games.jsonRangeFields + [("people", .array(lines.map(\.json)))])
  }

  /// `stats PERSON --json`: the range's keys, the person's line's, then
  /// "headToHead" (each opponent) and "nemesis" (a name, or null).
  public func json(of line: Line, over games: CountedGames) -> JSON {
    guard case .object(let fields) = line.json else { preconditionFailure("a line is an object") }
    return .object(
      games.jsonRangeFields + fields + [
        ("headToHead", .array(headToHead(of: line.person).map(\.json))),
        ("nemesis", nemesis(of: line.person).map { .string($0.name) } ?? .null),
      ])
  }
}

extension Statistics.Line {
  /// {"person", "games", "wins", "winRate", "averagePosition" (null
  /// before a competitive game), "averageScore" (null so too),
  /// "bestScore", "currentStreak", "longestStreak", "cooperative":
  /// {"games", "wins", "losses"}, "draws", "losses"}
  public var json: JSON {
    let cooperative: JSON = .object([
      ("games", .integer(Int64(cooperativeGames))), ("wins", .integer(Int64(cooperativeWins))),
      ("losses", .integer(Int64(cooperativeGames - cooperativeWins))),
    ])
    return .object([
      ("person", .string(name)), ("games", .integer(Int64(games))), ("wins", .integer(Int64(wins))),
      ("winRate", .number(winRate)), ("averagePosition", averagePosition.map(JSON.number) ?? .null),
      ("averageScore", averageScore.map(JSON.number) ?? .null), ("bestScore", bestScore?.json ?? .null),
      ("currentStreak", .integer(Int64(currentStreak))), ("longestStreak", .integer(Int64(longestStreak))),
      ("cooperative", cooperative),
      // After the others, as the JSON contract allows.
      ("draws", .integer(Int64(draws))), ("losses", .integer(Int64(losses))),
    ])
  }
}

extension Statistics.HeadToHead {
  public var json: JSON {
    .object([
      ("opponent", .string(name)), ("games", .integer(Int64(games))), ("above", .integer(Int64(above))),
      ("below", .integer(Int64(below))), ("tied", .integer(Int64(tied))),
    ])
  }
}
