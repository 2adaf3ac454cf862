"""The real evaluation set policies-a (../shared/eval): retrieval quality of each
ranker, and how often the engine's first-round candidates hold a labelled anchor.
(The engine's answer figures are in test_eval_sets.py.)

    .venv/bin/python -m pytest benchmarks/test_policies_a.py -s --benchmark-json=build/bench.json
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from benchmarks.conftest import RESULTS, SHARED_EVAL, needs_shared
from dossier.evaluation.evaluate import fold, load_labels
from dossier.index.hybrid import HybridIndex, RetrievalSettings, fuse, open_index
from dossier.ingest.authority import Authority
from dossier.ingest.files import ingest, scan_corpus
from dossier.records import Question
from dossier.research.brief import make_brief
from dossier.research.engine import EngineSettings
from dossier.research.offline import OfflineEngine

SET = SHARED_EVAL / "policies-a"
pytestmark = needs_shared("policies-a")


def _questions() -> list[Question]:
    with (SET / "questions.csv").open(encoding="utf-8") as handle:
        return [Question(r["id"], r["question"]) for r in csv.DictReader(handle)]


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder for the index fixture's cache (the passages' vectors)."""
    return tmp_path_factory.mktemp("policies-a")


@pytest.fixture(scope="module")
def index(out: Path, embedder) -> HybridIndex:
    corpus = ingest(scan_corpus(SET / "corpus"))
    return open_index(corpus, embedder, out / "cache")


def _answerable() -> list[tuple[Question, list[str]]]:
    """The answerable questions with their labelled anchors."""
    labels = load_labels(SET / "labels.jsonl")
    found = [(q, labels[q.question_id]) for q in _questions()]
    return [(q, list(label.anchors)) for q, label in found if label.answerable]


def _top5_hit_rate(index: HybridIndex, rank) -> float:
    hits = []
    for question, anchors in _answerable():
        top = [index.chunks[p].text for p in rank(question.question)[:5]]
        hits.append(any(fold(a) in fold(t) for a in anchors for t in top))
    return round(sum(hits) / len(hits), 3)


def test_retrieval_rankers(benchmark, index: HybridIndex) -> None:
    lexical = lambda q: index._lexical.search(q, 40, None)  # noqa: E731
    dense = lambda q: index._dense.search(index.embed_query(q), 40, None, lexical(q))  # noqa: E731

    def rrf(settings: RetrievalSettings):
        return lambda q: [p for p, *_ in fuse(lexical(q), dense(q), settings)]

    figures = {
        "bm25": _top5_hit_rate(index, lexical),
        "minilm": _top5_hit_rate(index, dense),
        "rrf_k60_equal": _top5_hit_rate(index, rrf(RetrievalSettings(rrf_k=60))),
        "rrf_k10_equal (shipped)": benchmark.pedantic(
            _top5_hit_rate, args=(index, rrf(RetrievalSettings())), rounds=1
        ),
    }
    RESULTS["policies-a top-5 anchor hit rate"] = figures
    assert figures["rrf_k10_equal (shipped)"] >= max(figures["bm25"], figures["minilm"])


def test_engine_lead_candidates_top5(index: HybridIndex) -> None:
    """How often a labelled anchor is among the engine's five best candidate
    sentences (its first round, before the answer threshold)."""
    engine = OfflineEngine(
        index, Authority({}), {c.document: "" for c in index.chunks}, EngineSettings()
    )
    hits = []
    for question, anchors in _answerable():
        _, ranked = engine.first_round(make_brief(question))
        top = " ".join(c.sentence.text for c in ranked[:5])
        hits.append(any(fold(a) in fold(top) for a in anchors))
    rate = round(sum(hits) / len(hits), 3)
    RESULTS.setdefault("policies-a top-5 anchor hit rate", {})["engine candidate sentences"] = rate
    assert rate > 0.4
