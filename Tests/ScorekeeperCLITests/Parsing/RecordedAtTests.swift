import ScorekeeperCore
import Testing

@testable import scorekeeper

/// `--at`: a moment with its zone, or a local day or time; anything else
/// (a day that does not exist, a word) is a usage error quoting it.
@Suite struct RecordedAtTests {
  @Test("a moment with its zone is taken as it is; a local day starts at its midnight, as --since's does")
  func accepted() throws {
    #expect(
      try RecordedAt(parsing: " 2026-11-20T20:30:00Z ").time == Timestamp(
        iso8601: "2026-11-20T20:30:00.000Z")!)
    let now = Timestamp(iso8601: "2026-11-29T12:00:00.000Z")!
    let midnight = try DateBound(parsing: "2026-11-20", option: "--since").start(now: now)
    #expect(try RecordedAt(parsing: "2026-11-20").time == midnight)
    // The same local day, an hour and a half in, written either way.
    let later = Timestamp(millisecondsSince1970: midnight.millisecondsSince1970 + 90 * 60_000)
    #expect(try RecordedAt(parsing: "2026-11-20T01:30").time == later)
    #expect(try RecordedAt(parsing: "2026-11-20 01:30:00").time == later)
  }

  @Test("days and times that do not exist, and words, are refused quoting what was typed")
  func refused() {
    for text in [
      "2026-02-30", "2026-11-20T24:00", "2026-11-20T21", "2026-13-01", "yesterday", "20-11-2026", "",
    ] {
      #expect(
        throws: UsageError(
          "--at takes a past time such as 2026-11-20T21:30 (local time), 2026-11-20 or 2026-11-20T20:30:00Z "
            + "(got \(quote(text)))."), "\(text)"
      ) { try RecordedAt(parsing: text) }
    }
  }
}
