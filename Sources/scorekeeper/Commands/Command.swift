/// A command: its spec (what it accepts, how it is explained) and what it
/// does. Each file in this folder defines one.
struct Command: Sendable {
  var spec: CommandSpec
  /// Whether the command syncs around its work (unless offline): it
  /// fetches first, so it sees what other devices did (and finds the
  /// names typed there), then sends whatever is pending, its own changes
  /// and any an earlier command could not send.
  var syncs = false
  /// Whether the command only shows whom and where the database syncs
  /// with, so it runs on a database bound to another user (`status`).
  var inspectsBinding = false
  /// Whether its output only says what it did (score, rename, …), which
  /// --quiet silences; a command asked to show something (list, share's
  /// link) always shows it.
  var echoes = false
  /// Whether these arguments ask an echoing command to show something
  /// ("sync status", "import --dry-run"), which --quiet leaves shown.
  var asksToShow: @Sendable (CommandValues) -> Bool = { _ in false }
  /// Whether its human output may run long (a listing), and so goes
  /// through the pager on a terminal.
  var pages = false
  /// Whether the command only shows what a database holds: on a path
  /// where there is none, it says so and creates nothing (a typo in --db
  /// is not a new, empty database).
  var needsDatabase = false
  /// Whether these arguments make a command that only shows write
  /// (`kinds --set`): then it creates the database as any change does.
  var writesWhen: @Sendable (CommandValues) -> Bool = { _ in false }
  /// Whether these arguments need no database at all (`kinds --builtin`
  /// shows the program's own library): no automatic sync either.
  var usesNoDatabaseWhen: @Sendable (CommandValues) -> Bool = { _ in false }
  /// Checks input the command reads (a file, standard input) before any
  /// automatic sync, so bad input changes nothing, local or in the cloud.
  var prepare: (@Sendable (Invocation) throws -> Void)? = nil
  var run: @Sendable (Invocation) throws -> Void
}

extension Command {
  /// Every command, in the order `help` lists them.
  static let all: [Command] = [
    .addGame, .addPlayer, .score, .round, .undo, .list, .sheet, .chart, .history, .watch, .serve, .setRules,
    .finish,
    .reopen, .rematch,
    .setTeam, .leaderboard, .rating, .stats, .kinds, .people, .mergePeople, .splitPerson, .renamePerson,
    .renameGame,
    .renamePlayer, .removePlayer,
    .setPhoto, .photo, .removePhoto, .deleteGame, .reviveGame, .export, .importData, .backup, .restore,
    .share,
    .acceptShare, .leave,
    .sync,
    .status,
    .demo, .cloud,
    .server, .config, .completions, .help,
  ]

  /// The command `name`, made alone: a command line makes only its own
  /// command, not the others' specs (`config`'s joins the help of every
  /// setting). Making them all was most of the Swift runtime's one-time
  /// work in `score` (0.78M of its 9.1M instructions).
  /// `ArgumentParserTests` holds it to `all`.
  static func named(_ name: String) -> Command? {
    switch name {
    case "add-game": .addGame
    case "add-player": .addPlayer
    case "score": .score
    case "round": .round
    case "undo": .undo
    case "list": .list
    case "sheet": .sheet
    case "chart": .chart
    case "history": .history
    case "watch": .watch
    case "serve": .serve
    case "set-rules": .setRules
    case "finish": .finish
    case "reopen": .reopen
    case "rematch": .rematch
    case "set-team": .setTeam
    case "leaderboard": .leaderboard
    case "rating": .rating
    case "stats": .stats
    case "kinds": .kinds
    case "people": .people
    case "merge-people": .mergePeople
    case "split-person": .splitPerson
    case "rename-person": .renamePerson
    case "rename-game": .renameGame
    case "rename-player": .renamePlayer
    case "remove-player": .removePlayer
    case "set-photo": .setPhoto
    case "photo": .photo
    case "remove-photo": .removePhoto
    case "delete-game": .deleteGame
    case "revive-game": .reviveGame
    case "export": .export
    case "import": .importData
    case "backup": .backup
    case "restore": .restore
    case "share": .share
    case "accept-share": .acceptShare
    case "leave": .leave
    case "sync": .sync
    case "status": .status
    case "demo": .demo
    case "cloud": .cloud
    case "server": .server
    case "config": .config
    case "completions": .completions
    case "help": .help
    default: nil
    }
  }
}

extension Argument where Value == String {
  static let game = Argument(
    ArgumentSpec(
      name: "GAME",
      help: "The game's title (any case), or its id: as printed, or its first or last 4+ hex digits."))
  static let player = Argument(
    ArgumentSpec(name: "PLAYER", help: "The player's name in that game (any case), or its id."))
}
