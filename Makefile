# Two commands for a newcomer: `make serve` and `make test` (see README.md).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Material prints an end-of-life banner on every build; it is known (see issue 2).
export NO_MKDOCS_2_WARNING := 1
STAMP := $(VENV)/.installed-stamp

.PHONY: setup browser site serve dev test check lint bench bench-search clean

# The virtual environment is rebuilt whenever pyproject.toml or constraints.txt changes. constraints.txt
# pins every package the environment holds, the ones pyproject.toml names and theirs (Jinja2, Pygments,
# MarkupSafe... shape the pages): the site builds alike on every machine. To move a pin, see
# CONTRIBUTING.md, "The Python environment".
$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

# The judge's sandbox runs the engine in the browser with Pyodide, from the npm package that
# package.json pins (package-lock.json holds its checksum); the site build copies it into site/_sandbox/.
NODE_STAMP := node_modules/.installed-stamp
$(NODE_STAMP): package.json package-lock.json
	npm ci --no-audit --no-fund --ignore-scripts
	touch $(NODE_STAMP)

setup: $(STAMP) $(NODE_STAMP)

# The browser tests drive the system Chromium (Debian's package): Playwright's own
# browser download cannot reach its servers from here.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
		echo "Installing Debian's chromium for the browser tests"; \
		apt-get update -qq && apt-get install -y -qq chromium >/dev/null; }

# SITE_OPTIONS=--no-symlinks: copies instead of symlinks, for hosts that serve none (GitHub Pages).
site: setup
	$(BIN)/python -m altered_rules.build_site $(SITE_OPTIONS)

serve: site
	@echo "Serving site/ on http://127.0.0.1:8000/en/ (Ctrl-C to stop)"
	$(BIN)/python -m http.server 8000 --bind 127.0.0.1 --directory site

# Live-reloading preview of the site in every language for rules editors and translators: a build
# error shows in the page itself (mkdocs_plugin/preview.py; docs/en/editing.md#preview).
dev: setup
	$(BIN)/python -m altered_rules.mkdocs_plugin.preview --port 8000

lint: setup
	$(BIN)/altered-rules lint

# The Python quality gates, configured in pyproject.toml and pinned in its `test` extra: ruff (pyflakes,
# bugbear and pycodestyle's errors) on the whole tree, then mypy (the engine strictly, the plugin
# plainly). Under a minute, with neither Node nor a browser; pre-commit and CI run the same commands.
check: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy

# The suite runs on one worker per core (pytest-xdist). A test file stays on one worker
# (--dist loadfile), so its module fixtures are built once and its browser pages share their cache,
# but for the few files tests/conftest.py spreads test by test (SPREAD); the slowest files go first
# (its HEAVY, kept in that order by --no-loadscope-reorder); and the site is built once for the
# whole run (tests/conftest.py). TEST_WORKERS=0 runs it in one process. --durations prints the
# slowest tests (README.md, "Tests").
TEST_WORKERS ?= auto
test: setup browser
	$(BIN)/altered-rules lint
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder --durations=20

# The speed and scale benchmarks of issue 8 (about ten minutes; never part of `make test`):
# they write benchmarks/results.md, the one generated file that is committed.
bench: setup browser
	$(BIN)/python benchmarks/run.py

# Only the search figures of issue 14 (the judge's benchmark, latency, index size), a few minutes:
# they write benchmarks/search-results.md.
bench-search: setup browser
	$(BIN)/python benchmarks/run.py --only search

clean:
	rm -rf site $(VENV) node_modules
