#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# install.sh KIT_DIR FIXCOL_PACKAGE_DIR DEST_DIR STAMP - the kit's
# dependencies as its package-lock.json pins them (`npm ci`, no install
# scripts, no browser download) into DEST_DIR/node_modules, plus fixcol from
# the built JS package: `npm pack` of FIXCOL_PACKAGE_DIR (the tarball a game
# installs) unpacked as DEST_DIR/node_modules/fixcol - no wasm toolchain
# needed. The kit's own files (src, bin, web, tests) are copied into DEST_DIR,
# so DEST_DIR is a runnable copy of the kit (node resolves 'fixcol' and the
# Colyseus packages from DEST_DIR/node_modules).
set -eu
kit=$(realpath "$1") pkg=$(realpath "$2") dest=$(realpath -m "$3") stamp=$(realpath -m "$4")
mkdir -p "$dest"
cp "$kit/package.json" "$kit/package-lock.json" "$kit/.npmrc" "$dest"/
for d in src bin web tests; do rm -rf "${dest:?}/$d"; cp -r "$kit/$d" "$dest/$d"; done
cd "$dest"
export PUPPETEER_SKIP_DOWNLOAD=1 PUPPETEER_SKIP_CHROMIUM_DOWNLOAD=1
rm -rf node_modules   # npm ci removes it too, but fails on a half-removed tree
npm ci --ignore-scripts --no-audit --no-fund --loglevel=error
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tgz=$(cd "$tmp" && npm pack "$pkg" --silent --pack-destination "$tmp" | tail -n 1)
mkdir -p "$tmp/x" && tar -xzf "$tmp/$tgz" -C "$tmp/x"
rm -rf node_modules/fixcol && mv "$tmp/x/package" node_modules/fixcol
touch "$stamp"
