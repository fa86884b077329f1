# Two commands for a fresh machine (see README): `make package` and `make test`.
PYTHON ?= python3
OUT ?= build/d-day2

.PHONY: setup package test test-fast bench clean rules-doc

setup: .setup.stamp

.setup.stamp: pyproject.toml setup.py scripts/install-engine.sh $(wildcard converter/check/_*.c converter/check/*.h)
	$(PYTHON) -m pip install -q -e '.[dev]'
	bash scripts/install-engine.sh
	touch $@

# The main job: build the embedded D-Day2 model into a map package, check it, draw it.
package: setup
	$(PYTHON) -m converter build -o $(OUT) --force
	$(PYTHON) -m converter check $(OUT)
	$(PYTHON) -m converter preview $(OUT) -o $(OUT).png

# The tests run on every core (pytest-xdist); a worker that is done takes tests queued for another.
PARALLEL = -n auto --dist worksteal

test: setup
	$(PYTHON) -m pytest -q $(PARALLEL)

# Without the engine-backed slow tests, for quick local runs.
test-fast: setup
	$(PYTHON) -m pytest -q $(PARALLEL) -m "not slow"

bench: setup
	$(PYTHON) -m bench

clean:
	rm -rf build .setup.stamp .pytest_cache

rules-doc: setup
	$(PYTHON) -m converter check --explain all --format markdown > docs/check-rules.md
