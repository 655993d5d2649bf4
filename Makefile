# Every target creates and uses .venv; nothing outside the project is touched.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
TEST_STAMP := $(VENV)/.installed-test
CHROMIUM := /usr/bin/chromium
# The store tests start a PostgreSQL server of their own from Debian's binaries (any version).
INITDB := $(firstword $(wildcard /usr/lib/postgresql/*/bin/initdb) /usr/lib/postgresql/initdb)

.PHONY: run test lint typecheck pytest bench mutate clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[web]'
	touch $@

$(TEST_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,plot,cluster,postgres]'
	touch $@

run: $(STAMP)
	$(BIN)/kriegsspiel serve --db .run/games.db --demo

test: $(TEST_STAMP) $(CHROMIUM) $(INITDB)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools
	$(BIN)/mypy
	$(BIN)/pytest

# The browser tests drive Debian's chromium; it is installed only when missing (CI runs as root).
$(CHROMIUM):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium

# The PostgreSQL store's tests need Debian's server binaries; installed only when missing.
$(INITDB):
	apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql

bench: $(TEST_STAMP)
	$(BIN)/pytest benchmarks --benchmark-only --benchmark-columns=min,mean,max,rounds -p no:randomly -s
	$(BIN)/python benchmarks/ratios.py --readme README.md
	$(BIN)/python benchmarks/serving.py --readme docs/web.md
	$(BIN)/python benchmarks/balancing.py --readme README.md

# Mutation testing of src/kriegsspiel/core/ against tests/core ([tool.mutmut] in pyproject.toml),
# one worker, about 15 minutes. Always from scratch: mutmut would otherwise keep a survivor's
# verdict until its function changes, even after new tests kill it.
mutate: $(TEST_STAMP)
	rm -rf mutants
	$(BIN)/mutmut run --max-children 1
	$(BIN)/mutmut results
	$(BIN)/mutmut export-cicd-stats
	cat mutants/mutmut-cicd-stats.json

clean:
	rm -rf $(VENV) .run .mypy_cache .ruff_cache build src/*.egg-info
