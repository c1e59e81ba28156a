#!/usr/bin/env python3
"""journalgen vs Hugo on the same synthetic journals (make bench).

Builds journals of 1k and 10k entries with ../shared/bench/make-journal.py (with --media, so
every media link resolves), prepares the same journals for Hugo with hugo-prepare.sh, then times
both tools alternately, RUNS times each, into fresh output folders on the same file system.
Prints medians of wall time and user CPU time, peak memory, and the ratio Hugo / journalgen.

usage: bench.py [--runs N] [--sizes 1000,10000] [--work DIR] [--journalgen BIN]
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "bench")


# The synthetic journals have private entries (about 3 %): journalgen encrypts them, so each build
# derives a key (PBKDF2, 600,000 rounds) and seals their pages, as a real build would.
ENVIRONMENT = dict(os.environ, JOURNALGEN_PASSPHRASE="benchmark passphrase, not a secret")
# A cold build is a CI deploy's or a new machine's: no key kept in the keyring by an earlier
# build either (Privacy/KeyAgent.swift), so every build derives the private pages' key.
COLD_ENVIRONMENT = dict(ENVIRONMENT, JOURNALGEN_KEY_CACHE="0")


def run(cmd, cwd=None, env=None):
    """Runs cmd (in the folder cwd); returns (wall s, user s, sys s, peak RSS MB)."""
    # Every file the last build wrote is put on disk first, outside the timing: left to the
    # kernel, the last build's writes (Hugo's half-gigabyte site, or journalgen's) were flushed
    # during the next build, which then paid for them on disk and on one of the two cores.
    os.sync()
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env or ENVIRONMENT, cwd=cwd)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    err = proc.stderr.read().decode(errors="replace")
    proc.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{err}")
    return wall, usage.ru_utime, usage.ru_stime, usage.ru_maxrss / 1024


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sizes", default="1000,10000")
    ap.add_argument("--work", default=os.path.join(ROOT, ".build", "bench"))
    ap.add_argument("--journalgen", default=os.path.join(ROOT, ".build", "release", "journalgen"))
    args = ap.parse_args()
    hugo = shutil.which("hugo")
    if not hugo:
        print("hugo is not installed (apt-get install hugo): timing journalgen alone")
    os.makedirs(args.work, exist_ok=True)
    print(f"{'entries build':>14} {'tool':>10} {'wall s':>8} {'user s':>8} {'sys s':>7} {'peak MB':>8}", flush=True)
    rows = []
    for size in [int(s) for s in args.sizes.split(",")]:
        journal = os.path.join(args.work, f"journal-{size}")
        if not os.path.exists(os.path.join(journal, "journal.yaml")):
            shutil.rmtree(journal, ignore_errors=True)
            subprocess.run([sys.executable, os.path.join(SHARED, "make-journal.py"), journal,
                            "--entries", str(size), "--media", "--quiet"], check=True)
        site = None
        if hugo:
            site = subprocess.run(["bash", os.path.join(SHARED, "hugo-prepare.sh"), journal,
                                   os.path.join(args.work, f"hugo-{size}")],
                                  check=True, capture_output=True, text=True).stdout.strip()
        # Cold: each build writes a new output folder (nothing deleted just before, which would
        # make ext4 skip recently freed inodes and slow both tools down). Rebuild: the same
        # folder again, as on a writer's machine.
        for scenario in ("cold", "rebuild"):
            results = {"journalgen": [], "hugo": []}
            made = []
            for i in range(args.runs + 1):  # round 0 warms the page cache and is not counted
                for tool in (["journalgen", "hugo"] if i % 2 == 0 else ["hugo", "journalgen"]):
                    if tool == "hugo" and not hugo:
                        continue
                    out = os.path.join(args.work, f"out-{tool}-{size}" + (f"-{i}" if scenario == "cold" else ""))
                    made.append(out)
                    if tool == "journalgen":
                        cmd = [args.journalgen, "build", journal, "-o", out, "--today", "2026-11-22", "--quiet"]
                        if scenario == "cold":
                            # Cold means no entry cache and no page fingerprints (photos made by
                            # earlier runs stay, as Hugo's resources/ do).
                            cache = os.path.join(journal, ".journalgen-cache")
                            shutil.rmtree(os.path.join(cache, "sites"), ignore_errors=True)
                            shutil.rmtree(os.path.join(cache, "entries"), ignore_errors=True)
                    else:
                        cmd = [hugo, "--quiet", "-s", site, "-d", out]
                    r = run(cmd, env=COLD_ENVIRONMENT if scenario == "cold" and tool == "journalgen" else None)
                    if i > 0:
                        results[tool].append(r)
            for out in set(made):
                shutil.rmtree(out, ignore_errors=True)
                parent, name = os.path.split(out)
                shutil.rmtree(os.path.join(parent, f".{name}.journalgen-spare"), ignore_errors=True)
            label = f"{size} {scenario}"
            for tool, rs in results.items():
                if not rs:
                    continue
                med = [statistics.median(x[k] for x in rs) for k in range(4)]
                rows.append((size, scenario, tool, med))
                print(f"{label:>14} {tool:>10} {med[0]:8.2f} {med[1]:8.2f} {med[2]:7.2f} {med[3]:8.0f}", flush=True)
            if results["hugo"]:
                j = [statistics.median(x[k] for x in results["journalgen"]) for k in range(4)]
                h = [statistics.median(x[k] for x in results["hugo"]) for k in range(4)]
                print(f"{label:>14} {'ratio':>10} {h[0] / j[0]:7.1f}x {h[1] / j[1]:7.1f}x {'':>7} {h[3] / j[3]:7.1f}x   (Hugo / journalgen: wall, user CPU, peak memory)", flush=True)
    by = {(s, sc, t): m for s, sc, t, m in rows}
    sizes = sorted({s for s, _, _, _ in rows})
    if len(sizes) >= 2:
        a, b = by[(sizes[0], "cold", "journalgen")][0] / sizes[0], by[(sizes[-1], "cold", "journalgen")][0] / sizes[-1]
        print(f"journalgen time per entry (cold): {a * 1000:.2f} ms at {sizes[0]}, {b * 1000:.2f} ms at {sizes[-1]} ({b / a:.2f}x)")


if __name__ == "__main__":
    main()
