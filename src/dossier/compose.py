"""Turn the engine's evidence into an answer; every quote passes the verifier first."""

from __future__ import annotations

from collections.abc import Callable

from dossier.engine import Evidence
from dossier.records import Answer, Chunk, Claim, DiscardedQuote, Question, Quote
from dossier.textutil import fold_whitespace
from dossier.verify import verify_quote

ChunkLookup = Callable[[str], Chunk | None]


def compose_answer(question: Question, evidence: Evidence, chunk_of: ChunkLookup, titles: dict[str, str]) -> Answer:
    claims: list[Claim] = []
    discarded = list(evidence.discarded)
    for selection in evidence.selections:
        chunk = chunk_of(selection.chunk_id)
        if chunk is None:
            discarded.append(
                DiscardedQuote(selection.quote, "", selection.chunk_id, "cites a passage this build does not hold")
            )
            continue
        check = verify_quote(selection.quote, chunk)
        if check.quote is None:
            discarded.append(DiscardedQuote(selection.quote, chunk.document, chunk.chunk_id, check.reason))
            continue
        claims.append(Claim(fold_whitespace(check.quote.text), (check.quote,)))
    verdict = "grounded" if claims else "unsupported"
    return Answer(
        question_id=question.question_id,
        question=question.question,
        verdict=verdict,
        answer=_prose([c.quotes[0] for c in claims], evidence.missing_facts, titles),
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
    lines += [f"- “{fold_whitespace(q.text)}” ({titles.get(q.document, q.document)}, {q.document})" for q in quotes]
    if missing:
        lines.append("Not covered by the documents:")
        lines += [f"- {fact}" for fact in missing]
    return "\n".join(lines)
