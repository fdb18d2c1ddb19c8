#!/usr/bin/env bash
# Benchmark (not a test): tlsprobe's start-up beside `openssl version` in the same run
# (medians, ratios, peak RSS).
#
#   Tests/Benchmarks/startup-vs-openssl.sh [RUNS]      (default 200 runs of each)
#   TLSPROBE=/path/to/tlsprobe Tests/Benchmarks/startup-vs-openssl.sh   (a binary built elsewhere)
#   TLSPROBE_BEFORE=/path/to/older/tlsprobe ...   (also times that binary, interleaved: before/after)
#
# The product is measured as `make` builds it: release, with the options of
# Scripts/release-flags.sh.
#
# Measured, each run interleaved with the others so drift hits all alike:
#   A  tlsprobe --version                  (prints tlsprobe's and OpenSSL's versions)
#   B  tlsprobe explain unknown_ca         (a code looked up in the catalogue, text output)
#   C  tlsprobe explain -9813 --json       (an Apple OSStatus, JSON output)
#   D  openssl version                     (loads libssl and libcrypto and prints)
#   E  /bin/true                           (what starting any process costs here)
# Wall time from bash's EPOCHREALTIME (microseconds, fork and exec included), peak RSS from
# GNU time (%M, KiB) on a separate pass (running under time adds its own start-up).
# The latest figures, with the command that made them: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-200}

command -v openssl >/dev/null || { echo "openssl is needed (apt-get install -y openssl)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "GNU time is needed for peak RSS (apt-get install -y time)" >&2; exit 2; }

if [ -n "${TLSPROBE:-}" ]; then
  tlsprobe=$TLSPROBE
else
  echo "== building tlsprobe (release, static Swift runtime)" >&2
  flags=$(Scripts/release-flags.sh) # the release options, as make builds (one per line, no spaces)
  swift build -c release $flags --product tlsprobe >&2
  tlsprobe="$(swift build -c release $flags --show-bin-path)/tlsprobe"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT TERM

# time_one NAME CMD...: appends the wall time of one run of CMD (microseconds) to $work/NAME.
time_one() {
  local name=$1; shift
  local start end
  start=$EPOCHREALTIME
  "$@" </dev/null >/dev/null 2>&1 || true
  end=$EPOCHREALTIME
  echo $(( ${end/./} - ${start/./} )) >> "$work/$name"
}
# rss_one NAME CMD...: appends the peak RSS (KiB) of one run of CMD to $work/NAME.rss.
rss_one() {
  local name=$1; shift
  /usr/bin/time -f '%M' -o "$work/rss" "$@" </dev/null >/dev/null 2>&1 || true
  tail -1 "$work/rss" >> "$work/$name.rss"
}

before=${TLSPROBE_BEFORE:-}
names=(version explain explain_json openssl true)
[ -n "$before" ] && names+=(before_version before_explain before_explain_json)
run_all() {
  local how=$1
  $how version "$tlsprobe" --version
  $how explain "$tlsprobe" explain unknown_ca
  $how explain_json "$tlsprobe" explain -9813 --json
  $how openssl openssl version
  $how true /bin/true
  if [ -n "$before" ]; then
    $how before_version "$before" --version
    $how before_explain "$before" explain unknown_ca
    $how before_explain_json "$before" explain -9813 --json
  fi
}

# Warm up the page cache.
for i in 1 2 3; do run_all time_one; done
rm -f "$work"/*
for i in $(seq "$runs"); do run_all time_one; done
for i in $(seq 10); do run_all rss_one; done

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
ms() { awk -v us="$1" 'BEGIN {printf "%.2f ms", us / 1000}'; }
mib() { awk -v k="$1" 'BEGIN {printf "%.1f MiB", k / 1024}'; }
ratio() { awk -v x="$1" -v y="$2" 'BEGIN {printf "%.2f", x / y}'; }
declare -A wall rss
for n in "${names[@]}"; do
  wall[$n]=$(median < "$work/$n")
  rss[$n]=$(median < "$work/$n.rss")
done

size=$(stat -c %s "$tlsprobe")
echo "start-up ($("$tlsprobe" --version); binary $(awk -v s="$size" 'BEGIN {printf "%.1f MB", s / 1e6}'); $runs runs each, medians)"
printf '  %-36s %10s %10s %18s\n' "" "wall" "peak RSS" "/ openssl version"
row() { printf '  %-36s %10s %10s %18s\n' "$1" "$(ms "${wall[$2]}")" "$(mib "${rss[$2]}")" "$(ratio "${wall[$2]}" "${wall[openssl]}")"; }
row "tlsprobe --version" version
row "tlsprobe explain unknown_ca" explain
row "tlsprobe explain -9813 --json" explain_json
row "openssl version" openssl
row "/bin/true (process start)" true
if [ -n "$before" ]; then
  echo "  before ($before, $(awk -v s="$(stat -c %s "$before")" 'BEGIN {printf "%.1f MB", s / 1e6}')):"
  row "tlsprobe --version" before_version
  row "tlsprobe explain unknown_ca" before_explain
  row "tlsprobe explain -9813 --json" before_explain_json
fi
echo "the rule: within 2x of the peer (docs/PERFORMANCE.md)"
