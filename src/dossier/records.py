"""The typed, frozen records that flow between stages."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Verdict = Literal["grounded", "unsupported", "escalate"]
ReviewStatus = Literal["pending", "approved", "edited", "rejected"]


@dataclass(frozen=True)
class SourceFile:
    """A file found in the corpus, before it is read."""

    path: str  # relative to the corpus root, with forward slashes
    data: bytes
    sha256: str


@dataclass(frozen=True)
class Document:
    path: str
    sha256: str  # of the file's bytes
    text_sha256: str  # of the extracted text
    text: str  # extracted text, front-matter removed
    title: str
    metadata: dict[str, Any]
    effective_date: str | None
    status: str | None
    supersedes: tuple[str, ...]


@dataclass(frozen=True)
class DocumentFailure:
    path: str
    reason: str


@dataclass(frozen=True)
class Chunk:
    """A passage of one document: ``document.text[start:end] == text``."""

    chunk_id: str
    document: str
    start: int
    end: int
    text: str
    heading: str  # the section headings above the passage, joined with " > "


@dataclass(frozen=True)
class Corpus:
    documents: tuple[Document, ...]
    chunks: tuple[Chunk, ...]
    failures: tuple[DocumentFailure, ...]

    def document(self, path: str) -> Document:
        for doc in self.documents:
            if doc.path == path:
                return doc
        raise KeyError(path)


@dataclass(frozen=True)
class Question:
    question_id: str
    question: str
    fields: dict[str, str] = field(default_factory=dict)  # other columns, kept as read
    location: str = ""  # "file:line" or "file:sheet!row", for messages


@dataclass(frozen=True)
class Hit:
    chunk_id: str
    score: float
    lexical_rank: int | None  # 1-based rank in the BM25 list, None when absent
    dense_rank: int | None
    document: str = ""


@dataclass(frozen=True)
class Search:
    query: str
    hits: tuple[Hit, ...]


@dataclass(frozen=True)
class Quote:
    text: str  # the exact slice document.text[start:end]
    document: str
    chunk_id: str
    start: int
    end: int


@dataclass(frozen=True)
class Claim:
    text: str
    quotes: tuple[Quote, ...]


@dataclass(frozen=True)
class DiscardedQuote:
    text: str
    document: str
    chunk_id: str
    reason: str


@dataclass(frozen=True)
class Review:
    status: ReviewStatus = "pending"
    reviewer: str | None = None
    at: str | None = None  # UTC, ISO 8601
    reason: str | None = None  # why it was rejected or edited


@dataclass(frozen=True)
class Answer:
    question_id: str
    question: str
    verdict: Verdict
    answer: str
    claims: tuple[Claim, ...]
    discarded_quotes: tuple[DiscardedQuote, ...]
    missing_facts: tuple[str, ...]
    searches: tuple[Search, ...]
    review: Review = Review()
    fields: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class BuildInfo:
    started_at: str
    finished_at: str
    engine: str
    questions: int
    reused: int
    recomputed: int
    documents: int
    documents_failed: tuple[DocumentFailure, ...]
    stage_seconds: dict[str, float] = field(default_factory=dict)
    questionnaire_notes: tuple[str, ...] = ()  # e.g. workbook sheets skipped, and why
    corpus: str = ""  # the corpus folder as given to the build
    # per question: "reused: why" or "recomputed: why", from the run ledger
    answer_cache: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Dossier:
    schema_version: str
    build: BuildInfo
    documents: tuple[Document, ...]
    answers: tuple[Answer, ...]
    corpus_sha256: str
    questionnaire: str
    questionnaire_sha256: str
    tool_version: str
    paper: str = "A4"  # page size of dossier.pdf: A4 or Letter
