#!/usr/bin/env python3
"""Write the hand-ins an attacker would send, and their honest twins, for the grading self-tests.

  hostile_handin.py --root ROOT --aim PATH... [--forge PATH]... -o DIR [--honest DIR]

DIR gets chapters 01 and 02, built from ROOT's references with these changes
(tools/grading/attack_selftest.sh and autograder_selftest.sh grade them):
  01 rotationField  reads every file it is aimed at (--aim: a reference, a
                    private test, a folder of them: the grader's own paths and
                    the relative guesses a student would try) and throws what
                    it read as its error message, and prints it
     saddleField    writes a forged score into every --forge path (results.json,
                    the JUnit file, summary.tsv; a made-up file beside them),
                    removes GoogleTest's premature-exit file, prints passing
                    lines and ends the program with status 0 (_exit)
     eulerStep      removes the premature-exit file, prints GoogleTest's
                    passing lines and calls exit(0)
  02 an extra file that #includes a private test and embeds a reference
     (.incbin) at compile time: a compiler or assembler message would print it
--honest DIR gets the twin: the same hand-in with those three functions left
undone (the skeleton's bodies) and without 02's extra file, which is what
the hostile one may score at most. Python standard library only.
"""

import argparse
import os
import re
import shutil
import sys

PASSING = r'"[ RUN      ] Ch01.Forged\n[       OK ] Ch01.Forged (0 ms)\n[  PASSED  ] 1 test.\n"'


def c_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def replace_body(text, name, body):
    """text with the body of function `name`'s definition replaced by body."""
    m = re.search(r"\b" + re.escape(name) + r"\s*\([^;{]*\)\s*(?:const\s*)?\{", text)
    if not m:
        sys.exit(f"hostile_handin: no definition of {name}")
    depth, i = 1, m.end()
    while depth:
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        i += 1
    return text[:m.end()] + "\n" + body + "\n}" + text[i:]


def skeleton_body(root, chapter, name):
    """The body of `name` as the skeleton has it (the exercise not done)."""
    folder = os.path.join(root, "exercises", chapter)
    for f in sorted(os.listdir(folder)):
        text = open(os.path.join(folder, f), encoding="utf-8").read()
        m = re.search(r"\b" + re.escape(name) + r"\s*\([^;{]*\)\s*(?:const\s*)?\{", text)
        if m:
            depth, i = 1, m.end()
            while depth:
                depth += {"{": 1, "}": -1}.get(text[i], 0)
                i += 1
            return text[m.end():i - 1]
    sys.exit(f"hostile_handin: the skeleton has no {name}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", required=True)
    ap.add_argument("--aim", action="append", default=[], help="a file or folder the hand-in tries to read")
    ap.add_argument("--forge", action="append", default=[], help="a file the hand-in tries to write")
    ap.add_argument("--include", required=True, help="the private test 02's extra file #includes")
    ap.add_argument("--incbin", required=True, help="the reference 02's extra file embeds")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--honest")
    args = ap.parse_args()
    root = os.path.abspath(args.root)
    names = dict(line.split() for line in os.popen(f"'{root}/pbm' chapters").read().splitlines())
    ch01, ch02 = f"01_{names['01']}", f"02_{names['02']}"
    for out, hostile in ((args.output, True), (args.honest, False)):
        if not out:
            continue
        for ch in (ch01, ch02):
            shutil.rmtree(os.path.join(out, ch), ignore_errors=True)
            shutil.copytree(os.path.join(root, "solutions", ch), os.path.join(out, ch))
        fields = os.path.join(out, ch01, "fields.cpp")
        euler = os.path.join(out, ch01, "euler.cpp")
        f_text = open(fields, encoding="utf-8").read()
        e_text = open(euler, encoding="utf-8").read()
        if hostile:
            aims = ", ".join(c_string(a) for a in args.aim)
            forges = ", ".join(c_string(a) for a in args.forge)
            f_text = replace_body(f_text, "rotationField", f"""  std::string stolen;
  for (const char* aim : {{{aims}}}) {{
    std::error_code ec;
    std::vector<std::string> files;
    if (std::filesystem::is_directory(aim, ec)) {{
      for (const auto& e : std::filesystem::recursive_directory_iterator(aim, ec))
        if (e.is_regular_file(ec)) files.push_back(e.path().string());
    }} else {{
      files.push_back(aim);
    }}
    for (const std::string& file : files) {{
      try {{
        std::ifstream in(file);
        if (in) stolen += file + ":\\n" + std::string(std::istreambuf_iterator<char>(in), {{}});
      }} catch (const std::exception&) {{
      }}
    }}
  }}
  std::printf("%s\\n", stolen.c_str());
  for (char& c : stolen)
    if (c == '\\n') c = ' ';  // the error message is one line: all of it on that line
  throw std::runtime_error("stolen: " + stolen);""")
            f_text = replace_body(f_text, "saddleField", f"""  for (const char* path : {{{forges}}}) {{
    std::ofstream out(path);
    out << "{{\\"score\\": 1000, \\"tests\\": []}}\\nch01\\tforged\\t1000\\t1000\\tpassed\\n";
  }}
  if (const char* early = std::getenv("TEST_PREMATURE_EXIT_FILE")) std::remove(early);
  std::printf({PASSING});
  std::fflush(stdout);
  _exit(0);""")
            e_text = replace_body(e_text, "eulerStep", f"""  if (const char* early = std::getenv("TEST_PREMATURE_EXIT_FILE")) std::remove(early);
  std::printf({PASSING});
  std::fflush(stdout);
  std::exit(0);""")
            head = ("#include <unistd.h>\n\n#include <cstdio>\n#include <cstdlib>\n#include <filesystem>\n"
                    "#include <fstream>\n#include <iterator>\n#include <stdexcept>\n#include <string>\n"
                    "#include <vector>\n")
            f_text, e_text = head + f_text, head + e_text
            with open(os.path.join(out, ch02, "steal.cpp"), "w", encoding="utf-8") as f:
                f.write(f"// A hand-in that reads the grader's files at compile time.\n"
                        f"#include {c_string(args.include)}\n"
                        f'__asm__(".section .rodata\\n.incbin \\"{args.incbin}\\"\\n.previous");\n')
        else:
            for name, text_name in (("rotationField", "f"), ("saddleField", "f"), ("eulerStep", "e")):
                body = skeleton_body(root, ch01 if name != "eulerStep" else ch01, name)
                if text_name == "f":
                    f_text = replace_body(f_text, name, body)
                else:
                    e_text = replace_body(e_text, name, body)
            f_text = '#include "pbm/core/exercise.h"\n' + f_text
            e_text = '#include "pbm/core/exercise.h"\n' + e_text
        # The reference's parameter names are commented out where unused: the
        # replaced bodies use them or not, and -Werror must not care.
        for path, text in ((fields, f_text), (euler, e_text)):
            text = re.sub(r"/\*(\w+)\*/", r"\1", text)
            open(path, "w", encoding="utf-8").write("#pragma GCC diagnostic ignored \"-Wunused-parameter\"\n" + text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
