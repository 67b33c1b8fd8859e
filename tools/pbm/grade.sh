# pbm grade and pbm autograder: tools/grading/grade.py, the class grader and the
# platforms' packages, with the driver's options checked first.
# Sourced by ./pbm (the driver); uses its ROOT, BUILD, JOBS, say and die.

grade_usage() {
  cat <<'EOF'
usage: ./pbm grade [OPTIONS] [DIR]              grade one hand-in (default exercises/)
       ./pbm grade --class CLASSDIR [OPTIONS]   grade a class, one folder per student

DIR holds the student's NN_topic/ folders (a copy of exercises/) or is a whole
fork, whose exercises/ is graded. CLASSDIR holds one such folder per student,
named as the student (./pbm collect makes one from a roster).

  --chapters LIST   grade these chapters only, and count only their tests in the
                    maximum: 01, 01,02, 01-03 or all (default: all)
  --deadline 'YYYY-MM-DD HH:MM'
                    local time; a git hand-in is graded at its last commit before
                    it (by committer date, read from a clone of ours: nothing of the
                    student's git configuration runs); later commits are reported
                    as late (how many, the first one's time); a folder without git
                    is graded as it is, with a warning
  --cumulative      every chapter's functions from the hand-in (chapter 06's tests
                    also run its chapters 01-04)
  --per-chapter     each chapter's tests with that chapter's functions from the
                    hand-in, the others' from solutions/ (the default)
  --limit S         seconds a test may run (default 20)
  --name NAME       the student's name in the reports (one hand-in; default: the
                    folder's name)
  --class CLASSDIR  grade every student in CLASSDIR in one build tree; a second run
                    grades only the hand-ins that changed
  -h, --help        this text

Written (one hand-in): build/grade/report.md, junit.xml, summary.tsv, results.tsv
and logs/ (the newest grading), each grading also kept in
build/grade/runs/YYYY-MM-DD_HHMM_NAME/. A class: build/grade-class/class.csv and
students/NAME/, each run kept in build/grade-class/runs/. Exit status 0 when
grading ran (the scores are data), 1 when it could not (for a class also when a
student could not be collected or graded), 2 on bad use.
Environment: PBM_JOBS=N parallel jobs; PBM_WERROR=1 builds with -Werror.
EOF
}

cmd_grade() {
  local mode=per_chapter dir="" limit=20 class="" chapters="" deadline="" name=""
  local -a extra=()
  while (($#)); do
    case "$1" in
    -h | --help)
      grade_usage
      return 0
      ;;
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
    --chapters)
      # The list itself is checked by grade.py (ranges, chapters of this repository).
      (($# >= 2)) && [[ -n $2 && $2 != -* ]] || die 2 "grade: --chapters needs a list: 01, 01,02, 01-03 or all"
      chapters="$2"
      shift
      ;;
    --deadline)
      (($# >= 2)) && [[ $2 =~ ^[0-9]{4}-[0-9]{2}-[0-9]{2}\ [0-9]{2}:[0-9]{2}$ ]] ||
        die 2 "grade: --deadline needs a date and time 'YYYY-MM-DD HH:MM' (local time), e.g. '2026-12-07 23:59'"
      deadline="$2"
      shift
      ;;
    --name)
      (($# >= 2)) && [[ -n $2 ]] || die 2 "grade: --name needs the student's name"
      name="$2"
      shift
      ;;
    -*) die 2 "grade: unknown option '$1' (./pbm grade --help lists them)" ;;
    *)
      [[ -z $dir ]] || die 2 "usage: ./pbm grade [OPTIONS] [DIR | --class DIR] (./pbm grade --help)"
      dir="$1"
      ;;
    esac
    shift
  done
  [[ -z $class || -z $dir ]] || die 2 "grade: give a hand-in DIR or --class DIR, not both"
  [[ -z $class || -z $name ]] || die 2 "grade: --name is for one hand-in; a class's names are its folders'"
  [[ -z $chapters ]] || extra+=(--chapters "$chapters")
  [[ -z $deadline ]] || extra+=(--deadline "$deadline")
  [[ $(on_off "${PBM_WERROR:-0}") == ON ]] && extra+=(--werror)
  if [[ -n $class ]]; then
    [[ $class == /* ]] || class="$ORIG_PWD/$class"
    [[ -d $class ]] || die 2 "grade: --class: no directory $class"
    ensure_deps
    # PBM_GRADE_CLASS_BUILD: another tree for the class (the self-test's).
    exec python3 "$ROOT/tools/grading/autograder/class_grade.py" --root "$ROOT" \
      --build "${PBM_GRADE_CLASS_BUILD:-$BUILD/grade-class}" --class "$class" --mode "$mode" \
      --jobs "$JOBS" --limit "$limit" --hang-after "${PBM_GRADE_HANG_AFTER:-2}" \
      --confine "${PBM_GRADE_CONFINE:-auto}" ${extra[@]+"${extra[@]}"}
  fi
  dir="${dir:-$ROOT/exercises}"
  [[ $dir == /* ]] || dir="$ORIG_PWD/$dir"
  [[ -d $dir ]] || die 2 "grade: no directory $dir"
  dir="$(cd -- "$dir" && pwd)"
  [[ -z $name ]] || extra+=(--name "$name")
  ensure_deps
  # PBM_GRADE_BUILD: another grading tree (the self-test grades its own hand-in
  # there); PBM_GRADE_CONFINE=none: no sandbox (to try the fallback);
  # PBM_GRADE_HANG_AFTER: timeouts after which a chapter's other tests stop.
  exec python3 "$ROOT/tools/grading/grade.py" --root "$ROOT" --build "${PBM_GRADE_BUILD:-$BUILD/grade}" \
    --exercises "$dir" --mode "$mode" --jobs "$JOBS" --limit "$limit" \
    --hang-after "${PBM_GRADE_HANG_AFTER:-2}" --confine "${PBM_GRADE_CONFINE:-auto}" \
    --user "${PBM_GRADE_USER:-pbm-student}" ${extra[@]+"${extra[@]}"}
}

collect_usage() {
  cat <<'EOF'
usage: ./pbm collect ROSTER.csv [-o CLASSDIR]

Clones every student's git repository into CLASSDIR/NAME/ (default build/class),
or, when it was cloned before, fetches it and checks out its newest commit: a
second run is cheap and a run cut short resumes. Then:
./pbm grade --class CLASSDIR [--chapters LIST] [--deadline 'YYYY-MM-DD HH:MM'].

  ROSTER.csv          one line a student: NAME,REPOSITORY (a URL git can clone, or
                      a path; a relative path is the roster's folder's); a header
                      line (student,repository), blank lines and # comments are
                      skipped
  -o, --out CLASSDIR  the class folder (default build/class)
  -h, --help          this text

One line a student; a repository that cannot be reached is a FAILED line and a
row of CLASSDIR/collect.tsv (student, repository, state, commit, time, message),
and the others go on; ./pbm grade --class lists such a student as not collected.
A student's repository is untrusted: git runs only in clones made here, with
hooks and fsmonitor off, never with the student's own git configuration.
Exit status 0 when every student was collected, 1 when some were not, 2 on bad use.
EOF
}

# Clones or fetches a class's repositories (tools/grading/collect.py); the
# roster and -o are the caller's paths.
cmd_collect() {
  local roster="" out=""
  while (($#)); do
    case "$1" in
    -h | --help)
      collect_usage
      return 0
      ;;
    -o | --out)
      (($# >= 2)) && [[ -n $2 ]] || die 2 "collect: -o needs the class folder"
      out="$2"
      shift
      ;;
    -*) die 2 "collect: unknown option '$1' (./pbm collect --help)" ;;
    *)
      [[ -z $roster ]] || die 2 "usage: ./pbm collect ROSTER.csv [-o CLASSDIR] (./pbm collect --help)"
      roster="$1"
      ;;
    esac
    shift
  done
  [[ -n $roster ]] || die 2 "usage: ./pbm collect ROSTER.csv [-o CLASSDIR] (./pbm collect --help)"
  [[ $roster == /* ]] || roster="$ORIG_PWD/$roster"
  [[ -f $roster ]] || die 2 "collect: no roster file $roster"
  if [[ -z $out ]]; then
    out="$BUILD/class"
  elif [[ $out != /* ]]; then
    out="$ORIG_PWD/$out"
  fi
  command -v git >/dev/null 2>&1 || die 1 "collect: git is not installed"
  exec python3 "$ROOT/tools/grading/collect.py" "$roster" -o "$out"
}

# Makes a platform's autograder (tools/grading/autograder/package.py); relative paths
# (-o, --points) are the caller's.
autograder_usage() {
  cat <<'EOF'
usage: ./pbm autograder gradescope --chapters LIST [OPTIONS] [-o FILE.zip]
       ./pbm autograder prairielearn --chapters LIST [OPTIONS] [-o DIR]

Makes a platform's autograder for an assignment: Gradescope's zip (setup.sh,
run_autograder, the tree it grades with) or PrairieLearn's external grader
(a Dockerfile, info.json).

  --chapters LIST   the assignment's chapters, e.g. 01 or 01,05 (required)
  --points FILE     points per test and which are hidden (tools/grading/autograder/points.py)
  --limit S         seconds a test may run (default 20)
  --budget S        seconds of tests per chapter (default 120)
  -o, --output OUT  the zip (Gradescope) or folder (PrairieLearn) to write
  -h, --help        this text
EOF
}

cmd_autograder() {
  if [[ ${1:-} == -h || ${1:-} == --help ]]; then
    autograder_usage
    return 0
  fi
  (($#)) && [[ $1 == gradescope || $1 == prairielearn ]] ||
    die 2 "usage: ./pbm autograder gradescope|prairielearn --chapters LIST [--points FILE] [--limit S] [-o OUT]"
  cd -- "$ORIG_PWD"
  exec python3 "$ROOT/tools/grading/autograder/package.py" --root "$ROOT" "$@"
}
