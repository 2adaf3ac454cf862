"""The quote verifier against the physical baseline (str.find over the same bytes).

Run: pytest benchmarks/test_verifier_speed.py --benchmark-json=FILE. The workload
(benchmarks/verifier_workload.py) is 10,000 synthetic policy chunks of 1-2 KB, twenty
to a document, and 2,000 quotes, half present with re-flowed whitespace, half
reworded (one word).

What is timed is what composing an answer calls for each proposed quote
(``evidence/compose.py``): ``QuoteVerifier.verify_in_document(text, chunk,
siblings)`` and the ``Quote`` record it yields. A quote its cited chunk does not
hold is looked for in the other chunks of its document (re-attribution), so for
the reworded half the verifier searches the whole document.

* ``test_verify_quotes`` / ``test_baseline_find``: the judged ratio. The verifier
  is prepared (every chunk folded, and each document's folded chunks joined, by
  one pass over the workload before the timing); preparing is timed on its own
  in ``test_prepare_verifier`` and included in ``test_verify_quotes_cold``. The
  baseline is ``str.find`` of the same quotes, as typed, over the same passages
  the verifier searches: the cited chunk, and for a quote the verifier does not
  find there, each other chunk of its document.
* ``test_baseline_find_source_form``: a stricter reference, the same searches with
  each quote in its source form (the chunk's own whitespace), so that ``str.find``
  finds exactly what the verifier finds and stops there.
* ``test_verify_present_quotes`` / ``test_baseline_find_present``: only the quotes
  that are present, against ``str.find`` of their source form in the cited chunk:
  the verifier's constant cost per quote (folding the typed quote, mapping the
  offsets, building the records) where the search itself is short.
* ``test_verify_quotes_scaled`` / ``test_baseline_find_scaled``: 1x and 4x corpus
  (and quotes), to see how the cost per quote changes with the corpus size.
* ``test_all_quotes_all_chunks``: a multi-pattern pass, every quote against every
  chunk, by one ``str.find`` per quote over the joined folded corpus or by one
  pure-Python Aho-Corasick scan. One round each: it is an evaluation, not the
  verifier's path (a build only checks a quote against the chunk it cites).

The ratios (by median and by min) are printed at the end of the run.
"""

from __future__ import annotations

import gc
from bisect import bisect_right
from collections.abc import Iterator

import pytest

from benchmarks.aho_corasick import build_automaton, scan
from benchmarks.conftest import RESULTS
from benchmarks.verifier_workload import Workload, make_workload
from dossier.build import long_lived_objects_left_alone
from dossier.evidence.verify import FoldedText, QuoteVerifier, normalise_quote
from dossier.records import Chunk, Quote

_WORKLOADS: dict[int, Workload] = {}
_SECONDS: dict[str, tuple[float, float]] = {}  # benchmark -> (median, min)
_RATIOS = {
    "verifier / str.find (typed quotes)": ("test_verify_quotes", "test_baseline_find"),
    "verifier / str.find (source form)": ("test_verify_quotes", "test_baseline_find_source_form"),
    "cold verifier / str.find (typed quotes)": ("test_verify_quotes_cold", "test_baseline_find"),
    "present quotes / str.find": ("test_verify_present_quotes", "test_baseline_find_present"),
}

Plan = list[tuple[str, Chunk, tuple[Chunk, ...]]]  # (quote as typed, cited chunk, its siblings)
Searches = list[tuple[str, tuple[str, ...]]]  # (quote, texts the verifier searches, in order)


@pytest.fixture(scope="module", autouse=True)
def heap_as_a_build_leaves_it() -> Iterator[None]:
    """As in a build (``long_lived_objects_left_alone``), what was alive before the
    verifier (the model, other benchmarks' leftovers) is kept out of the garbage
    collector's full passes; the verifier's own objects are not."""
    gc.collect()
    with long_lived_objects_left_alone():
        yield


def _record(name: str, benchmark) -> None:
    stats = benchmark.stats.stats
    _SECONDS[name] = (stats.median, stats.min)
    figures: dict[str, object] = {}
    for label, (verifier, baseline) in _RATIOS.items():
        if verifier in _SECONDS and baseline in _SECONDS:
            (v_med, v_min), (b_med, b_min) = _SECONDS[verifier], _SECONDS[baseline]
            figures[f"{label} median"] = round(v_med / b_med, 2)
            figures[f"{label} min"] = round(v_min / b_min, 2)
    if "test_prepare_verifier" in _SECONDS:
        figures["prepare ms (fold 10,000 chunks, join 500 documents)"] = round(
            _SECONDS["test_prepare_verifier"][0] * 1000, 1
        )
    RESULTS["verifier"] = figures


def workload_at(scale: int) -> Workload:
    if scale not in _WORKLOADS:
        _WORKLOADS[scale] = make_workload(scale)
    return _WORKLOADS[scale]


def _plan(load: Workload) -> Plan:
    documents = load.documents()
    return [(text, chunk, documents[chunk.document]) for text, chunk in load.typed]


def _quotes(verifier: QuoteVerifier, plan: Plan) -> list[Quote | None]:
    """What composing an answer does with each proposed quote."""
    quotes = []
    for text, chunk, siblings in plan:
        check = verifier.verify_in_document(text, chunk, siblings)
        quotes.append(check.quote)
    return quotes


def _prepared(load: Workload, plan: Plan) -> QuoteVerifier:
    verifier = QuoteVerifier()
    verifier.fold(load.chunks)
    _quotes(verifier, plan)  # joins the documents that reworded quotes make it search
    return verifier


def _searches(load: Workload, plan: Plan, quotes: list[str]) -> Searches:
    """For each quote, the texts the verifier searches: its cited chunk, then (when
    the verifier does not find it there) the other chunks of its document."""
    probe = QuoteVerifier()
    searches = []
    for quote, (text, chunk, siblings) in zip(quotes, plan, strict=True):
        texts = [chunk.text]
        if probe.verify(text, chunk).quote is None:
            texts += [other.text for other in siblings if other is not chunk]
        searches.append((quote, tuple(texts)))
    return searches


def _find_all(searches: Searches) -> int:
    """str.find over the same passages, stopping at the first that holds the quote."""
    found = 0
    for quote, texts in searches:
        for text in texts:
            if text.find(quote) >= 0:
                found += 1
                break
    return found


@pytest.fixture(scope="module")
def workload() -> Workload:
    return workload_at(1)


@pytest.fixture(scope="module")
def plan(workload: Workload) -> Plan:
    return _plan(workload)


def test_prepare_verifier(benchmark, workload: Workload, plan: Plan) -> None:
    verifier = benchmark(_prepared, workload, plan)
    assert len(verifier._folded) == len(workload.chunks)
    _record("test_prepare_verifier", benchmark)


def test_verify_quotes(benchmark, workload: Workload, plan: Plan) -> None:
    verifier = _prepared(workload, plan)
    quotes = benchmark(_quotes, verifier, plan)
    assert sum(q is not None for q in quotes) == workload.present
    assert all(q is None or q.text == q.text.strip() for q in quotes)
    _record("test_verify_quotes", benchmark)


def test_baseline_find(benchmark, workload: Workload, plan: Plan) -> None:
    """The contract's physical baseline: str.find of the same quotes the verifier is
    given (as typed) over the same passages it searches. Re-flowed, hardly any is
    found, so nearly every search runs to the end of its passage."""
    searches = _searches(workload, plan, [text for text, _, _ in plan])
    assert benchmark(_find_all, searches) < workload.present
    _record("test_baseline_find", benchmark)


def test_baseline_find_source_form(benchmark, workload: Workload, plan: Plan) -> None:
    """A stricter reference: each quote in its source form (whitespace as in the
    chunk), so str.find finds exactly what the verifier finds and stops there."""
    searches = _searches(workload, plan, [quote for quote, _ in workload.source_form])
    assert benchmark(_find_all, searches) == workload.present
    _record("test_baseline_find_source_form", benchmark)


def test_verify_quotes_cold(benchmark, workload: Workload, plan: Plan) -> None:
    """A fresh verifier each round: folding each cited chunk, and joining the
    documents searched for reworded quotes, inside the timing."""
    quotes = benchmark(lambda: _quotes(QuoteVerifier(), plan))
    assert sum(q is not None for q in quotes) == workload.present
    _record("test_verify_quotes_cold", benchmark)


def _present(workload: Workload, plan: Plan) -> tuple[Plan, list[tuple[str, str]]]:
    probe = QuoteVerifier()
    keep = [n for n, (text, chunk, _) in enumerate(plan) if probe.verify(text, chunk).quote]
    return [plan[n] for n in keep], [workload.source_form[n] for n in keep]


def test_verify_present_quotes(benchmark, workload: Workload, plan: Plan) -> None:
    present, _ = _present(workload, plan)
    verifier = _prepared(workload, plan)
    quotes = benchmark(_quotes, verifier, present)
    assert len(quotes) == workload.present and all(quotes)
    _record("test_verify_present_quotes", benchmark)


def test_baseline_find_present(benchmark, workload: Workload, plan: Plan) -> None:
    _, source_form = _present(workload, plan)

    def run() -> int:
        return sum(text.find(quote) >= 0 for quote, text in source_form)

    assert benchmark(run) == workload.present
    _record("test_baseline_find_present", benchmark)


@pytest.mark.parametrize("scale", [1, 4], ids=["1x", "4x"])
def test_verify_quotes_scaled(benchmark, scale: int) -> None:
    load = workload_at(scale)
    plan = _plan(load)
    verifier = _prepared(load, plan)
    quotes = benchmark(_quotes, verifier, plan)
    # a reworded quote may happen to stand in another chunk of its document (one does
    # at 4x): the verifier re-attributes it to that chunk
    pairs = zip(quotes, plan, strict=True)
    in_cited = sum(bool(q) and q.chunk_id == chunk.chunk_id for q, (_, chunk, _) in pairs)
    assert in_cited == load.present


@pytest.mark.parametrize("scale", [1, 4], ids=["1x", "4x"])
def test_baseline_find_scaled(benchmark, scale: int) -> None:
    load = workload_at(scale)
    plan = _plan(load)
    searches = _searches(load, plan, [quote for quote, _ in load.source_form])
    assert benchmark(_find_all, searches) >= load.present


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
