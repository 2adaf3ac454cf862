"""The hybrid index: Tantivy (BM25, exact identifiers) and FAISS (MiniLM vectors).

Both live under ``<cache>/index/<digest>/``, where the digest covers the chunk
ids and texts and the embedding model, so an unchanged corpus reopens the same
index without re-embedding. Vectors are also kept in a content-addressed store
(``<cache>/vectors``) keyed by the embedded text, so a changed corpus only
embeds the passages that are new.
"""

from __future__ import annotations

import hashlib
import io
import json
import re
import shutil
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dossier.atomic import write_atomic
from dossier.embed import Embedder, Vectors
from dossier.errors import BuildError
from dossier.records import Chunk, Corpus, Hit
from dossier.textutil import STOPWORDS, identifiers

Progress = Callable[[int], None]


@dataclass(frozen=True)
class RetrievalSettings:
    lexical_depth: int = 40  # how many BM25 hits enter fusion
    dense_depth: int = 40  # how many vector hits enter fusion
    rrf_k: int = 10  # measured on policies-a: k=10 beats the textbook 60 (benchmarks/)
    lexical_weight: float = 1.0
    dense_weight: float = 1.0
    encoder: str = "auto"  # embedding precision: auto | fp32 | bf16 | int8 (dossier.embed)


def embedding_text(chunk: Chunk, title: str) -> str:
    """What the vector and BM25 see: the passage with its document title and headings."""
    context = " > ".join(part for part in (title, chunk.heading) if part)
    return f"{context}: {chunk.text}" if context else chunk.text


class HybridIndex:
    """Search over a fixed set of chunks. Read-only once built."""

    def __init__(
        self,
        chunks: Sequence[Chunk],
        vectors: Vectors,
        lexical: LexicalIndex,
        embedder: Embedder,
        settings: RetrievalSettings,
    ) -> None:
        self.chunks = tuple(chunks)
        self.vectors = vectors
        self._position = {chunk.chunk_id: i for i, chunk in enumerate(self.chunks)}
        self._lexical = lexical
        self._embedder = embedder
        self._settings = settings
        self._faiss = _faiss_index(vectors)
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
            selector = faiss.IDSelectorBatch(np.array(sorted(allowed), dtype=np.int64))
            params = faiss.SearchParameters(sel=selector)  # type: ignore[call-arg]
        k = min(depth, len(self.chunks))
        _, ids = self._faiss.search(vector.reshape(1, -1), k, params=params)
        return [int(i) for i in ids[0] if i >= 0]


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


def _faiss_index(vectors: Vectors):  # type: ignore[no-untyped-def]
    import faiss

    index = faiss.IndexIDMap2(faiss.IndexFlatIP(vectors.shape[1]))
    if len(vectors):
        index.add_with_ids(vectors, np.arange(len(vectors), dtype=np.int64))
    return index


class LexicalIndex:
    """Tantivy BM25 over passages (English stemming) plus an exact-match field
    for identifiers, so ``AC-2(3)`` never matches ``AC-2(7)``."""

    def __init__(self, path: Path) -> None:
        import tantivy

        builder = tantivy.SchemaBuilder()
        builder.add_integer_field("position", stored=True, indexed=True)
        builder.add_text_field("body", stored=False, tokenizer_name="en_stem")
        builder.add_text_field("identifiers", stored=False, tokenizer_name="raw")
        self._schema = builder.build()
        self._index = tantivy.Index(self._schema, path=str(path))
        self._tantivy = tantivy

    def add(self, texts: Sequence[str]) -> None:
        writer = self._index.writer(heap_size=50_000_000, num_threads=1)
        for position, text in enumerate(texts):
            writer.add_document(
                self._tantivy.Document(
                    position=position, body=text, identifiers=sorted(set(identifiers(text)))
                )
            )
        writer.commit()
        writer.wait_merging_threads()
        self._index.reload()

    def search(self, query: str, depth: int, allowed: set[int] | None) -> list[int]:
        # Only bare alphanumeric words reach the query parser: no syntax to trip on.
        terms = [w for w in re.findall(r"[a-z0-9]+", query.lower()) if w not in STOPWORDS]
        if not terms:
            return []
        parsed = self._index.parse_query(" ".join(terms), ["body"])
        searcher = self._index.searcher()
        hits = searcher.search(parsed, depth if allowed is None else max(depth, 1000)).hits
        ranked = [searcher.doc(address)["position"][0] for _, address in hits]
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
        return {searcher.doc(address)["position"][0] for _, address in hits}


# --- building and caching -------------------------------------------------


def index_digest(texts: Sequence[str], model_name: str) -> str:
    h = hashlib.sha256(model_name.encode())
    for text in texts:
        h.update(b"\x00" + text.encode())
    return h.hexdigest()[:20]


def open_index(
    corpus: Corpus,
    embedder: Embedder,
    cache_dir: Path,
    settings: RetrievalSettings = RetrievalSettings(),
    progress: Progress | None = None,
) -> HybridIndex:
    titles = {doc.path: doc.title for doc in corpus.documents}
    texts = [embedding_text(chunk, titles[chunk.document]) for chunk in corpus.chunks]
    folder = cache_dir / "index" / index_digest(texts, embedder.name)
    try:
        vectors = VectorStore(cache_dir / "vectors", embedder).vectors(texts, progress)
        lexical = _open_lexical(folder, texts)
    except OSError as error:
        raise BuildError(f"{cache_dir}: cannot write the index cache ({error})") from error
    return HybridIndex(corpus.chunks, vectors, lexical, embedder, settings)


def _open_lexical(folder: Path, texts: Sequence[str]) -> LexicalIndex:
    done = folder / "tantivy.done"
    if done.exists():
        return LexicalIndex(folder / "tantivy")
    shutil.rmtree(folder / "tantivy", ignore_errors=True)
    (folder / "tantivy").mkdir(parents=True)
    lexical = LexicalIndex(folder / "tantivy")
    lexical.add(texts)
    write_atomic(done, b"ok\n")
    return lexical


class VectorStore:
    """Content-addressed vectors: one ``.npy`` shard per build that embedded
    something new, and a JSON list of the text hashes it holds."""

    def __init__(self, folder: Path, embedder: Embedder) -> None:
        self._folder = folder / hashlib.sha256(embedder.name.encode()).hexdigest()[:12]
        self._embedder = embedder

    def vectors(self, texts: Sequence[str], progress: Progress | None = None) -> Vectors:
        keys = [hashlib.sha256(t.encode()).hexdigest() for t in texts]
        known = self._load()
        missing = sorted({k: t for k, t in zip(keys, texts, strict=True) if k not in known}.items())
        if missing:
            fresh = self._embed([t for _, t in missing], progress)
            self._save([k for k, _ in missing], fresh)
            known.update({k: fresh[i] for i, (k, _) in enumerate(missing)})
        elif progress:
            progress(len(texts))
        if not keys:
            return np.zeros((0, self._embedder.dimension), dtype=np.float32)
        return np.stack([known[k] for k in keys]).astype(np.float32)

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
