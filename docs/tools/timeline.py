#!/usr/bin/env python3
"""Where a build leaves a core idle: its CPU samples, by 5 ms slices, on the main thread and on
all others, with what each was doing.

usage: timeline.py BINARY [JOURNAL] [OUTPUT]
  e.g. timeline.py .build/release/journalgen .build/bench/journal-10000 /dev/shm/site10k
Builds once untimed (so that the timed build is one after no change, as a writer's next build
is; edit an entry in between by hand to see a build after an edit), then once under
`perf record -F 10000 -g`, and prints one line per 5 ms: the main thread's samples and the other
threads' (50 = one core busy the whole slice, so main + others under 100 is a core idle), and the
two most frequent outermost JournalgenKit functions (M: main thread, W: the others). Ends with the
idle core-milliseconds. Needs `perf` (apt-get install linux-perf) and root or a low
perf_event_paranoid. The sampling slows the build by a tenth or so; read it for its shape."""
import collections, os, subprocess, sys, tempfile

binary = sys.argv[1]
journal = sys.argv[2] if len(sys.argv) > 2 else ".build/bench/journal-10000"
output = sys.argv[3] if len(sys.argv) > 3 else "/dev/shm/timeline-site"
env = dict(os.environ, JOURNALGEN_PASSPHRASE=os.environ.get("JOURNALGEN_PASSPHRASE", "benchmark passphrase, not a secret"))
build = [binary, "build", journal, "-o", output, "--today", "2026-11-22", "--quiet"]
subprocess.run(build, env=env, check=True)
with tempfile.TemporaryDirectory() as work:
    data = os.path.join(work, "perf.data")
    subprocess.run(["perf", "record", "-q", "-F", "10000", "-g", "-o", data] + build, env=env, check=True)
    script = subprocess.run(["perf", "script", "-i", data, "-F", "tid,time,ip,sym"], capture_output=True, text=True).stdout

samples, current = [], None
for line in script.splitlines():
    if not line.strip():
        if current: samples.append(current)
        current = None
    elif not line.startswith("\t"):
        # A sample's first line: the thread and the time (right-aligned); its frames follow,
        # each on a line that begins with a tab.
        parts = line.split()
        current = (int(parts[0]), float(parts[1].rstrip(":")), [])
    elif current is not None:
        current[2].append(line.strip().split(None, 1)[-1])
if current: samples.append(current)
if not samples: sys.exit("perf recorded no samples")

def doing(frames):
    """The outermost function of the engine that is not a helper that runs work on all cores."""
    for frame in reversed([f for f in frames if "JournalgenKit" in f]):
        if any(helper in frame for helper in ("parallelMap", "parallelForEach", "parallelUpdate")): continue
        if "BuildPipelineV3run" in frame and "U" not in frame[-8:]: continue
        return frame[12:60]
    return frames[0][:40] if frames else "?"

start, main = min(s[1] for s in samples), samples[0][0]
busy = collections.defaultdict(collections.Counter)
what = collections.defaultdict(collections.Counter)
for thread, time, frames in samples:
    slice_ = int((time - start) / 0.005)
    busy[slice_]["main" if thread == main else "other"] += 1
    what[slice_][("M " if thread == main else "W ") + doing(frames)[:45]] += 1
idle = 0
for slice_ in range(max(busy) + 1):
    counts = busy[slice_]
    idle += max(0, 100 - counts["main"] - counts["other"])
    top = ", ".join(f"{name}:{n}" for name, n in what[slice_].most_common(2))
    print(f"{slice_ * 5:5d} ms  main {counts['main']:2d}  others {counts['other']:3d}  {top}")
print(f"idle: {idle / 10:.1f} core-ms of {(max(busy) + 1) * 5} ms on 2 cores")
