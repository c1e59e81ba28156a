# journalgen: the two commands of the README, and a few more.
#   make demo    install what is missing, build journalgen (release) and the example site
#   make test    install what is missing and run the test suite
#   make bench   journalgen vs Hugo on 1k and 10k-entry journals (see docs/benchmarks.md)
#   make serve   build the example site for http://localhost:8000/ and serve it
#   make check-lock   unlock the example's private entry in headless Chromium (docs/private.md)

APT_PACKAGES := pkg-config libcmark-gfm-dev libcmark-gfm-extensions-dev libxml2-dev libvips-dev libvips-tools
SWIFT ?= swift
JOBS ?= 2
PORT ?= 8000
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: setup demo test bench serve check-lock install clean

setup:
	@command -v $(SWIFT) >/dev/null || { echo "error: no Swift toolchain on PATH; install Swift 6 from swift.org first" >&2; exit 1; }
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi

.build/release/journalgen: setup $(shell find Sources Plugins templates themes -type f 2>/dev/null) Package.swift
	$(SWIFT) build -c release -j $(JOBS) --product journalgen

# The example journal's private entry opens with this passphrase (its README and the entry say so).
DEMO_PASSPHRASE ?= lindenstrasse 14

demo: setup .build/release/journalgen
	JOURNALGEN_PASSPHRASE="$${JOURNALGEN_PASSPHRASE:-$(DEMO_PASSPHRASE)}" .build/release/journalgen build example-journal
	@echo ""
	@echo "The example site is in example-journal/_site/"
	@echo "To browse it: make serve, then open http://localhost:$(PORT)/"
	@echo "The private entry's passphrase is: $(DEMO_PASSPHRASE)"

test: setup
	@python3 -c "import cryptography" 2>/dev/null || python3 -m pip install -q cryptography
	$(SWIFT) test -j $(JOBS)

bench: setup .build/release/journalgen
	@command -v hugo >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq hugo >/dev/null; }
	python3 .ci/bench.py
	python3 .ci/bench_images.py

serve: setup .build/release/journalgen
	JOURNALGEN_PASSPHRASE="$${JOURNALGEN_PASSPHRASE:-$(DEMO_PASSPHRASE)}" .build/release/journalgen build example-journal --base-url http://localhost:$(PORT)/ --output example-journal/_site
	@echo "Serving http://localhost:$(PORT)/ (Ctrl-C stops)"
	python3 -m http.server $(PORT) --bind 127.0.0.1 --directory example-journal/_site

check-lock: demo
	@command -v chromium >/dev/null || { $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium >/dev/null; }
	python3 docs/tools/check-lock-page.py example-journal/_site private/ "$(DEMO_PASSPHRASE)" --expect "The thing I did not say"

install: .build/release/journalgen
	install -m 755 .build/release/journalgen /usr/local/bin/journalgen

clean:
	rm -rf .build example-journal/_site
