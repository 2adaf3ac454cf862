# make setup: create .venv with everything installed (idempotent; quick when nothing changed)
# make demo:  build the demo dossier into build/
# make test:  run the test suite
# make lint:  ruff, ruff format, mypy, and the stages' import contract (lint-imports)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: setup demo test lint bench scenarios clean

setup: $(STAMP)

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	# CPU torch first, pinned: it is on this machine kind's disk; unpinned would fetch CUDA.
	$(BIN)/python -m pip install --quiet torch==2.13.0
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/python -c "import dossier.index.embed as e; e.check_model_offline()"
	touch $(STAMP)

demo: setup
	$(BIN)/dossier build --config dossier.toml --out build

test: setup
	$(BIN)/python -m pytest -q tests

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

clean:
	rm -rf build .venv
