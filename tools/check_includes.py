#!/usr/bin/env python3
"""Fails when an #include points up or across the layers of common/README.md.

The rooms, lowest first, and what each may include ("pbm/..." headers; system
and library headers are not checked):

  core     common/include/pbm/core/, common/src/core/           core
  app      common/include/pbm/app/, common/src/app/             core, app
  viewer   common/include/pbm/viewer/, common/src/viewer/       core, app, viewer
  topic    common/include/pbm/<topic>/ and the student and library sources of
           its chapter (solutions/NN_topic/, exercises/NN_topic/,
           chapters/NN_topic/library/)                          core, its own
           topic and the topics of its chapter's DEPS, transitively
  scenekit common/include/pbm/scenekit/, common/src/scenekit/   core, app,
           viewer, any topic (scene code two chapters share)
  chapter  chapters/NN_topic/ (scenes, main.cpp, bench.cpp) and
           tests/NN_topic_test*.cpp                             core, app,
           viewer, scenekit, its topic and its DEPS' topics; a quoted include
           without "pbm/" must name a file of its own folder (or tests/)

One exception, by design: common/src/app/chapter.cpp opens the viewer's shell
or runs headless, so it may include the viewer.

The chapters and their DEPS are read from the pbm_chapter(...) lines of
CMakeLists.txt, each chapter's topic folder from common/README.md's topic table
(tools/check_docs.py checks that table against the folders).

usage: check_includes.py [--root DIR]   (exit 1 on any violation, 2 on bad use)
"""

import argparse
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
CHAPTER = re.compile(r"^\s*pbm_chapter\(\s*(\d+)\s+(\w+)(?:\s+DEPS\s+([\d\s]+))?\)")
TOPIC_ROW = re.compile(r"^\|\s*(\d\d)_\w+\s*\|\s*`(\w+)`\s*\|")
SOURCES = (".h", ".hpp", ".cpp")
FIXED_ROOMS = ("core", "app", "viewer", "scenekit")


def chapters(root):
    """{"NN": (folder, [deps])} from CMakeLists.txt."""
    out = {}
    with open(os.path.join(root, "CMakeLists.txt"), encoding="utf-8") as f:
        for line in f:
            m = CHAPTER.match(line)
            if m:
                out[m.group(1)] = (f"{m.group(1)}_{m.group(2)}", (m.group(3) or "").split())
    return out


def topics(root):
    """{"NN": topic folder} from common/README.md's topic table."""
    out = {}
    with open(os.path.join(root, "common", "README.md"), encoding="utf-8") as f:
        for line in f:
            m = TOPIC_ROW.match(line)
            if m:
                out[m.group(1)] = m.group(2)
    return out


def closure(nn, chs):
    seen, todo = set(), [nn]
    while todo:
        c = todo.pop()
        if c in seen or c not in chs:
            continue
        seen.add(c)
        todo.extend(chs[c][1])
    return seen


def files_under(root, rel):
    base = os.path.join(root, rel)
    for d, _, names in os.walk(base):
        for n in sorted(names):
            if n.endswith(SOURCES):
                yield os.path.relpath(os.path.join(d, n), root)


def rules(root):
    """[(file, room name, allowed pbm/ rooms, local folders or None)]."""
    chs, tops = chapters(root), topics(root)
    missing = [nn for nn in chs if nn not in tops]
    if missing:
        raise SystemExit(f"check_includes: common/README.md's topic table lacks chapter(s) "
                         f"{', '.join(missing)}")
    out = []
    fixed = {"core": {"core"}, "app": {"core", "app"}, "viewer": {"core", "app", "viewer"},
             "scenekit": {"core", "app", "viewer", "scenekit"} | set(tops.values())}
    for room, allowed in fixed.items():
        for rel in ("common/include/pbm/" + room, "common/src/" + room):
            for f in files_under(root, rel):
                out.append((f, room, allowed, None))
    for nn, (folder, _) in chs.items():
        mine = {tops[c] for c in closure(nn, chs)}
        topic_files = list(files_under(root, "common/include/pbm/" + tops[nn]))
        for rel in ("solutions/" + folder, "exercises/" + folder, f"chapters/{folder}/library"):
            topic_files += list(files_under(root, rel))
        for f in topic_files:
            out.append((f, "topic " + tops[nn], {"core"} | mine, None))
        scene_allowed = {"core", "app", "viewer", "scenekit"} | mine
        chapter_dir = f"chapters/{folder}"
        for f in files_under(root, chapter_dir):
            if not f.startswith(chapter_dir + "/library/"):
                out.append((f, "chapter " + nn, scene_allowed, {chapter_dir}))
        tests = os.path.join(root, "tests")
        for n in sorted(os.listdir(tests)):
            if n.startswith(folder + "_test") and n.endswith(SOURCES):
                out.append((f"tests/{n}", "chapter " + nn, scene_allowed, {chapter_dir, "tests"}))
    return out, set(tops.values())


def check(root):
    problems = []
    file_rules, topic_names = rules(root)
    known = set(FIXED_ROOMS) | topic_names
    for f, room, allowed, local in file_rules:
        with open(os.path.join(root, f), encoding="utf-8") as src:
            for no, line in enumerate(src, 1):
                m = INCLUDE.match(line)
                if not m:
                    continue
                inc = m.group(1)
                if inc.startswith("pbm/"):
                    target = inc.split("/")[1]
                    if target not in known:
                        problems.append(f"{f}:{no}: includes {inc}: pbm/{target}/ is no room "
                                        "this check knows (add it to tools/check_includes.py)")
                    elif target not in allowed:
                        problems.append(f"{f}:{no}: includes {inc}: the {room} room may include "
                                        f"only {', '.join(sorted(allowed))}")
                    continue
                if f == "common/src/app/chapter.cpp" and inc.startswith("viewer/"):
                    continue  # the one app source that opens the viewer (see above)
                here = os.path.dirname(f)
                if os.path.exists(os.path.join(root, here, inc)):
                    resolved = os.path.normpath(os.path.join(here, inc))
                    folder = os.path.dirname(resolved)
                    if local is not None and not any(folder == d or folder.startswith(d + "/")
                                                     for d in local):
                        problems.append(f"{f}:{no}: includes {inc}: outside its own folder")
                    elif local is None and not folder.startswith(os.path.dirname(f).split("/")[0]):
                        problems.append(f"{f}:{no}: includes {inc}: outside its room")
                    continue
                if local is not None and any(os.path.exists(os.path.join(root, d, inc))
                                             for d in local):
                    continue
                if f.startswith("common/src/") and os.path.exists(
                        os.path.join(root, "common/src", inc)):
                    src_room = inc.split("/")[0]
                    own = f.split("/")[2]
                    if src_room != own and not (own == "app" and src_room == "viewer"
                                                and f == "common/src/app/chapter.cpp"):
                        problems.append(f"{f}:{no}: includes {inc}: another room's private "
                                        "header")
                    continue
                problems.append(f"{f}:{no}: includes \"{inc}\", which is in none of the "
                                "folders it may include from")
    return problems, len(file_rules)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default=os.path.join(os.path.dirname(__file__), ".."))
    args = ap.parse_args()
    problems, n = check(os.path.abspath(args.root))
    for p in problems:
        print("check_includes: " + p)
    if problems:
        print(f"check_includes: {len(problems)} include(s) against the layers "
              "(common/README.md, the layer diagram)")
        return 1
    print(f"check_includes: {n} files, every include along the layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
