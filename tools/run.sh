#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# run.sh - install what is missing, build, and run fixcol's main job: verify
# every recorded replay (once fixcol-replay and replays/ exist), otherwise
# the seeded demo scenario with per-frame checksums.
set -eu
cd "$(dirname "$0")/.."
tools/install-deps.sh build
[ -f build/build.ninja ] || meson setup build -Dwerror=true >/dev/null
ninja -C build >/dev/null
if [ -x build/tools/fixcol-replay ] && ls replays/*.fcr >/dev/null 2>&1; then
  exec build/tools/fixcol-replay verify replays/*.fcr
fi
exec build/tools/fixcol-demo --seed 12345 --frames 10
