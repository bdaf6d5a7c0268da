#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# build.sh PACKAGE_DIR OUT_DIR - the static viewer: this directory's page and
# modules plus the JS package's lib/ (ES modules + fixcol.wasm) as fixcol/.
# Serve OUT_DIR with any static file server (ES modules and wasm need http:,
# not file:), e.g. `node tools/viewer/serve.mjs OUT_DIR`.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
pkg=$1 out=$2
mkdir -p "$out/fixcol"
cp "$here"/index.html "$here"/*.js "$here"/viewer.css "$out"/
cp "$pkg"/lib/*.js "$pkg"/lib/fixcol.wasm "$out/fixcol"/
touch "$out/.stamp"
