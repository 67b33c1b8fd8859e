#!/usr/bin/env python3
"""Check a platform's results.json against its schema: validate.py gradescope|prairielearn FILE.

The schemas (gradescope.schema.json, prairielearn.schema.json beside this file)
use a small part of JSON Schema, which this file implements: type, required,
properties, items, enum, minimum, maximum, minLength. Then the sums: on
Gradescope the score is the sum of the tests' scores and no test scores above
its max_score; on PrairieLearn the score is the tests' points over their
max_points. Prints each problem; exit 0 when there is none, 1 otherwise, 2 on
bad arguments. Python standard library only.
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
TYPES = {"object": dict, "array": list, "string": str, "boolean": bool}
EPS = 1e-3  # the writers round points to 4 decimals


def type_ok(value, name):
    if name == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if name == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, TYPES[name])


def check(value, schema, where, problems):
    if "type" in schema and not type_ok(value, schema["type"]):
        problems.append(f"{where}: expected {schema['type']}, got {type(value).__name__}")
        return
    if "enum" in schema and value not in schema["enum"]:
        problems.append(f"{where}: {value!r} is not one of {schema['enum']}")
    if "minimum" in schema and type_ok(value, "number") and value < schema["minimum"]:
        problems.append(f"{where}: {value} < {schema['minimum']}")
    if "maximum" in schema and type_ok(value, "number") and value > schema["maximum"]:
        problems.append(f"{where}: {value} > {schema['maximum']}")
    if "minLength" in schema and isinstance(value, str) and len(value) < schema["minLength"]:
        problems.append(f"{where}: shorter than {schema['minLength']}")
    if isinstance(value, dict):
        for key in schema.get("required", []):
            if key not in value:
                problems.append(f"{where}: no '{key}'")
        for key, sub in schema.get("properties", {}).items():
            if key in value:
                check(value[key], sub, f"{where}.{key}", problems)
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            check(item, schema["items"], f"{where}[{i}]", problems)


def sums(platform, data, problems):
    tests = data.get("tests") if isinstance(data, dict) else None
    if not isinstance(tests, list) or not all(isinstance(t, dict) for t in tests):
        return
    try:
        if platform == "gradescope":
            total = sum(t["score"] for t in tests)
            if abs(total - data["score"]) > EPS:
                problems.append(f"score {data['score']} is not the sum of the tests' scores {total:g}")
            for t in tests:
                if t["score"] > t["max_score"] + EPS:
                    problems.append(f"test '{t['name']}': score {t['score']} > max_score {t['max_score']}")
                if t["status"] == "passed" and abs(t["score"] - t["max_score"]) > EPS:
                    problems.append(f"test '{t['name']}': passed but scored {t['score']} of {t['max_score']}")
        else:
            got = sum(t["points"] for t in tests)
            full = sum(t["max_points"] for t in tests)
            want = got / full if full else 0.0
            if data["gradable"] and abs(want - data["score"]) > EPS:
                problems.append(f"score {data['score']} is not points / max_points = {want:g}")
    except (KeyError, TypeError):
        pass  # the schema check has said it


def validate(platform, data):
    with open(os.path.join(HERE, f"{platform}.schema.json"), encoding="utf-8") as f:
        schema = json.load(f)
    problems = []
    check(data, schema, "results", problems)
    sums(platform, data, problems)
    return problems


def main():
    if len(sys.argv) != 3 or sys.argv[1] not in ("gradescope", "prairielearn"):
        print("usage: validate.py gradescope|prairielearn results.json", file=sys.stderr)
        return 2
    try:
        with open(sys.argv[2], encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError) as e:
        print(f"validate: {sys.argv[2]}: {e}")
        return 1
    problems = validate(sys.argv[1], data)
    for p in problems:
        print(f"validate: {sys.argv[2]}: {p}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
