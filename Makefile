# Two commands: `make play` (set up, then start the game) and `make test` (set up, then run every check).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
HOST ?= 127.0.0.1
PORT ?= 8000

# Some machines set PYTHONDONTWRITEBYTECODE in the environment (ours does): then every Python
# process compiles the sources it imports again, and a test run starts hundreds of them (servers,
# command lines, bot workers, browsers' game servers). Here Python keeps its bytecode in
# __pycache__ (ignored by git).
unexport PYTHONDONTWRITEBYTECODE

.PHONY: play serve test setup test-setup system-deps browser-tools lint typecheck unit main-tests browser browser-first browser-last docs i18n clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The game (terminal and web) needs only the package; the checks also need the dev tools and the
# optional extras (Ray, the fast engine, the RL environment) so that CI exercises all of them.
$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

# (one pip run with the extras, not the game's install first and then the extras: a second
# resolve of every dependency cost about 15 s of a fresh `make test`. --no-compile: pip would
# compile every module of every package, Ray's thousands included, on one core; a module is
# compiled when a check first imports it instead, and kept)
$(TEST_STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet --no-compile -e '.[dev,ray,fast,rl]'
	$(BIN)/python -c "$$PRIME_BYTECODE"
	touch $(STAMP) $(TEST_STAMP)

# Once, before the checks start side by side: import what they all import, so that its bytecode
# is written by one process (a few seconds) instead of by each of the first dozen at once.
define PRIME_BYTECODE
import gostop.cli, gostop.server.app, gostop.play.app, gostop.sim, gostop.fast, gostop.rl
import pytest, hypothesis, xdist, httpx, websockets, playwright.sync_api, numba
endef
export PRIME_BYTECODE

setup: $(STAMP)

test-setup: $(TEST_STAMP) system-deps

# The browser tests drive Debian's Chromium (Playwright's own browser download does not work
# everywhere) and need Korean fonts; install them with apt when missing and we are root.
system-deps:
	@sh scripts/system-deps.sh

play: setup
	$(BIN)/gostop play

serve: setup
	$(BIN)/gostop serve --host $(HOST) --port $(PORT)

# ruff, then the floors of the architecture (import-linter; the contract is in pyproject.toml)
lint: test-setup
	$(NICE) $(BIN)/ruff check .
	$(NICE) $(BIN)/lint-imports

typecheck: test-setup
	$(NICE) $(BIN)/mypy

# Where CI is set, Hypothesis draws the same examples every run (a fixed seed), so that a CI
# verdict depends on the code, not on the examples a run happened to draw; elsewhere every run
# explores new ones (and replays the failures it keeps in .hypothesis/ first).
HYPOTHESIS_SEED := $(if $(CI),--hypothesis-seed=0,)

# Two pytest runs: the browser tests' sync Playwright fixtures leave an event loop running,
# which breaks the Textual and asyncio tests, so they get their own process.
# Each run uses two workers on its own (pytest-xdist; a fixed count that fits a 2-core machine): every
# test makes its own temporary folders, server ports, PostgreSQL database and Redis key prefix,
# and each browser worker starts its own game server, so the workers never share state.
# The fast-engine tests that compile go to the first worker at the start (tests/conftest.py): on
# a fresh clone only that worker compiles numba's cache while the other runs the rest; the other
# fast-engine tests wait for them, then go to whichever worker is free.
WORKERS ?= 2
MAIN_WORKERS ?= $(WORKERS)
BROWSER_WORKERS ?= $(WORKERS)
# In `make test` the browser tests run in two pytest runs that share them (tests/browser/conftest.py):
# one starts beside the main run and takes them from the start of the list; the other starts when
# the main run ends and takes them from the end, until the two meet. With one browser worker
# beside the main run's two, one of the two runs went on alone at the end (the browser run, 73 s on
# a 2-core VM); two browser workers from the start slowed the main run more than they gained
# (534 s against 508 in all; docs/benchmarks.md).
unit: main-tests browser

main-tests: test-setup
	$(BIN)/python -m pytest -n $(MAIN_WORKERS) --ignore=tests/browser -p no:playwright $(HYPOTHESIS_SEED)

# axe-core for the accessibility tests (npm, tests only; the versions are locked in
# tests/browser/package-lock.json). Without npm those tests skip with one line.
browser-tools:
	@if command -v npm >/dev/null 2>&1; then \
		[ -f tests/browser/node_modules/axe-core/axe.min.js ] || npm ci --prefix tests/browser --silent --no-audit --no-fund; \
	else echo "note: npm not found: the accessibility tests will skip"; fi

browser: test-setup browser-tools
	$(BIN)/python -m pytest -n $(BROWSER_WORKERS) tests/browser

# The two browser runs of `make test` (above); BROWSER_SHARE is the folder they share.
browser-first: test-setup browser-tools
	GOSTOP_BROWSER_SHARE=$(BROWSER_SHARE) $(BIN)/python -m pytest -p no:xdist tests/browser

browser-last: test-setup browser-tools main-tests
	GOSTOP_BROWSER_SHARE=$(BROWSER_SHARE) GOSTOP_BROWSER_FROM_END=1 $(BIN)/python -m pytest -p no:xdist tests/browser

# First the setup, its parts side by side (pip's install into the virtualenv, apt-get's system
# packages and npm's axe-core each wait on the network and the disk much of the time); then
# every check at once: ruff and import-linter, mypy, the main pytest run and the browser run.
# Each of them leaves a core idle much of the time (servers, sockets, timers, a browser waiting
# for a page); side by side they keep both cores busy (docs/benchmarks.md). The main run ends
# last, so the lint and mypy run at a lower priority (nice), never its timed tests' rivals.
# --output-sync: each check's output is printed whole when it ends, not interleaved.
test:
	@$(MAKE) --no-print-directory --output-sync=target -j3 test-setup browser-tools
	@echo "running ruff + import-linter, mypy, the main tests and the browser tests side by side;"
	@echo "(a second browser run shares the browser tests once the main tests end); each one's"
	@echo "output appears when it ends (several minutes for the tests)"
	@share=$$(mktemp -d); $(MAKE) --no-print-directory --output-sync=target -j5 lint typecheck main-tests \
		browser-first browser-last NICE="nice -n 10" BROWSER_SHARE=$$share; status=$$?; rm -rf $$share; exit $$status

docs: setup
	$(BIN)/gostop docs rules --output docs/rules.md

# Message catalogues (gostop.words): extract the English texts into the template, then merge it
# into each language's catalogue (translate the new entries in the .po files by hand).
I18N_DIR := src/gostop/words
i18n: setup
	$(BIN)/pybabel extract --no-default-keywords -k t -k n:1,2 --no-location --sort-output \
		--omit-header -F $(I18N_DIR)/babel.cfg -o $(I18N_DIR)/gostop.pot $(I18N_DIR) src/gostop/play
	$(BIN)/pybabel update --no-fuzzy-matching -D gostop -i $(I18N_DIR)/gostop.pot -d $(I18N_DIR)/locale

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
