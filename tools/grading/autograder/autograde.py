#!/usr/bin/env python3
"""Grade a submission on a platform, with the grading core of ./pbm grade (tools/grading/grade.py).

  autograde.py prepare CONFIG     once, when the platform's image is built
        (Gradescope's setup.sh, PrairieLearn's Dockerfile): the assignment's
        skeletons (exercises/) in the hand-in folder, the grading tree
        configured and everything built but the student's files: the
        repository's common code, the references, each chapter's library code,
        scenes and tests, and the skeleton's own objects.
  autograde.py gradescope CONFIG  run_autograder: /autograder/submission ->
        /autograder/results/results.json
  autograde.py prairielearn CONFIG  the external grader's entrypoint:
        /grade/student -> /grade/results/results.json

CONFIG (pbm-assignment.conf beside setup.sh, written by `./pbm autograder`)
holds key=value lines: chapters (01,05), points (a points file beside it, or
empty), limit, budget (seconds per test, per chapter's tests), hang_after
(timeouts after which a chapter's other tests are not run; default 2). The paths
(--submission, --results, --build, --work) default to the platform's. The
student's chapters are found in the upload however it was laid out
(handin.py), copied into the hand-in folder, and graded per chapter; the
results are written by this process alone, which the student's code cannot
reach (bubblewrap, or runuser where the container allows no namespaces).
Python standard library only.
"""

import argparse
import os
import pwd
import sys
import time
import traceback

sys.dont_write_bytecode = True  # no __pycache__ in the repository or the platform's source
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]
import grade  # noqa: E402  tools/grading/grade.py, the grading core
import handin  # noqa: E402
import points as pts  # noqa: E402
import writers  # noqa: E402

PLATFORM = {
    "gradescope": {"submission": "/autograder/submission", "results": "/autograder/results/results.json"},
    "prairielearn": {"submission": "/grade/student", "results": "/grade/results/results.json"},
}


def read_config(path):
    conf = {"chapters": "", "points": "", "limit": "20", "budget": "120", "hang_after": "2"}
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if "=" in line:
                key, value = (x.strip() for x in line.split("=", 1))
                conf[key] = value
    return conf


def assignment_chapters(root, text):
    """[(NN, topic)] of the config's chapter list, in the repository's order."""
    want = {f"{int(x):02d}" for x in text.replace(";", ",").replace(" ", ",").split(",") if x.strip()}
    have = grade.chapters(root)
    unknown = want - {nn for nn, _ in have}
    if unknown or not want:
        raise SystemExit(f"autograde: chapters {','.join(sorted(unknown)) or '(none)'} not in this "
                         f"repository; it has {','.join(nn for nn, _ in have)}")
    return [(nn, t) for nn, t in have if nn in want]


def student_user():
    """The unprivileged user the tests run as where bubblewrap cannot (setup.sh makes it)."""
    for name in ("pbm-student", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            pass
    return "nobody"


def make_grader(root, build, work, chs, conf):
    # PBM_WERROR=1 (CI exports it, so the self-test builds as CI's ./pbm grade
    # does) compiles with -Werror; a platform never sets it.
    werror = os.environ.get("PBM_WERROR", "").upper() in ("1", "ON", "YES", "TRUE", "Y")
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return grade.Grader(root, build, work, mode="per_chapter", jobs=str(cores or 1),
                        limit=float(conf["limit"]), budget=float(conf["budget"]),
                        hang_after=int(conf["hang_after"]),
                        # bubblewrap where the container allows it, else the
                        # unprivileged user; PBM_AUTOGRADER_CONFINE=runuser
                        # tries the latter where bubblewrap works (the self-test)
                        confine=os.environ.get("PBM_AUTOGRADER_CONFINE", "auto"),
                        fallback="runuser", user=student_user(), werror=werror,
                        only=[nn for nn, _ in chs], handin_label="")


def prepare(root, build, work, chs, conf):
    for nn, topic in chs:
        handin.sync_chapter(os.path.join(root, "exercises", f"{nn}_{topic}"),
                            os.path.join(work, f"{nn}_{topic}"))
    g = make_grader(root, build, work, chs, conf)
    t0 = time.time()
    if not g.prepare():
        return 1
    rows = g.grade_all(run_tests=False)
    bad = [r for r in rows if r["status"] not in ("built", "no_tests")]
    for r in bad:
        print(f"autograde: prepare: chapter {r['nn']}'s skeleton: {r['status']} {r['detail']}")
    print(f"autograde: prepared chapters {','.join(nn for nn, _ in chs)} in {build} "
          f"({time.time() - t0:.0f} s; {g.confinement_text()})")
    return 1 if bad else 0


def grade_submission(platform, root, build, work, chs, conf, submission, rules):
    start = time.time()
    found = handin.collect(submission, chs, work, root)
    for nn, topic in chs:
        print(f"ch{nn} {topic}: " + (f"found {found[nn]}/" if found[nn] else "absent from the submission"))
    g = make_grader(root, build, work, chs, conf)
    if not g.prepare():
        return writers.failed_to_grade(platform, "the grading tree could not be built (see the "
                                       "autograder's log)", time.time() - start)
    rows = g.grade_all()
    grade.print_table(rows, "per_chapter")
    g.write_reports(rows)
    graded = writers.verdicts(rows, rules, found)
    write = writers.gradescope if platform == "gradescope" else writers.prairielearn
    return write(graded, g.confinement_text(), found, time.time() - start)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("action", choices=["prepare", "gradescope", "prairielearn"])
    ap.add_argument("config")
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.dirname(HERE))))
    ap.add_argument("--build", help="the grading tree (default: ROOT/../pbm-build)")
    ap.add_argument("--work", help="the hand-in folder (default: ROOT/../pbm-handin)")
    ap.add_argument("--submission")
    ap.add_argument("--results")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    build = os.path.abspath(args.build or os.path.join(root, "..", "pbm-build"))
    work = os.path.abspath(args.work or os.path.join(root, "..", "pbm-handin"))
    conf = read_config(args.config)
    chs = assignment_chapters(root, conf["chapters"])
    rules = pts.load(os.path.join(os.path.dirname(os.path.abspath(args.config)), conf["points"])
                     if conf["points"] else "")
    if args.action == "prepare":
        return prepare(root, build, work, chs, conf)
    where = PLATFORM[args.action]
    results = args.results or where["results"]
    start = time.time()
    try:
        data = grade_submission(args.action, root, build, work, chs, conf,
                                args.submission or where["submission"], rules)
    except Exception:  # the student still gets a results file, the instructor the trace
        traceback.print_exc()
        data = writers.failed_to_grade(args.action, "the autograder failed: "
                                       + traceback.format_exc().strip().splitlines()[-1], time.time() - start)
    writers.write_json(results, data)
    print(f"autograde: wrote {results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
