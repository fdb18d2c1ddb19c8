#!/usr/bin/env bash
# Benchmark (not a test): tlsprobe diff reading two large scan outputs back, beside Python's
# json module and jq parsing the same two files in the same run (wall time, peak RSS).
#
#   Tests/Benchmarks/diff-vs-python.sh [RECORDS]        (default 20000 records a file)
#   TLSPROBE=/path/to/tlsprobe Tests/Benchmarks/diff-vs-python.sh   (a binary built elsewhere)
#
# One real scan record (an openssl s_server on 127.0.0.1 with a self-signed key) is copied
# RECORDS times with distinct addresses and ports; in NEW every 100th record has another
# SPKI, so diff prints RECORDS/100 cert.key_changed lines. Peers: `python3 -c json.loads`
# of every line of both files, and `jq -c .` of both (parsing only: neither compares).
# The latest figures, with the command that made them: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
records=${1:-20000}
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
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
trap 'exit 130' INT TERM

openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -keyout "$work/k.pem" \
  -out "$work/c.pem" -days 30 -subj /CN=bench 2>/dev/null
port=$((40000 + RANDOM % 20000))
openssl s_server -accept "127.0.0.1:$port" -cert "$work/c.pem" -key "$work/k.pem" -quiet >/dev/null 2>&1 &
server=$!
for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null && break; sleep 0.1; done
"$tlsprobe" scan 127.0.0.1 --ports "$port" --json > "$work/one.jsonl" || true
kill "$server"; server=
python3 - "$work" "$records" <<'PY'
import json, sys
work, n = sys.argv[1], int(sys.argv[2])
rec = json.loads(open(f"{work}/one.jsonl").readline())
with open(f"{work}/old.jsonl", "w") as a, open(f"{work}/new.jsonl", "w") as b:
    for i in range(n):
        rec["target"]["port"] = 1 + i % 65000
        rec["target"]["host"] = rec["target"]["address"] = "127.%d.%d.%d" % (i // 62500, i // 250 % 250, i % 250)
        line = json.dumps(rec, separators=(",", ":"))
        a.write(line + "\n")
        if i % 100 == 0:
            other = dict(rec, chain=[dict(rec["chain"][0], spki_sha256="0" * 64)] + rec["chain"][1:])
            b.write(json.dumps(other, separators=(",", ":")) + "\n")
        else:
            b.write(line + "\n")
    summary = '{"schema_version":1,"command":"scan","summary":{"interrupted":false}}\n'
    a.write(summary)
    b.write(summary)
PY
echo "== $records records a file, $(du -m "$work/old.jsonl" | cut -f1) MiB each"
/usr/bin/time -f "tlsprobe diff:          %e s, peak %M KiB" "$tlsprobe" diff "$work/old.jsonl" "$work/new.jsonl" > "$work/out.txt" || true
echo "   $(wc -l < "$work/out.txt") change lines"
/usr/bin/time -f "python3 json.loads:     %e s, peak %M KiB" python3 -c "
import json, sys
for f in sys.argv[1:]:
    for line in open(f): json.loads(line)" "$work/old.jsonl" "$work/new.jsonl"
if command -v jq >/dev/null; then
  /usr/bin/time -f "jq -c . (both files):   %e s, peak %M KiB" sh -c 'jq -c . "$1" >/dev/null; jq -c . "$2" >/dev/null' _ "$work/old.jsonl" "$work/new.jsonl"
fi
