/// A zone: a named container of records, owned by one user. Zones are the
/// unit of change tracking (each has its own change tokens) and of atomic
/// writes.
public struct ZoneID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var name: String
  /// The user whose private database holds the zone. Other users see it in
  /// their shared database once they accept a share in it.
  public var ownerName: String

  public init(name: String, ownerName: String) {
    self.name = name
    self.ownerName = ownerName
  }

  public static func < (lhs: ZoneID, rhs: ZoneID) -> Bool {
    (lhs.ownerName, lhs.name) < (rhs.ownerName, rhs.name)
  }

  /// `"games" owned by alice`.
  public var description: String { "\(quote(name)) owned by \(ownerName)" }
}

/// A record's identity: a name unique within its zone.
public struct RecordID: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var name: String
  public var zoneID: ZoneID

  public init(name: String, zoneID: ZoneID) {
    self.name = name
    self.zoneID = zoneID
  }

  public static func < (lhs: RecordID, rhs: RecordID) -> Bool {
    (lhs.zoneID, lhs.name) < (rhs.zoneID, rhs.name)
  }

  /// By the name alone (equality still compares the zone): a record's
  /// name holds its row's id, so ids of different zones rarely share one,
  /// and hashing the zone's two names as well was most of what a sync's
  /// dictionaries of records cost.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
  }

  /// `"0001:games" in "games" owned by alice`.
  public var description: String { "\(quote(name)) in \(zoneID)" }
}
