#!/usr/bin/env bash
# How long each stage of a `serve` rebuild takes after one entry's text is saved.
# usage: docs/tools/serve-stages.sh BINARY [ENTRIES]
# Serves .build/bench/edit-ENTRIES (made by `.ci/bench_serve.py --only latency --entries ENTRIES`)
# with --timings, saves one entry once to warm up, then five times 6 s apart (past the entry
# cache's quiet-time save), puts the entry back and prints each stage's median and the builds' times.
set -euo pipefail
B=$1; N=${2:-50000}
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
J=$ROOT/.build/bench/edit-$N
LOG=$(mktemp)
export JOURNALGEN_PASSPHRASE="benchmark passphrase, not a secret"
FILES=("$J"/entries/2013/*.md); E=${FILES[0]}; ORIG=$(mktemp); cp "$E" "$ORIG"
"$B" serve "$J" --port 8496 --today 2026-11-22 --timings > "$LOG" 2>&1 &
P=$!
for _ in $(seq 1 120); do grep -q '^Serving' "$LOG" && break; sleep 1; done
sleep 1; echo warm >> "$E"; sleep 12
: > "$LOG"
for i in 1 2 3 4 5; do echo "save $i" >> "$E"; sleep 6; done
cp "$ORIG" "$E"; sleep 2.5
kill -TERM $P; wait $P || true
python3 - "$LOG" <<'PY'
import re, statistics, sys, collections
stages = collections.defaultdict(list); built = []
for line in open(sys.argv[1], errors="replace"):
    line = line.replace("\0", "")
    m = re.match(r"\s+([\d.]+) s\s+\d+ MB\s+(.*)", line)
    if m: stages[m.group(2)].append(float(m.group(1)))
    m = re.match(r"Built .* in ([\d.]+) s", line)
    if m: built.append(float(m.group(1)))
for name, times in stages.items(): print(f"{statistics.median(times) * 1000:7.1f} ms  {name}")
print("builds:", built, "median", statistics.median(built) if built else None)
PY
rm -f "$LOG" "$ORIG"
