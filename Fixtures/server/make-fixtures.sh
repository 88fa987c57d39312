#!/bin/sh
# Remakes the server fixtures in this folder from git history, on a
# PostgreSQL cluster an administrator can reach through PGHOST/PGPORT/PGUSER
# (a throwaway one: it creates databases and roles named fixture_*).
#
# Each fixture is the server side as a past scorekeeper installed it: the
# SQL of each version at a commit (from-history.py), applied as that
# commit's `server install` did (schema, ledger without checksums, each
# version's statements, the ledger owned by the owner role), then dumped:
# pg_dump --schema-only, and the ledger's and the server's rows. Role names
# become the psql variables :"owner" and :"users", so a test restores a
# fixture into a database of its own with psql -v owner=… -v users=….
# Written once; the test that upgrades them is ServerFixtureTests.
set -eu
cd "$(dirname "$0")"
here=$(pwd)
root=$(git rev-parse --show-toplevel)

make_fixture() {  # NAME COMMIT VERSIONS...
  name=$1 commit=$2
  shift 2
  db=fixture_$(echo "$name" | tr -c 'a-z0-9\n' '_')
  psql -q -X -v ON_ERROR_STOP=1 -d postgres -c "DROP DATABASE IF EXISTS $db" \
    -c "DROP ROLE IF EXISTS ${db}_owner" -c "DROP ROLE IF EXISTS ${db}_users" -c "CREATE DATABASE $db"
  {
    echo "BEGIN;"
    echo "CREATE SCHEMA scorekeeper;"
    echo "CREATE TABLE scorekeeper.migrations (version int PRIMARY KEY, identifier text NOT NULL, appliedAt timestamptz NOT NULL DEFAULT now());"
    for version in "$@"; do
      (cd "$root" && python3 "$here/from-history.py" "$commit" "$version")
      identifier=$(case $version in 1) echo roles ;; 2) echo cloud ;; 3) echo assets ;; esac)
      echo "INSERT INTO scorekeeper.migrations (version, identifier, appliedAt) VALUES ($version, '$identifier', '2026-11-24 00:00:00+00');"
    done
    echo "ALTER TABLE scorekeeper.migrations OWNER TO {owner};"
    echo "UPDATE scorekeeper.server SET identity = 'fixture';"
    echo "COMMIT;"
  } | sed "s/{owner}/\"${db}_owner\"/g; s/{users}/\"${db}_users\"/g" | psql -q -X -v ON_ERROR_STOP=1 -d "$db" >/dev/null
  {
    echo "-- The server side as scorekeeper at $commit installed versions $* (make-fixtures.sh)."
    pg_dump --schema-only -d "$db"
    pg_dump --data-only --inserts -t scorekeeper.migrations -t scorekeeper.server -d "$db"
  } | grep -v '^\\\(un\)\?restrict ' \
    | sed "s/\"\?${db}_owner\"\?/:\"owner\"/g; s/\"\?${db}_users\"\?/:\"users\"/g" >"$name.sql"
  psql -q -X -d postgres -c "DROP DATABASE $db" -c "DROP ROLE ${db}_owner" -c "DROP ROLE ${db}_users"
}

# Version 1 never changed. Version 2 changed several times after `server
# install` shipped (d539bfb): its first and its last form are kept. Version
# 3 likewise (4c5d4a1, then d49108f, which is what installs until the SQL
# became files).
make_fixture v1 d539bfb 1
make_fixture v2-first d539bfb 1 2
make_fixture v2-last 978d24c 1 2
make_fixture v3-first 4c5d4a1 1 2 3
make_fixture v3-last d49108f 1 2 3
