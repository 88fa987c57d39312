#if canImport(Glibc)
  import Glibc
#endif

/// The bytes an import reads, from a file, standard input or memory, in
/// pieces: a reader looks at what the source has gathered (`window`),
/// consumes some, and asks for more, so a file of any size is read in
/// bounded memory. It counts lines as they are consumed, for locations.
public final class ImportSource {
  private let descriptor: Int32?
  private var storage: [UInt8]
  /// The bytes gathered and not yet consumed: `storage[start..<end]`.
  private(set) var start = 0
  private(set) var end = 0
  /// Bytes consumed and dropped before `storage[0]`.
  private var dropped = 0
  private(set) var isExhausted = false

  /// A token (a string, a CSV field) longer than this is refused rather
  /// than gathered: the largest photo, as base64, fits.
  static let maximumTokenLength = (CloudAsset.maximumByteCount / 3 + 1) * 4 + 1024

  public init(descriptor: Int32) {
    self.descriptor = descriptor
    storage = [UInt8](repeating: 0, count: 1 << 16)
  }

  public init(bytes: [UInt8]) {
    descriptor = nil
    storage = bytes
    end = bytes.count
    isExhausted = true
  }

  /// The byte at `index` (`start <= index < end`).
  @inline(__always) subscript(index: Int) -> UInt8 { storage[index] }

  /// The offset in the whole input of `index` in the window.
  func offset(of index: Int) -> Int { dropped + index }

  /// Consumes the window's bytes up to `index`.
  func consume(upTo index: Int) { start = index }

  /// Gathers more bytes after `end`, keeping the window (its indices may
  /// move: the window's start becomes 0). Returns false at the end of the
  /// input. Throws when the window alone reaches `maximumTokenLength`.
  func gather() throws -> Bool {
    guard !isExhausted, let descriptor else { return false }
    if start > 0 {
      storage.withUnsafeMutableBufferPointer { buffer in
        _ = memmove(buffer.baseAddress!, buffer.baseAddress! + start, end - start)
      }
      dropped += start
      end -= start
      start = 0
    }
    if end == storage.count {
      guard storage.count < Self.maximumTokenLength else {
        throw ImportError(
          location: "byte \(dropped + end)", problem: "a value longer than \(Self.maximumTokenLength) bytes")
      }
      storage += [UInt8](repeating: 0, count: storage.count)
    }
    while true {
      let count = storage.withUnsafeMutableBufferPointer { buffer in
        read(descriptor, buffer.baseAddress! + end, buffer.count - end)
      }
      if count > 0 {
        end += count
        return true
      }
      if count == 0 {
        isExhausted = true
        return false
      }
      guard errno == EINTR else {
        throw ImportError(
          location: "byte \(dropped + end)", problem: "reading failed: \(String(cString: strerror(errno)))")
      }
    }
  }

  /// Runs `body` over the bytes up to the window's end, with the window's
  /// start: for scanning a byte at a time.
  func withWindow<T>(_ body: (UnsafeBufferPointer<UInt8>, Int) throws -> T) rethrows -> T {
    try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[0..<end]), start) }
  }

  /// Runs `body` over the window's bytes `range` (which it must not outlive).
  func withBytes<T>(_ range: Range<Int>, _ body: (UnsafeBufferPointer<UInt8>) throws -> T) rethrows -> T {
    try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
  }

  /// Skips a UTF-8 byte-order mark at the very start.
  func skipByteOrderMark() throws {
    while end - start < 3, try gather() {}
    if dropped == 0, start == 0, end >= 3, storage[0] == 0xEF, storage[1] == 0xBB, storage[2] == 0xBF {
      start = 3
    }
  }

  /// The first non-blank byte, without consuming anything: `nil` for an
  /// empty (or blank) input, `.some(nil)` for one still blank at `limit`
  /// bytes (a guess need not gather a file of spaces whole).
  func firstByte(within limit: Int) throws -> UInt8?? {
    var index = start
    while true {
      while index < end {
        switch storage[index] {
        case 0x20, 0x09, 0x0a, 0x0d: index += 1
        default: return .some(storage[index])
        }
      }
      let consumed = index - start
      if consumed >= limit { return .some(nil) }
      guard try gather() else { return nil }
      index = start + consumed
    }
  }

  /// Up to the first `count` bytes, without consuming anything.
  func prefix(_ count: Int) throws -> [UInt8] {
    while end - start < count, try gather() {}
    return Array(storage[start..<min(end, start + count)])
  }

  /// Whether the first `limit` bytes hold `text`, without consuming anything.
  func prefixContains(_ text: String, within limit: Int) throws -> Bool {
    while end - start < limit, try gather() {}
    let needle = Array(text.utf8)
    let window = storage[start..<min(end, start + limit)]
    guard window.count >= needle.count else { return false }
    return (window.startIndex...(window.endIndex - needle.count)).contains {
      window[$0..<$0 + needle.count].elementsEqual(needle)
    }
  }
}
