#!/usr/bin/env python3
"""Peak memory of the compiler, the linker and the test programs while a command runs.

  rss_peaks.py OUT.json -- COMMAND ARGS...

Runs COMMAND and, every 20 ms, reads the peak resident set size (VmHWM) of
every process descended from it whose name is a compiler's (cc1plus), a
linker's (ld, ld.bfd, ld.gold, collect2) or a test program's (chNN_tests),
keeping each one's largest; other processes on the machine (someone else's
build) are not counted. /usr/bin/time cannot see them: they run in bubblewrap's own
process namespaces, whose processes it is not the parent of. Writes
{"compile": MB, "link": MB, "test": MB, "largest": [name, MB]} and exits with
COMMAND's status. A process that lives less than 20 ms may be missed (none of
these is that short in a grading). Python standard library only.
"""

import json
import os
import subprocess
import sys
import time

KINDS = {"cc1plus": "compile", "ld": "link", "ld.bfd": "link", "ld.gold": "link", "collect2": "link"}


def kind(comm):
    if comm in KINDS:
        return KINDS[comm]
    if comm.startswith("ch") and comm.endswith("_tests"):
        return "test"
    return None


def sample(peaks, root):
    status = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as f:
                text = f.read()
        except OSError:
            continue
        status[int(pid)] = dict(line.split(":", 1) for line in text.splitlines() if ":" in line)

    def descends(pid):
        # Up the parent chain as this (the host's) /proc shows it; bubblewrap's
        # namespaced processes have host PIDs and parents here too.
        for _ in range(64):
            if pid == root:
                return True
            fields = status.get(pid)
            if fields is None:
                return False
            pid = int(fields.get("PPid", "0").strip() or 0)
            if pid <= 1:
                return False
        return False

    for pid, fields in status.items():
        k = kind(fields.get("Name", "").strip())
        if k and "VmHWM" in fields and descends(pid):
            mb = int(fields["VmHWM"].split()[0]) / 1024.0
            if mb > peaks[k][0]:
                peaks[k] = (mb, fields["Name"].strip())


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        print("usage: rss_peaks.py OUT.json -- COMMAND ARGS...", file=sys.stderr)
        return 2
    peaks = {"compile": (0.0, ""), "link": (0.0, ""), "test": (0.0, "")}
    proc = subprocess.Popen(sys.argv[3:])
    while proc.poll() is None:
        sample(peaks, proc.pid)
        time.sleep(0.02)
    largest = max(peaks.values())
    with open(sys.argv[1], "w", encoding="utf-8") as f:
        json.dump({k: round(v[0]) for k, v in peaks.items()} | {"largest": [largest[1], round(largest[0])]}, f)
    return proc.returncode


if __name__ == "__main__":
    sys.exit(main())
