-- Notifications (V005__channels.sql says why they carry nothing and go to
-- secret channel names): a user asks for their channel and LISTENs on it;
-- every change to a zone notifies its owner's channel and those of the
-- users who accepted a share in it; a change of access notifies the user
-- concerned. NOTIFY is sent at commit, once per channel per transaction.

SET LOCAL ROLE :"owner";

DROP POLICY IF EXISTS own ON scorekeeper.channels;
CREATE POLICY own ON scorekeeper.channels FOR SELECT USING (user_name = session_user);
GRANT SELECT ON scorekeeper.channels TO :"users";

-- The caller's channel, made on first use from the server's strong random
-- source (as share links are).
CREATE OR REPLACE FUNCTION scorekeeper.my_channel() RETURNS jsonb
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
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
GRANT EXECUTE ON FUNCTION scorekeeper.my_channel() TO :"users";

-- Tells those who may read the zone (a row of zones or deleted_zones)
-- that it changed.
CREATE OR REPLACE FUNCTION scorekeeper.notify_zone_readers() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  PERFORM pg_notify(c.channel, '') FROM scorekeeper.channels AS c
  WHERE c.user_name = NEW.owner OR c.user_name IN (
    SELECT p.user_name FROM scorekeeper.participants AS p
    WHERE p.owner = NEW.owner AND p.zone = NEW.name AND p.acceptance = 'accepted');
  RETURN NULL;
END $$;

-- Tells a user that their access to a zone changed (a row of access_changes).
CREATE OR REPLACE FUNCTION scorekeeper.notify_access_change() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
BEGIN
  PERFORM pg_notify(c.channel, '') FROM scorekeeper.channels AS c WHERE c.user_name = NEW.user_name;
  RETURN NULL;
END $$;

DROP TRIGGER IF EXISTS notify_readers ON scorekeeper.zones;
CREATE TRIGGER notify_readers AFTER INSERT OR UPDATE ON scorekeeper.zones
  FOR EACH ROW EXECUTE FUNCTION scorekeeper.notify_zone_readers();
DROP TRIGGER IF EXISTS notify_readers ON scorekeeper.deleted_zones;
CREATE TRIGGER notify_readers AFTER INSERT OR UPDATE ON scorekeeper.deleted_zones
  FOR EACH ROW EXECUTE FUNCTION scorekeeper.notify_zone_readers();
DROP TRIGGER IF EXISTS notify_user ON scorekeeper.access_changes;
CREATE TRIGGER notify_user AFTER INSERT OR UPDATE ON scorekeeper.access_changes
  FOR EACH ROW EXECUTE FUNCTION scorekeeper.notify_access_change();

RESET ROLE;
