import CScorekeeperSQLite

extension Database {
  /// Calls `handler` with the SQL of every statement as it starts, with its
  /// bound values expanded, or stops tracing when `handler` is nil.
  ///
  /// Statements run by triggers are reported too, as SQLite's
  /// "-- TRIGGER name" comment lines, so a trace shows everything a command
  /// caused. `--trace` prints these lines to stderr.
  public func trace(_ handler: ((String) -> Void)?) {
    guard let handler else {
      sqlite3_trace_v2(handle, 0, nil, nil)
      traceBox = nil
      return
    }
    let box = TraceBox(handler)
    traceBox = box  // the connection keeps the box alive while tracing
    sqlite3_trace_v2(
      handle, UInt32(SQLITE_TRACE_STMT),
      { _, context, statement, unexpanded in
        let box = Unmanaged<TraceBox>.fromOpaque(context!).takeUnretainedValue()
        let text = String(cString: unexpanded!.assumingMemoryBound(to: CChar.self))
        // For a trigger, the "unexpanded" text is its comment line; for a
        // statement, expand the parameters so the trace shows real values.
        if text.hasPrefix("--") {
          box.handler(text)
        } else if let expanded = sqlite3_expanded_sql(OpaquePointer(statement)) {
          box.handler(String(cString: expanded))
          sqlite3_free(expanded)
        } else {
          box.handler(text)
        }
        return 0
      }, Unmanaged.passUnretained(box).toOpaque())
  }
}

final class TraceBox {
  let handler: (String) -> Void
  init(_ handler: @escaping (String) -> Void) { self.handler = handler }
}
