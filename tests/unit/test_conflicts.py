"""Front-matter settles disagreeing passages; what it cannot settle is escalated."""

from __future__ import annotations

import re

from dossier.ingest.authority import Authority, NotInForce
from dossier.records import Chunk
from dossier.research.conflicts import settle, values_in

FREQUENCY = re.compile(r"\b(annual(ly)?|quarterly|monthly|every\s+\w+)\b", re.I)


def chunk(chunk_id: str, document: str, text: str) -> Chunk:
    return Chunk(chunk_id, document, 0, len(text), text, "")


CHUNKS = {
    "new": chunk("new", "new.md", "Access reviews are performed quarterly by owners."),
    "old": chunk("old", "old.md", "Access reviews are performed annually by owners."),
    "same": chunk("same", "other.md", "Access reviews are performed quarterly by managers."),
}
TERMS = ("access", "review", "perform")


def authority(dates: dict[str, str], reasons: dict[str, NotInForce] | None = None) -> Authority:
    return Authority(reasons or {}, dates)


def test_frequency_values_compare_by_period() -> None:
    assert values_in("reviewed annually", FREQUENCY) == values_in("every year", FREQUENCY)
    assert values_in("ninety days", None) == values_in("90 days", None)


def test_the_newer_current_document_wins_and_the_older_is_disclosed() -> None:
    outcome = settle(
        ["old", "new"],
        [],
        CHUNKS.__getitem__,
        authority({"new.md": "2026-01-01", "old.md": "2024-01-01"}),
        TERMS,
        FREQUENCY,
    )
    assert outcome.keep == ("new",)
    assert "old.md (effective 2024-01-01) is older" in outcome.disclosures[0]
    assert outcome.conflicts == ()


def test_undated_disagreement_is_a_conflict_not_a_ranking() -> None:
    outcome = settle(["new", "old"], [], CHUNKS.__getitem__, authority({}), TERMS, FREQUENCY)
    assert outcome.keep == ("new", "old")
    assert "their front-matter does not settle" in outcome.conflicts[0]


def test_agreeing_passages_are_kept_without_notes() -> None:
    outcome = settle(["new", "same"], [], CHUNKS.__getitem__, authority({}), TERMS, FREQUENCY)
    assert (outcome.keep, outcome.disclosures, outcome.conflicts) == (("new", "same"), (), ())


def test_a_superseded_rival_with_another_value_is_disclosed() -> None:
    reasons = {"old.md": NotInForce("superseded by", "old.md is superseded by new.md")}
    outcome = settle(["new"], ["old"], CHUNKS.__getitem__, authority({}, reasons), TERMS, FREQUENCY)
    assert outcome.keep == ("new",)
    assert outcome.disclosures == (
        "Superseded value: old.md is superseded by new.md; it stated "
        "“Access reviews are performed annually by owners.”",
    )


def test_a_draft_rival_is_not_disclosed_as_superseded_whatever_its_message_says() -> None:
    """The cause decides, not the words: a draft whose path names 'superseded' is no
    superseded value."""
    draft = chunk("old", "superseded-drafts/old.md", CHUNKS["old"].text)
    reasons = {
        draft.document: NotInForce("status", f"{draft.document} has status 'draft'", "draft")
    }
    chunks = {**CHUNKS, "old": draft}
    outcome = settle(["new"], ["old"], chunks.__getitem__, authority({}, reasons), TERMS, FREQUENCY)
    assert outcome.disclosures == ()


def test_a_value_the_sentence_denies_is_not_one_it_states() -> None:
    """A sentence saying "not annually, but monthly" states monthly: beside a passage that says
    annually, the two disagree (they were taken to agree on "annually")."""
    assert values_in("Training is taken not annually, but monthly.", FREQUENCY) == {"monthly"}
    assert values_in("reviewed quarterly rather than annually", FREQUENCY) == {"quarterly"}
    assert values_in("reviewed not only annually but after changes", FREQUENCY) == {"yearly"}
    chunks = {
        "yearly": chunk("yearly", "a.md", "Access reviews are performed annually by owners."),
        "monthly": chunk(
            "monthly", "b.md", "Access reviews are performed not annually, but monthly."
        ),
    }
    outcome = settle(["yearly", "monthly"], [], chunks.__getitem__, authority({}), TERMS, FREQUENCY)
    assert outcome.conflicts, "the documents disagree: a person decides"


PERIOD = re.compile(r"\bwithin\s+\d+\s+hours\b", re.I)
NOTIFY = {
    "customers": chunk(
        "customers",
        "incident.md",
        "Affected customers will be notified within 72 hours of a confirmed security breach"
        " affecting their data.",
    ),
    "vendors": chunk(
        "vendors",
        "vendors.md",
        "Vendors must notify us of a security incident affecting our data within 48 hours.",
    ),
}


def test_values_about_different_subjects_are_not_settled_by_date() -> None:
    """ "Within what timeframe must vendors notify you of a security incident affecting
    your data?": the customers' 72 hours shares half the question's words but not its
    subject (vendors); the newer document must not overrule the vendors' 48 hours."""
    terms = ("timefram", "vendor", "notifi", "secur", "incid", "affect", "data")
    outcome = settle(
        ["vendors", "customers"],
        [],
        NOTIFY.__getitem__,
        authority({"incident.md": "2026-02-01", "vendors.md": "2024-01-10"}),
        terms,
        PERIOD,
    )
    assert outcome.keep == ("vendors", "customers")
    assert (outcome.disclosures, outcome.conflicts) == ((), ())


def test_a_superseded_rivals_sentence_about_something_else_is_not_disclosed() -> None:
    """A superseded policy's "Passwords must contain at least three of four character
    types" was disclosed as its value for the minimum password length."""
    chunks = {
        "new": chunk("new", "new.md", "Passwords must be at least 14 characters long."),
        "old": chunk("old", "old.md", "Passwords must contain at least three character types."),
    }
    reasons = {"old.md": NotInForce("superseded by", "old.md is superseded by new.md")}
    terms = ("minimum", "password", "length")
    outcome = settle(["new"], ["old"], chunks.__getitem__, authority({}, reasons), terms, None)
    assert outcome.disclosures == ()
    chunks["old"] = chunk("old", "old.md", "Passwords must be a minimum length of 12 characters.")
    outcome = settle(["new"], ["old"], chunks.__getitem__, authority({}, reasons), terms, None)
    assert len(outcome.disclosures) == 1
