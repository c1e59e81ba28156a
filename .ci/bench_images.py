#!/usr/bin/env python3
"""journalgen vs Hugo processing the same photos at the same sizes (part of make bench).

Makes N photos of about 12 megapixels (one landscape from docs/tools/make-example-photos.py,
enlarged with libvips; each copy made distinct by a JPEG comment, so caches cannot share work),
a journal of N/10 entries with 10 photos each, and a Hugo site that resizes the same files to
the same widths (480, 960, 1600) in WebP and JPEG at quality 80. Times both tools alternately:
cold (no image cache) and warm (the cache of the previous build kept).

usage: bench_images.py [--photos 200] [--runs 3] [--work DIR] [--journalgen BIN]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from bench import run  # noqa: E402

HUGO_LAYOUT = """{{ range resources.Match "photos/*.jpg" }}{{ $p := . }}{{ range slice 480 960 1600 }}
{{ with $p.Resize (printf "%dx webp q80" .) }}<img src="{{ .RelPermalink }}">{{ end }}
{{ with $p.Resize (printf "%dx jpg q80" .) }}<img src="{{ .RelPermalink }}">{{ end }}{{ end }}{{ end }}
"""


def make_photos(work, count):
    base = os.path.join(work, "base-12mp.jpg")
    if not os.path.exists(base):
        source = os.path.join(ROOT, "example-journal", "entries", "2026", "2026-09-05-bastei", "bastei-bridge.jpg")
        subprocess.run(["vips", "resize", source, base + "[Q=88]", "2.357"], check=True)
    data = open(base, "rb").read()
    journal = os.path.join(work, f"photo-journal-{count}")
    if os.path.exists(os.path.join(journal, "journal.yaml")):
        return journal
    shutil.rmtree(journal, ignore_errors=True)
    os.makedirs(os.path.join(journal, "entries"))
    with open(os.path.join(journal, "journal.yaml"), "w") as f:
        f.write("title: Photo benchmark\ntimezone: Europe/Berlin\nbase_url: https://example.org/\n")
    for e in range(count // 10):
        day = f"2026-{1 + e // 28:02d}-{1 + e % 28:02d}"
        names = [f"photo-{e * 10 + k:04d}.jpg" for k in range(10)]
        bundle = os.path.join(journal, "entries", f"{day}-trip-day")
        os.makedirs(bundle)
        for n, name in enumerate(names):
            comment = f"benchmark photo {e * 10 + n}".encode()
            segment = b"\xff\xfe" + (len(comment) + 2).to_bytes(2, "big") + comment
            with open(os.path.join(bundle, name), "wb") as f:
                f.write(data[:2] + segment + data[2:])
        with open(bundle + ".md", "w") as f:
            f.write("---\ntitle: Day %d\nmedia: [%s]\n---\nTen photos.\n" % (e + 1, ", ".join(names)))
    return journal


def make_hugo_site(work, journal):
    site = os.path.join(work, "photo-hugo")
    if os.path.exists(site):
        return site
    os.makedirs(os.path.join(site, "assets", "photos"))
    os.makedirs(os.path.join(site, "layouts"))
    with open(os.path.join(site, "config.toml"), "w") as f:
        f.write('baseURL = "https://example.org/"\ndisableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404"]\n')
    with open(os.path.join(site, "layouts", "index.html"), "w") as f:
        f.write(HUGO_LAYOUT)
    for folder, _, files in os.walk(os.path.join(journal, "entries")):
        for name in files:
            if name.endswith(".jpg"):
                os.link(os.path.join(folder, name), os.path.join(site, "assets", "photos", name))
    return site


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--photos", type=int, default=200)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--work", default=os.path.join(ROOT, ".build", "bench"))
    ap.add_argument("--journalgen", default=os.path.join(ROOT, ".build", "release", "journalgen"))
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    journal = make_photos(args.work, args.photos)
    hugo = shutil.which("hugo")
    site = make_hugo_site(args.work, journal) if hugo else None
    cache = os.path.join(journal, ".journalgen-cache")
    hugo_cache = os.path.join(args.work, "photo-hugo-cache")
    label = f"{args.photos} photos"
    print(f"{'photos build':>18} {'tool':>10} {'wall s':>8} {'user s':>8} {'sys s':>7} {'peak MB':>8}", flush=True)
    for scenario in ("cold", "warm"):
        results = {"journalgen": [], "hugo": []}
        for i in range(args.runs):
            for tool in (["journalgen", "hugo"] if i % 2 == 0 else ["hugo", "journalgen"]):
                if tool == "hugo" and not hugo:
                    continue
                out = os.path.join(args.work, f"photo-out-{tool}")
                shutil.rmtree(out, ignore_errors=True)
                shutil.rmtree(os.path.join(args.work, f".photo-out-{tool}.journalgen-spare"), ignore_errors=True)
                if scenario == "cold":
                    shutil.rmtree(cache if tool == "journalgen" else hugo_cache, ignore_errors=True)
                    shutil.rmtree(os.path.join(site or "", "resources"), ignore_errors=True)
                if tool == "journalgen":
                    cmd = [args.journalgen, "build", journal, "-o", out, "--today", "2026-11-22", "--quiet"]
                else:
                    cmd = [hugo, "--quiet", "-s", site, "-d", out, "--cacheDir", hugo_cache]
                results[tool].append(run(cmd))
        for tool, rs in results.items():
            if rs:
                med = [statistics.median(x[k] for x in rs) for k in range(4)]
                print(f"{label + ' ' + scenario:>18} {tool:>10} {med[0]:8.2f} {med[1]:8.2f} {med[2]:7.2f} {med[3]:8.0f}", flush=True)
        if results["hugo"]:
            j = statistics.median(x[0] for x in results["journalgen"])
            h = statistics.median(x[0] for x in results["hugo"])
            ju = statistics.median(x[1] for x in results["journalgen"])
            hu = statistics.median(x[1] for x in results["hugo"])
            print(f"{label + ' ' + scenario:>18} {'ratio':>10} {h / j:7.1f}x {hu / ju:7.1f}x   (Hugo / journalgen: wall, user CPU)", flush=True)


if __name__ == "__main__":
    main()
