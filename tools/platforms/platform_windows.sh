#!/usr/bin/env bash
# Windows, proven on Linux (issue 29, item 3): `tools/platforms/check_platforms.sh windows`
# runs this. In a Debian sid chroot made from this machine's apt mirror it
#   1. installs MinGW-w64 (GCC, posix threads), Wine, Xvfb and CMake (sid's
#      CMake, new enough for SFML 3.1, which needs 3.28);
#   2. builds FreeType, SFML (graphics, window, system), GoogleTest and
#      Google Benchmark STATIC from Debian's source packages (`apt-get source`)
#      with that compiler into a prefix kept in the chroot, and unpacks Debian's
#      Dear ImGui source (the tree compiles it); Eigen, CLI11 and Boost are
#      header-only and come from the chroot's own -dev packages;
#   3. builds the whole tree for Windows with -Werror (no benchmarks);
#   4. runs every test program under Wine (the .exe files directly: ctest's
#      test discovery would run each under Wine again);
#   5. takes the 11 default screenshots under Wine + Xvfb, DISPLAY removed
#      from the Windows program's environment (cmd's `set DISPLAY=`; Wine's
#      own X11 driver keeps its connection), so the program opens its window
#      as on a Windows desktop;
#   6. writes every scene's default CSV and compares them with the Linux
#      build's (--linux-build; tools/platforms/csv_digits.py: identical, or which rows
#      and columns differ and how many digits agree). Note the two sides may
#      differ in more than the C library: the chroot's Eigen (sid's) is not
#      necessarily the Linux build's.

#
#   tools/platforms/check_platforms.sh windows [--stages LIST] [--shell]
#     --stages LIST   which of chroot,deps,tree,tests,shots,csv to run (default all;
#                     each needs the ones before it to have run once)
#     --linux-build DIR  the Linux build whose programs' CSVs are compared
#                     (default build/, as ./pbm build leaves it)
#     --shell         a shell in the chroot (debugging)
#
# Kept between runs, outside the repository: the chroot
# $PBM_CACHE_DIR/sid-windows (default /var/cache/pbm-platforms), holding the
# library prefix /opt/pbm-mingw, the downloaded sources, Wine's prefix and
# ccache; a second run skips stages 1-2 and compiles from the cache. The build
# is left in build/platforms/windows/ (programs in bin/), the screenshots in
# build/platforms/windows/shots/, the CSVs in build/platforms/windows/csv/.
# The last line says which stages passed. Exit 0 when all passed, 5 when the
# chroot could not be made (no mirror), else 1.
set -euo pipefail

# --- inside the chroot ------------------------------------------------------
if [[ ${1:-} == --inside ]]; then
  shift
  stage="$1"
  PREFIX=/opt/pbm-mingw
  TOOLCHAIN=/pbm/src/cmake/mingw-w64-x86_64.cmake
  OUT=/pbm/out
  JOBS="${PBM_JOBS:-2}"
  export DEBIAN_FRONTEND=noninteractive WINEDEBUG=-all WINEPREFIX=/root/.wine
  export CCACHE_DIR=/root/.ccache
  cross() { # cross SRC BUILD CMAKE-ARGS...: configure, build and install a static library
    local src="$1" bld="$2"
    shift 2
    rm -rf "$bld"
    cmake -S "$src" -B "$bld" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$PREFIX" \
      -DCMAKE_PREFIX_PATH="$PREFIX" -DBUILD_SHARED_LIBS=OFF \
      -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache "$@"
    cmake --build "$bld" -j "$JOBS"
    cmake --install "$bld"
  }
  source_of() { # source_of PACKAGE: its upstream source, unpacked once; prints the folder
    # The .orig tarball of Debian's source package, without Debian's patches:
    # the mirror may lack a package's .dsc or .debian.tar while it has the
    # upstream tarball, or lack a version altogether; the newest version
    # whose tarball it has is taken (sid's, else trixie's, else bookworm's).
    local dir="/pbm/sources/$1" tarball="" version

    if [[ ! -f $dir/.unpacked ]]; then
      rm -rf "$dir" && mkdir -p "$dir/src"
      for version in $(apt-cache showsrc "$1" | awk '/^Version:/ {print $2}' | sort -u -V -r); do
        rm -rf "$dir/dl" && mkdir -p "$dir/dl"
        (cd "$dir/dl" && apt-get source --download-only -q "$1=$version" >/dev/null 2>&1) || true
        tarball="$(find "$dir/dl" -name '*.orig.tar.*' ! -name '*.orig-*' ! -name '*.asc' | head -n 1)"
        [[ -n $tarball ]] && break
        echo "$1 $version: not on the mirror" >&2
      done
      [[ -n $tarball ]] || {
        echo "apt-get source $1: no version's upstream tarball on the mirror" >&2
        return 1
      }
      tar -C "$dir/src" --strip-components=1 -xf "$tarball"
      touch "$dir/.unpacked"
    fi
    echo "$dir/src"
  }
  library() { # library NAME PACKAGE CMAKE-ARGS...: built once into the prefix
    local name="$1" pkg="$2" src
    shift 2
    [[ -f $PREFIX/.built/$name ]] && return 0
    src="$(source_of "$pkg")"
    echo "== $name from $(cd "$src/../dl" && ls -- *.orig.tar.*)"
    cross "$src" "/pbm/deps-build/$name" "$@"
    mkdir -p "$PREFIX/.built" && (cd "$src/../dl" && ls -- *.orig.tar.*) >"$PREFIX/.built/$name"
  }
  case "$stage" in
  deps)
    library freetype freetype -DFT_DISABLE_ZLIB=ON -DFT_DISABLE_BZIP2=ON \
      -DFT_DISABLE_PNG=ON -DFT_DISABLE_HARFBUZZ=ON -DFT_DISABLE_BROTLI=ON
    library googletest googletest -DINSTALL_GTEST=ON
    library benchmark benchmark -DBENCHMARK_ENABLE_TESTING=OFF \
      -DBENCHMARK_ENABLE_GTEST_TESTS=OFF -DBENCHMARK_ENABLE_WERROR=OFF \
      -DBENCHMARK_INSTALL_DOCS=OFF
    # SFML's own build would download FreeType (3.1: also HarfBuzz and
    # SheenBidi); SFML_USE_SYSTEM_DEPS finds the ones in the prefix instead.
    # Sid's SFML 3.1 source is not on this machine's mirror (its files answer
    # 404), so source_of takes trixie's 2.6.2, which needs neither. Debian's
    # tarball leaves out stb_image and Vulkan's headers (+dfsg); Debian's
    # libstb-dev and libvulkan-dev have them.
    sfml_src="$(source_of libsfml)"
    if [[ -d $sfml_src/extlibs/headers && ! -e $sfml_src/extlibs/headers/stb_image/stb_image.h ]]; then
      mkdir -p "$sfml_src/extlibs/headers/stb_image"
      ln -sf /usr/include/stb/stb_image.h /usr/include/stb/stb_image_write.h \
        "$sfml_src/extlibs/headers/stb_image/"
    fi
    if [[ -d $sfml_src/extlibs/headers && ! -e $sfml_src/extlibs/headers/vulkan/vulkan.h ]]; then
      mkdir -p "$sfml_src/extlibs/headers/vulkan"
      ln -sf /usr/include/vulkan/* /usr/include/vk_video "$sfml_src/extlibs/headers/vulkan/"
    fi
    library sfml libsfml -DSFML_USE_SYSTEM_DEPS=ON -DSFML_BUILD_AUDIO=OFF \
      -DSFML_BUILD_NETWORK=OFF -DSFML_BUILD_EXAMPLES=OFF -DSFML_BUILD_DOC=OFF \
      -DSFML_BUILD_TEST_SUITE=OFF
    # SFML 2.6's package names Windows' GL library "OpenGL32", which a
    # case-sensitive file system's linker does not find (MinGW has libopengl32.a).
    sed -i 's/"OpenGL32"/"opengl32"/' "$PREFIX/lib/cmake/SFML/SFMLConfigDependencies.cmake"
    # ImGui: the tree compiles the source folder (PBM_IMGUI_DIR) with its own flags.
    ln -sfn "$(source_of imgui)" "$PREFIX/imgui"
    # Header-only libraries: the chroot's -dev packages, seen through a folder of
    # their own ($PREFIX/headers: their CMake packages copied, their headers
    # linked), so that /usr/include itself never reaches a MinGW compile. The
    # packages compute their include folder from where they lie.
    h="$PREFIX/headers"
    rm -rf "$h" && mkdir -p "$h/include" "$h/share/eigen3" "$h/share/cmake" "$h/lib/cmake"
    ln -s /usr/include/eigen3 /usr/include/boost /usr/include/CLI "$h/include/"
    cp -r /usr/share/eigen3/cmake "$h/share/eigen3/"
    cp -r /usr/share/cmake/CLI11 "$h/share/cmake/"
    mkdir -p "$h/lib/x86_64-linux-gnu/cmake"
    cp -r /usr/lib/x86_64-linux-gnu/cmake/Boost-* /usr/lib/x86_64-linux-gnu/cmake/boost_headers-* \
      "$h/lib/x86_64-linux-gnu/cmake/"
    ;;
  tree)
    rm -rf "${OUT:?}"/* 2>/dev/null || true
    cmake -S /pbm/src -B "$OUT" -G Ninja -DCMAKE_TOOLCHAIN_FILE="$TOOLCHAIN" \
      -DCMAKE_PREFIX_PATH="$PREFIX" -DSFML_STATIC_LIBRARIES=ON \
      -DPBM_IMGUI_DIR="$PREFIX/imgui" -DPBM_IMGUI_FETCH=OFF \
      -DPBM_WERROR=ON -DPBM_BENCHMARKS=OFF -DCMAKE_CXX_COMPILER_LAUNCHER=ccache \
      -DEigen3_DIR="$PREFIX/headers/share/eigen3/cmake" \
      -DCLI11_DIR="$PREFIX/headers/share/cmake/CLI11" \
      -DBoost_DIR="$(echo "$PREFIX"/headers/lib/x86_64-linux-gnu/cmake/Boost-*)"
    # -k 0: every file that compiles is compiled (and cached), so one run
    # lists every warning there is.
    cmake --build "$OUT" -j "$JOBS" -- -k 0
    ;;

  tests)
    # Each test program under Wine; a program's last "[  PASSED  ]" line counts.
    local_total=0 local_failed=""
    for exe in "$OUT"/bin/*_tests.exe; do
      name="$(basename "$exe" .exe)"
      if timeout 900 wine "$exe" >"$OUT/tests-$name.log" 2>&1; then
        n="$(grep -oE '^\[  PASSED  \] [0-9]+' "$OUT/tests-$name.log" | grep -oE '[0-9]+$' | tail -n 1)"
        echo "$name: ${n:-?} tests passed"
        local_total=$((local_total + ${n:-0}))
      else
        grep -E '^\[  FAILED  \]' "$OUT/tests-$name.log" | sort -u || tail -n 20 "$OUT/tests-$name.log"
        echo "$name: FAILED (log: build/platforms/windows/tests-$name.log)"
        local_failed="$local_failed $name"
      fi
    done
    echo "tests under Wine: $local_total passed; failed programs:${local_failed:- none}"
    [[ -z $local_failed ]]
    ;;
  shots)
    stop_wineserver() { # sid keeps wineserver out of PATH
      local ws
      ws="$(command -v wineserver || ls /usr/lib/*/wine/wineserver 2>/dev/null | head -n 1 || true)"
      [[ -n $ws ]] || return 0
      "$ws" -k 2>/dev/null || true
      "$ws" -w 2>/dev/null || true
    }
    # The default scene of every chapter, FRAMES frames, under Wine on Xvfb.
    # Wine's X11 driver needs DISPLAY; the Windows program must not see it
    # (a Windows desktop has none), so it is removed from the Windows side only
    # (cmd's `set DISPLAY=` before the program starts).
    mkdir -p "$OUT/shots" && rm -f "$OUT"/shots/*.png
    local_failed=""
    for exe in "$OUT"/bin/ch[0-9][0-9]_*.exe; do
      name="$(basename "$exe" .exe)"
      [[ $name == *_tests ]] && continue
      shot="Z:\\pbm\\out\\shots\\$name.png"
      # A wineserver still running from the tests stage (or from the last
      # shot, whose Xvfb is gone) keeps a desktop with no display: every
      # window of a program started under it fails ("no driver could be
      # loaded"), and SFML crashes. Each shot starts a server of its own.
      stop_wineserver
      if timeout 300 xvfb-run -a -s "-screen 0 1280x1024x24" \
        wine cmd /c "set DISPLAY=&& set WAYLAND_DISPLAY=&& Z:\\pbm\\out\\bin\\$name.exe --screenshot $shot --frames ${PBM_FRAMES:-60}" \
        >"$OUT/shots/$name.log" 2>&1 && [[ -s $OUT/shots/$name.png ]]; then
        echo "$name: shots/$name.png"
      else
        cat "$OUT/shots/$name.log"
        echo "$name: the screenshot FAILED"
        local_failed="$local_failed $name"
      fi
    done
    python3 /pbm/src/tools/check_png.py "$OUT"/shots/*.png
    [[ -z $local_failed ]]
    ;;
  csv)
    # Every scene's default headless CSV, as csv_fingerprint.py runs them.
    mkdir -p "$OUT/csv/windows" && rm -f "$OUT"/csv/windows/*.csv
    for exe in "$OUT"/bin/ch[0-9][0-9]_*.exe; do
      name="$(basename "$exe" .exe)"
      [[ $name == *_tests ]] && continue
      wine "$exe" --list-scenes 2>/dev/null | tr -d '\r' | grep -E '^[^[:space:]]' | awk '{print $1}' |
        while read -r scene; do
          timeout 600 wine "$exe" --scene "$scene" --headless --csv "$OUT/csv/windows/$name--$scene.csv" \
            >/dev/null 2>&1 </dev/null || echo "$name $scene: exit status $?"
        done
    done
    echo "$(find "$OUT/csv/windows" -name '*.csv' | wc -l) CSVs"
    ;;
  *) echo "unknown stage $stage" >&2 && exit 2 ;;
  esac
  exit 0
fi

# --- on the host ----------------------------------------------------------------
die() { # die MESSAGE [STATUS]
  printf 'check_platforms windows: %s\n' "$1" >&2
  exit "${2:-1}"
}
say() { printf 'check_platforms windows: %s\n' "$*" >&2; }

cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.."
ROOT="$PWD"
stages="chroot,deps,tree,tests,shots,csv" shell=0 linux_build="$ROOT/build"
while (($#)); do
  case "$1" in
  --stages)
    (($# >= 2)) || die "--stages needs a list, e.g. chroot,deps" 2
    stages="$2"
    shift 2
    ;;
  --linux-build)
    (($# >= 2)) || die "--linux-build needs a folder" 2
    linux_build="$2"
    shift 2
    ;;
  --shell) shell=1 && shift ;;
  *) die "unknown option '$1' (see tools/platforms/check_platforms.sh --help)" 2 ;;
  esac
done
[[ $(id -u) -eq 0 ]] || die "needs root (debootstrap, chroot, mount)"
wants() { [[ ,$stages, == *,$1,* ]]; }

cache="${PBM_CACHE_DIR:-/var/cache/pbm-platforms}"
chroot_dir="$cache/sid-windows"
out="${PBM_BUILD_DIR:-$ROOT/build}/platforms/windows"
log="$out.log"
mkdir -p "$out"
: >"$log"
# shellcheck source=tools/platforms/platform_common.sh
source "$ROOT/tools/platforms/platform_common.sh"
platform_name="windows"
mirror="$(apt_mirror)"

# --- 1. the chroot, made once ------------------------------------------------------
packages="g++-mingw-w64-x86-64-posix cmake ninja-build ccache dpkg-dev xz-utils
  bzip2 ca-certificates pkgconf python3 wine wine64 xvfb xauth
  libeigen3-dev libcli11-dev libboost-dev libstb-dev libvulkan-dev"


make_chroot() {
  [[ -f $chroot_dir/.pbm-ready ]] && return 0
  command -v debootstrap >/dev/null 2>&1 || apt-get install -y -q debootstrap || return 5
  rm -rf "$chroot_dir" && mkdir -p "$chroot_dir"
  debootstrap --variant=minbase sid "$chroot_dir" "$mirror" || return 5
  echo 'Acquire::Check-Valid-Until "false";' >"$chroot_dir/etc/apt/apt.conf.d/99pbm-no-valid-until"
  touch "$chroot_dir/.pbm-ready"
}
install_packages() { # once per package list
  # Sources from sid, and from the releases before it for a package whose
  # newest source the mirror does not hold (source_of takes the newest it has).
  printf 'deb-src %s %s main\n' "$mirror" sid "$mirror" trixie "$mirror" bookworm \
    >"$chroot_dir/etc/apt/sources.list.d/pbm-src.list"
  { echo "$packages" | tr -s ' \n' '\n' | sed '/^$/d' | sort
    cat "$chroot_dir/etc/apt/sources.list.d/pbm-src.list"; } >"$chroot_dir/.pbm-want"
  cmp -s "$chroot_dir/.pbm-want" "$chroot_dir/.pbm-packages" && return 0
  in_chroot apt-get update -q || return 5
  # shellcheck disable=SC2086 # the package list, split on purpose
  in_chroot apt-get install -y -q --no-install-recommends $packages || return 5
  # Wine's prefix, made once (a minute): later runs start in seconds.
  in_chroot /usr/bin/env WINEDEBUG=-all wineboot -i || return 1
  cp "$chroot_dir/.pbm-want" "$chroot_dir/.pbm-packages"
}

# shellcheck source=tools/platforms/chroot_mounts.sh
source "$ROOT/tools/platforms/chroot_mounts.sh"
in_chroot() { # in_chroot COMMAND...: with a clean environment
  chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive PBM_JOBS="${PBM_JOBS:-$(nproc)}" "$@"
}
prepare() { # mounts, and the repository's files copied in
  mount_system
  mount_in bind "$out" pbm/out
  copy_sources
}

mkdir -p "$cache"
timed chroot make_chroot
prepare
timed packages install_packages
if ((shell)); then
  in_chroot WINEDEBUG=-all /bin/bash -c "cd /pbm/src && exec bash -i"
  exit $?
fi
wants deps && timed deps in_chroot /bin/bash /pbm/src/tools/platforms/platform_windows.sh --inside deps
inside() { in_chroot /bin/bash /pbm/src/tools/platforms/platform_windows.sh --inside "$1"; }
wants tree && timed tree inside tree
wants tests && timed tests inside tests
wants shots && timed shots inside shots
linux_csvs() { # the same scenes' CSVs from the Linux programs in $linux_build/bin
  native_programs "$linux_build" && scene_csvs "$out/csv/linux" "$linux_build/bin"
}
compare_csvs() {
  python3 "$ROOT/tools/platforms/csv_digits.py" "$out/csv/linux" "$out/csv/windows" \
    --names Linux,Windows --markdown "$out/csv/compare.md"
}
if wants csv; then
  timed csv-windows inside csv
  timed csv-linux linux_csvs
  timed csv-compare compare_csvs
  sed -n '/^| CSV/,$p' "$out/csv/compare.md"
fi
tests="$(grep -E '^tests under Wine:' "$log" | tail -n 1 | sed 's/^tests under Wine: //' || true)"
csvs="$(tail -n 1 "$out/csv/compare.md" 2>/dev/null || true)"
found="$(grep -E '^-- pbm: found ' "$log" | tail -n 1 | sed -E 's/.*pbm: found //' || true)"
echo "platform windows ($(in_chroot x86_64-w64-mingw32-g++-posix --version | head -n 1)," \
  "$(in_chroot wine --version 2>/dev/null)): ok; stages:${passed:- none};" \
  "warnings-as-errors $(grep -c -E 'error: .*\[-Werror' "$log" || true);" \
  "tests under Wine: ${tests:-not run}; screenshots $(find "$out/shots" -name '*.png' 2>/dev/null | wc -l);" \
  "CSVs against Linux: ${csvs:-not compared}; found: ${found:-?}"

