#!/usr/bin/env python3
"""Plants a student's typical mistakes in a chapter's reference, one at a time,
and says which ones the chapter's tests do not catch.

    tools/mutants.py NN [--file F] [--sample K] [--seed S] [--jobs J]
                        [--timeout S] [--report PATH] [--list]
    tools/mutants.py --self-test

A wrong function that passes every test is a wrong answer graded 100 %
(issue 39). This tool measures how often that happens: it makes one mistake
(a "mutant") in one of chapter NN's reference files (solutions/NN_topic/*.cpp),
builds chapter NN's test program against it and runs that program alone, as
grading does. A mutant is

  killed         a test failed (or the program crashed): the tests saw it;
  survived       every test passed: a student with this mistake gets full marks;
  did not compile  the compiler refused it (a student sees that at once);
  timed out      the program ran past --timeout: counted as killed, shown apart,
                 since a hang costs a student minutes rather than seconds.

The mistakes (kinds, as the report names them): a term dropped from a sum
(drop-term), a sign flipped (sign), + and - swapped, * and / swapped (arith),
a comparison moved (< <= > >= == !=, cmp), && and || swapped (logic), an
index or block offset moved by one (index), an integer constant moved by one
(int), a floating constant changed (float), a statement deleted (delete), a
loop bound off by one (bound), an early return (return), two arguments of
the same type swapped in a call (swap-args).

Sites are found with libclang's Python bindings (Debian: python3-clang), not
regular expressions: each file is parsed with the flags the build itself uses
(compile_commands.json), so Eigen's overloaded operators are seen as the
operator calls they are and a `<` inside a template argument is never taken
for a comparison.

Nothing in solutions/ is ever written. The references are copied to a
scratch exercises tree under build/mutants/chNN/ (--build-dir to choose), and
one build tree is configured on it with PBM_EXERCISES=all and
PBM_EXERCISES_DIR pointing there (no window, no benchmarks): a mutant
rewrites one file of its chapter's copy, so only that file recompiles and the
test program relinks. The trees are kept, so a second run starts warm, and
one --build-dir serves every chapter (CI's sample builds the shared code
once). With --jobs J there are J such trees, one per worker.

Exit status: 0 when the mutants ran (whatever they showed), 2 on bad usage,
1 when it could not run (no libclang, the reference does not build or fails
its own tests).
"""

import argparse
import concurrent.futures
import glob
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INSTALL_HINT = ("tools/mutants.py needs libclang's Python bindings: "
                "apt-get install python3-clang (Debian/Ubuntu; the libclang of the same version comes with it)")


def load_clang():
    """Returns clang.cindex, or None when the bindings or libclang are missing.

    python3-clang installs into the system Python's dist-packages; a pyenv or
    venv python3 does not look there, so try that folder before giving up.
    """
    try:
        import clang.cindex as cindex  # noqa: F401
    except ImportError:
        for d in sorted(glob.glob("/usr/lib/python3/dist-packages")):
            if d not in sys.path:
                sys.path.append(d)
        try:
            import clang.cindex as cindex
        except ImportError:
            return None
    try:
        cindex.Index.create()
    except Exception:
        # The bindings are there but cannot find libclang.so: point them at the
        # newest one the system has (Debian keeps it under /usr/lib/llvm-N/lib).
        libs = sorted(glob.glob("/usr/lib/llvm-*/lib/libclang.so*") +
                      glob.glob("/usr/lib/*/libclang-*.so*"))
        if not libs:
            return None
        try:
            cindex.Config.set_library_file(libs[-1])
            cindex.Index.create()
        except Exception:
            return None
    return cindex


# ---------------------------------------------------------------------------
# Finding mutation sites
# ---------------------------------------------------------------------------

class Mutant:
    """One mistake: replace bytes [start, end) of a file by `text`."""

    def __init__(self, path, function, kind, start, end, text, what):
        self.path = path          # the reference file's name within the chapter folder
        self.function = function  # the student function it sits in
        self.kind = kind
        self.start, self.end, self.text = start, end, text
        self.what = what          # one line: what the mistake is
        self.line = 0             # filled in by finish(): 1-based line of start
        self.before = self.after = ""
        self.status = None        # killed / survived / did not compile / timed out
        self.detail = ""          # the failing test, the compiler's first error
        self.seconds = 0.0

    def apply(self, src):
        return src[:self.start] + self.text + src[self.end:]

    def finish(self, src):
        """Records the line number and the original and mutated line(s)."""
        self.line = src.count("\n", 0, self.start) + 1
        a = src.rfind("\n", 0, self.start) + 1
        b = src.find("\n", self.end)
        b = len(src) if b < 0 else b
        one = lambda s: " ".join(s.split())  # a deleted block shown on one line
        self.before = one(src[a:b])
        self.after = one(src[a:self.start] + self.text + src[self.end:b])


ARITH_SWAP = {"+": "-", "-": "+", "*": "/", "/": "*",
              "+=": "-=", "-=": "+=", "*=": "/=", "/=": "*="}
CMP_SWAP = {"<": "<=", "<=": "<", ">": ">=", ">=": ">", "==": "!=", "!=": "=="}
LOGIC_SWAP = {"&&": "||", "||": "&&"}
INDEXING = {"operator()", "operator[]", "segment", "block", "head", "tail", "row", "col",
            "middleRows", "middleCols", "topRows", "bottomRows", "leftCols", "rightCols",
            "coeff", "coeffRef", "at", "topLeftCorner", "bottomRightCorner"}
ARITHMETIC = {"Double", "Float", "LongDouble", "Bool"}
INTEGRAL = {"Int", "Long", "LongLong", "UInt", "ULong", "ULongLong", "Short", "UShort",
            "Char_S", "Char_U", "SChar", "UChar"}


class SiteFinder:
    """Walks one translation unit and lists the mutants of the main file's functions."""

    def __init__(self, cindex, path, src, name):
        self.ci = cindex
        self.K = cindex.CursorKind
        self.path = os.path.realpath(path)
        self.src = src
        self.raw = src.encode()   # libclang offsets are byte offsets
        self.name = name
        self.mutants = []

    # -- helpers -------------------------------------------------------------
    def in_main(self, c):
        """True when c's whole extent is text of this file (not a macro or a header)."""
        s, e = c.extent.start, c.extent.end
        return (s.file is not None and e.file is not None and
                os.path.realpath(s.file.name) == self.path and
                os.path.realpath(e.file.name) == self.path and e.offset > s.offset)

    def text(self, c):
        return self.raw[c.extent.start.offset:c.extent.end.offset].decode()

    def add(self, fn, kind, start, end, text, what):
        # Offsets are bytes; the files are ASCII in practice, but convert anyway
        # so a UTF-8 comment (DEB §2) before a site does not shift the edit.
        s = len(self.raw[:start].decode())
        e = len(self.raw[:end].decode())
        self.mutants.append(Mutant(self.name, fn, kind, s, e, text, what))

    def operator_token(self, c):
        """The operator token of a binary or unary expression (built-in or an
        overloaded operator call): the one token that lies outside every
        operand's extent. Returns (spelling, start, end) or None."""
        kids = [k for k in c.get_children() if self.in_main(k)]
        spans = [(k.extent.start.offset, k.extent.end.offset) for k in kids]
        for t in c.get_tokens():
            if t.kind.name != "PUNCTUATION":
                continue
            o = t.extent.start.offset
            inside = [sp for sp in spans if sp[0] <= o < sp[1]]
            # An overloaded operator's callee is a child whose extent is the
            # token itself: that one does not hide it.
            if all(sp == (o, t.extent.end.offset) for sp in inside):
                if t.spelling in ARITH_SWAP or t.spelling in CMP_SWAP or \
                        t.spelling in LOGIC_SWAP or t.spelling in ("!", "="):
                    return t.spelling, o, t.extent.end.offset
        return None

    def operands(self, c, op_start):
        """The operands of an operator expression, in source order, without the
        callee of an overloaded operator (a child that is the operator token)."""
        out = []
        for k in c.get_children():
            if not self.in_main(k):
                continue
            if k.extent.start.offset == op_start:
                continue
            out.append(k)
        out.sort(key=lambda k: k.extent.start.offset)
        return out

    # -- the walk --------------------------------------------------------------
    def run(self, tu):
        K = self.K
        fn_kinds = {K.FUNCTION_DECL, K.CXX_METHOD, K.CONSTRUCTOR, K.DESTRUCTOR,
                    K.FUNCTION_TEMPLATE, K.CONVERSION_FUNCTION}
        scopes = {K.NAMESPACE, K.UNEXPOSED_DECL, K.CLASS_DECL, K.STRUCT_DECL}

        def visit_decls(c):
            for k in c.get_children():
                if not self.in_main(k):
                    continue
                if k.kind in fn_kinds and k.is_definition():
                    body = [b for b in k.get_children() if b.kind == K.COMPOUND_STMT]
                    if body:
                        self.function(k, body[0])
                elif k.kind in scopes:
                    visit_decls(k)
        visit_decls(tu.cursor)

    def function(self, fn, body):
        name = fn.spelling
        parent = fn.semantic_parent
        if parent is not None and parent.kind in (self.K.CLASS_DECL, self.K.STRUCT_DECL):
            name = parent.spelling + "::" + name
        rk = fn.result_type.get_canonical().kind.spelling
        returns = "void" if rk == "Void" else "zero" if rk in INTEGRAL | ARITHMETIC else None
        self.early_returns(name, body, returns)
        self.deletions(name, body)
        self.walk(name, body)

    def early_returns(self, fn, body, returns):
        """`return;` at the top of a void function (a `return;` before a later
        statement is that statement's deletion, already made), `return {};`
        (zero, false) at the top of one returning a number or a bool. A
        function returning a vector or an object has no early value that
        means "not computed" (Eigen's `{}` is uninitialised), so it is left
        to the other kinds."""
        if returns is None:
            return
        stmts = [k for k in body.get_children() if self.in_main(k)]
        if not stmts:
            return
        first = stmts[0].extent.start.offset
        text = "return; " if returns == "void" else "return {}; "
        self.add(fn, "return", first, first, text,
                 "early return: `%s` at the top of the body" % text.strip())

    def walk(self, fn, c):
        K = self.K
        for k in c.get_children():
            if not self.in_main(k):
                continue
            kind = k.kind
            if kind == K.COMPOUND_STMT:
                self.deletions(fn, k)
            if kind == K.BINARY_OPERATOR or kind == K.COMPOUND_ASSIGNMENT_OPERATOR:
                self.binary(fn, k)
            elif kind == K.UNARY_OPERATOR:
                self.unary(fn, k)
            elif kind == K.CALL_EXPR:
                if k.spelling.startswith("operator") and k.spelling[8:] in \
                        set(ARITH_SWAP) | set(CMP_SWAP) | set(LOGIC_SWAP) | {"!"}:
                    n = len([a for a in k.get_children() if self.in_main(a)])
                    if n >= 3:
                        self.binary(fn, k)
                    elif n == 2:
                        self.unary(fn, k)
                else:
                    self.call(fn, k)
            elif kind == K.INTEGER_LITERAL:
                self.integer(fn, k)
            elif kind == K.FLOATING_LITERAL:
                self.floating(fn, k)
            elif kind == K.ARRAY_SUBSCRIPT_EXPR:
                kids = [a for a in k.get_children() if self.in_main(a)]
                if len(kids) == 2 and kids[1].kind != K.INTEGER_LITERAL:
                    self.shift(fn, kids[1], "index")
            elif kind == K.FOR_STMT:
                self.loop_bound(fn, k)
            self.walk(fn, k)

    def deletions(self, fn, block):
        """Deletes each statement of a block that is not a declaration or a
        return (deleting those does not compile or is the early return)."""
        K = self.K
        for s in block.get_children():
            if not self.in_main(s) or s.kind in (K.DECL_STMT, K.RETURN_STMT, K.NULL_STMT):
                continue
            t = self.text(s).rstrip()
            # An expression statement's extent stops before its ';', which stays:
            # `(void)0;`. An if/for whose extent ends in ';' or '}' becomes `{}`.
            repl = "{}" if t.endswith((";", "}")) else "(void)0"
            first = short(t, 60)
            self.add(fn, "delete", s.extent.start.offset, s.extent.end.offset, repl,
                     "statement deleted: `%s`" % first)

    def binary(self, fn, c):
        tok = self.operator_token(c)
        if tok is None:
            return
        op, s, e = tok
        ops = self.operands(c, s)
        if op in ARITH_SWAP:
            new = ARITH_SWAP[op]
            self.add(fn, "arith", s, e, new, "`%s` became `%s`" % (op, new))
        elif op in CMP_SWAP:
            new = CMP_SWAP[op]
            self.add(fn, "cmp", s, e, new, "`%s` became `%s`" % (op, new))
        elif op in LOGIC_SWAP:
            new = LOGIC_SWAP[op]
            self.add(fn, "logic", s, e, new, "`%s` became `%s`" % (op, new))
        # A term dropped from a sum: `a + b` -> `a` and -> `b`; `a - b` -> `a`
        # and -> `-(b)` (the first term forgotten, the sign of the second kept).
        if op in ("+", "-") and len(ops) == 2:
            lhs, rhs = ops
            L, R = self.text(lhs), self.text(rhs)
            cs, ce = c.extent.start.offset, c.extent.end.offset
            self.add(fn, "drop-term", cs, ce, "(" + L + ")",
                     "term dropped from `%s`: `%s` gone" % (op, short(R, 40)))
            self.add(fn, "drop-term", cs, ce, "(" + R + ")" if op == "+" else "(-(" + R + "))",
                     "term dropped from `%s`: `%s` gone" % (op, short(L, 40)))

    def unary(self, fn, c):
        tok = self.operator_token(c)
        if tok is None:
            return
        op, s, e = tok
        # Only a prefix operator: `-x` loses its sign, `!x` its negation.
        if op in ("-", "!") and s == c.extent.start.offset:
            self.add(fn, "sign", s, e, "", "`%s` removed" % op)

    def integer(self, fn, c):
        t = self.text(c)
        m = re.fullmatch(r"(\d+)([uUlL]*)", t)
        if not m:
            return
        v, suffix = int(m.group(1)), m.group(2)
        s, e = c.extent.start.offset, c.extent.end.offset
        # A literal in a template argument (head<2>) moves too: it may compile
        # (a longer head of a dynamic vector) and then the tests must see it.
        self.add(fn, "int", s, e, str(v + 1) + suffix, "constant %d became %d" % (v, v + 1))
        if v > 0:
            self.add(fn, "int", s, e, str(v - 1) + suffix, "constant %d became %d" % (v, v - 1))

    def floating(self, fn, c):
        t = self.text(c)
        m = re.fullmatch(r"([0-9.]+(?:[eE][-+]?\d+)?)([fFlL]?)", t)
        if not m:
            return
        try:
            v = float(m.group(1))
        except ValueError:
            return
        # 0 becomes 1 (a guard or start value moved), anything else doubles:
        # a half forgotten in a midpoint, a tolerance loosened.
        new = 1.0 if v == 0.0 else 2.0 * v
        self.add(fn, "float", c.extent.start.offset, c.extent.end.offset,
                 repr(new) + m.group(2), "constant %s became %s" % (t, repr(new)))

    def shift(self, fn, e, kind):
        """An integer expression moved by one: `i` -> `(i + 1)`, `(i - 1)`."""
        t = self.text(e).strip()
        s, en = e.extent.start.offset, e.extent.end.offset
        for d in ("+ 1", "- 1"):
            self.add(fn, kind, s, en, "(%s %s)" % (t, d),
                     "%s `%s` became `%s %s`" % ("index" if kind == "index" else "bound",
                                               short(t, 40), short(t, 40), d))

    def call(self, fn, c):
        args = [a for a in c.get_arguments() if self.in_main(a)]
        # An index or block offset passed to a call (x(i), segment(3 * i, 3)):
        # integral arguments that are not literals (those move as constants).
        # Only calls that index (Eigen's and the standard library's): a size
        # passed to reserve() or a count to max() is not an index.
        if c.spelling in INDEXING:
            for a in args:
                if a.type.get_canonical().kind.spelling in INTEGRAL and \
                        not re.fullmatch(r"\s*\d+[uUlL]*\s*", self.text(a)):
                    self.shift(fn, a, "index")
        # Two neighbouring arguments of one type, swapped: the compiler cannot see it.
        for a, b in zip(args, args[1:]):
            ta = a.type.get_canonical().spelling
            tb = b.type.get_canonical().spelling
            A, B = self.text(a), self.text(b)
            if ta == tb and A != B:
                self.add_swap(fn, c, a, b, A, B)

    def add_swap(self, fn, call, a, b, A, B):
        # Two edits in one: rewrite the span from a's start to b's end.
        s, e = a.extent.start.offset, b.extent.end.offset
        between = self.raw[a.extent.end.offset:b.extent.start.offset].decode()
        self.add(fn, "swap-args", s, e, B + between + A,
                 "arguments swapped in %s(): `%s`, `%s`" % (call.spelling, short(A, 30), short(B, 30)))

    def loop_bound(self, fn, f):
        """A for loop's bound off by one: the right-hand side of its condition
        moved by one (the comparison itself moves with the cmp kind)."""
        kids = [k for k in f.get_children() if self.in_main(k)]
        for k in kids:
            if k.kind == self.K.BINARY_OPERATOR:
                tok = self.operator_token(k)
                if tok and tok[0] in CMP_SWAP:
                    ops = self.operands(k, tok[1])
                    if len(ops) == 2:
                        self.shift(fn, ops[1], "bound")
                    return


def short(text, n):
    """One line of at most n characters, with an ellipsis when cut."""
    t = " ".join(text.split())
    return t if len(t) <= n else t[:n - 1] + "…"


def find_mutants(cindex, path, name, args):
    with open(path, encoding="utf-8") as f:
        src = f.read()
    index = cindex.Index.create()
    tu = index.parse(path, args=args)
    errors = [d for d in tu.diagnostics if d.severity >= 3]
    if errors:
        raise RuntimeError("libclang could not parse %s: %s" % (path, errors[0].spelling))
    finder = SiteFinder(cindex, path, src, name)
    finder.run(tu)
    # The same edit reached twice (an index that is also a call argument) is one mutant.
    seen, out = set(), []
    for m in finder.mutants:
        key = (m.start, m.end, m.text)
        if key in seen or src[m.start:m.end] == m.text:
            continue
        seen.add(key)
        m.finish(src)
        out.append(m)
    out.sort(key=lambda m: (m.start, m.end, m.kind, m.text))
    return src, out


def parse_args_for(build, path):
    """The compiler flags the build uses for `path` (include dirs, defines,
    -std), from compile_commands.json; the project's defaults otherwise."""
    flags = ["-x", "c++", "-std=c++20", "-I", os.path.join(REPO, "common", "include"),
             "-isystem", "/usr/include/eigen3"]
    db = os.path.join(build, "compile_commands.json")
    if os.path.exists(db):
        for e in json.load(open(db)):
            if os.path.realpath(e["file"]) == os.path.realpath(path):
                words = e.get("arguments") or e["command"].split()
                keep, i = ["-x", "c++"], 1
                while i < len(words):
                    w = words[i]
                    if w in ("-I", "-isystem", "-D", "-include") and i + 1 < len(words):
                        keep += [w, words[i + 1]]
                        i += 2
                        continue
                    if w.startswith(("-I", "-D", "-std=", "-isystem")):
                        keep.append(w)
                    i += 1
                return keep
    return flags


# ---------------------------------------------------------------------------
# Building and running
# ---------------------------------------------------------------------------

class Worker:
    """One scratch exercises tree and its build tree."""

    def __init__(self, root, chapter, topic, base, k, log):
        self.root, self.chapter, self.topic = root, chapter, topic
        self.dir = os.path.join(base, "w%d" % k)
        self.src = os.path.join(self.dir, "src")
        self.build = os.path.join(self.dir, "build")
        self.folder = os.path.join(self.src, "%s_%s" % (chapter, topic))
        self.log = log
        self.target = "ch%s_tests" % chapter

    def sync(self):
        """Copies every chapter's reference folder into the scratch tree, writing
        only files that differ (an unchanged file keeps its time stamp and its
        object). Every chapter, so that one tree serves them all (CI's sample
        builds the shared code once): only this chapter's copy is ever mutated."""
        refs = os.path.join(self.root, "solutions")
        for folder in sorted(os.listdir(refs)):
            ref = os.path.join(refs, folder)
            if not (os.path.isdir(ref) and re.match(r"\d\d_", folder)):
                continue
            dest = os.path.join(self.src, folder)
            os.makedirs(dest, exist_ok=True)
            for name in sorted(os.listdir(ref)):
                a, b = os.path.join(ref, name), os.path.join(dest, name)
                if os.path.isfile(a):
                    data = open(a, "rb").read()
                    if not os.path.exists(b) or open(b, "rb").read() != data:
                        with open(b, "wb") as f:
                            f.write(data)

    def configure(self):
        # A tree configured for one chapter alone (before the trees were shared)
        # is configured again for all of them.
        cache = os.path.join(self.build, "CMakeCache.txt")
        if (os.path.exists(os.path.join(self.build, "build.ninja")) and
                "PBM_EXERCISES:STRING=all\n" in open(cache, errors="replace").read()):
            return True
        cmd = ["cmake", "-S", self.root, "-B", self.build, "-G", "Ninja",
               "-DPBM_EXERCISES=all", "-DPBM_EXERCISES_DIR=" + self.src,
               "-DPBM_VIEWER=OFF", "-DPBM_BENCHMARKS=OFF", "-DCMAKE_EXPORT_COMPILE_COMMANDS=ON"]
        if shutil.which("ccache"):
            cmd.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if r.returncode != 0:
            self.log("configure failed in %s:\n%s" % (self.build, r.stdout[-3000:]))
        return r.returncode == 0

    def compile(self, jobs=1):
        r = subprocess.run(["cmake", "--build", self.build, "--target", self.target, "-j%d" % jobs],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        return r.returncode == 0, r.stdout

    def program(self):
        for p in (os.path.join(self.build, "bin", self.target), os.path.join(self.build, self.target)):
            if os.path.exists(p):
                return p
        return None

    def test(self, timeout):
        """Runs the chapter's test program alone (as grading does); returns
        (status, detail) with status passed / failed / timed out."""
        prog = self.program()
        with tempfile.TemporaryDirectory(prefix="pbm-mutant-run-") as cwd:
            # Its own session, so a timeout ends the program and anything it started.
            p = subprocess.Popen([prog, "--gtest_brief=1", "--gtest_color=no"], cwd=cwd,
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                 errors="replace", start_new_session=True)
            try:
                out, _ = p.communicate(timeout=timeout)
            except subprocess.TimeoutExpired:
                os.killpg(p.pid, 9)
                p.communicate()
                return "timed out", "still running after %g s" % timeout
        if p.returncode == 0:
            return "passed", ""
        failed = re.findall(r"^\[  FAILED  \] (\S+)", out, re.M)
        if failed:
            return "failed", failed[0]
        return "failed", "exit status %d (a crash or an abort)" % p.returncode


def first_error(log):
    for line in log.splitlines():
        if "error:" in line:
            return line.split("error:", 1)[1].strip()[:100]
    return "build failed"


def run_mutant(w, m, original, timeout):
    path = os.path.join(w.folder, m.path)
    t0 = time.time()
    try:
        with open(path, "w", encoding="utf-8") as f:
            f.write(m.apply(original))
        ok, log = w.compile()
        if not ok:
            m.status, m.detail = "did not compile", first_error(log)
        else:
            st, detail = w.test(timeout)
            m.status = {"passed": "survived", "failed": "killed", "timed out": "timed out"}[st]
            m.detail = detail
    finally:
        # Back to the reference before anything else can see the file.
        with open(path, "w", encoding="utf-8") as f:
            f.write(original)
    m.seconds = time.time() - t0


# ---------------------------------------------------------------------------
# The report
# ---------------------------------------------------------------------------

STATUSES = ["killed", "survived", "did not compile", "timed out"]


def summarize(mutants):
    """{(file, function): {status: count}} in file order."""
    table = {}
    for m in mutants:
        row = table.setdefault((m.path, m.function), {s: 0 for s in STATUSES})
        row[m.status] += 1
    return table


def report_markdown(chapter, topic, mutants, everything, args, seconds, baseline):
    total = len(everything)
    lines = ["# Mutants of chapter %s (%s)" % (chapter, topic), ""]
    sample = ("all %d mutants" % total if len(mutants) == total else
              "a sample of %d of its %d mutants (seed %d)" % (len(mutants), total, args.seed))
    per = sum(m.seconds for m in mutants) / max(len(mutants), 1)
    lines.append("`tools/mutants.py %s%s%s`: %s, %.0f s in all "
                 "(%.1f s a mutant; the reference's tests alone: %.2f s), timeout %g s." %
                 (chapter, "".join(" --file " + f for f in (args.file or [])),
                  (" --sample %d --seed %d" % (args.sample, args.seed) if args.sample else "") +
                  (" --take %d" % args.take if args.take else ""),
                  sample, seconds, per, baseline, args.timeout_used))
    lines.append("")
    # "sites": every mutant the function has; "made": those this run ran.
    lines.append("| file | function | sites | made | killed | survived | did not compile | timed out |")
    lines.append("|---|---|---:|---:|---:|---:|---:|---:|")
    sites = {}
    for m in everything:
        sites[(m.path, m.function)] = sites.get((m.path, m.function), 0) + 1
    tot = {s: 0 for s in STATUSES}
    rows = summarize(mutants)
    for key in sites:
        row = rows.get(key, {s: 0 for s in STATUSES})
        made = sum(row.values())
        lines.append("| %s | `%s` | %d | %d | %d | %d | %d | %d |" %
                     (key[0], key[1], sites[key], made, row["killed"], row["survived"],
                      row["did not compile"], row["timed out"]))
        for s in STATUSES:
            tot[s] += row[s]
    lines.append("| **all** | | %d | %d | %d | %d | %d | %d |" %
                 (total, len(mutants), tot["killed"], tot["survived"], tot["did not compile"], tot["timed out"]))
    lines.append("")
    surv = [m for m in mutants if m.status == "survived"]
    lines.append("## Survivors (%d)" % len(surv))
    lines.append("")
    for m in surv:
        lines.append("- `%s:%d` `%s` (%s): %s" % (m.path, m.line, m.function, m.kind, m.what))
        lines.append("  - was: `%s`" % m.before)
        lines.append("  - now: `%s`" % m.after)
    if not surv:
        lines.append("None.")
    lines.append("")
    to = [m for m in mutants if m.status == "timed out"]
    if to:
        lines.append("## Timed out (%d): killed, but only at the deadline" % len(to))
        lines.append("")
        for m in to:
            lines.append("- `%s:%d` `%s`: %s" % (m.path, m.line, m.function, m.what))
        lines.append("")
    lines.append("## Every mutant")
    lines.append("")
    lines.append("| # | where | function | kind | mutation | result | seconds |")
    lines.append("|---:|---|---|---|---|---|---:|")
    for i, m in enumerate(mutants, 1):
        res = m.status + (": " + m.detail if m.detail else "")
        lines.append("| %d | %s:%d | `%s` | %s | %s | %s | %.1f |" %
                     (i, m.path, m.line, m.function, m.kind, m.what.replace("|", "\\|"),
                      res.replace("|", "\\|"), m.seconds))
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------
# Main
# ---------------------------------------------------------------------------

def chapter_topic(root, nn):
    hits = sorted(glob.glob(os.path.join(root, "solutions", nn + "_*")))
    hits = [h for h in hits if os.path.isdir(h)]
    if not hits:
        return None
    return os.path.basename(hits[0]).split("_", 1)[1]


def usage_error(msg):
    print("tools/mutants.py: " + msg + " (tools/mutants.py --help)", file=sys.stderr)
    sys.exit(2)


def parse(argv):
    p = argparse.ArgumentParser(
        prog="tools/mutants.py",
        description="Plant typical mistakes in chapter NN's reference functions, one at a time, "
                    "and run the chapter's tests on each.")
    p.add_argument("chapter", nargs="?", help="chapter number (1 or 01)")
    p.add_argument("--file", action="append", help="only this reference file (name in solutions/NN_topic/; repeatable)")
    p.add_argument("--sample", type=int, default=0, help="run K mutants drawn at random (default: all)")
    p.add_argument("--seed", type=int, default=1, help="the sample's seed (default 1)")
    p.add_argument("--take", type=int, default=0,
                   help="of the sample (or of all), run only K spread evenly over it "
                        "(CI: a few of an analysed sample)")
    p.add_argument("--jobs", type=int, default=1, help="mutants at once, each in its own build tree (default 1)")
    p.add_argument("--timeout", type=float, default=0,
                   help="seconds a mutant's tests may run (default: 20 + 10 x the reference's)")
    p.add_argument("--report", help="write the Markdown report here (default build/mutants/chNN/report.md)")
    p.add_argument("--list", action="store_true", help="list the mutants and build nothing")
    p.add_argument("--build-dir", help="where the scratch trees live (default build/mutants/chNN)")
    p.add_argument("--check", metavar="TSV",
                   help="exit 1 when a survivor is not listed in TSV as equivalent (CI: tests/mutants_equivalent.tsv)")
    p.add_argument("--root", help=argparse.SUPPRESS)  # another project root (the self-test's)
    p.add_argument("--self-test", action="store_true", help="the tool's own test (a throw-away project)")
    p.add_argument("--quiet", action="store_true", help=argparse.SUPPRESS)
    a = p.parse_args(argv)
    if a.self_test:
        return a
    if not a.chapter or not re.fullmatch(r"\d{1,2}", a.chapter):
        usage_error("give a chapter number, e.g. 01")
    a.chapter = "%02d" % int(a.chapter)
    if a.sample < 0 or a.take < 0 or a.jobs < 1 or a.timeout < 0:
        usage_error("--sample, --take, --jobs and --timeout take positive numbers")
    return a


def main(argv):
    args = parse(argv)
    if args.self_test:
        return self_test()
    cindex = load_clang()
    if cindex is None:
        print(INSTALL_HINT, file=sys.stderr)
        return 1
    missing = [t for t in ("cmake", "ninja") if shutil.which(t) is None]
    if missing:
        print("tools/mutants.py needs %s: apt-get install cmake ninja-build (or ./pbm deps)" %
              " and ".join(missing), file=sys.stderr)
        return 1
    root = os.path.abspath(args.root or REPO)
    nn = args.chapter
    topic = chapter_topic(root, nn)
    if topic is None:
        usage_error("no chapter %s in %s/solutions" % (nn, root))
    ref_dir = os.path.join(root, "solutions", "%s_%s" % (nn, topic))
    files = sorted(f for f in os.listdir(ref_dir) if f.endswith(".cpp"))
    if args.file:
        wanted = [os.path.basename(f) for f in args.file]
        missing = [f for f in wanted if f not in files]
        if missing:
            usage_error("no %s in solutions/%s_%s" % (missing[0], nn, topic))
        files = [f for f in files if f in wanted]

    say = (lambda *a: None) if args.quiet else (lambda s: print(s, flush=True))
    base = os.path.abspath(args.build_dir or os.path.join(root, "build", "mutants", "ch" + nn))
    lock = threading.Lock()

    def log(s):
        with lock:
            print(s, file=sys.stderr, flush=True)

    workers = [Worker(root, nn, topic, base, k, log) for k in range(args.jobs)]
    t_start = time.time()
    # Worker 0 first: its compile_commands.json gives the parser its flags, and
    # its warm build proves the reference builds and passes before any mutant.
    w0 = workers[0]
    w0.sync()
    if not w0.configure():
        return 1
    say("ch%s: building %s against the reference copy in %s" % (nn, w0.target, w0.src))
    # The first build (the shared code, or the chapter's after a change) on
    # every core; a mutant's one file and relink on one.
    ok, blog = w0.compile(jobs=os.cpu_count() or 1)
    if not ok:
        log("the reference does not build:\n" + blog[-3000:])
        return 1
    t0 = time.time()
    st, detail = w0.test(600)
    baseline = time.time() - t0
    if st != "passed":
        log("the reference fails its own tests (%s): nothing to measure" % (detail or st))
        return 1

    mutants, sources = [], {}
    for f in files:
        copy = os.path.join(w0.folder, f)
        try:
            src, ms = find_mutants(cindex, copy, f, parse_args_for(w0.build, copy))
        except RuntimeError as e:
            log(str(e))
            return 1
        sources[f] = src
        mutants += ms
    everything = list(mutants)
    total = len(mutants)
    if args.sample and args.sample < total:
        chosen = random.Random(args.seed).sample(range(total), args.sample)
        mutants = [mutants[i] for i in sorted(chosen)]
    if args.take and args.take < len(mutants):
        # K spread evenly over the sample (its files and functions in order), so
        # that a few of an analysed sample rerun: CI's fixed sample.
        step = len(mutants) / args.take
        mutants = [mutants[int(i * step)] for i in range(args.take)]
    if args.list:
        for i, m in enumerate(mutants, 1):
            print("%3d %s:%d %s [%s] %s\n      was: %s\n      now: %s" %
                  (i, m.path, m.line, m.function, m.kind, m.what, m.before, m.after))
        print("%d mutants (%d in all)" % (len(mutants), total))
        return 0

    args.timeout_used = args.timeout or round(20 + 10 * baseline)
    say("ch%s: %d mutants (%d sites in all) over %s; tests alone %.2f s, timeout %g s" %
        (nn, len(mutants), total, ", ".join(files), baseline, args.timeout_used))
    for w in workers[1:]:
        w.sync()
        if not w.configure() or not w.compile()[0]:
            log("could not prepare %s" % w.dir)
            return 1

    free = list(workers)
    done = [0]

    def one(m):
        with lock:
            w = free.pop()
        try:
            run_mutant(w, m, sources[m.path], args.timeout_used)
        finally:
            with lock:
                free.append(w)
                done[0] += 1
                say("[%d/%d] %-15s %s:%d %s: %s%s" % (done[0], len(mutants), m.status, m.path, m.line,
                                                      m.function, m.what, " (%s)" % m.detail if m.detail else ""))

    try:
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
            list(ex.map(one, mutants))
    finally:
        # Whatever happened, every scratch file is the reference again and the
        # trees are rebuilt from it: a test program left from the last mutant
        # would fail when run by hand afterwards.
        for w in workers:
            w.sync()
            w.compile()
    seconds = time.time() - t_start

    text = report_markdown(nn, topic, mutants, everything, args, seconds, baseline)
    out = args.report or os.path.join(base, "report.md")
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    # TSV beside it, for scripts (CI's comparison with tests/MUTANTS.md).
    with open(os.path.splitext(out)[0] + ".tsv", "w", encoding="utf-8") as f:
        f.write("file\tline\tfunction\tkind\tmutation\tstatus\tdetail\tseconds\tbefore\tafter\n")
        for m in mutants:
            f.write("\t".join([m.path, str(m.line), m.function, m.kind, m.what, m.status, m.detail,
                               "%.2f" % m.seconds, m.before, m.after]).replace("\r", " ") + "\n")
    c = {s: sum(1 for m in mutants if m.status == s) for s in STATUSES}
    say("ch%s: %d made, %d killed, %d survived, %d did not compile, %d timed out; %.0f s (%.1f s a mutant); report %s" %
        (nn, len(mutants), c["killed"], c["survived"], c["did not compile"], c["timed out"], seconds,
         sum(m.seconds for m in mutants) / max(len(mutants), 1), out))
    if args.check:
        return check_survivors(nn, [m for m in mutants if m.status == "survived"], args.check)
    return 0


def check_survivors(nn, survivors, listing):
    """0 when every survivor is one the listing argues equivalent (chapter, file,
    function, the line before and after: not its line number, which moves with
    every edit above it); else 1, a line for each that is not."""
    known = set()
    with open(listing, encoding="utf-8") as f:
        for row in f.read().splitlines()[1:]:
            cells = row.split("\t")
            if len(cells) >= 5:
                known.add(tuple(c.strip() for c in cells[:5]))
    bad = [m for m in survivors if (nn, m.path, m.function, m.before.strip(), m.after.strip()) not in known]
    for m in bad:
        print("SURVIVOR not listed as equivalent in %s: %s:%d %s: %s\n    was: %s\n    now: %s" %
              (listing, m.path, m.line, m.function, m.what, m.before.strip(), m.after.strip()))
    if bad:
        print("ch%s: %d survivor%s that the chapter's tests let through: a wrong answer graded as right "
              "(kill it with a test, or argue it equivalent in %s and tests/MUTANTS.md)" %
              (nn, len(bad), "s" if len(bad) != 1 else "", listing))
        return 1
    print("ch%s: every survivor is listed as equivalent (%d)" % (nn, len(survivors)))
    return 0


# ---------------------------------------------------------------------------
# Self-test
# ---------------------------------------------------------------------------

SELF_CMAKE = """\
cmake_minimum_required(VERSION 3.16)
project(mutants_selftest CXX)
set(CMAKE_CXX_STANDARD 20)
set(PBM_EXERCISES "" CACHE STRING "")
set(PBM_EXERCISES_DIR "${CMAKE_SOURCE_DIR}/exercises" CACHE PATH "")
option(PBM_VIEWER "" ON)
option(PBM_BENCHMARKS "" ON)
find_package(GTest REQUIRED)
# The same contract as the workbook: chapter 01's functions come from the
# exercises tree when 01 is in PBM_EXERCISES, from solutions/ otherwise.
if("01" IN_LIST PBM_EXERCISES OR PBM_EXERCISES STREQUAL "all")
  set(dir "${PBM_EXERCISES_DIR}/01_toy")
else()
  set(dir "${CMAKE_SOURCE_DIR}/solutions/01_toy")
endif()
add_library(pbm_ch01 STATIC ${dir}/toy.cpp)
target_include_directories(pbm_ch01 PUBLIC ${CMAKE_SOURCE_DIR}/include)
add_executable(ch01_tests tests/toy_test.cpp)
target_link_libraries(ch01_tests pbm_ch01 GTest::gtest_main)
set_target_properties(ch01_tests PROPERTIES RUNTIME_OUTPUT_DIRECTORY ${CMAKE_BINARY_DIR}/bin)
"""

SELF_HEADER = """\
#pragma once
double weighted(double a, double b);
int clampedTriple(int n);
"""

SELF_SOURCE = """\
#include "toy.h"

double weighted(double a, double b) {
  return a + 3.0 * b;
}

int clampedTriple(int n) {
  if (n < 0) return 0;
  return 3 * n;
}
"""

# weighted() is pinned by exact values; clampedTriple() only by a sign check,
# so e.g. `3 * n` -> `3 / n` passes it.
SELF_TEST = """\
#include <gtest/gtest.h>
#include "toy.h"
TEST(Toy, WeightedExact) {
  EXPECT_EQ(weighted(1.0, 2.0), 7.0);
  EXPECT_EQ(weighted(-2.0, 0.5), -0.5);
}
TEST(Toy, ClampedTripleWeak) { EXPECT_GE(clampedTriple(5), 0); }
"""


def self_test():
    """Builds a two-function project, runs every mutant, and checks that the
    exact test kills all of weighted()'s and that the weak test lets at least
    one of clampedTriple()'s through, listed in the report."""
    cindex = load_clang()
    if cindex is None:
        print(INSTALL_HINT, file=sys.stderr)
        return 1
    t0 = time.time()
    tmp = tempfile.mkdtemp(prefix="pbm-mutants-selftest-")
    try:
        for rel, text in [("CMakeLists.txt", SELF_CMAKE), ("include/toy.h", SELF_HEADER),
                          ("solutions/01_toy/toy.cpp", SELF_SOURCE), ("tests/toy_test.cpp", SELF_TEST)]:
            os.makedirs(os.path.dirname(os.path.join(tmp, rel)), exist_ok=True)
            with open(os.path.join(tmp, rel), "w") as f:
                f.write(text)
        solution = os.path.join(tmp, "solutions/01_toy/toy.cpp")
        report = os.path.join(tmp, "report.md")
        rc = main(["01", "--root", tmp, "--report", report, "--timeout", "20", "--quiet"])
        problems = []
        if rc != 0:
            problems.append("the tool exited %d" % rc)
        else:
            tsv = [l.split("\t") for l in open(os.path.splitext(report)[0] + ".tsv").read().splitlines()[1:]]
            strong = [r for r in tsv if r[2] == "weighted"]
            weak = [r for r in tsv if r[2] == "clampedTriple"]
            if not strong or any(r[5] == "survived" for r in strong):
                problems.append("a mutant of weighted() (exactly tested) survived or none was made")
            if not any(r[5] == "killed" for r in strong):
                problems.append("no mutant of weighted() was killed")
            surv = [r for r in weak if r[5] == "survived"]
            if not surv:
                problems.append("no mutant of clampedTriple() (weakly tested) survived")
            md = open(report).read()
            if surv and "toy.cpp:%s" % surv[0][1] not in md.split("## Survivors")[1]:
                problems.append("the report's survivor list does not name toy.cpp:%s" % surv[0][1])
            if open(solution).read() != SELF_SOURCE:
                problems.append("the reference file was changed")
        if problems:
            print("mutants self-test FAILED: " + "; ".join(problems) + " (kept %s)" % tmp)
            return 1
        print("mutants self-test passed in %.0f s: weighted() %d of %d killed, clampedTriple() %d survivors "
              "listed (e.g. toy.cpp:%s %s)" % (time.time() - t0, sum(r[5] == "killed" for r in strong),
                                               len(strong), len(surv), surv[0][1], surv[0][4]))
        shutil.rmtree(tmp)
        return 0
    except Exception:
        print("mutants self-test FAILED (kept %s)" % tmp)
        raise


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
