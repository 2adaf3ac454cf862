# make setup: create .venv with everything installed (idempotent; quick when nothing changed)
# make demo:  build the demo dossier into build/
# make test:  run the test suite, less the slow end-to-end tests (a few minutes on 2 cores)
# make test-slow: the slow end-to-end tests (marked slow; CI runs them after make test)
# make lint:  ruff, ruff format, mypy, and the stages' import contract (lint-imports)
# make bench: the benchmarks; make bench-scale: the 50 MB build (about an hour on 2 fp32 cores)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup demo test test-slow lint bench bench-scale scenarios clean

setup: $(STAMP)

# Each step says what it does and pip shows what it installs: a fresh set-up takes minutes.
$(STAMP): pyproject.toml
	@echo "==> [1/5] virtual environment $(VENV)"
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "==> [2/5] pip"
	$(BIN)/python -m pip install --upgrade pip
	@echo "==> [3/5] CPU torch 2.13.0 (750 MB unpacked; the longest step)"
	# CPU torch first, pinned: it is on this machine kind's disk; unpinned would fetch CUDA.
	$(BIN)/python -m pip install torch==2.13.0
	@echo "==> [4/5] dossier and its test tools"
	$(BIN)/python -m pip install -e '.[dev]'
	@echo "==> [5/5] the embedding model loads offline"
	$(BIN)/python -c "import dossier.index.embed as e; e.check_model_offline()"
	touch $(STAMP)
	@echo "==> set-up done: $(BIN)/dossier"

demo: setup
	$(BIN)/dossier build --config dossier.toml --out build

test: setup
	$(BIN)/python -m pytest -q -m 'not slow' tests

test-slow: setup
	$(BIN)/python -m pytest -q -m slow tests

lint: setup
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy
	$(BIN)/lint-imports

# The research graph's routes on the demo corpus: route accuracy, grounding, abstention,
# unnecessary tool calls, duplicate retrievals (tests/scenarios asserts the same, per case).
scenarios: setup
	$(BIN)/dossier build --config dossier.toml --questions questions/scenarios.csv --out build/scenarios
	$(BIN)/dossier eval --out build/scenarios --labels questions/scenario-labels.jsonl --no-baseline

bench: setup
	$(BIN)/python -m pytest -q benchmarks --benchmark-json=build/bench.json

bench-scale: setup
	DOSSIER_BENCH_SCALE_MB=$${DOSSIER_BENCH_SCALE_MB:-50} $(BIN)/python -m pytest -q -s \
		benchmarks/test_scale.py --benchmark-json=build/bench-scale.json

clean:
	rm -rf build .venv
