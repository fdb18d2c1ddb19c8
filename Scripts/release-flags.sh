#!/usr/bin/env bash
# Prints the options `swift build -c release` takes for tlsprobe as it is installed, one per
# line, for this machine:
#
#   swift build -c release $(Scripts/release-flags.sh) --product tlsprobe
#
# `make`, Scripts/install.sh, Samples/demo.sh and the benchmarks build with them. On macOS it
# prints nothing (the Swift runtime is in the system). On Linux:
#
#   --static-swift-stdlib   the Swift runtime and FoundationEssentials linked in: the binary runs
#                           without the toolchain and starts without loading them.
#   -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
#                           generic types' metadata is fetched by calling the compiler's
#                           accessors instead of decoding a mangled name at run time; the
#                           decoding checks each generic requirement by a conformance
#                           look-up, which in a static binary scans all its conformance
#                           records (9.3 M of connect's 55 M instructions).
#   -Xlinker --no-export-dynamic
#                           undoes the -export-dynamic the toolchain's static-stdlib link
#                           options add: the binary's 19,000 Swift symbols stay out of its
#                           dynamic symbol table, which the loader's symbol look-ups and the
#                           runtime's dladdr at start-up read (connect: 1.6 MB less resident,
#                           0.6 M fewer instructions). tlsprobe's one dlsym looks in libpcap,
#                           and a crash of the static binary prints no symbol names either way.
#   -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
#                           only when the toolchain has ld.lld and the C library is glibc
#                           2.36 or newer (which reads DT_RELR): the binary's 95,000
#                           relative relocations packed into 19 KB instead of a 2.3 MB table
#                           the loader reads at every start.
#   -Xlinker -L Scripts/static-libstdc++ -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
#                           (as an absolute path), with lld, when the compiler finds
#                           libstdc++.a: the C++ library the Swift runtime uses linked in
#                           (the directory holds a linker script named libstdc++.so that
#                           asks for libstdc++.a), and the unwinder with it. The binary no
#                           longer loads libstdc++.so and libgcc_s.so, whose relocations and
#                           pages cost every start about 1 ms: `--version` 4.47 to 3.25 ms,
#                           beside `openssl version`'s 3.31 ms.
#
# docs/PERFORMANCE.md has the start-up figures these options give.
set -euo pipefail

[ "$(uname -s)" = Linux ] || exit 0

echo --static-swift-stdlib
printf '%s\n' -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
printf '%s\n' -Xlinker --no-export-dynamic

# glibc's version, e.g. "glibc 2.36"; empty on another C library.
libc=$(getconf GNU_LIBC_VERSION 2>/dev/null || true)
# The toolchain's own bin directory, as the compiler reports it (swiftc on PATH may be a
# proxy such as swiftly's): runtimeResourcePath is TOOLCHAIN/usr/lib/swift.
resources=$(swiftc -print-target-info 2>/dev/null | sed -n 's/.*"runtimeResourcePath": *"\(.*\)".*/\1/p' | head -n 1 || true)
toolchain_bin=${resources%/lib/swift}/bin
if [[ $libc =~ ^glibc\ ([0-9]+)\.([0-9]+) ]] && [ -n "$resources" ] && [ -x "$toolchain_bin/ld.lld" ]; then
  major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]}
  if [ "$major" -gt 2 ] || { [ "$major" -eq 2 ] && [ "$minor" -ge 36 ]; }; then
    printf '%s\n' -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs
    # Flags are split on whitespace by their callers: a path with a space goes without.
    # realpath: the script may be reached through a link; CDPATH= keeps cd quiet.
    scripts="$(CDPATH='' cd -- "$(dirname -- "$(realpath -- "$0")")" >/dev/null && pwd)"
    # libstdc++ and the unwinder linked in, when the compiler that links finds the archive.
    cxx=$("$toolchain_bin/clang" -print-file-name=libstdc++.a 2>/dev/null || true)
    if [[ $cxx == /* ]] && [ -f "$cxx" ] && [ -f "$scripts/static-libstdc++/libstdc++.so" ] && [[ $scripts != *[[:space:]]* ]]; then
      printf '%s\n' -Xlinker "-L$scripts/static-libstdc++" -Xswiftc -Xclang-linker -Xswiftc -static-libgcc
    fi
  fi
fi
