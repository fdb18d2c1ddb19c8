#!/usr/bin/env bash
# The README's first command: installs what is missing (as root, with apt-get), builds
# tlsprobe, makes the sample PKI (Samples/make-pki.sh) and runs tlsprobe on each broken case.
#
#   Samples/demo.sh
set -euo pipefail
cd "$(dirname "$0")/.."

Tests/install-packages.sh libssl-dev libpcap-dev openssl pkg-config

echo "== building tlsprobe (release)" >&2
swift build -c release --product tlsprobe >&2
tlsprobe="$(swift build -c release --show-bin-path)/tlsprobe"

out=Samples/out
Samples/make-pki.sh "$out" >&2

bold='' plain=''
if [ -t 1 ] && [ -z "${NO_COLOR:-}" ]; then bold=$'\033[1m' plain=$'\033[0m'; fi
step() {
  printf '\n%s### %s%s\n$ tlsprobe %s\n' "$bold" "$1" "$plain" "${*:2}"
  "$tlsprobe" "${@:2}" || echo "(exit status $?)"
}

export SAMPLE_P12_PASSWORD=sample
step "A correct chain, dialled by IP: trusted" \
  verify "$out/good/chain.pem" --anchor "$out/root.pem" --host 10.0.0.5
step "The app dials 10.0.0.5 but the certificate names only printer.local" \
  verify "$out/ip-missing/chain.pem" --anchor "$out/root.pem" --host 10.0.0.5
step "The server sends its leaf without the intermediate" \
  verify "$out/missing-intermediate/server.pem" --anchor "$out/root.pem" --host printer.local
step "The CA was re-created with a new key; phones still have the old root" \
  verify "$out/recreated-ca/chain.pem" --anchor "$out/root.pem" --host printer.local
step "The certificate expired" \
  verify "$out/expired/chain.pem" --anchor "$out/root.pem" --host printer.local
step "A camera's self-signed certificate, judged as an iPhone would" \
  verify "$out/self-signed/camera.pem" --anchor "$out/root.pem" --host 192.168.1.64 --profile apple
step "A client identity exported by OpenSSL 3 with its defaults" \
  inspect "$out/identity-modern.p12" --password-env SAMPLE_P12_PASSWORD
step "The same identity exported with -legacy" \
  inspect "$out/identity-legacy.p12" --password-env SAMPLE_P12_PASSWORD
step "What does the app's -9813 mean?" \
  explain -9813
