#!/usr/bin/python3
"""Loads each chapter's web page in headless Chromium and checks what a
reader would see (issue 37): the page's program starts and draws its first
scene (a screenshot, not blank), within how long; a key (']') changes the
picture and the title names the next scene; an address ?scene=NAME&h=H
shows that scene; a bad value shows the command line's message in the page
and the scene with its defaults; no JavaScript error reaches the console;
keys pressed after a click in the lesson stay there, after one on the
canvas they are the program's;
after 60 frames the picture is the desktop's (./pbm shots); the panel's
"Save CSV" downloads the first scene's run as the native program writes it.

usage: tools/web/check_pages.py [--site build/web] [--out DIR] [--ratio R]
                                [--timeout S] [--checks LIST] [PROGRAM ...]

--checks (default all: draw,native,keys,csv): draw is the first scene, the
key, the addresses and the console, always; native the desktop's picture and
csv the download (both at ratio 1 only); keys the lesson's focus. CI takes
draw,native on every landing and keys,csv when its hour allows.

PROGRAM: chNN_topic (default: every chNN_topic.html in the site). Serves the
site on 127.0.0.1 itself. Needs chromium, chromium-driver and
python3-selenium (Debian's: run with /usr/bin/python3). Writes
OUT/PROGRAM.png (first scene) and OUT/PROGRAM-key.png (after the key), prints
a line per page and exits 1 when a page fails.
"""
import argparse
import functools
import http.server
import os
import socketserver
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import check_png  # noqa: E402  (the PNG decoder CI's screenshots use)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args):
        pass


def serve(site):
    handler = functools.partial(QuietHandler, directory=site)
    server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser(ratio):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    o = Options()
    # SwiftShader: WebGL 2 in software, the same on every machine CI has.
    for a in ("--headless=new", "--no-sandbox", "--window-size=1280,800",
              "--force-device-scale-factor=%s" % ratio, "--use-angle=swiftshader",
              "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"):
        o.add_argument(a)
    o.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=o)
    driver.set_page_load_timeout(60)  # a page that never loads fails, not hangs
    return driver


def rgb_pixels(path):
    width, height, bpp, rows = check_png.decode(path)
    return (width, height), [row[i:i + 3] for row in rows for i in range(0, width * bpp, bpp)]


def share_differing(a, b, tolerance=0):
    """The share of pixels whose colour differs by more than `tolerance` in a
    channel between the PNGs a and b; None when their sizes differ."""
    (size_a, pa), (size_b, pb) = rgb_pixels(a), rgb_pixels(b)
    if size_a != size_b:
        return None
    far = sum(1 for x, y in zip(pa, pb) if max(abs(x[k] - y[k]) for k in range(3)) > tolerance)
    return far / max(1, len(pa))


def blank(path):
    """A single colour over the whole screenshot: nothing was drawn."""
    return len(check_png.colour_histogram(path)[2]) < 2


def load(driver, url, timeout, frames=30):
    """Opens url and waits for `frames` frames drawn. Returns (seconds to the
    first frame or None, the page's notice text)."""
    start = time.time()
    driver.get(url)
    drawn = None
    while time.time() - start < timeout:
        n = driver.execute_script("return window.Module && Module.framesDrawn || 0")
        if n >= 1 and drawn is None:
            drawn = time.time() - start
        if n >= frames:
            break
        time.sleep(0.05)
    return drawn, driver.execute_script("return document.getElementById('notice').textContent")


def settle(driver):
    """Waits until the page has been composited twice since now, so that a
    screenshot shows the last frame drawn (a busy machine's compositor lags)."""
    driver.set_script_timeout(10)
    driver.execute_async_script(
        "const done = arguments[0];"
        "requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 100)));")


def scene_of(title):
    """'ch02_integrators: kepler - Integrators...' -> 'kepler'."""
    head = title.split(" - ")[0]
    return head.split(": ", 1)[1] if ": " in head else ""


def check_page(driver, url, program, out, timeout):
    problems = []
    drawn, notice = load(driver, url, timeout)
    if notice:
        problems.append("the page says: " + notice.replace("\n", " / "))
    if drawn is None:
        problems.append("no frame drawn within %g s" % timeout)
    first = os.path.join(out, program + ".png")
    settle(driver)
    driver.save_screenshot(first)
    if blank(first):
        problems.append("the screenshot is blank (a single colour)")
    # A scripted input: ']' (the next scene) must change the picture.
    from selenium.webdriver.common.action_chains import ActionChains
    title_before = driver.title
    ActionChains(driver).send_keys("]").perform()
    time.sleep(0.5)
    settle(driver)
    after = os.path.join(out, program + "-key.png")
    driver.save_screenshot(after)
    changed = share_differing(first, after) or 0.0
    if changed < 0.01:
        problems.append("']' changed %.2f %% of the pixels (the next scene should show)" % (100 * changed))
    second = scene_of(driver.title)
    if not second or second == scene_of(title_before):
        problems.append("after ']' the title %r names no other scene than %r" % (driver.title, title_before))
    problems += console_errors(driver)
    if second:
        # The address sets the page up, as the command line would.
        _, notice = load(driver, url + "?scene=%s&h=0.02" % second, timeout, 5)
        if scene_of(driver.title) != second or notice:
            problems.append("?scene=%s&h=0.02 shows %r, notice %r" % (second, driver.title, notice))
        # A bad value: the command line's message, and the scene with its defaults.
        _, notice = load(driver, url + "?scene=%s&h=-1" % second, timeout, 5)
        if scene_of(driver.title) != second or ": error: " not in notice:
            problems.append("?scene=%s&h=-1 shows %r, notice %r (expected the error and the scene)"
                            % (second, driver.title, notice))
        bad = os.path.join(out, program + "-bad.png")
        driver.save_screenshot(bad)
        if blank(bad):
            problems.append("?scene=%s&h=-1 leaves the canvas blank" % second)
        problems += console_errors(driver)
    return drawn, changed, title_before, problems


def check_lesson_keys(driver, url, timeout):
    """With the lesson shown, ']' after a click in the lesson stays in the
    page (the title keeps its scene: the reader scrolls there), and after a
    click on the canvas it is the program's again (the next scene)."""
    from selenium.webdriver.common.action_chains import ActionChains
    load(driver, url, timeout, 5)
    try:
        if driver.execute_script("return document.getElementById('lesson').hidden"):
            driver.find_element("id", "toggle").click()
        before = scene_of(driver.title)
        driver.find_element("css selector", "#lesson h1").click()
        ActionChains(driver).send_keys("]").perform()
        time.sleep(0.5)
        problems = []
        if scene_of(driver.title) != before:
            problems.append("']' after a click in the lesson went to the program (%r, was %r)"
                            % (driver.title, before))
        ActionChains(driver).move_to_element(driver.find_element("id", "canvas")).click().perform()
        ActionChains(driver).send_keys("]").perform()
        time.sleep(0.5)
        if scene_of(driver.title) == before:
            problems.append("']' after a click on the canvas did not reach the program (%r)" % driver.title)
        return problems + console_errors(driver)
    finally:
        # The lesson's state is kept per site: the next page opens as a reader's would.
        driver.execute_script("localStorage.removeItem('pbm-lesson')")


def compare_native(driver, url, program, out, native, frames, timeout):
    """The page after `frames` frames at 1280 x 800 against the desktop's
    screenshot after as many (./pbm shots: shots/PROGRAM.png): the share of
    pixels whose colour differs by more than 40 in a channel. What may differ
    is small: the frame rate's digits, a button's label ("Copy link"), the
    lesson's button, text and lines rasterised by another GL."""
    reference = os.path.join(native, program + ".png")
    if not os.path.isfile(reference):
        return None, []
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    try:
        _, notice = load(driver, url + "?frames=%d" % frames, timeout, frames)
        settle(driver)
        shot = os.path.join(out, program + "-frame%d.png" % frames)
        driver.save_screenshot(shot)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    share = share_differing(reference, shot, 40)
    if share is None:
        return None, ["the page's picture and the desktop's %s differ in size" % reference]
    problems = []
    if share > 0.02:
        problems.append("after %d frames %.1f %% of the pixels differ from the desktop's %s (more than 2 %%)"
                        % (frames, 100 * share, reference))
    if notice:
        problems.append("the page says: " + notice)
    return share, problems


# The panel's "Save CSV" button at 1280 x 800 (CSS pixels): the panel is
# 360 wide at the right edge, the button the second of its PNG/CSV/link row.
SAVE_CSV_AT = (1074, 82)


def check_csv(driver, url, program, out, native_bin, timeout):
    """The panel's "Save CSV" at 1280 x 800 downloads the first scene's
    headless run: its header, its number of rows, its first row and its last
    time as the native program's --headless --csv writes them (the digits of
    every cell are section 7's comparison, tools/platforms/platform_web.sh)."""
    import csv
    import subprocess
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    native = os.path.join(native_bin, program)
    if not os.access(native, os.X_OK):
        return None, []
    downloads = os.path.join(out, program + "-downloads")
    os.makedirs(downloads, exist_ok=True)
    for f in os.listdir(downloads):
        os.remove(os.path.join(downloads, f))
    driver.execute_cdp_cmd("Browser.setDownloadBehavior",
                           {"behavior": "allow", "downloadPath": downloads})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": False})
    try:
        load(driver, url, timeout, 5)
        ab = ActionBuilder(driver)
        ab.pointer_action.move_to_location(*SAVE_CSV_AT)
        ab.pointer_action.pause(0.3)
        ab.pointer_action.click()
        ab.perform()
        ActionChains(driver).pause(0.1).perform()
        deadline = time.time() + timeout
        got = []
        while time.time() < deadline:
            got = [f for f in os.listdir(downloads) if f.endswith(".csv")]
            if got:
                break
            time.sleep(0.2)
    finally:
        driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
    if not got:
        return None, ["'Save CSV' at %s downloaded no CSV within %g s" % (SAVE_CSV_AT, timeout)]
    with open(os.path.join(downloads, got[0]), newline="") as f:
        page_rows = list(csv.reader(f))
    reference = os.path.join(downloads, "native.csv.txt")
    subprocess.run([native, "--headless", "--csv", reference], check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    with open(reference, newline="") as f:
        native_rows = list(csv.reader(f))
    problems = []
    for what, a, b in (("the header", page_rows[:1], native_rows[:1]),
                       ("the number of rows", len(page_rows), len(native_rows)),
                       ("the first row", page_rows[1:2], native_rows[1:2]),
                       ("the last time", page_rows[-1][:1], native_rows[-1][:1])):
        if a != b:
            problems.append("'Save CSV' (%s): %s is %s, the native program's %s"
                            % (got[0], what, str(a)[:120], str(b)[:120]))
    return (got[0], len(page_rows) - 1), problems


def console_errors(driver):
    return ["console error: " + e["message"][:300] for e in driver.get_log("browser")
            if e["level"] == "SEVERE"]


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--site", default=os.path.join(ROOT, "build", "web"))
    p.add_argument("--out", default=os.path.join(ROOT, "build", "web-check"))
    p.add_argument("--ratio", default="1", help="devicePixelRatio (1 or 2)")
    p.add_argument("--timeout", type=float, default=20.0, help="seconds a page may take to draw")
    p.add_argument("--native", default=os.path.join(ROOT, "shots"),
                   help="the desktop's screenshots to compare with (./pbm shots: shots/)")
    p.add_argument("--native-bin", default=os.path.join(ROOT, "build", "bin"),
                   help="the native programs whose --headless CSV 'Save CSV' must match")
    p.add_argument("--frames", type=int, default=60, help="frames before the compared picture (./pbm shots')")
    p.add_argument("--checks", default="draw,native,keys,csv",
                   help="which checks beside draw (always): native, keys, csv (default all)")
    p.add_argument("programs", nargs="*")
    a = p.parse_args(argv)
    checks = set(a.checks.split(","))
    unknown = checks - {"draw", "native", "keys", "csv"}
    if unknown:
        p.error("--checks: unknown check %s (draw, native, keys, csv)" % ", ".join(sorted(unknown)))
    programs = a.programs or sorted(f[:-5] for f in os.listdir(a.site)
                                    if f.startswith("ch") and f.endswith(".html"))
    if not programs:
        print("tools/web/check_pages.py: no chapter pages in %s: ./pbm web first" % a.site)
        return 1
    out = os.path.join(a.out, "ratio%s" % a.ratio)
    os.makedirs(out, exist_ok=True)
    server = serve(a.site)
    port = server.server_address[1]
    driver = browser(a.ratio)
    failed = 0
    try:
        for program in programs:
            url = "http://127.0.0.1:%d/%s.html" % (port, program)
            drawn, changed, title, problems = check_page(driver, url, program, out, a.timeout)
            if "keys" in checks:
                problems += check_lesson_keys(driver, url, a.timeout)
            same = ""
            if a.ratio == "1" and "native" in checks:
                share, more = compare_native(driver, url, program, out, a.native, a.frames, a.timeout)
                problems += more
                same = "; the desktop's picture: %s" % (
                    "none in %s" % a.native if share is None else "%.2f %% of the pixels differ" % (100 * share))
            if a.ratio == "1" and "csv" in checks:
                saved, more = check_csv(driver, url, program, out, a.native_bin, a.timeout)
                problems += more
                if saved:
                    same += "; 'Save CSV': %s, %d rows" % saved
            when = "%.2f s" % drawn if drawn is not None else "never"
            status = "FAILED" if problems else "ok"
            print("%-24s %s: first frame after %s, ']' changed %.0f %% of the picture%s"
                  % (program, status, when, 100 * changed, same))
            for line in problems:
                print("    " + line)
            failed += bool(problems)
    finally:
        driver.quit()
        server.shutdown()
    print("%d of %d pages passed at devicePixelRatio %s (screenshots in %s)"
          % (len(programs) - failed, len(programs), a.ratio, out))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
