# pbm run and pbm shots: a chapter program in a window, or without a display
# a screenshot under Xvfb and a headless summary (only the summary in a build
# without the window, PBM_VIEWER=0).
# Sourced by ./pbm (the driver); uses its ROOT, BUILD, JOBS, say and die.

# Runs the chapter program in the caller's directory, so relative file names
# in ARGS (--csv out.csv) land where the caller expects.
run_in_caller_dir() {
  (cd -- "$ORIG_PWD" && "$@")
}

# True where a chapter program can open its window: an X display, or macOS or
# Windows (MSYS2, Git Bash, Cygwin), which have their desktop and no Xvfb
# (common/include/pbm/app/display.h).
desktop_here() {
  [[ -n ${DISPLAY:-} ]] && return 0
  case "$(uname -s)" in
  Darwin | MINGW* | MSYS* | CYGWIN*) return 0 ;;
  esac
  return 1
}

cmd_run() {
  # --exercises LIST and --exercises-dir DIR are the driver's (anywhere before
  # a lone --); the other arguments go to the program.
  take_exercise_options "$@"
  set -- ${PBM_REST[@]+"${PBM_REST[@]}"}
  (($#)) || die 2 "usage: ./pbm run NN [--exercises LIST] [args]; chapters: $(chapter_list_text)"
  local NN TOPIC
  resolve_chapter "$1"
  shift
  ensure_deps
  ensure_configured
  local name="ch${NN}_$TOPIC"
  require_target "$name"
  build_targets "$name"
  note_exercises "$NN" run
  local exe="$BUILD/bin/$name" windowless=0 a
  for a in "$@"; do
    case "$a" in
    --headless | --list-scenes | --help | -h | --screenshot | --screenshot=*) windowless=1 ;;
    esac
  done
  if ((windowless)) || { window_built && desktop_here; }; then
    cd -- "$ORIG_PWD"
    exec "$exe" "$@"
  fi

  local shot="$ROOT/shots/$name.png" tmp status=0 hstatus=0
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/pbm-run.XXXXXX")"
  if ! window_built; then
    say "this build has no window ($(cache_get PBM_NO_WINDOW_WHY)): instead, a headless run"
  else
    say "no display (\$DISPLAY is empty): instead, a screenshot under Xvfb into $(rel "$shot") and a headless run"
    mkdir -p "$ROOT/shots"
    # The programs' own output is shown only when they fail (SFML talks under Xvfb).
    run_in_caller_dir xvfb-run -a "$exe" "$@" --screenshot "$shot" --frames "$FRAMES" \
      >"$tmp/shot.log" 2>&1 || status=$?
    if ((status == 0)); then
      say "screenshot: $(rel "$shot")"
    else
      cat "$tmp/shot.log" >&2
      if ((status == 2)); then # a usage error: the headless run would say the same
        rm -rf "$tmp"
        exit 2
      fi
      say "the screenshot failed (exit status $status)"
    fi
  fi
  run_in_caller_dir "$exe" "$@" --headless --csv "$tmp/run.csv" 2>"$tmp/run.log" || hstatus=$?
  ((hstatus == 0)) || cat "$tmp/run.log" >&2
  if [[ -s $tmp/run.csv ]]; then
    awk -F, -v status="$hstatus" '
      NR == 1 { header = $0; next }
      NR == 2 { first = $0 }
      { last = $0; rows++ }
      END {
        printf "pbm: headless run: %d rows%s, columns %s\n", rows,
          (status == 0 ? "" : " (stopped, exit status " status ")"), header
        if (rows > 0) { printf "  first: %s\n  last:  %s\n", first, last }
      }' "$tmp/run.csv" >&2
  fi
  rm -rf "$tmp"
  local shown=""
  (($#)) && shown=" $*"
  say "the whole CSV: ./pbm run $NN$shown --headless --csv out.csv"
  ((status != 0)) && exit "$status"
  exit "$hstatus"
}


cmd_shots() {
  (($# == 0)) || die 2 "shots takes no arguments"
  ensure_deps
  ensure_configured
  window_built || die 1 "shots: this build has no window ($(cache_get PBM_NO_WINDOW_WHY))"
  local n t targets=() entries=()
  while read -r n t; do
    if has_target "ch${n}_$t"; then
      targets+=("ch${n}_$t")
      entries+=("$n $t")
    else
      say "chapter $n: not configured, no screenshot"
    fi
  done < <(chapters)
  ((${#targets[@]})) || die 1 "no chapter is configured"
  mkdir -p "$ROOT/shots"
  local -a xvfb=() failed=()
  desktop_here || xvfb=(xvfb-run -a)
  local entry shot name log
  log="$(mktemp "${TMPDIR:-/tmp}/pbm-shot.XXXXXX")"
  for entry in ${entries[@]+"${entries[@]}"}; do
    n="${entry%% *}"
    t="${entry#* }"
    name="ch${n}_$t"
    shot="$ROOT/shots/$name.png"
    rm -f "$shot"
    # One chapter at a time, so one that does not build leaves the others.
    if ! (build_targets "$name"); then
      say "chapter $n: does not build, no screenshot"
      failed+=("$n")
    elif ${xvfb[@]+"${xvfb[@]}"} "$BUILD/bin/$name" --screenshot "$shot" --frames "$FRAMES" >"$log" 2>&1 &&
      [[ -s $shot ]]; then
      say "chapter $n: $(rel "$shot")"
    else
      cat "$log" >&2 # the program's own words, shown only when it fails
      say "chapter $n: the screenshot failed"
      failed+=("$n")
    fi
  done
  rm -f "$log"
  ((${#failed[@]} == 0)) || die 1 "screenshots failed for chapter(s): ${failed[*]:-}"
}
