-- Records as the API takes them: what is malformed, identifiers, sharing
-- written with its record, and share links. Records travel as JSON
-- (LiveRecordCoding); each rule is where the mock's RecordModification has
-- it (the NB comments there explain them).

SET LOCAL ROLE :"owner";

-- Why a record cannot be stored whatever the server holds, or NULL.
CREATE OR REPLACE FUNCTION scorekeeper.malformation(r jsonb) RETURNS jsonb
LANGUAGE plpgsql IMMUTABLE SET search_path = '' AS $$
DECLARE
  record_name text := r->'id'->>2;
  is_share boolean := r->>'type' = 'cloudkit.share';
  outside jsonb;
  bad_field text;
BEGIN
  IF jsonb_typeof(r->'type') IS DISTINCT FROM 'string' OR jsonb_typeof(r->'fields') IS DISTINCT FROM 'object'
    OR jsonb_typeof(COALESCE(r->'tag', '""')) NOT IN ('string', 'null')
    OR jsonb_typeof(COALESCE(r->'sharing', 'null')) NOT IN ('object', 'null')
    OR NOT scorekeeper.is_id(COALESCE(r->'parent', 'null'), true)
    OR NOT scorekeeper.is_id(COALESCE(r->'share', 'null'), true)
  THEN
    RETURN scorekeeper.refusal('malformed', record_name, 'its type, fields, tag, parent or share');
  END IF;
  SELECT f.key INTO bad_field FROM jsonb_each(r->'fields') AS f
  WHERE NOT scorekeeper.is_value(f.value) ORDER BY f.key LIMIT 1;
  IF bad_field IS NOT NULL THEN
    RETURN scorekeeper.refusal('malformed', record_name, 'the field ' || bad_field);
  END IF;
  IF record_name = '' OR r->>'type' = '' THEN
    RETURN scorekeeper.refusal('unnamed', record_name);
  END IF;
  IF is_share IS DISTINCT FROM (jsonb_typeof(COALESCE(r->'sharing', 'null')) = 'object') THEN
    RETURN scorekeeper.refusal('share-settings-mismatch', record_name);
  END IF;
  IF is_share AND jsonb_typeof(COALESCE(r->'parent', 'null')) <> 'null' THEN
    RETURN scorekeeper.refusal('share-with-parent', record_name);
  END IF;
  IF is_share AND NOT scorekeeper.is_sharing(r->'sharing') THEN
    RETURN scorekeeper.refusal('malformed', record_name, 'its share settings');
  END IF;
  -- NB: References, parents included, stay within one zone.
  SELECT ref INTO outside FROM (
    SELECT 0 AS position, r->'parent' AS ref
    UNION ALL SELECT 1, r->'share'
    UNION ALL SELECT 2, f.value->1 FROM jsonb_each(r->'fields') AS f WHERE f.value->>0 = 'reference'
  ) AS refs
  WHERE jsonb_typeof(ref) = 'array' AND (ref->>0, ref->>1) IS DISTINCT FROM (r->'id'->>0, r->'id'->>1)
  ORDER BY position LIMIT 1;
  IF outside IS NOT NULL THEN
    RETURN scorekeeper.refusal(
      'outside-reference', record_name, outside->>0, outside->>1, outside->>2);
  END IF;
  IF r->'parent' = r->'id' THEN
    RETURN scorekeeper.refusal('own-parent', record_name);
  END IF;
  RETURN NULL;
END $$;

-- [owner, zone, name], all text; or JSON null when nullable.
-- (Checked for every record of a call, so inlined: see record_json.)
CREATE OR REPLACE FUNCTION scorekeeper.is_id(id jsonb, nullable boolean DEFAULT false) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE jsonb_typeof(id)
    WHEN 'null' THEN nullable
    WHEN 'array' THEN jsonb_array_length(id) = 3 AND jsonb_typeof(id->0) = 'string'
      AND jsonb_typeof(id->1) = 'string' AND jsonb_typeof(id->2) = 'string'
    ELSE false
  END
$$;

CREATE OR REPLACE FUNCTION scorekeeper.is_sharing(s jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT s->>'public' IN ('none', 'read-only', 'scoring', 'read-write')
    AND jsonb_typeof(s->'participants') = 'array'
    AND NOT EXISTS (
      SELECT FROM jsonb_array_elements(s->'participants') AS p
      WHERE jsonb_typeof(p->'user') IS DISTINCT FROM 'string'
        OR (p->>'permission') IS NULL OR p->>'permission' NOT IN ('none', 'read-only', 'scoring', 'read-write')
        OR jsonb_typeof(COALESCE(p->'parent_limit', 'null')) NOT IN ('string', 'null'))
    AND jsonb_typeof(COALESCE(s->'expires', 'null')) IN ('number', 'null')
    AND COALESCE(s->>'expires' ~ '^-?[0-9]{1,18}$', true)
    AND jsonb_typeof(COALESCE(s->'new_link', 'false')) = 'boolean'
    AND CASE jsonb_typeof(COALESCE(s->'scorer', 'null'))
      WHEN 'null' THEN true
      WHEN 'object' THEN NOT EXISTS (
        SELECT FROM jsonb_each(s->'scorer') AS t
        WHERE jsonb_typeof(t.value) <> 'object'
          OR EXISTS (SELECT FROM jsonb_each(t.value) AS f WHERE jsonb_typeof(f.value) <> 'string'))
      ELSE false
    END
$$;

-- Stores a share's settings. The link is kept once assigned; what the
-- server sets of a participant stays while they stay invited: their
-- acceptance and times. A participant saved with permission 'none' is
-- removed (kept, seeing nothing, refused by the link); given a
-- permission again, invited. Returns the users who lost access.
CREATE OR REPLACE FUNCTION scorekeeper.write_sharing(
  zone_owner text, zone_name text, share_name text, settings jsonb
) RETURNS text[] LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  before jsonb;
  lost text[];
BEGIN
  -- NB: Not INSERT … ON CONFLICT, which would issue a link (and count
  -- it) for a share that has one. The zone is locked: no race here.
  -- A replaced link goes on record, so it is refused as replaced.
  IF (settings->>'new_link')::boolean THEN
    INSERT INTO scorekeeper.retired_links (link, owner, zone, share)
    SELECT s.link, s.owner, s.zone, s.name FROM scorekeeper.shares AS s
    WHERE s.owner = zone_owner AND s.zone = zone_name AND s.name = share_name;
  END IF;
  UPDATE scorekeeper.shares AS s SET public_permission = settings->>'public',
    scorer_rules = NULLIF(settings->'scorer', 'null'), link_expires_at = (settings->>'expires')::bigint,
    link = CASE WHEN (settings->>'new_link')::boolean THEN scorekeeper.new_link() ELSE s.link END
  WHERE s.owner = zone_owner AND s.zone = zone_name AND s.name = share_name;
  IF NOT FOUND THEN
    INSERT INTO scorekeeper.shares (owner, zone, name, link, public_permission, scorer_rules, link_expires_at)
    SELECT zone_owner, zone_name, share_name, scorekeeper.new_link(), settings->>'public',
      NULLIF(settings->'scorer', 'null'), (settings->>'expires')::bigint
    FROM scorekeeper.records AS r WHERE r.owner = zone_owner AND r.zone = zone_name AND r.name = share_name;
  END IF;
  -- Each participant as stored, by user name.
  SELECT COALESCE(jsonb_object_agg(p.user_name, to_jsonb(p)), '{}') INTO before
  FROM scorekeeper.participants AS p
  WHERE p.owner = zone_owner AND p.zone = zone_name AND p.share = share_name;
  DELETE FROM scorekeeper.participants AS p
  WHERE p.owner = zone_owner AND p.zone = zone_name AND p.share = share_name;
  -- The last mention of a user wins, as when the mock sets them in turn.
  INSERT INTO scorekeeper.participants (
    owner, zone, share, user_name, permission, acceptance, parent_limit, joined_at, last_change_at)
  SELECT DISTINCT ON (e.value->>'user') zone_owner, zone_name, share_name, e.value->>'user',
    e.value->>'permission',
    CASE WHEN e.value->>'permission' = 'none' THEN 'removed'
      WHEN COALESCE(b->>'acceptance', 'removed') = 'removed' THEN 'pending'
      ELSE b->>'acceptance' END,
    e.value->>'parent_limit', (b->>'joined_at')::bigint, (b->>'last_change_at')::bigint
  FROM jsonb_array_elements(settings->'participants') WITH ORDINALITY AS e,
    LATERAL (SELECT before->(e.value->>'user') AS b) AS stored
  WHERE e.value->>'user' <> zone_owner
  ORDER BY e.value->>'user', e.ordinality DESC;
  SELECT array_agg(b.key) INTO lost FROM jsonb_each(before) AS b
  WHERE b.value->>'acceptance' = 'accepted' AND NOT EXISTS (
    SELECT FROM scorekeeper.participants AS p
    WHERE p.owner = zone_owner AND p.zone = zone_name AND p.share = share_name
      AND p.user_name = b.key AND p.acceptance = 'accepted');
  RETURN COALESCE(lost, '{}');
END $$;

-- A share link: 128 bits from the server's strong random source (two
-- random UUIDs, hashed). (Test servers number them instead, as the mock
-- does: Tests/ThrowawayPostgres/test-switches.sql.)
CREATE OR REPLACE FUNCTION scorekeeper.new_link() RETURNS text
LANGUAGE sql VOLATILE SET search_path = '' AS $$
  SELECT 'https://share.scorekeeper.invalid/'
    || left(encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'), 32)
$$;

RESET ROLE;
