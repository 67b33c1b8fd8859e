"""The record of the skeletons a students' edition has handed out.

An edition (./pbm handout) keeps, in RECORD at its root, one line for every
version of every file under exercises/ it has ever held: the first edition
writes the first versions, each --update adds the versions it brings (a fix to
a skeleton) and never removes a line. The grader (grade.py) reads it from a
hand-in that is a whole clone, so that a chapter folder still holding the
skeleton a student was GIVEN counts as not handed in, even when the
instructor's exercises/ has moved on since. handout.py writes it, grade.py
reads it: both take the format from here. Python standard library only.
"""

import hashlib
import os

RECORD = os.path.join(".pbm", "skeletons.tsv")
HEADER = ("# The skeletons this edition has handed out (./pbm handout): one line per version\n"
          "# of each file under exercises/, never removed. The instructor's grader counts a\n"
          "# chapter folder whose files are all handed-out versions as not handed in.\n"
          "# path\tsha256 (CRLF read as LF)\thanded out\tworkbook commit\n")


def digest(data):
    """The hash of a file's bytes; CRLF is read as LF, so a clone checked out
    with Windows line endings (core.autocrlf) still matches what was handed out."""
    return hashlib.sha256(data.replace(b"\r\n", b"\n")).hexdigest()


def read_rows(path):
    """[(path, sha256, when, commit)] of a record file; [] when there is none.
    Lines that are not four tab-separated fields are skipped: the file sits in
    a student's clone, where it may have been edited or merged by hand."""
    rows = []
    if not os.path.isfile(path):
        return rows
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if line.startswith("#"):
                continue
            fields = line.rstrip("\r\n").split("\t")
            if len(fields) == 4 and all(fields[:2]):
                rows.append(tuple(fields))
    return rows


def versions(rows):
    """{path: {sha256, ...}}: every version handed out of each file."""
    out = {}
    for path, sha, _, _ in rows:
        out.setdefault(path, set()).add(sha)
    return out


def add_tree(rows, tree, when, commit):
    """rows with a line added for each file under tree/exercises/ whose content
    is not yet recorded for its path (the order kept: old lines first)."""
    known = {(p, s) for p, s, _, _ in rows}
    out = list(rows)
    top = os.path.join(tree, "exercises")
    for folder, dirs, names in os.walk(top):
        dirs.sort()
        for name in sorted(names):
            full = os.path.join(folder, name)
            rel = os.path.relpath(full, tree).replace(os.sep, "/")
            with open(full, "rb") as f:
                sha = digest(f.read())
            if (rel, sha) not in known:
                known.add((rel, sha))
                out.append((rel, sha, when, commit))
    return out


def text(rows):
    return HEADER + "".join("\t".join(r) + "\n" for r in rows)


def find(exdir):
    """The record that goes with a hand-in folder: in it, or one level up (a
    whole clone passed to the grader becomes its exercises/), or None."""
    for base in (exdir, os.path.dirname(os.path.abspath(exdir))):
        path = os.path.join(base, RECORD)
        if os.path.isfile(path):
            return path
    return None
