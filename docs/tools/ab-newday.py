#!/usr/bin/env python3
"""Alternates journalgen binaries on the first build of a new day (nothing edited).

usage: ab-newday.py JOURNAL RUNS BINARY,BINARY
  e.g. ab-newday.py .build/bench/journal-10000 7 /tmp/old/journalgen,.build/release/journalgen
Each binary gets its own copy of JOURNAL (its entry cache is its own: a cache of another binary
is not trusted) and its own tmpfs output. Run i builds on day D_i, untimed, then times the build
of the next day; the days move on two at a time, the order of the binaries is reversed every other
run. Prints the median wall time and each run's."""
import datetime, os, shutil, statistics, subprocess, sys, time

source, runs, bins = sys.argv[1], int(sys.argv[2]), sys.argv[3].split(",")
env = dict(os.environ, JOURNALGEN_PASSPHRASE="benchmark passphrase, not a secret")
setups = []
for k, binary in enumerate(bins):
    copy = f"/tmp/ab-newday-{k}"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("_site"))
    for part in ("entries", "sites", "private"):
        shutil.rmtree(os.path.join(copy, ".journalgen-cache", part), ignore_errors=True)
    setups.append((binary, copy, f"/dev/shm/ab-newday-{k}"))
walls = {binary: [] for binary in bins}
start = datetime.date(2026, 11, 26)
for i in range(runs):
    day = start + datetime.timedelta(days=2 * i)
    for binary, journal, out in (setups if i % 2 == 0 else setups[::-1]):
        build = [binary, "build", journal, "-o", out, "--quiet", "--today"]
        subprocess.run(build + [day.isoformat()], env=env, check=True)
        t = time.time()
        subprocess.run(build + [(day + datetime.timedelta(days=1)).isoformat()], env=env, check=True)
        walls[binary].append(time.time() - t)
for binary, w in walls.items():
    print(f"{binary}  new day  wall {statistics.median(w):.2f} s  walls {[round(x, 2) for x in w]}")
for _, journal, out in setups:
    shutil.rmtree(journal, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    shutil.rmtree(os.path.join(os.path.dirname(out), "." + os.path.basename(out) + ".journalgen-spare"), ignore_errors=True)
