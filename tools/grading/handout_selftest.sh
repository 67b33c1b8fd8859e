#!/usr/bin/env bash
# The students' edition, end to end (issues 31 and 38; README.md, "Running a course"):
#   1. ./pbm handout --chapters 01-04 --release 01 makes an edition (timed), and
#      tools/grading/check_handout.py finds no leak in it; --dry-run of the
#      same lists its files and writes nothing; it is pushed to a bare course
#      repository made as README says, and the student clones that;
#   2. in the clone: ./pbm help lists only the edition's commands; ./pbm run
#      02 --headless exits 4 naming an exercise of exercises/02_integrators/;
#      ./pbm test 02 fails; with the reference files copied into
#      exercises/02_integrators/ it passes;
#   3. a copy of the edition with one reference body planted in a commit (and
#      removed again, so only the history holds it) fails the leak check;
#   4. a student's commit in exercises/01_vector_field/, then
#      ./pbm handout --update adding 05 and releasing 02, then `git pull` in the
#      student's clone: no conflict, the student's files as they were, the
#      new chapter and the released reference there; the leak check passes;
#   5. a skeleton fix (exercises/03_stiffness/stability.cpp, in a copy of the
#      workbook with the fix committed): --release of a chapter never handed
#      out is refused; --update --dry-run lists the fix and writes nothing;
#      --update sends it, named in its output and commit message; a student
#      who edited the file elsewhere merges it, one who edited the same line
#      (and CMakeLists.txt) gets git's conflict, and ./pbm then says
#      "configure error in CMakeLists.txt:2" (fresh and configured build trees);
#      grading (grade.py's Grader.unchanged_skeletons, no build) counts a
#      clone still at the old skeletons as not handed in, the edited one's
#      chapters as handed in.
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

# A dry run writes nothing, and lists what it would.
plan="$(./pbm handout --chapters 01-04 --release 01 -o "$work/planned" --dry-run 2>/dev/null)" ||
  fail "./pbm handout --dry-run failed"
[[ ! -e $work/planned ]] || fail "./pbm handout --dry-run wrote $work/planned"
files="$(git -C "$work/edition" ls-files | wc -l | tr -d ' ')"
[[ $(wc -l <<<"$plan" | tr -d ' ') == "$files" ]] ||
  fail "./pbm handout --dry-run lists $(wc -l <<<"$plan") files, the edition holds $files"
grep -qx 'add     exercises/03_stiffness/stability.cpp' <<<"$plan" || fail "--dry-run does not list exercises/03_stiffness/stability.cpp"
ok "--dry-run of the edition lists its $files files and writes nothing"

# The course repository as README's recipe makes it: a clone of it checks out main.
git init -q --bare --initial-branch=main "$work/course.git"
git -C "$work/edition" remote add origin "$work/course.git"
git -C "$work/edition" push -q -u origin main 2>/dev/null
git clone -q "$work/course.git" "$work/student" 2>/dev/null
[[ -f $work/student/pbm ]] || fail "a clone of the bare course repository made as README says has no checkout"
ok "README's course repository (git init --bare --initial-branch=main, push): a clone checks out main"

cd "$work/student"
if ./pbm help | grep -Eq '^  (grade|autograder|handout)( |$)'; then
  fail "./pbm help in an edition lists the instructor's commands: $(./pbm help | grep -E '^  (grade|autograder|handout)( |$)' | head -n 1)"
fi
status=0
./pbm frobnicate 2>"$work/unknown.err" || status=$?
{ ((status == 2)) && ! grep -Eq 'grade|autograder|handout' "$work/unknown.err"; } ||
  fail "./pbm frobnicate in an edition: status $status, $(cat "$work/unknown.err")"
ok "./pbm help in an edition lists only its commands"
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
# The exercises not done yet, said once at the top; a test that waits only on
# them takes one line (tools/pbm/test_digest.awk), not GoogleTest's page.
grep -q '^pbm: not done yet in exercises/02_integrators/' "$work/test-red.log" &&
  grep -q '^pbm:   rk4.cpp: ' "$work/test-red.log" ||
  fail "./pbm test 02 does not list the exercises not done yet at the top ($work/test-red.log)"
grep -q 'wait only on exercises not done yet' "$work/test-red.log" &&
  ! grep -q 'C++ exception with description "exercise not done' "$work/test-red.log" ||
  fail "./pbm test 02 prints GoogleTest's whole output for a test that only waits on an exercise ($work/test-red.log)"
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
git -C "$work/edition" push -q
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

# A skeleton fix, in a copy of the workbook (the tracked files as they are,
# committed there): a sentence of stability.cpp's comment and a comment line
# of CMakeLists.txt change.
mkdir "$work/workbook"
git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$work/workbook"
fixed=exercises/03_stiffness/stability.cpp
cd "$work/workbook"
sed -i.orig 's/^\(\/\/ stable for that step where |R(z)| <= 1\.\)$/\1 (fixed)/' "$fixed"
sed -i.orig '2s/.*/# find_package(Boost): Boost'"'"'s own CMake package (fixed)/' CMakeLists.txt
rm -f "$fixed.orig" CMakeLists.txt.orig
grep -q '(fixed)$' "$fixed" || fail "the self-test's skeleton fix did not apply to $fixed"
git init -q && git add -A && student_git commit -qm "the workbook with a skeleton fix"
cd "$ROOT"

# Two clones before the fix: one at that state for grading, one whose
# student edits the line the fix changes (and CMakeLists.txt).
git clone -q "$work/course.git" "$work/old" 2>/dev/null
git clone -q "$work/course.git" "$work/clash" 2>/dev/null
cd "$work/clash"
sed -i.orig 's/^\(\/\/ stable for that step where |R(z)| <= 1\.\)$/\1 (my note)/' "$fixed"
sed -i.orig '2s/.*/# my own CMake note/' CMakeLists.txt
rm -f "$fixed.orig" CMakeLists.txt.orig
student_git commit -qam "my notes"
cd "$work/student"
sed -i.orig 's/PBM_TODO("stabilityFunction",/PBM_TODO("stabilityFunction",  \/\/ mine/' "$fixed"
rm -f "$fixed.orig"
grep -q '// mine' "$fixed" || fail "the self-test's student edit did not apply to $fixed"
student_git commit -qam "started chapter 03"
cd "$ROOT"

head_before="$(git -C "$work/edition" rev-parse HEAD)"
status=0
"$work/workbook/pbm" handout --update "$work/edition" --release 06 2>"$work/release.err" || status=$?
{ ((status == 2)) && [[ $(wc -l <"$work/release.err") == 1 ]] && grep -q 'release-unset 06' "$work/release.err"; } ||
  fail "--release 06 (never handed out): status $status, $(cat "$work/release.err")"
[[ $(git -C "$work/edition" rev-parse HEAD) == "$head_before" ]] || fail "a refused --release changed the edition"
ok "--release of a chapter never handed out refused: $(cat "$work/release.err")"

plan="$("$work/workbook/pbm" handout --update "$work/edition" --dry-run 2>"$work/dry.err")" || fail "--update --dry-run failed: $(cat "$work/dry.err")"
grep -qx "change  $fixed" <<<"$plan" || fail "--update --dry-run does not list $fixed: $plan"
grep -qx "change  CMakeLists.txt" <<<"$plan" || fail "--update --dry-run does not list CMakeLists.txt: $plan"
[[ $(git -C "$work/edition" rev-parse HEAD) == "$head_before" && -z $(git -C "$work/edition" status --porcelain) ]] ||
  fail "--update --dry-run changed the edition"
ok "--update --dry-run lists $(wc -l <<<"$plan") files ($(tr '\n' ' ' <<<"$plan" | sed 's/  */ /g; s/ $//')), writes nothing"

"$work/workbook/pbm" handout --update "$work/edition" 2>"$work/fix.err" || fail "--update with the fix failed: $(cat "$work/fix.err")"
grep -q "skeleton fix sent: $fixed" "$work/fix.err" || fail "--update does not name the fixed skeleton: $(cat "$work/fix.err")"
git -C "$work/edition" log -1 --format=%B | grep -q "change  $fixed" || fail "the update's commit message does not name $fixed"
cmp -s "$work/workbook/$fixed" "$work/edition/$fixed" || fail "the update did not bring the fixed $fixed"
git -C "$work/edition" push -q
ok "--update sends the fix, named: $(grep 'skeleton fix' "$work/fix.err")"

cd "$work/student"
student_git pull -q --no-rebase --no-edit >"$work/pull2.log" 2>&1 || {
  cat "$work/pull2.log"
  fail "git pull of the skeleton fix did not merge into the clone that edited another line"
}
{ grep -q '(fixed)$' "$fixed" && grep -q '// mine' "$fixed"; } || fail "after the merge $fixed lacks the fix or the student's edit"
ok "a student who edited $fixed elsewhere: git pull merges the fix with their edit"

cd "$work/clash"
status=0
student_git pull --no-rebase --no-edit >"$work/pull3.log" 2>&1 || status=$?
{ ((status != 0)) && grep -q "CONFLICT (content): Merge conflict in $fixed" "$work/pull3.log"; } ||
  fail "a student who edited the fixed line: git pull status $status, $(cat "$work/pull3.log")"
{ grep -q '^<<<<<<<' "$fixed" && grep -q '(my note)$' "$fixed"; } || fail "the conflict lost the student's line in $fixed"
# What ./pbm says then: in a fresh build tree, and in one configured before (the build re-runs CMake).
status=0
./pbm test 01 >/dev/null 2>"$work/conflict.err" || status=$?
{ ((status == 1)) && grep -q "^pbm: configure error in CMakeLists.txt:2 (git left a conflict marker" "$work/conflict.err"; } ||
  fail "./pbm test 01 with a conflict in CMakeLists.txt: status $status, $(tail -n 1 "$work/conflict.err")"
cd "$work/student"
cp CMakeLists.txt "$work/CMakeLists.saved"
printf '<<<<<<< HEAD\n' >>CMakeLists.txt
status=0
./pbm test 02 >/dev/null 2>"$work/conflict2.err" || status=$?
cp "$work/CMakeLists.saved" CMakeLists.txt
{ ((status == 1)) && grep -q "^pbm: configure error in CMakeLists.txt:[0-9]* (git left a conflict marker" "$work/conflict2.err"; } ||
  fail "./pbm test 02 in a configured tree with a conflict marker: status $status, $(tail -n 1 "$work/conflict2.err")"
ok "a student who edited the same lines: git's conflict, their line kept; ./pbm says: $(tail -n 1 "$work/conflict.err")"

# Grading against the workbook with the fix: a clone still at the skeletons it
# was given has no chapter handed in; the edited clone has 01, 02 and 03.
unchanged() {
  python3 - "$work/workbook" "$1" "$work/grade-build" <<'PY'
import sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1] + "/tools/grading")
import grade
g = grade.Grader(sys.argv[1], sys.argv[3], grade.handin_folder(sys.argv[1], sys.argv[2]), skip_skeletons=True)
print(",".join(g.unchanged_skeletons()))
PY
}
got="$(unchanged "$work/old" 2>/dev/null | tail -n 1)"
[[ $got == 01,02,03,04,05 ]] || fail "a clone at the old skeletons: not handed in '$got', not 01,02,03,04,05"
mv "$work/old/.pbm" "$work/old.pbm"
got="$(unchanged "$work/old" 2>/dev/null | tail -n 1)"
[[ $got != *03* ]] || fail "without its record, the old chapter 03 still counts as not handed in: the check proves nothing"
got="$(unchanged "$work/student" 2>/dev/null | tail -n 1)"
[[ $got == 04,05 ]] || fail "the student's clone (01, 02, 03 edited): not handed in '$got', not 04,05"
ok "grading: a chapter at the skeleton given (before the fix) is not handed in; an edited one is"
cd "$ROOT"
echo "handout self-test passed ($SECONDS s)"
