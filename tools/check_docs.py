#!/usr/bin/env python3
"""Fails when the front door disagrees with the chapters that exist.

The chapters are what `./pbm chapters` prints (the pbm_chapter(...) lines of
CMakeLists.txt, read in that one place). CI runs this beside
check_lessons.py. It checks, one line per disagreement:

  README.md          the chapter table: one row per chapter, in order, each
                     linking its lesson chapters/NN_topic/README.md (which
                     exists), none "planned";
                     the abbreviations list: exactly the citations the
                     table's notes column uses, and every "XX §" a lesson
                     cites;
  common/README.md   the topic table: one row per chapter, in order, its
                     folder common/include/pbm/<topic>/ existing and included
                     by the chapter's solutions;
                     the scene-base table: one row per chapter, naming a
                     scenes header that exists in chapters/NN_topic/;
                     the Conventions paragraph names every abbreviation.

usage: check_docs.py [--root DIR]   (exit 1 on any disagreement, 2 on bad use)
"""

import argparse
import glob
import os
import re
import subprocess
import sys

LINK = re.compile(r"^\[(\d\d_\w+)\]\(([^)]+)\)$")
CODE = re.compile(r"^`([^`]+)`$")
# A citation of the notes in a lesson: an abbreviation and a section sign.
LESSON_CITE = re.compile(r"\b([A-Z]{2,5}) §")
# The citation of the 1992 paper, which has no abbreviation.
PAPER = "Baraff & Witkin 1992"


def chapters(root):
    """["NN_topic", ...] from `./pbm chapters`."""
    proc = subprocess.run([os.path.join(root, "pbm"), "chapters"], capture_output=True, text=True,
                          stdin=subprocess.DEVNULL, timeout=60, check=False)
    out = ["_".join(line.split()) for line in proc.stdout.splitlines() if len(line.split()) == 2]
    if proc.returncode != 0 or not out:
        sys.exit(f"check_docs: ./pbm chapters failed: {proc.stderr.strip()}")
    return out


def table(lines, header_start):
    """[(line number, [cells])] of the Markdown table whose header row starts
    with header_start (the separator row skipped); None when there is none."""
    for i, line in enumerate(lines):
        if line.startswith(header_start):
            rows = []
            for j in range(i + 2, len(lines)):
                if not lines[j].startswith("|"):
                    break
                rows.append((j + 1, [c.strip() for c in lines[j].strip().strip("|").split("|")]))
            return rows
    return None


def citations(notes):
    """The abbreviations (or the paper) a notes cell cites: "RBII §6, §8" -> {"RBII"}."""
    if PAPER in notes:
        return {PAPER}
    return {word for word in re.findall(r"\b[A-Z]{2,5}\b", notes)}


def compare(where, what, got, want, problems):
    if got != want:
        missing = [c for c in want if c not in got]
        extra = [c for c in got if c not in want]
        detail = []
        if missing:
            detail.append("missing " + ", ".join(missing))
        if extra:
            detail.append("not a chapter: " + ", ".join(extra))
        if not detail:
            detail.append("out of order")
        problems.append(f"{where}: {what} disagrees with ./pbm chapters ({'; '.join(detail)}); "
                        f"expected {', '.join(want)}")


def check_readme(root, chs, problems):
    """Returns the abbreviations README lists."""
    path = os.path.join(root, "README.md")
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    rows = table(lines, "| NN_topic |")
    if rows is None:
        problems.append("README.md: no chapter table (a header row starting '| NN_topic |')")
        return set()
    names, cited = [], set()
    for no, cells in rows:
        m = LINK.match(cells[0])
        name = m.group(1) if m else cells[0].strip("`")
        names.append(name)
        if not m:
            problems.append(f"README.md:{no}: {name} does not link its lesson "
                            f"([{name}](chapters/{name}/README.md))")
        elif m.group(2) != f"chapters/{name}/README.md":
            problems.append(f"README.md:{no}: {name} links {m.group(2)}, "
                            f"not chapters/{name}/README.md")
        elif not os.path.exists(os.path.join(root, m.group(2))):
            problems.append(f"README.md:{no}: {m.group(2)} does not exist")
        if name in chs and any(re.search(r"\bplanned\b", c, re.I) for c in cells):
            problems.append(f"README.md:{no}: {name} exists but its row says 'planned'")
        if len(cells) >= 3:
            cited |= citations(cells[2])
    compare("README.md", "the chapter table", names, chs, problems)

    # The abbreviations list: "- ABBR: what" bullets after its lead-in.
    listed, start = {}, None
    for i, line in enumerate(lines):
        if line.startswith("The notes are cited by these abbreviations"):
            start = i
        elif start is not None and line.startswith("- "):
            listed[line[2:].split(":")[0].strip()] = i + 1
        elif start is not None and listed and not line.startswith("  "):
            break
    if not listed:
        problems.append("README.md: no abbreviations list ('The notes are cited by these "
                        "abbreviations' and '- ABBR: ...' bullets)")
        return set()
    for abbr in sorted(cited - set(listed)):
        problems.append(f"README.md: the chapter table cites {abbr}, which the abbreviations "
                        "list does not explain")
    for abbr in sorted(set(listed) - cited):
        problems.append(f"README.md:{listed[abbr]}: the abbreviations list has {abbr}, which no "
                        "chapter in the table cites")
    for ch in chs:
        lesson = os.path.join(root, "chapters", ch, "README.md")
        if not os.path.exists(lesson):
            continue
        with open(lesson, encoding="utf-8") as f:
            used = set(LESSON_CITE.findall(f.read()))
        for abbr in sorted(used - set(listed)):
            problems.append(f"chapters/{ch}/README.md cites '{abbr} §', which README.md's "
                            "abbreviations list does not explain")
    return set(listed)


def check_common(root, chs, abbreviations, problems):
    path = os.path.join(root, "common", "README.md")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.splitlines()
    rows = table(lines, "| chapter | topic folder |")
    if rows is None:
        problems.append("common/README.md: no topic table (a header row starting "
                        "'| chapter | topic folder |')")
    else:
        compare("common/README.md", "the topic table", [c[0] for _, c in rows], chs, problems)
        for no, cells in rows:
            m = CODE.match(cells[1]) if len(cells) > 1 else None
            if not m:
                problems.append(f"common/README.md:{no}: the topic folder is not a `name`")
                continue
            folder = m.group(1)
            if not os.path.isdir(os.path.join(root, "common", "include", "pbm", folder)):
                problems.append(f"common/README.md:{no}: no folder common/include/pbm/{folder}/")
                continue
            sources = glob.glob(os.path.join(root, "solutions", cells[0], "*.cpp"))
            if sources and not any(f'"pbm/{folder}/' in open(s, encoding="utf-8").read()
                                   for s in sources):
                problems.append(f"common/README.md:{no}: solutions/{cells[0]}/ includes nothing "
                                f"from pbm/{folder}/ (the wrong folder?)")

    rows = table(lines, "| chapter | scenes header |")
    if rows is None:
        problems.append("common/README.md: no scene-base table (a header row starting "
                        "'| chapter | scenes header |')")
    else:
        by_nn = {ch[:2]: ch for ch in chs}
        compare("common/README.md", "the scene-base table", [by_nn.get(c[0], c[0]) for _, c in rows],
                chs, problems)
        for no, cells in rows:
            m = CODE.match(cells[1]) if len(cells) > 1 else None
            ch = by_nn.get(cells[0])
            if ch and (not m or not os.path.exists(os.path.join(root, "chapters", ch, m.group(1)))):
                problems.append(f"common/README.md:{no}: chapter {cells[0]}'s scenes header "
                                f"{cells[1] if len(cells) > 1 else '?'} is not in chapters/{ch}/")

    conventions = text.split("## Conventions", 1)[-1] if "## Conventions" in text else ""
    for abbr in sorted(abbreviations):
        if abbr not in conventions:
            problems.append(f"common/README.md: its Conventions do not name {abbr} "
                            "(README.md's abbreviations list does)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    chs = chapters(root)
    problems = []
    abbreviations = check_readme(root, chs, problems)
    check_common(root, chs, abbreviations, problems)
    for p in problems:
        print(f"check_docs: {p}")
    if problems:
        print(f"check_docs: {len(problems)} disagreement(s) with the {len(chs)} chapters "
              "(fix README.md / common/README.md)")
        return 1
    print(f"check_docs: README.md and common/README.md agree with the {len(chs)} chapters "
          f"and {len(abbreviations)} abbreviations")
    return 0


if __name__ == "__main__":
    sys.exit(main())
