"""What a grading build and test run said, read into verdicts: the compiler's
error lines (paths relative to the hand-in), each test's outcome (passed,
failed, timeout, aborted, crashed, not_run) and the message a student reads
(expected, got, the notes' section). tools/grading/grade.py calls these. Python
standard library only.
"""

import re
import xml.etree.ElementTree as ET

COMPILER_MSG = re.compile(r"^(\S+?):(\d+)(?::(\d+))?: (?:fatal )?error: ")
LINKER_MSG = re.compile(r"undefined reference to|ld returned|multiple definition of")
CTEST_FAILED = re.compile(r"^\s*\d+ - (.+) \(([^()]*)\)\s*$", re.M)
OUTCOME = re.compile(r"^\[pbm-grade\] outcome=(\w+) ?(.*)$", re.M)
MAX_ERROR_LINES = 12
FAILING = ("failed", "timeout", "aborted", "crashed", "not_run")


def compiler_errors(text, paths):
    """The compiler's and linker's error lines, with file and line, paths relative."""
    out = []
    for line in text.splitlines():
        if COMPILER_MSG.match(line) or LINKER_MSG.search(line) or line.startswith("CMake Error") \
                or "Error running test executable" in line:
            out.append(paths.text(line.strip()))
        if len(out) >= MAX_ERROR_LINES:
            break
    if not out:  # unrecognised output: its last lines
        out = [paths.text(line) for line in text.splitlines() if line.strip()][-MAX_ERROR_LINES:]
    return out


MAX_FAILURE_LINES = 8
MAX_FAILURE_CHARS = 600


def failure_message(output, paths):
    """A one-line reason from a gtest test's output."""
    m = re.search(r'C\+\+ exception with description "(.*)" thrown', output)
    if m:
        return paths.text(m.group(1))
    lines = output.splitlines()
    for i, line in enumerate(lines):
        if line.endswith(": Failure") or line.endswith(" Failure"):
            # The whole failure block: GoogleTest's comparison and then the
            # test's own message (expected, got, the notes' section), which
            # follows it after up to four lines (EXPECT_NEAR's).
            block = []
            for x in lines[i + 1:i + 1 + MAX_FAILURE_LINES]:
                if not x.strip() or x.startswith("[") or x.endswith(" Failure"):
                    break
                block.append(x.strip())
            detail = " ".join(block)
            if len(detail) > MAX_FAILURE_CHARS:
                detail = detail[:MAX_FAILURE_CHARS - 3] + "..."
            where = line[: -len(" Failure")].rstrip(":")
            return paths.text(f"{where}: {detail}")
    return ""


def ctest_statuses(console):
    """{test: ctest's own status} for the tests ctest lists as failed."""
    part = console.split("The following tests FAILED:", 1)
    return {m.group(1): m.group(2) for m in CTEST_FAILED.finditer(part[1])} if len(part) == 2 else {}


def classify(junit_status, ctest_status, output):
    """(outcome, detail) of one test."""
    if junit_status == "run":  # the test program ended with status 0
        return "passed", ""
    # The sandbox's last word, if it said one (a hand-in printing such a line
    # can only make its own failing test look worse).
    marks = [m for m in OUTCOME.findall(output) if m[0] in FAILING]
    if marks:
        return marks[-1]
    if junit_status in ("notrun", "disabled"):
        return "not_run", ctest_status or "not run"
    s = (ctest_status or "").lower()
    if "timeout" in s:
        return "timeout", "ctest stopped it at its TIMEOUT"
    if "abort" in s:
        return "aborted", ctest_status
    if "segfault" in s or "exception" in s or "illegal" in s or "bus error" in s:
        return "crashed", ctest_status
    if "not run" in s:
        return "not_run", ctest_status
    return "failed", ""


def ctest_results(junit_path, console, paths):
    """[(name, outcome, message, time, output)] for every test in ctest's JUnit, in its order."""
    try:
        cases = list(ET.parse(junit_path).getroot().iter("testcase"))
    except (ET.ParseError, OSError):
        return []
    statuses = ctest_statuses(console)
    results = []
    for case in cases:
        name = case.get("name", "")
        out = case.find("system-out")
        output = out.text if out is not None and out.text else ""
        outcome, detail = classify(case.get("status", ""), statuses.get(name), output)
        if outcome == "failed":
            msg = failure_message(output, paths) or "failed"
        elif outcome == "passed":
            msg = ""
        else:
            msg = f"{outcome.replace('_', ' ')}: {paths.text(detail)}" if detail else outcome
        results.append((name, outcome, msg, case.get("time", "0"), paths.text(output)))
    return results
