"""Passage embedding speed: passages per second of the embedder a build uses
(``MiniLMEmbedder``, what the index stage calls) beside the raw model
(``SentenceTransformer.encode`` with its defaults: fp32, batches of 32) on the
same passages, in one run so that a busy machine slows all alike.

    .venv/bin/python -m pytest benchmarks/test_embedding_speed.py -s

Uses every third passage of ../shared/eval/policies-d (long real passages, as
the index embeds them: title, headings and text) when it is beside the project,
else policies-a, else the demo corpus. Besides the shipped fp32 embedder
(batches of 8): "before" (batches of 16, as it was), one thread instead of one
per core, int8 (not the default: it loses answer recall, see README), and bf16
where the CPU has native bfloat16. Rounds alternate so that load spikes from
other processes hit all alike; each figure's range over the rounds is printed.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence

import numpy as np
import pytest

from benchmarks.conftest import RESULTS, ROOT, SHARED_EVAL
from dossier.index.embed import MiniLMEmbedder, load_model, native_bfloat16
from dossier.index.hybrid import embedding_text
from dossier.ingest.files import ingest, scan_corpus

SAMPLE_STEP = 3
ROUNDS = 2


@pytest.fixture(scope="module")
def texts() -> list[str]:
    folders = [SHARED_EVAL / "policies-d" / "corpus", SHARED_EVAL / "policies-a" / "corpus"]
    folder = next((f for f in folders if f.exists()), ROOT / "corpus")
    corpus = ingest(scan_corpus(folder))
    titles = {doc.path: doc.title for doc in corpus.documents}
    every = [embedding_text(chunk, titles[chunk.document]) for chunk in corpus.chunks]
    return every[::SAMPLE_STEP]


def _passages_per_second(embed: Callable[[Sequence[str]], object], texts: list[str]) -> float:
    start = time.perf_counter()
    embed(texts)
    return len(texts) / (time.perf_counter() - start)


def _raw(texts: Sequence[str]) -> object:
    return load_model().encode(list(texts))


def _one_thread(embedder: MiniLMEmbedder) -> Callable[[Sequence[str]], object]:
    import torch

    def embed(texts: Sequence[str]) -> object:
        threads = torch.get_num_threads()
        torch.set_num_threads(1)
        try:
            return embedder.embed(texts)
        finally:
            torch.set_num_threads(threads)

    return embed


def test_embedding_stage_against_raw_model(benchmark, texts: list[str]) -> None:
    shipped = MiniLMEmbedder(encoder="fp32")
    embedders: dict[str, Callable[[Sequence[str]], object]] = {
        "raw": _raw,
        "before (fp32, batches of 16)": MiniLMEmbedder(batch_size=16, encoder="fp32").embed,
        "fp32 (shipped)": shipped.embed,
        "fp32, one thread": _one_thread(shipped),
        "int8": MiniLMEmbedder(encoder="int8").embed,
    }
    if native_bfloat16():
        embedders["bf16"] = MiniLMEmbedder(encoder="bf16").embed
    for embed in embedders.values():
        embed(texts[:8])  # warm-up: first calls allocate
    rates: dict[str, list[float]] = {name: [] for name in embedders}
    for _ in range(ROUNDS):
        for name, embed in embedders.items():
            rates[name].append(_passages_per_second(embed, texts))
    best = {name: max(values) for name, values in rates.items()}
    figures: dict[str, object] = {"passages": len(texts)}
    figures |= {
        f"{name} passages/s": f"{min(values):.1f}-{max(values):.1f}"
        for name, values in rates.items()
    }
    figures |= {f"{name} / raw": round(best[name] / best["raw"], 2) for name in embedders}
    figures["load"] = " ".join(f"{v:.1f}" for v in os.getloadavg())
    RESULTS["embedding stage (best of rounds)"] = figures
    benchmark.pedantic(shipped.embed, args=(texts,), rounds=1)
    assert best["fp32 (shipped)"] > 0.5 * best["raw"]  # the wrapper adds no real cost


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
