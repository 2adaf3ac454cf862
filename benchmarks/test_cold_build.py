"""Cold builds of policies-a, of policies-b's corpus, and of a corpus eight times
the size of policies-a: absolute seconds per stage, as the build's run ledger
records them, and the index stage's passages per second beside the raw model's
batched throughput (``SentenceTransformer.encode``, its defaults) on a sample of
the same passages in the same run, so that a slower embedding shows as slower
(a ratio of the time outside embedding to the embedding time would improve); the
answer stage's texts per second (its query texts, and the sentences of the passages
research reads, each passage's in a batch of its own) beside the raw model's on the
questions in one batch (the build embeds the queries research plans in one batch first). All
with the encoder a build uses by default (``auto``: bf16 on a CPU with native
bfloat16, else fp32; the raw model is always fp32).

policies-b's corpus has 166 real documents (772 KB); its questions are held out
elsewhere, so policies-a's 94 questions are asked of it. The largest corpus is
eight copies of policies-a whose body lines each end with a marker of their
copy, so that every passage is new to the embedder: the same questions, eight
times the passages.

    .venv/bin/python -m pytest benchmarks/test_cold_build.py -s
"""

from __future__ import annotations

import csv
import json
import os
import shutil
import time
from pathlib import Path

import pytest

from benchmarks.conftest import RESULTS, SHARED_EVAL, needs_shared
from dossier.build import build
from dossier.config import load_config
from dossier.index.embed import MiniLMEmbedder, load_model
from dossier.index.hybrid import embedding_text
from dossier.ingest.files import ingest, scan_corpus

SET = SHARED_EVAL / "policies-a"
RAW_SAMPLE = 300  # passages of the corpus the raw model embeds, spread over it
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
def test_cold_build_seconds_per_stage(
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
    index, answer = stages["index"], stages["answer"]
    embedding = index["embedding_seconds"] + answer["embedding_seconds"]
    assert result.dossier.build.recomputed == result.dossier.build.questions
    passages_per_second = index["embedded"] / max(index["embedding_seconds"], 1e-9)
    raw = _raw_passages_per_second(root / "corpus")
    raw_queries = _raw_queries_per_second(root / "questions.csv")
    answering_per_second = answer["embedded_texts"] / max(answer["embedding_seconds"], 1e-9)
    corpus = {0: "policies-b corpus", 1: "policies-a"}.get(copies, f"policies-a x{copies}")
    RESULTS[f"cold build, {corpus} ({embedder.encoder})"] = {
        "passages": index["passages"],
        "seconds": round(seconds, 2),
        **{f"{name} s": round(row["seconds"], 2) for name, row in stages.items()},
        "embedding passages s": index["embedding_seconds"],
        "embedding in answering s": answer["embedding_seconds"],
        "outside embedding s": round(seconds - embedding, 2),
        "passages/s": round(passages_per_second, 1),
        "raw model passages/s (fp32)": round(raw, 1),
        "passages/s / raw": round(passages_per_second / raw, 2),
        "answering: texts embedded": answer["embedded_texts"],
        "... of which sentences": answer["sentences_embedded"],
        "... of which passages surfaced": answer["passages_embedded"],
        "answering: texts/s": round(answering_per_second, 1),
        "raw model query texts/s (fp32, batched)": round(raw_queries, 1),
        "load": " ".join(f"{v:.1f}" for v in os.getloadavg()),
    }


def _raw_queries_per_second(questions: Path) -> float:
    """The raw model (fp32, ``encode``'s defaults) on the questions' texts in one call:
    the reference for the answer stage's query vectors."""
    with questions.open(encoding="utf-8") as handle:
        texts = [row["question"] for row in csv.DictReader(handle)]
    model = load_model()
    model.encode(texts[:16])  # warm-up
    start = time.perf_counter()
    model.encode(texts)
    return len(texts) / (time.perf_counter() - start)


def _raw_passages_per_second(corpus: Path) -> float:
    """The raw model (fp32, ``encode``'s defaults) on passages spread over the corpus,
    as the index embeds them (``embedding_text``)."""
    read = ingest(scan_corpus(corpus))
    titles = {doc.path: doc.title for doc in read.documents}
    step = max(1, len(read.chunks) // RAW_SAMPLE)
    texts = [embedding_text(c, titles[c.document]) for c in read.chunks[::step]][:RAW_SAMPLE]
    model = load_model()
    model.encode(texts[:16])  # warm-up
    start = time.perf_counter()
    model.encode(texts)
    return len(texts) / (time.perf_counter() - start)
