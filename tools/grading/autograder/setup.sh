#!/usr/bin/env bash
# PBM Workbook autograder: the image's setup (Gradescope runs it once, as root,
# with network, when it builds the autograder's image; PrairieLearn's
# Dockerfile runs it too). It installs the packages the tests need (./pbm deps
# without the window and the benchmarks), makes the unprivileged user the
# tests run as where bubblewrap cannot, and builds everything grading needs
# except the student's files (autograde.py prepare), so grading a submission
# compiles only the hand-in and links.
set -euo pipefail
SRC="$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd)"
cd "$SRC"
export DEBIAN_FRONTEND=noninteractive
if [[ ${PBM_SETUP_SKIP_DEPS:-0} != 1 ]]; then
  # Grading builds the tests alone (tools/grading/grade.py): no window (SFML, ImGui,
  # Xvfb) and no benchmarks (Google Benchmark, Boost, gnuplot) in the image.
  PBM_VIEWER=0 PBM_BENCHMARKS=0 ./pbm deps </dev/null
fi
if ! id pbm-student >/dev/null 2>&1; then
  useradd --system --no-create-home --shell /usr/sbin/nologin pbm-student 2>/dev/null ||
    echo "setup: could not create the user pbm-student; tests fall back to nobody where bwrap cannot run"
fi
python3 tools/grading/autograder/autograde.py prepare pbm-assignment.conf \
  --build "${PBM_AUTOGRADER_BUILD:-$SRC/../pbm-build}" --work "${PBM_AUTOGRADER_WORK:-$SRC/../pbm-handin}"
