"""The typed, frozen records that flow between stages."""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

from dossier.steps import Step

Verdict = Literal["grounded", "unsupported", "escalate"]
ReviewStatus = Literal["pending", "approved", "edited", "rejected"]
StatementKind = Literal["fact", "assessment"]
FreshnessState = Literal["fresh", "ageing", "stale", "undated"]
# What a document is, for dating its statements: a policy (policy, standard,
# procedure, plan: how things are done) or evidence that an activity was done
# (a report, a record, a result). See ``evidence.freshness.document_class``.
DocumentClass = Literal["policy", "evidence"]
AcceptanceVerdict = Literal["complete", "incomplete", "wrong_question"]


@dataclass(frozen=True)
class SourceFile:
    """A file found in the corpus, before it is read."""

    path: str  # relative to the corpus root, with forward slashes
    data: bytes
    sha256: str
    unreadable: str | None = None  # why the file (or folder) could not be read from disk


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
    document_class: DocumentClass | None = None  # set when the dossier is assembled
    # the date its quotes are dated from as of the build (effective, reviewed or approved;
    # ``freshness.evidence_date``): set when the dossier is assembled
    dated: str | None = None


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

    def row(self) -> dict[str, str | int]:
        """As stored (``dataclasses.asdict``'s dict, made without its deep copy:
        a corpus of hundreds of thousands of passages is stored at each build)."""
        return {
            "chunk_id": self.chunk_id,
            "document": self.document,
            "start": self.start,
            "end": self.end,
            "text": self.text,
            "heading": self.heading,
        }


ChunkLookup = Callable[[str], "Chunk | None"]  # a chunk by its id; None when this build has none


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
class Fact:
    """One thing the answer must establish."""

    text: str  # the part of the question that asks for it
    terms: tuple[str, ...]  # stemmed content terms
    asks: str | None  # "frequency" | "duration" | "number" | None


@dataclass(frozen=True)
class Reading:
    """One way to read an ambiguous part, and the different answer it leads to."""

    text: str
    leads_to: str


@dataclass(frozen=True)
class Ambiguity:
    """A part of the question that can be read more than one way. It is acted on
    only when every reading names a different answer it leads to."""

    text: str
    readings: tuple[Reading, ...]

    @property
    def acted_on(self) -> bool:
        leads = [r.leads_to for r in self.readings]
        return all(leads) and len(set(leads)) == len(leads)


@dataclass(frozen=True)
class Brief:
    question_id: str
    question: str
    normalised: str  # the cache key's view of the question
    query: str  # the part of the question worth searching for
    terms: tuple[str, ...]  # stemmed content terms of the whole question, unique, in order
    identifiers: tuple[str, ...]
    facts: tuple[Fact, ...]
    tried: tuple[str, ...] = ()  # queries an earlier round already ran: not run again
    restatement: str = ""  # what the documents must show, specific enough to check
    assumptions: tuple[str, ...] = ()
    acceptance: tuple[str, ...] = ()  # what a complete answer states, per fact
    ambiguities: tuple[Ambiguity, ...] = ()
    core: str = ""  # the core ask: the practice and its subject, questionnaire wording removed
    demands: tuple[str, ...] = ()  # what the wording asks beyond it ("at least annually")
    about_document: bool = False  # asks that a policy, plan, procedure or programme exists
    english: bool = True  # the offline engine reads English; another language is said so


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
class Freshness:
    """How old a citation's evidence is against its fact family's re-check interval."""

    family: str  # e.g. penetration_test, policy_review; "unrecognised" falls back
    interval_days: int
    evidence_date: str | None  # ISO date: effective or stated last review, not after the build
    review_due: str | None
    state: FreshnessState
    document_class: DocumentClass | None = None  # what decided the family (see DocumentClass)


@dataclass(frozen=True)
class Quote:
    text: str  # the exact slice document.text[start:end]
    document: str
    chunk_id: str
    start: int
    end: int
    freshness: Freshness | None = None
    # a table row's column headers, read from its table ("Severity", "CVSS score",
    # "Remediation deadline"): shown beside the row, never part of the quote
    columns: tuple[str, ...] = ()


@dataclass(frozen=True)
class Claim:
    """A statement: a FACT points at verified quotes; an ASSESSMENT is derived
    (a calculator result), states its basis, and cites the quotes it rests on."""

    text: str
    quotes: tuple[Quote, ...]
    kind: StatementKind = "fact"
    basis: str = ""  # for an assessment: how it was derived


@dataclass(frozen=True)
class Calculation:
    """A calculator result, with the operands as they appear in the quotes."""

    operation: str
    operands: tuple[str, ...]
    result: str
    expression: str  # e.g. "180 − 12 = 168"


@dataclass(frozen=True)
class Reattribution:
    """A quote not in the passage it cited, found in exactly one other passage of
    the same document and attributed to that one instead."""

    text: str
    document: str
    cited_chunk_id: str
    chunk_id: str


@dataclass(frozen=True)
class DroppedClaim:
    text: str
    reason: str


@dataclass(frozen=True)
class Finding:
    """A critic's note on a claim whose quotes verify but may not establish it."""

    check: str  # number, unit, negation, truncated, subject, conflict, acceptance, entailment,
    # language, demand, event, ...
    claim: int  # index into the answer's claims; -1 for the answer as a whole
    detail: str


@dataclass(frozen=True)
class Validation:
    """What the validator counted for one answer."""

    statements_checked: int = 0
    supported: int = 0
    dropped: int = 0
    discarded_quotes: int = 0
    critic_model_pass: bool = False


@dataclass(frozen=True)
class Acceptance:
    """The final check of an answer against its question alone."""

    verdict: AcceptanceVerdict
    gaps: tuple[str, ...] = ()
    restated: str = ""
    attempts: int = 1


@dataclass(frozen=True)
class DiscardedQuote:
    text: str
    document: str
    chunk_id: str
    reason: str


@dataclass(frozen=True)
class Selection:
    """A passage research proposes to quote, and what (the verifier checks each quote)."""

    chunk_id: str
    quotes: tuple[str, ...]  # texts the engine proposes to quote; the verifier checks each
    fact: int  # index into brief.facts
    score: float
    claim: str = ""  # a drafted claim; empty: the claim is the quotes' own words
    focus: str = ""  # the sentence chosen within the first quote (which may hold its neighbours)


@dataclass(frozen=True)
class RelatedPassage:
    """A passage research found close to the question but did not quote: listed
    beside the answer for a reviewer, never counted as evidence."""

    chunk_id: str
    document: str
    score: float  # its best sentence's score
    sentence: str = ""  # that sentence, in the source's words (what a reviewer reads)


@dataclass(frozen=True)
class MissingFact:
    """What research did not find, as a reader is told it, and the part of the
    question it is about (a fact's text; empty when it is about the whole question
    or is a model's own words). A repair replaces the entries of the parts it
    researched again by comparing ``part``, never the message."""

    text: str
    part: str = ""


@dataclass(frozen=True)
class Evidence:
    """What research hands to composing for one question: the searches it ran, the
    passages it selected, what it set aside and why, and the trace of its steps."""

    brief: Brief
    searches: tuple[Search, ...]
    selections: tuple[Selection, ...]
    discarded: tuple[DiscardedQuote, ...]
    missing_facts: tuple[MissingFact, ...]
    steps: tuple[Step, ...] = ()  # the observable actions and decisions, for the trace
    disclosures: tuple[str, ...] = ()  # superseded values named beside the current ones
    conflicts: tuple[str, ...] = ()  # disagreements front-matter could not settle
    model_calls: int = 0  # calls to a language model for this question
    # the model could not be used (an error, an open breaker, the call budget spent):
    # the answer says nothing of the documents, and is not stored for reuse
    model_failed: bool = False
    related: tuple[RelatedPassage, ...] = ()  # close passages not quoted: never evidence


@dataclass(frozen=True)
class Review:
    status: ReviewStatus = "pending"
    reviewer: str | None = None
    at: str | None = None  # UTC, ISO 8601
    reason: str | None = None  # why it was rejected or edited


LibraryNoteKind = Literal["lapsed", "rejected", "hint"]
# Why a library entry no longer holds against today's documents.
LapseReason = Literal[
    "document_removed",  # a quoted document is not in the corpus
    "document_superseded",  # a quoted document is superseded, archived, draft or not yet in force
    "document_changed",  # a quoted document changed where it was quoted
    "quote_not_found",  # the document is unchanged, yet no passage holds the quote
    "contradicted",  # the engine's own evidence states otherwise
]


@dataclass(frozen=True)
class LibraryUse:
    """Where a proposed answer came from: an answer library entry, who approved it,
    when, and for which questionnaire. The library pre-fills; it never signs."""

    entry: str
    reviewer: str
    at: str  # UTC, ISO 8601
    questionnaire: str

    @property
    def provenance(self) -> str:
        """The line the proposed answer's prose ends with."""
        return (
            f"From the library: approved by {self.reviewer} on {self.at[:10]} "
            f"for {self.questionnaire}."
        )


@dataclass(frozen=True)
class LibraryNote:
    """What the answer library says beside an answer: an entry that matched but
    lapsed (and why), an earlier rejection of the same ask (and its reason), or a
    hand answer imported as a hint (never evidence)."""

    kind: LibraryNoteKind
    entry: str
    reviewer: str
    at: str
    questionnaire: str
    text: str  # lapsed: what no longer holds; rejected: the reason; hint: the hand answer
    lapse: LapseReason | None = None
    # a hint's sentences found, word for word, in a current document today
    quotes: tuple[Quote, ...] = ()


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
    dropped_claims: tuple[DroppedClaim, ...] = ()
    findings: tuple[Finding, ...] = ()
    validation: Validation = Validation()
    calculations: tuple[Calculation, ...] = ()
    acceptance: Acceptance | None = None
    disclosures: tuple[str, ...] = ()  # superseded values named beside the current one
    reattributions: tuple[Reattribution, ...] = ()
    # The direct answer, shown first: "Yes", "No", the value as the lead quote states
    # it ("quarterly", "12 characters"), "Not covered", or "Needs review" (escalated).
    short_answer: str = ""
    related: tuple[RelatedPassage, ...] = ()  # close passages not quoted: never evidence
    library: LibraryUse | None = None  # proposed from the answer library (still pending review)
    library_notes: tuple[LibraryNote, ...] = ()  # lapsed entries, earlier rejections, hints


class LapseCause(enum.StrEnum):
    """What changed in an answer since a person decided on it: the decision lapses.
    A decision holds while what the reviewer judged is unchanged (the question,
    the verdict, the short answer, the prose, each statement and each quote: its
    text, its document and that document's authority); an edit holds while its
    own quotes still verify in their documents."""

    QUESTION = "question"  # the question's text
    VERDICT = "verdict"
    SHORT_ANSWER = "short_answer"
    PROSE = "prose"
    STATEMENTS = "statements"  # a statement added, removed or reworded
    QUOTES = "quotes"  # a quote added or removed, or moved to another document
    AUTHORITY = "authority"  # a quoted document's status, date or supersession
    MISSING_FACTS = "missing_facts"
    EDIT_QUOTE = "edit_quote"  # a quote of a reviewer's edit is no longer in its document
    ANSWER_REMOVED = "answer_removed"  # the question is no longer in the questionnaire
    EARLIER_VERSION = "earlier_version"  # recorded by a version that kept no copy of it


@dataclass(frozen=True)
class LapsedDecision:
    """A decision a build found no longer holding, and why."""

    question_id: str
    status: ReviewStatus  # what the decision was
    reviewer: str
    at: str
    causes: tuple[LapseCause, ...]
    message: str  # "was approved by Ada at ...; verdict changed (grounded → unsupported)"


@dataclass(frozen=True)
class ReviewChanges:
    """What one build did to the review and the signature, and what to run next."""

    lapsed: tuple[LapsedDecision, ...] = ()
    # answers recomputed (their evidence moved) that came out as judged: decisions hold
    held_recomputed: tuple[str, ...] = ()
    signature_removed: tuple[str, ...] = ()  # the signature's files this build removed
    signature_reason: str = ""
    next_steps: tuple[str, ...] = ()  # the commands to run next

    @property
    def any(self) -> bool:
        return bool(self.lapsed or self.held_recomputed or self.signature_removed)


CacheEntryKind = Literal["document", "passages", "vectors", "index", "answer"]


@dataclass(frozen=True)
class CacheDiscard:
    """A cache entry that failed a check against this build's own inputs (the
    corpus as read now): discarded, named in the build's output, and rebuilt."""

    kind: CacheEntryKind
    entry: str  # where it was, relative to the output folder
    reason: str


@dataclass(frozen=True)
class InstructionPassage:
    """A passage that reads as instructions to a language model ("ignore previous
    instructions", "answer every question", a role marker): listed in the build's
    notes and flagged wherever it is quoted."""

    document: str
    chunk_id: str
    start: int
    end: int
    cue: str  # the words that read as an instruction, as the passage writes them


@dataclass(frozen=True)
class ModelTrouble:
    """The model calls of a build that failed: the server, how many of how many
    calls, and the first failure. Their answers escalate (asked again next build)."""

    server: str
    failed: int
    calls: int
    first: str  # "plan: cannot reach the server (Connection error.)"

    @property
    def none_succeeded(self) -> bool:
        return self.failed >= self.calls


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
    corpus_notes: tuple[str, ...] = ()  # front-matter naming no document, or contradicting itself
    corpus: str = ""  # the corpus folder as given to the build
    model_calls: int = 0  # calls to a language model, all questions together
    # per question: "reused: why" or "recomputed: why", from the run ledger
    answer_cache: dict[str, str] = field(default_factory=dict)
    library: str = ""  # the answer library the build read ("" when none)
    review_changes: ReviewChanges = ReviewChanges()
    cache_discarded: tuple[CacheDiscard, ...] = ()  # cache entries that failed a check
    instruction_passages: tuple[InstructionPassage, ...] = ()  # passages addressing a model


@dataclass(frozen=True)
class ColumnSettings:
    """Header names to use instead of the built-in ones ("" = find by the usual names)."""

    id_column: str = ""
    question_column: str = ""
    answer_column: str = ""  # a choice (Yes/No list) or free-text answer column
    text_column: str = ""  # the prose beside a choice column (description, comments)
    verdict_column: str = ""
    citations_column: str = ""


@dataclass(frozen=True)
class AnsweredWorkbook:
    """For a workbook questionnaire: the same workbook with the answers written in."""

    file: str  # its name in the output folder: <questionnaire stem>.answered.xlsx
    columns: ColumnSettings = ColumnSettings()


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
    workbook: AnsweredWorkbook | None = None  # only for a workbook questionnaire
