-- Version 4: repairs, and no test switches. Version 2 was shipped in
-- more than one form (its SQL was assembled at run time then, and edited
-- after it shipped), and a server installed with the first form differs
-- from V002__cloud.sql, the last: here each difference is mended where it
-- is found, and nothing changes elsewhere. Fixtures/server/ holds both
-- forms, and ServerFixtureTests checks that each upgrades to a fresh
-- install's schema. (Functions the first form had and no file makes any
-- more go in R__00_retired.sql.)

SET LOCAL ROLE :"owner";

-- Earlier forms switched share links to numbers in the order issued, for
-- tests, with two columns here: the program holds no test switches now
-- (tests install theirs from Tests/ThrowawayPostgres/test-switches.sql).
ALTER TABLE scorekeeper.server DROP COLUMN IF EXISTS sequential_links, DROP COLUMN IF EXISTS links_issued;

-- Records' zones are kept by the write functions, not a foreign key (which
-- cost a trigger per record saved).
ALTER TABLE scorekeeper.records DROP CONSTRAINT IF EXISTS records_owner_zone_fkey;

-- Only shared records are indexed by their covering share.
DO $$
BEGIN
  IF EXISTS (
    SELECT FROM pg_catalog.pg_index AS i
    WHERE i.indexrelid = 'scorekeeper.records_covering'::regclass AND i.indpred IS NULL
  ) THEN
    DROP INDEX scorekeeper.records_covering;
    CREATE INDEX records_covering ON scorekeeper.records (owner, zone, covering_share)
      WHERE covering_share IS NOT NULL;
  END IF;
END
$$;

-- The type saving a zone at once reads its rows as.
DO $$
BEGIN
  IF to_regtype('scorekeeper.save_item') IS NULL THEN
    CREATE TYPE scorekeeper.save_item AS (
      ordinal bigint, r jsonb, name text, type text, parent text, share text, tag text,
      existing scorekeeper.records, stored_parent scorekeeper.records, stored_share scorekeeper.records
    );
  END IF;
END
$$;

RESET ROLE;
