#!/usr/bin/env python3
"""Makes docs/screenshot.png: one entry with its photos on a desktop (1280 px) and on a phone
(390 px), side by side, from a built site in headless Chromium.

usage: make-readme-screenshot.py SITE [PAGE] [--out docs/screenshot.png]
"""
import argparse
import base64
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "Tests", "Browser"))
import check_site  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("site")
    ap.add_argument("page", nargs="?", default="2026/04/01/kyoto-gates/index.html")
    ap.add_argument("--out", default="docs/screenshot.png")
    args = ap.parse_args()
    server = check_site.serve(os.path.abspath(args.site))
    base = "http://127.0.0.1:%d/" % server.server_address[1]
    driver = check_site.browser()
    shots = []
    try:
        for width, height in ((1280, 1500), (390, 1500)):
            check_site.set_width(driver, width, height)
            driver.get(check_site.url_of(base, args.page))
            driver.execute_async_script("const d = arguments[0]; Promise.all([...document.images].map(i => { i.loading = 'eager'; return i.complete ? 0 : new Promise(r => { i.onload = i.onerror = r; }); })).then(() => setTimeout(d, 100));")
            shots.append(driver.get_screenshot_as_png())
        page = ("<body style='margin:0;background:#d9d2c5;display:flex;gap:40px;align-items:flex-start;padding:30px'>"
                "<img src='data:image/png;base64,%s' style='width:1280px;box-shadow:0 4px 24px #0004'>"
                "<img src='data:image/png;base64,%s' style='width:390px;box-shadow:0 4px 24px #0004;border-radius:18px'></body>"
                % tuple(base64.b64encode(s).decode() for s in shots))
        with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False) as f:
            f.write(page)
        check_site.set_width(driver, 1280 + 390 + 100, 1560)
        driver.get("file://" + f.name)
        driver.save_screenshot(args.out)
    finally:
        driver.quit()
        server.shutdown()
    print(args.out)


if __name__ == "__main__":
    main()
