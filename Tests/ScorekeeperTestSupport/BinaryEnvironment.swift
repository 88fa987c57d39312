/// The environment the built binary runs under in a test, before what the
/// test adds: the test mode on (`SCOREKEEPER_TESTING`), ids counted up
/// and the time fixed, so every run prints the same; the system's tools
/// only, UTC and UTF-8, whatever the machine running the tests says.
public func binaryEnvironment(now: String = "2026-01-01T00:00:00Z") -> [String: String] {
  [
    "SCOREKEEPER_TESTING": "1", "SCOREKEEPER_IDS": "incrementing", "SCOREKEEPER_NOW": now,
    "PATH": "/usr/bin:/bin", "TZ": "UTC", "LC_ALL": "C.UTF-8",
  ]
}
