"""The answer stage embeds the queries research will run in one batch beforehand,
not one text at a time while answering (issue: speed on CPUs without bf16)."""

from __future__ import annotations

import csv
from collections.abc import Sequence

import pytest

from dossier.build import build
from dossier.config import load_config
from dossier.index.embed import Vectors
from dossier.index.sentence_table import sentence_text
from dossier.ingest.files import ingest, scan_corpus
from dossier.ingest.sentences import passage_sentences
from tests.conftest import ROOT, pinned_clock
from tests.fakes import HashingEmbedder

# two demo builds (about 7 s): with the end-to-end tests, in make test-slow
pytestmark = pytest.mark.slow


class RecordingEmbedder(HashingEmbedder):
    """Records the texts of each call."""

    def __init__(self, encoder: str = "fp32") -> None:
        super().__init__(encoder)
        self.calls: list[list[str]] = []

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.calls.append(list(texts))
        return super().embed(texts)


@pytest.fixture(scope="module")
def two_builds(tmp_path_factory: pytest.TempPathFactory) -> tuple[RecordingEmbedder, ...]:
    out = tmp_path_factory.mktemp("planned")
    config = load_config(ROOT / "dossier.toml", {"out": out})
    first, second = RecordingEmbedder(), RecordingEmbedder()
    build(config, embedder=first, clock=pinned_clock)
    build(config, embedder=second, clock=pinned_clock)
    return first, second


def _questions() -> list[str]:
    with (ROOT / "questions" / "demo.csv").open(encoding="utf-8") as handle:
        return [row["question"] for row in csv.DictReader(handle)]


def test_every_question_text_is_embedded_in_one_batch(
    two_builds: tuple[RecordingEmbedder, ...],
) -> None:
    first = two_builds[0]
    questions = _questions()
    batch = next(call for call in first.calls if set(questions) & set(call))
    assert set(questions) <= set(batch)


def _sentences() -> set[str]:
    """Every sentence of the demo corpus as it is embedded (a passage of one sentence
    is a batch of one)."""
    corpus = ingest(scan_corpus(ROOT / "corpus"))
    return {sentence_text(s) for chunk in corpus.chunks for s in passage_sentences(chunk)}


def test_few_queries_are_embedded_alone(two_builds: tuple[RecordingEmbedder, ...]) -> None:
    """Only what research cannot know beforehand (a reformulation, a repair) is
    embedded alone: fewer single-query calls than questions, where embedding each
    question's core ask and text alone took two per question."""
    first, sentences = two_builds[0], _sentences()
    alone = [call for call in first.calls if len(call) == 1 and call[0] not in sentences]
    assert 0 < len(alone) < len(_questions())


def test_a_rebuild_embeds_no_query(two_builds: tuple[RecordingEmbedder, ...]) -> None:
    """Nothing changed: every vector, passages and queries, comes from the cache."""
    assert [call for call in two_builds[1].calls if call] == []
