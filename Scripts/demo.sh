#!/usr/bin/env bash
# A short session on a throwaway database: what `make run` shows a new user.
# Each command is printed before it runs, as in a terminal.
set -euo pipefail

binary=${1:?usage: demo.sh PATH-TO-SCOREKEEPER}
workdir=$(mktemp -d "${TMPDIR:-/tmp}/scorekeeper-demo.XXXXXX")
trap 'rm -rf "$workdir"' EXIT
export SCOREKEEPER_DB="$workdir/demo.sqlite"
# A throwaway mock cloud too, so the demo never touches your own.
export SCOREKEEPER_CLOUD="$workdir/cloud.sqlite"

# Prints the command as it would be typed: arguments with spaces quoted.
run() {
  local shown=() argument
  for argument in "$@"; do
    if [[ $argument =~ ^[A-Za-z0-9_.,:+=/-]+$ ]]; then shown+=("$argument"); else shown+=("\"$argument\""); fi
  done
  printf '\n$ scorekeeper %s\n' "${shown[*]}"
  "$binary" "$@"
}

echo "A throwaway database at $SCOREKEEPER_DB and mock cloud at $SCOREKEEPER_CLOUD"
echo "(both removed at the end)."
run add-game "Poker night"
run add-player "Poker night" Alice
run add-player "Poker night" Bob --score 10
run add-player "Poker night" Carol
run score "Poker night" Alice +15
run score "Poker night" Carol +10
run add-game "Family gin rummy"
run add-player "Family gin rummy" Grandma --score 120
run list
run list "Poker night" --json

echo
echo "Your phone: another database on the same cloud sees the games, and its changes come back."
export SCOREKEEPER_DB="$workdir/phone.sqlite"
run score "Poker night" Bob +5
export SCOREKEEPER_DB="$workdir/demo.sqlite"
run list "Poker night"
run history "Poker night"
run status
printf '\nMore: %s help\n' "$binary"
