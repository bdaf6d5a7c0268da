#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# install-deps.sh [PROFILE...] - install the Debian packages fixcol needs,
# only those missing (idempotent). Profiles: build (default), test, ci (test
# without Frama-C: the GitHub Actions Linux jobs). test and ci also install
# the workflow validator (npm ci --prefix tools/ci, pinned by its lock file).
# As root it runs apt-get; otherwise sudo; otherwise it lists the packages
# and exits 1.
set -eu
want=()
npm_tools=0
# npm_install: the pinned tools of tools/ci/package-lock.json, once.
npm_install() {
  local dir
  dir="$(cd "$(dirname "$0")" && pwd)/ci"
  [ "$npm_tools" = 1 ] && [ ! -x "$dir/node_modules/.bin/action-validator" ] || return 0
  echo "install-deps: npm ci --prefix $dir"
  npm ci --prefix "$dir" --no-audit --no-fund --loglevel=error
}
for profile in "${@:-build}"; do
  case "$profile" in
    build) want+=(meson ninja-build gcc g++ libfixmath-dev python3 pkg-config binutils) ;;
    test|ci) want+=(meson ninja-build gcc g++ libfixmath-dev python3 python3-yaml pkg-config binutils clang)
      # -- CI workflow check (issue 12): action-validator from npm; Node.js
      # from Debian unless one is there (GitHub's runners bring their own).
      command -v npm >/dev/null 2>&1 || want+=(nodejs npm)
      npm_tools=1 ;;
    *) echo "install-deps.sh: unknown profile '$profile' (build, test, ci)" >&2; exit 2 ;;
  esac
  # -- install and consume (issue 12): tests/consumer builds a CMake project
  # against the installed package (pkg-config is in both profiles)
  if [ "$profile" = test ]; then want+=(cmake); fi
  # -- proof (issue 7): Frama-C's EVA for tests/proof (meson test 'eva proof')
  if [ "$profile" = test ]; then want+=(frama-c-base); fi
  # -- Lua binding (bindings/lua, meson -Dlua): interpreters and headers of
  # every Lua the module is built and tested for, and luarocks for the rockspec
  if [ "$profile" = test ]; then
    want+=(lua5.1 lua5.3 lua5.4 luajit liblua5.1-0-dev liblua5.3-dev liblua5.4-dev libluajit-5.1-dev luarocks)
  fi
  # -- C# binding (issue 13): mcs and mono for meson's 'bindings' suite
  if [ "$profile" = test ]; then want+=(mono-mcs mono-runtime libmono-system4.0-cil libmono-system-core4.0-cil); fi
  # -- JS binding (issue 14): clang's wasm32-wasi target, llvm-objdump for
  # its float check, node + npm, chromium for the browser tests
  # (puppeteer-core comes from npm ci); npm only when no npm is on PATH
  # (some nodejs builds bundle their own)
  if [ "$profile" = test ]; then
    want+=(wasi-libc libclang-rt-14-dev-wasm32 lld llvm-14 nodejs chromium)
    command -v npm >/dev/null 2>&1 || want+=(npm)
  fi
  # -- SVG frame export (issue 14): tests/check_svg.py also runs xmllint
  if [ "$profile" = test ]; then want+=(libxml2-utils); fi
  # -- Colyseus lockstep kit (issue 30): its two-process tests share a
  # redis-server that each test starts on a free 127.0.0.1 port
  if [ "$profile" = test ]; then want+=(redis-server); fi
done
native=$(dpkg --print-architecture)
missing=()
for p in "${want[@]}"; do
  # Installed for this machine's architecture (or arch-independent)?
  dpkg-query -W -f='${Status} ${Architecture}\n' "$p" 2>/dev/null |
    grep -qE "^install ok installed ($native|all)\$" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then npm_install; exit 0; fi
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
npm_install
