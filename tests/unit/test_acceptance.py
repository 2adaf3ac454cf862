"""The acceptance check sees only the question and the answer's statements."""

from __future__ import annotations

import pytest

from dossier.evidence.compose import ComposeContext, compose_answer
from dossier.records import Answer, Brief, Chunk, Evidence, MissingFact, Question, Selection
from dossier.research.acceptance import _repair_brief, answer_question, check
from dossier.research.brief import make_brief

BRIEF = make_brief(Question("Q", "How often are backups taken, and how long are backups retained?"))


def test_complete_when_every_fact_is_answered_with_its_kind_of_value() -> None:
    verdict, gaps = check(BRIEF, "Backups are taken daily and retained for 35 days.")
    assert verdict.verdict == "complete" and gaps == ()


def test_incomplete_names_the_fact_missing_its_value() -> None:
    verdict, gaps = check(BRIEF, "Backups are taken daily.")
    assert verdict.verdict == "incomplete"
    assert verdict.gaps == (
        "the answer does not state the period for: how long are backups retained?",
    )
    assert [f.asks for f in gaps] == ["duration"]


def test_wrong_question_restates_it() -> None:
    verdict, _ = check(BRIEF, "Visitors sign in at reception.")
    assert verdict.verdict == "wrong_question"
    assert verdict.restated == "backups taken retained"


TEXT_A = "Backups are taken daily."
TEXT_B = "Backups are retained for 35 days."
CHUNKS = {
    "a": Chunk("a", "bc.md", 0, len(TEXT_A), TEXT_A, ""),
    "b": Chunk("b", "bc.md", 30, 30 + len(TEXT_B), TEXT_B, ""),
}


def test_a_repair_researches_the_gap_and_is_bounded() -> None:
    briefs: list[Brief] = []

    def research(brief: Brief) -> Evidence:
        briefs.append(brief)
        chosen = "a" if len(briefs) == 1 else "b"
        return Evidence(brief, (), (Selection(chosen, (CHUNKS[chosen].text,), 0, 1.0),), (), ())

    def compose(evidence: Evidence) -> Answer:
        context = ComposeContext(CHUNKS.get, {})
        return compose_answer(Question("Q", BRIEF.question), evidence, context)

    answer, evidence = answer_question(BRIEF, research, compose, max_repairs=1)
    assert len(briefs) == 2
    assert [f.asks for f in briefs[1].facts] == ["duration"]
    assert answer.acceptance is not None
    assert (answer.acceptance.verdict, answer.acceptance.attempts) == ("complete", 2)
    assert [s.kind for s in evidence.steps] == ["repair"]


def test_an_unrepairable_shortfall_is_recorded_not_dissolved() -> None:
    calls = []

    def research(brief: Brief) -> Evidence:
        calls.append(brief)
        return Evidence(brief, (), (Selection("a", (TEXT_A,), 0, 1.0),), (), ())

    def compose(evidence: Evidence) -> Answer:
        return compose_answer(
            Question("Q", BRIEF.question), evidence, ComposeContext(CHUNKS.get, {})
        )

    answer, _ = answer_question(BRIEF, research, compose, max_repairs=1)
    assert len(calls) == 2  # one repair, then it stops
    assert answer.acceptance is not None
    assert answer.acceptance.verdict == "incomplete"
    assert answer.acceptance.attempts == 2
    assert answer.acceptance.gaps


def test_an_ambiguity_is_acted_on_only_when_its_readings_lead_to_different_answers() -> None:
    from dossier.records import Ambiguity, Reading

    brief = make_brief(Question("Q", "Do you encrypt customer data at rest or in transit?"))
    (ambiguity,) = brief.ambiguities
    assert ambiguity.text == "at rest or in transit"
    assert ambiguity.acted_on
    same = Ambiguity("x or y", (Reading("one", "yes"), Reading("other", "yes")))
    silent = Ambiguity("x or y", (Reading("one", "yes"), Reading("other", "")))
    assert not same.acted_on and not silent.acted_on


def test_a_hyphened_word_is_one_word_of_an_alternative() -> None:
    question = "Do you perform background screenings or multi-state background checks?"
    (ambiguity,) = make_brief(Question("Q", question)).ambiguities
    assert ambiguity.text == "background screenings or multi-state background"


def test_each_alternative_of_an_acted_on_ambiguity_must_be_addressed() -> None:
    brief = make_brief(Question("Q", "Do you encrypt customer data at rest or in transit?"))
    verdict, gaps = check(brief, "Customer data is encrypted at rest with AES-256.")
    assert verdict.verdict == "incomplete"
    assert verdict.gaps == ("the answer does not address 'in transit' (at rest or in transit)",)
    assert [f.text for f in gaps] == ["in transit"]
    complete, _ = check(brief, "Customer data is encrypted at rest, and with TLS in transit.")
    assert complete.verdict == "complete"


def test_the_brief_restates_assumes_and_names_its_acceptance_criteria() -> None:
    assert BRIEF.restatement.startswith("The documents must show: how often for:")
    assert BRIEF.acceptance == (
        "how often for: How often are backups taken",
        "the period for: how long are backups retained",
    )
    assert any("current practice" in a for a in BRIEF.assumptions)
    assert BRIEF.ambiguities == ()


def test_a_repair_replaces_the_missing_entry_of_the_part_it_found() -> None:
    """The repaired part's entry goes, matched by the part it is about; an entry
    whose words happen to contain the part's text but is about the whole question
    (a model's own words) stays: what is missing is never dissolved by wording."""
    retained = BRIEF.facts[1].text
    first_missing = (
        MissingFact("The documents do not state the period for: retention", retained),
        MissingFact(f"the reviewer should confirm {retained.rstrip('?. ')}"),
    )
    rounds: list[Brief] = []

    def research(brief: Brief) -> Evidence:
        rounds.append(brief)
        if len(rounds) == 1:
            return Evidence(brief, (), (Selection("a", (TEXT_A,), 0, 1.0),), (), first_missing)
        return Evidence(brief, (), (Selection("b", (TEXT_B,), 0, 1.0),), (), ())

    def compose(evidence: Evidence) -> Answer:
        context = ComposeContext(CHUNKS.get, {})
        return compose_answer(Question("Q", BRIEF.question), evidence, context)

    _, evidence = answer_question(BRIEF, research, compose, max_repairs=1)
    assert evidence.missing_facts == (first_missing[1],)


def test_a_repair_of_a_part_naming_only_the_value_searches_the_first_parts_subject() -> None:
    """ "..., and within what time?" repaired on its own words would take any period
    ("The recovery time objective is 24 hours"): the repair asks it of the accounts."""
    brief = make_brief(Question("Q", "Are a leaver's accounts disabled, and within what time?"))
    verdict, gaps = check(brief, "Accounts of leavers are disabled.")
    assert verdict.verdict == "incomplete"
    repair = _repair_brief(brief, verdict, gaps, Evidence(brief, (), (), (), ()))
    assert set(brief.facts[0].terms) <= set(repair.facts[0].terms)
    assert "account" in repair.query.lower()


COPY = "A copy of each backup is replicated to cloud storage."
NIGHTLY = "Servers are backed up nightly."


@pytest.mark.parametrize(
    "repair_quotes",
    [(COPY, NIGHTLY), (f"{COPY} {NIGHTLY}",)],
    ids=["the held sentence and another", "one quote holding both"],
)
def test_a_repair_finding_another_sentence_of_a_quoted_passage_adds_it(
    repair_quotes: tuple[str, ...],
) -> None:
    """ "Is cloud data periodically backed up?": the first round quoted "a copy is
    replicated to cloud storage"; the repair, asked how often, found "backed up nightly"
    in the same passage (as a quote of its own, or in one quote with the held sentence),
    and the answer still said the documents do not state how often. A sentence the first
    round quoted already is not added twice."""
    text = f"{COPY} {NIGHTLY}"
    chunks = {"p": Chunk("p", "backup.md", 0, len(text), text, "Backup")}
    brief = make_brief(Question("Q", "Is cloud data periodically backed up?"))
    rounds: list[Brief] = []

    def research(asked: Brief) -> Evidence:
        rounds.append(asked)
        chosen = (COPY,) if len(rounds) == 1 else repair_quotes
        return Evidence(asked, (), (Selection("p", chosen, 0, 1.0, focus=NIGHTLY),), (), ())

    def compose(evidence: Evidence) -> Answer:
        return compose_answer(
            Question("Q", brief.question), evidence, ComposeContext(chunks.get, {})
        )

    answer, evidence = answer_question(brief, research, compose, max_repairs=1)
    assert [s.quotes for s in evidence.selections] == [(COPY,), (NIGHTLY,)]
    assert evidence.selections[1].focus == NIGHTLY
    assert answer.acceptance is not None and answer.acceptance.verdict == "complete"
    assert [q.text for c in answer.claims for q in c.quotes] == [COPY, NIGHTLY]


def test_a_short_repair_quote_of_another_sentence_is_kept_whole() -> None:
    """Only what is left around a held quote must be long enough to stand alone; a short
    quote of its own ("Quarterly.") is kept."""
    from dossier.research.acceptance import _beyond

    assert _beyond("Quarterly.", ["Access is reviewed."]) == ["Quarterly."]
    assert _beyond("Access is reviewed. Quarterly.", ["Access is reviewed."]) == []
    # a cut between list items leaves no bullet behind
    listed = (
        "New starters are trained within 30 days. \u2022 All staff are trained yearly. "
        "\u2022 Staff acknowledge the policy yearly."
    )
    assert _beyond(listed, ["All staff are trained yearly."]) == [
        "New starters are trained within 30 days.",
        "Staff acknowledge the policy yearly.",
    ]


def test_a_repair_quote_not_naming_the_subject_is_not_added() -> None:
    """ "Are penetration tests performed by an independent third party at least
    annually?": the first round quoted the policy's "may engage qualified third parties to
    perform penetration testing"; the repair, searching "at least annually", found "The
    Disaster Recovery Plan shall be tested at least annually" and the answer said Yes. A
    repair's quote must name what sets the subject apart (penetration)."""
    first = "Acme may engage qualified third parties to perform penetration testing."
    other = "The Disaster Recovery Plan shall be tested at least annually."
    own = "Penetration tests are performed by an independent firm at least annually."
    text = f"{first} {other} {own}"
    chunks = {"p": Chunk("p", "ops.md", 0, len(text), text, "Operations")}
    question = "Are penetration tests performed by an independent third party at least annually?"
    brief = make_brief(Question("Q", question))

    def run(repair_quote: str) -> Evidence:
        rounds: list[Brief] = []

        def research(asked: Brief) -> Evidence:
            rounds.append(asked)
            chosen = (first,) if len(rounds) == 1 else (repair_quote,)
            return Evidence(asked, (), (Selection("p", chosen, 0, 1.0),), (), ())

        def compose(evidence: Evidence) -> Answer:
            return compose_answer(
                Question("Q", brief.question), evidence, ComposeContext(chunks.get, {})
            )

        return answer_question(brief, research, compose, max_repairs=1)[1]

    assert [s.quotes for s in run(other).selections] == [(first,)]
    assert [s.quotes for s in run(own).selections] == [(first,), (own,)]
