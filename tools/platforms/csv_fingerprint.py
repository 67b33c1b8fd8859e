#!/usr/bin/env python3
"""Fingerprints every scene's default headless CSV, to show a change left them alone.

Runs each chapter program in BUILD/bin (chNN_topic) for each scene it lists,
headless with the scene's defaults (`--headless --csv FILE`, nothing else), and
records the SHA-256 of the CSV and the exit status. With --compare OLD.json it
prints every scene whose CSV or status differs from OLD and exits 1 if any does.

usage: csv_fingerprint.py --build DIR [--out FILE.json] [--compare OLD.json]
                          [--chapters 01,07] [--timeout S] [--csv-dir DIR]
       csv_fingerprint.py --compare OLD.json --against NEW.json   (two records, nothing run)

A refactoring or a port must leave these byte-identical on the same platform
(issues 18 and 20: "headless CSVs of every scene byte-identical before/after").
Across compilers or library versions the last digits may differ; compare only
builds of the same toolchain.
"""

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile


def programs(build, chapters):
    bindir = os.path.join(build, "bin")
    out = []
    for name in sorted(os.listdir(bindir)):
        m = re.fullmatch(r"ch(\d\d)_[a-z_]+", name)
        if not m or name.endswith(("_tests", "_bench")):
            continue
        if chapters and m.group(1) not in chapters:
            continue
        out.append(os.path.join(bindir, name))
    return out


def scenes(program):
    listing = subprocess.run([program, "--list-scenes"], capture_output=True, text=True,
                             timeout=60, check=True).stdout
    return [line.split()[0] for line in listing.splitlines() if line and not line[0].isspace()]


def fingerprint(program, scene, timeout, keep=None):
    with tempfile.TemporaryDirectory() as tmp:
        csv = os.path.join(tmp, "out.csv")
        try:
            run = subprocess.run([program, "--scene", scene, "--headless", "--csv", csv],
                                 capture_output=True, text=True, timeout=timeout)
            status = run.returncode
        except subprocess.TimeoutExpired:
            status = "timeout"
        digest = ""
        if os.path.exists(csv):
            with open(csv, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            if keep:
                shutil.copyfile(csv, keep)
        return {"status": status, "sha256": digest}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--out")
    ap.add_argument("--compare")
    ap.add_argument("--against", help="compare --compare with this record instead of a build")
    ap.add_argument("--chapters", default="", help="e.g. 01,07 (default: all)")
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--csv-dir", help="keep each CSV as DIR/PROGRAM--SCENE.csv, to see what differs "
                    "(tools/platforms/csv_digits.py compares two such folders)")
    args = ap.parse_args()
    chapters = {c.zfill(2) for c in args.chapters.split(",") if c}
    if args.csv_dir:
        os.makedirs(args.csv_dir, exist_ok=True)

    result = {}
    if args.against:
        if not args.compare:
            ap.error("--against needs --compare")
        with open(args.against, encoding="utf-8") as f:
            result = json.load(f)
    for program in [] if args.against else programs(args.build, chapters):
        name = os.path.basename(program)
        for scene in scenes(program):
            key = f"{name} {scene}"
            keep = os.path.join(args.csv_dir, f"{name}--{scene}.csv") if args.csv_dir else None
            result[key] = fingerprint(program, scene, args.timeout, keep)
            print(f"{key}: {result[key]['status']} {result[key]['sha256'][:16]}", flush=True)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=1, sort_keys=True)
    if not args.compare:
        return 0
    with open(args.compare, encoding="utf-8") as f:
        old = json.load(f)
    changed = [k for k in sorted(set(old) | set(result)) if old.get(k) != result.get(k)]
    for k in changed:
        print(f"differs: {k}: before {old.get(k)}, now {result.get(k)}")
    print(f"{len(result) - len(changed)} identical, {len(changed)} differ")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
