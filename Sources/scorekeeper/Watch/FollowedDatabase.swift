import ScorekeeperCore

/// This database as a long-running command (`watch`, `serve`) follows
/// it: its change signal, and the database opened again when another
/// file takes its place (a `restore` renames one over it), so the command
/// goes on showing what is there, not what its old connection still reads.
final class FollowedDatabase {
  private let invocation: Invocation
  private var signal: DatabaseChangeSignal

  init(_ invocation: Invocation) throws {
    self.invocation = invocation
    signal = try DatabaseChangeSignal(store: try invocation.store())
  }

  /// For poll(2); another after the database was opened again.
  var descriptor: Int32 { signal.descriptor }

  /// True when another process committed to the database, or it was
  /// replaced (and is now opened again).
  func takeChange() throws -> Bool {
    do {
      return try signal.takeChange()
    } catch is DatabaseReplaced {
      invocation.close()
      signal = try DatabaseChangeSignal(store: try invocation.store())
      return true
    }
  }
}
