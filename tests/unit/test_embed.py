"""Unit tests for the encoder choice in dossier.index.embed."""

from __future__ import annotations

import numpy as np
import pytest

from dossier.errors import ConfigError
from dossier.index.embed import (
    MODEL_NAME,
    MiniLMEmbedder,
    embedder_name,
    native_bfloat16,
    resolve_encoder,
)

TEXTS = [
    "Backups are encrypted with AES-256 and kept for 35 days.",
    "MFA",
    "Access reviews run every quarter; leavers lose access within one business day.",
]


def test_auto_follows_the_cpu() -> None:
    assert resolve_encoder("auto") == ("bf16" if native_bfloat16() else "fp32")
    assert resolve_encoder("int8") == "int8"


def test_unknown_encoder_is_a_config_error() -> None:
    with pytest.raises(ConfigError, match="encoder must be one of"):
        resolve_encoder("fp16")


def test_fp32_keeps_the_bare_model_name(embedder: MiniLMEmbedder) -> None:
    assert embedder.name == MiniLMEmbedder.name == MODEL_NAME  # existing caches stay valid
    assert embedder_name("fp32") == MiniLMEmbedder.name_for("fp32") == MODEL_NAME
    assert embedder_name("auto") == embedder_name(resolve_encoder("auto"))


def test_int8_vectors_are_unit_length_in_order_and_cached_apart(embedder: MiniLMEmbedder) -> None:
    reduced = MiniLMEmbedder(encoder="int8")
    assert reduced.name == f"{MODEL_NAME}@int8" == embedder_name("int8") != embedder.name
    vectors = reduced.embed(TEXTS)
    assert vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    reference = embedder.embed(TEXTS)
    similarity = reference @ vectors.T
    assert list(similarity.argmax(axis=1)) == [0, 1, 2]  # each text nearest its own fp32 vector


def test_bf16_vectors_match_fp32(embedder: MiniLMEmbedder) -> None:
    reduced = MiniLMEmbedder(encoder="bf16")
    assert reduced.name == f"{MODEL_NAME}@bf16"
    vectors = reduced.embed(TEXTS)
    assert vectors.dtype == np.float32
    cosines = (embedder.embed(TEXTS) * vectors).sum(axis=1)
    assert cosines.min() > 0.99
