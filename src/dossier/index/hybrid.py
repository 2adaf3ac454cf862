"""The hybrid index: Tantivy (BM25, exact identifiers) and FAISS (MiniLM vectors).

One persistent index per embedding model lives under ``<cache>/index/<model>/``
and is brought up to date with each build: the passages of changed, added or
removed documents are removed and added, by key, and nothing else is touched.
Vectors are also kept in a content-addressed store (``<cache>/vectors``) keyed
by the embedded text, so only passages never seen before are embedded.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from dossier.common.atomic import write_atomic
from dossier.common.textutil import STOPWORDS, identifiers, without_extraction_artefacts
from dossier.errors import BuildError
from dossier.index.embed import Embedder, Vectors
from dossier.records import Chunk, Corpus, Hit

Progress = Callable[[int], None]


@dataclass(frozen=True)
class RetrievalSettings:
    lexical_depth: int = 40  # how many BM25 hits enter fusion
    dense_depth: int = 40  # how many vector hits enter fusion
    rrf_k: int = 10  # measured on policies-a: k=10 beats the textbook 60 (benchmarks/)
    lexical_weight: float = 1.0
    dense_weight: float = 1.0
    encoder: str = "auto"  # embedding precision: auto | fp32 | bf16 | int8 (dossier.index.embed)


def embedding_text(chunk: Chunk, title: str) -> str:
    """What the vector and BM25 see: the passage with its document title and headings."""
    context = " > ".join(part for part in (title, chunk.heading) if part)
    text = f"{context}: {chunk.text}" if context else chunk.text
    return without_extraction_artefacts(text)


class HybridIndex:
    """Search over a fixed set of chunks. Read-only once built.

    ``vector_ids`` gives each chunk's id in the FAISS index (its position when
    not given). Ties in either ranking are broken by position, so a search gives
    the same hits whether the index was built at once or kept up to date."""

    def __init__(
        self,
        chunks: Sequence[Chunk],
        vectors: Vectors,
        lexical: LexicalIndex,
        embedder: Embedder,
        settings: RetrievalSettings,
        faiss_index: Any = None,
        vector_ids: Sequence[int] | None = None,
    ) -> None:
        self.chunks = tuple(chunks)
        self.vectors = vectors
        self._position = {chunk.chunk_id: i for i, chunk in enumerate(self.chunks)}
        self._lexical = lexical
        self._embedder = embedder
        self._settings = settings
        ids = list(vector_ids) if vector_ids is not None else list(range(len(self.chunks)))
        self._vector_id = ids
        self._position_of_id = {vector_id: i for i, vector_id in enumerate(ids)}
        self._faiss = faiss_index if faiss_index is not None else _faiss_index(vectors, ids)
        self._query_vectors: dict[str, Vectors] = {}

    def chunk(self, chunk_id: str) -> Chunk:
        return self.chunks[self._position[chunk_id]]

    def embed_query(self, query: str) -> Vectors:
        """Memoised: a question's text is embedded for search, ranking and quoting."""
        vector = self._query_vectors.get(query)
        if vector is None:
            vector = self._embedder.embed([query])[0]
            if len(self._query_vectors) < 10_000:
                self._query_vectors[query] = vector
        return vector

    def known_queries(self) -> dict[str, Vectors]:
        """The query vectors embedded so far (to keep for the next build)."""
        return dict(self._query_vectors)

    def remember_queries(self, vectors: Mapping[str, Vectors]) -> None:
        """Query vectors from an earlier build: each was embedded alone, as
        ``embed_query`` does, so a search gives the same hits with them."""
        self._query_vectors.update(vectors)

    def embed_texts(self, texts: Sequence[str]) -> Vectors:
        return self._embedder.embed(texts)

    def similarity(self, query_vector: Vectors, chunk_ids: Sequence[str]) -> list[float]:
        rows = self.vectors[[self._position[c] for c in chunk_ids]]
        return [float(x) for x in rows @ query_vector]

    def search(self, query: str, limit: int = 20) -> list[Hit]:
        """Hybrid search fused by weighted Reciprocal Rank Fusion. When the query
        names identifiers that the corpus holds (``AC-2(3)``), only passages
        holding one of them are eligible, in both lists."""
        allowed = self._identifier_filter(query)
        lexical = self._lexical.search(query, self._settings.lexical_depth, allowed)
        dense = self._dense_search(self.embed_query(query), self._settings.dense_depth, allowed)
        return [
            Hit(
                self.chunks[position].chunk_id,
                score,
                lexical_rank,
                dense_rank,
                self.chunks[position].document,
            )
            for position, score, lexical_rank, dense_rank in fuse(lexical, dense, self._settings)
        ][:limit]

    def _identifier_filter(self, query: str) -> set[int] | None:
        names = identifiers(query)
        if not names:
            return None
        allowed = self._lexical.positions_with_identifiers(names)
        return allowed or None

    def _dense_search(self, vector: Vectors, depth: int, allowed: set[int] | None) -> list[int]:
        import faiss

        if not self.chunks:
            return []
        params = None
        if allowed is not None:
            wanted = np.array(sorted(self._vector_id[p] for p in allowed), dtype=np.int64)
            params = faiss.SearchParameters(sel=faiss.IDSelectorBatch(wanted))  # type: ignore[call-arg]
        # A few more than asked, so that ties at the cut are broken by position.
        k = min(depth + TIE_MARGIN, len(self.chunks))
        scores, ids = self._faiss.search(vector.reshape(1, -1), k, params=params)
        found = [
            (float(score), self._position_of_id[int(i)])
            for score, i in zip(scores[0], ids[0], strict=True)
            if i >= 0
        ]
        return [position for _, position in sorted(found, key=lambda f: (-f[0], f[1]))][:depth]


TIE_MARGIN = 32  # extra hits fetched so that equal scores at the cut are ordered by position


Fused = tuple[int, float, int | None, int | None]


def fuse(lexical: Sequence[int], dense: Sequence[int], settings: RetrievalSettings) -> list[Fused]:
    """Weighted RRF over two ranked lists of chunk positions: (position, score,
    rank in the lexical list, rank in the dense list), best first."""
    scores: dict[int, float] = {}
    for weight, ranking in ((settings.lexical_weight, lexical), (settings.dense_weight, dense)):
        for rank, position in enumerate(ranking, start=1):
            scores[position] = scores.get(position, 0.0) + weight / (settings.rrf_k + rank)
    lexical_rank = {p: r for r, p in enumerate(lexical, start=1)}
    dense_rank = {p: r for r, p in enumerate(dense, start=1)}
    ordered = sorted(scores, key=lambda p: (-scores[p], p))
    return [(p, round(scores[p], 6), lexical_rank.get(p), dense_rank.get(p)) for p in ordered]


def _faiss_index(vectors: Vectors, ids: Sequence[int]) -> Any:
    import faiss

    index = faiss.IndexIDMap2(faiss.IndexFlatIP(vectors.shape[1]))
    if len(vectors):
        index.add_with_ids(vectors, np.array(ids, dtype=np.int64))
    return index


class LexicalIndex:
    """Tantivy BM25 over passages (English stemming) plus an exact-match field
    for identifiers, so ``AC-2(3)`` never matches ``AC-2(7)``. Each passage is
    stored under its key (see ``passage_key``) and its document's path, so a
    document's passages can be found, and hits map to the current positions."""

    def __init__(self, path: Path, positions: dict[str, int] | None = None) -> None:
        import tantivy

        builder = tantivy.SchemaBuilder()
        builder.add_text_field("key", stored=True, tokenizer_name="raw")
        builder.add_text_field("document", stored=False, tokenizer_name="raw")
        builder.add_text_field("body", stored=False, tokenizer_name="en_stem")
        builder.add_text_field("identifiers", stored=False, tokenizer_name="raw")
        self._schema = builder.build()
        self._index = tantivy.Index(self._schema, path=str(path))
        self._tantivy = tantivy
        self.positions: dict[str, int] = positions or {}

    def add(self, passages: Sequence[tuple[str, str, str]]) -> None:
        """Add (key, document path, text) passages, committed at once."""
        if not passages:
            return
        writer = self._index.writer(heap_size=50_000_000, num_threads=1)
        for key, document, text in passages:
            writer.add_document(
                self._tantivy.Document(
                    key=key,
                    document=document,
                    body=text,
                    identifiers=sorted(set(identifiers(text))),
                )
            )
        writer.commit()
        writer.wait_merging_threads()
        self._index.reload()

    def keys(self) -> list[str]:
        """The keys of every passage the index holds (committed ones only)."""
        self._index.reload()
        searcher = self._index.searcher()
        if searcher.num_docs == 0:
            return []
        hits = searcher.search(self._tantivy.Query.all_query(), searcher.num_docs).hits
        return [searcher.doc(address)["key"][0] for _, address in hits]

    def search(self, query: str, depth: int, allowed: set[int] | None) -> list[int]:
        # Only bare alphanumeric words reach the query parser: no syntax to trip on.
        terms = [w for w in re.findall(r"[a-z0-9]+", query.lower()) if w not in STOPWORDS]
        if not terms:
            return []
        parsed = self._index.parse_query(" ".join(terms), ["body"])
        searcher = self._index.searcher()
        fetch = depth + TIE_MARGIN if allowed is None else max(depth, 1000)
        scored = [
            (score, self.positions[searcher.doc(address)["key"][0]])
            for score, address in searcher.search(parsed, fetch).hits
        ]
        # Equal scores are ordered by position, whatever the segment layout.
        ranked = [p for _, p in sorted(scored, key=lambda s: (-s[0], s[1]))]
        if allowed is not None:
            ranked = [p for p in ranked if p in allowed]
        return ranked[:depth]

    def positions_with_identifiers(self, names: Sequence[str]) -> set[int]:
        Query, Occur = self._tantivy.Query, self._tantivy.Occur
        query = Query.boolean_query(
            [(Occur.Should, Query.term_query(self._schema, "identifiers", n)) for n in names]
        )
        searcher = self._index.searcher()
        hits = searcher.search(query, max(searcher.num_docs, 1)).hits
        return {self.positions[searcher.doc(address)["key"][0]] for _, address in hits}


# --- building and keeping up to date ----------------------------------------


def passage_key(chunk: Chunk, title: str) -> str:
    """A passage as the index sees it: its id and a hash of the text it indexes
    (title and headings included), so an edited heading or title is a new passage."""
    text = embedding_text(chunk, title)
    return f"{chunk.chunk_id}@{hashlib.sha256(text.encode()).hexdigest()[:16]}"


def vector_id(key: str) -> int:
    """A stable FAISS id for a passage key (60 bits of its hash)."""
    return int(hashlib.sha256(key.encode()).hexdigest()[:15], 16)


@dataclass(frozen=True)
class IndexUpdate:
    """What opening the index changed: passages added and removed, vectors
    embedded, and whether the lexical index was updated in place or rewritten."""

    passages: int
    added: int
    removed: int
    embedded: int
    lexical: str  # "unchanged", "updated in place" or "rewritten"


def open_index(
    corpus: Corpus,
    embedder: Embedder,
    cache_dir: Path,
    settings: RetrievalSettings = RetrievalSettings(),
    progress: Progress | None = None,
) -> HybridIndex:
    return update_index(corpus, embedder, cache_dir, settings, progress)[0]


def update_index(
    corpus: Corpus,
    embedder: Embedder,
    cache_dir: Path,
    settings: RetrievalSettings = RetrievalSettings(),
    progress: Progress | None = None,
    checkpoint: Callable[[str], None] = lambda stage: None,
) -> tuple[HybridIndex, IndexUpdate]:
    """Bring the one persistent index under ``<cache>/index/<model>/`` to this
    corpus: passages of changed, added or removed documents are removed and
    added; everything else is kept. Each part describes its own content (the
    lexical index its keys, the FAISS index its ids), so a build killed between
    two writes is completed by the next one."""
    titles = {doc.path: doc.title for doc in corpus.documents}
    texts = [embedding_text(chunk, titles[chunk.document]) for chunk in corpus.chunks]
    keys = [passage_key(chunk, titles[chunk.document]) for chunk in corpus.chunks]
    folder = cache_dir / "index" / hashlib.sha256(embedder.name.encode()).hexdigest()[:12]
    try:
        store = VectorStore(cache_dir / "vectors", embedder)
        lexical, lexical_change, added, removed = _update_lexical(folder, corpus, keys, texts)
        checkpoint("lexical")
        faiss_index, embedded = _update_faiss(folder, keys, texts, store, progress)
    except OSError as error:
        raise BuildError(f"{cache_dir}: cannot write the index cache ({error})") from error
    ids = [vector_id(k) for k in keys]
    vectors = _reconstruct(faiss_index, ids, embedder.dimension)
    lexical.positions = {key: i for i, key in enumerate(keys)}
    index = HybridIndex(corpus.chunks, vectors, lexical, embedder, settings, faiss_index, ids)
    update = IndexUpdate(len(keys), added, removed, embedded, lexical_change)
    return index, update


LEXICAL_POINTER = "lexical.json"


def _update_lexical(
    folder: Path, corpus: Corpus, keys: Sequence[str], texts: Sequence[str]
) -> tuple[LexicalIndex, str, int, int]:
    """Passages only added are added in place. When any is removed, the lexical
    index is rewritten into a new folder and the pointer moved: Tantivy keeps a
    deleted document in its BM25 statistics until segments merge (measured: the
    scores differ from a fresh index), which tantivy-py cannot trigger, and the
    hits must be those of a fresh build."""
    folder.mkdir(parents=True, exist_ok=True)
    pointer = folder / LEXICAL_POINTER
    current = json.loads(pointer.read_text())["folder"] if pointer.exists() else None
    for stale in folder.glob("lexical-*"):
        if stale.name != current:  # left by a build killed while rewriting
            shutil.rmtree(stale, ignore_errors=True)
    documents = [chunk.document for chunk in corpus.chunks]
    wanted = dict(zip(keys, zip(documents, texts, strict=True), strict=True))
    held = set(LexicalIndex(folder / current).keys()) if current else set()
    added = [(k, *wanted[k]) for k in keys if k not in held]
    removed = held - set(wanted)
    if current and not removed:
        lexical = LexicalIndex(folder / current)
        lexical.add(added)
        return lexical, "updated in place" if added else "unchanged", len(added), 0
    name = f"lexical-{hashlib.sha256(json.dumps(keys).encode()).hexdigest()[:12]}"
    shutil.rmtree(folder / name, ignore_errors=True)
    (folder / name).mkdir()
    lexical = LexicalIndex(folder / name)
    lexical.add([(k, *wanted[k]) for k in keys])
    write_atomic(pointer, json.dumps({"folder": name}).encode())
    if current:
        shutil.rmtree(folder / current, ignore_errors=True)
    return lexical, "rewritten", len(added), len(removed)


FAISS_FILE = "vectors.faiss"


def _update_faiss(
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
    if path.exists():
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
    if stale or fresh or not path.exists():
        write_atomic(path, faiss.serialize_index(index).tobytes())
    return index, embedded


def _reconstruct(index: Any, ids: Sequence[int], dimension: int) -> Vectors:
    if not ids:
        return np.zeros((0, dimension), dtype=np.float32)
    vectors: Vectors = np.stack([index.reconstruct(i) for i in ids]).astype(np.float32)
    return vectors


class VectorStore:
    """Content-addressed vectors: one ``.npy`` shard per build that embedded
    something new, and a JSON list of the text hashes it holds."""

    def __init__(self, folder: Path, embedder: Embedder) -> None:
        self._folder = folder / hashlib.sha256(embedder.name.encode()).hexdigest()[:12]
        self._embedder = embedder
        self.dimension = embedder.dimension
        self.embedded = 0  # texts embedded by this store so far

    def vectors(self, texts: Sequence[str], progress: Progress | None = None) -> Vectors:
        keys = [hashlib.sha256(t.encode()).hexdigest() for t in texts]
        known = self._load()
        missing = sorted({k: t for k, t in zip(keys, texts, strict=True) if k not in known}.items())
        if missing:
            fresh = self._embed([t for _, t in missing], progress)
            self.embedded += len(missing)
            self._save([k for k, _ in missing], fresh)
            known.update({k: fresh[i] for i, (k, _) in enumerate(missing)})
        elif progress:
            progress(len(texts))
        if not keys:
            return np.zeros((0, self._embedder.dimension), dtype=np.float32)
        return np.stack([known[k] for k in keys]).astype(np.float32)

    def known(self, texts: Sequence[str]) -> dict[str, Vectors]:
        """The stored vectors of those ``texts`` the store holds; nothing is embedded."""
        stored = self._load()
        keys = {t: hashlib.sha256(t.encode()).hexdigest() for t in texts}
        return {t: stored[k] for t, k in keys.items() if k in stored}

    def keep(self, vectors: Mapping[str, Vectors]) -> None:
        """Store vectors embedded elsewhere (query vectors), those not yet held."""
        stored = self._load()
        new = sorted(
            (hashlib.sha256(t.encode()).hexdigest(), v)
            for t, v in vectors.items()
            if hashlib.sha256(t.encode()).hexdigest() not in stored
        )
        if new:
            self._save([k for k, _ in new], np.stack([v for _, v in new]).astype(np.float32))

    def _embed(self, texts: list[str], progress: Progress | None) -> Vectors:
        batches = []
        for start in range(0, len(texts), 256):
            batch = texts[start : start + 256]
            batches.append(self._embedder.embed(batch))
            if progress:
                progress(len(batch))
        return np.concatenate(batches)

    def _load(self) -> dict[str, Vectors]:
        known: dict[str, Vectors] = {}
        if not self._folder.exists():
            return known
        for listing in sorted(self._folder.glob("*.json")):
            shard = listing.with_suffix(".npy")
            if not shard.exists():
                continue
            keys = json.loads(listing.read_text())
            matrix = np.load(shard)
            if len(keys) == len(matrix):
                known.update(zip(keys, matrix, strict=True))
        return known

    def _save(self, keys: list[str], vectors: Vectors) -> None:
        self._folder.mkdir(parents=True, exist_ok=True)
        name = hashlib.sha256("".join(keys).encode()).hexdigest()[:16]
        buffer = io.BytesIO()
        np.save(buffer, vectors)
        write_atomic(self._folder / f"{name}.npy", buffer.getvalue())
        # The listing is written last: a shard without a listing is ignored.
        write_atomic(self._folder / f"{name}.json", json.dumps(keys).encode())
