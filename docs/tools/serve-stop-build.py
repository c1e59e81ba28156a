"""How quickly `serve` starts again after Ctrl-C in the middle of a build.

usage: serve-stop-build.py BINARY[,BINARY...] [JOURNAL]
  e.g. serve-stop-build.py /tmp/old/journalgen,.build/release/journalgen,/tmp/old/journalgen,.build/release/journalgen
For each binary in turn, on JOURNAL (default .build/ab-1, a copy of the 10k bench journal made by
docs/tools/ab-edit.py): a first `serve`, stopped with Ctrl-C once built; then the entry cache is
removed, so the next first build parses every entry (about 2 s at 10k entries), and `serve` is
started and sent Ctrl-C 1 s later; then it is started once more and its first build timed.
Prints how the interrupted one ended and when, and the next start's time."""
import os, shutil, signal, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
bins = sys.argv[1].split(",")
journal = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, ".build/ab-1")
env = dict(os.environ, JOURNALGEN_PASSPHRASE="benchmark passphrase, not a secret")
port = "8803"


def start(binary):
    return subprocess.Popen([binary, "serve", journal, "--port", port, "--today", "2026-11-22"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True), time.time()


def until_built(process, began):
    while True:
        line = process.stdout.readline()
        if line.startswith("Built") or not line:
            return time.time() - began, line.strip()


def ended(code):
    return f"exit {code}" if code >= 0 else f"killed by {signal.Signals(-code).name}"


for binary in bins:
    process, began = start(binary)
    until_built(process, began)
    process.send_signal(signal.SIGINT)
    process.wait()
    shutil.rmtree(os.path.join(journal, ".journalgen-cache/entries"), ignore_errors=True)
    process, began = start(binary)
    time.sleep(1.0)
    process.send_signal(signal.SIGINT)
    code = process.wait(timeout=120)
    stopped = time.time() - began
    last = (process.stdout.read().strip().splitlines() or [""])[-1]
    process, began = start(binary)
    seconds, line = until_built(process, began)
    print(f"{binary}: Ctrl-C 1 s into a build: {ended(code)} after {stopped:.1f} s ({last}); next start built in {seconds:.2f} s ({line})", flush=True)
    process.send_signal(signal.SIGINT)
    process.wait()
