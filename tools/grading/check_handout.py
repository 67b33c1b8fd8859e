#!/usr/bin/env python3
"""Fails when a students' edition (./pbm handout) leaks an answer or a private test.

  check_handout.py DIR [--source REPO]      (REPO: this repository)

A leak, one line each (the edition's file or git object, and the chapter):
  - a line of an unreleased chapter's reference, solutions/NN_topic/*.cpp of
    REPO for the chapters the edition's .pbm-edition does not release, that
    is not also a line of the public code (REPO's tracked files outside
    solutions/ and tests/private/, and the released references); blank,
    brace-only, comment-only and short lines (under 20 characters) never
    count: they say nothing of the answer;
  - a file of tests/private/ (a path, or a file with a private file's content);
  - the name of a test defined in REPO/tests/private/*.cpp (TEST, TEST_F,
    TEST_P: Suite.Name, or a Name the public code does not use).
Both the edition's files and every object of its git repository
(`git cat-file --batch-all-objects --batch`, so history and unreachable
objects too) are read. Exit 0: no leak; 1: leaks; 2: bad use.
"""

import argparse
import os
import re
import subprocess
import sys

MIN_CHARS = 20
TEST_DEF = re.compile(r"\b(?:TEST|TEST_F|TEST_P|TYPED_TEST)\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)")
SOL = re.compile(r"^solutions/(\d\d)_(\w+)/[^/]+\.cpp$")


def norm(line):
    return " ".join(line.split())


def meaningful(line):
    s = norm(line)
    if len(s) < MIN_CHARS:
        return False
    if s.startswith(("//", "/*", "*")):
        return False
    return any(c.isalnum() for c in s)


def git(cwd, *args):
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=True).stdout


def tracked(root):
    return [p for p in git(root, "ls-files", "-z").decode().split("\0")
            if p and os.path.isfile(os.path.join(root, p))]


def read(path):
    with open(path, "rb") as f:
        return f.read().decode("utf-8", "replace")


def released_in(edition):
    path = os.path.join(edition, ".pbm-edition")
    if os.path.isfile(path):
        for line in read(path).splitlines():
            if line.startswith("release="):
                return {x for x in line[len("release="):].split(",") if x}
        return set()
    sol = os.path.join(edition, "solutions")
    return {d[:2] for d in os.listdir(sol)} if os.path.isdir(sol) else set()


def secrets(repo, released):
    """{normalised line: (chapter, "solutions/...:N")} of the unreleased references."""
    public, refs = set(), {}
    for p in tracked(repo):
        if p.startswith("tests/private/"):
            continue
        m = SOL.match(p)
        if m and m.group(1) not in released:
            refs[p] = m.group(1)
            continue
        public.update(norm(l) for l in read(os.path.join(repo, p)).splitlines())
    out = {}
    for p, nn in sorted(refs.items()):
        for i, line in enumerate(read(os.path.join(repo, p)).splitlines(), 1):
            s = norm(line)
            if meaningful(s) and s not in public and s not in out:
                out[s] = (nn, f"{p}:{i}")
    return out, public


def private_tests(repo, public):
    """(names of private files, their contents, test-name patterns) of REPO/tests/private/."""
    folder = os.path.join(repo, "tests", "private")
    names, contents, patterns = set(), set(), []
    if not os.path.isdir(folder):
        return names, contents, patterns
    public_text = "\n".join(public)
    for n in sorted(os.listdir(folder)):
        path = os.path.join(folder, n)
        if not os.path.isfile(path):
            continue
        names.add(n)
        text = read(path)
        if text.strip():
            contents.add(text)
        nn = n[:2] if n[:2].isdigit() else "??"
        for suite, name in TEST_DEF.findall(text):
            patterns.append((re.compile(rf"\b{suite}\.{name}\b|\b{suite}\s*,\s*{name}\b"), nn,
                             f"{suite}.{name}"))
            if not re.search(rf"\b{name}\b", public_text):
                patterns.append((re.compile(rf"\b{name}\b"), nn, f"{suite}.{name}"))
    return names, contents, patterns


def edition_files(edition):
    for d, dirs, files in os.walk(edition):
        dirs[:] = [x for x in dirs if not (d == edition and x == ".git")]
        for n in files:
            path = os.path.join(d, n)
            if os.path.isfile(path) and not os.path.islink(path):
                yield os.path.relpath(path, edition), read(path)


def git_objects(edition):
    """(description, text) of every object in the edition's repository."""
    if not os.path.isdir(os.path.join(edition, ".git")):
        return
    paths = {}
    for line in git(edition, "rev-list", "--all", "--objects").decode("utf-8", "replace").splitlines():
        sha, _, path = line.partition(" ")
        if path and sha not in paths:
            paths[sha] = path
    data = git(edition, "cat-file", "--batch-all-objects", "--batch")
    pos = 0
    while pos < len(data):
        end = data.index(b"\n", pos)
        sha, kind, size = data[pos:end].decode().split()
        body = data[end + 1:end + 1 + int(size)]
        pos = end + 1 + int(size) + 1
        where = f"git object {sha[:10]} ({kind}{', ' + paths[sha] if sha in paths else ''})"
        yield where, body.decode("utf-8", "replace")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("edition")
    ap.add_argument("--source", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    a = ap.parse_args()
    if not os.path.isdir(a.edition):
        print(f"check_handout: no directory {a.edition}", file=sys.stderr)
        return 2
    if not os.path.isfile(os.path.join(a.source, "CMakeLists.txt")):
        print(f"check_handout: --source {a.source} is not the workbook", file=sys.stderr)
        return 2
    released = released_in(a.edition)
    secret, public = secrets(a.source, released)
    priv_names, priv_contents, priv_tests = private_tests(a.source, public)

    leaks = []
    for where, text in list(edition_files(a.edition)) + list(git_objects(a.edition)):
        base = where.split(", ")[-1].rstrip(")") if where.startswith("git object") else where
        if base.startswith("tests/private/") or "/tests/private/" in base or \
                (os.path.basename(base) in priv_names and "tests/" in base):
            leaks.append(f"{where}: a file of tests/private/ (private tests, chapter {os.path.basename(base)[:2]})")
        elif text in priv_contents:
            leaks.append(f"{where}: the content of a tests/private/ file")
        hits = {}
        for line in text.splitlines():
            s = norm(line)
            if s in secret:
                nn, src = secret[s]
                hits.setdefault((nn, src.rsplit(":", 1)[0]), []).append(src)
        for (nn, src), found in sorted(hits.items()):
            leaks.append(f"{where}: {len(found)} line(s) of chapter {nn}'s unreleased reference "
                         f"{src} (first: line {found[0].rsplit(':', 1)[1]})")
        named = sorted({(nn, test) for rx, nn, test in priv_tests if rx.search(text)})
        for nn, test in named:
            leaks.append(f"{where}: the private test {test} (chapter {nn})")
    for line in leaks:
        print(f"leak: {line}")
    chapters = sorted({v[0] for v in secret.values()})
    if leaks:
        print(f"check_handout: {len(leaks)} leak(s) in {a.edition}", file=sys.stderr)
        return 1
    print(f"check_handout: {a.edition}: no leak ({len(secret)} reference lines of unreleased chapters "
          f"{', '.join(chapters) or 'none'} and {len(priv_tests)} private-test patterns checked)",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
