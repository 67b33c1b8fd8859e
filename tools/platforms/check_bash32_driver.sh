#!/usr/bin/env bash
# Runs the driver's commands under another bash (macOS's is 3.2; CI passes
# ../shared/tools/bash-3.2, GNU bash 3.2 built for this machine) and fails on
# the first one that does not do what it does under bash 5:
#   help, chapters, grade's and collect's argument checks (exit 2 each) and
#   their --help, deps on a machine without apt (a PATH without apt-get and
#   dpkg-query: the list to install, exit 1), build --exercises 01 (chapter 01 alone), run 01 --headless
#   (exit 4: the skeleton's exercise not done), test 01 --exercises none
#   (passes), run 01 with no display (a screenshot under Xvfb and a headless
#   summary), and bench 02 when the tree has benchmarks.
# It builds in its own tree (default build/bash32, no benchmarks), so build/
# keeps its --exercises choice.
#
# usage: tools/platforms/check_bash32_driver.sh BASH [BUILD_DIR]   (exit 1 on a failure, 2 on bad use)
set -euo pipefail
cd -- "$(dirname -- "${BASH_SOURCE[0]}")/../.."
me="check_bash32_driver"
(($# >= 1 && $# <= 2)) || {
  echo "usage: tools/platforms/check_bash32_driver.sh BASH [BUILD_DIR]" >&2
  exit 2
}
shell="$1"
[[ -x $shell ]] || {
  echo "$me: $shell is not an executable shell" >&2
  exit 2
}
export PBM_BUILD_DIR="${2:-$PWD/build/bash32}"
export PBM_BENCHMARKS="${PBM_BENCHMARKS:-0}"
version="$("$shell" -c 'echo "bash $BASH_VERSION"')"
echo "$me: the driver under $version, build tree $PBM_BUILD_DIR"
tmp="$(mktemp -d "${TMPDIR:-/tmp}/pbm-bash32.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT

# check NAME WANT-STATUS PATTERN CMD...: runs CMD (stdin from /dev/null),
# wants its exit status and PATTERN (an ERE) in its stderr+stdout.
checks=0
check() {
  local name=$1 want=$2 pattern=$3 status=0 start=$SECONDS
  shift 3
  "$@" </dev/null >"$tmp/out" 2>&1 || status=$?
  if ((status != want)) || ! grep -Eq -- "$pattern" "$tmp/out"; then
    tail -n 30 "$tmp/out" >&2
    echo "$me: FAILED: $name: exit status $status (want $want), output ${pattern:+matching /$pattern/ }above" >&2
    exit 1
  fi
  checks=$((checks + 1))
  printf '%s: ok   %-34s exit %d, %3d s: %s\n' "$me" "$name" "$status" $((SECONDS - start)) \
    "$(grep -E -- "$pattern" "$tmp/out" | head -n 1 | cut -c1-90)"
}

pbm() { "$shell" ./pbm "$@"; }

check "help" 0 '^  deps ' pbm help
check "chapters" 0 '^01 vector_field$' pbm chapters
check "unknown command" 2 "unknown command 'frobnicate'" pbm frobnicate
check "grade --limit x" 2 'limit needs whole seconds' pbm grade --limit x
check "grade --bogus" 2 "unknown option '--bogus'" pbm grade --bogus
check "grade two folders" 2 'usage: ./pbm grade' pbm grade a b
check "grade --class (no value)" 2 'class needs a folder' pbm grade --class
check "grade --help" 0 '^  --deadline ' pbm grade --help
check "grade --deadline (malformed)" 2 "needs a date and time" pbm grade --deadline 'tomorrow'
check "collect --help" 0 '^usage: ./pbm collect' pbm collect --help
check "collect (no roster file)" 2 'no roster file' pbm collect "$tmp/no-roster.csv"
check "autograder --help" 0 '^  --chapters LIST' pbm autograder --help
check "build --exercises 1x" 2 "'1x' is not a chapter number" pbm build --exercises 1x
check "test 99" 2 "no chapter '99'" pbm test 99

# A machine without apt: every tool of this one but apt-get and dpkg-query.
mkdir "$tmp/noapt"
for f in /usr/bin/* /bin/*; do
  case "${f##*/}" in apt-get | dpkg-query) continue ;; esac
  [[ -e $tmp/noapt/${f##*/} ]] || ln -s "$f" "$tmp/noapt/${f##*/}"
done
check "deps (no apt)" 1 'brew install cmake ninja' env PATH="$tmp/noapt" "$shell" ./pbm deps

check "build --exercises 01" 0 'built chapter\(s\) 01 only' pbm build --exercises 01
check "run 01 --headless (skeleton)" 4 'exercise not done' pbm run 01 --headless --t-end 0.1
check "test 01 --exercises none" 0 '100% tests passed' pbm test 01 --exercises none
rm -f shots/ch01_vector_field.png
check "run 01 (no display)" 0 'headless run: [0-9]+ rows' env -u DISPLAY -u WAYLAND_DISPLAY "$shell" ./pbm run 01 --t-end 0.5
[[ -s shots/ch01_vector_field.png ]] || {
  echo "$me: FAILED: run 01 (no display) left no shots/ch01_vector_field.png" >&2
  exit 1
}
if [[ $PBM_BENCHMARKS != 0 ]]; then
  check "bench 02 (filtered)" 0 'results in' pbm bench 02 --benchmark_filter=NONE_MATCHES_THIS
fi
echo "$me: all $checks driver commands behave under $version"
