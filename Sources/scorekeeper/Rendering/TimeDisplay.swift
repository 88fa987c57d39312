import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// How a moment is shown to a person: in the local time zone (the C
/// library's: `TZ`, else /etc/localtime), with the zone's name, or its
/// offset where it has no name ("+0530"); or in UTC with `--utc`. JSON
/// keeps ISO 8601 in UTC whatever this says. (The zone is the process's,
/// as the C library reads it, not `Program.environment`'s: tests that show
/// local times run the binary with a TZ of their own.)
struct TimeDisplay {
  var utc: Bool

  /// "2026-01-01 13:00:00 CET", "2026-01-01 12:00:00 UTC".
  func format(_ time: Timestamp) -> String {
    if utc { return time.readable + " UTC" }
    var seconds = time_t(
      time.millisecondsSince1970 >= 0
        ? time.millisecondsSince1970 / 1000 : (time.millisecondsSince1970 - 999) / 1000)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return time.readable + " UTC" }
    let name = Self.strftime("%Z", &parts)
    let zone = !name.isEmpty && name.allSatisfy(\.isLetter) ? name : Self.strftime("%z", &parts)
    return Self.strftime("%Y-%m-%d %H:%M:%S", &parts) + " " + zone
  }

  private static func strftime(_ format: String, _ parts: inout tm) -> String {
    var buffer = [CChar](repeating: 0, count: 64)
    let count = Glibc.strftime(&buffer, buffer.count, format, &parts)
    return String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
