"""The review gate: a person approves or rejects each answer, with identity and time.

Decisions live in ``<out>/review.json``, each bound to the fingerprint of the
answer it judged, so review can stop and resume in another process, and a
rebuild keeps a decision only while the answer it approved is unchanged.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dossier.errors import InputError
from dossier.records import Answer, Dossier, Review, ReviewStatus

DECISIONS_FILE = "review.json"


@dataclass(frozen=True)
class Decision:
    question_id: str
    status: ReviewStatus
    reviewer: str
    at: str
    reason: str | None
    answer_sha256: str  # the fingerprint of the answer this decision judged


def answer_fingerprint(answer: Answer) -> str:
    """SHA-256 of what a reviewer judges: the verdict, the prose, the claims with
    their quotes and offsets, and the missing facts."""
    content = {
        "question_id": answer.question_id,
        "verdict": answer.verdict,
        "answer": answer.answer,
        "claims": [
            [c.text, [[q.document, q.chunk_id, q.start, q.end, q.text] for q in c.quotes]]
            for c in answer.claims
        ],
        "missing_facts": list(answer.missing_facts),
    }
    canonical = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode()).hexdigest()


def decide(
    dossier: Dossier,
    question_ids: Iterable[str] | None,
    status: ReviewStatus,
    reviewer: str,
    at: str,
    reason: str | None = None,
) -> list[Decision]:
    """Decisions for the named answers (all pending ones when ``question_ids`` is None)."""
    if not reviewer.strip():
        raise InputError("--reviewer must name a person")
    if status == "rejected" and not (reason and reason.strip()):
        raise InputError("a rejection needs --reason")
    by_id = {a.question_id: a for a in dossier.answers}
    if question_ids is None:
        chosen = [a for a in dossier.answers if a.review.status == "pending"]
    else:
        wanted = list(dict.fromkeys(question_ids))
        unknown = [q for q in wanted if q not in by_id]
        if unknown:
            raise InputError(f"no such question in this dossier: {', '.join(unknown)}")
        chosen = [by_id[q] for q in wanted]
    return [
        Decision(a.question_id, status, reviewer.strip(), at, reason, answer_fingerprint(a))
        for a in chosen
    ]


def apply_decisions(dossier: Dossier, decisions: Mapping[str, Decision]) -> Dossier:
    """Each answer takes the decision recorded for it, if that decision judged
    exactly this answer; otherwise it is pending."""
    answers = []
    for answer in dossier.answers:
        decision = decisions.get(answer.question_id)
        review = Review()
        if decision is not None and decision.answer_sha256 == answer_fingerprint(answer):
            review = Review(decision.status, decision.reviewer, decision.at, decision.reason)
        answers.append(dataclasses.replace(answer, review=review))
    return dataclasses.replace(dossier, answers=tuple(answers))


def pending(dossier: Dossier) -> list[str]:
    return [a.question_id for a in dossier.answers if a.review.status == "pending"]


def load_decisions(out: Path) -> dict[str, Decision]:
    path = out / DECISIONS_FILE
    if not path.exists():
        return {}
    try:
        rows: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
        return {r["question_id"]: Decision(**r) for r in rows}
    except (json.JSONDecodeError, TypeError, KeyError) as error:
        raise InputError(f"{path}: review decisions cannot be read ({error})") from None


def decisions_json(decisions: Mapping[str, Decision]) -> bytes:
    rows = [dataclasses.asdict(decisions[q]) for q in sorted(decisions)]
    return (json.dumps(rows, indent=2, ensure_ascii=False) + "\n").encode()
