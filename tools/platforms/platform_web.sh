#!/usr/bin/env bash
# The web build against the native one (issue 37, step 1), on this machine:
#   tools/platforms/check_platforms.sh web [--stages LIST] [--native-build DIR]
# Stages (all by default, in this order):
#   tests   ./pbm test --web --exercises none: every chapter's tests and programs built with
#           emscripten into build/web-node/, the tests run by ctest under node
#   csv     every scene's default headless CSV, once by node from
#           build/web-node/bin/chNN_topic.js and once by the native program
#           (DIR/bin, default build/; a missing one is built as ./pbm run
#           builds it), compared cell by cell by tools/platforms/csv_digits.py into
#           build/platforms/web/csv/compare.md
# The last line is "platform web (emscripten VERSION, node VERSION): ok; ...".
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.."
ROOT="$PWD"
say() { printf 'check_platforms web: %s\n' "$*" >&2; }

stages="tests,csv" native_build="$ROOT/build"
while (($#)); do
  case "$1" in
  --stages)
    (($# >= 2)) || { say "--stages needs a LIST (tests,csv)"; exit 2; }
    stages="$2"
    shift 2
    ;;
  --native-build)
    (($# >= 2)) || { say "--native-build needs a build directory"; exit 2; }
    native_build="$(realpath -m -- "$2")"
    shift 2
    ;;
  -h | --help)
    awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"
    exit 0
    ;;
  *)
    say "unknown option '$1' (--stages LIST, --native-build DIR)"
    exit 2
    ;;
  esac
done
# A stage it does not know would run nothing and print the last run's
# results as if they were new.
for stage in ${stages//,/ }; do
  case $stage in
  tests | csv) ;;
  *)
    say "unknown stage '$stage' (--stages takes tests,csv)"
    exit 2
    ;;
  esac
done
wants() { [[ ",$stages," == *",$1,"* ]]; }

platform_name=web
out="$ROOT/build/platforms/web"
log="$out/log.txt"
mkdir -p "$out" && : >"$log"
# shellcheck source=tools/platforms/platform_common.sh
source "$ROOT/tools/platforms/platform_common.sh"

web_csvs() {
  # The command cmake/PbmWeb.cmake chose for this node (the tree's emulator:
  # node, with --no-experimental-fetch where node has the flag).
  local node
  IFS=';' read -r -a node <<<"$(sed -n 's/^CMAKE_CROSSCOMPILING_EMULATOR:[A-Z]*=//p' \
    "$ROOT/build/web-node/CMakeCache.txt")"
  scene_csvs "$out/csv/web" "$ROOT/build/web-node/bin" .js "${node[@]:-node}"
}
native_csvs() {
  native_programs "$native_build" && scene_csvs "$out/csv/native" "$native_build/bin"
}
compare_csvs() {
  python3 "$ROOT/tools/platforms/csv_digits.py" "$out/csv/native" "$out/csv/web" \
    --names native,web --markdown "$out/csv/compare.md"
}

wants tests && timed tests "$ROOT/pbm" test --web --exercises none
if wants csv; then
  # The programs alone when the tests stage did not build them.
  wants tests || timed web-programs "$ROOT/pbm" build --web --exercises none
  timed csv-web web_csvs
  timed csv-native native_csvs
  timed csv-compare compare_csvs
  sed -n '/^| CSV/,$p' "$out/csv/compare.md"
fi
tests="$(grep -E 'tests passed, [0-9]+ tests failed out of' "$log" | tail -n 1 || true)"
csvs="$(tail -n 1 "$out/csv/compare.md" 2>/dev/null || true)"
echo "platform web ($(em++ --version 2>/dev/null | head -n 1 | sed 's/ (.*//'), node $(node --version)):" \
  "ok; stages:${passed:- none}; tests under node: ${tests:-not run}; CSVs against native: ${csvs:-not compared}"
