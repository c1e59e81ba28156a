#!/usr/bin/env python3
"""The writer's loop in headless Chromium, under `journalgen serve` (make browser-test).

Copies the example journal, serves it, opens an entry at 1280 px, scrolls down, and then:
  1. saves the entry with a new paragraph: the tab reloads by itself, shows it, keeps its scroll;
  2. saves another entry: this tab does not reload (its page did not change);
  3. breaks the entry's date: an overlay names file:line:column over the last good page;
  4. fixes it: the overlay goes and the page shows the fixed text;
  5. Ctrl-C (SIGINT) stops the server cleanly, with exit status 0;
and checks a second `serve` on the same port fails with a message naming the port and --port.

usage: check_serve.py JOURNALGEN [--screenshots DIR]
"""
import argparse
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_site import browser  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
ENTRY = "entries/2026/2026-04-03-nara-deer.md"
OTHER = "entries/2026/2026-01-04-resolutions-revisited.md"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what, check, timeout=15):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    sys.exit(f"FAIL: {what} (waited {timeout} s)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("journalgen")
    ap.add_argument("--screenshots")
    args = ap.parse_args()
    work = tempfile.mkdtemp(prefix="journalgen-serve-")
    journal = os.path.join(work, "journal")
    shutil.copytree(os.path.join(ROOT, "example-journal"), journal,
                    ignore=shutil.ignore_patterns("_site", ".journalgen-cache"))
    port = free_port()
    env = dict(os.environ, JOURNALGEN_PASSPHRASE="lindenstrasse 14")
    log = open(os.path.join(work, "serve.log"), "w+")
    # Ctrl-C as a terminal gives it: run from a shell's background job (`make test &`), the
    # tests inherit SIGINT ignored, and serve rightly keeps ignoring it then, as nohup asks.
    server = subprocess.Popen([args.journalgen, "serve", journal, "--port", str(port), "--today", "2026-11-22"],
                              stdout=log, stderr=subprocess.STDOUT, env=env,
                              preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    driver = None
    try:
        wait_for("serve prints its address", lambda: f"localhost:{port}" in open(log.name).read())

        # A second server on the same port: a clear error, not a crash.
        second = subprocess.run([args.journalgen, "serve", journal, "--port", str(port)],
                                capture_output=True, text=True, env=env, timeout=60)
        if second.returncode == 0 or f"port {port}" not in second.stderr or "--port" not in second.stderr:
            sys.exit(f"FAIL: a port in use should be a clear error; got {second.returncode}: {second.stderr}")

        driver = browser()
        driver.set_window_size(1280, 420)
        base = f"http://localhost:{port}"
        driver.get(base + "/2026/04/03/nara-deer/")
        title = driver.title
        driver.execute_script("window.scrollTo(0, 400); window.__sameTab = true;")
        time.sleep(0.3)
        scrolled = driver.execute_script("return window.scrollY")

        # 1. A save reloads the tab in place.
        path = os.path.join(journal, ENTRY)
        text = open(path, encoding="utf-8").read()
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\nA paragraph written while the page was open.\n")
        wait_for("the page reloads with the new paragraph",
                 lambda: "written while the page was open" in driver.page_source)
        time.sleep(0.3)
        if driver.execute_script("return window.__sameTab === true"):
            sys.exit("FAIL: the page changed without reloading")
        kept = driver.execute_script("return window.scrollY")
        if abs(kept - scrolled) > 5:
            sys.exit(f"FAIL: the scroll position was not kept: {scrolled} before, {kept} after")
        print(f"ok: saved entry reloaded in place (scroll {scrolled} -> {kept})")

        # 2. Another entry's save leaves this tab alone.
        driver.execute_script("window.__sameTab = true;")
        other = os.path.join(journal, OTHER)
        with open(other, "a", encoding="utf-8") as f:
            f.write("\nAn edit elsewhere.\n")
        before = open(log.name).read().count("Built ")
        wait_for("the other save is built", lambda: open(log.name).read().count("Built ") > before)
        time.sleep(1.0)
        if not driver.execute_script("return window.__sameTab === true"):
            sys.exit("FAIL: a tab reloaded although its page did not change")
        print("ok: an edit of another entry did not reload this tab")

        # 3. A broken entry: the errors over the last good page.
        broken = text.replace("date: ", "date: sometime-", 1) if "date: " in text else text.replace("date = ", "date = sometime-", 1)
        with open(path, "w", encoding="utf-8") as f:
            f.write(broken)
        overlay = wait_for("the error overlay appears", lambda: driver.find_elements("id", "journalgen-errors"))
        message = overlay[0].text
        if "2026-04-03-nara-deer.md:" not in message or "error:" not in message:
            sys.exit(f"FAIL: the overlay should name file:line:column: error:, got: {message!r}")
        if driver.title != title:
            sys.exit("FAIL: the last good page should stay under the overlay")
        if args.screenshots:
            os.makedirs(args.screenshots, exist_ok=True)
            driver.save_screenshot(os.path.join(args.screenshots, "serve-error-overlay-1280.png"))
            driver.set_window_size(390, 844)
            time.sleep(0.3)
            width = driver.execute_script("return document.getElementById('journalgen-errors').scrollWidth")
            if width > 390:
                sys.exit(f"FAIL: the overlay is {width} px wide on a 390 px phone")
            driver.save_screenshot(os.path.join(args.screenshots, "serve-error-overlay-390.png"))
            driver.set_window_size(1280, 420)
        print("ok: the error overlay shows: " + message.splitlines()[1][:100])

        # 4. Fixed: the overlay goes.
        with open(path, "w", encoding="utf-8") as f:
            f.write(text + "\nFixed again.\n")
        wait_for("the overlay goes and the fix shows",
                 lambda: not driver.find_elements("id", "journalgen-errors") and "Fixed again." in driver.page_source)
        print("ok: the overlay went away after the fix")

        # The build output never has the live-reload script.
        if subprocess.run(["grep", "-rl", "data-journalgen-live", os.path.join(journal, ".journalgen-cache", "serve", "site")],
                          capture_output=True).stdout:
            sys.exit("FAIL: the script is in the files on disk; only the server may add it")
    finally:
        if driver:
            driver.quit()
        # 5. Ctrl-C stops it cleanly.
        server.send_signal(signal.SIGINT)
        try:
            status = server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            # Where each of its threads waits, when a debugger is at hand: a stop that hangs is
            # rare, and this is all that is left of it once the process is killed.
            threads = ""
            if shutil.which("gdb"):
                threads = subprocess.run(["gdb", "-p", str(server.pid), "-batch", "-ex", "thread apply all bt 30"],
                                         capture_output=True, text=True, timeout=120).stdout
            server.kill()
            sys.exit("FAIL: serve did not stop on Ctrl-C\n" + open(log.name).read() + threads)
    if status != 0:
        sys.exit(f"FAIL: serve exited with {status} on Ctrl-C\n" + open(log.name).read())
    print("ok: Ctrl-C stopped serve (exit 0)")
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
