#!/usr/bin/env python3
"""Runs every command the lessons print, so a lesson never shows one that fails.

`./pbm` and CI call this after a reference build. A lesson (chapters/NN_topic/
README.md) shows runnable commands in ```sh blocks and inline code spans
that start with `build/bin/chNN_...` or `./pbm run NN`; synopses with
placeholders go in ```text blocks and are not run. Each command runs
headless and short: `--headless --csv FILE` is added, `--t-end` is capped at
2 s, and a command that opens the viewer is checked the same way (its
arguments are what matters). A command whose line ends in `# exit N`
must exit with N; every other one with 0.

usage: check_lessons.py [--root DIR] [--build DIR]   (exit 1 if any command fails)
"""

import argparse
import os
import re
import shlex
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^```(\w*)\s*$")
INLINE = re.compile(r"`((?:\./)?(?:build/bin/ch\d\d_[a-z_]+(?<!_bench)(?<!_tests)\b|\./pbm run \d+)[^`]*)`")
PROGRAM = re.compile(r"^(?:\./)?build/bin/(ch\d\d_\w+)$")
T_CAP = 2.0


def commands(path):
    """(line number, command text, expected status) of a lesson."""
    out = []
    lang = None
    pending, start = "", 0
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    for no, line in enumerate(lines, 1):
        m = FENCE.match(line)
        if m:
            lang = None if lang is not None else m.group(1)
            continue
        if lang is None:
            for span in INLINE.findall(line):
                out.append((no, span, 0))
            continue
        if lang not in ("sh", "bash", "console"):
            continue
        if not pending:
            start = no
        pending += line.rstrip("\\").rstrip() + " " if line.endswith("\\") else line
        if line.endswith("\\"):
            continue
        text, pending = pending.strip(), ""
        expect = 0
        m = re.search(r"#\s*exit\s+(\d+)\s*$", text)
        if m:
            expect = int(m.group(1))
        text = text.split(" #")[0].strip()
        # Chapter programs only: a benchmark or test binary takes other flags.
        if re.match(r"^(?:\./)?(build/bin/ch\d\d_[a-z_]+(?<!_bench)(?<!_tests)\s|\./pbm run )",
                    text + " "):
            out.append((start, text, expect))
    return out


def to_argv(text, root, build):
    """The program and its arguments: `./pbm run NN ARGS` becomes build/bin/chNN_topic ARGS."""
    words = shlex.split(text)
    if words[0] == "./pbm":
        nn = "%02d" % int(words[2])
        names = [n for n in os.listdir(os.path.join(build, "bin")) if re.match(rf"ch{nn}_[a-z_]+$", n)
                 and not n.endswith(("_tests", "_bench"))]
        if not names:
            raise ValueError(f"no program for chapter {nn}")
        return [os.path.join(build, "bin", names[0])] + words[3:]
    m = PROGRAM.match(words[0])
    if not m:
        raise ValueError(f"not a chapter program: {words[0]}")
    return [os.path.join(build, "bin", m.group(1))] + words[1:]


def shorten(argv, csv):
    """Headless, short, into csv."""
    out, i = [], 0
    while i < len(argv):
        a = argv[i]
        if a in ("--csv", "--screenshot", "--frames") and i + 1 < len(argv):
            i += 2
            continue
        if a == "--t-end" and i + 1 < len(argv):
            try:
                out += [a, str(min(float(argv[i + 1]), T_CAP))]
            except ValueError:
                out += [a, argv[i + 1]]
            i += 2
            continue
        out.append(a)
        i += 1
    if "--headless" not in out:
        out.append("--headless")
    if "--t-end" not in out:
        out += ["--t-end", str(T_CAP)]
    return out + ["--csv", csv]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--build", default=None)
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    build = os.path.abspath(args.build or os.path.join(root, "build"))
    failures, count = [], 0
    with tempfile.TemporaryDirectory() as tmp:
        csv = os.path.join(tmp, "out.csv")
        for chapter in sorted(os.listdir(os.path.join(root, "chapters"))):
            lesson = os.path.join(root, "chapters", chapter, "README.md")
            if not os.path.exists(lesson):
                continue
            rel = os.path.relpath(lesson, root)
            for no, text, expect in commands(lesson):
                count += 1
                where = f"{rel}:{no}: {text}"
                try:
                    argv = shorten(to_argv(text, root, build), csv)
                    proc = subprocess.run(argv, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                          stderr=subprocess.PIPE, text=True, timeout=120, check=False)
                    status, err = proc.returncode, proc.stderr.strip().splitlines()
                except (ValueError, OSError, subprocess.TimeoutExpired) as e:
                    status, err = None, [str(e)]
                if status != expect:
                    last = err[-1] if err else ""
                    failures.append(f"{where}\n    exit {status}, expected {expect}: {last}")
    for f in failures:
        print(f)
    print(f"lesson commands: {count - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
