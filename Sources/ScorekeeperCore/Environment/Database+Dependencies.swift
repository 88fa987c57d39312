#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension Database {
  /// Makes the dependencies visible to SQL, so column defaults and triggers
  /// use the same ids and clock as Swift code:
  /// - `uuid()`: a new id from the generator;
  /// - `now()`: the clock's time as ISO 8601 text;
  /// - `newDeviceID()`: the id a new database takes as its device's, once;
  /// - `casefold(text)`: Unicode-aware lowercase, for case-insensitive
  ///   lookups (SQLite's NOCASE and lower() only fold ASCII).
  func install(_ dependencies: Dependencies) throws {
    let uuid = dependencies.uuid
    let clock = dependencies.clock
    try createFunction("uuid", argumentCount: 0, deterministic: false) { _ in
      .text(try uuid())
    }
    let device = dependencies.device
    try createFunction("newDeviceID", argumentCount: 0, deterministic: false) { _ in
      .text(try device())
    }
    // The id a copy takes (`DeviceClaim`), from its device's id before, its
    // file and the mark beside it: known before it is taken, so status
    // shows it. A test's generator gives its own id, as to a new database.
    let isRandom = device.isRandom
    let host = Self.hostName
    try createFunction("claimedDeviceID", argumentCount: 3, deterministic: true) { arguments in
      guard isRandom else { return .text(try device()) }
      let parts = arguments.map { argument -> String in
        if case .text(let text) = argument { text } else { "" }
      }
      return .text(IDs.made(["scorekeeper device claim", host] + parts))
    }
    try createFunction("now", argumentCount: 0, deterministic: false) { _ in
      .text(try clock.now().iso8601)
    }
    try createFunction("casefold", argumentCount: 1, deterministic: true) { arguments in
      guard case .text(let text) = arguments[0] else { return arguments[0] }
      return .text(text.lowercased())
    }
  }

  /// This machine's name: two copies of one database on two machines,
  /// at the same device and inode numbers, still claim different ids.
  private static let hostName: String = {
    var name = [CChar](repeating: 0, count: 256)
    guard gethostname(&name, name.count) == 0 else { return "" }
    return String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }()

  /// For the deterministic mode only: continues the id sequence where the
  /// last process left it, and saves it with every write transaction, so
  /// ids never repeat on one database. The counter lives in its own table,
  /// created on the first write in this mode; it is not part of the schema.
  func persistIDCounter(of generator: UUIDGenerator) throws {
    guard let counter = generator.persistentCounter else { return }
    // Read again in every write transaction, under its lock: another
    // process may have used ids since this one opened the database.
    afterBeginWrite = { db in
      let exists =
        try db.fetchOne(
          "SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'deterministicIDs'"
        ) { _ in true } ?? false
      if exists, let next = try db.fetchOne("SELECT next FROM deterministicIDs", [], { try $0.int64(0) }) {
        counter.reset(next: UInt64(next))
      }
    }
    beforeCommit = { db in
      try db.execute(
        "CREATE TABLE IF NOT EXISTS deterministicIDs (next INTEGER NOT NULL) STRICT")
      try db.execute("DELETE FROM deterministicIDs")
      try db.execute(
        "INSERT INTO deterministicIDs (next) VALUES (?1)", [.integer(Int64(counter.peek))])
    }
  }
}
