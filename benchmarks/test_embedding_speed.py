"""Cold-build embedding speed: chunks per second of the index's embedding stage
(the passages ``open_index`` embeds, through ``MiniLMEmbedder``) beside the raw
model (``SentenceTransformer.encode`` with its defaults) on the same texts, in
one run so that a busy machine slows both alike.

    .venv/bin/python -m pytest benchmarks/test_embedding_speed.py -s

Uses ../shared/eval/policies-a when it is beside the project, else the demo corpus.
Every fourth passage is embedded so that the file runs in about a minute on two cores.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence

import numpy as np
import pytest

from benchmarks.conftest import RESULTS, ROOT, SHARED_EVAL
from dossier.index.embed import MiniLMEmbedder, load_model, native_bfloat16
from dossier.index.hybrid import embedding_text
from dossier.ingest.files import ingest, scan_corpus

SAMPLE_STEP = 4


@pytest.fixture(scope="module")
def texts() -> list[str]:
    folder = SHARED_EVAL / "policies-a" / "corpus"
    corpus = ingest(scan_corpus(folder if folder.exists() else ROOT / "corpus"))
    titles = {doc.path: doc.title for doc in corpus.documents}
    every = [embedding_text(chunk, titles[chunk.document]) for chunk in corpus.chunks]
    return every[::SAMPLE_STEP]


def _chunks_per_second(embed: Callable[[Sequence[str]], object], texts: list[str]) -> float:
    start = time.perf_counter()
    embed(texts)
    return len(texts) / (time.perf_counter() - start)


def _raw(texts: Sequence[str]) -> object:
    return load_model().encode(list(texts))


def test_embedding_stage_against_raw_model(benchmark, texts: list[str]) -> None:
    """ "before" is the embedder as it was (fp32, batches of 64); fp32 and bf16 are
    today's, bf16 being what encoder = "auto" picks on a CPU with native bfloat16.
    Rounds alternate so that load spikes from other processes hit all alike."""
    encoders = {
        "before": MiniLMEmbedder(batch_size=64, encoder="fp32"),
        "fp32": MiniLMEmbedder(encoder="fp32"),
    }
    if native_bfloat16():
        encoders["bf16"] = MiniLMEmbedder(encoder="bf16")
    for embedder in encoders.values():
        embedder.embed(texts[:8])  # warm-up: first calls allocate
    rates: dict[str, list[float]] = {"raw": [], **{name: [] for name in encoders}}
    for _ in range(2):
        rates["raw"].append(_chunks_per_second(_raw, texts))
        for name, embedder in encoders.items():
            rates[name].append(_chunks_per_second(embedder.embed, texts))
    best = {name: max(values) for name, values in rates.items()}
    figures = {f"{name} chunks/s": round(rate, 1) for name, rate in best.items()}
    figures |= {f"{name} / raw": round(best[name] / best["raw"], 2) for name in encoders}
    figures |= {f"{name} / before": round(best[name] / best["before"], 2) for name in encoders}
    figures["passages"] = len(texts)
    RESULTS["embedding stage"] = figures
    shipped = encoders.get("bf16", encoders["fp32"])
    benchmark.pedantic(shipped.embed, args=(texts,), rounds=1)
    assert best["before"] > 0.5 * best["raw"]  # the wrapper adds no real cost to the model


def test_bf16_vectors_agree_with_fp32(texts: list[str]) -> None:
    if not native_bfloat16():
        pytest.skip("this CPU has no native bfloat16; encoder auto stays fp32")
    reference = MiniLMEmbedder(encoder="fp32").embed(texts)
    reduced = MiniLMEmbedder(encoder="bf16").embed(texts)
    cosines = (reference * reduced).sum(axis=1)
    RESULTS["bf16 vs fp32 cosine"] = {
        "min": round(float(cosines.min()), 4),
        "mean": round(float(np.mean(cosines)), 4),
    }
    assert cosines.min() > 0.99
