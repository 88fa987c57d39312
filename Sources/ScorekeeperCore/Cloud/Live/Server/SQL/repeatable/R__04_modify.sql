-- The delete of one record that modify_records applies zone by zone, and
-- its helpers (the save, and the API function itself, are in
-- R__09_saves.sql).

SET LOCAL ROLE :"owner";

-- Deletes one record: NULL when done (or already gone), else a refusal.
CREATE OR REPLACE FUNCTION scorekeeper.delete_record_as(
  user_name text, scope text, zone_owner text, zone_name text, record_name text
) RETURNS jsonb LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  existing scorekeeper.records;
  refusal jsonb;
  children text[];
BEGIN
  SELECT * INTO existing FROM scorekeeper.records AS s
  WHERE s.owner = zone_owner AND s.zone = zone_name AND s.name = record_name;
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF existing.type = 'cloudkit.share' THEN
    IF scope = 'shared' THEN
      -- NB: A participant deleting a share leaves it; the share stays.
      DELETE FROM scorekeeper.participants AS p
      WHERE p.owner = zone_owner AND p.zone = zone_name AND p.share = record_name
        AND p.user_name = delete_record_as.user_name;
      PERFORM scorekeeper.record_access_change(ARRAY[user_name], zone_owner, zone_name);
      PERFORM scorekeeper.bump(zone_owner, zone_name, record_name);
    ELSE
      PERFORM scorekeeper.delete_share(zone_owner, zone_name, record_name);
    END IF;
    RETURN NULL;
  END IF;
  IF scope = 'shared' THEN
    IF existing.parent IS NULL THEN
      RETURN scorekeeper.refusal('owner-only-root-deletion', record_name);
    END IF;
    refusal := scorekeeper.write_refusal(
      user_name, zone_owner, zone_name, record_name, existing.type, existing.parent, existing.share, NULL);
    IF refusal IS NOT NULL THEN RETURN refusal; END IF;
  END IF;
  SELECT array_agg(c.name ORDER BY c.name COLLATE "C") INTO children FROM (
    SELECT c.name FROM scorekeeper.records AS c
    WHERE c.owner = zone_owner AND c.zone = zone_name AND c.parent = record_name
    ORDER BY c.name COLLATE "C" LIMIT 5) AS c;
  IF children IS NOT NULL THEN
    RETURN scorekeeper.refusal('children-remain', VARIADIC ARRAY[record_name] || children);
  END IF;
  IF existing.share IS NOT NULL THEN
    PERFORM scorekeeper.delete_share(zone_owner, zone_name, existing.share);
  END IF;
  PERFORM scorekeeper.delete_record(zone_owner, zone_name, record_name, existing.type);
  RETURN NULL;
END $$;

-- How many stored ancestors a record has (0 when it is not stored).
CREATE OR REPLACE FUNCTION scorekeeper.depth(zone_owner text, zone_name text, record_name text) RETURNS int
LANGUAGE sql STABLE SET search_path = '' AS $$
  WITH RECURSIVE chain (name, depth) AS (
    SELECT r.parent, 1 FROM scorekeeper.records AS r
    WHERE r.owner = zone_owner AND r.zone = zone_name AND r.name = record_name AND r.parent IS NOT NULL
    UNION ALL
    SELECT r.parent, c.depth + 1 FROM chain AS c JOIN scorekeeper.records AS r
      ON r.owner = zone_owner AND r.zone = zone_name AND r.name = c.name
    WHERE r.parent IS NOT NULL AND c.depth < 64
  )
  SELECT COALESCE(max(c.depth), 0) FROM chain AS c
$$;

-- NB: Statistics for the tables as soon as they hold rows. Without
-- any, the planner takes every zone and owner for rare values, finds
-- a zone's index as good as the primary key for fetching one record,
-- and scans the zone for each: a first sync of many records to a new
-- server would slow down with every batch until autovacuum came by.
-- Once there are statistics, autovacuum keeps them up to date.
CREATE OR REPLACE FUNCTION scorekeeper.ensure_statistics() RETURNS void
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  -- (reltuples is -1 until the table is first analyzed or vacuumed.)
  IF (SELECT c.reltuples < 0 FROM pg_catalog.pg_class AS c WHERE c.oid = 'scorekeeper.records'::regclass)
    AND EXISTS (SELECT FROM scorekeeper.records)
  THEN
    ANALYZE scorekeeper.records;
  END IF;
  IF (SELECT c.reltuples < 0 FROM pg_catalog.pg_class AS c WHERE c.oid = 'scorekeeper.tombstones'::regclass)
    AND EXISTS (SELECT FROM scorekeeper.tombstones)
  THEN
    ANALYZE scorekeeper.tombstones;
  END IF;
END $$;

CREATE OR REPLACE FUNCTION scorekeeper.check_scope(scope text) RETURNS void
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  IF scope IS NULL OR scope NOT IN ('private', 'shared') THEN
    PERFORM scorekeeper.fail('malformed-request', 'the scope is private or shared');
  END IF;
END $$;

RESET ROLE;
