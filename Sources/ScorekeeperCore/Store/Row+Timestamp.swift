extension Row {
  /// A time stored as ISO 8601 text, the way `now()` writes it.
  public func timestamp(_ index: Int) throws -> Timestamp {
    guard let time = Timestamp(iso8601: try text(index)) else {
      throw mismatch(index, expected: "an ISO 8601 time")
    }
    return time
  }
}

extension Row {
  public func timestamp(_ name: String) throws -> Timestamp { try timestamp(index(of: name)) }
}
