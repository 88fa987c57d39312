-- Who reads what: the caller's accepted shares, every table's policies,
-- and the users' SELECT grants. Re-applied whenever this text changes.

SET LOCAL ROLE :"owner";

-- The caller's accepted shares, for the policies. A definer function:
-- a policy on participants cannot read participants without recursing.
-- Policies call it as an uncorrelated IN (SELECT ...), evaluated once
-- per query, not once per row.
CREATE OR REPLACE FUNCTION scorekeeper.accepted_shares()
RETURNS TABLE (owner text, zone text, share text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = '' AS $$
  SELECT p.owner, p.zone, p.share FROM scorekeeper.participants AS p
  WHERE p.user_name = session_user AND p.acceptance = 'accepted'
$$;
GRANT EXECUTE ON FUNCTION scorekeeper.accepted_shares() TO :"users";

DROP POLICY IF EXISTS own ON scorekeeper.accounts;
CREATE POLICY own ON scorekeeper.accounts FOR SELECT USING (user_name = session_user);
DROP POLICY IF EXISTS own ON scorekeeper.devices;
CREATE POLICY own ON scorekeeper.devices FOR SELECT USING (user_name = session_user);
DROP POLICY IF EXISTS readable ON scorekeeper.zones;
CREATE POLICY readable ON scorekeeper.zones FOR SELECT USING (
  owner = session_user
  OR (owner, name) IN (SELECT a.owner, a.zone FROM scorekeeper.accepted_shares() AS a));
DROP POLICY IF EXISTS own ON scorekeeper.deleted_zones;
CREATE POLICY own ON scorekeeper.deleted_zones FOR SELECT USING (owner = session_user);
DROP POLICY IF EXISTS readable ON scorekeeper.records;
CREATE POLICY readable ON scorekeeper.records FOR SELECT USING (
  owner = session_user
  OR (owner, zone, covering_share) IN (SELECT * FROM scorekeeper.accepted_shares()));
DROP POLICY IF EXISTS readable ON scorekeeper.shares;
CREATE POLICY readable ON scorekeeper.shares FOR SELECT USING (
  owner = session_user OR (owner, zone, name) IN (SELECT * FROM scorekeeper.accepted_shares()));
DROP POLICY IF EXISTS readable ON scorekeeper.participants;
CREATE POLICY readable ON scorekeeper.participants FOR SELECT USING (
  owner = session_user OR (owner, zone, share) IN (SELECT * FROM scorekeeper.accepted_shares()));
DROP POLICY IF EXISTS own ON scorekeeper.access_changes;
CREATE POLICY own ON scorekeeper.access_changes FOR SELECT USING (user_name = session_user);
DROP POLICY IF EXISTS readable ON scorekeeper.tombstones;
CREATE POLICY readable ON scorekeeper.tombstones FOR SELECT USING (
  owner = session_user
  OR (owner, zone) IN (SELECT a.owner, a.zone FROM scorekeeper.accepted_shares() AS a));
DROP POLICY IF EXISTS readable ON scorekeeper.assets;
CREATE POLICY readable ON scorekeeper.assets FOR SELECT USING (EXISTS (
  SELECT FROM scorekeeper.records AS r
  WHERE r.owner = assets.owner AND r.zone = assets.zone AND r.name = assets.record));

GRANT SELECT ON scorekeeper.accounts, scorekeeper.devices, scorekeeper.zones,
  scorekeeper.deleted_zones, scorekeeper.records, scorekeeper.shares, scorekeeper.participants,
  scorekeeper.access_changes, scorekeeper.tombstones TO :"users";
GRANT SELECT ON scorekeeper.assets TO :"users";

RESET ROLE;
