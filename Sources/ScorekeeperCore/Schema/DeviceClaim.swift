#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A device id belongs to the file it was made in (its device and inode
/// numbers, which a rename keeps). A copy of the file, or a backup restored
/// to a new file (`mv`), is another file: it takes a device id of its own,
/// once, so two files never make changes under one id (undo, history and
/// deterministic ids all rely on that). A backup copied back over it with
/// `cp` keeps the file: the `DeviceMark` beside it tells. The new device
/// has made no change yet: the change log was the other file's.
///
/// The claim is made in the first write transaction, as its first step,
/// not when the file is opened: a command that is refused, or that only
/// reads, leaves a copy byte for byte as it was, and a damaged copy is
/// never written (SQLite's quick_check precedes the claim, which would
/// otherwise succeed in the automatic sync's transaction before the
/// command fails on the damage). Only a file that opening writes anyway (made or migrated now)
/// is claimed at once, so that it records its file before anything can
/// copy it. Opening the same file again writes nothing.
enum DeviceClaim: Equatable {
  /// A database made here that does not know its file yet.
  case recordFile(String)
  /// A copy, or a backup put back: a new device id, and an empty change
  /// log. `mark`: the mark beside it, when older content was put back.
  case newDevice(file: String, mark: String = "")

  /// Makes `db`'s write transactions begin with the claim it is due, until
  /// one finds none due (checked under the write lock each time: another
  /// process may have claimed meanwhile, and a rolled-back claim is due
  /// again).
  static func claimInFirstWrite(_ db: Database, path: String, version: Int) {
    let previous = db.afterBeginWrite
    var settled = false
    db.afterBeginWrite = { db in
      try previous?(db)
      guard !settled else { return }
      guard let claim = try due(db, path: path, version: version) else {
        settled = true
        return
      }
      try claim.make(in: db, version: version)
    }
  }

  /// The claim `db` at `path` is due, nil when none: the file it records is
  /// this one, and no newer content of the same device was seen here.
  static func due(_ db: Database, path: String, version: Int = Schema.currentVersion) throws -> DeviceClaim? {
    guard version >= Migration.identities.version else { return nil }
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    let file = "\(info.st_dev):\(info.st_ino)"
    switch try db.fetchOne("SELECT file FROM localDevice", [], { try $0.optionalText(0) }) ?? nil {
    case nil: return .recordFile(file)
    case file:
      guard version >= Migration.exactTotals.version, let mark = DeviceMark.read(for: path) else {
        return nil
      }
      // Older content put back over this path's database: its local
      // changes stop short of the mark left for the same device.
      let (device, lastChange) = try DeviceMark.current(in: db)
      return mark.device == device && mark.lastChange > lastChange
        ? .newDevice(file: file, mark: "\(mark.device) \(mark.lastChange)") : nil
    default: return .newDevice(file: file)
    }
  }

  /// The id the database takes with this claim, or keeps: what `status`
  /// shows before the claim is made.
  static func deviceID(_ db: Database, path: String) throws -> String {
    if case .newDevice(let file, let mark)? = try due(db, path: path) {
      return try db.fetchOne(
        "SELECT claimedDeviceID(id, ?1, ?2) FROM localDevice", [.text(file), .text(mark)]
      ) {
        try $0.text(0)
      }!
    }
    return try db.fetchOne("SELECT id FROM localDevice") { try $0.text(0) }!
  }

  func make(in db: Database, version: Int) throws {
    switch self {
    case .recordFile(let file):
      try db.execute("UPDATE localDevice SET file = ?1", [.text(file)])
    case .newDevice(let file, let mark):
      // A copy is claimed once, by a write that may not be the command's
      // own (the automatic sync before it): a damaged copy, which the
      // command would fail on, must not be written by its claim either.
      // Checked here only, so the cost (reading every page) is paid once
      // per copy.
      let problems = try db.fetchAll("PRAGMA quick_check(3)") { try $0.text(0) }
      guard problems == ["ok"] else {
        throw DatabaseError(
          extendedCode: 11,  // SQLITE_CORRUPT
          message: "database disk image is malformed",
          sql: "PRAGMA quick_check: " + problems.joined(separator: "; "))
      }
      try db.execute(
        "UPDATE localDevice SET id = claimedDeviceID(id, ?1, ?2), file = ?1", [.text(file), .text(mark)])
      if version >= Migration.exactTotals.version { try db.execute("DELETE FROM localChanges") }
      // A mark: a backup copied back over the database, as `restore` puts
      // one back (which marks it itself).
      if !mark.isEmpty && version >= Migration.restoredBackups.version { try SyncTables.markRestored(db) }
    }
  }
}
