#!/usr/bin/env bash
# Proves that ./pbm grade can be trusted with a hostile or broken hand-in.
# Builds a throw-away hand-in in a temporary folder from solutions/, with
# faults injected (nothing of it is committed), grades it per chapter and
# checks the outcome:
#   chapter 01  solutions/ with saddleField calling std::abort(), stiffBowlField
#               writing through a null pointer, phasePlaneField looping
#               forever, FieldPoint::dim exiting the test program with status 0
#               and spiralSinkField writing files outside its scratch
#               folder (into the repository's tools/ and /tmp): every test is
#               reported with its outcome (aborted, crashed, timeout: all
#               failures), the files were not written, grading ends in bounded
#               time. The looping tests must not stop the chapter here
#               (PBM_GRADE_HANG_AFTER=99): with two tests at a time, which tests have
#               started when they time out is a race. The stop itself (not_run
#               once two tests timed out) is checked on grade_sandbox.py alone.
#   chapter 04  solutions/ plus a line that does not compile: build_failed, the
#               compiler's error line in report.md, an error in junit.xml
#   chapter 06  solutions/ as they are: full marks, although the hand-in's
#               chapter 04 (which 06 builds on) does not compile
#   02, 03, 05  left out: not handed in, outside the total
# Then chapter 06 alone once more where bwrap fails (as without namespaces):
# it must still grade, unconfined, with its one-line warning.
# Usage: tools/grading/grade_selftest.sh   (exit 0: all checks passed). The grading
# tree is build/grade-selftest (PBM_BUILD_DIR/grade-selftest), beside build/grade.
#   tools/grading/grade_selftest.sh --make-handin DIR   only writes that faulty hand-in
#   (chapters 01, 04, 06) into DIR, grades nothing, and prints the two files its
#   escaping function writes ("escape: FILE FILE"); tools/grading/autograder_selftest.sh
#   gives it to the platforms' autograders.
set -euo pipefail
ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${PBM_BUILD_DIR:-$ROOT/build}"
export PBM_GRADE_BUILD="$BUILD/grade-selftest"
LIMIT=5 # seconds per test: a looping function costs about 2 of these
BOUND=600 # seconds: grading this hand-in must end within it (builds included)

tmp="$(mktemp -d "${TMPDIR:-/tmp}/pbm-selftest.XXXXXX")"
escaped_repo="$ROOT/tools/ESCAPED_BY_HANDIN"
escaped_tmp="/tmp/pbm-escaped-by-handin-$$"
cleanup() { rm -rf "$tmp" "$escaped_tmp" "$escaped_repo"; }
trap cleanup EXIT
handin="$tmp/handin"
make_only=0
if [[ ${1:-} == --make-handin ]]; then
  [[ -n ${2:-} ]] || { echo "usage: tools/grading/grade_selftest.sh --make-handin DIR" >&2; exit 2; }
  make_only=1
  handin="$2"
fi
mkdir -p "$handin"

say() { printf 'selftest: %s\n' "$*"; }
fail() {
  printf 'selftest FAILED: %s\n' "$*"
  exit 1
}

chapter_dir() { "$ROOT/pbm" chapters | awk -v nn="$1" '$1 == nn { print $1 "_" $2 }'; }
ch01="$(chapter_dir 01)"
ch04="$(chapter_dir 04)"
ch06="$(chapter_dir 06)"
[[ -n $ch01 && -n $ch04 && -n $ch06 ]] || fail "chapters 01, 04 and 06 must be configured"
# PBM_SELFTEST_SOLUTIONS: where the references come from when this runs in an
# autograder's root, whose package carries only the references it links.
for c in "$ch01" "$ch04" "$ch06"; do cp -r "${PBM_SELFTEST_SOLUTIONS:-$ROOT/solutions}/$c" "$handin/$c"; done

# Inserts CODE at the start of the body of the definition of FUNCTION in FILE.
inject() {
  python3 - "$1" "$2" "$3" <<'EOF'
import re, sys
path, name, code = sys.argv[1:]
text = open(path, encoding="utf-8").read()
m = re.search(r"\b" + re.escape(name) + r"\s*\([^;{]*\)\s*(?:const\s*)?\{", text)
if not m:
    sys.exit(f"selftest: no definition of {name} in {path}")
text = text[:m.end()] + "\n  " + code + "\n" + text[m.end():]
open(path, "w", encoding="utf-8").write("#include <cstdlib>\n#include <fstream>\n" + text)
EOF
}
fields="$handin/$ch01/fields.cpp"
inject "$fields" saddleField "std::abort();"
inject "$fields" stiffBowlField "{ volatile int* volatile p = nullptr; *p = 42; }"
inject "$fields" phasePlaneField "for (volatile bool on = true; on;) {}"
inject "$fields" spiralSinkField \
  "{ std::ofstream a(\"$escaped_repo\"); a << 1; std::ofstream b(\"$escaped_tmp\"); b << 1; }"
inject "$handin/$ch01/field_point.cpp" FieldPoint::dim "std::exit(0);"
broken="$(find "$handin/$ch04" -name '*.cpp' | sort | head -n 1)"
echo "this line is not C++;" >>"$broken"
if ((make_only)); then
  echo "escape: $escaped_repo $escaped_tmp"
  exit 0
fi

say "grading a hand-in with faults: $handin (tree: ${PBM_GRADE_BUILD#"$ROOT"/})"
start=$SECONDS
PBM_GRADE_HANG_AFTER=99 "$ROOT/pbm" grade --limit "$LIMIT" "$handin" </dev/null | tee "$tmp/grade.log" || fail "./pbm grade failed"
elapsed=$((SECONDS - start))
say "graded in $elapsed s (bound $BOUND s)"

python3 - "$PBM_GRADE_BUILD" "$ROOT" "$tmp" "$elapsed" "$BOUND" "$escaped_repo" "$escaped_tmp" \
  "${ch01:0:2}" "${ch04:0:2}" "${ch06:0:2}" "$ROOT/tests/${ch01}_test.cpp" <<'EOF' ||
import glob, os, re, sys
import xml.etree.ElementTree as ET
build, root, tmp, elapsed, bound, esc_repo, esc_tmp, c01, c04, c06, test01 = sys.argv[1:]
problems = []
def check(ok, what):
    print(f"  {'ok  ' if ok else 'FAIL'} {what}")
    if not ok:
        problems.append(what)

rows = {}
with open(os.path.join(build, "summary.tsv")) as f:
    for line in f.read().splitlines()[1:]:
        nn, topic, passed, total, status, mode = line.split("\t")
        rows[nn] = (int(passed), int(total), status, mode)
results = {}
with open(os.path.join(build, "results.tsv")) as f:
    for line in f.read().splitlines()[1:]:
        nn, test, status, msg = (line.split("\t") + [""])[:4]
        results.setdefault(nn, []).append((test, status, msg))

check(all(r[3] == "per_chapter" for r in rows.values()), "the report says per_chapter")
p, t, st, _ = rows[c06]
check(st == "passed" and p == t > 0, f"chapter {c06} (solutions) full marks despite a broken {c04}: {p}/{t} {st}")
check(rows[c04][2] == "build_failed", f"chapter {c04} is build_failed: {rows[c04][2]}")
for nn, r in rows.items():
    if nn not in (c01, c04, c06):
        check(r[2] in ("not_handed_in", "not_configured") and r[0] == 0, f"chapter {nn} left out: {r[2]}, 0")

# The TESTs of its test files (NN_topic_test.cpp and its parts
# NN_topic_test_*.cpp), and tests/every_scene_test.cpp's one test (every
# scene of its scenes.h headless).
parts = [test01] + sorted(glob.glob(test01[:-len(".cpp")] + "_*.cpp"))
declared = sum(len(re.findall(r"^\s*TEST(?:_F)?\s*\(", open(f).read(), re.M)) for f in parts)
declared += os.path.exists(os.path.join(
    root, "chapters", os.path.basename(test01)[:-len("_test.cpp")], "scenes.h"))
got = results.get(c01, [])
check(len(got) == declared == rows[c01][1], f"chapter {c01}: all {declared} tests reported ({len(got)})")
outcomes = {s for _, s, _ in got}
for want in ("aborted", "crashed", "timeout"):
    check(want in outcomes, f"chapter {c01}: a test is reported {want}")
# A test that calls a broken function ends that way.
for fragment, want in (("Saddle", "aborted"), ("StiffBowl", "crashed"),
                       ("PhasePlane", "timeout"), ("InterfaceSetGet", "crashed")):
    for test, status, _ in got:
        if fragment in test:
            check(status == want, f"{test}: {status} (expected {want})")
check(outcomes <= {"passed", "failed", "aborted", "crashed", "timeout"},
      f"chapter {c01}: outcomes {sorted(outcomes)}")
npass = sum(1 for _, s, _ in got if s == "passed")
check(rows[c01][0] == npass < len(got), f"chapter {c01}: {npass} passed, the rest count as failures")

report = open(os.path.join(build, "report.md")).read()
sec04 = report.split(f"## {c04}", 1)[-1].split("\n## ", 1)[0]
check(re.search(r"\.cpp:\d+(:\d+)?: error", sec04) is not None, f"report.md shows chapter {c04}'s error line")
check(root not in report and tmp not in report, "report.md holds no absolute path of the repository or hand-in")
junit = ET.parse(os.path.join(build, "junit.xml")).getroot()
suites = {s.get("name")[2:4]: s for s in junit.iter("testsuite")}
check(int(suites[c04].get("errors")) > 0 and int(suites[c04].get("failures")) == 0,
      f"junit.xml: chapter {c04}'s build failure is errors={suites[c04].get('errors')}, not failures")
check(int(suites[c01].get("failures")) == len(got) - npass, f"junit.xml: chapter {c01} failures = {len(got) - npass}")
check(int(elapsed) <= int(bound), f"graded in {elapsed} s <= {bound} s")
confined = "run UNCONFINED" not in open(os.path.join(tmp, "grade.log")).read()
if confined:
    check(not os.path.exists(esc_repo), f"no file written into the repository ({os.path.relpath(esc_repo, root)})")
    check(not os.path.exists(esc_tmp), f"no file written into /tmp ({esc_tmp})")
else:
    print("  note: no sandbox here, so the escape is not checked")
sys.exit(1 if problems else 0)
EOF
  fail "grading the faulty hand-in"

# The stop for a hanging chapter: with two timeouts on record, the next test
# of that chapter is not run.
hang="$tmp/hang"
mkdir -p "$hang/state/true" # a chapter's state is kept per test program: true here
touch "$hang/state/true/timeout.1" "$hang/state/true/timeout.2"
out="$(python3 "$ROOT/tools/grading/grade_sandbox.py" test --build "$hang" --limit 5 --hang-after 2 --budget 60 \
  --confine none -- /bin/true 2>&1)" && fail "a test ran after two timeouts: $out"
[[ $out == *"outcome=not_run"* ]] || fail "after two timeouts, expected outcome=not_run; got: $out"
say "  ok   after two timeouts a chapter's next test is not run (grade_sandbox.py)"

keep="$PBM_GRADE_BUILD/faulty-handin" # the reports, to read after the fallback's overwrite them
mkdir -p "$keep"
cp "$PBM_GRADE_BUILD"/{report.md,junit.xml,summary.tsv,results.tsv} "$keep/"
say "its reports: ${keep#"$ROOT"/}/"

# The fallback: bubblewrap fails as it does where namespaces are unavailable
# (a stand-in bwrap first on PATH); chapter 06 alone.
rm -rf "${handin:?}/$ch01" "${handin:?}/$ch04"
mkdir -p "$tmp/bin"
printf '#!/bin/sh\necho "bwrap: No permissions to create new namespace (selftest stand-in)" >&2\nexit 1\n' \
  >"$tmp/bin/bwrap"
chmod +x "$tmp/bin/bwrap"
say "grading chapter $ch06 alone where bwrap cannot make a sandbox (the fallback)"
PATH="$tmp/bin:$PATH" "$ROOT/pbm" grade --limit "$LIMIT" "$handin" </dev/null >"$tmp/fallback.log" 2>&1 ||
  fail "./pbm grade without a sandbox failed: $(tail -n 3 "$tmp/fallback.log")"
grep "run UNCONFINED" "$tmp/fallback.log" || fail "no warning that the hand-in ran unconfined"
IFS=$'\t' read -r _ _ passed total status _ < <(grep "^${ch06:0:2}	" "$PBM_GRADE_BUILD/summary.tsv")
[[ $status == passed && $passed == "$total" ]] || fail "chapter $ch06 without the sandbox: $passed/$total $status"
say "  ok   without the sandbox chapter $ch06 still grades: $passed/$total, with the warning"
say "all checks passed"
