#!/usr/bin/env python3
"""The students' edition of the workbook (./pbm handout; README.md, "Running a course").

  handout.py --root REPO --chapters LIST [--release LIST] -o DIR [--dry-run]
      a new git repository at DIR (refused if DIR is not empty), one first
      commit, none of REPO's history: exercises/NN_topic/ for --chapters, the
      reference solutions/NN_topic/ only for --release, the lessons, programs
      and tests of those chapters, and the workbook's own code.
  handout.py --root REPO --update DIR --chapters LIST [--release LIST] [--dry-run]
      the next step of the term as one new commit on the edition DIR: the
      lists add to the ones DIR's .pbm-edition records; new chapters'
      skeletons, newly released references, and the workbook's code and the
      handed-out chapters' skeletons as they are now. A skeleton that changed
      (a fix) is named, file by file, in the output and the commit message: a
      student who edited that file gets it as a git merge of the fix with
      their edits (a conflict where both changed the same lines).

--release takes only chapters handed out (--chapters now or before): a
reference is the answer, and a mistyped number would ship one. A chapter
released without ever being handed out (say, one a later chapter builds on)
is named with --release-unset LIST instead. --dry-run lists, one line a
file, what would be added, changed or removed (stdout), and writes nothing.

Every version of every skeleton an edition hands out is recorded in its
.pbm/skeletons.tsv (skeletons.py), which the grader reads from a hand-in
that is a whole clone: a chapter still at any skeleton the student was given
counts as not handed in.

LIST: chapter numbers and ranges, e.g. 01-04, 1,2 or 01,03. A chapter needs
the chapters of its DEPS (CMakeLists.txt) in one of the lists; otherwise one
line names the missing one and the exit status is 2 (so is every refusal).

What an edition leaves out: every other chapter entirely (lesson, program,
tests, student files, and the topic headers common/include/pbm/<topic>/ no
kept file includes), tests/private/, the grading and autograder tools (the
edition's `./pbm grade` says grading is done by the instructor), CI, the
workbook's own checks and the command line's cross-chapter tests (tests/cli/,
which run every chapter's program). Python standard library only.
"""

import argparse
import datetime
import os
import re
import shutil
import string
import subprocess
import sys
import tempfile

sys.dont_write_bytecode = True  # no __pycache__ in the repository (the edition copies tracked files only)
# check_includes.py (common/README.md's topic table, read once for both tools)
# is one of the workbook's checks in tools/, a level above this folder.
sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from check_includes import topics  # noqa: E402
import skeletons  # noqa: E402  the record of handed-out skeletons, shared with grade.py

CHAPTER = re.compile(r"^\s*pbm_chapter\(\s*(\d+)\s+(\w+)(?:\s+DEPS\s+([\d\s]+))?\)\s*$")
SUBDIR = re.compile(r"^\s*add_subdirectory\(\s*([\w/.-]+)\s*\)\s*$")
INCLUDE = re.compile(r'^\s*#\s*include\s+"pbm/(\w+)/([^"]+)"', re.M)
TEMPLATES = os.path.join("tools", "grading", "handout")
EDITION_FILE = ".pbm-edition"
# The edition README's word on the chapters it leaves out.
OTHERS = ("The workbook's other chapters are not here at all, neither their lessons,\n"
          "programs and tests nor their code: your instructor adds each chapter when\n"
          "its week comes (`git pull`, below). Of the shared code (`common/`), the\n"
          "headers of a later chapter's topic are here only where a chapter here\n"
          "includes them (the 3D scenes' drawing uses chapter 09's, and so 07's and 08's).")
DEFAULT_AUTHOR = ("PBM Workbook", "pbm-workbook@localhost")

# The files of tools/ an edition's driver uses; the rest of tools/ (grading,
# autograders, the workbook's checks) stays with the instructor.
EDITION_TOOLS = ("tools/pbm/deps.sh", "tools/pbm/configure.sh", "tools/pbm/run.sh",
                 "tools/pbm/test.sh", "tools/pbm/test_digest.awk", "tools/pbm/bench.sh", "tools/pbm/handout.sh",
                 "tools/pbm/web.sh", "tools/web/pages.py", "tools/plot_bench.py")
# tools/pbm/grade.sh in an edition: `./pbm grade` and `./pbm autograder` say
# grading is done by the instructor.
GRADE_STUB = "grade.sh"
LEFT_OUT = ("tests/private/", "tests/cli/", ".ci/", "shots/", "build/")

# In the lesson of a chapter whose reference is not in the edition, the lines
# that send the student back to it: they are dropped.
LESSON_DROPS = (re.compile(r"^\./pbm build --exercises none\s*# back to the reference\s*$"),)

# The driver's commands an edition does not have (its tools/pbm/grade.sh and
# handout.sh only say so): `./pbm help` in an edition does not list them.
INSTRUCTOR_COMMANDS = ("grade", "autograder", "handout", "collect")


class Refused(Exception):
    """A one-line refusal (exit status 2)."""


def git(cwd, *args, env=None, check=True):
    p = subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, env=env)
    if check and p.returncode != 0:
        raise RuntimeError(f"git {' '.join(args)} (in {cwd}): {p.stderr.strip()}")
    return p.stdout


def read_chapters(root):
    """[(NN, topic, [deps])] from REPO's CMakeLists.txt, in order."""
    out = []
    with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as f:
        for line in f:
            m = CHAPTER.match(line)
            if m:
                out.append((m.group(1), m.group(2), (m.group(3) or "").split()))
    return out


def parse_list(text, known, what):
    """"01-04", "1,2", "01,03" -> sorted two-digit numbers; Refused on anything else."""
    out = set()
    for tok in filter(None, (t.strip() for t in (text or "").split(","))):
        m = re.fullmatch(r"(\d+)(?:-(\d+))?", tok)
        if not m:
            raise Refused(f"{what}: '{tok}' is not a chapter number or range (e.g. 01-04, 1,2 or 01,03)")
        lo = int(m.group(1))
        hi = int(m.group(2)) if m.group(2) else lo
        if hi < lo:
            raise Refused(f"{what}: '{tok}' is an empty range")
        for n in range(lo, hi + 1):
            nn = f"{n:02d}"
            if nn not in known:
                raise Refused(f"{what}: no chapter {nn}; chapters: {', '.join(sorted(known))}")
            out.add(nn)
    return sorted(out)


def check_deps(chapters, present):
    deps = {nn: d for nn, _, d in chapters}
    for nn in sorted(present):
        todo, seen = list(deps[nn]), set()
        while todo:
            d = todo.pop(0)
            if d in seen:
                continue
            seen.add(d)
            if d not in present:
                raise Refused(f"chapter {nn} needs chapter {d} (DEPS): add {d} to --chapters "
                              f"(or --release-unset {d}: its reference alone)")
            todo.extend(deps[d])


def tracked_files(root):
    return [p for p in git(root, "ls-files", "-z").split("\0") if p and os.path.isfile(os.path.join(root, p))]


def chapter_of(path, dirs):
    """The chapter number a path belongs to (chapters/, exercises/, solutions/,
    tests/NN_topic_test*), or None for the workbook's own code."""
    parts = path.split("/")
    if parts[0] in ("chapters", "exercises", "solutions") and len(parts) > 2 and parts[1] in dirs:
        return dirs[parts[1]]
    if parts[0] == "tests" and len(parts) == 2:
        for d, nn in dirs.items():
            if parts[1].startswith(d + "_test"):
                return nn
    return None


def select(root, chapters, wanted, released):
    """The REPO paths an edition holds (before the topic-header pruning)."""
    dirs = {f"{nn}_{t}": nn for nn, t, _ in chapters}
    present = set(wanted) | set(released)
    keep = []
    for path in tracked_files(root):
        top = path.split("/")[0]
        if path.startswith(LEFT_OUT) or path in ("README.md", "CMakeLists.txt"):
            continue
        if top == "tools":
            if path in EDITION_TOOLS:
                keep.append(path)
            continue
        nn = chapter_of(path, dirs)
        if top == "exercises":
            if nn in wanted:
                keep.append(path)
        elif top == "solutions":
            if nn in released:
                keep.append(path)
        elif nn is not None:
            if nn in present:
                keep.append(path)
        elif top != "chapters":  # chapters/ holds only chapters' folders
            keep.append(path)
    return keep


def prune_topics(root, keep, chapters, present):
    """Drops the topic folders common/include/pbm/<topic>/ of absent chapters
    that no kept file includes (pbm_scenekit, built for every chapter, needs
    chapter 09's, and with it 07's and 08's)."""
    folders = topics(root)
    absent = {folders[nn] for nn, _, _ in chapters if nn not in present and nn in folders}
    prefix = "common/include/pbm/"

    def topic(path):
        if path.startswith(prefix):
            t = path[len(prefix):].split("/")[0]
            return t if t in absent else None
        return None

    by_path = set(keep)
    reached, todo = set(), [p for p in keep if topic(p) is None and p.endswith((".h", ".hpp", ".cpp"))]
    seen = set(todo)
    while todo:
        path = todo.pop()
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            text = f.read()
        for t, rest in INCLUDE.findall(text):
            dep = f"{prefix}{t}/{rest}"
            if topic(dep):
                reached.add(t)
            if dep in by_path and dep not in seen:
                seen.add(dep)
                todo.append(dep)
    dropped = sorted(absent - reached)
    return [p for p in keep if topic(p) is None or topic(p) in reached], dropped


def edition_cmake(root, chapters, present, kept):
    """REPO's CMakeLists.txt with only the edition's pbm_chapter(...) lines and
    no add_subdirectory of a folder the edition lacks."""
    out = []
    with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as f:
        for line in f:
            m = CHAPTER.match(line)
            if m and m.group(1) not in present:
                continue
            s = SUBDIR.match(line)
            if s and not any(k.startswith(s.group(1).rstrip("/") + "/") for k in kept):
                continue
            out.append(line)
    return "".join(out)


def lesson_text(text, released):
    if released:
        return text
    return "".join(l for l in text.splitlines(True) if not any(r.match(l) for r in LESSON_DROPS))


def driver_text(text):
    """The driver (./pbm) as an edition holds it: its usage text (the here-
    document of usage()) without the instructor's commands (a command's first
    line "  grade ..." and the deeper indented lines under it), and the
    unknown-command message's list without their names. The commands
    themselves stay: a student typing one is told grading is the instructor's."""
    names = "|".join(INSTRUCTOR_COMMANDS)
    first = re.compile(r"^  (?:%s)\b" % names)
    out, in_usage, dropping = [], False, False
    for line in text.splitlines(True):
        if line.startswith("usage()"):
            in_usage = True
        elif in_usage and line.rstrip("\n") == "EOF":
            in_usage = False
        if in_usage and first.match(line):
            dropping = True
            continue
        if dropping and re.match(r"^   +\S", line):
            continue
        dropping = False
        if "(commands: " in line:
            line = re.sub(r" (?:%s)(?=[ )])" % names, "", line)
        out.append(line)
    return "".join(out)


def readme_text(root, chapters, wanted, released):
    names = {nn: t for nn, t, _ in chapters}
    deps = {nn: d for nn, _, d in chapters}
    rows = []
    for nn in sorted(set(wanted) | set(released)):
        d = f"{nn}_{names[nn]}"
        state = []
        if nn in wanted:
            state.append(f"your functions in `exercises/{d}/`")
        if nn in released:
            state.append(f"reference released in `solutions/{d}/`")
        after = ", ".join(deps[nn]) or "—"
        rows.append(f"| [{d}](chapters/{d}/README.md) | {'; '.join(state)} | {after} |")
    first = (sorted(wanted) or sorted(released))[0]
    values = {
        "chapter_rows": "\n".join(rows),
        "first": first,
        "first_dir": f"{first}_{names[first]}",
        "chapters": ", ".join(wanted) or "none",
        "released": ", ".join(released) or "none yet",
        "others": OTHERS if set(names) - set(wanted) - set(released) else
                  "Every chapter of the workbook is here.",
    }
    with open(os.path.join(root, TEMPLATES, "README.md.in"), encoding="utf-8") as f:
        return string.Template(f.read()).substitute(values)


def source_commit(root):
    commit = git(root, "rev-parse", "HEAD").strip()
    dirty = git(root, "status", "--porcelain", "--untracked-files=no").strip()
    return commit + (" (with uncommitted changes)" if dirty else "")


def build_tree(root, out, chapters, wanted, released):
    """Writes the edition's files into the empty folder out; returns the
    topic folders left out."""
    present = set(wanted) | set(released)
    keep = select(root, chapters, wanted, released)
    keep, dropped = prune_topics(root, keep, chapters, present)
    for path in keep:
        dest = os.path.join(out, path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        src = os.path.join(root, path)
        m = re.fullmatch(r"chapters/(\d\d)_\w+/README\.md", path)
        if m:
            with open(src, encoding="utf-8") as f:
                text = lesson_text(f.read(), m.group(1) in released)
            with open(dest, "w", encoding="utf-8") as f:
                f.write(text)
        elif path == "pbm":
            with open(src, encoding="utf-8") as f:
                text = driver_text(f.read())
            with open(dest, "w", encoding="utf-8") as f:
                f.write(text)
            shutil.copymode(src, dest)
        else:
            shutil.copy2(src, dest)
    shutil.copy2(os.path.join(root, TEMPLATES, GRADE_STUB), os.path.join(out, "tools", "pbm", "grade.sh"))
    with open(os.path.join(out, "CMakeLists.txt"), "w", encoding="utf-8") as f:
        f.write(edition_cmake(root, chapters, present, keep))
    with open(os.path.join(out, "README.md"), "w", encoding="utf-8") as f:
        f.write(readme_text(root, chapters, wanted, released))
    with open(os.path.join(out, EDITION_FILE), "w", encoding="utf-8") as f:
        f.write("# A students' edition of PBM Workbook (./pbm handout); the lines below say\n"
                "# which chapters it holds and from which commit of the workbook.\n"
                f"chapters={','.join(wanted)}\nrelease={','.join(released)}\n"
                f"source={source_commit(root)}\n")
    return dropped


def read_edition(path):
    vals = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            if "=" in line and not line.startswith("#"):
                k, v = line.rstrip("\n").split("=", 1)
                vals[k.strip()] = [x for x in v.split(",") if x] if k.strip() in ("chapters", "release") else v
    return vals


def commit_env(root):
    """The caller's name and email (git config), else the workbook's."""
    name = git(root, "config", "user.name", check=False).strip()
    email = git(root, "config", "user.email", check=False).strip()
    if not name or not email:
        name, email = DEFAULT_AUTHOR
    env = dict(os.environ)
    env.update(GIT_AUTHOR_NAME=name, GIT_AUTHOR_EMAIL=email,
               GIT_COMMITTER_NAME=name, GIT_COMMITTER_EMAIL=email)
    return env


def message(wanted, released, first, skeleton_changes=()):
    """The commit's message; an update's names each skeleton file it changes,
    so a student reading `git log` sees what a merge brought into exercises/."""
    what = "PBM Workbook, students' edition" if first else "PBM Workbook edition update"
    text = f"{what}: chapters {','.join(wanted) or 'none'}, released {','.join(released) or 'none'}\n"
    if skeleton_changes:
        text += ("\nSkeletons fixed since they were handed out; git pull merges each fix with\n"
                 "your edits of the file (README.md, \"When git pull conflicts\"):\n")
        text += "".join(f"  {kind:<7} {path}\n" for kind, path in skeleton_changes)
    return text


def version_tag(root):
    """(date, workbook commit) of the skeletons handed out now."""
    commit = git(root, "rev-parse", "--short=12", "HEAD").strip()
    if git(root, "status", "--porcelain", "--untracked-files=no").strip():
        commit += "+changes"
    return datetime.date.today().isoformat(), commit


def write_record(tree, rows):
    path = os.path.join(tree, skeletons.RECORD)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(skeletons.text(rows))


def check_release(release, handed, released_before=()):
    """Refuses a --release of a chapter never handed out: its reference is the
    answer to an exercise nobody was given, most likely a mistyped number. A
    reference released before (even with --release-unset) ships nothing new."""
    never = [nn for nn in release if nn not in handed and nn not in released_before]
    if never:
        raise Refused(f"--release {','.join(never)}: never handed out (handed out: {', '.join(handed) or 'none'}), "
                      f"so this would ship its answer; if that is meant: --release-unset {','.join(never)}")


def tree_files(tree):
    """The files under tree (its .git left out), as sorted relative paths."""
    out = []
    for folder, dirs, names in os.walk(tree):
        if ".git" in dirs:
            dirs.remove(".git")
        out += [os.path.relpath(os.path.join(folder, n), tree).replace(os.sep, "/") for n in names]
    return sorted(out)


def same_file(a, b):
    if os.access(a, os.X_OK) != os.access(b, os.X_OK):
        return False
    with open(a, "rb") as fa, open(b, "rb") as fb:
        return fa.read() == fb.read()


def plan(old_tree, old_files, new_tree):
    """[(add|change|remove, path)], in path order: what turns old_files (paths
    in old_tree) into new_tree's files."""
    old, new = set(old_files), set(tree_files(new_tree))
    steps = [("add", p) for p in new - old] + [("remove", p) for p in old - new]
    steps += [("change", p) for p in old & new
              if not same_file(os.path.join(old_tree, p), os.path.join(new_tree, p))]
    return sorted(steps, key=lambda s: s[1])


def skeleton_changes(steps, handed_before):
    """The steps that touch a skeleton already handed out: files under
    exercises/ of chapters the edition held before (a student may have edited
    them); a new chapter's skeleton is not a change."""
    out = []
    for kind, path in steps:
        m = re.match(r"exercises/(\d\d)_\w+/", path)
        if m and m.group(1) in handed_before:
            out.append((kind, path))
    return out


def make(root, out, chapters, wanted, released, dry_run=False):
    if os.path.exists(out) and (not os.path.isdir(out) or os.listdir(out)):
        raise Refused(f"-o {out}: exists and is not an empty folder (an edition is a new repository; "
                      f"--update {out} adds to one)")
    tag = version_tag(root)
    if dry_run:
        with tempfile.TemporaryDirectory(prefix="pbm-handout.") as tmp:
            dropped = build_tree(root, tmp, chapters, wanted, released)
            write_record(tmp, skeletons.add_tree([], tmp, *tag))
            return dropped, [("add", p) for p in tree_files(tmp)], []
    os.makedirs(out, exist_ok=True)
    dropped = build_tree(root, out, chapters, wanted, released)
    write_record(out, skeletons.add_tree([], out, *tag))
    env = commit_env(root)
    git(out, "init", "-q")
    git(out, "symbolic-ref", "HEAD", "refs/heads/main")  # `init -b` needs git 2.28
    git(out, "add", "-A")
    git(out, "commit", "-q", "-m", message(wanted, released, True), env=env)
    return dropped, [("add", p) for p in tree_files(out)], []


def update(root, dest, chapters, wanted, released, unset, dry_run=False):
    """Returns (chapters, releases, topics dropped, steps, skeleton changes,
    whether a commit was written)."""
    info = os.path.join(dest, EDITION_FILE)
    if not os.path.isfile(info) or not os.path.isdir(os.path.join(dest, ".git")):
        raise Refused(f"--update {dest}: not an edition (no {EDITION_FILE} in a git repository)")
    if git(dest, "status", "--porcelain").strip():
        raise Refused(f"--update {dest}: has uncommitted changes; commit or remove them first")
    old = read_edition(info)
    before = sorted(old.get("chapters", []))
    wanted = sorted(set(wanted) | set(before))
    check_release(released, wanted, old.get("release", []))
    released = sorted(set(released) | set(unset) | set(old.get("release", [])))
    check_deps(chapters, set(wanted) | set(released))
    tag = version_tag(root)
    rows = skeletons.read_rows(os.path.join(dest, skeletons.RECORD))
    if not rows:
        # An edition made before the record: what it holds now is what it
        # handed out (updates never changed exercises/ then).
        rows = skeletons.add_tree([], dest, "before the record", old.get("source", "?").split(" ")[0][:12])
    held = [p for p in git(dest, "ls-files", "-z").split("\0") if p]
    with tempfile.TemporaryDirectory(prefix="pbm-handout.") as tmp:
        dropped = build_tree(root, tmp, chapters, wanted, released)
        write_record(tmp, skeletons.add_tree(rows, tmp, *tag))
        steps = plan(dest, held, tmp)
        fixes = skeleton_changes(steps, before)
        if dry_run or not steps:
            return wanted, released, dropped, steps, fixes, False
        for kind, path in steps:
            target = os.path.join(dest, path)
            if kind == "remove":
                git(dest, "rm", "-q", "--", path)
                continue
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copy2(os.path.join(tmp, path), target)
    git(dest, "add", "-A")
    if not git(dest, "status", "--porcelain").strip():
        return wanted, released, dropped, steps, fixes, False
    git(dest, "commit", "-q", "-m", message(wanted, released, False, fixes), env=commit_env(root))
    return wanted, released, dropped, steps, fixes, True


class OneLineParser(argparse.ArgumentParser):
    """argparse whose bad-use message is one line (and exit status 2)."""

    def error(self, message):
        print(f"pbm: handout: {message} (./pbm handout --help)", file=sys.stderr)
        sys.exit(2)


PAST = {"add": "added", "change": "changed", "remove": "removed"}


def counts(steps):
    n = {k: sum(1 for s in steps if s[0] == k) for k in ("add", "change", "remove")}
    return f"{n['add']} added, {n['change']} changed, {n['remove']} removed"


def main():
    ap = OneLineParser(prog="./pbm handout", description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    ap.add_argument("--chapters", default="")
    ap.add_argument("--release", default="", help="references to release: chapters handed out only")
    ap.add_argument("--release-unset", default="", metavar="LIST",
                    help="references to release of chapters never handed out (said on purpose)")
    ap.add_argument("--dry-run", action="store_true", help="list the files that would change; write nothing")
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("-o", dest="out")
    where.add_argument("--update")
    a = ap.parse_args()
    try:
        chapters = read_chapters(a.root)
        known = {nn for nn, _, _ in chapters}
        wanted = parse_list(a.chapters, known, "--chapters")
        released = parse_list(a.release, known, "--release")
        unset = parse_list(a.release_unset, known, "--release-unset")
        if a.out:
            if not wanted and not released and not unset:
                raise Refused("--chapters: give the chapters to hand out, e.g. --chapters 01-04")
            check_release(released, wanted)
            released = sorted(set(released) | set(unset))
            check_deps(chapters, set(wanted) | set(released))
            dropped, steps, fixes = make(a.root, os.path.abspath(a.out), chapters, wanted, released, a.dry_run)
            where, done = a.out, "made"
        else:
            wanted, released, dropped, steps, fixes, changed = update(
                a.root, os.path.abspath(a.update), chapters, wanted, released, unset, a.dry_run)
            where, done = a.update, ("updated, one new commit" if changed else "already up to date")
    except Refused as e:
        print(f"pbm: {e}", file=sys.stderr)
        return 2
    if a.dry_run:
        # The plan on stdout (one line a file), the summary on stderr.
        for kind, path in steps:
            print(f"{kind:<7} {path}")
        done = f"would be {'made' if a.out else 'updated'} ({counts(steps)}; a dry run: nothing written)"
    elif a.update and steps:
        done += f" ({counts(steps)})"
    print(f"pbm: edition {where} {done}: chapters {', '.join(wanted) or 'none'}; "
          f"released {', '.join(released) or 'none'}", file=sys.stderr)
    for kind, path in fixes:
        print(f"pbm: skeleton fix {'to come' if a.dry_run else 'sent'}: {path} ({PAST[kind]}; "
              f"a student's edits of it merge with it at git pull)", file=sys.stderr)
    if dropped:
        print(f"pbm: topic headers left out (no handed-out code includes them): "
              f"{', '.join('common/include/pbm/' + t + '/' for t in dropped)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
