# Scorekeeper. Every target wraps a plain command you can also run by hand.
#
#   make run      build, then run a short demo session on a throwaway database
#   make test     every test: unit, golden transcripts, README examples, migrations
#   make golden   re-record the golden transcripts, README examples and man page; review the
#                 diff, then `make test` (a recorded golden fails until re-run)
#   make fixtures record the fixture database of the current schema version, once
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

.PHONY: run test golden fixtures bench lint format clean dependencies

dependencies:
	./Scripts/install-dependencies.sh

run: dependencies
	$(SWIFT) build --product scorekeeper
	./Scripts/demo.sh "$$($(SWIFT) build --show-bin-path)/scorekeeper"

test: dependencies
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

golden: dependencies
	$(SWIFT) build --build-tests
	-SCOREKEEPER_RECORD=1 $(SWIFT) test --skip-build --filter 'TranscriptTests|ReadmeExampleTests|ManPageTests'
	git diff --stat -- Fixtures/transcripts README.md Docs/scorekeeper.1

fixtures: dependencies
	$(SWIFT) build --build-tests
	SCOREKEEPER_RECORD_FIXTURE=1 $(SWIFT) test --skip-build --filter SchemaFixtureTests

bench:
	./Scripts/install-dependencies.sh --bench
	$(SWIFT) build $(STATIC) --product scorekeeper
	$(SWIFT) build -c release --product scorekeeper-bench
	"$$($(SWIFT) build -c release --show-bin-path)/scorekeeper-bench" \
	  --scorekeeper "$$($(SWIFT) build $(STATIC) --show-bin-path)/scorekeeper"

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests Benchmarks

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests Benchmarks

clean:
	rm -rf .build
