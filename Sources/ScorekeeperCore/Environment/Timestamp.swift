/// A moment in UTC, to the millisecond, written as ISO 8601 text
/// ("2026-01-31T09:05:00.000Z") wherever it is stored or printed: text
/// sorts chronologically and reads well in dumps and transcripts.
public struct Timestamp: Hashable, Comparable, Sendable, CustomStringConvertible {
  public let millisecondsSince1970: Int64

  public init(millisecondsSince1970: Int64) {
    self.millisecondsSince1970 = millisecondsSince1970
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.millisecondsSince1970 < rhs.millisecondsSince1970
  }

  /// "YYYY-MM-DDTHH:MM:SS.sssZ".
  public var iso8601: String {
    let (days, milliseconds) = millisecondsSince1970.floorDivided(by: 86_400_000)
    let (year, month, day) = Self.civilDate(daysSince1970: days)
    let seconds = milliseconds / 1000
    return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(seconds / 3600, 2)):"
      + "\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2)).\(pad(milliseconds % 1000, 3))Z"
  }

  public var description: String { iso8601 }

  /// "YYYY-MM-DD HH:MM:SS", for people (history's column, undo's message).
  public var readable: String {
    let text = iso8601
    return text.prefix(10) + " " + text.dropFirst(11).prefix(8)
  }

  /// Parses "YYYY-MM-DDTHH:MM:SSZ", optionally with ".s" to ".sss"
  /// fractional seconds; nil for anything else.
  public init?(iso8601 text: String) {
    let bytes = Array(text.utf8)
    func number(_ range: Range<Int>) -> Int64? {
      guard range.upperBound <= bytes.count, !range.isEmpty else { return nil }
      var value: Int64 = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int64(byte - UInt8(ascii: "0"))
      }
      return value
    }
    // Bytes, not Characters: an import reads a million of these.
    func byte(_ index: Int, is character: Unicode.Scalar) -> Bool {
      index < bytes.count && bytes[index] == UInt8(ascii: character)
    }
    guard bytes.count >= 20, byte(4, is: "-"), byte(7, is: "-"), byte(10, is: "T"),
      byte(13, is: ":"), byte(16, is: ":"), byte(bytes.count - 1, is: "Z"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
      hour < 24, minute < 60, second < 60
    else { return nil }
    var milliseconds: Int64 = 0
    if bytes.count > 20 {
      let digits = bytes.count - 21
      guard byte(19, is: "."), (1...3).contains(digits), let fraction = number(20..<(20 + digits))
      else { return nil }
      milliseconds = fraction * [100, 10, 1][digits - 1]
    } else if bytes.count != 20 {
      return nil
    }
    let days = Self.daysSince1970(year: year, month: month, day: day)
    self.init(
      millisecondsSince1970: ((days * 24 + hour) * 60 + minute) * 60_000 + second * 1000 + milliseconds)
  }

  // Howard Hinnant's days-from-civil algorithms, exact for the proleptic
  // Gregorian calendar; Foundation's calendars would cost start-up time.
  private static func civilDate(daysSince1970 days: Int64) -> (Int64, Int64, Int64) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }

  private static func daysSince1970(year: Int64, month: Int64, day: Int64) -> Int64 {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func daysIn(month: Int64, year: Int64) -> Int64 {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

private func pad(_ value: Int64, _ width: Int) -> String {
  let digits = String(value)
  return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

extension Int64 {
  /// Division rounding toward negative infinity, with a non-negative remainder.
  fileprivate func floorDivided(by divisor: Int64) -> (Int64, Int64) {
    let remainder = self % divisor
    return remainder < 0 ? (self / divisor - 1, remainder + divisor) : (self / divisor, remainder)
  }
}
