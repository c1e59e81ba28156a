/* journalgen: what a static page cannot know until it is read — the reader's time of day, today's
   date, a random tip — and the filter page. Every page works without this file. */
(function () {
  "use strict";

  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function monthDay(date) { return pad(date.getMonth() + 1) + "-" + pad(date.getDate()); }

  /* The search index comes in small files (search/year-2026.json, search/on-this-day-11.json):
     each is fetched once, when a page first needs it. */
  var shards = {};
  function loadShard(name) {
    if (!shards[name]) {
      var url = document.body.getAttribute("data-search") + name + ".json";
      shards[name] = fetch(url).then(function (r) {
        if (!r.ok) { throw new Error("index " + r.status); }
        return r.json();
      }).then(function (data) { return data.entries || []; });
    }
    return shards[name];
  }

  function row(entry, label) {
    var li = document.createElement("li");
    var time = document.createElement("time");
    time.setAttribute("datetime", entry.date);
    time.textContent = label;
    var a = document.createElement("a");
    a.href = entry.url;
    a.textContent = entry.title;
    li.appendChild(time);
    li.appendChild(document.createTextNode(" "));
    li.appendChild(a);
    if (entry.place) {
      var place = document.createElement("span");
      place.className = "place";
      place.textContent = entry.place;
      li.appendChild(document.createTextNode(" "));
      li.appendChild(place);
    }
    return li;
  }

  /* The words of this script in the journal's language: the build puts them before it. */
  var labels = window.journalLabels || {};
  function t(key, fallback, name) {
    return (labels[key] || fallback).replace("{name}", name || "");
  }
  /* "3 entries", "1 Eintrag": the forms of a counted noun, picked by the language's plural rule. */
  function counted(key, n, one, other) {
    var forms = labels[key] || { one: one, other: other }, kind = "other";
    try { kind = new Intl.PluralRules(document.documentElement.lang || "en").select(n); } catch (e) { kind = n === 1 ? "one" : "other"; }
    return (forms[kind] || forms.other).replace("{n}", n);
  }

  /* "Good morning, Lena" by the reader's clock; "Happy birthday" on the author's birthday. */
  function greeting(now) {
    var el = document.querySelector("[data-greeting]");
    if (!el) { return; }
    var author = el.getAttribute("data-author");
    var name = author ? ", " + author : "";
    var hour = now.getHours();
    var text = hour < 5 ? t("stillUp", "Still up{name}?", name) :
      hour < 12 ? t("goodMorning", "Good morning{name}.", name) :
      hour < 18 ? t("goodAfternoon", "Good afternoon{name}.", name) :
      hour < 22 ? t("goodEvening", "Good evening{name}.", name) : t("goodNight", "Good night{name}.", name);
    if (el.getAttribute("data-birthday") === monthDay(now)) { text = t("happyBirthday", "Happy birthday{name}!", name) + " 🎂"; }
    el.textContent = text;
  }

  /* One tip at random; without script the first one shows. */
  function tips() {
    var list = document.querySelector("[data-tips]");
    if (!list) { return; }
    var items = list.querySelectorAll("li");
    if (items.length < 2) { return; }
    var pick = Math.floor(Math.random() * items.length);
    for (var i = 0; i < items.length; i++) { items[i].hidden = i !== pick; }
  }

  /* Entries from this day in earlier years, by the reader's date (the page may be weeks old). */
  function onThisDay(now) {
    var section = document.querySelector("[data-on-this-day]");
    if (!section) { return; }
    loadShard("on-this-day-" + pad(now.getMonth() + 1)).then(function (entries) {
      var md = monthDay(now), year = now.getFullYear();
      var found = entries.filter(function (e) { return e.date.slice(5, 10) === md && +e.date.slice(0, 4) < year; });
      var list = section.querySelector("[data-on-this-day-list]");
      list.textContent = "";
      found.forEach(function (e) {
        var years = year - +e.date.slice(0, 4);
        list.appendChild(row(e, counted("yearsAgo", years, "{n} year ago", "{n} years ago")));
      });
      section.querySelector("[data-on-this-day-empty]").hidden = found.length > 0;
      section.querySelector("[data-on-this-day-date]").textContent =
        now.toLocaleDateString(document.documentElement.lang || undefined, { day: "numeric", month: "long" });
    }).catch(function () { /* keep the build-time list */ });
  }

  /* The filter page: mood, theme, tag, trip, author, year and free text over the public index. */
  function filter() {
    var form = document.querySelector("[data-filter]");
    if (!form) { return; }
    form.hidden = false;
    var params = new URLSearchParams(location.search);
    Array.prototype.forEach.call(form.elements, function (field) {
      if (field.name && params.has(field.name)) { field.value = params.get(field.name); }
    });
    var results = form.querySelector("[data-filter-results]");
    var count = form.querySelector("[data-filter-count]");
    form.addEventListener("submit", function (event) { event.preventDefault(); });
    /* Every year's file, newest first; the results grow as each one arrives. */
    var years = Array.prototype.map.call(form.querySelectorAll("select[name=year] option"), function (o) { return o.value; })
      .filter(Boolean);
    var byYear = {}, failed = false;
    function update() {
      var entries = [];
      years.forEach(function (y) { if (byYear[y]) { entries = entries.concat(byYear[y]); } });
      var f = {};
      var query = new URLSearchParams();
      Array.prototype.forEach.call(form.elements, function (field) {
        if (field.name) {
          f[field.name] = field.value.trim();
          if (f[field.name]) { query.set(field.name, f[field.name]); }
        }
      });
      var words = f.q.toLowerCase().split(/\s+/).filter(Boolean);
      var found = entries.filter(function (e) {
        if (f.mood && e.mood !== f.mood) { return false; }
        if (f.theme && e.theme !== f.theme) { return false; }
        if (f.trip && e.trip !== f.trip) { return false; }
        if (f.author && (e.authors || []).indexOf(f.author) < 0) { return false; }
        if (f.year && e.date.slice(0, 4) !== f.year) { return false; }
        if (f.tag && (e.tags || []).indexOf(f.tag) < 0) { return false; }
        if (words.length) {
          var hay = (e.title + " " + (e.text || "") + " " + (e.place || "") + " " + (e.tags || []).join(" ")).toLowerCase();
          for (var i = 0; i < words.length; i++) { if (hay.indexOf(words[i]) < 0) { return false; } }
        }
        return true;
      });
      results.textContent = "";
      found.slice(0, 200).forEach(function (e) { results.appendChild(row(e, e.date)); });
      count.textContent = failed ? t("indexFailed", "The index could not be loaded; use the pages below.") :
        counted("entries", found.length, "{n} entry", "{n} entries") +
        (found.length > 200 ? " " + t("firstShown", "(the first {n} shown)").replace("{n}", 200) : "");
      var qs = query.toString();
      history.replaceState(null, "", qs ? "?" + qs : location.pathname);
    }
    form.addEventListener("input", update);
    form.addEventListener("change", update);
    update();
    years.forEach(function (y) {
      loadShard("year-" + y).then(function (entries) { byYear[y] = entries; update(); })
        .catch(function () { failed = true; update(); });
    });
  }

  /* The viewer: a gallery's links open their photo or video over the page, with next and
     previous (buttons, arrow keys, a swipe), Escape or a click outside to close. Without
     script the same links simply open the largest photo or the video file. */
  function viewer() {
    var links = Array.prototype.slice.call(document.querySelectorAll("[data-gallery] a[data-view]"));
    if (!links.length) { return; }
    var box, stage, caption, counter, closeButton, current = 0, opener = null, startX = null;
    function button(label, text, onClick, className) {
      var b = document.createElement("button");
      b.type = "button";
      b.className = className;
      b.setAttribute("aria-label", label);
      b.textContent = text;
      b.addEventListener("click", function (event) { event.stopPropagation(); onClick(); });
      return b;
    }
    function build() {
      box = document.createElement("div");
      box.className = "viewer";
      box.setAttribute("role", "dialog");
      box.setAttribute("aria-modal", "true");
      box.setAttribute("aria-label", t("photoViewer", "Photo viewer"));
      stage = document.createElement("div");
      stage.className = "viewer-stage";
      caption = document.createElement("p");
      caption.className = "viewer-caption";
      counter = document.createElement("span");
      counter.className = "viewer-count";
      closeButton = button(t("close", "Close"), "✕", close, "viewer-close");
      box.appendChild(stage);
      box.appendChild(caption);
      box.appendChild(counter);
      box.appendChild(button(t("previous", "Previous"), "←", function () { show(current - 1); }, "viewer-prev"));
      box.appendChild(button(t("next", "Next"), "→", function () { show(current + 1); }, "viewer-next"));
      box.appendChild(closeButton);
      box.addEventListener("click", function (event) { if (event.target === box || event.target === stage) { close(); } });
      stage.addEventListener("pointerdown", function (event) { startX = event.clientX; });
      stage.addEventListener("pointerup", function (event) {
        if (startX === null) { return; }
        var dx = event.clientX - startX;
        startX = null;
        if (Math.abs(dx) > 50) { show(current + (dx < 0 ? 1 : -1)); }
      });
      document.body.appendChild(box);
    }
    function show(index) {
      current = (index + links.length) % links.length;
      var link = links[current];
      stage.textContent = "";
      if (link.getAttribute("data-view") === "video") {
        var video = document.createElement("video");
        video.controls = true;
        video.autoplay = true;
        video.src = link.href;
        if (link.getAttribute("data-poster")) { video.poster = link.getAttribute("data-poster"); }
        stage.appendChild(video);
      } else {
        var img = document.createElement("img");
        var thumb = link.querySelector("img");
        img.alt = thumb ? thumb.alt : "";
        img.src = link.href;
        stage.appendChild(img);
        var next = links[(current + 1) % links.length];
        if (next.getAttribute("data-view") === "image") { new Image().src = next.href; }
      }
      caption.textContent = link.getAttribute("data-caption") || "";
      counter.textContent = (current + 1) + " / " + links.length;
    }
    function open(index) {
      if (!box) { build(); }
      opener = document.activeElement;
      box.hidden = false;
      document.documentElement.classList.add("viewing");
      show(index);
      closeButton.focus();
    }
    function close() {
      box.hidden = true;
      stage.textContent = "";
      document.documentElement.classList.remove("viewing");
      if (opener && opener.focus) { opener.focus(); }
    }
    links.forEach(function (link, index) {
      link.addEventListener("click", function (event) {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button) { return; }
        event.preventDefault();
        open(index);
      });
    });
    document.addEventListener("keydown", function (event) {
      if (!box || box.hidden) { return; }
      if (event.key === "Escape") { close(); }
      else if (event.key === "ArrowRight") { show(current + 1); }
      else if (event.key === "ArrowLeft") { show(current - 1); }
    });
  }


  /* Lock screens: a private page and its files are sealed with AES-256-GCM under a key derived
     from the passphrase (PBKDF2-HMAC-SHA-256, the journal's salt), each bound to the address it is
     published at (AES-GCM's associated data: its path below the site's root), so content moved to
     another page does not open. The browser derives the key, opens the page and its photos, and
     shows them; nothing is sent anywhere. The key is a non-extractable CryptoKey kept in
     IndexedDB: for this tab only (under an id held in sessionStorage; an open page renews the
     record every minute, and a record five minutes old is deleted by the next lock screen, so a
     closed tab leaves no usable key), or on this device when the reader ticks "Remember". No
     script can read the key's bytes; "Forget" removes it. */
  var fileTypes = { jpg: "image/jpeg", jpeg: "image/jpeg", png: "image/png", webp: "image/webp", avif: "image/avif",
    gif: "image/gif", svg: "image/svg+xml", mp4: "video/mp4", webm: "video/webm", mov: "video/quicktime",
    gpx: "application/gpx+xml" };
  /* The site's root: the folder journal.js is in. */
  var siteRoot = document.currentScript && document.currentScript.src ? new URL(".", document.currentScript.src) : new URL("/", location.href);
  /* A page's or file's path below the site's root ("private/3f9c0a1b2c3d4e5f/"), as it was sealed. */
  function placeOf(url, isPage) {
    var path = decodeURIComponent(new URL(url, location.href).pathname);
    var root = decodeURIComponent(siteRoot.pathname);
    var place = path.indexOf(root) === 0 ? path.slice(root.length) : path.replace(/^\//, "");
    return isPage ? place.replace(/index\.html$/, "") : place;
  }
  function hexBytes(hex) {
    var out = new Uint8Array(hex.length / 2);
    for (var i = 0; i < out.length; i++) { out[i] = parseInt(hex.substr(2 * i, 2), 16); }
    return out;
  }
  function base64Bytes(text) {
    var raw = atob(text), out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { out[i] = raw.charCodeAt(i); }
    return out;
  }
  function openBox(key, bytes, place) {
    return crypto.subtle.decrypt({ name: "AES-GCM", iv: bytes.subarray(0, 12), additionalData: new TextEncoder().encode(place) },
      key, bytes.subarray(12));
  }
  /* A sealed file is its length (8 bytes, little-endian), its bytes, and zeros up to a bucket. */
  function unpad(plain) {
    var view = new DataView(plain), length = view.getUint32(0, true) + view.getUint32(4, true) * 4294967296;
    return plain.slice(8, 8 + length);
  }
  function deriveKey(passphrase, salt, iterations) {
    return crypto.subtle.importKey("raw", new TextEncoder().encode(passphrase), "PBKDF2", false, ["deriveKey"])
      .then(function (base) {
        return crypto.subtle.deriveKey({ name: "PBKDF2", hash: "SHA-256", salt: salt, iterations: iterations }, base,
          { name: "AES-GCM", length: 256 }, false, ["decrypt"]);
      });
  }
  /* Keys in IndexedDB, one record per journal (its salt) and place: "device", or "tab:ID". */
  var keyStore = {
    open: function () {
      return new Promise(function (resolve, reject) {
        var request = indexedDB.open("journalgen", 1);
        request.onupgradeneeded = function () { request.result.createObjectStore("keys"); };
        request.onsuccess = function () { resolve(request.result); };
        request.onerror = function () { reject(request.error); };
      });
    },
    run: function (mode, work) {
      return keyStore.open().then(function (db) {
        return new Promise(function (resolve, reject) {
          var tx = db.transaction("keys", mode), result;
          work(tx.objectStore("keys"), function (value) { result = value; });
          tx.oncomplete = function () { db.close(); resolve(result); };
          tx.onerror = tx.onabort = function () { db.close(); reject(tx.error); };
        });
      });
    },
    tab: function (create) {
      var id = null;
      try {
        id = sessionStorage.getItem("journalgen-tab");
        if (!id && create) {
          id = Array.prototype.map.call(crypto.getRandomValues(new Uint8Array(8)), function (b) { return (b + 256).toString(16).slice(1); }).join("");
          sessionStorage.setItem("journalgen-tab", id);
        }
      } catch (e) { }
      return id;
    },
    tabLife: 300000,
    /* Deletes the keys of closed tabs (not renewed for five minutes), then finds this journal's. */
    get: function (salt) {
      var tab = keyStore.tab(false);
      return keyStore.run("readwrite", function (store, done) {
        var found = null, cursor = store.openCursor();
        cursor.onsuccess = function () {
          var c = cursor.result;
          if (!c) { if (found) { done(found); } return; }
          var isTab = / tab:/.test(c.key);
          if (isTab && Date.now() - c.value.saved > keyStore.tabLife) { c.delete(); }
          else if (c.key === salt + " device" || (tab && c.key === salt + " tab:" + tab)) { found = found || c.value.key; }
          c.continue();
        };
      });
    },
    put: function (salt, key, remember) {
      var name = salt + (remember ? " device" : " tab:" + keyStore.tab(true));
      if (!remember) { keyStore.renew(name, key); }
      return keyStore.run("readwrite", function (store) { store.put({ key: key, saved: Date.now() }, name); });
    },
    /* While this page is open, its tab's key stays alive. */
    renew: function (name, key) {
      setInterval(function () {
        keyStore.run("readwrite", function (store) { store.put({ key: key, saved: Date.now() }, name); }).catch(function () { });
      }, 60000);
    },
    forget: function (salt) {
      return keyStore.run("readwrite", function (store) {
        var cursor = store.openCursor();
        cursor.onsuccess = function () {
          var c = cursor.result;
          if (!c) { return; }
          if (c.key.indexOf(salt + " ") === 0) { c.delete(); }
          c.continue();
        };
      });
    }
  };
  /* A sealed file of a private page: under private/, and a file rather than a page. */
  function isSealedFile(url) {
    return /\/private\/[0-9a-f]+\/[^\/]+\.[a-z0-9]+$/.test(url || "");
  }
  function openFiles(doc, key) {
    doc.querySelectorAll("picture source").forEach(function (source) {
      if (isSealedFile((source.getAttribute("srcset") || "").split(" ")[0])) { source.remove(); }
    });
    var targets = [];
    doc.querySelectorAll("[src], [href], [poster], [data-poster]").forEach(function (element) {
      ["src", "href", "poster", "data-poster"].forEach(function (name) {
        var value = element.getAttribute(name);
        if (isSealedFile(value)) { targets.push({ element: element, name: name, url: value }); }
      });
      if (element.hasAttribute("srcset") && isSealedFile(element.getAttribute("src"))) {
        element.removeAttribute("srcset");
        element.removeAttribute("sizes");
      }
    });
    var opened = {};
    function blobURL(url) {
      if (!opened[url]) {
        opened[url] = fetch(url).then(function (r) {
          if (!r.ok) { throw new Error(url + ": " + r.status); }
          return r.arrayBuffer();
        }).then(function (data) { return openBox(key, new Uint8Array(data), placeOf(url, false)); }).then(function (plain) {
          var ext = url.split(".").pop().toLowerCase();
          return URL.createObjectURL(new Blob([unpad(plain)], { type: fileTypes[ext] || "application/octet-stream" }));
        });
      }
      return opened[url];
    }
    return Promise.all(targets.map(function (t) {
      return blobURL(t.url).then(function (blob) { t.element.setAttribute(t.name, blob); }, function () { });
    }));
  }
  function lockScreen() {
    var section = document.querySelector("[data-lock]");
    if (!section || !window.crypto || !crypto.subtle) { return; }
    var form = section.querySelector("form");
    var status = section.querySelector(".lock-status");
    var input = form.querySelector("input[type=password]");
    var saltHex = section.getAttribute("data-salt");
    var salt = hexBytes(saltHex);
    var iterations = parseInt(section.getAttribute("data-iterations"), 10);
    var payload = base64Bytes(section.getAttribute("data-payload"));
    var check = base64Bytes(section.getAttribute("data-check") || "");
    var place = placeOf(location.href, true);
    /* Keys of earlier versions, kept as raw bytes: gone. */
    try { sessionStorage.removeItem("journalgen-key-" + saltHex); localStorage.removeItem("journalgen-key-" + saltHex); } catch (e) { }
    function moved() {
      var error = new Error("moved");
      error.moved = true;
      return error;
    }
    /* Opens the page, or fails: "wrong" when the key does not open the journal's check, "moved"
       when it does but the page's content was sealed for another address. */
    function reveal(key) {
      return openBox(key, check, "").then(function () {
        return openBox(key, payload, place).catch(function () { throw moved(); });
      }).then(function (plain) {
        var page = JSON.parse(new TextDecoder().decode(plain));
        var doc = new DOMParser().parseFromString(page.html, "text/html");
        return openFiles(doc, key).then(function () {
          var main = section.parentNode;
          main.textContent = "";
          Array.prototype.slice.call(doc.body.childNodes).forEach(function (node) { main.appendChild(document.adoptNode(node)); });
          main.insertBefore(forgetButton(), main.firstChild);
          document.title = page.title;
          document.body.className = document.body.className.replace(/variant-\S+/, "variant-" + page.variant).replace("page-locked", "page-unlocked");
          viewer();
          return true;
        });
      });
    }
    function forgetButton() {
      var bar = document.createElement("p"), button = document.createElement("button");
      bar.className = "lock-forget";
      button.type = "button";
      button.textContent = t("forgetPassphrase", "Forget the passphrase on this device");
      button.addEventListener("click", function () {
        keyStore.forget(saltHex).catch(function () { }).then(function () { location.reload(); });
      });
      bar.appendChild(button);
      return bar;
    }
    function failed(error) {
      var button = form.querySelector("button");
      button.disabled = false;
      status.textContent = error && error.moved ? t("movedPayload", "This page’s sealed text was made for another page: it was moved or swapped where the site is served, and does not open here.")
        : t("wrongPassphrase", "Wrong passphrase. Try again.");
      section.classList.add("lock-wrong");
      input.select();
    }
    form.hidden = false;
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var button = form.querySelector("button");
      button.disabled = true;
      status.textContent = t("unlocking", "Unlocking…");
      deriveKey(input.value, salt, iterations).then(function (key) {
        return reveal(key).then(function () {
          return keyStore.put(saltHex, key, form.elements.remember.checked).catch(function () { });
        });
      }).catch(failed);
    });
    if (window.indexedDB) {
      keyStore.get(saltHex).then(function (key) {
        if (!key) { return; }
        return reveal(key).then(function () {
          var tab = keyStore.tab(false);
          if (tab) { keyStore.put(saltHex, key, false).catch(function () { }); }
        }, function (error) { if (error && error.moved) { failed(error); } });
      }).catch(function () { });
    }
  }

  /* The opt-in interactive maps (journal.yaml maps.interactive): Leaflet over the writer's tile
     server, with the same numbered places, route and tracks; the offline map stays for readers
     without script, and comes back if Leaflet is missing. */
  function interactiveMaps() {
    var tiles = document.body.getAttribute("data-tiles");
    if (!tiles || !window.L) { return; }
    Array.prototype.forEach.call(document.querySelectorAll(".map[data-places]"), function (box) {
      var places = JSON.parse(box.getAttribute("data-places"));
      var tracks = JSON.parse(box.getAttribute("data-tracks") || "[]");
      var holder = document.createElement("div");
      holder.className = "map-interactive";
      box.parentNode.insertBefore(holder, box);
      box.hidden = true;
      var map = L.map(holder, { scrollWheelZoom: false });
      L.tileLayer(tiles, { attribution: document.body.getAttribute("data-tiles-attribution") || "", maxZoom: 18 }).addTo(map);
      var bounds = [];
      places.forEach(function (p) {
        var icon = L.divIcon({ className: "map-marker-icon", iconSize: [28, 28], html: "<span class=\"map-marker\">" + Number(p.n) + "</span>" });
        var link = document.createElement("a");
        link.href = p.url;
        link.textContent = p.n + ". " + p.label;
        L.marker([p.lat, p.lon], { icon: icon, title: p.n + ". " + p.label }).bindPopup(link).addTo(map);
        bounds.push([p.lat, p.lon]);
      });
      if (box.hasAttribute("data-route") && places.length > 1) {
        L.polyline(bounds, { color: getComputedStyle(document.body).getPropertyValue("--accent") || "#8a4b14", weight: 2, dashArray: "6 5" }).addTo(map);
      }
      tracks.forEach(function (t) { L.polyline(t, { color: "#c2185b", weight: 3 }).addTo(map); bounds = bounds.concat(t); });
      if (bounds.length === 1) { map.setView(bounds[0], 13); } else { map.fitBounds(bounds, { padding: [30, 30] }); }
    });
  }

  document.addEventListener("DOMContentLoaded", function () {
    var now = new Date();
    greeting(now);
    tips();
    onThisDay(now);
    filter();
    viewer();
    lockScreen();
    interactiveMaps();
  });
})();
