# pbm grade and pbm autograder: tools/grading/grade.py, the class grader and the
# platforms' packages, with the driver's options checked first.
# Sourced by ./pbm (the driver); uses its ROOT, BUILD, JOBS, say and die.

cmd_grade() {
  local mode=per_chapter dir="" limit=20 class=""
  while (($#)); do
    case "$1" in
    --cumulative) mode=cumulative ;;
    --per-chapter) mode=per_chapter ;;
    --limit)
      (($# >= 2)) && [[ $2 =~ ^[0-9]+$ && $2 -ge 1 && $2 -le 3600 ]] ||
        die 2 "grade: --limit needs whole seconds per test, 1 to 3600"
      limit="$2"
      shift
      ;;
    --class)
      (($# >= 2)) || die 2 "grade: --class needs a folder holding one folder per student"
      class="$2"
      shift
      ;;
    -*) die 2 "grade: unknown option '$1' (accepted: --cumulative, --per-chapter, --limit S, --class DIR)" ;;
    *)
      [[ -z $dir ]] || die 2 "usage: ./pbm grade [--cumulative] [--limit S] [DIR | --class DIR]"
      dir="$1"
      ;;
    esac
    shift
  done
  [[ -z $class || -z $dir ]] || die 2 "grade: give a hand-in DIR or --class DIR, not both"
  local -a werror=()
  [[ $(on_off "${PBM_WERROR:-0}") == ON ]] && werror=(--werror)
  if [[ -n $class ]]; then
    [[ $class == /* ]] || class="$ORIG_PWD/$class"
    [[ -d $class ]] || die 2 "grade: --class: no directory $class"
    ensure_deps
    # PBM_GRADE_CLASS_BUILD: another tree for the class (the self-test's).
    exec python3 "$ROOT/tools/grading/autograder/class_grade.py" --root "$ROOT" \
      --build "${PBM_GRADE_CLASS_BUILD:-$BUILD/grade-class}" --class "$class" --mode "$mode" \
      --jobs "$JOBS" --limit "$limit" --hang-after "${PBM_GRADE_HANG_AFTER:-2}" \
      --confine "${PBM_GRADE_CONFINE:-auto}" ${werror[@]+"${werror[@]}"}
  fi
  dir="${dir:-$ROOT/exercises}"
  [[ $dir == /* ]] || dir="$ORIG_PWD/$dir"
  [[ -d $dir ]] || die 2 "grade: no directory $dir"
  dir="$(cd -- "$dir" && pwd)"
  ensure_deps
  # PBM_GRADE_BUILD: another grading tree (the self-test grades its own hand-in
  # there); PBM_GRADE_CONFINE=none: no sandbox (to try the fallback);
  # PBM_GRADE_HANG_AFTER: timeouts after which a chapter's other tests stop.
  exec python3 "$ROOT/tools/grading/grade.py" --root "$ROOT" --build "${PBM_GRADE_BUILD:-$BUILD/grade}" \
    --exercises "$dir" --mode "$mode" --jobs "$JOBS" --limit "$limit" \
    --hang-after "${PBM_GRADE_HANG_AFTER:-2}" --confine "${PBM_GRADE_CONFINE:-auto}" \
    --user "${PBM_GRADE_USER:-pbm-student}" ${werror[@]+"${werror[@]}"}
}

# Makes a platform's autograder (tools/grading/autograder/package.py); relative paths
# (-o, --points) are the caller's.
cmd_autograder() {
  (($#)) && [[ $1 == gradescope || $1 == prairielearn ]] ||
    die 2 "usage: ./pbm autograder gradescope|prairielearn --chapters LIST [--points FILE] [--limit S] [-o OUT]"
  cd -- "$ORIG_PWD"
  exec python3 "$ROOT/tools/grading/autograder/package.py" --root "$ROOT" "$@"
}
