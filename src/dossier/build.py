"""The build, top to bottom: questions, corpus, index, answers, outputs."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import os
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ThreadPoolExecutor, as_completed
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from dossier import __version__
from dossier.acceptance import answer_question
from dossier.atomic import write_atomic
from dossier.authority import Authority
from dossier.brief import Brief, make_brief
from dossier.compose import ComposeContext, compose_answer
from dossier.config import Config
from dossier.embed import Embedder
from dossier.engine import Evidence, OfflineEngine
from dossier.freshness import date_answer
from dossier.index import HybridIndex, open_index
from dossier.ingest import corpus_digest, ingest, scan_corpus
from dossier.llm import LanguageModel, OpenAIModel
from dossier.model_engine import ModelEngine
from dossier.questionnaire import read_questionnaire
from dossier.records import Answer, BuildInfo, Chunk, Dossier, Question
from dossier.render import write_outputs
from dossier.review import PASSAGES_FILE, apply_decisions, load_decisions, passages_json
from dossier.trace import write_trace
from dossier.verify import QuoteVerifier
from dossier.workbook import write_answered

SCHEMA_VERSION = "1.0"
Clock = Callable[[], dt.datetime]


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


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def build(
    config: Config,
    *,
    embedder: Embedder,
    reporter: Reporter | None = None,
    clock: Clock = utc_now,
    model: LanguageModel | None = None,
    environ: Mapping[str, str] | None = None,
) -> BuildResult:
    """Build the dossier. With engine "openai" and no ``model`` given, the model is
    the server named by ``OPENAI_BASE_URL`` in ``environ`` (default: os.environ)."""
    reporter = reporter or SilentReporter()
    timer = StageTimer()
    started = clock()
    if config.engine == "openai" and model is None:
        model = OpenAIModel.from_environment(
            config.model, os.environ if environ is None else environ
        )
    # 1. The questionnaire first: a bad one fails fast, before any indexing.
    notes: list[str] = []
    questions = read_questionnaire(config.questions, config.questionnaire, notes)
    # 2. Read and cut the corpus; unreadable documents are recorded, not fatal.
    with timer.stage("ingest"):
        corpus = ingest(scan_corpus(config.corpus), config.chunking)
    # 3. Open (or build) the hybrid index under the output's cache folder.
    with timer.stage("index"):
        progress = reporter.stage("Indexing passages", len(corpus.chunks))
        index = open_index(corpus, embedder, config.out / "cache", config.retrieval, progress)
    # 4. Research, verify and compose each answer.
    titles = {doc.path: doc.title for doc in corpus.documents}
    engine: Engine = OfflineEngine(index, Authority.of(corpus), titles, config.research)
    if model is not None and config.engine == "openai":
        engine = ModelEngine(
            index, Authority.of(corpus), titles, config.research, model, config.model
        )
    model_calls: list[int] = []  # one count per question; list.append is thread-safe
    context = ComposeContext(
        chunk_of=_lookup(index),
        titles=titles,
        verifier=QuoteVerifier(),  # one per build: each cited chunk is folded once
        siblings=_siblings(index),
    )
    documents = {doc.path: doc for doc in corpus.documents}
    with timer.stage("answer"):
        advance = reporter.stage("Answering questions", len(questions))

        def answer(question: Question) -> Answer:
            start = time.perf_counter()
            # the critic's model pass, for the model engine only
            entailer = engine.entailer() if isinstance(engine, ModelEngine) else None
            composing = dataclasses.replace(context, entail=entailer)
            result, evidence = answer_question(
                make_brief(question),
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
            model_calls.append(evidence.model_calls)
            return date_answer(
                result, documents, context.chunk_of, started.date(), config.freshness
            )

        answers = _map_in_order(answer, questions, config.jobs, advance)
    # 5. Assemble the record and write the artefacts.
    info = BuildInfo(
        started_at=_iso(started),
        finished_at=_iso(clock()),
        engine=engine.name,
        questions=len(questions),
        reused=0,
        recomputed=len(answers),
        documents=len(corpus.documents),
        documents_failed=corpus.failures,
        stage_seconds=timer.seconds,
        questionnaire_notes=tuple(notes),
        corpus=str(config.corpus),
        model_calls=sum(model_calls),
    )
    dossier = Dossier(
        schema_version=SCHEMA_VERSION,
        build=info,
        documents=corpus.documents,
        answers=tuple(answers),
        corpus_sha256=corpus_digest(corpus),
        questionnaire=str(config.questions.name),
        questionnaire_sha256=hashlib.sha256(config.questions.read_bytes()).hexdigest(),
        tool_version=__version__,
        paper=config.paper,
    )
    # 6. Decisions of an earlier review carry over to answers that did not change.
    dossier = apply_decisions(dossier, load_decisions(config.out))
    with timer.stage("render"):
        write_atomic(config.out / PASSAGES_FILE, passages_json(corpus.chunks))
        paths = write_outputs(dossier, config.out)
        if config.questions.suffix.lower() in (".xlsx", ".xlsm"):
            answered = write_answered(
                config.questions, dossier.answers, config.out, config.questionnaire
            )
            paths[answered.name] = answered
    return BuildResult(dossier, paths)


def _map_in_order(
    work: Callable[[Question], Answer],
    questions: list[Question],
    jobs: int,
    advance: Callable[[int], None],
) -> list[Answer]:
    """Answer in threads (the index and engine are read-only while answering);
    results keep the questionnaire's order, so the output does not depend on jobs."""
    if jobs == 1:
        answers = []
        for question in questions:
            answers.append(work(question))
            advance(1)
        return answers
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(work, q) for q in questions]
        for _ in as_completed(futures):
            advance(1)
        return [future.result() for future in futures]


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


def utc_iso(moment: dt.datetime | None = None) -> str:
    return _iso(moment or utc_now())


def _iso(moment: dt.datetime) -> str:
    return moment.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
