# Two commands: `make play` (set up, then start the game) and `make test` (set up, then run every check).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test

.PHONY: play test setup test-setup lint typecheck unit docs clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# The game needs only the package; the checks also need the dev tools and the optional Ray
# extra, so that CI exercises the Ray backend of the simulator with a local Ray.
$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,ray]'
	touch $(TEST_STAMP)

setup: $(STAMP)

test-setup: $(TEST_STAMP)

play: setup
	$(BIN)/gostop play

lint: test-setup
	$(BIN)/ruff check .

typecheck: test-setup
	$(BIN)/mypy

unit: test-setup
	$(BIN)/python -m pytest

test: lint typecheck unit

docs: setup
	$(BIN)/gostop docs rules --output docs/rules.md

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
