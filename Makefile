# Two commands for a newcomer: `make serve` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Material prints an end-of-life banner on every build; it is known (see issue 2).
export NO_MKDOCS_2_WARNING := 1
STAMP := $(VENV)/.installed-stamp

.PHONY: setup site serve dev test lint clean

# The virtual environment is rebuilt whenever pyproject.toml changes.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

site: setup
	$(BIN)/python -m altered_rules.build_site

serve: site
	@echo "Serving site/ on http://127.0.0.1:8000/en/ (Ctrl-C to stop)"
	$(BIN)/python -m http.server 8000 --bind 127.0.0.1 --directory site

# Live-reloading preview of the English site for rules editors.
dev: setup
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000

lint: setup
	$(BIN)/altered-rules lint

test: setup
	$(BIN)/altered-rules lint
	$(BIN)/python -m pytest

clean:
	rm -rf site $(VENV)
