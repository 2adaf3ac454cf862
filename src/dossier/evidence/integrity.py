"""What must hold of every answer that reaches ``dossier.json``, reused or computed.

A cache is a speed-up, never a source of truth. Whatever an answer's source (made
now, or read back from ``<out>/cache/answers``), before it enters the record:

1. every quote of every claim is the cited document's extracted text, in this
   build, at the quote's offsets, inside the passage it cites;
2. a ``grounded`` answer has at least one claim, and every claim at least one
   quote;
3. (answers read back from the cache) the critic's checks of each claim against
   its own quotes, run again now, find nothing the stored answer does not
   already record: a stored answer cannot lose a finding that would escalate it.

``answer_problems`` returns what fails, in words; an empty list means the answer
may be used. Checking is a slice comparison per quote (and, for reused answers,
the critic's deterministic checks), cheap enough to run on every build.
"""

from __future__ import annotations

from collections.abc import Mapping

from dossier.evidence.critic import critique
from dossier.records import Answer, ChunkLookup, Document, Quote


def quote_problem(
    quote: Quote, documents: Mapping[str, Document], chunk_of: ChunkLookup
) -> str | None:
    """Why a quote is not its document's text at its offsets in this build, or None."""
    document = documents.get(quote.document)
    if document is None:
        return f"{quote.document or 'its document'} is not in this build's corpus"
    if document.text[quote.start : quote.end] != quote.text or quote.start >= quote.end:
        return f"it is not the text of {quote.document} at {quote.start}–{quote.end}"
    chunk = chunk_of(quote.chunk_id)
    if chunk is None or chunk.document != quote.document:
        return f"it cites passage {quote.chunk_id}, which {quote.document} does not hold now"
    if not chunk.start <= quote.start < quote.end <= chunk.end:
        return f"it lies outside the passage it cites ({quote.chunk_id})"
    return None


def quote_problems(
    answer: Answer, documents: Mapping[str, Document], chunk_of: ChunkLookup
) -> list[str]:
    """Each quote of the answer that fails ``quote_problem``, named."""
    problems = []
    for c, claim in enumerate(answer.claims, 1):
        for q, quote in enumerate(claim.quotes, 1):
            problem = quote_problem(quote, documents, chunk_of)
            if problem is not None:  # named by place, never by its (possibly invented) text
                problems.append(f"quote {q} of statement {c}: {problem}")
    return problems


def shape_problems(answer: Answer) -> list[str]:
    """A grounded answer states something, and every statement has quotes."""
    if answer.verdict != "grounded":
        return []
    if not answer.claims or any(not claim.quotes for claim in answer.claims):
        return ["it is grounded without a quoted statement"]
    return []


def missing_findings(answer: Answer, chunk_of: ChunkLookup, titles: dict[str, str]) -> list[str]:
    """Findings the critic makes now about a claim and its own quotes that the
    answer does not record (compared by check and detail: the index of a claim
    may differ, since the stored claims are those left after validation)."""
    recorded = {(f.check, f.detail) for f in answer.findings}
    now = critique(answer.question, answer.claims, chunk_of, titles)
    return [
        f"it lacks the critic's finding ({f.check}: {f.detail})"
        for f in now
        if f.claim >= 0 and (f.check, f.detail) not in recorded
    ]


def answer_problems(
    answer: Answer,
    documents: Mapping[str, Document],
    chunk_of: ChunkLookup,
    titles: dict[str, str],
    *,
    reused: bool,
) -> list[str]:
    """Everything that keeps an answer out of the record (empty: it may enter)."""
    problems = quote_problems(answer, documents, chunk_of) + shape_problems(answer)
    if reused and not problems:
        problems += missing_findings(answer, chunk_of, titles)
    return problems
