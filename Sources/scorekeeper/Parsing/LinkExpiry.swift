import ScorekeeperCore

/// When a share link stops admitting new people (`share --expires`):
/// `never`; a time from now (`7d`, `12h`, `2w`); a day, through its last
/// moment in the local time zone (`2026-12-31`, `today`); or a time
/// (`2026-12-31T18:00:00Z`). A moment already past is refused: a link
/// that admits nobody is `--stop`'s or `--new-link`'s job.
enum LinkExpiry {
  static let accepted =
    "never, a time from now such as 7d, 12h or 2w, a date such as 2026-12-31, or a time such as 2026-12-31T18:00:00Z"

  /// The moment, or nil for never.
  static func parse(_ text: String, now: Timestamp) throws -> Timestamp? {
    let trimmed = text.trimmingWhitespace().lowercased()
    if trimmed == "never" { return nil }
    let expiry: Timestamp
    if let unit = trimmed.last, let hours = ["h": 1, "d": 24, "w": 24 * 7][unit],
      let count = Int64(trimmed.dropLast()), (1...36_500 * 24).contains(count * Int64(hours))
    {
      expiry = Timestamp(millisecondsSince1970: now.millisecondsSince1970 + count * Int64(hours) * 3_600_000)
    } else {
      guard let bound = try? DateBound(parsing: text, option: "--expires") else {
        throw UsageError("--expires takes \(accepted) (got \(quote(text))).", command: "share")
      }
      if case .daysAgo(let days) = bound.form, days > 0 {
        throw UsageError("--expires takes \(accepted) (got \(quote(text))).", command: "share")
      }
      if case .instant(let time) = bound.form { expiry = time } else { expiry = bound.end(now: now) }
    }
    guard expiry > now else {
      throw UsageError(
        "--expires \(quote(text)) is past (it is \(now.iso8601) now): give a later time, or never.",
        command: "share")
    }
    return expiry
  }
}
