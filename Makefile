# Two commands do all set-up on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

.PHONY: demo chat test test-slow clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

demo: $(VENV)/.installed
	$(VENV)/bin/drugpilot demo

chat: $(VENV)/.installed
	$(VENV)/bin/drugpilot chat

# Lint first (rules in pyproject.toml [tool.ruff]), then type-check ([tool.mypy], zero findings), then the suite.
test: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy
	$(PY) -m pytest -q

test-slow: $(VENV)/.installed
	DRUGPILOT_SLOW_TESTS=1 $(PY) -m pytest -q -m slow

clean:
	rm -rf $(VENV) drugpilot-output .pytest_cache .ruff_cache
