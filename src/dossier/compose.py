"""Turn the engine's evidence into an answer; every quote passes the verifier first."""

from __future__ import annotations

from collections.abc import Callable

from dossier.engine import Evidence
from dossier.records import Answer, Chunk, Claim, DiscardedQuote, Question, Quote, Verdict
from dossier.textutil import fold_whitespace
from dossier.verify import QuoteVerifier

ChunkLookup = Callable[[str], Chunk | None]


def compose_answer(
    question: Question,
    evidence: Evidence,
    chunk_of: ChunkLookup,
    titles: dict[str, str],
    verifier: QuoteVerifier | None = None,  # one per build keeps each chunk folded once
) -> Answer:
    verifier = verifier or QuoteVerifier()
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
            check = verifier.verify(text, chunk)
            if check.quote is None:
                discarded.append(DiscardedQuote(text, chunk.document, chunk.chunk_id, check.reason))
            else:
                quotes.append(check.quote)
        if quotes:
            claims.append(Claim(" ".join(fold_whitespace(q.text) for q in quotes), tuple(quotes)))
    verdict: Verdict = "grounded" if claims else "unsupported"
    return Answer(
        question_id=question.question_id,
        question=question.question,
        verdict=verdict,
        answer=_prose([q for c in claims for q in c.quotes], evidence.missing_facts, titles),
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
