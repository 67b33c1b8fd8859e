#!/usr/bin/env python3
"""Grade a tree of exercises: `./pbm grade [DIR]` calls this.

Configures a separate build tree (build/grade) with every chapter's student
functions taken from DIR, in place (nothing is copied), builds each chapter's
test target on its own so that one chapter's compile error does not stop the
others, runs each chapter's tests, prints a score table and writes
report.md, junit.xml and summary.tsv into the build tree.

Exit status 0 when grading completed (the scores are data); 1 when grading
itself could not run (configure failed, the common library does not build).
Python standard library only.
"""

import argparse
import datetime
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from xml.sax.saxutils import escape, quoteattr

CHAPTER_LINE = re.compile(r"^\s*pbm_chapter\(\s*(\d+)\s+(\w+)", re.M)
TEST_MACRO = re.compile(r"^\s*(?:TEST|TEST_F)\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)", re.M)
CTEST_LINE = re.compile(
    r"Test\s+#(\d+):\s+(\S+)\s+\.*\s*(?:\*\*\*)?(Passed|Failed|Timeout|Not Run|Exception:?[^\d]*?|\S+)\s+[\d.]+\s+sec")
COMPILER_MSG = re.compile(r"^(\S+?):(\d+)(?::(\d+))?: (?:fatal )?error: ")
LINKER_MSG = re.compile(r"undefined reference to|ld returned|multiple definition of")
MAX_ERROR_LINES = 12


def log(msg):
    print(msg, flush=True)


def run(cmd, logfile, cwd=None):
    """Runs cmd with stdout+stderr into logfile; returns (status, text)."""
    with open(logfile, "w", encoding="utf-8", errors="replace") as f:
        proc = subprocess.run(cmd, cwd=cwd, stdout=f, stderr=subprocess.STDOUT,
                              stdin=subprocess.DEVNULL, check=False)
    with open(logfile, encoding="utf-8", errors="replace") as f:
        return proc.returncode, f.read()


def chapters(root):
    with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as f:
        text = f.read()
    text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    return [(m.group(1), m.group(2)) for m in CHAPTER_LINE.finditer(text)]


def declared_tests(root, nn, topic):
    """Test names from the test source: the total when the tests do not build."""
    path = os.path.join(root, "tests", f"{nn}_{topic}_test.cpp")
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8", errors="replace") as f:
        return [f"{a}.{b}" for a, b in TEST_MACRO.findall(f.read())]


def short_path(path, roots):
    """path relative to the first of roots (label, base) that holds it."""
    for label, base in roots:
        if path.startswith(base + os.sep):
            return os.path.join(label, os.path.relpath(path, base))
    return path


def compiler_errors(text, roots):
    """The compiler's and linker's error lines, with file and line, paths shortened."""
    out = []
    for line in text.splitlines():
        m = COMPILER_MSG.match(line)
        if m:
            out.append(short_path(m.group(1), roots) + line[len(m.group(1)):])
        elif LINKER_MSG.search(line):
            out.append(line.strip())
        elif line.startswith("CMake Error"):
            out.append(line.strip())
        if len(out) >= MAX_ERROR_LINES:
            break
    if not out:  # unrecognised output: its last lines
        out = [line for line in text.splitlines() if line.strip()][-MAX_ERROR_LINES:]
    return out


def failure_message(output):
    """A one-line reason from a gtest test's output."""
    m = re.search(r'C\+\+ exception with description "(.*)" thrown', output)
    if m:
        return m.group(1)
    lines = output.splitlines()
    for i, line in enumerate(lines):
        if line.endswith(": Failure") or line.endswith(" Failure"):
            detail = " ".join(x.strip() for x in lines[i + 1:i + 3]
                              if x.strip() and not x.startswith("["))
            where = line[: -len(" Failure")].rstrip(":")
            return f"{os.path.basename(where)}: {detail}"
    return ""


def ctest_results(console, junit_path):
    """[(name, status, message, time, output)] from ctest's console and JUnit output."""
    outputs = {}
    times = {}
    if os.path.exists(junit_path):
        try:
            for case in ET.parse(junit_path).getroot().iter("testcase"):
                name = case.get("name", "")
                out = case.find("system-out")
                outputs[name] = out.text if out is not None and out.text else ""
                times[name] = case.get("time", "0")
        except ET.ParseError:
            pass
    results = []
    # ctest -j prints tests as they finish: sort by test number (declaration order).
    for m in sorted(CTEST_LINE.finditer(console), key=lambda m: int(m.group(1))):
        name, raw = m.group(2), m.group(3).strip()
        status = "passed" if raw == "Passed" else ("timeout" if raw == "Timeout" else "failed")
        output = outputs.get(name, "")
        msg = ""
        if status == "timeout":
            msg = "timed out"
        elif status == "failed":
            msg = failure_message(output) or raw
        results.append((name, status, msg, times.get(name, "0"), output))
    return results


def configured_chapters(configure_log):
    """(chapters built from DIR, chapters the repository does not configure at all)."""
    built = set(re.findall(r"chapter (\d+) \w+: student functions from", configure_log))
    unconfigured = set(re.findall(r"chapter (\d+) \w+: NOT configured yet", configure_log))
    return built, unconfigured


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--exercises", required=True)
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--timeout", default="120", help="seconds per test")
    ap.add_argument("--werror", action="store_true")
    args = ap.parse_args()

    root = os.path.abspath(args.root)
    build = os.path.abspath(args.build)
    exdir = os.path.abspath(args.exercises)
    logs = os.path.join(build, "logs")
    os.makedirs(logs, exist_ok=True)
    # Compiler messages name files relative to the repository, or to the
    # exercises folder (shown by its name) when that lives elsewhere.
    roots = [("", root)] if exdir.startswith(root + os.sep) else [(os.path.basename(exdir), exdir), ("", root)]

    chs = chapters(root)
    if not chs:
        log("pbm: grade: no pbm_chapter(...) lines in CMakeLists.txt")
        return 1
    log(f"pbm: grading {exdir}")

    # Configure. A stale cache from another generator would refuse -G Ninja.
    cache = os.path.join(build, "CMakeCache.txt")
    if os.path.exists(cache):
        with open(cache, encoding="utf-8", errors="replace") as f:
            if "CMAKE_GENERATOR:INTERNAL=Ninja" not in f.read():
                os.remove(cache)
    status, text = run(["cmake", "-S", root, "-B", build, "-G", "Ninja",
                        "-DPBM_EXERCISES=all", f"-DPBM_EXERCISES_DIR={exdir}",
                        "-DPBM_GRADING=ON", f"-DPBM_WERROR={'ON' if args.werror else 'OFF'}"],
                       os.path.join(logs, "configure.log"))
    if status != 0:
        for line in compiler_errors(text, roots)[:6]:
            log("  " + line)
        log(f"pbm: grade: cmake configure failed, grading could not run "
            f"(log: {os.path.relpath(os.path.join(logs, 'configure.log'), root)})")
        return 1
    configured, unconfigured = configured_chapters(text)

    status, text = run(["cmake", "--build", build, "-j", args.jobs, "--target", "pbm_core", "pbm_app"],
                       os.path.join(logs, "common_build.log"))
    if status != 0:
        for line in compiler_errors(text, roots):
            log("  " + line)
        log("pbm: grade: the common library does not build, grading could not run")
        return 1

    rows = []  # dicts: nn, topic, passed, total, status, detail, results, errors
    for nn, topic in chs:
        names = declared_tests(root, nn, topic)
        row = {"nn": nn, "topic": topic, "passed": 0, "total": len(names), "names": names,
               "results": [], "errors": []}
        rows.append(row)
        if nn in unconfigured:
            # The repository itself does not configure it (a chapter still
            # being written): not the student's doing, left out of the total.
            row.update(status="not_configured", detail="not configured in this repository",
                       total=0, names=[])
            log(f"ch{nn} {topic}: not configured in this repository, skipped")
            continue
        if nn not in configured:
            row["status"] = "missing"
            row["detail"] = f"missing ({nn}_{topic}/ has no .cpp files)"
            log(f"ch{nn} {topic}: MISSING from {exdir}")
            continue
        if not names and not os.path.exists(os.path.join(root, "tests", f"{nn}_{topic}_test.cpp")):
            row["status"] = "no_tests"
            row["detail"] = "the chapter has no tests"
            continue
        log(f"ch{nn} {topic}: building ch{nn}_tests")
        status, text = run(["cmake", "--build", build, "-j", args.jobs, "--target", f"ch{nn}_tests",
                            "--", "-k", "0"], os.path.join(logs, f"ch{nn}_build.log"))
        if status != 0:
            row["status"] = "build_failed"
            row["detail"] = "build failed"
            row["errors"] = compiler_errors(text, roots)
            log(f"ch{nn} {topic}: BUILD FAILED:")
            for line in row["errors"]:
                log("  " + line)
            continue
        junit = os.path.join(logs, f"ch{nn}_ctest.xml")
        if os.path.exists(junit):
            os.remove(junit)
        status, text = run(["ctest", "--test-dir", build, "-L", f"^ch{nn}$", "-j", args.jobs,
                            "--timeout", args.timeout, "--output-junit", junit],
                           os.path.join(logs, f"ch{nn}_test.log"))
        results = ctest_results(text, junit)
        row["results"] = results
        if not results:
            row["status"] = "no_tests" if status == 0 else "test_error"
            row["detail"] = ("no tests ran" if status == 0 else
                             f"ctest failed before running tests (log: logs/ch{nn}_test.log)")
            continue
        row["total"] = len(results)
        row["passed"] = sum(1 for r in results if r[1] == "passed")
        failed = row["total"] - row["passed"]
        row["status"] = "passed" if failed == 0 else "failed"
        row["detail"] = "all passed" if failed == 0 else f"{failed} failed"

    print_table(rows)
    when = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    write_summary(os.path.join(build, "summary.tsv"), rows)
    write_results(os.path.join(build, "results.tsv"), rows)
    write_report(os.path.join(build, "report.md"), rows, exdir, when)
    write_junit(os.path.join(build, "junit.xml"), rows)
    rel = os.path.relpath(build, root) if build.startswith(root + os.sep) else build
    log(f"pbm: written: {rel}/report.md (Markdown), {rel}/junit.xml (JUnit), "
        f"{rel}/summary.tsv and results.tsv (per chapter, per test), {rel}/logs/")
    return 0


def percent(passed, total):
    return 100.0 * passed / total if total else 0.0


def print_table(rows):
    width = max(len(f"{r['nn']} {r['topic']}") for r in rows)
    log("")
    log(f"{'chapter':<{width}}  {'tests':>9}  {'score':>6}  status")
    passed = total = 0
    for r in rows:
        passed += r["passed"]
        total += r["total"]
        tests = f"{r['passed']} / {r['total']}"
        log(f"{r['nn'] + ' ' + r['topic']:<{width}}  {tests:>9}  "
            f"{percent(r['passed'], r['total']):5.0f}%  {r['detail']}")
    log(f"{'total':<{width}}  {f'{passed} / {total}':>9}  {percent(passed, total):5.0f}%")
    log("")


def write_summary(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        f.write("chapter\ttopic\tpassed\ttotal\tstatus\n")
        for r in rows:
            f.write(f"{r['nn']}\t{r['topic']}\t{r['passed']}\t{r['total']}\t{r['status']}\n")


def write_results(path, rows):
    """One line per test: chapter, test, status (passed, failed, timeout, or the chapter's status)."""
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


def write_report(path, rows, exdir, when):
    passed = sum(r["passed"] for r in rows)
    total = sum(r["total"] for r in rows)
    lines = ["# PBM Workbook: grade", "",
             f"Exercises: `{exdir}`  ", f"Graded: {when}", "",
             "| chapter | tests passed | score | status |", "|---|---:|---:|---|"]
    for r in rows:
        lines.append(f"| {r['nn']} {r['topic']} | {r['passed']} / {r['total']} | "
                     f"{percent(r['passed'], r['total']):.0f}% | {md_cell(r['detail'])} |")
    lines.append(f"| **total** | **{passed} / {total}** | **{percent(passed, total):.0f}%** | |")
    for r in rows:
        lines += ["", f"## {r['nn']} {r['topic']}", ""]
        if r["status"] == "build_failed":
            lines += ["Build failed; the compiler said:", "", "```"] + r["errors"] + ["```"]
        elif r["results"]:
            for name, status, msg, _, _ in r["results"]:
                mark = "pass" if status == "passed" else "**FAIL**"
                lines.append(f"- {mark} `{name}`" + (f": {md_cell(msg)}" if msg else ""))
        else:
            lines.append(r["detail"] + ".")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


def write_junit(path, rows):
    suites = []
    all_tests = all_fail = 0
    for r in rows:
        cases = []
        suite = f"ch{r['nn']}_{r['topic']}"
        if r["results"]:
            for name, status, msg, time, output in r["results"]:
                cls, _, short = name.partition(".")
                body = ""
                if status != "passed":
                    body = f"<failure message={quoteattr(msg or status)}>{escape(output)}</failure>"
                cases.append(f'    <testcase classname={quoteattr(suite + "." + cls)} '
                             f'name={quoteattr(short or name)} time="{time}">{body}</testcase>')
        else:
            reason = r["detail"]
            text = escape("\n".join(r["errors"]))
            for name in r["names"] or [f"{suite}.build"]:
                cls, _, short = name.partition(".")
                cases.append(f'    <testcase classname={quoteattr(suite + "." + cls)} name={quoteattr(short)} '
                             f'time="0"><failure message={quoteattr(reason)}>{text}</failure></testcase>')
        fails = sum(1 for c in cases if "<failure" in c)
        all_tests += len(cases)
        all_fail += fails
        suites.append(f'  <testsuite name={quoteattr(suite)} tests="{len(cases)}" failures="{fails}" '
                      f'errors="0">\n' + "\n".join(cases) + "\n  </testsuite>")
    with open(path, "w", encoding="utf-8") as f:
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write(f'<testsuites name="pbm grade" tests="{all_tests}" failures="{all_fail}">\n')
        f.write("\n".join(suites) + "\n</testsuites>\n")


if __name__ == "__main__":
    sys.exit(main())
