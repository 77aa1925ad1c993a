# Two commands on a fresh machine: `make run` and `make test`.
# `make run` listens on every interface so that tablets can join (HOST=127.0.0.1 keeps it private).
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
PORT   ?= 8501
HOST   ?= 0.0.0.0

.PHONY: run test test-fast lint bench setup lock chromium postgresql ocr axe screenshots clean

# The exact, hashed versions of the app and the test tools: requirements.lock (`make lock`
# writes it from pyproject.toml; README "Adding or updating a dependency").  The editable
# install itself adds nothing: --no-deps, and setuptools comes from the lock too.
LOCK   := requirements.lock

$(STAMP): pyproject.toml $(LOCK)
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --require-hashes -r $(LOCK)
	$(PY) -m pip install -q --no-deps --no-build-isolation -e .
	@$(PY) -m pip check >/dev/null || ($(PY) -m pip check; \
	  echo "$(LOCK) does not match pyproject.toml: run 'make lock'"; exit 1)
	touch $(STAMP)

setup: $(STAMP)

# Write requirements.lock again from pyproject.toml, keeping every version already locked that
# still fits (LOCK_FLAGS=--upgrade moves everything to the newest; --upgrade-package NAME one).
lock:
	@test -x $(VENV)/bin/uv || (python3 -m venv $(VENV) && $(PY) -m pip install -q uv)
	$(VENV)/bin/uv pip compile pyproject.toml --extra dev --universal --python-version 3.11 \
	  --generate-hashes --quiet $(LOCK_FLAGS) -o $(LOCK)

run: $(STAMP)
	$(VENV)/bin/karma app --port $(PORT) --host $(HOST)

chromium:
	@test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium fonts-liberation)

# tests/test_readme.py reads the README's pictures back with OCR (each shows its page, drawn).
ocr:
	@test -x /usr/bin/tesseract || (apt-get update && apt-get install -y tesseract-ocr)

# The storage tests start their own throwaway PostgreSQL server (tests/pgserver.py).
postgresql:
	@test -x /usr/lib/postgresql/15/bin/initdb || (apt-get update && apt-get install -y postgresql)

# axe-core checks accessibility inside the browser tests, and yaml-language-server (VS Code's YAML
# engine) checks the files the app writes in tests/test_editor.py; pinned by package-lock.json.
AXE := node_modules/axe-core/axe.min.js
$(AXE): package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $(AXE)

axe: $(AXE)

lint: $(STAMP)
	$(VENV)/bin/ruff check referee tests bench
	$(VENV)/bin/ruff format --check referee tests bench
	$(VENV)/bin/mypy

# The suite on every core (pytest-xdist), a worker per core.  One worker more than the cores was
# tried (a real-browser test spends much of its time waiting): on a quiet 2-core machine pytest
# took 15 min 38 s against 16 min 2 s, at a load of 12, and a browser test timed out - not worth
# it (issue 40).  Tests that share an expensive fixture (a built wheel, one editor server) stay
# on one worker (--dist loadgroup); the 25 slowest are printed at the end.
# Python may keep the compiled tests and code (``__pycache__``, ignored by git) even where the
# environment says PYTHONDONTWRITEBYTECODE: without it every worker, app server and command the
# tests start compiles the code again (each worker's collection took 8 s instead of 3).
WORKERS ?= $(shell nproc)
PYTEST := PYTHONDONTWRITEBYTECODE= $(PY) -m pytest -n $(WORKERS) --dist loadgroup --durations=25

test: $(STAMP) chromium postgresql ocr $(AXE) lint
	@echo "The whole suite, on every core: about 8 minutes; the slowest tests are listed at the end."
	$(PYTEST)

# The edit-test loop: everything but the real-browser tests, in a few minutes.
test-fast: $(STAMP) postgresql ocr $(AXE)
	@echo "The suite without the real-browser tests, on every core: under 3 minutes."
	$(PYTEST) -m "not browser"

bench: $(STAMP)
	$(PY) -m bench

# Refresh the README's pictures (docs/screenshots) from the browser tests.
screenshots: $(STAMP) chromium $(AXE)
	KARMA_UPDATE_SCREENSHOTS=1 $(PY) -m pytest tests/browser -k "viewports or taps_counted or on_a_phone"

clean:
	rm -rf $(VENV) node_modules .pytest_cache .mypy_cache .ruff_cache
