import ScorekeeperCore

#if canImport(Glibc)
  import Glibc
#endif

/// The machine's time zones, through the C library: the one in force
/// (TZ, else /etc/localtime), or one named as `import --time-zone` takes
/// it. A command is one process, so naming a zone sets TZ for it.
enum SystemTimeZone {
  /// The zone named (as in /usr/share/zoneinfo: "Europe/Berlin", "UTC"),
  /// or the machine's when nil; nil when no such zone is installed (the C
  /// library would silently take an unknown name for UTC).
  static func zone(named name: String?) -> LocalTimeZone? {
    if let name {
      let directory = getenv("TZDIR").map { String(cString: $0) } ?? "/usr/share/zoneinfo"
      guard !name.isEmpty, !name.hasPrefix("/"), !name.split(separator: "/").contains(".."),
        access(directory + "/" + name, R_OK) == 0
      else { return nil }
      setenv("TZ", name, 1)
    }
    tzset()
    let label = name ?? getenv("TZ").map { String(cString: $0) } ?? "the machine's time zone"
    return LocalTimeZone(name: label) { local in
      var parts = tm()
      parts.tm_year = Int32(local.year - 1900)
      parts.tm_mon = Int32(local.month - 1)
      parts.tm_mday = Int32(local.day)
      parts.tm_hour = Int32(local.hour)
      parts.tm_min = Int32(local.minute)
      parts.tm_sec = Int32(local.second)
      parts.tm_isdst = -1
      var seconds = mktime(&parts)
      guard seconds != -1 || (local.year == 1969 && local.month == 12) else { return nil }
      // A time the clocks skipped comes back moved: it was never on a wall.
      var back = tm()
      _ = localtime_r(&seconds, &back)
      guard back.tm_hour == Int32(local.hour), back.tm_min == Int32(local.minute),
        back.tm_mday == Int32(local.day)
      else { return nil }
      return Timestamp(millisecondsSince1970: Int64(seconds) * 1000)
    }
  }
}
