import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// The cloud a command talks to: the mock's file, or a live server; and
/// the faults SCOREKEEPER_CLOUD_FAULTS asks for, injected on the client's
/// side around either (a live server cannot be told to fail).
struct OpenedCloud {
  enum Backend {
    case file(FileCloud)
    case live(LiveCloud)
  }

  let backend: Backend
  let faults: CloudFaults
}

extension Invocation {
  /// The cloud `--cloud` or SCOREKEEPER_CLOUD names, or the default mock.
  func cloudAddress() throws -> CloudAddress {
    try settings.cloudAddress()
  }

  /// The cloud as a database binds to it and `status` shows it: a mock's
  /// path resolved (links followed, made absolute), so the same file typed
  /// two ways reads the same; a live server's connection string as typed
  /// (the server's identity, not this, decides whether it is the same).
  func cloudLocation() throws -> String {
    let path: String
    switch try cloudAddress() {
    case .live(let typed, _): return typed
    case .file(let mockPath): path = mockPath
    }
    func resolved(_ path: String) -> String? {
      guard let resolved = realpath(path, nil) else { return nil }
      defer { free(resolved) }
      return String(cString: resolved)
    }
    // A cloud not there (yet): its folder resolved, and its name.
    let folder = FilePath.folder(of: path)
    let name = path.split(separator: "/").last.map(String.init) ?? path
    return resolved(path) ?? resolved(folder).map { $0 == "/" ? "/" + name : $0 + "/" + name } ?? path
  }

  /// The cloud, opened on first use. A mock is created unless `create` is
  /// false, in which case a missing file is nil; a live server is only
  /// named here (it is reached by the first operation).
  func cloud(create: Bool = true) throws -> OpenedCloud? {
    if let openedCloud { return openedCloud }
    let address = try cloudAddress()
    // Settings are checked first, so a typo is reported whether or not the cloud exists.
    let clock = try settings.dependencies.get().clock
    let faults = CloudFaults(try settings.cloudFaults.get())
    let backend: OpenedCloud.Backend
    switch address {
    case .file(let path):
      if !create && access(path, F_OK) != 0 { return nil }
      let file = try FileCloud(
        path: path, clock: clock, shareLinks: settings.shareLinks,
        checkpointPages: try settings.dependencies.get().checkpointPages)
      if let aside = file.setAsideLog { warnLogSetAside(file: path, log: aside) }
      backend = .file(file)
    case .live(_, let connection):
      backend = .live(try liveCloud(connection))
    }
    let cloud = OpenedCloud(backend: backend, faults: faults)
    openedCloud = cloud
    return cloud
  }

  /// A live server reached through `connection`.
  private func liveCloud(_ connection: PGConnectionString) throws -> LiveCloud {
    // --user (or SCOREKEEPER_USER) logs in as that user, whatever the string says.
    let login = try explicitUserName().map { connection.setting("user", to: $0) } ?? connection
    return LiveCloud(
      connectionString: login.text, password: passwordPrompt(for: login),
      timeLimit: try settings.networkTimeLimit())
  }

  /// For a follower (`watch`, `serve`) of a live server: from now on the
  /// cloud is reached through `listen-cloud` when it is given (a direct
  /// connection, where the cloud's own goes through a pooler that loses
  /// notifications), for fetches and notifications alike, so the
  /// follower holds one server connection. The database stays bound to
  /// the cloud as named; the server's identity says it is the same one.
  func followThroughListenSetting() throws {
    guard case .live = try cloudAddress(), let listen = try settings.listenCloud.get() else { return }
    openedCloud = OpenedCloud(
      backend: .live(try liveCloud(listen)), faults: CloudFaults(try settings.cloudFaults.get()))
  }

  /// The user's view of the cloud. On a live server the user is the role
  /// the connection logs in as, so this connects.
  func container() throws -> any CloudContainer {
    let cloud = try cloud()!
    switch cloud.backend {
    case .file(let mock):
      return FaultInjectingContainer(mock.container(for: try userName()), faults: cloud.faults)
    case .live(let live): return FaultInjectingContainer(live.container(), faults: cloud.faults)
    }
  }

  /// The user as known before connecting: `userName()` for the mock; for
  /// a live server, the user libpq will log in as when that is known
  /// without connecting (a service file can name one), else nil.
  func expectedUser() throws -> String? {
    guard case .live(_, let connection) = try cloudAddress() else { return try userName() }
    if let user = try explicitUserName() ?? connection["user"] { return user }
    if connection["service"] != nil || settings.environment("PGSERVICE") != nil { return nil }
    return try settings.environment("PGUSER") ?? userName()
  }

  /// The user given as scorekeeper's (`--user`, SCOREKEEPER_USER, the
  /// settings file), not taken from the login.
  private func explicitUserName() throws -> String? {
    settings.userIsGiven ? try userName() : nil
  }

  /// Asks for the password at a terminal, echo off, when libpq found none,
  /// naming the user and the server the connection goes to.
  func passwordPrompt(for connection: PGConnectionString) -> (@Sendable () -> String?)? {
    guard terminal.isInteractive else { return nil }
    let prompt =
      "Password for \(connection["user"].map(quote) ?? "the cloud") at \(Self.serverName(connection)): "
    let readSecret = terminal.readSecret
    return { readSecret(prompt) }
  }

  /// Where a connection string goes, as people name it: a service, a
  /// socket's folder, or a host, with the port and database it names.
  static func serverName(_ connection: PGConnectionString) -> String {
    if let service = connection["service"] { return "the service \(quote(service))" }
    let host = connection["host"] ?? connection["hostaddr"] ?? "localhost"
    var name = host.hasPrefix("/") ? "the socket in \(host)" : host
    if let port = connection["port"] { name += ", port \(port)" }
    if let database = connection["dbname"] { name += ", database \(quote(database))" }
    return name
  }

  /// The sync engine for this database, user and cloud.
  ///
  /// - Parameter automatic: a sync around another command, which waits
  ///   at most 2 s for a busy cloud: working offline must stay fast.
  /// - Parameter rebinding: for `sync --rebind`, which binds the database
  ///   to this cloud (creating it if need be) instead of refusing it.
  /// - Parameter joining: for `accept-share`, whose link leads into a
  ///   cloud that exists: a missing mock is refused, never created.
  func syncEngine(automatic: Bool, rebinding: Bool = false, joining: Bool = false) throws -> SyncEngine {
    var timing = try settings.syncTiming()
    if automatic { timing.budget = min(timing.budget, Settings.automaticSyncBudget) }
    let store = try store()
    let binding = try stateAtOpen().binding
    // A bound database never creates a mock cloud: a missing one is refused.
    let opened = try cloud(create: rebinding || (!binding.isBound && !joining))
    if opened == nil && joining && !binding.isBound, case .file(let path) = try cloudAddress() {
      throw SharingError.noCloudForLink(cloud: path)
    }
    if case .live? = opened?.backend { try requireClientLibrary() }
    if !rebinding, let refusal = try bindingRefusal(binding) { throw refusal }
    let engine = SyncEngine(
      store: store, container: try container(), cloudLocation: try cloudLocation(), timing: timing)
    engine.errorWords = ErrorWords.of
    engine.startRun()
    if let progress = SyncProgress(
      errors: errors, isTerminal: terminal.errorsAreTerminal, delay: try settings.progressDelay.get())
    {
      engine.observer.progress = { progress.update($0, finished: $1) }
    }
    return engine
  }

  /// Loads libpq before a command talks to a live server (and only
  /// then: naming one, or working offline, never needs it). Its absence is
  /// said naming `setting`, where the server was asked for (default: the
  /// cloud's own setting).
  func requireClientLibrary(for setting: String? = nil) throws {
    do {
      try LiveCloud.loadClientLibrary()
    } catch var error as ClientLibraryMissing {
      error.setting = setting ?? settings.cloud.origin.source
      throw error
    }
  }

  /// The engine for a command that needs the cloud (sharing): refused
  /// offline, as a usage error.
  func onlineEngine(for command: String, rebinding: Bool = false, joining: Bool = false) throws
    -> SyncEngine
  {
    if try settings.offline.get() {
      throw UsageError(
        "\(command) needs the cloud; drop --offline (or SCOREKEEPER_OFFLINE).", command: command)
    }
    return try syncEngine(automatic: false, rebinding: rebinding, joining: joining)
  }

  /// Why the current settings (user, cloud) would be refused by this
  /// database, if they would. Creates no mock cloud: one not opened yet
  /// that is missing counts as missing. A live server is not reached
  /// here: the engine checks its identity once connected.
  func bindingRefusal(_ binding: SyncBinding? = nil) throws -> SyncError? {
    let store = try store()
    let binding = try binding ?? store.syncBinding()
    let database = store.path
    switch try cloud(create: false)?.backend {
    case .file(let mock)?:
      return binding.refusal(
        database: database, user: try userName(), cloud: try cloudLocation(), identity: mock.identity)
    case nil:  // the mock's file is missing
      return binding.refusal(
        database: database, user: try userName(), cloud: try cloudLocation(), identity: nil)
    case .live?:
      return try expectedUser().flatMap { binding.userRefusal(database: database, user: $0) }
    }
  }
}
