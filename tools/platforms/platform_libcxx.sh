#!/usr/bin/env bash
# macOS's C++ library, proven on Linux (issue 29, item 4):
# `tools/platforms/check_platforms.sh bookworm --compiler clang --stdlib libc++` runs
# this. A Mac's compiler is Apple Clang 15-16 with libc++; in a Debian 12 chroot
# made from this machine's apt mirror it
#   1. installs clang-16 with libc++-16-dev and libc++abi-16-dev, CMake, Xvfb,
#      and the C libraries SFML draws on (FreeType, X11, Xrandr, udev, OpenGL:
#      Debian's own -dev packages, no C++ in their interfaces) and the
#      header-only Eigen and CLI11;
#   2. builds the C++ libraries the tests and programs link from Debian's
#      source packages (`apt-get source`, the release's versions) with
#      clang-16 -stdlib=libc++ into a prefix kept in the chroot: SFML 2.5.1
#      (graphics, window, system; shared) and GoogleTest 1.12.1 (static), and
#      unpacks Dear ImGui 1.86's source, which the tree compiles itself
#      (PBM_IMGUI_DIR). Debian's libsfml-dev, libgtest-dev and libimgui-dev
#      are libstdc++ builds and are never installed. No benchmarks
#      (PBM_BENCHMARKS=0): Google Benchmark, Boost, Bullet and ODE serve them
#      only;
#   3. builds the whole tree with -Werror (`./pbm test` with PBM_DEPS=0, CXX,
#      CXXFLAGS and LDFLAGS saying clang-16 -stdlib=libc++, CMAKE_PREFIX_PATH
#      the prefix) and runs every test;
#   4. checks with ldd that the test programs and chapter programs load
#      libc++.so.1 and not libstdc++.so.6 (SFML's libraries included);
#   5. takes the screenshots (`./pbm shots`, tools/check_png.py);
#   6. writes every scene's default CSV and their fingerprints
#      (tools/platforms/csv_fingerprint.py), and with --compare FILE.json compares them
#      with a libstdc++ build's record (csv_fingerprint.py --compare).
#
#   tools/platforms/check_platforms.sh bookworm --compiler clang --stdlib libc++ [--no-shots]
#                            [--compare FILE.json] [--shell]
#
# Kept between runs, outside the repository: the chroot
# $PBM_CACHE_DIR/bookworm-libcxx (default /var/cache/pbm-platforms), holding
# the prefix /opt/pbm-libcxx (each library built once), the downloaded sources
# and ccache; a second run skips stages 1-2. The build tree is made anew each
# run, so every warning is seen. Left in build/platforms/bookworm-clang-libcxx/:
# the screenshots, csv/ (every scene's CSV) and fingerprints.json; the log is
# build/platforms/bookworm-clang-libcxx.log. The last line is
# "platform bookworm clang (...) libc++: ok; ...; stdlib libc++ (ldd)".
# Exit 0 when all passed, 5 when the chroot could not be made (no mirror),
# else 1.
set -euo pipefail

# --- inside the chroot ----------------------------------------------------------
if [[ ${1:-} == --inside ]]; then
  stage="$2"
  PREFIX=/opt/pbm-libcxx
  JOBS="${PBM_JOBS:-2}"
  export DEBIAN_FRONTEND=noninteractive CCACHE_DIR=/root/.ccache
  # The toolchain, for the libraries and the tree alike: CMake reads CXX,
  # CXXFLAGS and LDFLAGS when a build tree is first configured. libc++'s
  # libc++.so links libc++abi itself (a linker script), so -stdlib=libc++ is
  # all the linker needs.
  export CC=clang-16 CXX=clang++-16 CXXFLAGS="-stdlib=libc++" LDFLAGS="-stdlib=libc++"
  source_of() { # source_of PACKAGE: the release's upstream source, unpacked once; prints the folder
    # The .orig tarball of Debian's source package, without Debian's patches
    # (as tools/platforms/platform_windows.sh does).
    local dir="/pbm/sources/$1" tarball
    if [[ ! -f $dir/.unpacked ]]; then
      rm -rf "$dir" && mkdir -p "$dir/src" "$dir/dl"
      (cd "$dir/dl" && apt-get source --download-only -q "$1" >/dev/null 2>&1) || true
      tarball="$(find "$dir/dl" -name '*.orig.tar.*' ! -name '*.orig-*' ! -name '*.asc' | head -n 1)"
      [[ -n $tarball ]] || {
        echo "apt-get source $1: its upstream tarball is not on the mirror" >&2
        return 1
      }
      tar -C "$dir/src" --strip-components=1 -xf "$tarball"
      touch "$dir/.unpacked"
    fi
    echo "$dir/src"
  }
  library() { # library NAME PACKAGE CMAKE-ARGS...: built once into the prefix
    local name="$1" pkg="$2" src bld="/pbm/deps-build/$1"
    shift 2
    [[ -f $PREFIX/.built/$name ]] && return 0
    src="$(source_of "$pkg")"
    echo "== $name from $(cd "$src/../dl" && ls -- *.orig.tar.*)"
    rm -rf "$bld"
    cmake -S "$src" -B "$bld" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_INSTALL_PREFIX="$PREFIX" -DCMAKE_PREFIX_PATH="$PREFIX" \
      -DCMAKE_C_COMPILER_LAUNCHER=ccache -DCMAKE_CXX_COMPILER_LAUNCHER=ccache "$@"
    cmake --build "$bld" -j "$JOBS"
    cmake --install "$bld"
    mkdir -p "$PREFIX/.built" && (cd "$src/../dl" && ls -- *.orig.tar.*) >"$PREFIX/.built/$name"
  }
  libcxx_only() { # libcxx_only FILE...: each loads libc++ and not libstdc++
    # ldd's list read whole first: `ldd | grep -q` under pipefail fails when
    # grep stops reading early, which would hide a libstdc++ that is there.
    local f libs bad=0
    for f in "$@"; do
      libs="$(ldd "$f")"
      if [[ $libs == *libstdc++* ]]; then
        echo "$f loads libstdc++:" && grep -E 'libstdc|libc\+\+' <<<"$libs"
        bad=1
      elif [[ $libs != *libc++.so.1* ]]; then
        echo "$f does not load libc++.so.1" && bad=1
      fi
    done
    ((bad == 0)) || return 1
    echo "ldd: $# programs load libc++.so.1 and none libstdc++.so.6"
    ldd "$1" | grep -E 'libc\+\+|libsfml-system'
  }
  cd /pbm/src
  export PBM_BUILD_DIR=/pbm/build PBM_DEPS=0 PBM_WERROR=1 PBM_BENCHMARKS=0 \
    CMAKE_PREFIX_PATH="$PREFIX" PBM_IMGUI_DIR="$PREFIX/imgui"
  case "$stage" in
  deps)
    library googletest googletest -DBUILD_GMOCK=OFF -DINSTALL_GTEST=ON
    # Debian's tarball (+dfsg) leaves out the stb_image headers SFML bundles;
    # Debian's libstb-dev has them (Debian's own build links them likewise).
    sfml_src="$(source_of libsfml)"
    if [[ ! -e $sfml_src/extlibs/headers/stb_image/stb_image.h ]]; then
      mkdir -p "$sfml_src/extlibs/headers/stb_image"
      ln -sf /usr/include/stb/stb_image.h /usr/include/stb/stb_image_write.h \
        "$sfml_src/extlibs/headers/stb_image/"
    fi
    library sfml libsfml -DSFML_BUILD_AUDIO=OFF -DSFML_BUILD_NETWORK=OFF \
      -DSFML_BUILD_EXAMPLES=OFF -DSFML_BUILD_DOC=OFF -DSFML_INSTALL_PKGCONFIG_FILES=OFF
    ln -sfn "$(source_of imgui)" "$PREFIX/imgui"
    ;;
  tests)
    # A new build tree each run, so every warning is seen; ccache keeps it quick.
    rm -rf "$PBM_BUILD_DIR"
    ./pbm test
    ;;
  ldd)
    libcxx_only "$PBM_BUILD_DIR"/bin/*
    ;;
  shots)
    rm -f shots/*.png
    ./pbm shots
    python3 tools/check_png.py shots/*.png
    ;;
  csv)
    # Every scene's default CSV, kept (to see what differs), and its fingerprint.
    rm -rf /pbm/out/csv
    python3 tools/platforms/csv_fingerprint.py --build "$PBM_BUILD_DIR" --out /pbm/out/fingerprints.json \
      --csv-dir /pbm/out/csv >/dev/null
    echo "$(find /pbm/out/csv -name '*.csv' | wc -l) CSVs, fingerprinted"
    ;;
  *) echo "unknown stage $stage" >&2 && exit 2 ;;
  esac
  exit 0
fi

# --- on the host ----------------------------------------------------------------
die() { # die MESSAGE [STATUS]
  printf 'check_platforms libc++: %s\n' "$1" >&2
  exit "${2:-1}"
}
say() { printf 'check_platforms libc++: %s\n' "$*" >&2; }

cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.."
ROOT="$PWD"
shots=1 shell=0 compare=""
while (($#)); do
  case "$1" in
  --no-shots) shots=0 && shift ;;
  --shell) shell=1 && shift ;;
  --compare)
    (($# >= 2)) || die "--compare needs a fingerprints file (tools/platforms/csv_fingerprint.py --out)" 2
    compare="$(realpath -- "$2")"
    shift 2
    ;;
  *) die "unknown option '$1' (see tools/platforms/check_platforms.sh --help)" 2 ;;
  esac
done
[[ $(id -u) -eq 0 ]] || die "needs root (debootstrap, chroot, mount)"

cache="${PBM_CACHE_DIR:-/var/cache/pbm-platforms}"
chroot_dir="$cache/bookworm-libcxx"
tag=bookworm-clang-libcxx
out="${PBM_BUILD_DIR:-$ROOT/build}/platforms/$tag"
log="$out.log"
mkdir -p "$out"
: >"$log"
# shellcheck source=tools/platforms/platform_common.sh
source "$ROOT/tools/platforms/platform_common.sh"
platform_name="bookworm clang libc++"
mirror="$(apt_mirror)"

# --- 1. the chroot and its packages, made once ------------------------------------
# No g++ and no Debian C++ library (-dev) package: what links C++ is built here.
packages="clang-16 libc++-16-dev libc++abi-16-dev cmake ninja-build ccache dpkg-dev
  xz-utils bzip2 ca-certificates pkgconf python3 xvfb xauth libgl1-mesa-dri
  libglx-mesa0 libeigen3-dev libcli11-dev libstb-dev libfreetype-dev libx11-dev
  libxrandr-dev libudev-dev libgl-dev"
make_chroot() {
  [[ -f $chroot_dir/.pbm-ready ]] && return 0
  command -v debootstrap >/dev/null 2>&1 || apt-get install -y -q debootstrap || return 5
  rm -rf "$chroot_dir" && mkdir -p "$chroot_dir"
  debootstrap --variant=minbase bookworm "$chroot_dir" "$mirror" || return 5
  echo 'Acquire::Check-Valid-Until "false";' >"$chroot_dir/etc/apt/apt.conf.d/99pbm-no-valid-until"
  touch "$chroot_dir/.pbm-ready"
}
install_packages() { # once per package list
  printf 'deb-src %s bookworm main\n' "$mirror" >"$chroot_dir/etc/apt/sources.list.d/pbm-src.list"
  { echo "$packages" | tr -s ' \n' '\n' | sed '/^$/d' | sort
    cat "$chroot_dir/etc/apt/sources.list.d/pbm-src.list"; } >"$chroot_dir/.pbm-want"
  cmp -s "$chroot_dir/.pbm-want" "$chroot_dir/.pbm-packages" && return 0
  in_chroot apt-get update -q || return 5
  # shellcheck disable=SC2086 # the package list, split on purpose
  in_chroot apt-get install -y -q --no-install-recommends $packages || return 5
  # `clang++` names clang-16 (Debian's clang package, not installed, would).
  in_chroot /bin/sh -c 'ln -sf clang++-16 /usr/bin/clang++ && ln -sf clang-16 /usr/bin/clang' || return 1
  cp "$chroot_dir/.pbm-want" "$chroot_dir/.pbm-packages"
}

# shellcheck source=tools/platforms/chroot_mounts.sh
source "$ROOT/tools/platforms/chroot_mounts.sh"
in_chroot() { # in_chroot COMMAND...: with a clean environment
  chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive PBM_JOBS="${PBM_JOBS:-$(nproc)}" "$@"
}
inside() { # inside STAGE: at nice 10, as every compile on a shared machine
  chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root \
    LANG=C.UTF-8 PBM_JOBS="${PBM_JOBS:-$(nproc)}" \
    nice -n 10 /bin/bash /pbm/src/tools/platforms/platform_libcxx.sh --inside "$1"
}

mkdir -p "$cache"
timed chroot make_chroot
mount_system
mount_in bind "$out" pbm/out
copy_sources
timed packages install_packages
if ((shell)); then
  in_chroot /bin/bash -c "cd /pbm/src && exec bash -i"
  exit $?
fi
timed deps inside deps
timed tests inside tests
timed ldd inside ldd
if ((shots)); then
  rm -f "$out"/*.png
  timed shots inside shots
  cp "$chroot_dir"/pbm/src/shots/*.png "$out/"
fi
timed csv inside csv
cp "$out/fingerprints.json" "$out.csv.json"
csvs="written (build/platforms/$tag.csv.json)"
if [[ -n $compare ]]; then
  python3 "$ROOT/tools/platforms/csv_fingerprint.py" --compare "$compare" --against "$out.csv.json" \
    >"$out/compare.txt" 2>&1 || true
  csvs="against ${compare##*/}: $(tail -n 1 "$out/compare.txt") (build/platforms/$tag/compare.txt)"
fi

tests="$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1 || true)"
found="$(grep -E 'pbm: found ' "$log" | tail -n 1 | sed -E 's/.*pbm: found //' || true)"
echo "platform bookworm clang ($(in_chroot clang++-16 --version | head -n 1)) libc++: ok;" \
  "stages:${passed:- none}; warnings-as-errors $(grep -c -E 'error: .*\[-Werror' "$log" || true);" \
  "tests: ${tests:-none run}; screenshots $(find "$out" -maxdepth 1 -name '*.png' | wc -l);" \
  "CSVs: $csvs; found: ${found:-?}; no benchmarks (PBM_BENCHMARKS=0);" \
  "stdlib libc++ (ldd: $(grep -oE '^ldd: [0-9]+ programs' "$log" | tail -n 1 | sed 's/^ldd: //') load libc++.so.1, none libstdc++)"
