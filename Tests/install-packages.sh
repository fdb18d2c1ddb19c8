#!/usr/bin/env bash
# Installs the Debian packages given as arguments that are not installed yet: with apt-get
# as root, otherwise says which are missing and exits 2. On macOS it only checks for
# Homebrew's openssl@3 and pkg-config, and says `brew install openssl@3 pkg-config`.
# Used by Samples/demo.sh and Tests/run.sh so that both work on a fresh machine.
#
#   Tests/install-packages.sh libssl-dev libpcap-dev openssl ...
set -euo pipefail
if [ "$(uname -s)" = Darwin ]; then
  # macOS has no dpkg or apt-get: libpcap, curl and tcpdump come with the system, OpenSSL 3
  # and pkg-config (which finds it) from Homebrew. The Debian names given are not mapped.
  # Written for macOS; not run there (see README, Platforms).
  command -v brew >/dev/null 2>&1 && brew list --versions openssl@3 pkg-config >/dev/null 2>&1 && exit 0
  echo "missing packages: openssl@3 pkg-config (install Homebrew, then: brew install openssl@3 pkg-config)" >&2
  exit 2
fi
missing=()
for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ]; then
  echo "== installing ${missing[*]}" >&2
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "missing packages: ${missing[*]} (run as root, or: sudo apt-get install -y ${missing[*]})" >&2
  exit 2
fi
