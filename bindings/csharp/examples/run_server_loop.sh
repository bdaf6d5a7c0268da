#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# run_server_loop.sh [ARGS]: runs ServerLoop.exe under mono ($FIXCOL_MONO,
# $FIXCOL_SERVERLOOP set by meson) so tests/check_same_output.sh can compare
# it with the C example.
exec "$FIXCOL_MONO" "$FIXCOL_SERVERLOOP" "$@"
