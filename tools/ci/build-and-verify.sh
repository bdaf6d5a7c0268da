#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# build-and-verify.sh - one CI job of .github/workflows/ci.yml, runnable here:
# configure, build, run the tests asked for, verify every committed replay
# (fixcol-replay verify replays/*.fcr) and write its last line,
# "digest <16 hex>", to the digest file.
#
#   tools/ci/build-and-verify.sh [--builddir DIR] [--tests none|quick] [--werror]
#       [--libfixmath-source DIR] [--expect-compiler TEXT] [--digest FILE] [--dry-run]
#       [-- MESON-SETUP-ARGS...]
#
#   --tests none    build the library and tools only (-Dtests=false)
#   --tests quick   also meson test --no-suite long --no-suite proof
#   --expect-compiler TEXT  fail unless meson's C compiler line has TEXT
#                   (msvc, Apple clang, gcc)
#   --dry-run       check the options, print the meson setup command, stop
# Paths are relative to the repository root. Runs under macOS's bash 3.2 and
# Git for Windows' bash too (no mapfile, no empty "${array[@]}" under set -u).
set -eu
cd "$(dirname "$0")/../.."
export LC_ALL=C # the replays/*.fcr glob (the digest follows argument order)

usage() { sed -n '3,18p' "$0" >&2; exit 2; }
builddir=build-ci tests=none werror=false fixsrc='' expect='' digest=digest.txt dry=false
setup=()
while [ $# -gt 0 ]; do
  case $1 in
    --builddir) builddir=$2; shift 2 ;;
    --tests) tests=$2; shift 2 ;;
    --werror) werror=true; shift ;;
    --libfixmath-source) fixsrc=$2; shift 2 ;;
    --expect-compiler) expect=$2; shift 2 ;;
    --digest) digest=$2; shift 2 ;;
    --dry-run) dry=true; shift ;;
    --) shift; setup=("$@"); break ;;
    *) usage ;;
  esac
done
case $tests in none) with_tests=false ;; quick) with_tests=true ;; *) usage ;; esac

if [ -n "$fixsrc" ] && [ "$dry" = false ]; then
  # meson needs an absolute, native path (C:/... under Git for Windows).
  fixsrc=$(cd "$fixsrc" && pwd)
  if command -v cygpath >/dev/null 2>&1; then fixsrc=$(cygpath -m "$fixsrc"); fi
fi
if [ -n "$fixsrc" ]; then setup+=("-Dlibfixmath_source=$fixsrc"); fi
setup+=("-Dwerror=$werror" "-Dtests=$with_tests")
if [ -f "$builddir/build.ninja" ]; then setup=(--reconfigure "${setup[@]}"); fi

echo "== meson setup $builddir ${setup[*]}"
if [ "$dry" = true ]; then exit 0; fi
meson setup "$builddir" "${setup[@]}"
# The compiler meson picked, e.g. 'msvc 19.40.33811 "Microsoft (R) C/C++ ..."'
# or 'clang 15.0.0 "Apple clang version 15.0.0 ..."' (meson-log.txt may be CRLF).
compiler=$(tr -d '\r' <"$builddir/meson-logs/meson-log.txt" |
  sed -n 's/^C compiler for the host machine: [^(]* (\(.*\))$/\1/p' | tail -n 1)
echo "== C compiler: ${compiler:-unknown}"
case $compiler in
  *"$expect"*) ;;
  *) echo "build-and-verify: expected a '$expect' compiler, meson picked '${compiler:-unknown}'" >&2; exit 1 ;;
esac

echo "== meson compile"
meson compile -C "$builddir"
if [ "$with_tests" = true ]; then
  echo "== meson test (quick: no long, no proof suite)"
  meson test -C "$builddir" --no-rebuild --print-errorlogs --no-suite long --no-suite proof
fi

echo "== fixcol-replay verify replays/*.fcr"
replay=$builddir/tools/fixcol-replay
if [ -f "$replay.exe" ]; then replay=$replay.exe; fi
status=0
"$replay" verify replays/*.fcr >"$builddir/verify.log" || status=$?
tail -n 5 "$builddir/verify.log"
line=$(tail -n 1 "$builddir/verify.log" | tr -d '\r')
if [ "$status" -ne 0 ] || ! printf '%s\n' "$line" | grep -Eq '^digest [0-9a-f]{16}$'; then
  echo "build-and-verify: verify failed (exit $status, last line '$line')" >&2
  exit 1
fi
printf '%s\n' "$line" >"$digest"
echo "build-and-verify: $line ($compiler, $(ls replays/*.fcr | wc -l | tr -d ' ') replays) -> $digest"
