-- Switches for test servers only: applied after `server install` to the
-- template every test's cloud database is copied from, never by the
-- program. Each replaces a function the shipped SQL defines.

SET LOCAL ROLE :"owner";

-- Share links numbered in the order issued instead of random, as the mock
-- numbers them, so golden transcripts hold the same links on both clouds.
-- Counted in the transaction: a rolled-back share takes none.
ALTER TABLE scorekeeper.server ADD COLUMN links_issued bigint NOT NULL DEFAULT 0;
CREATE OR REPLACE FUNCTION scorekeeper.new_link() RETURNS text
LANGUAGE sql VOLATILE SET search_path = '' AS $$
  UPDATE scorekeeper.server SET links_issued = links_issued + 1
  RETURNING 'https://share.scorekeeper.invalid/' || lpad(to_hex(links_issued), 32, '0')
$$;

-- A session with scorekeeper.one_by_one on saves every record one by one,
-- so a test can compare the two ways of saving a zone.
CREATE OR REPLACE FUNCTION scorekeeper.may_save_at_once() RETURNS boolean
LANGUAGE sql STABLE AS $$ SELECT current_setting('scorekeeper.one_by_one', true) IS DISTINCT FROM 'on' $$;

RESET ROLE;
