#!/usr/bin/env bash
# Makes a small local PKI with the broken cases support engineers meet, using only the
# openssl command line the way people make these PKIs by hand. Every run makes new keys;
# dates are relative to now except the deliberately expired certificate.
#
#   Samples/make-pki.sh [OUTDIR]        (default: Samples/out)
#
# What it makes (README.md, "The sample PKI", says what tlsprobe says about each):
#   root.pem, root.key                  "Shop Root CA": the root the phones have installed
#   intermediate.pem                    "Shop Issuing CA", signed by the root
#   good/server.pem, good/chain.pem     printer.local, 10.0.0.5, 127.0.0.1 in the SAN; chain = leaf + intermediate
#   ip-missing/server.pem, chain.pem    SAN has DNS:printer.local only, clients dial 10.0.0.5
#   missing-intermediate/server.pem     the server sends its leaf alone
#   expired/server.pem, chain.pem       valid 2024-01-01 to 2025-01-01
#   recreated-ca/root.pem, chain.pem    the root re-created with the same name and a new key;
#                                       the server's chain comes from the new one
#   self-signed/camera.pem, camera.key  a camera's own certificate: CN only, 20 years
#   identity-modern.p12                 client identity, OpenSSL 3 default (PBES2/AES-256, SHA-256 MAC)
#   identity-legacy.p12                 the same, -legacy (RC2/3DES, SHA-1 MAC); both with password "sample"
#   client.pem, client.key              the client identity's certificate and key
set -euo pipefail

out=${1:-"$(dirname "$0")/out"}
mkdir -p "$out"
cd "$out"
rm -rf ./*

command -v openssl >/dev/null || { echo "make-pki.sh: openssl is needed (apt-get install -y openssl)" >&2; exit 2; }

quiet() { "$@" >/dev/null 2>&1 || { echo "make-pki.sh: failed: $*" >&2; "$@"; exit 2; }; }

ec_key() { quiet openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$1"; }

# A CA certificate: NAME KEY OUT [ISSUER_CERT ISSUER_KEY]
ca_cert() {
  local name=$1 key=$2 cert=$3
  if [ $# -eq 3 ]; then
    quiet openssl req -x509 -new -key "$key" -subj "/O=Shop/CN=$name" -days 3650 -sha256 -out "$cert" \
      -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign,cRLSign" \
      -addext "subjectKeyIdentifier=hash"
  else
    quiet openssl req -new -key "$key" -subj "/O=Shop/CN=$name" -out "$cert.csr"
    printf 'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n' > "$cert.ext"
    quiet openssl x509 -req -in "$cert.csr" -CA "$4" -CAkey "$5" -CAcreateserial -days 1825 -sha256 -extfile "$cert.ext" -out "$cert"
    rm -f "$cert.csr" "$cert.ext"
  fi
}

# A server leaf: CN SAN OUT ISSUER_CERT ISSUER_KEY [DAYS]
server_cert() {
  local cn=$1 san=$2 out=$3 ca=$4 cakey=$5 days=${6:-365}
  ec_key "${out%.pem}.key"
  quiet openssl req -new -key "${out%.pem}.key" -subj "/CN=$cn" -out "$out.csr"
  printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\nsubjectAltName=%s\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n' "$san" > "$out.ext"
  quiet openssl x509 -req -in "$out.csr" -CA "$ca" -CAkey "$cakey" -CAcreateserial -days "$days" -sha256 -extfile "$out.ext" -out "$out"
  rm -f "$out.csr" "$out.ext"
}

# The CA the phones trust, and its issuing intermediate.
ec_key root.key
ca_cert "Shop Root CA" root.key root.pem
ec_key intermediate.key
ca_cert "Shop Issuing CA" intermediate.key intermediate.pem root.pem root.key

# good: names for both ways clients dial the printer; the chain file carries the intermediate.
mkdir -p good
server_cert printer.local "DNS:printer.local,IP:10.0.0.5,IP:127.0.0.1" good/server.pem intermediate.pem intermediate.key
cat good/server.pem intermediate.pem > good/chain.pem

# ip-missing: the SAN forgot the address the app dials.
mkdir -p ip-missing
server_cert printer.local "DNS:printer.local" ip-missing/server.pem intermediate.pem intermediate.key
cat ip-missing/server.pem intermediate.pem > ip-missing/chain.pem

# missing-intermediate: a correct leaf, configured without its chain.
mkdir -p missing-intermediate
cp good/server.pem good/server.key missing-intermediate/

# expired: valid through 2024 only. `openssl ca` is the one openssl command that takes explicit dates.
mkdir -p expired/ca/newcerts
touch expired/ca/index.txt
echo 1000 > expired/ca/serial
cat > expired/ca/ca.cnf <<EOF
[ ca ]
default_ca = sample
[ sample ]
dir = expired/ca
database = \$dir/index.txt
new_certs_dir = \$dir/newcerts
serial = \$dir/serial
certificate = intermediate.pem
private_key = intermediate.key
default_md = sha256
policy = anything
copy_extensions = none
unique_subject = no
[ anything ]
commonName = supplied
[ leaf ]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:printer.local,IP:10.0.0.5
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
EOF
ec_key expired/server.key
quiet openssl req -new -key expired/server.key -subj "/CN=printer.local" -out expired/server.csr
quiet openssl ca -batch -config expired/ca/ca.cnf -extensions leaf -startdate 20240101000000Z -enddate 20250101000000Z \
  -in expired/server.csr -out expired/server.pem -notext
rm -rf expired/server.csr expired/ca
cat expired/server.pem intermediate.pem > expired/chain.pem

# recreated-ca: someone ran the CA setup again: same names, new keys. The server got its
# new chain; the phones still have the old root.
mkdir -p recreated-ca
ec_key recreated-ca/root.key
ca_cert "Shop Root CA" recreated-ca/root.key recreated-ca/root.pem
ec_key recreated-ca/intermediate.key
ca_cert "Shop Issuing CA" recreated-ca/intermediate.key recreated-ca/intermediate.pem recreated-ca/root.pem recreated-ca/root.key
server_cert printer.local "DNS:printer.local,IP:10.0.0.5" recreated-ca/server.pem recreated-ca/intermediate.pem recreated-ca/intermediate.key
cat recreated-ca/server.pem recreated-ca/intermediate.pem > recreated-ca/chain.pem

# self-signed: what a camera makes for itself on first boot: CN only, twenty years.
mkdir -p self-signed
ec_key self-signed/camera.key
quiet openssl req -x509 -new -key self-signed/camera.key -subj "/CN=192.168.1.64" -days 7300 -sha256 -out self-signed/camera.pem

# A client identity for mutual TLS, exported both ways.
ec_key client.key
quiet openssl req -new -key client.key -subj "/CN=front-desk-ipad" -out client.csr
printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=clientAuth\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n' > client.ext
quiet openssl x509 -req -in client.csr -CA intermediate.pem -CAkey intermediate.key -CAcreateserial -days 365 -sha256 -extfile client.ext -out client.pem
rm -f client.csr client.ext
quiet openssl pkcs12 -export -in client.pem -inkey client.key -certfile intermediate.pem -name front-desk-ipad \
  -passout pass:sample -out identity-modern.p12
quiet openssl pkcs12 -export -legacy -in client.pem -inkey client.key -certfile intermediate.pem -name front-desk-ipad \
  -passout pass:sample -out identity-legacy.p12

rm -f ./*.srl recreated-ca/*.srl
echo "Sample PKI written to $(pwd)"
