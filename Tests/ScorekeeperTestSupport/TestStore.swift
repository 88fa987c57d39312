@_spi(Testing) import ScorekeeperCore

/// The moment tests pretend it is, unless they say otherwise.
public let testNow = Timestamp(iso8601: "2026-01-02T03:04:05.678Z")!

/// A store on a fresh database file in its own directory, with
/// deterministic ids (00000000-…-000000000001, …0002, …) and a fixed clock.
public final class TestStore {
  public let directory: TemporaryDirectory
  public let store: Store
  public var database: Database { store.database }
  public var path: String { directory.file("scorekeeper.sqlite") }

  public init(uuid: UUIDGenerator = .incrementing(), clock: Clock = .constant(testNow)) throws {
    directory = try TemporaryDirectory()
    store = try Store(
      path: directory.file("scorekeeper.sqlite"),
      dependencies: Dependencies(uuid: uuid, clock: clock, device: .device(1)))
  }
}

/// "ffffffff-ffff-ffff-ffff-ffffffffffff" for 0, "…fffe" for 1, and so on:
/// ids for seeded rows that can never collide with the incrementing
/// generator's, which counts up from 1.
public func negativeID(_ offset: UInt64) -> String {
  UUIDGenerator.format(high: .max, low: .max - offset)
}
