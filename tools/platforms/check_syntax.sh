#!/usr/bin/env bash
# tools/platforms/check_syntax.sh [mingw|gcc11|all]: every C++ source of the tree (every
# .cpp under common/, chapters/, solutions/, exercises/, tests/; not the
# viewer's browser room, common/src/viewer/web/, which em++ alone compiles) through a
# compiler's front end with `-fsyntax-only -std=c++20 -Wall -Wextra -Werror`,
# each with the include paths and definitions its CMake target gives it. It
# proves, in minutes and without building a library, that the tree compiles
# warning-free with a compiler this machine does not build with (issue 29):
#   mingw  MinGW-w64 GCC (Debian's g++-mingw-w64-x86-64-posix, GCC 12: the
#          generation MSYS2 ships), for Windows: Windows' headers (its GL 1.1
#          gl.h, a 32-bit long, no SIGPIPE, no M_PI), this machine's portable
#          headers (Eigen, CLI11, GoogleTest, Google Benchmark, Boost, SFML,
#          Dear ImGui) as -isystem;
#   gcc11  g++-11 (Debian 12's 11.3), Gradescope's default image's compiler
#          (Ubuntu 22.04), with this machine's headers.
# Default: all. Exit 0 when every source is clean; otherwise each failing
# source's diagnostics (first 30 lines), a count, exit 1; a missing compiler
# or header folder: one line, exit 2. PBM_JOBS=N compiles N at once
# (default: the processor count); PBM_SYNTAX_FILES=REGEX checks only the
# sources whose path matches (e.g. 'canvas3d|chapter\.cpp'). Needs only the compiler's package and the
# headers ./pbm deps installs: no configure, no build directory.
set -euo pipefail

ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)"
cd -- "$ROOT"

die() {
  echo "check_syntax: $2" >&2
  exit "$1"
}

FLAGS=(-fsyntax-only -std=c++20 -Wall -Wextra -Werror)
JOBS="${PBM_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)}"

# The header folders of the libraries, as ./pbm deps installs them (Debian,
# Ubuntu); each must exist.
need_dir() {
  [[ -d $1 ]] || die 2 "no $1 ($2): install it (./pbm deps)"
}
EIGEN=/usr/include/eigen3
IMGUI=/usr/include/imgui
need_dir "$EIGEN" "Eigen"
need_dir "$IMGUI" "Dear ImGui, libimgui-dev"

# One line per translation unit: "FILE|FLAGS" (flags space-separated; no
# path here has a space). A chapter's scenes, program, library and benchmark
# see their chapter folder; its tests also the chapter's namespace
# (cmake/PbmChapter.cmake); every_scene_test.cpp is compiled once per chapter
# that has a scenes.h, as the build does.
units() {
  local f dir nn
  find common chapters solutions exercises tests -name '*.cpp' | LC_ALL=C sort |
    while read -r f; do
      case "$f" in
      # The viewer's browser room includes emscripten's and WebGL's headers,
      # which only em++ has; ./pbm web builds it with -Werror (CI 5b).
      common/src/viewer/web/*) ;;
      common/*) echo "$f|-Icommon/include -Icommon/src" ;;
      chapters/*)
        dir="${f#chapters/}"
        dir="chapters/${dir%%/*}"
        echo "$f|-Icommon/include -I$dir"
        ;;
      solutions/* | exercises/*) echo "$f|-Icommon/include" ;;
      tests/every_scene_test.cpp)
        for dir in chapters/[0-9][0-9]_*; do
          [[ -f $dir/scenes.h ]] || continue
          nn="${dir#chapters/}"
          nn="${nn%%_*}"
          echo "$f|-Icommon/include -Itests -I$dir -DPBM_CHAPTER_NAMESPACE=ch$nn"
        done
        ;;
      tests/[0-9][0-9]_*)
        dir="${f#tests/}"
        dir="chapters/${dir%_test*}"
        nn="${f#tests/}"
        nn="${nn%%_*}"
        echo "$f|-Icommon/include -Itests -I$dir -DPBM_CHAPTER_NAMESPACE=ch$nn"
        ;;
      tests/*) echo "$f|-Icommon/include -Itests" ;;
      *) die 2 "no rule for $f" ;;
      esac
    done
}

# check NAME COMPILER EXTRA_FLAGS...: every unit through COMPILER; 0 when all clean.
check() {
  local name="$1" cxx="$2" out
  shift 2
  command -v "$cxx" >/dev/null 2>&1 || die 2 "$name: no $cxx (see the comment at the top of $0)"
  out="$(mktemp -d "${TMPDIR:-/tmp}/pbm-syntax.XXXXXX")"
  local start=$SECONDS total
  units | grep -E -- "${PBM_SYNTAX_FILES:-.}" >"$out/units" || die 2 "no source matches '${PBM_SYNTAX_FILES:-}'"
  total=$(wc -l <"$out/units")
  echo "check_syntax: $name: $("$cxx" --version | head -1), $total translation units, $JOBS at once" >&2
  # The compiler with its flags, in one small script the parallel jobs call.
  {
    printf '#!/bin/sh\nexec'
    printf ' %q' "$cxx" "${FLAGS[@]}" "$@"
    printf ' "$@"\n'
  } >"$out/cxx"
  chmod +x "$out/cxx"
  # Each unit writes its diagnostics to its own file; an empty file is clean.
  local i=0 line
  # shellcheck disable=SC2016 # the jobs expand their own arguments
  while IFS= read -r line; do
    i=$((i + 1))
    printf '%s\0' "$out/$i.log" "${line%%|*}" "${line#*|}"
  done <"$out/units" |
    xargs -0 -n 3 -P "$JOBS" sh -c '
      log="$1" src="$2" flags="$3"
      # flags are space-separated on purpose (no path in them has a space)
      "${0%/*}/cxx" $flags "$src" >"$log" 2>&1 || [ -s "$log" ] ||
        echo "$src: failed with no message" >"$log"
      [ -s "$log" ] && sed -i "1i == $src ($flags)" "$log"
      exit 0' "$out/sh"
  local bad=0
  for line in "$out"/*.log; do
    [[ -s $line ]] || continue
    bad=$((bad + 1))
    head -30 "$line" >&2
  done
  rm -rf "$out"
  if ((bad)); then
    echo "check_syntax: $name: $bad of $total translation units have diagnostics ($((SECONDS - start)) s)" >&2
    return 1
  fi
  echo "check_syntax: $name: $total of $total translation units clean, 0 diagnostics ($((SECONDS - start)) s)" >&2
}

# MinGW sees Windows' own C and C++ headers; the portable libraries' headers
# come from this machine through a folder of links (the whole /usr/include
# would bring glibc's headers in). Windows' GL comes with MinGW: its GL 1.1
# gl.h is what the viewer must live with.
check_mingw() {
  local cxx=x86_64-w64-mingw32-g++-posix links lib rc=0
  command -v "$cxx" >/dev/null 2>&1 || cxx=x86_64-w64-mingw32-g++
  command -v "$cxx" >/dev/null 2>&1 ||
    die 2 "mingw: no x86_64-w64-mingw32-g++-posix (apt-get install g++-mingw-w64-x86-64-posix)"
  links="$(mktemp -d "${TMPDIR:-/tmp}/pbm-syntax-inc.XXXXXX")"
  for lib in CLI SFML gtest benchmark boost; do
    need_dir "/usr/include/$lib" "$lib headers"
    ln -s "/usr/include/$lib" "$links/$lib"
  done
  check mingw "$cxx" -isystem "$EIGEN" -isystem "$IMGUI" -isystem "$IMGUI/backends" \
    -isystem "$links" || rc=$?
  rm -rf "$links"
  return "$rc"
}

check_gcc11() {
  command -v g++-11 >/dev/null 2>&1 || die 2 "gcc11: no g++-11 (apt-get install g++-11)"
  check gcc11 g++-11 -isystem "$EIGEN" -isystem "$IMGUI" -isystem "$IMGUI/backends"
}

case "${1:-all}" in
mingw) check_mingw ;;
gcc11) check_gcc11 ;;
all)
  rc=0
  check_mingw || rc=1
  check_gcc11 || rc=1
  exit "$rc"
  ;;
-h | --help) sed -n '2,19p' "$0" | sed 's/^# \{0,1\}//' ;;
*) die 2 "unknown mode '$1'; accepted: mingw, gcc11, all" ;;
esac
