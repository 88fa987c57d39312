#!/bin/bash
# Makes a mock cloud fixture with the scorekeeper binary of the version it
# is for (built from that version's commit; see README.md):
#   make-fixture.sh BINARY OUT.sqlite
# The same story at every version: ann keeps "Hearts" (Ann, Bob; a removed
# player; a photo where the version has photos) and shares it with bob, who
# scores in it and keeps "Chess"; ann deleted "Gone" after it was sent, and
# syncs from two devices.
set -euo pipefail
binary=$(realpath "$1")
out=$(realpath -m "$2")
here=$(cd "$(dirname "$0")" && pwd)
[ ! -e "$out" ] || { echo "$out exists; fixtures are never rewritten" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Test-only variables of versions that gate them; harmless before.
export SCOREKEEPER_TESTING=1 TZ=UTC
unset SCOREKEEPER_DB SCOREKEEPER_CLOUD SCOREKEEPER_USER SCOREKEEPER_OFFLINE
sk() {
  local device=$1 user=$2
  shift 2
  "$binary" --cloud "$out" --db "$work/$device.sqlite" --user "$user" "$@"
}
sk ann1 ann add-game Hearts >/dev/null
sk ann1 ann add-player Hearts Ann >/dev/null
sk ann1 ann add-player Hearts Bob >/dev/null
sk ann1 ann score Hearts Ann +5 >/dev/null
sk ann1 ann score Hearts Bob -3 >/dev/null
sk ann1 ann add-player Hearts Cy >/dev/null
# Versions that ask first take --force; the others refuse it.
force=$("$binary" help remove-player | grep -q -- --force && echo --force || true)
sk ann1 ann remove-player Hearts Cy $force >/dev/null
sk ann1 ann add-game Gone >/dev/null
sk ann1 ann add-player Gone Zed >/dev/null
sk ann1 ann delete-game Gone --force >/dev/null
if "$binary" help set-photo >/dev/null 2>&1; then
  sk ann1 ann set-photo Hearts Ann "$here/photo.png" >/dev/null
fi
link=$(sk ann1 ann share Hearts | grep -o 'https://[^ ]*' | head -1)
sk bob1 bob accept-share "$link" >/dev/null
sk bob1 bob score Hearts Bob +4 >/dev/null
sk bob1 bob add-game Chess >/dev/null
sk bob1 bob add-player Chess Bob >/dev/null
sk ann2 ann sync >/dev/null
sk ann1 ann sync >/dev/null
sk ann1 ann list Hearts
# One self-contained file, as the program leaves it between commands.
sqlite3 "$out" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null
# Binaries from issue 51 on keep a mark beside the file, naming its log and
# this very file (its inode): a fixture is copied, so the mark would name
# another file. Without it the log starts afresh, as for any copy.
rm -f "$out-wal" "$out-checkpoint"
