import ScorekeeperCore

/// A command that only shows what a database holds was pointed at a path
/// where there is none: more likely a typo than a wish for a new, empty
/// database, so nothing is created.
struct NoDatabaseError: Error, Equatable, CustomStringConvertible {
  let path: String

  var description: String {
    "There is no database at \(quote(path)); nothing was created. Check --db (or SCOREKEEPER_DB); to start "
      + "one, add a game, or run \"scorekeeper sync\" to fetch your games on a new device."
  }
}
