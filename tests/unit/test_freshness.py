"""Freshness: fresh for the first 60% of a family's interval, then ageing, then stale."""

from __future__ import annotations

import datetime as dt

import pytest

from dossier.evidence.freshness import (
    FreshnessSettings,
    assess,
    evidence_date,
    family_of,
    stated_date,
)
from dossier.records import Document

SETTINGS = FreshnessSettings()


def document(effective: str | None, text: str = "Body.", **metadata: str) -> Document:
    return Document(
        "p.md", "x", "y", text, "Security Policy", dict(metadata), effective, "current", ()
    )


@pytest.mark.parametrize(
    ("as_of", "state"),
    [
        (dt.date(2026, 1, 1), "fresh"),
        (dt.date(2026, 8, 7), "fresh"),  # day 218 of 365: 60% is 219
        (dt.date(2026, 8, 8), "ageing"),
        (dt.date(2026, 12, 31), "ageing"),
        (dt.date(2027, 1, 1), "stale"),
    ],
)
def test_states_across_the_interval(as_of: dt.date, state: str) -> None:
    result = assess(document("2026-01-01"), "The policy is reviewed.", as_of, SETTINGS)
    assert result.state == state
    assert (result.family, result.interval_days, result.review_due) == (
        "policy_review",
        365,
        "2027-01-01",
    )


def test_families_from_the_passage() -> None:
    assert family_of("An annual penetration test is performed") == "penetration_test"
    assert family_of("User access reviews happen quarterly") == "access_review"
    assert family_of("We hold a cyber liability insurance policy") == "insurance"
    assert family_of("Our SOC 2 Type II report") == "certification"
    assert family_of("Nothing recognisable here") == ""


def test_an_unrecognised_family_takes_the_shortest_interval() -> None:
    doc = Document("n.txt", "x", "y", "", "Notes", {}, "2026-01-01", None, ())
    result = assess(doc, "Something else entirely.", dt.date(2026, 5, 1), SETTINGS)
    assert (result.family, result.interval_days, result.state) == ("unrecognised", 90, "stale")


def test_a_stated_review_date_later_than_the_effective_date_counts() -> None:
    assert evidence_date(document("2024-01-01", last_reviewed="2026-02-01")) == "2026-02-01"


def test_a_pdf_states_its_date_in_its_text() -> None:
    assert stated_date("SOC 2 Summary\nReport date: May 20, 2025.") == "2025-05-20"
    assert stated_date("Review date 2024-02-30") is None
    assert evidence_date(document(None, "Summary date: March 3, 2026")) == "2026-03-03"


def test_undated_evidence_is_said_so() -> None:
    result = assess(document(None), "A policy.", dt.date(2026, 1, 1), SETTINGS)
    assert (result.state, result.evidence_date) == ("undated", None)


def test_intervals_come_from_settings() -> None:
    short = FreshnessSettings(policy_review=30)
    result = assess(document("2026-01-01"), "A policy.", dt.date(2026, 1, 20), short)
    assert result.state == "ageing"
