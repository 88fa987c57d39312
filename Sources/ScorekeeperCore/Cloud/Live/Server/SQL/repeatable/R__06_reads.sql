-- The reading API functions: records by id, and the two change feeds.
-- Each is STABLE, so all its statements see one snapshot: a token is taken
-- in the same snapshot as the data it follows.

SET LOCAL ROLE :"owner";

-- Whether the user may read a stored record of a zone they see.
-- NB: In a shared zone a record the user's shares do not cover is
-- unknown, exactly like a missing one.
CREATE OR REPLACE FUNCTION scorekeeper.may_read(user_name text, scope text, r scorekeeper.records)
RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT scope = 'private'
    OR scorekeeper.permission(user_name, r.owner, r.zone, r.covering_share) IS NOT NULL
$$;

-- Records by id: [{"id", "record" | "refusal"}].
CREATE OR REPLACE FUNCTION scorekeeper.fetch_records(scope text, ids jsonb) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
-- NB: Planned per call, as zone_changes is.
SET plan_cache_mode = 'force_custom_plan' AS $$
DECLARE
  caller_name text := scorekeeper.caller();
BEGIN
  PERFORM scorekeeper.check_scope(scope);
  IF jsonb_array_length(ids) > 400 THEN
    PERFORM scorekeeper.fail('limit-exceeded', jsonb_array_length(ids)::text, '400');
  END IF;
  IF EXISTS (SELECT FROM jsonb_array_elements(ids) AS i WHERE NOT scorekeeper.is_id(i)) THEN
    PERFORM scorekeeper.fail('malformed-request', 'every record needs an id [owner, zone, name]');
  END IF;
  RETURN (
    SELECT COALESCE(jsonb_agg(jsonb_build_object('id', i.value) || CASE
        WHEN NOT scorekeeper.zone_visible(caller_name, scope, i.value->>0, i.value->>1)
          THEN scorekeeper.refusal('zone-not-found')
        WHEN r.name IS NULL OR NOT scorekeeper.may_read(caller_name, scope, r)
          THEN scorekeeper.refusal('unknown-record', i.value->>2)
        ELSE jsonb_build_object('record', scorekeeper.record_json(r))
      END ORDER BY i.ordinality), '[]')
    FROM jsonb_array_elements(ids) WITH ORDINALITY AS i
    LEFT JOIN scorekeeper.records AS r
      ON r.owner = i.value->>0 AND r.zone = i.value->>1 AND r.name = i.value->>2);
END $$;

-- What changed in a zone since a token, oldest first, at most
-- page_size items: {"changed", "deleted", "token", "more"}.
CREATE OR REPLACE FUNCTION scorekeeper.zone_changes(
  scope text, zone_owner text, zone_name text, token text, page_size int
) RETURNS jsonb LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
-- NB: Each statement is planned for each call, for the tables as they
-- are: a plan kept from when a session began on an empty server would
-- go on scanning whole zones as they grow (a generic plan also guesses
-- "changed since the token" is a third of the zone).
SET plan_cache_mode = 'force_custom_plan' AS $$
DECLARE
  caller_name text := scorekeeper.caller();
  zone scorekeeper.zones;
  prefix text;
  since bigint := 0;
  changes jsonb;
  more boolean;
  last_change bigint;
BEGIN
  PERFORM scorekeeper.check_scope(scope);
  IF page_size IS NULL OR page_size NOT BETWEEN 1 AND 400 THEN
    PERFORM scorekeeper.fail('page-size', COALESCE(page_size::text, 'null'), '400');
  END IF;
  SELECT * INTO zone FROM scorekeeper.zones AS z WHERE z.owner = zone_owner AND z.name = zone_name;
  IF NOT FOUND OR NOT scorekeeper.zone_visible(caller_name, scope, zone_owner, zone_name) THEN
    PERFORM scorekeeper.fail('zone-not-found', zone_owner, zone_name);
  END IF;
  -- NB: Tokens are per zone incarnation, server and history epoch.
  prefix := scorekeeper.token_prefix() || 'z' || zone.incarnation || '.';
  IF token IS NOT NULL THEN
    PERFORM scorekeeper.check_token_history(token);
    IF left(token, length(prefix)) <> prefix OR substr(token, length(prefix) + 1) !~ '^[0-9]{1,18}$' THEN
      PERFORM scorekeeper.fail('change-token-expired');
    END IF;
    since := substr(token, length(prefix) + 1)::bigint;
    -- NB: A token from the zone's future: the server's history went back
    -- (a standby that was behind took over, a backup was put back).
    IF since > zone.counter THEN
      PERFORM scorekeeper.fail('history-went-back');
    END IF;
  END IF;
  -- NB: Changes and tombstones in the order they happened; tombstones
  -- stay for every reader.
  -- (Each part ordered and limited, so each reads its index in order
  -- from the token on, whatever the planner knows of the tables.)
  WITH page AS (
    SELECT c.* FROM (
      (SELECT r.name, NULL::text AS deleted_type, r.changed_at AS at FROM scorekeeper.records AS r
       WHERE r.owner = zone_owner AND r.zone = zone_name AND r.changed_at > since
       ORDER BY r.changed_at LIMIT page_size + 1)
      UNION ALL
      (SELECT t.name, t.type, t.deleted_at FROM scorekeeper.tombstones AS t
       WHERE t.owner = zone_owner AND t.zone = zone_name AND t.deleted_at > since
       ORDER BY t.deleted_at LIMIT page_size + 1)
    ) AS c ORDER BY c.at LIMIT page_size + 1
  )
  SELECT jsonb_agg(jsonb_build_object('name', p.name, 'deleted', p.deleted_type, 'at', p.at) ORDER BY p.at)
    INTO changes FROM page AS p;
  changes := COALESCE(changes, '[]');
  more := jsonb_array_length(changes) > page_size;
  IF more THEN
    changes := changes - page_size;
    last_change := (changes->(page_size - 1)->>'at')::bigint;
  END IF;
  RETURN jsonb_build_object(
    'changed', (
      SELECT COALESCE(jsonb_agg(scorekeeper.record_json(r) ORDER BY c.ordinality), '[]')
      FROM jsonb_array_elements(changes) WITH ORDINALITY AS c
      JOIN scorekeeper.records AS r
        ON r.owner = zone_owner AND r.zone = zone_name AND r.name = c.value->>'name'
      WHERE jsonb_typeof(c.value->'deleted') = 'null' AND scorekeeper.may_read(caller_name, scope, r)),
    'deleted', (
      SELECT COALESCE(jsonb_agg(jsonb_build_array(c.value->>'name', c.value->>'deleted') ORDER BY c.ordinality), '[]')
      FROM jsonb_array_elements(changes) WITH ORDINALITY AS c
      WHERE jsonb_typeof(c.value->'deleted') = 'string'),
    'token', prefix || CASE WHEN more THEN last_change ELSE zone.counter END,
    'more', more);
END $$;

-- Zones changed or gone since a token: {"changed", "deleted", "token"}.
-- The token is this read's snapshot (xmin:xmax:running transactions);
-- a zone changed since is one whose last writer that snapshot did not
-- see: still running then, or started after. Exact, whatever else
-- runs on the server; the xmin bound lets the index narrow the scan.
CREATE OR REPLACE FUNCTION scorekeeper.database_changes(scope text, token text) RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = '' AS $$
DECLARE
  caller_name text := scorekeeper.caller();
  prefix text := scorekeeper.token_prefix() || 'd';
  now pg_snapshot := pg_current_snapshot();
  since pg_snapshot := '1:1:';
  changed jsonb;
  deleted jsonb;
BEGIN
  PERFORM scorekeeper.check_scope(scope);
  IF token IS NOT NULL THEN
    PERFORM scorekeeper.check_token_history(token);
    -- NB: A token from another server, or from before the history was
    -- purged, has expired; one from the future tells of history that
    -- went back (a standby that was behind took over, a backup put back).
    IF left(token, length(prefix)) <> prefix
      OR substr(token, length(prefix) + 1) !~ '^[0-9]{1,19}:[0-9]{1,19}:([0-9]{1,19}(,[0-9]{1,19})*)?$'
    THEN
      PERFORM scorekeeper.fail('change-token-expired');
    END IF;
    since := substr(token, length(prefix) + 1)::pg_snapshot;
    IF pg_snapshot_xmax(since) > pg_snapshot_xmax(now) THEN
      PERFORM scorekeeper.fail('history-went-back');
    END IF;
  END IF;
  IF scope = 'private' THEN
    SELECT COALESCE(jsonb_agg(z.name ORDER BY z.name COLLATE "C"), '[]') INTO changed
    FROM scorekeeper.zones AS z
    WHERE z.owner = caller_name AND z.stamp >= pg_snapshot_xmin(since)
      AND NOT pg_visible_in_snapshot(z.stamp, since);
    SELECT COALESCE(jsonb_agg(d.name ORDER BY d.name COLLATE "C"), '[]') INTO deleted
    FROM scorekeeper.deleted_zones AS d
    WHERE d.owner = caller_name AND d.stamp >= pg_snapshot_xmin(since)
      AND NOT pg_visible_in_snapshot(d.stamp, since);
    changed := (SELECT COALESCE(jsonb_agg(jsonb_build_array(caller_name, n)), '[]')
                FROM jsonb_array_elements_text(changed) AS n);
    deleted := (SELECT COALESCE(jsonb_agg(jsonb_build_array(caller_name, n)), '[]')
                FROM jsonb_array_elements_text(deleted) AS n);
  ELSE
    -- Zones the user reaches that changed, and zones whose access
    -- changed: changed if the user still reaches them, else gone.
    WITH candidates AS (
      SELECT p.owner, p.zone FROM scorekeeper.participants AS p
      JOIN scorekeeper.zones AS z ON z.owner = p.owner AND z.name = p.zone
      WHERE p.user_name = caller_name AND p.acceptance = 'accepted'
        AND z.stamp >= pg_snapshot_xmin(since) AND NOT pg_visible_in_snapshot(z.stamp, since)
      UNION
      SELECT a.owner, a.zone FROM scorekeeper.access_changes AS a
      WHERE a.user_name = caller_name
        AND a.stamp >= pg_snapshot_xmin(since) AND NOT pg_visible_in_snapshot(a.stamp, since)
    )
    SELECT
      COALESCE(jsonb_agg(jsonb_build_array(c.owner, c.zone) ORDER BY c.owner COLLATE "C", c.zone COLLATE "C")
        FILTER (WHERE scorekeeper.can_reach(caller_name, c.owner, c.zone)), '[]'),
      COALESCE(jsonb_agg(jsonb_build_array(c.owner, c.zone) ORDER BY c.owner COLLATE "C", c.zone COLLATE "C")
        FILTER (WHERE NOT scorekeeper.can_reach(caller_name, c.owner, c.zone)), '[]')
    INTO changed, deleted FROM candidates AS c;
  END IF;
  -- NB: Nothing new keeps the token, so a quiet sync has nothing to
  -- store: the snapshot moves with every transaction on the cluster.
  -- A commit neither snapshot saw is still not visible in the old one.
  IF token IS NOT NULL AND changed = '[]' AND deleted = '[]' THEN
    RETURN jsonb_build_object('changed', changed, 'deleted', deleted, 'token', token);
  END IF;
  RETURN jsonb_build_object('changed', changed, 'deleted', deleted, 'token', prefix || now::text);
END $$;

RESET ROLE;
