"""The review gate: a person approves or rejects each answer, with identity and time.

Decisions live in ``<out>/review.json``, each bound to the fingerprint of the
engine's answer it judged, so review can stop and resume in another process, and
a rebuild keeps a decision only while that answer is unchanged. An edit is laid
over the engine's answer; it is taken back out before a decision is made or
applied (``engine_view``), so it is applied once and survives later decisions.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dossier.common.canonical import canonical_key
from dossier.errors import InputError
from dossier.evidence.verify import QuoteVerifier
from dossier.records import Answer, Chunk, Claim, Dossier, Quote, Review, ReviewStatus

DECISIONS_FILE = "review.json"
PASSAGES_FILE = "cache/passages.json"  # every passage of the build, to re-verify edits


@dataclass(frozen=True)
class Decision:
    question_id: str
    status: ReviewStatus
    reviewer: str
    at: str
    reason: str | None
    answer_sha256: str  # the fingerprint of the answer this decision judged
    edited_answer: str | None = None  # the reviewer's prose, for an edit
    edited_quotes: tuple[Quote, ...] = ()  # quotes in that prose, verified against the corpus
    engine_answer: str | None = None  # for an edit: the engine's prose it replaces
    lapsed: str | None = None  # why it no longer holds (its answer's evidence changed)


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
    return canonical_key(content)


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
    if status == "approved" and question_ids is not None:
        _refuse_approving_edits([by_id[q] for q in question_ids if q in by_id])
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


def _refuse_approving_edits(answers: Iterable[Answer]) -> None:
    """An edit is its reviewer's decision; approving over it would drop the edit."""
    for answer in answers:
        if answer.review.status == "edited":
            raise InputError(
                f"{answer.question_id} was edited by {answer.review.reviewer} at "
                f"{answer.review.at}: the edit is its decision (edit it again, or reject it)"
            )


def engine_view(dossier: Dossier, decisions: Mapping[str, Decision]) -> Dossier:
    """The dossier with each edit taken back out: every answer as the engine wrote
    it, review statuses kept. Decisions are bound to the engine's answers, so a
    new decision is made, and all are applied, against this view."""
    answers = []
    for answer in dossier.answers:
        decision = decisions.get(answer.question_id)
        if (
            decision is not None
            and decision.engine_answer is not None
            and answer.review.status == decision.status == "edited"
            and answer.review.at == decision.at
        ):
            claims = answer.claims[:-1] if decision.edited_quotes else answer.claims
            answer = dataclasses.replace(answer, answer=decision.engine_answer, claims=claims)
        answers.append(answer)
    return dataclasses.replace(dossier, answers=tuple(answers))


def lapse(
    decisions: Mapping[str, Decision], evidence_changed: Iterable[str], why: Mapping[str, str]
) -> dict[str, Decision]:
    """The decisions, those on answers whose evidence changed (question ids in
    ``evidence_changed``) marked lapsed with the reason. A lapsed decision is kept,
    for the record, but never holds again: only a new decision replaces it."""
    kept = dict(decisions)
    for question_id in evidence_changed:
        decision = kept.get(question_id)
        if decision is not None and decision.lapsed is None:
            reason = f"was {decision.status} by {decision.reviewer} at {decision.at}; "
            reason += why.get(question_id, "its evidence changed")
            kept[question_id] = dataclasses.replace(decision, lapsed=reason)
    return kept


def apply_decisions(
    dossier: Dossier, decisions: Mapping[str, Decision], why: Mapping[str, str] | None = None
) -> Dossier:
    """Each answer takes the decision recorded for it, if that decision judged
    exactly this answer and has not lapsed; otherwise it is pending, and when a
    decision no longer holds, the review's reason says so (and why, from ``why``)."""
    answers = []
    for answer in dossier.answers:
        decision = decisions.get(answer.question_id)
        if decision is None:
            answers.append(dataclasses.replace(answer, review=Review()))
            continue
        if decision.lapsed is not None:
            answers.append(dataclasses.replace(answer, review=Review(reason=decision.lapsed)))
            continue
        if decision.answer_sha256 != answer_fingerprint(answer):
            cause = (why or {}).get(answer.question_id, "the answer changed")
            reason = f"was {decision.status} by {decision.reviewer} at {decision.at}; {cause}"
            answers.append(dataclasses.replace(answer, review=Review(reason=reason)))
            continue
        review = Review(decision.status, decision.reviewer, decision.at, decision.reason)
        answers.append(dataclasses.replace(_edited(answer, decision), review=review))
    return dataclasses.replace(dossier, answers=tuple(answers))


def _edited(answer: Answer, decision: Decision) -> Answer:
    if decision.status != "edited" or decision.edited_answer is None:
        return answer
    claims = answer.claims
    if decision.edited_quotes:
        text = " ".join(" ".join(q.text.split()) for q in decision.edited_quotes)
        claims = (*claims, Claim(text, decision.edited_quotes))
    return dataclasses.replace(answer, answer=decision.edited_answer, claims=claims)


_QUOTED = re.compile(r"“([^”]+)”|\"([^\"]+)\"")


def edit_decision(
    dossier: Dossier, question_id: str, text: str, reviewer: str, at: str, passages: list[Chunk]
) -> Decision:
    """An edit of an answer's prose. Every passage the reviewer puts in quotation
    marks must verify against the corpus (the answer's cited documents first),
    or the edit is refused with the reason."""
    (base,) = decide(dossier, [question_id], "edited", reviewer, at)
    if not text.strip():
        raise InputError(f"{question_id}: an edit needs the new answer text")
    answer = next(a for a in dossier.answers if a.question_id == question_id)
    cited = {q.document for c in answer.claims for q in c.quotes}
    ordered = sorted(passages, key=lambda c: (c.document not in cited, c.document, c.start))
    verifier = QuoteVerifier()
    quotes = []
    for match in _QUOTED.finditer(text):
        quoted = match.group(1) or match.group(2)
        found = next(
            (
                check.quote
                for c in ordered
                if (check := verifier.verify(quoted, c)).quote is not None
            ),
            None,
        )
        if found is None:
            raise InputError(
                f"{question_id}: edit refused: the quote “{' '.join(quoted.split())[:80]}” "
                "is not, word for word, in any document of the corpus"
            )
        quotes.append(found)
    return dataclasses.replace(
        base, edited_answer=text.strip(), edited_quotes=tuple(quotes), engine_answer=answer.answer
    )


def pending(dossier: Dossier) -> list[str]:
    return [a.question_id for a in dossier.answers if a.review.status == "pending"]


def load_decisions(out: Path) -> dict[str, Decision]:
    path = out / DECISIONS_FILE
    if not path.exists():
        return {}
    try:
        rows: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
        return {r["question_id"]: _decision(r) for r in rows}
    except (json.JSONDecodeError, TypeError, KeyError) as error:
        raise InputError(f"{path}: review decisions cannot be read ({error})") from None


def _decision(row: dict[str, Any]) -> Decision:
    quotes = tuple(Quote(**q) for q in row.pop("edited_quotes", []))
    return Decision(**row, edited_quotes=quotes)


def decisions_json(decisions: Mapping[str, Decision]) -> bytes:
    rows = [dataclasses.asdict(decisions[q]) for q in sorted(decisions)]
    return (json.dumps(rows, indent=2, ensure_ascii=False) + "\n").encode()


def passages_json(chunks: Iterable[Chunk]) -> bytes:
    return json.dumps([dataclasses.asdict(c) for c in chunks], ensure_ascii=False).encode()


def load_passages(out: Path) -> list[Chunk]:
    path = out / PASSAGES_FILE
    try:
        return [Chunk(**row) for row in json.loads(path.read_text(encoding="utf-8"))]
    except FileNotFoundError:
        raise InputError(f"{path}: missing; rebuild to review edits against the corpus") from None
    except (json.JSONDecodeError, TypeError) as error:
        raise InputError(f"{path}: cannot be read ({error}); rebuild") from None
