"""An edit: the reviewer's own answer, with every quotation in it verified.

Every passage the reviewer puts in quotation marks (``quotation.quotations``:
any common pair; a mark without its pair refuses the edit) must be, word for
word, in a document of the corpus in force when the dossier was built
(``ingest.authority`` decides, as it does for the engine), or the edit is
refused with the reason. The decision it makes is held, applied and lapsed by
``decisions``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Sequence

from dossier.common.canonical import canonical_key
from dossier.errors import InputError
from dossier.evidence.verify import QuoteVerifier
from dossier.ingest.authority import Authority
from dossier.records import Chunk, Corpus, Dossier, Quote
from dossier.review.decisions import Decision, authorities, decide, judged_edit, short_quote
from dossier.review.quotation import QuotationMarkError, quotations


def edit_decision(
    dossier: Dossier, question_id: str, text: str, reviewer: str, at: str, passages: list[Chunk]
) -> Decision:
    """An edit of an answer's prose. Every passage the reviewer puts in quotation
    marks (``quotation.quotations``: any common pair; a mark without its pair is
    refused) must verify against a document in force when the dossier was built
    (``ingest.authority``; the answer's cited documents first), or the edit is
    refused with the reason."""
    (base,) = decide(dossier, [question_id], "edited", reviewer, at)
    if not text.strip():
        raise InputError(f"{question_id}: an edit needs the new answer text")
    answer = next(a for a in dossier.answers if a.question_id == question_id)
    try:
        quoted = quotations(text)
    except QuotationMarkError as error:
        raise InputError(f"{question_id}: edit refused: {error}") from None
    in_force = Authority.of(Corpus(dossier.documents, (), ()), _build_date(dossier))
    cited = {q.document for c in answer.claims for q in c.quotes}
    ordered = sorted(
        passages,
        key=lambda c: (
            not in_force.passage_current(c),
            c.document not in cited,
            c.document,
            c.start,
        ),
    )
    verifier = QuoteVerifier()
    quotes = [_verified(q.text, ordered, verifier, in_force, question_id) for q in quoted]
    judged = judged_edit(answer.question, text.strip(), quotes, authorities(dossier.documents))
    return dataclasses.replace(
        base,
        answer_sha256=canonical_key(judged),
        judged=judged,
        edited_answer=text.strip(),
        edited_quotes=tuple(quotes),
        engine_answer=answer.answer,
    )


def _build_date(dossier: Dossier) -> dt.date | None:
    """The day the dossier was built, which decides what was in force (None if unknown)."""
    try:
        return dt.date.fromisoformat(dossier.build.started_at[:10])
    except ValueError:
        return None


def _verified(
    quoted: str,
    passages: Sequence[Chunk],
    verifier: QuoteVerifier,
    in_force: Authority,
    question_id: str,
) -> Quote:
    """The quote as its source's slice, from the first passage that holds it
    (``passages``: those of documents in force first); refused when only
    documents not in force hold it."""
    found = ((q, c) for c in passages if (q := verifier.verify(quoted, c).quote) is not None)
    first = next(found, None)
    refused = f"{question_id}: edit refused: the quote “{short_quote(quoted)}” "
    if first is None:
        raise InputError(refused + "is not, word for word, in any document of the corpus")
    quote, chunk = first
    if not in_force.passage_current(chunk):
        holders = dict.fromkeys(in_force.passage_reason(c) for _, c in [first, *found])
        why = "; ".join(holders)
        raise InputError(refused + f"is only in documents not in force ({why}): quote one in force")
    return quote
