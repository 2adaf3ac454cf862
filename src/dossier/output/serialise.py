"""The record as JSON and back: ``dossier.json`` (the contract), and each answer as the
cache stores it. ``from_json`` is the inverse of ``to_json``."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from dossier.errors import InputError
from dossier.records import (
    Acceptance,
    Answer,
    AnsweredWorkbook,
    BuildInfo,
    CacheDiscard,
    Calculation,
    Claim,
    ColumnSettings,
    DiscardedQuote,
    Document,
    DocumentFailure,
    Dossier,
    DroppedClaim,
    Finding,
    Freshness,
    Hit,
    InstructionPassage,
    LapseCause,
    LapsedDecision,
    LibraryNote,
    LibraryUse,
    Quote,
    Reattribution,
    RelatedPassage,
    Review,
    ReviewChanges,
    Search,
    Validation,
)


def to_json(dossier: Dossier) -> dict[str, Any]:
    build = dossier.build
    return {
        "schema_version": dossier.schema_version,
        "tool_version": dossier.tool_version,
        "build": {
            "started_at": build.started_at,
            "finished_at": build.finished_at,
            "engine": build.engine,
            "questions": build.questions,
            "reused": build.reused,
            "recomputed": build.recomputed,
            "documents": build.documents,
            "documents_failed": [
                {"path": f.path, "reason": f.reason} for f in build.documents_failed
            ],
            "stage_seconds": build.stage_seconds,
            "questionnaire_notes": list(build.questionnaire_notes),
            "corpus_notes": list(build.corpus_notes),
            "corpus": build.corpus,
            "answer_cache": build.answer_cache,
            "review_changes": _review_changes_json(build.review_changes),
            "cache_discarded": [_plain(d) for d in build.cache_discarded],
            "instruction_passages": [_plain(p) for p in build.instruction_passages],
            **({"model_calls": build.model_calls} if build.engine != "offline" else {}),
            **({"library": build.library} if build.library else {}),
        },
        "corpus_sha256": dossier.corpus_sha256,
        "questionnaire": {"file": dossier.questionnaire, "sha256": dossier.questionnaire_sha256},
        "render": {"paper": dossier.paper, **_workbook_json(dossier.workbook)},
        "documents": [
            {
                "path": d.path,
                "title": d.title,
                "sha256": d.sha256,
                "text_sha256": d.text_sha256,
                "effective_date": d.effective_date,
                "dated": d.dated,
                "status": d.status,
                "supersedes": list(d.supersedes),
                "class": d.document_class,
            }
            for d in dossier.documents
        ],
        "answers": [answer_to_json(a) for a in dossier.answers],
    }


def _review_changes_json(changes: ReviewChanges) -> dict[str, Any]:
    return {
        "lapsed": [_plain(lapsed) for lapsed in changes.lapsed],
        "held_recomputed": list(changes.held_recomputed),
        "signature_removed": list(changes.signature_removed),
        "signature_reason": changes.signature_reason,
        "next_steps": list(changes.next_steps),
    }


def _review_changes(data: dict[str, Any] | None) -> ReviewChanges:
    if not data:
        return ReviewChanges()
    return ReviewChanges(
        lapsed=tuple(
            LapsedDecision(
                row["question_id"],
                row["status"],
                row["reviewer"],
                row["at"],
                tuple(LapseCause(c) for c in row["causes"]),
                row["message"],
            )
            for row in data.get("lapsed", [])
        ),
        held_recomputed=tuple(data.get("held_recomputed", [])),
        signature_removed=tuple(data.get("signature_removed", [])),
        signature_reason=data.get("signature_reason", ""),
        next_steps=tuple(data.get("next_steps", [])),
    )


def _workbook_json(workbook: AnsweredWorkbook | None) -> dict[str, Any]:
    if workbook is None:
        return {}
    return {"workbook": {"file": workbook.file, "columns": dataclasses.asdict(workbook.columns)}}


def _workbook_from_json(data: dict[str, Any] | None) -> AnsweredWorkbook | None:
    if data is None:
        return None
    return AnsweredWorkbook(data["file"], ColumnSettings(**data.get("columns", {})))


def answer_to_json(answer: Answer) -> dict[str, Any]:
    return {
        "question_id": answer.question_id,
        "question": answer.question,
        "fields": answer.fields,
        "verdict": answer.verdict,
        "short_answer": answer.short_answer,
        "answer": answer.answer,
        "claims": [_claim_json(claim) for claim in answer.claims],
        "discarded_quotes": [_plain(d) for d in answer.discarded_quotes],
        "missing_facts": list(answer.missing_facts),
        "searches": [_search_json(s) for s in answer.searches],
        "review": _plain(answer.review),
        "dropped_claims": [_plain(d) for d in answer.dropped_claims],
        "findings": [_plain(f) for f in answer.findings],
        "validation": _plain(answer.validation),
        "calculations": [_plain(c) for c in answer.calculations],
        "acceptance": _optional_dict(answer.acceptance),
        "disclosures": list(answer.disclosures),
        "reattributions": [_plain(r) for r in answer.reattributions],
        "related": [_plain(r) for r in answer.related],
        **_library_json(answer),
    }


def _library_json(answer: Answer) -> dict[str, Any]:
    """``library`` when the answer was proposed from the answer library, and
    ``library_notes`` when the library says something beside it; else neither."""
    shown: dict[str, Any] = {}
    if answer.library is not None:
        shown["library"] = _plain(answer.library)
    if answer.library_notes:
        shown["library_notes"] = [
            {**_plain(n), "quotes": [_plain(q) for q in n.quotes]} for n in answer.library_notes
        ]
    return shown


def _claim_json(claim: Claim) -> dict[str, Any]:
    """A claim and its quotes, each quote with its freshness (or null)."""
    return {
        "text": claim.text,
        "quotes": [_plain(q) for q in claim.quotes],
        "kind": claim.kind,
        "basis": claim.basis,
    }


def _search_json(search: Search) -> dict[str, Any]:
    return {
        "query": search.query,
        "hits": [
            {
                "chunk_id": h.chunk_id,
                "document": h.document,
                "score": h.score,
                "lexical_rank": h.lexical_rank,
                "dense_rank": h.dense_rank,
            }
            for h in search.hits
        ],
    }


def _optional_dict(record: Any) -> dict[str, Any] | None:
    return None if record is None else _plain(record)


def _plain(record: Any) -> dict[str, Any]:
    """A record as JSON values: tuples become lists, as they are in the file."""
    return {
        key: list(value) if isinstance(value, tuple) else value
        for key, value in dataclasses.asdict(record).items()
    }


def dossier_bytes(dossier: Dossier) -> bytes:
    """``dossier.json`` as written: the record, indented, and a newline."""
    return (json.dumps(to_json(dossier), indent=2, ensure_ascii=False) + "\n").encode()


def from_json(data: dict[str, Any]) -> Dossier:
    """The inverse of ``to_json``: the record back from ``dossier.json``."""
    documents = tuple(
        Document(
            path=d["path"],
            sha256=d["sha256"],
            text_sha256=d["text_sha256"],
            text="",  # the text is not stored in the dossier; documents are cited by hash
            title=d.get("title", d["path"]),
            metadata={},
            effective_date=d["effective_date"],
            status=d["status"],
            supersedes=tuple(d["supersedes"]),
            document_class=d.get("class"),
            dated=d.get("dated"),
        )
        for d in data["documents"]
    )
    return Dossier(
        schema_version=data["schema_version"],
        build=_build_from_json(data["build"]),
        documents=documents,
        answers=tuple(answer_from_json(a) for a in data["answers"]),
        corpus_sha256=data["corpus_sha256"],
        questionnaire=data["questionnaire"]["file"],
        questionnaire_sha256=data["questionnaire"]["sha256"],
        tool_version=data["tool_version"],
        paper=data.get("render", {}).get("paper", "A4"),
        workbook=_workbook_from_json(data.get("render", {}).get("workbook")),
    )


def _build_from_json(build: dict[str, Any]) -> BuildInfo:
    return BuildInfo(
        started_at=build["started_at"],
        finished_at=build["finished_at"],
        engine=build["engine"],
        questions=build["questions"],
        reused=build["reused"],
        recomputed=build["recomputed"],
        documents=build["documents"],
        documents_failed=tuple(
            DocumentFailure(f["path"], f["reason"]) for f in build["documents_failed"]
        ),
        stage_seconds=build.get("stage_seconds", {}),
        questionnaire_notes=tuple(build.get("questionnaire_notes", [])),
        corpus_notes=tuple(build.get("corpus_notes", [])),
        corpus=build.get("corpus", ""),
        answer_cache=dict(build.get("answer_cache", {})),
        cache_discarded=tuple(CacheDiscard(**d) for d in build.get("cache_discarded", [])),
        instruction_passages=tuple(
            InstructionPassage(**p) for p in build.get("instruction_passages", [])
        ),
        model_calls=build.get("model_calls", 0),
        library=build.get("library", ""),
        review_changes=_review_changes(build.get("review_changes")),
    )


def answer_from_json(a: dict[str, Any]) -> Answer:
    return Answer(
        question_id=a["question_id"],
        question=a["question"],
        verdict=a["verdict"],
        answer=a["answer"],
        claims=tuple(_claim_from_json(c) for c in a["claims"]),
        discarded_quotes=tuple(
            DiscardedQuote(d["text"], d["document"], d["chunk_id"], d["reason"])
            for d in a["discarded_quotes"]
        ),
        missing_facts=tuple(a["missing_facts"]),
        searches=tuple(_search_from_json(s) for s in a["searches"]),
        review=Review(
            a["review"]["status"],
            a["review"]["reviewer"],
            a["review"]["at"],
            a["review"].get("reason"),
        ),
        fields=dict(a.get("fields", {})),
        dropped_claims=tuple(DroppedClaim(**d) for d in a.get("dropped_claims", [])),
        findings=tuple(Finding(**f) for f in a.get("findings", [])),
        validation=Validation(**a.get("validation", {})),
        calculations=tuple(
            Calculation(c["operation"], tuple(c["operands"]), c["result"], c["expression"])
            for c in a.get("calculations", [])
        ),
        acceptance=_acceptance(a.get("acceptance")),
        disclosures=tuple(a.get("disclosures", [])),
        reattributions=tuple(Reattribution(**r) for r in a.get("reattributions", [])),
        short_answer=a.get("short_answer", ""),
        related=tuple(RelatedPassage(**r) for r in a.get("related", [])),
        library=LibraryUse(**a["library"]) if a.get("library") else None,
        library_notes=tuple(_note_from_json(n) for n in a.get("library_notes", [])),
    )


def _note_from_json(n: dict[str, Any]) -> LibraryNote:
    quotes = tuple(_quote_from_json(q) for q in n.get("quotes", []))
    return LibraryNote(**{**n, "quotes": quotes})


def _quote_from_json(q: dict[str, Any]) -> Quote:
    return Quote(
        q["text"],
        q["document"],
        q["chunk_id"],
        q["start"],
        q["end"],
        Freshness(**q["freshness"]) if q.get("freshness") else None,
        tuple(q.get("columns", ())),
    )


def _claim_from_json(c: dict[str, Any]) -> Claim:
    quotes = tuple(_quote_from_json(q) for q in c["quotes"])
    return Claim(c["text"], quotes, c.get("kind", "fact"), c.get("basis", ""))


def _search_from_json(s: dict[str, Any]) -> Search:
    hits = tuple(
        Hit(h["chunk_id"], h["score"], h["lexical_rank"], h["dense_rank"], h.get("document", ""))
        for h in s["hits"]
    )
    return Search(s["query"], hits)


def _acceptance(data: dict[str, Any] | None) -> Acceptance | None:
    if data is None:
        return None
    return Acceptance(data["verdict"], tuple(data["gaps"]), data["restated"], data["attempts"])


def read_dossier(out: Path) -> Dossier:
    path = out / "dossier.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return from_json(data)
    except FileNotFoundError:
        raise InputError(f"{path}: no dossier here (run 'dossier build' first)") from None
    except (json.JSONDecodeError, KeyError, TypeError) as error:
        raise InputError(f"{path}: not a dossier this version can read ({error})") from None
