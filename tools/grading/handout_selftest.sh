#!/usr/bin/env bash
# The students' edition, end to end (issue 31; README.md, "Running a course"):
#   1. ./pbm handout --chapters 01-04 --release 01 makes an edition (timed), and
#      tools/grading/check_handout.py finds no leak in it;
#   2. in a fresh clone: ./pbm run 02 --headless exits 4 naming an exercise of
#      exercises/02_integrators/; ./pbm test 02 fails; with the reference files
#      copied into exercises/02_integrators/ it passes;
#   3. a copy of the edition with one reference body planted in a commit (and
#      removed again, so only the history holds it) fails the leak check;
#   4. a student's commit in exercises/01_vector_field/, then
#      ./pbm handout --update adding 05 and releasing 02, then `git pull` in the
#      student's clone: no conflict, the student's files as they were, the
#      new chapter and the released reference there; the leak check passes.
# The clone builds only ch02_vector_field's program and ch02_tests
# (PBM_BENCHMARKS=0, PBM_WERROR=1); ccache serves what the workbook's own
# build compiled. Exit 0 when all holds, 1 with a line saying what did not.
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.."
ROOT="$PWD"
export PBM_BENCHMARKS=0 PBM_WERROR=1
unset PBM_BUILD_DIR
work="$(mktemp -d "${TMPDIR:-/tmp}/pbm-handout-selftest.XXXXXX")"
trap 'rm -rf "$work"' EXIT
fail() {
  printf 'handout self-test FAILED: %s\n' "$*"
  exit 1
}
ok() { printf 'ok    %s\n' "$*"; }
# A student's git identity, in the clones only.
student_git() { git -c user.name=Student -c user.email=student@localhost "$@"; }
ms() { date +%s%3N; }

t0=$(ms)
./pbm handout --chapters 01-04 --release 01 -o "$work/edition" 2>&1 || fail "./pbm handout could not make the edition"
made=$(($(ms) - t0))
ok "edition of chapters 01-04, 01 released: $(git -C "$work/edition" ls-files | wc -l) files in one commit, made in ${made} ms"
[[ $(git -C "$work/edition" rev-list --count HEAD) == 1 ]] || fail "the edition has more than its one first commit"
for absent in solutions/02_integrators exercises/05_bead_on_wire chapters/05_bead_on_wire tests/private tools/grading/grade.py .ci; do
  [[ ! -e $work/edition/$absent ]] || fail "the edition holds $absent"
done
python3 tools/grading/check_handout.py "$work/edition" || fail "the leak check fails on a good edition"
ok "no leak in the edition (tools/grading/check_handout.py)"

git clone -q "$work/edition" "$work/student"
cd "$work/student"
status=0
./pbm run 02 --headless >"$work/run.csv" 2>"$work/run.err" || status=$?
((status == 4)) || {
  tail -n 20 "$work/run.err"
  fail "./pbm run 02 --headless in a fresh clone: exit status $status, not 4 (exercise not done)"
}
hint="$(grep -m 1 -o 'exercise not done: [A-Za-z0-9_]* (exercises/02_integrators/[a-z0-9_]*\.cpp)' "$work/run.err" || true)"
[[ -n $hint ]] || {
  cat "$work/run.err"
  fail "./pbm run 02 --headless exits 4 without naming an exercise of exercises/02_integrators/"
}
ok "./pbm run 02 --headless in a fresh clone: exit 4, $hint"

if ./pbm test 02 >"$work/test-red.log" 2>&1; then
  fail "./pbm test 02 passes on the skeleton of chapter 02"
fi
grep -q 'student functions from\|uses your exercises' "$work/test-red.log" ||
  fail "./pbm test 02 does not say chapter 02 uses the student's exercises"
ok "./pbm test 02 fails on the skeleton ($(grep -Eo '[0-9]+ tests failed out of [0-9]+' "$work/test-red.log" || echo 'build or tests failed'))"

cp "$ROOT"/solutions/02_integrators/*.cpp exercises/02_integrators/
./pbm test 02 >"$work/test-green.log" 2>&1 || {
  tail -n 30 "$work/test-green.log"
  fail "./pbm test 02 fails with the reference copied into exercises/02_integrators/"
}
ok "./pbm test 02 passes with the reference in exercises/02_integrators/ ($(grep -Eo '[0-9]+% tests passed.*' "$work/test-green.log"))"
cd "$ROOT"

# A leak that only the history holds.
git clone -q "$work/edition" "$work/leaky"
cp solutions/03_stiffness/implicit_euler.cpp "$work/leaky/exercises/03_stiffness/"
(cd "$work/leaky" && student_git commit -qam "a reference body" && student_git revert --no-edit HEAD >/dev/null)
leaks="$(python3 tools/grading/check_handout.py "$work/leaky" 2>/dev/null)" && fail "the leak check passes on an edition with a reference body in its history"
grep -q "chapter 03's unreleased reference" <<<"$leaks" || fail "the leak check does not name chapter 03: $leaks"
ok "the leak check fails on a planted reference body: $(head -n 1 <<<"$leaks")"

# The term's next step: the student has committed work; the instructor adds 05 and releases 02.
cd "$work/student"
mine=exercises/01_vector_field/euler.cpp
printf '// my own note\n' >>"$mine"
git add exercises
student_git commit -qm "my chapters 01 and 02"
before="$(git rev-parse HEAD)"
cd "$ROOT"
./pbm handout --update "$work/edition" --chapters 05 --release 02 2>&1 || fail "./pbm handout --update failed"
[[ $(git -C "$work/edition" rev-list --count HEAD) == 2 ]] || fail "--update did not write one new commit"
cd "$work/student"
student_git pull -q --no-rebase --no-edit >"$work/pull.log" 2>&1 || {
  cat "$work/pull.log"
  fail "git pull of the update in the student's clone did not merge cleanly"
}
[[ -z $(git diff "$before" HEAD -- exercises/01_vector_field exercises/02_integrators) ]] ||
  fail "the update changed the student's exercises"
for want in exercises/05_bead_on_wire solutions/02_integrators chapters/05_bead_on_wire; do
  [[ -d $want ]] || fail "after the pull the clone has no $want"
done
grep -q '^05 ' <(./pbm chapters) || fail "after the pull ./pbm chapters does not list 05"
cd "$ROOT"
python3 tools/grading/check_handout.py "$work/edition" || fail "the leak check fails on the updated edition"
ok "--update (05 added, 02 released) merges into the student's clone without conflict; no leak"
echo "handout self-test passed ($SECONDS s)"
