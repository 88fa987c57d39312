/// The mock cloud's own SQLite file: the "server" that several devices and
/// users share. Marked with its own application id so neither program ever
/// mistakes the other's file for its own; migrated by the same `Migrator`
/// as a scorekeeper database, from `FileCloudMigrations.swift`.
///
/// Change tracking uses one server-wide sequence: every write takes the
/// next number, stored on what it changed (a zone's saves in one call take
/// theirs at once, and one refused leaves its number unused). A change
/// token is a position in that sequence, so any number of readers each
/// keep their own, and every query for "changes since" is an index range
/// scan, whatever the size of the server.
public enum FileCloudSchema {
  /// "SKCL".
  public static let applicationID: Int32 = 0x534b_434c

  public static let history = SchemaHistory(
    applicationID: applicationID,
    migrations: [
      .mockCloudCreated,
      .mockCloudIdentity,
      .mockCloudDevices,
      .mockCloudLinkCount,
      .mockCloudAssets,
      .mockCloudCreators,
      .mockCloudRoles,
      .mockCloudHistory,
      .mockCloudFieldPacks,
    ],
    // Versions 1–5 shipped without a ledger.
    unrecordedThrough: 5)

  public static var version: Int { history.currentVersion }

  /// What the migrations call on the mock's connection: `now()` for the
  /// ledger, from the server's clock, `sha256hex(blob)` for moving inline
  /// assets out of their fields (version 5), and `packedFields(owner,
  /// zone, record)` for packing a record's field rows (version 9).
  static func installFunctions(on database: Database, clock: Clock) throws {
    try database.createFunction("now", argumentCount: 0, deterministic: false) { _ in
      .text(try clock.now().iso8601)
    }
    try database.createFunction("sha256hex", argumentCount: 1, deterministic: true) { arguments in
      guard case .blob(let bytes) = arguments[0] else { return .null }
      return .text(SHA256.hex(of: bytes))
    }
    try database.createFunction("packedFields", argumentCount: 3, deterministic: false) {
      [unowned database] arguments in
      guard case .text(let owner) = arguments[0], case .text(let zone) = arguments[1],
        case .text(let name) = arguments[2]
      else { return .null }
      let packed = try FieldCoding.packRows(
        "SELECT key, type, value FROM fields WHERE ownerName = ?1 AND zoneName = ?2 AND recordName = ?3",
        [.text(owner), .text(zone), .text(name)], in: database, zoneID: ZoneID(name: zone, ownerName: owner),
        keepingAssetBytes: false
      ) { key, type, value in
        FileCloudError.corrupt(
          "field \(key) of \(name) in \(owner)'s \(zone): a field of type \(type) holds \(value)")
      }
      return .blob(packed)
    }
  }
}
