#!/usr/bin/env bash
# Makes the seed corpora of FuzzCapture, FuzzCredentials and FuzzTrust (FuzzTLSWire's are
# the real handshakes Tests/Tools/capture-tls-vectors.py captured). Every run makes new
# keys, so run it only to change the seeds, and commit what it writes:
#
#   FuzzTesting/make-seeds.sh
#
# FuzzCapture:     the real handshakes of Corpus/FuzzTLSWire in TCP/IP frames of several
#                  link types, in order, out of order, with a hole, mid-stream, after binary
#                  preludes (Tools/capture-seeds.py); the captured udp-* and text-prelude
#                  seeds are kept
# FuzzCredentials: Samples/make-pki.sh's files and the forms openssl writes keys in (PEM,
#                  DER, PKCS#8, SEC1, PKCS#1, encrypted), PKCS#12 modern and legacy; the
#                  password is "pw", as the harness answers. Throw-away test keys only.
# FuzzTrust:       a control byte and the DER of a chain, its anchors last, for each of
#                  Samples/make-pki.sh's cases (good, missing intermediate, expired, recreated CA,
#                  self-signed, client) and a name-constrained RSA chain
# FuzzKeyLog and FuzzKnownHosts: small hand-written text files (a TLS 1.2 and a TLS 1.3 key
#                  log with CRLF, malformed lines; a known-hosts file, odd spacing and case),
#                  kept as they are: this script does not touch them
# FuzzDNS:         two answers python3-zeroconf sent in a test namespace (a PTR browse
#                  answer with SRV, TXT and A, and an A answer), kept as they are
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
quiet() { "$@" >/dev/null 2>&1 || { echo "make-seeds.sh: failed: $*" >&2; exit 2; }; }

# Seeds of FuzzCapture that were captured, not built, are kept as they are: the udp-* DTLS
# seeds (from CaptureDTLSTests' captures, real and built) and the text preludes captured on
# lo (an SMTP STARTTLS connection, an IMAP STARTTLS refusal). The binary preludes (prelude-*)
# are built by Tools/capture-seeds.py.
kept=(udp-* ethernet-smtp-starttls ethernet-imap-starttls-refused)
mkdir -p "$scratch/kept-seeds"
for pattern in "${kept[@]}"; do
  cp "$here"/Corpus/FuzzCapture/$pattern "$scratch/kept-seeds/" 2>/dev/null || true
done
rm -rf "$here/Corpus/FuzzCapture" "$here/Corpus/FuzzCredentials" "$here/Corpus/FuzzTrust"
mkdir -p "$here/Corpus/FuzzCapture"
cp "$scratch"/kept-seeds/* "$here/Corpus/FuzzCapture/" 2>/dev/null || true
mkdir -p "$here/Corpus/FuzzCredentials" "$here/Corpus/FuzzTrust"
python3 "$here/Tools/capture-seeds.py" "$here/Corpus/FuzzTLSWire" "$here/Corpus/FuzzCapture"

"$here/../Samples/make-pki.sh" "$scratch/pki" >/dev/null
cd "$scratch/pki"

# A name-constrained RSA root and a leaf inside it: other key type, other extensions.
quiet openssl req -x509 -newkey rsa:2048 -nodes -keyout nc-root.key -subj "/CN=Constrained Root" -days 3650 -out nc-root.pem \
  -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign" \
  -addext "nameConstraints=critical,permitted;DNS:.local,permitted;IP:10.0.0.0/255.0.0.0,excluded;DNS:bad.local"
quiet openssl req -new -newkey rsa:2048 -nodes -keyout nc-leaf.key -subj "/CN=cam.local" -out nc-leaf.csr
printf 'subjectAltName=DNS:cam.local,IP:10.0.0.9,email:ops@cam.local,URI:https://cam.local/\nextendedKeyUsage=serverAuth,clientAuth\ncertificatePolicies=2.23.140.1.2.1\nauthorityInfoAccess=caIssuers;URI:http://ca.local/root.der\ncrlDistributionPoints=URI:http://ca.local/root.crl\n' > nc-leaf.ext
quiet openssl x509 -req -in nc-leaf.csr -CA nc-root.pem -CAkey nc-root.key -CAcreateserial -days 90 -sha256 -extfile nc-leaf.ext -out nc-leaf.pem

der() { openssl x509 -in "$1" -outform DER; }

# Trust: control byte = anchors (bits 0-2) | profile << 3 | name and purpose << 5.
trust() {
  local name=$1 control=$2
  shift 2
  { printf "\\x$(printf %02x "$control")"; for cert in "$@"; do der "$cert"; done; } > "$here/Corpus/FuzzTrust/$name"
}
trust good                  $((1 | 0 << 3 | 1 << 5)) good/server.pem intermediate.pem root.pem
trust good-by-ip-apple      $((1 | 1 << 3 | 2 << 5)) good/server.pem intermediate.pem root.pem
trust wrong-order-root-sent $((1 | 2 << 3 | 1 << 5)) good/server.pem root.pem intermediate.pem root.pem
trust missing-intermediate  $((1 | 0 << 3 | 1 << 5)) good/server.pem root.pem
trust ip-missing            $((1 | 0 << 3 | 2 << 5)) ip-missing/server.pem intermediate.pem root.pem
trust expired               $((1 | 0 << 3 | 1 << 5)) expired/server.pem intermediate.pem root.pem
trust recreated-ca          $((1 | 0 << 3 | 1 << 5)) recreated-ca/server.pem recreated-ca/intermediate.pem root.pem
trust self-signed           $((0 | 0 << 3 | 2 << 5)) self-signed/camera.pem
trust client                $((1 | 0 << 3 | 6 << 5)) client.pem intermediate.pem root.pem
trust name-constrained      $((1 | 0 << 3 | 1 << 5)) nc-leaf.pem nc-root.pem
trust two-anchors-no-name   $((2 | 0 << 3 | 0 << 5)) good/server.pem intermediate.pem root.pem recreated-ca/root.pem

# Credentials: what people hand to inspect, --key, --anchor and --identity.
c=$here/Corpus/FuzzCredentials
cp good/chain.pem "$c/chain.pem"
cp self-signed/camera.pem "$c/camera.pem"
der nc-leaf.pem > "$c/leaf.der"
cat good/server.pem good/server.key > "$c/cert-and-key.pem"
cp good/server.key "$c/pkcs8-ec.pem"
quiet openssl pkcs8 -topk8 -nocrypt -in good/server.key -outform DER -out "$c/pkcs8-ec.der"
quiet openssl ec -in good/server.key -out "$c/sec1.pem"
quiet openssl ec -in good/server.key -outform DER -out "$c/sec1.der"
quiet openssl rsa -in nc-leaf.key -traditional -out "$c/pkcs1.pem"
quiet openssl rsa -in nc-leaf.key -traditional -outform DER -out "$c/pkcs1.der"
quiet openssl pkey -in good/server.key -aes256 -passout pass:pw -out "$c/pkcs8-encrypted.pem"
quiet openssl pkcs8 -topk8 -in good/server.key -passout pass:pw -outform DER -out "$c/pkcs8-encrypted.der"
quiet openssl ec -in good/server.key -aes128 -passout pass:pw -out "$c/legacy-encrypted.pem"
quiet openssl pkcs12 -export -in client.pem -inkey client.key -certfile intermediate.pem -passout pass:pw -out "$c/modern.p12"
quiet openssl pkcs12 -export -legacy -in client.pem -inkey client.key -certfile intermediate.pem -passout pass:pw -out "$c/legacy.p12"
quiet openssl pkcs12 -export -nokeys -in good/chain.pem -passout pass: -out "$c/certs-only-empty-password.p12"
quiet openssl req -new -key good/server.key -subj "/CN=printer.local" -out request.csr
{ echo "# a bundle with text around its blocks"; cat request.csr; cat root.pem; openssl pkey -in good/server.key -pubout; } > "$c/mixed-bundle.pem"

ls "$here/Corpus/FuzzCapture" "$here/Corpus/FuzzCredentials" "$here/Corpus/FuzzTrust" | wc -l | xargs echo "seeds written:"
du -sh "$here/Corpus"
