#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# run.sh MODE [--break] --source DIR --build DIR --prefix P --libdir L --version V --reference EXE
#        [--skip REASON] [--fixmath-source DIR] [--fixmath-cache DIR]
# Uses fixcol the way a game would and runs the README example with it; its
# output must equal REFERENCE's (the same example built in this tree).
#   pkgconfig      cc + pkg-config --cflags --libs fixcol (shared), then
#                  pkg-config --static (the archive) from `meson install` of
#                  the build into a staging directory (DESTDIR)
#   meson          a meson project with fixcol in subprojects/: shared and
#                  static: true; fixcol's tests/tools off; installing the app
#                  installs only the shared library of fixcol's files
#   cmake          find_package(fixcol CONFIG) + fixcol::fixcol from the
#                  staged install (+ which versions the version file accepts,
#                  probed by cmake-app/CMakeLists.txt)
#   source         a second, library-only build with -Dlibfixmath_source (the
#                  Debian source tree tools/determinism-matrix caches), staged,
#                  used through pkg-config and CMake: libfixmath's headers
#                  and archive are installed with fixcol and found there
# --break: the should-fail twin. pkgconfig: fixcol.pc without libfixmath's
# -I; meson: the subproject without meson.override_dependency; cmake: the
# config without libfixmath's include dir. The twin exits 1 only when the
# consumer fails with the error that defect causes, 0 otherwise (it worked,
# or failed for another reason: the should_fail test then shows red).
# Exit 77 (skip) with --skip, or when a needed program or cache is missing.
set -u -o pipefail
mode=$1; shift
brk=0 src='' build='' prefix='' libdir='' version='' ref='' skip='' fixmath_source='' fixmath_cache=''
while [ $# -gt 0 ]; do
  case $1 in
    --break) brk=1 ;;
    --source) src=$2; shift ;;
    --build) build=$2; shift ;;
    --prefix) prefix=$2; shift ;;
    --libdir) libdir=$2; shift ;;
    --version) version=$2; shift ;;
    --reference) ref=$2; shift ;;
    --skip) skip=$2; shift ;;
    --fixmath-source) fixmath_source=$2; shift ;;
    --fixmath-cache) fixmath_cache=$2; shift ;;
    *) echo "run.sh: unknown argument $1" >&2; exit 2 ;;
  esac
  shift
done
skip() { echo "SKIP: $*"; exit 77; }
[ -n "$skip" ] && skip "$skip"
die() { echo "FAIL: $*"; exit 1; }
need() { for p in "$@"; do command -v "$p" >/dev/null || skip "$p is not installed (tools/install-deps.sh test)"; done; }
case $libdir in /*) ;; *) libdir=$prefix/$libdir ;; esac

root=$build/tests/consumer
work=$root/$mode$([ $brk = 1 ] && echo -break)
rm -rf "$work" && mkdir -p "$work"
log=$work/log
expected=$work/expected.txt
"$ref" >"$expected" || die "the reference $ref failed"

# check_run EXE: the consumer's build runs the example and prints what the
# in-tree one prints.
check_run() {
  local out rc=0
  out=$work/$(basename "$1").out
  "$1" >"$out" 2>&1 || rc=$?
  [ $rc = 0 ] || { cat "$out"; die "$1 exited with $rc"; }
  cmp -s "$out" "$expected" || { diff "$expected" "$out" | head; die "$1 printed other output than $ref"; }
  echo "ok: $1 prints the example's $(wc -l <"$out") lines"
}

# consumer_failed WANT: the twin's verdict on a failed build whose output is
# in $log (see the header).
consumer_failed() {
  if grep -q -- "$1" "$log"; then
    echo "expected failure: the consumer failed with \"$1\":"; grep -m 3 -- "$1" "$log"; exit 1
  fi
  tail -n 20 "$log"; echo "WRONG: the consumer failed, but not with \"$1\"" >&2; exit 0
}
consumer_worked() { echo "WRONG: the consumer worked although $1" >&2; exit 0; }

# stage BUILD STAGE: `meson install` of BUILD into STAGE (DESTDIR), once per
# change of the build. The consumers run in parallel: the install happens
# under an exclusive lock, the use under a shared one (held until exit).
stage() {
  local b=$1 st=$2
  exec 9>"$st.lock"
  flock -x 9
  if [ ! -f "$st.stamp" ] || [ -n "$(find "$b" -maxdepth 2 \( -name 'libfixcol*' -o -name '*.pc' -o -name '*.cmake' \
       -o -name 'liblibfixmath.a' -o -name build.ninja \) -newer "$st.stamp" 2>/dev/null | head -1)" ] ||
     [ -n "$(find "$src/include" -newer "$st.stamp" | head -1)" ]; then
    rm -rf "$st" "$st.stamp"
    meson install -C "$b" --no-rebuild --quiet --destdir "$st" >"$st.install.log" 2>&1 ||
      { cat "$st.install.log"; die "meson install -C $b failed"; }
    touch "$st.stamp"
  fi
  flock -s 9
}

# pkgconfig_app PREFIX PCDIR: compile the example with pkg-config's flags,
# shared and static, and run both.
pkgconfig_app() {
  local p=$1 pcdir=$2 pc cflags libs
  # --define-variable=prefix: the .pc says /usr/local (the build's prefix);
  # staged with DESTDIR it lives under $st (the .pc is relative to ${prefix}).
  pc=(env PKG_CONFIG_PATH="$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}" pkg-config --define-variable=prefix="$p")
  cflags=$("${pc[@]}" --cflags fixcol) || die "pkg-config --cflags fixcol failed"
  libs=$("${pc[@]}" --libs fixcol) || die "pkg-config --libs fixcol failed"
  echo "pkg-config: $cflags $libs"
  # shellcheck disable=SC2086 # word splitting of the flags is intended
  if ! cc -std=c11 -o "$work/app" "$src/tests/example_server_loop.c" $cflags $libs \
      -Wl,-rpath,"$p${libdir#"$prefix"}" >"$log" 2>&1; then
    [ $brk = 1 ] && consumer_failed "fixmath.h"
    cat "$log"; die "the pkg-config consumer does not compile"
  fi
  [ $brk = 1 ] && consumer_worked "fixcol.pc lacks libfixmath's -I"
  readelf -d "$work/app" | grep -q 'NEEDED.*libfixcol\.so' || die "pkg-config --libs did not link the shared library"
  check_run "$work/app"
  # --static: the archive, with the system libraries dynamic as usual.
  libs=$("${pc[@]}" --static --libs fixcol) || die "pkg-config --static --libs fixcol failed"
  # shellcheck disable=SC2086
  cc -std=c11 -o "$work/app-static" "$src/tests/example_server_loop.c" $cflags \
    -Wl,-Bstatic $libs -Wl,-Bdynamic >"$log" 2>&1 || { cat "$log"; die "the --static consumer does not link"; }
  ! readelf -d "$work/app-static" | grep -q 'NEEDED.*libfixcol' || die "the --static consumer still needs libfixcol.so"
  check_run "$work/app-static"
}

# cmake_app PREFIX: configure, build and run cmake-app against the fixcol
# installed in PREFIX, and probe which versions find_package accepts.
cmake_app() {
  local p=$1 gen=() major minor _ ok bad
  # The version file: same major and not newer, else not found (probed by
  # the app's CMakeLists.txt after its own find_package).
  IFS=. read -r major minor _ <<<"$version"
  ok=("$major" "$major.$minor" "$version") bad=("$major.$((minor + 1))" "$((major + 1))" "$((major + 1)).0")
  command -v ninja >/dev/null && gen=(-G Ninja)
  if ! { cmake -S "$src/tests/consumer/cmake-app" -B "$work/cmake-app" "${gen[@]}" -DCMAKE_PREFIX_PATH="$p" \
           -DEXAMPLE_SOURCE="$src/tests/example_server_loop.c" -DVERSION_PROBES="$(IFS=";"; echo "${ok[*]};${bad[*]}")" &&
         cmake --build "$work/cmake-app"; } >"$log" 2>&1; then
    [ $brk = 1 ] && consumer_failed "fixmath.h"
    cat "$log"; die "the CMake consumer does not build"
  fi
  [ $brk = 1 ] && consumer_worked "the config lacks libfixmath's include dir"
  check_run "$work/cmake-app/app"
  grep '^fixcol probe ' "$log" >"$work/versions.txt"
  { printf "fixcol probe %s: found $version\n" "${ok[@]}"; printf 'fixcol probe %s: not found\n' "${bad[@]}"; } \
    >"$work/versions.want"
  cmp -s "$work/versions.txt" "$work/versions.want" ||
    { diff "$work/versions.want" "$work/versions.txt"; die "fixcolConfigVersion.cmake accepts the wrong versions"; }
  echo "ok: find_package accepts fixcol ${ok[*]} and refuses ${bad[*]}"
}

case $mode in
pkgconfig)
  need pkg-config cc readelf
  st=$root/stage
  stage "$build" "$st"
  pcdir=$st$libdir/pkgconfig
  if [ $brk = 1 ]; then  # a copy of fixcol.pc without libfixmath's -I
    mkdir -p "$work/pc"
    sed 's/ -I[^ ]*libfixmath//' "$pcdir/fixcol.pc" >"$work/pc/fixcol.pc"
    pcdir=$work/pc
  fi
  pkgconfig_app "$st$prefix" "$pcdir"
  ;;
source)
  need pkg-config cc readelf cmake
  [ -n "$fixmath_source" ] && skip "this build already uses -Dlibfixmath_source (the pkgconfig consumer covers it)"
  [ -f "$fixmath_cache/.ok" ] ||
    skip "no cached libfixmath source in $fixmath_cache (tools/determinism-matrix fetches it with apt-get source)"
  b=$root/source-build
  # A second, library-only build; kept between runs (ninja rebuilds what changed).
  if [ ! -f "$b/build.ninja" ]; then
    meson setup "$b" "$src" --prefix "$prefix" --libdir "$libdir" -Dbuildtype=debug -Dtests=false -Dtools=false \
      -Dlibfixmath_source="$fixmath_cache" >"$root/source-build.setup.log" 2>&1 ||
      { cat "$root/source-build.setup.log"; die "meson setup with -Dlibfixmath_source failed"; }
  fi
  exec 8>"$b.lock"; flock -x 8
  ninja -C "$b" >"$root/source-build.log" 2>&1 || { tail -n 30 "$root/source-build.log"; die "source build failed"; }
  st=$root/stage-source
  stage "$b" "$st"
  [ -f "$st$prefix/include/libfixmath/fixmath.h" ] || die "libfixmath's headers are not installed with fixcol"
  [ -f "$st$libdir/liblibfixmath.a" ] || die "liblibfixmath.a is not installed with fixcol"
  # shellcheck disable=SC2016 # the literal ${includedir} of the .pc
  grep -q -- '-I${includedir}/libfixmath' "$st$libdir/pkgconfig/fixcol.pc" || die "fixcol.pc does not point at <includedir>/libfixmath"
  pkgconfig_app "$st$prefix" "$st$libdir/pkgconfig"
  grep -q 'include/libfixmath"' "$st$libdir/cmake/fixcol/fixcolConfig.cmake" || die "the CMake package does not point at <includedir>/libfixmath"
  cmake_app "$st$prefix"
  ;;
meson)
  need meson ninja readelf
  app=$work/app
  cp -r "$src/tests/consumer/meson-app" "$app"
  cp "$src/tests/example_server_loop.c" "$app/"
  mkdir -p "$app/subprojects"
  if [ $brk = 1 ]; then  # a copy of the tree without override_dependency
    mkdir "$app/subprojects/fixcol"
    cp -r "$src/meson.build" "$src/meson_options.txt" "$src/include" "$src/src" "$src/cmake" "$app/subprojects/fixcol/"
    sed -i '/meson.override_dependency(/d' "$app/subprojects/fixcol/meson.build"
    grep -q override_dependency "$app/subprojects/fixcol/meson.build" && die "--break: the override is still there"
  else
    ln -s "$src" "$app/subprojects/fixcol"
  fi
  setup=(meson setup "$app/build" "$app" --force-fallback-for=fixcol -Dbuildtype=debug --prefix "$prefix")
  [ -n "$fixmath_source" ] && setup+=(-Dfixcol:libfixmath_source="$fixmath_source")
  if ! "${setup[@]}" >"$log" 2>&1; then
    [ $brk = 1 ] && consumer_failed "did not override 'fixcol' dependency"
    cat "$log"; die "meson setup of the app failed"
  fi
  [ $brk = 1 ] && consumer_worked "the subproject does not override 'fixcol'"
  # Nothing of fixcol's own but the library is built or tested.
  tests=$(meson test -C "$app/build" --list --no-rebuild 2>/dev/null)
  [ "$tests" = "app example runs" ] || die "meson test --list of the app shows: $tests"
  extra=$(meson introspect "$app/build" --targets | python3 -c '
import json, sys
print(" ".join(sorted(t["name"] for t in json.load(sys.stdin) if t["name"] not in ("app", "app-static", "fixcol", "fixcol_internal"))))')
  [ -z "$extra" ] || die "the subproject builds more than the library: $extra"
  echo "ok: the app registers only its own test, the subproject builds only the library"
  ninja -C "$app/build" >"$log" 2>&1 || { cat "$log"; die "the app does not build"; }
  check_run "$app/build/app"
  readelf -d "$app/build/app" | grep -q 'NEEDED.*libfixcol\.so' || die "dependency('fixcol') did not link the shared library"
  ! readelf -d "$app/build/app-static" | grep -q 'NEEDED.*libfixcol' || die "dependency('fixcol', static: true) needs libfixcol.so"
  check_run "$app/build/app-static"
  # Installing the game installs the app and the shared library it loads,
  # none of fixcol's developer files or tools.
  meson install -C "$app/build" --no-rebuild --quiet --destdir "$work/stage" >"$log" 2>&1 || { cat "$log"; die "meson install of the app failed"; }
  installed=$(cd "$work/stage" && find . -type f -o -type l | sed 's|^\./||' | sort)
  echo "the app installs:"; while read -r f; do echo "  $f"; done <<<"$installed"
  echo "$installed" | grep -Eq '(include/|\.pc$|\.cmake$|fixcol-)' && die "the subproject installs developer files or tools"
  echo "$installed" | grep -q 'libfixcol\.so' || die "the app's shared libfixcol is not installed"
  ;;
cmake)
  need cmake cc
  st=$root/stage
  stage "$build" "$st"
  p=$st$prefix
  if [ $brk = 1 ]; then  # a hard-linked copy of the prefix, config without libfixmath's include dir
    cfg=${libdir#"$prefix"}/cmake/fixcol/fixcolConfig.cmake
    cp -al "$p" "$work/prefix"
    p=$work/prefix
    rm "$p$cfg"
    sed 's/^set(_fixcol_fixmath_include .*/set(_fixcol_fixmath_include "")/' "$st$prefix$cfg" >"$p$cfg"
  fi
  cmake_app "$p"
  ;;
*) echo "run.sh: unknown mode $mode" >&2; exit 2 ;;
esac
echo "ok: $mode consumer"
