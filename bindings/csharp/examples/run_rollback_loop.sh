#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# run_rollback_loop.sh [ARGS]: runs RollbackLoop.exe under mono ($FIXCOL_MONO,
# $FIXCOL_ROLLBACKLOOP set by meson) so tests/check_same_output.sh can compare
# it with the C loop (tests/example_rollback.c).
exec "$FIXCOL_MONO" "$FIXCOL_ROLLBACKLOOP" "$@"
