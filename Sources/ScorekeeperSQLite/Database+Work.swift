import CScorekeeperSQLite

extension Database {
  /// Runs `body` and counts the work SQLite did for it, in thousands of
  /// its virtual machine's instructions (every statement on this
  /// connection, triggers included). Unlike a time, the count is the same
  /// on every run and every machine: a test can compare how work grows
  /// with the data without waiting on a clock.
  public func countingWork<T>(_ body: () throws -> T) rethrows -> (result: T, work: Int) {
    let counter = WorkCounter()
    sqlite3_progress_handler(
      handle, 1_000,
      { context in
        Unmanaged<WorkCounter>.fromOpaque(context!).takeUnretainedValue().thousands += 1
        return 0  // carry on
      }, Unmanaged.passUnretained(counter).toOpaque())
    defer { sqlite3_progress_handler(handle, 0, nil, nil) }
    let result = try body()
    return (result, counter.thousands)
  }
}

private final class WorkCounter {
  var thousands = 0
}
