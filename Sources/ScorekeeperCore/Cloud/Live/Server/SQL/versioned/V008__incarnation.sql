-- Version 8: the server's incarnation (issue 50). Which history of the
-- server a change token belongs to: a random value, replaced when that
-- history may have gone back (`server install --after-restore`, the step
-- after a restore from a backup). Tokens carry it and the WAL timeline,
-- which a promotion changes; a token of another incarnation is refused
-- as history that went back, and its client repairs.

SET LOCAL ROLE :"owner";

ALTER TABLE scorekeeper.server
  ADD COLUMN history text NOT NULL DEFAULT replace(gen_random_uuid()::text, '-', '');

RESET ROLE;
