#!/usr/bin/env bash
# Measures the autograders against the platforms' limits (a script, not a
# timed test: the numbers depend on the machine).
#   tools/grading/autograder_measure.sh platform [CHAPTERS]   (default: all chapters)
#       prepares a grading tree for CHAPTERS as setup.sh does (unlimited, as
#       on the platform: the image is built before any submission), then per
#       chapter runs the Gradescope grading of a submission holding that
#       chapter's solution alone under one core (taskset -c 0) and a memory cap
#       of 768 MB (a cgroup: systemd-run --scope -p MemoryMax=768M, or a cgroup
#       v1 memory group where systemd is absent; else prlimit --as, a cap on
#       address space: stricter), and
#       prints seconds, its build and test times, and the peak RSS of the
#       largest compiler, linker and test process (rss_peaks.py: they run in
#       bubblewrap's namespaces, out of /usr/bin/time's sight). ccache is off
#       for these runs: a student's files are new to it.
#       Last, a submission of every chapter at once, under the same caps.
#   tools/grading/autograder_measure.sh class [STUDENTS]      (default 20)
#       a class of STUDENTS copies of exercises/, student i with chapters
#       i mod 11 and (i + 4) mod 11 solved, graded by ./pbm grade --class
#       twice (the second run finds nothing changed): hand-ins per hour.
#       ccache is off: the copies are identical, and a real class's files
#       are not, so a cache would serve every hand-in after the first.
# Output in build/measure/ (or PBM_BUILD_DIR/measure/); the grading trees are
# build/ag-measure and build/grade-class-measure, two levels below the sources
# as ./pbm grade's are, so ccache (base_dir) serves their common code. Run it
# under the machine's build lock if it is shared.
set -euo pipefail
ROOT="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.." && pwd)"
BUILD="${PBM_BUILD_DIR:-$ROOT/build}"
OUT="$BUILD/measure"
CAP=768
mkdir -p "$OUT"
say() { printf 'measure: %s\n' "$*"; }
chapters() { "$ROOT/pbm" chapters | tr " " _; }

# The memory cap: a cgroup, as the platforms' containers have (systemd's, or a
# cgroup v1 memory group made by hand), else an address-space limit (stricter:
# a compiler reserves more address space than it touches).
CGROUP_V1=/sys/fs/cgroup/memory/pbm-measure
cap_kind() {
  if systemd-run --quiet --scope -p MemoryMax=${CAP}M /bin/true >/dev/null 2>&1; then
    echo systemd
  elif [[ -f /sys/fs/cgroup/memory/memory.limit_in_bytes ]] && mkdir -p "$CGROUP_V1" 2>/dev/null &&
    echo $((CAP * 1024 * 1024)) >"$CGROUP_V1/memory.limit_in_bytes" 2>/dev/null; then
    echo v1
  else
    echo prlimit
  fi
}
capped() {
  case "$(cap_kind)" in
  systemd) systemd-run --quiet --scope -p MemoryMax=${CAP}M -p MemorySwapMax=0 "$@" ;;
  v1)
    # No swap either: memory + swap capped at the same size.
    echo $((CAP * 1024 * 1024)) >"$CGROUP_V1/memory.memsw.limit_in_bytes" 2>/dev/null || true
    bash -c 'echo $$ >"$1/cgroup.procs" && shift && exec "$@"' capped "$CGROUP_V1" "$@"
    ;;
  *) prlimit --as=$((CAP * 1024 * 1024)) "$@" ;;
  esac
}
cap_text() {
  case "$(cap_kind)" in
  systemd) echo "cgroup MemoryMax=${CAP}M (systemd-run --scope)" ;;
  v1) echo "cgroup v1 memory.limit_in_bytes=${CAP}M, no swap ($CGROUP_V1)" ;;
  *) echo "prlimit --as=${CAP}M (address space; no cgroup here)" ;;
  esac
}

platform() {
  local want="${1:-all}" list=() c
  for c in $(chapters); do
    [[ $want == all || ",$want," == *",${c:0:2},"* ]] && list+=("$c")
  done
  ((${#list[@]})) || { echo "measure: no chapters match '$want'" >&2; exit 2; }
  local conf="$OUT/assignment.conf" tree="$BUILD/ag-measure" work="$OUT/ag-handin" sub="$OUT/ag-submission"
  printf 'chapters=%s\nlimit=20\nbudget=120\n' "$(printf '%s\n' "${list[@]}" | cut -c1-2 | paste -sd, -)" >"$conf"
  say "prepare (setup.sh's build; not capped): ${list[*]}"
  local t0=$SECONDS
  python3 "$ROOT/tools/grading/autograder/autograde.py" prepare "$conf" --build "$tree" --work "$work" >"$OUT/prepare.log" 2>&1 ||
    { tail -n 20 "$OUT/prepare.log"; exit 1; }
  say "prepared in $((SECONDS - t0)) s; caps: taskset -c 0, $(cap_text)"
  local table="$OUT/platform.tsv"
  printf 'chapter\tseconds\tbuild_s\ttests_s\tcompile_mb\tlink_mb\ttest_mb\tscore\tmax\n' >"$table"
  local entry
  for entry in "${list[@]}" all; do
    rm -rf "$sub" && mkdir -p "$sub"
    if [[ $entry == all ]]; then
      for c in "${list[@]}"; do cp -r "$ROOT/solutions/$c" "$sub/"; done
    else
      cp -r "$ROOT/solutions/$entry" "$sub/"
    fi
    local log="$OUT/run-${entry:0:2}.log" res="$OUT/results-${entry:0:2}.json" peaks="$OUT/peaks-${entry:0:2}.json"
    t0=$SECONDS
    # No ccache: a student's files are new to it (the image's cache holds the
    # skeletons'), so every hand-in file is compiled as on the platform.
    CCACHE_DISABLE=1 capped taskset -c 0 python3 "$ROOT/tools/grading/autograder/rss_peaks.py" "$peaks" -- \
      python3 "$ROOT/tools/grading/autograder/autograde.py" gradescope "$conf" --build "$tree" --work "$work" \
      --submission "$sub" --results "$res" >"$log" 2>&1 || true
    local secs=$((SECONDS - t0)) build_s tests_s score max cmb lmb tmb
    build_s=$(sed -nE 's/.*: built in ([0-9]+) s, tests ran in ([0-9]+) s/\1/p' "$log" | paste -sd+ - | bc 2>/dev/null || echo "?")
    tests_s=$(sed -nE 's/.*: built in ([0-9]+) s, tests ran in ([0-9]+) s/\2/p' "$log" | paste -sd+ - | bc 2>/dev/null || echo "?")
    read -r score max < <(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["score"], sum(t["max_score"] for t in d["tests"]))' "$res" 2>/dev/null || echo "? ?")
    read -r cmb lmb tmb < <(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["compile"], d["link"], d["test"])' "$peaks" 2>/dev/null || echo "? ? ?")
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$entry" "$secs" "$build_s" "$tests_s" "$cmb" "$lmb" "$tmb" "$score" "$max" >>"$table"
    say "$entry: ${secs} s (build ${build_s} s, tests ${tests_s} s), peak RSS compile ${cmb} MB, link ${lmb} MB, test ${tmb} MB; score $score / $max"
  done
  column -t -s $'\t' "$table"
}

klass() {
  local n="${1:-20}" dir="$OUT/class" all i c k
  mapfile -t all < <(chapters)
  rm -rf "$dir" && mkdir -p "$dir"
  for ((i = 1; i <= n; i++)); do
    local s
    s="$(printf 'student%02d' "$i")"
    cp -r "$ROOT/exercises" "$dir/$s"
    for k in $((i % ${#all[@]})) $(((i + 4) % ${#all[@]})); do
      c="${all[$k]}"
      rm -rf "${dir:?}/$s/$c" && cp -r "$ROOT/solutions/$c" "$dir/$s/$c"
    done
  done
  say "a class of $n copies of exercises/, two chapters solved each: ./pbm grade --class"
  local t0=$SECONDS
  rm -rf "$BUILD/grade-class-measure"
  CCACHE_DISABLE=1 PBM_GRADE_CLASS_BUILD="$BUILD/grade-class-measure" "$ROOT/pbm" grade --class "$dir" | tee "$OUT/class.log"
  local first=$((SECONDS - t0))
  t0=$SECONDS
  CCACHE_DISABLE=1 PBM_GRADE_CLASS_BUILD="$BUILD/grade-class-measure" "$ROOT/pbm" grade --class "$dir" >"$OUT/class2.log"
  local second=$((SECONDS - t0))
  say "first run: $first s for $n hand-ins ($((n * 3600 / (first > 0 ? first : 1))) per hour, tree included)"
  say "second run (nothing changed): $second s; $(tail -n 2 "$OUT/class2.log" | head -n 1)"
  column -t -s, "$BUILD/grade-class-measure/class.csv" | head -n 5
}

case "${1:-}" in
platform) platform "${2:-all}" ;;
class) klass "${2:-20}" ;;
*)
  echo "usage: tools/grading/autograder_measure.sh platform [CHAPTERS] | class [STUDENTS]" >&2
  exit 2
  ;;
esac
