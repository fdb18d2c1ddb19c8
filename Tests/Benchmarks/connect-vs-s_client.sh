#!/usr/bin/env bash
# Benchmark (not a test): what a `tlsprobe connect` diagnosis costs next to `openssl
# s_client` with the same anchors, against one loopback `openssl s_server` in the same run.
#
#   Tests/Benchmarks/connect-vs-s_client.sh [RUNS]      (default 30 runs of each)
#   TLSPROBE=/path/to/tlsprobe Tests/Benchmarks/connect-vs-s_client.sh   (a binary built elsewhere)
#   TLSPROBE_BEFORE=/path/to/older/tlsprobe ...   (also times that binary, interleaved: before/after)
#
# The product is measured as `make` builds it: release, with the options of
# Scripts/release-flags.sh.
#
# Measured, each run interleaved with the others so drift hits all alike:
#   A  tlsprobe connect 127.0.0.1:P --anchor root.pem             (full diagnosis, text to /dev/null)
#   B  openssl s_client -connect 127.0.0.1:P -CAfile root.pem -showcerts   (the same anchors)
#   C  tlsprobe connect 127.0.0.1:P --anchor root.pem --versions  (main handshake + 3 probes at once)
#   D  openssl s_client -tls1 / -tls1_1 / -tls1_2 / -tls1_3, one after the other
# and, to show where the time goes: tlsprobe --version (start-up only), openssl version
# (OpenSSL's start-up), s_client without any CA store (-no-CAfile -no-CApath -no-CAstore:
# start-up and the handshake only) and s_client with the system CA bundle (its default).
# Wall time from bash's EPOCHREALTIME (microseconds), peak RSS from GNU time (%M, KiB).
# Medians are reported. Uses the release build (built if missing) and loopback only.
# The latest figures, with the command that made them: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-30}

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
. Tests/Benchmarks/loopback-s_server.sh
cleanup() {
  stop_s_server
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

Samples/make-pki.sh "$work/pki" >/dev/null
pki=$work/pki

# One server for everything: the good chain, every version reachable (security level 0).
start_good_s_server "$pki"

# measure NAME CMD...: appends "wall_us rss_kib" for one run of CMD to $work/NAME.
measure() {
  local name=$1; shift
  local start end
  start=$EPOCHREALTIME
  /usr/bin/time -f '%M' -o "$work/rss" "$@" </dev/null >/dev/null 2>&1 || true
  end=$EPOCHREALTIME
  local us=$(( (${end/./} - ${start/./}) ))
  echo "$us $(tail -1 "$work/rss")" >> "$work/$name"
}
# The four sequential s_client runs as one measurement (peak RSS: the largest of the four).
four_s_clients() {
  local v
  for v in -tls1 -tls1_1 -tls1_2 -tls1_3; do
    openssl s_client -connect "127.0.0.1:$port" "$v" -cipher 'DEFAULT:@SECLEVEL=0' </dev/null >/dev/null 2>&1 || true
  done
}
export -f four_s_clients
export port

# Warm up the page cache and the server.
"$tlsprobe" connect "127.0.0.1:$port" --anchor "$pki/root.pem" >/dev/null || true
openssl s_client -connect "127.0.0.1:$port" -CAfile "$pki/root.pem" -showcerts </dev/null >/dev/null 2>&1 || true

for i in $(seq "$runs"); do
  measure tlsprobe "$tlsprobe" connect "127.0.0.1:$port" --anchor "$pki/root.pem"
  measure s_client openssl s_client -connect "127.0.0.1:$port" -CAfile "$pki/root.pem" -showcerts
  measure versions "$tlsprobe" connect "127.0.0.1:$port" --anchor "$pki/root.pem" --versions
  measure four bash -c four_s_clients
  measure startup "$tlsprobe" --version
  measure osslversion openssl version
  measure bare openssl s_client -connect "127.0.0.1:$port" -no-CAfile -no-CApath -no-CAstore
  measure system openssl s_client -connect "127.0.0.1:$port" -showcerts
  if [ -n "${TLSPROBE_BEFORE:-}" ]; then
    measure before "$TLSPROBE_BEFORE" connect "127.0.0.1:$port" --anchor "$pki/root.pem"
    measure before_versions "$TLSPROBE_BEFORE" connect "127.0.0.1:$port" --anchor "$pki/root.pem" --versions
    measure before_startup "$TLSPROBE_BEFORE" --version
  fi
done

median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
wall() { cut -d' ' -f1 "$work/$1" | median; }
rss() { cut -d' ' -f2 "$work/$1" | median; }

a=$(wall tlsprobe) b=$(wall s_client) c=$(wall versions) d=$(wall four)
ra=$(rss tlsprobe) rb=$(rss s_client) rc=$(rss versions) rd=$(rss four)
ms() { awk -v us="$1" 'BEGIN {printf "%.1f ms", us / 1000}'; }
mib() { awk -v k="$1" 'BEGIN {printf "%.1f MiB", k / 1024}'; }
ratio() { awk -v x="$1" -v y="$2" 'BEGIN {printf "%.2f", x / y}'; }

echo "connect vs s_client on one loopback s_server ($("$tlsprobe" --version), $runs runs each, medians)"
printf '  %-50s %10s %10s\n' "" "wall" "peak RSS"
row() { printf '  %-50s %10s %10s\n' "$1" "$(ms "$(wall "$2")")" "$(mib "$(rss "$2")")"; }
row "tlsprobe connect --anchor root.pem" tlsprobe
row "openssl s_client -CAfile root.pem -showcerts" s_client
row "tlsprobe connect --versions" versions
row "4 x openssl s_client (-tls1 ... -tls1_3)" four
row "tlsprobe --version (start-up)" startup
row "openssl version (start-up)" osslversion
row "openssl s_client, no CA store (handshake)" bare
row "openssl s_client -showcerts, system CA bundle" system
if [ -n "${TLSPROBE_BEFORE:-}" ]; then
  echo "  before ($TLSPROBE_BEFORE):"
  row "tlsprobe connect --anchor root.pem" before
  row "tlsprobe connect --versions" before_versions
  row "tlsprobe --version (start-up)" before_startup
fi
echo "ratios (tlsprobe / openssl)"
echo "  diagnosis / s_client -CAfile    wall $(ratio "$a" "$b")   peak RSS $(ratio "$ra" "$rb") ($(mib "$ra"))"
echo "  --versions / one s_client       wall $(ratio "$c" "$b")   peak RSS $(ratio "$rc" "$rb")"
echo "  --versions / 4 s_client in turn wall $(ratio "$c" "$d")"
echo "  start-up / openssl version      wall $(ratio "$(wall startup)" "$(wall osslversion)")"
if [ -n "${TLSPROBE_BEFORE:-}" ]; then
  echo "  before: diagnosis / s_client    wall $(ratio "$(wall before)" "$b")   peak RSS $(ratio "$(rss before)" "$rb")"
  echo "  before: --versions / s_client   wall $(ratio "$(wall before_versions)" "$b")"
  echo "  before: start-up / openssl      wall $(ratio "$(wall before_startup)" "$(wall osslversion)")"
fi
