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
    switch self {
    case .string(let text): return Self.quoted(text)
    case .integer(let value): return String(value)
    case .bool(let value): return value ? "true" : "false"
    case .null: return "null"
    case .array(let elements):
      if elements.isEmpty { return "[]" }
      if isFlat { return "[" + elements.map { $0.rendered() }.joined(separator: ", ") + "]" }
      return "[\n" + elements.map { Self.indent(level + 1) + $0.rendered(level: level + 1) }
        .joined(separator: ",\n") + "\n" + Self.indent(level) + "]"
    case .object(let fields):
      if fields.isEmpty { return "{}" }
      if isFlat {
        return "{" + fields.map { Self.quoted($0.0) + ": " + $0.1.rendered() }
          .joined(separator: ", ") + "}"
      }
      return "{\n" + fields.map { Self.field($0.0, $0.1, level: level + 1) }
        .joined(separator: ",\n") + "\n" + Self.indent(level) + "}"
    }
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

  static func field(_ key: String, _ value: JSON, level: Int) -> String {
    indent(level) + quoted(key) + ": " + value.rendered(level: level)
  }

  static func indent(_ level: Int) -> String {
    String(repeating: "  ", count: level)
  }

  /// A JSON string literal: quotes, backslashes and control characters
  /// escaped, everything else (emoji, any script) kept as UTF-8.
  static func quoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
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
    for (key, value) in leadingFields {
      output.write(JSON.field(key, value, level: 1) + ",\n")
    }
    output.write(JSON.indent(1) + JSON.quoted(arrayKey) + ": [")
  }

  /// Appends one element; elements must be objects or arrays, which the
  /// whole-value renderer puts one a line.
  mutating func append(_ element: JSON) {
    output.write(count == 0 ? "\n" : ",\n")
    output.write(JSON.indent(2) + element.rendered(level: 2))
    count += 1
  }

  func finish() {
    output.write(count == 0 ? "]\n}\n" : "\n" + JSON.indent(1) + "]\n}\n")
  }
}
