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

# --- ./pbm web: the chapters' pages ----------------------------------------

# What the pages need beside WEB_PACKAGES: xz-utils unpacks ImGui's source
# package, python3-markdown renders the lessons.
WEB_PAGE_PACKAGES=(xz-utils python3-markdown)

# The python3 that has Debian's python3-markdown (the lessons' renderer): the
# one on PATH, or the system's when PATH's is another (pyenv, a venv).
web_python() {
  local p
  for p in python3 /usr/bin/python3; do
    if command -v "$p" >/dev/null 2>&1 && "$p" -c 'import markdown' 2>/dev/null; then
      printf '%s' "$p"
      return 0
    fi
  done
  die 1 "web: no python3 with the markdown module (apt-get install python3-markdown; pip install markdown elsewhere)"
}

web_usage() {
  cat <<'USAGE'
usage: ./pbm web [LIST] [--exercises LIST] [--exercises-dir DIR]
       ./pbm web --serve [PORT]
  Builds every chapter (or LIST's: 01,02 or 01 02) as a web page into
  build/web/: index.html and chNN_topic.html with its .js and .wasm, the
  same panel, scenes and keys as the window. --exercises: your own
  functions, as for run and test.
  --serve [PORT]   serves build/web/ on http://127.0.0.1:PORT/ (8000), building
                   it first when there is none; Ctrl-C stops it. A page opened
                   from the disk (file://) cannot load its program: serve it.
USAGE
}

# The source of the ImGui this Debian release packages, unpacked once into
# build/web-deps/imgui (the desktop links libimgui-dev's library, which is
# built for this machine, not for WebAssembly). apt-get source with a list of
# the release's deb-src of its own, so the system's apt settings stay as
# they are. Prints the folder.
web_imgui_source() {
  local deps="$ROOT/build/web-deps" dir="$ROOT/build/web-deps/imgui"
  if [[ -f $dir/imgui.cpp && -f $dir/backends/imgui_impl_opengl3.cpp ]]; then
    printf '%s' "$dir"
    return 0
  fi
  local suite mirror apt="$deps/apt"
  # shellcheck source=/dev/null
  suite="$(. /etc/os-release && printf '%s' "${VERSION_CODENAME:-}")"
  [[ -n $suite ]] || die 1 "web: cannot tell this system's Debian release (/etc/os-release) to fetch ImGui's source; give an ImGui release's folder as PBM_IMGUI_DIR"
  # The mirror the system's own lists name, else Debian's.
  mirror="$(grep -hoE '^(URIs:|deb) +https?://[^ ]+' /etc/apt/sources.list /etc/apt/sources.list.d/*.list \
    /etc/apt/sources.list.d/*.sources 2>/dev/null | grep -v security | head -n 1 | awk '{print $2}')"
  mirror="${mirror:-http://deb.debian.org/debian}"
  rm -rf "$apt" "$dir" && mkdir -p "$apt/parts" "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/dl" "$dir"
  printf 'deb-src %s %s main\n' "$mirror" "$suite" >"$apt/parts/pbm-src.list"
  local -a opts=(-o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$apt/parts"
    -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o "APT::Sandbox::User=root")
  say "fetching the source of $suite's imgui package (apt-get source, from $mirror)"
  apt-get "${opts[@]}" update -qq >&2 || die 1 "web: apt-get update of $mirror's $suite sources failed (is the mirror reachable?)"
  (cd "$apt/dl" && apt-get "${opts[@]}" source --download-only -qq imgui >&2) ||
    die 1 "web: apt-get source imgui failed: no imgui source package in $suite at $mirror"
  local tarball
  tarball="$(find "$apt/dl" -name 'imgui_*.orig.tar.*' ! -name '*.asc' | head -n 1)"
  [[ -n $tarball ]] || die 1 "web: apt-get source imgui brought no .orig tarball"
  tar -C "$dir" --strip-components=1 -xf "$tarball" || die 1 "web: could not unpack $tarball"
  printf '%s' "$dir"
}

cmd_web() {
  local port="" serve=0 list=""
  take_exercise_options "$@"
  set -- ${PBM_REST[@]+"${PBM_REST[@]}"}
  while (($#)); do
    case "$1" in
    --serve)
      serve=1
      if [[ ${2:-} =~ ^[0-9]+$ ]]; then port="$2" && shift; fi
      ;;
    -h | --help) web_usage && return 0 ;;
    -*) die 2 "web: unknown option '$1' (./pbm web --help)" ;;
    *) list="$list ${1//,/ }" ;;
    esac
    shift
  done
  local site="$ROOT/build/web"
  if ((serve)); then
    port="${port:-8000}"
    ((port >= 1 && port <= 65535)) || die 2 "web: --serve PORT must be 1 to 65535, not $port"
    [[ -n ${list// /} ]] && die 2 "web: --serve takes a port, not chapters (build them first: ./pbm web LIST)"
    [[ -f $site/index.html ]] || cmd_web_build ""
    python3 -c 'import socket, sys; socket.socket().bind(("127.0.0.1", int(sys.argv[1])))' "$port" 2>/dev/null ||
      die 1 "web: port $port on 127.0.0.1 is in use (another server?): ./pbm web --serve PORT with another"
    say "serving $(rel "$site")/ on http://127.0.0.1:$port/ (Ctrl-C stops it)"
    exec python3 -m http.server --bind 127.0.0.1 --directory "$site" "$port"
  fi
  cmd_web_build "$list"
}

# Builds LIST's pages (all when empty) into build/web/.
cmd_web_build() {
  local list="$1" n NN TOPIC
  local -a targets=() names=()
  PBM_WEB=1
  export PBM_WEB_PAGES=1 PBM_VIEWER=1 PBM_BENCHMARKS=0
  BUILD="${PBM_WEB_PAGES_BUILD_DIR:-$ROOT/build/web-build}"
  [[ -n ${list// /} ]] || list="$(chapters | awk '{print $1}' | tr '\n' ' ')"
  for n in $list; do
    resolve_chapter "$n"
    targets+=("ch${NN}_$TOPIC")
    names+=("${NN}_$TOPIC")
  done
  ensure_deps
  # An ImGui source folder of your own (PBM_IMGUI_DIR), else Debian's.
  PBM_IMGUI_DIR="${PBM_IMGUI_DIR:-$(web_imgui_source)}"
  export PBM_IMGUI_DIR
  ensure_configured
  build_targets ${targets[@]+"${targets[@]}"}
  "$(web_python)" "$ROOT/tools/web/pages.py" --bin "$BUILD/bin" --out "$ROOT/build/web" ${names[@]+"${names[@]}"} ||
    die 1 "web: writing the pages failed"
  say "pages: $(rel "$ROOT/build/web")/index.html; to open them: ./pbm web --serve"
}
