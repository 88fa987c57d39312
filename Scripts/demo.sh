#!/usr/bin/env bash
# What `make run` shows a new user: `scorekeeper demo` on a throwaway
# database and mock cloud, then a second device and a friend joining.
# Each command is printed before it runs, as in a terminal.
set -euo pipefail

binary=${1:?usage: demo.sh PATH-TO-SCOREKEEPER}
workdir=$(mktemp -d "${TMPDIR:-/tmp}/scorekeeper-demo.XXXXXX")
trap 'rm -rf "$workdir"' EXIT
export SCOREKEEPER_DB="$workdir/laptop.sqlite"
# A throwaway mock cloud too, so the demo never touches your own.
export SCOREKEEPER_CLOUD="$workdir/cloud.sqlite"
export SCOREKEEPER_USER=alice
laptop=$SCOREKEEPER_DB

# Prints the command as it would be typed: arguments with spaces quoted,
# and the database and user when they are not the laptop's alice's (the
# phone, the friend), as the variables set before it.
run() {
  local shown=() argument
  [[ $SCOREKEEPER_DB == "$laptop" ]] || shown+=("SCOREKEEPER_DB=$(basename "$SCOREKEEPER_DB")")
  [[ $SCOREKEEPER_USER == alice ]] || shown+=("SCOREKEEPER_USER=$SCOREKEEPER_USER")
  shown+=(scorekeeper)
  for argument in "$@"; do
    if [[ $argument =~ ^[A-Za-z0-9_.,:+=/-]+$ ]]; then shown+=("$argument"); else shown+=("\"$argument\""); fi
  done
  printf '\n$ %s\n' "${shown[*]}"
  "$binary" "$@"
}

echo "A throwaway database and mock cloud in $workdir (removed at the end)."
run demo
run list
run list "Poker night"

echo
echo "Your phone: another database of yours on the same cloud has it all, and its changes come back."
SCOREKEEPER_DB="$workdir/phone.sqlite" run score "Poker night" Dave +300
run history "Poker night"

echo
echo "Every demo player has a photo, and the phone has the same bytes as the laptop."
SCOREKEEPER_DB="$workdir/phone.sqlite" run photo "Poker night" Alice --output "$workdir/alice.png"
"$binary" photo "Poker night" Alice | cmp - "$workdir/alice.png" && echo "(identical on both devices)"

echo
echo "Bob, a friend, joins the shared game with its link, and scores too."
link=$("$binary" share "Poker night" | tail -1)
SCOREKEEPER_DB="$workdir/friend.sqlite" SCOREKEEPER_USER=bob run accept-share "$link"
SCOREKEEPER_DB="$workdir/friend.sqlite" SCOREKEEPER_USER=bob run score "Poker night" Bob +50
run list "Poker night"
run share "Poker night" --participants
run status
printf '\nThe demo'"'"'s folder is removed now, so the commands above that name it no longer work;\n'
printf 'run "scorekeeper demo" on a database of your own (--db, --cloud) to keep one.\n'
printf 'More: %s help\n' "$binary"
