extension Migration {
  /// Schema v5: what this device knows of each zone's share.
  ///
  /// - `shareRecordName`: the share record of a shared game's zone (on the
  ///   owner's side and the participants'); NULL when the game is not shared.
  /// - `shareLink`: the link others join by.
  /// - `permission`: this user's permission in someone else's zone,
  ///   'read-only' or 'read-write'; NULL in the user's own zones. Commands
  ///   refuse to change a read-only game before writing anything.
  static let sharing = Migration(
    version: 5,
    identifier: "sharing",
    sql: """
      ALTER TABLE syncZones ADD COLUMN shareRecordName TEXT;
      ALTER TABLE syncZones ADD COLUMN shareLink TEXT;
      ALTER TABLE syncZones ADD COLUMN permission TEXT
        CHECK (permission IN ('read-only', 'read-write'));
      """
  )
}
