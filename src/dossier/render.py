"""Write the dossier's artefacts: JSON (the contract), Markdown, and the manifest."""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Any

import jinja2

from dossier.records import Answer, Dossier

ARTEFACTS = ("dossier.json", "dossier.md")
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
        },
        "corpus_sha256": dossier.corpus_sha256,
        "questionnaire": {"file": dossier.questionnaire, "sha256": dossier.questionnaire_sha256},
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
                    }
                    for q in claim.quotes
                ],
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
        },
    }


def render_markdown(dossier: Dossier) -> str:
    environment = jinja2.Environment(
        loader=jinja2.PackageLoader("dossier", "templates"),
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        undefined=jinja2.StrictUndefined,
    )
    environment.filters["fold"] = lambda text: " ".join(str(text).split())
    counts = {v: sum(a.verdict == v for a in dossier.answers) for v in VERDICT_WORDS}
    titles = {d.path: d.title for d in dossier.documents}
    return environment.get_template("dossier.md.j2").render(
        d=dossier, counts=counts, verdict_words=VERDICT_WORDS, titles=titles
    )


def write_outputs(dossier: Dossier, out: Path) -> dict[str, Path]:
    out.mkdir(parents=True, exist_ok=True)
    contents = {
        "dossier.json": (
            json.dumps(to_json(dossier), indent=2, ensure_ascii=False) + "\n"
        ).encode(),
        "dossier.md": render_markdown(dossier).encode(),
    }
    paths = {}
    for name, data in contents.items():
        paths[name] = write_atomic(out / name, data)
    manifest = {
        "schema_version": dossier.schema_version,
        "tool_version": dossier.tool_version,
        "artefacts": {
            name: hashlib.sha256(data).hexdigest() for name, data in sorted(contents.items())
        },
        "corpus_sha256": dossier.corpus_sha256,
        "documents": {d.path: d.sha256 for d in dossier.documents},
        "questionnaire": {"file": dossier.questionnaire, "sha256": dossier.questionnaire_sha256},
    }
    paths["manifest.json"] = write_atomic(
        out / "manifest.json", (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()
    )
    return paths


def write_atomic(path: Path, data: bytes) -> Path:
    tmp = path.with_name(f".{path.name}.tmp")
    with tmp.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)
    return path
