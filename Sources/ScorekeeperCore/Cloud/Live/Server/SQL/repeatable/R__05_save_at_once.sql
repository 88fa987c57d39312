-- Saving a zone's records with a few set-based statements instead of one
-- save_record each: what makes a batch of 400 cost one call's worth of work
-- on the server, not 400.
--
-- It takes only the usual case, where every record is plainly well formed
-- and would be saved, and none touches sharing: the owner's own zone, no
-- share records, no parent or share moved, no refusal. Anything else
-- returns NULL and modify_zone saves the records one by one, so every
-- refusal comes from one place. The two ways leave the same rows (a test
-- compares them, forcing the slow one through may_save_at_once, which
-- test servers replace: Tests/ThrowawayPostgres/test-switches.sql).

SET LOCAL ROLE :"owner";

-- Whether a zone's saves may be taken at once: always, here. (Test
-- servers make it answer a setting, to compare the two ways.)
CREATE OR REPLACE FUNCTION scorekeeper.may_save_at_once() RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$ SELECT true $$;

CREATE OR REPLACE FUNCTION scorekeeper.save_items(zone_owner text, zone_name text, zone_saves jsonb)
RETURNS SETOF scorekeeper.save_item LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT s.ordinality, s.value, s.value->'id'->>2, s.value->>'type', s.value->'parent'->>2,
    s.value->'share'->>2, s.value->>'tag',
    (SELECT e FROM scorekeeper.records AS e
     WHERE e.owner = zone_owner AND e.zone = zone_name AND e.name = s.value->'id'->>2 OFFSET 0),
    (SELECT p FROM scorekeeper.records AS p
     WHERE p.owner = zone_owner AND p.zone = zone_name AND p.name = s.value->'parent'->>2 OFFSET 0),
    (SELECT sh FROM scorekeeper.records AS sh
     WHERE sh.owner = zone_owner AND sh.zone = zone_name AND sh.name = s.value->'share'->>2 OFFSET 0)
  FROM jsonb_array_elements(zone_saves) WITH ORDINALITY AS s
$$;

-- Whether a record is well formed beyond doubt, its fields aside: a
-- plain type, references within its zone. False sends the record to
-- save_record, which says what is wrong, if anything. Inlined (see
-- record_json), so no jsonb_array_length: AND may evaluate it first,
-- and it fails on a non-array; "x->2 is text, x->3 is nothing" says
-- "three elements" without failing.
CREATE OR REPLACE FUNCTION scorekeeper.plainly_well_formed(r jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(
    jsonb_typeof(r->'type') = 'string' AND r->>'type' NOT IN ('', 'cloudkit.share')
    AND r->'id'->>2 <> '' AND jsonb_typeof(r->'fields') = 'object'
    AND jsonb_typeof(COALESCE(r->'tag', 'null')) IN ('string', 'null')
    AND jsonb_typeof(COALESCE(r->'sharing', 'null')) = 'null'
    AND (jsonb_typeof(COALESCE(r->'parent', 'null')) = 'null' OR (
      jsonb_typeof(r->'parent') = 'array' AND r->'parent'->0 = r->'id'->0
      AND r->'parent'->1 = r->'id'->1 AND jsonb_typeof(r->'parent'->2) = 'string'
      AND r->'parent'->3 IS NULL AND r->'parent'->2 <> r->'id'->2))
    AND (jsonb_typeof(COALESCE(r->'share', 'null')) = 'null' OR (
      jsonb_typeof(r->'share') = 'array' AND r->'share'->0 = r->'id'->0
      AND r->'share'->1 = r->'id'->1 AND jsonb_typeof(r->'share'->2) = 'string'
      AND r->'share'->3 IS NULL)),
    false)
$$;

-- Whether a field value of the record `id` is plainly well formed: a
-- string, a whole number or date in range, or a reference within the
-- record's zone (other types go one by one).
CREATE OR REPLACE FUNCTION scorekeeper.plain_value(v jsonb, id jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(jsonb_typeof(v) = 'array' AND v->2 IS NULL AND CASE v->>0
      WHEN 'string' THEN jsonb_typeof(v->1) = 'string'
      WHEN 'int64' THEN jsonb_typeof(v->1) = 'string' AND v->>1 ~ '^-?[0-9]{1,19}$'
      WHEN 'date' THEN jsonb_typeof(v->1) = 'string' AND v->>1 ~ '^-?[0-9]{1,19}$'
      WHEN 'reference' THEN jsonb_typeof(v->1) = 'array' AND v->1->0 = id->0 AND v->1->1 = id->1
        AND jsonb_typeof(v->1->2) = 'string' AND v->1->3 IS NULL
      ELSE false
    END, false)
$$;

-- Saves every record of one of the caller's own zones (locked by the
-- caller) at once and returns their results in call order; NULL,
-- having changed nothing, when some record needs save_record. A
-- record is stored as sent, so its result is only what the server
-- gave it: {"id", "op": "save", "saved": {"tag", "modified"}} (a
-- third of the answer a whole copy makes, for the client to read).
CREATE OR REPLACE FUNCTION scorekeeper.save_zone_at_once(
  zone_owner text, zone_name text, zone_saves jsonb, if_unchanged boolean
) RETURNS jsonb LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  -- Each record saved in this call, by name: where it stands.
  saving jsonb;
  -- The saves, looked up once.
  items scorekeeper.save_item[];
  takes_all boolean;
  item_count bigint;
  bumped text[];
  first_change bigint;
  results jsonb;
BEGIN
  IF NOT scorekeeper.may_save_at_once() THEN RETURN NULL; END IF;
  SELECT jsonb_object_agg(s.value->'id'->>2, s.ordinality), count(*) INTO saving, item_count
  FROM jsonb_array_elements(zone_saves) WITH ORDINALITY AS s;
  IF NOT (
    SELECT COALESCE(bool_and(scorekeeper.plain_value(f.value, s.value->'id')), true)
    FROM jsonb_array_elements(zone_saves) AS s,
      jsonb_each(CASE WHEN jsonb_typeof(s.value->'fields') = 'object' THEN s.value->'fields' END) AS f)
  THEN
    RETURN NULL;
  END IF;
  items := ARRAY(SELECT i FROM scorekeeper.save_items(zone_owner, zone_name, zone_saves) AS i);
  -- NB: Saving a child gives its stored parent a new tag: once per
  -- parent here, after the children, in the order of their last child
  -- (as their last bumps one by one come).
  SELECT bool_and(g.takes), array_agg(g.parent ORDER BY g.last_child) FILTER (WHERE g.bumped)
    INTO takes_all, bumped
  FROM (
    SELECT i.parent, max(i.ordinal) AS last_child,
      bool_or((i.stored_parent).name IS NOT NULL AND NOT saving ? i.parent) AS bumped,
      bool_and(COALESCE(
        scorekeeper.plainly_well_formed(i.r)
        AND CASE WHEN (i.existing).name IS NULL THEN NOT (if_unchanged AND i.tag IS NOT NULL)
          ELSE (i.existing).type = i.type
            AND ((i.existing).parent, (i.existing).share) IS NOT DISTINCT FROM (i.parent, i.share)
            AND (NOT if_unchanged OR (i.existing).change_tag = i.tag)
          END
        -- The parent is saved earlier in this call, or stored (and not
        -- a share, which covers only itself)…
        AND (i.parent IS NULL OR (saving->>i.parent)::bigint < i.ordinal
          OR (i.stored_parent).type <> 'cloudkit.share')
        -- … and the share stays, or is stored.
        AND (i.share IS NULL OR i.share IS NOT DISTINCT FROM (i.existing).share
          OR (i.stored_share).name IS NOT NULL),
        false)) AS takes
    FROM unnest(items) AS i
    GROUP BY i.parent) AS g;
  IF NOT takes_all THEN RETURN NULL; END IF;
  bumped := COALESCE(bumped, '{}');

  -- The zone's change numbers for this call, taken at once: the
  -- record at position i gets first_change + i, bumped parents the
  -- ones after.
  UPDATE scorekeeper.zones AS z
  SET counter = z.counter + item_count + cardinality(bumped), stamp = pg_current_xact_id()
  WHERE z.owner = zone_owner AND z.name = zone_name
  RETURNING z.counter - item_count - cardinality(bumped) INTO first_change;

  WITH RECURSIVE saves AS MATERIALIZED (SELECT * FROM unnest(items)),
  cover (name, covering) AS (
    -- A share reaches a record through its root: a stored record keeps
    -- its coverage (its parent and share stay), a new root takes its
    -- share, a new child its stored parent's…
    SELECT i.name, CASE
        WHEN (i.existing).name IS NOT NULL THEN (i.existing).covering_share
        WHEN i.parent IS NULL THEN i.share
        ELSE (i.stored_parent).covering_share
      END
    FROM saves AS i
    WHERE (i.existing).name IS NOT NULL OR i.parent IS NULL OR NOT saving ? i.parent
    UNION ALL
    -- … and a new child of a record in this call, that record's.
    SELECT c.name, cover.covering
    FROM cover JOIN saves AS c ON c.parent = cover.name
    WHERE (c.existing).name IS NULL
  ),
  -- NB: New records are inserted, stored ones updated: the zone is
  -- locked, so nothing can insert one in between, and a plain insert
  -- costs less than one that is ready for a conflict.
  inserted AS (
    INSERT INTO scorekeeper.records AS s (
      owner, zone, name, type, parent, share, covering_share, change_tag, modified_at, changed_at,
      fields, creator)
    SELECT zone_owner, zone_name, i.name, i.type, i.parent, i.share, cover.covering,
      nextval('scorekeeper.tags')::text, scorekeeper.now_ms(), first_change + i.ordinal, i.r->'fields',
      session_user
    FROM saves AS i JOIN cover ON cover.name = i.name
    WHERE (i.existing).name IS NULL
    ORDER BY i.ordinal
    RETURNING s.name, s.change_tag, s.modified_at, s.changed_at, s.creator
  ),
  updated AS (
    UPDATE scorekeeper.records AS s SET
      change_tag = nextval('scorekeeper.tags')::text, modified_at = scorekeeper.now_ms(),
      changed_at = first_change + i.ordinal, fields = i.r->'fields'
    FROM saves AS i
    WHERE (i.existing).name IS NOT NULL
      AND s.owner = zone_owner AND s.zone = zone_name AND s.name = i.name
    RETURNING s.name, s.change_tag, s.modified_at, s.changed_at, s.creator
  )
  SELECT jsonb_agg(
      jsonb_build_object(
        'id', jsonb_build_array(zone_owner, zone_name, saved.name), 'op', 'save',
        'saved', jsonb_build_object(
          'tag', saved.change_tag, 'modified', saved.modified_at, 'creator', saved.creator))
      ORDER BY saved.changed_at)
    INTO results
  FROM (SELECT * FROM inserted UNION ALL SELECT * FROM updated) AS saved;

  DELETE FROM scorekeeper.tombstones AS t
  WHERE t.owner = zone_owner AND t.zone = zone_name
    AND t.name = ANY (ARRAY(SELECT jsonb_object_keys(saving)));

  UPDATE scorekeeper.records AS r SET
    change_tag = nextval('scorekeeper.tags')::text, modified_at = scorekeeper.now_ms(),
    changed_at = first_change + item_count + array_position(bumped, r.name)
  WHERE r.owner = zone_owner AND r.zone = zone_name AND r.name = ANY (bumped);
  RETURN results;
END $$;

RESET ROLE;
