#!/usr/bin/env python3
"""Collect a class's git repositories: `./pbm collect ROSTER.csv [-o CLASSDIR]` calls this.

The roster is a CSV file of two columns, the student's name and their
repository (a URL git can clone, or a path; a relative path is the roster's
folder's), with or without a header line; blank lines and lines starting with
# are skipped. Each student's repository is cloned into CLASSDIR/NAME/ (the
first time) or fetched and checked out again (later runs), so a second run
after late pushes is cheap and a run cut short resumes. One line a student; a
repository that cannot be reached is a FAILED line and a row of
CLASSDIR/collect.tsv, and the others go on. `./pbm grade --class CLASSDIR`
grades the folder and lists the students who could not be collected.

A student's repository is untrusted: its own .git/config and hooks can run
commands (core.fsmonitor, core.hooksPath, filters) in any git command run
inside it. So git never runs in a repository we did not make: this only
clones (into a folder of ours, whose config is git's default) and then works
in that clone, always with hooks and fsmonitor turned off. The grader's
--deadline reads a hand-in the same way (snapshot()).

Exit status: 0 when every student was collected, 1 when some were not, 2 on
bad use (no roster, a line without a repository, a name that cannot be a
folder). Python standard library only.
"""

import argparse
import csv
import datetime
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.dont_write_bytecode = True
import grade  # noqa: E402  (run() with its progress lines; log and count)
from grade_report import count, log  # noqa: E402

# Options for every git we run: no hooks, no fsmonitor, no protocol that runs a
# command (ext::), and no prompt (an unreachable https repository asking for a
# password would wait forever).
SAFE = ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "protocol.allow=never",
        "-c", "protocol.file.allow=always", "-c", "protocol.https.allow=always",
        "-c", "protocol.http.allow=always", "-c", "protocol.ssh.allow=always",
        "-c", "protocol.git.allow=always",
        # A symbolic link in a hand-in could point at solutions/: checked out as a
        # small file holding its target's name instead, never as a link.
        "-c", "core.symlinks=false"]
GIT_ENV = {"GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "/bin/false", "SSH_ASKPASS": "/bin/false",
           "GIT_SSH_COMMAND": "ssh -o BatchMode=yes -o ConnectTimeout=20"}
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@+-]*")
MARK = "pbm-collect"  # a file in .git of a clone we made: only those are fetched into
DEADLINE = re.compile(r"(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})")


class BadUse(Exception):
    """A mistake in what was asked: one line, exit status 2."""


def git(args, cwd=None, label=None, limit=600.0, logfile=None):
    """Runs git with SAFE's options: (status, output). label: the progress lines' phase."""
    env = dict(os.environ, **GIT_ENV)
    cmd = ["git", *SAFE, *args]
    if label:  # a long clone or fetch says how it goes
        own = logfile is None
        logfile = logfile or tempfile.mkstemp(prefix="pbm-git-", suffix=".log")[1]
        try:
            return grade.run(cmd, logfile, cwd=cwd, limit=limit, label=label, env=env)
        finally:
            if own:
                os.remove(logfile)
    try:
        p = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, errors="replace",
                           stdin=subprocess.DEVNULL, timeout=limit, check=False)
    except subprocess.TimeoutExpired:
        return 124, f"git {args[0]} stopped after {limit:g} s"
    return p.returncode, p.stdout + p.stderr


def last_line(text):
    """git's reason in one line: its first error line (ssh's own comes before
    git's "fatal: Could not read from remote repository"), else its last line."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("pbm:")]
    errors = [ln for ln in lines if ln.startswith(("ssh:", "fatal:", "error:"))]
    return (errors[0] if errors else (lines or ["git failed"])[-1])[:200]


def parse_deadline(text):
    """'YYYY-MM-DD HH:MM' (local time) -> seconds since the epoch; BadUse otherwise."""
    m = DEADLINE.fullmatch((text or "").strip())
    try:
        if not m:
            raise ValueError
        when = datetime.datetime(*(int(g) for g in m.groups()))
    except ValueError:
        raise BadUse(f"--deadline: '{text}' is not a date and time 'YYYY-MM-DD HH:MM' "
                     "(e.g. '2026-12-07 23:59', local time)") from None
    return int(when.timestamp())


def when_text(epoch):
    return datetime.datetime.fromtimestamp(int(epoch)).strftime("%Y-%m-%d %H:%M")


def is_repository(folder):
    return os.path.exists(os.path.join(folder, ".git"))


def commits(clone):
    """[(hash, committer time)] of HEAD's history, newest first as git lists them."""
    status, out = git(["log", "--format=%H %ct", "HEAD"], cwd=clone)
    if status != 0:
        return []
    return [(h, int(t)) for h, t in (ln.split() for ln in out.splitlines() if len(ln.split()) == 2)]


def choose(history, deadline):
    """The commit graded and what came late: (commit or None, its time, [late times]).
    The deadline counts by the committer date (what `git commit` and a rebase
    set, not the author date a student can pick freely on the command line:
    both can be forged by someone who tries, so a hosted repository's push
    times are the firmer record)."""
    if deadline is None:
        return (history[0][0], history[0][1], []) if history else (None, 0, [])
    on_time = [(t, h) for h, t in history if t <= deadline]
    late = sorted(t for _, t in history if t > deadline)
    if not on_time:
        return None, 0, late
    t, h = max(on_time, key=lambda c: c[0])  # the newest on time; equal times: git's order
    return h, t, late


def snapshot(source, dest, deadline=None, label=None):
    """Writes into dest (emptied) the files of source's last commit before the
    deadline (or its HEAD with none), read from a clone of ours; source is a
    path or URL. Returns {commit, time, late, first_late} (commit None: no
    commit before the deadline, dest left empty)."""
    scratch = tempfile.mkdtemp(prefix="pbm-snapshot-")
    try:
        clone = os.path.join(scratch, "repo")
        status, out = git(["clone", "--quiet", "--no-checkout", "--no-hardlinks", "--", source, clone],
                          label=label)
        if status != 0:
            raise RuntimeError(f"git clone failed: {last_line(out)}")
        commit, t, late = choose(commits(clone), deadline)
        shutil.rmtree(dest, ignore_errors=True)
        os.makedirs(dest)
        if commit:
            # git archive of our clone, unpacked by tar: nothing of the student's
            # config runs; its symbolic links are then removed (drop_links).
            tar = os.path.join(scratch, "tree.tar")
            status, out = git(["archive", "--format=tar", "-o", tar, commit], cwd=clone)
            if status != 0:
                raise RuntimeError(f"git archive failed: {last_line(out)}")
            p = subprocess.run(["tar", "-x", "--no-same-owner", "--no-same-permissions", "-f", tar,
                                "-C", dest], capture_output=True, text=True, check=False)
            if p.returncode != 0:
                raise RuntimeError(f"unpacking {commit[:10]} failed: {last_line(p.stderr)}")
            drop_links(dest)
        return {"commit": commit, "time": t, "late": len(late), "first_late": late[0] if late else None}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def drop_links(folder):
    """Removes every symbolic link under folder: git archive keeps a hand-in's
    links, and one could lead the grader to files that are not the student's."""
    for here, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(here, name)
            if os.path.islink(path):
                os.remove(path)


def deadline_notes(info, deadline):
    """Lines for a report: what was graded and what came late."""
    if info is None:
        return []
    if info.get("not_git"):
        return ["Commit: none (not a git repository: graded as the folder is"
                + ("; the deadline could not be applied)" if deadline is not None else ")")]
    if not info["commit"]:
        return [f"Commit: **none before the deadline {when_text(deadline)}** (nothing graded)"] + late_notes(info)
    when = f" of {when_text(info['time'])}"
    if deadline is None:
        return [f"Commit: `{info['commit'][:10]}`{when} (HEAD)"]
    return ([f"Commit: `{info['commit'][:10]}`{when}, the last before the deadline {when_text(deadline)}"]
            + late_notes(info))


def late_notes(info):
    if not info["late"]:
        return ["Late commits: none"]
    return [f"Late commits: **{info['late']}** after the deadline, the first at {when_text(info['first_late'])} "
            "(not graded)"]


# --- the roster ---------------------------------------------------------------

def read_roster(path):
    """[(name, source)] from the roster; BadUse on a line that cannot be used."""
    if not os.path.isfile(path):
        raise BadUse(f"collect: no roster file {path}")
    base = os.path.dirname(os.path.abspath(path))
    out, seen, first = [], set(), True
    with open(path, encoding="utf-8-sig", errors="replace", newline="") as f:
        for lineno, cells in enumerate(csv.reader(f), 1):
            cells = [c.strip() for c in cells]
            if not any(cells) or cells[0].startswith("#"):
                continue
            header, first = first and looks_like_header(cells), False
            if header:  # only the first line may be one
                continue
            name = cells[0]
            source = cells[1] if len(cells) > 1 else ""
            if not source:
                raise BadUse(f"collect: {os.path.basename(path)} line {lineno}: no repository for '{name}' "
                             "(each line: student,repository)")
            if not NAME.fullmatch(name):
                raise BadUse(f"collect: {os.path.basename(path)} line {lineno}: '{name}' cannot be a folder's "
                             "name (letters, digits, . _ @ + -)")
            if name in seen:
                raise BadUse(f"collect: {os.path.basename(path)} line {lineno}: '{name}' twice")
            seen.add(name)
            if not re.match(r"^[\w+.-]+://|^[\w.-]+@[\w.-]+:", source):  # a path, not a URL
                source = os.path.normpath(os.path.join(base, os.path.expanduser(source)))
            out.append((name, source))
    if not out:
        raise BadUse(f"collect: {os.path.basename(path)} names no student (each line: student,repository)")
    return out


def looks_like_header(cells):
    words = {c.lower() for c in cells}
    return bool(words & {"student", "name", "login"}) and bool(words & {"repository", "repo", "url", "path"})


# --- collecting ---------------------------------------------------------------

def collect_one(name, source, dest):
    """Clones or fetches one student's repository into dest: (state, commit, time, text)."""
    mark = os.path.join(dest, ".git", MARK)
    if os.path.isdir(dest) and not os.path.isfile(mark):
        if os.listdir(dest):
            # Not a clone of ours (a copy by hand, or the student's own .git):
            # never run git in it, never overwrite it.
            return ("failed", "", 0, f"{dest} exists and is not a clone made by ./pbm collect "
                    "(move it away to collect again)")
        os.rmdir(dest)
    if os.path.isfile(mark):
        before = head(dest)
        status, out = git(["remote", "set-url", "origin", source], cwd=dest)
        if status == 0:
            status, out = git(["fetch", "--quiet", "--prune", "--force", "origin",
                               "+refs/heads/*:refs/remotes/origin/*"], cwd=dest, label=f"fetching {name}")
        if status == 0:
            git(["remote", "set-head", "origin", "--auto"], cwd=dest)
            status, out = git(["checkout", "--quiet", "--force", "--detach", "refs/remotes/origin/HEAD"], cwd=dest)
        if status != 0:
            return "failed", before or "", 0, f"fetch failed: {last_line(out)}"
        now = head(dest)
        state = "unchanged" if now == before else f"fetched ({new_commits(dest, before, now)})"
    else:
        tmp = dest + ".collecting"  # a clone cut short is never taken for a collected one
        shutil.rmtree(tmp, ignore_errors=True)
        status, out = git(["clone", "--quiet", "--no-hardlinks", "--", source, tmp], label=f"cloning {name}")
        if status != 0:
            shutil.rmtree(tmp, ignore_errors=True)
            return "failed", "", 0, f"clone failed: {last_line(out)}"
        with open(os.path.join(tmp, ".git", MARK), "w", encoding="utf-8") as f:
            f.write(source + "\n")
        os.rename(tmp, dest)
        state = "cloned"
    commit = head(dest)
    if not commit:
        return state, "", 0, "no commits yet"
    t = commit_time(dest, commit)
    n = len(commits(dest))
    return state, commit, t, f"{count(n, 'commit')}, the last {when_text(t)} ({commit[:10]})"


def head(clone):
    status, out = git(["rev-parse", "--verify", "--quiet", "HEAD"], cwd=clone)
    return out.strip() if status == 0 else ""


def commit_time(clone, commit):
    status, out = git(["log", "-1", "--format=%ct", commit], cwd=clone)
    return int(out.strip()) if status == 0 and out.strip().isdigit() else 0


def new_commits(clone, before, now):
    if not before:
        return "new history"
    status, out = git(["rev-list", "--count", f"{before}..{now}"], cwd=clone)
    n = int(out.strip()) if status == 0 and out.strip().isdigit() else 0
    return f"{count(n, 'new commit')}" if n else "history rewritten"


def write_table(path, rows):
    """collect.tsv: student, source, state, commit, commit time, message (one row a student)."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("student\trepository\tstate\tcommit\tcommitted\tmessage\n")
        for name, source, state, commit, t, text in rows:
            f.write("\t".join([name, source, state, commit, when_text(t) if t else "",
                               text.replace("\t", " ").replace("\n", " ")]) + "\n")
    os.replace(tmp, path)


def read_table(classdir):
    """{student: (state, message)} from a class folder's collect.tsv ({} when none)."""
    out = {}
    path = os.path.join(classdir, "collect.tsv")
    if os.path.isfile(path):
        with open(path, encoding="utf-8") as f:
            for line in f.read().splitlines()[1:]:
                cells = line.split("\t") + [""] * 6
                out[cells[0]] = (cells[2], cells[5])
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("roster")
    ap.add_argument("-o", "--out", required=True, help="the class folder")
    args = ap.parse_args()
    try:
        roster = read_roster(args.roster)
    except BadUse as e:
        print(f"pbm: {e}", file=sys.stderr)
        return 2
    classdir = os.path.abspath(args.out)
    os.makedirs(classdir, exist_ok=True)
    start = time.time()
    log(f"pbm: collecting {count(len(roster), 'student')} into {classdir}/")
    rows, failed = [], []
    for i, (name, source) in enumerate(roster, 1):
        t0 = time.time()
        try:
            state, commit, t, text = collect_one(name, source, os.path.join(classdir, name))
        except Exception as e:  # one student's trouble is theirs alone
            state, commit, t, text = "failed", "", 0, f"{type(e).__name__}: {e}"
        rows.append((name, source, state, commit, t, text))
        if state == "failed":
            failed.append(name)
            log(f"[{i}/{len(roster)}] {name}: FAILED: {text} ({source})")
        else:
            log(f"[{i}/{len(roster)}] {name}: {state}, {text}, {time.time() - t0:.0f} s")
        write_table(os.path.join(classdir, "collect.tsv"), rows + [
            (n, s, "not_yet", "", 0, "") for n, s in roster[i:]])
    log(f"pbm: collected {len(roster) - len(failed)} of {count(len(roster), 'student')} in "
        f"{time.time() - start:.0f} s" + (f"; FAILED: {', '.join(failed)}" if failed else "")
        + f"; the table: {os.path.join(classdir, 'collect.tsv')}")
    log(f"pbm: next: ./pbm grade --class {args.out} [--chapters LIST] [--deadline 'YYYY-MM-DD HH:MM']")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
