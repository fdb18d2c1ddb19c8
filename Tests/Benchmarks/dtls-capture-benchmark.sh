#!/usr/bin/env bash
# DTLS capture throughput: tlsprobe against tshark on the same file in the same run. A
# benchmark, never a test: run it by hand (as root, for tcpdump on lo).
#
#   Tests/Benchmarks/dtls-capture-benchmark.sh [FLOWS] [APP_DATAGRAMS]   (default 50000, 8)
#
# 1. Real DTLS handshakes on 127.0.0.1 only, recorded with tcpdump on lo: openssl s_server
#    -listen (a HelloVerifyRequest first; RSA leaf + intermediate) and s_client — DTLS 1.2 at
#    the default MTU and at MTU 300 (the Certificate in several fragments), DTLS 1.0, and a
#    DTLS 1.2 client that rejects the chain (a plaintext fatal alert).
# 2. make-dtls-capture.py replays them as FLOWS UDP flows, each with its own client address
#    and port, 32 interleaved, APP_DATAGRAMS 1,200-byte application-data records each way
#    after each completed handshake.
# 3. Times, on that file (read once first, so both read it from the page cache): tlsprobe
#    capture -r (release build) and tshark extracting the ClientHellos (-d udp.port==PORT,dtls);
#    prints MB/s and handshakes/s for each, the ratio, peak RSS, and the ClientHello counts.
# Needs: swift, openssl, tcpdump, tshark, python3, /usr/bin/time.
# The latest figures, with the command that made them: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
flows=${1:-50000}
app=${2:-8}
work=$(mktemp -d /tmp/tlsprobe-dtls-bench.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

echo "== building tlsprobe (release)" >&2
flags=$(Scripts/release-flags.sh) # the release options, as make builds (one per line, no spaces)
swift build -c release $flags --product tlsprobe >&2  # as installed
tlsprobe="$root/.build/release/tlsprobe"

echo "== real DTLS handshakes on lo" >&2
cd "$work"
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -subj "/CN=Bench Root" -days 30 \
  -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
openssl req -x509 -newkey rsa:2048 -nodes -keyout other.key -out other.pem -subj "/CN=Other Root" -days 30 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout int.key -out int.csr -subj "/CN=Bench Intermediate" 2>/dev/null
printf 'basicConstraints=critical,CA:TRUE\nkeyUsage=critical,keyCertSign,cRLSign\n' > int.ext
openssl x509 -req -in int.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 30 -extfile int.ext -out int.pem 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout leaf.key -out leaf.csr -subj "/CN=bench.test" 2>/dev/null
printf 'subjectAltName=DNS:bench.test,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' > leaf.ext
openssl x509 -req -in leaf.csr -CA int.pem -CAkey int.key -CAcreateserial -days 30 -extfile leaf.ext -out leaf.pem 2>/dev/null
port=$(python3 -c 'import socket; s=socket.socket(socket.AF_INET, socket.SOCK_DGRAM); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
tcpdump -i lo --immediate-mode -U -s 0 -w seed.pcap "udp port $port" 2>/dev/null &
tcpdump_pid=$!
while [ ! -s seed.pcap ]; do sleep 0.05; done
sleep 0.3 # the file header comes a moment before the capture is live
bound() { grep -q "$(printf '0100007F:%04X' "$port")" /proc/net/udp; }
session() { # version, server options..., --, client options...
  local version=$1; shift
  local server_args=() client_args=()
  while [ "$1" != "--" ]; do server_args+=("$1"); shift; done; shift
  client_args=("$@")
  openssl s_server "$version" -listen -accept "127.0.0.1:$port" -cert leaf.pem -key leaf.key -cert_chain int.pem -quiet "${server_args[@]}" >/dev/null 2>&1 &
  local server_pid=$!
  until bound; do sleep 0.05; done
  echo Q | timeout 10 openssl s_client "$version" -connect "127.0.0.1:$port" -servername bench.test "${client_args[@]}" >/dev/null 2>&1 || true
  kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true
  while bound; do sleep 0.05; done
}
session -dtls1_2 -- -CAfile ca.pem
session -dtls1_2 -mtu 300 -- -mtu 300 -CAfile ca.pem
session -dtls1 -cipher 'DEFAULT:@SECLEVEL=0' -- -cipher 'DEFAULT:@SECLEVEL=0' -CAfile ca.pem
session -dtls1_2 -- -CAfile other.pem -verify_return_error
sleep 0.3
kill "$tcpdump_pid"; wait "$tcpdump_pid" 2>/dev/null || true

echo "== building a capture of $flows DTLS flows" >&2
python3 "$root/Tests/Benchmarks/make-dtls-capture.py" seed.pcap "$port" big.pcap "$flows" "$app" | tee replay.txt >&2
ls -l big.pcap >&2
cat big.pcap > /dev/null

measure() { # name, command...: wall seconds, peak RSS in KB, CPU seconds
  local name=$1; shift
  /usr/bin/time -v "$@" > "$name.out" 2> "$name.time"
  local wall rss cpu
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$name.time" | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$name.time")
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$name.time")
  echo "$wall $rss $cpu"
}

echo "== tlsprobe capture -r" >&2
read -r ours_s ours_kb ours_cpu < <(measure tlsprobe "$tlsprobe" capture -r big.pcap --json --fail-on never)
echo "== tshark" >&2
read -r tshark_s tshark_kb tshark_cpu < <(measure tshark tshark -r big.pcap -d "udp.port==$port,dtls" \
  -Y 'dtls.handshake.type == 1' -T fields -e frame.number -e dtls.handshake.type -e dtls.handshake.message_seq)

mb=$(python3 -c "import os; print(os.path.getsize('big.pcap')/1048576)")
ours_reports=$(wc -l < tlsprobe.out)
ours_hellos=$(grep -c '"client_hello":{' tlsprobe.out || true)
ours_established=$(grep -c '"outcome":"established"' tlsprobe.out || true)
# tshark: ClientHellos whose message_seq is 0 (a flow's first; the one after a
# HelloVerifyRequest has message_seq 1).
tshark_hellos=$(awk -F'\t' '{ n = split($2, t, ","); split($3, s, ","); for (i = 1; i <= n; i++) if (t[i] == "1" && s[i] == "0") c++ } END { print c+0 }' tshark.out)
python3 - "$mb" "$ours_s" "$ours_kb" "$ours_cpu" "$tshark_s" "$tshark_kb" "$tshark_cpu" "$ours_reports" "$ours_hellos" "$tshark_hellos" "$ours_established" <<'EOF'
import sys
mb, ours_s, ours_kb, ours_cpu, tshark_s, tshark_kb, tshark_cpu = map(float, sys.argv[1:8])
reports, ours_hellos, tshark_hellos, established = map(int, sys.argv[8:12])
print(f"file: {mb:.0f} MB, {reports} DTLS connections reported ({established} established)")
print(f"{'':22}{'seconds':>9}{'MB/s':>10}{'handshakes/s':>14}{'CPU s':>8}{'peak RSS MB':>13}")
for name, s, kb, cpu, n in (("tlsprobe capture -r", ours_s, ours_kb, ours_cpu, ours_hellos), ("tshark", tshark_s, tshark_kb, tshark_cpu, tshark_hellos)):
    print(f"{name:22}{s:9.2f}{mb / s:10.0f}{n / s:14.0f}{cpu:8.2f}{kb / 1024:13.1f}")
print(f"tlsprobe vs tshark: {tshark_s / ours_s:.1f}x faster")
print(f"ClientHellos: tlsprobe {ours_hellos}, tshark {tshark_hellos} (message_seq 0) {'(same)' if ours_hellos == tshark_hellos else '(DIFFERENT)'}")
EOF
echo "tlsprobe's summary: $(grep -h "connection" tlsprobe.time | head -1)"
echo "                    $(grep -h "UDP datagram" tlsprobe.time | head -1)"
