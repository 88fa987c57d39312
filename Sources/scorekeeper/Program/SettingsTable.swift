/// One setting and every place it may be given, in precedence order: its
/// option, its environment variable, its settings file key, the variables
/// read after the file (the login's USER, the system's PAGER), else a
/// default. `Settings.resolve` is the one function that walks it.
struct SettingSpec: Sendable, Equatable {
  /// The settings file's key, and the name `config list --origin` shows.
  var key: String
  /// The command-line option that beats everything else, if any.
  var option: String?
  var variable: String
  /// Whether the settings file may set it.
  var inFile = true
  /// Honoured only with SCOREKEEPER_TESTING=1 (never from the file).
  var testOnly = false
  /// Variables read after the file: other programs' conventions.
  var fallbacks: [String] = []
  /// What it sets, for `config` and the manual.
  var help: String
}

extension SettingSpec {
  static let database = SettingSpec(
    key: "db", option: "--db", variable: "SCOREKEEPER_DB", help: "the database file (--db)")
  static let cloud = SettingSpec(
    key: "cloud", option: "--cloud", variable: "SCOREKEEPER_CLOUD",
    help: "the cloud: a PostgreSQL URL, or a mock's file (--cloud)")
  static let listenCloud = SettingSpec(
    key: "listen-cloud", variable: "SCOREKEEPER_LISTEN_CLOUD",
    help: "for watch and serve, a connection string that reaches the live server directly, "
      + "when the cloud's goes through a pooler")
  static let user = SettingSpec(
    key: "user", option: "--user", variable: "SCOREKEEPER_USER", fallbacks: ["USER", "LOGNAME"],
    help: "who you are on the cloud (--user)")
  static let offline = SettingSpec(
    key: "offline", option: "--offline", variable: "SCOREKEEPER_OFFLINE", help: "1 works offline (--offline)")
  static let syncBudget = SettingSpec(
    key: "sync-budget", variable: "SCOREKEEPER_SYNC_BUDGET", help: "seconds a sync may wait for the cloud")
  static let color = SettingSpec(
    key: "color", option: "--color", variable: "SCOREKEEPER_COLOR", help: "auto, always or never (--color)")
  static let pager = SettingSpec(
    key: "pager", option: "--no-pager", variable: "SCOREKEEPER_PAGER", fallbacks: ["PAGER"],
    help: "the pager for long output; empty for none (--no-pager)")

  /// "incrementing": ids 00000000-0000-0000-0000-000000000001, …0002, …,
  /// continuing across runs on the same database.
  static let ids = SettingSpec(
    key: "ids", variable: "SCOREKEEPER_IDS", inFile: false, testOnly: true, help: "deterministic ids")
  /// An ISO 8601 time ("2026-01-01T00:00:00Z") the clock is fixed at.
  static let now = SettingSpec(
    key: "now", variable: "SCOREKEEPER_NOW", inFile: false, testOnly: true, help: "a fixed clock")
  /// With incrementing ids, which device this is (1 to 65535, default 1):
  /// device N has the device id d0000000-…-N and makes ids starting with
  /// N - 1 in hex, so devices that sync never collide.
  static let device = SettingSpec(
    key: "device", variable: "SCOREKEEPER_DEVICE", inFile: false, testOnly: true, help: "the device number")
  /// Failures the cloud produces next, e.g. "network-unavailable*2".
  static let cloudFaults = SettingSpec(
    key: "cloud-faults", variable: "SCOREKEEPER_CLOUD_FAULTS", inFile: false, testOnly: true,
    help: "injected cloud failures")
  /// Seconds before a sync shows its progress line (default 1).
  static let progressDelay = SettingSpec(
    key: "progress-after", variable: "SCOREKEEPER_PROGRESS_AFTER", inFile: false, testOnly: true,
    help: "seconds before sync progress shows")

  /// Pages the log holds before a command folds it into the database
  /// file (default `Database.defaultCheckpointPages`), so tests
  /// checkpoint often.
  static let checkpointPages = SettingSpec(
    key: "checkpoint-pages", variable: "SCOREKEEPER_CHECKPOINT_PAGES", inFile: false, testOnly: true,
    help: "pages the log holds before a checkpoint")

  /// Every setting, in the order `config list --origin` shows them and
  /// settings are checked before a command runs.
  static let all: [SettingSpec] = [
    .database, .cloud, .listenCloud, .user, .offline, .syncBudget, .color, .pager, .ids, .now, .device,
    .cloudFaults,
    .progressDelay, .checkpointPages,
  ]

  /// The keys the settings file takes.
  static let fileKeys = all.filter(\.inFile)

  /// Variables that make the program deterministic or faulty, for tests
  /// and transcripts: honoured only with SCOREKEEPER_TESTING=1, so that
  /// one left in a person's environment (a copied script, a stale
  /// export) never fixes their clock or makes their cloud fail.
  static let testOnlyVariables = all.filter(\.testOnly).map(\.variable)

  /// "1": honour the variables meant for tests.
  static let testingVariable = "SCOREKEEPER_TESTING"
}
