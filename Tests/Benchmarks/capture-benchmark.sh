#!/usr/bin/env bash
# Capture throughput: tlsprobe against tshark and a bare libpcap loop, on the same file in
# the same run. A benchmark, never a test: run it by hand (as root, for tcpdump on lo).
#
#   Tests/Benchmarks/capture-benchmark.sh [BULK_MB] [BULK_KB] [SHORT_MB] [RUNS]
#                                   (default 1024 MB, 512 KB, 256 MB, 3 runs)
#   a quick run: Tests/Benchmarks/capture-benchmark.sh 128 512 32 1
#   a size of 0 leaves that profile out; TLSPROBE=path/to/tlsprobe times that binary
#   instead of building one; KEEP=1 keeps the work directory (captures, outputs).
#
# 1. Real handshakes on 127.0.0.1 only: openssl s_server (RSA leaf + intermediate, asking
#    for a client certificate) and s_client — TLS 1.2 and 1.3 with and without a client
#    certificate, and a TLS 1.2 client that rejects the chain — and a second s_server
#    (ECDSA leaf from the same intermediate) with a TLS 1.2 and a TLS 1.3 client, all
#    captured with tcpdump on lo.
# 2. make-capture.py replays them as thousands of connections, 1448-byte segments, 32
#    connections interleaved, in two profiles:
#    - bulk: the first server's five handshakes, BULK_KB of application data after each
#      completed one (~436 KB a connection at the default);
#    - short: both servers' seven handshakes, most of them TLS 1.2 (3 in 14 TLS 1.3,
#      mutual TLS among them), 20 KB of application data after each completed one
#      (~23 KB a connection, ~11,000 connections in 256 MB): the same two server chains
#      thousands of times, as in a capture of ordinary traffic.
# 3. Times, on each file (read once first so every tool reads it from the page cache),
#    RUNS rounds of: a bare pcap_next_ex loop, tlsprobe capture -r --json --anchor
#    ca.pem (release build; the chains judged against their root, at packet times within
#    the certificates' 400 days) and tshark extracting the same handshakes; prints the medians (seconds, MB/s, µs per
#    connection, CPU seconds, peak RSS from /usr/bin/time -v), the ratios, and compares
#    the ClientHello counts. Then tlsprobe once more with the clients' key log (--keylog):
#    every replayed connection whose seed's secrets are in it is decrypted (TLS 1.3 and
#    TLS 1.2 alike: the replays keep their client randoms). And once with text output, the
#    default a user sees (no --json).
# Needs: swift, openssl, tcpdump, tshark, gcc, libpcap-dev, python3, /usr/bin/time.
# The latest figures, with the command that made them: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
bulk_mb=${1:-1024}
bulk_kb=${2:-512}
short_mb=${3:-256}
runs=${4:-3}
work=$(mktemp -d /tmp/tlsprobe-bench.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

if [ -n "${TLSPROBE:-}" ]; then
  tlsprobe=$(realpath "$TLSPROBE") # a build to compare (before and after a change)
else
  echo "== building tlsprobe (release)" >&2
  flags=$(Scripts/release-flags.sh) # the release options, as make builds (one per line, no spaces)
  swift build -c release $flags --product tlsprobe >&2  # as installed
  tlsprobe="$root/.build/release/tlsprobe"
fi
echo "== building the bare libpcap loop" >&2
gcc -O2 -o "$work/bare-loop" Tests/Benchmarks/bare-loop.c -lpcap

echo "== real handshakes on lo" >&2
cd "$work"
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -subj "/CN=Bench Root" -days 400 \
  -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
openssl req -x509 -newkey rsa:2048 -nodes -keyout other.key -out other.pem -subj "/CN=Other Root" -days 400 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout int.key -out int.csr -subj "/CN=Bench Intermediate" 2>/dev/null
printf 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n' > int.ext
openssl x509 -req -in int.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 400 -extfile int.ext -out int.pem 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout leaf.key -out leaf.csr -subj "/CN=bench.test" 2>/dev/null
printf 'subjectAltName=DNS:bench.test,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' > leaf.ext
openssl x509 -req -in leaf.csr -CA int.pem -CAkey int.key -CAcreateserial -days 400 -extfile leaf.ext -out leaf.pem 2>/dev/null
openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout leaf2.key -out leaf2.csr -subj "/CN=bench2.test" 2>/dev/null
printf 'subjectAltName=DNS:bench2.test\nextendedKeyUsage=serverAuth\n' > leaf2.ext
openssl x509 -req -in leaf2.csr -CA int.pem -CAkey int.key -CAcreateserial -days 400 -extfile leaf2.ext -out leaf2.pem 2>/dev/null
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout client.key -out client.pem -subj "/CN=bench client" -days 400 2>/dev/null
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
port=$(free_port)
port2=$(free_port)
while [ "$port2" = "$port" ]; do port2=$(free_port); done
tcpdump -i lo --immediate-mode -U -s 0 -w seed.pcap "tcp port $port or tcp port $port2" 2>/dev/null &
tcpdump_pid=$!
while [ ! -s seed.pcap ]; do sleep 0.05; done
sleep 0.3 # the file header comes a moment before the capture is live
openssl s_server -accept "127.0.0.1:$port" -cert leaf.pem -key leaf.key -cert_chain int.pem \
  -verify 1 -CAfile client.pem -quiet >/dev/null 2>&1 &
server_pid=$!
openssl s_server -accept "127.0.0.1:$port2" -cert leaf2.pem -key leaf2.key -cert_chain int.pem -quiet >/dev/null 2>&1 &
server2_pid=$!
until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do sleep 0.05; done
until (exec 3<>"/dev/tcp/127.0.0.1/$port2") 2>/dev/null; do sleep 0.05; done
client() { echo Q | timeout 10 openssl s_client -connect "127.0.0.1:$port" -servername bench.test -keylogfile keys.log "$@" >/dev/null 2>&1 || true; }
client2() { echo Q | timeout 10 openssl s_client -connect "127.0.0.1:$port2" -servername bench2.test -keylogfile keys.log "$@" >/dev/null 2>&1 || true; }
client -tls1_2 -cert client.pem -key client.key
client -tls1_3 -cert client.pem -key client.key
client -tls1_2
client -tls1_3
client -tls1_2 -CAfile other.pem -verify_return_error
client2 -tls1_2
client2 -tls1_3
sleep 0.3
kill "$server_pid" "$server2_pid" "$tcpdump_pid"; wait "$tcpdump_pid" 2>/dev/null || true

measure() { # name, command...: wall seconds, peak RSS in KB and CPU seconds
  local name=$1; shift
  /usr/bin/time -v "$@" > "$name.out" 2> "$name.time"
  local wall rss cpu
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$name.time" | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$name.time")
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$name.time")
  echo "$wall $rss $cpu"
}

median() { python3 -c 'import sys, statistics; print(statistics.median(map(float, sys.argv[1:])))' "$@"; }

make_capture() { # file, MB, ports, bulk KB, bulk mask[, weights]
  local file=$1 mb=$2; shift 2
  echo "== building a ${mb} MB capture ($file)" >&2
  python3 "$root/Tests/Benchmarks/make-capture.py" seed.pcap "$1" "$file" "$mb" "${@:2}" > "$file.log"
  cat "$file.log" >&2
  sed -E 's/.* ([0-9]+) connections from.*/\1/' "$file.log" > "$file.connections"
}

profile() { # name, file: RUNS rounds of the three tools, medians and counts, then --keylog once
  local name=$1 file=$2 r a b c
  local -a bare_s=() bare_kb=() bare_cpu=() ours_s=() ours_kb=() ours_cpu=() tshark_s=() tshark_kb=() tshark_cpu=()
  cat "$file" > /dev/null
  for ((r = 1; r <= runs; r++)); do
    echo "== $name, run $r of $runs: bare libpcap loop, tlsprobe capture -r, tshark" >&2
    read -r a b c < <(measure bare "$work/bare-loop" "$file"); bare_s+=("$a"); bare_kb+=("$b"); bare_cpu+=("$c")
    read -r a b c < <(measure tlsprobe "$tlsprobe" capture -r "$file" --json --fail-on never --anchor ca.pem); ours_s+=("$a"); ours_kb+=("$b"); ours_cpu+=("$c")
    read -r a b c < <(measure tshark tshark -r "$file" -d "tcp.port==$port,tls" -d "tcp.port==$port2,tls" \
      -Y 'tls.handshake.type == 1 || tls.handshake.type == 2 || tls.handshake.type == 11' -T fields -e frame.number -e tls.handshake.type)
    tshark_s+=("$a"); tshark_kb+=("$b"); tshark_cpu+=("$c")
  done
  echo "== $name: tlsprobe capture -r --keylog" >&2
  local keys_s keys_kb keys_cpu
  read -r keys_s keys_kb keys_cpu < <(measure tlsprobe-keys "$tlsprobe" capture -r "$file" --json --fail-on never --anchor ca.pem --keylog keys.log)
  echo "== $name: tlsprobe capture -r, text (the default output)" >&2
  local text_s text_kb text_cpu
  read -r text_s text_kb text_cpu < <(measure tlsprobe-text "$tlsprobe" capture -r "$file" --fail-on never --anchor ca.pem)

  local mb connections ours_hellos ours_chains tshark_hellos tshark_chains keys_chains
  mb=$(python3 -c "import os, sys; print(os.path.getsize(sys.argv[1])/1048576)" "$file")
  connections=$(cat "$file.connections")
  ours_hellos=$(grep -c '"client_hello":{' tlsprobe.out || true)
  ours_chains=$(grep -c '"chain":\[{' tlsprobe.out || true)
  keys_chains=$(grep -c '"chain":\[{' tlsprobe-keys.out || true)
  tshark_hellos=$(awk -F'\t' '{ n = split($2, t, ","); for (i = 1; i <= n; i++) if (t[i] == "1") c++ } END { print c+0 }' tshark.out)
  tshark_chains=$(awk -F'\t' '{ n = split($2, t, ","); for (i = 1; i <= n; i++) if (t[i] == "11") c++ } END { print c+0 }' tshark.out)
  python3 - "$name" "$mb" "$connections" "$runs" \
    "$(median "${bare_s[@]}")" "$(median "${bare_kb[@]}")" "$(median "${bare_cpu[@]}")" \
    "$(median "${ours_s[@]}")" "$(median "${ours_kb[@]}")" "$(median "${ours_cpu[@]}")" \
    "$(median "${tshark_s[@]}")" "$(median "${tshark_kb[@]}")" "$(median "${tshark_cpu[@]}")" \
    "$ours_hellos" "$tshark_hellos" "$ours_chains" "$tshark_chains" "$keys_s" "$keys_kb" "$keys_cpu" \
    "${ours_s[*]}" "${tshark_s[*]}" "${bare_s[*]}" "$text_s" "$text_kb" "$text_cpu" <<'EOF'
import sys
name, mb, connections, runs = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
bare_s, bare_kb, bare_cpu, ours_s, ours_kb, ours_cpu, tshark_s, tshark_kb, tshark_cpu = map(float, sys.argv[5:14])
ours_hellos, tshark_hellos, ours_chains, tshark_chains = map(int, sys.argv[14:18])
keys_s, keys_kb, keys_cpu = map(float, sys.argv[18:21])
all_ours, all_tshark, all_bare = sys.argv[21:24]
text_s, text_kb, text_cpu = map(float, sys.argv[24:27])
rate = lambda s: mb / s if s > 0 else float("inf")
per = lambda s: s / connections * 1e6 if connections else 0.0
print(f"-- {name} profile: {mb:.0f} MB, {connections} connections ({mb * 1024 / max(connections, 1):.1f} KB each), medians of {runs} run(s)")
print(f"{'':22}{'seconds':>9}{'MB/s':>10}{'us/conn':>9}{'CPU s':>8}{'peak RSS MB':>13}")
for label, s, kb, cpu in (("bare libpcap loop", bare_s, bare_kb, bare_cpu), ("tlsprobe capture -r", ours_s, ours_kb, ours_cpu),
                          ("tshark", tshark_s, tshark_kb, tshark_cpu)):
    print(f"{label:22}{s:9.2f}{rate(s):10.0f}{per(s):9.1f}{cpu:8.2f}{kb / 1024:13.1f}")
print(f"(wall-clock seconds of each run: tlsprobe {all_ours}; tshark {all_tshark}; bare loop {all_bare}."
      " tlsprobe reads on one thread and writes reports on others: CPU s is user + system)")
print(f"{name}: tlsprobe vs tshark: {tshark_s / ours_s:.1f}x faster")
print(f"{name}: tlsprobe vs bare loop: {ours_s / bare_s:.2f}x the time")
print(f"{name}: ClientHellos: tlsprobe {ours_hellos}, tshark {tshark_hellos} {'(same)' if ours_hellos == tshark_hellos else '(DIFFERENT)'}")
print(f"{name}: server chains (TLS 1.2 Certificate messages): tlsprobe {ours_chains}, tshark Certificate messages {tshark_chains} (tshark counts client ones too)")
print(f"{name}: with --keylog: {keys_s:.2f} s, {rate(keys_s):.0f} MB/s, {keys_cpu:.2f} CPU s, peak RSS {keys_kb / 1024:.1f} MB "
      f"({keys_s / ours_s:.2f}x the time without)")
print(f"{name}: text output (the default): {text_s:.2f} s, {rate(text_s):.0f} MB/s, {text_cpu:.2f} CPU s, peak RSS {text_kb / 1024:.1f} MB "
      f"({text_s / ours_s:.2f}x the time of --json)")
EOF
  echo "$name: tlsprobe's summary: $(grep -h "TLS connection" tlsprobe.time)"
  echo "$name: with --keylog: $keys_chains reports with a chain, $ours_chains without; $(grep -h "key log:" tlsprobe-keys.time)"
}

if [ "$bulk_mb" -gt 0 ]; then
  make_capture big.pcap "$bulk_mb" "$port" "$bulk_kb" 1,1,1,1,0
  profile bulk big.pcap
fi
if [ "$short_mb" -gt 0 ]; then
  # Seeds in capture order: mutual TLS 1.2, mutual TLS 1.3, 1.2, 1.3, 1.2 rejected (RSA
  # server); 1.2, 1.3 (ECDSA server). Weighted 2,1,4,1,1,4,1: 3 in 14 are TLS 1.3.
  make_capture short.pcap "$short_mb" "$port,$port2" 20 1,1,1,1,0,1,1 2,1,4,1,1,4,1
  profile short short.pcap
fi
