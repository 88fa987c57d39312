-- Version 1: the schema, its owner and users roles, and the server's
-- identity. Nobody but the owner may create anything in the schema, and
-- PUBLIC may run none of its functions (PostgreSQL grants EXECUTE on new
-- functions to PUBLIC unless told otherwise). Run as the administrator
-- who installs; every later file runs as the owner role.

CREATE ROLE :"owner" NOLOGIN;
CREATE ROLE :"users" NOLOGIN;
GRANT :"owner" TO CURRENT_USER;
ALTER SCHEMA scorekeeper OWNER TO :"owner";
REVOKE ALL ON SCHEMA scorekeeper FROM PUBLIC;
GRANT USAGE ON SCHEMA scorekeeper TO :"users";
ALTER DEFAULT PRIVILEGES FOR ROLE :"owner" REVOKE EXECUTE ON FUNCTIONS FROM PUBLIC;
CREATE TABLE scorekeeper.server (
  onlyRow boolean PRIMARY KEY DEFAULT true CHECK (onlyRow),
  -- The cluster's system identifier and the database's name: what a
  -- client binds to (a path or a host name can lead elsewhere).
  identity text NOT NULL
);
INSERT INTO scorekeeper.server (identity)
SELECT 'postgres-' || system_identifier || '/' || current_database() FROM pg_control_system();
ALTER TABLE scorekeeper.server OWNER TO :"owner";
GRANT SELECT ON scorekeeper.server TO :"users";
