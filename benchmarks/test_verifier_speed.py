"""The quote verifier against the physical baseline (str.find over the same bytes).

Run: pytest benchmarks/test_verifier_speed.py --benchmark-json=FILE. The workload
(benchmarks/verifier_workload.py) is 10,000 synthetic policy chunks of 1-2 KB and
2,000 quotes, half present with re-flowed whitespace, half reworded (one word).

* ``test_verify_quotes`` / ``test_baseline_find``: the judged ratio. The verifier
  is warm (every chunk folded beforehand: a build's verifier keeps each chunk
  folded after the first quote that cites it) and checks every quote against
  its cited chunk with ``verify_many``, which returns where each quote's source
  slice lies (``QuoteCheck.quote`` builds the stored record from it on demand).
  The baseline runs ``str.find`` of the same quotes, as typed, in the raw text
  of the cited chunk; re-flowed, they are hardly ever found, so each search
  scans the whole chunk. ``test_baseline_find_source_form`` is a stricter
  reference: each quote in its source form (the chunk's own whitespace), so it
  finds exactly what the verifier finds and stops there.
* ``test_verify_quotes_cold``: the same with a fresh verifier, so folding each
  cited chunk is inside the timing; ``test_verify_quotes_per_call`` uses
  ``verify`` once per quote instead of the batch; ``test_fold_corpus`` folds all
  chunks, the one-off cost of warming.
* ``test_verify_quotes_scaled`` / ``test_baseline_find_scaled``: 1x and 4x corpus
  (and quotes), to measure how the cost per quote changes with the corpus size.
* ``test_all_quotes_all_chunks``: a multi-pattern pass, every quote against every
  chunk, by one ``str.find`` per quote over the joined folded corpus or by one
  pure-Python Aho-Corasick scan. One round each: it is an evaluation, not the
  verifier's path (a build only checks a quote against the chunk it cites).
"""

from __future__ import annotations

import gc
from bisect import bisect_right
from collections.abc import Iterator

import pytest

from benchmarks.aho_corasick import build_automaton, scan
from benchmarks.verifier_workload import Workload, make_workload
from dossier.build import long_lived_objects_left_alone
from dossier.evidence.verify import FoldedText, QuoteVerifier, normalise_quote

_WORKLOADS: dict[int, Workload] = {}


@pytest.fixture(scope="module", autouse=True)
def heap_as_a_build_leaves_it() -> Iterator[None]:
    """As in a build (``long_lived_objects_left_alone``), what was alive before the
    verifier (the model, other benchmarks' leftovers) is kept out of the garbage
    collector's full passes; the verifier's own objects are not."""
    gc.collect()
    with long_lived_objects_left_alone():
        yield


def workload_at(scale: int) -> Workload:
    if scale not in _WORKLOADS:
        _WORKLOADS[scale] = make_workload(scale)
    return _WORKLOADS[scale]


@pytest.fixture(scope="module")
def workload() -> Workload:
    return workload_at(1)


@pytest.fixture(scope="module")
def warm(workload: Workload) -> QuoteVerifier:
    verifier = QuoteVerifier()
    verifier.fold(workload.chunks)
    return verifier


def _verified(checks: list) -> int:  # type: ignore[type-arg]
    return sum(check.quote is not None for check in checks)


def test_verify_quotes(benchmark, workload: Workload, warm: QuoteVerifier) -> None:
    checks = benchmark(warm.verify_many, workload.typed)
    assert _verified(checks) == workload.present


def test_baseline_find(benchmark, workload: Workload) -> None:
    """The contract's physical baseline: str.find of the same quotes the verifier
    is given (as typed) over the same chunk texts. Re-flowed, hardly any is found,
    so nearly every search runs to the end of its chunk."""
    typed = [(quote, chunk.text) for quote, chunk in workload.typed]

    def run() -> int:
        return sum(text.find(quote) >= 0 for quote, text in typed)

    assert benchmark(run) < workload.present


def test_baseline_find_source_form(benchmark, workload: Workload) -> None:
    """A stricter reference: each quote in its source form (whitespace as in the
    chunk), so str.find finds exactly what the verifier finds and stops there."""

    def run() -> int:
        return sum(text.find(quote) >= 0 for quote, text in workload.source_form)

    assert benchmark(run) == workload.present


def test_verify_quotes_cold(benchmark, workload: Workload) -> None:
    def run() -> int:
        return _verified(QuoteVerifier().verify_many(workload.typed))

    assert benchmark(run) == workload.present


def test_verify_quotes_per_call(benchmark, workload: Workload, warm: QuoteVerifier) -> None:
    def run() -> int:
        return sum(warm.verify(quote, chunk).quote is not None for quote, chunk in workload.typed)

    assert benchmark(run) == workload.present


def test_fold_corpus(benchmark, workload: Workload) -> None:
    folded = benchmark(lambda: [FoldedText.of(chunk.text) for chunk in workload.chunks])
    assert len(folded) == len(workload.chunks)


@pytest.mark.parametrize("scale", [1, 4], ids=["1x", "4x"])
def test_verify_quotes_scaled(benchmark, scale: int) -> None:
    load = workload_at(scale)
    verifier = QuoteVerifier()
    verifier.fold(load.chunks)
    checks = benchmark(verifier.verify_many, load.typed)
    assert _verified(checks) == load.present


@pytest.mark.parametrize("scale", [1, 4], ids=["1x", "4x"])
def test_baseline_find_scaled(benchmark, scale: int) -> None:
    load = workload_at(scale)

    def run() -> int:
        return sum(text.find(quote) >= 0 for quote, text in load.source_form)

    assert benchmark(run) == load.present


def _chunks_holding(workload: Workload, method: str) -> list[set[int]]:
    """For each quote, the numbers of the chunks whose folded text holds it."""
    texts = [FoldedText.of(chunk.text).text for chunk in workload.chunks]
    corpus = "\x00".join(texts)  # no quote holds a NUL, so none spans two chunks
    starts, at = [], 0
    for text in texts:
        starts.append(at)
        at += len(text) + 1
    needles = [normalise_quote(quote) for quote, _ in workload.typed]
    holding: list[set[int]] = [set() for _ in needles]
    if method == "find":
        for number, needle in enumerate(needles):
            at = corpus.find(needle)
            while at >= 0:
                holding[number].add(bisect_right(starts, at) - 1)
                at = corpus.find(needle, at + 1)
    else:
        for end, number in scan(build_automaton(needles), corpus):
            holding[number].add(bisect_right(starts, end - 1) - 1)
    return holding


@pytest.mark.parametrize("method", ["find", "aho_corasick"])
def test_all_quotes_all_chunks(benchmark, workload: Workload, method: str) -> None:
    holding = benchmark.pedantic(_chunks_holding, args=(workload, method), rounds=1)
    cited = {chunk.chunk_id: n for n, chunk in enumerate(workload.chunks)}
    pairs = zip(holding, workload.typed, strict=True)
    assert sum(cited[chunk.chunk_id] in found for found, (_, chunk) in pairs) == workload.present
