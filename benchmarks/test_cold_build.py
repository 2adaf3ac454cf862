"""Cold builds of policies-a, of policies-b's corpus, and of a corpus eight times
the size of policies-a: time per stage, and the time spent outside embedding
against the time spent embedding, as the build's run ledger records them
(passages in the index stage; queries and sentences in the answer stage). All
with the encoder a build uses by default (``auto``: bf16 on a CPU with native
bfloat16, else fp32).

policies-b's corpus has 166 real documents (772 KB); its questions are held out
elsewhere, so policies-a's 94 questions are asked of it. The largest corpus is
eight copies of policies-a whose body lines each end with a marker of their
copy, so that every passage is new to the embedder: the same questions, eight
times the passages.

    .venv/bin/python -m pytest benchmarks/test_cold_build.py -s
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path

import pytest

from benchmarks.conftest import RESULTS, SHARED_EVAL, needs_shared
from dossier.build import build
from dossier.config import load_config
from dossier.index.embed import MiniLMEmbedder

SET = SHARED_EVAL / "policies-a"
pytestmark = needs_shared("policies-a")


@pytest.fixture(scope="module")
def embedder() -> MiniLMEmbedder:
    return MiniLMEmbedder(encoder="auto")


def _copy(corpus: Path, into: Path, marker: str) -> None:
    for source in corpus.rglob("*.md"):
        lines = source.read_text(encoding="utf-8").splitlines()
        body_from = lines.index("---") + 1 if "---" in lines[:60] else 0
        marked = [
            f"{line} {marker}" if i >= body_from and line.strip() else line
            for i, line in enumerate(lines)
        ]
        target = into / source.relative_to(corpus)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text("\n".join(marked) + "\n", encoding="utf-8")


def _project(root: Path, copies: int) -> Path:
    if copies == 1:
        shutil.copytree(SET / "corpus", root / "corpus")
    if copies == 0:  # policies-b's held-out corpus, with policies-a's questions
        shutil.copytree(SHARED_EVAL / "policies-b" / "corpus", root / "corpus")
    for n in range(copies if copies > 1 else 0):
        _copy(SET / "corpus", root / "corpus" / f"copy-{n + 1}", f"(copy {n + 1})")
    shutil.copy(SET / "questions.csv", root / "questions.csv")
    return root


@pytest.mark.parametrize("copies", [1, 0, 8], ids=["policies-a", "policies-b", "8x"])
def test_cold_build_time_outside_embedding(
    benchmark, tmp_path: Path, embedder: MiniLMEmbedder, copies: int
) -> None:
    root = _project(tmp_path, copies)
    config = load_config(
        None, {"corpus": root / "corpus", "questions": root / "questions.csv", "out": root / "out"}
    )
    started = time.perf_counter()
    result = benchmark.pedantic(build, args=(config,), kwargs={"embedder": embedder}, rounds=1)
    seconds = time.perf_counter() - started
    ledger = max((root / "out" / "cache" / "ledger").glob("*.jsonl"), key=os.path.getmtime)
    stages = {
        row["stage"]: row
        for row in map(json.loads, ledger.read_text().splitlines())
        if "stage" in row
    }
    embedding = stages["index"]["embedding_seconds"] + stages["answer"]["embedding_seconds"]
    outside = seconds - embedding
    assert result.dossier.build.recomputed == result.dossier.build.questions
    corpus = {0: "policies-b corpus", 1: "policies-a"}.get(copies, f"policies-a x{copies}")
    RESULTS[f"cold build, {corpus} ({embedder.encoder})"] = {
        "passages": stages["index"]["passages"],
        "seconds": round(seconds, 2),
        **{f"{name} s": round(row["seconds"], 2) for name, row in stages.items()},
        "embedding passages s": stages["index"]["embedding_seconds"],
        "embedding queries s": stages["answer"]["embedding_seconds"],
        "passages/s": round(stages["index"]["embedded"] / stages["index"]["embedding_seconds"], 1),
        "outside embedding s": round(outside, 2),
        "outside / embedding": round(outside / embedding, 3),
    }
