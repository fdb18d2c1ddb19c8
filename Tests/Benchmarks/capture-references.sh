#!/usr/bin/env bash
# Exactness check (not a test): capture's JA4 against FoxIO's published test data.
#
#   JA4_TESTDATA=DIR Tests/Benchmarks/capture-references.sh
#   TLSPROBE=/path/to/tlsprobe JA4_TESTDATA=DIR Tests/Benchmarks/capture-references.sh
#
# DIR holds pairs as FoxIO's ja4 repository has them: a capture (pcap/NAME) beside the
# reference output its Python implementation wrote for it (python/test/testdata/NAME.json),
# both copied into one folder as NAME and NAME.json. Nothing here fetches them: the traces
# are FoxIO's (their licence applies) and are not part of this repository.
# For every TLS connection the reference fingerprints (JA4.1), it prints each disagreement
# and the agreement. The latest figures: docs/PERFORMANCE.md.
set -euo pipefail
cd "$(dirname "$0")/../.."
dir=${JA4_TESTDATA:?set JA4_TESTDATA to a folder of NAME and NAME.json pairs}
[ -d "$dir" ] || { echo "no such folder: $dir" >&2; exit 2; }
tlsprobe=${TLSPROBE:-.build/debug/tlsprobe}
[ -x "$tlsprobe" ] || { echo "build tlsprobe first (swift build), or set TLSPROBE" >&2; exit 2; }

python3 - "$tlsprobe" "$dir" <<'EOF'
import glob, json, os, subprocess, sys

tlsprobe, folder = sys.argv[1], sys.argv[2]
total = agreed = 0
def endpoint(address, port):
    return f"[{address}]:{port}" if ":" in address else f"{address}:{port}"
for reference_path in sorted(glob.glob(os.path.join(folder, "*.json"))):
    capture = reference_path[:-len(".json")]
    if not os.path.exists(capture):
        continue
    output = subprocess.run([tlsprobe, "capture", "-r", capture, "--json", "--fail-on", "never"],
                            capture_output=True, text=True).stdout
    reports = {}
    for line in output.splitlines():
        try:
            report = json.loads(line)
        except ValueError:
            continue
        flow = report.get("flow") or {}
        reports[(flow.get("client"), flow.get("server"))] = report
    for connection in json.load(open(reference_path)):
        expected = connection.get("JA4.1")
        if not expected or connection.get("src") is None:
            continue
        key = (endpoint(connection["src"], connection["srcport"]), endpoint(connection["dst"], connection["dstport"]))
        got = ((reports.get(key) or {}).get("client_hello") or {}).get("ja4")
        total += 1
        if got == expected:
            agreed += 1
        else:
            print(f"{os.path.basename(capture)} stream {connection.get('stream')}: tlsprobe {got}, reference {expected}")
print(f"JA4 agreement with the reference: {agreed}/{total}" + (f" = {100 * agreed / total:.1f} %" if total else ""))
EOF
