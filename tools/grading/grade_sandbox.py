#!/usr/bin/env python3
"""Run one command of a hand-in confined: `./pbm grade` wraps the student's build and tests in it.

  grade_sandbox.py build --build DIR [--ro PATH]... [--confine bwrap|runuser|none] -- CMD ARGS...
      the build: CMD (cmake --build) may write to DIR (the grading build tree)
      and to ccache's cache, nothing else.
  grade_sandbox.py test --build DIR --limit S --hang-after K --budget S
                   [--ro PATH]... [--confine bwrap|runuser|none] [--user NAME] -- EXE ARGS...
      one test (or the test listing): EXE may write only to DIR/scratch/NAME,
      NAME the executable's name (chNN_tests); the build tree and the
      repository are read-only.

Confinement is bubblewrap (bwrap): no network, a private /tmp, the system and
the repository read-only, other processes and the rest of the file system
(home folders, /etc's password and key files) invisible, and of the grader's
environment only PATH, the locale and ccache's settings. With --confine none (grade.py chooses it when bwrap cannot create
namespaces here, and says so) commands run as they are, with the limits below.
With --confine runuser (the platforms' autograders, run as root in a container
without user namespaces: Gradescope's own advice) a test runs as the
unprivileged user NAME (runuser), with the same clean environment; it may write
only to its scratch folder (given to NAME), not to the build tree, the test
programs or the results, which belong to root. The build itself (the compiler
and linker; no code of the hand-in runs in it but the test listing, which goes
through the test launcher) runs as the grader.

Limits of a test (the test command is given by ctest, one test per call; the
chapter's state is kept in DIR/state/NAME):
  --limit S       a test running longer than S seconds is stopped: outcome timeout
  --hang-after K  once K tests of the chapter timed out, its remaining tests are
                  not run (outcome not_run): the chapter is hanging
  --budget S      the chapter's tests get S seconds of wall time in all, from its
                  first test; a test starting later is not run, a running one
                  is cut to what is left
A test killed by a signal (std::abort, a segfault) is ended by the same signal
here, so ctest reports it as it would unconfined. The last line of every test
that did not end on its own says why, as "[pbm-grade] outcome=WORD ..." (WORD:
timeout, not_run, aborted, crashed), which grade.py reads from ctest's JUnit.
A test program that exits with status 0 in the middle of a test (exit(0) in a
student function) is caught by GoogleTest's premature-exit file: crashed.
Python standard library only.
"""

import argparse
import ctypes
import os
import pwd
import resource
import shutil
import signal
import subprocess
import sys
import time

MARK = "[pbm-grade]"
SIGNAL_OUTCOME = {signal.SIGABRT: "aborted", signal.SIGSEGV: "crashed", signal.SIGBUS: "crashed",
                  signal.SIGFPE: "crashed", signal.SIGILL: "crashed"}


def say(text):
    sys.stdout.flush()
    print(f"{MARK} {text}", flush=True)


def ccache_setting(key):
    """A setting of the grader's ccache (its configuration file is not in the sandbox)."""
    exe = shutil.which("ccache")
    if not exe:
        return None
    try:
        out = subprocess.run([exe, "-k", key], capture_output=True, text=True, check=False,
                             timeout=10).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return out or None


def ccache_dir():
    """ccache's cache, writable in the build sandbox so the build may use it."""
    return ccache_setting("cache_dir")


def bwrap_command(writable, readonly, workdir, drop_caps, env):
    """bwrap arguments: the system and `readonly` read-only, `writable` writable, nothing else.
    drop_caps: no capabilities even inside the sandbox (for a test; the build
    keeps them there, or the sandbox that lists its tests could not be made)."""
    cmd = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session"]
    if drop_caps:
        cmd += ["--cap-drop", "ALL"]
    # The system: /usr and the top-level links into it (merged /usr), /etc for
    # the dynamic linker's cache and the compilers' configuration.
    for top in ("usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "opt"):
        path = "/" + top
        if os.path.islink(path):
            cmd += ["--symlink", os.readlink(path), path]
        elif os.path.isdir(path):
            cmd += ["--ro-bind", path, path]
    # ... but not the passwords or host keys kept there.
    for secret in ("/etc/shadow", "/etc/shadow-", "/etc/gshadow", "/etc/gshadow-"):
        if os.path.exists(secret):
            cmd += ["--ro-bind", "/dev/null", secret]
    if os.path.isdir("/etc/ssh"):
        cmd += ["--tmpfs", "/etc/ssh"]
    cmd += ["--dev", "/dev", "--tmpfs", "/tmp"]
    # Inside a sandbox already (a test listed by the build): /proc cannot be
    # mounted again; the outer one shows the outer sandbox's processes only.
    if os.environ.get("PBM_GRADE_SANDBOX"):
        cmd += ["--ro-bind", "/proc", "/proc"]
    else:
        cmd += ["--proc", "/proc"]
    for path in sorted(set(readonly), key=len):  # a folder before the folders inside it
        if os.path.exists(path):
            cmd += ["--ro-bind", path, path]
    for path in writable:
        cmd += ["--bind", path, path]
    # None of the grader's environment (it may hold tokens) but what is needed.
    cmd += ["--clearenv"]
    for name, value in sorted(env.items()):
        cmd += ["--setenv", name, value]
    cmd += ["--setenv", "PBM_GRADE_SANDBOX", "1", "--setenv", "TMPDIR", "/tmp", "--chdir", workdir]
    return cmd


def sandbox_env(home, extra=None):
    """The variables a sandboxed command sees: PATH, the locale, HOME; ccache's for the build."""
    env = {"PATH": "/usr/local/bin:/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8"}
    for name, value in os.environ.items():
        if name.startswith("CCACHE_") or name in ("LC_ALL", "TERM"):
            env[name] = value
    env.update(extra or {})
    return env


def run_build(args, command):
    os.makedirs(args.build, exist_ok=True)
    if args.confine in ("none", "runuser"):
        return subprocess.call(command, cwd=args.build)
    writable = [args.build]
    extra = {}
    cache = ccache_dir()
    if cache:
        os.makedirs(cache, exist_ok=True)
        writable.append(cache)
        extra["CCACHE_DIR"] = cache
        # Paths relative to the build tree when the grader's ccache has them so:
        # then trees at the same depth below their sources share their objects
        # (a platform's self-test and CI's own grading).
        base = os.environ.get("CCACHE_BASEDIR") or ccache_setting("base_dir")
        if base:
            extra["CCACHE_BASEDIR"] = base
    env = sandbox_env(args.build, extra)
    return subprocess.call(bwrap_command(writable, args.ro, args.build, False, env) + ["--"] + command)


def die_with_parent():
    """Unconfined, the test dies with this process (bwrap does it with --die-with-parent)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def count(state, prefix):
    return sum(1 for name in os.listdir(state) if name.startswith(prefix))


def chapter_start(state):
    """The time the chapter's first test started (recorded by that test)."""
    path = os.path.join(state, "start")
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY)
        os.write(fd, repr(time.time()).encode())
        os.close(fd)
    except FileExistsError:
        pass
    for _ in range(50):  # a parallel test may be writing it this instant
        with open(path, encoding="ascii") as f:
            text = f.read().strip()
        if text:
            return float(text)
        time.sleep(0.01)
    return time.time()


def end_like(status):
    """Exits as the test did: a signal's death is repeated so ctest sees it."""
    sig = -status if status < 0 else (status - 128 if status > 128 else 0)
    if sig in SIGNAL_OUTCOME:
        say(f"outcome={SIGNAL_OUTCOME[sig]} the test was killed by {signal.Signals(sig).name}")
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # no core file
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
        time.sleep(1)
    sys.exit(status if 0 <= status < 256 else 1)


def run_test(args, command):
    name = os.path.basename(command[0])
    scratch = os.path.join(args.build, "scratch", name)
    state = os.path.join(args.build, "state", name)
    # A scratch folder left to the unprivileged user by a runuser grading is
    # not ours to write in (a tree built for one confinement, graded in another).
    if os.path.isdir(scratch) and args.confine != "runuser" and os.stat(scratch).st_uid != os.getuid():
        shutil.rmtree(scratch, ignore_errors=True)
    os.makedirs(scratch, exist_ok=True)
    os.makedirs(state, exist_ok=True)
    listing = "--gtest_list_tests" in command
    limit = args.limit
    if not listing:
        hung = count(state, "timeout.")
        if hung >= args.hang_after:
            say(f"outcome=not_run {hung} tests of {name} timed out already (limit {args.limit:g} s "
                f"each): the chapter is hanging, its remaining tests are not run")
            sys.exit(1)
        left = args.budget - (time.time() - chapter_start(state))
        if left <= 0:
            say(f"outcome=not_run the {args.budget:g} s that {name}'s tests may take in all are used up")
            sys.exit(1)
        limit = min(limit, left)
    # GoogleTest removes this file when its tests end; left behind, the
    # program exited in the middle of a test (exit(0) in the hand-in).
    early = os.path.join(scratch, f"premature_exit.{os.getpid()}")
    env = sandbox_env(scratch, {"TEST_PREMATURE_EXIT_FILE": early})
    if args.confine == "none":
        full = command
    elif args.confine == "runuser":
        user = pwd.getpwnam(args.user)
        os.chown(scratch, user.pw_uid, user.pw_gid)
        os.chmod(scratch, 0o700)
        full = [shutil.which("runuser") or "/usr/sbin/runuser", "-u", args.user, "--", "/usr/bin/env", "-i",
                *[f"{k}={v}" for k, v in sorted(env.items())], *command]
    else:
        full = bwrap_command([scratch], [args.build] + args.ro, scratch, True, env) + ["--"] + command
    proc = subprocess.Popen(full, cwd=scratch, env=env, start_new_session=True,
                            preexec_fn=die_with_parent if args.confine != "bwrap" else None)
    try:
        status = proc.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        if not listing:
            with open(os.path.join(state, f"timeout.{os.getpid()}"), "w", encoding="ascii"):
                pass
        say(f"outcome=timeout stopped after {limit:.0f} s (the limit per test is {args.limit:g} s)")
        sys.exit(1)
    if os.path.exists(early):
        os.remove(early)
        if status == 0 and not listing:
            say("outcome=crashed the test program exited in the middle of the test (exit() in the hand-in?)")
            sys.exit(1)
    end_like(status)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=["build", "test"])
    ap.add_argument("--build", required=True, help="the grading build tree")
    ap.add_argument("--ro", action="append", default=[], help="a path readable in the sandbox")
    ap.add_argument("--confine", choices=["bwrap", "runuser", "none"], default="bwrap")
    ap.add_argument("--user", default="pbm-student", help="the unprivileged user of --confine runuser")
    ap.add_argument("--limit", type=float, default=20.0)
    ap.add_argument("--hang-after", type=int, default=2)
    ap.add_argument("--budget", type=float, default=120.0)
    argv = sys.argv[1:]
    if "--" not in argv:
        ap.error("no command: OPTIONS -- COMMAND ARGS")
    split = argv.index("--")
    args = ap.parse_args(argv[:split])
    command = argv[split + 1:]
    if not command:
        ap.error("no command after --")
    args.build = os.path.abspath(args.build)
    args.ro = [os.path.abspath(p) for p in args.ro]
    if args.mode == "build":
        return run_build(args, command)
    return run_test(args, command)


if __name__ == "__main__":
    sys.exit(main())
