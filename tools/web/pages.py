#!/usr/bin/env python3
"""Writes the web edition's pages (issue 37; ./pbm web): build/web/index.html,
listing the chapters, and one page per chapter built, chNN_topic.html, which
loads the chapter's program (chNN_topic.js and .wasm, built by emscripten
with the viewer on the page's canvas: common/src/viewer/web/).

usage: tools/web/pages.py --bin BUILD/bin --out build/web NN_topic...

The chapters' titles come from their lessons' first lines, their summaries
and the notes' sections from README.md's chapter table, their thumbnails from
chapters/NN_topic/screenshot.png (the window's own screenshot, CI's).
"""
import argparse
import html
import os
import re
import shutil
import string
import sys
import urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

PAGE = string.Template("""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title</title>
<link rel="icon" href="data:,">
<style>
  html, body { margin: 0; height: 100%; overflow: hidden; background: #181a1f; color: #dde; }
  body { font: 16px/1.45 system-ui, sans-serif; display: flex; }
  #canvas { flex: 1; min-width: 0; height: 100vh; display: block; outline: none; }
  #lesson { width: 34em; max-width: 45vw; height: 100vh; overflow-y: auto; box-sizing: border-box;
            padding: 2.6em 1.4em 2em; background: #f7f5ef; color: #222; }
  #lesson[hidden] { display: none; }
  #lesson:focus { outline: none; }
  #lesson img { max-width: 100%; }
  #lesson pre, #lesson code { font: 0.88em ui-monospace, monospace; background: #ebe7dc; }
  #lesson pre { padding: 0.6em; overflow-x: auto; }
  #lesson table { border-collapse: collapse; font-size: 0.9em; display: block; overflow-x: auto; }
  #lesson td, #lesson th { border: 1px solid #ccc; padding: 0.2em 0.4em; vertical-align: top; }
  #lesson a { color: #1a55a8; }
  #toggle { position: fixed; top: 0; z-index: 2; font: 14px system-ui, sans-serif;
            padding: 0.2em 0.9em; border-radius: 0 0 4px 4px; border: 1px solid #667; border-top: 0;
            background: #2a2e38; color: #dde; cursor: pointer; }
  #notice { cursor: pointer; }
  #notice { position: fixed; left: 1em; right: 1em; bottom: 3.5em; margin: 0; padding: 0.6em 1em;
            background: #4a2020; color: #fee; border-radius: 4px; white-space: pre-wrap; }
  #notice:empty { display: none; }
  #loading { position: fixed; right: 1em; bottom: 1em; color: #aab; }
  a { color: #9cf; }
</style>
</head>
<body>
<button id="toggle" type="button" aria-controls="lesson">Lesson</button>
<aside id="lesson" aria-label="The chapter's lesson" tabindex="-1" hidden>
$lesson
</aside>
<canvas id="canvas" tabindex="0" oncontextmenu="event.preventDefault()"></canvas>
<p id="loading">Loading $program&hellip;</p>
<p id="notice" role="alert"></p>
<script>
"use strict";
(function () {
  const notice = document.getElementById("notice");
  const loading = document.getElementById("loading");
  // The lesson beside the program: shown on a wide window, hidden on a
  // narrow one, and as the reader last left it.
  const lesson = document.getElementById("lesson"), toggle = document.getElementById("toggle");
  const kept = localStorage.getItem("pbm-lesson");
  lesson.hidden = kept ? kept === "hidden" : window.innerWidth < 1500;
  function label() {
    toggle.textContent = lesson.hidden ? "Show the lesson" : "Hide the lesson";
    toggle.setAttribute("aria-expanded", String(!lesson.hidden));
    // At the top of the view, left of its middle (the panel is on the right).
    const left = lesson.hidden ? 0 : lesson.offsetWidth;
    toggle.style.left = (left + 0.45 * (window.innerWidth - left)) + "px";
  }
  label();
  window.addEventListener("resize", label);
  // Keys go where the reader last clicked (page.js, pbm_keys_for_page): a
  // click in the lesson focuses it (tabindex -1), one on the canvas the
  // canvas, which the program's mouse handling would not do by itself.
  const canvas = document.getElementById("canvas");
  canvas.addEventListener("pointerdown", function () { canvas.focus(); });
  notice.title = "Click to close";
  notice.onclick = function () { notice.textContent = ""; };
  toggle.onclick = function () {
    lesson.hidden = !lesson.hidden;
    localStorage.setItem("pbm-lesson", lesson.hidden ? "hidden" : "shown");
    label();
    document.getElementById("canvas").focus();
  };
  function say(text) { notice.textContent += (notice.textContent ? "\\n" : "") + text; }
  if (location.protocol === "file:") {
    loading.remove();
    say("This page must be served, not opened from the disk (a browser loads no " +
        "WebAssembly from file://): run ./pbm web --serve and open the address it prints.");
    return;
  }
  if (!document.createElement("canvas").getContext("webgl2")) {
    loading.remove();
    say("This browser has no WebGL 2, which the workbook's pages draw with: try a current " +
        "Firefox, Chrome, Edge or Safari, or turn on hardware acceleration.");
    return;
  }
  // The page's address sets the program up as its command line would:
  // ?scene=NAME&method=rk4&h=0.1&n=12 is --scene NAME --method rk4 --h 0.1
  // --set n=12 (the panel's "Copy link" writes such an address). A bad one
  // shows the command line's message here, and the scene with its defaults.
  // frames=N stops after N frames with that frame shown (and downloaded as
  // --screenshot's PNG): the picture tools/web/check_pages.py compares with
  // the desktop's screenshot after as many frames.
  const args = [];
  for (const [key, value] of new URLSearchParams(location.search)) {
    if (key === "scene" || key === "method" || key === "h") args.push("--" + key, value);
    else if (key === "frames") args.push("--screenshot", "$program.png", "--frames", value);
    else args.push("--set", key + "=" + value);
  }
  window.Module = {
    arguments: args,
    canvas: document.getElementById("canvas"),
    print: function (line) { console.log(line); },
    // The program's one-line errors (a bad parameter, an exercise not done)
    // are shown on the page, as a terminal shows them.
    printErr: function (line) {
      console.warn(line);
      if (/: (error|warning): /.test(line)) say(line);
    },
    onRuntimeInitialized: function () { loading.remove(); document.getElementById("canvas").focus(); },
    onAbort: function (what) { say("$program stopped: " + what); },
  };
  const script = document.createElement("script");
  script.src = "$program.js";
  script.onerror = function () { loading.remove(); say("Could not load $program.js."); };
  document.body.appendChild(script);
})();
</script>
</body>
</html>
""")

INDEX = string.Template("""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>PBM Workbook in a browser</title>
<link rel="icon" href="data:,">
<style>
  body { margin: 0 auto; max-width: 70em; padding: 1.5em; font: 16px/1.45 system-ui, sans-serif;
         background: #181a1f; color: #dde; }
  h1 { font-size: 1.6em; margin: 0 0 0.2em; }
  ol { list-style: none; padding: 0; display: grid; gap: 1em;
       grid-template-columns: repeat(auto-fill, minmax(19em, 1fr)); }
  li { background: #23262e; border-radius: 6px; overflow: hidden; }
  li img { width: 100%; aspect-ratio: 16 / 10; object-fit: cover; display: block; background: #111; }
  li div { padding: 0.6em 0.9em 0.9em; }
  li h2 { font-size: 1.05em; margin: 0 0 0.3em; }
  .notes { color: #aab; font-size: 0.9em; }
  h2.notes-heading { font-size: 1.1em; margin-top: 2em; }
  .missing { color: #aab; font-style: italic; }
  a { color: #9cf; }
</style>
</head>
<body>
<h1>PBM Workbook</h1>
<p>Witkin, Baraff and Kass's <em>Physically Based Modeling</em>, one chapter a page: the same
program, panel, scenes and keys as the desktop window.</p>
<ol>
$items
</ol>
<h2 class="notes-heading">The notes</h2>
<ul class="notes">
$notes
</ul>
</body>
</html>
""")


def chapter_table():
    """README.md's chapter table: NN_topic -> (summary, notes' sections)."""
    rows = {}
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        for line in f:
            m = re.match(r"\|\s*\[(\d\d_\w+)\]\([^)]*\)\s*\|([^|]*)\|([^|]*)\|", line)
            if m:
                rows[m.group(1)] = (m.group(2).strip(), m.group(3).strip())
    return rows


def abbreviations():
    """README.md's list of the notes' abbreviations, as HTML list items."""
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"cited by these abbreviations[^\n]*\n[^\n]*\n\n((?:- .*\n(?:  .*\n)*)+)", text)
    if not m:
        return ""
    items = re.findall(r"^- (.*(?:\n  .*)*)", m.group(1), flags=re.M)
    def em(t):
        return re.sub(r"\*([^*]+)\*", r"<em>\1</em>", html.escape(" ".join(t.split())))
    return "\n".join("<li>%s</li>" % em(i) for i in items)


def lesson_title(chapter):
    """'Vector fields and integral curves' from '# Chapter 01 — Vector fields...'."""
    with open(os.path.join(ROOT, "chapters", chapter, "README.md"), encoding="utf-8") as f:
        first = f.readline().strip()
    m = re.match(r"#\s*Chapter\s+\d+\s*[—-]+\s*(.*)", first)
    return m.group(1) if m else first.lstrip("# ")


def lesson_html(chapter, out):
    """The chapter's lesson (chapters/NN_topic/README.md) as HTML, by Python-
    Markdown (Debian's python3-markdown). Its pictures point at the site's
    copies; a link to a repository file names the file instead (the site
    holds no repository), and a link to a chapter page (chNN_topic.html?...)
    stays a link: it sets that page up, as does a command in the lesson that
    runs this chapter's program with a scene and values (./pbm run 02
    --scene decay --h 1.9)."""
    import markdown
    folder = os.path.join(ROOT, "chapters", chapter)
    with open(os.path.join(folder, "README.md"), encoding="utf-8") as f:
        text = f.read()
    body = markdown.markdown(text, extensions=["tables", "fenced_code"])

    def image(m):
        src = m.group(1)
        if re.match(r"https?:", src) or not os.path.isfile(os.path.join(folder, src)):
            return m.group(0)
        copy = os.path.join("lessons", chapter, os.path.basename(src))
        os.makedirs(os.path.join(out, "lessons", chapter), exist_ok=True)
        shutil.copy2(os.path.join(folder, src), os.path.join(out, copy))
        return 'src="%s"' % copy

    def link(m):
        href, inner = m.group(1), m.group(2)
        if re.match(r"(https?:|mailto:|#|ch\d\d_\w+\.html)", href):
            return m.group(0)
        path = os.path.relpath(os.path.normpath(os.path.join(folder, href.split("#")[0])), ROOT)
        return '%s (<code>%s</code>)' % (inner, html.escape(path))

    def play(m):
        """`./pbm run NN --scene S --h 0.1 --set k=v` becomes a link that sets
        this chapter's page up the same way (GitHub shows the command)."""
        words = html.unescape(m.group(1)).split()
        if len(words) < 3 or words[2] != chapter[:2]:
            return m.group(0)
        query, rest = [], words[3:]
        while rest:
            if len(rest) >= 2 and rest[0] in ("--scene", "--method", "--h"):
                query.append((rest[0][2:], rest[1]))
            elif len(rest) >= 2 and rest[0] == "--set" and "=" in rest[1]:
                query.append(tuple(rest[1].split("=", 1)))
            else:
                return m.group(0)  # --headless, --csv, --camera: a terminal's, not the page's
            rest = rest[2:]
        href = "ch%s.html" % chapter + ("?" + urllib.parse.urlencode(query) if query else "")
        return '<a href="%s" title="set this page up so">%s</a>' % (html.escape(href), m.group(0))

    body = re.sub(r"<code>(\./pbm run [^<]*)</code>", play, body)
    body = re.sub(r'src="([^"]+)"', image, body)
    body = re.sub(r'<a href="([^"]+)">(.*?)</a>', link, body, flags=re.S)
    return body


def main(argv):
    p = argparse.ArgumentParser(description="Writes build/web/'s pages")
    p.add_argument("--bin", required=True, help="the web build's bin/ (chNN_topic.js, .wasm)")
    p.add_argument("--out", required=True, help="the site's folder (build/web)")
    p.add_argument("chapters", nargs="+", help="NN_topic of each chapter built")
    a = p.parse_args(argv)
    os.makedirs(os.path.join(a.out, "thumbs"), exist_ok=True)
    table = chapter_table()
    every = sorted(d for d in os.listdir(os.path.join(ROOT, "chapters")) if re.match(r"\d\d_", d))
    for chapter in a.chapters:
        program = "ch" + chapter
        for ext in (".js", ".wasm"):
            src = os.path.join(a.bin, program + ext)
            if not os.path.isfile(src):
                print("tools/web/pages.py: no %s: build it first (./pbm web %s)" % (src, chapter[:2]),
                      file=sys.stderr)
                return 1
            shutil.copy2(src, os.path.join(a.out, program + ext))
        title = "Chapter %s: %s (PBM Workbook)" % (chapter[:2], lesson_title(chapter))
        with open(os.path.join(a.out, program + ".html"), "w", encoding="utf-8") as f:
            f.write(PAGE.substitute(title=html.escape(title), program=program,
                                    lesson=lesson_html(chapter, a.out)))
    items = []
    for chapter in every:
        program = "ch" + chapter
        summary, notes = table.get(chapter, ("", ""))
        shot = os.path.join(ROOT, "chapters", chapter, "screenshot.png")
        thumb = ""
        if os.path.isfile(shot):
            shutil.copy2(shot, os.path.join(a.out, "thumbs", program + ".png"))
            thumb = '<img src="thumbs/%s.png" alt="">' % program
        name = "Chapter %s: %s" % (chapter[:2], html.escape(lesson_title(chapter)))
        built = os.path.isfile(os.path.join(a.out, program + ".html"))
        heading = '<a href="%s.html">%s</a>' % (program, name) if built else name
        more = "" if built else '<p class="missing">not built: ./pbm web %s</p>' % chapter[:2]
        link = '<a href="%s.html" tabindex="-1">%s</a>' % (program, thumb) if built and thumb else thumb
        items.append('<li>%s<div><h2>%s</h2><p>%s</p><p class="notes">%s</p>%s</div></li>'
                     % (link, heading, html.escape(summary), html.escape(notes), more))
    with open(os.path.join(a.out, "index.html"), "w", encoding="utf-8") as f:
        f.write(INDEX.substitute(items="\n".join(items), notes=abbreviations()))
    print("tools/web/pages.py: %d chapter page(s) and index.html in %s" % (len(a.chapters), a.out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
