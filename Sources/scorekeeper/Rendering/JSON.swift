import ScorekeeperCore

/// A JSON value whose objects keep their keys in the order written: the
/// `--json` output is a contract, and stable key order is part of it.
///
/// Rendering is compact where it can be and indented where it helps: an
/// object or array holding only scalars goes on one line, anything
/// containing an object or array is spread over lines, two spaces a level.
/// So a list of players prints one player a line.
indirect enum JSON: Equatable {
  case string(String)
  case integer(Int64)
  case bool(Bool)
  case null
  case array([JSON])
  case object([(String, JSON)])

  static func == (lhs: JSON, rhs: JSON) -> Bool {
    lhs.rendered() == rhs.rendered()
  }

  /// The value as JSON text, without a trailing newline, starting at
  /// `level` levels of indentation.
  func rendered(level: Int = 0) -> String {
    let output = Output.memory()
    write(to: output, level: level)
    return output.text
  }

  /// Writes the value straight into `output`: `list --json` renders
  /// 100,000 of these, so no intermediate strings are built.
  func write(to output: Output, level: Int = 0) {
    switch self {
    case .string(let text): Self.writeQuoted(text, to: output)
    case .integer(let value): output.write(value)
    case .bool(let value): output.write(value ? "true" : "false")
    case .null: output.write("null")
    case .array(let elements):
      writeContainer(
        "[", "]", count: elements.count, to: output, level: level
      ) { index, level in elements[index].write(to: output, level: level) }
    case .object(let fields):
      writeContainer("{", "}", count: fields.count, to: output, level: level) { index, level in
        Self.writeQuoted(fields[index].0, to: output)
        output.write(": ")
        fields[index].1.write(to: output, level: level)
      }
    }
  }

  private func writeContainer(
    _ open: String, _ close: String, count: Int, to output: Output, level: Int,
    element: (Int, Int) -> Void
  ) {
    output.write(open)
    guard count > 0 else { return output.write(close) }
    if isFlat {
      for index in 0..<count {
        if index > 0 { output.write(", ") }
        element(index, level)
      }
    } else {
      for index in 0..<count {
        output.write(index > 0 ? ",\n" : "\n")
        Self.writeIndent(level + 1, to: output)
        element(index, level + 1)
      }
      output.write(byte: UInt8(ascii: "\n"))
      Self.writeIndent(level, to: output)
    }
    output.write(close)
  }

  /// True for scalars, and for arrays and objects holding only scalars.
  private var isFlat: Bool {
    switch self {
    case .array(let elements): return elements.allSatisfy(\.isScalar)
    case .object(let fields): return fields.allSatisfy(\.1.isScalar)
    default: return true
    }
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: return false
    default: return true
    }
  }

  static func writeIndent(_ level: Int, to output: Output) {
    output.write(spaces: 2 * level)
  }

  /// A JSON string literal: quotes, backslashes and control characters
  /// escaped, everything else (emoji, any script) copied as UTF-8.
  static func writeQuoted(_ text: String, to output: Output) {
    output.write(byte: UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5c {
        output.write(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        switch byte {
        case 0x22: output.write("\\\"")
        case 0x5c: output.write("\\\\")
        case 0x0a: output.write("\\n")
        case 0x0d: output.write("\\r")
        case 0x09: output.write("\\t")
        default:
          let hex = Array("0123456789abcdef".utf8)
          output.write("\\u00")
          output.write(byte: hex[Int(byte >> 4)])
          output.write(byte: hex[Int(byte & 0x0f)])
        }
        runStart = index + 1
      }
      output.write(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    output.write(byte: UInt8(ascii: "\""))
  }
}

/// Writes a top-level object whose last field is an array of objects,
/// element by element, so 100,000 standings never sit in memory at once.
/// The text is exactly what `JSON.object(...).rendered()` would give.
struct StreamedJSONArray {
  private let output: Output
  private var count = 0

  init(output: Output, leadingFields: [(String, JSON)], arrayKey: String) {
    self.output = output
    output.write("{\n")
    for (key, value) in leadingFields + [(arrayKey, .array([]))] {
      JSON.writeIndent(1, to: output)
      JSON.writeQuoted(key, to: output)
      output.write(": ")
      if key == arrayKey {
        output.write("[")
      } else {
        value.write(to: output, level: 1)
        output.write(",\n")
      }
    }
  }

  /// Appends one element; elements must be objects or arrays, which the
  /// whole-value renderer puts one a line.
  mutating func append(_ element: JSON) {
    output.write(count == 0 ? "\n" : ",\n")
    JSON.writeIndent(2, to: output)
    element.write(to: output, level: 2)
    count += 1
  }

  func finish() {
    if count > 0 {
      output.write(byte: UInt8(ascii: "\n"))
      JSON.writeIndent(1, to: output)
    }
    output.write("]\n}\n")
  }
}
