#!/usr/bin/env bash
# Benchmark (not a test): what hostile inputs cost, beside the peer that would meet them.
#
#   Tests/Benchmarks/hostile-inputs.sh [RUNS]      (default 3 runs of each)
#   TLSPROBE=/path/to/tlsprobe Tests/Benchmarks/hostile-inputs.sh   (a binary built elsewhere)
#
# Measured, wall time (bash's EPOCHREALTIME) and peak RSS (GNU time %M, KiB), medians:
#   A  tlsprobe verify of a self-signed leaf with 100,000 DNS names, asked for a name it
#      lacks, beside openssl verify -verify_hostname on the same file;
#   B  tlsprobe connect to a loopback server that answers the ClientHello with an endless
#      stream of HelloRequests, beside openssl s_client, which skips them: it is stopped
#      by `timeout` after 10 s (its figure is then that bound, not a finish).
# Uses the release build (built if missing) and loopback only.
# The latest figures, with the command that made them: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-3}

command -v openssl >/dev/null || { echo "openssl is needed (apt-get install -y openssl)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 is needed (apt-get install -y python3)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "GNU time is needed for peak RSS (apt-get install -y time)" >&2; exit 2; }

if [ -n "${TLSPROBE:-}" ]; then
  tlsprobe=$TLSPROBE
else
  echo "== building tlsprobe (release)" >&2
  flags=$(Scripts/release-flags.sh)
  swift build -c release $flags --product tlsprobe >&2
  tlsprobe="$(swift build -c release $flags --show-bin-path)/tlsprobe"
fi

work=$(mktemp -d)
server=
cleanup() {
  [ -n "$server" ] && kill "$server" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# One run: prints "seconds peak-KiB status".
measure() {
  local start end status
  start=$EPOCHREALTIME
  set +e
  /usr/bin/time -f %M -o "$work/rss" "$@" >/dev/null 2>&1
  status=$?
  set -e
  end=$EPOCHREALTIME
  echo "$(awk -v a="$start" -v b="$end" 'BEGIN { print b - a }') $(tail -1 "$work/rss") $status"
}

median() { sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

report() { # label file
  local s k st
  s=$(cut -d' ' -f1 "$2" | median)
  k=$(cut -d' ' -f2 "$2" | median)
  st=$(cut -d' ' -f3 "$2" | sort -u | tr '\n' ' ')
  printf '%-58s %8.3f s %8s KiB  exit %s\n' "$1" "$s" "$k" "$st"
}

echo "== A: a leaf with 100,000 names, a name it lacks" >&2
python3 - "$work/san.cnf" <<'EOF'
import sys
names = ",".join("DNS:host%d.shop.lan" % i for i in range(100000))
open(sys.argv[1], "w").write("[req]\ndistinguished_name=dn\n[dn]\n[ext]\nsubjectAltName=%s\n" % names)
EOF
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$work/leaf.key" \
  -out "$work/leaf.pem" -subj "/CN=many names" -days 30 -config "$work/san.cnf" -extensions ext 2>/dev/null
for _ in $(seq "$runs"); do
  measure "$tlsprobe" verify "$work/leaf.pem" --anchor "$work/leaf.pem" --host wrong.example >>"$work/a1"
  measure openssl verify -CAfile "$work/leaf.pem" -verify_hostname wrong.example "$work/leaf.pem" >>"$work/a2"
done

echo "== B: a server streaming HelloRequests" >&2
cat >"$work/flood.py" <<'EOF'
import socket, sys, threading
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", 0))
s.listen(16)
print(s.getsockname()[1], flush=True)
burst = b"\x16\x03\x03\x00\x04\x00\x00\x00\x00" * 1000
def serve(c):
    try:
        c.recv(65536)
        while True:
            c.sendall(burst)
    except OSError:
        pass
    finally:
        c.close()
while True:
    c, _ = s.accept()
    threading.Thread(target=serve, args=(c,), daemon=True).start()
EOF
python3 "$work/flood.py" >"$work/port" &
server=$!
for _ in $(seq 50); do [ -s "$work/port" ] && break; sleep 0.1; done
port=$(cat "$work/port")
for _ in $(seq "$runs"); do
  measure "$tlsprobe" connect "127.0.0.1:$port" --timeout 10 >>"$work/b1"
  measure timeout 10 openssl s_client -connect "127.0.0.1:$port" >>"$work/b2" </dev/null
done

report "A tlsprobe verify, 100,000 names, wrong name" "$work/a1"
report "A openssl verify -verify_hostname (peer)" "$work/a2"
report "B tlsprobe connect, HelloRequest stream, --timeout 10" "$work/b1"
report "B openssl s_client, same server (stopped at 10 s)" "$work/b2"
