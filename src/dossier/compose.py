"""Turn the engine's evidence into an answer; every quote passes the verifier first."""

from __future__ import annotations

from collections.abc import Callable

from dossier.engine import Evidence
from dossier.records import Answer, Chunk, Claim, DiscardedQuote, Question, Quote, Verdict
from dossier.textutil import fold_whitespace
from dossier.verify import verify_quote

ChunkLookup = Callable[[str], Chunk | None]


def compose_answer(
    question: Question, evidence: Evidence, chunk_of: ChunkLookup, titles: dict[str, str]
) -> Answer:
    claims: list[Claim] = []
    discarded = list(evidence.discarded)
    for selection in evidence.selections:
        chunk = chunk_of(selection.chunk_id)
        if chunk is None:
            reason = "cites a passage this build does not hold"
            discarded += [
                DiscardedQuote(q, "", selection.chunk_id, reason) for q in selection.quotes
            ]
            continue
        quotes = []
        for text in selection.quotes:
            check = verify_quote(text, chunk)
            if check.quote is None:
                discarded.append(DiscardedQuote(text, chunk.document, chunk.chunk_id, check.reason))
            else:
                quotes.append(check.quote)
        if quotes and selection.claim:
            claims.append(_with_claim(claims, selection.claim, quotes))
        elif quotes:
            claims.append(Claim(" ".join(fold_whitespace(q.text) for q in quotes), tuple(quotes)))
    verdict: Verdict = "grounded" if claims else "unsupported"
    if any(s.claim for s in evidence.selections):
        prose = _written_prose(claims, evidence.missing_facts, titles)
    else:
        prose = _prose([q for c in claims for q in c.quotes], evidence.missing_facts, titles)
    return Answer(
        question_id=question.question_id,
        question=question.question,
        verdict=verdict,
        answer=prose,
        claims=tuple(claims),
        discarded_quotes=tuple(discarded),
        missing_facts=evidence.missing_facts,
        searches=evidence.searches,
        fields=question.fields,
    )


def _prose(quotes: list[Quote], missing: tuple[str, ...], titles: dict[str, str]) -> str:
    if not quotes:
        lines = ["The documents do not answer this question."]
        lines += [f"- {fact}" for fact in missing]
        return "\n".join(lines)
    lines = ["The documents state:"]
    lines += [
        f"- “{fold_whitespace(q.text)}” ({titles.get(q.document, q.document)}, {q.document})"
        for q in quotes
    ]
    if missing:
        lines.append("Not covered by the documents:")
        lines += [f"- {fact}" for fact in missing]
    return "\n".join(lines)


def _with_claim(claims: list[Claim], text: str, quotes: list[Quote]) -> Claim:
    """A model-written claim whose quotes span several passages arrives as one
    selection per passage: they become one claim again."""
    if claims and claims[-1].text == text:
        return Claim(text, claims.pop().quotes + tuple(quotes))
    return Claim(text, tuple(quotes))


def _written_prose(claims: list[Claim], missing: tuple[str, ...], titles: dict[str, str]) -> str:
    """Prose for model-written claims: each claim, then the quotes that support it."""
    if not claims:
        return _prose([], missing, titles)
    lines = ["According to the documents:"]
    for claim in claims:
        lines.append(f"- {claim.text}")
        lines += [
            f"  - “{fold_whitespace(q.text)}” ({titles.get(q.document, q.document)}, {q.document})"
            for q in claim.quotes
        ]
    if missing:
        lines.append("Not covered by the documents:")
        lines += [f"- {fact}" for fact in missing]
    return "\n".join(lines)
