"""The build, top to bottom: questions, corpus, index, answers, outputs."""

from __future__ import annotations

import dataclasses
import datetime as dt
import gc
import hashlib
import os
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, Protocol

from dossier import __version__
from dossier.common.atomic import write_atomic, write_if_changed
from dossier.common.canonical import canonical_key
from dossier.common.clock import Clock, utc_iso, utc_now
from dossier.config import Config
from dossier.errors import CorpusError
from dossier.evidence.compose import ComposeContext, answer_prose, compose_answer
from dossier.evidence.freshness import date_answer
from dossier.evidence.verify import QuoteVerifier
from dossier.incremental.cache import (
    AnswerCache,
    DocumentCache,
    answer_with_cache,
    corpus_changes,
    evidence_view,
    is_evidence_change,
    previous_listing,
)
from dossier.incremental.executor import Executor, executor_for
from dossier.incremental.history import record_history, up_to_date
from dossier.incremental.ledger import LEDGER_DIR, RunLedger
from dossier.index.embed import Embedder, MeteredEmbedder
from dossier.index.hybrid import HybridIndex, update_index
from dossier.index.vectors import VectorStore
from dossier.ingest.authority import Authority
from dossier.ingest.files import corpus_digest, scan_corpus
from dossier.ingest.questionnaire import read_questionnaire
from dossier.output.render import write_outputs
from dossier.output.trace import write_trace
from dossier.output.workbook import answered_name
from dossier.records import (
    Answer,
    AnsweredWorkbook,
    Brief,
    BuildInfo,
    Chunk,
    Corpus,
    Dossier,
    Evidence,
    Question,
    Search,
)
from dossier.research.acceptance import answer_question
from dossier.research.brief import make_brief
from dossier.research.llm import LanguageModel, OpenAIModel
from dossier.research.model import Checks, ModelEngine
from dossier.research.offline import OfflineEngine
from dossier.review.decisions import (
    DECISIONS_FILE,
    PASSAGES_FILE,
    apply_decisions,
    decisions_json,
    lapse,
    load_decisions,
    passages_json,
)

SCHEMA_VERSION = "1.0"
Checkpoint = Callable[[str], None]  # a named point of the build (see build())


def no_checkpoint(stage: str) -> None:
    """The build's checkpoints do nothing, unless a test injects one that stops the process."""


class Reporter(Protocol):
    """Where progress goes: a terminal bar, or nowhere in tests."""

    def stage(self, name: str, total: int) -> Callable[[int], None]: ...


class Engine(Protocol):
    name: str

    def research(self, brief: Brief) -> Evidence: ...


class SilentReporter:
    def stage(self, name: str, total: int) -> Callable[[int], None]:
        return lambda advance: None


@dataclass
class StageTimer:
    seconds: dict[str, float] = field(default_factory=dict)

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        start = time.perf_counter()
        yield
        self.seconds[name] = round(self.seconds.get(name, 0.0) + time.perf_counter() - start, 3)


@dataclass(frozen=True)
class BuildResult:
    dossier: Dossier
    paths: dict[str, Path]
    up_to_date: bool = False  # nothing changed: the artefacts already there were kept


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
) -> BuildResult:
    """Build incrementally: every stage reuses what the cache holds for its
    unchanged inputs (see ``cache``) and records hits, misses and why in the
    run ledger. Ctrl-C stops it; answers already made stay in the cache. With
    engine "openai" and no ``model`` given, the model is the server named by
    ``OPENAI_BASE_URL`` in ``environ`` (default: os.environ). ``checkpoint`` is
    called with each stage's name as it ends ("ingest", "lexical", "index", then
    "answer" after each question, "render"): a test passes one that stops the
    process there, to show that the next build completes from what was kept."""
    reporter = reporter or SilentReporter()
    executor = executor or executor_for(config.jobs)
    ledger = RunLedger()
    started = clock()
    if config.engine == "openai" and model is None:
        model = OpenAIModel.from_environment(
            config.model, os.environ if environ is None else environ
        )
    # 1. The questionnaire first: a bad one fails fast, before any indexing.
    notes: list[str] = []
    questions = read_questionnaire(config.questions, config.questionnaire, notes)
    cache_dir = config.out / "cache"
    try:
        with long_lived_objects_left_alone():
            return _build(
                config,
                MeteredEmbedder(embedder),
                reporter,
                clock,
                executor,
                ledger,
                started,
                questions,
                notes,
                model,
                checkpoint,
            )
    except KeyboardInterrupt:
        done = ledger.reused() + ledger.recomputed()
        ledger.stage("interrupted", 0.0, answers_kept=done)
        ledger.write(config.out, _ledger_name(started, config.out))
        raise BuildInterrupted(
            f"{done} of {len(questions)} answers are kept in {cache_dir}; "
            "the next build reuses them"
        ) from None


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


class BuildInterrupted(KeyboardInterrupt):
    """Ctrl-C during a build; the message says what was kept."""


def _build(
    config: Config,
    embedder: MeteredEmbedder,
    reporter: Reporter,
    clock: Clock,
    executor: Executor,
    ledger: RunLedger,
    started: dt.datetime,
    questions: list[Question],
    notes: list[str],
    model: LanguageModel | None,
    checkpoint: Checkpoint,
) -> BuildResult:
    cache_dir = config.out / "cache"
    # 2. Read and cut the corpus; unchanged documents come from the cache.
    start = time.perf_counter()
    previous = previous_listing(config.out)
    corpus, read = DocumentCache(cache_dir).ingest(
        scan_corpus(config.corpus, leave_out=config.out), config.chunking
    )
    if not corpus.documents:
        raise CorpusError(f"{config.corpus}: no document could be read: {_reasons(corpus)}")
    changes = corpus_changes(previous, {d.path: d.sha256 for d in corpus.documents}, read)
    ledger.stage(
        "ingest",
        time.perf_counter() - start,
        documents=len(corpus.documents),
        read=list(changes.read),
        added=list(changes.added),
        changed=list(changes.changed),
        removed=list(changes.removed),
    )
    checkpoint("ingest")
    # 3. Bring the persistent hybrid index up to date with this corpus.
    start = time.perf_counter()
    progress = reporter.stage("Indexing passages", len(corpus.chunks))
    index, update = update_index(
        corpus, embedder, cache_dir, config.retrieval, progress, checkpoint, reporter.stage
    )
    ledger.stage(
        "index",
        time.perf_counter() - start,
        **dataclasses.asdict(update),
        **_embedding_share(embedder, (0.0, 0)),
    )
    checkpoint("index")
    gc.freeze()  # the index and the model (loaded by now when anything was embedded) stay
    # 4. Each answer: reused when its brief and retrieved evidence are unchanged,
    #    else researched, verified and composed.
    titles = {doc.path: doc.title for doc in corpus.documents}
    authority = Authority.of(corpus, today=started.date())
    engine: Engine = OfflineEngine(index, authority, titles, config.research)
    if model is not None and config.engine == "openai":
        checks = Checks(
            verifier=QuoteVerifier,
            prose=partial(answer_prose, context=ComposeContext(_lookup(index), titles)),
        )
        engine = ModelEngine(index, authority, titles, config.research, model, config.model, checks)
    context = ComposeContext(
        chunk_of=_lookup(index),
        titles=titles,
        verifier=QuoteVerifier(),  # one per build: each cited chunk is folded once
        siblings=_siblings(index),
    )
    documents = {doc.path: doc for doc in corpus.documents}
    answers_cache = AnswerCache(cache_dir)
    engine_key = canonical_key(config.fingerprint())
    present = {d.path for d in corpus.documents}
    chunk_of = _lookup(index)

    def view(searches: Sequence[Search]) -> dict[str, Any]:
        return evidence_view(searches, chunk_of, corpus, authority)

    def search(query: str) -> Search:
        return Search(query, tuple(index.search(query, config.research.hits_per_search)))

    def answer(question: Question) -> Answer:
        start = time.perf_counter()
        brief = make_brief(question)
        calls: list[int] = []

        def compute() -> Answer:
            # the critic's model pass, for the model engine only
            entailer = engine.entailer() if isinstance(engine, ModelEngine) else None
            composing = dataclasses.replace(context, entail=entailer)
            result, evidence = answer_question(
                brief,
                engine.research,
                lambda evidence: compose_answer(question, evidence, composing),
                # a model engine runs its own acceptance check and repairs
                config.research.max_repairs if config.engine == "offline" else 0,
            )
            seconds = {"answer": round(time.perf_counter() - start, 4)}
            if entailer is not None:
                evidence = dataclasses.replace(
                    evidence,
                    steps=evidence.steps + tuple(entailer.steps),
                    model_calls=evidence.model_calls + entailer.calls,
                )
            write_trace(config.out, result, evidence, seconds)
            calls.append(evidence.model_calls)
            return result

        result, lookup = answer_with_cache(
            answers_cache,
            question.question_id,
            brief.normalised,
            engine_key,
            search=search,
            view=view,
            compute=compute,
            present=present,
        )
        ledger.question(question.question_id, lookup, time.perf_counter() - start, sum(calls))
        checkpoint("answer")
        current = dataclasses.replace(
            result,
            question_id=question.question_id,
            question=question.question,
            fields=question.fields,
        )
        # freshness is judged as of this build's date, so after the cache, on both paths
        return date_answer(current, documents, chunk_of, started.date(), config.freshness)

    start = time.perf_counter()
    before_answering = embedder.reading()
    # Query vectors of earlier builds: re-running a stored answer's searches to
    # check its evidence then costs no model call.
    queries = VectorStore(cache_dir / "queries", embedder)
    stored = [answers_cache.previous(q.question_id) for q in questions]
    index.remember_queries(queries.known([q for s in stored if s for q in s.queries()]))
    advance = reporter.stage("Answering questions", len(questions))
    try:
        answers = executor.map(answer, questions, advance)
    finally:
        queries.keep(index.known_queries())
    ledger.stage(
        "answer",
        time.perf_counter() - start,
        reused=ledger.reused(),
        recomputed=ledger.recomputed(),
        **_embedding_share(embedder, before_answering),
    )
    # 5. Assemble the record and write the artefacts.
    dossier = _assemble(
        config, clock, started, questions, notes, corpus, authority, engine.name, answers, ledger
    )
    # 6. Decisions of an earlier review carry over to answers that did not change;
    #    an answer whose decision no longer holds says why.
    misses = [e for e in ledger.questions() if e["cache"] == "miss"]
    why = {e["question_id"]: e["why"] for e in misses}
    moved = frozenset(e["question_id"] for e in misses if is_evidence_change(e["why"]))
    decisions = load_decisions(config.out)
    kept = lapse(decisions, moved, why)
    if kept != decisions:  # kept for the record: a lapsed approval never comes back by itself
        write_atomic(config.out / DECISIONS_FILE, decisions_json(kept))
    dossier = apply_decisions(dossier, kept, why)
    start = time.perf_counter()
    write_if_changed(config.out / PASSAGES_FILE, passages_json(corpus.chunks))
    unchanged = up_to_date(dossier, config.out)
    if unchanged is not None:  # like make: nothing to redo, the artefacts (and any signature) stand
        dossier, paths = unchanged
    else:
        paths = write_outputs(dossier, config.out, config.questions)
    checkpoint("render")
    ledger.stage("render", time.perf_counter() - start, up_to_date=unchanged is not None)
    name = _ledger_name(started, config.out)
    ledger.write(config.out, name)
    record_history(config.out, paths["dossier.json"].read_bytes(), dossier, name)
    return BuildResult(dossier, paths, up_to_date=unchanged is not None)


def _reasons(corpus: Corpus, shown: int = 3) -> str:
    failures = corpus.failures
    listed = "; ".join(f"{f.path}: {f.reason}" for f in failures[:shown])
    return listed + (f"; and {len(failures) - shown} more" if len(failures) > shown else "")


def _assemble(
    config: Config,
    clock: Clock,
    started: dt.datetime,
    questions: list[Question],
    notes: list[str],
    corpus: Corpus,
    authority: Authority,
    engine: str,
    answers: list[Answer],
    ledger: RunLedger,
) -> Dossier:
    info = BuildInfo(
        started_at=utc_iso(started),
        finished_at=utc_iso(clock()),
        engine=engine,
        questions=len(questions),
        reused=ledger.reused(),
        recomputed=ledger.recomputed(),
        documents=len(corpus.documents),
        documents_failed=corpus.failures,
        stage_seconds=ledger.stage_seconds(),
        questionnaire_notes=tuple(notes),
        corpus_notes=authority.notes,
        corpus=str(config.corpus),
        answer_cache=ledger.answer_cache([q.question_id for q in questions]),
        model_calls=ledger.model_calls(),
    )
    return Dossier(
        schema_version=SCHEMA_VERSION,
        build=info,
        documents=corpus.documents,
        answers=tuple(answers),
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


def _embedding_share(embedder: MeteredEmbedder, since: tuple[float, int]) -> dict[str, Any]:
    """How much of a stage was spent embedding (passages, queries, sentences)."""
    seconds, texts = embedder.reading()
    return {"embedding_seconds": round(seconds - since[0], 3), "embedded_texts": texts - since[1]}


def _ledger_name(started: dt.datetime, out: Path) -> str:
    """The build's start and process, and a count where one process started two
    builds in one second (the output folder's lock keeps other processes out)."""
    name = f"{started.astimezone(dt.UTC):%Y%m%dT%H%M%SZ}-{os.getpid()}"
    taken = {path.stem for path in (out / LEDGER_DIR).glob(f"{name}*.jsonl")}
    candidate, count = name, 1
    while candidate in taken:
        count += 1
        candidate = f"{name}-{count}"
    return candidate


def _siblings(index: HybridIndex) -> Callable[[str], tuple[Chunk, ...]]:
    """The passages of each document, for re-attributing a quote within it."""
    by_document: dict[str, list[Chunk]] = {}
    for chunk in index.chunks:
        by_document.setdefault(chunk.document, []).append(chunk)
    frozen = {path: tuple(chunks) for path, chunks in by_document.items()}
    return lambda document: frozen.get(document, ())


def _lookup(index: HybridIndex) -> Callable[[str], Chunk | None]:
    def chunk_of(chunk_id: str) -> Chunk | None:
        try:
            return index.chunk(chunk_id)
        except KeyError:
            return None

    return chunk_of
