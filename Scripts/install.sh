#!/usr/bin/env bash
# Installs tlsprobe: the binary (a release build with the Swift runtime linked in, so it
# runs without the Swift toolchain), the man page, bash, zsh and fish completions, and the
# JSON Schemas of its output (share/tlsprobe/schema, side by side so their $refs resolve).
#
#   Scripts/install.sh                      # build, then install under /usr/local
#   Scripts/install.sh --prefix ~/.local    # somewhere else (PREFIX=DIR works too)
#   Scripts/install.sh --uninstall          # remove what an install put there
#
# Options: --prefix DIR (default $PREFIX or /usr/local); --destdir DIR (staged installs,
# as DESTDIR for packagers); --binary FILE (install this tlsprobe instead of building);
# --uninstall; --help. `make install` and `make uninstall` call this script.
# OpenSSL 3 and libpcap stay shared system libraries: on Debian/Ubuntu libssl3 and
# libpcap0.8 (installed with the build packages), on macOS Homebrew's openssl@3 and the
# system libpcap.
set -euo pipefail

usage() { awk 'NR == 1 { next } /^#/ { sub(/^# ?/, ""); print; next } { exit }' "$0"; }
prefix=${PREFIX:-/usr/local}
destdir=${DESTDIR:-}
binary=
uninstall=no
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) [ $# -ge 2 ] || { echo "install.sh: --prefix needs a directory" >&2; exit 64; }; prefix=$2; shift 2 ;;
    --prefix=*) prefix=${1#--prefix=}; shift ;;
    --destdir) [ $# -ge 2 ] || { echo "install.sh: --destdir needs a directory" >&2; exit 64; }; destdir=$2; shift 2 ;;
    --destdir=*) destdir=${1#--destdir=}; shift ;;
    --binary) [ $# -ge 2 ] || { echo "install.sh: --binary needs a file" >&2; exit 64; }; binary=$2; shift 2 ;;
    --binary=*) binary=${1#--binary=}; shift ;;
    --uninstall) uninstall=yes; shift ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install.sh: unknown option '$1' (install.sh --help)" >&2; exit 64 ;;
  esac
done
case "$prefix" in /*) ;; *) echo "install.sh: --prefix must be an absolute path, not '$prefix'" >&2; exit 64 ;; esac
# Relative --binary and --destdir are the caller's, not the repository's.
case "$binary" in ''|/*) ;; *) binary=$PWD/$binary ;; esac
case "$destdir" in ''|/*) ;; *) destdir=$PWD/$destdir ;; esac
cd "$(dirname "$0")/.."

root=$destdir$prefix
bin=$root/bin/tlsprobe
man=$root/share/man/man1/tlsprobe.1
bash_completion=$root/share/bash-completion/completions/tlsprobe
zsh_completion=$root/share/zsh/site-functions/_tlsprobe
fish_completion=$root/share/fish/vendor_completions.d/tlsprobe.fish
schema_dir=$root/share/tlsprobe/schema
schemas=()
for schema in docs/schema/*.schema.json; do schemas+=("$schema_dir/${schema##*/}"); done
files=("$bin" "$man" "$bash_completion" "$zsh_completion" "$fish_completion" "${schemas[@]}")

if [ "$uninstall" = yes ]; then
  status=0
  for file in "${files[@]}"; do
    # The files an install puts there: each a regular file, never through a link.
    if [ -f "$file" ] && [ ! -L "$file" ]; then
      if rm -f -- "$file"; then echo "removed $file"; else echo "install.sh: cannot remove $file" >&2; status=1; fi
    fi
  done
  # The schema directories, when nothing else is left in them.
  rmdir -- "$schema_dir" 2>/dev/null && rmdir -- "$(dirname "$schema_dir")" 2>/dev/null || true
  exit $status
fi

if [ -z "$binary" ]; then
  # The release options for this machine (on Linux the Swift runtime is linked in; macOS
  # has it in the system): Scripts/release-flags.sh.
  flag_lines=$(Scripts/release-flags.sh)
  flags=()
  while IFS= read -r flag; do if [ -n "$flag" ]; then flags+=("$flag"); fi; done <<< "$flag_lines"
  echo "== building tlsprobe (release)" >&2
  swift build -c release ${flags[@]+"${flags[@]}"} --product tlsprobe >&2
  binary="$(swift build -c release ${flags[@]+"${flags[@]}"} --show-bin-path)/tlsprobe"
fi
[ -f "$binary" ] && [ -x "$binary" ] || { echo "install.sh: $binary is not an executable file" >&2; exit 66; }

# Completions come from the binary itself (swift-argument-parser writes them), so they
# always match its options. Generated before anything is installed: a binary that cannot
# run here installs nothing.
work=$(mktemp -d)
trap 'rm -rf -- "$work"' EXIT
for shell in bash zsh fish; do
  "$binary" --generate-completion-script "$shell" > "$work/$shell"
  [ -s "$work/$shell" ] || { echo "install.sh: $binary wrote no $shell completion script" >&2; exit 70; }
done

# install(1) removes an existing file before writing, so a link planted at the destination
# is replaced, not followed.
install -d "$root/bin" "$root/share/man/man1" "$(dirname "$bash_completion")" "$(dirname "$zsh_completion")" "$(dirname "$fish_completion")"
install -m 0755 "$binary" "$bin"
install -m 0644 man/tlsprobe.1 "$man"
install -m 0644 "$work/bash" "$bash_completion"
install -m 0644 "$work/zsh" "$zsh_completion"
install -m 0644 "$work/fish" "$fish_completion"
install -d "$schema_dir"
for schema in docs/schema/*.schema.json; do install -m 0644 "$schema" "$schema_dir/${schema##*/}"; done
for file in "${files[@]}"; do echo "installed $file"; done
echo "$("$bin" --version): in $prefix/bin; man tlsprobe; completions load in new shells" >&2
