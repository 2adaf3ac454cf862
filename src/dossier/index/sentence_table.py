"""The sentences of every passage, with their vectors: what a lead quote is chosen from.

The index embeds each passage (with its title and headings) to find passages, and
each sentence of each passage (bare) to judge which one states the answer. Both
come from the same content-addressed ``VectorStore``, so an unchanged sentence is
never embedded twice, across passages and across builds.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import numpy as np

from dossier.common.textutil import without_extraction_artefacts
from dossier.index.embed import Vectors
from dossier.ingest.sentences import Sentence, passage_sentences
from dossier.records import Chunk

Progress = Callable[[int], None]
EmbedTexts = Callable[[Sequence[str], Progress | None], Vectors]
Stage = Callable[[str, int], Progress]  # a progress bar for a named stage of so many items


@dataclass(frozen=True)
class SentenceTable:
    """Sentences in passage order, row ``i`` of ``vectors`` belonging to ``sentences[i]``."""

    sentences: tuple[Sentence, ...]
    vectors: Vectors
    rows_by_chunk: dict[str, tuple[int, ...]] = field(default_factory=dict)

    def rows(self, chunk_id: str) -> tuple[int, ...] | None:
        """The rows of a passage's sentences; None when the table does not hold the passage."""
        return self.rows_by_chunk.get(chunk_id)


def sentence_text(sentence: Sentence) -> str:
    """What a sentence's vector is made from: its text as it is read (PDF artefacts undone)."""
    return without_extraction_artefacts(sentence.text)


def build_sentence_table(
    chunks: Sequence[Chunk], embed: EmbedTexts, stage: Stage | None = None
) -> SentenceTable:
    sentences: list[Sentence] = []
    rows: dict[str, tuple[int, ...]] = {}
    for chunk in chunks:
        own = passage_sentences(chunk)
        rows[chunk.chunk_id] = tuple(range(len(sentences), len(sentences) + len(own)))
        sentences += own
    progress = stage("Embedding sentences", len(sentences)) if stage is not None else None
    vectors = embed([sentence_text(s) for s in sentences], progress)
    if not sentences:
        vectors = np.zeros((0, vectors.shape[1] if vectors.ndim == 2 else 0), dtype=np.float32)
    return SentenceTable(tuple(sentences), vectors, rows)
