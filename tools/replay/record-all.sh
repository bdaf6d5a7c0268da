#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# record-all.sh [FIXCOL_REPLAY] - re-record every replay in replays/ from its
# seeded scenario (default tool: build/tools/fixcol-replay). Only needed when
# the frame results change on purpose (a world or narrowphase change that
# alters pairs, queries or checksums); review the diff
# (`fixcol-replay diff old new`) before committing.
# record-all.sh --list - one line per replay: NAME, then the fixcol-replay
# arguments that write it (without `-o FILE`). `tools/determinism-matrix
# --record` runs them on every target and compares with replays/NAME.fcr.
set -eu
cd "$(dirname "$0")/../.."

# The one table of recorded replays. A line is either
#   NAME SCENARIO SEED BODIES FRAMES  -> record --scenario SCENARIO --seed SEED --bodies BODIES --frames FRAMES
#   NAME rerecord SOURCE              -> rerecord SOURCE (a hand-written text replay, kept in the repo)
# and writes replays/NAME.fcr. Every replays/*.fcr needs a line (the matrix's
# --record refuses otherwise).
table() {
  cat <<'EOF'
moba-10k-crowd    moba          10001 10000    6
moba-skirmish     moba              1   120 1200
bullets-walls     bullets           2    90 1000
mixed2d-shapes    mixed2d           3   100 1000
boxes3d-ground    boxes3d           4    90 1000
adversarial2d     adversarial       5    60  600
adversarial3d     adversarial3d     6    60  400
desync-probes     desync           18   200  200
desync-probes3d   desync3d         19   150  150
skills2d          skills           20    80  400
skills3d          skills3d         21    60  300
resolve2d         resolve          22    60  300
resolve3d         resolve3d        23    50  300
platformer2d      platformer       24    40  240
moba-movers       moba_movers      25   120   50
movers3d          movers3d         26    24  200
EOF
}

list() {
  local name how seed bodies frames
  table | while read -r name how seed bodies frames; do
    case $how in
      rerecord) echo "$name rerecord $seed" ;;
      *) echo "$name record --scenario $how --seed $seed --bodies $bodies --frames $frames" ;;
    esac
  done
}

if [ "${1:-}" = --list ]; then
  list
  exit 0
fi
tool=${1:-build/tools/fixcol-replay}
mkdir -p replays
while read -r name args; do
  # shellcheck disable=SC2086 # args are words without spaces
  "$tool" $args -o "replays/$name.fcr"
done < <(list)
ls -l replays
