#!/usr/bin/env bash
# Writes Scripts/function-order.txt: the functions of tlsprobe that its usual runs execute,
# for the linker to place together (`--symbol-ordering-file`, which Scripts/release-flags.sh
# passes to lld). The code one run needs then sits in a few megabytes instead of being
# scattered over the binary's 17 MB of text, so fewer pages are faulted in and fewer are
# resident (the kernel maps 64 KiB around each page touched).
#
#   Scripts/make-function-order.sh [BINARY]     (default: the release build, built if missing)
#
# Runs, each under valgrind's callgrind against one loopback `openssl s_server` with the
# sample PKI: --version, explain (text and JSON), connect (text, JSON, read by the argument
# parser, --versions), inspect and verify; each must succeed. Functions are listed in that
# order of commands, those a command adds after the ones before it, by the cost callgrind
# gives them with their callees' (so callers come before what they call): the code every
# run starts with comes first. Only names the binary defines are kept. lld moves whole
# sections: code compiled without one section per function (FoundationEssentials, parts
# of the standard library) moves with its neighbours, so the listed code is packed only
# roughly.
#
# The list goes stale as the code changes (renamed or new functions are left where the
# linker puts them: slower, never wrong). InstallTests fails when fewer than 90 % of the
# listed names are still in the release binary: run this script then and commit the file.
# Needs valgrind, openssl, python3 and nm; loopback only.
set -euo pipefail
for tool in valgrind openssl python3 nm strip realpath; do
  command -v "$tool" >/dev/null || { echo "$tool is needed (apt-get install -y valgrind openssl python3 binutils coreutils)" >&2; exit 2; }
done
binary=${1:+$(realpath "$1")} # before the cd: a relative path names the caller's file
cd "$(dirname "$(realpath "$0")")/.."
root=$(pwd)
if [ -n "$binary" ]; then
  [ -x "$binary" ] || { echo "$1: not an executable" >&2; exit 2; }
else
  flags=$(Scripts/release-flags.sh)
  swift build -c release $flags --product tlsprobe >&2
  binary="$(swift build -c release $flags --show-bin-path)/tlsprobe"
fi

work=$(mktemp -d)
. Tests/Benchmarks/loopback-s_server.sh
cleanup() {
  stop_s_server
  rm -rf "$work"
}
trap cleanup EXIT
Samples/make-pki.sh "$work/pki" >/dev/null
pki=$work/pki
# valgrind reads a binary without its debug sections far faster; the names stay (.symtab).
strip --strip-debug "$binary" -o "$work/tlsprobe"

start_good_s_server "$pki"

n=0
run() {
  n=$((n + 1))
  echo "== callgrind: tlsprobe $*" >&2
  # valgrind exits with tlsprobe's status: a failed run would list its error path.
  if ! valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$(printf %02d $n)" "$work/tlsprobe" "$@" \
    </dev/null >/dev/null 2>"$work/valgrind.log"; then
    echo "tlsprobe $* did not succeed under valgrind; see the output of the same command run by hand" >&2
    exit 1
  fi
}
run --version
run explain unknown_ca
run explain -9813 --json
run connect "127.0.0.1:$port" --anchor "$pki/root.pem"
run connect "127.0.0.1:$port" --anchor "$pki/root.pem" --json
run connect "127.0.0.1:$port" --anchor="$pki/root.pem"
run connect "127.0.0.1:$port" --anchor "$pki/root.pem" --versions
run inspect "$pki/good/server.pem"
run verify "$pki/good/chain.pem" --anchor "$pki/root.pem"

nm --defined-only "$work/tlsprobe" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u > "$work/defined"
python3 - "$work" "$root/Scripts/function-order.txt" <<'PY'
import collections, glob, re, sys
work, out = sys.argv[1], sys.argv[2]
defined = set(open(f"{work}/defined").read().split())
order, seen = [], set()
for path in sorted(glob.glob(f"{work}/cg.*")):
    cost, names, current = collections.Counter(), {}, None
    for line in open(path, errors="replace"):
        m = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line)
        if m:
            if m.group(3):
                names[m.group(2)] = m.group(3)
            if m.group(1) == "fn":
                current = names.get(m.group(2))
            continue
        if current and re.match(r"^\d+ \d+$", line.strip()):
            cost[current] += int(line.split()[1])
    for name, value in cost.most_common():
        if value > 0 and name in defined and name not in seen:
            seen.add(name)
            order.append(name)
open(out, "w").write("".join(name + "\n" for name in order))
print(f"{len(order)} functions written to {out}", file=sys.stderr)
PY
