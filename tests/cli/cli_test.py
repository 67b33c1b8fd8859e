#!/usr/bin/env python3
"""The shared command line as a student meets it (common/src/app/chapter.cpp,
README.md "One command line for every chapter"), run on the built chapter
programs. A ctest test labelled `cli`, not chNN: it checks the command line,
which no exercise touches, so a check that needs a student function accepts
exit 4 (exercise not done) and says it skipped.

Each check names the rule it guards; the script prints one line per check and
exits 1 if any failed.

usage: cli_test.py BIN_DIR [EMULATOR ...]
EMULATOR: the command that runs the web build's chNN_topic.js (CMake passes
cmake/PbmWeb.cmake's node command; default node).
"""

import os
import re
import shlex
import subprocess
import sys
import tempfile

BIN = sys.argv[1] if len(sys.argv) > 1 else "build/bin"
NODE = sys.argv[2:] or ["node"]
FAILED = []
SKIPPED = []


def command(program):
    """The program's command: the executable, or in the web build (issue 37)
    its .js under the emulator CMake passes (NODE)."""
    exe = os.path.join(BIN, program)
    if not os.path.exists(exe) and os.path.exists(exe + ".js"):
        return NODE + [exe + ".js"]
    return [exe]


def run(program, *args, stdin=None, timeout=60, shell=None):
    exe = command(program)
    if shell is not None:
        p = subprocess.run(shell.replace("PROG", shlex.join(exe)), shell=True,
                           capture_output=True, text=True, timeout=timeout,
                           executable="/bin/bash")
    else:
        p = subprocess.run([*exe, *args], capture_output=True, text=True, timeout=timeout,
                           stdin=subprocess.DEVNULL)
    return p.returncode, p.stdout, p.stderr


def check(name, ok, detail):
    print(("ok      " if ok else "FAILED  ") + name + ("" if ok else ": " + detail))
    if not ok:
        FAILED.append(name)


def skip(name, why):
    print("skipped " + name + ": " + why)
    SKIPPED.append(name)


def one_error_line(status, err, want_status):
    lines = [l for l in err.splitlines() if l.strip()]
    return status == want_status and len(lines) == 1 and ": error: " in lines[0]


def main():
    # --- empty values are a mistake, not "the default": exit 2, one line
    for opt in ("--scene", "--h", "--t-end", "--csv", "--method", "--set", "--every", "--start"):
        st, out, err = run("ch01_vector_field", "--headless", opt, "")
        check(f"{opt} '' is refused with one line, exit 2", one_error_line(st, err, 2) and not out,
              f"exit {st}, stdout {len(out)} bytes, stderr {err.strip()!r}")

    # --- decimal numbers only: garbage, hex, inf and nan refused everywhere
    # (-h, --help and --h 0.01 themselves: ctest cli.step_size_and_help)
    st, out, err = run("ch01_vector_field", "--h", "abc")
    check("--h abc is refused, naming the option", one_error_line(st, err, 2) and "--h 'abc'" in err,
          f"exit {st}, stderr {err.strip()!r}")
    for args in (["--h", "0x1p-3"], ["--t-end", "0x10"], ["--start", "0x1,0"], ["--h", "inf"],
                 ["--t-end", "nan"]):
        st, out, err = run("ch01_vector_field", "--headless", *args)
        check(f"{' '.join(args)} is refused (decimal only)", one_error_line(st, err, 2),
              f"exit {st}, stderr {err.strip()!r}")
    st, out, err = run("ch07_rigid_bodies", "--headless", "--scene", "torque_free", "--camera",
                       "0x1e,20")
    check("--camera 0x1e,20 is refused (decimal only)", one_error_line(st, err, 2),
          f"exit {st}, stderr {err.strip()!r}")

    # --- an integer key given a fraction names the range
    st, out, err = run("ch04_mass_spring", "--scene", "chain", "--headless", "--set", "links=2.5")
    check("links=2.5 names the accepted range", one_error_line(st, err, 2) and "1 to 40" in err,
          f"exit {st}, stderr {err.strip()!r}")

    # --- --list-scenes prints only accepted values, and the cross-key rules
    st, out, err = run("ch11_flexible_bodies", "--list-scenes")
    width = re.search(r"--set width=\S+\s+\((.*)\)", out)
    check("--list-scenes: width's open minimum is printed as such",
          st == 0 and width is not None and "above 0 to 10" in width.group(1),
          f"exit {st}, width line {width.group(0) if width else None!r}")
    st2, out2, err2 = run("ch11_flexible_bodies", "--scene", "drop", "--headless", "--set",
                          "width=0")
    check("width=0 is refused by the range itself", one_error_line(st2, err2, 2) and
          "out of range" in err2, f"exit {st2}, stderr {err2.strip()!r}")
    st, out, err = run("ch09_impulses", "--list-scenes")
    check("--list-scenes prints rod's hit <= length/2 with the key",
          st == 0 and re.search(r"--set hit=.*at most length/2", out) is not None,
          f"exit {st}")

    # --- a diverged run's line names t and h
    st, out, err = run("ch09_impulses", "--scene", "cube_flat", "--headless", "--set",
                       "height=-1")
    if st == 4:
        skip("cube_flat height=-1 names t and h", "chapter 09's exercise is not done")
    else:
        check("cube_flat height=-1: exit 3, one line naming t and h",
              one_error_line(st, err, 3) and "t = " in err and "h = " in err,
              f"exit {st}, stderr {err.strip()!r}")

    # --- the CSV header is written before the first step (exit 3 at t = 0)
    with tempfile.TemporaryDirectory() as tmp:
        csv = os.path.join(tmp, "out.csv")
        st, out, err = run("ch05_bead_on_wire", "--scene", "pendulum", "--headless", "--csv", csv,
                           "--set", "start_r=0,g=0")
        if st == 4:
            skip("exit 3 at t = 0 leaves the header", "chapter 05's exercise is not done")
        else:
            head = open(csv).read() if os.path.exists(csv) else ""
            check("exit 3 at t = 0 leaves the CSV header",
                  one_error_line(st, err, 3) and head.startswith("t,"),
                  f"exit {st}, CSV {head[:60]!r}, stderr {err.strip()!r}")

        # --- output failures: a closed pipe, a full disk, a directory
        st, out, err = run("ch01_vector_field", shell="PROG --headless --t-end 100 --h 0.0001 2>"
                           + tmp + "/err | head -c 10 >/dev/null; "
                           "exit ${PIPESTATUS[0]}")
        err = open(tmp + "/err").read()
        if st == 4:
            skip("a closed pipe", "chapter 01's exercise is not done")
        else:
            check("a closed pipe: exit 3 with one line, not SIGPIPE (141)",
                  one_error_line(st, err, 3) and "writing the CSV failed" in err,
                  f"exit {st}, stderr {err.strip()!r}")
        st, out, err = run("ch01_vector_field", "--headless", "--csv", "/dev/full")
        if st != 4:
            check("--csv /dev/full: exit 3 with one line", one_error_line(st, err, 3),
                  f"exit {st}, stderr {err.strip()!r}")
        st, out, err = run("ch01_vector_field", "--headless", "--csv", tmp)
        check("--csv DIRECTORY: exit 2 with one line", one_error_line(st, err, 2),
              f"exit {st}, stderr {err.strip()!r}")

    # --- the energy rule: blow-ups of bounded physics are exit 3, naming t and h
    blowups = [
        ("ch01_vector_field", "01", ["--scene", "stiff_bowl", "--set", "k=100"]),
        ("ch03_stiffness", "03", ["--scene", "spring_chain", "--method", "midpoint"]),
        ("ch04_mass_spring", "04", ["--scene", "sliding_block", "--h", "3"]),
        ("ch04_mass_spring", "04",
         ["--scene", "jelly", "--method", "midpoint", "--t-end", "60", "--h", "0.004"]),
        ("ch11_flexible_bodies", "11", ["--scene", "flat_landing", "--h", "0.5"]),
    ]
    for program, nn, args in blowups:
        name = f"{program} {' '.join(args)}: exit 3 by the energy rule"
        st, out, err = run(program, "--headless", *args, timeout=120)
        if st == 4:
            skip(name, f"chapter {nn}'s exercise is not done")
            continue
        check(name, one_error_line(st, err, 3) and "energy" in err and "h = " in err,
              f"exit {st}, stderr {err.strip()!r}")

    # --- a window asked of a build without one (PBM_VIEWER=OFF, or SFML or
    # ImGui missing): one line naming why and --headless, exit 1, no PNG
    cache = os.path.join(BIN, os.pardir, "CMakeCache.txt")
    window = None
    if os.path.exists(cache):
        with open(cache, encoding="utf-8", errors="replace") as f:
            m = re.search(r"^PBM_WINDOW:INTERNAL=(\w+)$", f.read(), re.M)
            window = m.group(1).upper() in ("ON", "1", "TRUE") if m else None
    if window is False:
        with tempfile.TemporaryDirectory() as d:
            png = os.path.join(d, "s.png")
            st, out, err = run("ch01_vector_field", "--screenshot", png, "--frames", "1")
            lines = [l for l in err.splitlines() if l.strip()]
            check("--screenshot without a window: exit 1, one line naming --headless",
                  st == 1 and len(lines) == 1 and "no window" in lines[0]
                  and "--headless" in lines[0] and not os.path.exists(png),
                  f"exit {st}, stderr {err.strip()!r}")
    elif window is None:
        skip("--screenshot without a window", "no PBM_WINDOW in " + cache)

    print(f"cli: {len(FAILED)} failed, {len(SKIPPED)} skipped")
    return 1 if FAILED else 0


if __name__ == "__main__":
    sys.exit(main())
