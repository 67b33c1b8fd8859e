"""What a grading build and test run said, read into verdicts: the compiler's
error lines (paths relative to the hand-in), each test's outcome (passed,
failed, timeout, aborted, crashed, not_run) and the message a student reads
(expected, got, the notes' section). tools/grading/grade.py calls these. Python
standard library only.
"""

import glob
import os
import re
import xml.etree.ElementTree as ET

COMPILER_MSG = re.compile(r"^(\S+?):(\d+)(?::(\d+))?: (?:fatal )?error: ")
LINKER_MSG = re.compile(r"undefined reference to|ld returned|multiple definition of")
CTEST_FAILED = re.compile(r"^\s*\d+ - (.+) \(([^()]*)\)\s*$", re.M)
OUTCOME = re.compile(r"^\[pbm-grade\] outcome=(\w+) ?(.*)$", re.M)
MAX_ERROR_LINES = 12
FAILING = ("failed", "timeout", "aborted", "crashed", "not_run")


def compiler_errors(text, paths, secrets=None):
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
    return [(secrets or NoSecrets()).clean(line) for line in out]


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


# What a student is shown of one test's output, at most: its first lines, cut
# short (a hand-in may print anything, as much as it likes).
MAX_OUTPUT_LINES = 60
MAX_OUTPUT_CHARS = 6000
MAX_LINE_CHARS = 300
# A line of the grader's private files (references, private tests) is this
# long at least to be looked for: shorter ones ("return x;", "}") are in
# every file.
SECRET_MIN_CHARS = 24
REDACTED = "[pbm-grade: a line of the grader's private files was removed here]"


class Secrets:
    """The lines of the files a student must never read (solutions/, tests/private/)
    that no public file holds: a test's output or a compiler message that
    contains one (a hand-in that read such a file, or a private test's own
    text) shows REDACTED instead. The seal keeps those files out of the
    hand-in's reach; this is the second line, for what a grader cannot seal
    (a private test's text compiled into the program the hand-in runs in)."""

    def __init__(self, root):
        def lines(patterns):
            out = set()
            for pattern in patterns:
                for path in glob.glob(os.path.join(root, pattern), recursive=True):
                    if os.path.isfile(path):
                        with open(path, encoding="utf-8", errors="replace") as f:
                            out.update(" ".join(l.split()) for l in f)
            return out
        secret = lines(["solutions/**/*.cpp", "solutions/**/*.h", "tests/private/**/*"])
        public = lines(["exercises/**/*", "common/**/*.h", "common/**/*.cpp", "chapters/**/*.cpp",
                        "chapters/**/*.h", "tests/*.cpp", "tests/*.h"])
        self.lines = sorted(l for l in secret - public if len(l) >= SECRET_MIN_CHARS)

    def clean(self, text):
        """text with every line that holds a secret line replaced, cut to the caps."""
        out, chars = [], 0
        kept = text.splitlines()
        for i, line in enumerate(kept):
            if len(out) >= MAX_OUTPUT_LINES or chars >= MAX_OUTPUT_CHARS:
                out.append(f"[pbm-grade: {len(kept) - i} more lines of output not shown]")
                break
            flat = " ".join(line.split())
            if any(s in flat for s in self.lines):
                line = REDACTED
            elif len(line) > MAX_LINE_CHARS:
                line = line[:MAX_LINE_CHARS] + " [...]"
            out.append(line)
            chars += len(line) + 1
        return "\n".join(out)


class NoSecrets:
    """Secrets for a tree without private files: the caps alone."""
    lines = []
    clean = Secrets.clean


def ctest_results(junit_path, console, paths, secrets=None, private=()):
    """[(name, outcome, message, time, output)] for every test in ctest's JUnit, in its order.
    Every message and output is cleaned by `secrets` (Secrets); a test named in
    `private` (an instructor's private test) shows its outcome and nothing of its
    text: its messages are in the instructor's log only."""
    secrets = secrets or NoSecrets()
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
        if name in private:
            if outcome != "passed":
                msg = f"{outcome.replace('_', ' ')} (a private test: its message is for the instructor)"
            output = ""
        results.append((name, outcome, secrets.clean(msg), case.get("time", "0"),
                        secrets.clean(paths.text(output))))
    return results
