# shellcheck shell=bash disable=SC2154 # ROOT, log and platform_name are the caller's
# Shared by the platform checks (tools/check_platforms.sh, platform_windows.sh,
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
