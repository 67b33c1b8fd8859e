"""The points of an assignment's tests: 1 per test unless a points file says otherwise.

The points file (`./pbm autograder ... --points FILE`): one rule a line, `#`
starts a comment, later lines win over earlier ones for the same test.

    chNN TOTAL                  chapter NN is worth TOTAL points, split evenly
                                over its tests that no rule gives points of
                                their own
    chNN PATTERN POINTS         each test matching PATTERN is worth POINTS
    chNN PATTERN VISIBILITY     the tests' visibility on Gradescope: visible
                                (default; after_due_date for an instructor's
                                private test), hidden, after_due_date or
                                after_published
    chNN PATTERN POINTS VISIBILITY   both

PATTERN is a test's GoogleTest name (Suite.Name), * and ? match any text and
any one character: `ch07 Ch07Quaternion.* 2 hidden`. Python standard library only.
"""

import fnmatch
import re

VISIBILITIES = ("visible", "hidden", "after_due_date", "after_published")
NUMBER = re.compile(r"^\d+(\.\d+)?$")


class PointsError(ValueError):
    pass


def parse(text, where="points file"):
    """[(nn, pattern or None, points or None, visibility or None)] from the file's text."""
    rules = []
    for i, raw in enumerate(text.splitlines(), 1):
        words = raw.split("#", 1)[0].split()
        if not words:
            continue
        m = re.match(r"^ch(\d+)$", words[0])
        if not m:
            raise PointsError(f"{where}:{i}: '{words[0]}' is not a chapter (use e.g. ch07)")
        nn = f"{int(m.group(1)):02d}"
        rest = words[1:]
        if len(rest) == 1 and NUMBER.match(rest[0]):
            rules.append((nn, None, float(rest[0]), None))
            continue
        if not rest or len(rest) > 3 or NUMBER.match(rest[0]):
            raise PointsError(f"{where}:{i}: expected 'chNN TOTAL' or 'chNN TEST [POINTS] [VISIBILITY]'")
        pattern, points, vis = rest[0], None, None
        for w in rest[1:]:
            if NUMBER.match(w) and points is None:
                points = float(w)
            elif w in VISIBILITIES and vis is None:
                vis = w
            else:
                raise PointsError(f"{where}:{i}: '{w}' is neither points nor one of {', '.join(VISIBILITIES)}")
        if points is None and vis is None:
            raise PointsError(f"{where}:{i}: '{raw.strip()}' gives neither points nor a visibility")
        rules.append((nn, pattern, points, vis))
    return rules


def load(path):
    if not path:
        return []
    with open(path, encoding="utf-8") as f:
        return parse(f.read(), path)


def assign(rules, nn, names, private=()):
    """{test: (points, visibility)} for chapter NN's tests `names`, and the chapter's total.
    A private test (in `private`) is after_due_date unless a rule says otherwise:
    a student sees its name and verdict once the assignment is due, never before."""
    total = None
    own, vis = {}, {}
    for r_nn, pattern, points, visibility in rules:
        if r_nn != nn:
            continue
        if pattern is None:
            total = points
            continue
        for name in names:
            if fnmatch.fnmatchcase(name, pattern):
                if points is not None:
                    own[name] = points
                if visibility is not None:
                    vis[name] = visibility
    rest = [n for n in names if n not in own]
    if total is None:
        each = {n: 1.0 for n in rest}
    else:
        left = max(total - sum(own.values()), 0.0)
        share = round(left / len(rest), 4) if rest else 0.0
        each = {n: share for n in rest}
        if rest:  # the rounding's remainder on the last, so the chapter sums to TOTAL
            each[rest[-1]] = round(left - share * (len(rest) - 1), 4)
    out = {n: (own.get(n, each.get(n, 1.0)), vis.get(n, "after_due_date" if n in private else "visible"))
           for n in names}
    return out, sum(p for p, _ in out.values())


def chapter_total(rules, nn, names):
    return assign(rules, nn, names)[1]
