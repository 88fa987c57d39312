/// A JSON value whose objects keep their keys in the order written: the
/// CLI's `--json` output is a contract, and stable key order is part of
/// it. The live cloud speaks it to the server's functions too.
///
/// Numbers are whole (`Int64`) wherever they travel, so they survive the
/// trip exactly; values that would not (doubles) travel as strings. Only
/// output has fractions (`number`: ratings), written as the shortest text
/// that reads back as the same double.
public indirect enum JSON: Equatable, Sendable {
  case string(String)
  case integer(Int64)
  /// A finite double, for output only: the parser reads whole numbers.
  case number(Double)
  /// An exact decimal, written as its text: points with decimals (13.5,
  /// `Points.json`). The parser reads it back (`decimalText`).
  case decimal(String)
  case bool(Bool)
  case null
  case array([JSON])
  case object([(String, JSON)])

  public static func == (lhs: JSON, rhs: JSON) -> Bool {
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): a == b
    case (.integer(let a), .integer(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.decimal(let a), .decimal(let b)): a == b
    case (.bool(let a), .bool(let b)): a == b
    case (.null, .null): true
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a.elementsEqual(b) { $0.0 == $1.0 && $0.1 == $1.1 }
    default: false
    }
  }

  /// The value of `key` in an object (the first, if repeated); nil for a
  /// missing key or a value that is not an object.
  public subscript(key: String) -> JSON? {
    guard case .object(let fields) = self else { return nil }
    return fields.first { $0.0 == key }?.1
  }

  public var stringValue: String? {
    if case .string(let text) = self { text } else { nil }
  }

  public var integerValue: Int64? {
    if case .integer(let number) = self { number } else { nil }
  }

  public var boolValue: Bool? {
    if case .bool(let value) = self { value } else { nil }
  }

  public var arrayValue: [JSON]? {
    if case .array(let elements) = self { elements } else { nil }
  }

  public var isNull: Bool { self == .null }

  /// The value on one line, without spaces: what goes over the wire.
  public var compactText: String {
    var bytes: [UInt8] = []
    appendCompact(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  private func appendCompact(to bytes: inout [UInt8]) {
    switch self {
    case .string(let text): Self.writeQuoted(text) { bytes.append(contentsOf: $0) }
    case .integer(let number): bytes.append(contentsOf: String(number).utf8)
    case .number(let number): bytes.append(contentsOf: number.description.utf8)
    case .decimal(let text): bytes.append(contentsOf: text.utf8)
    case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
    case .null: bytes.append(contentsOf: "null".utf8)
    case .array(let elements):
      bytes.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        element.appendCompact(to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    case .object(let fields):
      bytes.append(UInt8(ascii: "{"))
      for (index, field) in fields.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        Self.writeQuoted(field.0) { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: ":"))
        field.1.appendCompact(to: &bytes)
      }
      bytes.append(UInt8(ascii: "}"))
    }
  }

  /// A JSON string literal, handed to `write` in runs of UTF-8: quotes,
  /// backslashes and control characters escaped, and so are DEL and the
  /// invisible format characters (`isHidden`): the value is the same to a
  /// reader, and JSON shown on a terminal can neither act on it nor hide a
  /// name's difference. Everything else (emoji, any script) is copied as
  /// it is.
  public static func writeQuoted(_ text: String, _ write: (UnsafeBufferPointer<UInt8>) -> Void) {
    func literal(_ text: StaticString) {
      write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
    func escape(_ unit: UInt16) {
      let hex = Array("0123456789abcdef".utf8)
      let escape =
        Array("\\u".utf8) + [12, 8, 4, 0].map { hex[Int((unit >> UInt16($0)) & 0x0f)] }
      escape.withUnsafeBufferPointer(write)
    }
    literal("\"")
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      for (index, byte) in bytes.enumerated()
      where byte < 0x20 || byte == 0x22 || byte == 0x5c || byte >= 0x7f {
        write(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        guard byte < 0x80 else {
          // Beyond ASCII (ids and times never are): the rest scalar by scalar.
          writeQuotedScalars(bytes[index...], literal: literal, escape: escape, write: write)
          return
        }
        var byte = byte
        quotedASCII(&byte, literal: literal, escape: escape, write: write)
        runStart = index + 1
      }
      write(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    literal("\"")
  }

  /// The rest of a string literal from its first byte beyond ASCII: a
  /// hidden scalar escaped (a surrogate pair beyond the first plane),
  /// any other copied as it is.
  private static func writeQuotedScalars(
    _ bytes: Slice<UnsafeBufferPointer<UInt8>>, literal: (StaticString) -> Void, escape: (UInt16) -> Void,
    write: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    let scalars = Array(String(decoding: UnsafeBufferPointer(rebasing: bytes), as: UTF8.self).unicodeScalars)
    var run = ""  // scalars copied as they are, written together
    func flush() {
      run.withUTF8(write)
      run.removeAll(keepingCapacity: true)
    }
    for index in scalars.indices {
      let scalar = scalars[index]
      switch scalar.value {
      case 0..<0x20, 0x22, 0x5c, 0x7f:
        flush()
        var byte = UInt8(scalar.value)
        quotedASCII(&byte, literal: literal, escape: escape, write: write)
      case _ where isHidden(at: index, in: scalars):
        flush()
        for unit in String(scalar).utf16 { escape(unit) }
      default: run.unicodeScalars.append(scalar)
      }
    }
    flush()
  }

  /// One ASCII character of a string literal: escaped where JSON (or a
  /// terminal) needs it.
  private static func quotedASCII(
    _ byte: inout UInt8, literal: (StaticString) -> Void, escape: (UInt16) -> Void,
    write: (UnsafeBufferPointer<UInt8>) -> Void
  ) {
    switch byte {
    case 0x22: literal("\\\"")
    case 0x5c: literal("\\\\")
    case 0x0a: literal("\\n")
    case 0x0d: literal("\\r")
    case 0x09: literal("\\t")
    case 0..<0x20, 0x7f: escape(UInt16(byte))
    default: withUnsafePointer(to: &byte) { write(UnsafeBufferPointer(start: $0, count: 1)) }
    }
  }
}
