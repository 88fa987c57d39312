-- Assets: the rules for a field's file (the mock's
-- RecordModification.assetRefusal has the same, explained in its NB
-- comments), writing uploads, and reading them back (asset_contents).

SET LOCAL ROLE :"owner";

-- A field value as the client writes it: [type, text], or
-- ["reference", id], or ["asset", "<sha256>/<size>"] with the
-- position of its bytes in the call's uploads when it carries them.
CREATE OR REPLACE FUNCTION scorekeeper.is_value(v jsonb) RETURNS boolean
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT jsonb_typeof(v) = 'array'
    AND (jsonb_array_length(v) = 2 OR (jsonb_array_length(v) = 3 AND v->>0 = 'asset'
      AND jsonb_typeof(v->2) = 'number' AND v->>2 ~ '^[1-9][0-9]{0,5}$'))
    AND CASE v->>0
    WHEN 'reference' THEN scorekeeper.is_id(v->1)
    WHEN 'string' THEN jsonb_typeof(v->1) = 'string'
    WHEN 'int64' THEN jsonb_typeof(v->1) = 'string' AND v->>1 ~ '^-?[0-9]{1,19}$'
    WHEN 'date' THEN jsonb_typeof(v->1) = 'string' AND v->>1 ~ '^-?[0-9]{1,19}$'
    WHEN 'double' THEN jsonb_typeof(v->1) = 'string'
      AND v->>1 ~ '^-?(inf|nan|[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)?)$'
    WHEN 'bytes' THEN jsonb_typeof(v->1) = 'string' AND v->>1 ~ '^([0-9a-f]{2})*$'
    WHEN 'asset' THEN jsonb_typeof(v->1) = 'string' AND v->>1 ~ '^[0-9a-f]{64}/(0|[1-9][0-9]{0,18})$'
    ELSE false
  END
$$;
-- Why a record's assets cannot be stored, or NULL.
CREATE OR REPLACE FUNCTION scorekeeper.asset_refusal(
  zone_owner text, zone_name text, record_name text, fields jsonb, uploads bytea[]
) RETURNS jsonb LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  f record;
  stored scorekeeper.assets;
  content bytea;
  added bigint := 0;
BEGIN
  FOR f IN
    SELECT e.key, split_part(e.value->>1, '/', 1) AS sha256,
      split_part(e.value->>1, '/', 2)::bigint AS byte_count, (e.value->>2)::int AS upload
    FROM jsonb_each(fields) AS e WHERE e.value->>0 = 'asset' ORDER BY e.key COLLATE "C"
  LOOP
    SELECT * INTO stored FROM scorekeeper.assets AS a
    WHERE a.owner = zone_owner AND a.zone = zone_name AND a.record = record_name AND a.key = f.key;
    IF f.upload IS NULL THEN
      IF (stored.sha256, stored.byte_count) IS DISTINCT FROM (f.sha256, f.byte_count) THEN
        RETURN scorekeeper.refusal('asset-not-uploaded', record_name, f.key);
      END IF;
      CONTINUE;
    END IF;
    content := uploads[f.upload];
    IF content IS NULL THEN
      RETURN scorekeeper.refusal('malformed', record_name, 'the upload of the asset ' || f.key);
    END IF;
    IF length(content) > 10485760 THEN
      RETURN scorekeeper.refusal('asset-too-large', record_name, f.key, length(content)::text);
    END IF;
    IF length(content) <> f.byte_count OR encode(sha256(content), 'hex') <> f.sha256 THEN
      RETURN scorekeeper.refusal('asset-mismatch', record_name, f.key);
    END IF;
    added := added + length(content) - COALESCE(stored.byte_count, 0);
  END LOOP;
  IF added > 0 THEN
    -- One owner's saves to several zones at once count one after another.
    PERFORM pg_advisory_xact_lock(hashtext('scorekeeper quota ' || zone_owner));
    IF (SELECT COALESCE(sum(a.byte_count), 0) FROM scorekeeper.assets AS a WHERE a.owner = zone_owner)
      + added > (SELECT s.asset_quota FROM scorekeeper.server AS s)
    THEN
      RETURN scorekeeper.refusal('quota-exceeded', record_name);
    END IF;
  END IF;
  RETURN NULL;
END $$;
-- The record's fields as stored: an asset without its upload position.
CREATE OR REPLACE FUNCTION scorekeeper.without_uploads(fields jsonb) RETURNS jsonb
LANGUAGE sql IMMUTABLE SET search_path = '' AS $$
  SELECT CASE WHEN NOT EXISTS (SELECT FROM jsonb_each(fields) AS e WHERE e.value->2 IS NOT NULL)
    THEN fields
    ELSE (SELECT jsonb_object_agg(e.key, CASE WHEN e.value->>0 = 'asset' THEN e.value - 2 ELSE e.value END)
          FROM jsonb_each(fields) AS e)
  END
$$;
-- Keeps the uploaded bytes of a saved record's assets, and drops the
-- assets of fields that are no longer assets.
CREATE OR REPLACE FUNCTION scorekeeper.write_assets(
  zone_owner text, zone_name text, record_name text, fields jsonb, uploads bytea[]
) RETURNS void LANGUAGE sql SET search_path = '' AS $$
  INSERT INTO scorekeeper.assets AS a (owner, zone, record, key, sha256, byte_count, bytes)
  SELECT zone_owner, zone_name, record_name, e.key, split_part(e.value->>1, '/', 1),
    split_part(e.value->>1, '/', 2)::bigint, uploads[(e.value->>2)::int]
  FROM jsonb_each(fields) AS e WHERE e.value->>0 = 'asset' AND e.value->2 IS NOT NULL
  ON CONFLICT (owner, zone, record, key) DO UPDATE SET
    sha256 = excluded.sha256, byte_count = excluded.byte_count, bytes = excluded.bytes;
  DELETE FROM scorekeeper.assets AS a
  WHERE a.owner = zone_owner AND a.zone = zone_name AND a.record = record_name
    AND NOT EXISTS (SELECT FROM jsonb_each(fields) AS e WHERE e.key = a.key AND e.value->>0 = 'asset');
$$;
-- The bytes of assets the caller may read, by their position in keys
-- ([{"id": [owner, zone, name], "field", "sha256"}]); a key whose
-- record changed, went or is not the caller's to read has no row.
CREATE OR REPLACE FUNCTION scorekeeper.asset_contents(scope text, keys jsonb)
RETURNS TABLE (item bigint, content bytea)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = ''
SET plan_cache_mode = 'force_custom_plan' AS $$
DECLARE
  caller_name text := scorekeeper.caller();
BEGIN
  PERFORM scorekeeper.check_scope(scope);
  IF jsonb_typeof(keys) IS DISTINCT FROM 'array' OR EXISTS (
    SELECT FROM jsonb_array_elements(keys) AS k
    WHERE NOT scorekeeper.is_id(k.value->'id') OR jsonb_typeof(k.value->'field') IS DISTINCT FROM 'string'
      OR jsonb_typeof(k.value->'sha256') IS DISTINCT FROM 'string')
  THEN
    PERFORM scorekeeper.fail('malformed-request', 'every asset key needs an id, a field and a sha256');
  END IF;
  IF jsonb_array_length(keys) > 400 THEN
    PERFORM scorekeeper.fail('limit-exceeded', jsonb_array_length(keys)::text, '400');
  END IF;
  RETURN QUERY
    SELECT k.ordinality, a.bytes
    FROM jsonb_array_elements(keys) WITH ORDINALITY AS k
    JOIN scorekeeper.records AS r
      ON r.owner = k.value->'id'->>0 AND r.zone = k.value->'id'->>1 AND r.name = k.value->'id'->>2
    JOIN scorekeeper.assets AS a
      ON a.owner = r.owner AND a.zone = r.zone AND a.record = r.name AND a.key = k.value->>'field'
        AND a.sha256 = k.value->>'sha256'
    WHERE scorekeeper.zone_visible(caller_name, scope, r.owner, r.zone)
      AND scorekeeper.may_read(caller_name, scope, r)
    ORDER BY k.ordinality;
END $$;
GRANT EXECUTE ON FUNCTION scorekeeper.asset_contents(text, jsonb) TO :"users";

RESET ROLE;
