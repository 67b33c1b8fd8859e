#!/usr/bin/env python3
"""Compares two folders of CSVs cell by cell and says how many digits agree.

For every NAME.csv in either folder: "identical" (the same bytes), or the
rows and columns that differ, the first differing row, the largest relative
difference and the fewest significant digits two differing numbers share.
Made for one scene's default CSV written on two platforms
(tools/platforms/check_platforms.sh windows: MinGW + Wine against Linux), where the
last digits may differ because two C libraries round a function differently.

usage: csv_digits.py A_DIR B_DIR [--names A,B] [--markdown FILE]
Exits 1 when a file is missing from one side or the two differ in shape
(rows, columns, a non-number against a number), 0 otherwise.
"""

import argparse
import math
import os
import sys

# A column whose every value is at most this in magnitude holds round-off
# around 0 (a residual, the momentum of a system at rest on an axis, a
# coordinate 1e-19 off an axis): its digits mean nothing, so it is named
# apart and left out of the digit count. The scenes' other columns are SI
# quantities far above it.
ZERO = 1e-9


def cells(path):
    with open(path, "rb") as f:
        text = f.read().decode("utf-8", "replace")
    return [line.split(",") for line in text.splitlines()]


def number(s):
    try:
        return float(s)
    except ValueError:
        return None


def digits(a, b, scale):
    """Digits a and b share at the column's scale: -log10(|a - b| / scale)."""
    if scale == 0 or a == b or not math.isfinite(a - b):
        return math.inf
    return max(0.0, -math.log10(abs(a - b) / scale))


def compare(pa, pb):
    with open(pa, "rb") as f:
        ba = f.read()
    with open(pb, "rb") as f:
        bb = f.read()
    if ba == bb:
        return {"verdict": "identical"}
    if b"\r\n" in ba or b"\r\n" in bb:
        crlf = "CRLF line ends; "
    else:
        crlf = ""
    ra, rb = cells(pa), cells(pb)
    if len(ra) != len(rb):
        return {"verdict": f"{crlf}shape: {len(ra)} rows against {len(rb)}", "shape": True}
    header = ra[0] if ra else []
    # A column's scale: its largest magnitude on either side. Digits are counted
    # against it, so round-off of a quantity that is ~0 (a residual, a centre of
    # mass on an axis of symmetry) is not called "0 digits agree".
    scale_of = {}
    for x, y in zip(ra[1:], rb[1:]):
        for j, (u, v) in enumerate(zip(x, y)):
            for w in (number(u), number(v)):
                if w is not None and math.isfinite(w):
                    scale_of[j] = max(scale_of.get(j, 0.0), abs(w))
    rows, columns, zeros, first, worst, fewest = 0, set(), set(), None, 0.0, math.inf
    for i, (x, y) in enumerate(zip(ra, rb)):
        if x == y:
            continue
        if len(x) != len(y):
            return {"verdict": f"{crlf}shape: row {i + 1} has {len(x)} cells against {len(y)}",
                    "shape": True}
        rows += 1
        first = i + 1 if first is None else first
        for j, (u, v) in enumerate(zip(x, y)):
            if u == v:
                continue
            nu, nv = number(u), number(v)
            if nu is None or nv is None:
                return {"verdict": f"{crlf}text differs at row {i + 1} column {j + 1}: "
                                   f"'{u}' against '{v}'", "shape": True}
            name = header[j] if j < len(header) else str(j + 1)
            scale = scale_of.get(j, 0.0)
            if scale <= ZERO:
                zeros.add(name)
                continue
            columns.add(name)
            worst = max(worst, abs(nu - nv) / scale if scale else 0.0)
            fewest = min(fewest, digits(nu, nv, scale))
    if rows == 0:
        return {"verdict": f"{crlf}the same numbers (only line ends or bytes differ)"}
    verdict = f"{crlf}{rows} of {len(ra) - 1} rows differ from row {first}"
    if columns:
        verdict += (f", columns {','.join(sorted(columns))}; largest difference {worst:.1e} of "
                    f"the column's largest value, at least {fewest:.1f} significant digits agree")
    if zeros:
        verdict += (f"{';' if columns else ','} round-off around 0 (|value| <= {ZERO:g}) in "
                    f"{','.join(sorted(zeros))}")
    return {"verdict": verdict}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--names", default="A,B", help="what to call the two sides")
    ap.add_argument("--markdown", help="also write the table to this file")
    args = ap.parse_args()
    name_a, name_b = (args.names.split(",") + ["B"])[:2]
    files = sorted(f for f in set(os.listdir(args.a)) | set(os.listdir(args.b))
                   if f.endswith(".csv"))
    lines = [f"| CSV | {name_a} against {name_b} |", "|---|---|"]
    bad = 0
    counts = {"identical": 0, "differ": 0}
    for f in files:
        pa, pb = os.path.join(args.a, f), os.path.join(args.b, f)
        if not os.path.exists(pa) or not os.path.exists(pb):
            verdict = f"missing on {name_a if not os.path.exists(pa) else name_b}"
            bad += 1
        else:
            r = compare(pa, pb)
            verdict = r["verdict"]
            bad += 1 if r.get("shape") else 0
        counts["identical" if verdict == "identical" else "differ"] += 1
        lines.append(f"| {f[:-4]} | {verdict} |")
    lines.append(f"\n{counts['identical']} identical, {counts['differ']} differ, "
                 f"{bad} missing or of another shape")
    text = "\n".join(lines) + "\n"
    sys.stdout.write(text)
    if args.markdown:
        with open(args.markdown, "w", encoding="utf-8") as f:
            f.write(text)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
