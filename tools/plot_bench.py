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

An axis is labelled with its counter's name unless a line

    label  counter  scale  Axis label (unit) ...

names it (for every plot of the file, wherever the line stands): the values
are multiplied by scale (say 1e6 for a counter in seconds drawn in µs).
real_time and cpu_time are labelled with Google Benchmark's time unit.

A series keeps one colour in every plot of the file: the methods' colours
(euler, midpoint, rk4, adaptive) as in the viewer, the others in the order
they first appear in the file's plots. A variant of a method (odeint_rk4, fb_rk4
beside rk4) takes the method's colour, darker, thin and dashed with open
markers, drawn over the method's wide line. A log axis
spans the data, not the decades around it; a linear y axis of values
>= 0 starts at 0.
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
    """(plots, labels): labels maps a counter to (scale, axis label)."""
    plots, labels = [], {}
    with open(path, encoding="utf-8") as f:
        for lineno, line in enumerate(f, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if line.split(None, 1)[0] == "label":
                parts = line.split(None, 3)
                try:
                    labels[parts[1]] = (float(parts[2]), parts[3])
                except (IndexError, ValueError):
                    raise ValueError(f"{path}:{lineno}: expected `label counter scale Axis label ...`")
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
    return plots, labels


def load_runs(path):
    """The benchmark runs to plot: per-repetition means when there are any, else the iterations."""
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    runs = [b for b in data.get("benchmarks", []) if not b.get("error_occurred")]
    means = [b for b in runs if b.get("run_type") == "aggregate" and b.get("aggregate_name") == "mean"]
    if means:
        return means
    return [b for b in runs if b.get("run_type", "iteration") == "iteration"]


TIME_UNITS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
TIME_FIELDS = ("real_time", "cpu_time")


def time_unit(runs):
    """The time unit the plots draw real_time and cpu_time in: the first run's."""
    for b in runs:
        if b.get("time_unit") in TIME_UNITS:
            return b["time_unit"]
    return "ns"


def value(b, field, labels, unit):
    v = b.get(field)
    if not isinstance(v, (int, float)):
        return None
    if field in TIME_FIELDS:  # one unit for every run of a plot
        v *= TIME_UNITS.get(b.get("time_unit", unit), 1.0) / TIME_UNITS[unit]
    return v * labels.get(field, (1.0, ""))[0]


def axis_label(field, labels, unit):
    if field in labels:
        return labels[field][1]
    if field in TIME_FIELDS:
        shown = "µs" if unit == "us" else unit
        return f"{'CPU' if field == 'cpu_time' else 'wall-clock'} time per iteration ({shown})"
    return field


def series_of(plot, runs, labels, unit):
    """{series: [(x, y), ...]} in order of first appearance, points sorted by x."""
    out = {}
    for b in runs:
        name = b.get("run_name") or b.get("name", "")
        if not plot["regex"].search(name):
            continue
        m = SERIES.search(b.get("label", ""))
        if not m:
            continue
        x, y = value(b, plot["x"], labels, unit), value(b, plot["y"], labels, unit)
        if x is None or y is None:
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


def method_colour(name):
    """(rgb, 1 solid or 2 dashed) of a method or a variant of one, else None."""
    if name.startswith("adaptive"):  # adaptive_euler: the adaptive colour, like the viewer
        return METHOD_COLOURS["adaptive"], 1
    for method, rgb in METHOD_COLOURS.items():
        if name == method or name.endswith("_" + method):
            return rgb, (1 if name == method else 2)
    return None


def darker(rgb, f=0.55):
    """A method's colour darkened, for a variant drawn on top of it."""
    r, g, b = (int(rgb[i:i + 2], 16) for i in (1, 3, 5))
    return "#%02x%02x%02x" % (int(r * f), int(g * f), int(b * f))


def palette(names):
    """{series: (rgb, dash)}: one colour per series for every plot of a file.
    A series NAME_suffix beside a series NAME (block_cg_straight beside
    block_cg) is NAME's variant: its colour, dashed."""
    names = list(dict.fromkeys(names))
    out, others = {}, 0
    for name in names:
        out[name] = method_colour(name)
    for name in names:
        base = name.rsplit("_", 1)[0]
        if out[name] is None and base != name and base in names:
            continue  # a variant: after its base has a colour
        if out[name] is None:
            out[name] = (OTHER_COLOURS[others % len(OTHER_COLOURS)], 1)
            others += 1
    for name in names:
        if out[name] is None:
            out[name] = (out[name.rsplit("_", 1)[0]][0], 2)
    return out


def log_range(values):
    """A log axis's range: the data and a margin, not the decades around it."""
    lo, hi = min(values), max(values)
    if hi <= lo:
        lo, hi = lo / 2, hi * 2
    pad = (hi / lo) ** 0.04
    return lo / pad, hi * pad


def render(plot, series, out_dir, prefix, term, colours, labels, unit):
    name = plot["png"] if plot["png"].startswith(prefix) else prefix + plot["png"]
    base = os.path.join(out_dir, name)
    data_dir = os.path.join(out_dir, "plotdata")
    os.makedirs(data_dir, exist_ok=True)
    lines = ["set encoding utf8", f"set terminal {term}", f"set output {gp_str(base + '.png')}",
             f"set title {gp_str(plot['title'])} noenhanced",
             f"set xlabel {gp_str(axis_label(plot['x'], labels, unit))} noenhanced",
             f"set ylabel {gp_str(axis_label(plot['y'], labels, unit))} noenhanced",
             "set grid", "set key outside right top noenhanced"]
    ys = [p[1] for pts in series.values() for p in pts]
    if not plot["logy"] and min(ys) >= 0:
        lines.append("set yrange [0:*]")  # a flat line (cost per item) looks flat from 0
    for axis in ("x", "y"):
        if not plot["log" + axis]:
            continue
        lo, hi = log_range([p[0 if axis == "x" else 1] for pts in series.values() for p in pts])
        lines.append(f"set logscale {axis}")
        lines.append(f"set {axis}range [{lo:.6g}:{hi:.6g}]")
        # Decade labels when the data span one; else gnuplot's own ticks.
        lines.append(f"set format {axis} " + ("'10^{%L}'" if hi / lo >= 10 else "'%g'"))
    terms = []
    for name, pts in series.items():
        data = os.path.join(data_dir, f"{os.path.basename(base)}_{re.sub(r'[^A-Za-z0-9_.-]', '_', name)}.dat")
        with open(data, "w", encoding="utf-8") as f:
            f.write(f"# {plot['x']} {plot['y']}\n")
            f.writelines(f"{x:.10g} {y:.10g}\n" for x, y in pts)
        rgb, dash = colours[name]
        # A variant of a method (odeint_rk4 beside rk4): a thin dark dashed
        # line with open circles over the method's wide light one, so both
        # show where they lie on top of each other.
        style = "lw 3 dt 1 pt 7 ps 0.9" if dash == 1 else "lw 2 dt (10,6) pt 6 ps 1.6"
        if dash != 1:
            rgb = darker(rgb)
        terms.append(f"{gp_str(data)} using 1:2 with linespoints {style} "
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
        plots, labels = parse_plots(plots_file)
        runs = load_runs(results)
    except (OSError, ValueError, json.JSONDecodeError, re.error) as e:
        warn(str(e))
        return 1
    os.makedirs(out_dir, exist_ok=True)
    term = terminal()
    status = 0
    unit = time_unit(runs)
    found = [series_of(plot, runs, labels, unit) for plot in plots]
    colours = palette(name for series in found for name in series)
    for plot, series in zip(plots, found):
        if not series:
            warn(f"{plot['png']}: no benchmark matching /{plot['regex'].pattern}/ with a series= label "
                 f"and counters {plot['x']}, {plot['y']} (filtered out?): no plot")
            continue
        png = render(plot, series, out_dir, prefix, term, colours, labels, unit)
        if png is None:
            status = 1
            continue
        shown = os.path.relpath(png) if not os.path.relpath(png).startswith("..") else png
        npts = sum(len(p) for p in series.values())
        print(f"plot: {shown} ({len(series)} series, {npts} points: {', '.join(series)})", file=sys.stderr)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
