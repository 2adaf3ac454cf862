"""The naive single-shot baseline that `dossier eval` measures the pipeline against:
one hybrid search with the question as asked, the top passages quoted whole, no
research loop, no thresholds, no abstention."""

from __future__ import annotations

from collections.abc import Sequence

from dossier.index.hybrid import HybridIndex
from dossier.records import Answer, Claim, Question, Quote, Search

BASELINE_PASSAGES = 3


def baseline_answers(questions: Sequence[Question], index: HybridIndex) -> list[Answer]:
    answers = []
    for question in questions:
        hits = tuple(index.search(question.question, BASELINE_PASSAGES))
        chunks = [index.chunk(hit.chunk_id) for hit in hits]
        quotes = [Quote(c.text, c.document, c.chunk_id, c.start, c.end) for c in chunks]
        claims = tuple(Claim(q.text, (q,)) for q in quotes)
        answers.append(
            Answer(
                question_id=question.question_id,
                question=question.question,
                verdict="grounded" if claims else "unsupported",
                answer="\n".join(q.text for q in quotes),
                claims=claims,
                discarded_quotes=(),
                missing_facts=(),
                searches=(Search(question.question, hits),),
            )
        )
    return answers
