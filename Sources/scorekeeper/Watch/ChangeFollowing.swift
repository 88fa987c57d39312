import ScorekeeperCore

/// What a long-running command (`watch`, `serve`) follows: this database
/// and, unless offline, the cloud; the descriptors to wait on, and what
/// to read after a wake.
final class ChangeFollowing {
  let local: FollowedDatabase
  let cloud: CloudFollower?

  init(_ invocation: Invocation, command: String) throws {
    local = try FollowedDatabase(invocation)
    cloud = try CloudFollower(invocation, command: command)
  }

  /// The database's descriptor, and the cloud's signal's while it has one.
  var descriptors: [Int32] {
    [local.descriptor] + (cloud?.signal.map { [$0.descriptor] } ?? [])
  }

  /// The earlier of `deadline` and when the cloud has work due.
  func limit(_ deadline: Deadline) -> Deadline {
    cloud?.deadline.earlier(than: deadline) ?? deadline
  }

  /// After a wake (or a recheck): reads the cloud's signal and the
  /// database's; true when this database changed.
  func takeChanges() throws -> Bool {
    cloud?.signalWoke()
    return try local.takeChange()
  }
}
