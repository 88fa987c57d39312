/// What `watch` shows at a change, read in one transaction: the view (a
/// game's standings or its score sheet, or the board of every game) and
/// the newest score change in it, which a full screen's header names. Read
/// apart, a header could name a change the view below it does not show.
public struct WatchScreen: Sendable {
  public enum View: Sendable {
    case standings(GameStandings)
    case sheet(ScoreSheet)
    case board(GamesBoard)
  }

  public var view: View
  /// The newest score change (of the game, or of every game) and its
  /// player's name (of a round, the one entered last); nil before the
  /// first, and when not asked for (a watch in a pipe has no header).
  public var lastChange: LastChange?

  /// The view's document: what `list GAME --json`, `sheet GAME --json`
  /// or, with no game, the board's JSON says.
  public var json: JSON {
    switch view {
    case .standings(let standings): standings.json
    case .sheet(let sheet): sheet.json
    case .board(let board): board.json
    }
  }
}

extension Store {
  /// The screen of the game `reference` names (its sheet when `sheet`),
  /// or of every game when nil, in one read; its last change only when
  /// `headed`.
  public func watchScreen(of reference: String?, sheet: Bool, headed: Bool) throws -> WatchScreen {
    try read {
      let game = try reference.map { try findGame($0) }
      let view: WatchScreen.View =
        if let game {
          sheet ? .sheet(try self.sheet(of: game)) : .standings(try gameStandings(of: game))
        } else {
          .board(try gamesBoardInRead())
        }
      return WatchScreen(view: view, lastChange: headed ? try history.lastChange(ofGameID: game?.id) : nil)
    }
  }
}
