#!/usr/bin/env bash
# The whole test suite under AddressSanitizer (LeakSanitizer included), built in its own
# scratch path so the ordinary .build stays as it is. The end-to-end tests run the
# instrumented tlsprobe too; a leak or memory error in it fails the test that ran it.
#
#   Tests/run-asan.sh
set -euo pipefail
cd "$(dirname "$0")/.."

Tests/install-packages.sh libssl-dev libpcap-dev openssl curl pkg-config tcpdump

echo "== build (AddressSanitizer, .build-asan)" >&2
swift build --build-tests --sanitize=address --scratch-path .build-asan

echo "== tests (AddressSanitizer)" >&2
# TLSPROBE_ASAN: the tests skip their peak-memory checks (shadow memory, quarantine).
# fast_unwind_on_malloc=0: libcrypto has no frame pointers, and without full stacks the
# one suppression (OpenSSL's legacy provider, FuzzTesting/lsan.supp) cannot match.
export TLSPROBE_ASAN=1 SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS=suppressions=$PWD/FuzzTesting/lsan.supp:print_suppressions=0
# The test process runs without leak checking (Foundation.Process, swift-testing and XCTest
# hold memory at exit); every tlsprobe it starts checks for leaks (TestSupport's Run sets
# ASAN_OPTIONS from TLSPROBE_CHILD_ASAN_OPTIONS before starting the first).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:fast_unwind_on_malloc=0}
export TLSPROBE_CHILD_ASAN_OPTIONS=${TLSPROBE_CHILD_ASAN_OPTIONS:-detect_leaks=1:fast_unwind_on_malloc=0}
swift test --skip-build --sanitize=address --scratch-path .build-asan
