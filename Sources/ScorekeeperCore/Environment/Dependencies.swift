/// The dependencies the core cannot decide for itself: where ids and time
/// come from. They are passed in, never read from globals, so tests control
/// them; SQL sees the same ones through the `uuid()` and `now()` functions.
///
/// There are no defaults: a caller names each dependency, and a test that
/// means never to use one passes `.unimplemented`, which fails loudly.
public struct Dependencies: Sendable {
  public var uuid: UUIDGenerator
  public var clock: Clock
  /// Where a new database's device id comes from (used once, when the
  /// database is created). Apart from `uuid` so that deterministic ids
  /// stay 0001, 0002, … whatever the device is called.
  public var device: UUIDGenerator
  /// Pages a database's log holds before a commit folds it into the file
  /// (`KeptLog`): tests make it small, so checkpoints happen often.
  public var checkpointPages: Int32

  public init(
    uuid: UUIDGenerator, clock: Clock, device: UUIDGenerator,
    checkpointPages: Int32 = Database.defaultCheckpointPages
  ) {
    self.uuid = uuid
    self.clock = clock
    self.device = device
    self.checkpointPages = checkpointPages
  }

  /// Random ids and the system clock.
  public static let live = Dependencies(uuid: .live, clock: .live, device: .live)
}

/// A dependency was used that its creator declared unimplemented.
public struct UnimplementedDependencyError: Error, Equatable, CustomStringConvertible {
  public let name: String

  public var description: String {
    "The dependency `\(name)` was used but not set. "
      + "Pass one to Dependencies(uuid:clock:device:), e.g. .incrementing or .constant."
  }
}
