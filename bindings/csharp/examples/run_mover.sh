#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# run_mover.sh [--break]: runs Mover.exe under mono ($FIXCOL_MONO,
# $FIXCOL_MOVER set by meson) so tests/check_same_output.sh can compare it
# with the C example; --break (the should-fail twin) changes one digit of
# the last line.
if [ "${1:-}" = --break ]; then
  "$FIXCOL_MONO" "$FIXCOL_MOVER" | sed '$ s/.$/x/'
else
  exec "$FIXCOL_MONO" "$FIXCOL_MOVER"
fi
