#!/usr/bin/env python3
"""Measures which of a chapter's exercise files each of its tests waits on.

    tools/exercise_deps.py NN [--order F1,F2,...] [--build-dir DIR] [--report PATH]

A lesson's table says which tests turn green with each exercise (issue 39,
item 7). This tool measures it instead of trusting it: in a scratch
exercises tree (tools/mutants.py's, build/mutants/chNN/w0) every file of
exercises/NN_topic/ is once the reference alone among skeletons, and once
the skeleton alone among references; chapter NN's tests run after each
(all of them, as grading runs them). A test needs a file when it fails with
that file's skeleton and every other file done; it is green with a file
alone when it passes with only that file done.

The report (Markdown, default build/mutants/chNN/exercise_deps.md) lists,
file by file in the lesson's order (--order, else the order the files are
first named in the lesson), the tests that turn green with that file and the
ones before it, and those that also need a later file (which). A test that
needs no file at all, or whose needs are not the union of the files it was
green alone with, is reported too (a test that passes on a skeleton checks
nothing).

Cost: each file's skeleton and reference compile once (ccache keeps both),
then 2 F + 1 relinks and test runs for F files: 2-4 minutes a chapter here.
Nothing in exercises/ or solutions/ is written. Exit status 0 when it ran,
1 when it could not, 2 on bad usage.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import textwrap
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutants  # noqa: E402  (the scratch tree: mutants.Worker)

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def run_tests(w, timeout):
    """{test name: passed?} for one run of the chapter's test program."""
    prog = w.program()
    with tempfile.TemporaryDirectory(prefix="pbm-exdeps-") as cwd:
        out = os.path.join(cwd, "r.json")
        try:
            subprocess.run([prog, "--gtest_output=json:" + out, "--gtest_brief=1"], cwd=cwd,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=timeout,
                           start_new_session=True)
        except subprocess.TimeoutExpired:
            return None
        if not os.path.exists(out):
            return None
        data = json.load(open(out))
    result = {}
    for suite in data.get("testsuites", []):
        for t in suite.get("testsuite", []):
            name = "%s.%s" % (suite["name"], t["name"])
            result[name] = t.get("result") == "COMPLETED" and not t.get("failures")
    return result


def lesson_order(root, nn, topic, files):
    """The files in the order the lesson first names them; the rest after."""
    path = os.path.join(root, "chapters", "%s_%s" % (nn, topic), "README.md")
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else ""
    first = {}
    for f in files:
        m = re.search(r"\b" + re.escape(f) + r"\b", text)
        first[f] = m.start() if m else len(text) + files.index(f)
    return sorted(files, key=lambda f: first[f])


def compress(tests, everything):
    """Test names, a suite as `Suite.*` (with `but ...` for the few of its
    tests missing) when most of a suite's tests are there."""
    by_suite = {}
    for t in everything:
        by_suite.setdefault(t.split(".", 1)[0], []).append(t)
    chosen = set(tests)
    out, seen = [], set()
    for t in tests:
        s = t.split(".", 1)[0]
        if s in seen:
            continue
        members = by_suite[s]
        here = [x for x in members if x in chosen]
        if len(members) > 2 and 2 * len(here) > len(members):
            seen.add(s)
            missing = [x.split(".", 1)[1] for x in members if x not in chosen]
            out.append("`%s.*`" % s + (" but " + ", ".join("`%s`" % m for m in missing) if missing else ""))
        else:
            out.append("`%s`" % t)
    return out


BEGIN = "<!-- tools/exercise_deps.py: begin (measured; do not edit by hand) -->"
END = "<!-- tools/exercise_deps.py: end -->"


def write_lesson(root, nn, topic, table):
    """Puts the table in the lesson between BEGIN and END: where they are, or
    after the first table that follows the lesson's exercises heading."""
    path = os.path.join(root, "chapters", "%s_%s" % (nn, topic), "README.md")
    text = open(path, encoding="utf-8").read()
    intro = textwrap.fill("Which tests turn green when, file by file in the order above (measured "
                          "by `tools/exercise_deps.py %s`: a test waits on a file when it fails with "
                          "that file's skeleton and every other file done):" % nn, 76)
    block = "\n".join([BEGIN, "", intro, ""] + table + ["", END])
    if BEGIN in text and END in text:
        a, b = text.index(BEGIN), text.index(END) + len(END)
        text = text[:a] + block + text[b:]
    else:
        lines = text.split("\n")
        head = next((i for i, l in enumerate(lines)
                     if l.startswith("## ") and ("xercise" in l or "mplement" in l)), None)
        if head is None:
            raise SystemExit("tools/exercise_deps.py: no '## Exercises' or '## What you implement' in " + path)
        end = next((i for i in range(head + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
        i = head + 1
        while i < end and not lines[i].startswith("|"):
            i += 1
        if i == end:  # no table: at the end of the section
            while i > head + 1 and lines[i - 1] == "":
                i -= 1
        while i < end and lines[i].startswith("|"):
            i += 1
        lines[i:i] = ["", block] + ([""] if i < len(lines) and lines[i] != "" else [])
        text = "\n".join(lines)
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
    return os.path.relpath(path, root)


def main(argv):
    ap = argparse.ArgumentParser(description="Which exercise files each of chapter NN's tests waits on.")
    ap.add_argument("chapter")
    ap.add_argument("--order", help="the files in the lesson's order, comma-separated")
    ap.add_argument("--build-dir", help="the scratch trees' folder (default build/mutants/chNN)")
    ap.add_argument("--report", help="where the Markdown goes")
    ap.add_argument("--timeout", type=float, default=300, help="seconds one run of the tests may take")
    ap.add_argument("--lesson", action="store_true",
                    help="also write the table into the lesson, after its exercises table")
    args = ap.parse_args(argv)
    if not re.fullmatch(r"\d{1,2}", args.chapter):
        print("tools/exercise_deps.py: chapter must be a number such as 06", file=sys.stderr)
        return 2
    nn = "%02d" % int(args.chapter)
    root = REPO
    topic = mutants.chapter_topic(root, nn)
    if topic is None:
        print("tools/exercise_deps.py: no chapter %s in solutions/" % nn, file=sys.stderr)
        return 2
    ex_dir = os.path.join(root, "exercises", "%s_%s" % (nn, topic))
    ref_dir = os.path.join(root, "solutions", "%s_%s" % (nn, topic))
    files = sorted(f for f in os.listdir(ex_dir) if f.endswith(".cpp") and os.path.exists(os.path.join(ref_dir, f)))
    if args.order:
        order = args.order.split(",")
        if sorted(order) != files:
            print("tools/exercise_deps.py: --order must name exactly %s" % ", ".join(files), file=sys.stderr)
            return 2
    else:
        order = lesson_order(root, nn, topic, files)
    base = os.path.abspath(args.build_dir or os.path.join(root, "build", "mutants", "ch" + nn))

    def log(s):
        print(s, file=sys.stderr, flush=True)

    w = mutants.Worker(root, nn, topic, base, 0, log)
    skeleton = {f: open(os.path.join(ex_dir, f), "rb").read() for f in files}
    reference = {f: open(os.path.join(ref_dir, f), "rb").read() for f in files}

    def setup(done):
        for f in files:
            data = reference[f] if f in done else skeleton[f]
            p = os.path.join(w.folder, f)
            if not os.path.exists(p) or open(p, "rb").read() != data:
                with open(p, "wb") as out:
                    out.write(data)
        ok, blog = w.compile()
        if not ok:
            raise RuntimeError("the build failed with %s done:\n%s" % (sorted(done) or "nothing", blog[-2000:]))
        r = run_tests(w, args.timeout)
        if r is None:
            raise RuntimeError("the tests did not finish within %g s with %s done" % (args.timeout, sorted(done)))
        return r

    t0 = time.time()
    w.sync()
    if not w.configure():
        return 1
    try:
        full = setup(set(files))
        if not all(full.values()):
            log("the reference fails %s: nothing to measure" % [t for t, ok in full.items() if not ok][:3])
            return 1
        tests = sorted(full)
        none = setup(set())
        alone, without = {}, {}
        for i, f in enumerate(files, 1):
            print("ch%s: [%d/%d] %s alone, then all but %s" % (nn, i, len(files), f, f), flush=True)
            alone[f] = setup({f})
            without[f] = setup(set(files) - {f})
    except RuntimeError as e:
        log("tools/exercise_deps.py: " + str(e))
        return 1
    finally:
        w.sync()
    needs = {t: [f for f in order if not without[f].get(t, False)] for t in tests}
    green_alone = {t: [f for f in order if alone[f].get(t, False)] for t in tests}

    table = ["| # | file | green with this file alone | green with this file and earlier ones |",
             "|---|---|---|---|"]
    for k, f in enumerate(order):
        now = [t for t in tests if needs[t] and needs[t][-1] == f]
        alone_now = [t for t in now if needs[t] == [f]]
        with_earlier = [t for t in now if needs[t] != [f]]
        table.append("| %d | `%s` | %s | %s |" % (k + 1, f, "; ".join(compress(alone_now, tests)) or "none",
                                                 "; ".join(compress(with_earlier, tests)) or "none"))
    odd = sorted(set(t for t in tests if not needs[t]) | set(t for t in tests if none.get(t)))
    if odd:
        table += ["", "Green with no file done (they check nothing on a skeleton): " +
                  ", ".join("`%s`" % t for t in odd)]
    lines = ["# Chapter %s (%s): which exercise files each test waits on" % (nn, topic), "",
             "Measured by `tools/exercise_deps.py %s` (%.0f s): a test needs a file when it fails with "
             "that file's skeleton and every other file done." % (nn, time.time() - t0), ""] + table
    lines += ["", "Per test (its files in the lesson's order; green alone with):", ""]
    for t in tests:
        lines.append("- `%s`: %s%s" % (t, " + ".join(needs[t]) or "nothing",
                                      "; alone with %s" % ", ".join(green_alone[t]) if green_alone[t] else ""))
    text = "\n".join(lines) + "\n"
    if args.lesson:
        where = write_lesson(root, nn, topic, table)
        print("ch%s: the table is in %s" % (nn, where))
    out = args.report or os.path.join(base, "exercise_deps.md")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(text)
    print(text)
    print("ch%s: %d tests over %d files in %.0f s; report %s" % (nn, len(tests), len(files), time.time() - t0, out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
