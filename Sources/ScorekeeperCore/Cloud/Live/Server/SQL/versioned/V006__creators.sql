-- Version 6: who created each record (issue 49), as CloudKit's
-- creatorUserRecordID: the session's user when the record was first
-- saved, set by the save functions (never from the request) and kept by
-- every later save. Records saved before have none ("unknown").

SET LOCAL ROLE :"owner";

ALTER TABLE scorekeeper.records ADD COLUMN creator text;

RESET ROLE;
