#!/usr/bin/env python3
"""Grade a hand-in (a tree of exercises): `./pbm grade [--cumulative] [DIR]` calls this.

Modes:
  per_chapter (default)  chapter NN's tests run with chapter NN's student
                         functions from DIR and every other chapter's from
                         solutions/: each chapter is judged on its own.
  cumulative             every chapter's functions from DIR: chapter 06's
                         tests also run the hand-in's chapters 01-04.

Only the chapters handed in are built and counted: a folder NN_topic/ that is
absent, or that is the skeleton byte for byte (a fork keeps every chapter's;
not when DIR is the repository's own exercises/, which CI grades), is "not
handed in", and the total says over how many chapters it runs. DIR may also
be a whole fork: its exercises/ is graded. A progress line per chapter (built,
tested, score) is printed as it goes. An instructor's private tests
(tests/private/NN_*.cpp) are chapter NN's tests like the others.

One build tree (build/grade) holds both: CMake (cmake/PbmChapter.cmake,
PBM_GRADING) compiles each chapter's hand-in and, per chapter, its reference
once. The repository's code the tests need is built first, for all chapters
at once; then each chapter's tests are built on their own (the hand-in's files
and the link), so one chapter's compile error does not stop the others, and
run by ctest, each test through
tools/grading/grade_sandbox.py: confined (bubblewrap), with a time limit per test, a
stop for a chapter that hangs and a budget per chapter. The score table is
printed; report.md (naming the student), junit.xml, summary.tsv and
results.tsv are written into the build tree and kept in runs/DATE_TIME_NAME/
(a grading never overwrites an earlier one's). --chapters LIST grades those
chapters only; --deadline grades a git hand-in's last commit before it, read
from a clone of ours (tools/grading/collect.py: the student's git config
never runs), and reports the later commits as late. Every long phase prints
a line of progress at least every ~10 s (run()). Every test ctest ran is reported, however it ended: passed,
failed, timeout, aborted, crashed or not_run (stopped with a hanging chapter).

The grading itself is the class Grader (phases: confinement, configure, the
repository's code, then one chapter at a time), which ./pbm grade --class
(tools/grading/autograder/class_grade.py) and the platforms' autograders
(tools/grading/autograder/autograde.py) use too: the same verdicts everywhere, only
the writers differ. What ctest and the compiler said is read into verdicts by
tools/grading/grade_outcomes.py; the console table and the files are written by
tools/grading/grade_report.py.

Exit status 0 when grading completed (the scores are data); 1 when grading
itself could not run (configure failed, the common or reference libraries do
not build). Python standard library only.
"""

import argparse
import datetime
import glob
import os
import re
import shutil
import subprocess
import sys
import threading
import time

from grade_outcomes import FAILING, Secrets, compiler_errors, ctest_results
from grade_report import (LAST_LINE, MODE_TEXT, count, log, percent, print_table,  # noqa: F401
                          write_junit, write_report, write_results, write_summary)
from grade_sandbox import pass_through

PATH_TOKEN = re.compile(r"(?:\.\./|/)[\w.+@%=,/-]+")
TEST_MACRO = re.compile(r"^\s*(?:TEST|TEST_F)\s*\(\s*(\w+)\s*,\s*(\w+)\s*\)", re.M)


# A step count in what a build or a test run prints: ninja's "[57/212] ..."
# and ctest's "12/27 Test #12: ...".
STEP = re.compile(r"^\s*(\[)?(\d+)/(\d+)[\] ]")
QUIET = 8.0  # seconds without a console line after which a long phase says how it goes


def activity(logfile):
    """What a log's command is doing, for its progress lines (by the log's name,
    so every call of run() reports without being told)."""
    name = os.path.basename(logfile)
    m = re.fullmatch(r"ch(\d+)_(build|test)\.log", name)
    if m:
        return f"ch{m.group(1)}: {'building its tests' if m.group(2) == 'build' else 'running its tests'}"
    return {"configure.log": "configuring the grading tree",
            "common_build.log": "building the repository's code"}.get(name, name.rsplit(".", 1)[0])


def run(cmd, logfile, cwd=None, limit=None, label=None, env=None):
    """Runs cmd with stdout+stderr into logfile, for at most `limit` seconds; returns (status, text).
    The output is read as it comes (not waited for): whenever the console has
    been quiet for QUIET seconds a line says how far it is ("pbm: building the
    repository's code: 57/212 steps, 40 s"), so no phase is silent for long."""
    label = label or activity(logfile)
    t0 = time.monotonic()
    state = {"step": None}

    def pump(stream, f):  # the reader: the log as it comes, and the last step seen
        for line in iter(stream.readline, ""):
            f.write(line)
            f.flush()
            m = STEP.match(line)
            if m:  # ninja counts steps, ctest tests
                state["step"] = (m.group(2), m.group(3), "steps" if m.group(1) else "tests done")

    with open(logfile, "w", encoding="utf-8", errors="replace") as f:
        proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                stdin=subprocess.DEVNULL, text=True, errors="replace", bufsize=1)
        reader = threading.Thread(target=pump, args=(proc.stdout, f), daemon=True)
        reader.start()
        status = None
        while status is None:
            try:
                status = proc.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                now = time.monotonic()
                if limit is not None and now - t0 > limit:
                    proc.kill()  # the sandbox and all in it die with its launcher
                    proc.wait()
                    reader.join(timeout=5)
                    f.write(f"\nCMake Error: the build was stopped after {limit:g} s\n")
                    status = 124
                    break
                if now - LAST_LINE[0] >= QUIET:
                    step = state["step"]
                    log(f"pbm: {label}: " + (f"{step[0]}/{step[1]} {step[2]}, " if step else "")
                        + f"{now - t0:.0f} s")
        reader.join(timeout=5)
        proc.stdout.close()
    with open(logfile, encoding="utf-8", errors="replace") as f:
        return status, f.read()


def chapters(root):
    """[(NN, topic)] as `./pbm chapters` lists them (the one reader of CMakeLists.txt)."""
    out = subprocess.run([os.path.join(root, "pbm"), "chapters"], capture_output=True, text=True,
                         stdin=subprocess.DEVNULL, check=False, timeout=60).stdout
    return [tuple(line.split()) for line in out.splitlines() if len(line.split()) == 2]


def test_sources(root, nn, topic):
    """Chapter NN's test sources: NN_topic_test.cpp, its parts NN_topic_test_*.cpp
    and an instructor's private tests private/NN_*.cpp (cmake/PbmChapter.cmake)."""
    main = os.path.join(root, "tests", f"{nn}_{topic}_test.cpp")
    if not os.path.exists(main):
        return []
    return ([main] + sorted(glob.glob(os.path.join(root, "tests", f"{nn}_{topic}_test_*.cpp")))
            + sorted(glob.glob(os.path.join(root, "tests", "private", f"{nn}_*.cpp"))))


def private_tests(root, nn):
    """The names (Suite.Name) of chapter NN's private tests (tests/private/NN_*.cpp)."""
    names = set()
    for path in sorted(glob.glob(os.path.join(root, "tests", "private", f"{nn}_*.cpp"))):
        with open(path, encoding="utf-8", errors="replace") as f:
            names.update(f"{a}.{b}" for a, b in TEST_MACRO.findall(f.read()))
    return names


def declared_tests(root, nn, topic):
    """Test names from the chapter's test sources: the total when the tests do not build."""
    names = []
    for path in test_sources(root, nn, topic):
        with open(path, encoding="utf-8", errors="replace") as f:
            names += [f"{a}.{b}" for a, b in TEST_MACRO.findall(f.read())]
    # cmake/PbmChapter.cmake adds tests/every_scene_test.cpp's one test to a
    # chapter with scenes: counted here too, so a chapter that does not build
    # (and class.csv's maximum) has the total of one that does.
    if names and os.path.exists(os.path.join(root, "chapters", f"{nn}_{topic}", "scenes.h")):
        names.append(f"EveryScene_ch{nn}.RunsHeadlessAFewSteps")
    return names


class Paths:
    """Shows paths relative to the repository or the hand-in, never the grader's absolute ones."""

    def __init__(self, root, exdir, build, handin_label=None):
        self.build = build
        # The hand-in by its folder name when it lives outside the repository
        # (or by handin_label: "" shows its files as NN_topic/file.cpp).
        self.bases = [(build, os.path.relpath(build, root) if build.startswith(root + os.sep) else "build")]
        if handin_label is not None or not exdir.startswith(root + os.sep):
            self.bases.append((exdir, os.path.basename(exdir) if handin_label is None else handin_label))
        self.bases.append((root, ""))
        # The most specific folder first (a hand-in folder inside the build tree).
        self.bases.sort(key=lambda b: -len(b[0]))

    def path(self, token):
        full = os.path.normpath(os.path.join(self.build, token)) if token.startswith("..") else token
        for base, label in self.bases:
            if full == base or full.startswith(base + os.sep):
                rel = os.path.relpath(full, base)
                if rel == ".":
                    return label or "."
                return os.path.join(label, rel) if label else rel
        return token

    def text(self, text):
        return PATH_TOKEN.sub(lambda m: self.path(m.group(0)), text)


def read_chapter_status(build):
    """{NN: (status, source folder, [deps], [the repository's targets its tests need])}
    from the configure step's pbm_chapters.tsv."""
    out = {}
    with open(os.path.join(build, "pbm_chapters.tsv"), encoding="utf-8") as f:
        for line in f.read().splitlines()[1:]:
            cells = line.split("\t") + ["", ""]
            out[cells[0]] = (cells[2], cells[3], [d for d in cells[4].split(";") if d],
                             [t for t in cells[5].split(";") if t])
    return out


def sandbox_works(python, sandbox, build, readable):
    """Whether bubblewrap can make our sandboxes here, a test's inside the build's
    (namespaces may be unavailable): (True, "") or (False, why)."""
    if not shutil.which("bwrap"):
        return False, "bwrap is not installed (Debian package bubblewrap)"
    probe = os.path.join(build, "sandbox-probe")
    os.makedirs(probe, exist_ok=True)
    # A listing (which owes the grader no confirmation: tests/grade_main.cpp),
    # as the build's discovery of the tests makes one.
    cmd = [python, sandbox, "build", "--build", probe, *readable, "--",
           python, sandbox, "test", "--build", probe, "--", "/bin/true", "--gtest_list_tests"]
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError) as e:
        return False, str(e)
    finally:
        shutil.rmtree(probe, ignore_errors=True)
    if proc.returncode != 0:
        return False, ((proc.stderr + proc.stdout).strip().splitlines() or ["bwrap failed"])[-1]
    return True, ""


class Grader:
    """The grading core, in phases: prepare() (sandbox, configure, the repository's
    code), then grade_chapter() per chapter, each returning a row (a dict: nn,
    topic, passed, total, status, detail, results, errors, names). ./pbm grade,
    --class and the platforms' autograders (tools/grading/autograder/) all grade through
    it, so a hand-in scores the same everywhere; only the writers differ."""

    def __init__(self, root, build, exdir, mode="per_chapter", jobs="2", limit=20.0, hang_after=2,
                 budget=120.0, build_limit=900.0, confine="auto", fallback="none",
                 user="pbm-student", werror=False, only=None, handin_label=None, skip_skeletons=False):
        self.root = os.path.abspath(root)
        self.build = os.path.abspath(build)
        self.exdir = os.path.abspath(exdir)
        self.mode, self.jobs, self.limit, self.hang_after = mode, str(jobs), limit, hang_after
        self.budget, self.build_limit, self.confine = budget, build_limit, confine
        self.fallback, self.user, self.werror = fallback, user, werror
        self.only = set(only) if only else None  # chapter numbers to grade (None: all)
        # A chapter folder that is the skeleton as handed out is not handed in
        # (a fork keeps every chapter's): not built, not counted. Never for the
        # repository's own exercises/ (CI grades the skeletons themselves), nor
        # for the autograders (an assignment's chapter always counts).
        self.skip_skeletons = skip_skeletons and \
            os.path.realpath(self.exdir) != os.path.realpath(os.path.join(self.root, "exercises"))
        self.logs = os.path.join(self.build, "logs")
        self.paths = Paths(self.root, self.exdir, self.build, handin_label)
        self.chapters = [c for c in chapters(self.root) if self.only is None or c[0] in self.only]
        self.configured = {}
        self.secrets = Secrets(self.root)  # what no student is shown (grade_outcomes.py)

    def choose_confinement(self):
        """bwrap where it works; else the fallback (runuser: an unprivileged user,
        for platforms' containers without user namespaces; none). False: cannot grade."""
        sandbox = os.path.join(self.root, "tools", "grading", "grade_sandbox.py")
        self.readable = ["--ro", self.root, "--ro", self.exdir]
        # The sandbox shows the system's /usr, not a Python installed elsewhere.
        python = "/usr/bin/python3"
        if not os.path.exists(python):
            python = sys.executable
            self.readable += ["--ro", sys.prefix]
        confine = self.confine
        if confine == "none":
            log("pbm: grade: WARNING: the hand-in's build and tests run UNCONFINED (no sandbox asked for)")
        elif confine in ("auto", "bwrap"):
            ok, why = sandbox_works(python, sandbox, self.build, self.readable)
            if not ok and confine == "bwrap":
                log(f"pbm: grade: no sandbox: {why}")
                return False
            if ok:
                confine = "bwrap"
            elif self.fallback == "runuser" and runuser_works(self.user):
                confine = "runuser"
                log(f"pbm: grade: no bubblewrap sandbox here ({why}): the hand-in's tests run as the "
                    f"unprivileged user {self.user} (runuser)")
            else:
                confine = "none"
                log(f"pbm: grade: WARNING: the hand-in's build and tests run UNCONFINED (no sandbox: {why})")
        elif confine == "runuser" and not runuser_works(self.user):
            log(f"pbm: grade: cannot run as the unprivileged user {self.user} (runuser, as root)")
            return False
        self.confine = confine
        user = ["--user", self.user] if confine == "runuser" else []
        # A test sees its own program and nothing of the trees; a hand-in's
        # file compiles beside the public headers and the hand-in alone.
        self.launcher = [python, sandbox, "test", "--build", self.build, "--confine", confine,
                         *user, "--limit", f"{self.limit:g}", "--hang-after", str(self.hang_after),
                         "--budget", f"{self.budget:g}", "--"]
        self.compile_launcher = [python, sandbox, "compile", "--build", self.build,
                                 "--public", os.path.join(self.root, "common", "include"),
                                 "--public", self.exdir, "--confine", confine, *user, "--"]
        self.build_in_sandbox = [python, sandbox, "build", "--build", self.build, *self.readable,
                                 "--confine", confine, *user, "--"]
        if confine == "runuser":
            self.seal_for_user()
        return True

    def seal_for_user(self):
        """Where the hand-in runs as an unprivileged user (runuser: a platform's
        container, without bubblewrap), the file modes are the seal: the
        repository and the build tree become the grader's alone, but for the
        public headers and the hand-in's own files, which the compiler reads
        as that user, and the folders a compile or a test passes through."""
        os.umask(0o077)  # what grading makes from now on (objects, logs) is the grader's too
        for tree in (self.root, self.build):
            os.makedirs(tree, exist_ok=True)
            for here, dirs, files in os.walk(tree):
                for name in dirs + files:
                    path = os.path.join(here, name)
                    if not os.path.islink(path):
                        os.chmod(path, os.stat(path).st_mode & 0o700)
        for public in (os.path.join(self.root, "common", "include"), self.exdir):
            for here, dirs, files in os.walk(public):
                os.chmod(here, 0o755)
                for name in files:
                    path = os.path.join(here, name)
                    if not os.path.islink(path):
                        os.chmod(path, os.stat(path).st_mode | 0o444)
            pass_through(public)
        for folder in ("scratch", "run"):
            os.makedirs(os.path.join(self.build, folder), exist_ok=True)
            os.chmod(os.path.join(self.build, folder), 0o711)
        pass_through(self.build)

    def confinement_text(self):
        return {"bwrap": "confined (bubblewrap)",
                "runuser": f"confined (tests run as the unprivileged user {self.user}, runuser)",
                }.get(self.confine, "NOT confined (no sandbox)")

    def unchanged_skeletons(self):
        """The chapters whose hand-in folder holds only skeleton files, when
        skip_skeletons: each C++ file of exercises/NN_topic/ as it is now
        (byte for byte), or, when the hand-in is a clone of a students' edition,
        as any version the edition ever handed out (its .pbm/skeletons.tsv,
        tools/grading/skeletons.py): a student who never touched a chapter
        whose skeleton was fixed since still holds the version given."""
        if not self.skip_skeletons:
            return []
        # Imported here: only ./pbm grade and --class skip skeletons, never the
        # platforms' autograders.
        import skeletons
        record = skeletons.find(self.exdir)
        # The record sits in the student's clone, so the student can write it.
        # It can only widen what counts as "not handed in" for that student's
        # own chapters (a line naming their own file's hash makes that chapter
        # ungraded): no chapter's score rises. Such a chapter is listed as not
        # handed in, in plain view, though the total over the chapters handed
        # in then leaves it out.
        given = skeletons.versions(skeletons.read_rows(record)) if record else {}
        out = []
        for nn, topic in self.chapters:
            folder = f"{nn}_{topic}"
            mine = source_texts(os.path.join(self.exdir, folder))
            now = source_texts(os.path.join(self.root, "exercises", folder))
            if not mine:
                continue
            if mine == now or all(skeletons.digest(data) in given.get(f"exercises/{folder}/{name}", ())
                                  for name, data in mine.items()):
                out.append(nn)
        return out

    def configure(self):
        """CMake (the hand-in's files are only listed here, nothing of it runs). False: failed."""
        os.makedirs(self.logs, exist_ok=True)
        # A stale cache from another generator would refuse -G Ninja.
        cache = os.path.join(self.build, "CMakeCache.txt")
        if os.path.exists(cache):
            with open(cache, encoding="utf-8", errors="replace") as f:
                if "CMAKE_GENERATOR:INTERNAL=Ninja" not in f.read():
                    os.remove(cache)
        configure = ["cmake", "-S", self.root, "-B", self.build, "-G", "Ninja", "-DPBM_GRADING=ON",
                     "-DPBM_EXERCISES=all", f"-DPBM_EXERCISES_DIR={self.exdir}",
                     f"-DPBM_GRADE_MODE={self.mode}", f"-DPBM_WERROR={'ON' if self.werror else 'OFF'}",
                     "-DPBM_GRADE_UNCHANGED=" + ";".join(self.unchanged_skeletons()),
                     f"-DPBM_TEST_TIMEOUT={self.limit + 30:g}",  # ctest's own stop, behind the sandbox's
                     "-DPBM_TEST_LAUNCHER=" + ";".join(self.launcher),
                     "-DPBM_HANDIN_COMPILE_LAUNCHER=" + ";".join(self.compile_launcher),
                     # Tests need neither the window nor the benchmarks: a grading
                     # machine (an autograder's image) has no SFML, ImGui or
                     # Google Benchmark (common/README.md, "The viewer and the platform").
                     "-DPBM_VIEWER=OFF", "-DPBM_BENCHMARKS=OFF"]
        if shutil.which("ccache"):
            configure.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        status, text = run(configure, os.path.join(self.logs, "configure.log"))
        if status != 0:
            for line in compiler_errors(text, self.paths)[:6]:
                log("  " + line)
            log(f"pbm: grade: cmake configure failed, grading could not run "
                f"(log: {self.paths.path(os.path.join(self.logs, 'configure.log'))})")
            return False
        self.configured = read_chapter_status(self.build)
        return True

    def build_repository(self):
        """The repository's own code first, for all chapters at once (both cores
        busy): the common libraries, the reference libraries the graded chapters
        link, and each graded chapter's library code, scenes and test file.
        Failing here is not the hand-in's doing. Then each chapter's build
        compiles only the hand-in's files and links."""
        graded = [v for nn, v in self.configured.items()
                  if v[0] == "handin" and (self.only is None or nn in self.only)]
        targets = ["pbm_core", "pbm_app"]
        if self.mode == "per_chapter":
            targets += [f"pbm_ch{d}_ref" for d in sorted({d for v in graded for d in v[2]})]
        targets += [t for v in graded for t in v[3]]
        t0 = time.time()
        log(f"pbm: building the repository's code for {count(len(graded), 'chapter')} "
            "(common, references, library, scenes, tests); a line every few seconds")
        status, text = run(self.build_in_sandbox + ["cmake", "--build", self.build, "-j", self.jobs,
                                                    "--target", *targets],
                           os.path.join(self.logs, "common_build.log"))
        if status != 0:
            for line in compiler_errors(text, self.paths):
                log("  " + line)
            log("pbm: grade: the repository's own code does not build, grading could not run "
                f"(log: {self.paths.path(os.path.join(self.logs, 'common_build.log'))})")
            return False
        log(f"pbm: the repository's code (common, reference, library, scenes, tests) built in "
            f"{time.time() - t0:.0f} s")
        return True

    def prepare(self):
        """Phases 1-3: confinement, configure, the repository's code. False: grading cannot run."""
        os.makedirs(self.logs, exist_ok=True)
        if not self.chapters:
            log("pbm: grade: no pbm_chapter(...) lines in CMakeLists.txt")
            return False
        return self.choose_confinement() and self.configure() and self.build_repository()

    def build_chapter(self, nn):
        """Builds chapter NN's tests (the hand-in's files and the link): (status, log text, seconds)."""
        # The test listing runs in the build's sandbox, which cannot replace a
        # scratch folder a runuser grading left to its unprivileged user.
        scratch = os.path.join(self.build, "scratch", f"ch{nn}_tests")
        if os.path.isdir(scratch) and os.stat(scratch).st_uid != os.getuid():
            shutil.rmtree(scratch, ignore_errors=True)
        t0 = time.time()
        status, text = run(self.build_in_sandbox + ["cmake", "--build", self.build, "-j", self.jobs,
                                                    "--target", f"ch{nn}_tests", "--", "-k", "0"],
                           os.path.join(self.logs, f"ch{nn}_build.log"), limit=self.build_limit)
        return status, text, time.time() - t0

    def grade_chapter(self, nn, topic, run_tests=True):
        """One chapter: its row. run_tests=False only builds (a platform's image, prebuilt)."""
        root, build, logs, paths = self.root, self.build, self.logs, self.paths
        names = declared_tests(root, nn, topic)
        row = {"nn": nn, "topic": topic, "passed": 0, "total": len(names), "names": names,
               "results": [], "errors": [], "private": private_tests(root, nn)}
        st = self.configured.get(nn, ("unconfigured",))[0]
        if st == "unconfigured":
            # The repository itself does not configure it (a chapter still
            # being written): not the student's doing, left out of the total.
            row.update(status="not_configured", detail="not configured in this repository",
                       total=0, names=[])
            log(f"ch{nn} {topic}: not configured in this repository, skipped")
            return row
        if st == "absent":
            row.update(status="not_handed_in", detail=f"not handed in (no folder {nn}_{topic}/)")
            return row
        if st == "unchanged":
            row.update(status="not_handed_in",
                       detail=f"not handed in ({nn}_{topic}/ is the skeleton, unchanged)")
            return row
        if st == "missing":
            row["status"] = "missing"
            row["detail"] = f"missing ({nn}_{topic}/ has no .cpp files)"
            log(f"{self.progress(nn, topic)}: MISSING: {nn}_{topic}/ has no .cpp files, 0 / {row['total']}")
            return row
        if st.startswith("needs_"):
            row["status"] = "missing"
            row["detail"] = f"not graded: needs chapter {st[6:]}, which the hand-in lacks (cumulative)"
            log(f"{self.progress(nn, topic)}: needs chapter {st[6:]}, which the hand-in lacks, "
                f"0 / {row['total']}")
            return row
        if not os.path.exists(os.path.join(root, "tests", f"{nn}_{topic}_test.cpp")):
            row.update(status="no_tests", detail="the chapter has no tests")
            return row
        log(f"{self.progress(nn, topic)}: building its tests, then running them")
        status, text, built = self.build_chapter(nn)
        if status != 0:
            row["status"] = "build_failed"
            row["detail"] = "build failed"
            row["errors"] = compiler_errors(text, paths, self.secrets)
            log(f"{self.progress(nn, topic)}: BUILD FAILED ({built:.0f} s), 0 / {row['total']}:")
            for line in row["errors"]:
                log("  " + line)
            return row
        if not run_tests:
            row.update(status="built", detail="built")
            return row
        for sub in ("state", "scratch"):  # a fresh start for the chapter's limits and files
            shutil.rmtree(os.path.join(build, sub, f"ch{nn}_tests"), ignore_errors=True)
        junit = os.path.join(logs, f"ch{nn}_ctest.xml")
        if os.path.exists(junit):
            os.remove(junit)
        t0 = time.time()
        status, text = run(["ctest", "--test-dir", build, "-L", f"^ch{nn}$", "-j", self.jobs,
                            "--output-junit", junit, "--test-output-size-failed", "65536",
                            "--test-output-truncation", "middle"],
                           os.path.join(logs, f"ch{nn}_test.log"))
        ran = time.time() - t0
        results = ctest_results(junit, text, paths, self.secrets, private_tests(root, nn))
        row["results"] = results
        if not results:
            row["status"] = "no_tests" if status == 0 else "test_error"
            row["detail"] = ("no tests ran" if status == 0 else
                             f"ctest failed before running tests (log: logs/ch{nn}_test.log)")
            return row
        row["total"] = len(results)
        row["passed"] = sum(1 for r in results if r[1] == "passed")
        failed = row["total"] - row["passed"]
        row["status"] = "passed" if failed == 0 else "failed"
        counts = [f"{sum(1 for r in results if r[1] == o)} {o.replace('_', ' ')}" for o in FAILING
                  if any(r[1] == o for r in results)]
        row["detail"] = "all passed" if failed == 0 else ", ".join(counts)
        log(f"{self.progress(nn, topic)}: built in {built:.0f} s, {row['total']} tests ran in {ran:.0f} s: "
            f"{row['passed']} / {row['total']} passed ({percent(row['passed'], row['total']):.0f}%)"
            + ("" if failed == 0 else f"; {row['detail']}"))
        return row

    def handed_in(self):
        """The chapters graded here that the hand-in holds (a folder NN_topic/), in order."""
        return [nn for nn, _ in self.chapters if self.configured.get(nn, ("",))[0] not in
                ("absent", "unchanged", "unconfigured")]

    def progress(self, nn, topic):
        """"[2/3] ch04 mass_spring": the chapter's place among those handed in."""
        mine = self.handed_in()
        return (f"[{mine.index(nn) + 1}/{len(mine)}] " if nn in mine else "") + f"ch{nn} {topic}"

    def grade_all(self, run_tests=True):
        mine = self.handed_in()
        absent = [nn for nn, _ in self.chapters if self.configured.get(nn, ("",))[0] in ("absent", "unchanged")]
        log(f"pbm: {count(len(mine), 'chapter')} handed in"
            + (f" ({', '.join(mine)})" if mine else "")
            + (f"; not handed in: {', '.join(absent)}" if absent else ""))
        return [self.grade_chapter(nn, topic, run_tests) for nn, topic in self.chapters]

    def limits_text(self):
        return (f"{self.limit:g} s per test; a chapter's remaining tests stop after {self.hang_after} "
                f"timeouts; {self.budget:g} s of tests per chapter; " + self.confinement_text())

    def write_reports(self, rows, outdir=None, title=None, student=None, notes=()):
        """summary.tsv, results.tsv, report.md and junit.xml into outdir (default: the build
        tree); title: the hand-in's name in report.md (default: its folder); student: whose
        it is (report.md's title); notes: what was graded (a commit, late commits)."""
        outdir = outdir or self.build
        os.makedirs(outdir, exist_ok=True)
        when = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
        write_summary(os.path.join(outdir, "summary.tsv"), rows, self.mode)
        write_results(os.path.join(outdir, "results.tsv"), rows)
        write_report(os.path.join(outdir, "report.md"), rows, title or self.paths.path(self.exdir), when,
                     self.mode, self.limits_text(), student, notes)
        write_junit(os.path.join(outdir, "junit.xml"), rows, self.mode)


def source_texts(folder):
    """{name: bytes} of the C++ files directly in folder ({} when it is absent)."""
    out = {}
    if os.path.isdir(folder):
        for name in sorted(os.listdir(folder)):
            path = os.path.join(folder, name)
            if name.endswith((".cpp", ".h", ".hpp")) and os.path.isfile(path):
                with open(path, "rb") as f:
                    out[name] = f.read()
    return out


def runuser_works(user):
    """Whether we are root and can run a command as `user` with runuser."""
    if os.geteuid() != 0 or not shutil.which("runuser"):
        return False
    try:
        return subprocess.run(["runuser", "-u", user, "--", "/bin/true"], capture_output=True,
                              timeout=30, check=False).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def handin_folder(root, folder):
    """The folder holding the hand-in's NN_topic/ folders: `folder`, or its
    exercises/ when it is a whole fork (of the repository or of a students'
    edition) and holds no chapter folder itself."""
    names = {f"{nn}_{topic}" for nn, topic in chapters(root)}
    inner = os.path.join(folder, "exercises")
    if not any(os.path.isdir(os.path.join(folder, n)) for n in names) and \
            any(os.path.isdir(os.path.join(inner, n)) for n in names):
        log(f"pbm: grade: {folder} is a whole fork: grading its exercises/")
        return inner
    return folder


def parse_chapter_list(root, text):
    """--chapters LIST as the driver writes lists elsewhere (01, 1,2, 01-03, all)
    -> [NN] of chapters this repository has; ValueError with one line otherwise."""
    have = [nn for nn, _ in chapters(root)]
    if (text or "").strip() == "all":
        return have
    out = set()
    for tok in (t.strip() for t in (text or "").split(",")):
        m = re.fullmatch(r"(?:ch)?(\d+)(?:-(?:ch)?(\d+))?", tok)
        if not m:
            raise ValueError(f"--chapters: '{tok}' is not a chapter, a range or all "
                             "(e.g. 01, 01,02 or 01-03)")
        lo, hi = int(m.group(1)), int(m.group(2) or m.group(1))
        if hi < lo:
            raise ValueError(f"--chapters: '{tok}' is an empty range")
        for n in range(lo, hi + 1):
            if f"{n:02d}" not in have:
                raise ValueError(f"--chapters: no chapter {n:02d} in this repository; "
                                 f"chapters: {', '.join(have)}")
            out.add(f"{n:02d}")
    return sorted(out)


def keep_run(runs, name, files, logs=None):
    """Copies a grading's reports into runs/YYYY-MM-DD_HHMM_NAME/ (a new folder
    every time: -2, -3 when one is there) and returns it, so the next grading
    never overwrites a report an instructor may still need."""
    base = os.path.join(runs, datetime.datetime.now().strftime("%Y-%m-%d_%H%M") + "_" + safe_name(name))
    dest, n = base, 1
    while True:
        try:
            os.makedirs(dest)
            break
        except FileExistsError:
            n += 1
            dest = f"{base}-{n}"
    for path in files:
        if os.path.exists(path):
            shutil.copy2(path, dest)
    if logs and os.path.isdir(logs):
        shutil.copytree(logs, os.path.join(dest, "logs"))
    return dest


def safe_name(name):
    return re.sub(r"[^A-Za-z0-9._@+-]+", "_", name).strip("._") or "handin"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--exercises", required=True)
    ap.add_argument("--chapters", help="grade these chapters only (01, 01,02, 01-03); default: all")
    ap.add_argument("--deadline", help="'YYYY-MM-DD HH:MM': grade a git hand-in's last commit before it")
    ap.add_argument("--name", help="the student, in the reports (default: the hand-in's folder name)")
    ap.add_argument("--mode", choices=["per_chapter", "cumulative"], default="per_chapter")
    ap.add_argument("--jobs", default="2")
    ap.add_argument("--limit", type=float, default=20.0, help="seconds per test")
    ap.add_argument("--hang-after", type=int, default=2,
                    help="timeouts after which a chapter's remaining tests are not run")
    ap.add_argument("--budget", type=float, default=120.0, help="seconds of tests per chapter")
    ap.add_argument("--build-limit", type=float, default=900.0, help="seconds per chapter's build")
    ap.add_argument("--confine", choices=["auto", "bwrap", "runuser", "none"], default="auto")
    ap.add_argument("--fallback", choices=["none", "runuser"], default="none",
                    help="with --confine auto, where bubblewrap cannot make a sandbox")
    ap.add_argument("--user", default="pbm-student", help="the unprivileged user of runuser")
    ap.add_argument("--werror", action="store_true")
    args = ap.parse_args()

    import collect  # the git hand-in's snapshot (only when a deadline asks for it)
    try:
        only = parse_chapter_list(args.root, args.chapters) if args.chapters is not None else None
        deadline = collect.parse_deadline(args.deadline) if args.deadline is not None else None
    except (ValueError, collect.BadUse) as e:
        print(f"pbm: grade: {e}", file=sys.stderr)
        return 2
    start = time.time()
    given = os.path.abspath(args.exercises)
    # The student's name: the folder's, or the fork's when the folder is its exercises/.
    name = args.name or os.path.basename(given if os.path.basename(given) != "exercises"
                                         or os.path.realpath(given) == os.path.realpath(
                                             os.path.join(args.root, "exercises"))
                                         else os.path.dirname(given))
    info = None
    if deadline is not None and not collect.is_repository(given) and os.path.basename(given) == "exercises" \
            and collect.is_repository(os.path.dirname(given)):
        given = os.path.dirname(given)  # a fork's exercises/: its repository is the fork
    if deadline is not None:
        if collect.is_repository(given):
            snap = os.path.join(os.path.abspath(args.build), "snapshot", safe_name(name))
            log(f"pbm: {name}: reading the last commit before {collect.when_text(deadline)} "
                f"from a clone of {given}")
            try:
                info = collect.snapshot(given, snap, deadline, label=f"cloning {name}")
            except RuntimeError as e:
                log(f"pbm: grade: {name}: {e}")
                return 1
            for line in collect.deadline_notes(info, deadline):
                log(f"pbm: {name}: {line.replace('**', '').replace('`', '')}")
            given = snap
        else:
            info = {"not_git": True}
            log(f"pbm: grade: {name}: WARNING: not a git repository (no .git in {given}): "
                "graded as the folder is, the deadline cannot be applied")
    exdir = handin_folder(args.root, given)
    g = Grader(args.root, args.build, exdir, args.mode, args.jobs, args.limit, args.hang_after,
               args.budget, args.build_limit, args.confine, args.fallback, args.user, args.werror,
               only=only, skip_skeletons=True)
    if g.chapters:
        scope = (f"chapter{'s' if len(only) != 1 else ''} {','.join(only)}" if only
                 else f"all {count(len(g.chapters), 'chapter')}")
        where = g.paths.path(g.exdir) or "."
        log(f"pbm: grading {name}" + (f" ({where})" if where != name else "") + f", {scope} "
            f"({MODE_TEXT[args.mode]})")
    if not g.prepare():
        return 1
    rows = g.grade_all()
    print_table(rows, args.mode)
    g.write_reports(rows, student=name, notes=collect.deadline_notes(info, deadline))
    rel = g.paths.path(g.build)
    kept = keep_run(os.path.join(g.build, "runs"), name,
                    [os.path.join(g.build, f) for f in ("report.md", "junit.xml", "summary.tsv", "results.tsv")],
                    g.logs)
    log(f"pbm: written: {rel}/report.md (Markdown), {rel}/junit.xml (JUnit), "
        f"{rel}/summary.tsv and results.tsv (per chapter, per test), {rel}/logs/; "
        f"kept in {g.paths.path(kept)}/")
    log(f"pbm: graded {name} in {time.time() - start:.0f} s ({args.mode.replace('_', '-')})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
