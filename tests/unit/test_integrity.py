"""Unit tests for dossier.evidence.integrity: what every answer must satisfy before
it enters the record, whether it was made now or read back from the cache."""

from __future__ import annotations

import dataclasses

import pytest

from dossier.evidence.calculate import calculate
from dossier.evidence.compose import assessment_basis, prose_of
from dossier.evidence.integrity import answer_problems
from dossier.records import (
    Answer,
    Chunk,
    Claim,
    Document,
    Finding,
    Quote,
    RelatedPassage,
    Validation,
    Verdict,
)

TEXT = "# Access\n\nMFA is required for all staff.\n\nPasswords rotate every 90 days.\n"
MFA = "MFA is required for all staff."
DOC = Document("a.md", "0" * 64, "1" * 64, TEXT, "Access", {}, None, None, ())
START = TEXT.index(MFA)
CHUNK = Chunk("c1", "a.md", START, START + len(MFA), MFA, "Access")
OTHER = TEXT.index("Passwords")
SECOND = Chunk("c2", "a.md", OTHER, len(TEXT) - 1, TEXT[OTHER:-1], "Access")
CHUNKS = {c.chunk_id: c for c in (CHUNK, SECOND)}
TITLES = {"a.md": "Access"}


def answer(
    *claims: Claim, verdict: Verdict = "grounded", findings: tuple[Finding, ...] = ()
) -> Answer:
    """An answer as composing writes it: its prose made from its statements."""
    short = {"grounded": "Yes", "escalate": "Needs review"}.get(verdict, "Not covered")
    made = Answer("Q1", "Is MFA required?", verdict, "", claims, (), (), (), findings=findings)
    counts = Validation(len(claims), len(claims), 0, 0)
    made = dataclasses.replace(made, short_answer=short, validation=counts)
    return dataclasses.replace(made, answer=prose_of(made, TITLES))


def problems(a: Answer, *, reused: bool = True) -> list[str]:
    return answer_problems(a, {"a.md": DOC}, CHUNKS.get, TITLES, reused=reused)


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


INVENTED = "We hold FedRAMP High authorization."


def test_a_reused_answer_says_nothing_its_statements_do_not() -> None:
    honest = answer(Claim(MFA, (quote(),)))
    prose = dataclasses.replace(honest, answer=f"Yes. {INVENTED}")
    assert problems(prose) == ["its prose is not what its statements and short answer make"]
    assert problems(prose, reused=False) == []  # made now: composing wrote it
    short = dataclasses.replace(honest, short_answer=INVENTED)
    short = dataclasses.replace(short, answer=prose_of(short, TITLES))  # prose made to match
    assert problems(short) == ["its short answer is neither a fixed word nor words of its quotes"]
    value = dataclasses.replace(honest, short_answer="required for all staff")
    value = dataclasses.replace(value, answer=prose_of(value, TITLES))
    assert problems(value) == []  # a value as the quote states it
    finding = Finding("carried", 0, "its quotes state 0% of the statement's content words")
    flagged = dataclasses.replace(honest, findings=(finding,))
    assert "it is grounded, yet records findings that escalate it" in problems(flagged)
    related = dataclasses.replace(honest, related=(RelatedPassage("c9", "a.md", 0.5),))
    assert problems(related) == ["its related passage c9 is not one this build holds"]
    assert (
        problems(dataclasses.replace(related, related=(RelatedPassage("c2", "a.md", 0.5),))) == []
    )


def _with_short(base: Answer, short: str, verdict: Verdict = "grounded") -> Answer:
    made = dataclasses.replace(base, short_answer=short, verdict=verdict)
    return dataclasses.replace(made, answer=prose_of(made, TITLES))


@pytest.mark.parametrize(
    ("short", "verdict", "problem"),
    [
        ("Yes; every 90 days", "grounded", None),
        ("required for all staff; every 90 days", "grounded", None),
        ("Yes; every 30 days", "grounded", "not words of its quotes"),
        ("Yes; 0 days", "grounded", "not words of its quotes"),  # whole words only
        ("Yes; ry 90", "grounded", "not words of its quotes"),
        ("No; every 90 days", "grounded", "after neither a Yes nor a value"),
        ("Documented; every 90 days", "grounded", "after neither a Yes nor a value"),
        ("Needs review; 90 days", "escalate", "after neither a Yes nor a value"),
        ("Not covered; every 90 days", "unsupported", "after neither a Yes nor a value"),
    ],
)
def test_a_further_value_in_the_short_answer_is_checked_like_the_first(
    short: str, verdict: Verdict, problem: str | None
) -> None:
    """A short answer in parts ("Yes; every 90 days"): a further value follows only
    a grounded Yes or value and is whole words of the quotes, so a poisoned cache
    entry cannot slip one in."""
    rotation = "Passwords rotate every 90 days."
    second = quote(rotation, OTHER, chunk="c2")
    both = answer(Claim(MFA, (quote(),)), Claim(rotation, (second,)))
    found = [p for p in problems(_with_short(both, short, verdict)) if "short answer" in p]
    assert found == ([] if problem is None else [found[0]])
    assert problem is None or problem in found[0]


def test_the_first_part_of_a_short_answer_is_whole_words_of_the_quotes() -> None:
    honest = answer(Claim(MFA, (quote(),)))
    assert problems(_with_short(honest, "all staff")) == []
    assert problems(_with_short(honest, "ll sta")) == [
        "its short answer is neither a fixed word nor words of its quotes"
    ]


def test_a_reused_assessment_is_a_calculation_of_its_quotes() -> None:
    rotate = TEXT[OTHER : len(TEXT) - 1]
    fact = Claim(rotate, (quote(rotate, OTHER, "c2"),))
    sum_ = calculate("sum", ("90", "90"), [rotate])
    honest = answer(fact, Claim(sum_.result, fact.quotes, "assessment", assessment_basis(sum_)))
    honest = dataclasses.replace(honest, calculations=(sum_,))
    honest = dataclasses.replace(honest, answer=prose_of(honest, TITLES))
    assert problems(honest) == []
    forged = dataclasses.replace(sum_, result="365", expression="sum(90, 90) = 365")
    lied = dataclasses.replace(honest, calculations=(forged,))
    assert problems(lied)[0] == "its calculation sum(90, 90) = 365 gives sum(90, 90) = 180"
    claims = (fact, Claim(INVENTED, fact.quotes, "assessment", "calculator: trust me"))
    invented = dataclasses.replace(honest, claims=claims)
    invented = dataclasses.replace(invented, answer=prose_of(invented, TITLES))
    assert problems(invented) == ["statement 2 is an assessment no calculation of its quotes gives"]


def test_a_reused_answers_verdict_and_counts_are_those_its_statements_make() -> None:
    grounded = answer(Claim(MFA, (quote(),)))
    assert problems(grounded) == []
    hidden = dataclasses.replace(grounded, verdict="unsupported")
    assert "its verdict is unsupported, not the grounded its statements make" in problems(hidden)
    counted = dataclasses.replace(grounded, validation=Validation(9, 9, 0, 0))
    assert "its validation counts are not those of its statements and quotes" in problems(counted)
    assert problems(counted, reused=False) == []  # made now: composing counted them
