-- Version 3: assets. Each record field's file is kept in a table of its
-- own (the field holds its hash and size), its bytes a binary parameter of
-- the call that uploads them (never hex in the JSON), read only through
-- asset_contents (R__08_assets.sql), and counted toward the zone owner's
-- quota.

SET LOCAL ROLE :"owner";

CREATE TABLE scorekeeper.assets (
  owner text NOT NULL,
  zone text NOT NULL,
  record text NOT NULL,
  key text NOT NULL,
  sha256 text NOT NULL,
  byte_count bigint NOT NULL,
  bytes bytea NOT NULL,
  PRIMARY KEY (owner, zone, record, key),
  FOREIGN KEY (owner, zone, record) REFERENCES scorekeeper.records ON DELETE CASCADE
);
-- Photos are compressed already: not worth trying again.
ALTER TABLE scorekeeper.assets ALTER COLUMN bytes SET STORAGE EXTERNAL;
ALTER TABLE scorekeeper.server ADD COLUMN asset_quota bigint NOT NULL DEFAULT 1073741824;
-- An asset is visible with its record (whose own policy applies here).
ALTER TABLE scorekeeper.assets ENABLE ROW LEVEL SECURITY;

RESET ROLE;
