#!/usr/bin/env bash
# The README's first command: installs what is missing (as root, with apt-get), builds
# tlsprobe (the compiler's output goes to .build/demo-build.log), makes the sample PKI
# (Samples/make-pki.sh), then
#   1. starts a misconfigured TLS server on loopback (its chain lacks the intermediate, its
#      certificate lacks the IP address clients dial) and shows tlsprobe's diagnosis,
#   2. makes the fix with tlsprobe identity (a CA and a server identity), serves it and
#      shows it trusted as an Apple client would; then the hand-made corrected server,
#   3. starts a server that demands a client certificate, without and with the identity,
#      an old device that speaks only TLS 1.0/1.1 (its chain saved and verified from stdin)
#      and an SMTP server upgraded with STARTTLS,
#   4. runs tlsprobe listen as the server and points curl at it, not trusting and trusting
#      the root (curl gets tlsprobe's page),
#   5. runs tlsprobe offline on the other broken cases,
# and stops every server it started: on success, on failure and on Ctrl-C.
#
#   Samples/demo.sh
set -euo pipefail
cd "$(dirname "$0")/.."

Tests/install-packages.sh libssl-dev libpcap-dev openssl pkg-config curl

# The release binary, built as make builds it (Scripts/release-flags.sh: the Swift runtime
# linked in). The compiler's progress goes to a log; on failure its tail is shown.
mkdir -p .build
build_log=$PWD/.build/demo-build.log
echo "building tlsprobe (log: $build_log)…" >&2
if ! {
  flags=$(Scripts/release-flags.sh) && # the release options (one per line, no spaces)
    swift build -c release $flags --product tlsprobe &&
    bin=$(swift build -c release $flags --show-bin-path)
} > "$build_log" 2>&1; then
  echo "demo.sh: the build failed; the last 30 lines of $build_log:" >&2
  tail -n 30 "$build_log" >&2
  echo "demo.sh: the whole log: $build_log" >&2
  exit 1
fi
tlsprobe=$bin/tlsprobe

out=Samples/out
Samples/make-pki.sh "$out" >&2

# Every server this script starts, by process id; all are stopped however the script ends.
servers=()
port=
stop_servers() {
  local pid
  for pid in "${servers[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${servers[@]}"; do wait "$pid" 2>/dev/null || true; done
  servers=()
}
trap stop_servers EXIT
trap 'stop_servers; trap - EXIT; exit 130' INT
trap 'stop_servers; trap - EXIT; exit 143' TERM

# serve ARGS...: starts `openssl s_server ARGS` on 127.0.0.1 and a free port; sets $port.
# Only loopback is ever used.
serve() {
  local attempt candidate pid
  for attempt in 1 2 3 4 5 6 7 8 9 10; do
    candidate=$((20000 + RANDOM % 40000))
    # Something already answers there: try another port.
    if (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then continue; fi
    openssl s_server -accept "127.0.0.1:$candidate" -quiet "$@" </dev/null >/dev/null 2>&1 &
    pid=$!
    servers+=("$pid")
    local i
    for i in $(seq 50); do
      if ! kill -0 "$pid" 2>/dev/null; then break; fi        # it could not start (port taken?)
      if (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then port=$candidate; return 0; fi
      sleep 0.1
    done
  done
  echo "demo.sh: could not start openssl s_server on loopback" >&2
  return 1
}

bold='' plain=''
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then bold=$'\033[1m' plain=$'\033[0m'; fi
say() { printf '\n%s### %s%s\n' "$bold" "$1" "$plain"; }
# run ARGS...: shows the command and runs tlsprobe; its exit status is part of the story.
run() {
  printf '$ tlsprobe %s\n' "$*"
  "$tlsprobe" "$@" || echo "(exit status $?)"
}
# Our own ClientHello is the longest and least interesting part of a connect report.
brief() {
  printf '$ tlsprobe %s\n' "$*"
  local status=0
  "$tlsprobe" "$@" > "$out/report.txt" || status=$?
  awk '/^Our client hello/ {skip=1; next} /^Trust / {skip=0} !skip' "$out/report.txt"
  [ "$status" = 0 ] || echo "(exit status $status)"
}

export SAMPLE_P12_PASSWORD=sample

say "Live: the printer's server sends its leaf alone, and its certificate names only printer.local"
serve -cert "$out/ip-missing/server.pem" -key "$out/ip-missing/server.key"
echo "(openssl s_server on 127.0.0.1:$port, configured without its intermediate)"
brief connect "127.0.0.1:$port" --anchor "$out/root.pem"

say "The fix, made by tlsprobe: a local CA and a server identity for every name clients dial"
rm -rf "$out/identity"
run identity ca --name "Shop Root CA" --out "$out/identity/ca" --mobileconfig
run identity server --ca "$out/identity/ca" --host 127.0.0.1 --host printer.local \
  --out "$out/identity/printer" --password-env SAMPLE_P12_PASSWORD
serve -cert "$out/identity/printer/server.pem" -key "$out/identity/printer/server-key.pem"
echo "(openssl s_server on 127.0.0.1:$port with the identity just made; the root installed on the client)"
brief connect "127.0.0.1:$port" --anchor "$out/identity/ca/root.pem" --profile apple
stop_servers

say "Live: the corrected server (full chain, 127.0.0.1 in the SAN) is trusted"
serve -cert "$out/good/server.pem" -key "$out/good/server.key" -cert_chain "$out/intermediate.pem"
echo "(openssl s_server on 127.0.0.1:$port, leaf + intermediate)"
brief connect "127.0.0.1:$port" --anchor "$out/root.pem" --versions

say "Live: a TLS 1.3 server that demands a client certificate refuses us after the handshake"
serve -cert "$out/good/server.pem" -key "$out/good/server.key" -cert_chain "$out/intermediate.pem" \
  -Verify 1 -verify_return_error -CAfile "$out/root.pem" -tls1_3
echo "(openssl s_server on 127.0.0.1:$port, -Verify 1 -CAfile root.pem)"
brief connect "127.0.0.1:$port" --anchor "$out/root.pem"
say "Live: the same server with the front-desk iPad's identity"
brief connect "127.0.0.1:$port" --anchor "$out/root.pem" --identity "$out/identity-legacy.p12" --password-env SAMPLE_P12_PASSWORD
stop_servers

say "Live: an old device that speaks only TLS 1.0 and 1.1, judged as an iPhone would; its chain kept"
serve -cert "$out/good/server.pem" -key "$out/good/server.key" -cert_chain "$out/intermediate.pem" \
  -min_protocol TLSv1 -max_protocol TLSv1.1 -cipher 'DEFAULT:@SECLEVEL=0'
echo "(openssl s_server on 127.0.0.1:$port, -min_protocol TLSv1 -max_protocol TLSv1.1)"
brief connect "127.0.0.1:$port" --anchor "$out/root.pem" --profile apple --save-chain "$out/old-device-chain.pem"
run verify - --anchor "$out/root.pem" --host 127.0.0.1 < "$out/old-device-chain.pem"
stop_servers

say "Live: a NAS's mail server on SMTP, upgraded with STARTTLS"
smtp_port=
for attempt in 1 2 3 4 5 6 7 8 9 10; do
  candidate=$((20000 + RANDOM % 40000))
  if (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then continue; fi
  python3 Tests/Tools/starttls-server.py smtp "127.0.0.1:$candidate" "$out/good/chain.pem" "$out/good/server.key" \
    </dev/null >/dev/null 2>&1 &
  servers+=("$!")
  for i in $(seq 50); do
    if (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then smtp_port=$candidate; break 2; fi
    sleep 0.1
  done
done
echo "(Tests/Tools/starttls-server.py smtp on 127.0.0.1:$smtp_port: a 220 greeting, EHLO, STARTTLS, then TLS)"
brief connect "127.0.0.1:$smtp_port" --starttls smtp --anchor "$out/root.pem"
stop_servers

say "Live: tlsprobe listen stands in as the server; curl without the root, then with it"
listen_port=
for attempt in 1 2 3 4 5 6 7 8 9 10; do
  candidate=$((20000 + RANDOM % 40000))
  if (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then continue; fi
  listen_port=$candidate
  break
done
printf '$ tlsprobe listen 127.0.0.1:%s --cert good/server.pem --key good/server.key --chain intermediate.pem --count 2\n' "$listen_port"
"$tlsprobe" listen "127.0.0.1:$listen_port" --cert "$out/good/server.pem" --key "$out/good/server.key" \
  --chain "$out/intermediate.pem" --count 2 > "$out/listen.txt" 2> "$out/listen-notes.txt" &
listener=$!
servers+=("$listener")
for i in $(seq 50); do
  grep -q "one report per connection follows" "$out/listen-notes.txt" 2>/dev/null && break
  sleep 0.1
done
printf '$ curl https://127.0.0.1:%s/\n' "$listen_port"
curl -sS --max-time 10 "https://127.0.0.1:$listen_port/" -o /dev/null || echo "(curl exit status $?)"
printf '$ curl --cacert root.pem https://127.0.0.1:%s/\n' "$listen_port"
curl -sS --max-time 10 --cacert "$out/root.pem" "https://127.0.0.1:$listen_port/" || echo "(curl exit status $?)"
wait "$listener" || echo "(tlsprobe listen exit status $?)"
cat "$out/listen-notes.txt"
# The client hellos are long; the findings and how each connection ended are the story.
awk '/^Client hello/ {skip=1; next} /^(Alerts|HTTP|We served|listen )/ {skip=0} !skip' "$out/listen.txt"

say "Offline: the app dials 10.0.0.5, which the first server's SAN lacks"
run verify "$out/ip-missing/chain.pem" --anchor "$out/root.pem" --host 10.0.0.5
say "Offline: the CA was re-created with a new key; phones still have the old root"
run verify "$out/recreated-ca/chain.pem" --anchor "$out/root.pem" --host printer.local
say "Offline: the certificate expired"
run verify "$out/expired/chain.pem" --anchor "$out/root.pem" --host printer.local
say "Offline: a camera's self-signed certificate, judged as an iPhone would"
run verify "$out/self-signed/camera.pem" --anchor "$out/root.pem" --host 192.168.1.64 --profile apple
say "Offline: a client identity exported by OpenSSL 3 with its defaults"
run inspect "$out/identity-modern.p12" --password-env SAMPLE_P12_PASSWORD
say "Offline: the same identity exported with -legacy"
run inspect "$out/identity-legacy.p12" --password-env SAMPLE_P12_PASSWORD
say "What does the app's -9813 mean?"
run explain -9813
