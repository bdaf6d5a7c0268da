#!/usr/bin/env bash
# record-all.sh [FIXCOL_REPLAY] - re-record every replay in replays/ from its
# seeded scenario. Only needed when the frame results change on purpose
# (a world or narrowphase change that alters pairs, queries or checksums);
# review the diff (`fixcol-replay diff old new`) before committing.
set -eu
cd "$(dirname "$0")/../.."
tool=${1:-build/tools/fixcol-replay}
rec() { # FILE SCENARIO SEED BODIES FRAMES
  "$tool" record --scenario "$2" --seed "$3" --bodies "$4" --frames "$5" -o "replays/$1.fcr"
}
mkdir -p replays
rec moba-10k-crowd    moba          10001 10000    6
rec moba-skirmish     moba              1   120 1200
rec bullets-walls     bullets           2    90 1000
rec mixed2d-shapes    mixed2d           3   100 1000
rec boxes3d-ground    boxes3d           4    90 1000
rec adversarial2d     adversarial       5    60  600
rec adversarial3d     adversarial3d     6    60  400
ls -l replays
