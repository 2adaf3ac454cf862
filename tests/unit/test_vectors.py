"""Unit tests for dossier.index.vectors: stored vectors are checked against the hash
kept with them; a shard or index that fails is discarded and rebuilt, never used."""

from __future__ import annotations

import hashlib
from pathlib import Path

import numpy as np

from dossier.index.hybrid import update_index
from dossier.index.vectors import FAISS_FILE, VectorStore, check_vector_cache
from dossier.ingest.files import ingest
from dossier.records import Corpus, SourceFile
from tests.fakes import HashingEmbedder

TEXT = "# Access\n\nMFA is required for all staff.\n\nPasswords rotate every 90 days.\n"


def corpus() -> Corpus:
    return ingest([SourceFile("a.md", TEXT.encode(), hashlib.sha256(TEXT.encode()).hexdigest())])


def test_a_store_shard_with_random_vectors_is_not_used(tmp_path: Path) -> None:
    embedder = HashingEmbedder()
    store = VectorStore(tmp_path, embedder)
    texts = ["MFA is required.", "Passwords rotate."]
    honest = store.vectors(texts)
    (shard,) = tmp_path.glob("*/*.npy")
    np.save(shard, np.random.default_rng(1).standard_normal(honest.shape).astype(np.float32))
    again = VectorStore(tmp_path, embedder)
    assert np.array_equal(again.vectors(texts), honest)  # embedded again, not read
    assert again.embedded == 2


def read_every_sentence(cache: Path) -> tuple[int, int]:
    """Open the index, read every passage's sentences as research would and keep
    them: (passages, sentences) embedded."""
    index, update = update_index(corpus(), HashingEmbedder(), cache)
    index.sentences_of([chunk.chunk_id for chunk in index.chunks])
    return update.embedded, index.keep_embedded().sentences


def test_check_vector_cache_names_and_removes_what_fails(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    read_every_sentence(cache)
    assert check_vector_cache(cache) == []
    shards = sorted((cache / "vectors").glob("*/*.npy"))  # the passages' and the sentences'
    assert len(shards) == 2
    for shard in shards:
        data = bytearray(shard.read_bytes())
        data[-1] ^= 0xFF
        shard.write_bytes(bytes(data))
    (index,) = (cache / "index").glob(f"*/{FAISS_FILE}")
    index.write_bytes(index.read_bytes() + b"\0")
    failed = check_vector_cache(cache)
    assert [(d.kind, d.reason) for d in failed] == [
        ("vectors", "its vectors do not match the hash kept with them"),
        ("vectors", "its vectors do not match the hash kept with them"),
        ("index", "its bytes do not match the hash kept with them"),
    ]
    assert [d.entry for d in failed[:2]] == [s.relative_to(tmp_path).as_posix() for s in shards]
    assert not any(s.exists() for s in shards) and not index.exists()
    assert read_every_sentence(cache) == (2, 2)  # embedded again
    assert check_vector_cache(cache) == []  # rebuilt


def test_a_listing_without_a_hash_is_discarded(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    update_index(corpus(), HashingEmbedder(), cache)
    listing = sorted((cache / "vectors").glob("*/*.json"))[0]
    listing.write_text('["a", "b"]')  # as an earlier version wrote it
    (failed,) = check_vector_cache(cache)
    assert failed.reason.startswith("its listing is not one this version writes")


def test_held_vectors_come_back_in_the_order_asked_without_embedding(tmp_path: Path) -> None:
    embedder = HashingEmbedder()
    store = VectorStore(tmp_path, embedder)
    texts = ["MFA is required.", "Passwords rotate.", "Backups are daily."]
    first = store.vectors(texts)
    done: list[int] = []
    again = store.vectors([texts[2], texts[0], texts[2]], progress=done.append)
    assert np.array_equal(again, first[[2, 0, 2]])
    assert again.dtype == np.float32
    assert (store.embedded, done) == (3, [3])
    mixed = store.vectors([texts[1], "Visitors sign in."])
    assert np.array_equal(mixed[0], first[1]) and store.embedded == 4
