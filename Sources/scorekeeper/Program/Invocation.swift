import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// Everything a command needs to run: its parsed arguments, where to
/// write, who to ask, and the store, opened on first use so `help` and
/// usage errors never touch the database.
final class Invocation {
  let commandLine: ParsedCommandLine
  /// The arguments and options, decoded by their specs.
  let values: CommandValues
  let output: Output
  let errors: Output
  let terminal: Terminal
  let settings: Settings
  private let databasePath: () throws -> String
  private let openStore: (String) throws -> Store
  /// The command only shows what the database holds (`needsDatabase`).
  private let needsDatabase: Bool
  private var openedStore: Store?
  /// The database file this command created (none was there before).
  private var createdDatabase: String?
  private var openedState: (binding: SyncBinding, outage: SyncOutage?)?
  /// The cloud, opened once per command: injected faults are consumed once.
  var openedCloud: OpenedCloud?

  /// The photo `prepare` read and checked, for `run` (standard input can
  /// be read only once).
  var checkedPhoto: CheckedPhoto?

  /// The command only shows the binding (`status`): it may open a
  /// database bound to someone else.
  let inspectsBinding: Bool

  init(
    commandLine: ParsedCommandLine, values: CommandValues, output: Output, errors: Output, terminal: Terminal,
    settings: Settings, inspectsBinding: Bool = false, databasePath: @escaping () throws -> String,
    needsDatabase: Bool, openStore: @escaping (String) throws -> Store
  ) {
    self.databasePath = databasePath
    self.needsDatabase = needsDatabase
    self.inspectsBinding = inspectsBinding
    self.commandLine = commandLine
    self.values = values
    self.output = output
    self.errors = errors
    self.terminal = terminal
    self.settings = settings
    self.openStore = openStore
  }

  var json: Bool { values[.json] }
  /// Times as people read them: local, or UTC with --utc.
  var times: TimeDisplay { TimeDisplay(utc: values[.utc]) }

  /// The database's path, for a command that works on the file rather
  /// than through the store (`restore`).
  func databaseFile() throws -> String { try databasePath() }

  /// Whether the command only shows what a database holds and there is
  /// none: `store()` would refuse, so nothing syncs before the command
  /// (which may still show what needs no database, as `kinds Hearts`).
  func lacksNeededDatabase() throws -> Bool {
    try needsDatabase && access(databasePath(), F_OK) != 0
  }

  /// The store, opened on first use. A database bound to another user is
  /// refused here, before any command can write to it, unless the command
  /// only shows the binding (`inspectsBinding`).
  func store() throws -> Store {
    if let openedStore { return openedStore }
    let path = try databasePath()
    let existed = access(path, F_OK) == 0
    if !existed && needsDatabase { throw NoDatabaseError(path: path) }
    let store = try openStore(path)
    if !existed { createdDatabase = path }
    if let aside = store.setAsideLog { warnLogSetAside(file: path, log: aside) }
    let state = try store.syncBindingAndOutage()
    (openedStore, openedState) = (store, state)
    if state.binding.isBound && !inspectsBinding, let user = try expectedUser(),
      let refusal = state.binding.userRefusal(database: store.path, user: user)
    {
      throw refusal
    }
    return store
  }

  /// Opening found `file` replaced under its log, and set the log aside
  /// as `log` (`KeptLog`): said once, by the command that did it.
  func warnLogSetAside(file: String, log: String) {
    errors.warning(
      "\(quote(file)) was replaced (a backup copied over it?) while its log still held changes made to "
        + "the file it replaced; the log does not belong to it, so it was set aside as \(quote(log)) and "
        + "not applied.")
  }

  /// The binding and outage as the store was opened with them, for the
  /// checks before a command. The sync engine reads the binding again,
  /// in its own transaction, before it writes.
  func stateAtOpen() throws -> (binding: SyncBinding, outage: SyncOutage?) {
    _ = try store()
    return openedState!
  }

  /// Who the user is on the mock cloud: `--user`, SCOREKEEPER_USER, the
  /// settings file, or the login.
  func userName() throws -> String {
    try settings.userName()
  }

  /// A required argument (the parser makes sure it was given).
  subscript<Value>(_ argument: Argument<Value>) -> Value { values[argument] }

  subscript<Value>(ifGiven argument: Argument<Value>) -> Value? { values[ifGiven: argument] }

  subscript<Value>(each argument: Argument<Value>) -> [Value] { values[each: argument] }

  subscript<Value>(_ option: Option<Value>) -> Value? { values[option] }

  subscript(_ flag: Flag) -> Bool { values[flag] }

  /// Prints a JSON document on stdout, newline-terminated.
  func print(_ json: JSON) {
    output.line(json.rendered())
  }

  func close() {
    openedStore?.close()
    openedStore = nil
  }

  /// After a command failed: the database it created is removed, so a
  /// mistake leaves no new file behind; only while it holds nothing of
  /// the user's (the database says) and no other process holds it.
  ///
  /// "Holds": has read it (in WAL mode a connection keeps a shared lock
  /// from its first read until it closes, which the exclusive lock taken
  /// here waits for). A process that opened the file but has not read it
  /// yet opens it again when it finds it gone (`DatabaseFile`).
  func discardNewDatabase() {
    guard let path = createdDatabase, let store = openedStore else { return }
    createdDatabase = nil
    if (try? store.discardIfUnused()) == true {
      for suffix in ["", "-wal", "-shm", "-journal", "-device", "-checkpoint"] { unlink(path + suffix) }
    }
    close()
  }
}
