#!/usr/bin/env python3
"""Render a chapter's benchmark trade-off plots: `./pbm bench NN` calls this.

usage: plot_bench.py RESULTS.json BENCH.plots OUT_DIR [PREFIX]

RESULTS.json is Google Benchmark's --benchmark_out (JSON). BENCH.plots has one
plot per line (`#` starts a comment):

    png_name  name_regex  x_counter  y_counter  logx(0|1)  logy(0|1)  Title text ...

For each line: the benchmarks whose name matches name_regex (re.search) are
grouped into series by the `series=NAME` in their label, and each series is
drawn as one line of y_counter against x_counter (any numeric field of the
benchmark's JSON: user counters, real_time, cpu_time, iterations). Writes
OUT_DIR/PREFIXpng_name.png, with the gnuplot script (.gp) beside it and the
data under OUT_DIR/plotdata/, so a plot can be tweaked and redrawn with
`gnuplot OUT_DIR/PREFIXpng_name.gp`. Python standard library and gnuplot only.
"""

import json
import os
import re
import subprocess
import sys

# The hues of the viewer's palette (pbm::colors in common/include/pbm/viewer/
# canvas2d.h), a little darker for a white background, so a method has the
# same colour in the window and in the plots.
METHOD_COLOURS = {
    "euler": "#eb5757",
    "midpoint": "#3fa34d",
    "rk4": "#3d7fd9",
    "adaptive": "#e09b12",
}
OTHER_COLOURS = ["#8e44ad", "#16a085", "#7f8c8d", "#d35400", "#2c3e50", "#c0392b", "#27ae60"]
SERIES = re.compile(r"series=([^\s,;]+)")


def warn(msg):
    print(f"plot_bench: {msg}", file=sys.stderr)


def parse_plots(path):
    plots = []
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            parts = line.split(None, 6)
            if len(parts) < 6 or parts[4] not in ("0", "1") or parts[5] not in ("0", "1"):
                raise ValueError(f"{path}:{lineno}: expected `png_name name_regex x_counter "
                                 f"y_counter logx(0|1) logy(0|1) Title ...`")
            plots.append({
                "png": parts[0], "regex": re.compile(parts[1]), "x": parts[2], "y": parts[3],
                "logx": parts[4] == "1", "logy": parts[5] == "1",
                "title": parts[6] if len(parts) > 6 else parts[0],
            })
    return plots


def load_runs(path):
    """The benchmark runs to plot: per-repetition means when there are any, else the iterations."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    runs = [b for b in data.get("benchmarks", []) if not b.get("error_occurred")]
    means = [b for b in runs if b.get("run_type") == "aggregate" and b.get("aggregate_name") == "mean"]
    if means:
        return means
    return [b for b in runs if b.get("run_type", "iteration") == "iteration"]


def series_of(plot, runs):
    """{series: [(x, y), ...]} in order of first appearance, points sorted by x."""
    out = {}
    for b in runs:
        name = b.get("run_name") or b.get("name", "")
        if not plot["regex"].search(name):
            continue
        m = SERIES.search(b.get("label", ""))
        if not m:
            continue
        x, y = b.get(plot["x"]), b.get(plot["y"])
        if not isinstance(x, (int, float)) or not isinstance(y, (int, float)):
            continue
        if (plot["logx"] and x <= 0) or (plot["logy"] and y <= 0):
            continue  # no place on a log axis (an exact zero error, say)
        out.setdefault(m.group(1), []).append((float(x), float(y)))
    for pts in out.values():
        pts.sort()
    return out


def gp_str(text):
    return "'" + text.replace("'", "''") + "'"


def terminal():
    probe = subprocess.run(["gnuplot", "-e", "set terminal pngcairo"], capture_output=True, check=False)
    if probe.returncode == 0 and not probe.stderr.strip():
        return "pngcairo size 900,600 enhanced font 'sans,11'"
    return "png size 900,600"


def colour(name, index):
    """(rgb, 1 for a solid line or 2 for a dashed variant such as odeint_rk4)."""
    if name.startswith("adaptive"):  # adaptive_euler: the adaptive colour, like the viewer
        return METHOD_COLOURS["adaptive"], 1
    for method, rgb in METHOD_COLOURS.items():
        if name == method or name.endswith("_" + method):
            return rgb, (1 if name == method else 2)
    return OTHER_COLOURS[index % len(OTHER_COLOURS)], 1


def render(plot, series, out_dir, prefix, term):
    name = plot["png"] if plot["png"].startswith(prefix) else prefix + plot["png"]
    base = os.path.join(out_dir, name)
    data_dir = os.path.join(out_dir, "plotdata")
    os.makedirs(data_dir, exist_ok=True)
    lines = ["set encoding utf8", f"set terminal {term}", f"set output {gp_str(base + '.png')}",
             f"set title {gp_str(plot['title'])} noenhanced",
             f"set xlabel {gp_str(plot['x'])} noenhanced", f"set ylabel {gp_str(plot['y'])} noenhanced",
             "set grid", "set key outside right top noenhanced"]
    if plot["logx"]:
        lines.append("set logscale x")
        lines.append("set format x '10^{%L}'")
    if plot["logy"]:
        lines.append("set logscale y")
        lines.append("set format y '10^{%L}'")
    terms = []
    others = 0
    for name, pts in series.items():
        data = os.path.join(data_dir, f"{os.path.basename(base)}_{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}.dat")
        with open(data, "w", encoding="utf-8") as f:
            f.write(f"# {plot['x']} {plot['y']}\n")
            f.writelines(f"{x:.10g} {y:.10g}\n" for x, y in pts)
        rgb, dash = colour(name, others)
        if rgb in OTHER_COLOURS:
            others += 1
        # A variant of a method (odeint_rk4 beside rk4): dashed, open circles,
        # so it shows where it lies on top of ours.
        style = "dt 1 pt 7 ps 0.8" if dash == 1 else "dt 2 pt 6 ps 1.5"
        terms.append(f"{gp_str(data)} using 1:2 with linespoints lw 2 {style} "
                     f"lc rgb '{rgb}' title {gp_str(name)}")
    lines.append("plot " + ", \\\n     ".join(terms))
    with open(base + ".gp", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    proc = subprocess.run(["gnuplot", base + ".gp"], capture_output=True, text=True, check=False)
    if proc.returncode != 0 or not os.path.exists(base + ".png"):
        warn(f"gnuplot failed on {base}.gp: {proc.stderr.strip().splitlines()[-1:] or ''}")
        return None
    return base + ".png"


def main(argv):
    if len(argv) not in (4, 5):
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    results, plots_file, out_dir = argv[1:4]
    prefix = argv[4] if len(argv) == 5 else ""
    try:
        plots = parse_plots(plots_file)
        runs = load_runs(results)
    except (OSError, ValueError, json.JSONDecodeError, re.error) as e:
        warn(str(e))
        return 1
    os.makedirs(out_dir, exist_ok=True)
    term = terminal()
    status = 0
    for plot in plots:
        series = series_of(plot, runs)
        if not series:
            warn(f"{plot['png']}: no benchmark matching /{plot['regex'].pattern}/ with a series= label "
                 f"and counters {plot['x']}, {plot['y']} (filtered out?): no plot")
            continue
        png = render(plot, series, out_dir, prefix, term)
        if png is None:
            status = 1
            continue
        shown = os.path.relpath(png) if not os.path.relpath(png).startswith("..") else png
        npts = sum(len(p) for p in series.values())
        print(f"plot: {shown} ({len(series)} series, {npts} points: {', '.join(series)})", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
