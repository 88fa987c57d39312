#!/usr/bin/env bash
# Installs the system packages the build and tests need, only when they are
# missing: libsqlite3-dev (headers and library for the CScorekeeperSQLite
# target), pkg-config (how SwiftPM finds them), libpq-dev (libpq's header for
# CScorekeeperPQ, and the libpq5 library live mode loads), postgresql (the
# throwaway servers the live-mode tests start) and e2fsprogs (chattr, with
# which tests make a file unwritable even for root), man-db and groff-base
# (man and groff, with which a test renders the manual page) and bsdutils
# (script, which runs the binary on a pseudo-terminal for the terminal
# tests) and openssl (the throwaway server's TLS certificate, for the tests
# of a certificate the client does not trust) and python3 (whose csv module
# reads the CSV exports back, a reader that is not ours) and tzdata (the
# time zones `import --time-zone` reads a BG Stats file's times in). With --test, also
# chromium (the browser that loads serve's page in the scoreboard's tests)
# and pgbouncer (the pooler in transaction mode the live tests run through).
# With --bench, also the sqlite3 command-line tool the benchmarks compare
# against, pgbouncer, and strace (which counts a command's flushes to disk
# and makes a disk slow by delaying each).
set -euo pipefail

packages=()
dpkg -s libsqlite3-dev >/dev/null 2>&1 || packages+=(libsqlite3-dev)
command -v pkg-config >/dev/null 2>&1 || packages+=(pkg-config)
dpkg -s libpq-dev >/dev/null 2>&1 || packages+=(libpq-dev)
dpkg -s postgresql >/dev/null 2>&1 || packages+=(postgresql)
command -v chattr >/dev/null 2>&1 || packages+=(e2fsprogs)
command -v man >/dev/null 2>&1 || packages+=(man-db)
command -v groff >/dev/null 2>&1 || packages+=(groff-base)
command -v script >/dev/null 2>&1 || packages+=(bsdutils)
command -v openssl >/dev/null 2>&1 || packages+=(openssl)
command -v python3 >/dev/null 2>&1 || packages+=(python3)
[[ -e /usr/share/zoneinfo/Europe/Berlin ]] || packages+=(tzdata)
if [[ "${1:-}" == "--test" ]]; then
  [[ -x /usr/bin/chromium ]] || packages+=(chromium)
fi
if [[ "${1:-}" == "--test" || "${1:-}" == "--bench" ]]; then
  [[ -x /usr/sbin/pgbouncer ]] || packages+=(pgbouncer)
fi
if [[ "${1:-}" == "--bench" ]]; then
  command -v sqlite3 >/dev/null 2>&1 || packages+=(sqlite3)
  [[ -x /usr/bin/time ]] || packages+=(time)
  command -v strace >/dev/null 2>&1 || packages+=(strace)
fi

if ((${#packages[@]})); then
  echo "Installing missing packages: ${packages[*]}" >&2
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}"
fi

if ! command -v swift >/dev/null 2>&1 && [[ ! -x /opt/swift/usr/bin/swift ]]; then
  echo "No Swift toolchain found (neither on PATH nor at /opt/swift). Install Swift 6 from swift.org." >&2
  exit 1
fi
