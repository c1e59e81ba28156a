"""How quickly `serve` starts again after it was stopped right after a save, by each way of stopping.

usage: serve-stop.py BINARY[,BINARY...] [SIGNALS] [JOURNAL]
  e.g. serve-stop.py /tmp/old/journalgen,.build/release/journalgen SIGINT,SIGHUP,SIGKILL,SIGKILL@5
A signal written NAME@S is sent S seconds after the rebuild instead of at once.
For each binary and each signal in turn: `serve` the journal (default .build/ab-0, made by
docs/tools/ab-edit.py; any copy of the 10k bench journal will do), wait for its build, append a line
to one entry, wait for the rebuild, send the signal at once (SIGHUP is what closing the terminal
window sends), then start `serve` again and time its first build. The entry is put back at the end.
Prints how each stop ended (exit status, or the signal that ended it) and the next start's time."""
import os, signal, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
bins = sys.argv[1].split(",")
signals = (sys.argv[2] if len(sys.argv) > 2 else "SIGINT,SIGHUP,SIGKILL").split(",")
journal = sys.argv[3] if len(sys.argv) > 3 else os.path.join(ROOT, ".build/ab-0")
entry = os.path.join(journal, "entries/2013/2013-09-08-ayse-and-the-drizzle.md")
env = dict(os.environ, JOURNALGEN_PASSPHRASE="benchmark passphrase, not a secret")
port = "8795"


def start(binary):
    began = time.time()
    process = subprocess.Popen([binary, "serve", journal, "--port", port, "--today", "2026-11-22"],
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True)
    while True:
        line = process.stdout.readline()
        if line.startswith("Built") or not line:
            return process, time.time() - began, line.strip()


def ended(code):
    return f"exit {code}" if code >= 0 else f"killed by {signal.Signals(-code).name}"


with open(entry) as f:
    original = f.read()
try:
    for binary in bins:
        # A first start and a clean stop: each binary has its own cache (a new binary trusts none).
        process, _, _ = start(binary)
        process.send_signal(signal.SIGINT)
        process.wait()
        for spec in signals:
            name, _, delay = spec.partition("@")
            process, _, _ = start(binary)
            with open(entry, "a") as f:
                f.write(f"\nSaved, then stopped with {name}.\n")
            while True:
                line = process.stdout.readline()
                if line.startswith("Built") or not line:
                    break
            time.sleep(float(delay or 0))
            process.send_signal(getattr(signal, name))
            code = process.wait(timeout=60)
            process, seconds, line = start(binary)
            print(f"{binary}: {name} {delay + ' s' if delay else 'right'} after a save: {ended(code)}; next start built in {seconds:.2f} s ({line})", flush=True)
            process.send_signal(signal.SIGINT)
            process.wait()
finally:
    with open(entry, "w") as f:
        f.write(original)
