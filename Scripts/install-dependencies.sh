#!/usr/bin/env bash
# Installs the system packages the build needs, only when they are missing:
# libsqlite3-dev (headers and library for the CScorekeeperSQLite target) and
# pkg-config (how SwiftPM finds them). With --bench, also the sqlite3
# command-line tool the benchmarks compare against.
set -euo pipefail

packages=()
dpkg -s libsqlite3-dev >/dev/null 2>&1 || packages+=(libsqlite3-dev)
command -v pkg-config >/dev/null 2>&1 || packages+=(pkg-config)
if [[ "${1:-}" == "--bench" ]]; then
  command -v sqlite3 >/dev/null 2>&1 || packages+=(sqlite3)
  [[ -x /usr/bin/time ]] || packages+=(time)
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
