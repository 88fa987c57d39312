/// Every version of the mock cloud file ever shipped, as literal SQL,
/// frozen: a file made by any release upgrades through exactly this text
/// (`FileCloudFixtureTests`, with a file made by each version's code).
///
/// Versions 1–5 shipped without a ledger, each upgrade a Swift function;
/// the `Migrator` adopts their history (`SchemaHistory.unrecordedThrough`).
extension Migration {
  /// Version 1: the server's change sequence, accounts, zones, records and
  /// their fields, shares and participants, and the history readers fetch
  /// changes from (access changes, tombstones).
  static let mockCloudCreated = Migration(
    version: 1, identifier: "created",
    sql: """
      CREATE TABLE sequence (
        onlyRow INTEGER PRIMARY KEY CHECK (onlyRow = 1),
        value INTEGER NOT NULL,
        -- Database change tokens older than this have expired.
        validFrom INTEGER NOT NULL DEFAULT 0
      ) STRICT;
      INSERT INTO sequence (onlyRow, value) VALUES (1, 0);

      -- Users whose account is anything but available.
      CREATE TABLE accounts (
        userName TEXT PRIMARY KEY,
        status TEXT NOT NULL
      ) STRICT;

      CREATE TABLE zones (
        ownerName TEXT NOT NULL,
        name TEXT NOT NULL,
        -- The sequence number at creation: tokens from an earlier zone of the
        -- same name are worthless after it was deleted and created again.
        incarnation INTEGER NOT NULL,
        changedAt INTEGER NOT NULL,
        -- Tokens older than this have expired: the tombstones they would
        -- need were purged.
        validFrom INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (ownerName, name)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX zones_changedAt ON zones (ownerName, changedAt);

      CREATE TABLE deletedZones (
        ownerName TEXT NOT NULL,
        name TEXT NOT NULL,
        deletedAt INTEGER NOT NULL,
        PRIMARY KEY (ownerName, name)
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE records (
        ownerName TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        parentName TEXT,
        shareName TEXT,
        changeTag TEXT NOT NULL,
        modifiedAt INTEGER NOT NULL,
        changedAt INTEGER NOT NULL,
        PRIMARY KEY (ownerName, zoneName, name),
        FOREIGN KEY (ownerName, zoneName) REFERENCES zones ON DELETE CASCADE
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX records_parent ON records (ownerName, zoneName, parentName)
        WHERE parentName IS NOT NULL;
      CREATE INDEX records_share ON records (ownerName, zoneName, shareName)
        WHERE shareName IS NOT NULL;
      CREATE INDEX records_changedAt ON records (ownerName, zoneName, changedAt);

      CREATE TABLE fields (
        ownerName TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        recordName TEXT NOT NULL,
        key TEXT NOT NULL,
        type TEXT NOT NULL,
        value ANY NOT NULL,
        PRIMARY KEY (ownerName, zoneName, recordName, key),
        FOREIGN KEY (ownerName, zoneName, recordName) REFERENCES records ON DELETE CASCADE
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE shares (
        ownerName TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        recordName TEXT NOT NULL,
        link TEXT NOT NULL UNIQUE,
        publicPermission TEXT NOT NULL,
        PRIMARY KEY (ownerName, zoneName, recordName),
        FOREIGN KEY (ownerName, zoneName, recordName) REFERENCES records ON DELETE CASCADE
      ) STRICT, WITHOUT ROWID;

      CREATE TABLE participants (
        ownerName TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        shareName TEXT NOT NULL,
        userName TEXT NOT NULL,
        permission TEXT NOT NULL,
        acceptance TEXT NOT NULL,
        PRIMARY KEY (ownerName, zoneName, shareName, userName),
        FOREIGN KEY (ownerName, zoneName, shareName) REFERENCES shares ON DELETE CASCADE
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX participants_userName ON participants (userName, acceptance);

      -- When a user gained or lost access to another user's zone, so their
      -- shared database reports the zone as changed or gone.
      CREATE TABLE accessChanges (
        userName TEXT NOT NULL,
        ownerName TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        changedAt INTEGER NOT NULL,
        PRIMARY KEY (userName, ownerName, zoneName)
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX accessChanges_changedAt ON accessChanges (userName, changedAt);

      -- Deleted records, kept for every reader (not consumed by the first).
      CREATE TABLE tombstones (
        ownerName TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        deletedAt INTEGER NOT NULL,
        PRIMARY KEY (ownerName, zoneName, name),
        FOREIGN KEY (ownerName, zoneName) REFERENCES zones ON DELETE CASCADE
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX tombstones_deletedAt ON tombstones (ownerName, zoneName, deletedAt);
      """)

  /// Version 2: the server's identity, made once when the file is created,
  /// so a database binds to this cloud whatever path reaches it.
  static let mockCloudIdentity = Migration(
    version: 2, identifier: "identity",
    sql: """
      CREATE TABLE server (
        onlyRow INTEGER PRIMARY KEY CHECK (onlyRow = 1),
        identity TEXT NOT NULL
      ) STRICT;
      INSERT INTO server (onlyRow, identity) VALUES (1, 'mock-' || lower(hex(randomblob(16))));
      """)

  /// Version 3: which database each device id syncs from
  /// (`CloudContainer.claimDevice`).
  static let mockCloudDevices = Migration(
    version: 3, identifier: "devices",
    sql: """
      CREATE TABLE devices (
        id TEXT PRIMARY KEY,
        holder TEXT NOT NULL
      ) STRICT, WITHOUT ROWID;
      """)

  /// Version 4: how many share links were issued, which numbers them when
  /// they are sequential (transcripts), as the live server does. Links
  /// numbered before were numbered by the change sequence, so counting
  /// goes on from there.
  static let mockCloudLinkCount = Migration(
    version: 4, identifier: "linkCount",
    sql: """
      ALTER TABLE sequence ADD COLUMN links INTEGER NOT NULL DEFAULT 0;
      UPDATE sequence SET links = value;
      """)

  /// Version 5: assets, kept apart from their records' fields (which
  /// hold each one's hash and size), the bytes last; and each owner's
  /// quota of asset bytes, 1 GiB unless set (`FileCloud.setAssetQuota`).
  /// A rowid table: a WITHOUT ROWID table is for small rows. Before, an
  /// asset field held its bytes: they move to the assets table, and the
  /// field keeps their reference (`CloudAsset.reference`).
  static let mockCloudAssets = Migration(
    version: 5, identifier: "assets",
    sql: """
      CREATE TABLE assets (
        ownerName TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        recordName TEXT NOT NULL,
        key TEXT NOT NULL,
        sha256 TEXT NOT NULL,
        byteCount INTEGER NOT NULL,
        bytes BLOB NOT NULL,
        UNIQUE (ownerName, zoneName, recordName, key),
        FOREIGN KEY (ownerName, zoneName, recordName) REFERENCES records ON DELETE CASCADE
      ) STRICT;
      ALTER TABLE server ADD COLUMN assetQuota INTEGER NOT NULL DEFAULT 1073741824;
      INSERT INTO assets (ownerName, zoneName, recordName, key, sha256, byteCount, bytes)
        SELECT ownerName, zoneName, recordName, key, sha256hex(value), length(value), value
        FROM fields WHERE type = 'asset' AND typeof(value) = 'blob';
      UPDATE fields SET value = sha256hex(value) || '/' || length(value)
        WHERE type = 'asset' AND typeof(value) = 'blob';
      """)

  /// Version 6 (issue 49): who created each record, the caller the server
  /// knew when the record was first saved (`CloudRecord.creatorUserName`);
  /// records saved before have none.
  static let mockCloudCreators = Migration(
    version: 6, identifier: "creators",
    sql: """
      ALTER TABLE records ADD COLUMN creatorName TEXT;
      """)

  /// Version 7 (issue 49): roles. A share's rules for scorers (JSON,
  /// `ScorerRules`) and when its link stops admitting people; each
  /// participant's parent limit (self-scoring), when they joined and last
  /// changed something (NULL before); links a share had before its
  /// current one, refused with the words that they were replaced.
  static let mockCloudRoles = Migration(
    version: 7, identifier: "roles",
    sql: """
      ALTER TABLE shares ADD COLUMN scorerRules TEXT;
      ALTER TABLE shares ADD COLUMN linkExpiresAt INTEGER;
      ALTER TABLE participants ADD COLUMN parentLimit TEXT;
      ALTER TABLE participants ADD COLUMN joinedAt INTEGER;
      ALTER TABLE participants ADD COLUMN lastChangeAt INTEGER;
      CREATE TABLE retiredLinks (
        link TEXT PRIMARY KEY,
        ownerName TEXT NOT NULL,
        zoneName TEXT NOT NULL,
        recordName TEXT NOT NULL,
        FOREIGN KEY (ownerName, zoneName, recordName) REFERENCES shares ON DELETE CASCADE
      ) STRICT, WITHOUT ROWID;
      CREATE INDEX retiredLinks_share ON retiredLinks (ownerName, zoneName, recordName);
      """)

  /// Version 8 (issue 50): the server's history id, as the live server's
  /// incarnation: empty until an administrator marks a file put back
  /// from an older copy (`FileCloud.markRestored`), then carried in every
  /// change token, so each token issued before the mark is history that
  /// went back. (Empty, tokens stay as before: a file never marked
  /// changes nothing for the devices that sync with it.)
  static let mockCloudHistory = Migration(
    version: 8, identifier: "history",
    sql: """
      ALTER TABLE server ADD COLUMN history TEXT NOT NULL DEFAULT '';
      """)

  /// Version 9 (issue 51): a record's fields in one value of its row
  /// (`FieldPack`), not a row each: a score event's three field rows were
  /// more of a bulk save's B-tree work than its record. Packed by
  /// `packedFields`, which reads a record's rows and decodes them as
  /// `FieldCoding` did (SQL alone would not keep a double exact).
  static let mockCloudFieldPacks = Migration(
    version: 9, identifier: "fieldPacks",
    sql: """
      ALTER TABLE records ADD COLUMN fields BLOB NOT NULL DEFAULT x'';
      UPDATE records SET fields = packedFields(ownerName, zoneName, name)
        WHERE EXISTS (
          SELECT 1 FROM fields AS f
          WHERE f.ownerName = records.ownerName AND f.zoneName = records.zoneName AND f.recordName = records.name);
      DROP TABLE fields;
      """)
}
