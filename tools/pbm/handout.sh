# pbm handout: the students' edition of the workbook (tools/grading/handout.py;
# README.md, "Running a course"). Sourced by ./pbm (the driver); uses its
# ROOT, ORIG_PWD and die. Kept to bash 3.2 (macOS's /bin/bash).

cmd_handout() {
  [[ -f $ROOT/tools/grading/handout.py ]] ||
    die 1 "handout: this is a students' edition; editions are made from the instructor's workbook"
  if [[ $# -eq 0 ]]; then
    die 2 "usage: ./pbm handout --chapters LIST [--release LIST] -o DIR | --update DIR [--chapters LIST] [--release LIST] [--release-unset LIST] [--dry-run] (--help)"
  fi
  # Relative paths (-o DIR, --update DIR) are the caller's.
  cd -- "$ORIG_PWD"
  exec python3 "$ROOT/tools/grading/handout.py" --root "$ROOT" "$@"
}
