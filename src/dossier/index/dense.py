"""The dense arm of the hybrid index: which passages have vectors, and how they are ranked.

Two scopes (``[retrieval] dense_scope``):

- **all passages** (``AllPassages``): every passage is embedded when it is indexed and
  searched exactly with FAISS. What a corpus of a few thousand passages gets: the dense
  arm finds passages that share no word with the query.
- **surfaced passages** (``SurfacedPassages``): the keyword search's hits for a query
  (the BM25 list that enters fusion) are ranked by their vectors, and a passage is
  embedded when a search first surfaces it (PaperQA2's order: keyword search
  surfaces, dense ranking orders). Indexing embeds nothing, so a corpus of hundreds of
  thousands of passages is indexed in minutes on CPUs without native bfloat16, where
  embedding every passage would take hours; a build embeds only what its questions
  surface, and keeps those vectors for the next build. Each passage is embedded alone
  (a batch of one), so its vector depends on its text only, never on which other
  passages a search surfaced with it or which question asked first.

``auto`` embeds all passages up to ``dense_all_up_to`` passages and ranks surfaced
passages above that.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any, Protocol

import numpy as np

from dossier.index.embed import Vectors
from dossier.index.lexical import TIE_MARGIN
from dossier.index.vectors import VectorStore

SCOPES = ("auto", "all", "surfaced")
ALL, SURFACED = "all passages", "surfaced passages"  # as the run ledger names them
PASSAGES = "passages"  # what the vector store counts a passage embedded alone as


def resolve_scope(scope: str, passages: int, all_up_to: int) -> str:
    """``ALL`` or ``SURFACED`` for a corpus of ``passages`` passages."""
    if scope == "all" or (scope == "auto" and passages <= all_up_to):
        return ALL
    return SURFACED


class DenseArm(Protocol):
    scope: str

    def search(
        self, vector: Vectors, depth: int, allowed: set[int] | None, surfaced: Sequence[int]
    ) -> list[int]:
        """Passage positions, best first: at most ``depth``, only ``allowed`` ones
        when given. ``surfaced``: the keyword search's hits for the same query."""
        ...

    def rows(self, positions: Sequence[int]) -> Vectors:
        """The vectors of these passages, in order."""
        ...

    @property
    def embedded(self) -> int:
        """Passages embedded since the index was opened (after indexing)."""
        ...

    def keep(self) -> None:
        """Write the vectors embedded since the index was opened to the store."""
        ...


class AllPassages:
    """Every passage's vector, searched exactly with FAISS (an ``IndexIDMap2``)."""

    scope = ALL
    embedded = 0

    def __init__(self, faiss_index: Any, vector_ids: Sequence[int], vectors: Vectors) -> None:
        self._faiss = faiss_index
        self._vector_id = list(vector_ids)
        self._position_of_id = {vector_id: i for i, vector_id in enumerate(self._vector_id)}
        self._vectors = vectors

    def search(
        self, vector: Vectors, depth: int, allowed: set[int] | None, surfaced: Sequence[int]
    ) -> list[int]:
        import faiss

        if not self._vector_id:
            return []
        params = None
        if allowed is not None:
            wanted = np.array(sorted(self._vector_id[p] for p in allowed), dtype=np.int64)
            params = faiss.SearchParameters(sel=faiss.IDSelectorBatch(wanted))  # type: ignore[call-arg]
        # A few more than asked, so that ties at the cut are broken by position.
        k = min(depth + TIE_MARGIN, len(self._vector_id))
        scores, ids = self._faiss.search(vector.reshape(1, -1), k, params=params)
        found = [
            (float(score), self._position_of_id[int(i)])
            for score, i in zip(scores[0], ids[0], strict=True)
            if i >= 0
        ]
        return [position for _, position in sorted(found, key=lambda f: (-f[0], f[1]))][:depth]

    def rows(self, positions: Sequence[int]) -> Vectors:
        rows: Vectors = self._vectors[list(positions)]
        return rows

    def keep(self) -> None:
        return None  # indexing wrote every vector


class SurfacedPassages:
    """The vectors of the passages searches surface, embedded when first surfaced."""

    scope = SURFACED

    def __init__(self, store: VectorStore, texts: Sequence[str], depth: int = 40) -> None:
        self._store = store
        self._depth = depth  # how many of the keyword search's hits are ranked
        self._texts = list(texts)
        self._keys = [alone_key(t) for t in self._texts]
        self._embedded_before = store.counts[PASSAGES]

    @property
    def embedded(self) -> int:
        return self._store.counts[PASSAGES] - self._embedded_before

    def search(
        self, vector: Vectors, depth: int, allowed: set[int] | None, surfaced: Sequence[int]
    ) -> list[int]:
        candidates = [p for p in surfaced if allowed is None or p in allowed][: self._depth]
        if not candidates:
            return []
        scores = self.rows(candidates) @ vector
        order = sorted(range(len(candidates)), key=lambda i: (-float(scores[i]), candidates[i]))
        return [candidates[i] for i in order[:depth]]

    def rows(self, positions: Sequence[int]) -> Vectors:
        texts = [self._texts[p] for p in positions]
        keys = [self._keys[p] for p in positions]
        return self._store.vectors(texts, defer=True, keys=keys, alone=True, kind=PASSAGES)

    def keep(self) -> None:
        self._store.save_pending()


def alone_key(text: str) -> str:
    """What a passage embedded alone is stored under (apart from the vectors of
    passages embedded in batches at indexing, whose last bits may differ)."""
    return hashlib.sha256(f"alone:{text}".encode()).hexdigest()
