-- Functions an earlier form of the server had and no file makes any more
-- (signatures changed, or replaced): dropped where they are left, first,
-- so that nothing calls them by mistake. Add a line here when a function
-- goes or its arguments change.

SET LOCAL ROLE :"owner";

DROP FUNCTION IF EXISTS scorekeeper.modify_records(text, jsonb, jsonb, boolean, boolean);
DROP FUNCTION IF EXISTS scorekeeper.modify_zone(text, text, text, text, jsonb, jsonb, boolean);
DROP FUNCTION IF EXISTS scorekeeper.save_record(text, text, boolean, jsonb, text[], text[]);
DROP FUNCTION IF EXISTS scorekeeper.new_link(text);
DROP FUNCTION IF EXISTS scorekeeper.readable_record(text, text, text, text, text);
DROP FUNCTION IF EXISTS scorekeeper.zone_visible(text, text, text, text);
DROP FUNCTION IF EXISTS scorekeeper.write_refusal(text, text, text, text, text, text, text);

RESET ROLE;
