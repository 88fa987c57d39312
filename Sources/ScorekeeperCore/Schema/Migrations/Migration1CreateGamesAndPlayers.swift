extension Migration {
  /// Schema v1: games and their players, each player with a score.
  ///
  /// Ids are text UUIDs made by `uuid()`, the injected generator, so rows
  /// inserted without an id are deterministic in tests. Players belong to
  /// one game and go with it (ON DELETE CASCADE).
  static let createGamesAndPlayers = Migration(
    version: 1,
    identifier: "createGamesAndPlayers",
    sql: """
      CREATE TABLE games (
        id TEXT PRIMARY KEY NOT NULL DEFAULT (uuid()),
        title TEXT NOT NULL CHECK (title <> '')
      ) STRICT;

      CREATE TABLE players (
        id TEXT PRIMARY KEY NOT NULL DEFAULT (uuid()),
        gameID TEXT NOT NULL REFERENCES games (id) ON DELETE CASCADE ON UPDATE CASCADE,
        name TEXT NOT NULL CHECK (name <> ''),
        score INTEGER NOT NULL DEFAULT 0
      ) STRICT;

      CREATE INDEX players_gameID ON players (gameID);
      """
  )
}
