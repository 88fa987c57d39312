/// The kinds the program knows without being told (`kinds --builtin`),
/// each with the rules its published rulebook gives. A user's own kind of
/// the same name (`kinds --set`) wins over one of these.
public enum BuiltInKinds {
  /// By name. The rules, and where they come from:
  public static let all: [KindRules] = [
    // Scoring sheet order: military conflicts, treasury, wonder, civilian,
    // commercial, guilds, science; one row each, the game ends after them.
    kind(
      "7 Wonders", rounds: 7,
      roundNames: ["Military", "Coins", "Wonder", "Civilian", "Commercial", "Guilds", "Science"]),
    // The first to 10 victory points on their turn wins.
    kind("Catan", target: 10),
    // 1 for a win, ½ each for a draw, 0 for a loss, game after game: a
    // match or a Swiss tournament runs as long as it runs (no end of its
    // own; one game is a result: add-game --result Ann=1 Bob=0).
    kind("Chess"),
    // Pegging and counting go to 121 ("once around the board twice").
    kind("Cribbage", target: 121),
    // 501 down to exactly 0; a throw past 0 (or to 1, with double-out
    // played) is a bust and scores nothing.
    kind("Darts 501", winner: .lowest, target: 0, start: 501, bust: true),
    // Nine holes (hands); the lowest total wins.
    kind("Golf", winner: .lowest, rounds: 9),
    // The game ends when someone reaches 100; the lowest total wins.
    kind("Hearts", winner: .lowest, target: 100),
    // ITTF: a game to 11, won by 2 from 10-10.
    kind("Ping-pong", target: 11, winBy: 2),
    // The first to 500 wins.
    kind("Rummy 500", target: 500),
    // No end by score: the game ends when the tiles run out.
    kind("Scrabble"),
    // Partnerships of two; the first side to 500 wins.
    kind("Spades", target: 500, teamSize: 2),
    // The first to 500, from the cards left in the others' hands.
    kind("Uno", target: 500),
    // The score pad's rows: the game ends after them.
    kind(
      "Wingspan", rounds: 6,
      roundNames: ["Birds", "Bonus cards", "End-of-round goals", "Eggs", "Food on cards", "Tucked cards"]),
    // The score card's thirteen boxes, with the upper section's bonus (35
    // for 63 or more) and the Yahtzee bonuses as rows of their own.
    kind(
      "Yahtzee", rounds: 15,
      roundNames: [
        "Ones", "Twos", "Threes", "Fours", "Fives", "Sixes", "Upper bonus", "Three of a kind",
        "Four of a kind",
        "Full house", "Small straight", "Large straight", "Yahtzee", "Chance", "Yahtzee bonus",
      ]),
  ]

  /// The built-in kind of this name, in any case.
  public static func named(_ name: String) -> KindRules? {
    let key = GameKind.key(of: name)
    return all.first { GameKind.key(of: $0.name) == key }
  }

  private static func kind(
    _ name: String, winner: GameRules.Winner = .highest, target: Int64? = nil, winBy: Int? = nil,
    start: Int64? = nil, bust: Bool = false, rounds: Int? = nil, teamSize: Int? = nil,
    roundNames: [String] = []
  ) -> KindRules {
    try! KindRules(
      name: name,
      rules: GameRules(
        winner: winner, target: target.map { Points($0) }, winBy: winBy, rounds: rounds,
        start: start.map { Points($0) }, bust: bust),
      teamSize: teamSize, roundNames: roundNames, source: .builtIn)
  }
}
