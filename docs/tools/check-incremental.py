"""Random edits of a journal, each followed by an incremental build compared byte for byte with a
clean build (--no-cache) of the same journal: the rule of issue 12 on a journal of any size.

usage: check-incremental.py BINARY JOURNAL STEPS SEED
  e.g. cp -r .build/bench/journal-1000 /tmp/j && check-incremental.py .build/release/journalgen /tmp/j 50 11
The journal is edited in place (use a copy). Edits: add an entry (with a mood, tags, a trip, a theme
or task items, at random), delete one added before, a new title, date, tags (two that share a
slug among them), mood, trip or theme, photos from media/, a realised idea, a revisit, an entry
made private or a draft (or public again), a task item, a wiki link to another entry, a line of text,
a word at the start of the first paragraph (what cards show), 250 words (the reading time cards show),
a place named or taken away.
Outputs go to /dev/shm/ci-inc and /dev/shm/ci-clean. Stops at the first difference (exit 2) or
failed build (exit 1). Each step says "(in place)" when its build replaced one file of the site
where it stood. KINDS=body,title,... limits the edits to those kinds."""
import os, random, subprocess, sys, re, glob, shutil
B = sys.argv[1]; J = sys.argv[2]; steps = int(sys.argv[3]); seed = int(sys.argv[4])
env = dict(os.environ, JOURNALGEN_PASSPHRASE="benchmark passphrase, not a secret")
rnd = random.Random(seed)
def build(out, extra=[]):
    r = subprocess.run([B, "build", J, "-o", out, "--today", "2026-11-22"] + extra, env=env, capture_output=True, text=True)
    if r.returncode != 0: print("BUILD FAILED", r.stderr[-2000:]); sys.exit(1)
    return "refreshed in place" in r.stdout
files = sorted(glob.glob(J + "/entries/*/*.md"))
public = [f for f in files if "private: true" not in open(f).read() and "draft: true" not in open(f).read()]
def fm_edit(f, fn):
    t = open(f).read()
    m = re.match(r"---\n(.*?)\n---\n", t, re.S)
    if not m: return False
    head = fn(m.group(1))
    if head is None: return False
    open(f, "w").write("---\n" + head + "\n---\n" + t[m.end():]); return True
def set_key(head, key, value):
    lines = head.split("\n")
    # A key whose value goes on over indented lines (a block list) is left alone.
    for i, l in enumerate(lines):
        if l.startswith(key + ":") and i + 1 < len(lines) and lines[i + 1][:1] in (" ", "-"):
            return None
    lines = [l for l in lines if not l.startswith(key + ":")]
    if value is not None: lines.append(f"{key}: {value}")
    return "\n".join(lines)
added = []
kinds = ["add", "delete", "title", "date", "tags", "mood", "trip", "theme", "photos", "glory", "revisit", "hidden",
         "task", "link", "body", "excerpt", "long", "place"]
# KINDS=body,title,... draws from those only (a run of body edits is mostly builds refreshed in place).
kinds = [k for k in os.environ.get("KINDS", ",".join(kinds)).split(",") if k in kinds] or kinds
build("/dev/shm/ci-inc")
for step in range(steps):
    kind = rnd.choice(kinds)
    f = rnd.choice(public)
    if kind == "add":
        y = rnd.randint(2005, 2026); d = f"{y}-{rnd.randint(1,12):02d}-{rnd.randint(1,28):02d}"
        p = f"{J}/entries/{y}/{d}-fuzz-{step}.md"; os.makedirs(os.path.dirname(p), exist_ok=True)
        extra = rnd.choice(["", "mood: good\n", "tags: [fuzz, travel]\n", "trip: fuzz-trip\n", "theme: forest\n"])
        open(p, "w").write(f"---\ndate: {d}\n{extra}---\n# Fuzz {step}\n\nText {step}.\n\n- [ ] fuzz task {step}\n" if rnd.random() < 0.3 else f"---\ndate: {d}\n{extra}---\n# Fuzz {step}\n\nText {step}.\n")
        added.append(p); public.append(p); what = f"add {p}"
    elif kind == "delete":
        if not added: continue
        p = added.pop(rnd.randrange(len(added))); os.remove(p); public.remove(p); what = f"delete {p}"
        # Links to it go too: a link to no entry is an error of the journal.
        gone = f"\nSee [[{os.path.basename(p)[:-3]}]].\n"
        for other in glob.glob(J + "/entries/*/*.md"):
            text = open(other).read()
            if gone in text: open(other, "w").write(text.replace(gone, ""))
    elif kind == "title":
        ok = fm_edit(f, lambda h: set_key(h, "title", f"Retitled {step}")); what = f"title {f}"
    elif kind == "date":
        def nd(h):
            return set_key(h, "date", f"{rnd.randint(2005,2026)}-{rnd.randint(1,12):02d}-{rnd.randint(1,28):02d}")
        ok = fm_edit(f, nd); what = f"date {f}"
    elif kind == "tags":
        ok = fm_edit(f, lambda h: set_key(h, "tags", rnd.choice(["[fuzz]", "[cafe, Café]", None, "[travel]"]))); what = f"tags {f}"
    elif kind == "mood":
        ok = fm_edit(f, lambda h: set_key(h, "mood", rnd.choice(["good", "bad", "amazing", None]))); what = f"mood {f}"
    elif kind == "trip":
        ok = fm_edit(f, lambda h: set_key(h, "trip", rnd.choice(["fuzz-trip", None]))); what = f"trip {f}"
    elif kind == "theme":
        ok = fm_edit(f, lambda h: set_key(h, "theme", rnd.choice(["forest", "ocean", None]))); what = f"theme {f}"
    elif kind == "photos":
        ok = fm_edit(f, lambda h: set_key(h, "media", rnd.choice(["[bike.jpg]", "[cat-portrait.jpg, bike.jpg]", None]))); what = f"photos {f}"
    elif kind == "place":
        # A place named (one an entry has already, or a new one), or none: the places page changes.
        ok = fm_edit(f, lambda h: set_key(h, "location", rnd.choice(["Fuzz Harbour", "Ana's flat", None]))); what = f"place {f}"
    elif kind == "glory":
        ok = fm_edit(f, lambda h: set_key(h, "glory", rnd.choice(["2026-05-01", "true", None]))); what = f"glory {f}"
    elif kind == "revisit":
        ok = fm_edit(f, lambda h: set_key(h, "revisit", rnd.choice(["3 weeks", "1 year", None]))); what = f"revisit {f}"
    elif kind == "hidden":
        # Private or a draft, and public again later: its page goes from the site (and comes back).
        key = rnd.choice(["private", "draft"])
        ok = fm_edit(f, lambda h: set_key(h, key, rnd.choice(["true", None]))); what = f"{key} {f}"
    elif kind == "task":
        open(f, "a").write(f"\n- [{rnd.choice([' ', 'x'])}] fuzz task {step}\n"); what = f"task {f}"
    elif kind == "link":
        target = os.path.basename(rnd.choice(public))[:-3]
        open(f, "a").write(f"\nSee [[{target}]].\n"); what = f"link {f} -> {target}"
    elif kind == "excerpt":
        # A word added to the first paragraph: what cards show changes, not only the page.
        t = open(f).read(); m = re.match(r"---\n.*?\n---\n\s*(?:#[^\n]*\n\s*)?", t, re.S)
        if not m: continue
        open(f, "w").write(t[:m.end()] + f"Also {step}, " + t[m.end():]); what = f"excerpt {f}"
    elif kind == "long":
        # 250 words: the reading time the cards show changes.
        open(f, "a").write("\n" + " ".join(f"word{step}" for _ in range(250)) + "\n"); what = f"long {f}"
    else:
        open(f, "a").write(f"\nMore text {step}.\n"); what = f"body {f}"
    in_place = build("/dev/shm/ci-inc")
    shutil.rmtree("/dev/shm/ci-clean", ignore_errors=True); shutil.rmtree("/dev/shm/.ci-clean.journalgen-spare", ignore_errors=True)
    build("/dev/shm/ci-clean", ["--no-cache"])
    r = subprocess.run(["diff", "-rq", "-x", ".journalgen-site", "/dev/shm/ci-inc", "/dev/shm/ci-clean"], capture_output=True, text=True)
    print(step, what.replace(J + "/", ""), "(in place)" if in_place else "", "OK" if r.returncode == 0 else "DIFF\n" + r.stdout[:1500], flush=True)
    if r.returncode != 0: sys.exit(2)
