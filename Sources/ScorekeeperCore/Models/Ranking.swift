/// Standings under a game's rules: who ranks where, with shared ranks on
/// ties (standard competition ranking, 1, 2, 2, 4), and, when the game has
/// teams, teams ranked by the sum of their members' totals and their own
/// points (schema v27: a team's seat).
public enum Ranking {
  /// The side a player plays for, as a key: its team's, in any case
  /// ("Kids" and "kids" are one team, as every other name is one in any
  /// case), or its own. Keyed apart: a team may be named like an id.
  public static func sideKey(team: String?, player: String) -> String {
    team.map { "team " + $0.lowercased() } ?? "player " + player
  }

  /// One ranked side: a player, or a team and its members.
  public struct Place: Hashable, Sendable {
    public var rank: Int
    /// The team's name; nil for a player alone.
    public var team: String?
    public var total: Points
    /// A team's members' ids (the player's own id when it plays alone).
    /// Its seat is no member: a team given points may have no members
    /// left (they moved to other teams).
    public var members: [String]
    /// The team's own points (its seat's), in `total`; 0 for a player alone.
    public var teamPoints: Points

    /// The team's name, or the id of the player alone.
    public var id: String { team ?? members[0] }

    public init(rank: Int, team: String?, total: Points, members: [String], teamPoints: Points = 0) {
      self.rank = rank
      self.team = team
      self.total = total
      self.members = members
      self.teamPoints = teamPoints
    }
  }

  /// A player as ranking sees it.
  public struct Entry: Hashable, Sendable {
    public var id: String
    public var total: Points
    /// nil: plays alone.
    public var team: String?
    /// The row holds its team's own points (a seat): it counts for the
    /// team and is no member of it; without a team it counts for no one.
    public var isTeamSeat: Bool

    public init(id: String, total: Points, team: String? = nil, isTeamSeat: Bool = false) {
      self.id = id
      self.total = total
      self.team = team
      self.isTeamSeat = isTeamSeat
    }
  }

  /// The sides of a game, best first under `rules`: each player alone, or,
  /// when any player has a team, the teams (a player without one plays as
  /// a team of one, named by its id). Ties share a rank and keep the
  /// order they came in (the caller's: by name, then id).
  public static func places(of entries: [Entry], under rules: GameRules) -> [Place] {
    var sides: [Place] = []
    if entries.contains(where: { $0.team != nil }) {
      var index: [String: Int] = [:]
      for entry in entries where !entry.isTeamSeat || entry.team != nil {
        // Keyed apart: a team may be named like a player's id.
        let name = sideKey(team: entry.team, player: entry.id)
        let at =
          index[name]
          ?? {
            index[name] = sides.count
            sides.append(Place(rank: 0, team: entry.team, total: 0, members: []))
            return sides.count - 1
          }()
        sides[at].total += entry.total
        if entry.isTeamSeat {
          sides[at].teamPoints += entry.total
        } else {
          sides[at].members.append(entry.id)
        }
      }
    } else {
      sides = entries.filter { !$0.isTeamSeat }.map {
        Place(rank: 0, team: nil, total: $0.total, members: [$0.id])
      }
    }
    // A stable sort: ties keep the caller's order.
    let ordered = sides.enumerated().sorted { lhs, rhs in
      lhs.element.total != rhs.element.total
        ? rules.ranksBefore(lhs.element.total, rhs.element.total) : lhs.offset < rhs.offset
    }.map(\.element)
    var ranks = RankCounter()
    return ordered.map { place in
      var place = place
      place.rank = ranks.rank(for: place.total)
      return place
    }
  }

  /// `byTotals` (every side, best first by total) placed as a finish
  /// said: a side joins the first of `tiers` (player ids, best first)
  /// naming one of its members, and a tier's sides share its place. The
  /// sides no tier names come after the last, sharing one place, or,
  /// `othersByTotal`, placed among themselves by their totals (named
  /// winners first, then the scores). Ranks are standard competition
  /// ranks (1, 2, 2, 4) over the tiers actually met.
  public static func placed(_ byTotals: [Place], in tiers: [[String]], othersByTotal: Bool) -> [Place] {
    var tierOf: [String: Int] = [:]
    for (index, tier) in tiers.enumerated() {
      for id in tier where tierOf[id] == nil { tierOf[id] = index }
    }
    // A side's key: its tier, or after them all (and its total among the others).
    let keyed = byTotals.map { place in
      let tier = place.members.compactMap { tierOf[$0] }.min()
      return (
        tier: tier ?? tiers.count, total: tier == nil && othersByTotal ? place.total : nil, place: place
      )
    }
    // A stable sort: within a tier the totals' order stays.
    let ordered = keyed.enumerated().sorted { ($0.element.tier, $0.offset) < ($1.element.tier, $1.offset) }
      .map(\.element)
    var result: [Place] = []
    for (index, side) in ordered.enumerated() {
      var place = side.place
      let previous = index > 0 ? ordered[index - 1] : nil
      place.rank =
        previous.map { $0.tier == side.tier && $0.total == side.total } == true
        ? result[index - 1].rank : index + 1
      result.append(place)
    }
    return result
  }

  /// The winners among `places` (best first): every side that shares the
  /// first rank, and so each of its members.
  public static func winners(of places: [Place]) -> [Place] {
    Array(places.prefix { $0.rank == 1 })
  }
}
