#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# run.sh - install what is missing, build, and run fixcol's main job: verify
# every recorded replay (once fixcol-replay and replays/ exist), otherwise
# the seeded demo scenario with per-frame checksums.
set -eu
cd "$(dirname "$0")/.."
tools/install-deps.sh build
# build/ as it is, or set up with -Dwerror=true and the bindings 'auto'
# (tools/test.sh later reconfigures it with the bindings required).
tools/configure-build.sh run build
ninja -C build >/dev/null
if [ -x build/tools/fixcol-replay ] && ls replays/*.fcr >/dev/null 2>&1; then
  exec build/tools/fixcol-replay verify replays/*.fcr
fi
exec build/tools/fixcol-demo --seed 12345 --frames 10
