"""The sentences of the passages research reads, with their vectors: what a lead quote
is chosen from.

The index embeds each passage (with its title and headings) to find passages; each
sentence of a passage (bare) is embedded to judge which one states the answer, but
only when research first reads that passage, so a build embeds the sentences of the
passages its questions surface, not of the whole corpus. A passage's sentences are
embedded together, in one batch of their own, and stored under the passage's text in
the store the passages' vectors come from: a sentence's vector (which may differ in its
last bits with what it is batched with) is the same whichever questions read the
passage, in whatever order, and a rebuild embeds none again. Those a build embeds are
written together when it has answered.
"""

from __future__ import annotations

import hashlib
import threading
from collections import Counter
from collections.abc import Callable, Sequence

import numpy as np

from dossier.common.textutil import read_text
from dossier.index.embed import Embedder, Vectors
from dossier.index.vectors import VectorStore
from dossier.ingest.sentences import Sentence, passage_sentences
from dossier.records import Chunk

SENTENCES = "sentences"  # what the store counts a sentence's vector as
PassageSentences = tuple[tuple[Sentence, ...], Vectors]  # a passage's sentences, row i for i


class Unkept:
    """A store that holds nothing: every text is embedded (an index made without a cache).
    It answers the calls ``SentenceVectors`` makes of a ``VectorStore``."""

    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder
        self.dimension = embedder.dimension
        self.counts: Counter[str] = Counter()

    def vectors(
        self,
        texts: Sequence[str],
        progress: None = None,
        *,
        defer: bool,
        keys: Sequence[str] | None = None,
        kind: str = "texts",
    ) -> Vectors:
        self.counts[kind] += len(texts)
        return self._embedder.embed(texts)

    def save_pending(self) -> None:
        return None


def sentence_text(sentence: Sentence) -> str:
    """What a sentence's vector is made from: its text as it is read (``read_text``)."""
    return read_text(sentence.text)


class SentenceVectors:
    """Each passage's quotable sentences and their vectors, made when first asked for.

    Safe to share between the threads answering questions: one passage's sentences
    are made once."""

    def __init__(self, store: VectorStore | Unkept, chunk: Callable[[str], Chunk]) -> None:
        self._store = store
        self._chunk = chunk
        self._made: dict[str, PassageSentences] = {}
        self._lock = threading.Lock()
        self._embedded_before = store.counts[SENTENCES]  # what other indexes embedded

    @property
    def embedded(self) -> int:
        """Sentences embedded so far (the others were in the store)."""
        return self._store.counts[SENTENCES] - self._embedded_before

    def of(self, chunk_ids: Sequence[str]) -> list[PassageSentences]:
        """The sentences and vectors of each passage, in order; each passage not read
        before has its sentences embedded (one batch a passage)."""
        with self._lock:
            new = [c for c in dict.fromkeys(chunk_ids) if c not in self._made]
            if new:
                self._make(new)
            return [self._made[c] for c in chunk_ids]

    def keep(self) -> None:
        """Write the vectors embedded since the last call to the store."""
        with self._lock:
            self._store.save_pending()

    def _make(self, chunk_ids: Sequence[str]) -> None:
        for chunk_id in chunk_ids:
            self._made[chunk_id] = self._passage(self._chunk(chunk_id))

    def _passage(self, chunk: Chunk) -> PassageSentences:
        """A passage's sentences, embedded together and stored under the passage's text:
        a sentence's vector never depends on which other passages were read with it
        (with ``--jobs``, on which question read first)."""
        sentences = passage_sentences(chunk)
        if not sentences:
            return sentences, np.zeros((0, self._store.dimension), dtype=np.float32)
        texts = [sentence_text(s) for s in sentences]
        passage = hashlib.sha256(chunk.text.encode()).hexdigest()
        keys = [_sentence_key(passage, i, text) for i, text in enumerate(texts)]
        return sentences, self._store.vectors(texts, defer=True, keys=keys, kind=SENTENCES)


def _sentence_key(passage: str, position: int, text: str) -> str:
    """What a sentence's vector is stored under: its passage's text, its place, its text."""
    return hashlib.sha256(f"sentence:{passage}:{position}:{text}".encode()).hexdigest()
