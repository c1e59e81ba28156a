#!/usr/bin/env python3
"""The lock screens of a built site in headless Chromium, as a reader with the passphrase meets
them (make browser-test):

  1. a wrong passphrase says so;
  2. the right one opens the private list, and its photos open too (blob: images);
  3. the key is nowhere a script can read it: no key bytes in localStorage or sessionStorage;
  4. a reload, and another private page in the same tab, open without asking again;
  5. a tab's key that was not renewed for five minutes (the tab was closed) is deleted;
     "Forget" brings the lock screen back, and a reload keeps it;
  6. "Remember on this device" opens pages in a new browser session on the same profile;
  7. a page whose payload was moved from another page says so, and does not open.

usage: check_lock.py SITE PASSPHRASE [--screenshots DIR]
"""
import argparse
import os
import re
import shutil
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_site import serve  # noqa: E402
from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

failures = []


def check(what, ok):
    print(("ok    " if ok else "FAIL  ") + what)
    if not ok:
        failures.append(what)


def browser(profile):
    options = Options()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--hide-scrollbars",
                 "--force-device-scale-factor=1", "--lang=en", "--user-data-dir=" + profile):
        options.add_argument(flag)
    options.binary_location = shutil.which("chromium") or shutil.which("chromium-browser") or "chromium"
    return webdriver.Chrome(options=options, service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"))


def wait_for(what, test, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            value = test()
        except Exception:
            value = None
        if value:
            return value
        time.sleep(0.1)
    return None


def unlocked(driver):
    return wait_for("unlocked", lambda: driver.execute_script(
        "return !document.querySelector('[data-lock]') && document.body.className.indexOf('page-unlocked') >= 0"))


def locked(driver):
    return wait_for("lock screen", lambda: driver.execute_script(
        "var f = document.querySelector('.lock-form'); return f && !f.hidden"))


def type_passphrase(driver, passphrase, remember=False):
    locked(driver)
    field = driver.find_element(By.CSS_SELECTOR, ".lock-form input[type=password]")
    field.clear()
    field.send_keys(passphrase)
    if remember:
        driver.find_element(By.CSS_SELECTOR, ".lock-form input[name=remember]").click()
    driver.find_element(By.CSS_SELECTOR, ".lock-form button").click()


def storage(driver):
    return driver.execute_script(
        "var all = {}; [localStorage, sessionStorage].forEach(function (s, n) {"
        " for (var i = 0; i < s.length; i++) { all[(n ? 'session:' : 'local:') + s.key(i)] = s.getItem(s.key(i)); } });"
        " return all;")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("site")
    ap.add_argument("passphrase")
    ap.add_argument("--screenshots")
    args = ap.parse_args()
    # A lock screen whose payload was made for another page: the first entry's page, copied
    # to another address.
    entry = next(p for p in sorted(os.listdir(os.path.join(args.site, "private")))
                 if re.fullmatch(r"[0-9a-f]{16}", p) and os.path.exists(os.path.join(args.site, "private", p, "index.html")))
    moved = os.path.join(args.site, "private", "moved")
    os.makedirs(moved, exist_ok=True)
    shutil.copy(os.path.join(args.site, "private", entry, "index.html"), os.path.join(moved, "index.html"))
    server = serve(args.site)
    base = "http://127.0.0.1:%d/" % server.server_port
    profile = tempfile.mkdtemp(prefix="journalgen-lock-")
    driver = browser(profile)
    try:
        driver.set_window_size(1280, 900)
        driver.get(base + "private/")
        type_passphrase(driver, args.passphrase + "x")
        check("a wrong passphrase says so", wait_for("wrong", lambda: "Wrong passphrase" in driver.find_element(By.CSS_SELECTOR, ".lock-status").text))

        type_passphrase(driver, args.passphrase)
        check("the right passphrase opens the private list", unlocked(driver))
        check("the opened page has a Forget button", len(driver.find_elements(By.CSS_SELECTOR, ".lock-forget button")) == 1)
        kept = storage(driver)
        check("no key bytes in localStorage or sessionStorage (%s)" % sorted(kept),
              all(k == "session:journalgen-tab" and re.fullmatch(r"[0-9a-f]{16}", v) for k, v in kept.items()))
        check("the key in IndexedDB is a CryptoKey that cannot be exported", driver.execute_async_script("""
            var done = arguments[arguments.length - 1];
            var open = indexedDB.open("journalgen");
            open.onsuccess = function () {
              var all = open.result.transaction("keys").objectStore("keys").getAll();
              all.onsuccess = function () {
                var keys = all.result.map(function (r) { return r.key; });
                if (keys.length !== 1 || !(keys[0] instanceof CryptoKey) || keys[0].extractable) { done(false); return; }
                crypto.subtle.exportKey("raw", keys[0]).then(function () { done(false); }, function () { done(true); });
              };
            };
            open.onerror = function () { done(false); };"""))

        driver.refresh()
        check("a reload opens the page without asking", unlocked(driver))
        driver.get(base + "private/%s/" % entry)
        check("another private page in the same tab opens without asking", unlocked(driver))
        check("its photos are opened", wait_for("photos", lambda: driver.execute_script(
            "var imgs = document.querySelectorAll('main img'); return imgs.length > 0 && [].every.call(imgs, function (i) {"
            " return i.currentSrc.indexOf('blob:') === 0 && i.complete && i.naturalWidth > 0; })")))
        if args.screenshots:
            for width in (1280, 390):
                driver.set_window_size(width, 900)
                time.sleep(0.3)
                driver.save_screenshot(os.path.join(args.screenshots, "lock-opened-%d.png" % width))
            driver.set_window_size(1280, 900)

        driver.get(base + "private/moved/")
        check("a payload moved from another page says so",
              wait_for("moved", lambda: "another page" in driver.find_element(By.CSS_SELECTOR, ".lock-status").text))
        check("and does not open", driver.execute_script("return !!document.querySelector('[data-lock]')"))

        # A closed tab's key: its record is not renewed, and five minutes on it is deleted.
        driver.get(base + "private/")
        unlocked(driver)
        driver.execute_async_script("""
            var done = arguments[arguments.length - 1];
            var open = indexedDB.open("journalgen");
            open.onsuccess = function () {
              var tx = open.result.transaction("keys", "readwrite"), store = tx.objectStore("keys");
              var all = store.openCursor();
              all.onsuccess = function () {
                var c = all.result;
                if (!c) { return; }
                var v = c.value; v.saved = Date.now() - 600000; c.update(v); c.continue();
              };
              tx.oncomplete = function () { done(true); };
            };""")
        driver.refresh()
        check("a tab's key not renewed for five minutes is not used", locked(driver))
        check("and is deleted", driver.execute_async_script("""
            var done = arguments[arguments.length - 1];
            setTimeout(function () {
              var open = indexedDB.open("journalgen");
              open.onsuccess = function () {
                var all = open.result.transaction("keys").objectStore("keys").count();
                all.onsuccess = function () { done(all.result === 0); };
              };
            }, 500);"""))
        type_passphrase(driver, args.passphrase)
        check("the passphrase opens it again", unlocked(driver))
        driver.find_element(By.CSS_SELECTOR, ".lock-forget button").click()
        check("Forget brings the lock screen back", locked(driver))
        driver.refresh()
        time.sleep(1)
        check("and a reload keeps it", locked(driver) and driver.execute_script("return !!document.querySelector('[data-lock]')"))

        type_passphrase(driver, args.passphrase, remember=True)
        check("the passphrase with Remember opens the page", unlocked(driver))
    finally:
        driver.quit()

    driver = browser(profile)
    try:
        driver.set_window_size(390, 800)
        driver.get(base + "private/%s/" % entry)
        check("Remember opens pages in a new browser session", unlocked(driver))
        driver.find_element(By.CSS_SELECTOR, ".lock-forget button").click()
        check("Forget on the device brings the lock screen back", locked(driver))
    finally:
        driver.quit()
        server.shutdown()
        shutil.rmtree(moved, ignore_errors=True)
        shutil.rmtree(profile, ignore_errors=True)
    print("%d failed" % len(failures))
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
