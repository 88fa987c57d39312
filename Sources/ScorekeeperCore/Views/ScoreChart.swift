/// A game's race: each player's total after each step of its score sheet
/// (a round, or a change outside the rounds), as `chart` draws it and the
/// page plots it. Read from the sheet, so the chart and the sheet agree:
/// a bust adds nothing, and the last point is each player's total. A
/// team's own points (the sheet's team columns) are a line of their own,
/// after the players'.
public struct ScoreChart: Hashable, Sendable {
  public struct Line: Hashable, Sendable {
    public var playerID: String
    public var name: String
    /// The total before anything (0), then after each step.
    public var totals: [Points]
  }

  public var game: GameSummary
  /// Each step's label, as the sheet's rows say it: "start", "score", a
  /// round's number or name.
  public var steps: [String]
  /// One line a player, in the sheet's order (by name), then one a team
  /// column (`playerID` its id, `name` the team's).
  public var lines: [Line]

  public init(sheet: ScoreSheet) {
    game = sheet.game
    var steps: [String] = []
    var gains: [[String: Points]] = []
    for row in sheet.rows {
      switch row {
      case .changes(let label, let points, let busts):
        steps.append(label)
        gains.append(points.filter { !busts.contains($0.key) })
      case .round(let round):
        steps.append(round.name ?? String(round.number))
        gains.append(round.points.filter { !round.busts.contains($0.key) })
      }
    }
    self.steps = steps
    let columns =
      sheet.players.map { ($0.player.id, $0.player.name) } + sheet.teamColumns.map { ($0.id, $0.team) }
    lines = columns.map { id, name in
      var total = Points.zero
      var totals = [total]
      totals.reserveCapacity(gains.count + 1)
      for step in gains {
        total += step[id] ?? 0
        totals.append(total)
      }
      // Points made after the game ended stay on the sheet, not in the totals.
      if let counted = sheet.totals[id] { totals[totals.count - 1] = counted }
      return Line(playerID: id, name: name, totals: totals)
    }
  }

  /// The lowest and highest total any line reaches (0 included).
  public var range: ClosedRange<Points> {
    var (low, high) = (Points.zero, Points.zero)
    for line in lines {
      for total in line.totals {
        low = min(low, total)
        high = max(high, total)
      }
    }
    return low...high
  }

  /// {"game", "steps": [labels], "lines": [{"id", "name", "totals": [N]}]}
  public var json: JSON {
    .object([
      ("game", game.json), ("steps", .array(steps.map(JSON.string))),
      (
        "lines",
        .array(
          lines.map { line in
            .object([
              ("id", .string(line.playerID)), ("name", .string(line.name)),
              ("totals", .array(line.totals.map(\.json))),
            ])
          })
      ),
    ])
  }
}

extension Store {
  /// The chart of the game a reference names, from one snapshot.
  public func chart(of gameReference: String) throws -> ScoreChart {
    ScoreChart(sheet: try sheet(of: gameReference))
  }
}
