#!/usr/bin/env bash
# Proves ./pbm collect and ./pbm grade --class --chapters --deadline on a class
# in miniature, made here in a temporary folder (nothing of it is committed):
#   alice  a git repository whose chapters 01 and 02 are solutions/'s, committed
#          before the deadline: full marks. Its own .git/config sets
#          core.fsmonitor and a post-checkout hook that would write a file: the
#          file must never appear (git never runs with a student's config).
#          A commit after the first collect (still before the deadline): the
#          second collect says "fetched".
#   bob    chapter 01 solved and chapter 02 the skeleton before the deadline,
#          chapter 02 solved in two commits after it: graded at the commit
#          before (01 full, 02 not handed in), "2 late commits, the first
#          2026-12-02 09:30"
#   carol  a repository that does not exist: a FAILED row of collect, a "not
#          collected" row of class.csv, and both commands say so by their status
# Only chapters 01 and 02 are graded, so class.csv's max is theirs alone.
# Every line of the grading is timestamped: no gap may exceed 10 s. A second
# grading finds both hand-ins unchanged and keeps a second run. Then the bad
# uses, each one line and status 2.
# The grading tree is build/grade-collect-selftest (PBM_BUILD_DIR/...).
# Usage: tools/grading/collect_selftest.sh   (exit 0: all checks passed)
set -euo pipefail
ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${PBM_BUILD_DIR:-$ROOT/build}"
export PBM_GRADE_CLASS_BUILD="$BUILD/grade-collect-selftest"
DEADLINE="2026-12-01 23:59"
GAP=10 # seconds: the longest silence allowed between two lines of output

tmp="$(mktemp -d "${TMPDIR:-/tmp}/pbm-collect.XXXXXX")"
pwned="$tmp/PWNED_BY_STUDENT_GIT_CONFIG"
trap 'rm -rf "$tmp"' EXIT
say() { printf 'collect_selftest: %s\n' "$*"; }
fail() {
  printf 'collect_selftest FAILED: %s\n' "$*"
  exit 1
}
check() { # WHAT CONDITION-STATUS
  if [[ $2 == 0 ]]; then say "  ok   $1"; else fail "$1"; fi
}

chapter_dir() { "$ROOT/pbm" chapters | awk -v nn="$1" '$1 == nn { print $1 "_" $2 }'; }
ch01="$(chapter_dir 01)"
ch02="$(chapter_dir 02)"
[[ -n $ch01 && -n $ch02 ]] || fail "chapters 01 and 02 must be configured"

# A student's repository: repo NAME; then commit NAME 'DATE' MESSAGE after each change.
repo() {
  mkdir -p "$tmp/repos/$1/exercises"
  git -C "$tmp/repos/$1" init -q
}
commit() {
  git -C "$tmp/repos/$1" -c core.fsmonitor=false -c core.hooksPath=/dev/null add -A
  GIT_AUTHOR_DATE="$2" GIT_COMMITTER_DATE="$2" git -C "$tmp/repos/$1" -c core.fsmonitor=false \
    -c core.hooksPath=/dev/null -c user.name="$1" -c user.email="$1@example.org" commit -q -m "$3"
}
repo alice
cp -r "$ROOT/solutions/$ch01" "$ROOT/solutions/$ch02" "$tmp/repos/alice/exercises/"
commit alice "2026-12-01 20:00:00" "chapters 01 and 02"
# What a hostile repository carries: code git would run in it.
git -C "$tmp/repos/alice" config core.fsmonitor "touch '$pwned'; false"
printf '#!/bin/sh\ntouch "%s"\n' "$pwned" >"$tmp/repos/alice/.git/hooks/post-checkout"
chmod +x "$tmp/repos/alice/.git/hooks/post-checkout"
repo bob
cp -r "$ROOT/solutions/$ch01" "$ROOT/exercises/$ch02" "$tmp/repos/bob/exercises/"
commit bob "2026-12-01 21:00:00" "chapter 01"
rm -rf "${tmp:?}/repos/bob/exercises/$ch02"
cp -r "$ROOT/solutions/$ch02" "$tmp/repos/bob/exercises/"
commit bob "2026-12-02 09:30:00" "chapter 02, late"
echo "notes" >"$tmp/repos/bob/NOTES.txt"
commit bob "2026-12-02 10:15:00" "notes, late"
bob_on_time="$(git -C "$tmp/repos/bob" rev-list --skip=2 -1 HEAD | cut -c1-10)"
printf 'student,repository\nalice,repos/alice\nbob,repos/bob\ncarol,repos/carol-does-not-exist\n' >"$tmp/roster.csv"

# Prints each line of a command's output with the seconds since the start
# (stdout and stderr alike), keeping its exit status in $tmp/status.
stamped() {
  local log=$1
  shift
  { local status=0; "$@" </dev/null 2>&1 || status=$?; echo "$status" >"$tmp/status"; } | python3 -u -c '
import sys, time
t0 = time.monotonic()
for line in sys.stdin:
    print(f"{time.monotonic() - t0:7.1f} {line}", end="", flush=True)' | tee "$log"
}
longest_gap() { # the longest silence of a stamped log, in whole seconds
  awk 'BEGIN { last = 0; gap = 0 } { if ($1 - last > gap) gap = $1 - last; last = $1 } END { printf "%d\n", gap }' "$1"
}

say "collect: a class of three (carol's repository does not exist)"
stamped "$tmp/collect1.log" "$ROOT/pbm" collect "$tmp/roster.csv" -o "$tmp/class"
check "collect exits 1 when a student could not be collected ($(cat "$tmp/status"))" "$([[ $(cat "$tmp/status") == 1 ]]; echo $?)"
check "one line a student, carol's FAILED" "$(grep -q '\[1/3\] alice: cloned' "$tmp/collect1.log" &&
  grep -q '\[2/3\] bob: cloned' "$tmp/collect1.log" && grep -q '\[3/3\] carol: FAILED' "$tmp/collect1.log"; echo $?)"
check "collect.tsv has carol's row, failed" "$(grep -q "^carol	.*	failed	" "$tmp/class/collect.tsv"; echo $?)"

echo "more" >"$tmp/repos/alice/MORE.txt"
commit alice "2026-12-01 22:00:00" "more, on time"
stamped "$tmp/collect2.log" "$ROOT/pbm" collect "$tmp/roster.csv" -o "$tmp/class"
check "a second collect fetches: alice's new commit, bob unchanged" "$(grep -q 'alice: fetched (1 new commit)' "$tmp/collect2.log" &&
  grep -q 'bob: unchanged' "$tmp/collect2.log"; echo $?)"

say "grade --class --chapters 01-02 --deadline '$DEADLINE' (tree: ${PBM_GRADE_CLASS_BUILD#"$ROOT"/})"
# The tree is kept between runs (its objects are the cost), the students' last
# gradings are not: these repositories are the same every run, commit for commit.
rm -rf "$PBM_GRADE_CLASS_BUILD/students"
start=$SECONDS
stamped "$tmp/grade.log" "$ROOT/pbm" grade --class "$tmp/class" --chapters 01-02 --deadline "$DEADLINE"
say "graded in $((SECONDS - start)) s; the longest silence $(longest_gap "$tmp/grade.log") s"
check "grade --class exits 1: carol was not collected ($(cat "$tmp/status"))" "$([[ $(cat "$tmp/status") == 1 ]]; echo $?)"
check "no silence over $GAP s in grading (longest $(longest_gap "$tmp/grade.log") s)" \
  "$(($(longest_gap "$tmp/grade.log") <= GAP ? 0 : 1))"
check "the header says 3 students, chapters 01,02" "$(grep -q '3 students, chapters 01,02' "$tmp/grade.log"; echo $?)"
check "a student's progress lines name them while they build" \
  "$(grep -Eq '\[1/3\] alice: (building|configuring|ch01)' "$tmp/grade.log"; echo $?)"
check "no file written by the student's git config or hooks" "$([[ ! -e $pwned ]]; echo $?)"

python3 - "$PBM_GRADE_CLASS_BUILD" "$bob_on_time" "$ch01" "$ch02" <<'EOF' || fail "the class's table"
import csv, glob, os, sys
build, bob_commit, ch01, ch02 = sys.argv[1:]
problems = []
def check(ok, what):
    print(f"collect_selftest:   {'ok  ' if ok else 'FAIL'} {what}")
    if not ok:
        problems.append(what)
rows = list(csv.DictReader(open(os.path.join(build, "class.csv"))))
print(open(os.path.join(build, "class.csv")).read(), end="")
by = {r["student"]: r for r in rows}
check(list(rows[0].keys()) == ["student", "ch01", "ch02", "total", "max", "commit", "late", "note"],
      f"class.csv: the graded chapters' columns only: {list(rows[0].keys())}")
full = {}
for nn, d in (("01", ch01), ("02", ch02)):
    tests = [l for l in open(os.path.join(build, "students", "alice", "results.tsv")).read().splitlines()[1:]
             if l.startswith(nn + "\t")]
    full[nn] = len(tests)
a, b, c = by.get("alice", {}), by.get("bob", {}), by.get("carol", {})
top = full["01"] + full["02"]
check(all(r["max"] == str(top) for r in rows) and top > 0, f"max = chapters 01 + 02 = {top}, every row")
check(a.get("ch01") == str(full["01"]) and a.get("ch02") == str(full["02"]) and a.get("total") == str(top)
      and a.get("late") == "", f"alice: full marks, on time: {a}")
check(b.get("ch01") == str(full["01"]) and b.get("ch02") == "0" and b.get("commit") == bob_commit
      and b.get("late") == "2" and "the first 2026-12-02 09:30" in b.get("note", ""),
      f"bob: graded at {bob_commit} (01 full, 02 the skeleton), 2 late commits from 09:30: {b}")
check(c.get("total") == "" and "not collected" in c.get("note", ""), f"carol: a row, not collected: {c}")
rep = open(os.path.join(build, "students", "bob", "report.md")).read()
check("bob" in rep.splitlines()[0] and "Late commits: **2**" in rep and bob_commit in rep,
      "bob's report.md names him, his commit and his late commits")
kept = glob.glob(os.path.join(build, "runs", "*_class", "class.csv"))
check(len(kept) >= 1 and os.path.exists(os.path.join(os.path.dirname(kept[-1]), "students", "bob", "report.md")),
      f"the run is kept: {[os.path.relpath(k, build) for k in kept]}")
sys.exit(1 if problems else 0)
EOF

stamped "$tmp/grade2.log" "$ROOT/pbm" grade --class "$tmp/class" --chapters 01-02 --deadline "$DEADLINE"
check "a second grading keeps what did not change" "$(grep -Eq 'alice: unchanged since its last grading, [0-9]+ / [0-9]+ tests \(100%\)' "$tmp/grade2.log" &&
  grep -Eq 'bob: unchanged since its last grading, [0-9]+ / [0-9]+ .*2 late commits' "$tmp/grade2.log"; echo $?)"
check "and keeps both runs" "$([[ $(find "$PBM_GRADE_CLASS_BUILD/runs" -name class.csv | wc -l) -ge 2 ]]; echo $?)"

say "bad uses: one line each, exit status 2"
printf 'student,repository\nalice,repos/alice\ndave\n' >"$tmp/bad-roster.csv"
bad() { # WANT-PATTERN ARGS...
  local want=$1 status=0
  shift
  "$ROOT/pbm" "$@" </dev/null >"$tmp/bad.out" 2>&1 || status=$?
  [[ $status == 2 && $(wc -l <"$tmp/bad.out") -eq 1 ]] && grep -q -- "$want" "$tmp/bad.out" ||
    fail "./pbm $* : status $status, output: $(cat "$tmp/bad.out")"
  say "  ok   ./pbm $* -> 2: $(cat "$tmp/bad.out")"
}
bad "unknown option '--bogus'" grade --bogus
bad "'1x' is not a chapter" grade --chapters 1x "$tmp/class/alice"
bad "no chapter 12" grade --chapters 01,12 --class "$tmp/class"
bad "'YYYY-MM-DD HH:MM'" grade --deadline "1 December" "$tmp/class/alice"
bad "is not a date" grade --deadline "2026-02-30 12:00" --class "$tmp/class"
bad "no repository for 'dave'" collect "$tmp/bad-roster.csv" -o "$tmp/class2"
bad "no roster file" collect "$tmp/no-such-roster.csv"
bad "unknown option '--bogus'" collect --bogus
check "a bad use left the class folder as it was" "$([[ -f $tmp/class/collect.tsv && ! -e $tmp/class2 ]]; echo $?)"
say "all checks passed"
