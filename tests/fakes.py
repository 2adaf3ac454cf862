"""A fast, deterministic stand-in for the embedding model, for tests of the build's
machinery (cache, crashes, parallelism) that do not judge retrieval quality."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence

import numpy as np

from dossier.index.embed import Vectors


class HashingEmbedder:
    """Each word adds one to a dimension chosen by its hash; unit length."""

    name = "test-hashing-embedder"
    dimension = 64

    def __init__(self, encoder: str = "fp32") -> None:
        self.embedded = 0

    @classmethod
    def name_for(cls, encoder: str) -> str:
        return cls.name

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.embedded += len(texts)
        vectors = np.zeros((len(texts), self.dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"[a-z0-9]+", text.lower()):
                vectors[row, int(hashlib.sha256(word.encode()).hexdigest()[:8], 16) % 64] += 1
            vectors[row, 0] += 1e-3  # never the zero vector
        norms = np.linalg.norm(vectors, axis=1, keepdims=True)
        return vectors / norms
