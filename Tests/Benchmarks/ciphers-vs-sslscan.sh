#!/usr/bin/env bash
# Benchmark (not a test): `tlsprobe connect --ciphers` beside sslscan on one
# loopback `openssl s_server` restricted to a few suites, and the old-TLS fallback
# diagnosis beside one plain connect on a server that speaks only TLS 1.0/1.1, in the
# same run (medians and ratios).
#
#   Tests/Benchmarks/ciphers-vs-sslscan.sh [RUNS]      (default 15 runs of each)
#   TLSPROBE=/path/to/tlsprobe Tests/Benchmarks/ciphers-vs-sslscan.sh
#
# Measured, each run interleaved with the others so drift hits all alike:
#   A  tlsprobe connect 127.0.0.1:P --ciphers                (every version, every suite)
#   B  sslscan --no-check-certificate ... 127.0.0.1:P         (its cipher enumeration only)
#   C  tlsprobe connect 127.0.0.1:Q --anchor root.pem         (TLS 1.0/1.1 server: first handshake
#                                                               fails, probes, fallback handshake)
#   D  tlsprobe connect 127.0.0.1:Q --anchor root.pem --min-version 1.0  (one plain handshake)
# Wall time from bash's EPOCHREALTIME (microseconds). Loopback only.
# The latest figures, with the command that made them: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-15}

command -v openssl >/dev/null || { echo "openssl is needed (apt-get install -y openssl)" >&2; exit 2; }
command -v sslscan >/dev/null || { echo "sslscan is needed (apt-get install -y sslscan)" >&2; exit 2; }

if [ -n "${TLSPROBE:-}" ]; then
  tlsprobe=$TLSPROBE
else
  echo "== building tlsprobe (release, static Swift runtime)" >&2
  flags=$(Scripts/release-flags.sh) # the release options, as make builds (one per line, no spaces)
  swift build -c release $flags --product tlsprobe >&2
  tlsprobe="$(swift build -c release $flags --show-bin-path)/tlsprobe"
fi

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

Samples/make-pki.sh "$work/pki" >/dev/null
pki=$work/pki

# start_server ARGS...: an openssl s_server on a free loopback port; prints the port.
start_server() {
  local attempt port pid
  for attempt in 1 2 3 4 5 6 7 8 9 10; do
    port=$((20000 + RANDOM % 40000))
    if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then continue; fi
    openssl s_server -accept "127.0.0.1:$port" -quiet -cert "$pki/good/server.pem" -key "$pki/good/server.key" \
      -cert_chain "$pki/intermediate.pem" "$@" </dev/null >/dev/null 2>&1 &
    pid=$!
    for i in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port $pid"; return 0; fi
      sleep 0.1
    done
  done
  return 1
}

read -r suites_port pid < <(start_server -min_protocol TLSv1 \
  -cipher 'ECDHE-RSA-AES128-GCM-SHA256:ECDHE-ECDSA-AES128-GCM-SHA256:ECDHE-RSA-AES256-SHA:AES256-SHA:@SECLEVEL=0' \
  -ciphersuites 'TLS_AES_256_GCM_SHA384:TLS_CHACHA20_POLY1305_SHA256' -serverpref) || { echo "no s_server" >&2; exit 2; }
pids+=("$pid")
read -r old_port pid < <(start_server -min_protocol TLSv1 -max_protocol TLSv1.1 -cipher 'DEFAULT:@SECLEVEL=0') || { echo "no s_server" >&2; exit 2; }
pids+=("$pid")

measure() {
  local name=$1; shift
  local start end
  start=$EPOCHREALTIME
  "$@" </dev/null >/dev/null 2>&1 || true
  end=$EPOCHREALTIME
  echo $(( ${end/./} - ${start/./} )) >> "$work/$name"
}
median() { sort -n "$work/$1" | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

for run in $(seq "$runs"); do
  measure A "$tlsprobe" connect "127.0.0.1:$suites_port" --ciphers
  measure B sslscan --no-colour --no-check-certificate --no-heartbleed --no-renegotiation --no-compression --no-groups --no-fallback "127.0.0.1:$suites_port"
  measure C "$tlsprobe" connect "127.0.0.1:$old_port" --anchor "$pki/root.pem"
  measure D "$tlsprobe" connect "127.0.0.1:$old_port" --anchor "$pki/root.pem" --min-version 1.0
done

a=$(median A); b=$(median B); c=$(median C); d=$(median D)
ms() { awk -v us="$1" 'BEGIN { printf "%.1f ms", us / 1000 }'; }
ratio() { awk -v x="$1" -v y="$2" 'BEGIN { printf "%.2f", x / y }'; }
echo "runs: $runs each (medians); server: openssl s_server on loopback"
echo "A tlsprobe connect --ciphers            $(ms "$a")"
echo "B sslscan (ciphers only)                $(ms "$b")   A/B = $(ratio "$a" "$b")"
echo "C tlsprobe connect, TLS 1.1 server      $(ms "$c")   (first handshake fails, 2 probes, fallback handshake)"
echo "D tlsprobe connect --min-version 1.0    $(ms "$d")   C/D = $(ratio "$c" "$d")"
