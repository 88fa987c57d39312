import ScorekeeperCore

/// Every setting of one run, resolved once, typed, each with where it came
/// from (`SettingOrigin`): option > environment variable > settings file >
/// default (`SettingSpec` is the table). A value that cannot be used is
/// kept as its error, thrown by `validate` before any command runs (or,
/// for the database and the cloud, where they are first used).
struct Settings {
  let database: Setting<DataLocation>
  let cloud: Setting<CloudChoice>
  /// Where a follower reaches a live server directly (`listen-cloud`).
  let listenCloud: Setting<PGConnectionString?>
  /// The user named (checked); nil when none is: then it is the login's,
  /// looked up only when asked for (`userName`), since most commands
  /// offline never need it.
  let user: Setting<String?>
  let offline: Setting<Bool>
  let syncBudget: Setting<Double>
  let color: Setting<ColorChoice>
  /// The pager command; nil for none.
  let pager: Setting<String?>
  let dependencies: Setting<Dependencies>
  /// Whether ids are deterministic (`SCOREKEEPER_IDS=incrementing`).
  let deterministicIDs: Bool
  /// Whether the clock is fixed (`SCOREKEEPER_NOW`).
  let fixedClock: Bool
  let cloudFaults: Setting<[CloudFault]>
  let progressDelay: Setting<Double>
  /// Variables for tests that are set but ignored (no SCOREKEEPER_TESTING=1),
  /// which `status` names.
  let ignoredTestVariables: [String]
  /// The process's environment, for what other programs define (libpq's
  /// PGUSER and PGSERVICE, TERM, NO_COLOR, PATH, HOME).
  let environment: (String) -> String?
  /// Every setting's text, origin and problem (when its text cannot be
  /// used), in the table's order: for `config list --origin`.
  let described: [Described]

  typealias Described = (spec: SettingSpec, text: String?, origin: SettingOrigin, problem: (any Error)?)

  /// The one place the precedence table is walked.
  ///
  /// - Parameters:
  ///   - options: the command line's options by long name (flags map to "").
  ///   - file: the settings file, nil when it does not count (`config`
  ///     reads around a broken one to mend it). A mistake in it is thrown.
  static func resolve(
    options: [String: String], environment: @escaping (String) -> String?, file: ConfigFile?
  ) throws -> Settings {
    let testing = environment(SettingSpec.testingVariable) == "1"
    let entries = try file?.valuesWithLines(home: environment("HOME")) ?? [:]
    return resolve(environment: environment, testing: testing) { spec in
      if let option = spec.option, let value = options[option] { return (value, .option(option)) }
      if spec.testOnly && !testing { return (nil, .byDefault) }
      if let value = environment(spec.variable) { return (value, .environment(spec.variable)) }
      if spec.inFile, let file, let entry = entries[spec.key] {
        return (entry.value, .file(path: file.path, key: spec.key, line: entry.line))
      }
      for variable in spec.fallbacks {
        if let value = environment(variable) { return (value, .environment(variable)) }
      }
      return (nil, .byDefault)
    }
  }

  /// Why `value` cannot be the settings file's `spec` (for `config set`,
  /// and each line of the file), or nil. The message names the key.
  static func problem(with value: String, for spec: SettingSpec) -> (any Error)? {
    let settings = resolve(environment: { _ in nil }, testing: false) { candidate in
      candidate == spec ? (value, .proposed(key: spec.key)) : (nil, .byDefault)
    }
    return settings.problem(of: spec)
  }

  /// Every setting parsed from what `lookup` finds for it.
  private static func resolve(
    environment: @escaping (String) -> String?, testing: Bool,
    lookup: (SettingSpec) -> (text: String?, origin: SettingOrigin)
  ) -> Settings {
    var described: [Described] = []
    func setting<V>(_ spec: SettingSpec, _ parse: (String?, SettingOrigin) throws -> V) -> Setting<V> {
      let (text, origin) = lookup(spec)
      let setting = Setting(origin: origin, text: text, parse: parse)
      described.append((spec, text, origin, setting.problem))
      return setting
    }

    let database = setting(.database) { text, origin in
      try DataLocation(text, origin: origin, of: .database, name: "scorekeeper.sqlite", environment)
    }
    let cloud = setting(.cloud) { text, origin in try CloudChoice(text, origin: origin, environment) }
    let listenCloud = setting(.listenCloud) { text, origin -> PGConnectionString? in
      guard let text else { return nil }
      guard case .live(_, let connection) = try CloudChoice(text, origin: origin, environment) else {
        throw UsageError(
          "\(origin.source) takes a PostgreSQL connection string (postgresql://… or key=value …), "
            + "not \(quote(text)).")
      }
      return connection
    }
    let user = setting(.user) { text, _ in try text.map(userName) }
    let offline = setting(.offline) { text, origin in try isOffline(text, origin: origin) }
    let syncBudget = setting(.syncBudget) { text, origin in
      try seconds(text, origin: origin, default: 10, example: "10")
    }
    let color = setting(.color) { text, origin in try ColorChoice(text, origin: origin) }
    let pager = setting(.pager) { text, origin -> String? in
      if case .option = origin { return nil }  // --no-pager
      return text ?? "less -FRX"
    }
    let ids = setting(.ids) { text, origin in try incrementingIDs(text, origin: origin) }
    let now = setting(.now) { text, origin in try fixedTime(text, origin: origin) }
    let device = setting(.device) { text, origin in try deviceNumber(text, origin: origin) }
    let cloudFaults = setting(.cloudFaults) { text, origin in
      do {
        return try CloudFault.parse(text ?? "")
      } catch {
        throw UsageError("\(origin.source): \(error)")
      }
    }
    let progressDelay = setting(.progressDelay) { text, origin in
      try seconds(text, origin: origin, default: 1, example: "1")
    }
    let checkpointPages = setting(.checkpointPages) { text, origin -> Int32 in
      guard let text else { return Database.defaultCheckpointPages }
      guard let pages = Int32(text), pages >= 1 else {
        throw UsageError("\(origin.source) takes a number of pages of 1 or more, not \(quote(text)).")
      }
      return pages
    }

    let dependencies = Setting(origin: .byDefault, text: nil) { _, _ in
      var dependencies = Dependencies.live
      if try ids.get() {
        let device = try device.get()
        dependencies.uuid = .incrementingPersistedInDatabase(namespace: device - 1)
        dependencies.device = .device(UInt64(device))
      }
      if let now = try now.get() { dependencies.clock = .constant(now) }
      dependencies.checkpointPages = try checkpointPages.get()
      return dependencies
    }
    return Settings(
      database: database, cloud: cloud, listenCloud: listenCloud, user: user, offline: offline,
      syncBudget: syncBudget, color: color,
      pager: pager, dependencies: dependencies, deterministicIDs: (try? ids.get()) ?? false,
      fixedClock: (try? now.get()) != nil,
      cloudFaults: cloudFaults, progressDelay: progressDelay,
      ignoredTestVariables: testing
        ? [] : SettingSpec.testOnlyVariables.filter { !(environment($0) ?? "").isEmpty },
      environment: environment, described: described)
  }

  /// The error the value given for `spec` holds, if any.
  func problem(of spec: SettingSpec) -> (any Error)? {
    described.first { $0.spec == spec }?.problem
  }

  /// A usable setting's value as `config list --origin` shows it: as it
  /// would be typed (a default place named, not made).
  func display(of spec: SettingSpec) -> String? {
    switch spec {
    case .database: return try? database.get().path(creatingFolders: false)
    case .cloud:
      switch try? cloud.get() {
      case .file(let location)?: return try? location.path(creatingFolders: false)
      case .live(let typed, _)?: return typed
      case nil: return nil
      }
    case .listenCloud: return described.first { $0.spec == spec }?.text ?? ""  // none: through the cloud's
    case .user: return try? userName()
    case .offline: return (try? offline.get()).map { $0 ? "1" : "0" }
    case .syncBudget: return (try? syncBudget.get()).map(Self.seconds)
    case .color: return (try? color.get())?.rawValue
    case .pager: return (try? pager.get()).map { $0 ?? "" }
    case .progressDelay: return (try? progressDelay.get()).map(Self.seconds)
    default: return described.first { $0.spec == spec }?.text
    }
  }

  /// 10, 0.5: seconds as people type them.
  private static func seconds(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }

  /// Who the user is on the cloud: the name given, else the login's.
  func userName() throws -> String {
    try user.get() ?? Self.userName(Self.loginName())
  }

  /// Whether the user was named as scorekeeper's (`--user`,
  /// SCOREKEEPER_USER, the settings file), not taken from the login.
  var userIsGiven: Bool {
    switch user.origin {
    case .option, .file, .environment(SettingSpec.user.variable): true
    default: false
    }
  }

  /// Every setting the environment, the file or an option gives, checked
  /// before any command runs: a typo is a usage error (exit 2, nothing
  /// written), as the same mistake in an option is, whatever the command
  /// and whether or not it would have used the setting. (The database and
  /// the cloud are checked where they are used: `help` needs neither.)
  func validate() throws {
    if userIsGiven { _ = try userName() }
    _ = try cloudFaults.get()
    _ = try listenCloud.get()
    _ = try syncBudget.get()
    _ = try progressDelay.get()
    _ = try offline.get()
    _ = try dependencies.get()
  }

  /// How long syncing may wait, and whether it really waits: with a fixed
  /// clock, waits are counted, not slept.
  func syncTiming() throws -> SyncTiming {
    let budget = try syncBudget.get()
    return fixedClock ? .virtual(budget: budget) : .live(budget: budget)
  }

  /// Seconds an automatic sync (around another command) may take at
  /// most, waiting for answers and between retries alike.
  static let automaticSyncBudget = 2.0

  /// Seconds any one exchange with a live server (connecting, a call and
  /// its answer) may take outside a sync: the sync budget's.
  func networkTimeLimit() throws -> Double {
    try syncTiming().answerTime
  }

  /// Random share links, or numbered ones with deterministic ids.
  var shareLinks: ShareLinkGenerator { deterministicIDs ? .sequential : .random }

  /// The database file; its default folder is made on first use.
  func databasePath(creatingFolders: Bool = true) throws -> String {
    try database.get().path(creatingFolders: creatingFolders)
  }

  /// The cloud; a default mock's folder is made on first use.
  func cloudAddress() throws -> CloudAddress {
    try cloud.get().address()
  }
}
