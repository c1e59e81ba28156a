"""Alternates journalgen binaries on one journal, a cold build into a new tmpfs folder each time.

usage: ab-cold.py JOURNAL RUNS [BINARY,BINARY...] [cache,nocache] [--drop-caches] [--out FOLDER]
  e.g. ab-cold.py .build/bench/journal-10000 5 /tmp/old/.build/release/journalgen,.build/release/journalgen
Without binaries: /tmp/old/.build/release/journalgen against .build/release/journalgen, and a
last argument `--no-cache` measures that mode only (as earlier entries of docs/benchmarks.md ran it).
Each run builds with every binary (the order reversed every other run), in each mode: "cache" (an
empty entry cache, written by the build, as a first build does) and "nocache" (--no-cache). Prints
the median wall time, user and system CPU time and peak memory (ru_maxrss, through /usr/bin/time).
--drop-caches (root): the page cache is emptied before each build, so that every file the build
reads comes from disk, as in a first build a while after the last (this machine's page cache lets
files go within a minute or two).
--out FOLDER: each build into a new folder below FOLDER (on the file system to measure, e.g. the
repository's disk), all kept until the last build: ext4 looks through the inodes freed in the last
minute when it makes new ones, so deleting each site before the next build made that build pay
for the delete."""
import subprocess, time, os, statistics, resource, sys, shutil
J = sys.argv[1]; runs = int(sys.argv[2]); rest = sys.argv[3:]
drop = "--drop-caches" in rest
rest = [a for a in rest if a != "--drop-caches"]
place = None
if "--out" in rest:
    at = rest.index("--out")
    place = os.path.abspath(rest[at + 1])
    del rest[at:at + 2]
    os.makedirs(place, exist_ok=True)
kept = []
if rest and not rest[0].startswith("-"):
    bins = rest.pop(0).split(",")
else:
    bins = ["/tmp/old/.build/release/journalgen", ".build/release/journalgen"]
modes = (["nocache"] if rest[0] == "--no-cache" else rest[0].split(",")) if rest else ["cache", "nocache"]
env = dict(os.environ, JOURNALGEN_PASSPHRASE="benchmark passphrase, not a secret")
res = {}
for i in range(runs):
    for b in (bins if i % 2 == 0 else bins[::-1]):
        for mode in modes:
            # Cold: no entry cache, no page fingerprints, no sealed private pages (photos stay cached).
            for part in ("sites", "entries"):
                shutil.rmtree(os.path.join(J, ".journalgen-cache", part), ignore_errors=True)
            sealed = os.path.join(J, ".journalgen-cache", "private", "sealed")
            if os.path.isfile(sealed): os.remove(sealed)
            if drop:
                subprocess.run(["sync"], check=True)
                with open("/proc/sys/vm/drop_caches", "w") as f: f.write("3\n")
            out = os.path.join(place, f"ab-cold-{i}-{bins.index(b)}-{mode}") if place else f"/dev/shm/ab-cold-{i}"
            r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
            t = time.time()
            p = subprocess.run(["/usr/bin/time", "-f", "%M", b, "build", J, "-o", out, "--today", "2026-11-22", "--quiet"]
                               + (["--no-cache"] if mode == "nocache" else []), env=env, capture_output=True, text=True)
            wall = time.time() - t
            r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
            if p.returncode: print(p.stdout, p.stderr); sys.exit(1)
            peak = int(p.stderr.strip().splitlines()[-1]) / 1024
            res.setdefault((b, mode), []).append((wall, r1.ru_utime - r0.ru_utime, r1.ru_stime - r0.ru_stime, peak))
            # The spare beside it would make the next build reuse files: not cold.
            spare = os.path.join(os.path.dirname(out), f".{os.path.basename(out)}.journalgen-spare")
            if place:
                kept += [out, spare]
            else:
                shutil.rmtree(out, ignore_errors=True)
                shutil.rmtree(spare, ignore_errors=True)
for folder in kept:
    shutil.rmtree(folder, ignore_errors=True)
for (b, mode), rs in res.items():
    med = lambda k: statistics.median(r[k] for r in rs)
    print(f"{b}  {mode:7s}  wall {med(0):.2f} s  user {med(1):.2f} s  sys {med(2):.2f} s  peak {med(3):.0f} MB  walls {[round(r[0], 2) for r in rs]}")
