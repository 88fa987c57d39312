import Foundation

/// Waits, with a bound, for what another process reaches in its own time
/// (a line a watch prints, a page a server answers), where nothing signals
/// it but what a look shows.
public enum Polling {
  /// `probe`'s value once `done` holds for it, or its last value when
  /// `seconds` have passed: the caller asserts on it, so a wait that ran
  /// out fails showing what was seen. It looks again every `interval`.
  public static func value<T>(
    within seconds: Double = 30, every interval: Double = 0.02, _ probe: () throws -> T,
    until done: (T) -> Bool
  ) rethrows -> T {
    let deadline = Date().addingTimeInterval(seconds)
    while true {
      let value = try probe()
      if done(value) || Date() > deadline { return value }
      usleep(UInt32(interval * 1_000_000))
    }
  }

  /// What the file at `path` holds now ("" while it is not there).
  public static func contents(of path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }
}
