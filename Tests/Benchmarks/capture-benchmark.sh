#!/usr/bin/env bash
# Capture throughput: tlsprobe against tshark and a bare libpcap loop, on the same file in
# the same run. A benchmark, never a test: run it by hand (as root, for tcpdump on lo).
#
#   Tests/Benchmarks/capture-benchmark.sh [SIZE_MB] [BULK_KB]     (default 1024 MB, 512 KB)
#
# 1. Real handshakes on 127.0.0.1 only: openssl s_server (RSA leaf + intermediate, asking
#    for a client certificate) and s_client — TLS 1.2 and 1.3 with and without a client
#    certificate, and a TLS 1.2 client that rejects the chain — captured with tcpdump on lo.
# 2. make-capture.py replays them as thousands of connections, 1448-byte segments, bulk
#    application data after each completed handshake, 32 connections interleaved.
# 3. Times, on that file (read once first so every tool reads it from the page cache):
#    tlsprobe capture -r (release build), tshark extracting the same handshakes, and a
#    bare pcap_next_ex loop; prints MB/s, ratios and peak RSS (/usr/bin/time -v), and
#    compares the handshake counts. Then tlsprobe again with the clients' key log
#    (--keylog): every replayed TLS 1.3 handshake decrypted (the replays keep their
#    client randoms, so the seed's secrets open them all).
# Needs: swift, openssl, tcpdump, tshark, gcc, libpcap-dev, python3, /usr/bin/time.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
size_mb=${1:-1024}
bulk_kb=${2:-512}
work=$(mktemp -d /tmp/tlsprobe-bench.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

echo "== building tlsprobe (release) and the bare libpcap loop" >&2
swift build -c release --product tlsprobe >&2
tlsprobe="$root/.build/release/tlsprobe"
gcc -O2 -o "$work/bare-loop" Tests/Benchmarks/bare-loop.c -lpcap

echo "== real handshakes on lo" >&2
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
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout client.key -out client.pem -subj "/CN=bench client" -days 30 2>/dev/null
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
tcpdump -i lo --immediate-mode -U -s 0 -w seed.pcap "tcp port $port" 2>/dev/null &
tcpdump_pid=$!
while [ ! -s seed.pcap ]; do sleep 0.05; done
sleep 0.3 # the file header comes a moment before the capture is live
openssl s_server -accept "127.0.0.1:$port" -cert leaf.pem -key leaf.key -cert_chain int.pem \
  -verify 1 -CAfile client.pem -quiet >/dev/null 2>&1 &
server_pid=$!
until (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do sleep 0.05; done
client() { echo Q | timeout 10 openssl s_client -connect "127.0.0.1:$port" -servername bench.test -keylogfile keys.log "$@" >/dev/null 2>&1 || true; }
client -tls1_2 -cert client.pem -key client.key
client -tls1_3 -cert client.pem -key client.key
client -tls1_2
client -tls1_3
client -tls1_2 -CAfile other.pem -verify_return_error
sleep 0.3
kill "$server_pid" "$tcpdump_pid"; wait "$tcpdump_pid" 2>/dev/null || true

echo "== building a ${size_mb} MB capture" >&2
python3 "$root/Tests/Benchmarks/make-capture.py" seed.pcap "$port" big.pcap "$size_mb" "$bulk_kb" 1,1,1,1,0 >&2
ls -l big.pcap >&2
cat big.pcap > /dev/null

measure() { # name, command...: wall seconds and peak RSS in KB on stdout's last line
  local name=$1; shift
  /usr/bin/time -v "$@" > "$name.out" 2> "$name.time"
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$name.time" | awk -F: '{ if (NF==3) print $1*3600+$2*60+$3; else print $1*60+$2 }')
  rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$name.time")
  cpu=$(awk -F': ' '/User time|System time/ {s += $2} END {print s}' "$name.time")
  echo "$wall $rss $cpu"
}

echo "== bare libpcap loop" >&2
read -r bare_s bare_kb bare_cpu < <(measure bare "$work/bare-loop" big.pcap)
echo "== tlsprobe capture -r" >&2
read -r ours_s ours_kb ours_cpu < <(measure tlsprobe "$tlsprobe" capture -r big.pcap --json --fail-on never)
echo "== tlsprobe capture -r --keylog" >&2
read -r keys_s keys_kb keys_cpu < <(measure tlsprobe-keys "$tlsprobe" capture -r big.pcap --json --fail-on never --keylog keys.log)
echo "== tshark" >&2
read -r tshark_s tshark_kb tshark_cpu < <(measure tshark tshark -r big.pcap -d "tcp.port==$port,tls" \
  -Y 'tls.handshake.type == 1 || tls.handshake.type == 2 || tls.handshake.type == 11' -T fields -e frame.number -e tls.handshake.type)

mb=$(python3 -c "import os; print(os.path.getsize('big.pcap')/1048576)")
ours_hellos=$(grep -c '"client_hello":{' tlsprobe.out || true)
ours_chains=$(grep -c '"chain":\[{' tlsprobe.out || true)
tshark_hellos=$(awk -F'\t' '{ n = split($2, t, ","); for (i = 1; i <= n; i++) if (t[i] == "1") c++ } END { print c+0 }' tshark.out)
tshark_chains=$(awk -F'\t' '{ n = split($2, t, ","); for (i = 1; i <= n; i++) if (t[i] == "11") c++ } END { print c+0 }' tshark.out)
python3 - "$mb" "$bare_s" "$bare_kb" "$ours_s" "$ours_kb" "$tshark_s" "$tshark_kb" "$ours_hellos" "$tshark_hellos" "$ours_chains" "$tshark_chains" "$bare_cpu" "$ours_cpu" "$tshark_cpu" <<'EOF'
import sys
mb, bare_s, bare_kb, ours_s, ours_kb, tshark_s, tshark_kb = map(float, sys.argv[1:8])
ours_hellos, tshark_hellos, ours_chains, tshark_chains = map(int, sys.argv[8:12])
bare_cpu, ours_cpu, tshark_cpu = map(float, sys.argv[12:15])
rate = lambda s: mb / s if s > 0 else float("inf")
print(f"file: {mb:.0f} MB")
print(f"{'':22}{'seconds':>9}{'MB/s':>10}{'CPU s':>8}{'peak RSS MB':>13}")
for name, s, kb, cpu in (("bare libpcap loop", bare_s, bare_kb, bare_cpu), ("tlsprobe capture -r", ours_s, ours_kb, ours_cpu),
                         ("tshark", tshark_s, tshark_kb, tshark_cpu)):
    print(f"{name:22}{s:9.2f}{rate(s):10.0f}{cpu:8.2f}{kb / 1024:13.1f}")
print("(wall-clock seconds; tlsprobe reads on one thread and writes reports on others: CPU s is user + system)")
print(f"tlsprobe vs tshark: {tshark_s / ours_s:.1f}x faster (target >= 30x)")
print(f"tlsprobe vs bare loop: {ours_s / bare_s:.2f}x the time (target <= 3x)")
print(f"ClientHellos: tlsprobe {ours_hellos}, tshark {tshark_hellos} {'(same)' if ours_hellos == tshark_hellos else '(DIFFERENT)'}")
print(f"server chains (TLS 1.2 Certificate messages): tlsprobe {ours_chains}, tshark Certificate messages {tshark_chains} (tshark counts client ones too)")
EOF
echo "tlsprobe's summary: $(grep -h "TLS connection" tlsprobe.time)"
keys_chains=$(grep -c '"chain":\[{' tlsprobe-keys.out || true)
python3 - "$mb" "$ours_s" "$keys_s" "$keys_kb" "$keys_cpu" <<'EOF'
import sys
mb, ours_s, keys_s, keys_kb, keys_cpu = map(float, sys.argv[1:6])
print(f"with --keylog: {keys_s:.2f} s, {mb / keys_s:.0f} MB/s, {keys_cpu:.2f} CPU s, peak RSS {keys_kb / 1024:.1f} MB "
      f"({keys_s / ours_s:.2f}x the time without)")
EOF
echo "with --keylog: $keys_chains reports with a chain, $ours_chains without; $(grep -h "key log:" tlsprobe-keys.time)"
