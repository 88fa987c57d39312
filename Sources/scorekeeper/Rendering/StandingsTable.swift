import ScorekeeperCore

/// Prints standings as aligned columns: rank, score, a photo marker (when
/// any player has a photo), name.
///
/// The name comes last so no column depends on how wide a name displays
/// (emoji and East Asian scripts take two cells), and the widths come from
/// the shape the store reports first, so rows print as they stream in.
///
///     Poker night (3 players)
///       1  17  Alice
///       2  12  Bob
///       2  12  Carol
struct StandingsTable {
  let game: Game
  let shape: StandingsShape
  private let rankWidth: Int
  private let scoreWidth: Int

  init(game: Game, shape: StandingsShape) {
    self.game = game
    self.shape = shape
    rankWidth = String(max(shape.playerCount, 1)).count
    scoreWidth = max(String(shape.highestScore).count, String(shape.lowestScore).count)
  }

  func printHeader(to output: Output) {
    output.line(
      "\(game.title) (\(players(shape.playerCount))" + (shape.photoCount > 0 ? "; * has a photo)" : ")"))
  }

  func print(_ standing: Standing, to output: Output) {
    output.write(spaces: 2)
    output.begin(.rank)
    output.write(Int64(standing.rank), width: rankWidth)
    output.end()
    output.write(spaces: 2)
    output.write(standing.player.score, width: scoreWidth)
    output.write(spaces: 2)
    // The photo column only once a player has one: games without photos
    // list as they always did.
    if shape.photoCount > 0 { output.write(standing.photo == nil ? "  " : "* ") }
    output.line(standing.player.name)
  }
}
