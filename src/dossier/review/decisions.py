"""The review gate: a person approves, rejects or edits each answer, with identity and time.

Decisions live in ``<out>/review.json``. Each keeps a copy of what its reviewer
judged (``judged``): the question, the verdict, the short answer, the prose,
each statement with its quotes — each quote's text and document, and that
document's authority (status, effective date, what supersedes it) — and the
missing facts; ``answer_sha256`` is its fingerprint. A decision holds while
what was judged is unchanged: a recomputed answer that comes out the same keeps
it, however the evidence around it moved; offsets that moved with an edit above
a quote change nothing a reader sees. When it no longer holds, it lapses, with
typed causes (``records.LapseCause``) found by comparing the copy with the new
answer, and stays in review.json marked so: only a new decision replaces it.

An edit is the reviewer's own answer, laid over the engine's: it holds while
its question is the same, each of its quotes is still, word for word, in its
document, and those documents' authority is unchanged. It is taken back out before a decision is
made or applied (``engine_view``), so it is applied once and survives later
decisions. An edit is made, its quotations verified, by ``edits``.
"""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dossier.common.canonical import canonical_key
from dossier.errors import InputError
from dossier.evidence.verify import QuoteVerifier
from dossier.records import (
    Answer,
    Chunk,
    Claim,
    Document,
    Dossier,
    LapseCause,
    LapsedDecision,
    Quote,
    Review,
    ReviewStatus,
)

DECISIONS_FILE = "review.json"
PASSAGES_FILE = "cache/passages.json"  # every passage of the build, to re-verify edits

Judged = dict[str, Any]  # what a reviewer judged, as JSON (see judged_answer, judged_edit)


@dataclass(frozen=True)
class Lapse:
    """Why a decision no longer holds: each cause with its detail, and the sentence
    a reader sees ("was approved by Ada at ...; verdict changed (...)")."""

    causes: tuple[LapseCause, ...]
    details: tuple[str, ...]  # one per cause, in words
    message: str


@dataclass(frozen=True)
class Decision:
    question_id: str
    status: ReviewStatus
    reviewer: str
    at: str
    reason: str | None
    answer_sha256: str  # the fingerprint of ``judged``
    edited_answer: str | None = None  # the reviewer's prose, for an edit
    edited_quotes: tuple[Quote, ...] = ()  # quotes in that prose, verified against the corpus
    engine_answer: str | None = None  # for an edit: the engine's prose it replaces
    lapsed: Lapse | None = None  # why it no longer holds
    judged: Judged | None = None  # what was judged; None when an earlier version recorded it


# --- what a reviewer judges -------------------------------------------------------


def authorities(documents: Iterable[Document]) -> dict[str, dict[str, Any]]:
    """Each document's authority as a decision sees it: its status, its effective
    date, and the documents that name it in ``supersedes``."""
    documents = list(documents)
    superseded_by: dict[str, list[str]] = {}
    for document in documents:
        for old in document.supersedes:
            superseded_by.setdefault(old, []).append(document.path)
    return {
        d.path: {
            "status": d.status,
            "effective_date": d.effective_date,
            "superseded_by": sorted(superseded_by.get(d.path, [])),
        }
        for d in documents
    }


def _quotes(quotes: Iterable[Quote], authority: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Each quote as a reader sees it: its words (line breaks are layout), its
    document and that document's authority."""
    return [
        {
            "text": " ".join(q.text.split()),
            "document": q.document,
            "authority": authority.get(q.document),
        }
        for q in quotes
    ]


def judged_answer(answer: Answer, authority: Mapping[str, Any]) -> Judged:
    """What a reviewer judges of an engine's answer (``authority``: ``authorities``
    of the dossier's documents). Offsets and passage ids are not in it: a quote
    whose text, document and authority are the same says the same."""
    return {
        "question": " ".join(answer.question.split()),
        "verdict": answer.verdict,
        "short_answer": answer.short_answer,
        "answer": answer.answer,
        "claims": [
            {
                "kind": c.kind,
                "text": c.text,
                "basis": c.basis,
                "quotes": _quotes(c.quotes, authority),
            }
            for c in answer.claims
        ],
        "missing_facts": list(answer.missing_facts),
    }


def judged_edit(
    question: str, text: str, quotes: Iterable[Quote], authority: Mapping[str, Any]
) -> Judged:
    """What an edit stands on: the question it answers, the reviewer's prose and its
    verified quotes."""
    return {
        "question": " ".join(question.split()),
        "edit": text,
        "quotes": _quotes(quotes, authority),
    }


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
    authority = authorities(dossier.documents)
    decisions = []
    for answer in chosen:
        judged = judged_answer(answer, authority)
        decisions.append(
            Decision(
                answer.question_id,
                status,
                reviewer.strip(),
                at,
                reason,
                canonical_key(judged),
                judged=judged,
            )
        )
    return decisions


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


# --- whether a decision still holds ----------------------------------------------


def reassess(
    decisions: Mapping[str, Decision], dossier: Dossier, passages: Sequence[Chunk]
) -> dict[str, Decision]:
    """Each decision checked against a new build's answer (``dossier``, as the
    engine wrote it; ``passages``, the build's passages, to re-verify edits): kept
    (an edit's quotes re-anchored to where they now are), or lapsed with its causes.
    A lapsed decision, and one on a question no longer asked, is kept as it is."""
    by_id = {a.question_id: a for a in dossier.answers}
    authority = authorities(dossier.documents)
    by_document: dict[str, list[Chunk]] = {}
    for chunk in passages:
        by_document.setdefault(chunk.document, []).append(chunk)
    verifier = QuoteVerifier()
    kept = {}
    for question_id, decision in decisions.items():
        answer = by_id.get(question_id)
        if decision.lapsed is not None or answer is None:
            kept[question_id] = decision
        elif decision.status == "edited":
            kept[question_id] = _edit_reassessed(decision, answer, authority, by_document, verifier)
        else:
            kept[question_id] = _reassessed(decision, answer, authority)
    return kept


def _reassessed(decision: Decision, answer: Answer, authority: Mapping[str, Any]) -> Decision:
    judged = judged_answer(answer, authority)
    if decision.judged is None:  # an earlier version's decision: its own fingerprint
        if decision.answer_sha256 != legacy_fingerprint(answer):
            return _lapsed(decision, [(LapseCause.EARLIER_VERSION, "")])
        return dataclasses.replace(decision, answer_sha256=canonical_key(judged), judged=judged)
    if canonical_key(judged) == decision.answer_sha256:
        return decision
    return _lapsed(decision, changes(decision.judged, judged))


def _edit_reassessed(
    decision: Decision,
    answer: Answer,
    authority: Mapping[str, Any],
    by_document: Mapping[str, Sequence[Chunk]],
    verifier: QuoteVerifier,
) -> Decision:
    """An edit holds while its question is the same and its quotes are still in
    their documents, whose authority is unchanged; then it is re-anchored (offsets,
    passage) and laid over the engine's new prose."""
    if decision.judged is None and decision.answer_sha256 != legacy_fingerprint(answer):
        return _lapsed(decision, [(LapseCause.EARLIER_VERSION, "")])
    anchored = []
    for quote in decision.edited_quotes:
        found = _find(quote, by_document.get(quote.document, ()), verifier)
        if found is None:
            detail = f"“{short_quote(quote.text)}” is no longer in {quote.document}"
            return _lapsed(decision, [(LapseCause.EDIT_QUOTE, detail)])
        anchored.append(found)
    judged = judged_edit(answer.question, decision.edited_answer or "", anchored, authority)
    if decision.judged is not None:
        compared = judged if "question" in decision.judged else _without_question(judged)
        if canonical_key(compared) != decision.answer_sha256:
            return _lapsed(decision, changes(decision.judged, compared))
    return dataclasses.replace(
        decision,
        answer_sha256=canonical_key(judged),
        judged=judged,
        edited_quotes=tuple(anchored),
        engine_answer=answer.answer,
    )


def _without_question(judged: Judged) -> Judged:
    """An edit's judged copy as versions up to 0.5.2 kept it, without the question:
    such an edit is upgraded (the question it now answers added) while the rest holds."""
    return {key: value for key, value in judged.items() if key != "question"}


def _find(quote: Quote, chunks: Sequence[Chunk], verifier: QuoteVerifier) -> Quote | None:
    """The quote where its text now is in its document (its old passage first)."""
    ordered = sorted(chunks, key=lambda c: (c.chunk_id != quote.chunk_id, c.start))
    for chunk in ordered:
        found = verifier.verify(quote.text, chunk).quote
        if found is not None:
            return found
    return None


def changes(old: Judged, new: Judged) -> list[tuple[LapseCause, str]]:
    """What differs between two judged copies, as typed causes with details."""
    found: list[tuple[LapseCause, str]] = []
    for key, cause in (
        ("question", LapseCause.QUESTION),
        ("verdict", LapseCause.VERDICT),
        ("short_answer", LapseCause.SHORT_ANSWER),
        ("answer", LapseCause.PROSE),
        ("edit", LapseCause.PROSE),
    ):
        if old.get(key) != new.get(key):
            found.append((cause, _was_now(key, old.get(key), new.get(key))))
    found += _claim_changes(old, new)
    if old.get("missing_facts") != new.get("missing_facts"):
        found.append((LapseCause.MISSING_FACTS, ""))
    return found or [(LapseCause.STATEMENTS, "")]


def _was_now(key: str, old: Any, new: Any) -> str:
    if key in ("verdict", "short_answer"):
        return f"{old or '—'} → {new or '—'}"
    return ""


def _all_quotes(judged: Judged) -> list[dict[str, Any]]:
    if "edit" in judged:
        return list(judged["quotes"])
    return [q for claim in judged.get("claims", []) for q in claim["quotes"]]


def _claim_changes(old: Judged, new: Judged) -> list[tuple[LapseCause, str]]:
    found: list[tuple[LapseCause, str]] = []
    statements = [
        Counter((c["kind"], c["text"], c["basis"]) for c in j.get("claims", [])) for j in (old, new)
    ]
    if statements[0] != statements[1]:
        found.append((LapseCause.STATEMENTS, _counted(statements[0], statements[1], None)))
    quotes = [Counter((q["text"], q["document"]) for q in _all_quotes(j)) for j in (old, new)]
    if quotes[0] != quotes[1]:
        found.append((LapseCause.QUOTES, _counted(quotes[0], quotes[1], 1)))
    before = {q["document"]: q["authority"] for q in _all_quotes(old)}
    after = {q["document"]: q["authority"] for q in _all_quotes(new)}
    moved = sorted(p for p in before.keys() & after.keys() if before[p] != after[p])
    if moved:
        detail = "; ".join(f"{p}: {_authority_change(before[p], after[p])}" for p in moved)
        found.append((LapseCause.AUTHORITY, detail))
    return found


def _counted(old: Counter[Any], new: Counter[Any], document: int | None) -> str:
    gained, lost = new - old, old - new
    parts = [f"+{gained.total()}"] if gained else []
    parts += [f"−{lost.total()}"] if lost else []
    text = ", ".join(parts)
    if document is not None:
        paths = sorted({key[document] for key in (gained + lost)})
        text += f" in {', '.join(paths)}"
    return text


def _authority_change(old: Mapping[str, Any] | None, new: Mapping[str, Any] | None) -> str:
    old, new = old or {}, new or {}
    parts = []
    for key, word in (("status", "status"), ("effective_date", "effective date")):
        if old.get(key) != new.get(key):
            parts.append(f"{word} {old.get(key) or '—'} → {new.get(key) or '—'}")
    if old.get("superseded_by") != new.get("superseded_by"):
        by = ", ".join(new.get("superseded_by") or []) or "nothing"
        parts.append(f"now superseded by {by}")
    return ", ".join(parts) or "changed"


CAUSE_WORDS = {
    LapseCause.QUESTION: "question changed",
    LapseCause.VERDICT: "verdict changed",
    LapseCause.SHORT_ANSWER: "short answer changed",
    LapseCause.PROSE: "prose changed",
    LapseCause.STATEMENTS: "statements changed",
    LapseCause.QUOTES: "quotes changed",
    LapseCause.AUTHORITY: "a quoted document's authority changed",
    LapseCause.MISSING_FACTS: "missing facts changed",
    LapseCause.EDIT_QUOTE: "a quote of the edit no longer verifies",
    LapseCause.ANSWER_REMOVED: "the question is no longer asked",
    LapseCause.EARLIER_VERSION: "the answer changed (decision recorded by an earlier version)",
}


def describe(causes: Iterable[tuple[LapseCause, str]]) -> str:
    """The causes in words: "verdict changed (grounded → unsupported); quotes changed (...)"."""
    return "; ".join(
        CAUSE_WORDS[cause] + (f" ({detail})" if detail else "") for cause, detail in causes
    )


def _lapsed(decision: Decision, causes: Sequence[tuple[LapseCause, str]]) -> Decision:
    message = f"was {decision.status} by {decision.reviewer} at {decision.at}; {describe(causes)}"
    lapse = Lapse(tuple(c for c, _ in causes), tuple(d for _, d in causes), message)
    return dataclasses.replace(decision, lapsed=lapse)


def newly_lapsed(
    before: Mapping[str, Decision], after: Mapping[str, Decision]
) -> list[LapsedDecision]:
    """The decisions that held in ``before`` and lapsed in ``after``, for the record."""
    return [
        LapsedDecision(d.question_id, d.status, d.reviewer, d.at, d.lapsed.causes, d.lapsed.message)
        for q, d in sorted(after.items())
        if d.lapsed is not None and q in before and before[q].lapsed is None
    ]


def legacy_fingerprint(answer: Answer) -> str:
    """The fingerprint version 0.2 bound a decision to (offsets and passage ids
    included), so that its decisions are upgraded, not lost, when they still hold."""
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


# --- applying decisions -------------------------------------------------------------


def apply_decisions(dossier: Dossier, decisions: Mapping[str, Decision]) -> Dossier:
    """Each answer takes the decision recorded for it when that decision holds
    (see ``reassess``) and judged this answer; otherwise it is pending, and when
    a decision lapsed, the review's reason says why."""
    authority = authorities(dossier.documents)
    answers = []
    for answer in dossier.answers:
        decision = decisions.get(answer.question_id)
        if decision is None:
            answers.append(dataclasses.replace(answer, review=Review()))
        elif decision.lapsed is not None:
            review = Review(reason=decision.lapsed.message)
            answers.append(dataclasses.replace(answer, review=review))
        elif not _judged_this(decision, answer, authority):
            reason = (
                f"was {decision.status} by {decision.reviewer} at {decision.at}; "
                "the answer is not the one judged"
            )
            answers.append(dataclasses.replace(answer, review=Review(reason=reason)))
        else:
            review = Review(decision.status, decision.reviewer, decision.at, decision.reason)
            answers.append(dataclasses.replace(_edited(answer, decision), review=review))
    return dataclasses.replace(dossier, answers=tuple(answers))


def holds_for(decision: Decision, answer: Answer, documents: Iterable[Document]) -> bool:
    """Whether ``decision`` has not lapsed and judged ``answer`` (as the engine wrote
    it; ``documents``: the build's, for their authority). An edit stands on its own
    quotes, which ``reassess`` checks."""
    return decision.lapsed is None and _judged_this(decision, answer, authorities(documents))


def _judged_this(decision: Decision, answer: Answer, authority: Mapping[str, Any]) -> bool:
    if decision.status == "edited":  # an edit stands on its own quotes (checked by reassess)
        return _answers_question(decision.judged, answer)
    if decision.judged is None:
        return decision.answer_sha256 == legacy_fingerprint(answer)
    return decision.answer_sha256 == canonical_key(judged_answer(answer, authority))


def _answers_question(judged: Judged | None, answer: Answer) -> bool:
    """Whether an edit judged ``answer``'s question (an earlier version's copy names none)."""
    asked = (judged or {}).get("question")
    return asked is None or asked == " ".join(answer.question.split())


def _edited(answer: Answer, decision: Decision) -> Answer:
    if decision.status != "edited" or decision.edited_answer is None:
        return answer
    claims = answer.claims
    if decision.edited_quotes:
        text = " ".join(" ".join(q.text.split()) for q in decision.edited_quotes)
        claims = (*claims, Claim(text, decision.edited_quotes))
    return dataclasses.replace(answer, answer=decision.edited_answer, claims=claims)


def short_quote(text: str) -> str:
    return " ".join(text.split())[:80]


def pending(dossier: Dossier) -> list[str]:
    return [a.question_id for a in dossier.answers if a.review.status == "pending"]


# --- review.json ---------------------------------------------------------------------


def load_decisions(out: Path) -> dict[str, Decision]:
    path = out / DECISIONS_FILE
    if not path.exists():
        return {}
    try:
        rows: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
        return {r["question_id"]: _decision(r) for r in rows}
    except (json.JSONDecodeError, TypeError, KeyError, ValueError) as error:
        raise InputError(f"{path}: review decisions cannot be read ({error})") from None


def _decision(row: dict[str, Any]) -> Decision:
    quotes = tuple(
        Quote(**{**q, "columns": tuple(q.get("columns", ()))}) for q in row.pop("edited_quotes", [])
    )
    if "lapsed" in row:
        return _with_lapse(row, quotes)
    return Decision(**row, edited_quotes=quotes)


def _with_lapse(row: dict[str, Any], quotes: tuple[Quote, ...]) -> Decision:
    lapsed = row.pop("lapsed")
    if isinstance(lapsed, str):  # an earlier version wrote the reason alone
        lapse: Lapse | None = Lapse((LapseCause.EARLIER_VERSION,), ("",), lapsed)
    elif lapsed is None:
        lapse = None
    else:
        causes = tuple(LapseCause(c) for c in lapsed["causes"])
        lapse = Lapse(causes, tuple(lapsed["details"]), lapsed["message"])
    return Decision(**row, edited_quotes=quotes, lapsed=lapse)


def decisions_json(decisions: Mapping[str, Decision]) -> bytes:
    rows = [dataclasses.asdict(decisions[q]) for q in sorted(decisions)]
    return (json.dumps(rows, indent=2, ensure_ascii=False) + "\n").encode()


def passages_json(chunks: Iterable[Chunk]) -> bytes:
    return json.dumps([c.row() for c in chunks], ensure_ascii=False).encode()


def load_passages(out: Path) -> list[Chunk]:
    path = out / PASSAGES_FILE
    try:
        return [Chunk(**row) for row in json.loads(path.read_text(encoding="utf-8"))]
    except FileNotFoundError:
        raise InputError(f"{path}: missing; rebuild to review edits against the corpus") from None
    except (json.JSONDecodeError, TypeError) as error:
        raise InputError(f"{path}: cannot be read ({error}); rebuild") from None
