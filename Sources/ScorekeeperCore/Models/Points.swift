/// A number of points: exact, with up to three decimal places (a chess
/// tournament's half points, a 7 Wonders tie-break's tenths).
///
/// Held as thousandths in 128 bits, so sums never round (0.1 + 0.2 is
/// 0.3) and a total of any number of 64-bit changes stays exact. Stored
/// as two columns (schema v16): the whole part, truncated toward zero, in
/// the 64-bit column every version had, and the thousandths beside it
/// (same sign, NULL when none), so a whole number is stored, synced and
/// exported exactly as before decimals existed.
public struct Points: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// Kept as two 64-bit words, not an `Int128` stored property: a value
  /// aligned to 16 bytes crashed the Swift 6.3 runtime on Linux when
  /// Swift Testing handed one to a parameterized test inside a tuple.
  private var high: Int64
  private var low: UInt64

  public var thousandths: Int128 {
    get { Int128(high) << 64 | Int128(low) }
    set {
      high = Int64(truncatingIfNeeded: newValue >> 64)
      low = UInt64(truncatingIfNeeded: newValue)
    }
  }

  /// The thousandths in 64 bits when they fit (any total under about
  /// 9.2e15 points): `list` and `score` print 100,000 totals, and 128-bit
  /// division, done in software, cost them a tenth of their time.
  @inline(__always) private var small: Int64? {
    if high == 0, low <= UInt64(Int64.max) { return Int64(low) }
    if high == -1, low > UInt64(Int64.max) { return Int64(bitPattern: low) }
    return nil
  }

  public static let zero = Points(thousandths: 0)
  /// The largest and smallest whole numbers a stored value can be (a
  /// stored value's whole part is 64 bits).
  public static let max = Points(Int64.max)
  public static let min = Points(Int64.min)

  public init(thousandths: Int128) {
    high = Int64(truncatingIfNeeded: thousandths >> 64)
    low = UInt64(truncatingIfNeeded: thousandths)
  }

  public init(_ whole: Int64) {
    let (product, overflow) = whole.multipliedReportingOverflow(by: 1000)
    self.init(thousandths: overflow ? Int128(whole) * 1000 : Int128(product))
  }

  /// A stored value: its whole part and its thousandths (nil for none).
  public init(whole: Int64, thousandths: Int64?) {
    let (product, overflow) = whole.multipliedReportingOverflow(by: 1000)
    let (sum, overflowAgain) = product.addingReportingOverflow(thousandths ?? 0)
    self.init(
      thousandths: overflow || overflowAgain ? Int128(whole) * 1000 + Int128(thousandths ?? 0) : Int128(sum))
  }

  public var isWhole: Bool { (small.map { $0 % 1000 } ?? Int64(thousandths % 1000)) == 0 }

  /// The whole number this is, when it is one within 64 bits.
  public var wholeNumber: Int64? {
    if let small { return small % 1000 == 0 ? small / 1000 : nil }
    return isWhole ? Int64(exactly: thousandths / 1000) : nil
  }

  /// The whole part rounded down, within 64 bits (a total past them is
  /// shown clamped).
  public var floorWhole: Int64 {
    if let small {
      let (whole, rest) = small.quotientAndRemainder(dividingBy: 1000)
      return rest < 0 ? whole - 1 : whole
    }
    let (whole, rest) = thousandths.quotientAndRemainder(dividingBy: 1000)
    return Int64(clamping: rest < 0 ? whole - 1 : whole)
  }

  /// How many decimal places the shortest text has: 0 to 3.
  public var decimalPlaces: Int {
    let rest = small.map { $0 % 1000 } ?? Int64(thousandths % 1000)
    return rest == 0 ? 0 : rest % 100 == 0 ? 1 : rest % 10 == 0 ? 2 : 3
  }

  /// The whole part (toward zero) and the thousandths as stored: nil when
  /// none, else of the value's sign. Nil when the whole part passes 64 bits.
  public var stored: (whole: Int64, thousandths: Int64?)? {
    if let small {
      let (whole, rest) = small.quotientAndRemainder(dividingBy: 1000)
      return (whole, rest == 0 ? nil : rest)
    }
    let (whole, rest) = thousandths.quotientAndRemainder(dividingBy: 1000)
    guard let whole = Int64(exactly: whole) else { return nil }
    return (whole, rest == 0 ? nil : Int64(rest))
  }

  /// Whether the whole part fits the 64 bits a stored value has.
  public var fitsStorage: Bool { stored != nil }

  /// This total as shown: clamped to the stored range (a total from
  /// several devices' changes may pass it; see `Migration.exactTotals`).
  public var clamped: Points {
    Points(thousandths: Swift.min(Swift.max(thousandths, Self.min.thousandths), Self.max.thousandths))
  }

  /// For averages and ratings only: never stored or summed back.
  public var double: Double { Double(thousandths) / 1000 }

  public static func + (lhs: Points, rhs: Points) -> Points {
    Points(thousandths: lhs.thousandths &+ rhs.thousandths)
  }
  public static func - (lhs: Points, rhs: Points) -> Points {
    Points(thousandths: lhs.thousandths &- rhs.thousandths)
  }
  public static prefix func - (value: Points) -> Points { Points(thousandths: 0 &- value.thousandths) }
  public static func += (lhs: inout Points, rhs: Points) { lhs = lhs + rhs }
  public static func < (lhs: Points, rhs: Points) -> Bool { lhs.thousandths < rhs.thousandths }

  /// "13", "13.5", "-0.125": the shortest exact text, as people write it.
  public var description: String {
    if let whole = wholeNumber { return String(whole) }
    let (whole, rest) = thousandths.quotientAndRemainder(dividingBy: 1000)
    guard rest != 0 else { return String(whole) }
    var digits = String(rest.magnitude)
    digits = String(repeating: "0", count: 3 - digits.count) + digits
    while digits.last == "0" { digits.removeLast() }
    return (thousandths < 0 ? "-" : "") + String(whole.magnitude) + "." + digits
  }

  /// "+5", "-3", "+0", "+0.5".
  public var signed: String { thousandths < 0 ? description : "+" + description }

  /// The value as JSON: an integer when whole (as every version wrote
  /// it), else the exact decimal number (13.5).
  public var json: JSON {
    if let whole = wholeNumber { return .integer(whole) }
    return .decimal(description)
  }
}

/// Why a text is not a number of points.
public enum PointsSyntaxError: Error, Hashable, Sendable {
  /// Not digits with at most one decimal point.
  case notANumber
  /// More than three decimal places.
  case tooManyDecimals
  /// A whole part past 64 bits.
  case outOfRange

  /// What is wrong, after the text quoted, for the two problems every
  /// reader words alike (what "not a number" means depends on the reader).
  public var words: String? {
    switch self {
    case .notANumber: nil
    case .tooManyDecimals: "has more than three decimals: points are kept to thousandths"
    case .outOfRange: "is out of range: points go from \(Int64.min) to \(Int64.max)"
    }
  }
}

extension Points {
  /// Whether `text`, which is no number, would be one with its comma a
  /// point ("13,5"): a decimal comma, which the commands refuse in words
  /// of their own (BG Stats' scores, written by the app, take it).
  public static func hasDecimalComma(_ text: Substring) -> Bool {
    text.contains(",") && (try? Points(parsing: Substring(text.replacing(",", with: ".")))) != nil
  }

  /// A half written as people write it at a chess table ("½", "1½")
  /// as the decimal it is ("0.5", "1.5"); any other text as it is.
  public static func withHalvesAsDecimals(_ text: Substring) -> Substring {
    guard text.hasSuffix("½"), !text.contains(".") else { return text }
    let whole = text.dropLast()
    return Substring(whole + (whole.last?.isNumber == true ? ".5" : "0.5"))
  }

  /// Reads "13", "-3", "13.5", "0.125", ".5" (a sign is the caller's to
  /// allow: `allowingSign`). A decimal comma is the caller's to turn into
  /// a point, where it cannot be a list's separator.
  public init(parsing text: Substring, allowingSign: Bool = true) throws(PointsSyntaxError) {
    var rest = text.utf8[...]
    var negative = false
    if allowingSign, let first = rest.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
      negative = first == UInt8(ascii: "-")
      rest = rest.dropFirst()
    }
    let point = rest.firstIndex(of: UInt8(ascii: "."))
    let wholeDigits = rest[..<(point ?? rest.endIndex)]
    let decimals = point.map { rest[rest.index(after: $0)...] } ?? rest[rest.endIndex...]
    func isDigits(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
      bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
    guard isDigits(wholeDigits), isDigits(decimals), !wholeDigits.isEmpty || !decimals.isEmpty,
      point == nil || !decimals.isEmpty
    else { throw .notANumber }
    guard decimals.count <= 3 else { throw .tooManyDecimals }
    var whole: Int128 = 0
    for digit in wholeDigits {
      whole = whole * 10 + Int128(digit - UInt8(ascii: "0"))
      guard whole <= Int128(Int64.max) + 1 else { throw .outOfRange }
    }
    var fraction: Int128 = 0
    for index in 0..<3 {
      let digit = index < decimals.count ? decimals[decimals.index(decimals.startIndex, offsetBy: index)] : 48
      fraction = fraction * 10 + Int128(digit - UInt8(ascii: "0"))
    }
    let magnitude = whole * 1000 + fraction
    let value = Points(thousandths: negative ? -magnitude : magnitude)
    guard value.fitsStorage else { throw .outOfRange }
    self = value
  }
}

extension Points: ExpressibleByIntegerLiteral {
  public init(integerLiteral value: Int64) {
    self.init(value)
  }
}
