#!/usr/bin/env bash
# Builds the libFuzzer targets (with AddressSanitizer) and runs each for a bounded time;
# exits non-zero when a target crashes, leaks, times out on an input, or did not fuzz.
#
#   FuzzTesting/run.sh all 10              # every target, 10 s each (CI)
#   FuzzTesting/run.sh FuzzCapture 900     # one target, 15 minutes
#   FuzzTesting/run.sh --help              # this text (an unknown target: exit 64)
#
# Targets: FuzzTLSWire FuzzCapture FuzzCredentials FuzzTrust FuzzKeyLog FuzzKnownHosts FuzzDNS. Each run starts from a copy
# of Corpus/TARGET in .build/corpus/TARGET (kept between runs, never committed; delete it
# to start over) and writes a crashing input to .build/artifacts/TARGET/. A crash becomes
# a regression test in the main test suite before it is fixed (README: Development).
# FUZZ_JOBS=N runs N workers per target (default 1; the machine has 2 cores).
set -euo pipefail

# The comment above, without its `# `.
usage() { awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"; }
case "${1:-}" in -h|--help) usage; exit 0 ;; esac
cd "$(dirname "$0")"

targets=(FuzzTLSWire FuzzCapture FuzzCredentials FuzzTrust FuzzKeyLog FuzzKnownHosts FuzzDNS)
what=${1:-all}
seconds=${2:-20}
if [ "$what" != all ]; then
  # Compared as strings: a name that looks like an option (`--help`, `-e`) is not a pattern.
  known=no
  for target in "${targets[@]}"; do [ "$target" = "$what" ] && known=yes; done
  if [ "$known" != yes ]; then
    echo "run.sh: unknown target '$what'; targets: ${targets[*]} or all (run.sh --help)" >&2
    exit 64
  fi
  targets=("$what")
fi

# libFuzzer needs --sanitize=fuzzer on the whole build: with only -Xswiftc it links a main
# that exits 0 without fuzzing (docs/NOTES.md). And SwiftPM hands swiftc the two
# sanitizers as two options, `-sanitize=fuzzer -sanitize=address`, of which the driver
# keeps only the last: the Swift code would get AddressSanitizer but no coverage counters
# (libFuzzer would then see only swift-crypto's C code). The combined option, last, fixes
# that; run.sh checks below that the Swift code is instrumented.
flags=(--sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address)
echo "== fuzz: build (${targets[*]})" >&2
build_started=$(date +%s)
products=()
[ "$what" = all ] || products=(--product "$what")
# gold warns once per AddressSanitizer helper symbol it cannot export: hundreds of lines.
swift build "${flags[@]}" "${products[@]}" 2>&1 | { grep -v "ld.gold: warning: Cannot export local symbol" || true; }
echo "== fuzz: built in $(( $(date +%s) - build_started )) s" >&2
bin=$(swift build "${flags[@]}" --show-bin-path)
if [ "$(objdump -h "$bin/TLSWire.build/RecordParser.swift.o" | grep -c __sancov_cntrs)" -eq 0 ]; then
  echo "run.sh: the Swift code was built without coverage counters: libFuzzer would fuzz blind" >&2
  exit 1
fi

export SWIFT_BACKTRACE=enable=no
# Leaks: libFuzzer checks after every input that allocated more than it freed, and that
# is the check that counts. The check at exit is off: OpenSSL's cleanup at exit leaves
# what it allocated loading the legacy provider (PKCS#12 RC2/3DES; docs/NOTES.md), and
# libcrypto has no frame pointers, so the fast unwinder's stacks stop inside it and the
# `leak:OSSL_PROVIDER_try_load` suppression (lsan.supp) cannot match them.
export LSAN_OPTIONS=suppressions=$PWD/lsan.supp:print_suppressions=0
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:leak_check_at_exit=0}

failed=()
summary=()
for target in "${targets[@]}"; do
  work=.build/corpus/$target
  artifacts=.build/artifacts/$target/
  mkdir -p "$work" "$artifacts"
  log=.build/fuzz-$target.log
  echo "== fuzz: $target for $seconds s" >&2
  status=0
  # -timeout: an input that takes this long is a hang (the slowest legitimate input, a
  # PKCS#12 file at the 10,000,000-iteration cap, takes a few seconds).
  parallel=()
  [ "${FUZZ_JOBS:-1}" -gt 1 ] && parallel=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
  "$bin/$target" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=2048 -print_final_stats=1 \
    "${parallel[@]}" -artifact_prefix="$artifacts" "$work" "Corpus/$target" >"$log" 2>&1 || status=$?
  if [ ${#parallel[@]} -gt 0 ]; then cat fuzz-*.log >>"$log" 2>/dev/null; rm -f fuzz-*.log; fi
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | awk '{s+=$1} END {print s+0}')
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | awk '{s+=$1} END {print s+0}')
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corpus=$(find "$work" -type f | wc -l)
  line="$target: ${seconds} s, $runs runs, $speed exec/s, cov ${cov:-?}, ft ${ft:-?}, corpus $corpus"
  if [ "$status" -ne 0 ] || grep -qE '^==[0-9]+==ERROR|^SUMMARY: |deadly signal|Fatal error' "$log"; then
    failed+=("$target")
    echo "FAIL $line (exit $status); the end of $log:" >&2
    tail -40 "$log" >&2
    ls -1 "$artifacts" >&2 || true
  elif [ "$runs" -eq 0 ]; then
    # A binary linked without the fuzzer runtime runs nothing and exits 0.
    failed+=("$target")
    echo "FAIL $target: no input was executed (was it built with --sanitize=fuzzer?)" >&2
  else
    echo "ok   $line" >&2
  fi
  summary+=("$line")
done

echo "== fuzz: summary" >&2
printf '%s\n' "${summary[@]}" >&2
echo "fuzz: $(( ${#targets[@]} - ${#failed[@]} )) passed, ${#failed[@]} failed"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: failed: ${failed[*]}" >&2
  exit 1
fi
