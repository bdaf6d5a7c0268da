#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# configure-build.sh PROFILE DIR [--keep] - configure the build directory DIR
# as PROFILE needs it. One place for the configurations of tools/run.sh and
# of every suite of tools/test.sh:
#   run         -Dwerror=true, every binding 'auto' (run.sh needs only the
#               C library and fixcol-replay); an existing DIR is kept as is.
#   release     test.sh's normal build: the Lua, C# and JS bindings and the
#               JS binding's Chromium tests REQUIRED (-Dlua=enabled
#               -Dcsharp=enabled -Djs=enabled -Dchromium=enabled), so a
#               missing toolchain fails the configure instead of silently
#               dropping those tests.
#   asan        gcc, ASan + UBSan, Lua and C# required (the JS binding is not
#               built in sanitized builds: -Djs=disabled).
#   clang-asan  the same with clang and every UB check clang has.
#   fuzz        clang, plain (the libFuzzer targets add their own flags).
#   tsan        ThreadSanitizer.
# For every profile but run, an existing DIR whose options (`meson introspect
# --buildoptions`) differ from the profile's is reconfigured (`meson setup
# --reconfigure` with the profile's options), and one built by another C
# compiler is deleted and set up again; so the suites test the same thing
# whatever configured DIR before (e.g. tools/run.sh before the binding
# packages were installed). --keep: keep an existing DIR as is (the old
# behaviour, for the should-fail twin of tests/check_suite_config.sh only).
# Exit status: 0 configured; otherwise meson's (setup log on stderr).
set -u
src=$(cd "$(dirname "$0")/.." && pwd)   # the source tree this script belongs to
profile=${1:?usage: configure-build.sh PROFILE DIR [--keep]} dir=${2:?usage: configure-build.sh PROFILE DIR [--keep]}
keep=0
[ "${3:-}" = --keep ] && keep=1
compiler=gcc
case "$profile" in
  run) opts=(-Dwerror=true) keep=1 ;;
  release) opts=(-Dwerror=true -Dlua=enabled -Dcsharp=enabled -Djs=enabled -Dchromium=enabled) ;;
  asan) opts=(-Dwerror=true -Dbuildtype=debug -Db_sanitize=address,undefined -Db_lundef=false
    -Dc_args=-fno-sanitize-recover=all -Dcpp_args=-fno-sanitize-recover=all
    -Dlua=enabled -Dcsharp=enabled -Djs=disabled) ;;
  clang-asan)
    # ASan and every UndefinedBehaviorSanitizer check clang has for undefined
    # behaviour: the 'undefined' group (signed overflow, shifts,
    # pointer-overflow, null, alignment, bounds, ...) plus
    # float-divide-by-zero, nullability (where _Nonnull/_Nullable
    # annotations apply) and local-bounds; every report aborts. Not enabled:
    # the 'integer' checks (unsigned-integer-overflow, implicit-conversion,
    # unsigned-shift-base) flag defined behaviour that the hashes rely on.
    # -shared-libasan: the instrumented programs share the ASan runtime that
    # the bindings' tests preload into their Lua and mono hosts.
    compiler=clang
    san="-fsanitize=float-divide-by-zero,nullability,local-bounds,pointer-overflow -fno-sanitize-recover=all"
    rt_dir=$(dirname "$(clang -print-file-name="libclang_rt.asan-$(uname -m).so" 2>/dev/null)")
    link="$san -shared-libasan -Wl,-rpath,$rt_dir"
    opts=(-Dwerror=true -Dbuildtype=debug -Db_sanitize=address,undefined -Db_lundef=false
      "-Dc_args=$san" "-Dcpp_args=$san" "-Dc_link_args=$link" "-Dcpp_link_args=$link"
      -Dlua=enabled -Dcsharp=enabled -Djs=disabled) ;;
  fuzz) compiler=clang opts=() ;;
  tsan) opts=(-Dwerror=true -Db_sanitize=thread) ;;
  *) echo "configure-build.sh: unknown profile '$profile' (run release asan clang-asan fuzz tsan)" >&2; exit 2 ;;
esac
if [ "$compiler" = clang ]; then export CC=clang CXX=clang++; fi

setup() { # ARGS...: meson setup, its log kept beside DIR, shown on failure
  meson setup "$@" >"$dir.setup.log" 2>&1 || { cat "$dir.setup.log" >&2; return 1; }
}

if [ ! -f "$dir/build.ninja" ]; then
  setup "$dir" "$src" "${opts[@]}"
  exit
fi
[ "$keep" = 1 ] && exit 0

# What differs between DIR and the profile: "compiler" (the C compiler id),
# "options" (some -Dname=value), or nothing.
differs=$(meson introspect --buildoptions --targets -f "$dir" | python3 -c '
import json, os, shlex, sys
info = json.load(sys.stdin)
want_cc, wanted = sys.argv[1], sys.argv[2:]
c_compilers = {os.path.basename(src["compiler"][0]) for t in info["targets"] for src in t["target_sources"]
               if src.get("language") == "c"}
if any(("clang" in c) != (want_cc == "clang") for c in c_compilers):
    print("compiler"); sys.exit()
have = {o["name"]: o["value"] for o in info["buildoptions"]}
for arg in wanted:
    name, value = arg[2:].split("=", 1)
    cur = have.get(name)
    if isinstance(cur, bool):
        same = str(cur).lower() == value
    elif isinstance(cur, list):
        same = cur == shlex.split(value) or cur == value.split(",")
    else:
        same = str(cur) == value
    if not same:
        print("options"); sys.exit()
' "$compiler" "${opts[@]}") || exit 1
case "$differs" in
  compiler) echo "configure-build.sh: $dir was built by another C compiler; setting it up again" >&2
    [ -d "$dir/meson-private" ] && rm -rf "$dir" && setup "$dir" "$src" "${opts[@]}" ;;
  options) echo "configure-build.sh: $dir has other options than profile $profile; reconfiguring" >&2
    setup --reconfigure "$dir" "$src" "${opts[@]}" ;;
esac
