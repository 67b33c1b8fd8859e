#!/usr/bin/env python3
"""Make a platform's autograder for an assignment: `./pbm autograder` calls this.

  package.py gradescope --chapters LIST [--points FILE] [-o FILE.zip]
      autograder.zip for a Gradescope programming assignment: setup.sh and
      run_autograder at the top, beside the repository's snapshot (what grading
      needs: CMakeLists.txt, cmake/, common/, chapters/, exercises/, of
      solutions/ only the references the chapters' tests link, tests/ with the
      chapters' private tests/private/NN_*.cpp, tools/, pbm),
      pbm-assignment.conf and the points file.
  package.py prairielearn --chapters LIST [--points FILE] [-o DIR]
      a folder for PrairieLearn's external grading: Dockerfile, source/ (the
      same snapshot, setup.sh, pl_entrypoint) and info.json (the question's
      externalGradingOptions to copy).
Python standard library only.
"""

import argparse
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import zipfile

sys.dont_write_bytecode = True  # no __pycache__ in the repository or the platform's source
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]
import grade  # noqa: E402
import points as pts  # noqa: E402

SNAPSHOT = ("CMakeLists.txt", "cmake", "common", "chapters", "exercises", "solutions", "tests", "tools", "pbm",
            "README.md", ".clang-format")


def die(status, msg):
    print(f"pbm: autograder: {msg}", file=sys.stderr)
    sys.exit(status)


def private_tests(root):
    """Relative paths of the instructor's private tests (tests/private/NN_*.cpp
    and what they include): packaged whether git tracks them or ignores them."""
    folder = os.path.join(root, "tests", "private")
    if not os.path.isdir(folder):
        return []
    return sorted(os.path.join("tests", "private", n) for n in os.listdir(folder)
                  if n.endswith((".cpp", ".h", ".hpp")) and os.path.isfile(os.path.join(folder, n)))


def snapshot_files(root, chapters):
    """Relative paths of the repository's files grading the chapters needs (git's
    list when there is one, so build trees and scratch files stay out): of
    solutions/, only the references the chapters' tests link (their DEPS, and
    theirs: tools/grading/grade.py grades per chapter), and of tests/private/,
    only the chapters' own. No other answer and no other private test travels."""
    refs = {f"{nn}_{topic}" for nn, topic in grade.chapters(root) if nn in reference_chapters(root, chapters)}
    keep = []
    for rel in sorted(set(repository_files(root)) | set(private_tests(root))):
        parts = rel.split(os.sep)
        if parts[0] == "solutions" and len(parts) > 2 and parts[1] not in refs:
            continue
        if parts[:2] == ["tests", "private"] and not any(parts[-1].startswith(nn + "_") for nn in chapters):
            continue
        keep.append(rel)
    return keep


def reference_chapters(root, chapters):
    """The chapters whose references grading `chapters` links: their DEPS, transitively
    (CMakeLists.txt's pbm_chapter(NN topic DEPS ...) lines)."""
    deps = {}
    with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as f:
        for m in re.finditer(r"^\s*pbm_chapter\(\s*(\d+)\s+\w+([^)]*)\)", f.read(), re.M):
            words = m.group(2).split()
            deps[m.group(1)] = words[words.index("DEPS") + 1:] if "DEPS" in words else []
    out, todo = set(), [d for nn in chapters for d in deps.get(nn, [])]
    while todo:
        nn = todo.pop()
        if nn not in out:
            out.add(nn)
            todo += deps.get(nn, [])
    return out


def repository_files(root):
    try:
        out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--cached", "--others",
                              "--exclude-standard", "--", *SNAPSHOT], capture_output=True,
                             check=True, timeout=60).stdout.decode()
        files = [f for f in out.split("\0") if f and os.path.isfile(os.path.join(root, f))]
        if files:
            return sorted(files)
    except (OSError, subprocess.SubprocessError):
        pass
    files = []
    for top in SNAPSHOT:
        path = os.path.join(root, top)
        if os.path.isfile(path):
            files.append(top)
        for here, dirs, names in os.walk(path):
            dirs[:] = [d for d in dirs if d not in ("__pycache__", "build")]
            files += [os.path.relpath(os.path.join(here, n), root) for n in names if not n.endswith(".pyc")]
    return sorted(files)


def private_text(root, chapters):
    n = sum(1 for f in private_tests(root) if f.endswith(".cpp")
            and any(os.path.basename(f).startswith(nn + "_") for nn in chapters))
    return f", {n} private test file{'s' if n != 1 else ''} among them" if n else ""


def parse_chapters(root, text):
    have = dict(grade.chapters(root))
    out = []
    for tok in text.replace(";", ",").replace(" ", ",").split(","):
        tok = tok.strip().removeprefix("ch")
        if not tok:
            continue
        if not tok.isdigit() or f"{int(tok):02d}" not in have:
            die(2, f"--chapters: no chapter '{tok}'; chapters: {', '.join(have)}")
        out.append(f"{int(tok):02d}")
    if not out:
        die(2, "--chapters needs a list, e.g. 01 or 01,05")
    return sorted(set(out))


def extra_files(chapters, points_text, args):
    conf = (f"# PBM Workbook autograder assignment (./pbm autograder); read by\n"
            f"# tools/grading/autograder/autograde.py\nchapters={','.join(chapters)}\n"
            f"points={'pbm-points.txt' if points_text is not None else ''}\n"
            f"limit={args.limit:g}\nbudget={args.budget:g}\n")
    out = {"pbm-assignment.conf": (conf.encode(), 0o644)}
    if points_text is not None:
        out["pbm-points.txt"] = (points_text.encode(), 0o644)
    return out


def write_zip(path, root, files, extra):
    tmp = path + ".tmp"
    with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as z:
        def add(name, data, mode):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (stat.S_IFREG | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
        for rel in files:
            full = os.path.join(root, rel)
            with open(full, "rb") as f:
                add(rel, f.read(), 0o755 if os.access(full, os.X_OK) else 0o644)
        for name, (data, mode) in extra.items():
            add(name, data, mode)
    os.replace(tmp, path)


def write_tree(dest, root, files, extra):
    for rel in files:
        target = os.path.join(dest, rel)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(os.path.join(root, rel), target)
    for name, (data, mode) in extra.items():
        target = os.path.join(dest, name)
        with open(target, "wb") as f:
            f.write(data)
        os.chmod(target, mode)


def main():
    ap = argparse.ArgumentParser(prog="./pbm autograder", description=__doc__.splitlines()[0])
    ap.add_argument("platform", choices=["gradescope", "prairielearn"])
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.dirname(HERE))))
    ap.add_argument("--chapters", required=True, help="the assignment's chapters, e.g. 01 or 01,05")
    ap.add_argument("--points", help="a points file (see tools/grading/autograder/points.py)")
    ap.add_argument("--limit", type=float, default=20.0, help="seconds per test (default 20)")
    ap.add_argument("--budget", type=float, default=120.0, help="seconds of tests per chapter (default 120)")
    ap.add_argument("-o", "--output")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    chapters = parse_chapters(root, args.chapters)
    points_text = None
    if args.points:
        try:
            with open(args.points, encoding="utf-8") as f:
                points_text = f.read()
            pts.parse(points_text, args.points)
        except (OSError, pts.PointsError) as e:
            die(2, f"--points: {e}")
    files = snapshot_files(root, chapters)
    extra = extra_files(chapters, points_text, args)
    tag = "ch" + "-".join(chapters)
    for name in ("setup.sh",):
        with open(os.path.join(HERE, name), "rb") as f:
            extra[name] = (f.read(), 0o755)
    if args.platform == "gradescope":
        with open(os.path.join(HERE, "run_autograder"), "rb") as f:
            extra["run_autograder"] = (f.read(), 0o755)
        out = os.path.abspath(args.output or f"autograder-{tag}.zip")
        write_zip(out, root, files, extra)
        print(f"pbm: autograder: {out} ({os.path.getsize(out) // 1024} KB, {len(files)} files of the "
              f"repository{private_text(root, chapters)}; chapters {','.join(chapters)}): upload it on Gradescope under "
              f"Configure Autograder, base image Ubuntu 22.04 (README.md, How an instructor grades)",
              file=sys.stderr)
        return 0
    out = os.path.abspath(args.output or f"prairielearn-{tag}")
    if os.path.exists(out) and os.listdir(out):
        die(2, f"{out} exists and is not empty")
    with open(os.path.join(HERE, "pl_entrypoint"), "rb") as f:
        extra["pl_entrypoint"] = (f.read(), 0o755)
    write_tree(os.path.join(out, "source"), root, files, extra)
    with open(os.path.join(HERE, "Dockerfile.in"), encoding="utf-8") as f:
        docker = f.read().replace("@CHAPTERS@", ",".join(chapters)).replace("@TAG@", tag)
    with open(os.path.join(out, "Dockerfile"), "w", encoding="utf-8") as f:
        f.write(docker)
    info = {"title": f"PBM Workbook, chapters {', '.join(chapters)}", "topic": "PBM Workbook",
            "type": "v3", "gradingMethod": "External", "singleVariant": True,
            "externalGradingOptions": {"enabled": True, "image": f"YOUR_ORG/pbm-grader-{tag}",
                                       "entrypoint": "/pbm/source/pl_entrypoint", "timeout": 600}}
    with open(os.path.join(out, "info.json"), "w", encoding="utf-8") as f:
        json.dump(info, f, indent=2)
        f.write("\n")
    print(f"pbm: autograder: {out}/ (Dockerfile, source/, info.json{private_text(root, chapters)}; "
          f"chapters {','.join(chapters)}): "
          f"docker build -t YOUR_ORG/pbm-grader-{tag} {os.path.relpath(out)} (README.md, How an "
          f"instructor grades)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
