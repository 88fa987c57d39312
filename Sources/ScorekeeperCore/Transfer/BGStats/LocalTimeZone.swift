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
  public let year, month, day, hour, minute, second: Int
  /// The instant this would be in UTC.
  public let asIfUTC: Timestamp

  /// Reads "2019-04-06 04:54:35" (or with a "T"); nil for anything else,
  /// a day the month does not have (the 31st of April) included.
  public init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 19, bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "T"),
      let instant = Timestamp(iso8601: String(text.prefix(10)) + "T" + String(text.suffix(8)) + "Z")
    else { return nil }
    func number(_ range: Range<Int>) -> Int {
      bytes[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
    // (Checked digits and ranges: the instant above was read from them.)
    (year, month, day) = (number(0..<4), number(5..<7), number(8..<10))
    (hour, minute, second) = (number(11..<13), number(14..<16), number(17..<19))
    asIfUTC = instant
  }
}
