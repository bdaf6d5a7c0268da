#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# install-deps.sh [PROFILE...] - install the Debian packages fixcol needs,
# only those missing (idempotent). Profiles: build (default), test.
# As root it runs apt-get; otherwise sudo; otherwise it lists the packages
# and exits 1.
set -eu
want=()
for profile in "${@:-build}"; do
  case "$profile" in
    build) want+=(meson ninja-build gcc g++ libfixmath-dev python3 pkg-config binutils) ;;
    test) want+=(meson ninja-build gcc g++ libfixmath-dev python3 pkg-config binutils clang) ;;
    *) echo "install-deps.sh: unknown profile '$profile' (build, test)" >&2; exit 2 ;;
  esac
  # -- proof (issue 7): Frama-C's EVA for tests/proof (meson test 'eva proof')
  if [ "$profile" = test ]; then want+=(frama-c-base); fi
  # -- JS binding (issue 14): clang's wasm32-wasi target, llvm-objdump for
  # its float check, node + npm, chromium for the browser tests
  # (puppeteer-core comes from npm ci); npm only when no npm is on PATH
  # (some nodejs builds bundle their own)
  if [ "$profile" = test ]; then
    want+=(wasi-libc libclang-rt-14-dev-wasm32 lld llvm-14 nodejs chromium)
    command -v npm >/dev/null 2>&1 || want+=(npm)
  fi
done
native=$(dpkg --print-architecture)
missing=()
for p in "${want[@]}"; do
  # Installed for this machine's architecture (or arch-independent)?
  dpkg-query -W -f='${Status} ${Architecture}\n' "$p" 2>/dev/null |
    grep -qE "^install ok installed ($native|all)\$" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
# Deduplicate while keeping order.
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | awk '!seen[$0]++')
echo "install-deps: installing ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  run=()
elif command -v sudo >/dev/null 2>&1; then
  run=(sudo)
else
  echo "install-deps: not root and no sudo; please install: ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
# Foreign-architecture security lists sometimes fail to update; the main
# lists suffice, so a partial update is not fatal.
apt=(apt-get -o DPkg::Lock::Timeout=900)
"${run[@]}" "${apt[@]}" update -qq || echo "install-deps: apt-get update reported errors; continuing" >&2
"${run[@]}" "${apt[@]}" install -y -qq --no-install-recommends "${missing[@]}"
