#!/usr/bin/env python3
"""Opens a lock screen of a built site in headless Chromium, types a passphrase into its form
and prints what the page shows afterwards: the unlocked entry, or the "wrong passphrase" message.

usage: check-lock-page.py SITE PAGE PASSPHRASE [--expect TEXT]
  SITE        the built site (e.g. example-journal/_site)
  PAGE        a lock screen's path in it (e.g. private/ or private/e59e70fb233ba59c/)
  --expect    exit 1 unless TEXT is on the page after unlocking

The site is served on 127.0.0.1 (WebCrypto needs a secure context, which localhost is). The
page is served at its own address with a few lines of script that fill in the form and submit
it, as a reader would; the page's own journal.js does the rest (key derivation, decryption, photos).
"""
import argparse
import functools
import html
import json
import http.server
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("site")
    ap.add_argument("page")
    ap.add_argument("passphrase")
    ap.add_argument("--expect")
    args = ap.parse_args()
    browser = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not browser:
        sys.exit("no Chromium on PATH (apt-get install chromium)")
    page = os.path.join(args.site, args.page.strip("/"), "index.html") if not args.page.endswith(".html") else os.path.join(args.site, args.page)
    source = open(page, encoding="utf-8").read()
    # Headless Chromium prints the page once it has loaded: an image that the server holds back
    # until the page reports the unlock's outcome keeps it from printing too early.
    fill = ("<img src='/__hold' alt='' hidden><script>document.addEventListener('DOMContentLoaded', function () {"
            "var f = document.querySelector('.lock-form'); f.querySelector('input[type=password]').value = %s;"
            "var done = function () { fetch('/__done'); };"
            "new MutationObserver(function () { if (!document.querySelector('.lock') || /Wrong/.test(f.textContent)) { setTimeout(done, 1500); } })"
            ".observe(document.body, { subtree: true, childList: true, characterData: true });"
            "var wait = setInterval(function () { if (!f.hidden) { clearInterval(wait); f.requestSubmit(); } }, 50); });</script></body>" % json.dumps(args.passphrase))
    # The page is served at its own address (its content is sealed for that address), with the
    # form-filling lines added when asked for with ?lock-check.
    probe = "/" + os.path.relpath(page, args.site).replace(os.sep, "/")
    if probe.endswith("/index.html"):
        probe = probe[:-len("index.html")]
    filled = source.replace("</body>", fill).encode("utf-8")
    finished = threading.Event()

    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a):
            if os.environ.get("LOCK_CHECK_LOG"):
                sys.stderr.write(" ".join(map(str, a)) + "\n")

        def do_GET(self):
            if self.path in ("/__hold", "/__done"):
                if self.path == "/__done":
                    finished.set()
                else:
                    finished.wait(60)
                self.send_response(204)
                self.end_headers()
                return
            if self.path == probe + "?lock-check":
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(filled)))
                self.end_headers()
                self.wfile.write(filled)
                return
            super().do_GET()

    handler = functools.partial(Handler, directory=args.site)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = "http://127.0.0.1:%d%s?lock-check" % (server.server_port, probe)
    try:
        with tempfile.TemporaryDirectory() as profile:
            dom = subprocess.run([browser, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile,
                                  "--dump-dom", url], capture_output=True, text=True, timeout=90).stdout
    finally:
        server.shutdown()
    main = re.search(r"<main[^>]*>(.*)</main>", dom, re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", main.group(1) if main else dom))
    text = re.sub(r"\s+", " ", text).strip()
    print(text)
    images = re.findall(r'<img[^>]* src="(blob:[^"]+)"', dom)
    print("images opened: %d" % len(images))
    if args.expect and args.expect not in text:
        sys.exit("expected %r on the unlocked page" % args.expect)


if __name__ == "__main__":
    main()
