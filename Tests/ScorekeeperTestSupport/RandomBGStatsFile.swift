/// BG Stats backups drawn at random with every trait real exports have
/// (issue 45): calculator sums, decimal commas, spaces, anonymous seats
/// sharing one player, team leftovers, ranks, seats without a score,
/// co-operative and no-points games, ignored plays, upper-case uuids,
/// plays of one evening entered together. For the random tests: each
/// file a person could bring, none refused.
public enum RandomBGStatsFile {
  /// The games and players every file names, as the app writes them.
  static let games = [
    #"{"id": 1, "name": "Catan", "highestWins": true, "noPoints": false, "cooperative": false, "usesTeams": false}"#,
    #"{"id": 2, "name": "Golf", "highestWins": false, "noPoints": false, "cooperative": false, "usesTeams": false}"#,
    #"{"id": 3, "name": "Codenames", "highestWins": true, "noPoints": true, "cooperative": false, "usesTeams": true}"#,
    #"{"id": 4, "name": "Pandemic", "highestWins": true, "noPoints": true, "cooperative": true, "usesTeams": false}"#,
  ]
  static let players = [
    #"{"id": 1, "name": "Ann", "isAnonymous": false}"#, #"{"id": 2, "name": "Bob ", "isAnonymous": false}"#,
    #"{"id": 3, "name": "Jürgen", "isAnonymous": false}"#,
    #"{"id": 4, "name": "Anonymous player", "isAnonymous": true}"#,
  ]

  /// A backup of `plays` plays drawn from a collection of `pool`, all on
  /// 2026-10-02 or 03. A play's content is the collection's (`seed`):
  /// files of one collection share plays, as exports of one phone do, and
  /// differ in which plays they hold, the case of their uuids, and, from
  /// one `version` to another, the content of every other play (edited in
  /// the app between two exports).
  public static func make(
    plays: Int, pool: Int = 6, seed: UInt64, version: UInt64 = 0,
    using random: inout some RandomNumberGenerator
  ) -> String {
    let uuids = (0..<pool).shuffled(using: &random).prefix(plays).sorted()
    let made = uuids.map { number in
      let uuid = "bbbb\(String(1000 + number).dropFirst())-0000-4000-8000-000000000000"
      var content = SplitMix64(seed: seed &+ UInt64(number) &+ (number % 2 == 0 ? version << 32 : 0))
      return play(uuid: Bool.random(using: &random) ? uuid.uppercased() : uuid, using: &content)
    }
    return """
      {"userInfo": {"meRefId": 1}, "games": [\(games.joined(separator: ", "))],
       "players": [\(players.joined(separator: ", "))],
       "plays": [\(made.joined(separator: ",\n"))], "deletedObjects": []}
      """
  }

  static func play(uuid: String, using random: inout some RandomNumberGenerator) -> String {
    let game = Int.random(in: 1...4, using: &random)
    let seats = (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 1...4, using: &random) }
    let hasRanks = Int.random(in: 0..<3, using: &random) == 0
    let scores = seats.enumerated().map { index, player in
      let score =
        game >= 3 || Int.random(in: 0..<6, using: &random) == 0 ? "null" : "\"\(scoreText(using: &random))\""
      let rank = hasRanks && Bool.random(using: &random) ? index + 1 : 0
      let team = game == 3 ? ["Red", "Blue"].randomElement(using: &random)! : "0"
      return
        #"{"playerRefId": \#(player), "score": \#(score), "winner": \#(Bool.random(using: &random)), "rank": \#(rank), "team": "\#(team)"}"#
    }
    let hour = Int.random(in: 18...21, using: &random)
    return #"""
      {"uuid": "\#(uuid)", "gameRefId": \#(game), "playDate": "2026-10-0\#(Int.random(in: 2...3, using: &random)) \#(hour):\#(["00", "30"].randomElement(using: &random)!):00", "entryDate": "2026-10-03 09:0\#(Int.random(in: 0...9, using: &random)):00", "durationMin": \#([0, 0, 25, 90].randomElement(using: &random)!), "ignored": \#(Int.random(in: 0..<5, using: &random) == 0), "usesTeams": \#(game == 3), "playerScores": [\#(scores.joined(separator: ", "))]}
      """#
  }

  /// A score as the app's calculator writes it.
  static func scoreText(using random: inout some RandomNumberGenerator) -> String {
    let whole = Int.random(in: -5...60, using: &random)
    switch Int.random(in: 0..<6, using: &random) {
    case 0: return "\(whole)+\(Int.random(in: 0...20, using: &random))"
    case 1: return "\(whole)+\(Int.random(in: 0...20, using: &random))+"
    case 2: return "\(whole),5"
    case 3: return " \(whole).25 "
    default: return "\(whole)"
    }
  }
}
