#!/usr/bin/env bash
# Proves the platforms' autograders (./pbm autograder, tools/grading/autograder/) here,
# without Docker or an account, and that an instructor's private tests count.
# Everything runs from a temporary copy of the source tree (never the
# repository itself) in which a private test tests/private/02_private_test.cpp
# is planted: two tests, Ch02Private.MidpointStepIsTaylorOnLinearDecay (passes
# on the reference) and Ch02Private.PlantedToFail (fails on it, with a message).
# First ./pbm grade in that copy grades a students' edition's fork (a folder
# holding exercises/02_* solved, 03_* the skeleton as handed out and 04_*
# begun, one file solved): its console (a progress line per chapter, the
# total "over 2 chapters handed in"), report.md and results.tsv name both
# private tests with their verdicts, and the nine chapters not handed in (03
# among them: an unchanged skeleton) are neither built nor counted.
# Then it makes the Gradescope zip for chapters 01, 02 and 04 (in the copy, so
# the private test is packaged), unzips it into a Gradescope-shaped root in a
# temporary folder (autograder/source, submission, results), binds that in as
# /autograder with bubblewrap (the system read-only beside it), runs setup.sh
# there once, then run_autograder on seven uploads:
#   skeletons   exercises/01, 02 and 04 at the top: every test fails, score 0
#   solutions   solutions/01, 02 and 04 inside exercises/: full marks but the
#               private test planted to fail (3 points, hidden by the points
#               file), which is in results.json with its name and message
#   edition     a fork of a students' edition (chapters 01-04, 01 released:
#               exercises/01-04, solutions/01 only), wrapped in one folder:
#               solved (01, 02, 04 from solutions/) as solutions above;
#               unsolved (the skeletons) 0
#   faulty      tools/grading/grade_selftest.sh's hand-in (01: an aborting, a
#               segfaulting, a looping, an exiting and an escaping function;
#               04: a compile error): each reported as such, 04 one entry with
#               its error line relative to the hand-in, nothing escaped,
#               results.json written
#   fork        a whole fork (zip-wrapped in one folder), chapter 04 solved in
#               its exercises/: 01 scores 0 (its chapters/ and solutions/
#               folders are not taken for the hand-in), 04 full marks
#   absent      an upload of unrelated files: the three chapters absent, 0,
#               with a message saying what was expected
#   honest,     tools/grading/hostile_handin.py's attacker (reads references
#   hostile     and private tests, forges results.json, exits 0 mid-test,
#               #includes the grader's files) and its honest twin; the hostile
#               one again as the unprivileged user (runuser): no score above
#               the twin's, no line of a reference or private test shown
# Every results.json is checked against tools/grading/autograder/gradescope.schema.json
# (validate.py: keys, types, status values, score = sum of the tests' scores).
# Then the same for PrairieLearn: its folder's source/ as /pbm/source, setup.sh,
# pl_entrypoint with chapter 01's solution files uploaded flat in /grade/student
# (as PrairieLearn's file upload gives them): 01 full, 04 absent, score = the
# fraction, validated against prairielearn.schema.json; then the attacker's
# hand-in as the unprivileged user.
# Cost: setup.sh builds the common code, chapters 01-04's references and 01/04's
# library code, scenes and tests: with a cold ccache 408 s of 2 (busy) cores,
# the whole self-test 524 s. ccache makes it cheap: the roots' paths are fixed
# (/autograder/source, /pbm/source) and ccache's base_dir is set, so the
# PrairieLearn setup hits what the Gradescope one compiled (4 s), and a later
# run with ccache's cache kept hits all of it. The grading tree sits where
# ./pbm grade keeps its own (source/build/grade) and PBM_WERROR is CI's, and
# the grading sandbox passes ccache's base_dir on: where ccache is set up with
# base_dir=/, CI's own grading of the same chapters compiled the same objects.
# Usage: tools/grading/autograder_selftest.sh   (exit 0: all checks passed)
#   PBM_AGTEST_GRADE_ONLY=1 tools/grading/autograder_selftest.sh   the ./pbm grade part only
set -euo pipefail
ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)"
CHAPTERS=01,02,04
LIMIT=5 # seconds per test: a looping function costs about 2 of these
say() { printf 'autograder selftest: %s\n' "$*"; }
fail() {
  printf 'autograder selftest FAILED: %s\n' "$*"
  exit 1
}
command -v bwrap >/dev/null || fail "bwrap is needed to lay out /autograder (./pbm deps installs bubblewrap)"

tmp="$(mktemp -d "${TMPDIR:-/tmp}/pbm-agtest.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS
ch() { "$ROOT/pbm" chapters | awk -v n="$1" '$1 == n { print $1 "_" $2 }'; }
ch01="$(ch 01)"
ch02="$(ch 02)"
ch04="$(ch 04)"

# The temporary copy of the source tree (git's files, as the package takes
# them; the working tree's state), with the private test planted.
src="$tmp/src"
mkdir -p "$src"
if git -C "$ROOT" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  (cd "$ROOT" && git ls-files -z --cached --others --exclude-standard |
    while IFS= read -r -d '' f; do [[ -f $f ]] && printf '%s\0' "$f"; done |
    tar --null -T - -cf -) | tar -xf - -C "$src"
else
  (cd "$ROOT" && tar --exclude=./build --exclude='./build-*' --exclude=./tests/private -cf - .) | tar -xf - -C "$src"
fi
rm -rf "$src/tests/private"
mkdir -p "$src/tests/private"
cat >"$src/tests/private/02_private_test.cpp" <<'EOF'
// An instructor's private test, planted by tools/grading/autograder_selftest.sh in a
// temporary copy of the source tree: one test that holds on the reference and
// one planted to fail there, each with a message.
#include "../02_integrators_test.h"

namespace {

using namespace ch02_test;

// DEB §2.2: one midpoint step on x' = lambda x multiplies x by
// 1 + h lambda + (h lambda)^2 / 2 (the Taylor series to second order).
TEST(Ch02Private, MidpointStepIsTaylorOnLinearDecay) {
  ScalarSystem s([](double x, double) { return -2.0 * x; }, 1.0);
  pbm::midpointStep(s, 0.1);
  EXPECT_NEAR(s.y(), 1.0 - 0.2 + 0.02, 1e-14)
      << "private: DEB §2.2: one midpoint step of h = 0.1 on x' = -2x from 1 gives 0.82";
}

TEST(Ch02Private, PlantedToFail) {
  ScalarSystem s([](double x, double) { return -2.0 * x; }, 1.0);
  pbm::midpointStep(s, 0.1);
  EXPECT_NEAR(s.y(), 0.5, 1e-15) << "private: planted to fail: expected 0.5, got " << s.y();
}

}  // namespace
EOF

# --- ./pbm grade in the copy: a students' edition's fork, two chapters ---
ed2="$tmp/up/edition-two/pbm-edition-main"
mkdir -p "$ed2/exercises"
cp -r "$ROOT/exercises/$(ch 03)" "$ROOT/exercises/$ch04" "$ed2/exercises/"
cp "$(find "$ROOT/solutions/$ch04" -name '*.cpp' | sort | head -n 1)" "$ed2/exercises/$ch04/"
cp -r "$ROOT/solutions/$ch02" "$ed2/exercises/"
echo "# a student's fork of an edition" >"$ed2/README.md"
t0=$SECONDS
PBM_BUILD_DIR="$src/build" PBM_GRADE_BUILD="$src/build/grade" "$src/pbm" grade --limit "$LIMIT" "$ed2" \
  </dev/null >"$tmp/grade-two.log" 2>&1 || fail "./pbm grade of the edition's fork: $(tail -n 5 "$tmp/grade-two.log")"
say "./pbm grade of a two-chapter edition fork: $((SECONDS - t0)) s"
grep -E '^pbm: [0-9]+ chapters? handed in|^\[[0-9]+/[0-9]+\] ch|^pbm: total' "$tmp/grade-two.log" | sed 's/^/  | /'
python3 - "$src/build/grade" "$tmp/grade-two.log" "$("$ROOT/pbm" chapters | wc -l)" <<'EOF' ||
import os, re, sys
build, log, nchapters = sys.argv[1], open(sys.argv[2]).read(), int(sys.argv[3])
problems = []
def check(ok, what):
    print(f"  {'ok  ' if ok else 'FAIL'} {what}")
    if not ok:
        problems.append(what)
rows = {l.split("\t")[0]: l.split("\t") for l in open(os.path.join(build, "summary.tsv")).read().splitlines()[1:]}
res = {l.split("\t")[1]: l.split("\t") for l in open(os.path.join(build, "results.tsv")).read().splitlines()[1:]}
report = open(os.path.join(build, "report.md")).read()
absent = nchapters - 2
check("is a whole fork: grading its exercises/" in log, "the fork's exercises/ is graded")
check(re.search(r"^\[1/2\] ch02 \w+: built in \d+ s, \d+ tests ran in \d+ s: \d+ / \d+ passed", log, re.M)
      and re.search(r"^\[2/2\] ch04 \w+: built in \d+ s, \d+ tests ran in \d+ s: \d+ / \d+ passed", log, re.M),
      "a progress line per chapter handed in (built, tested, score)")
p04, t04 = int(rows["04"][2]), int(rows["04"][3])
p02, t02 = int(rows["02"][2]), int(rows["02"][3])
total = f"total {p02 + p04}/{t02 + t04} "
check(total in log and f"over 2 chapters handed in; {absent} chapters not handed in" in log,
      f"the total counts the 2 chapters handed in and says so: {total.strip()}, {absent} not handed in")
check(all(rows[nn][4] == "not_handed_in" for nn in rows if nn not in ("02", "04")),
      f"the other {absent} chapters: not_handed_in")
check(not any(os.path.exists(os.path.join(build, "bin", f"ch{nn}_tests")) for nn in rows if nn not in ("02", "04")),
      "no test program of a chapter not handed in was built (a fresh grading tree)")
check("not handed in" in report and "has no .cpp files" not in report, "report.md: 'not handed in'")
check("03_stiffness/ is the skeleton, unchanged" in report, "report.md: 03, the skeleton as handed out, is not handed in")
ok, bad = "Ch02Private.MidpointStepIsTaylorOnLinearDecay", "Ch02Private.PlantedToFail"
check(res.get(ok, [""] * 3)[2] == "passed", f"results.tsv: the private {ok} passed")
check(res.get(bad, [""] * 4)[2] == "failed" and "planted to fail" not in res[bad][3]
      and "private test" in res[bad][3],
      f"results.tsv: the private {bad} failed, by name and verdict only: {res.get(bad, ['']*4)[3][:70]}")
check(ok in report and bad in report and "planted to fail" not in report,
      "report.md names both private tests and shows nothing of their text")
check(p02 == t02 - 1, f"chapter 02 solved: {p02} / {t02} (all but the one planted to fail)")
sys.exit(1 if problems else 0)
EOF
  fail "./pbm grade of the edition's fork with the private test"
if [[ ${PBM_AGTEST_GRADE_ONLY:-0} == 1 ]]; then # the ./pbm grade part alone (quicker, to try it)
  say "./pbm grade part passed (PBM_AGTEST_GRADE_ONLY=1: the platforms not tried) in $((SECONDS - start)) s"
  exit 0
fi

# A root where /autograder (or /pbm and /grade) is the temporary folder's: the
# system read-only, /proc the host's (a sandbox inside must mount its own),
# /tmp a folder of ours (to see what an escape wrote), ccache's cache writable.
cache="$(ccache -k cache_dir 2>/dev/null || true)"
in_root() { # in_root BIND:TARGET... -- COMMAND
  local -a cmd=(bwrap --die-with-parent)
  local top
  for top in usr bin sbin lib lib32 lib64 libx32 etc var opt; do
    if [[ -L /$top ]]; then
      cmd+=(--symlink "$(readlink "/$top")" "/$top")
    elif [[ -d /$top ]]; then
      cmd+=(--ro-bind "/$top" "/$top")
    fi
  done
  cmd+=(--dev /dev --bind /proc /proc --bind "$tmp/tmp" /tmp)
  cmd+=(--setenv TMPDIR /tmp)
  if [[ -n $cache ]]; then
    # The caller's cache; paths relative (base_dir), so the PrairieLearn root
    # (/pbm/source) hits what the Gradescope one (/autograder/source) compiled.
    # The grading sandbox passes CCACHE_* on to the build.
    mkdir -p "$cache"
    cmd+=(--bind "$cache" "$cache" --setenv CCACHE_DIR "$cache" --setenv CCACHE_BASEDIR /
      --setenv CCACHE_NOHASHDIR 1)
  fi
  while [[ $1 != -- ]]; do
    cmd+=(--bind "${1%%:*}" "${1#*:}")
    shift
  done
  shift
  "${cmd[@]}" --chdir / -- "$@"
}
mkdir -p "$tmp/tmp"

# --- Gradescope ----------------------------------------------------------
gs="$tmp/gs"
mkdir -p "$gs/source" "$gs/submission" "$gs/results"
printf '# the self-test'"'"'s points: chapter 04 is worth 10, one of 01'"'"'s tests is hidden, the private test planted to fail 3 and hidden\nch04 10\nch01 *Saddle* hidden\nch02 Ch02Private.PlantedToFail 3 hidden\n' >"$tmp/points.txt"
"$src/pbm" autograder gradescope --chapters "$CHAPTERS" --points "$tmp/points.txt" --limit "$LIMIT" \
  -o "$tmp/autograder.zip" || fail "./pbm autograder gradescope"
python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])' "$tmp/autograder.zip" "$gs/source"
chmod +x "$gs/source/setup.sh" "$gs/source/run_autograder" "$gs/source/pbm" # zipfile drops the modes
for f in setup.sh run_autograder pbm-assignment.conf pbm-points.txt; do
  [[ -f $gs/source/$f ]] || fail "the zip has no $f at its top"
done
# As tools/grading/grade_selftest.sh does: the looping tests must not stop chapter 01
# (which tests have started when two time out is a race); the stop itself is
# checked there.
echo "hang_after=99" >>"$gs/source/pbm-assignment.conf"
# What Gradescope does when it builds the image: run_autograder beside source/.
cp "$gs/source/run_autograder" "$gs/run_autograder"
export PBM_AUTOGRADER_BUILD=/autograder/source/build/grade # see Cost above
t0=$SECONDS
in_root "$gs:/autograder" -- bash /autograder/source/setup.sh >"$tmp/setup.log" 2>&1 ||
  fail "setup.sh failed: $(tail -n 5 "$tmp/setup.log")"
say "setup.sh: $((SECONDS - t0)) s ($(grep -o 'prepared.*' "$tmp/setup.log"))"

# run_autograder on the upload in $1 (a folder, copied as the submission); its
# results.json into $tmp/NAME.json, validated.
grade_upload() {
  local name=$1 upload=$2
  rm -rf "$gs/submission" "$gs/results" && mkdir -p "$gs/submission" "$gs/results"
  cp -r "$upload/." "$gs/submission/"
  local t0=$SECONDS
  in_root "$gs:/autograder" -- /autograder/run_autograder >"$tmp/$name.log" 2>&1 ||
    fail "$name: run_autograder failed: $(tail -n 5 "$tmp/$name.log")"
  [[ -f $gs/results/results.json ]] || fail "$name: no results.json ($tmp/$name.log)"
  cp "$gs/results/results.json" "$tmp/$name.json"
  python3 "$ROOT/tools/grading/autograder/validate.py" gradescope "$tmp/$name.json" || fail "$name: results.json is not valid"
  say "$name: graded in $((SECONDS - t0)) s, results.json valid"
}

mkdir -p "$tmp/up/skeletons" "$tmp/up/solutions/exercises" "$tmp/up/absent/notes"
cp -r "$ROOT/exercises/$ch01" "$ROOT/exercises/$ch02" "$ROOT/exercises/$ch04" "$tmp/up/skeletons/"
cp -r "$ROOT/solutions/$ch01" "$ROOT/solutions/$ch02" "$ROOT/solutions/$ch04" "$tmp/up/solutions/exercises/"
# A students' edition's fork (chapters 01-04, 01 released), wrapped in one
# folder as GitHub's zip does: unsolved as handed out, solved with 01, 02, 04.
for e in edition-unsolved edition-solved; do
  ed="$tmp/up/$e/pbm-edition-main"
  mkdir -p "$ed/exercises" "$ed/solutions" "$ed/tests"
  echo "# PBM Workbook, students' edition" >"$ed/README.md"
  cp -r "$ROOT/solutions/$ch01" "$ed/solutions/"
  for c in "$ch01" "$ch02" "$(ch 03)" "$ch04"; do cp -r "$ROOT/exercises/$c" "$ed/exercises/"; done
  cp "$ROOT/tests/${ch02}_test.h" "$ed/tests/"
done
for c in "$ch01" "$ch02" "$ch04"; do
  rm -rf "$tmp/up/edition-solved/pbm-edition-main/exercises/$c"
  cp -r "$ROOT/solutions/$c" "$tmp/up/edition-solved/pbm-edition-main/exercises/"
done
echo "int main() { return 0; }" >"$tmp/up/absent/notes/main.cpp"
# Made in the root, so the escape aims at /autograder/source/tools/ and /tmp there.
escape="$(PBM_SELFTEST_SOLUTIONS=/solutions in_root "$gs:/autograder" "$tmp/up:/up" "$ROOT/solutions:/solutions" -- \
  bash /autograder/source/tools/grading/grade_selftest.sh --make-handin /up/faulty)" ||
  fail "tools/grading/grade_selftest.sh --make-handin"
read -r _ esc_repo esc_tmp <<<"$escape"
[[ $esc_repo == /autograder/* && $esc_tmp == /tmp/* ]] || fail "unexpected escape targets: $escape"
esc_repo="$gs${esc_repo#/autograder}"
esc_tmp="$tmp/tmp/${esc_tmp#/tmp/}"
# The fork: the repository as git has it, wrapped as GitHub's zip does, 04 solved.
mkdir -p "$tmp/up/fork/pbm-workbook-main"
(cd "$gs/source" && tar -cf - --exclude=./build --exclude=./pbm-assignment.conf --exclude=./pbm-points.txt \
  --exclude=./tests/private .) |
  tar -xf - -C "$tmp/up/fork/pbm-workbook-main"
rm -rf "$tmp/up/fork/pbm-workbook-main/exercises/$ch04"
cp -r "$ROOT/solutions/$ch04" "$tmp/up/fork/pbm-workbook-main/exercises/"

# An attacker's hand-in (tools/grading/hostile_handin.py) aimed at the
# root's own paths, and its honest twin: the hostile one reads references and
# private tests, forges results.json, exits with status 0 from a test.
hostile() { # hostile SOURCE-ROOT RESULTS-FILE OUT-DIR [HONEST-DIR]
  local root=$1 results=$2 out=$3
  shift 3
  python3 "$ROOT/tools/grading/hostile_handin.py" --root "$src" --aim "$root/solutions" \
    --aim "$root/tests/private" --aim "$root/tools" --aim "$root/build" --aim "$root/../pbm-build" \
    --aim ../../solutions --aim ../../../tests/private --forge "$results" --forge "$root/FORGED" \
    --include "$root/tests/private/02_private_test.cpp" --incbin "$root/solutions/$ch02/rk4.cpp" \
    -o "$out" ${1:+--honest "$1"} || fail "hostile_handin.py"
}
hostile /autograder/source /autograder/results/results.json "$tmp/up/hostile" "$tmp/up/honest"

for name in skeletons solutions edition-solved edition-unsolved faulty fork absent honest hostile; do
  grade_upload "$name" "$tmp/up/$name"
done
# The platforms' own confinement where bubblewrap cannot run: the hostile
# hand-in once more as the unprivileged user (runuser; the file modes seal
# the root).
PBM_AUTOGRADER_CONFINE=runuser grade_upload hostile-runuser "$tmp/up/hostile"
[[ ! -e $gs/FORGED && ! -e $gs/source/FORGED ]] || fail "hostile: a forged file was written into the root"
grep -h "^Grading\|confine" "$tmp/skeletons.log" | head -n 3 || true

python3 - "$tmp" "$src" "$ch01" "$ch02" "$ch04" "$esc_repo" "$esc_tmp" "$ROOT" <<'EOF' || fail "the Gradescope results are not as expected"
import glob, json, os, re, sys
tmp, root, ch01, ch02, ch04, esc_repo, esc_tmp, repo = sys.argv[1:]
problems = []
def check(ok, what):
    print(f"  {'ok  ' if ok else 'FAIL'} {what}")
    if not ok:
        problems.append(what)
def load(name):
    return json.load(open(os.path.join(tmp, name + ".json")))
def declared(c):
    n = 0
    files = [os.path.join(root, "tests", f) for f in os.listdir(os.path.join(root, "tests"))
             if f.startswith(c + "_test") and f.endswith(".cpp")]
    for f in files + glob.glob(os.path.join(root, "tests", "private", c[:2] + "_*.cpp")):
        n += len(re.findall(r"^\s*TEST(?:_F)?\s*\(", open(f).read(), re.M))
    # and tests/every_scene_test.cpp's one test (every scene of its scenes.h)
    return n + os.path.exists(os.path.join(root, "chapters", c, "scenes.h"))
def chapter(data, nn):
    return [t for t in data["tests"] if t["name"].startswith(f"ch{nn} ")]
n01, n02, n04 = declared(ch01), declared(ch02), declared(ch04)
full = n01 + (n02 - 1) + 3 + 10.0  # 1 per test of 01 and 02 but the private one planted to fail (3), 04 worth 10
planted, private_ok = "ch02 Ch02Private.PlantedToFail", "ch02 Ch02Private.MidpointStepIsTaylorOnLinearDecay"

d = load("skeletons")
check(d["score"] == 0 and len(d["tests"]) == n01 + n02 + n04,
      f"skeletons: score 0, {len(d['tests'])} tests = {n01} + {n02} + {n04} declared (02's private tests among them)")
check(all(t["status"] == "failed" for t in d["tests"]), "skeletons: every test failed")
check(abs(sum(t["max_score"] for t in d["tests"]) - full) < 1e-3, f"skeletons: the tests' max_score sum to {full:g}")
check(any(t["visibility"] == "hidden" and "Saddle" in t["name"] for t in d["tests"]), "points file: a Saddle test is hidden")
check("Grading: confined" in d["output"], "the output says which confinement was used: "
      + d["output"].rsplit("Grading:", 1)[-1].strip())
check(d["output_format"] == "md" and d["stdout_visibility"] == "hidden", "output is Markdown, stdout hidden")

def solved(name):
    d = load(name)
    check(abs(d["score"] - (full - 3)) < 1e-3 and all(t["status"] == "passed" for t in d["tests"]
                                                     if t["name"] != planted),
          f"{name}: full marks but the private test planted to fail: {d['score']:g} / {full:g}")
    by = {t["name"]: t for t in d["tests"]}
    p, f = by.get(private_ok), by.get(planted)
    check(p is not None and p["status"] == "passed" and p["score"] == 1 and p["visibility"] == "after_due_date",
          f"{name}: the private {private_ok} is in results.json, passed, 1 point, after_due_date (the default)")
    check(f is not None and f["status"] == "failed" and f["score"] == 0 and f["max_score"] == 3
          and f["visibility"] == "hidden" and "planted to fail" not in f["output"],
          f"{name}: the private {planted}: failed, 0 / 3, hidden (points file), nothing of its text: "
          + (f["output"].splitlines()[0][:70] if f else "(absent)"))
    return d

d = solved("solutions")
check(re.match(r"ch\d\d \w+\.\w+$", d["tests"][0]["name"]) is not None, f"a test's name: {d['tests'][0]['name']}")
d = solved("edition-solved")
check(f"pbm-edition-main/exercises/{ch02}" in d["output"], "edition-solved: the table says 02 came from the fork's exercises/")
d = load("edition-unsolved")
check(d["score"] == 0 and len(d["tests"]) == n01 + n02 + n04 and all(t["status"] == "failed" for t in d["tests"]),
      f"edition-unsolved: every test of 01, 02, 04 failed, score 0 ({len(d['tests'])} tests)")

d = load("faulty")
t01, t04 = chapter(d, ch01[:2]), chapter(d, ch04[:2])
check(len(t01) == n01, f"faulty: chapter 01's {n01} tests each reported ({len(t01)})")
heads = {t["output"].split(":", 1)[0].split("\n", 1)[0] for t in t01 if t["status"] == "failed"}
for want in ("ABORTED", "CRASHED"):
    check(want in heads, f"faulty: a test of 01 is reported {want}")
check("TIMEOUT" in heads or "NOT RUN" in heads, "faulty: the looping test is reported TIMEOUT (or NOT RUN)")
for frag, want in (("Saddle", "ABORTED"), ("StiffBowl", "CRASHED"), ("InterfaceSetGet", "CRASHED")):
    for t in t01:
        if frag in t["name"]:
            check(t["status"] == "failed" and t["output"].startswith(want), f"faulty: {t['name']}: {t['output'][:40]!r}")
check(len(t04) == 1 and t04[0]["score"] == 0 and abs(t04[0]["max_score"] - 10) < 1e-3,
      f"faulty: chapter 04 (compile error) is one entry, 0 of 10")
out04 = t04[0]["output"] if t04 else ""
check(re.search(r"(^|\s)" + re.escape(ch04) + r"/\w+\.cpp:\d+(:\d+)?: error", out04, re.M) is not None,
      "faulty: 04's compiler error line, relative to the hand-in: "
      + next((l for l in out04.splitlines() if ": error" in l), "(none)")[:100])
check("/autograder" not in json.dumps(d), "faulty: no absolute /autograder path in results.json")
check(not os.path.exists(esc_repo) and not os.path.exists(esc_tmp),
      "faulty: the escaping function wrote nothing (source/tools/, /tmp)")
print("  results.json excerpt (faulty):")
for t in [t for t in t01 if t["status"] == "failed" and not t["output"].startswith("failed")][:3] + t04:
    print("    " + json.dumps({k: t[k] for k in ("name", "score", "max_score", "status")})
          + " output: " + t["output"].splitlines()[0][:110])

d = load("fork")
s01 = sum(t["score"] for t in chapter(d, ch01[:2]))
s04 = sum(t["score"] for t in chapter(d, ch04[:2]))
check(s01 == 0 and abs(s04 - 10) < 1e-3, f"fork: 01 from the fork's exercises/ scores 0 ({s01:g}), 04 full ({s04:g} / 10)")
check(f"pbm-workbook-main/exercises/{ch04}" in d["output"], "fork: the table says where 04 was found")

sys.path.insert(0, os.path.join(repo, "tools", "grading"))
from grade_outcomes import Secrets
secret_lines = Secrets(os.path.join(tmp, "gs", "source")).lines
def passed(d, nn):
    return sum(1 for t in chapter(d, nn) if t["status"] == "passed")
honest = load("honest")
check(passed(honest, ch01[:2]) > 0 and passed(honest, ch02[:2]) == n02 - 1,
      f"honest twin: 01 {passed(honest, ch01[:2])} passed, 02 {passed(honest, ch02[:2])} (all but the planted)")
for name in ("hostile", "hostile-runuser"):
    d = load(name)
    check(len(chapter(d, ch01[:2])) == n01, f"{name}: chapter 01 built and its {n01} tests ran "
          f"({len(chapter(d, ch01[:2]))} entries: " + chapter(d, ch01[:2])[0]["output"][:80].replace("\n", " ") + ")")
    for nn in (ch01[:2], ch02[:2]):
        check(passed(d, nn) <= passed(honest, nn),
              f"{name}: chapter {nn}: {passed(d, nn)} tests passed, no more than the honest twin's {passed(honest, nn)}")
    check(d["score"] <= honest["score"], f"{name}: score {d['score']:g} <= the honest twin's {honest['score']:g}")
    flat = " ".join(json.dumps(d).replace("\\n", "\n").split())
    leaks = [l for l in secret_lines if l in flat]
    check(not leaks and "private: planted" not in flat and "thread_local" not in flat,
          f"{name}: results.json holds no line of a reference or a private test"
          + (f" (found {leaks[0][:60]!r})" if leaks else ""))
    check("1000" not in json.dumps(d["score"]), f"{name}: not the forged score")

d = load("absent")
check(d["score"] == 0 and len(d["tests"]) == 3, f"absent: 0, one entry per chapter ({len(d['tests'])})")
check(all("expected a folder" in t["output"] for t in d["tests"]), "absent: says what was expected: "
      + (d["tests"][0]["output"][:90] if d["tests"] else ""))
sys.exit(1 if problems else 0)
EOF

# --- PrairieLearn --------------------------------------------------------
pl="$tmp/pl"
"$src/pbm" autograder prairielearn --chapters "$CHAPTERS" --limit "$LIMIT" -o "$pl/image" ||
  fail "./pbm autograder prairielearn"
for f in Dockerfile info.json source/setup.sh source/pl_entrypoint; do
  [[ -f $pl/image/$f ]] || fail "the PrairieLearn folder has no $f"
done
mkdir -p "$pl/pbm" "$pl/grade/student" "$pl/grade/results"
mv "$pl/image/source" "$pl/pbm/source"
export PBM_AUTOGRADER_BUILD=/pbm/source/build/grade
t0=$SECONDS
in_root "$pl/pbm:/pbm" -- bash /pbm/source/setup.sh >"$tmp/pl-setup.log" 2>&1 ||
  fail "PrairieLearn: setup.sh failed: $(tail -n 5 "$tmp/pl-setup.log")"
say "PrairieLearn setup.sh: $((SECONDS - t0)) s"
cp "$ROOT/solutions/$ch01/"*.cpp "$pl/grade/student/"
t0=$SECONDS
in_root "$pl/pbm:/pbm" "$pl/grade:/grade" -- /pbm/source/pl_entrypoint >"$tmp/pl.log" 2>&1 ||
  fail "pl_entrypoint failed: $(tail -n 5 "$tmp/pl.log")"
python3 "$ROOT/tools/grading/autograder/validate.py" prairielearn "$pl/grade/results/results.json" ||
  fail "PrairieLearn: results.json is not valid"
say "PrairieLearn: graded in $((SECONDS - t0)) s, results.json valid"
python3 - "$pl/grade/results/results.json" "$ch01" "$ch04" <<'EOF' || fail "the PrairieLearn results are not as expected"
import json, sys
d = json.load(open(sys.argv[1]))
c01, c04 = sys.argv[2][:2], sys.argv[3][:2]
t01 = [t for t in d["tests"] if t["name"].startswith(f"ch{c01} ")]
t04 = [t for t in d["tests"] if t["name"].startswith(f"ch{c04} ")]
got = sum(t["points"] for t in t01)
full = sum(t["max_points"] for t in d["tests"])
ok = (d["gradable"] and t01 and got == sum(t["max_points"] for t in t01) and len(t04) == 1
      and t04[0]["points"] == 0 and "expected a folder" in t04[0]["output"]
      and abs(d["score"] - got / full) < 1e-3)
print(f"  {'ok  ' if ok else 'FAIL'} PrairieLearn: flat files of 01 full marks ({got:g}), 04 absent, "
      f"score {d['score']:.3f} = {got:g} / {full:g}")
sys.exit(0 if ok else 1)
EOF
# PrairieLearn, the attacker's hand-in as the unprivileged user: no more
# tests passed than its honest twin's on Gradescope, nothing private shown.
rm -rf "$pl/grade/student" "$pl/grade/results" && mkdir -p "$pl/grade/student" "$pl/grade/results"
hostile /pbm/source /grade/results/results.json "$pl/grade/student"
PBM_AUTOGRADER_CONFINE=runuser in_root "$pl/pbm:/pbm" "$pl/grade:/grade" -- /pbm/source/pl_entrypoint \
  >"$tmp/pl-hostile.log" 2>&1 || fail "pl_entrypoint (hostile) failed: $(tail -n 5 "$tmp/pl-hostile.log")"
python3 "$ROOT/tools/grading/autograder/validate.py" prairielearn "$pl/grade/results/results.json" ||
  fail "PrairieLearn (hostile): results.json is not valid"
python3 - "$pl/grade/results/results.json" "$tmp/honest.json" "$pl/pbm/source" "$ROOT" <<'EOF' ||
import json, os, sys
pl, honest, source, repo = sys.argv[1:]
sys.path.insert(0, os.path.join(repo, "tools", "grading"))
from grade_outcomes import Secrets
d, h = json.load(open(pl)), json.load(open(honest))
n01 = sum(1 for t in h["tests"] if t["name"].startswith("ch01 "))
ok = sum(1 for t in d["tests"] if t["name"].startswith("ch01 ")) == n01
print(f"  {'ok  ' if ok else 'FAIL'} PrairieLearn (hostile, runuser): chapter 01 built and its {n01} tests ran")
for nn in ("01", "02"):
    got = sum(1 for t in d["tests"] if t["name"].startswith(f"ch{nn} ") and t["points"] > 0)
    twin = sum(1 for t in h["tests"] if t["name"].startswith(f"ch{nn} ") and t["status"] == "passed")
    good = got <= twin
    ok &= good
    print(f"  {'ok  ' if good else 'FAIL'} PrairieLearn (hostile, runuser): chapter {nn}: {got} tests passed, "
          f"no more than the honest twin's {twin}")
flat = " ".join(json.dumps(d).replace("\\n", "\n").split())
leaks = [l for l in Secrets(source).lines if l in flat]
good = not leaks and "private: planted" not in flat
ok &= good
print(f"  {'ok  ' if good else 'FAIL'} PrairieLearn (hostile, runuser): results.json holds no line of a reference or "
      f"a private test" + (f" (found {leaks[0][:60]!r})" if leaks else ""))
sys.exit(0 if ok else 1)
EOF
  fail "the hostile hand-in on PrairieLearn"
[[ ! -e $pl/pbm/source/FORGED ]] || fail "PrairieLearn (hostile): a forged file was written"
say "all checks passed in $((SECONDS - start)) s"
