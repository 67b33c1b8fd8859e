# pbm: configuring build/ (the --exercises options, cached) and building
# only the targets a command needs.
# Sourced by ./pbm (the driver); uses its ROOT, BUILD, JOBS, say and die.

cache_get() {
  sed -n "s/^$1:[A-Z]*=//p" "$BUILD/CMakeCache.txt" 2>/dev/null | head -n 1
}

on_off() {
  case "$1" in
  1 | [Oo][Nn] | [Yy][Ee][Ss] | [Tt][Rr][Uu][Ee] | [Yy]) echo ON ;;
  *) echo OFF ;;
  esac
}

# "all", or the chapter numbers two-digit and ;-separated ("" for none);
# exit 2 on anything that is not a chapter number.
canonical_exercises() {
  local raw="${1//[,; ]/ }" tok out=()
  for tok in $raw; do
    case "$tok" in
    all)
      echo all
      return 0
      ;;
    none) ;;
    *)
      [[ $tok =~ ^[0-9]+$ ]] ||
        die 2 "--exercises: '$tok' is not a chapter number (use e.g. 01, 01,02, +03, all or none)"
      out+=("$(printf '%02d' "$((10#$tok))")")
      ;;
    esac
  done
  ((${#out[@]})) || return 0
  printf '%s\n' ${out[@]+"${out[@]}"} | sort -u | paste -sd';' -
}

# The chapters as a comma list, for messages ("01,02"; "none" for none).
comma_list() {
  local ex="${1//;/,}"
  printf '%s' "${ex:-none}"
}

# The choice "+LIST" asks for, given the cached one ($1, canonical): LIST
# added to it. Any other LIST stands for itself.
requested_exercises() {
  if [[ $REQ_EXERCISES == +* ]]; then
    if [[ $1 == all ]]; then
      echo all
    else
      canonical_exercises "${1//;/,},${REQ_EXERCISES#+}"
    fi
  else
    canonical_exercises "$REQ_EXERCISES"
  fi
}

REQ_EXERCISES=""
REQ_EXERCISES_SET=0
REQ_DIR=""
PBM_REST=()

# Takes --exercises LIST and --exercises-dir DIR out of "$@" (build, test and
# run accept them anywhere) into REQ_*; the other arguments, in order, go to
# PBM_REST. A lone "--" ends the options: it and what follows are left alone.
take_exercise_options() {
  PBM_REST=()
  while (($#)); do
    case "$1" in
    --)
      PBM_REST+=("$@")
      break
      ;;
    --exercises)
      (($# >= 2)) || die 2 "--exercises needs a value: LIST (01 or 01,02), +LIST, all or none"
      REQ_EXERCISES="$2"
      REQ_EXERCISES_SET=1
      shift 2
      ;;
    --exercises=*)
      REQ_EXERCISES="${1#*=}"
      REQ_EXERCISES_SET=1
      shift
      ;;
    --exercises-dir)
      (($# >= 2)) || die 2 "--exercises-dir needs a directory"
      REQ_DIR="$2"
      shift 2
      ;;
    --exercises-dir=*)
      REQ_DIR="${1#*=}"
      shift
      ;;
    *)
      PBM_REST+=("$1")
      shift
      ;;
    esac
  done
  if ((REQ_EXERCISES_SET)); then
    # Checked before anything is built: exit 2 on a bad LIST.
    canonical_exercises "${REQ_EXERCISES#+}" >/dev/null
  fi
  if [[ -n $REQ_DIR ]]; then
    [[ $REQ_DIR == /* ]] || REQ_DIR="$ORIG_PWD/$REQ_DIR"
    [[ -d $REQ_DIR ]] || die 2 "--exercises-dir: no directory $REQ_DIR"
    REQ_DIR="$(cd -- "$REQ_DIR" && pwd)"
  fi
}

parse_build_options() {
  take_exercise_options "$@"
  ((${#PBM_REST[@]} == 0)) ||
    die 2 "build: unknown option '${PBM_REST[0]}' (accepted: --exercises LIST|+LIST|all|none, --exercises-dir DIR)"
}

# The chapter numbers `./pbm build --exercises LIST` builds, space-separated:
# those chosen after this command's LIST; nothing (build everything) when no
# --exercises was given or it was none or all. Call after ensure_configured.
listed_chapters() {
  ((REQ_EXERCISES_SET)) || return 0
  local ex
  ex="$(canonical_exercises "$(cache_get PBM_EXERCISES)")"
  [[ $ex == all ]] && return 0
  printf '%s\n' "${ex//;/ }"
}

# ON or OFF: the window wanted, PBM_VIEWER=0 or 1 when given, else the one
# build/ was configured with, else ON.
viewer_wanted() {
  if [[ -n ${PBM_VIEWER:-} ]]; then
    on_off "$PBM_VIEWER"
  else
    cached_viewer
  fi
}

# ON or OFF: what build/ was configured with (ON when it was not, or before
# the option existed).
cached_viewer() {
  local v
  v="$(cache_get PBM_VIEWER)"
  if [[ -z $v ]]; then echo ON; else on_off "$v"; fi
}

# Whether build/ has the window: PBM_VIEWER on and SFML and ImGui found.
window_built() {
  [[ $(on_off "$(cache_get PBM_WINDOW)") == ON ]]
}

is_configured() {
  [[ -f $BUILD/CMakeCache.txt && (-f $BUILD/build.ninja || -f $BUILD/Makefile) ]]
}

# Configures build/ when it is not configured or an option changes; options
# not given keep their cached values.
ensure_configured() {
  local cur_ex="" cur_dir="" cur_werror="OFF" cur_viewer="ON" want_ex want_dir want_werror want_viewer
  if [[ -f $BUILD/CMakeCache.txt ]]; then
    cur_ex="$(canonical_exercises "$(cache_get PBM_EXERCISES)")"
    cur_dir="$(cache_get PBM_EXERCISES_DIR)"
    cur_werror="$(on_off "$(cache_get PBM_WERROR)")"
    cur_viewer="$(cached_viewer)"
  fi
  want_ex="$cur_ex"
  want_dir="${cur_dir:-$ROOT/exercises}"
  if ((REQ_EXERCISES_SET)); then
    want_ex="$(requested_exercises "$cur_ex")"
    # A new LIST is read from exercises/; +LIST extends the current tree's.
    [[ $REQ_EXERCISES == +* ]] || want_dir="$ROOT/exercises"
  fi
  [[ -n $REQ_DIR ]] && want_dir="$REQ_DIR"
  want_werror="$cur_werror"
  [[ -n ${PBM_WERROR:-} ]] && want_werror="$(on_off "$PBM_WERROR")"
  want_viewer="$(viewer_wanted)"
  if [[ $want_ex != all && -n $want_ex ]]; then
    local n
    for n in ${want_ex//;/ }; do
      chapters | grep -q "^$n " || die 2 "--exercises: no chapter $n; chapters: $(chapter_list_text)"
    done
  fi

  if is_configured && [[ $want_ex == "$cur_ex" && $want_dir == "$cur_dir" &&
    $want_werror == "$cur_werror" && $want_viewer == "$cur_viewer" ]]; then
    return 0
  fi
  local -a gen=()
  [[ -f $BUILD/CMakeCache.txt ]] || gen=(-G Ninja)
  if ((PBM_WEB)); then
    # emscripten's compilers (cmake/PbmWeb.cmake puts ccache behind them).
    [[ -f $BUILD/CMakeCache.txt ]] || gen+=("-DCMAKE_TOOLCHAIN_FILE=$(web_toolchain)")
  elif [[ ! -f $BUILD/CMakeCache.txt ]] && command -v ccache >/dev/null 2>&1; then
    # ccache, when installed, makes rebuilds after a switch of --exercises cheap.
    gen+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  fi
  # The web pages instead of the tests under node (cmake/PbmWeb.cmake).
  ((${PBM_WEB_PAGES:-0})) && gen+=(-DPBM_WEB_PAGES=ON)
  # An ImGui source folder instead of a package (cmake/PbmDependencies.cmake).
  [[ -n ${PBM_IMGUI_DIR:-} ]] && gen+=("-DPBM_IMGUI_DIR=$PBM_IMGUI_DIR")
  # PBM_BENCHMARKS=0: no benchmark targets (tools/platforms/check_platforms.sh --no-bench).
  [[ -n ${PBM_BENCHMARKS:-} ]] && gen+=("-DPBM_BENCHMARKS=$PBM_BENCHMARKS")
  local what=""
  ((PBM_WEB == 0)) || what="emscripten, "
  say "configuring ${BUILD#"$ROOT"/}/ (${what}exercises: ${want_ex:-none}, werror: $want_werror, viewer: $want_viewer)"
  local log status=0
  log="$(mktemp "${TMPDIR:-/tmp}/pbm-configure.XXXXXX")"
  cmake -S "$ROOT" -B "$BUILD" ${gen[@]+"${gen[@]}"} \
    "-DPBM_EXERCISES=$want_ex" "-DPBM_EXERCISES_DIR=$want_dir" \
    "-DPBM_WERROR=$want_werror" "-DPBM_VIEWER=$want_viewer" >"$log" 2>&1 || status=$?
  if ((status == 0)); then
    grep -E '^-- pbm: (found|building without) ' "$log" | sed 's/^-- /pbm: /; s/^pbm: pbm: /pbm: /' >&2 || true
    rm -f "$log"
    return 0
  fi
  cat "$log" >&2
  # CMake wraps its error text: the one line of a missing dependency
  # (cmake/PbmDependencies.cmake) is the paragraph that starts "pbm: ".
  local line
  line="$(awk '/^  pbm: /{p=1} p&&(/^$/||/^Call Stack/){exit} p{sub(/^ +/, ""); printf "%s ", $0}' "$log")"
  [[ -n $line ]] || line="$(configure_error_line "$log")"
  rm -f "$log"
  line="${line% }"
  die 1 "${line#pbm: }"
}

# The one line for a CMake configure that failed, from its output ($1): the
# file and line of CMake's first error and, when that file holds a git
# conflict marker, that it does. A student who edited CMakeLists.txt and then
# pulled an update gets CMake's parse error of "<<<<<<<", which is neither the
# compiler's error nor self-explanatory.
configure_error_line() {
  local where file why="cmake's message is above"
  where="$(sed -n 's/^CMake Error at \([^ ]*:[0-9][0-9]*\).*/\1/p' "$1" | head -n 1)"
  where="${where%:}"
  if [[ -z $where ]]; then
    printf 'configure error (%s)' "$why"
    return 0
  fi
  where="${where#"$ROOT"/}"
  file="${where%:*}"
  [[ $file == /* ]] || file="$ROOT/$file"
  if grep -qE '^(<<<<<<<|>>>>>>>)( |$)' "$file" 2>/dev/null; then
    why="git left a conflict marker <<<<<<< in it"
    if [[ -f $ROOT/.pbm-edition ]]; then
      why="$why: see README.md, 'When git pull conflicts'"
    else
      why="$why: resolve the conflict (git status)"
    fi
  fi
  printf 'configure error in %s (%s)' "$where" "$why"
}

# Prints which tree each chapter's student functions come from, from CMake's
# own record of its choice (build/pbm_trees.tsv, cmake/PbmChapter.cmake): the
# chapters in $1 (space-separated numbers, the ones just built), or all.
report_trees() {
  local n t tree src note only="${1:-}"
  while read -r n t; do
    [[ -z $only || " $only " == *" $n "* ]] || continue
    if ! has_target "pbm_ch$n"; then
      say "chapter $n $t: not configured (cmake's warning says why)"
    elif IFS=$'\t' read -r _ _ tree src note < <(grep "^$n"$'\t' "$BUILD/pbm_trees.tsv" 2>/dev/null); then
      [[ $tree == exercises ]] && tree=" (exercises${note:+, $note})" || tree=""
      say "chapter $n $t: student functions from $(rel "$src")$tree"
    fi
  done < <(chapters)
  if [[ -n $only ]]; then
    say "built chapter(s) $(comma_list "${only// /;}") only (programs and tests); the others are built when you run or test them"
  fi
}

# The chapters that come from exercises now, with NN ($1) added: the LIST a
# message suggests, so that following it keeps the student's other chapters.
exercises_with() {
  local ex
  ex="$(canonical_exercises "$(cache_get PBM_EXERCISES)")"
  [[ $ex == all ]] && {
    echo all
    return 0
  }
  comma_list "$(canonical_exercises "${ex//;/,},$1")"
}

# Notes the chapters that are built from exercises (their tests may fail);
# for one chapter NN ($1) taken from solutions/, how to write it instead with
# the command $2 (test or run), keeping the other chapters chosen.
note_exercises() {
  local n t tree src note dir list
  [[ -f $BUILD/pbm_trees.tsv ]] || return 0
  dir="$(cache_get PBM_EXERCISES_DIR)"
  while IFS=$'\t' read -r n t tree src note; do
    [[ -n ${1:-} && $1 != "$n" ]] && continue
    if [[ $tree == exercises ]]; then
      say "note: chapter $n uses your exercises ($(rel "$src"))"
    elif [[ -n ${1:-} ]]; then
      # The whole list, to show it; +NN when the tree is not exercises/
      # (a new LIST would go back to exercises/).
      list="+$n"
      [[ $dir != "$ROOT/exercises" ]] || list="$(exercises_with "$n")"
      say "note: chapter $n uses the reference solutions/${n}_$t; to write it yourself: ./pbm ${2:-test} $n --exercises $list"
    fi
  done < <(tail -n +2 "$BUILD/pbm_trees.tsv")
}

# Builds the targets given (all when none), quiet when there is nothing to do.
build_targets() {
  local -a target=()
  local log status=0 line
  if (($#)); then target=(--target "$@"); fi
  log="$(mktemp "${TMPDIR:-/tmp}/pbm-build.XXXXXX")"
  cmake --build "$BUILD" -j "$JOBS" ${target[@]+"${target[@]}"} 2>&1 | tee "$log" |
    { grep --line-buffered -v -e '^\[0/[0-9]*\] Re-checking globbed directories' -e '^ninja: no work to do\.$' || true; } >&2 ||
    status=$?
  if ((status == 0)); then
    rm -f "$log"
    return 0
  fi
  # The build re-runs CMake after a CMakeLists.txt changed (a git pull): its
  # failure is a configure error, not the compiler's.
  line="build failed (the compiler's errors are above)"
  if grep -q '^CMake Error' "$log"; then line="$(configure_error_line "$log")"; fi
  rm -f "$log"
  die 1 "$line"
}

# Every executable but the measurements (chNN_bench, viewer_frametime), as
# targets for build_targets: what `./pbm test` needs. Nothing (so: build all)
# when build/ is not a Ninja tree.
targets_but_measurements() {
  [[ -f $BUILD/build.ninja ]] || return 0
  ninja -C "$BUILD" -t targets all 2>/dev/null |
    sed -n 's/^[^:]*: [A-Z]*_EXECUTABLE_LINKER__\(.*\)_[A-Za-z]*$/\1/p' |
    grep -v -e '_bench$' -e '^viewer_frametime$' || true
}

# Whether build/ has target $1 (a chapter CMake did not configure has none).
has_target() {
  [[ -f $BUILD/build.ninja ]] || return 0
  ninja -C "$BUILD" -t query "$1" >/dev/null 2>&1
}

# Exits when chapter NN is declared but CMake did not configure it.
require_target() {
  has_target "$1" ||
    die 1 "chapter $NN $TOPIC is not configured in $(rel "$BUILD")/ (cmake's warning says why: ./pbm build)"
}

rel() { printf '%s' "${1#"$ROOT"/}"; }
