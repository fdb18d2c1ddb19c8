#!/usr/bin/env bash
# The test suite, as the README's quick start and CI run it: installs what is missing
# (as root, with apt-get), builds, runs every test, measures x509-limbo agreement, and runs
# every fuzz target for FUZZ_SECONDS (default 20; 0 skips the fuzzing).
#
#   Tests/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."

Tests/install-packages.sh libssl-dev libpcap-dev openssl curl pkg-config tcpdump

echo "== build" >&2
swift build --build-tests

echo "== tests" >&2
swift test --skip-build

echo "== x509-limbo conformance" >&2
limbo=${LIMBO_JSON:-../shared/corpus/x509-limbo/limbo.json}
if [ -f "$limbo" ]; then
  swift run --skip-build tlsprobe-limbo --min-agreement 90 "$limbo"
else
  echo "x509-limbo corpus not found at $limbo: conformance not measured (set LIMBO_JSON)" >&2
fi

seconds=${FUZZ_SECONDS:-20}
if [ "$seconds" -gt 0 ]; then
  echo "== fuzz smoke: every target for $seconds s (FuzzTesting/run.sh)" >&2
  started=$(date +%s)
  FuzzTesting/run.sh all "$seconds"
  echo "== fuzz smoke took $(( $(date +%s) - started )) s" >&2
fi
