/// Bytes of an export on their way out: gathered into 64 KiB pieces, so
/// a row costs no system call, and handed to `sink` as each piece fills.
struct ExportWriter {
  private var buffer: [UInt8] = []
  private let sink: (UnsafeBufferPointer<UInt8>) throws -> Void
  private static let pieceSize = 1 << 16

  init(sink: @escaping (UnsafeBufferPointer<UInt8>) throws -> Void) {
    self.sink = sink
    buffer.reserveCapacity(Self.pieceSize + 4096)
  }

  mutating func write(_ text: StaticString) throws {
    buffer.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    try flushIfFull()
  }

  mutating func write(_ bytes: some Sequence<UInt8>) throws {
    buffer.append(contentsOf: bytes)
    try flushIfFull()
  }

  /// A JSON string literal.
  mutating func quoted(_ text: String) throws {
    JSON.writeQuoted(text) { buffer.append(contentsOf: $0) }
    try flushIfFull()
  }

  /// A JSON value: a string, a whole number, or null.
  mutating func value(_ value: SQLValue) throws {
    switch value {
    case .text(let text): try quoted(text)
    case .integer(let number): try write(String(number).utf8)
    case .null: try write("null")
    case .real(let number): try write(number.description.utf8)
    case .blob(let bytes):
      try write("\"")
      try write(Base64.encode(bytes))
      try write("\"")
    }
  }

  mutating func flush() throws {
    guard !buffer.isEmpty else { return }
    try buffer.withUnsafeBufferPointer { try sink($0) }
    buffer.removeAll(keepingCapacity: true)
  }

  private mutating func flushIfFull() throws {
    if buffer.count >= Self.pieceSize { try flush() }
  }
}
