#!/usr/bin/env bash
# Benchmark (not a test): how `tlsprobe explain`'s time grows with the text it is given.
# Matching is linear in the text: ExplainScalingTests checks it by counting the matcher's
# comparisons; this times it.
#
#   Tests/Benchmarks/explain-scaling.sh [RUNS]            (default 5 runs of each)
#   TLSPROBE=/path/to/tlsprobe Tests/Benchmarks/explain-scaling.sh   (a binary built elsewhere)
#
# The product is measured as `make` builds it: release, with the options of
# Scripts/release-flags.sh.
#
# Measured: `tlsprobe explain` with 100 and with 1,000 arguments, each argument 30 copies of
# "X509_V_ERR_CERT_HAS_EXPIRED -9813" (6,000 and 60,000 codes; the old matcher, which
# compared every hit with every other, took over a minute on the larger). Wall time from
# bash's EPOCHREALTIME, medians. Ten times the text should take about ten times as long, less
# the start-up; a hundred times means matching became quadratic. The latest figures are in
# docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-5}

if [ -n "${TLSPROBE:-}" ]; then
  tlsprobe=$TLSPROBE
else
  echo "== building tlsprobe (release, static Swift runtime)" >&2
  flags=$(Scripts/release-flags.sh) # the release options, as make builds (one per line, no spaces)
  swift build -c release $flags --product tlsprobe >&2
  tlsprobe="$(swift build -c release $flags --show-bin-path)/tlsprobe"
fi

argument=$(printf 'X509_V_ERR_CERT_HAS_EXPIRED -9813 %.0s' $(seq 30))

# median_ms COUNT: the median wall time (ms) of explain with COUNT copies of $argument.
median_ms() {
  local arguments=() times=() start end
  for _ in $(seq "$1"); do arguments+=("$argument"); done
  "$tlsprobe" explain "${arguments[@]}" >/dev/null # warm up the page cache
  for _ in $(seq "$runs"); do
    start=$EPOCHREALTIME
    "$tlsprobe" explain "${arguments[@]}" >/dev/null
    end=$EPOCHREALTIME
    times+=($(( (${end/./} - ${start/./}) / 1000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'
}

small=$(median_ms 100)
large=$(median_ms 1000)
echo "explain scaling ($("$tlsprobe" --version); $runs runs each, medians)"
printf '  %-32s %8s ms\n' "6,000 codes (100 arguments)" "$small" "60,000 codes (1,000 arguments)" "$large"
awk -v s="$small" -v l="$large" 'BEGIN {printf "  10x the text: %.1fx the time (linear: about 10x or less; quadratic: about 100x)\n", l / (s > 0 ? s : 1)}'
