-- Version 2: the cloud's tables, keyed by the zone's owner first (zones
-- never span owners, so the same schema can later be spread over servers
-- by owner), with row-level security: a user reads the rows of their own
-- zones and of shares they accepted (the policies, R__01_access.sql), and
-- writes nothing but through the API functions.

SET LOCAL ROLE :"owner";

ALTER TABLE scorekeeper.server
  -- Raised when every change token is expired (old history purged):
  -- tokens carry it, so older ones are refused.
  ADD COLUMN epoch bigint NOT NULL DEFAULT 1;
CREATE SEQUENCE scorekeeper.tags;
-- Users whose account is anything but available.
CREATE TABLE scorekeeper.accounts (
  user_name text PRIMARY KEY,
  status text NOT NULL
    CHECK (status IN ('no-account', 'restricted', 'could-not-determine', 'temporarily-unavailable'))
);
-- Which database each device id syncs from (claim_device).
CREATE TABLE scorekeeper.devices (
  id text PRIMARY KEY,
  holder text NOT NULL,
  user_name text NOT NULL
);
CREATE TABLE scorekeeper.zones (
  owner text NOT NULL,
  name text NOT NULL,
  -- Drawn from the tags sequence at creation: tokens from an earlier
  -- zone of the same name are worthless once it was deleted.
  incarnation bigint NOT NULL,
  -- The zone's change feed: each change takes the next value while the
  -- zone's row is locked, so values are handed out in commit order and
  -- a reader never skips one that commits later.
  counter bigint NOT NULL DEFAULT 0,
  -- The last writing transaction: the database feed's cursor.
  stamp xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (owner, name)
);
CREATE INDEX zones_stamp ON scorekeeper.zones (owner, stamp);
CREATE TABLE scorekeeper.deleted_zones (
  owner text NOT NULL,
  name text NOT NULL,
  stamp xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (owner, name)
);
CREATE INDEX deleted_zones_stamp ON scorekeeper.deleted_zones (owner, stamp);
CREATE TABLE scorekeeper.records (
  owner text NOT NULL,
  zone text NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  parent text,
  share text,
  -- The share record whose participants may read this record: the
  -- share of the root its parent chain leads to (a share covers
  -- itself). Kept by the write functions, read by the policies.
  covering_share text,
  change_tag text NOT NULL,
  modified_at bigint NOT NULL,
  changed_at bigint NOT NULL,
  fields jsonb NOT NULL,
  -- NB: No foreign key to zones: checking it costs a trigger for every
  -- record saved (a sixth of a bulk save). Every write locks its zone
  -- row first, and deleting a zone deletes its records (modify_zones).
  PRIMARY KEY (owner, zone, name)
);
CREATE INDEX records_parent ON scorekeeper.records (owner, zone, parent) WHERE parent IS NOT NULL;
CREATE INDEX records_share ON scorekeeper.records (owner, zone, share) WHERE share IS NOT NULL;
CREATE INDEX records_changed ON scorekeeper.records (owner, zone, changed_at);
-- Only shared records: the policies look up a participant's share by
-- value, and an unshared record's entry would cost every save (a
-- fifteenth of a bulk save) for nothing.
CREATE INDEX records_covering ON scorekeeper.records (owner, zone, covering_share)
  WHERE covering_share IS NOT NULL;
CREATE TABLE scorekeeper.shares (
  owner text NOT NULL,
  zone text NOT NULL,
  name text NOT NULL,
  link text NOT NULL UNIQUE,
  public_permission text NOT NULL CHECK (public_permission IN ('none', 'read-only', 'read-write')),
  PRIMARY KEY (owner, zone, name),
  FOREIGN KEY (owner, zone, name) REFERENCES scorekeeper.records ON DELETE CASCADE
);
CREATE TABLE scorekeeper.participants (
  owner text NOT NULL,
  zone text NOT NULL,
  share text NOT NULL,
  user_name text NOT NULL,
  permission text NOT NULL CHECK (permission IN ('none', 'read-only', 'read-write')),
  acceptance text NOT NULL CHECK (acceptance IN ('pending', 'accepted')),
  PRIMARY KEY (owner, zone, share, user_name),
  FOREIGN KEY (owner, zone, share) REFERENCES scorekeeper.shares ON DELETE CASCADE
);
CREATE INDEX participants_user ON scorekeeper.participants (user_name, acceptance);
-- When a user gained or lost access to another user's zone, so their
-- shared database reports the zone as changed or gone.
CREATE TABLE scorekeeper.access_changes (
  user_name text NOT NULL,
  owner text NOT NULL,
  zone text NOT NULL,
  stamp xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (user_name, owner, zone)
);
CREATE INDEX access_changes_stamp ON scorekeeper.access_changes (user_name, stamp);
-- Deleted records, kept for every reader (not consumed by the first).
CREATE TABLE scorekeeper.tombstones (
  owner text NOT NULL,
  zone text NOT NULL,
  name text NOT NULL,
  type text NOT NULL,
  deleted_at bigint NOT NULL,
  PRIMARY KEY (owner, zone, name),
  FOREIGN KEY (owner, zone) REFERENCES scorekeeper.zones ON DELETE CASCADE
);
CREATE INDEX tombstones_deleted ON scorekeeper.tombstones (owner, zone, deleted_at);
ALTER TABLE scorekeeper.accounts ENABLE ROW LEVEL SECURITY;
ALTER TABLE scorekeeper.devices ENABLE ROW LEVEL SECURITY;
ALTER TABLE scorekeeper.zones ENABLE ROW LEVEL SECURITY;
ALTER TABLE scorekeeper.deleted_zones ENABLE ROW LEVEL SECURITY;
ALTER TABLE scorekeeper.records ENABLE ROW LEVEL SECURITY;
ALTER TABLE scorekeeper.shares ENABLE ROW LEVEL SECURITY;
ALTER TABLE scorekeeper.participants ENABLE ROW LEVEL SECURITY;
ALTER TABLE scorekeeper.access_changes ENABLE ROW LEVEL SECURITY;
ALTER TABLE scorekeeper.tombstones ENABLE ROW LEVEL SECURITY;

-- The zone's saves as rows, with the stored copy of each record and of
-- its parent and share. NB: Each looked up by its key (OFFSET 0 keeps
-- the lookups apart): joined as sets, a planner that has no statistics
-- yet for a freshly filled table hashes the whole zone instead.
CREATE TYPE scorekeeper.save_item AS (
  ordinal bigint, r jsonb, name text, type text, parent text, share text, tag text,
  existing scorekeeper.records, stored_parent scorekeeper.records, stored_share scorekeeper.records
);

RESET ROLE;
