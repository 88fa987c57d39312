/// One field of a synced row as a device knows it: its value (nil for
/// SQL NULL) and when it was last changed, by the changing device's clock.
///
/// Records carry these times (see `SyncedFields`), so any device can merge
/// two copies of a row without asking anyone else.
public struct FieldVersion: Hashable, Sendable {
  public var value: CloudValue?
  public var modifiedAt: Timestamp

  public init(_ value: CloudValue?, modifiedAt: Timestamp) {
    self.value = value
    self.modifiedAt = modifiedAt
  }

  /// The version that wins a conflict: the later change; on equal times,
  /// the greater value in `CloudValue.syncOrder` (NULL lowest). Every
  /// device applies the same rule, so they converge whatever order they
  /// see the changes in.
  public static func winner(_ lhs: FieldVersion, _ rhs: FieldVersion) -> FieldVersion {
    if lhs.modifiedAt != rhs.modifiedAt { return lhs.modifiedAt > rhs.modifiedAt ? lhs : rhs }
    switch (lhs.value, rhs.value) {
    case (nil, _): return rhs
    case (_, nil): return lhs
    case (let left?, let right?): return CloudValue.syncOrder(left, right) ? rhs : lhs
    }
  }
}

extension CloudValue {
  /// A total order on values, used only to break ties between changes
  /// made at the same millisecond: by type name, then by value.
  static func syncOrder(_ lhs: CloudValue, _ rhs: CloudValue) -> Bool {
    if lhs.typeName != rhs.typeName { return lhs.typeName < rhs.typeName }
    switch (lhs, rhs) {
    case (.string(let a), .string(let b)): return Array(a.utf8).lexicographicallyPrecedes(Array(b.utf8))
    case (.int64(let a), .int64(let b)): return a < b
    case (.double(let a), .double(let b)): return a.isTotallyOrdered(belowOrEqualTo: b) && a != b
    case (.date(let a), .date(let b)): return a < b
    case (.bytes(let a), .bytes(let b)): return a.lexicographicallyPrecedes(b)
    case (.asset(let a), .asset(let b)): return (a.sha256, a.byteCount) < (b.sha256, b.byteCount)
    case (.reference(let a), .reference(let b)): return a < b
    default: return false
    }
  }
}
