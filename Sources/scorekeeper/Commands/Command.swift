/// A command: its spec (what it accepts, how it is explained) and what it
/// does. Each file in this folder defines one.
struct Command: Sendable {
  var spec: CommandSpec
  /// How the command syncs around its own work (unless offline).
  var syncing: Syncing = .none
  var run: @Sendable (Invocation) throws -> Void

  enum Syncing: Sendable {
    /// Never touches the cloud through the sync engine.
    case none
    /// Fetches first, so it shows what other devices did.
    case reads
    /// Fetches first (names typed may come from another device), commits
    /// locally, then sends what it changed.
    case changes
  }
}

extension Command {
  /// Every command, in the order `help` lists them.
  static let all: [Command] = [
    .addGame, .addPlayer, .score, .undo, .list, .history, .renameGame, .renamePlayer, .removePlayer,
    .deleteGame, .sync, .status, .cloud, .help,
  ]

  static func named(_ name: String) -> Command? {
    all.first { $0.spec.name == name }
  }
}

extension ArgumentSpec {
  static let game = ArgumentSpec(
    name: "GAME", help: "The game's title (any case), or its id: 4+ hex digits or as printed.")
  static let player = ArgumentSpec(
    name: "PLAYER", help: "The player's name in that game (any case), or its id.")
}
