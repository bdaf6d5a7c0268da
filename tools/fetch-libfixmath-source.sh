#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# fetch-libfixmath-source.sh [--no-install] [CACHE]
#
# Debian's libfixmath source package, unpacked into CACHE/src/libfixmath
# (default CACHE: .matrix in the repo; never committed), for the builds that
# have no Debian libfixmath-dev: the matrix's wasm32 and Windows targets, and
# the consumer test of `-Dlibfixmath_source` (tests/consumer). Fetched once
# with apt-get source; a deb-src entry for the running release is added
# (as root or through sudo) when there is none, unless --no-install.
# Prints the directory on stdout; exit 0, or 1 with the reason on stderr.
set -u -o pipefail
NO_INSTALL=0
[ "${1:-}" = --no-install ] && { NO_INSTALL=1; shift; }
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${1:-$ROOT/.matrix}
note() { echo "fetch-libfixmath-source: $*" >&2; }
SUDO=""
need_root() {
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; return 0; fi
  if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; return 0; fi
  return 1
}
FIXSRC="$CACHE/src/libfixmath"
fetch_libfixmath_source() {
  [ -f "$FIXSRC/.ok" ] && return 0
  local dl="$CACHE/src/download" codename orig
  mkdir -p "$dl"
  if ! (cd "$dl" && apt-get source --print-uris libfixmath 2>/dev/null | grep -q "^'"); then
    need_root || { note "need root to add a deb-src entry for libfixmath"; return 1; }
    [ $NO_INSTALL = 1 ] && { note "no deb-src entry for libfixmath and --no-install given"; return 1; }
    codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
    local list=/etc/apt/sources.list.d/fixcol-matrix-deb-src.list
    note "adding $list (deb-src $codename main)"
    # The entry must agree with the existing deb entry for the same mirror
    # about signed-by (apt refuses conflicting values): try both forms.
    local kr=/usr/share/keyrings/debian-archive-keyring.gpg opt ok=0
    for opt in "[signed-by=$kr] " ""; do
      [ -n "$opt" ] && [ ! -f "$kr" ] && continue
      echo "deb-src ${opt}http://deb.debian.org/debian $codename main" | $SUDO tee "$list" >/dev/null
      if apt-cache policy libfixmath-dev >/dev/null 2>&1; then ok=1; break; fi
    done
    if [ $ok = 0 ]; then $SUDO rm -f "$list"; note "could not add a working deb-src entry"; return 1; fi
    # update only this list; keep the others (List-Cleanup=0)
    $SUDO apt-get update -q -o Dir::Etc::sourcelist="$list" -o Dir::Etc::sourceparts=- \
      -o APT::Get::List-Cleanup=0 >&2 || note "apt-get update (deb-src) reported errors"
  fi
  # The Debian patch tarball may 404: non-fatal, the .dsc + orig suffice.
  (cd "$dl" && apt-get source --download-only libfixmath) >"$dl/apt-source.log" 2>&1 ||
    note "apt-get source reported errors (see $dl/apt-source.log); trying the orig tarball"
  orig=$(ls "$dl"/libfixmath_*.orig.tar.* 2>/dev/null | head -1)
  [ -n "$orig" ] || { note "no libfixmath orig tarball downloaded"; cat "$dl/apt-source.log" >&2; return 1; }
  rm -rf "$FIXSRC" "$CACHE/src/x"
  mkdir -p "$CACHE/src/x"
  local dsc
  dsc=$(ls "$dl"/libfixmath_*.dsc 2>/dev/null | head -1)
  if [ -n "$dsc" ] && command -v dpkg-source >/dev/null &&
     (cd "$CACHE/src/x" && dpkg-source --no-check -x "$dsc" libfixmath) >/dev/null 2>&1; then
    mv "$CACHE/src/x/libfixmath" "$FIXSRC"
  else
    tar -xf "$orig" -C "$CACHE/src/x" || return 1
    if [ -d "$CACHE/src/x/libfixmath" ]; then
      mv "$CACHE/src/x" "$FIXSRC"            # tarball rooted at ./
    else
      local top
      top=$(find "$CACHE/src/x" -mindepth 1 -maxdepth 1 -type d | head -1)
      [ -n "$top" ] || return 1
      mv "$top" "$FIXSRC"
    fi
  fi
  rm -rf "$CACHE/src/x"
  ls "$FIXSRC"/libfixmath/*.c >/dev/null 2>&1 || { note "unexpected libfixmath source layout in $FIXSRC"; return 1; }
  touch "$FIXSRC/.ok"
}

fetch_libfixmath_source || exit 1
echo "$FIXSRC"
