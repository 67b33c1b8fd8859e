"""The platforms' results, written from the grading core's rows (tools/grading/grade.py).

The rows are the same ./pbm grade prints and writes as summary.tsv and
results.tsv: the verdicts are the core's, only their form differs.
  gradescope(...)    Gradescope's results.json: one test per GoogleTest test
  prairielearn(...)  PrairieLearn's external-grader results.json
Python standard library only.
"""

import json
import os
import re

import points as pts

GTEST_NOISE = re.compile(r"^\[ *(RUN|OK|FAILED|PASSED|==========|----------|SKIPPED) *\]|^Running main\(\)|"
                         r"^Note: Google Test filter|^\[pbm-grade\]")
MAX_OUTPUT_LINES = 40


def test_output(message, output, outcome):
    """What a student reads about one test: the reason (expected, got, the notes'
    section; or timeout, abort, crash) and the test's own lines around it."""
    lines = [l.rstrip() for l in (output or "").splitlines() if l.strip() and not GTEST_NOISE.match(l)]
    if len(lines) > MAX_OUTPUT_LINES:
        lines = lines[:MAX_OUTPUT_LINES] + [f"... ({len(lines) - MAX_OUTPUT_LINES} more lines)"]
    head = {"passed": "passed", "failed": "failed", "timeout": "TIMEOUT", "aborted": "ABORTED",
            "crashed": "CRASHED", "not_run": "NOT RUN"}.get(outcome, outcome)
    reason = message or ""
    spoken = outcome.replace("_", " ")
    if reason.startswith(spoken):  # the core's message names the outcome already
        reason = reason[len(spoken):].lstrip(": ")
    text = head + (f": {reason}" if reason else "")
    if outcome != "passed" and lines:
        text += "\n\n" + "\n".join(lines)
    return text


def verdicts(rows, rules, found):
    """[(chapter row, [entry])] where an entry is a dict: name, test, points, max,
    passed, outcome, output, visibility. A chapter whose tests did not run is one
    entry worth its whole total, scored 0, saying why."""
    out = []
    for row in rows:
        nn, topic = row["nn"], row["topic"]
        entries = []
        if row["results"]:
            names = [r[0] for r in row["results"]]
            table, _ = pts.assign(rules, nn, names, row.get("private", ()))
            for name, outcome, msg, _, output in row["results"]:
                p, vis = table[name]
                ok = outcome == "passed"
                entries.append({"name": f"ch{nn} {name}", "test": name, "points": p if ok else 0.0,
                                "max": p, "passed": ok, "outcome": outcome,
                                "output": test_output(msg, output, outcome), "visibility": vis})
        elif row["status"] != "not_configured":
            _, total = pts.assign(rules, nn, row["names"])
            if row["status"] in ("missing", "not_handed_in"):
                # An assignment's chapter counts whether handed in or not.
                why = (f"chapter {nn} is absent from the submission: {found_text(nn, topic)}"
                       if found.get(nn, "") is None else row["detail"])
            elif row["status"] == "build_failed" and out_of_memory(row["errors"]):
                why = (f"chapter {nn} was not graded: the compiler was killed for want of memory "
                       f"(the grading machine's cap), which says nothing about whether the code "
                       f"is right. A file that instantiates Eigen's factorisations itself (LDLT, "
                       f"QR, complete orthogonal decomposition) can need about 800 MB to compile: "
                       f"use pbm/core/dense_solve.h where the exercise says so, or ask your "
                       f"instructor for more memory (README, How an instructor grades).\n\n"
                       + "\n".join(row["errors"]))
            elif row["status"] == "build_failed":
                why = (f"chapter {nn} does not compile; the compiler said (paths relative to the "
                       f"hand-in):\n\n" + "\n".join(row["errors"]))
            else:
                why = f"chapter {nn}: {row['detail']}"
            label = {"missing": "absent" if found.get(nn, "") is None else "missing",
                     "not_handed_in": "absent",
                     "build_failed": "does not compile"}.get(row["status"], row["status"].replace("_", " "))
            entries.append({"name": f"ch{nn} {topic}: {label}", "test": "",
                            "points": 0.0, "max": total, "passed": False, "outcome": row["status"],
                            "output": why, "visibility": "visible"})
        out.append((row, entries))
    return out


def out_of_memory(errors):
    """True when the build failed because the compiler was killed or ran out of memory."""
    signs = ("Killed signal terminated program", "virtual memory exhausted", "out of memory")
    return any(sign in line for line in errors for sign in signs)


def found_text(nn, topic):
    from handin import expected_text
    return expected_text(nn, topic)


def score_table(graded, confinement, found):
    """The Markdown table a student sees on top of the results."""
    lines = ["| chapter | tests passed | points | status |", "|---|---:|---:|---|"]
    got = full = 0.0
    for row, entries in graded:
        if row["status"] == "not_configured":
            continue
        p = sum(e["points"] for e in entries)
        m = sum(e["max"] for e in entries)
        got, full = got + p, full + m
        where = f" (from `{found[row['nn']]}`)" if found.get(row["nn"]) else ""
        lines.append(f"| {row['nn']} {row['topic']} | {row['passed']} / {row['total']} | "
                     f"{p:g} / {m:g} | {row['detail'].replace('|', '/')}{where} |")
    lines.append(f"| **total** | | **{got:g} / {full:g}** | |")
    lines += ["", f"Grading: {confinement}."]
    return "\n".join(lines), round(got, 4), round(full, 4)


def write_json(path, data):
    """Written whole or not at all (a reader never sees half a file)."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    os.replace(tmp, path)


def gradescope(graded, confinement, found, seconds):
    table, score, _ = score_table(graded, confinement, found)
    tests = []
    for row, entries in graded:
        for i, e in enumerate(entries, 1):
            tests.append({"name": e["name"], "number": f"{int(row['nn'])}.{i}",
                          "score": round(e["points"], 4), "max_score": round(e["max"], 4),
                          "status": "passed" if e["passed"] else "failed",
                          "output": e["output"], "visibility": e["visibility"]})
    return {"score": round(sum(t["score"] for t in tests), 4), "execution_time": int(round(seconds)),
            "output": table, "output_format": "md", "test_output_format": "text",
            "stdout_visibility": "hidden", "tests": tests}


def prairielearn(graded, confinement, found, seconds):
    table, got, full = score_table(graded, confinement, found)
    tests = []
    for row, entries in graded:
        for e in entries:
            # PrairieLearn shows every test at once: one Gradescope would hide
            # (a private test, by default) gives its name and verdict only.
            if e["visibility"] != "visible":
                message, output = ("passed" if e["passed"] else "failed"), ""
            else:
                message, output = e["output"].split("\n", 1)[0], e["output"]
            tests.append({"name": e["name"], "points": round(e["points"], 4),
                          "max_points": round(e["max"], 4), "message": message, "output": output})
    return {"gradable": True, "score": round(got / full, 6) if full else 0.0,
            "message": f"{got:g} / {full:g} points ({seconds:.0f} s). {confinement}.",
            "output": table, "tests": tests}


def failed_to_grade(platform, why, seconds):
    """Grading itself could not run (not the student's doing)."""
    if platform == "prairielearn":
        return {"gradable": False, "score": 0.0, "message": why, "output": why, "tests": []}
    return {"score": 0.0, "execution_time": int(round(seconds)), "output": "**Grading could not run:** "
            + why + "\n\nPlease tell your instructor.", "output_format": "md",
            "stdout_visibility": "hidden", "tests": []}
