#!/usr/bin/env bash
# Capture throughput where TLS starts after a plain-text prelude: tlsprobe against tshark
# and a bare libpcap loop, on the same file in the same run. A benchmark, never a test:
# run it by hand (as root, for tcpdump on lo).
#
#   Tests/Benchmarks/prelude-capture-benchmark.sh [SIZE_MB] [BULK_KB] [RUNS]
#                                   (default 256 MB, 20 KB, 3 runs)
#   TLSPROBE=path/to/tlsprobe times that binary instead of building one; KEEP=1 keeps the
#   work directory.
#
# 1. Real sessions on 127.0.0.1 only, captured with tcpdump on lo: `openssl s_client
#    -starttls smtp|imap|pop3|postgres` against Tests/Tools/starttls-server.py (each
#    protocol's documented prelude, then Python's ssl as the TLS server), and — when
#    aiosmtpd is installed — curl sending mail to aiosmtpd in plain text (a client that
#    never asks for TLS: tls.starttls_not_used) and with --ssl-reqd.
# 2. make-capture.py (SEED_PRELUDE=1) replays them as thousands of connections, 1448-byte
#    segments, 32 interleaved, BULK_KB of TLS application data after each upgrade.
# 3. Times RUNS rounds of a bare pcap_next_ex loop, `tlsprobe capture -r --json` (release
#    build) and tshark told each port's protocol (-d tcp.port==P,smtp|imap|pop|pgsql, whose
#    dissectors follow STARTTLS into TLS) extracting the ClientHellos; prints medians,
#    connections a second, the ratios, peak RSS, and compares the ClientHello counts.
# Needs: swift, openssl, tcpdump, tshark, gcc, libpcap-dev, python3, curl, /usr/bin/time.
# The latest figures, with the command that made them: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
size_mb=${1:-256}
bulk_kb=${2:-20}
runs=${3:-3}
work=$(mktemp -d /tmp/tlsprobe-prelude-bench.XXXXXX)
trap 'kill $(jobs -p) 2>/dev/null || true; [ -n "${KEEP:-}" ] || rm -rf "$work"' EXIT

if [ -n "${TLSPROBE:-}" ]; then
  tlsprobe=$(realpath "$TLSPROBE")
else
  echo "== building tlsprobe (release)" >&2
  flags=$(Scripts/release-flags.sh) # the release options, as make builds (one per line, no spaces)
  swift build -c release $flags --product tlsprobe >&2  # as installed
  tlsprobe="$root/.build/release/tlsprobe"
fi
gcc -O2 -o "$work/bare-loop" Tests/Benchmarks/bare-loop.c -lpcap

echo "== real sessions on lo" >&2
cd "$work"
openssl req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -subj "/CN=Bench Root" -days 400 \
  -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
openssl req -newkey rsa:2048 -nodes -keyout leaf.key -out leaf.csr -subj "/CN=mail.bench.test" 2>/dev/null
printf 'subjectAltName=DNS:mail.bench.test,IP:127.0.0.1\nextendedKeyUsage=serverAuth\n' > leaf.ext
openssl x509 -req -in leaf.csr -CA ca.pem -CAkey ca.key -CAcreateserial -days 400 -extfile leaf.ext -out leaf.pem 2>/dev/null
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
declare -A ports
filter=""
for proto in smtp imap pop3 postgres mail; do
  ports[$proto]=$(free_port)
  filter="${filter:+$filter or }tcp port ${ports[$proto]}"
done
tcpdump -i lo --immediate-mode -U -s 0 -w seed.pcap "$filter" 2>/dev/null &
tcpdump_pid=$!
while [ ! -s seed.pcap ]; do sleep 0.05; done
sleep 0.3
pids=()
for proto in smtp imap pop3 postgres; do
  python3 "$root/Tests/Tools/starttls-server.py" "$proto" "127.0.0.1:${ports[$proto]}" leaf.pem leaf.key >/dev/null 2>&1 &
  pids+=($!)
done
have_aiosmtpd=0
if python3 -c 'import aiosmtpd' 2>/dev/null; then
  python3 "$root/Tests/Tools/starttls-server.py" aiosmtpd "127.0.0.1:${ports[mail]}" leaf.pem leaf.key >/dev/null 2>&1 &
  pids+=($!)
  have_aiosmtpd=1
fi
wait_for() { for _ in $(seq 200); do (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0; sleep 0.05; done; return 1; }
for proto in smtp imap pop3 postgres; do wait_for "${ports[$proto]}"; done
[ "$have_aiosmtpd" = 1 ] && wait_for "${ports[mail]}"
for proto in smtp imap pop3 postgres; do
  for version in -tls1_2 -tls1_3; do
    echo Q | timeout 10 openssl s_client -starttls "$proto" -connect "127.0.0.1:${ports[$proto]}" "$version" >/dev/null 2>&1 || true
  done
done
if [ "$have_aiosmtpd" = 1 ]; then
  printf 'From: scan@shop.lan\r\nTo: office@shop.lan\r\nSubject: scan\r\n\r\npage\r\n' > scan.eml
  mail=(smtp://127.0.0.1:"${ports[mail]}" --mail-from scan@shop.lan --mail-rcpt office@shop.lan -T scan.eml)
  curl -sS "${mail[@]}" >/dev/null 2>&1 || true
  curl -sS --ssl-reqd -k "${mail[@]}" >/dev/null 2>&1 || true
fi
sleep 0.3
kill "${pids[@]}" "$tcpdump_pid" 2>/dev/null || true
wait "$tcpdump_pid" 2>/dev/null || true

port_list=$(IFS=,; echo "${ports[*]}")
echo "== building a ${size_mb} MB capture" >&2
SEED_PRELUDE=1 python3 "$root/Tests/Benchmarks/make-capture.py" seed.pcap "$port_list" big.pcap "$size_mb" "$bulk_kb" > big.log
cat big.log >&2
connections=$(sed -E 's/.* ([0-9]+) connections from.*/\1/' big.log)
cat big.pcap > /dev/null

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
decode=(-d "tcp.port==${ports[smtp]},smtp" -d "tcp.port==${ports[imap]},imap" -d "tcp.port==${ports[pop3]},pop"
        -d "tcp.port==${ports[postgres]},pgsql" -d "tcp.port==${ports[mail]},smtp")
bare_s=(); bare_kb=(); ours_s=(); ours_kb=(); ours_cpu=(); tshark_s=(); tshark_kb=()
for ((r = 1; r <= runs; r++)); do
  echo "== run $r of $runs: bare libpcap loop, tlsprobe capture -r, tshark" >&2
  read -r a b c < <(measure bare "$work/bare-loop" big.pcap); bare_s+=("$a"); bare_kb+=("$b")
  read -r a b c < <(measure tlsprobe "$tlsprobe" capture -r big.pcap --json --fail-on never --anchor ca.pem); ours_s+=("$a"); ours_kb+=("$b"); ours_cpu+=("$c")
  read -r a b c < <(measure tshark tshark -r big.pcap "${decode[@]}" -Y 'tls.handshake.type == 1' -T fields -e frame.number)
  tshark_s+=("$a"); tshark_kb+=("$b")
done
mb=$(python3 -c "import os; print(os.path.getsize('big.pcap')/1048576)")
ours_hellos=$(grep -c '"client_hello":{' tlsprobe.out || true)
ours_plain=$(grep -c '"tls.starttls_not_used"' tlsprobe.out || true)
upgrades=$(grep -o '"upgrade":"[a-z0-9-]*"' tlsprobe.out | sort | uniq -c | awk '{printf "%s %s, ", $2, $1}' | sed 's/"upgrade"://g; s/"//g; s/, $//')
tshark_hellos=$(wc -l < tshark.out)
python3 - "$mb" "$connections" "$runs" "$(median "${bare_s[@]}")" "$(median "${bare_kb[@]}")" "$(median "${ours_s[@]}")" "$(median "${ours_kb[@]}")" \
  "$(median "${ours_cpu[@]}")" "$(median "${tshark_s[@]}")" "$(median "${tshark_kb[@]}")" <<'PY'
import sys
mb, connections, runs = float(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
bare, bare_kb, ours, ours_kb, ours_cpu, tshark, tshark_kb = map(float, sys.argv[4:11])
print(f"file: {mb:.0f} MB, {connections} connections, medians of {runs} run(s)")
print(f"{'':24}{'seconds':>9}{'MB/s':>8}{'conns/s':>10}{'peak RSS MB':>13}")
for name, s, kb in (("bare libpcap loop", bare, bare_kb), ("tlsprobe capture -r", ours, ours_kb), ("tshark", tshark, tshark_kb)):
    print(f"{name:24}{s:9.2f}{mb / s:8.0f}{connections / s:10.0f}{kb / 1024:13.1f}")
print(f"tlsprobe: {ours_cpu:.2f} CPU s, {ours / connections * 1e6:.0f} µs a connection")
print(f"tlsprobe vs tshark: {tshark / ours:.1f}x faster; vs bare loop: {ours / bare:.1f}x the time")
PY
echo "ClientHellos: tlsprobe $ours_hellos, tshark $tshark_hellos $([ "$ours_hellos" = "$tshark_hellos" ] && echo '(same)' || echo '(DIFFERENT)')"
echo "tlsprobe's upgrades: $upgrades; sessions reported as tls.starttls_not_used: $ours_plain"
