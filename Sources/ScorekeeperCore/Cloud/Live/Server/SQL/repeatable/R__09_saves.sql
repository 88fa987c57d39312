-- modify_records, the API function, and the save of one record it applies
-- zone by zone, each rule where the mock's RecordModification has it (the
-- NB comments there explain them); the delete is in R__04_modify.sql.
-- (Their older signatures are dropped in R__00_retired.sql.)

SET LOCAL ROLE :"owner";

-- Saves one record in a zone the caller sees and has locked: the
-- stored copy as JSON, or a refusal. saving_names: every record saved
-- in this call (in this zone); shares_with_root: shares some record
-- in this call points to; uploads: the call's asset bytes.
CREATE OR REPLACE FUNCTION scorekeeper.save_record(
  user_name text, scope text, if_unchanged boolean, r jsonb, saving_names text[],
  shares_with_root text[], uploads bytea[]
) RETURNS jsonb LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  zone_owner text := r->'id'->>0;
  zone_name text := r->'id'->>1;
  record_name text := r->'id'->>2;
  record_type text := r->>'type';
  parent_name text := r->'parent'->>2;
  share_name text := r->'share'->>2;
  tag text := r->>'tag';
  existing scorekeeper.records;
  refusal jsonb;
  found_share record;
  lost text[];
  change bigint;
  saved scorekeeper.records;
BEGIN
  refusal := scorekeeper.malformation(r);
  IF refusal IS NOT NULL THEN RETURN refusal; END IF;
  SELECT * INTO existing FROM scorekeeper.records AS s
  WHERE s.owner = zone_owner AND s.zone = zone_name AND s.name = record_name;
  IF FOUND AND existing.type <> record_type THEN
    RETURN scorekeeper.refusal('type-change', record_name, existing.type, record_type);
  END IF;
  IF if_unchanged THEN
    IF existing.name IS NOT NULL AND tag IS NOT NULL AND existing.change_tag <> tag THEN
      RETURN jsonb_build_object(
        'refusal', 'server-record-changed', 'record', scorekeeper.record_json(existing));
    ELSIF existing.name IS NOT NULL AND tag IS NULL THEN
      RETURN scorekeeper.refusal('exists', record_name);
    ELSIF existing.name IS NULL AND tag IS NOT NULL THEN
      RETURN scorekeeper.refusal('unknown-record', record_name);
    END IF;
  END IF;
  IF parent_name IS NOT NULL AND NOT EXISTS (
    SELECT FROM scorekeeper.records AS p
    WHERE p.owner = zone_owner AND p.zone = zone_name AND p.name = parent_name)
  THEN
    RETURN scorekeeper.refusal('parent-missing', record_name, parent_name);
  END IF;
  IF share_name IS NOT NULL AND share_name IS DISTINCT FROM existing.share
    AND NOT share_name = ANY (saving_names) AND NOT EXISTS (
      SELECT FROM scorekeeper.records AS s
      WHERE s.owner = zone_owner AND s.zone = zone_name AND s.name = share_name)
  THEN
    RETURN scorekeeper.refusal('share-missing', record_name, share_name);
  END IF;
  IF record_type = 'cloudkit.share' THEN
    IF scope = 'shared' THEN
      RETURN scorekeeper.refusal('owner-only-share-change', record_name);
    END IF;
    IF existing.name IS NULL AND NOT record_name = ANY (shares_with_root) THEN
      RETURN scorekeeper.refusal('share-needs-root', record_name);
    END IF;
  END IF;
  IF scope = 'shared' THEN
    IF share_name IS DISTINCT FROM existing.share THEN
      RETURN scorekeeper.refusal('owner-only-sharing', record_name);
    END IF;
    IF parent_name IS NULL AND share_name IS NULL THEN
      RETURN scorekeeper.refusal('orphan-in-shared', record_name);
    END IF;
    refusal := scorekeeper.write_refusal(
      user_name, zone_owner, zone_name, record_name, record_type, parent_name, share_name,
      CASE WHEN existing.name IS NULL THEN r->'fields' END);
    IF refusal IS NOT NULL THEN RETURN refusal; END IF;
  END IF;
  SELECT * INTO found_share FROM scorekeeper.covering_share(
    zone_owner, zone_name, record_name, record_type, parent_name, share_name);
  IF found_share.loop_at IS NOT NULL THEN
    RETURN scorekeeper.refusal('parent-loop', record_name, found_share.loop_at);
  END IF;
  refusal := scorekeeper.asset_refusal(zone_owner, zone_name, record_name, r->'fields', uploads);
  IF refusal IS NOT NULL THEN RETURN refusal; END IF;
  change := scorekeeper.next_change(zone_owner, zone_name);
  INSERT INTO scorekeeper.records AS s (
    owner, zone, name, type, parent, share, covering_share, change_tag, modified_at, changed_at,
    fields, creator)
  VALUES (
    zone_owner, zone_name, record_name, record_type, parent_name, share_name, found_share.covering,
    nextval('scorekeeper.tags')::text, scorekeeper.now_ms(), change,
    scorekeeper.without_uploads(r->'fields'), session_user)
  ON CONFLICT (owner, zone, name) DO UPDATE SET
    parent = excluded.parent, share = excluded.share, covering_share = excluded.covering_share,
    change_tag = excluded.change_tag, modified_at = excluded.modified_at,
    changed_at = excluded.changed_at, fields = excluded.fields;
  PERFORM scorekeeper.write_assets(zone_owner, zone_name, record_name, r->'fields', uploads);
  DELETE FROM scorekeeper.tombstones AS t
  WHERE t.owner = zone_owner AND t.zone = zone_name AND t.name = record_name;
  IF existing.name IS NOT NULL
    AND (existing.parent, existing.share) IS DISTINCT FROM (parent_name, share_name)
  THEN
    PERFORM scorekeeper.refresh_coverage(zone_owner, zone_name, record_name);
  END IF;
  IF record_type = 'cloudkit.share' THEN
    lost := scorekeeper.write_sharing(zone_owner, zone_name, record_name, r->'sharing');
    PERFORM scorekeeper.record_access_change(lost, zone_owner, zone_name);
  END IF;
  -- NB: Saving a child gives its stored parent a new tag.
  IF parent_name IS NOT NULL AND NOT parent_name = ANY (saving_names) THEN
    PERFORM scorekeeper.bump(zone_owner, zone_name, parent_name);
  END IF;
  SELECT * INTO saved FROM scorekeeper.records AS s
  WHERE s.owner = zone_owner AND s.zone = zone_name AND s.name = record_name;
  RETURN jsonb_build_object('record', scorekeeper.record_json(saved));
END $$;

-- One zone's part of a modify_records call. Results gather in an
-- array (appending to a jsonb value copies it: quadratic in the batch).
CREATE OR REPLACE FUNCTION scorekeeper.modify_zone(
  user_name text, scope text, zone_owner text, zone_name text, saves jsonb, deletes jsonb,
  if_unchanged boolean, uploads bytea[], OUT results jsonb, OUT failed boolean
) LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  zone_saves jsonb;
  zone_deletes jsonb;
  saving_names text[];
  shares_with_root text[];
  item jsonb;
  outcome jsonb;
  saved jsonb;
  each_result jsonb[] := '{}';
BEGIN
  failed := false;
  -- (Most calls concern one zone: then its saves are the call's.)
  IF NOT EXISTS (
    SELECT FROM jsonb_array_elements(saves) AS s
    WHERE (s.value->'id'->>0, s.value->'id'->>1) IS DISTINCT FROM (zone_owner, zone_name))
  THEN
    zone_saves := saves;
  ELSE
    SELECT COALESCE(jsonb_agg(s.value ORDER BY s.ordinality), '[]') INTO zone_saves
    FROM jsonb_array_elements(saves) WITH ORDINALITY AS s
    WHERE s.value->'id'->>0 = zone_owner AND s.value->'id'->>1 = zone_name;
  END IF;
  SELECT COALESCE(jsonb_agg(d.value ORDER BY d.ordinality), '[]') INTO zone_deletes
  FROM jsonb_array_elements(deletes) WITH ORDINALITY AS d
  WHERE d.value->>0 = zone_owner AND d.value->>1 = zone_name;
  IF NOT scorekeeper.zone_visible(user_name, scope, zone_owner, zone_name) THEN
    SELECT COALESCE(jsonb_agg(jsonb_build_object('id', e.id, 'op', e.op)
      || scorekeeper.refusal('zone-not-found')), '[]') INTO results
    FROM (SELECT s->'id' AS id, 'save' AS op FROM jsonb_array_elements(zone_saves) AS s
          UNION ALL SELECT d, 'delete' FROM jsonb_array_elements(zone_deletes) AS d) AS e;
    failed := jsonb_array_length(results) > 0;
    RETURN;
  END IF;
  IF scope = 'private' AND jsonb_array_length(zone_saves) > 0 THEN
    saved := scorekeeper.save_zone_at_once(zone_owner, zone_name, zone_saves, if_unchanged);
  END IF;
  -- (One probe when the zone has no assets, not one per record saved.)
  IF saved IS NOT NULL AND EXISTS (
    SELECT FROM scorekeeper.assets AS a WHERE a.owner = zone_owner AND a.zone = zone_name)
  THEN
    -- Those saves hold no assets (save_zone_at_once takes none): any
    -- their records had go, as write_assets would drop them.
    DELETE FROM scorekeeper.assets AS a
    WHERE a.owner = zone_owner AND a.zone = zone_name
      AND a.record IN (SELECT s->'id'->>2 FROM jsonb_array_elements(zone_saves) AS s);
  END IF;
  IF saved IS NOT NULL AND jsonb_array_length(zone_deletes) = 0 THEN
    results := saved;
    RETURN;
  ELSIF saved IS NOT NULL THEN
    each_result := ARRAY(SELECT jsonb_array_elements(saved));
  ELSE
    SELECT array_agg(s->'id'->>2) INTO saving_names FROM jsonb_array_elements(zone_saves) AS s;
    SELECT COALESCE(array_agg(s->'share'->>2), '{}') INTO shares_with_root
    FROM jsonb_array_elements(zone_saves) AS s WHERE jsonb_typeof(s->'share') = 'array';
    FOR item IN SELECT s FROM jsonb_array_elements(zone_saves) AS s LOOP
      outcome := scorekeeper.save_record(
        user_name, scope, if_unchanged, item, saving_names, shares_with_root, uploads);
      failed := failed OR outcome ? 'refusal';
      each_result := each_result || (jsonb_build_object('id', item->'id', 'op', 'save') || outcome);
    END LOOP;
  END IF;
  -- NB: Children go before their parents, so deleting both in one call works.
  FOR item IN
    SELECT d.value FROM jsonb_array_elements(zone_deletes) WITH ORDINALITY AS d
    ORDER BY scorekeeper.depth(zone_owner, zone_name, d.value->>2) DESC, d.ordinality
  LOOP
    outcome := scorekeeper.delete_record_as(user_name, scope, zone_owner, zone_name, item->>2);
    failed := failed OR outcome IS NOT NULL;
    each_result := each_result
      || (jsonb_build_object('id', item, 'op', 'delete') || COALESCE(outcome, '{}'));
  END LOOP;
  -- A participant's last change, for the owner's `share --people`.
  IF scope = 'shared' AND EXISTS (SELECT FROM unnest(each_result) AS e WHERE NOT e ? 'refusal') THEN
    UPDATE scorekeeper.participants AS p SET last_change_at = scorekeeper.now_ms()
    WHERE p.owner = zone_owner AND p.zone = zone_name AND p.user_name = modify_zone.user_name
      AND p.acceptance = 'accepted';
  END IF;
  results := to_jsonb(each_result);
END $$;
-- One call: saves (parents before children, as the client orders them)
-- and deletes (children first), zone by zone. Atomic calls are all or
-- nothing per zone. Returns one result per record:
-- {"id", "op": "save"|"delete", "record" | "refusal"}. uploads: the
-- bytes of the assets the saves carry, each named by its position
-- (["asset", "<sha256>/<size>", position]); an asset without one
-- keeps the content the server holds.
CREATE OR REPLACE FUNCTION scorekeeper.modify_records(
  scope text, saves jsonb, deletes jsonb, if_unchanged boolean, atomic boolean,
  uploads bytea[] DEFAULT '{}'
) RETURNS jsonb LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' SET lock_timeout = '2s'
-- NB: Planned per call, as zone_changes is.
SET plan_cache_mode = 'force_custom_plan' AS $$
DECLARE
  caller_name text := scorekeeper.caller();
  item_count int := jsonb_array_length(saves) + jsonb_array_length(deletes);
  duplicate jsonb;
  zone record;
  zone_results jsonb;
  failed boolean;
  -- Each zone's results, in zone order.
  results jsonb[] := '{}';
BEGIN
  PERFORM scorekeeper.check_scope(scope);
  IF item_count > 400 THEN
    PERFORM scorekeeper.fail('limit-exceeded', item_count::text, '400');
  END IF;
  IF EXISTS (SELECT FROM jsonb_array_elements(saves) AS s WHERE NOT scorekeeper.is_id(s->'id'))
    OR EXISTS (SELECT FROM jsonb_array_elements(deletes) AS d WHERE NOT scorekeeper.is_id(d))
  THEN
    PERFORM scorekeeper.fail('malformed-request', 'every record needs an id [owner, zone, name]');
  END IF;
  SELECT i.id INTO duplicate FROM (
    SELECT s.value->'id' AS id, s.ordinality AS position FROM jsonb_array_elements(saves) WITH ORDINALITY AS s
    UNION ALL
    SELECT d.value, jsonb_array_length(saves) + d.ordinality FROM jsonb_array_elements(deletes) WITH ORDINALITY AS d
  ) AS i GROUP BY i.id HAVING count(*) > 1 ORDER BY min(i.position) LIMIT 1;
  IF duplicate IS NOT NULL THEN
    PERFORM scorekeeper.fail('duplicate', duplicate->>0, duplicate->>1, duplicate->>2);
  END IF;
  -- Lock every zone touched, in one fixed order (no deadlocks between
  -- calls over several zones), before any subtransaction: a lock taken
  -- inside one that rolls back would be released with it.
  PERFORM FROM scorekeeper.zones AS z
  WHERE (z.owner, z.name) IN (
    SELECT s.value->'id'->>0, s.value->'id'->>1 FROM jsonb_array_elements(saves) AS s
    UNION SELECT d.value->>0, d.value->>1 FROM jsonb_array_elements(deletes) AS d)
    AND scorekeeper.zone_visible(caller_name, scope, z.owner, z.name)
  ORDER BY z.owner COLLATE "C", z.name COLLATE "C" FOR UPDATE;
  FOR zone IN
    SELECT i.owner, i.name FROM (
      SELECT s.value->'id'->>0 AS owner, s.value->'id'->>1 AS name FROM jsonb_array_elements(saves) AS s
      UNION SELECT d.value->>0, d.value->>1 FROM jsonb_array_elements(deletes) AS d) AS i
    ORDER BY i.owner COLLATE "C", i.name COLLATE "C"
  LOOP
    IF atomic THEN
      BEGIN
        SELECT * INTO zone_results, failed FROM scorekeeper.modify_zone(
          caller_name, scope, zone.owner, zone.name, saves, deletes, if_unchanged, uploads);
        IF failed THEN
          RAISE EXCEPTION USING ERRCODE = 'SK002';  -- rolls the zone back
        END IF;
      EXCEPTION WHEN SQLSTATE 'SK002' THEN
        -- NB: One failure fails the zone's other records too.
        SELECT jsonb_agg(CASE WHEN e ? 'refusal' THEN e ELSE
            jsonb_build_object('id', e->'id', 'op', e->'op')
              || scorekeeper.refusal('batch-request-failed', e->'id'->>2) END)
          INTO zone_results FROM jsonb_array_elements(zone_results) AS e;
      END;
    ELSE
      SELECT * INTO zone_results, failed FROM scorekeeper.modify_zone(
        caller_name, scope, zone.owner, zone.name, saves, deletes, if_unchanged, uploads);
    END IF;
    results := results || zone_results;
  END LOOP;
  PERFORM scorekeeper.ensure_statistics();
  RETURN CASE cardinality(results) WHEN 1 THEN results[1] ELSE (
    SELECT COALESCE(jsonb_agg(e.value ORDER BY z.ordinality, e.ordinality), '[]')
    FROM unnest(results) WITH ORDINALITY AS z (zone_results, ordinality),
      jsonb_array_elements(z.zone_results) WITH ORDINALITY AS e)
  END;
END $$;

GRANT EXECUTE ON FUNCTION scorekeeper.modify_records(text, jsonb, jsonb, boolean, boolean, bytea[])
  TO :"users";

RESET ROLE;
