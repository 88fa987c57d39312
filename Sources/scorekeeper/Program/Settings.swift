import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// What the environment decides: where the database lives, and whether
/// ids and time are real or deterministic.
struct Settings {
  /// The environment variables the program reads, documented in the README.
  enum Variable {
    static let database = "SCOREKEEPER_DB"
    /// "incrementing": ids 00000000-0000-0000-0000-000000000001, …0002, …,
    /// continuing across runs on the same database. For tests and transcripts.
    static let ids = "SCOREKEEPER_IDS"
    /// An ISO 8601 time ("2026-01-01T00:00:00Z") the clock is fixed at.
    static let now = "SCOREKEEPER_NOW"
    /// The cloud: the mock's file, or a PostgreSQL connection string.
    static let cloud = "SCOREKEEPER_CLOUD"
    /// Who is using the cloud; default: the login name.
    static let user = "SCOREKEEPER_USER"
    /// Failures the mock cloud produces next, e.g. "network-unavailable*2".
    static let cloudFaults = "SCOREKEEPER_CLOUD_FAULTS"
    /// "1": work offline, as --offline does.
    static let offline = "SCOREKEEPER_OFFLINE"
    /// In deterministic mode, which device this is (1 to 65535, default
    /// 1): device N has the device id d0000000-…-N and makes ids
    /// starting with N - 1 in hex, so devices that sync never collide.
    static let device = "SCOREKEEPER_DEVICE"
    /// Seconds a sync may spend waiting to retry a busy or unreachable
    /// cloud before it gives up until the next command (default 10).
    static let syncBudget = "SCOREKEEPER_SYNC_BUDGET"
    /// "1": honour the variables meant for tests (`testOnly`).
    static let testing = "SCOREKEEPER_TESTING"
    /// Variables that make the program deterministic or faulty, for tests
    /// and transcripts: honoured only with SCOREKEEPER_TESTING=1, so that
    /// one left in a person's environment (a copied script, a stale
    /// export) never fixes their clock or makes their cloud fail.
    static let testOnly = [ids, now, device, cloudFaults, SyncProgress.Variable.delay]
  }

  /// Settings from `environment`, and the settings file's values beside
  /// it (`fileOrigin` says which came from the file). The variables for
  /// tests read as unset unless SCOREKEEPER_TESTING=1; those set anyway are
  /// `ignoredTestVariables`, which `status` names.
  init(environment: @escaping (String) -> String?, fileOrigin: @escaping (String) -> String? = { _ in nil }) {
    let testing = environment(Variable.testing) == "1"
    self.environment = { name in !testing && Variable.testOnly.contains(name) ? nil : environment(name) }
    self.fileOrigin = fileOrigin
    ignoredTestVariables = testing ? [] : Variable.testOnly.filter { !(environment($0) ?? "").isEmpty }
  }

  /// Variables for tests that are set but ignored (no SCOREKEEPER_TESTING=1).
  let ignoredTestVariables: [String]

  /// The variables a person sets, and what each does: the man page's
  /// ENVIRONMENT section (the deterministic ones are for tests).
  static let documentedVariables: [(name: String, help: String)] = [
    (Variable.database, "The database file, when --db is not given."),
    (
      Variable.cloud,
      "The cloud, when --cloud is not given: a PostgreSQL URL or connection string, or a mock cloud's file."
    ),
    (Variable.user, "Who you are on the cloud, when --user is not given (default: your login name)."),
    (Variable.offline, "1 works offline, as --offline does; 0 or unset syncs."),
    (
      Variable.syncBudget,
      "Seconds a sync may wait for a busy or unreachable cloud before it leaves the rest to the next "
        + "command (default 10)."
    ),
    (Presentation.Variable.color, "Colour: auto, always or never, when --color is not given."),
    (
      Pager.Variable.pager,
      "The pager for long output on a terminal (default: $PAGER, else less -FRX); empty for none."
    ),
    ("XDG_DATA_HOME", "Where the default database and mock cloud live (default ~/.local/share)."),
    ("XDG_CONFIG_HOME", "Where the settings file lives (default ~/.config): see config."),
    (
      Variable.testing,
      "1 honours the variables below that are for tests only; without it they are ignored, and status "
        + "names them."
    ),
    (
      Variable.ids,
      "incrementing: ids 00000000-0000-0000-0000-000000000001, …0002, … For tests and transcripts only."
    ),
    (Variable.now, "A time such as 2026-01-01T12:00:00Z that the clock is fixed at. For tests only."),
    (
      Variable.device,
      "With incrementing ids, this database's device number (1 to 65535), so devices never share ids. "
        + "For tests only."
    ),
    (
      SyncProgress.Variable.delay,
      "Seconds before a sync shows its progress on a terminal (default 1). For tests only."
    ),
    (
      Variable.cloudFaults,
      "Failures the mock cloud produces next, such as network-unavailable*2. For tests only."
    ),
  ]

  /// Every setting the environment (or --user) gives, checked before any
  /// command runs: a typo is a usage error (exit 2, nothing written), as
  /// the same mistake in an option is, whatever the command and whether
  /// or not it would have used the setting.
  func validate(userOption: String?) throws {
    if userOption != nil || environment(Variable.user) != nil { _ = try userName(option: userOption) }
    _ = try cloudFaults()
    _ = try syncTiming()
    _ = try SyncProgress.delay(environment: environment)
    _ = try isOffline(flag: false)
    _ = try dependencies()
  }

  /// `--offline`, or SCOREKEEPER_OFFLINE=1: nothing is sent or fetched.
  func isOffline(flag: Bool) throws -> Bool {
    if flag { return true }
    switch environment(Variable.offline) {
    case nil, "", "0", "no", "false", "off": return false
    case "1", "yes", "true", "on": return true
    case let other?:
      throw UsageError(
        "\(source(of: Variable.offline))=\(quote(other)) is not understood; use 1, yes, true or on to work "
          + "offline, or 0, no, false or off to sync.")
    }
  }

  /// How long syncing may wait, and whether it really waits: in
  /// deterministic mode (a fixed clock) waits are counted, not slept.
  func syncTiming() throws -> SyncTiming {
    var budget = 10.0
    if let text = environment(Variable.syncBudget), !text.isEmpty {
      guard let seconds = Double(text), seconds >= 0, seconds.isFinite else {
        throw UsageError(
          "\(source(of: Variable.syncBudget))=\(quote(text)) is not a number of seconds like 10 or 0.5.")
      }
      budget = seconds
    }
    let fixedClock = !(environment(Variable.now) ?? "").isEmpty
    return fixedClock ? .virtual(budget: budget) : .live(budget: budget)
  }

  /// Seconds an automatic sync (around another command) may take at
  /// most, waiting for answers and between retries alike.
  static let automaticSyncBudget = 2.0

  /// Seconds a live server is given to answer within a sync of `budget`
  /// seconds: the budget, but never less than a second, enough to connect
  /// through TLS across the world (a budget of 0 means "do not wait to
  /// retry", not "do not wait for an answer").
  static func networkTime(budget: Double) -> Double {
    max(budget, 1)
  }

  /// Seconds any one exchange with a live server (connecting, a call and
  /// its answer) may take outside a sync: the sync budget's.
  func networkTimeLimit() throws -> Double {
    Self.networkTime(budget: try syncTiming().budget)
  }

  /// The environment as the program reads it (the variables for tests
  /// unset unless they are honoured), with the settings file's values.
  let environment: (String) -> String?
  /// Where the settings file gave a variable's value (nil where the
  /// environment gave it): "'cloud' in the settings file PATH".
  let fileOrigin: (String) -> String?

  /// Where a variable's value came from, for messages about it: the
  /// variable itself, or the settings file's key.
  func source(of variable: String) -> String {
    fileOrigin(variable) ?? variable
  }

  /// Where the cloud was named: --cloud, its variable, or the file.
  func cloudSource(option: String?) -> String {
    option != nil ? "--cloud" : source(of: Variable.cloud)
  }

  /// `--db`, else SCOREKEEPER_DB, else the XDG data directory. Only the
  /// default location's folders are created (mode 0700, as XDG asks): a
  /// path someone typed with a missing folder is more likely a typo.
  /// (`creatingFolders: false` only names the file: for completion, which
  /// must not make anything.)
  func databasePath(option: String?, creatingFolders: Bool = true) throws -> String {
    try dataFile(
      option: option, variable: Variable.database, defaultName: "scorekeeper.sqlite",
      what: "the database", optionName: "--db", creatingFolders: creatingFolders)
  }

  /// `--cloud`, else SCOREKEEPER_CLOUD, else the mock next to the default
  /// database. A connection string (`postgresql://…`, `service=NAME`)
  /// names a live server; one holding a password is refused, since the
  /// database keeps the string it syncs with.
  func cloud(option: String?) throws -> CloudAddress {
    let typed = option ?? environment(Variable.cloud)
    guard let typed, PGConnectionString.looksLikeOne(typed) else {
      return .mock(
        path: try dataFile(
          option: option, variable: Variable.cloud, defaultName: "mock-cloud.sqlite",
          what: "the mock cloud", optionName: "--cloud"))
    }
    let source = cloudSource(option: option)
    let connection: PGConnectionString
    do {
      connection = try PGConnectionString(typed)
    } catch let error as PGError {
      throw UsageError(
        "\(source) \(quote(typed)) is not a connection string PostgreSQL can read: \(error.message)")
    }
    if connection.hasPassword {
      // NB: Not quoted back: the point is not to print the password.
      throw UsageError(
        "The connection string in \(source) holds a password; scorekeeper never stores or prints one. "
          + "Put it in ~/.pgpass (mode 0600) or a service file and use service=NAME, or leave it out "
          + "to be asked for it at a terminal.")
    }
    return .live(typed: typed, connection: connection)
  }

  private func dataFile(
    option: String?, variable: String, defaultName: String, what: String, optionName: String,
    creatingFolders: Bool = true
  ) throws -> String {
    // An empty option is a mistake (a script's unset variable, say), not a
    // request for the default: falling back could act on the wrong file.
    if option == "" {
      throw UsageError(
        "\(optionName) needs a path, but it was given an empty one (\"\"); nothing was changed.")
    }
    if let path = option ?? environment(variable), !path.isEmpty { return path }
    let dataHome: String
    if let xdg = environment("XDG_DATA_HOME"), xdg.hasPrefix("/") {
      dataHome = xdg  // the XDG spec says to ignore a relative XDG_DATA_HOME
    } else if let home = environment("HOME"), !home.isEmpty {
      dataHome = home + "/.local/share"
    } else {
      throw UsageError(
        "Cannot tell where to keep \(what): HOME is not set. Use \(optionName) PATH or \(variable).")
    }
    let directory = dataHome + "/scorekeeper"
    if creatingFolders { try Self.createDirectories(directory) }
    return directory + "/" + defaultName
  }

  /// `--user`, else SCOREKEEPER_USER, else the login name.
  func userName(option: String?) throws -> String {
    let typed = option ?? environment(Variable.user)
    guard let name = typed ?? environment("USER") ?? environment("LOGNAME") ?? Self.loginName() else {
      throw UsageError("Cannot tell who you are: use --user NAME or set \(Variable.user).")
    }
    guard !name.isEmpty, name.count <= 64, name == name.trimmingWhitespace(),
      !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw UsageError(
        "The user name \(quote(name)) is not usable: give 1 to 64 characters, no control "
          + "characters or surrounding spaces.")
    }
    return name
  }

  private static func loginName() -> String? {
    guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
    return String(cString: name)
  }

  /// The faults the mock cloud is told to produce, from SCOREKEEPER_CLOUD_FAULTS.
  func cloudFaults() throws -> [CloudFault] {
    do {
      return try CloudFault.parse(environment(Variable.cloudFaults) ?? "")
    } catch {
      throw UsageError("\(Variable.cloudFaults): \(error)")
    }
  }

  /// Random share links, or numbered ones in deterministic mode.
  func shareLinks() -> ShareLinkGenerator {
    environment(Variable.ids) == "incrementing" ? .sequential : .random
  }

  func dependencies() throws -> Dependencies {
    var dependencies = Dependencies.live
    switch environment(Variable.ids) {
    case nil, "": break
    case "incrementing":
      let device = try deviceNumber()
      dependencies.uuid = .incrementingPersistedInDatabase(namespace: device - 1)
      dependencies.device = .device(UInt64(device))
    case let other?:
      throw UsageError(
        "\(Variable.ids)=\(quote(other)) is not understood; the only value is \"incrementing\".")
    }
    if let text = environment(Variable.now), !text.isEmpty {
      guard let now = Timestamp(iso8601: text) else {
        throw UsageError(
          "\(Variable.now)=\(quote(text)) is not an ISO 8601 time like 2026-01-01T12:00:00Z.")
      }
      dependencies.clock = .constant(now)
    }
    return dependencies
  }

  private func deviceNumber() throws -> UInt16 {
    guard let text = environment(Variable.device), !text.isEmpty else { return 1 }
    guard let number = UInt16(text), number >= 1 else {
      throw UsageError("\(Variable.device)=\(quote(text)) is not a device number from 1 to 65535.")
    }
    return number
  }

  static func createDirectories(_ path: String) throws {
    var prefix = ""
    for component in path.split(separator: "/") {
      prefix += "/" + component
      if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
        throw DatabaseFileError(path: path, problem: .missingDirectory(prefix))
      }
    }
  }
}
