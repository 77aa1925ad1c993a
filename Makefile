# Two commands on a fresh machine: `make run` and `make test`.
# `make run` listens on every interface so that tablets can join (HOST=127.0.0.1 keeps it private).
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PORT   ?= 8501
HOST   ?= 0.0.0.0

.PHONY: run test lint bench setup chromium postgresql axe screenshots clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(VENV)/bin/karma app --port $(PORT) --host $(HOST)

chromium:
	@test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium fonts-liberation)

# The storage tests start their own throwaway PostgreSQL server (tests/pgserver.py).
postgresql:
	@test -x /usr/lib/postgresql/15/bin/initdb || (apt-get update && apt-get install -y postgresql)

# axe-core checks accessibility inside the browser tests; pinned by package-lock.json.
AXE := node_modules/axe-core/axe.min.js
$(AXE): package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $(AXE)

axe: $(AXE)

lint: $(STAMP)
	$(VENV)/bin/ruff check referee tests bench
	$(VENV)/bin/ruff format --check referee tests bench
	$(VENV)/bin/mypy

test: $(STAMP) chromium postgresql $(AXE) lint
	$(PY) -m pytest

bench: $(STAMP)
	$(PY) -m bench

# Refresh the README's pictures (docs/screenshots) from the browser tests.
screenshots: $(STAMP) chromium $(AXE)
	KARMA_UPDATE_SCREENSHOTS=1 $(PY) -m pytest tests/browser -k "viewports or taps_counted or phone_game"

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache
