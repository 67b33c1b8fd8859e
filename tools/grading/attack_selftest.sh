#!/usr/bin/env bash
# Proves that a hand-in cannot read the answers or forge its score through
# ./pbm grade (README.md, "What a hand-in can and cannot do").
# In a temporary copy of the source tree with an instructor's private test
# planted (tests/private/01_secret_test.cpp: one test that passes on the
# reference, one that fails, each carrying a marker), it grades
# tools/grading/hostile_handin.py's hostile hand-in and its honest twin:
#   01  rotationField reads solutions/, tests/private/ and the grading tree,
#       by the grader's own paths and by relative guesses, and throws and
#       prints what it read; saddleField writes a forged score into the
#       reports and results.json, removes GoogleTest's premature-exit file,
#       prints passing lines and ends with status 0; eulerStep prints passing
#       lines and calls exit(0)
#   02  a file that #includes the private test and .incbin's a reference
# and checks, for the hostile hand-in graded confined by bubblewrap and again
# as an unprivileged user (runuser, the platforms' confinement; as root):
#   - no chapter scores above its honest twin (01: the three functions'
#     tests fail; 02: it does not build, while the twin scores full marks);
#   - no line of a reference or of the private test, and not the private
#     test's marker, is anywhere in what a student is shown (report.md,
#     junit.xml, the TSVs);
#   - no forged file was written; the private tests are reported by name and
#     verdict only.
# Usage: tools/grading/attack_selftest.sh   (exit 0: all checks passed)
set -euo pipefail
ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)"
LIMIT=5
say() { printf 'attack selftest: %s\n' "$*"; }
fail() {
  printf 'attack selftest FAILED: %s\n' "$*"
  exit 1
}
command -v bwrap >/dev/null || fail "bwrap is needed (./pbm deps installs bubblewrap)"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/pbm-attack.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS

# The copy: git's files, as the autograder package takes them.
src="$tmp/src"
mkdir -p "$src"
(cd "$ROOT" && git ls-files -z --cached --others --exclude-standard |
  while IFS= read -r -d '' f; do [[ -f $f ]] && printf '%s\0' "$f"; done |
  tar --null -T - -cf -) | tar -xf - -C "$src"
rm -rf "$src/tests/private"
mkdir -p "$src/tests/private"
cat >"$src/tests/private/01_secret_test.cpp" <<'EOF'
// An instructor's private test, planted by tools/grading/attack_selftest.sh:
// PRIVATE-MARKER-c0ffee: no student may see this line or the assertions below.
#include "../01_vector_field_test.h"

namespace {

TEST(Ch01Secret, RotationFieldQuarterTurnPRIVATEMARKER) {
  Eigen::Vector2d v = pbm::rotationField(Eigen::Vector2d(1.0, 0.0), 0.0);
  EXPECT_NEAR(v.y(), 1.0, 1e-15) << "PRIVATE-MARKER-c0ffee: the quarter turn of (1, 0) is (0, 1)";
}

TEST(Ch01Secret, PlantedToFailPRIVATEMARKER) {
  EXPECT_NEAR(pbm::saddleField(Eigen::Vector2d(1.0, 1.0), 0.0).x(), 2.0, 1e-15)
      << "PRIVATE-MARKER-c0ffee: planted to fail on the reference";
}

}  // namespace
EOF

# What the hand-in aims at: the copy's own paths (a hand-in can learn them:
# they are in every compiler message) and the guesses relative to where a
# test runs.
grade_tree="$src/build/grade"
aims=(--aim "$src/solutions" --aim "$src/tests/private" --aim "$src/tools/grading" --aim "$grade_tree"
  --aim ../../solutions/02_integrators/rk4.cpp --aim ../../../tests/private --aim solutions)
forges=()
for f in summary.tsv results.tsv junit.xml report.md logs/ch01_ctest.xml FORGED; do
  forges+=(--forge "$grade_tree/$f")
done
forges+=(--forge /autograder/results/results.json --forge "$src/FORGED")
python3 "$ROOT/tools/grading/hostile_handin.py" --root "$src" "${aims[@]}" "${forges[@]}" \
  --include "$src/tests/private/01_secret_test.cpp" --incbin "$src/solutions/02_integrators/rk4.cpp" \
  -o "$tmp/hostile" --honest "$tmp/honest" || fail "hostile_handin.py"

# grade NAME DIR [ENV...]: ./pbm grade in the copy; its reports kept in $tmp/NAME.
grade() {
  local name=$1 dir=$2 t0=$SECONDS
  shift 2
  env "$@" PBM_BUILD_DIR="$src/build" PBM_GRADE_BUILD="$grade_tree" "$src/pbm" grade --limit "$LIMIT" "$dir" \
    </dev/null >"$tmp/$name.log" 2>&1 || fail "./pbm grade of the $name hand-in: $(tail -n 5 "$tmp/$name.log")"
  mkdir -p "$tmp/$name"
  cp "$grade_tree"/{report.md,junit.xml,summary.tsv,results.tsv} "$tmp/$name/"
  cp "$tmp/$name.log" "$tmp/$name/console.log"
  say "$name: graded in $((SECONDS - t0)) s ($(grep -o 'confined[^)]*)\|UNCONFINED' "$tmp/$name.log" | head -n 1))"
}
grade honest "$tmp/honest"
grade hostile "$tmp/hostile"
if [[ $(id -u) == 0 ]] && command -v runuser >/dev/null; then
  # The platforms' confinement, as root: the hand-in compiles and runs as an
  # unprivileged user, the file modes the seal (this seals the copy).
  grade hostile-runuser "$tmp/hostile" PBM_GRADE_CONFINE=runuser PBM_GRADE_USER=nobody
else
  say "note: not root: the runuser confinement is not tried here"
fi

python3 - "$ROOT" "$src" "$tmp" <<'EOF' || fail "a hostile hand-in saw an answer or raised its score"
import os, sys
root, src, tmp = sys.argv[1:]
sys.path.insert(0, os.path.join(root, "tools", "grading"))
from grade_outcomes import Secrets
problems = []
def check(ok, what):
    print(f"  {'ok  ' if ok else 'FAIL'} {what}")
    if not ok:
        problems.append(what)
secrets = Secrets(src).lines + ["PRIVATE-MARKER-c0ffee"]
def summary(name):
    rows = {}
    for line in open(os.path.join(tmp, name, "summary.tsv")).read().splitlines()[1:]:
        c = line.split("\t")
        rows[c[0]] = (int(c[2]), int(c[3]), c[4])
    return rows
honest = summary("honest")
check(honest["01"][0] > 0 and honest["02"][2] == "passed", f"the honest twin: 01 {honest['01'][:2]}, 02 {honest['02']}")
for name in ("hostile", "hostile-runuser"):
    if not os.path.isdir(os.path.join(tmp, name)):
        continue
    got = summary(name)
    check(got["01"][2] in ("passed", "failed"), f"{name}: chapter 01 built and its tests ran ({got['01'][2]})")
    for nn in ("01", "02"):
        check(got[nn][0] <= honest[nn][0],
              f"{name}: chapter {nn} scores {got[nn][0]} / {got[nn][1]}, no more than its honest twin's {honest[nn][0]}")
    check(got["02"][2] == "build_failed", f"{name}: chapter 02 (#include and .incbin of the grader's files) "
          f"does not build: {got['02'][2]}")
    shown = {f: open(os.path.join(tmp, name, f), encoding="utf-8", errors="replace").read()
             for f in ("report.md", "junit.xml", "summary.tsv", "results.tsv", "console.log")}
    for f, text in shown.items():
        flat = " ".join(text.split())
        leaks = [s for s in secrets if s in flat]
        check(not leaks, f"{name}: {f} holds no line of a reference or a private test"
              + (f" (found: {leaks[0][:60]!r})" if leaks else ""))
    results = [l.split("\t") for l in shown["results.tsv"].splitlines()[1:]]
    private = [r for r in results if "PRIVATEMARKER" in r[1]]
    check(len(private) == 2 and all("private test" in r[3] or r[2] == "passed" for r in private),
          f"{name}: the private tests by name and verdict only: {[(r[1][9:30], r[2]) for r in private]}")
    twin = {l.split("\t")[1]: l.split("\t")[2]
            for l in open(os.path.join(tmp, "honest", "results.tsv")).read().splitlines()[1:]}
    raised = [r[1] for r in results if r[2] == "passed" and twin.get(r[1]) != "passed"]
    check(not raised, f"{name}: no test passes that fails for the honest twin"
          + (f" ({', '.join(raised[:3])})" if raised else ""))
    exits = [r for r in results if r[0] == "01" and "exited" in r[3] or "did not finish" in r[3]]
    check(exits, f"{name}: the tests that exit(0) are reported as ending mid-test: "
          + (exits[0][3][:90] if exits else "none"))
for forged in ("build/grade/FORGED", "FORGED"):
    check(not os.path.exists(os.path.join(src, forged)), f"no forged file {forged}")
sys.exit(1 if problems else 0)
EOF
say "all checks passed in $((SECONDS - start)) s"
