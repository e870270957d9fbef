# `make lab` and `make test` need only Python >= 3.10: each creates .venv on first use
# and reinstalls only when pyproject.toml changes.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
LAB_STAMP := $(VENV)/.installed-lab
TEST_STAMP := $(VENV)/.installed-test
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
NBVAL := --nbval --nbval-sanitize-with tests/nbval_sanitize.cfg

JUPYTER_CONFIG := $(wildcard jupyter-config/*.json)

.PHONY: lab test bench slides site notebooks clean

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 10))' || \
		{ echo "Python >= 3.10 is needed; run: make PYTHON=python3.11 ..."; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# installing the package also installs the course's JupyterLab settings (jupyter-config/, see pyproject.toml)
$(LAB_STAMP): pyproject.toml $(JUPYTER_CONFIG) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(TEST_STAMP): pyproject.toml $(JUPYTER_CONFIG) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e ".[test]"
	touch $@ $(LAB_STAMP)

## lab: start JupyterLab on the notebooks, opening notebook 01 (more options: make lab LAB_ARGS="--no-browser --port=8888")
lab: $(LAB_STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks $(ROOT_FLAG) $(LAB_ARGS) notebooks/01_perceptron.ipynb

## test: unit tests, every notebook under nbval, then the browser test
test: $(TEST_STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadscope -m "not browser" $(NBVAL) tests notebooks
	$(BIN)/python -m pytest -m browser -rs -s tests

## bench: speed of widgets, notebooks and fits, as printed figures
bench: $(TEST_STAMP)
	$(BIN)/python benchmarks/run.py

## slides: a reveal.js deck of each notebook in build/slides, working with no network
slides: $(LAB_STAMP)
	$(BIN)/python publish/course_pages.py slides build/slides

## site: the course as a static web site in build/site (pages, decks, notebooks), working with no network
site: $(LAB_STAMP)
	$(BIN)/python publish/course_pages.py site build/site

## notebooks: rebuild each notebook from its paired script in notebooks/src and execute it (nbval compares the outputs);
##            `make notebooks ONLY=01` rebuilds only the notebooks whose names start with 01
notebooks: $(LAB_STAMP)
	for source in notebooks/src/$(ONLY)*.py; do \
		notebook=notebooks/$$(basename $$source .py).ipynb; \
		$(BIN)/jupytext --quiet --update --to ipynb --output $$notebook $$source && \
		$(BIN)/jupyter nbconvert --log-level=WARN --to notebook --execute --inplace \
			--ExecutePreprocessor.record_timing=False $$notebook || exit 1; \
	done

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis
