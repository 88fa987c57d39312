# Scorekeeper. Every target wraps a plain command you can also run by hand.
#
#   make run      build, then run a short demo session on a throwaway database
#   make test     every test: unit, golden transcripts, README examples, migrations
#   make test-fast every test but those tagged process, postgres, random or browser
#                 (and the live server's cases of tests run on both clouds)
#   make golden   re-record the golden transcripts, README examples and man page; review the
#                 diff, then `make test` (a recorded golden fails until re-run)
#   make fixtures record the fixture database of the current schema version, once, and
#                 the baseline new databases are made from
#   make install  the static release binary, man page and bash, zsh and fish completions
#                 under PREFIX (default /usr/local; DESTDIR honoured); make uninstall
#                 removes exactly those files
#   make bench    release build; time commands against the sqlite3 CLI, print ratios
#   make lint     check formatting (swift format, .swift-format)
#   make format   apply the formatting
#   make clean    remove build products
#
# `run`, `test` and `bench` first install missing system packages through apt.

SWIFT := $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# A fully static release binary (Swift runtime, glibc and the system's
# libsqlite3.a linked in) starts in under a millisecond, faster than the
# sqlite3 tool itself; the dynamic one spends ~2 ms in the loader.
STATIC := -c release --scratch-path .build-static -Xswiftc -static-executable

SHELL := /bin/bash

.PHONY: run test test-fast golden fixtures bench lint format clean dependencies install uninstall static

PREFIX ?= /usr/local
# What install copies; a test installs the binary it built instead.
BINARY ?= .build-static/release/scorekeeper
INSTALLED := $(DESTDIR)$(PREFIX)/bin/scorekeeper \
  $(DESTDIR)$(PREFIX)/share/man/man1/scorekeeper.1 \
  $(DESTDIR)$(PREFIX)/share/bash-completion/completions/scorekeeper \
  $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_scorekeeper \
  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/scorekeeper.fish

dependencies:
	./Scripts/install-dependencies.sh

run: dependencies
	$(SWIFT) build --product scorekeeper
	./Scripts/demo.sh "$$($(SWIFT) build --show-bin-path)/scorekeeper"

test:
	./Scripts/install-dependencies.sh --test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

test-fast:
	./Scripts/install-dependencies.sh --test
	$(SWIFT) build --build-tests
	SCOREKEEPER_TEST_FAST=1 $(SWIFT) test --skip-build

golden: dependencies
	$(SWIFT) build --build-tests
	-SCOREKEEPER_RECORD=1 $(SWIFT) test --skip-build --filter 'TranscriptTests|ReadmeExampleTests|ManPageTests'
	git diff --stat -- Fixtures/transcripts README.md Docs/scorekeeper.1

fixtures: dependencies
	$(SWIFT) build --build-tests
	SCOREKEEPER_RECORD_FIXTURE=1 $(SWIFT) test --skip-build --filter 'SchemaFixtureTests|SchemaBaselineTests|ServerFixtureTests'

bench:
	./Scripts/install-dependencies.sh --bench
	$(BUILD_STATIC)
	$(SWIFT) build -c release --product scorekeeper-bench
	"$$($(SWIFT) build -c release --show-bin-path)/scorekeeper-bench" \
	  --scorekeeper "$$($(SWIFT) build $(STATIC) --show-bin-path)/scorekeeper"

# glibc warns, when linking statically, that dlopen, getaddrinfo and the
# getpw* calls need its shared libraries at run time: they do (libpq, which
# live mode loads, and the name service behind them are shared libraries),
# and they are there on the machine it was built on and its distribution.
# The warnings are filtered out; any other line of the link is kept.
BUILD_STATIC = set -o pipefail; $(SWIFT) build $(STATIC) --product scorekeeper 2>&1 \
	  | { grep -v 'in statically linked applications requires at runtime the shared libraries' || true; }

static: dependencies
	$(BUILD_STATIC)

# The completion scripts come from the binary being installed.
install: $(if $(filter .build-static/%,$(BINARY)),static)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 \
	  $(DESTDIR)$(PREFIX)/share/bash-completion/completions $(DESTDIR)$(PREFIX)/share/zsh/site-functions \
	  $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -s -m 755 $(BINARY) $(DESTDIR)$(PREFIX)/bin/scorekeeper
	install -m 644 Docs/scorekeeper.1 $(DESTDIR)$(PREFIX)/share/man/man1/scorekeeper.1
	$(BINARY) completions bash > $(DESTDIR)$(PREFIX)/share/bash-completion/completions/scorekeeper
	$(BINARY) completions zsh > $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_scorekeeper
	$(BINARY) completions fish > $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/scorekeeper.fish

# The folders install made, deepest first; each goes only if empty.
INSTALLED_DIRS := share/bash-completion/completions share/bash-completion share/zsh/site-functions \
  share/zsh share/fish/vendor_completions.d share/fish share/man/man1 share/man share bin

uninstall:
	rm -f $(INSTALLED)
	-@for folder in $(INSTALLED_DIRS); do rmdir "$(DESTDIR)$(PREFIX)/$$folder" 2>/dev/null; done; true

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Benchmarks

clean:
	rm -rf .build .build-static
