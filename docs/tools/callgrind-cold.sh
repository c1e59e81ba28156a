#!/bin/bash
# Instructions of one cold build under callgrind (repeatable to about ±10 M at 1k entries, where
# wall time on a shared machine is not): a stripped copy of BINARY (valgrind cannot read Swift's
# debug information), an empty entry cache and no page fingerprints, output on tmpfs.
#
# usage: docs/tools/callgrind-cold.sh BINARY [JOURNAL] [OUT]
#   e.g. docs/tools/callgrind-cold.sh .build/release/journalgen .build/bench/journal-1000 /tmp/new.callgrind
# Prints the total and PBKDF2's share (the private pages' key, derived on every cold build here:
# under valgrind it takes the SHA-256 code without the processor's SHA instructions, so it is a
# much larger part than in real time). Read the profile with `callgrind_annotate OUT`.
set -euo pipefail
binary=$1
journal=${2:-.build/bench/journal-1000}
out=${3:-/tmp/journalgen.callgrind}
copy=$(mktemp /tmp/journalgen-callgrind.XXXXXX)
site=/dev/shm/journalgen-callgrind-site
trap 'rm -rf "$copy" "$site" /dev/shm/.journalgen-callgrind-site.journalgen-spare' EXIT
cp "$binary" "$copy" && chmod 755 "$copy" && strip --strip-debug "$copy"
rm -rf "$journal/.journalgen-cache/sites" "$journal/.journalgen-cache/entries" "$journal/.journalgen-cache/private/sealed" "$site"
JOURNALGEN_PASSPHRASE="benchmark passphrase, not a secret" JOURNALGEN_KEY_CACHE=0 \
    valgrind --tool=callgrind --callgrind-out-file="$out" "$copy" build "$journal" -o "$site" --today 2026-11-22 --quiet 2>&1 | grep "refs"
callgrind_annotate --inclusive=yes "$out" 2>/dev/null | grep -m1 "PKCS5_PBKDF2_HMAC" || true
