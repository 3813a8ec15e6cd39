# Two commands on a fresh machine:  make demo  (the tour on the bundled rulebook)  and  make test.
# Each does its own set-up: SWI-Prolog 9 from apt if `swipl` is missing, then .venv with the package.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
KB      = $(BIN)/berserk-kb

.PHONY: setup swipl demo test lint serve bench clean

setup: swipl $(VENV)/.installed $(VENV)/.compiled

swipl:
	@command -v swipl >/dev/null 2>&1 || { echo '== installing SWI-Prolog 9 (swi-prolog-nox) from apt: a minute or two, once'; \
	  scripts/install-swipl.sh; }

# The venv is made once, with a current pip (it installs the packages faster than the one a venv
# comes with), put in by $(PYTHON)'s own pip when it has one (quicker than the venv's ensurepip and
# then an upgrade). The package and its test tools are installed again only when pyproject.toml
# changes; an existing venv is not made again. The package's bytecode is compiled then (an editable
# install writes none, and a command would otherwise compile what it imports at every start).
$(BIN)/pip:
	@echo '== creating the Python environment $(VENV) with $(PYTHON), with a current pip'
	$(PYTHON) -m venv --without-pip $(VENV)
	$(PYTHON) -m pip --python $(BIN)/python install --quiet --upgrade pip \
	  || { $(BIN)/python -m ensurepip && $(BIN)/python -m pip install --quiet --upgrade pip; }

$(VENV)/.installed: pyproject.toml | $(BIN)/pip
	@echo '== installing berserk-kb and the libraries it uses into $(VENV) (a minute or two the first time)'
	$(BIN)/python -m pip install --quiet -e '.[test]'
	$(BIN)/python -m compileall -q python >/dev/null
	touch $@

# The Prolog code compiled into the environment too (share/berserk-kb/qlf of $(VENV)), again whenever
# a file of it changes: a command whose cache holds no compiled code loads that, instead of running
# a compile of its own (~0.4 s of CPU) on every new cache folder.
$(VENV)/.compiled: $(VENV)/.installed $(shell find prolog -name '*.pl' -not -path 'prolog/tests/*')
	$(BIN)/python -c 'from berserk_kb.engine.compiled import install_code; install_code()'
	touch $@

demo: setup
	@echo '== the first command compiles the Prolog code and reads the rulebook once (kept in the cache)'
	@echo '== why: the Гном-Басаарг example (519.3, edition A), justified step by step'
	$(KB) why kb/examples/A-519.3-ex1-gnome-basaarg.yaml --lang en
	@echo; echo '== the same die roll under both editions'
	$(KB) why kb/scenarios/die-roll-editions-differ.yaml --edition A --edition B
	@echo; echo '== every worked example that has a scenario file'
	$(KB) examples
	@echo; echo '== 519.3 in both editions (attack modifiers in A, dice-modifier groups in B)'
	$(KB) show 519.3
	@echo; echo '== what 519.1 cites in edition B (306 and 512.6.2 are outside the loaded text)'
	$(KB) refs 519.1 --edition B
	@echo; echo '== what cites 519.2 in edition B'
	$(KB) refs 519.2 --edition B --direction in
	@echo; echo '== search by word forms («регенерация» finds «Регенерации»)'
	$(KB) search 'регенерация'
	@echo; echo '== a card in any grammatical form, and the units that mention it'
	@if [ -d ../shared/data/cards ]; then $(KB) cards import ../shared/data/cards; \
	  else echo '== skipped: cards import (no card database at ../shared/data/cards beside this checkout); the bundled cards only'; fi
	$(KB) card 'Вайла'
	@echo; echo '== mentions of cards and features, linked; names the KB does not know'
	$(KB) links | tail -n 8
	@echo; echo '== the consistency check (summary) and what changed from edition A to B'
	$(KB) check 2>&1 | tail -n 14
	$(KB) diff A B | head -n 12
	@echo; echo '== export and query the graph'
	mkdir -p build
	$(KB) export --format turtle -o build/rulebook.ttl
	$(KB) export --format json-ld -o build/rulebook.jsonld
	$(KB) sparql 'SELECT ?edition (COUNT(?p) AS ?paragraphs) WHERE { ?p a bkb:Paragraph ; bkb:edition ?edition } GROUP BY ?edition ORDER BY ?edition'

# One test process per core (pytest-xdist; PYTEST_XDIST_AUTO_NUM_WORKERS=N sets another number);
# --dist loadgroup keeps the web tests (one server and one browser) in one process (tests/web/conftest.py);
# -rfEs lists the failed and erring tests and the reason of every skip (the real-rulebook test without
# ../shared, for one) at the end. The test modules' assertion rewriting is kept in tests/__pycache__
# even where PYTHONDONTWRITEBYTECODE is set (pytest honours it, and rewriting ~50 modules costs each
# process seconds).
# The tests' temporary folders go to the memory file system /dev/shm when the caller has not set
# TMPDIR and it has 1 GB free: a run writes and removes ~14,000 files, which on a disk mounted with
# `discard` costs ~5 s of the run. There a passed test's folder is removed as the test ends, so a green
# run leaves nothing in memory; a failed run keeps its failed tests' folders and the run's shared ones
# (~16 MB) for inspection, as pytest does on disk (three runs at most, in /dev/shm/pytest-of-USER).
test: SHM_TMP := $(if $(TMPDIR),,$(shell [ -d /dev/shm ] && [ -w /dev/shm ] && \
  [ "$$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 {print $$4}')" -ge 1048576 ] 2>/dev/null && echo /dev/shm))
test: setup
	PYTHONDONTWRITEBYTECODE= $(if $(SHM_TMP),TMPDIR=$(SHM_TMP) )$(BIN)/python -m pytest -n auto --dist loadgroup -rfEs \
	  $(if $(SHM_TMP),-o tmp_path_retention_policy=failed)

# ruff (style, imports, bugbear), mypy (types) over the package, tests and benchmarks; every Prolog
# file loaded with warnings as errors.
lint: setup
	$(BIN)/python -m pip install --quiet -e '.[test,lint]'
	$(BIN)/ruff check python tests bench
	$(BIN)/mypy
	swipl --on-error=status --on-warning=status -q -t 'halt(1)' -g "load_files([$$(find prolog -name '*.pl' -not -path 'prolog/tests/*' -printf "'%p',")'prolog/engine/scenario.pl'], []), halt"

serve: setup   # the web interface on http://127.0.0.1:8000/ (HOST=… PORT=… to change)
	$(KB) serve --host $(or $(HOST),127.0.0.1) --port $(or $(PORT),8000)

bench: setup
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis
