#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# check_suite_config.sh SOURCE_ROOT WORK_DIR [--break]
# The README's two commands in README order test what a clean clone tests:
#   1. tools/run.sh's configure step (tools/configure-build.sh run) sets up
#      WORK_DIR/after-run, then it is reconfigured with the bindings off, as
#      run.sh leaves build/ on a fresh machine (the binding packages come
#      later, with tools/test.sh);
#   2. tools/test.sh's configure step for the release suite
#      (tools/configure-build.sh release) runs on that directory, and on a
#      new one, WORK_DIR/clean (a clean clone);
#   3. `meson test --list` (minus the long suite, as test.sh runs it) must
#      give the same tests for both, among them Lua, C#, JS (node) and the
#      JS Chromium tests.
# Also checks that run.sh and test.sh call those configure steps. Only
# configures (a few seconds each), builds nothing.
# --break (the should-fail twin): step 2 keeps the directory as run.sh left
# it (the old behaviour), so the binding tests are missing: must fail.
# --require (set by a build that itself requires every binding, as
# tools/test.sh's does): a release configure that fails is a failure;
# without it, one that fails for want of the binding toolchains (a build
# where they are not installed, e.g. CI's quick tests) reports SKIP (77).
set -u
src=$1 work=$2 keep= require=0
for a in "${@:3}"; do
  case $a in --break) keep=--keep ;; --require) require=1 ;; *) echo "unknown argument $a" >&2; exit 2 ;; esac
done
configure="$src/tools/configure-build.sh"
fail() { echo "FAIL: $*"; exit 1; }

grep -q '^tools/configure-build.sh run build$' "$src/tools/run.sh" ||
  fail "tools/run.sh does not configure build/ with tools/configure-build.sh run"
grep -q '^run_suite "release build" build release$' "$src/tools/test.sh" ||
  fail "tools/test.sh does not configure build/ with tools/configure-build.sh release"

rm -rf "$work" && mkdir -p "$work" || exit 1
if ! "$configure" release "$work/clean"; then
  [ "$require" = 1 ] && fail "test.sh's configure step failed on a clean build dir"
  echo "SKIP: the release configuration (every binding required) cannot be set up here: a binding toolchain is missing (tools/install-deps.sh test installs them)"
  exit 77
fi
"$configure" run "$work/after-run" || fail "run.sh's configure step failed"
meson setup --reconfigure "$work/after-run" "$src" -Dlua=disabled -Dcsharp=disabled -Djs=disabled \
  >"$work/bindings-off.log" 2>&1 || { cat "$work/bindings-off.log"; fail "could not turn the bindings off"; }
"$configure" release "$work/after-run" $keep || fail "test.sh's configure step failed on run.sh's build dir"

list() { meson test -C "$1" --list --no-rebuild --no-suite long 2>/dev/null | sort; }
list "$work/after-run" >"$work/after-run.tests"
list "$work/clean" >"$work/clean.tests"
status=0
for d in after-run clean; do
  n=$(wc -l <"$work/$d.tests")
  for kind in 'bindings / lua' 'bindings / csharp' 'bindings / js .* under node' 'bindings / js .*chromium'; do
    c=$(grep -c -- "$kind" "$work/$d.tests")
    echo "$d: $n tests, $c matching '$kind'"
    [ "$c" -gt 0 ] || { echo "FAIL: $d lists no '$kind' test"; status=1; }
  done
done
if ! diff -u "$work/clean.tests" "$work/after-run.tests" >"$work/lists.diff"; then
  head -n 20 "$work/lists.diff"
  echo "FAIL: after run.sh the release suite lists $(wc -l <"$work/after-run.tests") tests, on a clean clone $(wc -l <"$work/clean.tests")"
  status=1
fi
[ "$status" = 0 ] && echo "OK: the same $(wc -l <"$work/clean.tests") tests after run.sh as on a clean clone"
exit "$status"
