#!/usr/bin/env python3
"""Sweeps the shared command line of every chapter program with bad and edge
inputs and checks README.md's promise ("One command line for every chapter"):

  every run ends with exit status 0, 2, 3 or 4 (never a signal, a stack trace
  or a hang); a run that fails prints exactly one error line on standard error
  (warnings aside); a value printed by --list-scenes as accepted is accepted
  (exit 2 only where the key prints a rule with other keys), a value outside
  is refused (2); nothing written is lost (a CSV file exists with its header
  whenever the run got as far as the scene; exit 0 writes the last row at
  t = --t-end); a run killed at the per-run limit must have announced itself
  as long on standard error first (the programs owe that to runs of over a
  minute: under a shorter limit a killed, silent run is listed as slow and
  not judged).

The cases, from each program's --list-scenes: every number key below, at
and above its range (inside an open end), a fraction for an integer key,
NaN, inf, empty, hex and garbage; every choice's options and a wrong one;
every scene at 10x its t-end and at 4x its h; the shared options with empty,
hex, NaN, negative and garbage values; --csv /dev/full, a directory, and a
closed pipe (`| head -c 10`).

  tools/cli_sweep.py [--build DIR] [--sample] [--timeout S] [--jobs N] [--only chNN]

--sample: a fixed subset (every program's shared options and output
failures, one key per scene, a few long runs, shorter limits) that CI runs
in under a minute (1 424 runs; the full sweep, 5 065, about ten minutes).
Prints one line per failure and "N passed, M failed"; exit 1 if any failed.
"""

import argparse
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

NUM = r"-?(?:\d+\.?\d*|\.\d+)(?:e[-+]?\d+)?"
RANGE = re.compile(r"; (above )?(" + NUM + r") to (below )?(" + NUM + r")(, an integer)?(?:; (.*))?$")
SET = re.compile(r"^    --set (\w+)=(\S*)  \((.*)\)$")
DEFAULTS = re.compile(r"^    defaults: --h (\S+) --t-end (\S+)")


class Key:
    def __init__(self, name, default, text):
        self.name, self.default, self.text = name, default, text
        self.kind, self.options, self.rule = "number", [], ""
        self.lo = self.hi = None
        self.lo_open = self.hi_open = self.integer = False
        m = RANGE.search(text)
        if m:
            self.lo_open, self.lo = bool(m.group(1)), float(m.group(2))
            self.hi_open, self.hi = bool(m.group(3)), float(m.group(4))
            self.integer, self.rule = bool(m.group(5)), m.group(6) or ""
        elif text.endswith("; on|off"):
            self.kind, self.options = "toggle", ["on", "off"]
        else:
            self.kind = "choice"
            self.options = text.rsplit("; ", 1)[-1].split("|")


class Scene:
    def __init__(self, name):
        self.name, self.keys, self.methods = name, [], []
        self.h = self.t_end = None


def list_scenes(exe):
    out = subprocess.run([exe, "--list-scenes"], capture_output=True, text=True,
                         timeout=30).stdout
    scenes = []
    for line in out.splitlines():
        if not line.startswith(" "):
            scenes.append(Scene(line.split("  -  ")[0].strip()))
        elif (m := DEFAULTS.match(line)):
            scenes[-1].h, scenes[-1].t_end = float(m.group(1)), float(m.group(2))
        elif line.startswith("    --method "):
            scenes[-1].methods = line.split()[1].split("|")
        elif (m := SET.match(line)):
            scenes[-1].keys.append(Key(m.group(1), m.group(2), m.group(3)))
    return scenes


def fmt(v):
    return repr(float(v)) if not float(v).is_integer() else str(int(v))


class Case:
    """One run: the arguments, what the status may be, and the CSV to check."""

    def __init__(self, program, args, allowed, why, csv=None, shell=None, finish_at=None):
        self.program, self.args, self.allowed, self.why = program, args, allowed, why
        self.csv, self.shell, self.finish_at = csv, shell, finish_at


ANY = {0, 2, 3, 4}
RUNS = {0, 3, 4}  # an accepted value: the run may end, diverge, or meet an exercise not done
# A run expected to take longer than this announces itself on standard error
# (kLongRunSeconds in common/include/pbm/app/headless.h).
LONG_RUN_SECONDS = 60.0
SLOW = "slow"  # judge()'s verdict for a run killed before it owed a warning: not judged


def key_cases(program, scene, key, sample, tcap):
    base = ["--scene", scene.name, "--headless"]
    if tcap is not None:
        base += ["--t-end", fmt(min(scene.t_end or tcap, tcap))]
    out = []

    def set_(value, allowed, why):
        out.append(Case(program, base + ["--set", f"{key.name}={value}"], allowed,
                        f"{scene.name} {key.name}={value}: {why}"))

    for bad in ("nan", "inf", "", "0x1p-3", "garbage"):
        set_(bad, {2}, "not a decimal number")
    if key.kind != "number":
        for o in key.options if not sample else key.options[:1]:
            set_(o, RUNS | ({2} if key.rule else set()), "a listed option")
        set_("no_such_option", {2}, "not a listed option")
        return out
    at = RUNS | ({2} if key.rule else set())
    span = key.hi - key.lo
    step = 1.0 if key.integer else max(span * 1e-3, 1e-12)
    set_(fmt(key.lo - max(1.0, abs(key.lo))), {2}, "below the range")
    set_(fmt(key.hi + max(1.0, abs(key.hi))), {2}, "above the range")
    if key.lo_open:
        set_(fmt(key.lo), {2}, "the open minimum itself")
        set_(fmt(key.lo + step), at, "just inside the open minimum")
    else:
        set_(fmt(key.lo), at, "the printed minimum")
    if key.hi_open:
        set_(fmt(key.hi), {2}, "the open maximum itself")
        set_(fmt(key.hi - step), at, "just inside the open maximum")
    else:
        set_(fmt(key.hi), at, "the printed maximum")
    if key.integer:
        set_(fmt(key.lo + 0.5), {2}, "a fraction for an integer key")
    return out


def scene_cases(program, scene, tmp, sample):
    base = ["--scene", scene.name, "--headless"]
    out = []
    if scene.t_end is None:
        return out
    # At most ~10^5 rows each (--every), so a long run costs no disk.
    every = str(max(1, int(10 * scene.t_end / scene.h / 1e5) + 1))
    csv = os.path.join(tmp, f"{program}-{scene.name}-long.csv")
    out.append(Case(program, base + ["--t-end", fmt(10 * scene.t_end), "--every", every, "--csv",
                                     csv], RUNS,
                    f"{scene.name} at 10x its t-end", csv=csv, finish_at=10 * scene.t_end))
    csv = os.path.join(tmp, f"{program}-{scene.name}-h4.csv")
    out.append(Case(program, base + ["--h", fmt(4 * scene.h), "--csv", csv], RUNS,
                    f"{scene.name} at 4x its h", csv=csv, finish_at=scene.t_end))
    if not sample:
        for m in scene.methods:
            out.append(Case(program, base + ["--method", m, "--h", fmt(4 * scene.h)], RUNS,
                            f"{scene.name} --method {m} at 4x its h"))
    return out


def program_cases(program, scenes, tmp):
    first = scenes[0]
    short = ["--t-end", fmt(min(first.t_end or 1.0, 0.5))]
    out = []

    def c(args, allowed, why, **kw):
        out.append(Case(program, args, allowed, why, **kw))

    for opt in ("--scene", "--method", "--h", "--t-end", "--set", "--start", "--tol", "--csv",
                "--every", "--max-rows", "--frames", "--camera", "--screenshot"):
        c(["--headless", opt, ""], {2}, f"{opt} '' (empty)")
    for opt in ("--h", "--t-end", "--tol", "--every", "--max-rows", "--frames"):
        for v in ("nan", "inf", "0x1p-3", "garbage", "-1", "1e999"):
            c(["--headless", opt, v], {2}, f"{opt} {v}")
    c(["--headless", "--h", "0"], {2}, "--h 0")
    c(["--headless", "--every", "2.5"], {2}, "--every 2.5")
    c(["--headless", "--scene", "no_such_scene"], {2}, "an unknown scene")
    c(["--headless", "--method", "no_such_method"], {2}, "an unknown method")
    c(["--headless", "--set", "no_such_key=1"], {2}, "an unknown key")
    c(["--headless", "--set", "=1"], {2}, "--set =1")
    c(["--headless", "--start", "0x1,0"], {2}, "--start in hex")
    c(["--headless", "--start", "1,"], {2}, "--start 1,")
    c(["--headless", "--no-such-option"], {2}, "an unknown option")
    c(["--headless", "--screenshot", "x.png"], {2}, "--headless with --screenshot")
    c(["--csv", os.path.join(tmp, "x.csv")], {2}, "--csv without --headless")
    for cam in ("0x1e,20", "nan,20", "30,90", "30", "30,20,0"):
        c(["--headless", "--camera", cam], {2}, f"--camera {cam!r}")
    c(["--h", "0.01", "--headless"] + short, RUNS, "--h 0.01 (CLI11 2.4's --h conflict)")
    c(["-h"], {0}, "-h prints the help")
    c(["--help"], {0}, "--help prints the help")
    c(["--headless", "--csv", "/dev/full"] + short, {3, 4}, "--csv /dev/full")
    c(["--headless", "--csv", tmp] + short, {2}, "--csv DIRECTORY")
    c(["--headless", "--t-end", "1000", "--max-rows", "1000000000"], {3, 4},
      "a closed pipe (| head -c 10)", shell="PROG --headless --t-end 1000 --max-rows 1000000000 "
      "2>ERR | head -c 10 >/dev/null; exit ${PIPESTATUS[0]}")
    csv = os.path.join(tmp, f"{program}-default.csv")
    c(["--headless", "--csv", csv], RUNS, "the default scene to a file", csv=csv,
      finish_at=first.t_end)
    return out


def run_case(case, bindir, timeout):
    exe = os.path.join(bindir, case.program)
    err_path = None
    if case.shell:
        fd, err_path = tempfile.mkstemp(prefix="pbm-sweep-err.")
        os.close(fd)
        cmd = ["/bin/bash", "-c", case.shell.replace("PROG", exe).replace("ERR", err_path)]
    else:
        cmd = [exe, *case.args]
    if case.csv and os.path.exists(case.csv):
        os.unlink(case.csv)
    env = dict(os.environ)
    env.pop("DISPLAY", None)
    env.pop("WAYLAND_DISPLAY", None)
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         stdin=subprocess.DEVNULL, start_new_session=True, env=env,
                         errors="replace")
    timed_out = False
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
    if err_path:
        with open(err_path, errors="replace") as f:
            err = f.read()
        os.unlink(err_path)
    return judge(case, p.returncode, out, err, timed_out, timeout)


def judge(case, status, out, err, timed_out, limit):
    """None when the run keeps the rule, else why not."""
    lines = [l for l in err.splitlines() if l.strip()]
    warnings = [l for l in lines if ": warning: " in l]
    errors = [l for l in lines if l not in warnings]
    if any(s in err for s in ("terminate called", "what():", "Aborted", "Segmentation", "core dumped")):
        return f"a crash or stack trace: {err.strip()[:200]!r}"
    if timed_out:
        if any("this run will take" in w or "this run may take long" in w for w in warnings):
            return None  # long, and said so: the rule for long runs
        if limit < LONG_RUN_SECONDS:
            # The program owes the warning only to a run of over a minute
            # (kLongRunSeconds, app/headless.h): a limit below that cannot
            # tell a silent long run from a slow short one.
            return SLOW
        return "killed at the time limit without announcing a long run"
    if status < 0 or status > 128:
        return f"ended by signal {abs(status) if status < 0 else status - 128}"
    if status not in case.allowed:
        return f"exit {status}, expected {sorted(case.allowed)}: {(errors or [''])[-1][:200]!r}"
    if status in (2, 3, 4):
        if len(errors) != 1 or ": error: " not in errors[0]:
            return f"exit {status} with {len(errors)} error lines, expected one: {errors[:3]!r}"
        if "\n" in errors[0]:
            return "a multi-line message"
    if status == 3 and "diverged" in errors[0] and not ("t = " in errors[0] and "h = " in errors[0]):
        return f"a divergence that does not name t and h: {errors[0][:200]!r}"
    if case.csv:
        exists = os.path.exists(case.csv)
        head = open(case.csv, errors="replace").read() if exists else ""
        if status in (0, 3) and not head.startswith("t"):
            return f"exit {status} but the CSV has no header ({'missing' if not exists else repr(head[:40])})"
        if status == 0 and case.finish_at is not None:
            last = head.strip().splitlines()[-1].split(",")[0]
            try:
                if abs(float(last) - case.finish_at) > 1e-9 * max(1.0, case.finish_at):
                    return f"exit 0 but the last row is at t = {last}, not {case.finish_at}"
            except ValueError:
                return f"exit 0 but the last row starts {last!r}"
    elif status == 0 and "--headless" in case.args and not case.shell and "--list-scenes" not in case.args:
        if out and not out.startswith("t"):
            return f"exit 0 but standard output is no CSV: {out[:40]!r}"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--build", default=os.path.join(os.path.dirname(__file__), "..", "build"))
    ap.add_argument("--sample", action="store_true", help="the fixed subset CI runs")
    ap.add_argument("--timeout", type=float, help="seconds per run (default 60, sample 15)")
    ap.add_argument("--jobs", type=int, default=1, help="runs at once (default 1)")
    ap.add_argument("--only", help="one program, e.g. ch04")
    ap.add_argument("--seed", type=int, default=21)
    args = ap.parse_args()
    bindir = os.path.join(args.build, "bin")
    timeout = args.timeout or (15.0 if args.sample else 60.0)
    programs = sorted(f for f in os.listdir(bindir) if re.fullmatch(r"ch\d\d_[a-z_]+", f)
                      and not f.endswith(("_tests", "_bench")))
    if args.only:
        programs = [p for p in programs if p.startswith(args.only)]
    if not programs:
        print(f"cli_sweep: no chapter programs in {bindir}; build first (./pbm build)")
        return 1
    rng = random.Random(args.seed)
    tmp = tempfile.mkdtemp(prefix="pbm-sweep.")
    cases = []
    for prog in programs:
        scenes = list_scenes(os.path.join(bindir, prog))
        if not scenes:
            cases.append(Case(prog, ["--list-scenes"], {0}, "--list-scenes lists no scene"))
            continue
        cases += program_cases(prog, scenes, tmp)
        for i, scene in enumerate(scenes):
            if args.sample:
                numbers = [k for k in scene.keys if k.kind == "number"]
                if numbers:
                    cases += key_cases(prog, scene, rng.choice(numbers), True, 1.0)
                if i == 0:  # one of the two long runs, alternately by program
                    k = programs.index(prog) % 2
                    cases += scene_cases(prog, scene, tmp, True)[k:k + 1]
            else:
                for key in scene.keys:
                    cases += key_cases(prog, scene, key, False, None)
                cases += scene_cases(prog, scene, tmp, False)
    started = time.monotonic()
    failures, slow = [], []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for case, why in zip(cases, pool.map(lambda c: run_case(c, bindir, timeout), cases)):
            if not why:
                continue
            shown = case.shell or " ".join(a if a else "''" for a in case.args)
            if why == SLOW:
                slow.append(f"{case.program} {shown}\n    {case.why}: still running at the "
                            f"{timeout:g} s limit, under the {LONG_RUN_SECONDS:g} s after which "
                            "a run must announce itself: not judged")
                print("SLOW " + slow[-1], flush=True)
            else:
                failures.append(f"{case.program} {shown}\n    {case.why}: {why}")
                print("FAIL " + failures[-1], flush=True)
    shutil.rmtree(tmp, ignore_errors=True)
    mode = "sample" if args.sample else "full"
    print(f"cli_sweep ({mode}, {len(programs)} programs, {time.monotonic() - started:.0f} s): "
          f"{len(cases) - len(failures) - len(slow)} passed, {len(failures)} failed"
          + (f", {len(slow)} not judged (slow)" if slow else ""))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
