#!/usr/bin/env python3
"""Times a scene's headless run natively and under node, side by side
(issue 37, item 7): the same program, scene and CSV, built by ./pbm build
(build/bin/) and by ./pbm build --web (build/web-node/bin/), run in turns
(native, node, native, node, ...) so that both meet the same machine, and
prints the medians and their ratio as a README table row.

usage: tools/web/speed.py [--runs N] [--build DIR] [--web-build DIR] PROGRAM:SCENE[:ARGS] ...
e.g.   tools/web/speed.py "ch07_rigid_bodies:many_bodies:--set n=1000 --t-end 40"
ARGS (more options, space-separated) make a run long enough that node's
start-up (about a second: the module and its pool of threads) does not
decide the ratio.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def timed(cmd):
    start = time.perf_counter()
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if r.returncode != 0:
        raise SystemExit("tools/web/speed.py: %s failed (%d): %s" % (" ".join(cmd), r.returncode,
                                                                     r.stderr.strip()[:300]))
    return seconds


def node_command(build):
    """The command the web build in `build` runs its programs with: node, and
    --no-experimental-fetch where that node has the flag. cmake/PbmWeb.cmake
    decides once, as CMAKE_CROSSCOMPILING_EMULATOR in the tree's cache."""
    cache_file = os.path.join(build, "CMakeCache.txt")
    if not os.path.isfile(cache_file):
        return ["node"]
    with open(cache_file) as cache:
        for line in cache:
            if line.startswith("CMAKE_CROSSCOMPILING_EMULATOR:"):
                return line.split("=", 1)[1].strip().split(";")
    return ["node"]


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--build", default=os.path.join(ROOT, "build"))
    p.add_argument("--web-build", default=os.path.join(ROOT, "build", "web-node"))
    p.add_argument("cases", nargs="+", help="PROGRAM:SCENE")
    a = p.parse_args(argv)
    print("| program | scene and options | native, s | node, s | node / native |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        csv = os.path.join(tmp, "run.csv")
        for case in a.cases:
            program, scene, *more = case.split(":", 2)
            extra = more[0].split() if more else []
            args = ["--headless", "--scene", scene, "--csv", csv] + extra
            native = [os.path.join(a.build, "bin", program)] + args
            node = node_command(a.web_build) + [os.path.join(a.web_build, "bin", program + ".js")] + args
            n, w = [], []
            for _ in range(a.runs):
                n.append(timed(native))
                w.append(timed(node))
            mn, mw = statistics.median(n), statistics.median(w)
            what = " ".join(["`" + scene] + extra) + "`"
            print("| %s | %s | %.2f | %.2f | %.2f |" % (program, what, mn, mw, mw / mn), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
