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
///
/// A game with rules, rounds or teams says so in its header, shows each
/// player's team after the name, and ends with the teams' standings and,
/// once finished, who won.
final class StandingsTable {
  let game: Game
  /// The game's kind, in the header of `list GAME` (nil elsewhere).
  let kind: String?
  let state: GameState?
  let shape: StandingsShape
  private let rankWidth: Int
  private let scoreWidth: Int
  /// Names by id, kept only when the footer needs them (`needsNames`:
  /// decided once, not per row, which for 100,000 rows would be quadratic).
  private var names: [String: String] = [:]
  private let needsNames: Bool

  init(game: Game, kind: String? = nil, state: GameState? = nil, shape: StandingsShape) {
    self.kind = kind
    self.game = game
    self.state = state
    self.shape = shape
    rankWidth = String(max(shape.playerCount, 1)).count
    scoreWidth = shape.scoreWidth
    needsNames = state.map { $0.hasTeams || $0.isFinished } ?? false
  }

  /// The table of a game's standings screen (`list GAME`, `watch GAME`).
  convenience init(_ header: StandingsHeader) {
    self.init(game: header.game, kind: header.kind, state: header.state, shape: header.shape)
  }

  /// Prints a standings screen's standings held whole (`watch GAME`), as
  /// `list GAME` streams them.
  static func print(_ standings: GameStandings, to output: Output) {
    let table = StandingsTable(standings.header)
    table.printHeader(to: output)
    for standing in standings.rows { table.print(standing, to: output) }
    table.printScreenEnd(to: output)
  }

  /// A standings screen's end: what to do when the game has no players
  /// yet, then the footer.
  func printScreenEnd(to output: Output) {
    if shape.playerCount == 0 {
      output.line(
        "No players yet. Add one with: scorekeeper add-player "
          + "\(ArgumentParser.shellQuoted(game.title)) NAME")
    }
    printFooter(to: output)
  }

  /// Prints standings held whole (a change's result), header to footer.
  static func print(_ standings: [Standing], of game: Game, state: GameState, to output: Output) {
    let table = StandingsTable(
      game: game, state: state,
      shape: StandingsShape(
        // (Closures, not key paths, and no filtered copy: `score` shapes
        // every standing of a game, which may have 100,000.)
        playerCount: standings.count, scores: standings.lazy.map { $0.player.score },
        photoCount: standings.count { $0.photo != nil }))
    table.printHeader(to: output)
    for standing in standings { table.print(standing, to: output) }
    table.printFooter(to: output)
  }

  func printHeader(to output: Output) {
    let parts =
      [kind.map { "kind " + $0.visible }].compactMap { $0 } + [players(shape.playerCount)]
      + (state?.headerParts ?? [])
      + (shape.photoCount > 0 ? ["* has a photo"] : [])
    output.line("\(game.title.visible) (\(parts.joined(separator: "; ")))")
  }

  /// The teams' standings, when the game has teams, and who won, once it
  /// is finished.
  func printFooter(to output: Output) {
    state?.printFooter(names: names, scoreWidth: scoreWidth, to: output)
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
    output.write(standing.player.name.visible)
    output.line(standing.team.map { " (\($0.visible))" } ?? "")
    if needsNames { names[standing.player.id] = standing.player.name }
  }
}
