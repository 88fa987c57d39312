/// What a long-running command (`watch`, `serve`) follows: this database
/// and, unless offline, the cloud (`CloudFeed`). It says which
/// descriptors to wait on, waits on them, and after a wake says whether
/// the database changed.
///
/// The feed holds the database's connection for the command: when another
/// file takes the database's place (a `restore` renames one over it) it
/// opens the database again, so the command goes on showing what is
/// there, not what its old connection still reads. The command reads
/// through `store`, which is the new connection from then on.
public final class ChangeFeed {
  /// The database followed, opened again when it was replaced.
  public private(set) var store: Store
  private var signal: DatabaseChangeSignal
  private let reopen: () throws -> Store
  /// Nil when the command works offline.
  public let cloud: CloudFeed?

  /// - Parameter reopen: opens the database again after another file
  ///   took its place (the old connection closed first, by the caller).
  public init(store: Store, reopen: @escaping () throws -> Store, cloud: CloudFeed?) throws {
    self.store = store
    self.reopen = reopen
    self.cloud = cloud
    signal = try DatabaseChangeSignal(store: store)
  }

  /// The database's descriptor, and the cloud's signal's while it has one.
  public var descriptors: [Int32] {
    [signal.descriptor] + (cloud?.signal.map { [$0.descriptor] } ?? [])
  }

  /// The earlier of `deadline` and when the cloud has work due.
  public func limit(_ deadline: Deadline) -> Deadline {
    cloud?.deadline.earlier(than: deadline) ?? deadline
  }

  /// Does what the cloud has due (at the start: the catch-up). True when
  /// a fetch brought this database up to date.
  public func step() throws -> Bool {
    try cloud?.step() ?? false
  }

  /// After a wake (or a recheck): reads the cloud's signal and the
  /// database's; true when this database changed (or was replaced, and is
  /// now opened again).
  public func takeChanges() throws -> Bool {
    cloud?.signalWoke()
    do {
      return try signal.takeChange()
    } catch is DatabaseReplaced {
      store = try reopen()
      signal = try DatabaseChangeSignal(store: store)
      cloud?.databaseReopened()
      return true
    }
  }

  /// Waits until this database changes (another process committed), the
  /// cloud signals, the cloud has something due, or one of `extra` is
  /// readable (returning the indexes of those), by `deadline` at most.
  public func wait(until deadline: Deadline, also extra: [Int32] = []) throws -> [Int] {
    let limit = limit(deadline)
    while true {
      let followed = descriptors
      let readyExtra = try ChangeSignals.ready(followed + extra, until: limit)
        .filter { $0 >= followed.count }.map { $0 - followed.count }
      if try takeChanges() || !readyExtra.isEmpty || limit.hasPassed || (cloud?.deadline.hasPassed ?? false) {
        return readyExtra
      }
    }
  }
}
