import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Produces ids for new rows, as lowercase UUID text.
///
/// Modelled on swift-dependencies' `UUIDGenerator`: a tiny struct around a
/// closure, with named test doubles. For example:
///
///     UUIDGenerator.incrementing()  // 00000000-0000-0000-0000-000000000001, …0002, …
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () throws -> String

  /// For the deterministic mode of the CLI: the counter the store loads from
  /// and saves to the database, so ids keep incrementing across processes.
  let persistentCounter: IncrementingCounter?
  /// Whether each id is new at random (`live`), not a test's sequence or
  /// constant: a copy's device id is then made from what is known of the
  /// copy (`claimedDeviceID`), so `status` can say it before it is taken.
  let isRandom: Bool

  public init(_ generate: @escaping @Sendable () throws -> String) {
    self.generate = generate
    self.persistentCounter = nil
    self.isRandom = false
  }

  private init(randomly generate: @escaping @Sendable () throws -> String, random: Bool) {
    self.generate = generate
    self.persistentCounter = nil
    self.isRandom = random
  }

  private init(counter: IncrementingCounter, persistent: Bool, high: UInt64 = 0) {
    self.generate = { UUIDGenerator.format(high: high, low: counter.next()) }
    self.persistentCounter = persistent ? counter : nil
    self.isRandom = false
  }

  public func callAsFunction() throws -> String {
    try generate()
  }

  /// Version 7 UUIDs (RFC 9562): the Unix time in milliseconds, then 74
  /// random bits. Ids made together sort together, so the rows a command
  /// adds, and their entries in every index keyed by id (the table's own,
  /// sync tracking's), share a few pages instead of landing on a random
  /// page each: a round of 8 players wrote about a third fewer pages with
  /// them. The time they show is no secret: every row keeps its own.
  public static let live = UUIDGenerator(
    randomly: {
      var time = timespec()
      clock_gettime(CLOCK_REALTIME, &time)
      let milliseconds = UInt64(time.tv_sec) &* 1000 &+ UInt64(time.tv_nsec) / 1_000_000
      var generator = SystemRandomNumberGenerator()
      let random = generator.next() as UInt64
      // 48 bits of time, the version, 12 random bits; the RFC 9562 variant
      // bits, 62 random bits.
      let high = (milliseconds & 0xffff_ffff_ffff) << 16 | 0x7000 | (random & 0xfff)
      let low = (generator.next() as UInt64) & ~(0xc000 << 48) | (0x8000 << 48)
      return format(high: high, low: low)
    }, random: true)

  /// When a version 7 id was made (its first 48 bits); nil for an id of
  /// another version (the tests' counting ids, an import's hashed ones).
  public static func time(ofVersion7 id: String) -> Timestamp? {
    let hex = Array(id.utf8.filter { $0 != UInt8(ascii: "-") })
    guard hex.count == 32, hex[12] == UInt8(ascii: "7"), let variant = hex[16].hexValue, variant >> 2 == 2
    else {
      return nil
    }
    var milliseconds: Int64 = 0
    for digit in hex[..<12] {
      guard let value = digit.hexValue else { return nil }
      milliseconds = milliseconds << 4 | Int64(value)
    }
    return Timestamp(millisecondsSince1970: milliseconds)
  }

  /// 00000000-0000-0000-0000-000000000001, then …0002, and so on, in this
  /// process only.
  public static func incrementing(startingAt first: UInt64 = 1) -> UUIDGenerator {
    UUIDGenerator(counter: IncrementingCounter(next: first), persistent: false)
  }

  /// Like `incrementing()`, but the store keeps the counter in the database
  /// itself, so the sequence continues in the next process that opens it.
  /// This is the CLI's deterministic mode (`SCOREKEEPER_IDS=incrementing`).
  ///
  /// - Parameter namespace: set in the top 16 bits, so devices that sync
  ///   with each other never make the same id: namespace 1 makes
  ///   00010000-0000-0000-0000-000000000001, …
  public static func incrementingPersistedInDatabase(namespace: UInt16 = 0) -> UUIDGenerator {
    UUIDGenerator(
      counter: IncrementingCounter(next: 1), persistent: true, high: UInt64(namespace) << 48)
  }

  /// Always the same id: for tests where exactly one id is made.
  public static func constant(_ id: String) -> UUIDGenerator {
    UUIDGenerator { id }
  }

  /// The device id of deterministic mode: d0000000-0000-0000-0000-00000000000N,
  /// readable as "device N" and apart from every incrementing id.
  public static func device(_ number: UInt64) -> UUIDGenerator {
    constant(format(high: 0xd000_0000_0000_0000, low: number))
  }

  /// Fails every call, naming the dependency: for code that must not make ids.
  public static let unimplemented = UUIDGenerator {
    throw UnimplementedDependencyError(name: "uuid")
  }

  /// The UUID text of a 128-bit number whose high 64 bits are zero.
  public static func format(_ number: UInt64) -> String {
    format(high: 0, low: number)
  }

  /// The 8-4-4-4-12 text of a 128-bit number given as two halves.
  public static func format(high: UInt64, low: UInt64) -> String {
    // Written digit by digit into the 36 bytes: every row a command makes
    // takes one, and joining substrings cost a tenth of a result's entry.
    String(unsafeUninitializedCapacity: 36) { bytes in
      var index = 0
      for (half, value) in [(0, high), (1, low)] {
        for nibble in 0..<16 {
          if (half == 0 && (nibble == 8 || nibble == 12)) || (half == 1 && (nibble == 0 || nibble == 4)) {
            bytes[index] = UInt8(ascii: "-")
            index += 1
          }
          let digit = UInt8(truncatingIfNeeded: value >> UInt64(60 - 4 * nibble)) & 0xf
          bytes[index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
          index += 1
        }
      }
      return index
    }
  }
}

/// A thread-safe counter behind the incrementing generators.
final class IncrementingCounter: Sendable {
  private let value: Mutex<UInt64>

  init(next: UInt64) {
    value = Mutex(next)
  }

  /// Returns the current value and advances.
  func next() -> UInt64 {
    value.withLock { value in
      defer { value += 1 }
      return value
    }
  }

  /// The value the next call to `next()` returns.
  var peek: UInt64 {
    value.withLock { $0 }
  }

  func reset(next: UInt64) {
    value.withLock { $0 = next }
  }
}

extension UInt8 {
  /// The value of an ASCII hex digit (either case); nil for any other byte.
  fileprivate var hexValue: UInt8? {
    switch self {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): self - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): self - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): self - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}
