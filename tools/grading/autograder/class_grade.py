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
  class.csv       student, points per chapter (tests passed), total, max (every
                  chapter's tests, handed in or not: the same for every student)
A progress line per student (name, score, seconds). Resumable: a student whose
files (and the grading settings) did not change since their last grading is
not graded again. A hand-in that does not compile, loops, crashes or tries to
escape costs its own grade only: the tests run confined, each student's
reports are written by this process alone, and an error grading one student
is reported and the batch goes on. Exit status 0 when every student was
graded, 1 when some could not be. Python standard library only.
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
import grade  # noqa: E402
import handin  # noqa: E402

STAMP = "handin.sha256"


def read_summary(path):
    """{NN: (passed, total, status)} from a student's summary.tsv."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f.read().splitlines()[1:]:
            nn, _, passed, total, status, _ = line.split("\t")
            out[nn] = (int(passed), int(total), status)
    return out


def write_class_csv(path, chapters, students):
    """students: [(name, {NN: (passed, total, status)} or None)]."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write("student," + ",".join(f"ch{nn}" for nn, _ in chapters) + ",total,max\n")
        for name, summary in students:
            if summary is None:
                f.write(f"{csv_cell(name)}," + ",".join("" for _ in chapters) + ",,\n")
                continue
            cells = [str(summary.get(nn, (0, 0, ""))[0]) for nn, _ in chapters]
            total = sum(summary.get(nn, (0, 0, ""))[0] for nn, _ in chapters)
            full = sum(summary.get(nn, (0, 0, ""))[1] for nn, _ in chapters)
            f.write(f"{csv_cell(name)},{','.join(cells)},{total},{full}\n")
    os.replace(tmp, path)


def csv_cell(text):
    return '"' + text.replace('"', '""') + '"' if any(c in text for c in ',"\n') else text


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--build", required=True, help="the class's grading tree")
    ap.add_argument("--class", dest="klass", required=True, help="one folder per student")
    ap.add_argument("--out", help="where class.csv and students/ go (default: the build tree)")
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
    students = sorted(d.name for d in os.scandir(klass) if d.is_dir() and not d.name.startswith("."))
    if not students:
        print(f"pbm: grade --class: no student folders in {klass}")
        return 2
    g = grade.Grader(root, build, work, args.mode, args.jobs, args.limit, args.hang_after,
                     confine=args.confine, werror=args.werror, handin_label="", skip_skeletons=True)
    chs = g.chapters
    settings = f"{args.mode} {args.limit:g} {args.hang_after} {args.werror} {chs}"
    os.makedirs(os.path.join(out, "students"), exist_ok=True)
    print(f"pbm: grading the class {klass}: {len(students)} students, {grade.MODE_TEXT[args.mode]}; "
          f"into {out}/", flush=True)
    start = time.time()
    confined = False
    summaries, graded, skipped, failed = [], 0, 0, []
    for i, name in enumerate(students, 1):
        t0 = time.time()
        mine = os.path.join(out, "students", name)
        try:
            found = handin.collect(os.path.join(klass, name), chs, work, root)
            stamp = handin.fingerprint(work, chs, settings)
            stamp_file = os.path.join(mine, STAMP)
            if os.path.exists(stamp_file) and os.path.exists(os.path.join(mine, "summary.tsv")):
                with open(stamp_file, encoding="ascii") as f:
                    if f.read().strip() == stamp:
                        summary = read_summary(os.path.join(mine, "summary.tsv"))
                        summaries.append((name, summary))
                        skipped += 1
                        print(f"[{i}/{len(students)}] {name}: unchanged since its last grading, "
                              f"{score_text(summary)} (kept)", flush=True)
                        continue
            if os.path.exists(stamp_file):
                os.remove(stamp_file)  # stale until this grading is written
            if not confined:
                if not g.choose_confinement():
                    return 1
                confined = True
            # The grading's own lines go to the student's log, the class's progress here.
            shutil.rmtree(g.logs, ignore_errors=True)  # no log of the student before
            log_path = os.path.join(build, "student.log")
            with open(log_path, "w", encoding="utf-8") as logf:
                saved, sys.stdout = sys.stdout, logf
                try:
                    ok = g.configure() and g.build_repository()
                    rows = g.grade_all() if ok else None
                finally:
                    sys.stdout = saved
            if rows is None:
                raise RuntimeError(f"the grading tree could not be configured or built ({log_path})")
            shutil.rmtree(mine, ignore_errors=True)
            g.write_reports(rows, mine, title=name)
            shutil.copytree(g.logs, os.path.join(mine, "logs"))
            shutil.copy(log_path, os.path.join(mine, "logs", "grade.log"))
            with open(os.path.join(mine, "found.txt"), "w", encoding="utf-8") as f:
                for nn, where in found.items():
                    f.write(f"{nn}\t{where or 'absent'}\n")
            summary = read_summary(os.path.join(mine, "summary.tsv"))
            with open(stamp_file, "w", encoding="ascii") as f:
                f.write(stamp + "\n")
            summaries.append((name, summary))
            graded += 1
            print(f"[{i}/{len(students)}] {name}: {score_text(summary)}, {time.time() - t0:.0f} s", flush=True)
        except Exception:  # one student's trouble is theirs alone
            failed.append(name)
            summaries.append((name, None))
            print(f"[{i}/{len(students)}] {name}: COULD NOT BE GRADED: "
                  f"{traceback.format_exc().strip().splitlines()[-1]}", flush=True)
        write_class_csv(os.path.join(out, "class.csv"), chs, summaries + [(s, None) for s in students[i:]])
    spent = time.time() - start
    rate = f", {3600 * graded / spent:.0f} hand-ins per hour" if graded and spent > 0 else ""
    print(f"pbm: class graded in {spent:.0f} s: {graded} graded, {skipped} unchanged{rate}"
          + (f", {len(failed)} could not be graded: {', '.join(failed)}" if failed else ""))
    print(f"pbm: written: {out}/class.csv, {out}/students/NAME/report.md (and junit.xml, summary.tsv, "
          f"results.tsv, logs/); {g.confinement_text() if confined else ''}")
    return 1 if failed else 0


def score_text(summary):
    """The student's score over the chapters they handed in, saying how many."""
    mine = [v for v in summary.values() if v[2] not in ("not_handed_in", "not_configured")]
    passed = sum(v[0] for v in mine)
    total = sum(v[1] for v in mine)
    absent = sum(1 for v in summary.values() if v[2] == "not_handed_in")
    return (f"{passed} / {total} tests ({100.0 * passed / total if total else 0:.0f}%) over "
            f"{len(mine)} chapter{'s' if len(mine) != 1 else ''} handed in"
            + (f", {absent} not" if absent else ""))


if __name__ == "__main__":
    sys.exit(main())
