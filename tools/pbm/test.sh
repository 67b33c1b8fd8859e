# ./pbm test's output (sourced by ./pbm): before the tests, the exercises not
# done yet, once; the tests through tools/pbm/test_digest.awk, so a test that
# fails only on one of them takes one line, not a page (issue 39, item 7).

# The functions whose skeleton body (PBM_TODO) is still in a chapter's
# exercises tree, one "file<TAB>name" line each.
todo_functions() {
  local dir=$1
  [[ -d $dir ]] || return 0
  # The name is PBM_TODO's first argument: on its line, or the next one
  # when clang-format broke the call.
  awk '
    pending {
      if (match($0, /"[^"]*"/)) print FILENAME "\t" substr($0, RSTART + 1, RLENGTH - 2)
      pending = 0
      next
    }
    /PBM_TODO\(/ {
      rest = substr($0, index($0, "PBM_TODO(") + 9)
      if (match(rest, /^ *"[^"]*"/)) {
        s = substr(rest, RSTART, RLENGTH)
        sub(/^ *"/, "", s)
        sub(/"$/, "", s)
        print FILENAME "\t" s
      } else {
        pending = 1
      }
    }' "$dir"/*.cpp 2>/dev/null || true
}

# Says once, at the top, which exercises of the chapters tested (all when
# none is given) are not done yet, file by file.
note_not_done() {
  local only=${1:-} n t tree src note file name last="" names="" said=0
  [[ -f $BUILD/pbm_trees.tsv ]] || return 0
  while IFS=$'\t' read -r n t tree src note; do
    [[ -n $only && $only != "$n" ]] && continue
    [[ $tree == exercises ]] || continue
    while IFS=$'\t' read -r file name; do
      if [[ $file != "$last" ]]; then
        if [[ -n $last ]]; then say "  ${last##*/}: $names"; fi
        if ((said == 0)); then
          say "not done yet in $(rel "$src")/ (a skeleton body, PBM_TODO, is still in them):"
          said=1
        fi
        last=$file
        names=$name
      else
        names="$names, $name"
      fi
    done < <(todo_functions "$src")
    if [[ -n $last ]]; then say "  ${last##*/}: $names"; fi
    last=""
    said=0
  done < <(tail -n +2 "$BUILD/pbm_trees.tsv")
}

# ctest with the digest, then the reason of each test GoogleTest skipped
# (ctest lists them without it; the web build skips the comparisons with
# std::to_chars); returns ctest's status.
run_ctest() {
  local -a status
  set +e
  ctest "$@" 2>&1 | awk -f "$ROOT/tools/pbm/test_digest.awk"
  status=("${PIPESTATUS[@]}")
  set -e
  local log="$BUILD/Testing/Temporary/LastTest.log"
  if [[ -f $log ]]; then
    awk '
      /^\[ RUN      \] / { name = $4; why = ""; skipped = 0; next }
      /: Skipped$/ { skipped = 1; next }
      skipped && /^\[  SKIPPED \] / { print "skipped " name ": " why; skipped = 0; next }
      skipped { why = why (why == "" ? "" : " ") $0 }
    ' "$log" | while IFS= read -r line; do say "$line"; done
  fi
  return "${status[0]}"
}
