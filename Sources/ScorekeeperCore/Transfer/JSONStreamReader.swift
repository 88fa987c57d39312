/// Reads one JSON text from an `ImportSource` value by value, in bounded
/// memory: the caller walks the shape it expects (`object`, `array`,
/// `string`, …), and only the token at hand is gathered. Tokens are
/// parsed by `JSONParser`, so the two readers agree on JSON; text must be
/// UTF-8 (a byte-order mark is skipped). Every failure names where it is:
/// the JSON path, and the line and column.
final class JSONStreamReader {
  private enum Component {
    case key(String)
    case index(Int)
  }

  private let source: ImportSource
  private var path: [Component] = []
  private var line = 1
  /// The input offset where `line` starts.
  private var lineStart = 0
  /// Where the token being read starts, for its location.
  private var tokenStart = 0

  init(source: ImportSource) throws {
    self.source = source
    try source.skipByteOrderMark()
  }

  /// `$.games[3].scoreEvents[7].delta`, then the line and column.
  var location: String {
    "\(pathText(path)) (line \(line), column \(tokenStart - lineStart + 1))"
  }

  /// A failure of an element read earlier, by its index in the array the
  /// reader is in (`inArray`) or has just left: its path alone, the line
  /// having gone by.
  func failure(_ problem: String, element: Int, inArray: Bool) -> ImportError {
    ImportError(
      location: pathText((inArray ? path.dropLast() : path[...]) + [.index(element)]), problem: problem)
  }

  private func pathText(_ path: some Sequence<Component>) -> String {
    var text = "$"
    for component in path {
      switch component {
      // A key of letters and digits as `.key`; any other in brackets,
      // quoted (a message stays one line whatever the file's keys hold).
      case .key(let key) where key.isEmpty: break  // (before an object's first key)
      case .key(let key) where key.utf8.count <= 64 && key.utf8.allSatisfy(Self.isPlain):
        text += "." + key
      case .key(let key): text += "[" + quote(key) + "]"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }

  private static func isPlain(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  func failure(_ problem: String) -> ImportError {
    ImportError(location: location, problem: problem)
  }

  /// Calls `body` with each key of an object, which must read the key's value.
  func object(_ body: (String) throws -> Void) throws {
    try expect(UInt8(ascii: "{"), "an object")
    path.append(.key(""))
    defer { path.removeLast() }
    if try take(UInt8(ascii: "}")) { return }
    repeat {
      guard try next() == UInt8(ascii: "\"") else { throw failure("a key in quotes was expected") }
      let key = try token { try $0.string() }
      path[path.count - 1] = .key(key)
      try expect(UInt8(ascii: ":"), "\":\" after a key")
      try body(key)
    } while try take(UInt8(ascii: ","))
    try expect(UInt8(ascii: "}"), "\",\" or \"}\"")
  }

  /// Calls `body` with each index of an array, which must read the element.
  func array(_ body: (Int) throws -> Void) throws {
    try expect(UInt8(ascii: "["), "an array")
    path.append(.index(0))
    defer { path.removeLast() }
    if try take(UInt8(ascii: "]")) { return }
    var index = 0
    repeat {
      path[path.count - 1] = .index(index)
      try body(index)
      index += 1
    } while try take(UInt8(ascii: ","))
    try expect(UInt8(ascii: "]"), "\",\" or \"]\"")
  }

  func string() throws -> String {
    guard try next() == UInt8(ascii: "\"") else { throw mismatch("a string") }
    return try token { try $0.string() }
  }

  /// A string's bytes as written, without unescaping: for base64, whose
  /// alphabet needs no escape (an escape makes it invalid).
  func rawString() throws -> ArraySlice<UInt8> {
    guard try next() == UInt8(ascii: "\"") else { throw mismatch("a string") }
    return try token { parser in
      let start = parser.offset + 1
      _ = try parser.string()
      return ArraySlice(parser.bytes[start..<parser.offset - 1])
    }
  }

  func integer() throws -> Int64 {
    guard let byte = try next(),
      byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    else { throw mismatch("a whole number") }
    return try token { try $0.integer() }
  }

  /// The first byte of the next value, without reading it; nil at the end.
  func peek() throws -> UInt8? { try next() }

  func bool() throws -> Bool {
    switch try next() {
    case UInt8(ascii: "t"): try token { try $0.word("true") }; return true
    case UInt8(ascii: "f"): try token { try $0.word("false") }; return false
    default: throw mismatch("true or false")
    }
  }

  /// Nil (and consumed) for null, else what `read` reads.
  func optional<T>(_ read: () throws -> T) throws -> T? {
    guard try next() == UInt8(ascii: "n") else { return try read() }
    try token { try $0.word("null") }
    return nil
  }

  /// Reads past one value of any shape.
  func skipValue(depth: Int = 0) throws {
    guard depth < JSONParser.maximumDepth else {
      throw failure("nested deeper than \(JSONParser.maximumDepth)")
    }
    switch try next() {
    case UInt8(ascii: "{"): try object { _ in try skipValue(depth: depth + 1) }
    case UInt8(ascii: "["): try array { _ in try skipValue(depth: depth + 1) }
    case UInt8(ascii: "\""): _ = try rawString()
    case UInt8(ascii: "t"): try token { try $0.word("true") }
    case UInt8(ascii: "f"): try token { try $0.word("false") }
    case UInt8(ascii: "n"): try token { try $0.word("null") }
    case nil: throw failure("a value was expected, the file ended")
    default: _ = try numberText()
    }
  }

  /// A number of any kind (fractions, exponents) as written: for values
  /// an import reads leniently or passes over.
  func numberText() throws -> String {
    guard let byte = try next(),
      byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    else { throw mismatch("a number") }
    return try token { parser in
      let start = parser.offset
      var seenDigit = false
      while parser.offset < parser.bytes.count {
        let byte = parser.bytes[parser.offset]
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): seenDigit = true
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
          break
        default: throw parser.failure("a malformed number")
        }
        parser.offset += 1
      }
      guard seenDigit else { throw parser.failure("a malformed number") }
      return String(decoding: parser.bytes[start..<parser.offset], as: UTF8.self)
    }
  }

  /// Requires that nothing but white space follows.
  func finish() throws {
    if try next() != nil { throw failure("text after the end of the export") }
  }

  /// What the next value is, for a message: "found a string".
  private func mismatch(_ expected: String) -> ImportError {
    let found: String
    switch try? next() {
    case UInt8(ascii: "{"): found = "an object"
    case UInt8(ascii: "["): found = "an array"
    case UInt8(ascii: "\""): found = "a string"
    case UInt8(ascii: "t"), UInt8(ascii: "f"): found = "true or false"
    case UInt8(ascii: "n"): found = "null"
    case nil: found = "the end of the file"
    case let byte?:
      found =
        byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        ? "a number" : "\(quote(String(decoding: [byte], as: UTF8.self)))"
    }
    return failure("\(expected) was expected, found \(found)")
  }

  private func expect(_ byte: UInt8, _ what: String) throws {
    guard try take(byte) else {
      if try next() == nil { throw failure("\(what) was expected, the file ended") }
      throw failure("\(what) was expected")
    }
  }

  /// Consumes `byte` when it comes next.
  private func take(_ byte: UInt8) throws -> Bool {
    guard try next() == byte else { return false }
    source.consume(upTo: source.start + 1)
    return true
  }

  /// Skips white space (counting lines) and peeks at the next byte; nil at the end.
  private func next() throws -> UInt8? {
    while true {
      // One pass over the window's bytes, not a subscript (and its checks) per byte.
      let (index, found) = source.withWindow { bytes, start in
        var index = start
        while index < bytes.count {
          switch bytes[index] {
          case 0x20, 0x09, 0x0d: index += 1
          case 0x0a:
            index += 1
            line += 1
            lineStart = source.offset(of: index)
          default: return (index, bytes[index] as UInt8?)
          }
        }
        return (index, nil)
      }
      source.consume(upTo: index)
      tokenStart = source.offset(of: index)
      if let found { return found }
      guard try source.gather() else { return nil }
    }
  }

  /// Gathers the whole token at the window's start (a string up to its
  /// closing quote, a number or word up to a delimiter), parses it with
  /// `parse`, and consumes it.
  private func token<T>(_ parse: (inout JSONParser) throws -> T) throws -> T {
    var length = 1
    let isString = source[source.start] == UInt8(ascii: "\"")
    var escaped = false
    var ascii = true
    while true {
      let complete = source.withWindow { bytes, start in
        while start + length < bytes.count {
          let byte = bytes[start + length]
          if isString {
            length += 1
            if byte >= 0x80 { ascii = false }
            if escaped {
              escaped = false
            } else if byte == UInt8(ascii: "\\") {
              escaped = true
            } else if byte == UInt8(ascii: "\"") {
              return true
            }
          } else {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
              UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
              length += 1
            default: return true
            }
          }
        }
        return false
      }
      if complete { break }
      guard try source.gather() else {
        if isString { throw failure("a string was not closed before the file ended") }
        break
      }
    }
    let range = source.start..<source.start + length
    return try source.withBytes(0..<range.upperBound) { bytes in
      if !ascii, String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) == nil {
        throw failure("a string that is not UTF-8")
      }
      var parser = JSONParser(bytes: bytes)
      parser.offset = range.lowerBound
      do {
        let value = try parse(&parser)
        guard parser.offset == range.upperBound else { throw failure("a malformed value") }
        source.consume(upTo: range.upperBound)
        return value
      } catch let error as JSONSyntaxError {
        throw failure(error.problem)
      }
    }
  }
}
