#!/usr/bin/env python3
"""Run one command of a hand-in confined: `./pbm grade` wraps the student's build and tests in it.

  grade_sandbox.py build --build DIR [--ro PATH]... [--confine bwrap|runuser|none] -- CMD ARGS...
      the build: CMD (cmake --build) may write to DIR (the grading build tree)
      and to ccache's cache, nothing else.
  grade_sandbox.py compile --build DIR --public PATH... [--confine ...] [--user NAME] -- CC ARGS...
      one of the hand-in's files (CMake's compiler launcher of the hand-in's
      library): the compiler sees the system, the PATHs (the public headers
      and the hand-in's folder) and the object's own folder, which it may
      write; never the references, the tests or the build tree.
  grade_sandbox.py test --build DIR --limit S --hang-after K --budget S
                   [--confine bwrap|runuser|none] [--user NAME] -- EXE ARGS...
      one test (or the test listing): EXE sees the system and itself, and may
      write only to DIR/scratch/NAME, NAME the executable's name (chNN_tests);
      neither the repository nor the build tree is there.

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
A test passes only when its program confirms it (tests/grade_main.cpp): a
random word handed to the program before any of the hand-in's code runs comes
back once every test it ran has passed. A program that ends with status 0 but
without the word (exit(0) in a student function, a hand-in printing
GoogleTest's passing lines) is "crashed": it ended in the middle of its test.
Python standard library only.
"""

import argparse
import ctypes
import os
import pwd
import resource
import shutil
import secrets
import signal
import subprocess
import sys
import time

MARK = "[pbm-grade]"
SYSTEM_DIRS = ("/usr/", "/bin/", "/sbin/", "/lib/", "/lib64/", "/etc/", "/opt/")
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


def bwrap_command(writable, readonly, workdir, drop_caps, env, dirs=()):
    """bwrap arguments: the system and `readonly` read-only, `writable` writable, nothing else
    (`dirs`: empty folders made in the sandbox, e.g. the working folder).
    drop_caps: no capabilities even inside the sandbox (for a test; the build
    keeps them there, or the sandbox that lists its tests could not be made)."""
    cmd = ["bwrap", "--unshare-all", "--die-with-parent", "--new-session"]
    if drop_caps:
        cmd += ["--cap-drop", "ALL"]
    # The system: /usr and the top-level links into it (merged /usr), /etc for
    # the dynamic linker's cache and the compilers' configuration.
    for top in ("usr", "bin", "sbin", "lib", "lib32", "lib64", "libx32", "etc", "opt"):  # SYSTEM_DIRS
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
    for path in sorted(set(dirs), key=len):
        cmd += ["--dir", path]
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


def compile_outputs(command, cwd):
    """The files a compile command writes (-o OBJ, -MF DEP), absolute."""
    out = []
    for flag in ("-o", "-MF"):
        for i, arg in enumerate(command[:-1]):
            if arg == flag:
                out.append(os.path.normpath(os.path.join(cwd, command[i + 1])))
    return out


def run_compile(args, command):
    """One of the hand-in's files, compiled where only the public tree can be read."""
    outputs = compile_outputs(command, args.build)
    folders = sorted({os.path.dirname(p) for p in outputs})
    for folder in folders:
        os.makedirs(folder, exist_ok=True)
    env = sandbox_env(args.build, {"CCACHE_DISABLE": "1"})
    if args.confine == "none":
        return subprocess.call(command, cwd=args.build)
    if args.confine == "runuser":
        # The compiler's temporary files go beside the object, in the user's
        # own folder: a container's /tmp need not be writable by that user.
        env["TMPDIR"] = folders[0] if folders else args.build
        # The unprivileged user may write the object's folder and nothing of
        # the grader's; what it may read the grader's seal decides (grade.py).
        user = pwd.getpwnam(args.user)
        for folder in folders:
            os.chown(folder, user.pw_uid, user.pw_gid)
            pass_through(folder)
        for path in outputs:
            if os.path.exists(path):
                os.remove(path)
        return subprocess.call(as_user(args.user, env, command), cwd=args.build)
    # The build tree exists in the sandbox only as the (empty) working folder
    # the command's relative paths start from, and the object's folders.
    return subprocess.call(bwrap_command(folders, args.public, args.build, True, env, dirs=[args.build])
                           + ["--"] + command)


def pass_through(path):
    """Every folder from / down to path (itself included) may be passed
    through by others (o+x), not listed: the way to a folder an unprivileged
    user works in, across the grader's sealed folders (whose files it cannot
    read: their modes are the grader's alone)."""
    path = os.path.abspath(path)
    while True:
        mode = os.stat(path).st_mode
        if not mode & 0o001:
            os.chmod(path, (mode & 0o7777) | 0o011)
        parent = os.path.dirname(path)
        if parent == path:
            return
        path = parent


def as_user(user, env, command):
    """command run as the unprivileged user, with env and nothing of ours."""
    return [shutil.which("runuser") or "/usr/sbin/runuser", "-u", user, "--", "/usr/bin/env", "-i",
            *[f"{k}={v}" for k, v in sorted(env.items())], *command]


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
    # The confirmation a passed test owes (tests/grade_main.cpp): a word in,
    # the same word back. Not for the listing, which passes nothing.
    word = secrets.token_hex(16)
    word_in, word_out = os.pipe()  # the word, read by the program at its start
    back_in, back_out = os.pipe()  # the word back, written by its main at the end
    os.write(word_out, word.encode())
    os.close(word_out)
    env = sandbox_env(scratch, {"TEST_PREMATURE_EXIT_FILE": early,
                                "PBM_GRADE_CONFIRM": f"{word_in},{back_out}"})
    exe = os.path.abspath(command[0])
    if args.confine == "none":
        full = command
    elif args.confine == "runuser":
        user = pwd.getpwnam(args.user)
        os.chown(scratch, user.pw_uid, user.pw_gid)
        os.chmod(scratch, 0o700)
        pass_through(scratch)
        env["TMPDIR"] = scratch  # its own, as bubblewrap's private /tmp is
        full = as_user(args.user, env, [runnable_copy(args.build, exe)] + command[1:])
    else:
        # The program alone, not the build tree around it (a system program,
        # as the probe's, is there with the system).
        own = [] if os.path.realpath(exe).startswith(SYSTEM_DIRS) else [exe]
        full = bwrap_command([scratch], own, scratch, True, env) + ["--"] + command
    proc = subprocess.Popen(full, cwd=scratch, env=env, start_new_session=True, pass_fds=(word_in, back_out),
                            preexec_fn=die_with_parent if args.confine != "bwrap" else None)
    os.close(word_in)
    os.close(back_out)
    try:
        status = proc.wait(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        os.close(back_in)
        if not listing:
            with open(os.path.join(state, f"timeout.{os.getpid()}"), "w", encoding="ascii"):
                pass
        say(f"outcome=timeout stopped after {limit:.0f} s (the limit per test is {args.limit:g} s)")
        sys.exit(1)
    confirmed = f"passed {word}" in read_all(back_in).splitlines()
    if os.path.exists(early):
        os.remove(early)
        if status == 0 and not listing:
            say("outcome=crashed the test program exited in the middle of the test (exit() in the hand-in?)")
            sys.exit(1)
    if status == 0 and not listing and not confirmed:
        say("outcome=crashed the test program ended with status 0 but its test did not finish "
            "(exit() in the hand-in?): not passed")
        sys.exit(1)
    end_like(status)


def read_all(fd):
    """What the program wrote into the pipe fd (it has ended), as text."""
    chunks = []
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
        if sum(len(c) for c in chunks) > 65536:  # a hand-in flooding the pipe
            break
    os.close(fd)
    return b"".join(chunks).decode("ascii", "replace")


def runnable_copy(build, exe):
    """A copy of the test program the unprivileged user may run (runuser): the
    build tree, sealed, is not theirs to enter. Made once per build of it."""
    folder = os.path.join(build, "run")
    os.makedirs(folder, exist_ok=True)
    os.chmod(folder, 0o711)
    copy = os.path.join(folder, os.path.basename(exe))
    made = os.stat(exe)
    try:
        have = os.stat(copy)
        if have.st_size == made.st_size and have.st_mtime >= made.st_mtime:
            return copy
    except FileNotFoundError:
        pass
    tmp = f"{copy}.{os.getpid()}"
    shutil.copy2(exe, tmp)
    os.chmod(tmp, 0o755)
    os.replace(tmp, copy)  # atomic: parallel tests see the old copy or the new, whole
    return copy


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=["build", "compile", "test"])
    ap.add_argument("--build", required=True, help="the grading build tree")
    ap.add_argument("--ro", action="append", default=[], help="a path readable in the build's sandbox")
    ap.add_argument("--public", action="append", default=[], help="a path readable when a hand-in's file compiles")
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
    args.public = [os.path.abspath(p) for p in args.public]
    if args.mode == "build":
        return run_build(args, command)
    if args.mode == "compile":
        return run_compile(args, command)
    return run_test(args, command)


if __name__ == "__main__":
    sys.exit(main())
