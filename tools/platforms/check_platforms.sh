#!/usr/bin/env bash
# Builds and tests the workbook on another Debian release, in a debootstrap
# chroot made from this machine's own apt mirror (README.md, "Platforms"):
# installs what `./pbm deps` installs, builds with PBM_WERROR=1, runs
# `./pbm test` and `./pbm shots` and checks the PNGs.
#
#   tools/platforms/check_platforms.sh [OPTIONS] RELEASE      RELEASE: bookworm (12), trixie (13), sid
#   tools/platforms/check_platforms.sh windows [--stages LIST]  MinGW-w64 and Wine in a sid chroot
#                            (tools/platforms/platform_windows.sh says what it does)
#   tools/platforms/check_platforms.sh web [--stages LIST]      emscripten and node, here: the tests
#                            under node, every scene's CSV against the native one
#                            (tools/platforms/platform_web.sh says what it does)
#     --compiler gcc|clang   the compiler (default gcc; clang installs the release's clang)
#     --stdlib libc++        bookworm with clang only: macOS's C++ library, clang-16 with
#                            libc++, SFML and GoogleTest built against it from Debian's
#                            source packages, no benchmarks (tools/platforms/platform_libcxx.sh
#                            says what it does; --compare FILE.json compares its CSVs'
#                            fingerprints with a libstdc++ build's)
#     --no-shots             skip the screenshots
#     --no-bench             build only what the tests and programs need (every
#                            library, scene, test and program; no benchmarks:
#                            PBM_BENCHMARKS=0)
#     --no-viewer            the build without the window (PBM_VIEWER=0: no SFML, ImGui,
#                            Xvfb, no screenshots), in a chroot of its own (RELEASE-noviewer)
#                            that never had them: ./pbm test must pass and leave
#                            libsfml-dev and libimgui-dev uninstalled
#     --imgui-source         remove libimgui-dev and compile ImGui from the source folder
#                            Debian's source package unpacks (PBM_IMGUI_DIR)
#     --shell                open a shell in the chroot instead (debugging)
#
# Needs root (debootstrap, chroot, mount). The chroot is kept under
# $PBM_CHROOT_DIR (default build/chroots/RELEASE) with its packages and its
# ccache, so a second run skips debootstrap and compiles little; the build
# tree itself is made anew each run, so every warning is seen. The last line
# is "platform RELEASE COMPILER: ..." with the test count, the screenshots and
# the library versions CMake found; the PNGs are copied to
# build/platforms/RELEASE-COMPILER/ and the fingerprints of every scene's default
# CSV (tools/platforms/csv_fingerprint.py) to build/platforms/RELEASE-COMPILER.csv.json.
# Exit 0 when all passed; 5 when the platform could not be set up (debootstrap
# or the chroot's apt-get update failed: no mirror reachable), so a caller can
# tell "this machine cannot make the chroot" from "the workbook failed there".
set -euo pipefail
ORIG_PWD="$PWD" # --compare FILE is read from where the script was run
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.."
ROOT="$PWD"
if [[ ${1:-} == windows ]]; then
  shift
  exec bash "$ROOT/tools/platforms/platform_windows.sh" "$@"
fi
if [[ ${1:-} == web ]]; then
  shift
  exec bash "$ROOT/tools/platforms/platform_web.sh" "$@"
fi

die() { # die MESSAGE [STATUS]
  printf 'check_platforms: %s\n' "$1" >&2
  exit "${2:-1}"
}
say() { printf 'check_platforms: %s\n' "$*" >&2; }

compiler=gcc shots=1 bench=1 imgui_source=0 shell=0 release="" stdlib="" compare="" viewer=1
while (($#)); do
  case "$1" in
  --compiler)
    (($# >= 2)) || die "--compiler needs gcc or clang" 2
    compiler="$2"
    shift 2
    ;;
  --stdlib)
    (($# >= 2)) || die "--stdlib needs libc++ (libstdc++ is the default)" 2
    stdlib="$2"
    shift 2
    ;;
  --compare)
    (($# >= 2)) || die "--compare needs a fingerprints file (tools/platforms/csv_fingerprint.py --out)" 2
    compare="$2"
    [[ $compare == /* ]] || compare="$ORIG_PWD/$compare"
    shift 2
    ;;
  --no-shots) shots=0 && shift ;;
  --no-bench) bench=0 && shift ;;
  --no-viewer) viewer=0 shots=0 && shift ;;
  --imgui-source) imgui_source=1 && shift ;;
  --shell) shell=1 && shift ;;
  -h | --help)
    awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"
    exit 0
    ;;
  -*) die "unknown option '$1' (see --help)" 2 ;;
  *)
    [[ -z $release ]] || die "one release at a time (got '$release' and '$1')" 2
    release="$1"
    shift
    ;;
  esac
done
case "$release" in
12 | bookworm) release=bookworm ;;
13 | trixie) release=trixie ;;
sid | unstable) release=sid ;;
"") die "which release? bookworm (12), trixie (13) or sid" 2 ;;
*) die "unknown release '$release' (bookworm, trixie, sid)" 2 ;;
esac
case "$compiler" in
gcc) cxx=g++ extra_packages="" ;;
clang) cxx=clang++ extra_packages="clang" ;;
*) die "unknown compiler '$compiler' (gcc or clang)" 2 ;;
esac
case "$stdlib" in
"" | libstdc++) [[ -z $compare ]] || die "--compare goes with --stdlib libc++" 2 ;;
libc++)
  [[ $release == bookworm && $compiler == clang ]] ||
    die "--stdlib libc++ is for bookworm with --compiler clang only (clang-16, libc++-16)" 2
  args=()
  ((shots)) || args+=(--no-shots)
  ((shell)) && args+=(--shell)
  [[ -n $compare ]] && args+=(--compare "$compare")
  exec bash "$ROOT/tools/platforms/platform_libcxx.sh" ${args[@]+"${args[@]}"}
  ;;
*) die "unknown --stdlib '$stdlib' (libc++; libstdc++ is the default)" 2 ;;
esac
[[ $(id -u) -eq 0 ]] || die "needs root (debootstrap, chroot, mount)"

build_root="${PBM_BUILD_DIR:-$ROOT/build}"
chroot_dir="${PBM_CHROOT_DIR:-$build_root/chroots}/$release$( ((viewer)) || echo -noviewer)"
# shellcheck source=tools/platforms/platform_common.sh
source "$ROOT/tools/platforms/platform_common.sh"
mirror="$(apt_mirror)"

# --- the chroot, made once --------------------------------------------------
if [[ ! -f $chroot_dir/.pbm-ready ]]; then
  command -v debootstrap >/dev/null 2>&1 ||
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -q debootstrap >/dev/null; } ||
    die "could not install debootstrap" 5
  say "debootstrap $release from $mirror into $chroot_dir (a few minutes, once)"
  rm -rf "$chroot_dir"
  mkdir -p "$chroot_dir"
  debootstrap --variant=minbase "$release" "$chroot_dir" "$mirror" >"$chroot_dir.debootstrap.log" 2>&1 ||
    die "debootstrap failed (see $chroot_dir.debootstrap.log)" 5
  # sid's Release file on a mirror snapshot may be past its Valid-Until date.
  echo 'Acquire::Check-Valid-Until "false";' >"$chroot_dir/etc/apt/apt.conf.d/99pbm-no-valid-until"
  printf 'deb-src %s %s main\n' "$mirror" "$release" >"$chroot_dir/etc/apt/sources.list.d/pbm-src.list"
  touch "$chroot_dir/.pbm-ready"
fi
# shellcheck source=tools/platforms/chroot_mounts.sh
source "$ROOT/tools/platforms/chroot_mounts.sh"
mount_system

# --- the repository's files, copied in (build trees stay between runs) ------
src="$chroot_dir/pbm/src"
copy_sources || die "could not copy the repository into the chroot"

if ((shell)); then
  chroot "$chroot_dir" /bin/bash -c "cd /pbm/src && exec bash -i"
  exit $?
fi

# --- inside: deps, build, test, shots -----------------------------------------
tag="$release-$compiler$([[ $imgui_source == 1 ]] && echo -imgui-source || true)$( ((viewer)) || echo -noviewer)"
log="$build_root/platforms/$tag.log"
mkdir -p "$build_root/platforms/$tag"
rm -f "$build_root/platforms/$tag"/*.png
say "building in the $release chroot with $compiler (log: ${log#"$ROOT"/})"
status=0
chroot "$chroot_dir" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 \
  CXX="$cxx" PBM_WERROR=1 PBM_JOBS="${PBM_JOBS:-$(nproc)}" PBM_BUILD_DIR="/pbm/build-$tag" \
  EXTRA="$extra_packages" SHOTS="$shots" BENCH="$bench" PBM_BENCHMARKS="$bench" \
  IMGUI_SOURCE="$imgui_source" PBM_VIEWER="$viewer" /bin/bash -c '
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
cd /pbm/src
# A fresh build tree every run, so every warning is seen again; ccache (in the
# chroot, kept) makes the second run cheap.
rm -rf "$PBM_BUILD_DIR"
apt-get update -qq || { echo "apt-get update failed in the chroot: is the mirror reachable?"; exit 5; }
apt-get install -y -q --no-install-recommends ca-certificates $EXTRA >/dev/null
if ((IMGUI_SOURCE)); then
  # The ImGui source of the release'"'"'s own Debian source package, unpacked.
  apt-get remove -y -q libimgui-dev >/dev/null 2>&1 || true
  apt-get install -y -q --no-install-recommends xz-utils >/dev/null # the .orig.tar.xz
  if [[ ! -f /pbm/imgui-src/imgui.cpp ]]; then
    rm -rf /pbm/imgui-dl /pbm/imgui-src && mkdir -p /pbm/imgui-dl /pbm/imgui-src
    (cd /pbm/imgui-dl && apt-get source --download-only imgui >/dev/null)
    tar -C /pbm/imgui-src --strip-components=1 -xf /pbm/imgui-dl/imgui_*.orig.tar.*
  fi
  export PBM_IMGUI_DIR=/pbm/imgui-src
fi
./pbm deps
dpkg -s libimgui-dev >/dev/null 2>&1 && ((IMGUI_SOURCE)) && { echo "libimgui-dev is still installed"; exit 1; }
if ((BENCH)); then ./pbm build --exercises none; fi
./pbm test
if ((!PBM_VIEWER)); then
  # The window'"'"'s libraries were never installed, and a program says it has none.
  for p in libsfml-dev libimgui-dev xvfb; do
    ! dpkg -s "$p" >/dev/null 2>&1 || { echo "PBM_VIEWER=0 installed $p"; exit 1; }
  done
  out="$(./pbm run 01 2>&1)"
  printf "%s\n" "$out"
  grep -q "this build has no window" <<<"$out" ||
    { echo "./pbm run 01 did not say the build has no window"; exit 1; }
fi
# Every scene'"'"'s default headless CSV, fingerprinted: two compilers on one release
# should agree (.ci/run compares sid'"'"'s GCC and Clang records).
python3 tools/platforms/csv_fingerprint.py --build "$PBM_BUILD_DIR" --out "$PBM_BUILD_DIR/csv-fingerprint.json" >/dev/null
if ((SHOTS)); then
  ./pbm shots
  python3 tools/check_png.py shots/*.png
fi
' >"$log" 2>&1 || status=$?

# --- the verdict ------------------------------------------------------------------
cp "$src"/shots/*.png "$build_root/platforms/$tag/" 2>/dev/null || true
rm -f "$build_root/platforms/$tag.csv.json"
cp "$chroot_dir/pbm/build-$tag/csv-fingerprint.json" "$build_root/platforms/$tag.csv.json" 2>/dev/null || true
tests="$(grep -E '^[0-9]+% tests passed, [0-9]+ tests? failed out of [0-9]+' "$log" | tail -n 1 || true)"
versions="$(grep -E 'pbm: found ' "$log" | tail -n 1 | sed -E 's/.*pbm: found //' || true)"
compiler_version="$(chroot "$chroot_dir" "$cxx" --version 2>/dev/null | head -n 1 || true)"
werrors="$(grep -c -E 'error: .*\[-Werror' "$log" || true)"
nshots="$(find "$build_root/platforms/$tag" -name '*.png' | wc -l)"
if ((status != 0)); then
  tail -n 40 "$log" >&2
  say "the $release $compiler run failed (full log: ${log#"$ROOT"/})"
fi
verdict=FAILED
((status == 0)) && verdict=ok
((status == 5)) && verdict="UNAVAILABLE (the chroot could not install packages)"
echo "platform $release $compiler ($compiler_version): $verdict;" \
  "warnings-as-errors $werrors; tests: ${tests:-none run}; screenshots $nshots;" \
  "found: ${versions:-?}"
exit "$status"
