#!/usr/bin/env python3
"""Fails when the driver uses a shell feature macOS's bash 3.2 does not have.

macOS ships GNU bash 3.2 as /bin/bash, and `#!/usr/bin/env bash` finds it on a
Mac without Homebrew's bash: every `./pbm` command must run there. CI runs the
driver's commands under ../shared/tools/bash-3.2 when that file exists; this
lint is the check for every machine, CI included. It reads ./pbm and
tools/pbm/*.sh (or the files given) and prints one line per use of:

  mapfile / readarray, declare -A / -n / -g / -l / -u, local -n, ${x^^} and
  ${x,,} (case changes), ${x@Q} (transformations), ;& and ;;& in a case,
  ${a[-1]} (negative subscripts), &>> and |&, coproc, wait -n, {fd}>
  (descriptor variables), [[ -v NAME ]], printf '%(...)T', $BASHPID and
  $EPOCHSECONDS, shopt globstar/lastpipe/..., {01..10} and {1..9..2}
  (padded and stepped sequences), case inside a one-line $( ) (3.2 misparses
  its ")"), and "${a[@]}" / ${a[*]} of an array that may be empty: under
  set -u, bash < 4.4 calls an empty array unbound, so such an array is
  expanded as ${a[@]+"${a[@]}"} (or ${a[*]:-} in a message). An array "may
  be empty" when the file ever assigns it () or declares it without a value,
  or fills it with read -a.

Quoted text is skipped where it cannot hold code (single quotes, here-docs
with a quoted delimiter); expansions inside double quotes are checked.

usage: check_bash32.py [--self-test] [FILE ...]   (exit 1 on any finding, 2 on bad use)
"""

import argparse
import glob
import os
import re
import sys

NAME = r"[A-Za-z_][A-Za-z0-9_]*"
PARAM = r"(?:" + NAME + r"|[0-9]+|[@*])"  # a variable, a positional or $@

# (what, bash version that brought it, regex over the line's code).
RULES = [
    ("mapfile/readarray", "4.0", re.compile(r"(?<![\w-])(mapfile|readarray)\b")),
    ("declare -A/-n/-g/-l/-u or local -n", "4.0-4.3",
     re.compile(r"\b(declare|typeset|local|readonly)((\s+-[a-zA-Z]+)*)\s+-[a-zA-Z]*[AnglLu]")),
    ("local - (a local set of options)", "4.4", re.compile(r"\blocal\s+-(\s|$)")),
    ("${x^^}/${x,,} case change", "4.0", re.compile(r"\$\{" + PARAM + r"(\[[^]]*\])?(\^|,)")),
    ("${x@Q}-style transformation", "4.4", re.compile(r"\$\{" + PARAM + r"(\[[^]]*\])?@[QEPAKakULu]\}")),
    (";& or ;;& case terminator", "4.0", re.compile(r";;&|(?<![;&]);&(?!&)")),
    ("negative array subscript", "4.3", re.compile(r"\$\{" + NAME + r"\[\s*-\s*[0-9$]")),
    ("&>> or |& redirection", "4.0", re.compile(r"&>>|\|&")),
    ("coproc", "4.0", re.compile(r"(^|[;&|(]\s*|\s)coproc\b")),
    ("wait -n", "4.3", re.compile(r"\bwait\s+-n\b")),
    ("{fd}> descriptor variable", "4.1", re.compile(r"\{" + NAME + r"\}[<>]")),
    ("-v NAME (is set) test", "4.2", re.compile(r"(\[\[|\[|\btest)\s+(!\s+)?-v\s")),
    ("$BASHPID/$EPOCHSECONDS/$EPOCHREALTIME", "4.0-5.0",
     re.compile(r"\$\{?(BASHPID|EPOCHSECONDS|EPOCHREALTIME)\b")),
    ("shopt option bash 3.2 lacks", "4.0-5.1",
     re.compile(r"\bshopt\s+-[su]\s+.*\b(globstar|lastpipe|autocd|dirspell|checkjobs|direxpand|"
                r"globasciiranges|inherit_errexit|localvar_inherit|localvar_unset|"
                r"assoc_expand_once|patsub_replacement|compat\w+)\b")),
    ("zero-padded or stepped {a..b} sequence", "4.0",
     re.compile(r"\{0[0-9]+\.\.[0-9]+\}|\{-?\w+\.\.-?\w+\.\.-?[0-9]+\}")),
    ("case inside a one-line $( )", "3.2 misparses", re.compile(r"\$\([^)]*\bcase\b.*\bin\b")),
]
# printf's %(...)T reads its format from single quotes, so the raw line.
RAW_RULES = [("printf '%(...)T' time format", "4.2", re.compile(r"\bprintf\b.*%\([^)]*\)T"))]

EMPTY_ASSIGN = re.compile(r"(?<![\w$])(" + NAME + r")=\(\s*\)")
DECLARED = re.compile(r"\b(?:local|declare|typeset)\s+-a\s+((?:" + NAME + r"\s*)+)(?:$|[;&|])")
READ_A = re.compile(r"\bread\b[^;|&]*\s-[a-zA-Z]*a\s+(" + NAME + r")")
EXPAND = re.compile(r"\$\{(" + NAME + r")\[([@*])\](\}|:-|\+)")
GUARDED = re.compile(r"\$\{(" + NAME + r")\[@\]\+\"\$\{\1\[@\]\}\"\}")
HEREDOC = re.compile(r"<<-?\s*(['\"]?)(\w+)\1")


def code_views(line):
    """(code, expanding): the line without comments; `code` also without any
    quoted text, `expanding` without single-quoted text only (expansions in
    double quotes run)."""
    code, expanding, quote, i = [], [], None, 0
    while i < len(line):
        c = line[i]
        if quote is None:
            if c == "#" and (i == 0 or line[i - 1] in " \t;|&("):
                break
            if c == "\\" and i + 1 < len(line):
                code.append(line[i:i + 2])
                expanding.append(line[i:i + 2])
                i += 2
                continue
            if c in "'\"":
                quote = c
                code.append(" ")
                expanding.append(" " if c == "'" else c)
            else:
                code.append(c)
                expanding.append(c)
        elif c == quote and not (quote == '"' and line[i - 1] == "\\"):
            quote = None
            code.append(" ")
            expanding.append(" " if c == "'" else c)
        else:
            code.append(" ")
            expanding.append(" " if quote == "'" else c)
        i += 1
    return "".join(code), "".join(expanding)


def logical_lines(text):
    """(number, line) of the shell code, here-docs with a quoted delimiter
    (literal text) left out."""
    lines = text.splitlines()
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        out.append((i + 1, line))
        i += 1
        code = code_views(line)[0]
        at = code.find("<<")
        if at < 0 or code.startswith("<<<", at) or "$((" in code[:at]:
            continue
        m = HEREDOC.match(line, at)  # the delimiter, read with its quotes
        if not m:
            continue
        end, literal = m.group(2), m.group(1) != ""
        while i < len(lines) and lines[i].strip() != end:
            if not literal:
                out.append((i + 1, lines[i]))
            i += 1
        i += 1
    return out


def findings(path, text):
    """["path:line: what (bash N): the line"] for one file."""
    lines = logical_lines(text)
    maybe_empty = set()
    for _, line in lines:
        code, _ = code_views(line)
        maybe_empty.update(EMPTY_ASSIGN.findall(code))
        for m in DECLARED.finditer(code):
            maybe_empty.update(m.group(1).split())
        maybe_empty.update(READ_A.findall(code))
    out = []
    for no, line in lines:
        code, expanding = code_views(line)
        # Expansions run inside double quotes; other constructs only outside.
        hits = [(what, ver) for what, ver, rx in RULES
                if rx.search(expanding if rx.pattern.startswith(r"\$") else code)]
        hits += [(what, ver) for what, ver, rx in RAW_RULES if rx.search(line)]
        unguarded = GUARDED.sub(" ", expanding)
        for m in EXPAND.finditer(unguarded):
            name, kind, after = m.groups()
            if name in maybe_empty and not (kind == "*" and after == ":-"):
                form = '${%s[@]+"${%s[@]}"}' % (name, name) if kind == "@" else "${%s[*]:-}" % name
                hits.append((f"${{{name}[{kind}]}} of an array that may be empty (write {form})",
                             "< 4.4 under set -u"))
        out += [f"{path}:{no}: {what} (bash {ver}): {line.strip()}" for what, ver in hits]
    return out


# Planted lines each rule must catch, and lines no rule may flag.
BAD = [
    "mapfile -t lines < <(ls)", "declare -A seen=()", "local -n ref=$1", "declare -g X=1",
    'echo "${name^^}"', 'case "${1^^}" in', "v=${v,,}", "echo ${x@Q}", "  a) echo ;&", "  b) echo ;;&",
    'echo "${a[-1]}"', "make &>> log", "make |& tee log", "coproc cat", "wait -n",
    "exec {fd}>file", "[[ -v HOME ]]", "printf '%(%F)T' -1", "echo $BASHPID",
    "shopt -s globstar", "for i in {01..10}; do :; done", "x=$(case $1 in a) echo;; esac)",
    "local -", 'a=(); echo "${a[@]}"', "local -a b; echo ${b[*]}",
    'read -r -a w <<<"$s"; f "${w[@]}"',
]
GOOD = [
    'a=(); f ${a[@]+"${a[@]}"}', 'a=(); say "${a[*]:-}"', 'b=(x y); f "${b[@]}"',
    "echo '${x^^} mapfile ;& |&'", "# mapfile in a comment", 'echo "${#a[@]}"',
    "local -a c=(1 2)", "x=$((10#$n))", "case $x in a) echo ;; esac",
    "for i in {1..10}; do :; done", 'printf "%s\\n" "$@"', "cat <<<\"$s\"",
]


def self_test():
    """Every planted bash-4 line is caught and no clean line is: exit 1 if not."""
    bad = []
    for line in BAD:
        if not findings("<planted>", line + "\n"):
            bad.append(f"check_bash32: self-test: not caught: {line}")
    for line in GOOD:
        got = findings("<clean>", line + "\n")
        if got:
            bad.append(f"check_bash32: self-test: wrongly flagged: {got[0]}")
    doc = "cat <<'EOF'\nmapfile ;& ${x^^}\nEOF\necho ok\n"
    if findings("<heredoc>", doc):
        bad.append("check_bash32: self-test: a quoted here-doc's text was checked as code")
    print("\n".join(bad) if bad else f"check_bash32: self-test: {len(BAD)} planted lines caught, "
          f"{len(GOOD) + 1} clean ones passed")
    return 1 if bad else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--self-test", action="store_true", help="check the rules on planted lines")
    ap.add_argument("files", nargs="*", help="default: ./pbm and tools/pbm/*.sh")
    args = ap.parse_args()
    if args.self_test:
        return self_test()
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    files = args.files or [os.path.join(root, "pbm")] + sorted(glob.glob(os.path.join(root, "tools", "pbm", "*.sh")))
    out = []
    for path in files:
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            print(f"check_bash32: cannot read {path}: {e.strerror}", file=sys.stderr)
            return 2
        out += findings(os.path.relpath(path, root) if not args.files else path, text)
    if out:
        print("\n".join(out))
        print(f"check_bash32: {len(out)} use(s) of bash-4 features: macOS's /bin/bash 3.2 cannot run them")
        return 1
    print(f"check_bash32: {len(files)} files, no bash-4 feature")
    return 0


if __name__ == "__main__":
    sys.exit(main())
