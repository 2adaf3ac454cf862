"""Golden-file test of the rendered demo dossier (Markdown), with the clock pinned.

Regenerate after an intended change: DOSSIER_UPDATE_GOLDEN=1 make test
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path
from typing import Any

import pytest

from dossier.build import BuildResult, build
from dossier.config import Config
from dossier.incremental.history import comparable
from dossier.index.embed import MiniLMEmbedder
from dossier.output.render import render_markdown
from dossier.output.serialise import read_dossier, to_json
from dossier.output.trace import read_trace
from tests.conftest import pinned_clock

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "demo-dossier.md"


def test_demo_markdown_matches_golden(demo_build: BuildResult) -> None:
    rendered = render_markdown(demo_build.dossier)
    if os.environ.get("DOSSIER_UPDATE_GOLDEN"):
        GOLDEN.write_text(rendered)
    assert rendered == GOLDEN.read_text()


@pytest.mark.slow  # two cold builds of the demo (about a minute on 2 cores)
def test_demo_build_is_deterministic(
    demo_config: Config, embedder: MiniLMEmbedder, tmp_path: Path
) -> None:
    """Two builds of the same inputs, each into a fresh folder (nothing to reuse),
    give the same record, the same Markdown, the same passages and the same traces
    (build times and timings aside)."""
    outs = [tmp_path / "first", tmp_path / "second"]
    built = [
        build(dataclasses.replace(demo_config, out=out), embedder=embedder, clock=pinned_clock)
        for out in outs
    ]
    assert all(b.dossier.build.recomputed == len(b.dossier.answers) for b in built)
    first, second = (comparable(json.loads((out / "dossier.json").read_text())) for out in outs)
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    for name in ("dossier.md", "cache/passages.json"):
        assert (outs[0] / name).read_bytes() == (outs[1] / name).read_bytes(), name
    assert _traces(outs[0]) == _traces(outs[1])


def _traces(out: Path) -> dict[str, list[dict[str, Any]]]:
    """Each question's trace, its timings left out."""
    traces = {}
    for answer in read_dossier(out).answers:
        steps = [step.to_json() for step in read_trace(out, answer.question_id).steps]
        traces[answer.question_id] = [
            {k: v for k, v in step.items() if k != "seconds"} for step in steps
        ]
    return traces


def test_a_rebuild_into_the_same_folder_reuses_every_answer(
    demo_build: BuildResult, demo_config: Config, embedder: MiniLMEmbedder
) -> None:
    """The cache's round trip: nothing changed, so every answer is reused, the
    artefacts already written are kept, and the record says the same."""
    again = build(demo_config, embedder=embedder, clock=pinned_clock)
    first, second = comparable(to_json(demo_build.dossier)), comparable(to_json(again.dossier))
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    assert again.up_to_date
    latest = max(
        (demo_config.out / "cache" / "ledger").glob("*.jsonl"), key=lambda p: p.stat().st_mtime_ns
    )
    entries = [json.loads(line) for line in latest.read_text().splitlines()]
    hits = [e["cache"] for e in entries if "question_id" in e]
    assert hits == ["hit"] * len(again.dossier.answers)


@pytest.mark.slow
def test_parallel_answering_gives_the_same_dossier(
    demo_build: BuildResult, demo_config: Config, embedder: MiniLMEmbedder, tmp_path: Path
) -> None:
    # A fresh output folder: nothing to reuse, every answer is made in parallel.
    parallel = build(
        dataclasses.replace(demo_config, jobs=3, out=tmp_path),
        embedder=embedder,
        clock=pinned_clock,
    )
    assert parallel.dossier.build.recomputed == len(parallel.dossier.answers)
    assert render_markdown(parallel.dossier) == render_markdown(demo_build.dossier)
    assert [a.answer for a in parallel.dossier.answers] == [
        a.answer for a in demo_build.dossier.answers
    ]
