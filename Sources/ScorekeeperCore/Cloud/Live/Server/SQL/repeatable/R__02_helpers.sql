-- What the API functions share: refusals, the caller's account, the zone
-- feed, records as JSON, and who may read and write what. None of these is
-- granted to users; they run inside the API functions, as the owner.

SET LOCAL ROLE :"owner";

-- Fails the whole request: the client maps the code (the message) and
-- its arguments (the detail, a JSON array) onto a CloudError.
CREATE OR REPLACE FUNCTION scorekeeper.fail(code text, VARIADIC arguments text[] DEFAULT '{}')
RETURNS void LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'SK001', MESSAGE = code, DETAIL = to_jsonb(arguments)::text;
END $$;

-- Refuses one record or zone: the client maps it as it maps fail().
CREATE OR REPLACE FUNCTION scorekeeper.refusal(code text, VARIADIC arguments text[] DEFAULT '{}')
RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT jsonb_build_object('refusal', code, 'arguments', to_jsonb(arguments))
$$;

-- The caller, once their account is known to be usable: every API
-- function starts here, as every mock operation does.
CREATE OR REPLACE FUNCTION scorekeeper.caller() RETURNS text
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
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

CREATE OR REPLACE FUNCTION scorekeeper.now_ms() RETURNS bigint
LANGUAGE sql VOLATILE AS $$
  SELECT (extract(epoch FROM clock_timestamp()) * 1000)::bigint
$$;

-- The server and the epoch, as a token starts with them.
CREATE OR REPLACE FUNCTION scorekeeper.token_server() RETURNS text
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT s.identity || '#' || s.epoch || '~' FROM scorekeeper.server AS s
$$;

-- The server's incarnation: the history id `server install
-- --after-restore` replaces, and the WAL timeline, which a promotion
-- changes (on a standby, its last checkpoint's).
CREATE OR REPLACE FUNCTION scorekeeper.token_history() RETURNS text
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT s.history || '.' || CASE WHEN pg_catalog.pg_is_in_recovery()
    THEN (SELECT c.timeline_id FROM pg_catalog.pg_control_checkpoint() AS c)
    ELSE ('x' || substr(pg_catalog.pg_walfile_name(pg_catalog.pg_current_wal_lsn()), 1, 8))::bit(32)::int
  END
  FROM scorekeeper.server AS s
$$;

-- What every change token starts with: the server and the epoch of
-- its history, so a token from another server, or from before the
-- history was purged, is refused as expired; then the server's
-- incarnation (`token_history`), so a token from another is refused as
-- history that went back.
CREATE OR REPLACE FUNCTION scorekeeper.token_prefix() RETURNS text
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT scorekeeper.token_server() || scorekeeper.token_history() || ':'
$$;

-- Refuses a token of this server and epoch but another incarnation: the
-- server's history went back since it was issued.
CREATE OR REPLACE FUNCTION scorekeeper.check_token_history(token text) RETURNS void
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
DECLARE
  server text := scorekeeper.token_server();
  current text := server || scorekeeper.token_history() || ':';
BEGIN
  IF left(token, length(server)) = server AND left(token, length(current)) <> current THEN
    PERFORM scorekeeper.fail('history-went-back');
  END IF;
END $$;

-- The zone's next change number. The zone's row stays locked until
-- commit, so numbers are handed out in commit order.
CREATE OR REPLACE FUNCTION scorekeeper.next_change(zone_owner text, zone_name text) RETURNS bigint
LANGUAGE sql SET search_path = '' AS $$
  UPDATE scorekeeper.zones AS z SET counter = z.counter + 1, stamp = pg_current_xact_id()
  WHERE z.owner = zone_owner AND z.name = zone_name RETURNING z.counter
$$;

-- A share's settings as record_json gives them.
CREATE OR REPLACE FUNCTION scorekeeper.sharing_json(zone_owner text, zone_name text, share_name text) RETURNS jsonb
LANGUAGE sql STABLE SET search_path = '' AS $$
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

-- NB: Functions that run for every record (this one, now_ms(), the
-- well-formedness checks) carry no SET clause: the planner can then
-- inline them, and a call costs no settings saved and restored, which
-- costs more than the function. They run only inside the API
-- functions, whose empty search_path they inherit (users may not call
-- them), and name everything schema-qualified.
CREATE OR REPLACE FUNCTION scorekeeper.record_json(r scorekeeper.records) RETURNS jsonb
LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'id', jsonb_build_array(r.owner, r.zone, r.name), 'type', r.type,
    'parent', CASE WHEN r.parent IS NOT NULL THEN jsonb_build_array(r.owner, r.zone, r.parent) END,
    'share', CASE WHEN r.share IS NOT NULL THEN jsonb_build_array(r.owner, r.zone, r.share) END,
    'fields', r.fields, 'tag', r.change_tag, 'modified', r.modified_at, 'creator', r.creator,
    'sharing', CASE WHEN r.type = 'cloudkit.share' THEN scorekeeper.sharing_json(r.owner, r.zone, r.name) END)
$$;

-- Whether the user has joined any share in someone else's zone: what
-- puts the zone in their shared database.
CREATE OR REPLACE FUNCTION scorekeeper.can_reach(user_name text, zone_owner text, zone_name text) RETURNS boolean
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT EXISTS (
    SELECT FROM scorekeeper.participants AS p
    WHERE p.owner = zone_owner AND p.zone = zone_name AND p.user_name = can_reach.user_name
      AND p.acceptance = 'accepted')
$$;

-- NB: A private database holds only the user's own zones; a shared one
-- only other users' zones in which the user accepted a share. Anything
-- else is "zone not found": a stranger cannot learn a zone exists.
CREATE OR REPLACE FUNCTION scorekeeper.zone_visible(
  user_name text, scope text, zone_owner text, zone_name text
) RETURNS boolean
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT CASE scope
    WHEN 'private' THEN zone_owner = user_name AND EXISTS (
      SELECT FROM scorekeeper.zones AS z WHERE z.owner = zone_owner AND z.name = zone_name)
    ELSE zone_owner <> user_name AND scorekeeper.can_reach(user_name, zone_owner, zone_name)
  END
$$;

-- What an accepted participant may do under a share; NULL when the
-- user has not joined it (a pending invitation grants nothing yet).
CREATE OR REPLACE FUNCTION scorekeeper.permission(
  user_name text, zone_owner text, zone_name text, share_name text
) RETURNS text
LANGUAGE sql STABLE SET search_path = '' AS $$
  SELECT p.permission FROM scorekeeper.participants AS p
  WHERE p.owner = zone_owner AND p.zone = zone_name AND p.share = share_name
    AND p.user_name = permission.user_name AND p.acceptance = 'accepted'
$$;

-- The share covering a record with this parent and share, walking the
-- parent chain to its root; a share covers itself. loop_at names the
-- record where the chain loops back (the save is refused).
CREATE OR REPLACE FUNCTION scorekeeper.covering_share(
  zone_owner text, zone_name text, record_name text, record_type text, parent_name text,
  share_name text, OUT covering text, OUT loop_at text
) LANGUAGE plpgsql STABLE SET search_path = '' AS $$
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

-- Nil when the user may write under the share covering a record (with
-- this parent and share); otherwise the refusal. created: the fields of
-- the record a save creates; NULL for a change to a stored record, or a
-- delete. (RecordModification's NB comments say why each rule.)
CREATE OR REPLACE FUNCTION scorekeeper.write_refusal(
  user_name text, zone_owner text, zone_name text, record_name text, record_type text,
  parent_name text, share_name text, created jsonb
) RETURNS jsonb
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
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

-- Gives the covering share to a record and everything under it, after
-- its parent or share changed.
CREATE OR REPLACE FUNCTION scorekeeper.refresh_coverage(zone_owner text, zone_name text, record_name text)
RETURNS void LANGUAGE sql SET search_path = '' AS $$
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

-- A new tag (and change number) for a stored record whose contents
-- stay, as the service gives a parent when a child is saved; when
-- set_share, its share reference becomes new_share at the same time.
CREATE OR REPLACE FUNCTION scorekeeper.bump(
  zone_owner text, zone_name text, record_name text, set_share boolean DEFAULT false,
  new_share text DEFAULT NULL
) RETURNS void LANGUAGE plpgsql SET search_path = '' AS $$
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

-- Notes that these users' access to the zone changed, so their shared
-- database reports it (as changed if they still reach it, else gone).
CREATE OR REPLACE FUNCTION scorekeeper.record_access_change(
  user_names text[], zone_owner text, zone_name text
) RETURNS void LANGUAGE sql SET search_path = '' AS $$
  INSERT INTO scorekeeper.access_changes AS a (user_name, owner, zone)
  SELECT DISTINCT u, zone_owner, zone_name FROM unnest(user_names) AS u
  ON CONFLICT (user_name, owner, zone) DO UPDATE SET stamp = pg_current_xact_id()
$$;

-- Deletes a record, leaving a tombstone for every reader.
CREATE OR REPLACE FUNCTION scorekeeper.delete_record(
  zone_owner text, zone_name text, record_name text, record_type text
) RETURNS void LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE
  change bigint := scorekeeper.next_change(zone_owner, zone_name);
BEGIN
  DELETE FROM scorekeeper.records AS r
  WHERE r.owner = zone_owner AND r.zone = zone_name AND r.name = record_name;
  INSERT INTO scorekeeper.tombstones AS t (owner, zone, name, type, deleted_at)
  VALUES (zone_owner, zone_name, record_name, record_type, change)
  ON CONFLICT (owner, zone, name) DO UPDATE SET type = excluded.type, deleted_at = excluded.deleted_at;
END $$;

-- Deletes a share: its root becomes unshared (with a new tag), and
-- everyone who had joined loses access.
CREATE OR REPLACE FUNCTION scorekeeper.delete_share(zone_owner text, zone_name text, share_name text)
RETURNS void LANGUAGE plpgsql SET search_path = '' AS $$
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

RESET ROLE;
