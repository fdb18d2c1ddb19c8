#!/usr/bin/env bash
# scan --bonjour against nmap's broadcast-dns-service-discovery (which lists services but
# judges nothing) and a python3-zeroconf browse, in the same run: a network namespace of
# its own (root), multicast on its loopback only, a python3-zeroconf responder advertising
# N _https._tcp instances (default 20), each an openssl s_server with a self-signed leaf
# for its host. Prints each tool's seconds and the instances it saw; also `connect
# host-1.local` resolved by multicast DNS. Nothing leaves the namespace.
#
#   Tests/Benchmarks/bonjour-vs-nmap.sh [N]
set -euo pipefail
n=${1:-20}
here=$(cd "$(dirname "$0")/../.." && pwd)
tlsprobe=${TLSPROBE:-$here/.build/debug/tlsprobe}
[ "$(id -u)" -eq 0 ] || { echo "needs root (ip netns)" >&2; exit 2; }
/usr/bin/python3 -c 'import zeroconf' || { echo "needs python3-zeroconf for /usr/bin/python3" >&2; exit 2; }
ns=tlsprobe-bench-bonjour-$$
work=$(mktemp -d)
cleanup() {
  for pid in $(ip netns pids "$ns" 2>/dev/null); do kill "$pid" 2>/dev/null || true; done
  ip netns del "$ns" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
ip netns add "$ns"
ip netns exec "$ns" ip link set lo up
ip netns exec "$ns" ip link set lo multicast on
ip netns exec "$ns" ip route add 224.0.0.0/4 dev lo
for i in $(seq "$n"); do
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 30 -subj "/CN=host-$i.local" \
    -addext "subjectAltName=DNS:host-$i.local" -keyout "$work/$i.key" -out "$work/$i.pem" 2>/dev/null
  ip netns exec "$ns" openssl s_server -accept "127.0.0.1:$((20000 + i))" -cert "$work/$i.pem" -key "$work/$i.key" \
    -quiet </dev/null >/dev/null 2>&1 &
done
cat >"$work/responder.py" <<PY
import socket, time
from zeroconf import IPVersion, ServiceInfo, Zeroconf
zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
for i in range(1, $n + 1):
    zc.register_service(ServiceInfo("_https._tcp.local.", "Device %d._https._tcp.local." % i,
        addresses=[socket.inet_aton("127.0.0.1")], port=20000 + i, server="host-%d.local." % i),
        cooperating_responders=True)
open("$work/ready", "w").write("ready")
time.sleep(600)
PY
ip netns exec "$ns" /usr/bin/python3 "$work/responder.py" >/dev/null 2>&1 &
for _ in $(seq 200); do [ -f "$work/ready" ] && break; sleep 0.05; done
[ -f "$work/ready" ] || { echo "the responder did not start" >&2; exit 2; }
sleep 0.5
cat >"$work/browse.py" <<'PY'
import sys, time
from zeroconf import IPVersion, ServiceBrowser, Zeroconf
n, start, seen = int(sys.argv[1]), time.monotonic(), set()
class L:
    def add_service(self, zc, t, name): seen.add(name)
    def update_service(self, zc, t, name): pass
    def remove_service(self, zc, t, name): pass
zc = Zeroconf(interfaces=["127.0.0.1"], ip_version=IPVersion.V4Only)
ServiceBrowser(zc, "_https._tcp.local.", L())
while len(seen) < n and time.monotonic() - start < 30: time.sleep(0.01)
print("%.2f s, %d instances (browse only, no TLS)" % (time.monotonic() - start, len(seen)))
zc.close()
PY
# Runs a command (its output to $1), and prints its wall-clock seconds.
seconds() {
  local to=$1 s e
  shift
  s=$(date +%s.%N)
  "$@" >"$to" 2>&1 || true
  e=$(date +%s.%N)
  printf '%.2f' "$(echo "$e - $s" | bc)"
}
echo "== $n _https._tcp instances, each a self-signed s_server"
out=$work/tlsprobe.jsonl
t=$(seconds "$out" ip netns exec "$ns" "$tlsprobe" scan --bonjour --json)
echo "tlsprobe scan --bonjour: $t s, $(grep -c '"bonjour"' "$out") instances browsed, resolved and judged"
t=$(seconds "$work/nmap.txt" ip netns exec "$ns" nmap -e lo --script broadcast-dns-service-discovery)
echo "nmap broadcast-dns-service-discovery: $t s, $(grep -c '/tcp' "$work/nmap.txt" || true) services listed (no TLS; it keeps one answer per address, and all share 127.0.0.1 here)"
[ -n "${VERBOSE:-}" ] && cat "$work/nmap.txt"
echo "python3-zeroconf ServiceBrowser: $(ip netns exec "$ns" /usr/bin/python3 "$work/browse.py" "$n")"
t=$(seconds /dev/null ip netns exec "$ns" "$tlsprobe" connect host-1.local:20001)
echo "tlsprobe connect host-1.local:20001 (mDNS, no nss-mdns): $t s"
