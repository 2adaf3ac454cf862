"""The dense arm's scope: every passage embedded at indexing, or only the passages the
keyword search surfaces, embedded when first surfaced (dossier.index.dense)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest

from dossier.errors import ConfigError
from dossier.index.dense import ALL, SURFACED, resolve_scope
from dossier.index.embed import Vectors
from dossier.index.hybrid import RetrievalSettings, update_index
from dossier.ingest.files import ingest
from dossier.records import Corpus, SourceFile
from tests.fakes import HashingEmbedder

SURFACED_ONLY = RetrievalSettings(dense_scope="surfaced")

BACKUPS = """# Backups

Backups are taken daily and kept for 35 days.

Restores of backups are tested quarterly by the operations team.
"""
ACCESS = """# Access

Access to production is reviewed quarterly by each system owner.

Accounts unused for 90 days are disabled.
"""
TRAVEL = """# Travel

Laptops taken abroad use a travel profile with full-disk encryption.
"""


class RecordingEmbedder(HashingEmbedder):
    """Records every text it embeds, and the size of every call."""

    def __init__(self, encoder: str = "fp32") -> None:
        super().__init__(encoder)
        self.texts: list[str] = []
        self.calls: list[int] = []

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.texts += list(texts)
        self.calls.append(len(texts))
        return super().embed(texts)


class BatchSensitiveEmbedder(HashingEmbedder):
    """A vector that changes with the size of the batch it was embedded in, as MiniLM's
    last bits can."""

    def embed(self, texts: Sequence[str]) -> Vectors:
        vectors = super().embed(texts)
        vectors[:, 0] += 0.01 * len(texts)
        normed: Vectors = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
        return normed


def corpus() -> Corpus:
    sources = [("backups.md", BACKUPS), ("access.md", ACCESS), ("travel.md", TRAVEL)]
    return ingest([SourceFile(path, text.encode(), "0" * 64) for path, text in sources])


def test_auto_embeds_every_passage_up_to_its_limit_and_ranks_surfaced_ones_above() -> None:
    assert resolve_scope("auto", 10_000, 10_000) == ALL
    assert resolve_scope("auto", 10_001, 10_000) == SURFACED
    assert resolve_scope("all", 10**6, 10_000) == ALL
    assert resolve_scope("surfaced", 3, 10_000) == SURFACED


def test_indexing_embeds_no_passage_when_only_surfaced_passages_have_vectors(
    tmp_path: Path,
) -> None:
    embedder = RecordingEmbedder()
    index, update = update_index(corpus(), embedder, tmp_path, SURFACED_ONLY)
    assert (update.dense, update.embedded, embedder.texts) == (SURFACED, 0, [])
    hits = index.search("backups restores tested", 10)
    surfaced = {index.chunk(h.chunk_id).text for h in hits}
    assert any("Restores of backups" in text for text in surfaced)
    passages = [t for t in embedder.texts if t != "backups restores tested"]
    assert passages and all("Backups" in t for t in passages)  # only the backups passages
    assert not any("Travel" in t or "Access" in t for t in passages)
    assert all(size == 1 for size in embedder.calls)  # each passage alone, the query alone


def test_the_surfaced_passages_are_ranked_by_their_vectors_and_fused(tmp_path: Path) -> None:
    index, _ = update_index(corpus(), HashingEmbedder(), tmp_path, SURFACED_ONLY)
    hits = index.search("backups tested quarterly by the operations team", 10)
    best = hits[0]
    assert index.chunk(best.chunk_id).text.startswith("Restores of backups")
    assert best.dense_rank == 1
    # every hit came from the keyword search: the dense arm ranks nothing else
    assert all(h.lexical_rank is not None for h in hits)


def test_vectors_of_surfaced_passages_are_kept_for_the_next_build(tmp_path: Path) -> None:
    first = RecordingEmbedder()
    index, _ = update_index(corpus(), first, tmp_path, SURFACED_ONLY)
    hits = index.search("access reviewed quarterly", 10)
    kept = index.keep_embedded()
    assert kept.passages == len(first.texts) - 1 > 0  # all but the query
    again = RecordingEmbedder()
    reopened, _ = update_index(corpus(), again, tmp_path, SURFACED_ONLY)
    reopened.remember_queries(index.known_queries())
    assert reopened.search("access reviewed quarterly", 10) == hits
    assert again.texts == [] and reopened.keep_embedded().passages == 0


def test_a_surfaced_passage_vector_does_not_depend_on_what_was_surfaced_with_it(
    tmp_path: Path,
) -> None:
    """With --jobs, which question surfaces a passage first is down to the threads:
    each passage is embedded alone, so its vector (and every hit) is the same."""
    one, _ = update_index(corpus(), BatchSensitiveEmbedder(), tmp_path / "a", SURFACED_ONLY)
    one.search("quarterly reviewed backups access", 10)  # surfaces several passages at once
    other, _ = update_index(corpus(), BatchSensitiveEmbedder(), tmp_path / "b", SURFACED_ONLY)
    query = "access reviewed quarterly"
    other.remember_queries({query: one.embed_query(query)})
    one.remember_queries({query: one.embed_query(query)})
    assert one.search(query, 10) == other.search(query, 10)
    ids = [c.chunk_id for c in one.chunks]
    assert one.similarity(one.embed_query(query), ids) == other.similarity(
        one.embed_query(query), ids
    )


def test_an_unknown_dense_scope_is_a_configuration_error(tmp_path: Path) -> None:
    from dossier.config import load_config

    path = tmp_path / "dossier.toml"
    path.write_text('corpus = "c"\nquestions = "q.csv"\n[retrieval]\ndense_scope = "some"\n')
    with pytest.raises(
        ConfigError, match=r"'retrieval\.dense_scope' must be one of auto, all, surfaced"
    ):
        load_config(path)
