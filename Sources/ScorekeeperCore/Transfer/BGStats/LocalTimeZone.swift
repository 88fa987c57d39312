/// How a wall-clock time without a zone (BG Stats' `playDate`, the
/// phone's local time) becomes an instant: the zone is the user's to say
/// (`import --time-zone`), so the core asks, and tests give a fixed one.
public struct LocalTimeZone: Sendable {
  /// The instant of a local date and time, nil when there is none (a
  /// time skipped by a change to summer time is the caller's to judge).
  public let instant: @Sendable (_ local: LocalDateTime) -> Timestamp?
  /// The zone's name, as errors and summaries say it.
  public let name: String

  public init(name: String, instant: @escaping @Sendable (LocalDateTime) -> Timestamp?) {
    self.name = name
    self.instant = instant
  }

  /// A zone a fixed number of minutes ahead of UTC ("UTC" for 0).
  public static func fixed(minutesAheadOfUTC offset: Int64, name: String = "UTC") -> LocalTimeZone {
    LocalTimeZone(name: name) { local in
      Timestamp(millisecondsSince1970: local.asIfUTC.millisecondsSince1970 - offset * 60_000)
    }
  }
}

/// A date and time as a clock on the wall shows it.
public struct LocalDateTime: Hashable, Sendable {
  public var year, month, day, hour, minute, second: Int

  /// Reads "2019-04-06 04:54:35" (or with a "T"); nil for anything else.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"),
      bytes[16] == UInt8(ascii: ":")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    (self.year, self.month, self.day, self.hour, self.minute, self.second) = (
      year, month, day, hour, minute, second
    )
    // A day the month does not have (the 31st of April) is no date.
    guard asIfUTC.iso8601.hasPrefix(String(text.prefix(10))) else { return nil }
  }

  /// The instant this would be in UTC.
  public var asIfUTC: Timestamp {
    Timestamp(
      iso8601:
        "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(hour, 2)):\(pad(minute, 2)):\(pad(second, 2))Z"
    )!
  }

  private func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
