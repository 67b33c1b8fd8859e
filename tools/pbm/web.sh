# pbm: the web edition (issue 37): the same sources built with the
# platform's emscripten into build/web-node/, the tests and the headless
# programs run under node (`./pbm test --web`).
# Sourced by ./pbm (the driver); uses its ROOT, BUILD, say and die.

PBM_WEB=0
# What the web build needs beside the native one's compilers and libraries
# (Debian: node-acorn is the parser emscripten's JavaScript optimizer loads;
# googletest, the sources cmake/PbmWeb.cmake compiles).
WEB_PACKAGES=(emscripten nodejs node-acorn googletest)

# Takes --web out of "$@" into PBM_WEB; the rest goes to PBM_REST.
take_web_option() {
  PBM_REST=()
  local a
  for a in "$@"; do
    if [[ $a == --web ]]; then PBM_WEB=1; else PBM_REST+=("$a"); fi
  done
}

# Points this command at the web build tree: no window and no benchmarks
# there (cmake/PbmWeb.cmake), its own cache of --exercises.
use_web_build() {
  BUILD="${PBM_WEB_BUILD_DIR:-$ROOT/build/web-node}"
  export PBM_VIEWER=0 PBM_BENCHMARKS=0
}

# The CMake toolchain file of the emscripten installed (Debian's, Homebrew's
# or an emsdk's, from its em-config).
web_toolchain() {
  local root
  root="$(em-config EMSCRIPTEN_ROOT 2>/dev/null || true)"
  [[ -n $root ]] || root=/usr/share/emscripten
  local file="$root/cmake/Modules/Platform/Emscripten.cmake"
  [[ -f $file ]] || die 1 "no emscripten toolchain file at $file: apt-get install emscripten (or brew install emscripten)"
  printf '%s' "$file"
}
