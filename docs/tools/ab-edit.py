"""Alternates journalgen binaries on a build after one edit of the 10k journal, on a build with no change,
on builds after adding an entry and deleting it again, and after adding the build day's entry (the
newest, as a writer adds one each day) and deleting it again.

usage: ab-edit.py BINARY,BINARY[,...] [RUNS]
  e.g. ab-edit.py /tmp/old/.build/release/journalgen,.build/release/journalgen 9
Each binary gets its own copy of .build/bench/journal-10000 (made by `make bench`; its photo cache
copied too, so no photo is processed) in .build/ab-N, and its own output folder on tmpfs
(/dev/shm/ab-N). Two uncounted builds first (the first fills the entry cache: a new binary does
not trust another's). Then, in each run and for each binary in turn: one line appended to one
entry, a build; a build with nothing changed; a new entry (dated in 2024, with a mood and a tag), a
build; the new entry deleted, a build; an entry of the build day (2026-11-22, with a mood and a
tag), a build; that entry deleted, a build. The edited entry is put back as it was at the start.
Prints the medians of wall time and CPU time (user + system) of the edit, add, delete, new-day and
new-day-deleted builds, and the wall time of the builds with no change.
--no-change: only builds with nothing changed, each binary in turn (a quick look at the floor
every build after an edit stands on; many runs in the time of a few full ones)."""
import os, resource, shutil, statistics, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOURCE = os.path.join(ROOT, ".build/bench/journal-10000")
ENTRY = "entries/2013/2013-09-08-ayse-and-the-drizzle.md"
ADDED = "entries/2024/2024-03-09-added-by-ab-edit.md"
TODAY = "entries/2026/2026-11-22-written-today-by-ab-edit.md"
only_none = "--no-change" in sys.argv
args = [a for a in sys.argv[1:] if a != "--no-change"]
bins = args[0].split(",")
runs = int(args[1]) if len(args) > 1 else 5
env = dict(os.environ, JOURNALGEN_PASSPHRASE="benchmark passphrase, not a secret")
with open(os.path.join(SOURCE, ENTRY), "rb") as f:
    original = f.read()
journals = []
for n, _ in enumerate(bins):
    journal = os.path.join(ROOT, f".build/ab-{n}")
    if not os.path.exists(journal + "/journal.yaml"):
        shutil.rmtree(journal, ignore_errors=True)
        shutil.copytree(SOURCE, journal, ignore=shutil.ignore_patterns("_site", ".journalgen-cache"))
        for part in ("images", "frames"):
            shutil.copytree(f"{SOURCE}/.journalgen-cache/{part}", f"{journal}/.journalgen-cache/{part}")
    with open(os.path.join(journal, ENTRY), "wb") as f:
        f.write(original)
    for left in (ADDED, TODAY):  # from a run that was stopped
        if os.path.exists(os.path.join(journal, left)):
            os.remove(os.path.join(journal, left))
    journals.append(journal)


def build(n):
    cmd = [bins[n], "build", journals[n], "-o", f"/dev/shm/ab-{n}", "--today", "2026-11-22", "--quiet"]
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.time()
    subprocess.run(cmd, env=env, check=True)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.time() - start, r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime


for n in range(len(bins)):
    build(n)
    build(n)
results = {n: {"edit": [], "none": [], "add": [], "delete": [], "new-day": [], "new-day-deleted": []} for n in range(len(bins))}
for run in range(runs):
    for n in (range(len(bins)) if run % 2 == 0 or not only_none else reversed(range(len(bins)))):
        if only_none:
            results[n]["none"].append(build(n))
            continue
        with open(os.path.join(journals[n], ENTRY), "a") as f:
            f.write(f"\nEdited in run {run}.\n")
        results[n]["edit"].append(build(n))
        results[n]["none"].append(build(n))
        with open(os.path.join(journals[n], ADDED), "w") as f:
            f.write(f"---\ndate: 2024-03-09\nmood: good\ntags: [added]\n---\n# Added in run {run}\n\nA new day.\n")
        results[n]["add"].append(build(n))
        os.remove(os.path.join(journals[n], ADDED))
        results[n]["delete"].append(build(n))
        with open(os.path.join(journals[n], TODAY), "w") as f:
            f.write(f"---\ndate: 2026-11-22\nmood: good\ntags: [today]\n---\n# Today, run {run}\n\nWritten today.\n")
        results[n]["new-day"].append(build(n))
        os.remove(os.path.join(journals[n], TODAY))
        results[n]["new-day-deleted"].append(build(n))
for n in range(len(bins)):
    timed = {kind: (statistics.median(w for w, _ in runs), statistics.median(c for _, c in runs)) for kind, runs in results[n].items() if runs}
    print(f"{bins[n]}  " + " | ".join(f"{kind} wall {wall:.3f} s cpu {cpu:.3f} s" for kind, (wall, cpu) in timed.items()))
