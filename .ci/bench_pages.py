#!/usr/bin/env python3
"""Page weight and load time of the 10k-entry site (make bench).

Builds bench.py's 10k-entry journal, then:
1. runs `journalgen check` on the journal (every page's links must lead to files the build
   writes) and lists every HTML page and JSON file over the limit (1 MB) and the largest of each;
2. opens pages in headless Chromium over HTTP, one at a time: the 40 largest HTML pages, the
   first page of every kind, and the filter page with its search (which fetches every year's
   index file), and reports for each the time to DOMContentLoaded (interactive), the time to the
   load event, and the bytes of JSON it fetched. The target: every page interactive in 1.5 s.

usage: bench_pages.py [--journalgen BIN] [--site DIR] [--largest 40]
"""
import argparse
import os
import re
import tempfile
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
sys.path.insert(0, HERE)
import bench  # noqa: E402
from check_site import browser, pages_by_kind, serve  # noqa: E402

LIMIT = 1_000_000
TARGET = 1.5


def sizes(site):
    found = []
    for folder, _, files in os.walk(site):
        for name in files:
            if name.endswith((".html", ".json")):
                path = os.path.join(folder, name)
                found.append((os.path.getsize(path), os.path.relpath(path, site)))
    return sorted(found, reverse=True)


def timing(driver, url):
    # JSON bytes: the files' sizes, whether fetched or revalidated from the browser's cache (a
    # file fetched again on a later page counts a 304 of a few hundred bytes as its transferSize).
    driver.get(url)
    deadline = time.time() + 120
    while time.time() < deadline:
        t = driver.execute_script("""
            var n = performance.getEntriesByType('navigation')[0];
            if (!n || !n.loadEventEnd) return null;
            var json = performance.getEntriesByType('resource').filter(function (r) { return /\\.json$/.test(r.name); });
            return [n.domContentLoadedEventEnd, n.loadEventEnd, json.reduce(function (a, r) { return a + (r.encodedBodySize || r.transferSize || 0); }, 0), json.length];""")
        if t:
            return t
        time.sleep(0.05)
    return [float("inf"), float("inf"), 0, 0]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--journalgen", default=os.path.join(ROOT, ".build", "release", "journalgen"))
    ap.add_argument("--site", help="measure this built site instead of building one")
    ap.add_argument("--largest", type=int, default=40)
    a = ap.parse_args()

    site = a.site
    if not site:
        work = os.path.join(ROOT, ".build", "bench")
        journal = os.path.join(work, "journal-10000")
        if not os.path.exists(os.path.join(journal, "journal.yaml")):
            subprocess.run([sys.executable, os.path.join(bench.SHARED, "make-journal.py"), journal,
                            "--entries", "10000", "--media", "--quiet"], check=True)
        site = os.path.join(work, "pages-site")
        subprocess.run([a.journalgen, "build", journal, "--output", site, "--today", "2026-11-22", "--quiet"],
                       check=True, env=bench.ENVIRONMENT)

    if not a.site:
        # Every href and src of every page leads to a file the build writes (journalgen check
        # renders the whole site and looks at each page's links).
        started = time.time()
        checked = subprocess.run([a.journalgen, "check", journal, "--today", "2026-11-22", "--format", "json"],
                                 capture_output=True, text=True, env=bench.ENVIRONMENT)
        import json
        problems = json.loads(checked.stdout or "[]")
        errors = [p for p in problems if p["severity"] == "error"]
        print(f"journalgen check, 10k entries: {time.time() - started:.1f} s, {len(errors)} errors, {len(problems) - len(errors)} warnings"
              + ("" if not errors else "  NOT MET: " + "; ".join(p["message"] for p in errors[:3])))

    files = sizes(site)
    over = [(s, p) for s, p in files if s > LIMIT]
    print(f"Page weight, 10k entries: {len(files)} HTML and JSON files; largest {files[0][0] / 1e6:.2f} MB ({files[0][1]})")
    for s, p in files[:8]:
        print(f"  {s / 1e6:6.2f} MB  {p}")
    print(f"  over 1 MB: {len(over)}" + ("" if not over else "  NOT MET: " + ", ".join(p for _, p in over)))

    pages, kinds = pages_by_kind(site)
    html = [p for s, p in files if p.endswith(".html")][: a.largest]
    chosen = list(dict.fromkeys(html + list(kinds.values())))
    # The site links below base_url's path (/journal/ for the bench journal): serve it there, so
    # every page loads its stylesheet, script and search files as a reader's browser would.
    home = open(os.path.join(site, "index.html"), encoding="utf-8").read()
    prefix = re.search(r'href="(/[^"]*?)style\.css', home).group(1).strip("/")
    root = tempfile.mkdtemp()
    mount = os.path.join(root, prefix) if prefix else root
    if prefix:
        os.makedirs(os.path.dirname(mount), exist_ok=True)
        os.symlink(os.path.abspath(site), mount)
    server = serve(root if prefix else site)
    base = f"http://127.0.0.1:{server.server_address[1]}/" + (prefix + "/" if prefix else "")
    # A page must load its stylesheet: a check that the measurement is of the real page.
    import urllib.request
    assert urllib.request.urlopen(base + "style.css").status == 200
    driver = browser()
    driver.set_window_size(1280, 900)
    results = []
    try:
        driver.get(base)  # warm the browser
        for rel in chosen:
            url = base + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)
            results.append((rel,) + tuple(timing(driver, url)))
        search = base + "filter/?q=the"
        results.append(("filter/?q=the (search: every year's index)",) + tuple(timing(driver, search)))
    finally:
        driver.quit()
        server.shutdown()
    results.sort(key=lambda r: -r[1])
    print(f"Headless Chromium, {len(results)} pages (the {a.largest} largest and one of each kind), slowest first:")
    for rel, interactive, load, json_bytes, json_count in results[:10]:
        extra = f", {json_count} JSON files {json_bytes / 1e6:.2f} MB" if json_count else ""
        print(f"  interactive {interactive / 1000:5.2f} s  load {load / 1000:5.2f} s  {rel}{extra}")
    for rel, interactive, load, json_bytes, json_count in results:
        if rel.startswith("filter/?q="):
            print(f"  the find page with a search: interactive {interactive / 1000:.2f} s, load {load / 1000:.2f} s, "
                  f"{json_count} JSON files fetched by then ({json_bytes / 1e6:.2f} MB)")
    worst = results[0][1] / 1000
    print(f"  slowest interactive: {worst:.2f} s (target {TARGET} s): " + ("met" if worst <= TARGET else f"NOT MET: {worst:.2f} s against {TARGET} s"))


if __name__ == "__main__":
    main()
