-- The server side as scorekeeper installs version 8 (ServerFixtureTests).
--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Name: scorekeeper; Type: SCHEMA; Schema: -; Owner: :"owner"
--

CREATE SCHEMA scorekeeper;


ALTER SCHEMA scorekeeper OWNER TO :"owner";

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: records; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.records (
    owner text NOT NULL,
    zone text NOT NULL,
    name text NOT NULL,
    type text NOT NULL,
    parent text,
    share text,
    covering_share text,
    change_tag text NOT NULL,
    modified_at bigint NOT NULL,
    changed_at bigint NOT NULL,
    fields jsonb NOT NULL,
    creator text
);


ALTER TABLE scorekeeper.records OWNER TO :"owner";

--
-- Name: save_item; Type: TYPE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TYPE scorekeeper.save_item AS (
	ordinal bigint,
	r jsonb,
	name text,
	type text,
	parent text,
	share text,
	tag text,
	existing scorekeeper.records,
	stored_parent scorekeeper.records,
	stored_share scorekeeper.records
);


ALTER TYPE scorekeeper.save_item OWNER TO :"owner";

--
-- Name: accept_share(text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.accept_share(link text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET lock_timeout TO '2s'
    AS $$
DECLARE
  caller_name text := scorekeeper.caller();
  metadata jsonb;
  share_id jsonb;
  stored scorekeeper.records;
BEGIN
  metadata := scorekeeper.link_metadata(caller_name, link);
  share_id := metadata->'share'->'id';
  PERFORM FROM scorekeeper.zones AS z WHERE z.owner = share_id->>0 AND z.name = share_id->>1 FOR UPDATE;
  metadata := scorekeeper.link_metadata(caller_name, link);  -- as of the lock
  IF metadata->>'acceptance' = 'pending' THEN
    INSERT INTO scorekeeper.participants AS p (
      owner, zone, share, user_name, permission, acceptance, joined_at)
    VALUES (
      share_id->>0, share_id->>1, share_id->>2, caller_name, metadata->>'permission', 'accepted',
      scorekeeper.now_ms())
    ON CONFLICT (owner, zone, share, user_name) DO UPDATE SET
      permission = excluded.permission, acceptance = excluded.acceptance, joined_at = excluded.joined_at;
    PERFORM scorekeeper.record_access_change(ARRAY[caller_name], share_id->>0, share_id->>1);
    -- The owner sees the share change: one more participant has joined.
    PERFORM scorekeeper.bump(share_id->>0, share_id->>1, share_id->>2);
  END IF;
  SELECT * INTO stored FROM scorekeeper.records AS r
  WHERE r.owner = share_id->>0 AND r.zone = share_id->>1 AND r.name = share_id->>2;
  RETURN scorekeeper.record_json(stored);
END $$;


ALTER FUNCTION scorekeeper.accept_share(link text) OWNER TO :"owner";

--
-- Name: accepted_shares(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.accepted_shares() RETURNS TABLE(owner text, zone text, share text)
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT p.owner, p.zone, p.share FROM scorekeeper.participants AS p
  WHERE p.user_name = session_user AND p.acceptance = 'accepted'
$$;


ALTER FUNCTION scorekeeper.accepted_shares() OWNER TO :"owner";

--
-- Name: account_status(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.account_status() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT to_jsonb(COALESCE(
    (SELECT a.status FROM scorekeeper.accounts AS a WHERE a.user_name = session_user), 'available'))
$$;


ALTER FUNCTION scorekeeper.account_status() OWNER TO :"owner";

--
-- Name: asset_contents(text, jsonb); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.asset_contents(scope text, keys jsonb) RETURNS TABLE(item bigint, content bytea)
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
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


ALTER FUNCTION scorekeeper.asset_contents(scope text, keys jsonb) OWNER TO :"owner";

--
-- Name: asset_refusal(text, text, text, jsonb, bytea[]); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.asset_refusal(zone_owner text, zone_name text, record_name text, fields jsonb, uploads bytea[]) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION scorekeeper.asset_refusal(zone_owner text, zone_name text, record_name text, fields jsonb, uploads bytea[]) OWNER TO :"owner";

--
-- Name: bump(text, text, text, boolean, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.bump(zone_owner text, zone_name text, record_name text, set_share boolean DEFAULT false, new_share text DEFAULT NULL::text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  change bigint := scorekeeper.next_change(zone_owner, zone_name);
BEGIN
  UPDATE scorekeeper.records AS r SET
    change_tag = nextval('scorekeeper.tags')::text, modified_at = scorekeeper.now_ms(),
    changed_at = change, share = CASE WHEN set_share THEN new_share ELSE r.share END
  WHERE r.owner = zone_owner AND r.zone = zone_name AND r.name = record_name;
  IF set_share THEN
    PERFORM scorekeeper.refresh_coverage(zone_owner, zone_name, record_name);
  END IF;
END $$;


ALTER FUNCTION scorekeeper.bump(zone_owner text, zone_name text, record_name text, set_share boolean, new_share text) OWNER TO :"owner";

--
-- Name: caller(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.caller() RETURNS text
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
DECLARE
  account_status text;
BEGIN
  SELECT a.status INTO account_status FROM scorekeeper.accounts AS a WHERE a.user_name = session_user;
  IF account_status = 'temporarily-unavailable' THEN
    PERFORM scorekeeper.fail('account-temporarily-unavailable');
  ELSIF account_status IS NOT NULL THEN
    PERFORM scorekeeper.fail('not-authenticated', account_status);
  END IF;
  RETURN session_user;
END $$;


ALTER FUNCTION scorekeeper.caller() OWNER TO :"owner";

--
-- Name: can_reach(text, text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.can_reach(user_name text, zone_owner text, zone_name text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  SELECT EXISTS (
    SELECT FROM scorekeeper.participants AS p
    WHERE p.owner = zone_owner AND p.zone = zone_name AND p.user_name = can_reach.user_name
      AND p.acceptance = 'accepted')
$$;


ALTER FUNCTION scorekeeper.can_reach(user_name text, zone_owner text, zone_name text) OWNER TO :"owner";

--
-- Name: check_scope(text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.check_scope(scope text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  IF scope IS NULL OR scope NOT IN ('private', 'shared') THEN
    PERFORM scorekeeper.fail('malformed-request', 'the scope is private or shared');
  END IF;
END $$;


ALTER FUNCTION scorekeeper.check_scope(scope text) OWNER TO :"owner";

--
-- Name: check_token_history(text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.check_token_history(token text) RETURNS void
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
DECLARE
  server text := scorekeeper.token_server();
  current text := server || scorekeeper.token_history() || ':';
BEGIN
  IF left(token, length(server)) = server AND left(token, length(current)) <> current THEN
    PERFORM scorekeeper.fail('history-went-back');
  END IF;
END $$;


ALTER FUNCTION scorekeeper.check_token_history(token text) OWNER TO :"owner";

--
-- Name: claim_device(text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.claim_device(id text, holder text) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  caller_name text := scorekeeper.caller();
  on_record text;
BEGIN
  INSERT INTO scorekeeper.devices AS d (id, holder, user_name)
  VALUES (claim_device.id, claim_device.holder, caller_name)
  ON CONFLICT ON CONSTRAINT devices_pkey DO UPDATE SET holder = d.holder
  RETURNING d.holder INTO on_record;
  RETURN to_jsonb(on_record);
END $$;


ALTER FUNCTION scorekeeper.claim_device(id text, holder text) OWNER TO :"owner";

--
-- Name: covering_share(text, text, text, text, text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.covering_share(zone_owner text, zone_name text, record_name text, record_type text, parent_name text, share_name text, OUT covering text, OUT loop_at text) RETURNS record
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
DECLARE
  visited text[] := ARRAY[record_name];
  next_parent text := parent_name;
  next_share text := share_name;
BEGIN
  IF record_type = 'cloudkit.share' THEN
    covering := record_name;
    RETURN;
  END IF;
  WHILE next_parent IS NOT NULL LOOP
    IF next_parent = ANY (visited) THEN
      loop_at := next_parent;
      RETURN;
    END IF;
    visited := visited || next_parent;
    SELECT r.parent, r.share INTO next_parent, next_share FROM scorekeeper.records AS r
    WHERE r.owner = zone_owner AND r.zone = zone_name AND r.name = visited[cardinality(visited)];
    IF NOT FOUND THEN
      RETURN;  -- a broken chain: covered by nothing
    END IF;
  END LOOP;
  covering := next_share;
END $$;


ALTER FUNCTION scorekeeper.covering_share(zone_owner text, zone_name text, record_name text, record_type text, parent_name text, share_name text, OUT covering text, OUT loop_at text) OWNER TO :"owner";

--
-- Name: database_changes(text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.database_changes(scope text, token text) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $_$
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
END $_$;


ALTER FUNCTION scorekeeper.database_changes(scope text, token text) OWNER TO :"owner";

--
-- Name: delete_record(text, text, text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.delete_record(zone_owner text, zone_name text, record_name text, record_type text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  change bigint := scorekeeper.next_change(zone_owner, zone_name);
BEGIN
  DELETE FROM scorekeeper.records AS r
  WHERE r.owner = zone_owner AND r.zone = zone_name AND r.name = record_name;
  INSERT INTO scorekeeper.tombstones AS t (owner, zone, name, type, deleted_at)
  VALUES (zone_owner, zone_name, record_name, record_type, change)
  ON CONFLICT (owner, zone, name) DO UPDATE SET type = excluded.type, deleted_at = excluded.deleted_at;
END $$;


ALTER FUNCTION scorekeeper.delete_record(zone_owner text, zone_name text, record_name text, record_type text) OWNER TO :"owner";

--
-- Name: delete_record_as(text, text, text, text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.delete_record_as(user_name text, scope text, zone_owner text, zone_name text, record_name text) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION scorekeeper.delete_record_as(user_name text, scope text, zone_owner text, zone_name text, record_name text) OWNER TO :"owner";

--
-- Name: delete_share(text, text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.delete_share(zone_owner text, zone_name text, share_name text) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
DECLARE
  members text[];
  root text;
BEGIN
  SELECT array_agg(p.user_name) INTO members FROM scorekeeper.participants AS p
  WHERE p.owner = zone_owner AND p.zone = zone_name AND p.share = share_name
    AND p.acceptance = 'accepted';
  SELECT r.name INTO root FROM scorekeeper.records AS r
  WHERE r.owner = zone_owner AND r.zone = zone_name AND r.share = share_name
  ORDER BY r.name COLLATE "C" LIMIT 1;
  IF root IS NOT NULL THEN
    PERFORM scorekeeper.bump(zone_owner, zone_name, root, true, NULL);
  END IF;
  PERFORM scorekeeper.delete_record(zone_owner, zone_name, share_name, 'cloudkit.share');
  PERFORM scorekeeper.record_access_change(COALESCE(members, '{}'), zone_owner, zone_name);
END $$;


ALTER FUNCTION scorekeeper.delete_share(zone_owner text, zone_name text, share_name text) OWNER TO :"owner";

--
-- Name: depth(text, text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.depth(zone_owner text, zone_name text, record_name text) RETURNS integer
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION scorekeeper.depth(zone_owner text, zone_name text, record_name text) OWNER TO :"owner";

--
-- Name: ensure_statistics(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.ensure_statistics() RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION scorekeeper.ensure_statistics() OWNER TO :"owner";

--
-- Name: expire_change_tokens(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.expire_change_tokens() RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  UPDATE scorekeeper.server SET epoch = epoch + 1;
  DELETE FROM scorekeeper.tombstones;
  DELETE FROM scorekeeper.deleted_zones;
  DELETE FROM scorekeeper.access_changes;
$$;


ALTER FUNCTION scorekeeper.expire_change_tokens() OWNER TO :"owner";

--
-- Name: fail(text, text[]); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.fail(code text, VARIADIC arguments text[] DEFAULT '{}'::text[]) RETURNS void
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'SK001', MESSAGE = code, DETAIL = to_jsonb(arguments)::text;
END $$;


ALTER FUNCTION scorekeeper.fail(code text, VARIADIC arguments text[]) OWNER TO :"owner";

--
-- Name: fetch_records(text, jsonb); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.fetch_records(scope text, ids jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
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


ALTER FUNCTION scorekeeper.fetch_records(scope text, ids jsonb) OWNER TO :"owner";

--
-- Name: history_went_back(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.history_went_back() RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  UPDATE scorekeeper.server SET history = replace(gen_random_uuid()::text, '-', '')
$$;


ALTER FUNCTION scorekeeper.history_went_back() OWNER TO :"owner";

--
-- Name: is_id(jsonb, boolean); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.is_id(id jsonb, nullable boolean DEFAULT false) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT CASE jsonb_typeof(id)
    WHEN 'null' THEN nullable
    WHEN 'array' THEN jsonb_array_length(id) = 3 AND jsonb_typeof(id->0) = 'string'
      AND jsonb_typeof(id->1) = 'string' AND jsonb_typeof(id->2) = 'string'
    ELSE false
  END
$$;


ALTER FUNCTION scorekeeper.is_id(id jsonb, nullable boolean) OWNER TO :"owner";

--
-- Name: is_sharing(jsonb); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.is_sharing(s jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
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
$_$;


ALTER FUNCTION scorekeeper.is_sharing(s jsonb) OWNER TO :"owner";

--
-- Name: is_value(jsonb); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.is_value(v jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $_$
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
$_$;


ALTER FUNCTION scorekeeper.is_value(v jsonb) OWNER TO :"owner";

--
-- Name: link_metadata(text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.link_metadata(user_name text, link text) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $_$
DECLARE
  share scorekeeper.shares;
  stored scorekeeper.records;
  root text;
  participant scorekeeper.participants;
  metadata jsonb;
BEGIN
  IF link IS NULL OR link !~ '^https://share\.scorekeeper\.invalid/[0-9a-f]{32}$' THEN
    PERFORM scorekeeper.fail('not-a-link', COALESCE(link, ''));
  END IF;
  -- NB: A replaced link says so; an unknown link and a revoked one look the same.
  IF EXISTS (SELECT FROM scorekeeper.retired_links AS l WHERE l.link = link_metadata.link) THEN
    PERFORM scorekeeper.fail('link-replaced', link);
  END IF;
  SELECT * INTO share FROM scorekeeper.shares AS s WHERE s.link = link_metadata.link;
  SELECT * INTO stored FROM scorekeeper.records AS r
  WHERE r.owner = share.owner AND r.zone = share.zone AND r.name = share.name;
  SELECT r.name INTO root FROM scorekeeper.records AS r
  WHERE r.owner = share.owner AND r.zone = share.zone AND r.share = share.name
  ORDER BY r.name COLLATE "C" LIMIT 1;
  -- NB: An unknown link and a revoked one look the same.
  IF share.name IS NULL OR stored.name IS NULL OR root IS NULL THEN
    PERFORM scorekeeper.fail('unknown-link', link);
  END IF;
  metadata := jsonb_build_object(
    'share', scorekeeper.record_json(stored), 'root', root, 'owner', share.owner,
    'permission', 'read-write', 'acceptance', 'accepted');
  IF user_name = share.owner THEN RETURN metadata; END IF;
  SELECT * INTO participant FROM scorekeeper.participants AS p
  WHERE p.owner = share.owner AND p.zone = share.zone AND p.share = share.name
    AND p.user_name = link_metadata.user_name;
  IF FOUND AND participant.acceptance = 'removed' THEN
    -- NB: Someone the owner removed is refused, whatever the link.
    PERFORM scorekeeper.fail('removed', share.owner, user_name);
  ELSIF FOUND THEN
    RETURN metadata || jsonb_build_object(
      'permission', participant.permission, 'acceptance', participant.acceptance);
  ELSIF share.public_permission <> 'none' THEN
    -- NB: A public share lets anyone with the link join, until it expires.
    IF share.link_expires_at IS NOT NULL AND scorekeeper.now_ms() >= share.link_expires_at THEN
      PERFORM scorekeeper.fail('link-expired', link, share.link_expires_at::text);
    END IF;
    RETURN metadata || jsonb_build_object('permission', share.public_permission, 'acceptance', 'pending');
  END IF;
  PERFORM scorekeeper.fail('not-invited', share.owner, user_name);
END $_$;


ALTER FUNCTION scorekeeper.link_metadata(user_name text, link text) OWNER TO :"owner";

--
-- Name: malformation(jsonb); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.malformation(r jsonb) RETURNS jsonb
    LANGUAGE plpgsql IMMUTABLE
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION scorekeeper.malformation(r jsonb) OWNER TO :"owner";

--
-- Name: may_read(text, text, scorekeeper.records); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.may_read(user_name text, scope text, r scorekeeper.records) RETURNS boolean
    LANGUAGE sql STABLE
    AS $$
  SELECT scope = 'private'
    OR scorekeeper.permission(user_name, r.owner, r.zone, r.covering_share) IS NOT NULL
$$;


ALTER FUNCTION scorekeeper.may_read(user_name text, scope text, r scorekeeper.records) OWNER TO :"owner";

--
-- Name: may_save_at_once(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.may_save_at_once() RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$ SELECT true $$;


ALTER FUNCTION scorekeeper.may_save_at_once() OWNER TO :"owner";

--
-- Name: modify_records(text, jsonb, jsonb, boolean, boolean, bytea[]); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.modify_records(scope text, saves jsonb, deletes jsonb, if_unchanged boolean, atomic boolean, uploads bytea[] DEFAULT '{}'::bytea[]) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET lock_timeout TO '2s'
    SET plan_cache_mode TO 'force_custom_plan'
    AS $$
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


ALTER FUNCTION scorekeeper.modify_records(scope text, saves jsonb, deletes jsonb, if_unchanged boolean, atomic boolean, uploads bytea[]) OWNER TO :"owner";

--
-- Name: modify_zone(text, text, text, text, jsonb, jsonb, boolean, bytea[]); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.modify_zone(user_name text, scope text, zone_owner text, zone_name text, saves jsonb, deletes jsonb, if_unchanged boolean, uploads bytea[], OUT results jsonb, OUT failed boolean) RETURNS record
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION scorekeeper.modify_zone(user_name text, scope text, zone_owner text, zone_name text, saves jsonb, deletes jsonb, if_unchanged boolean, uploads bytea[], OUT results jsonb, OUT failed boolean) OWNER TO :"owner";

--
-- Name: modify_zones(text, jsonb, jsonb); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.modify_zones(scope text, saves jsonb, deletes jsonb) RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    SET lock_timeout TO '2s'
    AS $$
DECLARE
  caller_name text := scorekeeper.caller();
  item_count int := jsonb_array_length(saves) + jsonb_array_length(deletes);
  item jsonb;
  members text[];
  results jsonb := '[]';
BEGIN
  PERFORM scorekeeper.check_scope(scope);
  IF item_count > 400 THEN
    PERFORM scorekeeper.fail('limit-exceeded', item_count::text, '400');
  END IF;
  IF EXISTS (
    SELECT FROM jsonb_array_elements(saves || deletes) AS z
    WHERE jsonb_typeof(z) <> 'array' OR jsonb_array_length(z) <> 2
      OR jsonb_typeof(z->0) <> 'string' OR jsonb_typeof(z->1) <> 'string')
  THEN
    PERFORM scorekeeper.fail('malformed-request', 'every zone needs an id [owner, name]');
  END IF;
  FOR item IN SELECT z FROM jsonb_array_elements(saves) AS z LOOP
    -- NB: Only the owner creates zones, in the private database.
    IF scope <> 'private' OR item->>0 <> caller_name THEN
      results := results || (jsonb_build_object('zone', item, 'op', 'save')
        || scorekeeper.refusal('cannot-create-zone', caller_name));
      CONTINUE;
    END IF;
    -- Saving a zone that exists changes nothing and succeeds.
    INSERT INTO scorekeeper.zones (owner, name, incarnation)
    VALUES (item->>0, item->>1, nextval('scorekeeper.tags'))
    ON CONFLICT (owner, name) DO NOTHING;
    IF FOUND THEN
      DELETE FROM scorekeeper.deleted_zones AS d WHERE d.owner = item->>0 AND d.name = item->>1;
    END IF;
    results := results || jsonb_build_object('zone', item, 'op', 'save');
  END LOOP;
  FOR item IN SELECT z FROM jsonb_array_elements(deletes) AS z LOOP
    IF scope <> 'private' THEN
      results := results || (jsonb_build_object('zone', item, 'op', 'delete')
        || scorekeeper.refusal('cannot-delete-zone', caller_name));
      CONTINUE;
    END IF;
    PERFORM FROM scorekeeper.zones AS z WHERE z.owner = item->>0 AND z.name = item->>1 FOR UPDATE;
    IF NOT scorekeeper.zone_visible(caller_name, scope, item->>0, item->>1) THEN
      results := results || (jsonb_build_object('zone', item, 'op', 'delete')
        || scorekeeper.refusal('zone-not-found'));
      CONTINUE;
    END IF;
    -- Everyone who had joined a share in it loses it with the zone.
    SELECT array_agg(DISTINCT p.user_name) INTO members FROM scorekeeper.participants AS p
    WHERE p.owner = item->>0 AND p.zone = item->>1 AND p.acceptance = 'accepted';
    DELETE FROM scorekeeper.records AS r WHERE r.owner = item->>0 AND r.zone = item->>1;
    DELETE FROM scorekeeper.zones AS z WHERE z.owner = item->>0 AND z.name = item->>1;
    INSERT INTO scorekeeper.deleted_zones AS d (owner, name) VALUES (item->>0, item->>1)
    ON CONFLICT (owner, name) DO UPDATE SET stamp = pg_current_xact_id();
    PERFORM scorekeeper.record_access_change(COALESCE(members, '{}'), item->>0, item->>1);
    results := results || jsonb_build_object('zone', item, 'op', 'delete');
  END LOOP;
  RETURN results;
END $$;


ALTER FUNCTION scorekeeper.modify_zones(scope text, saves jsonb, deletes jsonb) OWNER TO :"owner";

--
-- Name: my_channel(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.my_channel() RETURNS jsonb
    LANGUAGE plpgsql SECURITY DEFINER
    SET search_path TO ''
    AS $$
DECLARE
  caller_name text := scorekeeper.caller();
  found text;
BEGIN
  INSERT INTO scorekeeper.channels (user_name, channel)
  VALUES (caller_name, 'sk_' || left(encode(sha256(convert_to(
    gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'), 32))
  ON CONFLICT (user_name) DO NOTHING;
  SELECT c.channel INTO found FROM scorekeeper.channels AS c WHERE c.user_name = caller_name;
  RETURN to_jsonb(found);
END $$;


ALTER FUNCTION scorekeeper.my_channel() OWNER TO :"owner";

--
-- Name: new_link(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.new_link() RETURNS text
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  SELECT 'https://share.scorekeeper.invalid/'
    || left(encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'), 32)
$$;


ALTER FUNCTION scorekeeper.new_link() OWNER TO :"owner";

--
-- Name: next_change(text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.next_change(zone_owner text, zone_name text) RETURNS bigint
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  UPDATE scorekeeper.zones AS z SET counter = z.counter + 1, stamp = pg_current_xact_id()
  WHERE z.owner = zone_owner AND z.name = zone_name RETURNING z.counter
$$;


ALTER FUNCTION scorekeeper.next_change(zone_owner text, zone_name text) OWNER TO :"owner";

--
-- Name: notify_access_change(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.notify_access_change() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  PERFORM pg_notify(c.channel, '') FROM scorekeeper.channels AS c WHERE c.user_name = NEW.user_name;
  RETURN NULL;
END $$;


ALTER FUNCTION scorekeeper.notify_access_change() OWNER TO :"owner";

--
-- Name: notify_zone_readers(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.notify_zone_readers() RETURNS trigger
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
BEGIN
  PERFORM pg_notify(c.channel, '') FROM scorekeeper.channels AS c
  WHERE c.user_name = NEW.owner OR c.user_name IN (
    SELECT p.user_name FROM scorekeeper.participants AS p
    WHERE p.owner = NEW.owner AND p.zone = NEW.name AND p.acceptance = 'accepted');
  RETURN NULL;
END $$;


ALTER FUNCTION scorekeeper.notify_zone_readers() OWNER TO :"owner";

--
-- Name: now_ms(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.now_ms() RETURNS bigint
    LANGUAGE sql
    AS $$
  SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint
$$;


ALTER FUNCTION scorekeeper.now_ms() OWNER TO :"owner";

--
-- Name: permission(text, text, text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.permission(user_name text, zone_owner text, zone_name text, share_name text) RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  SELECT p.permission FROM scorekeeper.participants AS p
  WHERE p.owner = zone_owner AND p.zone = zone_name AND p.share = share_name
    AND p.user_name = permission.user_name AND p.acceptance = 'accepted'
$$;


ALTER FUNCTION scorekeeper.permission(user_name text, zone_owner text, zone_name text, share_name text) OWNER TO :"owner";

--
-- Name: plain_value(jsonb, jsonb); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.plain_value(v jsonb, id jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $_$
  SELECT COALESCE(jsonb_typeof(v) = 'array' AND v->2 IS NULL AND CASE v->>0
      WHEN 'string' THEN jsonb_typeof(v->1) = 'string'
      WHEN 'int64' THEN jsonb_typeof(v->1) = 'string' AND v->>1 ~ '^-?[0-9]{1,19}$'
      WHEN 'date' THEN jsonb_typeof(v->1) = 'string' AND v->>1 ~ '^-?[0-9]{1,19}$'
      WHEN 'reference' THEN jsonb_typeof(v->1) = 'array' AND v->1->0 = id->0 AND v->1->1 = id->1
        AND jsonb_typeof(v->1->2) = 'string' AND v->1->3 IS NULL
      ELSE false
    END, false)
$_$;


ALTER FUNCTION scorekeeper.plain_value(v jsonb, id jsonb) OWNER TO :"owner";

--
-- Name: plainly_well_formed(jsonb); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.plainly_well_formed(r jsonb) RETURNS boolean
    LANGUAGE sql IMMUTABLE
    AS $$
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


ALTER FUNCTION scorekeeper.plainly_well_formed(r jsonb) OWNER TO :"owner";

--
-- Name: record_access_change(text[], text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.record_access_change(user_names text[], zone_owner text, zone_name text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  INSERT INTO scorekeeper.access_changes AS a (user_name, owner, zone)
  SELECT DISTINCT u, zone_owner, zone_name FROM unnest(user_names) AS u
  ON CONFLICT (user_name, owner, zone) DO UPDATE SET stamp = pg_current_xact_id()
$$;


ALTER FUNCTION scorekeeper.record_access_change(user_names text[], zone_owner text, zone_name text) OWNER TO :"owner";

--
-- Name: record_json(scorekeeper.records); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.record_json(r scorekeeper.records) RETURNS jsonb
    LANGUAGE sql STABLE
    AS $$
  SELECT jsonb_build_object(
    'id', jsonb_build_array(r.owner, r.zone, r.name), 'type', r.type,
    'parent', CASE WHEN r.parent IS NOT NULL THEN jsonb_build_array(r.owner, r.zone, r.parent) END,
    'share', CASE WHEN r.share IS NOT NULL THEN jsonb_build_array(r.owner, r.zone, r.share) END,
    'fields', r.fields, 'tag', r.change_tag, 'modified', r.modified_at, 'creator', r.creator,
    'sharing', CASE WHEN r.type = 'cloudkit.share' THEN scorekeeper.sharing_json(r.owner, r.zone, r.name) END)
$$;


ALTER FUNCTION scorekeeper.record_json(r scorekeeper.records) OWNER TO :"owner";

--
-- Name: refresh_coverage(text, text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.refresh_coverage(zone_owner text, zone_name text, record_name text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  WITH RECURSIVE tree (name, covering) AS (
    SELECT r.name, CASE
        WHEN r.type = 'cloudkit.share' THEN r.name
        WHEN r.parent IS NULL THEN r.share
        ELSE (SELECT p.covering_share FROM scorekeeper.records AS p
              WHERE p.owner = r.owner AND p.zone = r.zone AND p.name = r.parent)
      END
    FROM scorekeeper.records AS r
    WHERE r.owner = zone_owner AND r.zone = zone_name AND r.name = record_name
    UNION
    SELECT c.name, CASE WHEN c.type = 'cloudkit.share' THEN c.name ELSE t.covering END
    FROM tree AS t JOIN scorekeeper.records AS c
      ON c.owner = zone_owner AND c.zone = zone_name AND c.parent = t.name
  )
  UPDATE scorekeeper.records AS r SET covering_share = t.covering FROM tree AS t
  WHERE r.owner = zone_owner AND r.zone = zone_name AND r.name = t.name
    AND r.covering_share IS DISTINCT FROM t.covering
$$;


ALTER FUNCTION scorekeeper.refresh_coverage(zone_owner text, zone_name text, record_name text) OWNER TO :"owner";

--
-- Name: refusal(text, text[]); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.refusal(code text, VARIADIC arguments text[] DEFAULT '{}'::text[]) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    AS $$
  SELECT jsonb_build_object('refusal', code, 'arguments', to_jsonb(arguments))
$$;


ALTER FUNCTION scorekeeper.refusal(code text, VARIADIC arguments text[]) OWNER TO :"owner";

--
-- Name: save_items(text, text, jsonb); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.save_items(zone_owner text, zone_name text, zone_saves jsonb) RETURNS SETOF scorekeeper.save_item
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION scorekeeper.save_items(zone_owner text, zone_name text, zone_saves jsonb) OWNER TO :"owner";

--
-- Name: save_record(text, text, boolean, jsonb, text[], text[], bytea[]); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.save_record(user_name text, scope text, if_unchanged boolean, r jsonb, saving_names text[], shares_with_root text[], uploads bytea[]) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION scorekeeper.save_record(user_name text, scope text, if_unchanged boolean, r jsonb, saving_names text[], shares_with_root text[], uploads bytea[]) OWNER TO :"owner";

--
-- Name: save_zone_at_once(text, text, jsonb, boolean); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.save_zone_at_once(zone_owner text, zone_name text, zone_saves jsonb, if_unchanged boolean) RETURNS jsonb
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION scorekeeper.save_zone_at_once(zone_owner text, zone_name text, zone_saves jsonb, if_unchanged boolean) OWNER TO :"owner";

--
-- Name: server_hello(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.server_hello() RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT jsonb_build_object(
    'version', (SELECT max(m.version) FROM scorekeeper.migrations AS m),
    'identity', (SELECT s.identity FROM scorekeeper.server AS s))
$$;


ALTER FUNCTION scorekeeper.server_hello() OWNER TO :"owner";

--
-- Name: set_account_status(text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.set_account_status(user_name text, status text) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
  DELETE FROM scorekeeper.accounts AS a WHERE a.user_name = set_account_status.user_name;
  INSERT INTO scorekeeper.accounts (user_name, status)
  SELECT set_account_status.user_name, set_account_status.status WHERE status <> 'available';
$$;


ALTER FUNCTION scorekeeper.set_account_status(user_name text, status text) OWNER TO :"owner";

--
-- Name: share_metadata(text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.share_metadata(link text) RETURNS jsonb
    LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path TO ''
    AS $$
  SELECT scorekeeper.link_metadata(scorekeeper.caller(), link)
$$;


ALTER FUNCTION scorekeeper.share_metadata(link text) OWNER TO :"owner";

--
-- Name: sharing_json(text, text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.sharing_json(zone_owner text, zone_name text, share_name text) RETURNS jsonb
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  SELECT jsonb_build_object(
    'public', s.public_permission, 'link', s.link, 'owner', s.owner, 'scorer', s.scorer_rules,
    'expires', s.link_expires_at,
    'participants', COALESCE((
      SELECT jsonb_agg(
        jsonb_build_object(
          'user', p.user_name, 'permission', p.permission, 'acceptance', p.acceptance,
          'parent_limit', p.parent_limit, 'joined', p.joined_at, 'last_change', p.last_change_at)
        ORDER BY p.user_name COLLATE "C")
      FROM scorekeeper.participants AS p
      WHERE p.owner = s.owner AND p.zone = s.zone AND p.share = s.name), '[]'))
  FROM scorekeeper.shares AS s
  WHERE s.owner = zone_owner AND s.zone = zone_name AND s.name = share_name
$$;


ALTER FUNCTION scorekeeper.sharing_json(zone_owner text, zone_name text, share_name text) OWNER TO :"owner";

--
-- Name: token_history(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.token_history() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  SELECT s.history || '.' || CASE WHEN pg_catalog.pg_is_in_recovery()
    THEN (SELECT c.timeline_id FROM pg_catalog.pg_control_checkpoint() AS c)
    ELSE ('x' || substr(pg_catalog.pg_walfile_name(pg_catalog.pg_current_wal_lsn()), 1, 8))::bit(32)::int
  END
  FROM scorekeeper.server AS s
$$;


ALTER FUNCTION scorekeeper.token_history() OWNER TO :"owner";

--
-- Name: token_prefix(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.token_prefix() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  SELECT scorekeeper.token_server() || scorekeeper.token_history() || ':'
$$;


ALTER FUNCTION scorekeeper.token_prefix() OWNER TO :"owner";

--
-- Name: token_server(); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.token_server() RETURNS text
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  SELECT s.identity || '#' || s.epoch || '~' FROM scorekeeper.server AS s
$$;


ALTER FUNCTION scorekeeper.token_server() OWNER TO :"owner";

--
-- Name: without_uploads(jsonb); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.without_uploads(fields jsonb) RETURNS jsonb
    LANGUAGE sql IMMUTABLE
    SET search_path TO ''
    AS $$
  SELECT CASE WHEN NOT EXISTS (SELECT FROM jsonb_each(fields) AS e WHERE e.value->2 IS NOT NULL)
    THEN fields
    ELSE (SELECT jsonb_object_agg(e.key, CASE WHEN e.value->>0 = 'asset' THEN e.value - 2 ELSE e.value END)
          FROM jsonb_each(fields) AS e)
  END
$$;


ALTER FUNCTION scorekeeper.without_uploads(fields jsonb) OWNER TO :"owner";

--
-- Name: write_assets(text, text, text, jsonb, bytea[]); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.write_assets(zone_owner text, zone_name text, record_name text, fields jsonb, uploads bytea[]) RETURNS void
    LANGUAGE sql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION scorekeeper.write_assets(zone_owner text, zone_name text, record_name text, fields jsonb, uploads bytea[]) OWNER TO :"owner";

--
-- Name: write_refusal(text, text, text, text, text, text, text, jsonb); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.write_refusal(user_name text, zone_owner text, zone_name text, record_name text, record_type text, parent_name text, share_name text, created jsonb) RETURNS jsonb
    LANGUAGE plpgsql STABLE
    SET search_path TO ''
    AS $$
DECLARE
  covered record;
  member scorekeeper.participants;
  rules jsonb;
  rule record;
  target text;
BEGIN
  covered := scorekeeper.covering_share(
    zone_owner, zone_name, record_name, record_type, parent_name, share_name);
  IF covered.loop_at IS NOT NULL THEN
    RETURN scorekeeper.refusal('parent-loop', record_name, covered.loop_at);
  END IF;
  SELECT * INTO member FROM scorekeeper.participants AS p
  WHERE p.owner = zone_owner AND p.zone = zone_name AND p.share = covered.covering
    AND p.user_name = write_refusal.user_name AND p.acceptance = 'accepted';
  IF NOT FOUND OR member.permission = 'none' THEN
    RETURN scorekeeper.refusal('not-shared', record_name, user_name);
  ELSIF member.permission = 'read-only' THEN
    RETURN scorekeeper.refusal('shared-read-only', record_name, user_name);
  ELSIF member.parent_limit IS NOT NULL AND parent_name IS DISTINCT FROM member.parent_limit THEN
    RETURN scorekeeper.refusal('outside-parent-limit', record_name, user_name, member.parent_limit);
  ELSIF member.permission = 'read-write' THEN
    RETURN NULL;
  ELSIF created IS NULL THEN
    RETURN scorekeeper.refusal('scorer-adds-only', record_name, user_name);
  END IF;
  SELECT s.scorer_rules->record_type INTO rules FROM scorekeeper.shares AS s
  WHERE s.owner = zone_owner AND s.zone = zone_name AND s.name = covered.covering;
  IF jsonb_typeof(rules) IS DISTINCT FROM 'object' THEN
    RETURN scorekeeper.refusal('scorer-type', record_name, record_type, user_name);
  END IF;
  FOR rule IN SELECT f.key, f.value FROM jsonb_each_text(rules) AS f ORDER BY f.key COLLATE "C" LOOP
    CONTINUE WHEN NOT (created ? rule.key);
    target := CASE WHEN created->rule.key->>0 = 'string' THEN (created->rule.key->>1) || rule.value ELSE '' END;
    IF target = '' OR NOT EXISTS (
      SELECT FROM scorekeeper.records AS r
      WHERE r.owner = zone_owner AND r.zone = zone_name AND r.name = target
        AND r.creator = write_refusal.user_name)
    THEN
      RETURN scorekeeper.refusal('not-own-record', record_name, rule.key, target, user_name);
    END IF;
  END LOOP;
  RETURN NULL;
END $$;


ALTER FUNCTION scorekeeper.write_refusal(user_name text, zone_owner text, zone_name text, record_name text, record_type text, parent_name text, share_name text, created jsonb) OWNER TO :"owner";

--
-- Name: write_sharing(text, text, text, jsonb); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.write_sharing(zone_owner text, zone_name text, share_name text, settings jsonb) RETURNS text[]
    LANGUAGE plpgsql
    SET search_path TO ''
    AS $$
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


ALTER FUNCTION scorekeeper.write_sharing(zone_owner text, zone_name text, share_name text, settings jsonb) OWNER TO :"owner";

--
-- Name: zone_changes(text, text, text, text, integer); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.zone_changes(scope text, zone_owner text, zone_name text, token text, page_size integer) RETURNS jsonb
    LANGUAGE plpgsql STABLE SECURITY DEFINER
    SET search_path TO ''
    SET plan_cache_mode TO 'force_custom_plan'
    AS $_$
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
END $_$;


ALTER FUNCTION scorekeeper.zone_changes(scope text, zone_owner text, zone_name text, token text, page_size integer) OWNER TO :"owner";

--
-- Name: zone_visible(text, text, text, text); Type: FUNCTION; Schema: scorekeeper; Owner: :"owner"
--

CREATE FUNCTION scorekeeper.zone_visible(user_name text, scope text, zone_owner text, zone_name text) RETURNS boolean
    LANGUAGE sql STABLE
    SET search_path TO ''
    AS $$
  SELECT CASE scope
    WHEN 'private' THEN zone_owner = user_name AND EXISTS (
      SELECT FROM scorekeeper.zones AS z WHERE z.owner = zone_owner AND z.name = zone_name)
    ELSE zone_owner <> user_name AND scorekeeper.can_reach(user_name, zone_owner, zone_name)
  END
$$;


ALTER FUNCTION scorekeeper.zone_visible(user_name text, scope text, zone_owner text, zone_name text) OWNER TO :"owner";

--
-- Name: access_changes; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.access_changes (
    user_name text NOT NULL,
    owner text NOT NULL,
    zone text NOT NULL,
    stamp xid8 DEFAULT pg_current_xact_id() NOT NULL
);


ALTER TABLE scorekeeper.access_changes OWNER TO :"owner";

--
-- Name: accounts; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.accounts (
    user_name text NOT NULL,
    status text NOT NULL,
    CONSTRAINT accounts_status_check CHECK ((status = ANY (ARRAY['no-account'::text, 'restricted'::text, 'could-not-determine'::text, 'temporarily-unavailable'::text])))
);


ALTER TABLE scorekeeper.accounts OWNER TO :"owner";

--
-- Name: assets; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.assets (
    owner text NOT NULL,
    zone text NOT NULL,
    record text NOT NULL,
    key text NOT NULL,
    sha256 text NOT NULL,
    byte_count bigint NOT NULL,
    bytes bytea NOT NULL
);
ALTER TABLE ONLY scorekeeper.assets ALTER COLUMN bytes SET STORAGE EXTERNAL;


ALTER TABLE scorekeeper.assets OWNER TO :"owner";

--
-- Name: channels; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.channels (
    user_name text NOT NULL,
    channel text NOT NULL,
    CONSTRAINT channels_channel_check CHECK ((channel ~ '^sk_[0-9a-f]{32}$'::text))
);


ALTER TABLE scorekeeper.channels OWNER TO :"owner";

--
-- Name: deleted_zones; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.deleted_zones (
    owner text NOT NULL,
    name text NOT NULL,
    stamp xid8 DEFAULT pg_current_xact_id() NOT NULL
);


ALTER TABLE scorekeeper.deleted_zones OWNER TO :"owner";

--
-- Name: devices; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.devices (
    id text NOT NULL,
    holder text NOT NULL,
    user_name text NOT NULL
);


ALTER TABLE scorekeeper.devices OWNER TO :"owner";

--
-- Name: migrations; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.migrations (
    version integer NOT NULL,
    identifier text NOT NULL,
    appliedat timestamp with time zone DEFAULT now() NOT NULL,
    sha256 text
);


ALTER TABLE scorekeeper.migrations OWNER TO :"owner";

--
-- Name: participants; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.participants (
    owner text NOT NULL,
    zone text NOT NULL,
    share text NOT NULL,
    user_name text NOT NULL,
    permission text NOT NULL,
    acceptance text NOT NULL,
    parent_limit text,
    joined_at bigint,
    last_change_at bigint,
    CONSTRAINT participants_acceptance_check CHECK ((acceptance = ANY (ARRAY['pending'::text, 'accepted'::text, 'removed'::text]))),
    CONSTRAINT participants_permission_check CHECK ((permission = ANY (ARRAY['none'::text, 'read-only'::text, 'scoring'::text, 'read-write'::text])))
);


ALTER TABLE scorekeeper.participants OWNER TO :"owner";

--
-- Name: repeatables; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.repeatables (
    name text NOT NULL,
    sha256 text NOT NULL,
    appliedat timestamp with time zone DEFAULT now() NOT NULL
);


ALTER TABLE scorekeeper.repeatables OWNER TO :"owner";

--
-- Name: retired_links; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.retired_links (
    link text NOT NULL,
    owner text NOT NULL,
    zone text NOT NULL,
    share text NOT NULL
);


ALTER TABLE scorekeeper.retired_links OWNER TO :"owner";

--
-- Name: server; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.server (
    onlyrow boolean DEFAULT true NOT NULL,
    identity text NOT NULL,
    epoch bigint DEFAULT 1 NOT NULL,
    asset_quota bigint DEFAULT 1073741824 NOT NULL,
    history text DEFAULT replace((gen_random_uuid())::text, '-'::text, ''::text) NOT NULL,
    CONSTRAINT server_onlyrow_check CHECK (onlyrow)
);


ALTER TABLE scorekeeper.server OWNER TO :"owner";

--
-- Name: shares; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.shares (
    owner text NOT NULL,
    zone text NOT NULL,
    name text NOT NULL,
    link text NOT NULL,
    public_permission text NOT NULL,
    scorer_rules jsonb,
    link_expires_at bigint,
    CONSTRAINT shares_public_permission_check CHECK ((public_permission = ANY (ARRAY['none'::text, 'read-only'::text, 'scoring'::text, 'read-write'::text])))
);


ALTER TABLE scorekeeper.shares OWNER TO :"owner";

--
-- Name: tags; Type: SEQUENCE; Schema: scorekeeper; Owner: :"owner"
--

CREATE SEQUENCE scorekeeper.tags
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


ALTER TABLE scorekeeper.tags OWNER TO :"owner";

--
-- Name: tombstones; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.tombstones (
    owner text NOT NULL,
    zone text NOT NULL,
    name text NOT NULL,
    type text NOT NULL,
    deleted_at bigint NOT NULL
);


ALTER TABLE scorekeeper.tombstones OWNER TO :"owner";

--
-- Name: zones; Type: TABLE; Schema: scorekeeper; Owner: :"owner"
--

CREATE TABLE scorekeeper.zones (
    owner text NOT NULL,
    name text NOT NULL,
    incarnation bigint NOT NULL,
    counter bigint DEFAULT 0 NOT NULL,
    stamp xid8 DEFAULT pg_current_xact_id() NOT NULL
);


ALTER TABLE scorekeeper.zones OWNER TO :"owner";

--
-- Name: access_changes access_changes_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.access_changes
    ADD CONSTRAINT access_changes_pkey PRIMARY KEY (user_name, owner, zone);


--
-- Name: accounts accounts_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.accounts
    ADD CONSTRAINT accounts_pkey PRIMARY KEY (user_name);


--
-- Name: assets assets_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.assets
    ADD CONSTRAINT assets_pkey PRIMARY KEY (owner, zone, record, key);


--
-- Name: channels channels_channel_key; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.channels
    ADD CONSTRAINT channels_channel_key UNIQUE (channel);


--
-- Name: channels channels_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.channels
    ADD CONSTRAINT channels_pkey PRIMARY KEY (user_name);


--
-- Name: deleted_zones deleted_zones_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.deleted_zones
    ADD CONSTRAINT deleted_zones_pkey PRIMARY KEY (owner, name);


--
-- Name: devices devices_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.devices
    ADD CONSTRAINT devices_pkey PRIMARY KEY (id);


--
-- Name: migrations migrations_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.migrations
    ADD CONSTRAINT migrations_pkey PRIMARY KEY (version);


--
-- Name: participants participants_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.participants
    ADD CONSTRAINT participants_pkey PRIMARY KEY (owner, zone, share, user_name);


--
-- Name: records records_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.records
    ADD CONSTRAINT records_pkey PRIMARY KEY (owner, zone, name);


--
-- Name: repeatables repeatables_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.repeatables
    ADD CONSTRAINT repeatables_pkey PRIMARY KEY (name);


--
-- Name: retired_links retired_links_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.retired_links
    ADD CONSTRAINT retired_links_pkey PRIMARY KEY (link);


--
-- Name: server server_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.server
    ADD CONSTRAINT server_pkey PRIMARY KEY (onlyrow);


--
-- Name: shares shares_link_key; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.shares
    ADD CONSTRAINT shares_link_key UNIQUE (link);


--
-- Name: shares shares_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.shares
    ADD CONSTRAINT shares_pkey PRIMARY KEY (owner, zone, name);


--
-- Name: tombstones tombstones_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.tombstones
    ADD CONSTRAINT tombstones_pkey PRIMARY KEY (owner, zone, name);


--
-- Name: zones zones_pkey; Type: CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.zones
    ADD CONSTRAINT zones_pkey PRIMARY KEY (owner, name);


--
-- Name: access_changes_stamp; Type: INDEX; Schema: scorekeeper; Owner: :"owner"
--

CREATE INDEX access_changes_stamp ON scorekeeper.access_changes USING btree (user_name, stamp);


--
-- Name: deleted_zones_stamp; Type: INDEX; Schema: scorekeeper; Owner: :"owner"
--

CREATE INDEX deleted_zones_stamp ON scorekeeper.deleted_zones USING btree (owner, stamp);


--
-- Name: participants_user; Type: INDEX; Schema: scorekeeper; Owner: :"owner"
--

CREATE INDEX participants_user ON scorekeeper.participants USING btree (user_name, acceptance);


--
-- Name: records_changed; Type: INDEX; Schema: scorekeeper; Owner: :"owner"
--

CREATE INDEX records_changed ON scorekeeper.records USING btree (owner, zone, changed_at);


--
-- Name: records_covering; Type: INDEX; Schema: scorekeeper; Owner: :"owner"
--

CREATE INDEX records_covering ON scorekeeper.records USING btree (owner, zone, covering_share) WHERE (covering_share IS NOT NULL);


--
-- Name: records_parent; Type: INDEX; Schema: scorekeeper; Owner: :"owner"
--

CREATE INDEX records_parent ON scorekeeper.records USING btree (owner, zone, parent) WHERE (parent IS NOT NULL);


--
-- Name: records_share; Type: INDEX; Schema: scorekeeper; Owner: :"owner"
--

CREATE INDEX records_share ON scorekeeper.records USING btree (owner, zone, share) WHERE (share IS NOT NULL);


--
-- Name: retired_links_share; Type: INDEX; Schema: scorekeeper; Owner: :"owner"
--

CREATE INDEX retired_links_share ON scorekeeper.retired_links USING btree (owner, zone, share);


--
-- Name: tombstones_deleted; Type: INDEX; Schema: scorekeeper; Owner: :"owner"
--

CREATE INDEX tombstones_deleted ON scorekeeper.tombstones USING btree (owner, zone, deleted_at);


--
-- Name: zones_stamp; Type: INDEX; Schema: scorekeeper; Owner: :"owner"
--

CREATE INDEX zones_stamp ON scorekeeper.zones USING btree (owner, stamp);


--
-- Name: deleted_zones notify_readers; Type: TRIGGER; Schema: scorekeeper; Owner: :"owner"
--

CREATE TRIGGER notify_readers AFTER INSERT OR UPDATE ON scorekeeper.deleted_zones FOR EACH ROW EXECUTE FUNCTION scorekeeper.notify_zone_readers();


--
-- Name: zones notify_readers; Type: TRIGGER; Schema: scorekeeper; Owner: :"owner"
--

CREATE TRIGGER notify_readers AFTER INSERT OR UPDATE ON scorekeeper.zones FOR EACH ROW EXECUTE FUNCTION scorekeeper.notify_zone_readers();


--
-- Name: access_changes notify_user; Type: TRIGGER; Schema: scorekeeper; Owner: :"owner"
--

CREATE TRIGGER notify_user AFTER INSERT OR UPDATE ON scorekeeper.access_changes FOR EACH ROW EXECUTE FUNCTION scorekeeper.notify_access_change();


--
-- Name: assets assets_owner_zone_record_fkey; Type: FK CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.assets
    ADD CONSTRAINT assets_owner_zone_record_fkey FOREIGN KEY (owner, zone, record) REFERENCES scorekeeper.records(owner, zone, name) ON DELETE CASCADE;


--
-- Name: participants participants_owner_zone_share_fkey; Type: FK CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.participants
    ADD CONSTRAINT participants_owner_zone_share_fkey FOREIGN KEY (owner, zone, share) REFERENCES scorekeeper.shares(owner, zone, name) ON DELETE CASCADE;


--
-- Name: retired_links retired_links_owner_zone_share_fkey; Type: FK CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.retired_links
    ADD CONSTRAINT retired_links_owner_zone_share_fkey FOREIGN KEY (owner, zone, share) REFERENCES scorekeeper.shares(owner, zone, name) ON DELETE CASCADE;


--
-- Name: shares shares_owner_zone_name_fkey; Type: FK CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.shares
    ADD CONSTRAINT shares_owner_zone_name_fkey FOREIGN KEY (owner, zone, name) REFERENCES scorekeeper.records(owner, zone, name) ON DELETE CASCADE;


--
-- Name: tombstones tombstones_owner_zone_fkey; Type: FK CONSTRAINT; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE ONLY scorekeeper.tombstones
    ADD CONSTRAINT tombstones_owner_zone_fkey FOREIGN KEY (owner, zone) REFERENCES scorekeeper.zones(owner, name) ON DELETE CASCADE;


--
-- Name: access_changes; Type: ROW SECURITY; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE scorekeeper.access_changes ENABLE ROW LEVEL SECURITY;

--
-- Name: accounts; Type: ROW SECURITY; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE scorekeeper.accounts ENABLE ROW LEVEL SECURITY;

--
-- Name: assets; Type: ROW SECURITY; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE scorekeeper.assets ENABLE ROW LEVEL SECURITY;

--
-- Name: channels; Type: ROW SECURITY; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE scorekeeper.channels ENABLE ROW LEVEL SECURITY;

--
-- Name: deleted_zones; Type: ROW SECURITY; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE scorekeeper.deleted_zones ENABLE ROW LEVEL SECURITY;

--
-- Name: devices; Type: ROW SECURITY; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE scorekeeper.devices ENABLE ROW LEVEL SECURITY;

--
-- Name: access_changes own; Type: POLICY; Schema: scorekeeper; Owner: :"owner"
--

CREATE POLICY own ON scorekeeper.access_changes FOR SELECT USING ((user_name = SESSION_USER));


--
-- Name: accounts own; Type: POLICY; Schema: scorekeeper; Owner: :"owner"
--

CREATE POLICY own ON scorekeeper.accounts FOR SELECT USING ((user_name = SESSION_USER));


--
-- Name: channels own; Type: POLICY; Schema: scorekeeper; Owner: :"owner"
--

CREATE POLICY own ON scorekeeper.channels FOR SELECT USING ((user_name = SESSION_USER));


--
-- Name: deleted_zones own; Type: POLICY; Schema: scorekeeper; Owner: :"owner"
--

CREATE POLICY own ON scorekeeper.deleted_zones FOR SELECT USING ((owner = SESSION_USER));


--
-- Name: devices own; Type: POLICY; Schema: scorekeeper; Owner: :"owner"
--

CREATE POLICY own ON scorekeeper.devices FOR SELECT USING ((user_name = SESSION_USER));


--
-- Name: participants; Type: ROW SECURITY; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE scorekeeper.participants ENABLE ROW LEVEL SECURITY;

--
-- Name: assets readable; Type: POLICY; Schema: scorekeeper; Owner: :"owner"
--

CREATE POLICY readable ON scorekeeper.assets FOR SELECT USING ((EXISTS ( SELECT
   FROM scorekeeper.records r
  WHERE ((r.owner = assets.owner) AND (r.zone = assets.zone) AND (r.name = assets.record)))));


--
-- Name: participants readable; Type: POLICY; Schema: scorekeeper; Owner: :"owner"
--

CREATE POLICY readable ON scorekeeper.participants FOR SELECT USING (((owner = SESSION_USER) OR ((owner, zone, share) IN ( SELECT accepted_shares.owner,
    accepted_shares.zone,
    accepted_shares.share
   FROM scorekeeper.accepted_shares() accepted_shares(owner, zone, share)))));


--
-- Name: records readable; Type: POLICY; Schema: scorekeeper; Owner: :"owner"
--

CREATE POLICY readable ON scorekeeper.records FOR SELECT USING (((owner = SESSION_USER) OR ((owner, zone, covering_share) IN ( SELECT accepted_shares.owner,
    accepted_shares.zone,
    accepted_shares.share
   FROM scorekeeper.accepted_shares() accepted_shares(owner, zone, share)))));


--
-- Name: shares readable; Type: POLICY; Schema: scorekeeper; Owner: :"owner"
--

CREATE POLICY readable ON scorekeeper.shares FOR SELECT USING (((owner = SESSION_USER) OR ((owner, zone, name) IN ( SELECT accepted_shares.owner,
    accepted_shares.zone,
    accepted_shares.share
   FROM scorekeeper.accepted_shares() accepted_shares(owner, zone, share)))));


--
-- Name: tombstones readable; Type: POLICY; Schema: scorekeeper; Owner: :"owner"
--

CREATE POLICY readable ON scorekeeper.tombstones FOR SELECT USING (((owner = SESSION_USER) OR ((owner, zone) IN ( SELECT a.owner,
    a.zone
   FROM scorekeeper.accepted_shares() a(owner, zone, share)))));


--
-- Name: zones readable; Type: POLICY; Schema: scorekeeper; Owner: :"owner"
--

CREATE POLICY readable ON scorekeeper.zones FOR SELECT USING (((owner = SESSION_USER) OR ((owner, name) IN ( SELECT a.owner,
    a.zone
   FROM scorekeeper.accepted_shares() a(owner, zone, share)))));


--
-- Name: records; Type: ROW SECURITY; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE scorekeeper.records ENABLE ROW LEVEL SECURITY;

--
-- Name: retired_links; Type: ROW SECURITY; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE scorekeeper.retired_links ENABLE ROW LEVEL SECURITY;

--
-- Name: shares; Type: ROW SECURITY; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE scorekeeper.shares ENABLE ROW LEVEL SECURITY;

--
-- Name: tombstones; Type: ROW SECURITY; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE scorekeeper.tombstones ENABLE ROW LEVEL SECURITY;

--
-- Name: zones; Type: ROW SECURITY; Schema: scorekeeper; Owner: :"owner"
--

ALTER TABLE scorekeeper.zones ENABLE ROW LEVEL SECURITY;

--
-- Name: SCHEMA scorekeeper; Type: ACL; Schema: -; Owner: :"owner"
--

GRANT USAGE ON SCHEMA scorekeeper TO :"users";


--
-- Name: TABLE records; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.records TO :"users";


--
-- Name: FUNCTION accept_share(link text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.accept_share(link text) FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.accept_share(link text) TO :"users";


--
-- Name: FUNCTION accepted_shares(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.accepted_shares() FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.accepted_shares() TO :"users";


--
-- Name: FUNCTION account_status(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.account_status() FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.account_status() TO :"users";


--
-- Name: FUNCTION asset_contents(scope text, keys jsonb); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.asset_contents(scope text, keys jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.asset_contents(scope text, keys jsonb) TO :"users";


--
-- Name: FUNCTION asset_refusal(zone_owner text, zone_name text, record_name text, fields jsonb, uploads bytea[]); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.asset_refusal(zone_owner text, zone_name text, record_name text, fields jsonb, uploads bytea[]) FROM PUBLIC;


--
-- Name: FUNCTION bump(zone_owner text, zone_name text, record_name text, set_share boolean, new_share text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.bump(zone_owner text, zone_name text, record_name text, set_share boolean, new_share text) FROM PUBLIC;


--
-- Name: FUNCTION caller(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.caller() FROM PUBLIC;


--
-- Name: FUNCTION can_reach(user_name text, zone_owner text, zone_name text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.can_reach(user_name text, zone_owner text, zone_name text) FROM PUBLIC;


--
-- Name: FUNCTION check_scope(scope text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.check_scope(scope text) FROM PUBLIC;


--
-- Name: FUNCTION check_token_history(token text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.check_token_history(token text) FROM PUBLIC;


--
-- Name: FUNCTION claim_device(id text, holder text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.claim_device(id text, holder text) FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.claim_device(id text, holder text) TO :"users";


--
-- Name: FUNCTION covering_share(zone_owner text, zone_name text, record_name text, record_type text, parent_name text, share_name text, OUT covering text, OUT loop_at text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.covering_share(zone_owner text, zone_name text, record_name text, record_type text, parent_name text, share_name text, OUT covering text, OUT loop_at text) FROM PUBLIC;


--
-- Name: FUNCTION database_changes(scope text, token text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.database_changes(scope text, token text) FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.database_changes(scope text, token text) TO :"users";


--
-- Name: FUNCTION delete_record(zone_owner text, zone_name text, record_name text, record_type text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.delete_record(zone_owner text, zone_name text, record_name text, record_type text) FROM PUBLIC;


--
-- Name: FUNCTION delete_record_as(user_name text, scope text, zone_owner text, zone_name text, record_name text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.delete_record_as(user_name text, scope text, zone_owner text, zone_name text, record_name text) FROM PUBLIC;


--
-- Name: FUNCTION delete_share(zone_owner text, zone_name text, share_name text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.delete_share(zone_owner text, zone_name text, share_name text) FROM PUBLIC;


--
-- Name: FUNCTION depth(zone_owner text, zone_name text, record_name text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.depth(zone_owner text, zone_name text, record_name text) FROM PUBLIC;


--
-- Name: FUNCTION ensure_statistics(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.ensure_statistics() FROM PUBLIC;


--
-- Name: FUNCTION expire_change_tokens(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.expire_change_tokens() FROM PUBLIC;


--
-- Name: FUNCTION fail(code text, VARIADIC arguments text[]); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.fail(code text, VARIADIC arguments text[]) FROM PUBLIC;


--
-- Name: FUNCTION fetch_records(scope text, ids jsonb); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.fetch_records(scope text, ids jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.fetch_records(scope text, ids jsonb) TO :"users";


--
-- Name: FUNCTION history_went_back(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.history_went_back() FROM PUBLIC;


--
-- Name: FUNCTION is_id(id jsonb, nullable boolean); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.is_id(id jsonb, nullable boolean) FROM PUBLIC;


--
-- Name: FUNCTION is_sharing(s jsonb); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.is_sharing(s jsonb) FROM PUBLIC;


--
-- Name: FUNCTION is_value(v jsonb); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.is_value(v jsonb) FROM PUBLIC;


--
-- Name: FUNCTION link_metadata(user_name text, link text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.link_metadata(user_name text, link text) FROM PUBLIC;


--
-- Name: FUNCTION malformation(r jsonb); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.malformation(r jsonb) FROM PUBLIC;


--
-- Name: FUNCTION may_read(user_name text, scope text, r scorekeeper.records); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.may_read(user_name text, scope text, r scorekeeper.records) FROM PUBLIC;


--
-- Name: FUNCTION may_save_at_once(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.may_save_at_once() FROM PUBLIC;


--
-- Name: FUNCTION modify_records(scope text, saves jsonb, deletes jsonb, if_unchanged boolean, atomic boolean, uploads bytea[]); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.modify_records(scope text, saves jsonb, deletes jsonb, if_unchanged boolean, atomic boolean, uploads bytea[]) FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.modify_records(scope text, saves jsonb, deletes jsonb, if_unchanged boolean, atomic boolean, uploads bytea[]) TO :"users";


--
-- Name: FUNCTION modify_zone(user_name text, scope text, zone_owner text, zone_name text, saves jsonb, deletes jsonb, if_unchanged boolean, uploads bytea[], OUT results jsonb, OUT failed boolean); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.modify_zone(user_name text, scope text, zone_owner text, zone_name text, saves jsonb, deletes jsonb, if_unchanged boolean, uploads bytea[], OUT results jsonb, OUT failed boolean) FROM PUBLIC;


--
-- Name: FUNCTION modify_zones(scope text, saves jsonb, deletes jsonb); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.modify_zones(scope text, saves jsonb, deletes jsonb) FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.modify_zones(scope text, saves jsonb, deletes jsonb) TO :"users";


--
-- Name: FUNCTION my_channel(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.my_channel() FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.my_channel() TO :"users";


--
-- Name: FUNCTION new_link(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.new_link() FROM PUBLIC;


--
-- Name: FUNCTION next_change(zone_owner text, zone_name text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.next_change(zone_owner text, zone_name text) FROM PUBLIC;


--
-- Name: FUNCTION notify_access_change(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.notify_access_change() FROM PUBLIC;


--
-- Name: FUNCTION notify_zone_readers(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.notify_zone_readers() FROM PUBLIC;


--
-- Name: FUNCTION now_ms(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.now_ms() FROM PUBLIC;


--
-- Name: FUNCTION permission(user_name text, zone_owner text, zone_name text, share_name text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.permission(user_name text, zone_owner text, zone_name text, share_name text) FROM PUBLIC;


--
-- Name: FUNCTION plain_value(v jsonb, id jsonb); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.plain_value(v jsonb, id jsonb) FROM PUBLIC;


--
-- Name: FUNCTION plainly_well_formed(r jsonb); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.plainly_well_formed(r jsonb) FROM PUBLIC;


--
-- Name: FUNCTION record_access_change(user_names text[], zone_owner text, zone_name text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.record_access_change(user_names text[], zone_owner text, zone_name text) FROM PUBLIC;


--
-- Name: FUNCTION record_json(r scorekeeper.records); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.record_json(r scorekeeper.records) FROM PUBLIC;


--
-- Name: FUNCTION refresh_coverage(zone_owner text, zone_name text, record_name text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.refresh_coverage(zone_owner text, zone_name text, record_name text) FROM PUBLIC;


--
-- Name: FUNCTION refusal(code text, VARIADIC arguments text[]); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.refusal(code text, VARIADIC arguments text[]) FROM PUBLIC;


--
-- Name: FUNCTION save_items(zone_owner text, zone_name text, zone_saves jsonb); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.save_items(zone_owner text, zone_name text, zone_saves jsonb) FROM PUBLIC;


--
-- Name: FUNCTION save_record(user_name text, scope text, if_unchanged boolean, r jsonb, saving_names text[], shares_with_root text[], uploads bytea[]); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.save_record(user_name text, scope text, if_unchanged boolean, r jsonb, saving_names text[], shares_with_root text[], uploads bytea[]) FROM PUBLIC;


--
-- Name: FUNCTION save_zone_at_once(zone_owner text, zone_name text, zone_saves jsonb, if_unchanged boolean); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.save_zone_at_once(zone_owner text, zone_name text, zone_saves jsonb, if_unchanged boolean) FROM PUBLIC;


--
-- Name: FUNCTION server_hello(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.server_hello() FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.server_hello() TO :"users";


--
-- Name: FUNCTION set_account_status(user_name text, status text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.set_account_status(user_name text, status text) FROM PUBLIC;


--
-- Name: FUNCTION share_metadata(link text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.share_metadata(link text) FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.share_metadata(link text) TO :"users";


--
-- Name: FUNCTION sharing_json(zone_owner text, zone_name text, share_name text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.sharing_json(zone_owner text, zone_name text, share_name text) FROM PUBLIC;


--
-- Name: FUNCTION token_history(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.token_history() FROM PUBLIC;


--
-- Name: FUNCTION token_prefix(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.token_prefix() FROM PUBLIC;


--
-- Name: FUNCTION token_server(); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.token_server() FROM PUBLIC;


--
-- Name: FUNCTION without_uploads(fields jsonb); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.without_uploads(fields jsonb) FROM PUBLIC;


--
-- Name: FUNCTION write_assets(zone_owner text, zone_name text, record_name text, fields jsonb, uploads bytea[]); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.write_assets(zone_owner text, zone_name text, record_name text, fields jsonb, uploads bytea[]) FROM PUBLIC;


--
-- Name: FUNCTION write_refusal(user_name text, zone_owner text, zone_name text, record_name text, record_type text, parent_name text, share_name text, created jsonb); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.write_refusal(user_name text, zone_owner text, zone_name text, record_name text, record_type text, parent_name text, share_name text, created jsonb) FROM PUBLIC;


--
-- Name: FUNCTION write_sharing(zone_owner text, zone_name text, share_name text, settings jsonb); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.write_sharing(zone_owner text, zone_name text, share_name text, settings jsonb) FROM PUBLIC;


--
-- Name: FUNCTION zone_changes(scope text, zone_owner text, zone_name text, token text, page_size integer); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.zone_changes(scope text, zone_owner text, zone_name text, token text, page_size integer) FROM PUBLIC;
GRANT ALL ON FUNCTION scorekeeper.zone_changes(scope text, zone_owner text, zone_name text, token text, page_size integer) TO :"users";


--
-- Name: FUNCTION zone_visible(user_name text, scope text, zone_owner text, zone_name text); Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

REVOKE ALL ON FUNCTION scorekeeper.zone_visible(user_name text, scope text, zone_owner text, zone_name text) FROM PUBLIC;


--
-- Name: TABLE access_changes; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.access_changes TO :"users";


--
-- Name: TABLE accounts; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.accounts TO :"users";


--
-- Name: TABLE assets; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.assets TO :"users";


--
-- Name: TABLE channels; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.channels TO :"users";


--
-- Name: TABLE deleted_zones; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.deleted_zones TO :"users";


--
-- Name: TABLE devices; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.devices TO :"users";


--
-- Name: TABLE participants; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.participants TO :"users";


--
-- Name: TABLE server; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.server TO :"users";


--
-- Name: TABLE shares; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.shares TO :"users";


--
-- Name: TABLE tombstones; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.tombstones TO :"users";


--
-- Name: TABLE zones; Type: ACL; Schema: scorekeeper; Owner: :"owner"
--

GRANT SELECT ON TABLE scorekeeper.zones TO :"users";


--
-- Name: DEFAULT PRIVILEGES FOR FUNCTIONS; Type: DEFAULT ACL; Schema: -; Owner: :"owner"
--

ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" REVOKE ALL ON FUNCTIONS  FROM PUBLIC;


--
-- PostgreSQL database dump complete
--


--
-- PostgreSQL database dump
--


-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

--
-- Data for Name: migrations; Type: TABLE DATA; Schema: scorekeeper; Owner: :"owner"
--

INSERT INTO scorekeeper.migrations VALUES (1, 'roles', '2026-11-25 00:00:00+00', '943e3e5e629843899468457919ae0e5a33a44a8d8d495b25e6e650c39bc5b6e7');
INSERT INTO scorekeeper.migrations VALUES (2, 'cloud', '2026-11-25 00:00:00+00', '2118f4f7aee2dd6a66e68ce54e1d256d0770280fb08343dce22058c07631bcfc');
INSERT INTO scorekeeper.migrations VALUES (3, 'assets', '2026-11-25 00:00:00+00', 'a8dbaecb717a2346c7c3529506b496b97bf777f69d830289f90e5491e16c39a1');
INSERT INTO scorekeeper.migrations VALUES (4, 'v2_repairs', '2026-11-25 00:00:00+00', 'c7e7a2ea634bbbe1da1907c22c291b679f2afafa3e4e3a61c4681df29c798e90');
INSERT INTO scorekeeper.migrations VALUES (5, 'channels', '2026-11-25 00:00:00+00', '6c6fdc66e73afd88e20b341eab90331da50c7cdddb6efc305c8997faa57c5f6e');
INSERT INTO scorekeeper.migrations VALUES (6, 'creators', '2026-11-25 00:00:00+00', '465e25c7b149c963508ac6f5293e6edc2d434da92a01238bf4dc5be425d59860');
INSERT INTO scorekeeper.migrations VALUES (7, 'roles', '2026-11-25 00:00:00+00', '5ceae7e7a705095d2cfa0159d64c8460915d32482f833c585ce82f454639331e');
INSERT INTO scorekeeper.migrations VALUES (8, 'incarnation', '2026-11-25 00:00:00+00', 'ba5736dfd1a345e7c7b2a002bbdf5d5da71f8252889fc11e13a206e3958c0cd2');


--
-- Data for Name: repeatables; Type: TABLE DATA; Schema: scorekeeper; Owner: :"owner"
--

INSERT INTO scorekeeper.repeatables VALUES ('R__00_retired.sql', 'c7c30458a1e22534558608f0d38fbd553820e255a603fd254a11764c29153197', '2026-11-25 00:00:00+00');
INSERT INTO scorekeeper.repeatables VALUES ('R__01_access.sql', '9a9dd98c664f86a3ff63ece9a7635340b1674d09b42d81f86b5584be37d11303', '2026-11-25 00:00:00+00');
INSERT INTO scorekeeper.repeatables VALUES ('R__02_helpers.sql', '1ff2f9e0496c791a14713b25fa175e31f4214f1e36fd6cf14793acb4fac8b3f1', '2026-11-25 00:00:00+00');
INSERT INTO scorekeeper.repeatables VALUES ('R__03_records.sql', '3405d0051c255667ef71d7de8e477e2f28fe5a509d8741785fd4d176e63c5dce', '2026-11-25 00:00:00+00');
INSERT INTO scorekeeper.repeatables VALUES ('R__04_modify.sql', '70c957b6dfea61d49c2587b0ab98c3daaf85fb6533a1951a9695e24a7447dabe', '2026-11-25 00:00:00+00');
INSERT INTO scorekeeper.repeatables VALUES ('R__05_save_at_once.sql', '9994ab93b3d8659888e51cf3d0d924ae0a816f0c4b169c49e57d3fdc9571de1f', '2026-11-25 00:00:00+00');
INSERT INTO scorekeeper.repeatables VALUES ('R__06_reads.sql', '7cabede1484dd5732a1b71714d94a080b61844ffb5ca28804cd1600794a48dc4', '2026-11-25 00:00:00+00');
INSERT INTO scorekeeper.repeatables VALUES ('R__07_zones_and_sharing.sql', '4d01f0588125c198f3eaf0830c8700eeaf1cc3690cf0068ff3b344966ee7bbee', '2026-11-25 00:00:00+00');
INSERT INTO scorekeeper.repeatables VALUES ('R__08_assets.sql', '9a8d706bc8b635da46c4cad70020f3365d899267030a7ff7f16ce4204c30a64d', '2026-11-25 00:00:00+00');
INSERT INTO scorekeeper.repeatables VALUES ('R__09_saves.sql', '923fc20bc7d3c2b2a642bc6912d32fdec54a588dda02ac2d836dd60f977380eb', '2026-11-25 00:00:00+00');
INSERT INTO scorekeeper.repeatables VALUES ('R__10_notifications.sql', '57cb587847962401c8d9d3c39ace5a93ee0ef311c2c98227e55baf57ed4c8019', '2026-11-25 00:00:00+00');


--
-- Data for Name: server; Type: TABLE DATA; Schema: scorekeeper; Owner: :"owner"
--

INSERT INTO scorekeeper.server VALUES (true, 'fixture', 1, 1073741824, 'aaf4b895bdc24fe8b59ac2187c9bff20');


--
-- PostgreSQL database dump complete
--


