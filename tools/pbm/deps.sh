# pbm: the Debian packages: what is missing, installing it, and what to
# install where there is no apt (README.md, "Platforms").
# Sourced by ./pbm (the driver); uses its ROOT, BUILD, JOBS, say and die.

# (bash 3.2: no mapfile and no associative arrays; the installed packages are
# a space-framed string.)
missing_packages() {
  local status line p ok=" "
  local -a wanted=()
  while read -r p; do
    wanted+=("$p")
  done < <(required_packages)
  status="$(dpkg-query -W -f='${Package} ${Status}\n' ${wanted[@]+"${wanted[@]}"} 2>/dev/null || true)"
  while read -r line; do
    [[ $line == *" install ok installed" ]] && ok+="${line%% *} "
  done <<<"$status"
  for p in ${wanted[@]+"${wanted[@]}"}; do
    [[ $ok == *" $p "* ]] || printf '%s\n' "$p"
  done
}

# Where there is no apt (macOS, Windows, other Linux), what to install instead
# (README.md, "Platforms").
print_other_platforms() {
  cat >&2 <<'EOF2'
pbm: no apt-get here: install the libraries with your platform's packages, then ./pbm build
  macOS (Homebrew):  brew install cmake ninja pkg-config sfml eigen cli11 googletest google-benchmark boost
                     (Homebrew has no Dear ImGui: configure downloads a pinned release, or give
                      PBM_IMGUI_DIR=/path/to/imgui, a source folder)
  Windows (vcpkg):   vcpkg install --triplet x64-windows (reads vcpkg.json), then configure with
                     -DCMAKE_TOOLCHAIN_FILE=<vcpkg>/scripts/buildsystems/vcpkg.cmake
  MSYS2 (UCRT64):    pacman -S mingw-w64-ucrt-x86_64-{cmake,ninja,gcc,sfml,eigen3,cli11,gtest,benchmark,boost}
                     (no ImGui package: as on macOS)
EOF2
}

# The packages to check: without the window (PBM_VIEWER=0, or a build/
# configured so) neither the window's libraries nor Xvfb; without benchmarks
# (PBM_BENCHMARKS=0) neither Google Benchmark, Boost nor gnuplot; and no
# libimgui-dev when ImGui is compiled from a source folder (PBM_IMGUI_DIR).
required_packages() {
  local p viewer benchmarks
  viewer="$(viewer_wanted)"
  benchmarks="$(on_off "${PBM_BENCHMARKS:-1}")"
  for p in "${PACKAGES[@]}"; do
    case "$p" in
    # (The web pages' window is the browser's: no SFML, no Xvfb.)
    libsfml-dev | xvfb | xauth) [[ $viewer == ON && ${PBM_WEB_PAGES:-0} == 0 ]] || continue ;;
    libimgui-dev) [[ $viewer == ON && -z ${PBM_IMGUI_DIR:-} ]] || continue ;;
    libbenchmark-dev | libboost-dev | gnuplot-nox) [[ $benchmarks == ON ]] || continue ;;
    esac
    printf '%s\n' "$p"
  done
  if ((PBM_WEB)); then printf '%s\n' "${WEB_PACKAGES[@]}"; fi
  if ((${PBM_WEB_PAGES:-0})); then printf '%s\n' "${WEB_PAGE_PACKAGES[@]}"; fi
}

ensure_deps() {
  # PBM_DEPS=0: the libraries come from elsewhere, not from Debian's packages
  # (tools/platforms/platform_libcxx.sh builds SFML and GoogleTest against libc++ into a
  # prefix): Debian's libstdc++ builds of them must not be installed beside.
  [[ ${PBM_DEPS:-1} == 0 ]] && return 0
  if ! command -v dpkg-query >/dev/null 2>&1 || ! command -v apt-get >/dev/null 2>&1; then
    if [[ ${1:-} == verbose ]]; then
      print_other_platforms
      die 1 "deps: not a Debian or Ubuntu system; install the packages listed above yourself"
    fi
    return 0
  fi
  local missing
  missing="$(missing_packages | tr '\n' ' ')"
  missing="${missing% }"
  if [[ -z $missing ]]; then
    [[ ${1:-} == verbose ]] && say "all $(required_packages | wc -l) packages are installed"
    return 0
  fi
  local -a sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    command -v sudo >/dev/null 2>&1 || die 1 "need root to install: apt-get install $missing"
    sudo=(sudo)
  fi
  say "installing missing packages: $missing"
  local -a words
  read -r -a words <<<"$missing"
  ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 ||
    die 1 "apt-get update failed"
  ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
    --no-install-recommends ${words[@]+"${words[@]}"} >&2 ||
    die 1 "apt-get install failed for: $missing"
  missing="$(missing_packages | tr '\n' ' ')"
  [[ -z ${missing// /} ]] || die 1 "still missing after apt-get: ${missing% }"
  say "installed: ${words[*]:-}"
}


# Installs the comparison packages of the chapters in "$@" ("NN topic" each)
# when they are missing; best effort: without them the benchmarks run alone.
# Returns 0 when something was installed (cmake must look again).
ensure_bench_packages() {
  command -v dpkg-query >/dev/null 2>&1 || return 1
  local entry p missing=()
  for entry in "$@"; do
    for p in $(bench_packages "${entry%% *}"); do
      dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
        missing+=("$p")
    done
  done
  ((${#missing[@]})) || return 1
  local -a sudo=()
  if [[ $(id -u) -ne 0 ]]; then
    if ! command -v sudo >/dev/null 2>&1; then
      say "the benchmarks run without their comparisons (need root to install: ${missing[*]:-})"
      return 1
    fi
    sudo=(sudo)
  fi
  say "installing the benchmarks' comparison packages: ${missing[*]:-}"
  if ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get update -qq >&2 &&
    ${sudo[@]+"${sudo[@]}"} env DEBIAN_FRONTEND=noninteractive apt-get install -y -q \
      --no-install-recommends ${missing[@]+"${missing[@]}"} >&2; then
    return 0
  fi
  say "could not install ${missing[*]:-}: the benchmarks run without those comparisons"
  return 1
}
