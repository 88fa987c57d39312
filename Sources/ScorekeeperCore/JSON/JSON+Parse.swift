/// JSON text that could not be read: where, and what was wrong.
public struct JSONSyntaxError: Error, Equatable, CustomStringConvertible {
  /// The byte offset of the problem in the text.
  public let offset: Int
  public let problem: String

  public var description: String { "Cannot read JSON at byte \(offset): \(problem)." }
}

extension JSON {
  /// Reads one JSON value (RFC 8259) filling the whole text, but for
  /// surrounding white space. Whole numbers must fit 64 bits; others are
  /// kept as their text (`decimal`).
  public static func parse(_ text: String) throws(JSONSyntaxError) -> JSON {
    var text = text
    return try text.withUTF8 { bytes in
      Result { () throws(JSONSyntaxError) -> JSON in
        var parser = JSONParser(bytes: bytes)
        let value = try parser.value(depth: 0)
        parser.skipWhitespace()
        guard parser.offset == bytes.count else { throw parser.failure("text after the value") }
        return value
      }
    }.get()
  }
}

/// Reads JSON text from its bytes: `JSON.parse` for any value, and the
/// pieces a reader of one known shape takes one by one (a cached result,
/// `FinishedGame.init(cached:)`), without building `JSON` values.
struct JSONParser {
  let bytes: UnsafeBufferPointer<UInt8>
  var offset = 0

  /// Deeper than this is refused instead of exhausting the stack.
  static let maximumDepth = 512

  init(bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
  }

  func failure(_ problem: String) -> JSONSyntaxError {
    JSONSyntaxError(offset: offset, problem: problem)
  }

  mutating func skipWhitespace() {
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x20, 0x09, 0x0a, 0x0d: offset += 1
      default: return
      }
    }
  }

  mutating func value(depth: Int) throws(JSONSyntaxError) -> JSON {
    guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth)") }
    skipWhitespace()
    guard offset < bytes.count else { throw failure("a value was expected, the text ended") }
    switch bytes[offset] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): try word("true"); return .bool(true)
    case UInt8(ascii: "f"): try word("false"); return .bool(false)
    case UInt8(ascii: "n"): try word("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw failure("unexpected character \(quote(String(decoding: [bytes[offset]], as: UTF8.self)))")
    }
  }

  mutating func word(_ word: StaticString) throws(JSONSyntaxError) {
    let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard bytes.count - offset >= expected.count,
      bytes[offset..<offset + expected.count].elementsEqual(expected)
    else { throw failure("expected \(word)") }
    offset += expected.count
  }

  mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == byte else { throw failure("expected \(what)") }
    offset += 1
  }

  /// True (and consumes it) when the next character is `byte`.
  mutating func take(_ byte: UInt8) -> Bool {
    skipWhitespace()
    guard offset < bytes.count, bytes[offset] == byte else { return false }
    offset += 1
    return true
  }

  private mutating func object(depth: Int) throws(JSONSyntaxError) -> JSON {
    offset += 1
    var fields: [(String, JSON)] = []
    if take(UInt8(ascii: "}")) { return .object(fields) }
    repeat {
      skipWhitespace()
      guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
        throw failure("expected a key in quotes")
      }
      let key = try string()
      try expect(UInt8(ascii: ":"), "\":\" after a key")
      fields.append((key, try value(depth: depth + 1)))
    } while take(UInt8(ascii: ","))
    try expect(UInt8(ascii: "}"), "\",\" or \"}\" in an object")
    return .object(fields)
  }

  private mutating func array(depth: Int) throws(JSONSyntaxError) -> JSON {
    offset += 1
    var elements: [JSON] = []
    if take(UInt8(ascii: "]")) { return .array(elements) }
    repeat {
      elements.append(try value(depth: depth + 1))
    } while take(UInt8(ascii: ","))
    try expect(UInt8(ascii: "]"), "\",\" or \"]\" in an array")
    return .array(elements)
  }

  /// A whole number as `integer`; one with a fraction or an exponent as
  /// its text (`decimal`), checked against RFC 8259's grammar, never
  /// rounded through a double.
  mutating func number() throws(JSONSyntaxError) -> JSON {
    let start = offset
    func digits() -> Int {
      let from = offset
      while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
        offset += 1
      }
      return offset - from
    }
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    _ = digits()
    guard offset < bytes.count,
      [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[offset])
    else {
      offset = start
      return .integer(try integer())
    }
    let integerEnd = offset
    offset = start
    // The whole part alone is read as `integer` reads one (no leading zero).
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    let wholeDigits = digits()
    guard wholeDigits > 0, wholeDigits == 1 || bytes[integerEnd - wholeDigits] != UInt8(ascii: "0") else {
      offset = start
      throw failure("a malformed number")
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
      offset += 1
      guard digits() > 0 else { throw failure("a malformed number") }
    }
    if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
      offset += 1
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") {
        offset += 1
      }
      guard digits() > 0 else { throw failure("a malformed number") }
    }
    return .decimal(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
  }

  mutating func integer() throws(JSONSyntaxError) -> Int64 {
    let start = offset
    if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
    let digitsStart = offset
    while offset < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) {
      offset += 1
    }
    let digits = offset - digitsStart
    if offset < bytes.count,
      [UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E")].contains(bytes[offset])
    {
      throw failure("only whole numbers are read")
    }
    guard digits > 0, digits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else {
      offset = start
      throw failure("a malformed number")
    }
    // Accumulated negative, so that Int64.min fits too.
    let negative = bytes[start] == UInt8(ascii: "-")
    var number: Int64 = 0
    var overflowed = false
    for byte in bytes[digitsStart..<offset] {
      let (times, o1) = number.multipliedReportingOverflow(by: 10)
      let (next, o2) = times.subtractingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
      overflowed = overflowed || o1 || o2
      number = next
    }
    if !negative {
      let (positive, o3) = Int64(0).subtractingReportingOverflow(number)
      overflowed = overflowed || o3
      number = positive
    }
    guard !overflowed else {
      let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self)
      offset = start
      throw failure("\(text) does not fit in 64 bits")
    }
    return number
  }

  mutating func string() throws(JSONSyntaxError) -> String {
    offset += 1
    var result: [UInt8] = []
    while true {
      let runStart = offset
      while offset < bytes.count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\"),
        bytes[offset] >= 0x20
      {
        offset += 1
      }
      // Most strings hold no escape: made straight from the text.
      if result.isEmpty, offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") {
        offset += 1
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<offset - 1]), as: UTF8.self)
      }
      result.append(contentsOf: bytes[runStart..<offset])
      guard offset < bytes.count else { throw failure("a string was not closed") }
      switch bytes[offset] {
      case UInt8(ascii: "\""):
        offset += 1
        // Invalid UTF-8 in the text becomes U+FFFD, as everywhere in Swift.
        return String(decoding: result, as: UTF8.self)
      case UInt8(ascii: "\\"):
        offset += 1
        try escape(into: &result)
      default:
        throw failure("a control character inside a string must be escaped")
      }
    }
  }

  private mutating func escape(into result: inout [UInt8]) throws(JSONSyntaxError) {
    guard offset < bytes.count else { throw failure("a string was not closed") }
    let byte = bytes[offset]
    offset += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(byte)
    case UInt8(ascii: "b"): result.append(0x08)
    case UInt8(ascii: "f"): result.append(0x0c)
    case UInt8(ascii: "n"): result.append(0x0a)
    case UInt8(ascii: "r"): result.append(0x0d)
    case UInt8(ascii: "t"): result.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try hex4()
      if (0xD800..<0xDC00).contains(scalar) {
        // A high surrogate must be followed by an escaped low one.
        guard bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"),
          bytes[offset + 1] == UInt8(ascii: "u")
        else { throw failure("a lone surrogate \\u\(String(scalar, radix: 16))") }
        offset += 2
        let low = try hex4()
        guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate") }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw failure("a lone surrogate \\u\(String(scalar, radix: 16))")
      }
      result.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
    default:
      offset -= 1
      throw failure("an unknown escape \\\(String(decoding: [byte], as: UTF8.self))")
    }
  }

  private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
    guard bytes.count - offset >= 4 else { throw failure("\\u needs four hex digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[offset]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("\\u needs four hex digits")
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }
}
