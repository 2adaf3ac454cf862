"""The make-like build on policies-a (copied to a temporary folder): a cold build,
a no-op rebuild, and a rebuild after one paragraph is appended to one document,
measured in one run, with the fp32 encoder (the issue's reference). The three
tests run in this order and share one project.

    .venv/bin/python -m pytest benchmarks/test_incremental.py -s --benchmark-json=build/inc.json
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Any

import pytest

from benchmarks.conftest import RESULTS, SHARED_EVAL, needs_shared
from dossier.build import BuildResult, build
from dossier.config import Config, load_config

SET = SHARED_EVAL / "policies-a"
pytestmark = needs_shared("policies-a")
EDITED = "policies/password.md"
PARAGRAPH = (
    "Service accounts are reviewed by their owners every quarter, and their passwords "
    "are changed when a person who knew them leaves the company."
)
SECONDS: dict[str, float] = {}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Config:
    root = tmp_path_factory.mktemp("policies-a")
    shutil.copytree(SET / "corpus", root / "corpus")
    shutil.copy(SET / "questions.csv", root / "questions.csv")
    return load_config(
        None,
        {"corpus": root / "corpus", "questions": root / "questions.csv", "out": root / "out"},
    )


def _timed(name: str, config: Config, embedder) -> BuildResult:
    start = time.perf_counter()
    result = build(config, embedder=embedder)
    SECONDS[name] = round(time.perf_counter() - start, 2)
    return result


def test_cold_build(benchmark, project: Config, embedder) -> None:
    result = benchmark.pedantic(_timed, args=("cold", project, embedder), rounds=1)
    assert result.dossier.build.recomputed == result.dossier.build.questions
    embedding = sum(
        row.get("embedding_seconds", 0.0) for row in _ledger(project.out) if "stage" in row
    )
    RESULTS["incremental: cold build"] = {
        "seconds": SECONDS["cold"],
        **{f"{k} s": v for k, v in result.dossier.build.stage_seconds.items()},
        "embedding s": round(embedding, 2),
        "outside / embedding": round((SECONDS["cold"] - embedding) / embedding, 3),
    }


def _ledger(out: Path) -> list[dict[str, Any]]:
    """The newest run ledger: one row per stage and per question."""
    newest = max((out / "cache" / "ledger").glob("*.jsonl"), key=os.path.getmtime)
    return [json.loads(line) for line in newest.read_text().splitlines()]


def test_no_op_rebuild(benchmark, project: Config, embedder) -> None:
    result = benchmark.pedantic(_timed, args=("no-op", project, embedder), rounds=1)
    # nothing changed: every answer reused, and the artefacts already written kept
    assert result.up_to_date, "a no-op rebuild recomputes and rewrites nothing"
    RESULTS["incremental: no-op rebuild"] = {
        "seconds": SECONDS["no-op"],
        "up to date": result.up_to_date,
        "ratio to cold": round(SECONDS["no-op"] / SECONDS["cold"], 3),
    }


def test_one_document_rebuild(benchmark, project: Config, embedder) -> None:
    path = project.corpus / EDITED
    path.write_text(path.read_text(encoding="utf-8") + "\n" + PARAGRAPH + "\n", encoding="utf-8")
    result = benchmark.pedantic(_timed, args=("one document", project, embedder), rounds=1)
    info = result.dossier.build
    assert 0 < info.recomputed < info.questions
    ratio = round(SECONDS["one document"] / SECONDS["cold"], 3)
    RESULTS["incremental: one paragraph appended"] = {
        "seconds": SECONDS["one document"],
        "recomputed": info.recomputed,
        "questions": info.questions,
        "ratio to cold": ratio,
        **{f"{k} s": v for k, v in info.stage_seconds.items()},
    }
    # The ratio is reported, not asserted (timings are measured here, never gated):
    # what remains of a one-document rebuild is mostly rendering the PDF again.
