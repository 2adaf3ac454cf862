"""The public evaluation sets (../shared/eval: policies-a, VSAQ questions; policies-d,
CAIQ v4.1 questions), each built and scored as a reviewer reads it: recall,
correct abstention, precision, lead (the first quote alone covers a labelled
anchor), quotes and quoted characters per grounded answer, beside the naive
baseline. The floors guard against regressions (measured when written, with
the scorer fitted by scripts/fit_scorer.py); grounding must be total.

    .venv/bin/python -m pytest benchmarks/test_eval_sets.py -s --benchmark-json=build/bench.json
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from benchmarks.conftest import RESULTS, SHARED_EVAL
from dossier.build import build
from dossier.config import load_config
from dossier.evaluation.evaluate import FIGURES, evaluate_build

# set: (recall, correct abstention, lead) floors, a little under what was measured
# with 0.5.6 (policies-a 0.362 / 0.917-0.944 / 0.293, policies-d 0.326 / 0.880 / 0.233,
# bf16 and fp32). 0.5.6 lowered them on purpose: its scorer, fitted to hold up on a
# corpus it has not seen, gave up in-sample recall on both public sets (README, 0.5.6).
FLOORS = {"policies-a": (0.33, 0.85, 0.26), "policies-d": (0.30, 0.80, 0.20)}


@pytest.mark.parametrize("name", sorted(FLOORS))
def test_build_and_score(benchmark, tmp_path: Path, embedder, name: str) -> None:
    folder = SHARED_EVAL / name
    if not folder.exists():
        pytest.skip(f"../shared/eval/{name} is not beside the project")
    config = load_config(
        None,
        {"corpus": folder / "corpus", "questions": folder / "questions.csv", "out": tmp_path},
    )
    clock = lambda: dt.datetime(2026, 1, 1, tzinfo=dt.UTC)  # noqa: E731
    result = benchmark.pedantic(
        build, args=(config,), kwargs={"embedder": embedder, "clock": clock}, rounds=1
    )
    report = evaluate_build(tmp_path, folder / "labels.jsonl", folder / "corpus", embedder)
    for column in ("dossier", "baseline"):
        RESULTS[f"{name} {column}"] = {key: report[column][key] for key, _ in FIGURES}
    RESULTS[f"{name} build seconds"] = dict(result.dossier.build.stage_seconds)
    figures = report["dossier"]
    recall, abstention, lead = FLOORS[name]
    assert figures["grounding"] == 1.0
    assert figures["median_quotes"] <= 2
    assert figures["median_quoted_chars"] <= 400
    assert figures["answer_recall"] >= recall
    assert figures["correct_abstention"] >= abstention
    assert figures["lead"] >= lead
