import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// A date or time typed as a bound (`--as-of`, and the statistics' `--since`
/// and `--until`): a calendar day in the local time zone (2026-11-27,
/// "today", "yesterday", "7d" for seven days ago), or an exact time in UTC
/// (2026-11-27T18:00:00Z). A day bounds from its first moment to its
/// last: `--as-of 2026-11-27` includes the whole day.
struct DateBound: Hashable, Sendable {
  enum Form: Hashable, Sendable {
    case day(year: Int32, month: Int32, day: Int32)
    case daysAgo(Int32)
    case instant(Timestamp)
  }

  var form: Form
  /// As typed, for messages.
  var text: String

  static let accepted =
    "a date such as 2026-11-27, today, 7d (7 days ago) or a time such as 2026-11-27T18:00:00Z"

  init(parsing text: String, option: String) throws {
    self.text = text
    let trimmed = text.trimmingWhitespace().lowercased()
    if let instant = Timestamp(iso8601: text.trimmingWhitespace()) {
      form = .instant(instant)
    } else if trimmed == "today" || trimmed == "yesterday" {
      form = .daysAgo(trimmed == "today" ? 0 : 1)
    } else if trimmed.hasSuffix("d"), let days = Int32(trimmed.dropLast()), (0...36_500).contains(days) {
      form = .daysAgo(days)
    } else if let day = Self.day(trimmed) {
      form = day
    } else {
      throw UsageError("\(option) takes \(Self.accepted) (got \(quote(text))).")
    }
  }

  /// "2026-11-27": a real calendar day, or nil.
  private static func day(_ text: String) -> Form? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int32(parts[0]), let month = Int32(parts[1]), let day = Int32(parts[2]),
      let check = Timestamp(iso8601: "\(text)T00:00:00Z"), check.iso8601.hasPrefix(text)
    else { return nil }
    return .day(year: year, month: month, day: day)
  }

  /// The first moment the bound includes.
  func start(now: Timestamp) -> Timestamp {
    switch form {
    case .instant(let time): time
    case .day, .daysAgo: Self.localMidnight(of: localDay(now: now), plusDays: 0)
    }
  }

  /// The moment just after the last one the bound includes.
  func end(now: Timestamp) -> Timestamp {
    switch form {
    case .instant(let time): Timestamp(millisecondsSince1970: time.millisecondsSince1970 + 1)
    case .day, .daysAgo: Self.localMidnight(of: localDay(now: now), plusDays: 1)
    }
  }

  private func localDay(now: Timestamp) -> (year: Int32, month: Int32, day: Int32) {
    switch form {
    case .day(let year, let month, let day): return (year, month, day)
    case .daysAgo(let days):
      var seconds = time_t(now.millisecondsSince1970 / 1000)
      var parts = tm()
      _ = localtime_r(&seconds, &parts)
      return (parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday - days)
    case .instant: preconditionFailure("an instant is no day")
    }
  }

  /// Midnight, local time, starting the day `plusDays` after the one
  /// given (the C library carries days past a month's end, and finds the
  /// offset in force then).
  private static func localMidnight(of day: (year: Int32, month: Int32, day: Int32), plusDays: Int32)
    -> Timestamp
  {
    var parts = tm()
    parts.tm_year = day.year - 1900
    parts.tm_mon = day.month - 1
    parts.tm_mday = day.day + plusDays
    parts.tm_isdst = -1
    return Timestamp(millisecondsSince1970: Int64(mktime(&parts)) * 1000)
  }
}
