#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# npm-deps.sh SRC_DIR DEST_DIR STAMP - install the JS test dependencies
# (puppeteer-core) exactly as bindings/js/package-lock.json pins them, into
# DEST_DIR/node_modules: `npm ci`, no install scripts, never a browser
# download (the tests drive Debian's chromium).
set -eu
src=$1 dest=$2 stamp=$(realpath -m "$3")
mkdir -p "$dest"
cp "$src/package.json" "$src/package-lock.json" "$dest"/
cd "$dest"
export PUPPETEER_SKIP_DOWNLOAD=1 PUPPETEER_SKIP_CHROMIUM_DOWNLOAD=1
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
touch "$stamp"
