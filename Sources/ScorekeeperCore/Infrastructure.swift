// The infrastructure the core is built on, each its own target so only
// they speak C (SQLite, libpq) and none knows a game: the executable and
// the tests see them through the core, which re-exports them.
@_exported import ScorekeeperHTTP
@_exported import ScorekeeperPostgreSQL
@_exported import ScorekeeperSQLite
@_exported import ScorekeeperSystem
