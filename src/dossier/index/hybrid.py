"""The hybrid index: Tantivy (BM25, exact identifiers) and MiniLM vectors (FAISS).

One persistent index per embedding model lives under ``<cache>/index/<model>/``
and is brought up to date with each build: the passages of changed, added or
removed documents are removed and added, by key, and nothing else is touched.
Vectors are also kept in a content-addressed store (``<cache>/vectors``) keyed
by the embedded text, so only passages never seen before are embedded. Which
passages have vectors — all of them, or those searches surface — is the dense
arm's scope (``dense``).
"""

from __future__ import annotations

import hashlib
import threading
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from dossier.common.textutil import asked_identifiers, read_text
from dossier.errors import BuildError
from dossier.index.dense import (
    ALL,
    AllPassages,
    DenseArm,
    SurfacedPassages,
    resolve_scope,
)
from dossier.index.embed import Embedder, Vectors
from dossier.index.lexical import LexicalIndex, update_lexical
from dossier.index.sentence_table import PassageSentences, SentenceVectors, Unkept
from dossier.index.vectors import VectorStore, reconstruct, update_faiss, vector_id
from dossier.ingest.definitions import document_definitions
from dossier.records import Chunk, Corpus, Hit

Progress = Callable[[int], None]
QUERY_VECTORS_HELD = 10_000  # query vectors memoised per build (a few per question)


@dataclass(frozen=True)
class RetrievalSettings:
    lexical_depth: int = 40  # how many BM25 hits enter fusion
    dense_depth: int = 40  # how many vector hits enter fusion
    # Which passages have vectors: all (embedded at indexing), surfaced (the BM25 hits
    # ranked by vector, embedded when first surfaced), or auto: all up to dense_all_up_to
    # passages (dossier.index.dense).
    dense_scope: str = "auto"
    dense_all_up_to: int = 10_000
    surfaced_depth: int = 40  # surfaced scope: how many of the BM25 hits are ranked by vector
    rrf_k: int = 10  # measured on policies-a: k=10 beats the textbook 60 (benchmarks/)
    lexical_weight: float = 1.0
    dense_weight: float = 1.0
    encoder: str = "auto"  # embedding precision: auto | fp32 | bf16 | int8 (dossier.index.embed)


def embedding_text(chunk: Chunk, title: str) -> str:
    """What the vector and BM25 see: the passage with its document title and headings,
    as it is read (``read_text``)."""
    context = " > ".join(part for part in (title, chunk.heading) if part)
    text = f"{context}: {chunk.text}" if context else chunk.text
    return read_text(text)


def query_text(query: str) -> str:
    """What a query's vector is embedded from: the query read as passages are
    (a question pasted from a PDF has ligatures and soft hyphens too)."""
    return read_text(query)


class HybridIndex:
    """Search over a fixed set of chunks. Read-only once built (but for the vectors
    a dense arm over surfaced passages embeds as searches surface them, and the
    keyword searches it may be running ahead).

    Ties in either ranking are broken by position, so a search gives the same hits
    whether the index was built at once or kept up to date."""

    def __init__(
        self,
        chunks: Sequence[Chunk],
        dense: DenseArm,
        lexical: LexicalIndex,
        embedder: Embedder,
        settings: RetrievalSettings,
        sentences: SentenceVectors | None = None,
    ) -> None:
        self.chunks = tuple(chunks)
        self._sentences = sentences or SentenceVectors(Unkept(embedder), self.chunk)
        self._dense = dense
        self._position = {chunk.chunk_id: i for i, chunk in enumerate(self.chunks)}
        by_document: dict[str, list[Chunk]] = {}
        for chunk in self.chunks:
            by_document.setdefault(chunk.document, []).append(chunk)
        self._by_document = {path: tuple(chunks) for path, chunks in by_document.items()}
        self._definitions: dict[str, Mapping[str, str]] = {}
        self._lexical = lexical
        self._embedder = embedder
        self._settings = settings
        self._query_vectors: dict[str, Vectors] = {}
        self._stored_queries: Callable[[Sequence[str]], Mapping[str, Vectors]] = lambda _: {}
        self._ahead: SearchAhead | None = None

    def chunk(self, chunk_id: str) -> Chunk:
        return self.chunks[self._position[chunk_id]]

    def find(self, chunk_id: str) -> Chunk | None:
        """The chunk with this id, or None when this index holds none."""
        position = self._position.get(chunk_id)
        return None if position is None else self.chunks[position]

    def passages_of(self, document: str) -> tuple[Chunk, ...]:
        """The passages of one document, in order (for re-attributing a quote within it)."""
        return self._by_document.get(document, ())

    def definitions_of(self, document: str) -> Mapping[str, str]:
        """The short names a document defines for itself ("Incident Response Plan
        (IRP)": "IRP" -> "Incident Response Plan"), read once per document."""
        known = self._definitions.get(document)
        if known is None:
            passages = self._by_document.get(document, ())
            known = self._definitions[document] = document_definitions(c.text for c in passages)
        return known

    def embed_query(self, query: str) -> Vectors:
        """Memoised: a question's text is embedded for search, ranking and quoting."""
        vector = self._query_vectors.get(query)
        if vector is not None:
            return vector
        read = query_text(query)
        vector = self._stored_queries([read]).get(read)
        if vector is None:
            vector = self._embedder.embed([read])[0]
        if len(self._query_vectors) < QUERY_VECTORS_HELD:
            self._query_vectors[query] = vector
        return vector

    def known_queries(self) -> dict[str, Vectors]:
        """The query vectors embedded so far (to keep for the next build)."""
        return dict(self._query_vectors)

    def consult_queries(self, stored: Callable[[Sequence[str]], Mapping[str, Vectors]]) -> None:
        """Where a query not embedded yet is looked up before embedding it: the query
        vectors kept by earlier builds (a repair round's restated ask, say, is in no
        stored answer's searches; embedding it would load the model)."""
        self._stored_queries = stored

    def remember_queries(self, vectors: Mapping[str, Vectors]) -> None:
        """Query vectors from an earlier build: the vectors its searches used, so a
        search gives the same hits with them."""
        self._query_vectors.update(vectors)

    def embed_texts(self, texts: Sequence[str]) -> Vectors:
        return self._embedder.embed(texts)

    def sentences(self, chunk_id: str) -> PassageSentences:
        """A passage's quotable sentences and their vectors."""
        return self._sentences.of([chunk_id])[0]

    def sentences_of(self, chunk_ids: Sequence[str]) -> list[PassageSentences]:
        """Each passage's quotable sentences and their vectors; those of passages not
        read before are embedded together."""
        return self._sentences.of(chunk_ids)

    def keep_embedded(self) -> Embedded:
        """Keep the vectors embedded since indexing (sentences research read, passages
        searches surfaced) for the next build; how many of each."""
        self._sentences.keep()
        self._dense.keep()
        return Embedded(self._sentences.embedded, self._dense.embedded)

    def similarity(self, query_vector: Vectors, chunk_ids: Sequence[str]) -> list[float]:
        rows = self._dense.rows([self._position[c] for c in chunk_ids])
        return [float(x) for x in rows @ query_vector]

    def search(self, query: str, limit: int = 20) -> list[Hit]:
        """Hybrid search fused by weighted Reciprocal Rank Fusion. When the query
        names identifiers that the corpus holds (``AC-2(3)``), only passages
        holding one of them are eligible, in both lists."""
        searching = self._ahead  # read once: another thread may end the searching ahead
        ahead = searching.take(query) if searching is not None else None
        allowed, lexical = ahead or self._keyword_search(query)
        vector = self.embed_query(query)
        dense = self._dense.search(vector, self._settings.dense_depth, allowed, lexical)
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

    def _keyword_search(self, query: str) -> KeywordHits:
        allowed = self._identifier_filter(query)
        return allowed, self._lexical.search(query, self._settings.lexical_depth, allowed)

    @contextmanager
    def searching_ahead(self, queries: Sequence[str]) -> Iterator[None]:
        """Run the keyword searches of ``queries`` (in order) on a thread
        of their own while the caller works: Tantivy searches without holding the
        GIL, so on two cores they cost the answer stage little. A search of one of
        them takes its result (and gives the same hits it would have computed)."""
        if self._ahead is not None:
            raise RuntimeError("the index is already searching ahead")
        ahead = SearchAhead(self._keyword_search, queries)
        self._ahead = ahead
        try:
            yield
        finally:
            self._ahead = None
            ahead.close()

    def _identifier_filter(self, query: str) -> set[int] | None:
        names = asked_identifiers(query)
        if not names:
            return None
        allowed = self._lexical.positions_with_identifiers(names)
        return allowed or None


KeywordHits = tuple[set[int] | None, list[int]]  # the identifier filter, BM25 positions


class SearchAhead:
    """Keyword searches run in order on one thread of their own. Each is run as
    often as it is listed and each result taken once: a search ahead does the
    work the caller would have done, never less."""

    def __init__(self, search: Callable[[str], KeywordHits], queries: Sequence[str]) -> None:
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="search-ahead")
        self._lock = threading.Lock()
        self._pending: dict[str, deque[Future[KeywordHits]]] = {}
        for query in queries:
            self._pending.setdefault(query, deque()).append(self._pool.submit(search, query))

    def take(self, query: str) -> KeywordHits | None:
        """The result of a search of ``query`` run ahead; None when there is none, or
        when it has not started (the caller searches at once rather than wait)."""
        with self._lock:
            waiting = self._pending.get(query)
            future = waiting.popleft() if waiting else None
        if future is None or future.cancel():
            return None
        return future.result()

    def close(self) -> None:
        """Cancel what has not started; wait for the search running, if any."""
        self._pool.shutdown(wait=True, cancel_futures=True)


@dataclass(frozen=True)
class Embedded:
    """Vectors a build embedded after indexing."""

    sentences: int
    passages: int


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


# --- building and keeping up to date ----------------------------------------


def passage_key(chunk: Chunk, title: str) -> str:
    """A passage as the index sees it: its id and a hash of the text it indexes
    (title and headings included), so an edited heading or title is a new passage."""
    text = embedding_text(chunk, title)
    return f"{chunk.chunk_id}@{hashlib.sha256(text.encode()).hexdigest()[:16]}"


@dataclass(frozen=True)
class IndexUpdate:
    """What opening the index changed: passages added and removed, vectors
    embedded, and whether the lexical index was updated in place or rewritten."""

    passages: int
    added: int
    removed: int
    embedded: int
    lexical: str  # "unchanged", "updated in place" or "rewritten"
    dense: str  # which passages have vectors: "all passages" or "surfaced passages"


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
    scope = resolve_scope(settings.dense_scope, len(keys), settings.dense_all_up_to)
    dense: DenseArm
    try:
        store = VectorStore(cache_dir / "vectors", embedder)
        lexical, lexical_change, added, removed = update_lexical(folder, corpus, keys, texts)
        checkpoint("lexical")
        if scope == ALL:
            dense, embedded = _all_passages(folder, keys, texts, store, embedder, progress)
        else:  # embedded when searches surface them, through the same store
            dense, embedded = SurfacedPassages(store, texts, settings.surfaced_depth), 0
            if progress:
                progress(len(keys))
    except OSError as error:
        raise BuildError(f"{cache_dir}: cannot write the index cache ({error})") from error
    lexical.positions = {key: i for i, key in enumerate(keys)}
    # Sentences are embedded when research reads their passage, through the same store.
    chunks = {chunk.chunk_id: chunk for chunk in corpus.chunks}
    sentences = SentenceVectors(store, chunks.__getitem__)
    index = HybridIndex(corpus.chunks, dense, lexical, embedder, settings, sentences)
    update = IndexUpdate(len(keys), added, removed, embedded, lexical_change, dense.scope)
    return index, update


def _all_passages(
    folder: Path,
    keys: Sequence[str],
    texts: Sequence[str],
    store: VectorStore,
    embedder: Embedder,
    progress: Progress | None,
) -> tuple[AllPassages, int]:
    """Every passage embedded (those the store lacks) and kept in the FAISS index."""
    faiss_index, embedded = update_faiss(folder, keys, texts, store, progress)
    ids = [vector_id(k) for k in keys]
    vectors = reconstruct(faiss_index, ids, embedder.dimension)
    return AllPassages(faiss_index, ids, vectors), embedded
