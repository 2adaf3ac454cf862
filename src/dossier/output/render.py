"""Write the dossier's artefacts: JSON (the contract), Markdown, and the manifest."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
import json
import re
from pathlib import Path
from typing import Any

import jinja2
import markupsafe

from dossier.common.atomic import write_atomic
from dossier.errors import InputError
from dossier.output import pdf
from dossier.records import (
    Acceptance,
    Answer,
    AnsweredWorkbook,
    BuildInfo,
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
    Quote,
    Reattribution,
    Review,
    Search,
    Validation,
)

VERDICT_WORDS = {
    "grounded": "Answered from the documents",
    "unsupported": "Not answered: the documents do not cover this",
    "escalate": "Needs a person: conflicting or doubtful evidence",
}


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
            **({"model_calls": build.model_calls} if build.engine != "offline" else {}),
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
                "status": d.status,
                "supersedes": list(d.supersedes),
            }
            for d in dossier.documents
        ],
        "answers": [_answer_json(a) for a in dossier.answers],
    }


def _workbook_json(workbook: AnsweredWorkbook | None) -> dict[str, Any]:
    if workbook is None:
        return {}
    return {"workbook": {"file": workbook.file, "columns": dataclasses.asdict(workbook.columns)}}


def _workbook_from_json(data: dict[str, Any] | None) -> AnsweredWorkbook | None:
    if data is None:
        return None
    return AnsweredWorkbook(data["file"], ColumnSettings(**data.get("columns", {})))


def _answer_json(answer: Answer) -> dict[str, Any]:
    return {
        "question_id": answer.question_id,
        "question": answer.question,
        "fields": answer.fields,
        "verdict": answer.verdict,
        "answer": answer.answer,
        "claims": [
            {
                "text": claim.text,
                "quotes": [
                    {
                        "text": q.text,
                        "document": q.document,
                        "chunk_id": q.chunk_id,
                        "start": q.start,
                        "end": q.end,
                        "freshness": _optional_dict(q.freshness),
                    }
                    for q in claim.quotes
                ],
                "kind": claim.kind,
                "basis": claim.basis,
            }
            for claim in answer.claims
        ],
        "discarded_quotes": [
            {"text": d.text, "document": d.document, "chunk_id": d.chunk_id, "reason": d.reason}
            for d in answer.discarded_quotes
        ],
        "missing_facts": list(answer.missing_facts),
        "searches": [
            {
                "query": s.query,
                "hits": [
                    {
                        "chunk_id": h.chunk_id,
                        "document": h.document,
                        "score": h.score,
                        "lexical_rank": h.lexical_rank,
                        "dense_rank": h.dense_rank,
                    }
                    for h in s.hits
                ],
            }
            for s in answer.searches
        ],
        "review": {
            "status": answer.review.status,
            "reviewer": answer.review.reviewer,
            "at": answer.review.at,
            "reason": answer.review.reason,
        },
        "dropped_claims": [_plain(d) for d in answer.dropped_claims],
        "findings": [_plain(f) for f in answer.findings],
        "validation": _plain(answer.validation),
        "calculations": [_plain(c) for c in answer.calculations],
        "acceptance": _optional_dict(answer.acceptance),
        "disclosures": list(answer.disclosures),
        "reattributions": [_plain(r) for r in answer.reattributions],
    }


def _optional_dict(record: Any) -> dict[str, Any] | None:
    return None if record is None else _plain(record)


def _plain(record: Any) -> dict[str, Any]:
    """A record as JSON values: tuples become lists, as they are in the file."""
    return {
        key: list(value) if isinstance(value, tuple) else value
        for key, value in dataclasses.asdict(record).items()
    }


def _environment() -> jinja2.Environment:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("dossier.output", "templates"),
        autoescape=jinja2.select_autoescape(["html.j2"]),  # questions and model text are text
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    environment.filters["fold"] = lambda text: " ".join(str(text).split())
    environment.filters["freshness"] = freshness_words
    environment.filters["css_string"] = css_string
    environment.filters["md"] = markdown_text
    environment.filters["code"] = lambda text: str(text).replace("`", "'")  # in a code span
    return environment


def css_string(text: object) -> markupsafe.Markup:
    """Text for a CSS string inside <style>, where HTML entities mean nothing: every
    character but ASCII letters, digits, spaces and . - _ as a CSS escape."""
    return markupsafe.Markup(
        "".join(
            ch if (ch.isascii() and ch.isalnum()) or ch in " .-_" else f"\\{ord(ch):06x}"
            for ch in str(text)
        )
    )


_MARKDOWN_SPECIAL = re.compile(r"([\\`*_\[\]<>&!|#])")


def markdown_text(text: object) -> str:
    """Text shown as itself in Markdown: the characters that would make markup,
    links, images or raw HTML of it are backslash-escaped."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", " ".join(str(text).split()))


def _context(dossier: Dossier) -> dict[str, Any]:
    quotes = [q for a in dossier.answers for c in a.claims for q in c.quotes]
    dated = sorted(
        q.freshness.evidence_date for q in quotes if q.freshness and q.freshness.evidence_date
    )
    return {
        "d": dossier,
        "counts": {v: sum(a.verdict == v for a in dossier.answers) for v in VERDICT_WORDS},
        "verdict_words": VERDICT_WORDS,
        "titles": {d.path: d.title for d in dossier.documents},
        "dates": {d.path: d.effective_date for d in dossier.documents if d.effective_date},
        "oldest_evidence": dated[0] if dated else None,
        "citations": _freshness_counts(quotes),
        "evidence": {a.question_id: _evidence_age(a) for a in dossier.answers},
        "reviewed": sum(a.review.status != "pending" for a in dossier.answers),
        "reviewers": sorted({a.review.reviewer for a in dossier.answers if a.review.reviewer}),
        "quote_counts": {
            a.question_id: sum(len(c.quotes) for c in a.claims) for a in dossier.answers
        },
        "paper": dossier.paper,
        "kind_words": KIND_WORDS,
    }


KIND_WORDS = {"fact": "FACT", "assessment": "ASSESSMENT"}


def _freshness_counts(quotes: list[Quote]) -> dict[str, int]:
    counts = {"all": len(quotes), "fresh": 0, "ageing": 0, "stale": 0, "undated": 0}
    for quote in quotes:
        if quote.freshness:
            counts[quote.freshness.state] += 1
    return counts


def _evidence_age(answer: Answer) -> dict[str, Any]:
    """An answer's oldest evidence date and how many of its citations are past review."""
    quotes = [q for c in answer.claims for q in c.quotes if q.freshness]
    dated = sorted(
        q.freshness.evidence_date for q in quotes if q.freshness and q.freshness.evidence_date
    )
    return {
        "oldest": dated[0] if dated else None,
        "stale": sum(q.freshness is not None and q.freshness.state == "stale" for q in quotes),
        "citations": len(quotes),
    }


def freshness_words(freshness: Freshness | None) -> str:
    """'ageing: policy review every 365 days, due 2027-03-01', in words, never colour."""
    if freshness is None:
        return "freshness not assessed"
    family = freshness.family.replace("_", " ")
    if freshness.state == "undated":
        return f"undated: the document states no effective or review date ({family})"
    return (
        f"{freshness.state}: {family} every {freshness.interval_days} days, "
        f"evidence dated {freshness.evidence_date}, review due {freshness.review_due}"
    )


def render_markdown(dossier: Dossier) -> str:
    return _environment().get_template("dossier.md.j2").render(**_context(dossier))


def html_renderer(dossier: Dossier) -> pdf.HtmlOf:
    """The HTML of one part of the dossier's PDF (see ``pdf``)."""
    template = _environment().get_template("dossier.html.j2")
    context = {**_context(dossier), **pdf.page_css()}

    def html_of(part: pdf.Part) -> str:
        return template.render(**context, part=part)

    return html_of


def render_pdf(dossier: Dossier) -> bytes:
    return pdf.render_pdf(dossier.answers, html_renderer(dossier), _built(dossier))


def write_outputs(
    dossier: Dossier, out: Path, questionnaire: Path | None = None
) -> dict[str, Path]:
    """Write the artefacts and an unsigned manifest. Any earlier signature no
    longer covers them, so it is removed: a re-render always needs a new signature.
    A workbook questionnaire's answered copy is filled from ``questionnaire`` (the
    build's input) or, when re-rendering after a review, from the copy in ``out``."""
    from dossier.review.signing import MANIFEST, SIGNATURE_FILES, build_manifest, canonical

    out.mkdir(parents=True, exist_ok=True)
    for stale in SIGNATURE_FILES:
        (out / stale).unlink(missing_ok=True)
    paths = {
        "dossier.json": write_atomic(
            out / "dossier.json",
            (json.dumps(to_json(dossier), indent=2, ensure_ascii=False) + "\n").encode(),
        ),
        "dossier.md": write_atomic(out / "dossier.md", render_markdown(dossier).encode()),
        "dossier.pdf": write_atomic(out / "dossier.pdf", render_pdf(dossier)),
    }
    if dossier.workbook is not None:
        paths[dossier.workbook.file] = _write_workbook(
            dossier, dossier.workbook, out, questionnaire
        )
    manifest = build_manifest(dossier, out, signer=None, signed_at=None)
    paths[MANIFEST] = write_atomic(out / MANIFEST, canonical(manifest) + b"\n")
    return paths


def _write_workbook(
    dossier: Dossier, workbook: AnsweredWorkbook, out: Path, questionnaire: Path | None
) -> Path:
    from dossier.output.workbook import write_answered

    target = out / workbook.file
    source = questionnaire or target
    if not source.exists():
        raise InputError(
            f"{target}: missing, so the answers cannot be written into it again; "
            "run dossier build to write it from the questionnaire"
        )
    return write_answered(source, dossier.answers, target, workbook.columns, _built(dossier))


def _built(dossier: Dossier) -> dt.datetime:
    return dt.datetime.fromisoformat(dossier.build.finished_at.replace("Z", "+00:00"))


def up_to_date(dossier: Dossier, out: Path) -> tuple[Dossier, dict[str, Path]] | None:
    """The dossier already in ``out`` and its artefacts, when it says exactly what
    ``dossier`` says (build provenance aside: times, timings, cache notes) and no
    artefact was changed since it was written; otherwise None."""
    from dossier.incremental.history import comparable
    from dossier.review.signing import MANIFEST

    try:
        previous = json.loads((out / "dossier.json").read_text(encoding="utf-8"))
        manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        if comparable(previous) != comparable(to_json(dossier)):
            return None
        paths = {name: out / name for name in manifest["artefacts"]}
        for name, digest in manifest["artefacts"].items():
            if hashlib.sha256(paths[name].read_bytes()).hexdigest() != digest:
                return None
        return from_json(previous), {**paths, MANIFEST: out / MANIFEST}
    except (OSError, ValueError, KeyError, TypeError):
        return None


def from_json(data: dict[str, Any]) -> Dossier:
    """The inverse of ``to_json``: the record back from ``dossier.json``."""
    build = data["build"]
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
        )
        for d in data["documents"]
    )
    return Dossier(
        schema_version=data["schema_version"],
        build=BuildInfo(
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
            model_calls=build.get("model_calls", 0),
        ),
        documents=documents,
        answers=tuple(_answer_from_json(a) for a in data["answers"]),
        corpus_sha256=data["corpus_sha256"],
        questionnaire=data["questionnaire"]["file"],
        questionnaire_sha256=data["questionnaire"]["sha256"],
        tool_version=data["tool_version"],
        paper=data.get("render", {}).get("paper", "A4"),
        workbook=_workbook_from_json(data.get("render", {}).get("workbook")),
    )


def _answer_from_json(a: dict[str, Any]) -> Answer:
    return Answer(
        question_id=a["question_id"],
        question=a["question"],
        verdict=a["verdict"],
        answer=a["answer"],
        claims=tuple(
            Claim(
                c["text"],
                tuple(
                    Quote(
                        q["text"],
                        q["document"],
                        q["chunk_id"],
                        q["start"],
                        q["end"],
                        Freshness(**q["freshness"]) if q.get("freshness") else None,
                    )
                    for q in c["quotes"]
                ),
                c.get("kind", "fact"),
                c.get("basis", ""),
            )
            for c in a["claims"]
        ),
        discarded_quotes=tuple(
            DiscardedQuote(d["text"], d["document"], d["chunk_id"], d["reason"])
            for d in a["discarded_quotes"]
        ),
        missing_facts=tuple(a["missing_facts"]),
        searches=tuple(
            Search(
                s["query"],
                tuple(
                    Hit(
                        h["chunk_id"],
                        h["score"],
                        h["lexical_rank"],
                        h["dense_rank"],
                        h.get("document", ""),
                    )
                    for h in s["hits"]
                ),
            )
            for s in a["searches"]
        ),
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
    )


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
