"""How quickly `serve` starts again after it was stopped, by each way of stopping.

usage: serve-stop.py BINARY[,BINARY...] [SIGNALS] [JOURNAL]
  e.g. serve-stop.py /tmp/old/journalgen,.build/release/journalgen SIGINT,SIGHUP,SIGKILL,SIGKILL@5,SIGINT@build
For each binary and each signal in turn, on JOURNAL (default .build/ab-0, made by
docs/tools/ab-edit.py; any copy of the 10k bench journal will do), after a first `serve` stopped
with Ctrl-C once built (each binary has its own cache: a new binary trusts none):
  NAME      `serve`, wait for its build, append a line to one entry, wait for the rebuild, send the
            signal at once (SIGHUP is what closing the terminal window sends);
  NAME@S    the same, the signal S seconds after the rebuild;
  NAME@build  remove the entry cache, so that the first build parses every entry (about 2 s at
            10k entries), start `serve` and send the signal 1 s later, in the middle of that build;
then start `serve` again and time its first build. The entry is put back at the end.
Prints how each stop ended (exit status, or the signal that ended it) and the next start's time."""
import os, shutil, signal, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
bins = sys.argv[1].split(",")
signals = (sys.argv[2] if len(sys.argv) > 2 else "SIGINT,SIGHUP,SIGKILL").split(",")
journal = sys.argv[3] if len(sys.argv) > 3 else os.path.join(ROOT, ".build/ab-0")
entry = os.path.join(journal, "entries/2013/2013-09-08-ayse-and-the-drizzle.md")
env = dict(os.environ, JOURNALGEN_PASSPHRASE="benchmark passphrase, not a secret")
port = "8795"


def start(binary):
    return subprocess.Popen([binary, "serve", journal, "--port", port, "--today", "2026-11-22"],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env, text=True), time.time()


def until_built(process, began):
    while True:
        line = process.stdout.readline()
        if line.startswith("Built") or not line:
            return time.time() - began, line.strip()


def stop(process, name):
    process.send_signal(getattr(signal, name))
    return process.wait(timeout=120)


def ended(code):
    return f"exit {code}" if code >= 0 else f"killed by {signal.Signals(-code).name}"


with open(entry) as f:
    original = f.read()
try:
    for binary in bins:
        process, began = start(binary)
        until_built(process, began)
        stop(process, "SIGINT")
        for spec in signals:
            name, _, when = spec.partition("@")
            if when == "build":
                shutil.rmtree(os.path.join(journal, ".journalgen-cache/entries"), ignore_errors=True)
                process, began = start(binary)
                time.sleep(1.0)
                code = stop(process, name)
                what = f"{name} 1 s into a build: {ended(code)} after {time.time() - began:.1f} s"
            else:
                process, began = start(binary)
                until_built(process, began)
                with open(entry, "a") as f:
                    f.write(f"\nSaved, then stopped with {name}.\n")
                until_built(process, time.time())
                time.sleep(float(when or 0))
                code = stop(process, name)
                what = f"{name} {when + ' s' if when else 'right'} after a save: {ended(code)}"
            process, began = start(binary)
            seconds, line = until_built(process, began)
            print(f"{binary}: {what}; next start built in {seconds:.2f} s ({line})", flush=True)
            stop(process, "SIGINT")
finally:
    with open(entry, "w") as f:
        f.write(original)
