"""What must hold of every answer that reaches ``dossier.json``, reused or computed.

A cache is a speed-up, never a source of truth. Whatever an answer's source (made
now, or read back from ``<out>/cache/answers``), before it enters the record:

1. every quote of every claim is the cited document's extracted text, in this
   build, at the quote's offsets, inside the passage it cites;
2. a ``grounded`` answer has at least one claim, and every claim at least one
   quote;
3. (answers read back from the cache) the critic's checks of each claim against
   its own quotes, run again now, find nothing the stored answer does not
   already record: a stored answer cannot lose a finding that would escalate it;
4. (answers read back from the cache) its own words are those its statements
   and quotes make: a grounded answer records no finding, each calculation
   gives its result again over its quotes, each assessment is a calculation's
   result and basis, the short answer is one of the fixed words, a
   calculation's result or words of its quotes, the prose is what composing
   writes for all of that, its verdict and validation counts are what its
   statements and findings make, and each related passage is one this build holds;
5. (answers of a deterministic engine read back from the cache) the answer is the
   one the engine gives now, whole (checked by the build, ``build.Answerer``).

``answer_problems`` returns what fails, in words; an empty list means the answer
may be used. Checking is a slice comparison per quote (and, for reused answers,
the critic's deterministic checks), cheap enough to run on every build.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from dossier.common.textutil import fold_whitespace
from dossier.evidence import calculate
from dossier.evidence.compose import assessment_basis, prose_of
from dossier.evidence.critic import critique
from dossier.evidence.short_answer import (
    DOCUMENTED,
    NEEDS_REVIEW,
    NO,
    NOT_COVERED,
    SHORT_ANSWER_PARTS,
    YES,
)
from dossier.records import Answer, ChunkLookup, Document, Quote

FIXED_SHORT_ANSWERS = frozenset({YES, NO, NOT_COVERED, NEEDS_REVIEW, DOCUMENTED})


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


def missing_findings(answer: Answer, chunk_of: ChunkLookup, titles: Mapping[str, str]) -> list[str]:
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


def calculation_problems(answer: Answer) -> list[str]:
    """Each calculation run again over the answer's quoted facts, and each
    assessment matched to a calculation (its result and its basis)."""
    quoted = [q.text for claim in answer.claims if claim.kind == "fact" for q in claim.quotes]
    problems = []
    for calculation in answer.calculations:
        try:
            again = calculate.calculate(calculation.operation, calculation.operands, quoted)
        except calculate.CalculatorRefusal as refusal:
            again = None
            problems.append(f"its calculation {calculation.expression} is refused ({refusal})")
        if again is not None and again != calculation:
            problems.append(f"its calculation {calculation.expression} gives {again.expression}")
    derived = {(c.result, assessment_basis(c)) for c in answer.calculations}
    problems += [
        f"statement {n} is an assessment no calculation of its quotes gives"
        for n, claim in enumerate(answer.claims, 1)
        if claim.kind == "assessment" and (claim.text, claim.basis) not in derived
    ]
    return problems


def wording_problems(answer: Answer, chunk_of: ChunkLookup, titles: Mapping[str, str]) -> list[str]:
    """What an answer says beyond its statements must come from them: the short
    answer, the prose, the related passages (see point 4 above)."""
    problems = calculation_problems(answer)
    if answer.verdict == "grounded" and answer.findings:  # composing escalates on any finding
        problems.append("it is grounded, yet records findings that escalate it")
    else:
        problems += record_problems(answer)
    quoted = fold_whitespace(" ".join(q.text for c in answer.claims for q in c.quotes)).lower()
    problems += short_answer_problems(answer, quoted)
    if answer.answer != prose_of(answer, titles):
        problems.append("its prose is not what its statements and short answer make")
    for related in answer.related:
        chunk = chunk_of(related.chunk_id)
        if chunk is None or chunk.document != related.document:
            problems.append(f"its related passage {related.chunk_id} is not one this build holds")
    return problems


def record_problems(answer: Answer) -> list[str]:
    """The verdict and the validator's counts are what composing makes of the
    answer's own statements and findings: escalated when it records a finding,
    else grounded when it states something, else unsupported; the counts are its
    statements, kept and dropped, and its discarded quotes."""
    expected = "escalate" if answer.findings else "grounded" if answer.claims else "unsupported"
    problems = []
    if answer.verdict != expected:
        problems.append(f"its verdict is {answer.verdict}, not the {expected} its statements make")
    counts = answer.validation
    if (
        counts.supported != len(answer.claims)
        or counts.statements_checked != counts.supported + counts.dropped
        or counts.dropped > len(answer.dropped_claims)
        or counts.discarded_quotes != len(answer.discarded_quotes)
    ):
        problems.append("its validation counts are not those of its statements and quotes")
    return problems


def short_answer_problems(answer: Answer, quoted: str) -> list[str]:
    """The short answer is a fixed word, a calculation's result or words of the
    quotes (``quoted``: folded, lower case); a further part's value (after "; ")
    follows only a grounded Yes or value, and is words of the quotes too."""
    first, *further = answer.short_answer.split(SHORT_ANSWER_PARTS)
    results = {c.result for c in answer.calculations}
    value = first not in FIXED_SHORT_ANSWERS and first not in results  # read off a quote
    problems = []
    if value and not _words_of(first, quoted):
        problems.append("its short answer is neither a fixed word nor words of its quotes")
    if not further:
        return problems
    if answer.verdict != "grounded" or not (first == YES or value):
        problems.append("its short answer gives a further value after neither a Yes nor a value")
    if not all(_words_of(part, quoted) for part in further):
        problems.append("its short answer gives a further value that is not words of its quotes")
    return problems


def _words_of(text: str, quoted: str) -> bool:
    """Whether ``text`` is whole words of ``quoted`` (folded, lower case)."""
    wanted = fold_whitespace(text).lower()
    return bool(wanted) and re.search(rf"(?<!\w){re.escape(wanted)}(?!\w)", quoted) is not None


def answer_problems(
    answer: Answer,
    documents: Mapping[str, Document],
    chunk_of: ChunkLookup,
    titles: Mapping[str, str],
    *,
    reused: bool,
) -> list[str]:
    """Everything that keeps an answer out of the record (empty: it may enter)."""
    problems = quote_problems(answer, documents, chunk_of) + shape_problems(answer)
    if reused and not problems:
        problems += missing_findings(answer, chunk_of, titles)
        problems += wording_problems(answer, chunk_of, titles)
    return problems
