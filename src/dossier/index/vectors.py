"""The dense half of the index: FAISS over normalised MiniLM vectors, kept by id, and the
content-addressed store of every vector embedded, so a text is never embedded twice."""

from __future__ import annotations

import hashlib
import io
import json
import threading
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np

from dossier.common.atomic import write_atomic
from dossier.index.embed import Embedder, Vectors
from dossier.records import CacheDiscard

Progress = Callable[[int], None]


def vector_id(key: str) -> int:
    """A stable FAISS id for a passage key (60 bits of its hash)."""
    return int(hashlib.sha256(key.encode()).hexdigest()[:15], 16)


FAISS_FILE = "vectors.faiss"
FAISS_HASH = "vectors.faiss.sha256"  # the FAISS file's SHA-256, written after it


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def faiss_problem(folder: Path) -> str | None:
    """Why the FAISS file in ``folder`` cannot be used, or None (also when there is
    none): its bytes must have the SHA-256 written beside them."""
    path = folder / FAISS_FILE
    if not path.exists():
        return None
    try:
        recorded = (folder / FAISS_HASH).read_text().strip()
    except OSError:
        return "kept without its hash"
    if _sha256(path.read_bytes()) != recorded:
        return "its bytes do not match the hash kept with them"
    return None


def update_faiss(
    folder: Path,
    keys: Sequence[str],
    texts: Sequence[str],
    store: VectorStore,
    progress: Progress | None,
) -> tuple[Any, int]:
    """Vectors are removed and added by id in a FAISS ``IndexIDMap2``; new ones
    come from the content-addressed store, which embeds only texts it has not seen."""
    import faiss

    path = folder / FAISS_FILE
    index: Any
    if path.exists() and faiss_problem(folder) is None:
        index = faiss.deserialize_index(np.frombuffer(path.read_bytes(), dtype=np.uint8))
        held = {int(i) for i in faiss.vector_to_array(index.id_map)}
    else:
        index = faiss.IndexIDMap2(faiss.IndexFlatIP(store.dimension))
        held = set()
    ids = [vector_id(k) for k in keys]
    wanted = set(ids)
    stale = sorted(held - wanted)
    fresh = sorted({i: t for i, t in zip(ids, texts, strict=True) if i not in held}.items())
    if stale:
        index.remove_ids(np.array(stale, dtype=np.int64))
    embedded = 0
    if fresh:
        before = store.embedded
        vectors = store.vectors([t for _, t in fresh], progress)
        embedded = store.embedded - before
        index.add_with_ids(vectors, np.array([i for i, _ in fresh], dtype=np.int64))
    elif progress:
        progress(len(keys))
    if stale or fresh or not path.exists() or faiss_problem(folder) is not None:
        data = faiss.serialize_index(index).tobytes()
        write_atomic(path, data)
        write_atomic(folder / FAISS_HASH, _sha256(data).encode())
    return index, embedded


def reconstruct(index: Any, ids: Sequence[int], dimension: int) -> Vectors:
    if not ids:
        return np.zeros((0, dimension), dtype=np.float32)
    vectors: Vectors = np.stack([index.reconstruct(i) for i in ids]).astype(np.float32)
    return vectors


class VectorStore:
    """Content-addressed vectors: one ``.npy`` shard per build that embedded
    something new, and a JSON list of the text hashes it holds. The shards are read
    once per store. Safe to share between the threads answering questions (one
    embeds at a time)."""

    def __init__(self, folder: Path, embedder: Embedder) -> None:
        self._folder = folder / hashlib.sha256(embedder.name.encode()).hexdigest()[:12]
        self._embedder = embedder
        self.dimension = embedder.dimension
        self.embedded = 0  # texts embedded by this store so far
        self.counts: Counter[str] = Counter()  # ... of each kind (``vectors``' ``kind``)
        self._held: dict[str, Vectors] | None = None  # text hash -> vector, once read
        self._pending: dict[str, Vectors] = {}  # embedded, not yet written (``defer``)
        self._lock = threading.RLock()

    def vectors(
        self,
        texts: Sequence[str],
        progress: Progress | None = None,
        *,
        defer: bool = False,
        keys: Sequence[str] | None = None,
        alone: bool = False,
        kind: str = "texts",
    ) -> Vectors:
        """The vectors of ``texts``, embedding those the store does not hold; the new
        ones are written at once, or with ``defer`` at the next ``save_pending``.
        ``keys``: what each vector is stored under (default: a hash of its text).
        ``alone``: each text embedded in a batch of its own (its vector then depends
        on its text only). ``kind``: what ``counts`` counts the embedded ones as."""
        keys = list(keys) if keys is not None else [_text_key(t) for t in texts]
        if len(keys) != len(texts):
            raise ValueError(f"{len(keys)} keys for {len(texts)} texts")
        with self._lock:
            known = self._known()
            held = [known[k] for k in keys if k in known]
            if keys and len(held) == len(keys):  # the common case: nothing new to embed
                if progress:
                    progress(len(texts))
                return np.stack(held).astype(np.float32, copy=False)
            missing = sorted(
                {k: t for k, t in zip(keys, texts, strict=True) if k not in known}.items()
            )
            if missing:
                fresh = self._embed([t for _, t in missing], progress, 1 if alone else 256)
                self.embedded += len(missing)
                self.counts[kind] += len(missing)
                made = {k: fresh[i] for i, (k, _) in enumerate(missing)}
                known.update(made)
                if defer:
                    self._pending.update(made)
                else:
                    self._save([k for k, _ in missing], fresh)
            elif progress:
                progress(len(texts))
            if not keys:
                return np.zeros((0, self._embedder.dimension), dtype=np.float32)
            return np.stack([known[k] for k in keys]).astype(np.float32)

    def save_pending(self) -> None:
        """Write what ``vectors(..., defer=True)`` embedded, as one shard."""
        with self._lock:
            if self._pending:
                keys = sorted(self._pending)
                vectors = np.stack([self._pending[k] for k in keys]).astype(np.float32)
                self._save(keys, vectors)
                self._pending = {}

    def known(self, texts: Sequence[str]) -> dict[str, Vectors]:
        """The stored vectors of those ``texts`` the store holds; nothing is embedded."""
        stored = self._known()
        keys = {t: _text_key(t) for t in texts}
        return {t: stored[k] for t, k in keys.items() if k in stored}

    def keep(self, vectors: Mapping[str, Vectors]) -> None:
        """Store vectors embedded elsewhere (query vectors), those not yet held."""
        with self._lock:
            stored = self._known()
            new = sorted(
                (_text_key(t), v) for t, v in vectors.items() if _text_key(t) not in stored
            )
            if new:
                stored.update(new)
                self._save([k for k, _ in new], np.stack([v for _, v in new]).astype(np.float32))

    def _embed(self, texts: list[str], progress: Progress | None, size: int) -> Vectors:
        batches = []
        for start in range(0, len(texts), size):
            batch = texts[start : start + size]
            batches.append(self._embedder.embed(batch))
            if progress:
                progress(len(batch))
        return np.concatenate(batches)

    def _known(self) -> dict[str, Vectors]:
        if self._held is None:
            self._held = self._load()
        return self._held

    def _load(self) -> dict[str, Vectors]:
        """Every shard whose bytes match the hash its listing keeps (a shard that
        does not is left out: its texts are embedded again)."""
        known: dict[str, Vectors] = {}
        if not self._folder.exists():
            return known
        for listing in sorted(self._folder.glob("*.json")):
            loaded = read_shard(listing)
            if isinstance(loaded, tuple):
                known.update(zip(*loaded, strict=True))
        return known

    def _save(self, keys: list[str], vectors: Vectors) -> None:
        self._folder.mkdir(parents=True, exist_ok=True)
        name = hashlib.sha256("".join(keys).encode()).hexdigest()[:16]
        buffer = io.BytesIO()
        np.save(buffer, vectors)
        data = buffer.getvalue()
        write_atomic(self._folder / f"{name}.npy", data)
        # The listing, with the shard's hash, is written last: a shard without one is ignored.
        listing = {"keys": keys, "sha256": _sha256(data)}
        write_atomic(self._folder / f"{name}.json", json.dumps(listing).encode())


def _text_key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def read_shard(listing: Path) -> tuple[list[str], Vectors] | str | None:
    """A vector shard (its text hashes and vectors), why it cannot be used, or None
    when its ``.npy`` is not there (a shard whose listing was never written is
    not looked at)."""
    shard = listing.with_suffix(".npy")
    if not shard.exists():
        return None
    try:
        row = json.loads(listing.read_text())
        keys, recorded = row["keys"], row["sha256"]
        data = shard.read_bytes()
    except (OSError, ValueError, KeyError, TypeError):
        return "its listing is not one this version writes (text hashes and the shard's hash)"
    if _sha256(data) != recorded:
        return "its vectors do not match the hash kept with them"
    matrix = np.load(io.BytesIO(data))
    if not isinstance(keys, list) or len(keys) != len(matrix):
        return "its listing and its vectors differ in length"
    return keys, matrix


def check_vector_cache(cache_dir: Path) -> list[CacheDiscard]:
    """Every vector shard (passages and queries) and FAISS file under ``cache_dir``
    checked against the hash kept with it. Each that fails is removed (its vectors
    are embedded, or its index rebuilt from the shards, again) and named."""
    failed: list[CacheDiscard] = []
    out = cache_dir.parent
    for listing in sorted(cache_dir.glob("*/*/*.json")):
        if listing.parent.parent.name not in ("vectors", "queries"):
            continue
        problem = read_shard(listing)
        if isinstance(problem, str):
            shard = listing.with_suffix(".npy")
            failed.append(CacheDiscard("vectors", shard.relative_to(out).as_posix(), problem))
            listing.unlink(missing_ok=True)
            shard.unlink(missing_ok=True)
    for path in sorted(cache_dir.glob(f"index/*/{FAISS_FILE}")):
        problem = faiss_problem(path.parent)
        if problem is not None:
            failed.append(CacheDiscard("index", path.relative_to(out).as_posix(), problem))
            path.unlink(missing_ok=True)
    return failed
