// The documented shapes of `--json` output (README, "JSON output").
// Key names and order are a contract: add keys at the end, never rename.

extension GameSummary {
  /// {"id", "title", "playerCount"}
  public var json: JSON {
    .object([
      ("id", .string(game.id)), ("title", .string(game.title)),
      ("playerCount", .integer(Int64(playerCount))),
    ])
  }
}

extension Game {
  /// {"id", "title"}: a game named in another document.
  public var json: JSON {
    .object([("id", .string(id)), ("title", .string(title))])
  }
}

extension GameSummary {
  /// A game in `list`: {"id", "title", "playerCount", "isShared", "owner"
  /// (null for the user's own), "permission" ("owner", "read-write" or
  /// "read-only")}.
  public func json(access: GameAccess) -> JSON {
    guard case .object(var fields) = json else { preconditionFailure("a game is an object") }
    fields.append(("isShared", .bool(access.isShared)))
    switch access {
    case .mine, .sharedByMe:
      fields += [("owner", .null), ("permission", .string("owner"))]
    case .sharedWithMe(let owner, let permission, _):
      fields += [("owner", .string(owner)), ("permission", .string(permission.rawValue))]
    }
    return .object(fields)
  }
}

extension Store.ArchivedGame {
  /// A read-only copy in `list --archived`: {"id", "title", "playerCount",
  /// "owner" (null: the user's own, deleted since a backup restored here),
  /// "archivedAt" (ISO 8601)}.
  public var json: JSON {
    guard case .object(var fields) = summary.json else { preconditionFailure("a game is an object") }
    fields += [
      ("owner", owner.isEmpty ? .null : .string(owner)), ("archivedAt", .string(archivedAt.iso8601)),
    ]
    return .object(fields)
  }
}

extension Player {
  /// {"id", "gameID", "name", "score"}
  public var json: JSON {
    .object([
      ("id", .string(id)), ("gameID", .string(gameID)), ("name", .string(name)),
      ("score", score.json),
    ])
  }
}

extension Standing {
  /// {"rank", "id", "name", "score", "photo" (null when none), "team"
  /// (null when none), "winner" (true only once the game is finished)}
  public var json: JSON {
    .object([
      ("rank", .integer(Int64(rank))), ("id", .string(player.id)),
      ("name", .string(player.name)), ("score", player.score.json), ("photo", photo?.json ?? .null),
      ("team", team.map(JSON.string) ?? .null), ("winner", .bool(isWinner)),
    ])
  }
}

extension GameRules {
  /// {"winner": "highest" | "lowest", "target": N | null, "winBy": N |
  /// null, "start": N | null, "bust": whether a change past the target
  /// counts 0, "rounds": N | null, "counted": whether it counts for
  /// statistics and ratings, "cooperative": whether the table wins or
  /// loses together}
  public var json: JSON {
    .object([
      ("winner", .string(winner.rawValue)), ("target", target?.json ?? .null),
      ("winBy", winBy.map { .integer(Int64($0)) } ?? .null), ("start", start?.json ?? .null),
      ("bust", .bool(bust)), ("rounds", rounds.map { .integer(Int64($0)) } ?? .null),
      ("counted", .bool(counted)),
      ("cooperative", .bool(cooperative)),
    ])
  }
}

extension GameState {
  /// The keys a game's standings end with: {"rules", "state" ("in
  /// progress" | "finished"), "round" (rounds played)}, and "teams" when
  /// the game has teams: [{"rank", "name", "score", "members": [ids],
  /// "teamPoints" (the team's own, in its score), "winner"}].
  public var jsonFields: [(String, JSON)] {
    var fields: [(String, JSON)] = [
      ("rules", rules.json), ("state", .string(isFinished ? "finished" : "in progress")),
      ("round", .integer(Int64(outcome.roundsPlayed))),
    ]

    if hasTeams {
      let winners = self.winners
      fields.append(
        (
          "teams",
          .array(
            places.map { place in
              .object([
                ("rank", .integer(Int64(place.rank))), ("name", place.team.map(JSON.string) ?? .null),
                ("score", place.total.json), ("members", .array(place.members.map(JSON.string))),
                ("teamPoints", place.teamPoints.json),
                ("winner", .bool(!place.members.isEmpty && place.members.allSatisfy(winners.contains))),
              ])
            })
        ))
    }
    // After the others, as the JSON contract allows: "winners", "draw",
    // "table won" or "table lost"; null in progress.
    fields.append(("result", verdict.map { .string($0.rawValue) } ?? .null))
    return fields
  }
}

extension Photo {
  /// {"type", "bytes", "width", "height", "sha256"}
  public var json: JSON {
    .object([
      ("type", .string(type.rawValue)), ("bytes", .integer(Int64(byteCount))),
      ("width", .integer(Int64(width))), ("height", .integer(Int64(height))), ("sha256", .string(sha256)),
    ])
  }
}

extension PhotoChange {
  /// {"game", "player", "photo", "previousPhoto"}: each photo or null.
  public var json: JSON {
    .object([
      ("game", game.json), ("player", player.json), ("photo", photo?.json ?? .null),
      ("previousPhoto", previous?.json ?? .null),
    ])
  }
}

extension ScoreEvent {
  /// {"id", "playerID", "delta", "time", "device", "undoes"}
  public var json: JSON {
    .object([
      ("id", .string(id)), ("playerID", .string(playerID)), ("delta", delta.json),
      ("time", .string(time.iso8601)), ("device", .string(device)),
      ("undoes", undoes.map(JSON.string) ?? .null),
    ])
  }
}

extension HistoryEntry {
  /// A score event's keys, then {"playerName", "thisDevice", "round" (N or
  /// null), "roundName" (or null), "correction", "counts", "busted"
  /// (counted 0: `--bust`), "enteredAt" (when a change recorded after it
  /// happened was entered, else null), "roundUndone" (the round was
  /// undone, or this undoes it), "undid" (the change an undo takes back,
  /// or null)}, then `ChangeAuthor.jsonFields`.
  public var json: JSON {
    guard case .object(let fields) = event.json else { preconditionFailure("an event is an object") }
    return .object(
      fields + [
        ("playerName", .string(playerName)), ("thisDevice", .bool(isThisDevice)),
        ("round", round.map { .integer(Int64($0)) } ?? .null), ("correction", .bool(isCorrection)),
        ("roundName", roundName.map(JSON.string) ?? .null), ("counts", .bool(counts)),
        ("busted", .bool(busted)), ("enteredAt", enteredAt.map { .string($0.iso8601) } ?? .null),
        ("roundUndone", .bool(roundUndone)),
        ("undid", undid?.json ?? .null),
      ] + author.jsonFields)
  }
}

extension ChangeAuthor {
  /// {"author" (the user who made it, alike on every device: `madeBy`;
  /// null when unknown, or for this user's own before the database first
  /// synced), "authorKnown" (false for a change that came from before
  /// servers kept creators)}.
  public var jsonFields: [(String, JSON)] {
    let known: Bool = if case .unknown = self { false } else { true }
    return [("author", madeBy.map(JSON.string) ?? .null), ("authorKnown", .bool(known))]
  }
}

extension GameLogEntry {
  /// {"id", "kind" ("rules", "finish" or "reopen"), "time", "device",
  /// "thisDevice", "rules" (the rules after a rule change, else null),
  /// "winners" (the ids a finish named, else null), "places" (the places
  /// a finish gave, best first, each an array of ids; else null),
  /// "ending" ("target" or "rounds" for an ending the game came to by
  /// itself, else null), "enteredAt" (when a change recorded after it
  /// happened was entered, else null)}, then `ChangeAuthor.jsonFields`
  public var json: JSON {
    var rules: JSON = .null
    var winners: JSON = .null
    var places: JSON = .null
    let name: String
    let ids = { (ids: [String]) in JSON.array(ids.map(JSON.string)) }
    switch kind {
    case .rules(let new): (name, rules) = ("rules", new.json)
    case .finish(let named, let given, _):
      (name, winners, places) = (
        "finish", named.map(ids) ?? .null, given.map { .array($0.map(ids)) } ?? .null
      )
    case .reopen: name = "reopen"
    case .points: name = "points"  // never in a game's own log
    }
    return .object(
      [
        ("id", .string(id)), ("kind", .string(name)), ("time", .string(time.iso8601)),
        ("device", .string(device)),
        ("thisDevice", .bool(isThisDevice)), ("rules", rules), ("winners", winners), ("places", places),
        // After the others, as the JSON contract allows: how a finish with no
        // change of its own came (a target reached, the rounds played).
        ("ending", ending.map { .string($0 == .target ? "target" : "rounds") } ?? .null),
        ("enteredAt", enteredAt.map { .string($0.iso8601) } ?? .null),
      ] + author.jsonFields)
  }
}

extension ResultChange {
  /// `history --json`'s `resultChanges`: winners null when the game is in
  /// progress again.
  public var json: JSON {
    .object([
      ("time", .string(time.iso8601)), ("winners", winners.map { .array($0.map(JSON.string)) } ?? .null),
      ("previousWinners", .array(previousWinners.map(JSON.string))),
    ])
  }
}

extension PeopleChange {
  /// `merge-people`: {"merge": {"kept", "merged"}, "id"}; `split-person`:
  /// {"split": {"name", "games": [{"id", "title"}]}, "id"};
  /// `rename-person`: {"rename": {"name", "previous"}, "id"}; `undo` of
  /// any holds the same under "undid".
  public var json: JSON {
    switch link.change {
    case .merge:
      .object([
        ("merge", .object([("kept", .string(kept)), ("merged", .string(merged))])), ("id", .string(link.id)),
      ])
    case .split(_, let name, _):
      .object([
        (
          "split",
          .object([
            ("name", .string(name)),
            ("games", .array(games.map(\.json))),
          ])
        ),
        ("id", .string(link.id)),
      ])
    case .rename:
      .object([
        ("rename", .object([("name", .string(kept)), ("previous", .string(merged))])),
        ("id", .string(link.id)),
      ])
    case .undo:
      .object([("id", .string(link.id))])
    }
  }
}

extension ScoreSheet {
  /// {"game", "rules", "players": [{"id", "name", "team"}],
  /// "teamColumns": [{"id", "team"}] (teams' own points, keyed by that
  /// id like a player's), "rounds": [{"number", "name" (or null),
  /// "points": {id: N}, "corrected", "busts": [ids], "author",
  /// "authorKnown"}], "totals": {id: N}, "changes": [{"afterRound",
  /// "player", "points", "time", "bust", "author", "authorKnown"}],
  /// "state"}
  public var json: JSON {
    let ids = players.map(\.player.id) + teamColumns.map(\.id)
    let rounds: [JSON] = rounds.map { round in
      let name: JSON = round.name.map(JSON.string) ?? .null
      let points: [(String, JSON)] = ids.map { ($0, (round.points[$0] ?? 0).json) }
      let busts: [JSON] = ids.filter(round.busts.contains).map(JSON.string)
      return .object(
        [
          ("number", .integer(Int64(round.number))), ("name", name), ("points", .object(points)),
          ("corrected", .bool(round.corrected)), ("busts", .array(busts)),
        ] + round.author.jsonFields)
    }
    return .object([
      ("game", game.json), ("rules", state.rules.json),
      (
        "players",
        .array(
          players.map {
            .object([
              ("id", .string($0.player.id)), ("name", .string($0.player.name)),
              ("team", $0.team.map(JSON.string) ?? .null),
            ])
          })
      ),
      (
        "teamColumns",
        .array(teamColumns.map { .object([("id", .string($0.id)), ("team", .string($0.team))]) })
      ),
      ("rounds", .array(rounds)),
      ("totals", .object(ids.map { ($0, (totals[$0] ?? 0).json) })),
      (
        "changes",
        .array(
          changes.map {
            .object(
              [
                ("afterRound", .integer(Int64($0.afterRound))), ("player", .string($0.playerID)),
                ("points", $0.points.json), ("time", .string($0.time.iso8601)), ("bust", .bool($0.bust)),
              ] + $0.author.jsonFields)
          })
      ),
      ("state", .string(state.isFinished ? "finished" : "in progress")),
    ])
  }
}

extension PersonSummary {
  /// `people --json`: {"people": [each person]}.
  public static func json(_ people: [PersonSummary]) -> JSON {
    .object([("people", .array(people.map(\.json)))])
  }

  /// `people --json`'s entries.
  public var json: JSON {
    .object([
      ("person", .string(name)), ("names", .array(names.map(JSON.string))), ("games", .integer(Int64(games))),
      ("lastPlayed", lastPlayed.map { .string($0.iso8601) } ?? .null), ("photo", photo?.json ?? .null),
    ])
  }
}
