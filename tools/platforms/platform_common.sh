# shellcheck shell=bash disable=SC2154 # ROOT, log and platform_name are the caller's
# Shared by the platform checks (tools/platforms/check_platforms.sh, platform_windows.sh,
# platform_libcxx.sh). Sourced.

# The Debian mirror this machine's apt uses (a deb822 URIs: line or a
# one-line deb), unless PBM_MIRROR names one; deb.debian.org when none is found.
apt_mirror() {
  local mirror="${PBM_MIRROR:-}"
  if [[ -z $mirror ]]; then
    mirror="$(grep -hsoE '^(URIs:[[:space:]]*|deb[[:space:]]+)https?://[^[:space:]]+/debian/?([[:space:]]|$)' \
      /etc/apt/sources.list.d/*.sources /etc/apt/sources.list.d/*.list /etc/apt/sources.list |
      grep -v security | head -n 1 | sed -E 's/^(URIs:|deb)[[:space:]]*//; s/[[:space:]]*$//')" || true
  fi
  echo "${mirror:-http://deb.debian.org/debian}"
}

# timed NAME COMMAND...: run a stage into $log, note its time in $passed, and
# stop the check at its failure ("platform $platform_name: stage NAME FAILED").
passed=""
timed() {
  local name="$1" t0=$SECONDS status=0
  shift
  say "stage $name (log: ${log#"$ROOT"/})"
  "$@" >>"$log" 2>&1 || status=$?
  if ((status != 0)); then
    tail -n 30 "$log" >&2
    echo "platform $platform_name: stage $name FAILED after $((SECONDS - t0)) s; passed:${passed:- none}"
    exit "$((status == 5 ? 5 : 1))"
  fi
  passed="$passed $name ($((SECONDS - t0)) s)"
}

# native_programs BUILD_DIR: every chapter's program in BUILD_DIR/bin, each
# missing one built alone as `./pbm run NN` builds it (a fresh clone has
# none; --list-scenes needs no window).
native_programs() {
  local nn topic
  while read -r nn topic; do
    [[ -x $1/bin/ch${nn}_$topic ]] && continue
    PBM_BUILD_DIR="$1" "$ROOT/pbm" run "$nn" --list-scenes >/dev/null ||
      { echo "could not build ch${nn}_$topic to compare with (./pbm run $nn says why)"; return 1; }
  done < <("$ROOT/pbm" chapters)
}

# scene_csvs OUT_DIR BIN_DIR [SUFFIX [RUNNER...]]: every scene of every
# chapter's program BIN_DIR/chNN_topicSUFFIX, run headless with its defaults
# (by RUNNER, e.g. node, when given) into OUT_DIR/chNN_topic--SCENE.csv; a
# line for each run that failed.
scene_csvs() {
  local dir=$1 bin=$2 suffix=${3:-} nn topic prog scene
  shift 2
  (($# == 0)) || shift
  rm -rf "$dir" && mkdir -p "$dir"
  while read -r nn topic; do
    prog="$bin/ch${nn}_$topic$suffix"
    "$@" "$prog" --list-scenes </dev/null | grep -E '^[^[:space:]]' | awk '{print $1}' |
      while read -r scene; do
        "$@" "$prog" --scene "$scene" --headless --csv "$dir/ch${nn}_$topic--$scene.csv" \
          >/dev/null 2>&1 </dev/null || echo "ch${nn}_$topic $scene: exit status $?"
      done
  done < <("$ROOT/pbm" chapters)
}
