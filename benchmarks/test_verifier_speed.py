"""The quote verifier against the physical baseline (str.find over the same bytes).

Run: pytest benchmarks/test_verifier_speed.py --benchmark-json=FILE; the ratio of
test_verify_quotes to test_baseline_find is the verifier's cost over a raw search.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from dossier.ingest import ingest, scan_corpus
from dossier.records import Chunk
from dossier.verify import QuoteVerifier

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def workload() -> list[tuple[str, Chunk]]:
    """Every demo passage, three quotes each: a slice with its whitespace re-flowed."""
    chunks = ingest(scan_corpus(ROOT / "corpus")).chunks
    rng = random.Random(7)
    pairs = []
    for chunk in chunks:
        for _ in range(3):
            a = rng.randrange(0, max(1, len(chunk.text) - 20))
            b = min(len(chunk.text), a + rng.randrange(20, 200))
            quote = chunk.text[a:b].strip() or chunk.text
            pairs.append((quote.replace(" ", "\n", 1), chunk))
    return pairs


def test_verify_quotes(benchmark, workload) -> None:  # type: ignore[no-untyped-def]
    def run() -> int:
        verifier = QuoteVerifier()  # cold: folds every chunk once, as a build does
        return sum(verifier.verify(q, c).quote is not None for q, c in workload)

    verified = benchmark(run)
    assert verified == len(workload)


def test_baseline_find(benchmark, workload) -> None:  # type: ignore[no-untyped-def]
    exact = [(q.replace("\n", " ", 1), c.text) for q, c in workload]

    def run() -> int:
        return sum(text.find(q) >= 0 for q, text in exact)

    assert benchmark(run) > 0
