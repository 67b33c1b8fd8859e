#!/usr/bin/env python3
"""Grade a whole class: `./pbm grade --class DIR` calls this.

DIR holds one folder per student (its name is the student's), each laid out
as a hand-in may be (a copy of exercises/, the NN_topic/ folders, or a whole
fork: handin.py finds the chapters). Every hand-in is graded per chapter by
the grading core of ./pbm grade (tools/grading/grade.py) in ONE build tree: each
student's files are copied into its hand-in folder, so the repository's code
is built once and a student costs the compile of their own files, the links
and the tests. Written into OUT (default build/grade-class/):
  students/NAME/  report.md, junit.xml, summary.tsv, results.tsv, logs/
  class.csv       student, points per graded chapter (tests passed), total, max
                  (the graded chapters' tests, handed in or not: the same for
                  every student), the commit graded, late commits, a note
  runs/DATE_TIME_class/  this run's class.csv and reports, kept
--chapters LIST grades those chapters only; --deadline grades each git
hand-in's last commit before it (collect.snapshot: read from a clone of ours)
and counts the later ones as late. A student of DIR/collect.tsv (./pbm
collect) whose repository could not be collected is a row too. The grading's
progress lines come with the student's place and name, so no phase is silent
for long; a line per student at its end (name, score, seconds). Resumable: a student whose
files (and the grading settings) did not change since their last grading is
not graded again. A hand-in that does not compile, loops, crashes or tries to
escape costs its own grade only: the tests run confined, each student's
reports are written by this process alone, and an error grading one student
is reported and the batch goes on. Exit status 0 when every student was
graded, 1 when some could not be graded or collected, 2 on bad use. Python
standard library only.
"""

import argparse
import os
import shutil
import sys
import time
import traceback

sys.dont_write_bytecode = True  # no __pycache__ in the repository or the platform's source
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]
import collect  # noqa: E402
import grade  # noqa: E402
import handin  # noqa: E402
import skeletons  # noqa: E402

STAMP = "handin.sha256"


def read_summary(path):
    """{NN: (passed, total, status)} from a student's summary.tsv."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f.read().splitlines()[1:]:
            nn, _, passed, total, status, _ = line.split("\t")
            out[nn] = (int(passed), int(total), status)
    return out


def write_class_csv(path, chapters, students, maxima):
    """students: [(name, {NN: (passed, total, status)} or None, extra)], extra: {commit,
    late, note}; maxima: {NN: the chapter's tests}, the graded chapters' alone,
    so max is the same for every student and counts no chapter left out."""
    tmp = path + ".tmp"
    full = sum(maxima.get(nn, 0) for nn, _ in chapters)
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("student," + ",".join(f"ch{nn}" for nn, _ in chapters) + ",total,max,commit,late,note\n")
        for name, summary, extra in students:
            tail = ",".join(csv_cell(str(extra.get(k, ""))) for k in ("commit", "late", "note"))
            if summary is None:
                f.write(f"{csv_cell(name)}," + ",".join("" for _ in chapters) + f",,{full},{tail}\n")
                continue
            cells = [str(summary.get(nn, (0, 0, ""))[0]) for nn, _ in chapters]
            total = sum(summary.get(nn, (0, 0, ""))[0] for nn, _ in chapters)
            f.write(f"{csv_cell(name)},{','.join(cells)},{total},{full},{tail}\n")
    os.replace(tmp, path)


def csv_cell(text):
    return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\n') else text


class Relay:
    """sys.stdout while one student is graded: every line into the student's log,
    and the grading's own progress lines (not the compiler's indented ones) on
    the console after the student's place and name, so the class is never silent."""

    def __init__(self, logf, console, prefix):
        self.logf, self.console, self.prefix, self.pending = logf, console, prefix, ""

    def write(self, text):
        self.logf.write(text)
        self.pending += text
        while "\n" in self.pending:
            line, self.pending = self.pending.split("\n", 1)
            if line.strip() and not line[0].isspace():
                self.console.write(f"{self.prefix}{line.removeprefix('pbm: ')}\n")
        return len(text)

    def flush(self):
        self.logf.flush()
        self.console.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--build", required=True, help="the class's grading tree")
    ap.add_argument("--class", dest="klass", required=True, help="one folder per student")
    ap.add_argument("--out", help="where class.csv and students/ go (default: the build tree)")
    ap.add_argument("--chapters", help="grade these chapters only (01, 01,02, 01-03); default: all")
    ap.add_argument("--deadline", help="'YYYY-MM-DD HH:MM': each git hand-in's last commit before it")
    ap.add_argument("--mode", choices=["per_chapter", "cumulative"], default="per_chapter")
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--limit", type=float, default=20.0)
    ap.add_argument("--hang-after", type=int, default=2)
    ap.add_argument("--confine", choices=["auto", "bwrap", "none"], default="auto")
    ap.add_argument("--werror", action="store_true")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    build = os.path.abspath(args.build)
    klass = os.path.abspath(args.klass)
    out = os.path.abspath(args.out or build)
    work = os.path.join(build, "handin")
    log = grade.log
    try:
        only = grade.parse_chapter_list(root, args.chapters) if args.chapters is not None else None
        deadline = collect.parse_deadline(args.deadline) if args.deadline is not None else None
    except (ValueError, collect.BadUse) as e:
        print(f"pbm: grade: {e}", file=sys.stderr)
        return 2
    folders = sorted(d.name for d in os.scandir(klass) if d.is_dir() and not d.name.startswith(".")
                     and not d.name.endswith(".collecting"))
    # The roster's students ./pbm collect could not fetch have no folder: rows all the same.
    collected = collect.read_table(klass)
    uncollected = {n: m for n, (st, m) in collected.items() if st == "failed" and n not in folders}
    # Collected once, not this last time (a fetch failed): graded as it was, and said.
    stale = {n: m for n, (st, m) in collected.items() if st == "failed" and n in folders}
    students = sorted(set(folders) | set(uncollected))
    if not students:
        print(f"pbm: grade --class: no student folders in {klass}", file=sys.stderr)
        return 2
    g = grade.Grader(root, build, work, args.mode, args.jobs, args.limit, args.hang_after,
                     confine=args.confine, werror=args.werror, only=only, handin_label="",
                     skip_skeletons=True)
    chs = g.chapters
    # A chapter left in the hand-in folder by an earlier run with other chapters is not this run's.
    names = {f"{nn}_{topic}" for nn, topic in chs}
    if os.path.isdir(work):
        for d in os.listdir(work):
            if d not in names:
                shutil.rmtree(os.path.join(work, d), ignore_errors=True)
    settings = f"{args.mode} {args.limit:g} {args.hang_after} {args.werror} {chs} {deadline}"
    os.makedirs(os.path.join(out, "students"), exist_ok=True)
    scope = f"chapters {','.join(nn for nn, _ in chs)}" if only else f"all {grade.count(len(chs), 'chapter')}"
    log(f"pbm: grading the class {klass}: {grade.count(len(students), 'student')}, {scope}"
        + (f", the last commit before {collect.when_text(deadline)}" if deadline is not None else "")
        + f"; {grade.MODE_TEXT[args.mode]}; into {out}/")
    start = time.time()
    confined = False
    summaries, graded, skipped, failed, missing = [], 0, 0, [], []
    maxima = {nn: len(grade.declared_tests(root, nn, topic)) for nn, topic in chs}
    csv_path = os.path.join(out, "class.csv")
    for i, name in enumerate(students, 1):
        t0 = time.time()
        place = f"[{i}/{len(students)}] {name}"
        mine = os.path.join(out, "students", name)
        extra = {}
        try:
            if name in uncollected:
                missing.append(name)
                extra = {"note": f"not collected: {uncollected[name]}"}
                summaries.append((name, None, extra))
                log(f"{place}: NOT COLLECTED ({uncollected[name]})")
                continue
            folder = os.path.join(klass, name)
            info = None
            if deadline is not None and collect.is_repository(folder):
                snap = os.path.join(build, "snapshot", name)
                info = collect.snapshot(folder, snap, deadline, label=f"{place}: cloning")
                folder = snap
                extra = {"commit": (info["commit"] or "")[:10],
                         "late": info["late"] or "",
                         "note": (f"{grade.count(info['late'], 'late commit')}, the first "
                                  f"{collect.when_text(info['first_late'])}" if info["late"] else "")}
                if not info["commit"]:
                    extra["note"] = "no commit before the deadline" + (
                        f"; {extra['note']}" if extra["note"] else "")
            elif deadline is not None:
                info = {"not_git": True}
                extra = {"note": "not a git repository: graded as the folder is, no deadline applied"}
            if name in stale:
                extra["note"] = "; ".join(filter(None, [f"the last collect failed ({stale[name]}): graded "
                                                        "as collected before", extra.get("note")]))
            notes = collect.deadline_notes(info, deadline)
            found = handin.collect(folder, chs, work, root)
            # The skeletons the student was given (a students' edition's record,
            # tools/grading/skeletons.py) go with the chapters: a chapter still at
            # an older skeleton than exercises/ holds now is not handed in.
            given = skeletons.find(folder)
            record = os.path.join(work, skeletons.RECORD)
            if os.path.exists(record):
                os.remove(record)
            if given:
                os.makedirs(os.path.dirname(record), exist_ok=True)
                shutil.copyfile(given, record)
            stamp = handin.fingerprint(work, chs, settings + " " + "|".join(notes)
                                       + (" " + skeletons.digest(open(record, "rb").read()) if given else ""))
            stamp_file = os.path.join(mine, STAMP)
            if os.path.exists(stamp_file) and os.path.exists(os.path.join(mine, "summary.tsv")):
                with open(stamp_file, encoding="ascii") as f:
                    if f.read().strip() == stamp:
                        summary = read_summary(os.path.join(mine, "summary.tsv"))
                        summaries.append((name, summary, extra))
                        skipped += 1
                        log(f"{place}: unchanged since its last grading, {score_text(summary)} (kept)"
                            + late_text(extra))
                        continue
            if os.path.exists(stamp_file):
                os.remove(stamp_file)  # stale until this grading is written
            if not confined:
                if not g.choose_confinement():
                    return 1
                confined = True
            # The grading's own lines go to the student's log, its progress to the console too.
            shutil.rmtree(g.logs, ignore_errors=True)  # no log of the student before
            log_path = os.path.join(build, "student.log")
            with open(log_path, "w", encoding="utf-8") as logf:
                saved, sys.stdout = sys.stdout, Relay(logf, sys.stdout, f"{place}: ")
                try:
                    ok = g.configure() and g.build_repository()
                    rows = g.grade_all() if ok else None
                finally:
                    sys.stdout = saved
            if rows is None:
                raise RuntimeError(f"the grading tree could not be configured or built ({log_path})")
            shutil.rmtree(mine, ignore_errors=True)
            g.write_reports(rows, mine, title=name, student=name, notes=notes)
            shutil.copytree(g.logs, os.path.join(mine, "logs"))
            shutil.copy(log_path, os.path.join(mine, "logs", "grade.log"))
            with open(os.path.join(mine, "found.txt"), "w", encoding="utf-8") as f:
                for nn, where in found.items():
                    f.write(f"{nn}\t{where or 'absent'}\n")
            summary = read_summary(os.path.join(mine, "summary.tsv"))
            with open(stamp_file, "w", encoding="ascii") as f:
                f.write(stamp + "\n")
            summaries.append((name, summary, extra))
            graded += 1
            log(f"{place}: {score_text(summary)}, {time.time() - t0:.0f} s" + late_text(extra))
        except Exception:  # one student's trouble is theirs alone
            failed.append(name)
            why = traceback.format_exc().strip().splitlines()[-1]
            summaries.append((name, None, dict(extra, note=f"could not be graded: {why}")))
            log(f"{place}: COULD NOT BE GRADED: {why}")
        finally:
            for _, summary, _ in summaries[-1:]:
                for nn, v in (summary or {}).items():
                    if nn in maxima:
                        maxima[nn] = max(maxima[nn], v[1])
            write_class_csv(csv_path, chs, summaries + [(s, None, {}) for s in students[i:]], maxima)
    write_class_csv(csv_path, chs, summaries, maxima)  # every row with the final maxima
    kept = grade.keep_run(os.path.join(out, "runs"), "class", [csv_path])
    for name, summary, _ in summaries:
        if summary is not None:
            dest = os.path.join(kept, "students", name)
            os.makedirs(dest)
            for f in ("report.md", "junit.xml", "summary.tsv", "results.tsv"):
                shutil.copy2(os.path.join(out, "students", name, f), dest)
    spent = time.time() - start
    rate = f", {3600 * graded / spent:.0f} hand-ins per hour" if graded and spent > 0 else ""
    log(f"pbm: class graded in {spent:.0f} s: {graded} graded, {skipped} unchanged{rate}"
        + (f", {len(failed)} could not be graded: {', '.join(failed)}" if failed else "")
        + (f", {len(missing)} not collected: {', '.join(missing)}" if missing else ""))
    log(f"pbm: written: {csv_path}, {out}/students/NAME/report.md (and junit.xml, summary.tsv, "
        f"results.tsv, logs/); this run kept in {kept}/"
        + (f"; {g.confinement_text()}" if confined else ""))
    return 1 if failed or missing else 0


def late_text(extra):
    if extra.get("late"):
        return f"; {extra['note']}"
    return f"; {extra['note']}" if extra.get("note") else ""


def score_text(summary):
    """The student's score over the chapters they handed in, saying how many."""
    mine = [v for v in summary.values() if v[2] not in ("not_handed_in", "not_configured")]
    passed = sum(v[0] for v in mine)
    total = sum(v[1] for v in mine)
    absent = sum(1 for v in summary.values() if v[2] == "not_handed_in")
    return (f"{passed} / {total} tests ({100.0 * passed / total if total else 0:.0f}%) over "
            f"{grade.count(len(mine), 'chapter')} handed in"
            + (f", {absent} not" if absent else ""))


if __name__ == "__main__":
    sys.exit(main())
