"""Alternates two journalgen binaries, each on its own copy of the 10k journal (its own build cache),
appending a line to one entry before every build: the body-edit case of the writer's loop.

usage: ab-body-edit.py RUNS   (edit `bins` for the binaries and journal copies)"""
import subprocess, time, os, statistics, sys, shutil, glob
env = dict(os.environ, JOURNALGEN_PASSPHRASE="benchmark passphrase, not a secret")
bins = {"old": ("/tmp/old/.build/release/journalgen", "/work/main/.build/bench/ab-old"), "new": ("/work/main/.build/release/journalgen", "/work/main/.build/bench/ab-new")}
def build(k):
    b, j = bins[k]
    t = time.time()
    p = subprocess.run([b, "build", j, "-o", f"/dev/shm/inc-{k}", "--today", "2026-11-22"], env=env, capture_output=True, text=True)
    if p.returncode: print(p.stdout, p.stderr); sys.exit(1)
    return time.time() - t
for k in bins: build(k); build(k)
res = {k: [] for k in bins}
for i in range(int(sys.argv[1])):
    for k in bins:
        f = sorted(glob.glob(bins[k][1] + "/entries/2015/*.md"))[i]
        with open(f, "a") as fh: fh.write("\nOne more line %d.\n" % i)
        res[k].append(build(k))
for k, v in res.items(): print(k, "body edit median %.2f" % statistics.median(v), [round(x, 2) for x in v])
