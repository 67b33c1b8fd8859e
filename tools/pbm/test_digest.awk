# Shortens ctest --output-on-failure for a student's first runs (issue 39,
# item 7): a test whose every failure is "exercise not done" (PBM_TODO, a
# skeleton body) shows its status line and one line naming the exercise,
# not its 20 lines of GoogleTest output; the first time an exercise is named
# its file and hint come along. Every other failure (a wrong answer, a
# crash, a deadline) is printed in full, as ctest prints it. At the end one
# line counts the tests that wait only on exercises not done yet.
#
#   ctest --output-on-failure ... 2>&1 | awk -f tools/pbm/test_digest.awk
#
# POSIX awk only (mawk, BSD awk on macOS, gawk in Git Bash); the forms of
# "not done" it knows are the three the tests print:
#   C++ exception with description "exercise not done: NAME (FILE) -- HINT" ...
#   Actual: it throws pbm::ExerciseNotDone with description "exercise not done: ..."
#   scene 'S': the exercise NAME is not done yet (FILE; HINT)

function reset_block() {
  in_block = 0
  nlines = 0
  nfail = 0
  nnotdone = 0
  cur_fail = 0
  cur_notdone = 0
  block_names = ""
}

# Ends the failure being read (a gtest "...: Failure" and its message).
function close_failure() {
  if (cur_fail && cur_notdone) nnotdone++
  cur_fail = 0
  cur_notdone = 0
}

# The exercise a "not done" line names, with its file and hint; "" if none.
function not_done_text(line,    s) {
  if (match(line, /exercise not done: [^ ]+ \(/)) {
    s = substr(line, RSTART)
    sub(/"[^"]*$/, "", s)
    return s
  }
  if (match(line, /the exercise [^ ]+ is not done yet \(/)) {
    s = substr(line, RSTART + 13)
    sub(/ is not done yet \(/, " (", s)
    sub(/\)$/, "", s)
    sub(/; /, ") -- ", s)
    return "exercise not done: " s
  }
  return ""
}

function name_of(text,    s) {
  s = substr(text, 20)
  sub(/ \(.*/, "", s)
  return s
}

function flush_block(    i, n, k, names, shown) {
  if (!in_block) return
  close_failure()
  print status_line
  if (nfail > 0 && nfail == nnotdone) {
    waiting++
    n = split(block_names, names, "\n")
    shown = ""
    for (k = 1; k <= n; k++) {
      if (names[k] == "" || index(shown, "\n" names[k] "\n")) continue
      shown = shown "\n" names[k] "\n"
      if (!(names[k] in first_text)) continue
      if (!(names[k] in told)) {
        told[names[k]] = 1
        print "      " first_text[names[k]]
      } else {
        print "      (not done yet: " names[k] ")"
      }
    }
    # ctest's blank line before its summary is the last line of a block.
    blank_owed = (nlines > 0 && lines[nlines] == "")
  } else {
    for (i = 1; i <= nlines; i++) print lines[i]
    blank_owed = 0
  }
  fflush()
  reset_block()
}

BEGIN {
  reset_block()
  waiting = 0
  failing = 0
}

# A test's result line starts a block (its output follows it).
/^ *[0-9]+\/[0-9]+ Test +#[0-9]+: / {
  flush_block()
  if ($0 ~ /\*\*\*/ && $0 !~ /\*\*\*Skipped/) failing++
  status_line = $0
  in_block = 1
  next
}

# A block ends at the next test's start, or at ctest's summary.
/^ *Start +[0-9]+: / || /^[0-9]+% tests passed/ || /^Errors while running CTest/ {
  flush_block()
  if (blank_owed && $0 ~ /% tests passed/) print ""
  blank_owed = 0
  print
  fflush()
  next
}

{
  if (!in_block) {
    print
    fflush()
    next
  }
  lines[++nlines] = $0
  if ($0 ~ /: Failure$/) {
    close_failure()
    cur_fail = 1
    nfail++
  }
  text = not_done_text($0)
  if (text != "") {
    cur_notdone = 1
    name = name_of(text)
    block_names = block_names name "\n"
    if (!(name in first_text)) first_text[name] = text
  }
}

END {
  flush_block()
  if (waiting > 0) {
    printf "pbm: %d of the %d failing tests wait only on exercises not done yet (one line each above); ", waiting, failing
    if (failing - waiting == 1)
      printf "the other one is shown in full\n"
    else if (failing > waiting)
      printf "the other %d are shown in full\n", failing - waiting
    else
      printf "no other test failed\n"
  }
}
