import ScorekeeperCore

/// `--json` output (the `JSON` type is the core's).
///
/// Rendering is compact where it can be and indented where it helps: an
/// object or array holding only scalars goes on one line, anything
/// containing an object or array is spread over lines, two spaces a level.
/// So a list of players prints one player a line.
extension JSON {
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
    case .number(let value): output.write(value.description)
    case .decimal(let text): output.write(text)
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

  static func writeQuoted(_ text: String, to output: Output) {
    JSON.writeQuoted(text) { output.write($0) }
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

  /// Closes the array, then the object after `trailingFields`.
  func finish(trailingFields: [(String, JSON)] = []) {
    if count > 0 {
      output.write(byte: UInt8(ascii: "\n"))
      JSON.writeIndent(1, to: output)
    }
    output.write("]")
    for (key, value) in trailingFields {
      output.write(",\n")
      JSON.writeIndent(1, to: output)
      JSON.writeQuoted(key, to: output)
      output.write(": ")
      value.write(to: output, level: 1)
    }
    output.write("\n}\n")
  }
}
