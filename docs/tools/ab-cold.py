"""Alternates two journalgen binaries on one journal, a build into a new tmpfs folder each time.

usage: ab-cold.py JOURNAL RUNS [BUILD OPTIONS...]   (edit `bins` for the two binaries)
Prints the median wall and user CPU time of each."""
import subprocess, time, os, statistics, resource, sys, shutil
J = sys.argv[1]; runs = int(sys.argv[2]); extra = sys.argv[3:]
env = dict(os.environ, JOURNALGEN_PASSPHRASE="benchmark passphrase, not a secret")
bins = {"old": "/tmp/old/.build/release/journalgen", "new": "/work/main/.build/release/journalgen"}
res = {k: [] for k in bins}
for i in range(runs):
    for k, b in bins.items():
        out = f"/dev/shm/ab-{k}"
        shutil.rmtree(out, ignore_errors=True)
        # The previous site's spare beside it would make the build reuse files: not cold.
        shutil.rmtree(f"/dev/shm/.ab-{k}.journalgen-spare", ignore_errors=True)
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.time()
        p = subprocess.run([b, "build", J, "-o", out, "--today", "2026-11-22"] + extra, env=env, capture_output=True, text=True)
        wall = time.time() - t
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        if p.returncode: print(p.stdout, p.stderr); sys.exit(1)
        res[k].append((wall, r1.ru_utime - r0.ru_utime))
for k, v in res.items():
    print(k, "wall median %.2f" % statistics.median(w for w, _ in v), "user median %.2f" % statistics.median(u for _, u in v), [round(w, 2) for w, _ in v])
