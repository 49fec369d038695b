# polylift: `make demo` sets everything up and runs the main job; `make test` sets
# everything up and runs the whole test suite.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
BIN := $(VENV)/bin

.PHONY: setup demo test lint lit bench clean

setup: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml scripts/setup_system.sh
	bash scripts/setup_system.sh
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	# The cuda shims' headers and libraries (about 1 GB of wheels): only where nvcc can
	# compile them; elsewhere their tests skip with the reason.
	if command -v nvcc >/dev/null 2>&1; then $(PY) -m pip install -q -e '.[test,gpu]'; fi
	touch $@

demo: setup
	$(BIN)/polylift demo

lint: setup
	$(BIN)/ruff check polylift tests scripts
	$(BIN)/pyright
	# The layers and the acyclic and template-language contracts of pyproject.toml.
	$(BIN)/lint-imports


lit: setup
	$(BIN)/lit -sv tests/lit

test: lint
	$(BIN)/pytest -q
	PATH="$(abspath $(BIN)):$$PATH" $(BIN)/lit -s tests/lit

bench: setup
	$(PY) scripts/bench_raise.py

clean:
	rm -rf $(VENV) build .pytest_cache
