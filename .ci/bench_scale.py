#!/usr/bin/env python3
"""The figures of the speed targets (make bench): cold builds of 1k, 10k and 50k entries, beside Hugo.

A cold build: a new output folder, no entry cache and no page fingerprints, the photo cache present
(photos made by an earlier build stay, as Hugo's resources/ do), so both tools do the same work with
photos: publish sizes that exist. Each size is built on tmpfs (/dev/shm) and on the repository's own
disk, alternating journalgen and Hugo in one run; medians of wall time, CPU time (user + system) and
peak memory, with the spread (min-max) of the wall times. Output folders are never deleted right
before a build (ext4 then skips recently freed inodes and both tools slow down by seconds): each
build writes a folder of its own, and all are removed at the end.

Also printed: the first-ever build of the 10k journal (no photo cache at all: every photo resized),
and for 50k entries the time per entry against the 1k build's, the peak memory, and the largest page
and JSON file. Hugo at 50k needs about 9 GB and minutes: only with --hugo-50k.

usage: bench_scale.py [--runs N] [--sizes 1000,10000,50000] [--disk-runs N] [--hugo-50k] [--no-first-ever]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench import COLD_ENVIRONMENT, ROOT, SHARED, run  # noqa: E402

TARGETS = {"speed": 5.0, "memory": 8.0, "per_entry": 1.2, "peak_50k_mb": 1024, "largest_mb": 1.0}


def prepare(work, size):
    journal = os.path.join(work, f"journal-{size}")
    if not os.path.exists(os.path.join(journal, "journal.yaml")):
        shutil.rmtree(journal, ignore_errors=True)
        print(f"making the {size}-entry journal…", flush=True)
        subprocess.run([sys.executable, os.path.join(SHARED, "make-journal.py"), journal,
                        "--entries", str(size), "--media", "--quiet"], check=True)
    return journal


def hugo_site(work, journal, size):
    return subprocess.run(["bash", os.path.join(SHARED, "hugo-prepare.sh"), journal, os.path.join(work, f"hugo-{size}")],
                          check=True, capture_output=True, text=True).stdout.strip()


def forget_builds(journal):
    """No entry cache, no page fingerprints: what a first build of this journal on a machine would have."""
    cache = os.path.join(journal, ".journalgen-cache")
    for name in ("sites", "entries"):
        shutil.rmtree(os.path.join(cache, name), ignore_errors=True)
    if os.path.exists(os.path.join(cache, "private", "sealed")):
        os.remove(os.path.join(cache, "private", "sealed"))


def journalgen_cmd(binary, journal, out):
    return [binary, "build", journal, "-o", out, "--today", "2026-11-22", "--quiet"]


def remove(out):
    shutil.rmtree(out, ignore_errors=True)
    parent, name = os.path.split(out)
    shutil.rmtree(os.path.join(parent, f".{name}.journalgen-spare"), ignore_errors=True)


def largest(folder, suffixes):
    best = (0, "")
    for base, _, files in os.walk(folder):
        for f in files:
            if f.endswith(suffixes):
                p = os.path.join(base, f)
                best = max(best, (os.path.getsize(p), os.path.relpath(p, folder)))
    return best


def cold(args, journal, site, size, place, runs):
    """Alternating cold builds into fresh folders under `place`; returns {tool: [(wall, cpu, peak MB)]}."""
    os.makedirs(place, exist_ok=True)
    results = {"journalgen": [], "hugo": []}
    # On tmpfs each output is removed once the next build of its tool is done (the last journalgen
    # site is kept for the size check): six 50k sites at once were 9 GB of memory, which slowed
    # both tools and once filled /dev/shm. On disk they stay until the end: ext4 skips inodes freed
    # in the last minute, and deleting just before a build made its time swing.
    early = os.path.abspath(place).startswith(os.path.abspath(args.tmpfs))
    last = {"journalgen": None, "hugo": None}
    made = []
    try:
        for i in range(runs + 1):  # round 0 warms the page cache and is not counted
            for tool in (["journalgen", "hugo"] if i % 2 == 0 else ["hugo", "journalgen"]):
                if tool == "hugo" and site is None:
                    continue
                out = os.path.join(place, f"scale-{tool}-{size}-{i}")
                remove(out)
                if tool == "journalgen":
                    forget_builds(journal)
                    wall, user, system, peak = run(journalgen_cmd(args.journalgen, journal, out), env=COLD_ENVIRONMENT)
                else:
                    wall, user, system, peak = run([args.hugo, "--quiet", "-s", site, "-d", out])
                if early and last[tool]:
                    remove(last[tool])
                last[tool] = out
                made.append(out)
                if i > 0:
                    results[tool].append((wall, user + system, peak))
        sizes = (largest(last["journalgen"], (".html",)), largest(last["journalgen"], (".json",)))
    finally:
        for out in made:
            remove(out)
    return results, sizes


def median(rows, k):
    return statistics.median(r[k] for r in rows)


def verdict(ok):
    return "met" if ok else "NOT MET"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--disk-runs", type=int, default=3)
    ap.add_argument("--sizes", default="1000,10000,50000")
    ap.add_argument("--work", default=os.path.join(ROOT, ".build", "bench"))
    ap.add_argument("--tmpfs", default="/dev/shm/journalgen-bench")
    ap.add_argument("--journalgen", default=os.path.join(ROOT, ".build", "release", "journalgen"))
    ap.add_argument("--hugo-50k", action="store_true", help="also build the 50k journal with Hugo (about 9 GB, minutes)")
    ap.add_argument("--no-first-ever", action="store_true", help="skip the build without a photo cache")
    args = ap.parse_args()
    args.hugo = shutil.which("hugo")
    if not args.hugo:
        print("hugo is not installed (apt-get install hugo): journalgen alone")
    sizes = [int(s) for s in args.sizes.split(",")]
    summary = {}
    print(f"{'case':>22} {'tool':>10} {'wall s':>8} {'spread':>13} {'CPU s':>8} {'peak MB':>8}", flush=True)
    for size in sizes:
        journal = prepare(args.work, size)
        # An uncounted build first: the photo cache must hold every size, as it does after a writer's first build.
        warm = os.path.join(args.tmpfs, f"warm-{size}")
        remove(warm)
        first = run(journalgen_cmd(args.journalgen, journal, warm))
        remove(warm)
        with_hugo = args.hugo and (size < 50000 or args.hugo_50k)
        site = hugo_site(args.work, journal, size) if with_hugo else None
        places = [("tmpfs", args.tmpfs, args.runs)]
        if size == 10000:
            places.append(("disk", os.path.join(args.work, "scale-out"), args.disk_runs))
        for name, place, runs in places:
            if runs < 1:
                continue
            results, (page, data) = cold(args, journal, site, size, place, runs)
            label = f"{size} cold {name}"
            for tool, rs in results.items():
                if rs:
                    walls = [r[0] for r in rs]
                    print(f"{label:>22} {tool:>10} {median(rs, 0):8.2f} {min(walls):6.2f}-{max(walls):<6.2f} {median(rs, 1):8.2f} {median(rs, 2):8.0f}", flush=True)
            j = results["journalgen"]
            summary[(size, name)] = (median(j, 0), median(j, 1), median(j, 2), page, data)
            if results["hugo"]:
                h = results["hugo"]
                speed, cpu, memory = median(h, 0) / median(j, 0), median(h, 1) / median(j, 1), median(h, 2) / median(j, 2)
                print(f"{label:>22} {'Hugo/jg':>10} {speed:7.1f}x {'':>13} {cpu:7.1f}x {memory:7.1f}x", flush=True)
                if size == 10000:
                    print(f"{'':>22} target ≥{TARGETS['speed']:.0f}x wall: {verdict(speed >= TARGETS['speed'])}; "
                          f"≥{TARGETS['speed']:.0f}x CPU: {verdict(cpu >= TARGETS['speed'])}; "
                          f"memory ≤1/{TARGETS['memory']:.0f} of Hugo's: {verdict(memory >= TARGETS['memory'])}", flush=True)
        if size == 10000 and not args.no_first_ever:
            # First-ever: no photo cache at all. The cache is set aside, not deleted, and put back.
            cache = os.path.join(journal, ".journalgen-cache")
            aside = cache + ".aside"
            shutil.rmtree(aside, ignore_errors=True)
            os.rename(cache, aside)
            out = os.path.join(args.tmpfs, "first-ever")
            remove(out)
            try:
                proc = subprocess.run([args.journalgen, "build", journal, "-o", out, "--today", "2026-11-22", "--timings"],
                                      env=COLD_ENVIRONMENT, capture_output=True, text=True, check=True)
                # "  21.100 s    228 MB  process images": the seconds only.
                images = next((l.split()[0] + " s process images" for l in proc.stdout.splitlines() if "process images" in l), "")
                photos = next((p.strip() for l in proc.stdout.splitlines() for p in l.split(";") if "photos processed" in p), "")
                total = next((l.split(" in ")[1].split(" →")[0] for l in proc.stdout.splitlines() if l.startswith("Built")), "?")
                print(f"{'10000 first-ever':>22} {'journalgen':>10} {total:>8}   ({photos}; {images})", flush=True)
            finally:
                remove(out)
                shutil.rmtree(cache, ignore_errors=True)
                os.rename(aside, cache)
    if 50000 in sizes and 1000 in sizes:
        small, large = summary[(1000, "tmpfs")], summary[(50000, "tmpfs")]
        entries = {size: sum(1 for b, _, fs in os.walk(os.path.join(args.work, f"journal-{size}", "entries")) for f in fs if f.endswith(".md"))
                   for size in (1000, 50000)}
        per_small, per_large = small[0] / entries[1000] * 1000, large[0] / entries[50000] * 1000
        ratio = per_large / per_small
        print(f"50k: {per_large:.3f} ms per entry against {per_small:.3f} at 1k ({ratio:.2f}x; target ≤{TARGETS['per_entry']}x: {verdict(ratio <= TARGETS['per_entry'])}); "
              f"peak {large[2]:.0f} MB (target <{TARGETS['peak_50k_mb']} MB: {verdict(large[2] < TARGETS['peak_50k_mb'])}); "
              f"largest page {large[3][0] / 1e6:.2f} MB ({large[3][1]}), largest JSON {large[4][0] / 1e6:.2f} MB ({large[4][1]}) "
              f"(target ≤{TARGETS['largest_mb']:.0f} MB: {verdict(max(large[3][0], large[4][0]) <= TARGETS['largest_mb'] * 1e6)})", flush=True)


if __name__ == "__main__":
    main()
