"""The build, top to bottom: questions, corpus, index, answers, record, reviews, artefacts.

``build`` is the table of contents. Each stage below it is a function (answering
one question is a small object the executor maps over the questionnaire) with
named inputs and outputs; each records what it did in the run ledger and ends
at a named checkpoint. Every stage reuses what the cache holds for its unchanged
inputs (see ``incremental.cache``).
"""

from __future__ import annotations

import contextlib
import dataclasses
import datetime as dt
import gc
import hashlib
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from dossier import __version__
from dossier.common.atomic import write_if_changed
from dossier.common.canonical import canonical_key
from dossier.common.clock import Clock, utc_iso, utc_now
from dossier.config import Config, output_over_corpus
from dossier.errors import BuildError, ConfigError, CorpusError
from dossier.evidence.compose import ComposeContext, answer_prose, compose_answer
from dossier.evidence.critic import mark_placeholders
from dossier.evidence.freshness import date_answer, document_class, evidence_date
from dossier.evidence.integrity import answer_problems
from dossier.evidence.verify import QuoteVerifier
from dossier.incremental.cache import (
    AnswerCache,
    AnswerInputs,
    CacheReason,
    DocumentCache,
    EvidenceView,
    Lookup,
    corpus_changes,
    key_change,
    previous_listing,
)
from dossier.incremental.executor import Executor, executor_for
from dossier.incremental.history import Standing, record_history, restore, standing
from dossier.incremental.ledger import RunLedger, ledger_name
from dossier.incremental.pdftext import KeptPdfText
from dossier.index.embed import Embedder, MeteredEmbedder
from dossier.index.hybrid import Embedded, HybridIndex, query_text, update_index
from dossier.index.vectors import VectorStore, check_vector_cache
from dossier.ingest.authority import Authority
from dossier.ingest.files import corpus_digest, scan_corpus
from dossier.ingest.instructions import instruction_passages
from dossier.ingest.questionnaire import read_questionnaire
from dossier.output.manifest import SIGNATURE_FILES
from dossier.output.render import counted, write_outputs
from dossier.output.serialise import answer_to_json
from dossier.output.trace import write_trace
from dossier.output.workbook import answered_name, keep_source
from dossier.records import (
    Answer,
    AnsweredWorkbook,
    Brief,
    BuildInfo,
    CacheDiscard,
    Corpus,
    Document,
    Dossier,
    Evidence,
    ModelTrouble,
    Question,
    ReviewChanges,
)
from dossier.research.acceptance import answer_question
from dossier.research.brief import make_brief
from dossier.research.engine import Engine
from dossier.research.llm import (
    API_KEY_VARIABLE,
    BASE_URL_VARIABLE,
    CRITIC_API_KEY_VARIABLE,
    CRITIC_BASE_URL_VARIABLE,
    LanguageModel,
    OpenAIModel,
)
from dossier.research.model import Checks, ModelEngine
from dossier.research.offline import OfflineEngine
from dossier.review.decisions import PASSAGES_FILE, passages_json
from dossier.review.library import Library, load_library
from dossier.review.recall import Today, earlier_review, recall
from dossier.review.workflow import Carried, carry_decisions, next_steps, save_decisions
from dossier.steps import ModelStep

SCHEMA_VERSION = "1.0"
Checkpoint = Callable[[str], None]  # called with a stage's name as it ends (see build())


def no_checkpoint(stage: str) -> None:
    """The build's checkpoints do nothing, unless a test injects one that stops the process."""


class Reporter(Protocol):
    """Where progress goes: a terminal bar, or nowhere in tests."""

    def stage(self, name: str, total: int) -> Callable[[int], None]: ...


class SilentReporter:
    def stage(self, name: str, total: int) -> Callable[[int], None]:
        return lambda advance: None


@dataclass(frozen=True)
class BuildResult:
    dossier: Dossier
    paths: dict[str, Path]
    up_to_date: bool = False  # nothing changed: the artefacts already there were kept
    # what this build did to the review and the signature, and what to run next
    # (also in dossier.build.review_changes when the dossier was written)
    changes: ReviewChanges = dataclasses.field(default_factory=ReviewChanges)
    # this build's discarded cache entries (a kept dossier names its own build's)
    discarded: tuple[CacheDiscard, ...] = ()
    model_trouble: ModelTrouble | None = None  # model calls that failed, if any did
    # artefacts edited by hand since written, written again from the record as they were
    restored: tuple[str, ...] = ()


def answers_kept(out: Path) -> bool:
    """Whether ``out`` holds answers a build stored: a build that fails then leaves
    the folder it created, so that the next build reuses them (as after Ctrl-C)."""
    return AnswerCache(out / "cache").holds_any()


class BuildInterrupted(KeyboardInterrupt):
    """Ctrl-C during a build; the message says what was kept."""


def build(
    config: Config,
    *,
    embedder: Embedder,
    reporter: Reporter | None = None,
    clock: Clock = utc_now,
    executor: Executor | None = None,
    model: LanguageModel | None = None,
    environ: Mapping[str, str] | None = None,
    checkpoint: Checkpoint = no_checkpoint,
    critic: LanguageModel | None = None,
) -> BuildResult:
    """Build incrementally, recording hits, misses and why in the run ledger.
    Ctrl-C stops it; answers already made stay in the cache. With engine
    "openai" and no ``model`` given, the model is the server named by
    ``OPENAI_BASE_URL`` in ``environ`` (default: os.environ); the critic's
    entailment pass asks ``critic``, or ``[engine] critic_model`` (on
    ``OPENAI_CRITIC_BASE_URL`` when set), or else the same model. ``checkpoint`` is
    called with each stage's name as it ends ("ingest", "lexical", "index", then
    "answer" after each question, "render"): a test passes one that stops the
    process there, to show that the next build completes from what was kept."""
    started = clock()
    refuse_output_over_corpus(config)
    model = language_model(config, model, environ)
    critic = critic_model(config, critic, environ)
    questionnaire = read_questions(config)  # a bad questionnaire fails fast, before indexing
    library = load_library(config.library) if config.library else None  # so does a bad library
    run = Run(config, MeteredEmbedder(embedder), reporter or SilentReporter(), started, checkpoint)
    try:
        with long_lived_objects_left_alone():
            corpus, kept = ingest_corpus(run)
            authority = Authority.of(corpus, today=run.started.date())
            index = index_corpus(run, corpus)
            engine = make_engine(config, corpus, index, authority, model, critic)
            answerer = Answerer.of(run, corpus, index, authority, engine, kept)
            answered = answer_questions(run, questionnaire, answerer, executor)
            answered = recall_library(run, answered, library, answerer, authority)
            dossier = assemble(run, questionnaire, corpus, authority, answered, clock())
            carried = carry_reviews(config.out, dossier, answered.lookups, corpus)
            result = write_artefacts(run, carried, corpus)
            record_run(run, result)
            return dataclasses.replace(result, model_trouble=model_trouble(run, model))
    except KeyboardInterrupt:
        raise interrupted(run, len(questionnaire.questions)) from None


@dataclass(frozen=True)
class Run:
    """What every stage of one build shares: its settings, its start, and where its
    progress, its ledger and its checkpoints go."""

    config: Config
    embedder: MeteredEmbedder
    reporter: Reporter
    started: dt.datetime
    checkpoint: Checkpoint
    ledger: RunLedger = dataclasses.field(default_factory=RunLedger)

    @property
    def cache_dir(self) -> Path:
        return self.config.out / "cache"

    @property
    def out(self) -> Path:
        return self.config.out


@dataclass(frozen=True)
class Questionnaire:
    questions: list[Question]
    notes: tuple[str, ...]  # e.g. workbook sheets skipped, and why


def refuse_output_over_corpus(config: Config) -> None:
    """Before anything is written: an output folder equal to the corpus folder, or
    holding it, would make the next build read its own dossier."""
    problem = output_over_corpus(config.corpus, config.out)
    if problem is not None:
        raise ConfigError(problem)


def language_model(
    config: Config, model: LanguageModel | None, environ: Mapping[str, str] | None
) -> LanguageModel | None:
    """The model given, or for engine "openai" the server named in the environment."""
    if config.engine == "openai" and model is None:
        return OpenAIModel.from_environment(
            config.model, os.environ if environ is None else environ
        )
    return model


def critic_model(
    config: Config, critic: LanguageModel | None, environ: Mapping[str, str] | None
) -> LanguageModel | None:
    """The model the critic's entailment pass asks when it is not the drafting model:
    the one given, or ``[engine] critic_model`` on its server (None: a self-check)."""
    name = config.model.critic_model
    if config.engine != "openai" or critic is not None or not name:
        return critic
    env = os.environ if environ is None else environ
    server = {
        BASE_URL_VARIABLE: env.get(CRITIC_BASE_URL_VARIABLE) or env.get(BASE_URL_VARIABLE, ""),
        API_KEY_VARIABLE: env.get(CRITIC_API_KEY_VARIABLE) or env.get(API_KEY_VARIABLE, ""),
    }
    named = CRITIC_BASE_URL_VARIABLE if env.get(CRITIC_BASE_URL_VARIABLE) else BASE_URL_VARIABLE
    settings = dataclasses.replace(config.model, model=name)
    return OpenAIModel.from_environment(settings, server, named=named)


def read_questions(config: Config) -> Questionnaire:
    """1. The questionnaire."""
    notes: list[str] = []
    questions = read_questionnaire(config.questions, config.questionnaire, notes)
    return Questionnaire(questions, tuple(notes))


@contextmanager
def long_lived_objects_left_alone() -> Iterator[None]:
    """Keep what was alive before a stage (the model, the modules, the index) out
    of the garbage collector's full passes until the build ends. With the model
    loaded, each full pass took about 0.4 s, three times in a one-document rebuild
    of policies-a. Calling ``gc.freeze()`` inside adds what a stage made to stay."""
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def ingest_corpus(run: Run) -> tuple[Corpus, KeptPdfText]:
    """2. Read and cut the corpus; unchanged documents come from the cache, checked
    against their files (a PDF's kept text where it is quoted: the second value)."""
    config, start = run.config, time.perf_counter()
    previous = previous_listing(config.out)
    files = scan_corpus(config.corpus, leave_out=config.out)
    cache = DocumentCache(run.cache_dir)
    corpus, read = cache.ingest(files, config.chunking)
    run.ledger.discarded(cache.discarded)  # entries that failed a check: rebuilt above
    if not corpus.documents:
        raise CorpusError(f"{config.corpus}: no document could be read: {_reasons(corpus)}")
    changes = corpus_changes(previous, {d.path: d.sha256 for d in corpus.documents}, read)
    run.ledger.stage(
        "ingest",
        time.perf_counter() - start,
        documents=len(corpus.documents),
        read=list(changes.read),
        added=list(changes.added),
        changed=list(changes.changed),
        removed=list(changes.removed),
    )
    run.checkpoint("ingest")
    documents = {document.path: document for document in corpus.documents}
    return corpus, KeptPdfText(cache.kept_pdfs, documents)


def _reasons(corpus: Corpus, shown: int = 3) -> str:
    failures = corpus.failures
    listed = "; ".join(f"{f.path}: {f.reason}" for f in failures[:shown])
    return listed + (f"; and {len(failures) - shown} more" if len(failures) > shown else "")


def index_corpus(run: Run, corpus: Corpus) -> HybridIndex:
    """3. Bring the persistent hybrid index up to date with this corpus."""
    start = time.perf_counter()
    run.ledger.discarded(check_vector_cache(run.cache_dir))  # removed: update_index rebuilds
    progress = run.reporter.stage("Indexing passages", len(corpus.chunks))
    index, update = update_index(
        corpus, run.embedder, run.cache_dir, run.config.retrieval, progress, run.checkpoint
    )
    run.ledger.stage(
        "index",
        time.perf_counter() - start,
        **dataclasses.asdict(update),
        **_embedding_share(run.embedder, (0.0, 0)),
    )
    run.checkpoint("index")
    gc.freeze()  # the index and the model (loaded by now when anything was embedded) stay
    return index


def _embedding_share(embedder: MeteredEmbedder, since: tuple[float, int]) -> dict[str, Any]:
    """How much of a stage was spent embedding (passages, queries, sentences)."""
    seconds, texts = embedder.reading()
    return {"embedding_seconds": round(seconds - since[0], 3), "embedded_texts": texts - since[1]}


def make_engine(
    config: Config,
    corpus: Corpus,
    index: HybridIndex,
    authority: Authority,
    model: LanguageModel | None,
    critic: LanguageModel | None = None,
) -> Engine:
    """The offline engine, or with a model and engine "openai" the model engine,
    handed the evidence stage's verifier and composer (and the critic's model)."""
    titles = {doc.path: doc.title for doc in corpus.documents}
    if model is not None and config.engine == "openai":
        checks = Checks(
            verifier=QuoteVerifier,
            prose=partial(
                answer_prose,
                context=ComposeContext(index.find, titles, definitions=index.definitions_of),
            ),
        )
        return ModelEngine(
            index, authority, titles, config.research, model, config.model, checks, critic
        )
    return OfflineEngine(index, authority, titles, config.research)


@dataclass(frozen=True)
class Answered:
    """4. What answering gave: the answers in questionnaire order, and per question
    whether its answer came from the cache, and why (or why not)."""

    engine: str  # the engine's name, for the record
    answers: tuple[Answer, ...]
    lookups: dict[str, Lookup]


def answer_questions(
    run: Run, questionnaire: Questionnaire, answerer: Answerer, executor: Executor | None
) -> Answered:
    """4. Each answer: reused when its brief and retrieved evidence are unchanged,
    else researched, verified and composed; the questions in parallel with --jobs."""
    start, before = time.perf_counter(), run.embedder.reading()
    questions, index = questionnaire.questions, answerer.index
    # Query vectors of earlier builds: re-running a stored answer's searches to
    # check its evidence then costs no model call. The queries every question's
    # research will embed are embedded together (several times faster than one
    # at a time on CPUs; benchmarks/test_cold_build.py) and kept.
    queries = VectorStore(run.cache_dir / "queries", run.embedder)
    index.consult_queries(queries.known)
    stored = [answerer.cache.previous(q.question_id) for q in questions]
    index.remember_queries(queries.known([q for s in stored if s for q in s.queries()]))
    planned = answerer.planned_queries(questions)
    vectors = queries.vectors([query_text(q) for q in planned])
    index.remember_queries(dict(zip(planned, vectors, strict=True)))
    advance = run.reporter.stage("Answering questions", len(questions))
    ahead = [
        q
        for question, s in zip(questions, stored, strict=True)
        for q in answerer.searches_ahead(question, s)
    ]
    try:
        with index.searching_ahead(ahead):
            results = (executor or executor_for(run.config.jobs)).map(
                answerer.answer, questions, advance
            )
    except BaseException:  # Ctrl-C or a failed answer: keep what was embedded, if we can
        with contextlib.suppress(BuildError):  # the answers' own failure is the one to tell
            keep_vectors(run, queries, index)
        raise
    embedded = keep_vectors(run, queries, index)
    run.ledger.stage(
        "answer",
        time.perf_counter() - start,
        reused=run.ledger.reused(),
        recomputed=run.ledger.recomputed(),
        sentences_embedded=embedded.sentences,
        passages_embedded=embedded.passages,
        **_embedding_share(run.embedder, before),
    )
    audit = answerer.audit  # part of "answer" above: how much of it re-verifying took
    run.ledger.stage("reverify", audit.seconds, quotes=audit.quotes, answers=audit.answers)
    lookups = {q.question_id: lookup for q, (_, lookup) in zip(questions, results, strict=True)}
    return Answered(answerer.engine.name, tuple(answer for answer, _ in results), lookups)


def keep_vectors(run: Run, queries: VectorStore, index: HybridIndex) -> Embedded:
    """Keep the vectors answering embedded for the next build (queries, sentences of
    the passages research read, passages searches surfaced); how many it embedded."""
    try:
        queries.keep(index.known_queries())
        return index.keep_embedded()
    except OSError as error:
        raise BuildError(f"{run.cache_dir}: cannot write the vector cache ({error})") from error


@dataclass(frozen=True)
class Answerer:
    """Answers one question (the executor maps ``answer`` over the questionnaire)."""

    run: Run
    engine: Engine
    context: ComposeContext
    cache: AnswerCache
    engine_key: str  # the cache key's view of the engine and its settings
    evidence: EvidenceView
    documents: Mapping[str, Document]
    index: HybridIndex
    kept: KeptPdfText | None = None  # checks the text of PDFs read from the cache
    audit: QuoteAudit = dataclasses.field(default_factory=lambda: QuoteAudit())

    @classmethod
    def of(
        cls,
        run: Run,
        corpus: Corpus,
        index: HybridIndex,
        authority: Authority,
        engine: Engine,
        kept: KeptPdfText | None = None,
    ) -> Answerer:
        context = ComposeContext(
            chunk_of=index.find,
            titles={doc.path: doc.title for doc in corpus.documents},
            verifier=QuoteVerifier(),  # one per build: each cited chunk is folded once
            siblings=index.passages_of,
            definitions=index.definitions_of,
        )
        config = run.config
        evidence = EvidenceView(index, corpus, authority, config.research.hits_per_search)
        documents = {doc.path: doc for doc in corpus.documents}
        engine_key = canonical_key(config.fingerprint(len(index.chunks)))
        cache = AnswerCache(run.cache_dir)
        return cls(run, engine, context, cache, engine_key, evidence, documents, index, kept)

    def answer(self, question: Question) -> tuple[Answer, Lookup]:
        """The stored answer when its brief and evidence are unchanged, else a new
        one; either way dated as of this build (freshness follows the build's date)
        and its quotes' unfilled template placeholders noted."""
        start = time.perf_counter()
        brief = make_brief(question)
        lookup = self.cache.find(
            question.question_id,
            brief.normalised,
            self.engine_key,
            self.evidence.of_queries,
            self.evidence.present,
        )
        if lookup.answer is not None and (problems := self._audit(lookup.answer, reused=True)):
            lookup, discarded = self.cache.reject(lookup, problems)
            self.run.ledger.discarded([discarded])
        made = None
        if lookup.answer is not None:
            differ, made = self._answers_otherwise(lookup.answer, question, brief)
            if differ:
                lookup = Lookup(False, answered_otherwise(differ))
        failed: list[str] = []
        if lookup.answer is not None:
            answer, calls = lookup.answer, 0
        else:
            answer, evidence = self._compute(question, brief, start, made)
            calls, failed = evidence.model_calls, failed_model_calls(evidence)
        seconds = time.perf_counter() - start
        self.run.ledger.question(question.question_id, lookup, seconds, calls, failed)
        self.run.checkpoint("answer")
        current = dataclasses.replace(
            answer,
            question_id=question.question_id,
            question=question.question,
            fields=question.fields,
        )
        return self.dated(current), lookup

    def dated(self, answer: Answer) -> Answer:
        """Each citation dated as of this build (freshness follows the build's date),
        and its quotes' unfilled template placeholders noted."""
        config = self.run.config
        dated = date_answer(
            answer, self.documents, self.index.find, self.run.started.date(), config.freshness
        )
        return mark_placeholders(dated, self.documents)

    def planned_queries(self, questions: Sequence[Question]) -> list[str]:
        """The texts the engine's research embeds for these questions whatever it
        finds, each once."""
        planned = (self.engine.planned_queries(make_brief(q)) for q in questions)
        return list(dict.fromkeys(text for texts in planned for text in texts))

    def searches_ahead(self, question: Question, stored: AnswerInputs | None) -> Sequence[str]:
        """The searches answering the question runs first: a stored answer's, which
        checking it runs again when its question, engine and tool are unchanged,
        else the engine's first round."""
        brief = make_brief(question)
        if stored is not None:
            now = AnswerInputs(brief.normalised, stored.evidence, self.engine_key)
            if key_change(stored, now) is None:
                return list(dict.fromkeys(stored.queries()))
        return list(dict.fromkeys(self.engine.planned_searches(brief)))

    def _answers_otherwise(
        self, stored: Answer, question: Question, brief: Brief
    ) -> tuple[list[str], tuple[Answer, Evidence] | None]:
        """For a deterministic engine, what differs between a stored answer and the
        one it gives now for the same brief and evidence (its fields' names; nothing
        for another engine), with the answer made now, for use when they differ.
        Research costs milliseconds offline, so nothing of a stored answer (its
        verdict, checks, searches, dropped statements) is taken on trust; a
        difference is an edited entry, or the corpus around the evidence (its term
        statistics) having moved: either way the answer is made again."""
        if not self.engine.deterministic:
            return [], None
        made = self._answered(question, brief)
        again, kept = _as_stored(made[0]), _as_stored(stored)
        return sorted(k for k in again.keys() | kept.keys() if again.get(k) != kept.get(k)), made

    def _answered(self, question: Question, brief: Brief) -> tuple[Answer, Evidence]:
        """Research and compose (repairing within bounds), nothing written."""
        entailer = self.engine.entailer()  # the critic's model pass; None offline
        composing = dataclasses.replace(self.context, entail=entailer)
        compose = partial(compose_answer, question, context=composing)
        answer, evidence = answer_question(
            brief, self.engine.research, compose, self.engine.repair_rounds
        )
        if entailer is not None:
            evidence = dataclasses.replace(
                evidence,
                steps=evidence.steps + tuple(entailer.steps),
                model_calls=evidence.model_calls + entailer.calls,
            )
        return answer, evidence

    def _compute(
        self,
        question: Question,
        brief: Brief,
        start: float,
        made: tuple[Answer, Evidence] | None = None,
    ) -> tuple[Answer, Evidence]:
        """Research, compose and check (repairing within bounds), unless ``made``
        already holds the result; trace and store the answer. Returns it with its
        evidence (the model calls it took among it)."""
        answer, evidence = made or self._answered(question, brief)
        seconds = {"answer": round(time.perf_counter() - start, 4)}
        problems = self._audit(answer, reused=False)
        if problems:  # the verifier made these quotes: failing here is a bug, never shown
            raise BuildError(f"{question.question_id}: the answer failed its check: {problems[0]}")
        write_trace(self.run.out, answer, evidence, seconds)
        if not evidence.model_failed:  # a failed model call is tried again next build
            searched = self.evidence.of_searches(answer.searches)
            inputs = AnswerInputs(brief.normalised, searched, self.engine_key)
            self.cache.store(question.question_id, inputs, answer)
        return answer, evidence

    def _audit(self, answer: Answer, *, reused: bool) -> list[str]:
        """Every quote checked against its document's text in this build (and, for
        an answer from the cache, the critic's claim checks run again); timed and
        counted for the run ledger."""
        start = time.perf_counter()
        titles = self.context.titles
        problems = answer_problems(answer, self.documents, self.index.find, titles, reused=reused)
        quotes = [q for claim in answer.claims for q in claim.quotes]
        kept = self.kept
        for quote in quotes if kept is not None else ():
            stale = kept.problem(quote.document, quote.start, quote.end) if kept else None
            if stale is not None:  # the corpus itself was read wrong: no answer can stand
                raise BuildError(f"{stale}: build again to extract it afresh")
        self.audit.record(len(quotes), time.perf_counter() - start)
        return problems


def _as_stored(answer: Answer) -> dict[str, Any]:
    """An answer as the cache keeps it, less what a build sets afresh (the question
    as the questionnaire words it now) and its related passages (scores of passages
    not quoted, never evidence, which move with the corpus; the integrity check
    holds them to passages this build has)."""
    row = answer_to_json(answer)
    dropped = ("question_id", "question", "fields", "related")
    return {k: v for k, v in row.items() if k not in dropped}


def answered_otherwise(fields: Sequence[str]) -> CacheReason:
    """Why a stored answer of a deterministic engine is made again: the engine's
    answer now differs from it."""
    return CacheReason(
        "evidence changed",
        f"evidence changed: the engine answers otherwise now (its {', '.join(fields)} differ)",
    )


class QuoteAudit:
    """How many quotes the final check re-verified in this build, and how long it took."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.quotes = 0
        self.answers = 0
        self.seconds = 0.0

    def record(self, quotes: int, seconds: float) -> None:
        with self._lock:
            self.quotes += quotes
            self.answers += 1
            self.seconds += seconds


def recall_library(
    run: Run,
    answered: Answered,
    library: Library | None,
    answerer: Answerer,
    authority: Authority,
) -> Answered:
    """4b. A question the answer library has answered before starts from that answer,
    its quotes verified again against today's documents (else the entry is shown
    lapsed, and why); the library's rejections and hints are shown beside answers.
    Answers whose own review decision holds are left as they are."""
    if library is None:
        return answered
    start, before = time.perf_counter(), run.embedder.reading()
    earlier = earlier_review(run.out, answered.answers, list(answerer.documents.values()))
    index = answerer.index
    today = Today(answerer.documents, index.passages_of, authority, answerer.context.verifier)
    asks = VectorStore(run.cache_dir / "library", run.embedder)
    answers = tuple(
        answerer.dated(answer) if answer.library is not None else answer
        for answer in recall(answered.answers, library, today, asks.vectors, earlier)
    )
    run.ledger.stage(
        "library",
        time.perf_counter() - start,
        entries=len(library.entries),
        proposed=sum(a.library is not None for a in answers),
        lapsed=sum(n.kind == "lapsed" for a in answers for n in a.library_notes),
        **_embedding_share(run.embedder, before),
    )
    return dataclasses.replace(answered, answers=answers)


def assemble(
    run: Run,
    questionnaire: Questionnaire,
    corpus: Corpus,
    authority: Authority,
    answered: Answered,
    finished: dt.datetime,
) -> Dossier:
    """5. The record: how the build went, the corpus snapshot and the answers."""
    config, ledger = run.config, run.ledger
    questions = questionnaire.questions
    info = BuildInfo(
        started_at=utc_iso(run.started),
        finished_at=utc_iso(finished),
        engine=answered.engine,
        questions=len(questions),
        reused=ledger.reused(),
        recomputed=ledger.recomputed(),
        documents=len(corpus.documents),
        documents_failed=corpus.failures,
        stage_seconds=ledger.stage_seconds(),
        questionnaire_notes=questionnaire.notes,
        corpus_notes=authority.notes,
        corpus=str(config.corpus),
        answer_cache=ledger.answer_cache([q.question_id for q in questions]),
        cache_discarded=ledger.discards(),
        instruction_passages=instruction_passages(corpus.chunks),
        model_calls=ledger.model_calls(),
        library=str(config.library) if config.library else "",
    )
    return Dossier(
        schema_version=SCHEMA_VERSION,
        build=info,
        documents=tuple(
            dataclasses.replace(
                d,
                document_class=document_class(d),
                dated=evidence_date(d, run.started.date()),
            )
            for d in corpus.documents
        ),
        answers=answered.answers,
        corpus_sha256=corpus_digest(corpus),
        questionnaire=str(config.questions.name),
        questionnaire_sha256=hashlib.sha256(config.questions.read_bytes()).hexdigest(),
        tool_version=__version__,
        paper=config.paper,
        workbook=_answered_workbook(config),
    )


def _answered_workbook(config: Config) -> AnsweredWorkbook | None:
    name = answered_name(config.questions)
    return AnsweredWorkbook(name, config.questionnaire) if name is not None else None


def carry_reviews(
    out: Path, dossier: Dossier, lookups: Mapping[str, Lookup], corpus: Corpus
) -> Carried:
    """6. Decisions of an earlier review carry over while what their reviewers
    judged is unchanged (a recomputed answer that comes out the same keeps its
    decision); the others lapse, each with its causes."""
    recomputed = [q for q, lookup in lookups.items() if not lookup.hit]
    return carry_decisions(out, dossier, corpus.chunks, recomputed)


def write_artefacts(run: Run, carried: Carried, corpus: Corpus) -> BuildResult:
    """7. The passages (to verify review edits against) and the artefacts; like make,
    nothing is rewritten when the dossier already there says the same. What the
    build did to the review and the signature goes into the record."""
    start = time.perf_counter()
    write_if_changed(run.out / PASSAGES_FILE, passages_json(corpus.chunks))
    found = standing(carried.dossier, run.out)
    restored = _restored(found, run.out)
    unchanged = found if found is not None and (not found.altered or restored) else None
    if unchanged is not None:  # the artefacts (and any signature) stand
        save_decisions(run.out, carried)
        dossier, paths = unchanged.dossier, unchanged.paths
        if dossier.workbook is not None:  # sign writes the answers into it again
            keep_source(run.config.questions, run.out)
        changes = ReviewChanges(next_steps=next_steps(dossier, run.out))
    else:
        changes = review_changes(run, carried, found.altered if found is not None else ())
        dossier = dataclasses.replace(
            carried.dossier,
            build=dataclasses.replace(carried.dossier.build, review_changes=changes),
        )
        paths = write_outputs(
            dossier,
            run.out,
            run.config.questions,
            before_writing=partial(save_decisions, run.out, carried),
        )
    run.checkpoint("render")
    run.ledger.stage("render", time.perf_counter() - start, up_to_date=unchanged is not None)
    return BuildResult(
        dossier,
        paths,
        up_to_date=unchanged is not None,
        changes=changes,
        discarded=run.ledger.discards(),
        restored=restored,
    )


def _restored(found: Standing | None, out: Path) -> tuple[str, ...]:
    """The artefacts edited since they were written that were written again, from
    the record this build would write, as they were (see ``history.restore``)."""
    if found is None or not found.altered or not restore(found, out):
        return ()
    return found.altered


def review_changes(run: Run, carried: Carried, altered: Sequence[str] = ()) -> ReviewChanges:
    """What writing this build's dossier does to the review and the signature:
    the decisions that lapsed, the artefacts that no longer had the bytes their
    manifest lists (``altered``), the signature files it removes and why, and the
    commands to run next (the artefacts about to be written, none signed)."""
    removed = tuple(name for name in SIGNATURE_FILES if (run.out / name).exists())
    why = []
    if altered:
        why.append(f"{' and '.join(altered)} differed from the manifest")
    if run.ledger.recomputed():
        why.append(f"{counted(run.ledger.recomputed(), 'answer')} recomputed")
    if carried.lapsed:
        why.append(f"{counted(len(carried.lapsed), 'review decision')} lapsed")
    reason = (
        f"the dossier was written again ({', '.join(why) or 'its record changed'}); "
        "a signature covers only the files it signed"
    )
    return ReviewChanges(
        lapsed=carried.lapsed,
        held_recomputed=carried.held_recomputed,
        signature_removed=removed,
        signature_reason=reason if removed else "",
        next_steps=next_steps(carried.dossier, run.out, signed=False, laid_out=True),
    )


def failed_model_calls(evidence: Evidence) -> list[str]:
    """Why each of the answer's model calls that failed did ("plan: cannot reach ...")."""
    return [s.error or "" for s in evidence.steps if isinstance(s, ModelStep) and not s.ok]


def model_trouble(run: Run, model: LanguageModel | None) -> ModelTrouble | None:
    """The model calls of this build that failed, if any did, and the server asked."""
    failed, first = run.ledger.model_failures()
    if not failed:
        return None
    server = model.base_url if isinstance(model, OpenAIModel) else "the language model"
    return ModelTrouble(server, failed, run.ledger.model_calls(), first)


def record_run(run: Run, result: BuildResult) -> None:
    """8. The run ledger, and this build's dossier in the history."""
    name = ledger_name(run.started, run.out)
    run.ledger.write(run.out, name)
    data = result.paths["dossier.json"].read_bytes()
    record_history(run.out, data, result.dossier, name)


def interrupted(run: Run, questions: int) -> BuildInterrupted:
    """Ctrl-C: the ledger says how far the build got; the answers made are kept."""
    done = run.ledger.reused() + run.ledger.recomputed()
    run.ledger.stage("interrupted", 0.0, answers_kept=done)
    run.ledger.write(run.out, ledger_name(run.started, run.out))
    return BuildInterrupted(
        f"{done} of {questions} answers are kept in {run.cache_dir}; the next build reuses them"
    )
