/// The finished games a results screen folds (`leaderboard`, `rating`,
/// `stats`): those that count (not those kept out with `set-rules
/// --not-counted`), of one kind when asked, finished within a span when
/// asked; chosen in one read (`Store.countedGames`).
public struct CountedGames: Sendable {
  /// In the order ratings fold them.
  public var games: [FinishedGame]
  /// The kind asked for, as most games spell it; nil: every kind.
  public var kind: String?
  /// The span asked for: from `since`, until just before `until`.
  public var since: Timestamp?
  public var until: Timestamp?
  /// The first counted game of the kind finished after the span (at or
  /// after `until`), read with the others: what an empty span's refusal
  /// names.
  public var firstAfter: FinishedGame?

  /// The span's last millisecond, as the documents say it: just before
  /// `until`.
  public var lastCounted: Timestamp? {
    until.map { Timestamp(millisecondsSince1970: $0.millisecondsSince1970 - 1) }
  }

  /// {"kind", "since", "until" (the span's last millisecond)}: each null
  /// when not asked for.
  public var jsonRangeFields: [(String, JSON)] {
    [
      ("kind", kind.map(JSON.string) ?? .null), ("since", since.map { .string($0.iso8601) } ?? .null),
      ("until", lastCounted.map { .string($0.iso8601) } ?? .null),
    ]
  }
}

extension Store {
  /// The counted finished games of the kind named by `kind` (any case),
  /// finished from `since` and before `until`, in one read. A kind no game
  /// has is refused.
  public func countedGames(
    ofKind kind: String? = nil, since: Timestamp? = nil, until: Timestamp? = nil
  ) throws -> CountedGames {
    try readFinishedGames(naming: true) { finished in
      var counted = finished.filter(\.isCounted)
      var named: String?
      if let kind {
        let found = try existingKind(kind)
        named = found
        counted = counted.filter { $0.kind.map(GameKind.key) == GameKind.key(of: found) }
      }
      let games = counted.filter { game in
        since.map { game.finishedAt >= $0 } ?? true && until.map { game.finishedAt < $0 } ?? true
      }
      let firstAfter = until.flatMap { until in counted.first { $0.finishedAt >= until } }
      return CountedGames(games: games, kind: named, since: since, until: until, firstAfter: firstAfter)
    }
  }
}
