#!/usr/bin/env python3
"""The writer's loop, measured (make bench): incremental builds, and serve against hugo server.

1. Incremental `journalgen build` on the 10k-entry journal of bench.py (a copy, which is edited):
   after editing one entry's body, adding an entry, deleting it, changing a template, and with no
   change; on the next day (nothing edited), and run from another folder than the build before
   (nothing edited); each against a cold build with an empty cache and with --no-cache. Medians of RUNS.
2. Save-to-served latency: `journalgen serve` and `hugo server` on the same journal, both running;
   each save writes a new line into one entry and polls that entry's page until the line shows.
   Saves alternate between the tools, each once both servers are idle (no CPU used for 0.3 s).
   Median and worst of SAVES each, and the ratio.
3. Memory of `journalgen serve` after 200 rebuilds against after the first (1k journal).

usage: bench_serve.py [--runs 5] [--saves 20] [--rebuilds 200] [--journalgen BIN]
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench  # noqa: E402  (its run(): one timed command, failing loudly)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "bench")
ENV = bench.ENVIRONMENT
TODAY = "2026-11-22"
NEXT_DAY = "2026-11-23"


def timed(cmd, cwd=None):
    """Runs cmd (in the folder cwd); returns (wall s, user s)."""
    wall, user, _, _ = bench.run(cmd, cwd=cwd)
    return wall, user


def journal_copy(work, size):
    """A copy of bench.py's journal of `size` entries, which this script may edit."""
    source = os.path.join(work, f"journal-{size}")
    if not os.path.exists(os.path.join(source, "journal.yaml")):
        subprocess.run([sys.executable, os.path.join(SHARED, "make-journal.py"), source,
                        "--entries", str(size), "--media", "--quiet"], check=True)
    copy = os.path.join(work, f"edit-{size}")
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("_site", ".journalgen-cache"))
    # The photos made for the source journal: the copy makes none again (as bench.py's builds).
    for part in ("images", "frames"):
        made = os.path.join(source, ".journalgen-cache", part)
        if os.path.isdir(made):
            shutil.copytree(made, os.path.join(copy, ".journalgen-cache", part))
    return copy


def entry_file(journal, n=5000):
    files = sorted(os.path.join(d, f) for d, _, fs in os.walk(os.path.join(journal, "entries")) for f in fs if f.endswith(".md"))
    # An entry that is published: not a draft, not private.
    for f in files[n:] + files[:n]:
        text = open(f, encoding="utf-8").read()
        # Not a draft, not private, and without a slug of its own (Hugo's address then follows the file name).
        if "draft: true" not in text and "private: true" not in text and "\nslug:" not in text and text.startswith("---"):
            return f


def incremental(args, work):
    journal = journal_copy(work, 10000)
    out = os.path.join(args.out_root, "bench-incremental")
    entry = entry_file(journal)
    original = open(entry, encoding="utf-8").read()
    added = os.path.join(journal, "entries", "2026", "2026-04-29-added-by-the-benchmark.md")
    template = os.path.join(journal, "templates", "entry-card.mustache")
    card = open(os.path.join(ROOT, "templates", "entry-card.mustache"), encoding="utf-8").read()
    build = [args.journalgen, "build", journal, "-o", out, "--today", TODAY, "--quiet"]
    results = {k: [] for k in ("cold, empty cache", "cold, --no-cache", "no change", "one entry's body edited",
                               "one entry added", "one entry deleted", "one template changed", "the next day",
                               "from another folder")}
    cache = os.path.join(journal, ".journalgen-cache")
    for i in range(args.runs + 1):
        # Cold: a new output folder and no entry cache or page fingerprints (photos stay made).
        for name, extra in (("cold, empty cache", []), ("cold, --no-cache", ["--no-cache"])):
            shutil.rmtree(os.path.join(cache, "sites"), ignore_errors=True)
            shutil.rmtree(os.path.join(cache, "entries"), ignore_errors=True)
            cold = f"{out}-cold-{i}-{len(extra)}"
            r = timed([args.journalgen, "build", journal, "-o", cold, "--today", TODAY, "--quiet"] + extra)
            if i > 0:
                results[name].append(r)
            shutil.rmtree(cold, ignore_errors=True)
            shutil.rmtree(os.path.join(os.path.dirname(cold), "." + os.path.basename(cold) + ".journalgen-spare"), ignore_errors=True)
        # Two builds: the folder and its spare both have a manifest.
        timed(build)
        timed(build)
        steps = [
            ("no change", lambda: None),
            ("one entry's body edited", lambda: open(entry, "w", encoding="utf-8").write(original + f"\nEdited in run {i}.\n")),
            ("one entry added", lambda: open(added, "w", encoding="utf-8").write(
                f"---\ntitle: Added by the benchmark {i}\ndate: 2026-04-29T20:00:00+02:00\nmood: good\n---\n\nA new day.\n")),
            ("one entry deleted", lambda: os.remove(added)),
            ("one template changed", lambda: (os.makedirs(os.path.dirname(template), exist_ok=True),
                                              open(template, "w", encoding="utf-8").write(card + f"<!-- run {i} -->\n"))),
        ]
        for name, edit in steps:
            edit()
            r = timed(build)
            if i > 0:
                results[name].append(r)
        os.remove(template)
        open(entry, "w", encoding="utf-8").write(original)
        timed(build)
        # Nothing edited: the first build of the next day, then the same run from the journal's
        # parent folder instead of the repository's (messages then name files from there).
        next_day = [args.journalgen, "build", journal, "-o", out, "--today", NEXT_DAY, "--quiet"]
        r = timed(next_day)
        if i > 0:
            results["the next day"].append(r)
        r = timed(next_day, cwd=os.path.dirname(journal))
        if i > 0:
            results["from another folder"].append(r)
    shutil.rmtree(out, ignore_errors=True)
    # Its spare too: on tmpfs it holds a quarter of a gigabyte of memory.
    shutil.rmtree(os.path.join(os.path.dirname(out), "." + os.path.basename(out) + ".journalgen-spare"), ignore_errors=True)
    cold = statistics.median(w for w, _ in results["cold, empty cache"])
    print(f"\njournalgen build on 10k entries after one change (medians of {args.runs}; output in {args.out_root})")
    print(f"{'':>26} {'wall s':>8} {'user s':>8} {'of cold':>8}")
    for name, rs in results.items():
        wall = statistics.median(w for w, _ in rs)
        user = statistics.median(u for _, u in rs)
        print(f"{name:>26} {wall:8.3f} {user:8.3f} {100 * wall / cold:7.0f}%")
    body = statistics.median(w for w, _ in results["one entry's body edited"])
    # Three decimals: rounded to two, 0.254 s read as the 0.25 s it must be under.
    print(f"target: one body edit under 0.25 s: {'met' if body < 0.25 else 'not met'}: {body:.3f} s; "
          f"and <= 5 % of a cold build: {'met' if body <= 0.05 * cold else 'not met'}: {100 * body / cold:.1f} % ({0.05 * cold:.3f} s)")


def wait_url(url, timeout=300, contains=None):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            body = urllib.request.urlopen(url, timeout=5).read().decode(errors="replace")
            if contains is None or contains in body:
                return body
        except Exception:
            pass
        time.sleep(0.01)
    raise SystemExit(f"timed out waiting for {url}" + (f" to show {contains!r}" if contains else ""))


def cpu_ticks(pid):
    """User + system CPU time of a process so far, in clock ticks."""
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return 0


def wait_idle(pids, quiet=0.3, longest=15):
    """Until none of the processes has used CPU for `quiet` seconds: each save is measured on an
    otherwise idle machine, not beside the other server's work after its last rebuild."""
    deadline = time.time() + longest
    last = [cpu_ticks(p) for p in pids]
    calm_since = time.time()
    while time.time() < deadline:
        time.sleep(0.05)
        now = [cpu_ticks(p) for p in pids]
        if now != last:
            last, calm_since = now, time.time()
        elif time.time() - calm_since >= quiet:
            return


def rss_mb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def serve_latency(args, work):
    journal = journal_copy(work, args.entries)
    hugo = None if args.no_hugo else shutil.which("hugo")
    entry = entry_file(journal)
    rel = os.path.relpath(entry, os.path.join(journal, "entries"))
    m = re.match(r"(\d{4})/(\d{4})-(\d\d)-(\d\d)-(.*)\.md$", rel)
    jport, hport = 8411, 8412
    # The entry's address follows its date and slug, which front matter may set: mark the entry,
    # and find the page that shows the mark once serve has built.
    anchor = f"bench-anchor-{time.time_ns()}"
    with open(entry, "a", encoding="utf-8") as f:
        f.write(f"\n{anchor}\n")
    # Each server's first page, timed from its start (its first build included).
    started = {"journalgen": time.perf_counter()}
    servers = [subprocess.Popen([args.journalgen, "serve", journal, "--port", str(jport), "--today", TODAY],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)]
    wait_url(f"http://localhost:{jport}/")
    first = {"journalgen": time.perf_counter() - started["journalgen"]}
    served = os.path.join(journal, ".journalgen-cache", "serve", "site")
    page = next(os.path.join(d, "index.html") for d, _, fs in os.walk(served)
                if "index.html" in fs and re.search(r"/\d{4}/\d\d/\d\d/[^/]+$", d)
                and anchor in open(os.path.join(d, "index.html"), encoding="utf-8").read())
    jurl = f"http://localhost:{jport}/" + os.path.relpath(os.path.dirname(page), served) + "/"
    tools = {"journalgen": (entry, jurl)}
    if hugo:
        site = subprocess.run(["bash", os.path.join(SHARED, "hugo-prepare.sh"), journal, os.path.join(work, "hugo-serve")],
                              check=True, capture_output=True, text=True).stdout.strip()
        hentry = os.path.join(site, "content", "entries", rel)
        hurl = f"http://localhost:{hport}/entries/{m[1]}/{os.path.basename(entry)[:-3].lower()}/"
        started["hugo"] = time.perf_counter()
        servers.append(subprocess.Popen([hugo, "server", "-s", site, "--port", str(hport), "--baseURL", f"http://localhost:{hport}/",
                                         "--bind", "127.0.0.1", "--disableFastRender"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        tools["hugo"] = (hentry, hurl)
    try:
        for tool, (_, url) in tools.items():
            wait_url(url)
            first.setdefault(tool, time.perf_counter() - started[tool])
            print(f"{tool} serve: first page served {first[tool]:.1f} s after it started", flush=True)
        times = {tool: [] for tool in tools}
        originals = {tool: open(path, encoding="utf-8").read() for tool, (path, _) in tools.items()}
        for i in range(args.saves + 1):  # save 0 warms up and is not counted
            for tool in (list(tools) if i % 2 == 0 else list(reversed(tools))):
                path, url = tools[tool]
                marker = f"saved-{i}-{time.time_ns()}"
                t0 = time.perf_counter()
                with open(path, "w", encoding="utf-8") as f:
                    f.write(originals[tool] + f"\n\n{marker}\n")
                wait_url(url, contains=marker)
                if i > 0:
                    times[tool].append(time.perf_counter() - t0)
                wait_idle([server.pid for server in servers])
        print(f"\nsave to served page on {args.entries // 1000}k entries ({args.saves} saves each{', alternating' if len(tools) > 1 else ''})")
        for tool, ts in times.items():
            print(f"{tool:>12} median {statistics.median(ts) * 1000:7.0f} ms   worst {max(ts) * 1000:7.0f} ms")
            print(f"{'':>12} each, in order: {' '.join(str(round(t * 1000)) for t in ts)}")
        j = statistics.median(times["journalgen"])
        if "hugo" in times:
            print(f"{'ratio':>12} {statistics.median(times['hugo']) / j:.1f}x (hugo server / journalgen serve, medians)")
        worst = max(times["journalgen"])
        verdict = "met" if worst < 0.3 else f"not met: median {j * 1000:.0f} ms, worst {worst * 1000:.0f} ms against 300 ms"
        if args.entries == 10000:
            print(f"target: under 300 ms: {verdict}")
        else:
            # Issue 12 sets 300 ms at 10k and asks the loop to stay instant at 50k too.
            print(f"the 10k target (300 ms) at {args.entries // 1000}k: {verdict}")
    finally:
        for server in servers:
            server.terminate()
            server.wait()


def serve_memory(args, work):
    journal = journal_copy(work, 1000)
    entry = entry_file(journal, 500)
    original = open(entry, encoding="utf-8").read()
    log = os.path.join(work, "serve-memory.log")
    with open(log, "w") as out:
        server = subprocess.Popen([args.journalgen, "serve", journal, "--port", "8413", "--today", TODAY],
                                  stdout=out, stderr=subprocess.STDOUT, env=ENV)
    try:
        def built():
            return open(log).read().count("Built ")
        while built() < 1:
            time.sleep(0.05)
        samples = []
        for i in range(1, args.rebuilds + 1):
            before = built()
            with open(entry, "w", encoding="utf-8") as f:
                f.write(original + f"\nRebuild {i}.\n")
            while built() == before:
                time.sleep(0.01)
            if i in (1, 2, args.rebuilds):
                samples.append((i, rss_mb(server.pid)))
        first, last = samples[0][1], samples[-1][1]
        print(f"\njournalgen serve memory on 1k entries: {first:.0f} MB after the first rebuild, "
              f"{samples[1][1]:.0f} MB after the second, {last:.0f} MB after {args.rebuilds} ({100 * (last - first) / first:+.1f} %)")
        print(f"target: within 10 %: {'met' if abs(last - first) <= 0.1 * first else f'not met: {100 * (last - first) / first:+.1f} % against 10 %'}")
    finally:
        server.terminate()
        server.wait()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--saves", type=int, default=20)
    ap.add_argument("--rebuilds", type=int, default=200)
    ap.add_argument("--work", default=os.path.join(ROOT, ".build", "bench"))
    ap.add_argument("--out-root", default="/dev/shm" if os.path.isdir("/dev/shm") else os.path.join(ROOT, ".build", "bench"))
    ap.add_argument("--journalgen", default=os.path.join(ROOT, ".build", "release", "journalgen"))
    ap.add_argument("--only", choices=["incremental", "latency", "memory"])
    # The latency at another size: 50000 is the lifetime journal of issue 18 (Hugo needs about
    # 9 GB there: --no-hugo leaves it out).
    ap.add_argument("--entries", type=int, default=10000, help="journal size for --only latency")
    ap.add_argument("--no-hugo", action="store_true", help="time journalgen serve alone")
    args = ap.parse_args()
    os.makedirs(args.work, exist_ok=True)
    if args.only in (None, "incremental"):
        incremental(args, args.work)
    if args.only in (None, "latency"):
        serve_latency(args, args.work)
    if args.only in (None, "memory"):
        serve_memory(args, args.work)


if __name__ == "__main__":
    main()
