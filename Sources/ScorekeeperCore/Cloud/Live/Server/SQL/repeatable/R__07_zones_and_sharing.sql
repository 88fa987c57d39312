-- Zones, sharing by link, device claims, and the account check: the rest
-- of the API, and the two administration functions.

SET LOCAL ROLE :"owner";

-- Creates and deletes zones: [{"zone": [owner, name], "op", "refusal"?}].
CREATE OR REPLACE FUNCTION scorekeeper.modify_zones(scope text, saves jsonb, deletes jsonb) RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' SET lock_timeout = '2s' AS $$
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

-- What a share link leads to for this user, or why it leads nowhere:
-- {"share", "root", "owner", "permission", "acceptance"}.
CREATE OR REPLACE FUNCTION scorekeeper.link_metadata(user_name text, link text) RETURNS jsonb
LANGUAGE plpgsql STABLE SET search_path = '' AS $$
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
END $$;

CREATE OR REPLACE FUNCTION scorekeeper.share_metadata(link text) RETURNS jsonb
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT scorekeeper.link_metadata(scorekeeper.caller(), link)
$$;

-- Joins the share behind the link (read again: it may have changed
-- since the metadata); returns the share record as stored.
CREATE OR REPLACE FUNCTION scorekeeper.accept_share(link text) RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' SET lock_timeout = '2s' AS $$
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

-- Records that the device makes its changes from the database
-- `holder`, unless one is on record already; returns the one on record.
CREATE OR REPLACE FUNCTION scorekeeper.claim_device(id text, holder text) RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
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

CREATE OR REPLACE FUNCTION scorekeeper.account_status() RETURNS jsonb
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT to_jsonb(COALESCE(
    (SELECT a.status FROM scorekeeper.accounts AS a WHERE a.user_name = session_user), 'available'))
$$;

-- The handshake on connecting, kept by every later version: the
-- server side's version and the server's identity.
CREATE OR REPLACE FUNCTION scorekeeper.server_hello() RETURNS jsonb
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT jsonb_build_object(
    'version', (SELECT max(m.version) FROM scorekeeper.migrations AS m),
    'identity', (SELECT s.identity FROM scorekeeper.server AS s))
$$;

-- Administration (for the owner role's members, not users): what a
-- user's operations report, and purging history.
CREATE OR REPLACE FUNCTION scorekeeper.set_account_status(user_name text, status text) RETURNS void
LANGUAGE sql SET search_path = '' AS $$
  DELETE FROM scorekeeper.accounts AS a WHERE a.user_name = set_account_status.user_name;
  INSERT INTO scorekeeper.accounts (user_name, status)
  SELECT set_account_status.user_name, set_account_status.status WHERE status <> 'available';
$$;

-- Purges every tombstone and expires every change token issued so
-- far: readers must fetch again from scratch.
CREATE OR REPLACE FUNCTION scorekeeper.expire_change_tokens() RETURNS void
LANGUAGE sql SET search_path = '' AS $$
  UPDATE scorekeeper.server SET epoch = epoch + 1;
  DELETE FROM scorekeeper.tombstones;
  DELETE FROM scorekeeper.deleted_zones;
  DELETE FROM scorekeeper.access_changes;
$$;

-- A new incarnation of the server (`token_history`): every token issued
-- so far is of the old one, and each client that shows one repairs. For
-- after a restore from a backup (`server install --after-restore`),
-- which keeps the timeline. Never a user's to call: one would make
-- every device of every user send everything again.
CREATE OR REPLACE FUNCTION scorekeeper.history_went_back() RETURNS void
LANGUAGE sql SET search_path = '' AS $$
  UPDATE scorekeeper.server SET history = replace(gen_random_uuid()::text, '-', '')
$$;

GRANT EXECUTE ON FUNCTION scorekeeper.fetch_records(text, jsonb), scorekeeper.zone_changes(text, text, text, text, int),
  scorekeeper.database_changes(text, text), scorekeeper.modify_zones(text, jsonb, jsonb),
  scorekeeper.share_metadata(text), scorekeeper.accept_share(text),
  scorekeeper.claim_device(text, text), scorekeeper.account_status(), scorekeeper.server_hello()
  TO :"users";

RESET ROLE;
