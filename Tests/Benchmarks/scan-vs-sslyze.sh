#!/usr/bin/env bash
# Benchmark (not a test): `tlsprobe scan` against `sslyze --certinfo` on the same loopback
# servers in the same run (hosts/s), and the cost of the TCP sweep over a /24 of 127.0.0.x
# where only a few ports are open.
#
#   Tests/Benchmarks/scan-vs-sslyze.sh [HOSTS] [RUNS]   (default 64 hosts, 3 runs of each)
#   TLSPROBE=/path/to/tlsprobe Tests/Benchmarks/scan-vs-sslyze.sh   (a binary built elsewhere)
#   SSLYZE=/path/to/sslyze ...      (default: sslyze on PATH, else a venv made in .build/sslyze-venv
#                                    with `pip install sslyze`; skipped, saying so, when neither works)
#
# Servers: HOSTS `openssl s_server`s, one on each of 127.0.0.1 ... 127.0.0.HOSTS, all on the
# same port, a mix of the sample PKI's good chain, missing intermediate, expired and
# self-signed certificates (Samples/make-pki.sh). Loopback only: every address is 127.x.
# Measured, interleaved run by run so drift hits both alike:
#   A  tlsprobe scan 127.0.0.1-HOSTS --ports P --anchor root.pem --host-map names.txt --json
#      (sweep + full diagnosis; each address mapped to printer.local, sent as SNI)
#   B  sslyze --mozilla_config disable --certinfo --certinfo_ca_file root.pem 127.0.0.1:P ... 127.0.0.HOSTS:P
#   C  tlsprobe scan 127.0.0.0/24 --ports P,Q,R --json  (768 endpoints, HOSTS of them open)
# Wall time from bash's EPOCHREALTIME, peak RSS from GNU time (%M, KiB). Medians reported.
# The latest figures, with the command that made them: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
hosts=${1:-64}
runs=${2:-3}
[ "$hosts" -ge 1 ] && [ "$hosts" -le 250 ] || { echo "HOSTS must be 1-250 (127.0.0.1 ... 127.0.0.250)" >&2; exit 64; }

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

sslyze=${SSLYZE:-}
if [ -z "$sslyze" ] && command -v sslyze >/dev/null; then sslyze=$(command -v sslyze); fi
if [ -z "$sslyze" ]; then
  venv=.build/sslyze-venv
  if [ ! -x "$venv/bin/sslyze" ]; then
    echo "== installing sslyze in $venv (pip install sslyze)" >&2
    { python3 -m venv "$venv" && "$venv/bin/pip" install -q sslyze; } >&2 || true
  fi
  [ -x "$venv/bin/sslyze" ] && sslyze=$venv/bin/sslyze
fi
if [ -z "$sslyze" ] || ! "$sslyze" --help >/dev/null 2>&1; then
  echo "sslyze is not available (pip install sslyze failed or no network): only tlsprobe is measured" >&2
  sslyze=
fi

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

Samples/make-pki.sh "$work/pki" >/dev/null
pki=$work/pki
kinds=("good/server.pem good/server.key $pki/intermediate.pem"
       "missing-intermediate/server.pem missing-intermediate/server.key -"
       "expired/server.pem expired/server.key $pki/intermediate.pem"
       "self-signed/camera.pem self-signed/camera.key -")

listening() { (exec 3<>"/dev/tcp/$1/$2") 2>/dev/null; }

# A port free on every address used: nothing answers on it at 127.0.0.1 ... HOSTS.
for attempt in $(seq 20); do
  port=$((20000 + RANDOM % 40000))
  busy=0
  for n in $(seq "$hosts"); do if listening "127.0.0.$n" "$port"; then busy=1; break; fi; done
  [ "$busy" = 0 ] && break
done
closed1=$((port + 1)); closed2=$((port + 2))

echo "== starting $hosts openssl s_servers on 127.0.0.1-$hosts:$port" >&2
for n in $(seq "$hosts"); do
  read -r cert key chain <<<"${kinds[$(( (n - 1) % 4 ))]}"
  args=(s_server -accept "127.0.0.$n:$port" -quiet -cert "$pki/$cert" -key "$pki/$key")
  [ "$chain" != "-" ] && args+=(-cert_chain "$chain")
  openssl "${args[@]}" </dev/null >/dev/null 2>&1 &
  pids+=($!)
done
for n in $(seq "$hosts"); do
  for i in $(seq 100); do listening "127.0.0.$n" "$port" && break; sleep 0.05; done
  listening "127.0.0.$n" "$port" || { echo "s_server on 127.0.0.$n:$port did not start" >&2; exit 2; }
done

targets=()
: >"$work/names.txt"
for n in $(seq "$hosts"); do
  targets+=("127.0.0.$n:$port")
  echo "127.0.0.$n printer.local" >>"$work/names.txt"   # the name a client expects there
done

# measure NAME COMMAND...: wall seconds and peak KiB of one run, appended to $work/NAME.
measure() {
  local name=$1; shift
  local start=$EPOCHREALTIME
  /usr/bin/time -f %M -o "$work/rss" "$@" >"$work/out" 2>"$work/err" || true
  local end=$EPOCHREALTIME
  echo "$(echo "$end - $start" | bc -l) $(cat "$work/rss" | tail -1)" >>"$work/$name"
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }

echo "== $runs runs of each" >&2
for r in $(seq "$runs"); do
  measure scan "$tlsprobe" scan "127.0.0.1-$hosts" --ports "$port" --anchor "$pki/root.pem" --host-map "$work/names.txt" --json
  found=$(tail -1 "$work/out" | python3 -c 'import json,sys; s=json.load(sys.stdin)["summary"]; print(s["reported"], s["trusted"], s["not_trusted"])')
  if [ -n "$sslyze" ]; then
    measure sslyze "$sslyze" --mozilla_config disable --certinfo --certinfo_ca_file "$pki/root.pem" "${targets[@]}"
    sslyze_done=$(grep -c "SCAN RESULTS FOR" "$work/out" || true)
    sslyze_certs=$(grep -c "Supplied CA file CA Store" "$work/out" || true)
  fi
  measure sweep "$tlsprobe" scan 127.0.0.0/24 --ports "$port,$closed1,$closed2" --json
  swept=$(tail -1 "$work/out" | python3 -c 'import json,sys; s=json.load(sys.stdin)["summary"]; print(s["endpoints"], s["found"])')
done

report() { # NAME LABEL ENDPOINTS
  local wall rss
  wall=$(cut -d' ' -f1 "$work/$1" | median)
  rss=$(cut -d' ' -f2 "$work/$1" | median)
  printf "%-44s %8.2f s  %8.1f hosts/s  peak RSS %6.0f MB\n" "$2" "$wall" "$(echo "$3 / $wall" | bc -l)" "$(echo "$rss / 1024" | bc -l)"
}
echo
echo "$hosts loopback TLS endpoints (good, missing intermediate, expired, self-signed), median of $runs:"
report scan "tlsprobe scan (sweep + connect diagnosis)" "$hosts"
echo "  tlsprobe reported / trusted / not trusted: $found"
if [ -n "$sslyze" ]; then
  report sslyze "sslyze --certinfo ($("$sslyze" --help 2>&1 | grep -o 'SSLyze version [0-9.]*' | head -1 || echo sslyze))" "$hosts"
  echo "  sslyze servers with results: $sslyze_done, chains judged against root.pem: $sslyze_certs"
  scan_wall=$(cut -d' ' -f1 "$work/scan" | median)
  sslyze_wall=$(cut -d' ' -f1 "$work/sslyze" | median)
  printf "tlsprobe scan is %.1fx sslyze --certinfo (hosts/s)\n" "$(echo "$sslyze_wall / $scan_wall" | bc -l)"
else
  echo "sslyze: skipped (not available)"
fi
echo
echo "TCP sweep: 127.0.0.0/24 x 3 ports (endpoints, found: $swept):"
report sweep "tlsprobe scan 127.0.0.0/24 (768 endpoints)" 256
