import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// When a change happened, as `--at` takes it: a moment in the past, in
/// the local time zone unless it says its own.
///
/// "2026-11-20T21:30", "2026-11-20 21:30:15" (local time), "2026-11-20"
/// (its local midnight), or a moment with its zone ("2026-11-20T20:30:00Z").
/// Whether it is in the past is the store's to say (its clock).
struct RecordedAt: Hashable, Sendable {
  var time: Timestamp

  static let accepted =
    "a past time such as 2026-11-20T21:30 (local time), 2026-11-20 or 2026-11-20T20:30:00Z"

  init(parsing text: String) throws {
    let trimmed = text.trimmingWhitespace()
    if let instant = Timestamp(iso8601: trimmed) {
      time = instant
      return
    }
    guard let local = Self.local(trimmed) else {
      throw UsageError("--at takes \(Self.accepted) (got \(quote(text))).")
    }
    time = local
  }

  /// "2026-11-20", "2026-11-20T21:30", "2026-11-20 21:30:15" as local
  /// time; nil for anything else, or a day or time that does not exist.
  private static func local(_ text: String) -> Timestamp? {
    let halves = text.split(omittingEmptySubsequences: false) { $0 == "T" || $0 == " " }
    guard halves.count <= 2 else { return nil }
    let day = halves[0].split(separator: "-", omittingEmptySubsequences: false)
    let clock =
      halves.count == 2 ? halves[1].split(separator: ":", omittingEmptySubsequences: false) : ["00", "00"]
    guard day.count == 3, day[0].count == 4, day[1].count == 2, day[2].count == 2,
      (2...3).contains(clock.count), clock.allSatisfy({ $0.count == 2 }),
      let year = Int32(day[0]), let month = Int32(day[1]), let date = Int32(day[2]),
      let hour = Int32(clock[0]), let minute = Int32(clock[1]),
      let second = clock.count == 3 ? Int32(clock[2]) : 0,
      (1...12).contains(month), (1...31).contains(date), (0...23).contains(hour), (0...59).contains(minute),
      (0...59).contains(second)
    else { return nil }
    var parts = tm()
    (parts.tm_year, parts.tm_mon, parts.tm_mday) = (year - 1900, month - 1, date)
    (parts.tm_hour, parts.tm_min, parts.tm_sec, parts.tm_isdst) = (hour, minute, second, -1)
    let seconds = mktime(&parts)
    // mktime carries a 31st of November into December: such a day is refused.
    guard parts.tm_mday == date, parts.tm_mon == month - 1 else { return nil }
    return Timestamp(millisecondsSince1970: Int64(seconds) * 1000)
  }
}

extension Option where Value == RecordedAt {
  /// `--at TIME`: when a recorded change happened.
  static let at = Option(
    OptionSpec(
      name: "--at", valueName: "TIME",
      help: "When it happened, if earlier (2026-11-20T21:30, local time): history shows both times.")
  ) { text in try RecordedAt(parsing: text) }
}
