#!/usr/bin/env bash
# Benchmark (not a test): `tlsprobe scan` against `nmap -n -p PORTS --script ssl-cert` on a
# shop network rebuilt in a private network namespace, in the same run, clean and then with
# 3 % of the packets dropped at random.
#
#   sudo Tests/Benchmarks/scan-field.sh [PORTS]   (default: scan's 19 default ports)
#   TLSPROBE=/path/to/tlsprobe sudo -E Tests/Benchmarks/scan-field.sh   (a binary built elsewhere)
#
# The network (needs root, ip(8), nft(8), nmap, openssl, GNU time, Debian's /usr/bin/python3):
#   - namespace tlsprobe-field-PID, only its loopback, up: 127.0.1.0/24 there is a network of
#     its own, nothing leaves it;
#   - 20 devices, 127.0.1.10-29, each an `openssl s_server` (one connection at a time, as a
#     small device) on one of 443, 8443, 4433, 9443, 631, the first four on a second one too:
#     24 TLS endpoints; certificates good, missing intermediate, expired, self-signed, and
#     expiring in 10 days (Samples/make-pki.sh, the last signed here);
#   - an SSH-like banner on 127.0.1.30:8883, a tarpit (accepts, never speaks) on
#     127.0.1.31:5061;
#   - nftables dropping every packet to the other 234 addresses, as empty addresses do;
#   - run 2 adds `numgen random mod 100 < 3 drop` on every packet.
# Measured: wall time (bash EPOCHREALTIME), peak RSS (GNU time %M), TLS endpoints found
# (tlsprobe: reports with a TLS answer; nmap: ssl-cert results). Figures: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
[ "$(id -u)" = 0 ] || { echo "needs root (ip netns add)" >&2; exit 2; }
for tool in ip nft nmap openssl; do
  command -v $tool >/dev/null || { echo "$tool is needed (Tests/install-packages.sh)" >&2; exit 2; }
done
[ -x /usr/bin/time ] || { echo "GNU time is needed for peak RSS (apt-get install -y time)" >&2; exit 2; }
ports=${1:-443,4433,8443,9443,636,993,995,465,8883,5061,5986,631,10443,25,587,143,110,389,5432}

if [ -n "${TLSPROBE:-}" ]; then
  tlsprobe=$TLSPROBE
else
  echo "== building tlsprobe (release, static Swift runtime)" >&2
  flags=$(Scripts/release-flags.sh)
  swift build -c release $flags --product tlsprobe >&2
  tlsprobe="$(swift build -c release $flags --show-bin-path)/tlsprobe"
fi

ns=tlsprobe-field-$$
work=$(mktemp -d)
pids=()
cleanup() {
  # `inns … &` backgrounds a subshell: its pid is not the server's. Every process still in
  # the namespace is stopped by what the kernel lists for it.
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  ip netns pids "$ns" 2>/dev/null | xargs -r kill 2>/dev/null || true
  wait 2>/dev/null || true
  ip netns delete "$ns" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

ip netns add "$ns"
ip -n "$ns" link set lo up
inns() { ip netns exec "$ns" "$@"; }

Samples/make-pki.sh "$work/pki" >/dev/null
pki=$work/pki
mkdir -p "$pki/expiring"
openssl req -new -key "$pki/good/server.key" -subj /CN=printer.local -out "$work/expiring.csr" 2>/dev/null
printf 'subjectAltName=DNS:printer.local\nextendedKeyUsage=serverAuth\n' >"$work/ext"
openssl x509 -req -in "$work/expiring.csr" -CA "$pki/intermediate.pem" -CAkey "$pki/intermediate.key" \
  -CAcreateserial -days 10 -extfile "$work/ext" -out "$pki/expiring/server.pem" 2>/dev/null
cp "$pki/good/server.key" "$pki/expiring/server.key"
kinds=("good/server.pem good/server.key $pki/intermediate.pem"
       "missing-intermediate/server.pem missing-intermediate/server.key -"
       "expired/server.pem expired/server.key $pki/intermediate.pem"
       "self-signed/camera.pem self-signed/camera.key -"
       "expiring/server.pem expiring/server.key $pki/intermediate.pem")
device_ports=(443 8443 4433 9443 631)

echo "== starting 20 devices (24 s_servers), an SSH banner and a tarpit in $ns" >&2
: >"$work/names.txt"
endpoints=()
for i in $(seq 0 19); do
  host=127.0.1.$((10 + i))
  echo "$host printer.local" >>"$work/names.txt"
  read -r cert key chain <<<"${kinds[$((i % 5))]}"
  mine=("${device_ports[$((i % 5))]}")
  [ "$i" -lt 4 ] && mine+=("${device_ports[$(((i + 1) % 5))]}")
  for port in "${mine[@]}"; do
    args=(s_server -accept "$host:$port" -quiet -cert "$pki/$cert" -key "$pki/$key")
    [ "$chain" != "-" ] && args+=(-cert_chain "$chain")
    inns openssl "${args[@]}" </dev/null >/dev/null 2>&1 &
    pids+=($!)
    endpoints+=("$host:$port")
  done
done
listener='
import socket, sys
s = socket.socket(); s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind((sys.argv[1], int(sys.argv[2]))); s.listen(64)
held = []
while True:
    c, _ = s.accept(); held.append(c)
    if len(sys.argv) > 3:
        try: c.sendall(sys.argv[3].encode() + b"\r\n")
        except OSError: pass
'
inns /usr/bin/python3 -c "$listener" 127.0.1.30 8883 "SSH-2.0-OpenSSH_9.2p1 Debian-2" >/dev/null 2>&1 &
pids+=($!)
inns /usr/bin/python3 -c "$listener" 127.0.1.31 5061 >/dev/null 2>&1 &
pids+=($!)
for e in "${endpoints[@]}" 127.0.1.30:8883 127.0.1.31:5061; do
  for _ in $(seq 100); do inns ss -Hltn | grep -q "$e " && break; sleep 0.05; done
  inns ss -Hltn | grep -q "$e " || { echo "nothing listens on $e" >&2; exit 2; }
done
inns nft -f - <<'EOF'
table inet shop {
    chain input {
        type filter hook input priority 0; policy accept;
        ip daddr 127.0.1.0/24 ip daddr != { 127.0.1.10-127.0.1.31 } drop
    }
}
EOF

# measure NAME COMMAND...: wall seconds and peak KiB, inside the namespace.
measure() {
  local name=$1; shift
  local start=$EPOCHREALTIME
  inns /usr/bin/time -f %M -o "$work/rss" "$@" >"$work/$name.out" 2>"$work/$name.err" || true
  local end=$EPOCHREALTIME
  wall=$(echo "$end - $start" | bc -l)
  rss=$(($(tail -1 "$work/rss") / 1024))
}

run() { # LABEL
  measure scan "$tlsprobe" scan 127.0.1.0/24 --ports "$ports" --anchor "$pki/root.pem" \
    --host-map "$work/names.txt" --json
  local scan_wall=$wall scan_rss=$rss
  local scan_found
  scan_found=$(python3 - "$work/scan.out" <<'EOF'
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
s = lines[-1]["summary"]
tls = sorted(f'{l["target"]["host"]}:{l["target"]["port"]}' for l in lines[:-1] if l.get("chain"))
ssh = [l for l in lines[:-1] if l.get("target", {}).get("port") == 8883]
ssh_errors = [f["code"] for l in ssh for f in l.get("findings", []) if f["severity"] == "error"]
print(f'{len(tls)} TLS endpoints ({len(set(tls))} distinct); not TLS {s["not_tls"]} (error findings there: {len(ssh_errors)}); '
      f'errors {s["errors"]}; silent hosts {s["silent_hosts"]}; retried {s["retried"]}; expiring {s["expiring_count"]}')
EOF
)
  measure nmap nmap -n -p "$ports" --script ssl-cert 127.0.1.0/24
  local nmap_found
  nmap_found=$(grep -c "ssl-cert: Subject" "$work/nmap.out" || true)
  echo
  echo "$1"
  printf "  %-40s %7.1f s  peak RSS %4d MB  %s\n" "tlsprobe scan (sweep + connect diagnosis)" "$scan_wall" "$scan_rss" "$scan_found"
  printf "  %-40s %7.1f s  peak RSS %4d MB  %s TLS endpoints (ssl-cert)\n" "nmap -n -p PORTS --script ssl-cert" "$wall" "$rss" "$nmap_found"
  printf "  tlsprobe / nmap wall time: %.2f\n" "$(echo "$scan_wall / $wall" | bc -l)"
}

echo "== 24 live TLS endpoints; ports: $ports" >&2
run "clean: 127.0.1.0/24, 20 devices, 234 empty addresses"
inns nft -f - <<'EOF'
table inet loss {
    chain input {
        type filter hook input priority 1; policy accept;
        numgen random mod 100 < 3 drop
    }
}
EOF
run "3 % of packets dropped at random"
