import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// Everything a command needs to run: its parsed arguments, where to
/// write, who to ask, and the store, opened on first use so `help` and
/// usage errors never touch the database.
final class Invocation {
  let commandLine: ParsedCommandLine
  let output: Output
  let errors: Output
  let terminal: Terminal
  let settings: Settings
  private let openStore: () throws -> Store
  private var openedStore: Store?
  private var openedCloud: MockCloud?
  /// Why an automatic sync failed, if one did: reported once, at the end.
  private var syncProblem: (any Error)?
  /// Local changes automatic syncs undid (refused, or deleted elsewhere):
  /// never silently, so they are reported at the end too.
  private var syncLosses = (refused: 0, discarded: 0)

  init(
    commandLine: ParsedCommandLine, output: Output, errors: Output, terminal: Terminal,
    settings: Settings, openStore: @escaping () throws -> Store
  ) {
    self.commandLine = commandLine
    self.output = output
    self.errors = errors
    self.terminal = terminal
    self.settings = settings
    self.openStore = openStore
  }

  var json: Bool { commandLine.has("--json") }

  func store() throws -> Store {
    if let openedStore { return openedStore }
    let store = try openStore()
    openedStore = store
    return store
  }

  /// Where the mock cloud lives: `--cloud`, SCOREKEEPER_CLOUD, or the default.
  func cloudPath() throws -> String {
    try settings.cloudPath(option: option("--cloud"))
  }

  /// The mock cloud server, created on first use unless `create` is false,
  /// in which case a missing file is nil.
  func cloud(create: Bool = true) throws -> MockCloud? {
    // One server object per command: injected faults are consumed once.
    if let openedCloud { return openedCloud }
    let path = try cloudPath()
    // Settings are checked first, so a typo is reported whether or not the file exists.
    let clock = try settings.dependencies().clock
    let faults = try settings.cloudFaults()
    if !create && access(path, F_OK) != 0 { return nil }
    let cloud = try MockCloud(path: path, clock: clock, shareLinks: settings.shareLinks(), faults: faults)
    openedCloud = cloud
    return cloud
  }

  /// The sync engine for this database, user and mock cloud.
  ///
  /// - Parameter automatic: a sync around another command, which waits
  ///   at most 2 s for a busy cloud: working offline must stay fast.
  func syncEngine(automatic: Bool) throws -> SyncEngine {
    var timing = try settings.syncTiming()
    if automatic { timing.budget = min(timing.budget, 2) }
    return SyncEngine(
      store: try store(), container: try cloud()!.container(for: userName()),
      cloudLocation: try cloudPath(), timing: timing)
  }

  /// The engine for a command that needs the cloud (sharing): refused
  /// offline, as a usage error.
  func onlineEngine(for command: String) throws -> SyncEngine {
    if try settings.isOffline(flag: flag("--offline")) {
      throw UsageError(
        "\(command) needs the cloud; drop --offline (or SCOREKEEPER_OFFLINE).", command: command)
    }
    return try syncEngine(automatic: false)
  }

  /// Syncs around a command. A failure never fails the command (its
  /// changes stay pending); after one, the command does not try again.
  func syncAutomatically(_ operation: (SyncEngine) throws -> SyncReport) {
    guard syncProblem == nil else { return }
    do {
      let report = try operation(try syncEngine(automatic: true))
      syncLosses.refused += report.refused
      syncLosses.discarded += report.discarded
    } catch {
      syncProblem = error
    }
  }

  /// A warning line on stderr for each local change automatic syncs undid,
  /// and one if syncing failed, counting the changes waiting now that the
  /// command has made its own.
  func warnIfNotSynced() {
    if syncLosses.refused > 0 {
      errors.line(
        "warning: \(changes(syncLosses.refused)) refused by the cloud (no permission; the game's "
          + "owner changed what you may do) and undone here.")
    }
    if syncLosses.discarded > 0 {
      errors.line(
        "warning: \(changes(syncLosses.discarded)) dropped: what \(syncLosses.discarded == 1 ? "it" : "they") "
          + "changed was deleted on another device.")
    }
    guard let problem = syncProblem else { return }
    var message = (problem as? UsageError)?.message ?? "\(problem)"
    if case .stopped(let error, _)? = problem as? SyncError,
      let pending = try? openedStore?.syncStatus()
    {
      message = "\(SyncError.stopped(error, pending: pending.pendingSaves + pending.pendingDeletes))"
    }
    errors.line("warning: not synced: \(message)")
  }

  private func changes(_ count: Int) -> String {
    count == 1 ? "1 local change was" : "\(count) local changes were"
  }

  /// Who the user is on the cloud: `--user`, SCOREKEEPER_USER, or the login.
  func userName() throws -> String {
    try settings.userName(option: option("--user"))
  }

  /// A required argument (the parser guarantees it is there).
  func argument(_ name: String) -> String {
    guard let value = commandLine.arguments[name] else {
      preconditionFailure("\(name) is not an argument of \(commandLine.command ?? "?")")
    }
    return value
  }

  func optionalArgument(_ name: String) -> String? {
    commandLine.arguments[name]
  }

  func option(_ name: String) -> String? {
    commandLine.options[name]
  }

  func flag(_ name: String) -> Bool {
    commandLine.has(name)
  }

  /// Prints a JSON document on stdout, newline-terminated.
  func print(_ json: JSON) {
    output.line(json.rendered())
  }

  func close() {
    openedStore?.close()
    openedStore = nil
  }
}
