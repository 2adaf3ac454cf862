"""The build's cache: what each derived artefact is keyed by, where it is kept,
and why a lookup missed.

Every key is the SHA-256 of canonical JSON (sorted keys, no spaces) of exactly
the inputs that change the artefact:

- a document read from a file: its path, the file's bytes (their hash) and the
  tool version;
- a document's passages: its path, its extracted text (hash), the chunking
  settings and the tool version;
- a passage's vector: the text embedded and the model (``index.vectors.VectorStore``);
- an answer: the normalised brief, the evidence its searches retrieved (each
  hit's passage id, rank and score, a hash of the passage's indexed text, its
  offsets, and the authority of its document: status, supersedes, effective
  date, whether another document supersedes it), the engine and its settings
  (``Config.fingerprint()``) and the tool version.

A change anywhere else reuses the result. Corpus-wide term statistics (the IDF
the engine weighs coverage with) are deliberately not part of an answer's key:
a document that never enters a question's evidence does not recompute it.

Everything is written with ``write_atomic`` (temporary file, fsync, rename),
and an entry is written only once complete, so a killed build leaves a cache
that holds only whole, correct entries.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from dossier import __version__
from dossier.common.atomic import write_atomic
from dossier.common.canonical import canonical_json, canonical_key
from dossier.errors import UnreadableDocument
from dossier.incremental.pdftext import KeptPdf
from dossier.index.hybrid import HybridIndex, embedding_text
from dossier.ingest.authority import Authority
from dossier.ingest.chunking import ChunkSettings, chunk_document, passages_problem
from dossier.ingest.files import (
    PDF_SUFFIXES,
    read_document,
    read_document_pages,
    sha256_hex,
)
from dossier.ingest.page_edges import PAGE_BREAK
from dossier.output.serialise import answer_from_json, answer_to_json
from dossier.records import (
    Answer,
    CacheDiscard,
    CacheEntryKind,
    Chunk,
    ChunkLookup,
    Corpus,
    Document,
    DocumentFailure,
    Search,
    SourceFile,
)

TOOL_VERSION = __version__


def document_key(source: SourceFile) -> str:
    return canonical_key(
        {"kind": "document", "path": source.path, "sha256": source.sha256, "tool": TOOL_VERSION}
    )


def chunks_key(document: Document, settings: ChunkSettings) -> str:
    return canonical_key(
        {
            "kind": "chunks",
            "path": document.path,
            "text_sha256": document.text_sha256,
            "chunking": dataclasses.asdict(settings),
            "tool": TOOL_VERSION,
        }
    )


def text_hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


# --- documents and their passages ---------------------------------------------


@dataclass(frozen=True)
class CorpusChanges:
    """How this build's corpus differs from the last built one, and how many
    documents were read afresh (the rest came from the cache)."""

    added: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    read: tuple[str, ...] = ()  # documents read and cut afresh (cache misses)

    def summary(self) -> str:
        parts = [
            f"{len(names)} {word}"
            for names, word in (
                (self.added, "added"),
                (self.changed, "changed"),
                (self.removed, "removed"),
            )
            if names
        ]
        return ", ".join(parts) or "no document changed"


def previous_listing(out: Path) -> dict[str, str]:
    """The documents (path -> file sha256) of the last finished build in ``out``."""
    data = _read_json(out / "dossier.json")
    try:
        return {d["path"]: d["sha256"] for d in data["documents"]}
    except (KeyError, TypeError):
        return {}


def corpus_changes(
    before: Mapping[str, str], after: Mapping[str, str], read: Iterable[str] = ()
) -> CorpusChanges:
    """Compare two listings of path -> file sha256."""
    return CorpusChanges(
        added=tuple(sorted(set(after) - set(before))),
        changed=tuple(sorted(p for p in after if p in before and before[p] != after[p])),
        removed=tuple(sorted(set(before) - set(after))),
        read=tuple(sorted(read)),
    )


class DocumentCache:
    """Documents read from files and their passages, under ``<cache>/documents``
    and ``<cache>/chunks``. An unreadable document is not cached: it is tried
    again by the next build.

    The cache is a speed-up, never a source of truth: a text document kept here
    is read again from its file (cheap) and must be what the file says; kept
    passages must each be the slice of their document's text they claim, with
    the id their text gives. An entry failing a check is discarded (named in
    ``discarded``, deleted) and rebuilt. A PDF's text is kept as extracted (its
    extraction is the slow part); ``sign`` and ``verify --corpus`` extract it
    again."""

    def __init__(self, cache_dir: Path, *, read_only: bool = False) -> None:
        self._documents = cache_dir / "documents"
        self._chunks = cache_dir / "chunks"
        self._out = cache_dir.parent
        self._read_only = read_only  # for `dossier status`: look, never write
        self.discarded: list[CacheDiscard] = []
        self.kept_pdfs: dict[str, KeptPdf] = {}  # PDFs whose text came from the cache

    def ingest(
        self, files: Iterable[SourceFile], settings: ChunkSettings
    ) -> tuple[Corpus, list[str]]:
        """The corpus, as ``ingest.files.ingest`` gives it; also the paths read afresh."""
        documents: list[Document] = []
        chunks: list[Chunk] = []
        failures: list[DocumentFailure] = []
        read: dict[str, None] = {}  # the paths read afresh, in order (a dict: looked up)
        for source in files:
            document = None if source.unreadable else self._load_document(source)
            if document is None:
                read[source.path] = None
                try:
                    document, pages = read_document_pages(source)
                except UnreadableDocument as error:
                    failures.append(DocumentFailure(source.path, str(error)))
                    continue
                self._save_document(source, document, pages)
            documents.append(document)
            passages, cut = self._passages(document, settings)
            chunks += passages
            if cut:
                read.setdefault(document.path)
        return Corpus(tuple(documents), tuple(chunks), tuple(failures)), list(read)

    def _passages(self, document: Document, settings: ChunkSettings) -> tuple[list[Chunk], bool]:
        """The document's passages, and whether they were cut afresh."""
        path = self._chunks / f"{chunks_key(document, settings)}.json"
        cached = _read_json(path)
        if cached is not None:
            kept = _chunks_of(cached)
            problem = "not a list of passages" if kept is None else passages_problem(document, kept)
            if kept is not None and problem is None:
                return kept, False
            self._discard("passages", path, problem or "unreadable")
        passages = chunk_document(document, settings)
        if not self._read_only:  # checked when read back: a torn entry is cut again
            write_atomic(path, canonical_json([c.row() for c in passages]), durable=False)
        return passages, True

    def _load_document(self, source: SourceFile) -> Document | None:
        path = self._documents / f"{document_key(source)}.json"
        row = _read_json(path)
        if row is None:
            return None
        document = _document_of(row)
        problem = "not a document record" if document is None else _document_problem(source, row)
        if document is not None and problem is None:
            if "pages" in row:
                self.kept_pdfs[source.path] = KeptPdf(source.data, tuple(row["pages"]), path)
            return document
        self._discard("document", path, problem or "unreadable")
        return None

    def _save_document(
        self, source: SourceFile, document: Document, pages: tuple[int, ...]
    ) -> None:
        if self._read_only:
            return
        path = self._documents / f"{document_key(source)}.json"
        # A text document's entry is checked against its file when read back (a torn
        # one is read again, cheaply); a PDF's extraction is kept durably.
        write_atomic(path, _document_row(document, pages), durable=bool(pages))

    def _discard(self, kind: CacheEntryKind, path: Path, reason: str) -> None:
        """An entry that failed a check: named, and removed so that it is rebuilt."""
        self.discarded.append(CacheDiscard(kind, path.relative_to(self._out).as_posix(), reason))
        if not self._read_only:
            path.unlink(missing_ok=True)


def _document_row(document: Document, pages: tuple[int, ...] = ()) -> bytes:
    """A document as kept: its record, and for a PDF the length of each page's text."""
    row = dataclasses.asdict(document) | ({"pages": list(pages)} if pages else {})
    return json.dumps(row, sort_keys=True, ensure_ascii=False, default=str).encode()


def _document_of(row: Any) -> Document | None:
    try:
        fields = {k: v for k, v in row.items() if k != "pages"}
        return Document(**{**fields, "supersedes": tuple(row["supersedes"])})
    except (AttributeError, KeyError, TypeError):
        return None


def _chunks_of(rows: Any) -> list[Chunk] | None:
    try:
        return [Chunk(**row) for row in rows]
    except TypeError:
        return None


def _document_problem(source: SourceFile, row: dict[str, Any]) -> str | None:
    """Why a kept document is not the file as it is now, or None. A text document is
    read again (as cheap as loading it); a PDF's kept text must match its own hash."""
    if row.get("path") != source.path or row.get("sha256") != source.sha256:
        return "it names another file"
    if Path(source.path).suffix.lower() in PDF_SUFFIXES:
        text, pages = row.get("text"), row.get("pages")
        if not isinstance(text, str) or sha256_hex(text.encode()) != row.get("text_sha256"):
            return "its text does not match its own hash"
        if not isinstance(pages, list) or not all(isinstance(n, int) and n >= 0 for n in pages):
            return "kept without the length of each page's text"
        if sum(pages) + len(PAGE_BREAK) * (len(pages) - 1) != len(text):
            return "its page lengths do not add up to its text"
        return None
    try:
        fresh = read_document(source)
    except UnreadableDocument as error:
        return f"the file no longer reads as a document ({error})"
    if json.loads(_document_row(fresh)) != row:
        return "its text or front-matter is not what the file holds"
    return None


def _read_json(path: Path) -> Any:
    """A cache entry, or None when absent or unreadable (a miss, never an error)."""
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


# --- answers --------------------------------------------------------------------


def evidence_view(
    searches: Sequence[Search],
    chunk_of: ChunkLookup,
    by_path: Mapping[str, Document],
    authority: Authority,
) -> dict[str, Any]:
    """What an answer was made from: every search and its hits, each hit with
    a hash of the passage's indexed text and its offsets, and the authority
    of every document a hit came from (``by_path``: the corpus's documents)."""
    rows = []
    paths: set[str] = set()
    for search in searches:
        hits: list[list[Any]] = []
        for hit in search.hits:
            chunk = chunk_of(hit.chunk_id)
            if chunk is None:
                hits.append([hit.chunk_id, hit.document, None, None, None, None, None, None])
                continue
            paths.add(chunk.document)
            document = by_path.get(chunk.document)
            indexed = embedding_text(chunk, document.title if document is not None else "")
            hits.append(
                [
                    hit.chunk_id,
                    chunk.document,
                    hit.score,
                    hit.lexical_rank,
                    hit.dense_rank,
                    text_hash(indexed),
                    chunk.start,
                    chunk.end,
                ]
            )
        rows.append({"query": search.query, "hits": hits})
    documents = {
        path: {
            "status": by_path[path].status,
            "supersedes": list(by_path[path].supersedes),
            "effective_date": by_path[path].effective_date,
            "not_current": authority.reason(path),
        }
        for path in sorted(paths)
        if path in by_path
    }
    return {"searches": rows, "documents": documents}


class EvidenceView:
    """An answer's evidence as its cache key sees it, on this build's index and
    corpus: from the searches it ran, or from its queries, run again."""

    def __init__(
        self, index: HybridIndex, corpus: Corpus, authority: Authority, hits_per_search: int
    ) -> None:
        self._index = index
        self._documents = {d.path: d for d in corpus.documents}
        self._authority = authority
        self._hits_per_search = hits_per_search
        self.present = set(self._documents)  # to name removed documents

    def of_searches(self, searches: Sequence[Search]) -> dict[str, Any]:
        return evidence_view(searches, self._index.find, self._documents, self._authority)

    def of_queries(self, queries: Sequence[str]) -> dict[str, Any]:
        """Run the queries again (cheap: their vectors are kept) and view what they find."""
        return self.of_searches(
            [Search(q, tuple(self._index.search(q, self._hits_per_search))) for q in queries]
        )


@dataclass(frozen=True)
class AnswerInputs:
    """The inputs of one answer, as its cache key sees them."""

    brief: str  # make_brief(question).normalised
    evidence: dict[str, Any]  # evidence_view(...)
    engine: str  # canonical_key(Config.fingerprint())
    tool: str = TOOL_VERSION

    def key(self) -> str:
        return canonical_key({"kind": "answer", **self.row()})

    def queries(self) -> list[str]:
        return [row["query"] for row in self.evidence["searches"]]

    def row(self) -> dict[str, Any]:
        """As stored (``dataclasses.asdict``'s dict, without its deep copy of the evidence)."""
        return {
            "brief": self.brief,
            "evidence": self.evidence,
            "engine": self.engine,
            "tool": self.tool,
        }


CacheCause = Literal[
    "reused",
    "new question",
    "question changed",
    "engine settings changed",
    "tool version changed",
    "answer not in the cache",
    "evidence changed",  # passages gained or lost, authority changed, passages moved, ranking
    "stored answer failed verification",  # a quote not in its document now, a lost finding
]


@dataclass(frozen=True)
class CacheReason:
    """Why an answer was reused or recomputed: the cause, and the message the ledger
    and the dossier show ("evidence changed: +1 passage (policies/x.md)")."""

    cause: CacheCause
    message: str

    @property
    def evidence_changed(self) -> bool:
        """The evidence the answer was made from moved: it is recomputed (a review
        decision on it lapses only if the new answer differs from what was judged)."""
        return self.cause == "evidence changed"


def _fixed(cause: CacheCause) -> CacheReason:
    return CacheReason(cause, cause)


REUSED = CacheReason("reused", "brief and evidence unchanged")
NEW_QUESTION = _fixed("new question")
QUESTION_CHANGED = _fixed("question changed")
ENGINE_CHANGED = _fixed("engine settings changed")
TOOL_CHANGED = _fixed("tool version changed")
NOT_STORED = _fixed("answer not in the cache")


@dataclass(frozen=True)
class Lookup:
    """The outcome of looking an answer up: reused (``answer`` set) or a miss,
    always with the reason."""

    hit: bool
    reason: CacheReason
    answer: Answer | None = None
    entry: Path | None = None  # the stored answer's file, when one was read


class AnswerCache:
    """Answers kept content-addressed under ``<cache>/answers/<key>.json``, and,
    per question, the inputs of its latest answer (``<cache>/answers/questions/``)
    to re-check it and to say why it must be recomputed."""

    def __init__(self, cache_dir: Path) -> None:
        self._folder = cache_dir / "answers"

    def holds_any(self) -> bool:
        """Whether any answer is stored (work a failed build leaves for the next)."""
        return any(self._folder.glob("*.json"))

    def previous(self, question_id: str) -> AnswerInputs | None:
        row = _read_json(self._pointer(question_id))
        if row is None:
            return None
        try:
            return AnswerInputs(row["brief"], row["evidence"], row["engine"], row["tool"])
        except (KeyError, TypeError):
            return None

    def find(
        self,
        question_id: str,
        brief: str,
        engine: str,
        evidence_of: Callable[[Sequence[str]], dict[str, Any]],
        present: set[str] | None = None,
    ) -> Lookup:
        """The stored answer, when the brief, the engine and the tool are unchanged
        and re-running its searches (``evidence_of`` their queries: the evidence
        view they retrieve now) retrieves the same evidence; otherwise a miss, and
        why. ``present`` (the corpus's document paths) lets a miss name removed
        documents."""
        previous = self.previous(question_id)
        if previous is None:
            return Lookup(False, NEW_QUESTION)
        changed = key_change(previous, AnswerInputs(brief, previous.evidence, engine))
        if changed is not None:
            return Lookup(False, changed)
        evidence = evidence_of(previous.queries())
        return self.lookup(question_id, AnswerInputs(brief, evidence, engine), present)

    def lookup(
        self, question_id: str, inputs: AnswerInputs, present: set[str] | None = None
    ) -> Lookup:
        previous = self.previous(question_id)
        if previous is None:
            return Lookup(False, NEW_QUESTION)
        why = miss_reason(previous, inputs, present)
        if why is not None:
            return Lookup(False, why)
        entry = self._folder / f"{inputs.key()}.json"
        answer = self._load(inputs.key())
        if answer is None:
            return Lookup(False, NOT_STORED)
        return Lookup(True, REUSED, answer, entry)

    def reject(self, lookup: Lookup, problems: Sequence[str]) -> tuple[Lookup, CacheDiscard]:
        """A stored answer that failed verification in this build: removed (the answer
        is recomputed and stored again), and the miss says why."""
        why = "; ".join(problems)
        entry = lookup.entry or self._folder
        if lookup.entry is not None:
            lookup.entry.unlink(missing_ok=True)
        cause: CacheCause = "stored answer failed verification"
        reason = CacheReason(cause, f"{cause}: {why}")
        where = entry.relative_to(self._folder.parent.parent).as_posix()
        return Lookup(False, reason), CacheDiscard("answer", where, why)

    def store(self, question_id: str, inputs: AnswerInputs, answer: Answer) -> None:
        """The answer first, then the pointer: a pointer never names a missing answer.
        Neither is synced to disk: an entry a power cut leaves torn is unreadable, so
        a miss, and a reused answer is verified again before it is used."""
        key = inputs.key()
        entry = canonical_json(answer_to_json(answer))
        write_atomic(self._folder / f"{key}.json", entry, durable=False)
        pointer = inputs.row() | {"question_id": question_id, "key": key}
        write_atomic(self._pointer(question_id), canonical_json(pointer), durable=False)

    def _load(self, key: str) -> Answer | None:
        row = _read_json(self._folder / f"{key}.json")
        try:
            return answer_from_json(row) if row is not None else None
        except (KeyError, TypeError):
            return None

    def _pointer(self, question_id: str) -> Path:
        safe = re.sub(r"[^A-Za-z0-9._-]", "_", question_id)[:80]
        digest = hashlib.sha256(question_id.encode()).hexdigest()[:8]
        return self._folder / "questions" / f"{safe}-{digest}.json"


def key_change(old: AnswerInputs, new: AnswerInputs) -> CacheReason | None:
    """Why an answer made from ``old`` does not hold for ``new`` by the parts of its
    key other than the evidence: the tool, the engine, the question; or None."""
    if old.tool != new.tool:
        return TOOL_CHANGED
    if old.engine != new.engine:
        return ENGINE_CHANGED
    if old.brief != new.brief:
        return QUESTION_CHANGED
    return None


def miss_reason(
    old: AnswerInputs, new: AnswerInputs, present: set[str] | None = None
) -> CacheReason | None:
    """Why an answer made from ``old`` does not hold for ``new`` (None if it does);
    ``present`` (the corpus's document paths) lets it name removed documents."""
    changed = key_change(old, new)
    if changed is None and old.evidence != new.evidence:
        return CacheReason("evidence changed", evidence_change(old.evidence, new.evidence, present))
    return changed


def evidence_change(
    old: Mapping[str, Any], new: Mapping[str, Any], present: set[str] | None
) -> str:
    """Say how the evidence moved: passages gained and lost (naming their
    documents), documents removed, authority changed, passages moved."""
    before = _passages(old)
    after = _passages(new)
    gained = sorted(set(after) - set(before))
    lost = sorted(set(before) - set(after))
    documents = sorted({after[c] for c in gained} | {before[c] for c in lost})
    if gained or lost:
        counts = []
        if gained:
            counts.append(f"+{len(gained)} passage{'s' if len(gained) > 1 else ''}")
        if lost:
            counts.append(f"−{len(lost)} passage{'s' if len(lost) > 1 else ''}")
        text = f"evidence changed: {', '.join(counts)} ({', '.join(documents)})"
        removed = sorted({before[c] for c in lost} - present) if present is not None else []
        if removed:
            text += "; document removed: " + ", ".join(removed)
        return text
    changed = [
        f"{path} ({_state(new['documents'].get(path, {}))})"
        for path in sorted(set(old["documents"]) | set(new["documents"]))
        if old["documents"].get(path) != new["documents"].get(path)
    ]
    if changed:
        return f"document authority changed: {'; '.join(changed)}"
    moved = sorted({after[c] for c in after if _hit_detail(old, c)[5:] != _hit_detail(new, c)[5:]})
    if moved:
        return f"passages edited or moved in {', '.join(moved)}"
    return "search ranking changed"


def _state(authority: Mapping[str, Any]) -> str:
    return str(authority.get("not_current") or authority.get("status") or "current")


def _passages(evidence: Mapping[str, Any]) -> dict[str, str]:
    return {hit[0]: hit[1] for row in evidence["searches"] for hit in row["hits"]}


def _hit_detail(evidence: Mapping[str, Any], chunk_id: str) -> list[Any]:
    return next(h for row in evidence["searches"] for h in row["hits"] if h[0] == chunk_id)
