#!/usr/bin/env bash
# The test suite, as the README's quick start and CI run it: installs what is missing
# (as root, with apt-get; Python's jsonschema and aiosmtpd with pip), builds, runs the unit
# tests, then the end-to-end tests once, against the release binary, measures
# x509-limbo agreement, and runs the fuzz smoke beside the release build and the end-to-end
# tests: FUZZ_TARGETS (default FuzzTLSWire, the TLS record and message parsers, whose build
# needs no crypto library; `all` for every target) for FUZZ_SECONDS each (default 5; 0
# skips the fuzzing). Every target at once costs a third build of the whole library under
# sanitizers, which does not fit the suite's 10 minutes on two cores.
#
#   Tests/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."

Tests/install-packages.sh libssl-dev libpcap-dev openssl curl pkg-config tcpdump
# SchemaTests validate real output against docs/schema/ with Python's jsonschema. Debian's
# own python3 refuses pip installs (PEP 668): its python3-jsonschema package then.
if ! python3 -c 'import jsonschema' 2>/dev/null; then
  echo "== installing the Python package jsonschema" >&2
  python3 -m pip install -q jsonschema || Tests/install-packages.sh python3-jsonschema
fi
# WatchCommandTests parse watch's --prometheus file with prometheus_client (PyPI); skipped,
# with a message saying so, when it cannot be installed.
if ! python3 -c 'import prometheus_client' 2>/dev/null; then
  echo "== installing the Python package prometheus_client" >&2
  python3 -m pip install -q prometheus_client || python3 -m pip install -q --break-system-packages prometheus_client \
    || Tests/install-packages.sh python3-prometheus-client \
    || echo "prometheus_client not installed: the --prometheus parse test is skipped" >&2
fi
# StartTLSTests run aiosmtpd (PyPI), a real SMTP server with STARTTLS; skipped, with a
# message saying so, when it cannot be installed.
if ! python3 -c 'import aiosmtpd' 2>/dev/null; then
  echo "== installing the Python package aiosmtpd" >&2
  python3 -m pip install -q aiosmtpd || python3 -m pip install -q --break-system-packages aiosmtpd \
    || Tests/install-packages.sh python3-aiosmtpd || echo "aiosmtpd not installed: its STARTTLS test is skipped" >&2
fi
# BonjourTests run Debian's python3-zeroconf (for /usr/bin/python3) as the mDNS responder
# in a namespace of their own (skipped, saying so, without it).
Tests/install-packages.sh python3-zeroconf || echo "python3-zeroconf not installed: the Bonjour tests are skipped" >&2
# CipherEnumerationTests compare connect --ciphers with sslscan's answer (skipped, saying
# so, without it).
Tests/install-packages.sh sslscan || echo "sslscan not installed: the comparison with it is skipped" >&2
# ScanFieldTests build a network namespace with ip(8) and shape it with nft(8) (skipped,
# saying so, without them or without root).
Tests/install-packages.sh iproute2 nftables || echo "ip/nft not installed: the scan namespace tests are skipped" >&2
# NewClientsTests run gnutls-serv without RFC 5746 secure renegotiation (skipped, saying
# so, without it).
Tests/install-packages.sh gnutls-bin || echo "gnutls-bin not installed: the renegotiation test is skipped" >&2
# HTMLReportTests open --html pages in headless Chromium (skipped, saying so, without it).
# About 80 MB to fetch: installed in the background while the suite builds, waited for
# before the end-to-end tests (the last install here: apt takes one at a time).
chromium_pid=
if [ "$(uname -s)" != Darwin ] && ! dpkg -s chromium >/dev/null 2>&1; then
  Tests/install-packages.sh chromium >&2 &
  chromium_pid=$!
fi

# Each step says when it starts, with the seconds since the suite began (the suite is meant
# to take at most 10 minutes on a 2-core machine).
step() { echo "== [${SECONDS} s] $*" >&2; }

step "format: swift format lint (.swift-format, 120 columns)"
if swift format --version >/dev/null 2>&1; then
  swift format lint --strict --recursive --parallel Sources Tests Package.swift FuzzTesting/Package.swift \
    FuzzTesting/Sources/Fuzz*
else
  echo "swift format is not in this toolchain: the format check is skipped" >&2
fi

step "build"
swift build --build-tests

step "unit tests"
swift test --skip-build --skip EndToEndTests

# The fuzz smoke (its own package and build, with sanitizers) runs beside the release build
# and the end-to-end tests: those wait on servers much of the time, and the two cores stay
# busy. Its output is shown when it ends; it fails the suite as before.
seconds=${FUZZ_SECONDS:-5}
fuzz_targets=${FUZZ_TARGETS:-FuzzTLSWire}
fuzz_pid=
if [ "$seconds" -gt 0 ]; then
  fuzz_log=$(mktemp)
  # In a process group of its own, so that a failing step before it ends it whole (its
  # compiler jobs and fuzzers too), and its log is shown rather than lost.
  trap 'if [ -n "$fuzz_pid" ]; then kill -TERM -- "-$fuzz_pid" 2>/dev/null; cat "$fuzz_log" >&2; fi; rm -f "$fuzz_log"' EXIT
  step "fuzz smoke, beside what follows: $fuzz_targets for $seconds s (FuzzTesting/run.sh)"
  setsid -w FuzzTesting/run.sh "$fuzz_targets" "$seconds" >"$fuzz_log" 2>&1 &
  fuzz_pid=$!
  fuzz_started=$SECONDS
  # The tests' few time bounds (a timeout must end a run) get room while it shares the cores.
  export TLSPROBE_TEST_SLOWNESS=3
fi

if [ -n "$chromium_pid" ]; then
  wait "$chromium_pid" || echo "chromium not installed: the --html browser tests are skipped" >&2
  chromium_pid=
fi

# The end-to-end tests run the binary a user installs: a release build with the options
# `make` uses (Scripts/release-flags.sh). RELEASE_TESTS=0 runs them against the debug
# build instead, which skips the release build.
if [ "${RELEASE_TESTS:-1}" != 0 ]; then
  step "end-to-end tests against the release binary (as make builds it)"
  flags=$(Scripts/release-flags.sh)
  # shellcheck disable=SC2086 # one option per line, none with spaces
  swift build -c release $flags --product tlsprobe
  # shellcheck disable=SC2086
  release_bin="$(swift build -c release $flags --show-bin-path)/tlsprobe"
  TLSPROBE_TEST_BINARY=$release_bin swift test --skip-build --filter EndToEndTests
else
  step "end-to-end tests against the debug binary"
  swift test --skip-build --filter EndToEndTests
fi

step "x509-limbo conformance, of the library and of the verify command line"
limbo=${LIMBO_JSON:-../shared/corpus/x509-limbo/limbo.json}
if [ -f "$limbo" ]; then
  # `tlsprobe verify` is run on every case the library judges: the binary the end-to-end
  # tests ran (the release build, or with RELEASE_TESTS=0 the debug one).
  limbo_binary=${release_bin:-$(swift build --show-bin-path)/tlsprobe}
  swift run --skip-build tlsprobe-limbo --min-agreement 90 --binary "$limbo_binary" "$limbo"
else
  echo "x509-limbo corpus not found at $limbo: conformance not measured (set LIMBO_JSON)" >&2
fi

if [ -n "$fuzz_pid" ]; then
  step "fuzz smoke: waiting for it"
  fuzz_status=0
  wait "$fuzz_pid" || fuzz_status=$?
  fuzz_pid=
  cat "$fuzz_log" >&2
  echo "== fuzz smoke took $((SECONDS - fuzz_started)) s beside the rest (status $fuzz_status)" >&2
  [ "$fuzz_status" = 0 ] || exit "$fuzz_status"
fi
step "done"
