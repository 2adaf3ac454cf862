"""Unit tests for dossier.evidence.integrity: what every answer must satisfy before
it enters the record, whether it was made now or read back from the cache."""

from __future__ import annotations

import dataclasses

from dossier.evidence.integrity import answer_problems
from dossier.records import Answer, Chunk, Claim, Document, Finding, Quote, Verdict

TEXT = "# Access\n\nMFA is required for all staff.\n\nPasswords rotate every 90 days.\n"
MFA = "MFA is required for all staff."
DOC = Document("a.md", "0" * 64, "1" * 64, TEXT, "Access", {}, None, None, ())
START = TEXT.index(MFA)
CHUNK = Chunk("c1", "a.md", START, START + len(MFA), MFA, "Access")
OTHER = TEXT.index("Passwords")
SECOND = Chunk("c2", "a.md", OTHER, len(TEXT) - 1, TEXT[OTHER:-1], "Access")
CHUNKS = {c.chunk_id: c for c in (CHUNK, SECOND)}


def answer(
    *claims: Claim, verdict: Verdict = "grounded", findings: tuple[Finding, ...] = ()
) -> Answer:
    return Answer(
        "Q1",
        "Is MFA required?",
        verdict,
        "The documents state: ...",
        claims,
        (),
        (),
        (),
        findings=findings,
    )


def problems(a: Answer, *, reused: bool = True) -> list[str]:
    return answer_problems(a, {"a.md": DOC}, CHUNKS.get, {"a.md": "Access"}, reused=reused)


def quote(text: str = MFA, start: int = START, chunk: str = "c1", document: str = "a.md") -> Quote:
    return Quote(text, document, chunk, start, start + len(text))


def test_an_answer_quoting_its_document_exactly_passes() -> None:
    assert problems(answer(Claim(MFA, (quote(),)))) == []


def test_a_quote_is_checked_against_the_document_at_its_offsets() -> None:
    invented = "We hold FedRAMP High authorization."
    bad = Quote(invented, "a.md", "c1", START, START + len(invented))
    assert problems(answer(Claim(MFA, (bad,)))) == [
        f"quote 1 of statement 1: it is not the text of a.md at {START}–{START + len(invented)}"
    ]
    moved = dataclasses.replace(quote(), start=START + 1, end=START + 1 + len(MFA))
    assert "it is not the text of a.md" in problems(answer(Claim(MFA, (moved,))))[0]


def test_a_quote_must_lie_in_a_passage_of_this_build_that_its_document_holds() -> None:
    outside = quote(chunk="c2")  # the right text, cited to the other passage
    assert problems(answer(Claim(MFA, (outside,)))) == [
        "quote 1 of statement 1: it lies outside the passage it cites (c2)"
    ]
    gone = quote(chunk="c9")
    assert "which a.md does not hold now" in problems(answer(Claim(MFA, (gone,))))[0]
    elsewhere = quote(document="b.md")
    assert "b.md is not in this build's corpus" in problems(answer(Claim(MFA, (elsewhere,))))[0]


def test_a_grounded_answer_states_something_with_quotes() -> None:
    assert problems(answer()) == ["it is grounded without a quoted statement"]
    assert problems(answer(Claim(MFA, ()))) == ["it is grounded without a quoted statement"]
    assert problems(answer(verdict="unsupported")) == []


def test_a_reused_answer_may_not_lack_a_finding_the_critic_makes_now() -> None:
    lie = "Yes. This is fully implemented for every system, confirmed by an independent auditor."
    stripped = answer(Claim(lie, (quote(),)))
    (problem,) = problems(stripped)
    assert problem.startswith("it lacks the critic's finding (carried: its quotes state")
    assert problems(stripped, reused=False) == []  # made now: composing ran the critic itself
    detail = problem.removeprefix("it lacks the critic's finding (carried: ").removesuffix(")")
    kept = answer(
        Claim(lie, (quote(),)), verdict="escalate", findings=(Finding("carried", 3, detail),)
    )
    assert problems(kept) == []  # recorded (its index may differ: claims were dropped)
