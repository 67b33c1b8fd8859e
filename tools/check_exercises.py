#!/usr/bin/env python3
"""Fails when a student skeleton's header breaks the one exercise template.

Every exercises/NN_topic/*.cpp opens with the same comment (common/README.md,
"Adding things", the exercise header):

  // Exercise NN · functions (notes §)      title: NN is the folder's chapter
  //
  // what to compute, in the notes'         body: free text, not empty
  // symbols, and the pitfalls
  //
  // Symbols: the symbols as C++ types and shapes
  // Tests: Suite.*, Suite.Name* (tests/FILE.cpp, ...)
  //   build/bin/chNN_tests --gtest_filter='Suite.*:Suite.Name*'

The title, Symbols and Tests may go on over lines indented by two more spaces;
the command is the comment's last line (one line, however long: .clang-format's
CommentPragmas keeps it whole). This checks, one line per fault: the fields are
there, in that order; the title cites the notes (an abbreviation README.md
lists with "§" or "App.", or Baraff & Witkin 1992 §); the filter is the Tests
patterns joined by ':'; and, through build/bin/chNN_tests --gtest_list_tests,
every pattern selects at least one test and the files in parentheses are
exactly those that define the selected tests. CI runs it beside check_docs.py.

usage: check_exercises.py --build DIR [--root DIR]   (exit 1 on any fault, 2 on bad use)
"""

import argparse
import glob
import os
import re
import subprocess
import sys

TITLE = re.compile(r"^// Exercise (\d\d) · \S")
CITE = re.compile(r"\b(DEB|IM|PSD|CD|RBI|RBII) (§|App\. )|Baraff & Witkin 1992 §")
MORE = "//   "  # a field's continuation line
TESTS = re.compile(r"^(\S.*?) \(([^()]+)\)$")
COMMAND = re.compile(r"^//   build/bin/(ch\d\d)_tests --gtest_filter='([^' ]+)'$")
TEST_DEF = re.compile(r"^TEST(?:_F|_P)?\((\w+),\s*(\w+)\)", re.M)


def header(path):
    """The leading comment block of a file, one string per line."""
    lines = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.startswith("//"):
                break
            lines.append(line)
    return lines


def field(lines, i, name):
    """(text of the field `// name: ...` at line i with its continuation
    lines joined by spaces, index after it), or (None, i)."""
    prefix = f"// {name}: "
    if i >= len(lines) or not lines[i].startswith(prefix):
        return None, i
    text = lines[i][len(prefix):].strip()
    i += 1
    while i < len(lines) and lines[i].startswith(MORE) and not COMMAND.match(lines[i]):
        text += " " + lines[i][len(MORE):].strip()
        i += 1
    return text, i


def parse(path, nn):
    """(patterns, files, filter, binary, faults) of one skeleton's header."""
    faults = []
    lines = header(path)
    if not lines or not TITLE.match(lines[0]):
        return None, [f"line 1 is not '// Exercise {nn} · functions (notes §)'"]
    if TITLE.match(lines[0]).group(1) != nn:
        faults.append(f"the title says Exercise {TITLE.match(lines[0]).group(1)}, the folder {nn}")
    title, i = lines[0], 1
    while i < len(lines) and lines[i].startswith(MORE):
        title += " " + lines[i].strip("/ ")
        i += 1
    if not CITE.search(title):
        faults.append("the title cites no section of the notes (e.g. 'RBI §4')")
    if i >= len(lines) or lines[i] != "//":
        faults.append("no empty '//' line after the title")
    sym = next((k for k in range(i, len(lines)) if lines[k].startswith("// Symbols: ")), None)
    if sym is None:
        return None, faults + ["no '// Symbols: ' field"]
    if lines[sym - 1] != "//" or sym - 1 <= i + 1:
        faults.append("no body, or no empty '//' line before Symbols")
    _, k = field(lines, sym, "Symbols")
    tests, k = field(lines, k, "Tests")
    if tests is None:
        return None, faults + ["no '// Tests: ' field right after Symbols"]
    m = TESTS.match(tests)
    if not m:
        return None, faults + [f"Tests is not 'Suite.Name, ... (tests/FILE.cpp, ...)': {tests}"]
    patterns = [p.strip() for p in m.group(1).split(",")]
    files = sorted(f.strip() for f in m.group(2).split(","))
    if k >= len(lines) or not COMMAND.match(lines[k]):
        return None, faults + [f"no '//   build/bin/ch{nn}_tests --gtest_filter='...'' line after Tests"]
    binary, flt = COMMAND.match(lines[k]).groups()
    if k != len(lines) - 1:
        faults.append("the --gtest_filter line is not the header's last line")
    if binary != f"ch{nn}":
        faults.append(f"the command runs {binary}_tests, the folder is chapter {nn}")
    if flt != ":".join(patterns):
        faults.append(f"--gtest_filter='{flt}' is not the Tests patterns joined by ':'")
    return (patterns, files, flt, binary), faults


def listed(exe, flt):
    """The full names of the tests `exe --gtest_list_tests --gtest_filter=flt` lists."""
    proc = subprocess.run([exe, "--gtest_list_tests", f"--gtest_filter={flt}"], capture_output=True,
                          text=True, stdin=subprocess.DEVNULL, timeout=60, check=False)
    if proc.returncode != 0:
        raise RuntimeError(f"{exe} --gtest_list_tests failed: {proc.stderr.strip()[:200]}")
    names, suite = [], None
    for line in proc.stdout.splitlines():
        if not line.strip():
            continue
        if not line.startswith(" "):
            suite = line.split()[0]
        else:
            names.append(suite + line.split()[0])
    return names


def definitions(root, nn):
    """{Suite.Name: tests/FILE.cpp} for chapter nn's test sources."""
    out = {}
    for path in sorted(glob.glob(os.path.join(root, "tests", f"{nn}_*.cpp"))):
        with open(path, encoding="utf-8") as f:
            for suite, name in TEST_DEF.findall(f.read()):
                out[f"{suite}.{name}"] = os.path.relpath(path, root)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--build", required=True, help="the build tree holding bin/chNN_tests")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    build = os.path.abspath(args.build)
    paths = sorted(glob.glob(os.path.join(root, "exercises", "[0-9][0-9]_*", "*.cpp")))
    if not paths:
        print(f"check_exercises: no exercises/NN_topic/*.cpp under {root}", file=sys.stderr)
        return 2
    bad = 0
    defs = {}
    for path in paths:
        rel = os.path.relpath(path, root)
        nn = os.path.basename(os.path.dirname(path))[:2]
        parsed, faults = parse(path, nn)
        if parsed:
            patterns, files, _, binary = parsed
            exe = os.path.join(build, "bin", f"{binary}_tests")
            if not os.access(exe, os.X_OK):
                print(f"check_exercises: {exe} is missing: build it first", file=sys.stderr)
                return 2
            if nn not in defs:
                defs[nn] = definitions(root, nn)
            selected = set()
            try:
                for p in patterns:
                    names = listed(exe, p)
                    if not names:
                        faults.append(f"the pattern {p} selects no test of {binary}_tests")
                    selected.update(names)
            except (RuntimeError, subprocess.TimeoutExpired) as e:
                faults.append(str(e))
            where = sorted({defs[nn][t] for t in selected if t in defs[nn]})
            if selected and where != files:
                faults.append(f"Tests names the files {', '.join(files)}; the selected tests are "
                              f"defined in {', '.join(where)}")
        for fault in faults:
            print(f"{rel}: {fault}")
        bad += bool(faults)
    print(f"check_exercises: {len(paths) - bad} of {len(paths)} exercise headers keep the template")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
