#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# test.sh - the whole test suite, as README and CI run it:
#   1. install missing packages, 2. the normal build (warnings are errors;
#   the Lua, C# and JS bindings and the JS Chromium tests required),
#   3. the same suite under AddressSanitizer + UndefinedBehaviorSanitizer,
#   built by gcc and again by clang (every UB check clang has; Lua and C#
#   required, no JS). Each build directory is configured by
#   tools/configure-build.sh, whatever configured it before.
# Ends with one line "N passed, N failed" (expected failures of the
# deliberately broken canaries count as passed; skipped tests are listed).
set -u
cd "$(dirname "$0")/.."
tools/install-deps.sh test || exit 1

passed=0 failed=0 skipped=0
# configure PROFILE DIR: tools/configure-build.sh (each suite's build with the
# features it tests required, reconfigured when an earlier run - e.g.
# tools/run.sh - configured DIR otherwise). A missing toolchain fails the
# configure, and counts as a failure.
configure() {
  tools/configure-build.sh "$1" "$2" || { echo "$2: configure failed (profile $1)"; failed=$((failed + 1)); return 1; }
}
run_suite() { # NAME BUILDDIR PROFILE
  local name=$1 dir=$2
  echo "== $name ($dir)"
  configure "$3" "$dir" || return
  if ! ninja -C "$dir" >"$dir.build.log" 2>&1; then
    tail -n 40 "$dir.build.log"; failed=$((failed + 1)); return
  fi
  meson test -C "$dir" --no-rebuild --print-errorlogs --no-suite long --num-processes 2
  local counts
  counts=$(python3 - "$dir/meson-logs/testlog.json" <<'PY'
import json, sys
p = f = s = 0
for line in open(sys.argv[1]):
    r = json.loads(line)["result"]
    if r in ("OK", "EXPECTEDFAIL"): p += 1
    elif r == "SKIP": s += 1
    else: f += 1
print(p, f, s)
PY
)
  read -r p f s <<<"$counts"
  passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
}

# The consumer test of -Dlibfixmath_source (tests/consumer) builds Debian's
# libfixmath source package, fetched once into .matrix/src.
tools/fetch-libfixmath-source.sh >/dev/null ||
  echo "test.sh: could not fetch libfixmath's source; its consumer test reports SKIP"

run_suite "release build" build release
run_suite "sanitizers" build-asan asan
# 2b. the same suite built by clang with ASan and every UndefinedBehaviorSanitizer
#     check clang has for undefined behaviour (tools/configure-build.sh says which).
run_suite "clang sanitizers" build-clang-asan clang-asan

# 3. short libFuzzer runs (clang, ASan + UBSan) of the replay reader, from
#    tests/replay_corpus/, of snapshot restore, from seed snapshots its seed
#    program writes and the golden format 1 blobs, and of fc_replay_verify end to end (reader and runner:
#    every world call a replay can make), from tests/verify_corpus/, and of the
#    frame-history ring under hostile call sequences, from its seed program, and
#    of the desync wire protocol (decoder and two-peer state machine), from its
#    seed program.
fuzz_run() { # NAME TARGET SECONDS
  local name=$1 target=$2 seconds=$3
  echo "== $name fuzzing (build-fuzz, $seconds s)"
  configure fuzz build-fuzz || return
  if ! ninja -C build-fuzz "tests/$target" >build-fuzz.build.log 2>&1; then
    tail -n 40 build-fuzz.build.log; failed=$((failed + 1)); return
  fi
  local corpus="build-fuzz/corpus-$target"
  rm -rf "$corpus" && mkdir -p "$corpus"
  if [ "$target" = fuzz_replay ]; then
    cp tests/replay_corpus/* "$corpus/"
  elif [ "$target" = fuzz_verify ]; then
    cp tests/verify_corpus/* "$corpus/"
  elif [ "$target" = fuzz_history ]; then
    build/tests/fuzz_history_seeds --write-seeds "$corpus" 16 >/dev/null
  elif [ "$target" = fuzz_wire ]; then
    build/tests/fuzz_wire_seeds --write-seeds "$corpus" 32 >/dev/null
  else
    build/tests/fuzz_snapshot_seeds --write-seeds "$corpus" tests/golden/snapshot-v1-*.fcs >/dev/null
  fi
  if "build-fuzz/tests/$target" -max_total_time="$seconds" -seed=1 -rss_limit_mb=2048 -max_len=65536 \
      "$corpus" >"build-fuzz/$target.log" 2>&1; then
    echo "$name fuzzing: OK ($(grep -o 'Done [0-9]* runs' "build-fuzz/$target.log"))"; passed=$((passed + 1))
  else
    tail -n 30 "build-fuzz/$target.log"; echo "$name fuzzing: FAIL (crash input in the current directory)"; failed=$((failed + 1))
  fi
}
fuzz_run replay fuzz_replay "${FUZZ_SECONDS:-40}"
fuzz_run snapshot fuzz_snapshot "${FUZZ_SNAPSHOT_SECONDS:-20}"
fuzz_run verify fuzz_verify "${FUZZ_VERIFY_SECONDS:-30}"
fuzz_run history fuzz_history "${FUZZ_HISTORY_SECONDS:-15}"
fuzz_run wire fuzz_wire "${FUZZ_WIRE_SECONDS:-15}"

# 4. ThreadSanitizer: worlds on 4 threads at once (tests/test_threads.c over
#    the replays) must show no data race, and a deliberately racy canary must
#    be reported (so a race would be seen).
thread_sanitizer() {
  echo "== thread sanitizer (build-tsan)"
  configure tsan build-tsan || return
  if ! ninja -C build-tsan tests/test_threads tests/tsan_canary >build-tsan.build.log 2>&1; then
    tail -n 40 build-tsan.build.log; failed=$((failed + 1)); return
  fi
  if build-tsan/tests/test_threads replays/*.fcr >build-tsan/threads.log 2>&1; then
    echo "threads under TSan: OK ($(tail -n 1 build-tsan/threads.log))"; passed=$((passed + 1))
  else
    tail -n 40 build-tsan/threads.log; echo "threads under TSan: FAIL"; failed=$((failed + 1))
  fi
  if build-tsan/tests/tsan_canary >build-tsan/canary.log 2>&1; then
    echo "TSan canary: FAIL (the deliberate race was not reported)"; failed=$((failed + 1))
  elif grep -q "ThreadSanitizer: data race" build-tsan/canary.log; then
    echo "TSan canary: OK (race reported, as it must be)"; passed=$((passed + 1))
  else
    tail -n 20 build-tsan/canary.log; echo "TSan canary: FAIL (no race report)"; failed=$((failed + 1))
  fi
}
thread_sanitizer

# Determinism: the quick cross-compiler/cross-CPU matrix (native gcc and
# clang, i686, aarch64 and big-endian s390x under qemu) must agree bit for bit,
# every target must re-record the replays byte for byte (--record) and draw
# the committed SVG frames byte for byte (--svg).
echo "== determinism matrix (quick)"
if [ -f tools/replay/main.c ] && ls replays/*.fcr >/dev/null 2>&1; then
  matrix_args=(--record --svg --main tools/replay/main.c -- verify replays/*.fcr)
else
  matrix_args=(--main tools/demo.c -- --seed 12345 --frames 2000)
fi
if tools/determinism-matrix --quick "${matrix_args[@]}"; then
  passed=$((passed + 1))
else
  failed=$((failed + 1))
fi

echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
