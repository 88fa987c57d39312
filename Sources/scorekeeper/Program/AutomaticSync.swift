import ScorekeeperCore

/// The sync around a command that changes or shows data: once before it
/// (what is pending goes first, so what the command shows is what the
/// cloud took), and a send after it when it changed something. One engine
/// for both. A failure never fails the command (its changes stay
/// pending), and after one nothing more is tried; what went wrong, and
/// what the syncs undid, is said once at the end (`warn`).
///
/// A database bound to another cloud is the one failure that ends the
/// command, before it writes: its changes could never sync.
///
/// It takes what it uses, made once by the program: the store, the
/// database's state as it was opened, and how to make the engine and
/// check the binding (which open the cloud, once per command).
final class AutomaticSync {
  private let store: Store
  private let state: (binding: SyncBinding, outage: SyncOutage?)
  private let clock: Clock
  private let makeEngine: () throws -> SyncEngine
  private let bindingRefusal: (SyncBinding) throws -> SyncError?
  private let errors: Output
  private let times: TimeDisplay
  private var engine: SyncEngine?
  /// Why a sync failed, if one did.
  private var problem: (any Error)?
  /// Local changes the syncs undid (refused, or deleted elsewhere).
  private var losses = (refused: 0, discarded: 0)
  /// Games the syncs removed because of what happened elsewhere.
  private var removedGames: [RemovedGame] = []
  /// Copies from the cloud the syncs kept out.
  private var keptOut: [KeptOutRecord] = []
  private var historyWentBack = false
  /// The outage for which the syncs were skipped, if they were.
  private var waitedOutage: SyncOutage?

  init(
    store: Store, state: (binding: SyncBinding, outage: SyncOutage?), clock: Clock, errors: Output,
    times: TimeDisplay, makeEngine: @escaping () throws -> SyncEngine,
    bindingRefusal: @escaping (SyncBinding) throws -> SyncError?
  ) {
    self.store = store
    self.state = state
    self.clock = clock
    self.errors = errors
    self.times = times
    self.makeEngine = makeEngine
    self.bindingRefusal = bindingRefusal
  }

  /// Before the command: everything pending goes, everyone else's comes.
  /// The cloud did not answer lately: rather than pay the wait again on
  /// every command, nothing is tried until the retry is due (`sync`
  /// always tries); a binding refusal still ends the command first.
  func before() throws {
    if let outage = state.outage, try clock.now() < outage.retryAt {
      if let refusal = try bindingRefusal(state.binding) { throw refusal }
      waitedOutage = outage
      return
    }
    try run { try $0.sync() }
  }

  /// After the command: its changes, if it made any (nothing else: what
  /// was pending before went, or failed, in `before`).
  func after() throws {
    guard store.changedData else { return }
    try run { try $0.send() }
  }

  private func run(_ operation: (SyncEngine) throws -> SyncReport) throws {
    guard problem == nil, waitedOutage == nil else { return }
    // What the sync did is counted whether it ended or stopped half way.
    defer {
      if let report = engine?.report {
        losses.refused += report.refused
        losses.discarded += report.discarded
        removedGames += report.removedGames
        keptOut += report.keptOut
        historyWentBack = historyWentBack || report.historyWentBack
      }
    }
    do {
      if engine == nil { engine = try makeEngine() }
      _ = try operation(engine!)
    } catch let refusal as SyncError {
      guard case .boundElsewhere = refusal else {
        problem = refusal
        return
      }
      throw refusal
    } catch {
      problem = error
    }
  }

  /// A warning line for each game the syncs removed here and each local
  /// change they undid: what happened to the database whatever the
  /// command's outcome, so said even when the command then fails (a game
  /// a sync removed is the game the command no longer finds).
  func warnWhatSyncsChanged() {
    errors.warnHistoryWentBack(historyWentBack)
    errors.warn(removedGames)
    errors.warn(keptOut)
    if losses.refused > 0 {
      errors.warning(
        "\(changes(losses.refused)) refused by the cloud (no permission; the game's "
          + "owner changed what you may do) and undone here.")
    }
    if losses.discarded > 0 {
      errors.warning(
        "\(changes(losses.discarded)) dropped: what \(losses.discarded == 1 ? "it" : "they") "
          + "changed was deleted on another device.")
    }
  }

  /// `warnWhatSyncsChanged`, then one line if syncing failed, counting the
  /// changes waiting now that the command has made its own.
  func warn() {
    warnWhatSyncsChanged()
    // (Read only when there is something to say: it is a transaction.)
    let status = waitedOutage != nil || problem != nil ? try? store.syncStatus() : nil
    if let outage = waitedOutage, let status, status.pendingSaves + status.pendingDeletes > 0 {
      let pending = status.pendingSaves + status.pendingDeletes
      errors.warning(
        "not synced: the cloud has not answered since \(times.format(outage.since))"
          + (status.lastError.map { " (\($0))" } ?? "") + "; automatic syncs try again after "
          + "\(times.format(outage.retryAt)), or run \"scorekeeper sync\" now. "
          + "\(pending == 1 ? "1 change" : "\(pending) changes") kept for the next sync.")
    }
    guard let problem else { return }
    var message = (problem as? UsageError)?.message ?? ErrorWords.of(problem)
    if case .stopped(let error, _)? = problem as? SyncError, let status {
      message = ErrorWords.of(SyncError.stopped(error, pending: status.pendingSaves + status.pendingDeletes))
    }
    errors.warning("not synced: \(message)")
  }

  private func changes(_ count: Int) -> String {
    count == 1 ? "1 local change was" : "\(count) local changes were"
  }
}
