"""The grade's writers: the score table on the console, summary.tsv,
results.tsv, report.md and junit.xml (tools/grading/grade.py grades; this writes what
it found). A row is one chapter: nn, topic, passed, total, status, detail,
errors (the compiler's lines), names (its tests) and results (name, status,
message, seconds, output per test that ran). Python standard library only.
"""

import time
from xml.sax.saxutils import escape, quoteattr

MODE_TEXT = {
    "per_chapter": "per chapter: each chapter's tests with that chapter's functions from the "
                   "hand-in and every other chapter's from solutions/",
    "cumulative": "cumulative: every chapter's functions from the hand-in",
}


# When the last line was printed: a long phase prints a line of progress once
# the console has been quiet for a while (grade.run), so a grading is never
# silent for more than ~10 s.
LAST_LINE = [time.monotonic()]


def log(msg):
    print(msg, flush=True)
    LAST_LINE[0] = time.monotonic()


def count(n, word, plural=None):
    """"1 student", "2 students", "0 chapters": a count in words."""
    return f"{n} {word if n == 1 else (plural or word + 's')}"


def percent(passed, total):
    return 100.0 * passed / total if total else 0.0


NOT_COUNTED = ("not_handed_in", "not_configured")  # chapters the total leaves out


def totals(rows):
    """(passed, total, wording): the total counts the chapters handed in (a
    folder NN_topic/ in the hand-in) and says so: "over 2 chapters handed in;
    9 chapters not handed in"."""
    counted = [r for r in rows if r["status"] not in NOT_COUNTED]
    absent = sum(1 for r in rows if r["status"] == "not_handed_in")
    passed = sum(r["passed"] for r in counted)
    total = sum(r["total"] for r in counted)
    text = (f"over {count(len(counted), 'chapter')} handed in"
            + (f"; {count(absent, 'chapter')} not handed in" if absent else ""))
    return passed, total, text


def row_cells(r):
    """(tests, score) of a chapter's row; a chapter not handed in has neither."""
    if r["status"] in NOT_COUNTED:
        return "-", "-"
    return f"{r['passed']} / {r['total']}", f"{percent(r['passed'], r['total']):.0f}%"


def print_table(rows, mode):
    width = max(len(f"{r['nn']} {r['topic']}") for r in rows)
    log("")
    log(f"mode: {MODE_TEXT[mode]}")
    log(f"{'chapter':<{width}}  {'tests':>9}  {'score':>6}  status")
    for r in rows:
        tests, score = row_cells(r)
        log(f"{r['nn'] + ' ' + r['topic']:<{width}}  {tests:>9}  {score:>6}  {r['detail']}")
    passed, total, text = totals(rows)
    log(f"{'total':<{width}}  {f'{passed} / {total}':>9}  {percent(passed, total):5.0f}%  {text}")
    log("")
    log(f"pbm: total {passed}/{total} ({percent(passed, total):.0f}%) {text}")


def write_summary(path, rows, mode):
    with open(path, "w", encoding="utf-8") as f:
        f.write("chapter\ttopic\tpassed\ttotal\tstatus\tmode\n")
        for r in rows:
            f.write(f"{r['nn']}\t{r['topic']}\t{r['passed']}\t{r['total']}\t{r['status']}\t{mode}\n")


def write_results(path, rows):
    """One line per test: chapter, test, outcome (passed, failed, timeout, aborted, crashed,
    not_run, or the chapter's status when its tests did not run), message."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("chapter\ttest\tstatus\tmessage\n")
        for r in rows:
            if r["results"]:
                for name, status, msg, _, _ in r["results"]:
                    f.write(f"{r['nn']}\t{name}\t{status}\t{tsv_cell(msg)}\n")
            else:
                for name in r["names"]:
                    f.write(f"{r['nn']}\t{name}\t{r['status']}\t{tsv_cell(r['detail'])}\n")


def tsv_cell(text):
    return text.replace("\t", " ").replace("\n", " ")


def md_cell(text):
    return text.replace("|", "\\|").replace("\n", " ")


def write_report(path, rows, exdir, when, mode, limits, student=None, notes=()):
    """student: whose hand-in (the folder's or the roster's name), in the title;
    notes: lines about what was graded (the commit, late commits)."""
    passed, total, text = totals(rows)
    lines = [f"# PBM Workbook: {student}'s grade" if student else "# PBM Workbook: grade", "",
             *([f"Student: **{student}**  "] if student else []),
             f"Hand-in: `{exdir}`  ", *[f"{n}  " for n in notes],
             f"Mode: **{mode.replace('_', '-')}** ({MODE_TEXT[mode]})  ",
             f"Limits: {limits}  ", f"Graded: {when}", "",
             "| chapter | tests passed | score | status |", "|---|---:|---:|---|"]
    for r in rows:
        tests, score = row_cells(r)
        lines.append(f"| {r['nn']} {r['topic']} | {tests} | {score} | {md_cell(r['detail'])} |")
    lines.append(f"| **total** | **{passed} / {total}** | **{percent(passed, total):.0f}%** | {text} |")
    for r in rows:
        lines += ["", f"## {r['nn']} {r['topic']}", ""]
        if r["status"] == "build_failed":
            lines += ["Build failed; the compiler said:", "", "```"] + r["errors"] + ["```"]
        elif r["results"]:
            for name, status, msg, _, _ in r["results"]:
                mark = "pass" if status == "passed" else f"**{status.upper().replace('_', ' ')}**"
                lines.append(f"- {mark} `{name}`" + (f": {md_cell(msg)}" if msg and msg != status else ""))
        else:
            lines.append(r["detail"] + ".")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def write_junit(path, rows, mode):
    """Tests that ran and did not pass are failures; tests that could not run
    (build failed, chapter missing, ctest error) are errors."""
    suites = []
    all_tests = all_fail = all_err = 0
    for r in rows:
        if r["status"] == "not_handed_in":
            continue
        cases = []
        suite = f"ch{r['nn']}_{r['topic']}"
        fails = errors = 0
        if r["results"]:
            for name, status, msg, time_s, output in r["results"]:
                cls, _, short = name.partition(".")
                body = ""
                if status != "passed":
                    fails += 1
                    body = (f"<failure type={quoteattr(status)} message={quoteattr(msg or status)}>"
                            f"{escape(output)}</failure>")
                cases.append(f'    <testcase classname={quoteattr(suite + "." + cls)} '
                             f'name={quoteattr(short or name)} time="{time_s}">{body}</testcase>')
        elif r["status"] not in NOT_COUNTED:
            reason = r["detail"]
            text = escape("\n".join(r["errors"]))
            for name in r["names"] or [f"{suite}.build"]:
                cls, _, short = name.partition(".")
                errors += 1
                cases.append(f'    <testcase classname={quoteattr(suite + "." + cls)} name={quoteattr(short)} '
                             f'time="0"><error type={quoteattr(r["status"])} message={quoteattr(reason)}>'
                             f'{text}</error></testcase>')
        all_tests += len(cases)
        all_fail += fails
        all_err += errors
        suites.append(f'  <testsuite name={quoteattr(suite)} tests="{len(cases)}" failures="{fails}" '
                      f'errors="{errors}">\n' + "\n".join(cases) + "\n  </testsuite>")
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write(f'<testsuites name={quoteattr("pbm grade (" + mode.replace("_", "-") + ")")} '
                f'tests="{all_tests}" failures="{all_fail}" errors="{all_err}">\n')
        f.write(f'  <!-- mode: {escape(MODE_TEXT[mode])} -->\n')
        f.write("\n".join(suites) + "\n</testsuites>\n")
