"""Golden-file test of the rendered demo dossier (Markdown), with the clock pinned.

Regenerate after an intended change: DOSSIER_UPDATE_GOLDEN=1 make test
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from dossier.build import BuildResult
from dossier.output.render import render_markdown
from dossier.output.serialise import to_json

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "demo-dossier.md"


def test_demo_markdown_matches_golden(demo_build: BuildResult) -> None:
    rendered = render_markdown(demo_build.dossier)
    if os.environ.get("DOSSIER_UPDATE_GOLDEN"):
        GOLDEN.write_text(rendered)
    assert rendered == GOLDEN.read_text()


def test_demo_build_is_deterministic(demo_build: BuildResult, demo_config, embedder) -> None:  # type: ignore[no-untyped-def]
    from dossier.build import build
    from dossier.incremental.history import comparable
    from tests.conftest import pinned_clock

    again = build(demo_config, embedder=embedder, clock=pinned_clock)
    first, second = comparable(to_json(demo_build.dossier)), comparable(to_json(again.dossier))
    assert json.dumps(first, sort_keys=True) == json.dumps(second, sort_keys=True)
    # nothing changed, so the artefacts already written were kept, and the run
    # ledger shows every answer reused
    assert again.up_to_date
    latest = max(
        (demo_config.out / "cache" / "ledger").glob("*.jsonl"), key=lambda p: p.stat().st_mtime_ns
    )
    entries = [json.loads(line) for line in latest.read_text().splitlines()]
    hits = [e["cache"] for e in entries if "question_id" in e]
    assert hits == ["hit"] * len(again.dossier.answers)


@pytest.mark.slow
def test_parallel_answering_gives_the_same_dossier(
    demo_build: BuildResult, demo_config, embedder, tmp_path
) -> None:  # type: ignore[no-untyped-def]
    import dataclasses

    from dossier.build import build
    from tests.conftest import pinned_clock

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
