/// A finished game's result as `finishedResults` keeps it: what its
/// replayed log said, compact, without what is read alongside (the game's
/// title and kind, and who each member is as a person, which the person
/// links decide when it is read).
///
///     {"l": lowestWins, "c": cooperative, "w": [winner names],
///      "p": [[rank, total, [[playerID, name, total], …]], …]}
extension FinishedGame {
  var cached: String {
    JSON.object([
      ("l", .bool(lowestWins)), ("c", .bool(isCooperative)), ("w", .array(winnerNames.map(JSON.string))),
      (
        "p",
        .array(
          places.map { place in
            .array([
              .integer(Int64(place.rank)), .integer(place.total),
              .array(
                place.members.map {
                  .array([.string($0.playerID), .string($0.name), .integer($0.total)])
                }),
            ])
          })
      ),
    ]).compactText
  }

  init(cached text: String, game: Game, kind: String?, finishedAt: Timestamp) throws {
    guard case .object(let fields) = try JSON.parse(text), fields.count == 4,
      case .bool(let lowestWins) = fields[0].1, case .bool(let cooperative) = fields[1].1,
      case .array(let winners) = fields[2].1, case .array(let places) = fields[3].1
    else { throw CachedResultError(gameID: game.id, text: text) }
    self.init(
      game: game, kind: kind, finishedAt: finishedAt,
      places: try places.map { place in
        guard case .array(let parts) = place, parts.count == 3, case .integer(let rank) = parts[0],
          case .integer(let total) = parts[1], case .array(let members) = parts[2]
        else { throw CachedResultError(gameID: game.id, text: text) }
        return Place(
          rank: Int(rank), total: total,
          members: try members.map { member in
            guard case .array(let values) = member, values.count == 3, case .string(let id) = values[0],
              case .string(let name) = values[1], case .integer(let total) = values[2]
            else { throw CachedResultError(gameID: game.id, text: text) }
            // (Who they are as a person is for the links to say, when read.)
            return Member(playerID: id, name: name, person: name, total: total)
          })
      }, lowestWins: lowestWins, winnerNames: winners.compactMap(\.stringValue), isCooperative: cooperative)
  }
}

/// A cached result this version cannot read: a bug, since only this
/// program writes them, so it says which game and what it found.
struct CachedResultError: Error, CustomStringConvertible {
  let gameID: String
  let text: String
  var description: String { "The cached result of the game \(gameID) is malformed: \(text)" }
}
