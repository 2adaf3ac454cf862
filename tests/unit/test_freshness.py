"""Freshness: fresh for the first 60% of a family's interval, then ageing, then stale."""

from __future__ import annotations

import datetime as dt

import pytest

from dossier.common.dates import headed_row_fields, stated_date, stated_dates
from dossier.evidence.freshness import (
    FreshnessSettings,
    assess,
    document_class,
    evidence_date,
    family_of,
    stated_interval,
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


def test_evidence_of_an_unrecognised_activity_takes_the_shortest_interval() -> None:
    doc = Document("records/n.txt", "x", "y", "", "Notes", {}, "2026-01-01", None, ())
    result = assess(doc, "Something else entirely.", dt.date(2026, 5, 1), SETTINGS)
    assert (result.family, result.interval_days, result.state) == ("unrecognised", 90, "stale")
    assert result.document_class == "evidence"


def test_a_policy_statement_of_an_activity_interval_is_dated_by_the_policy_review() -> None:
    """Issue 15: "Access is reviewed every 90 days" in a policy effective 150 days ago
    was stale by the access-review interval; the policy's own review interval dates it."""
    policy = Document(
        "policies/access-control.md",
        "x",
        "y",
        "",
        "Access Control Policy",
        {},
        "2026-03-01",
        "current",
        (),
    )
    result = assess(policy, "Access is reviewed every 90 days.", dt.date(2026, 7, 29), SETTINGS)
    assert (result.document_class, result.family, result.interval_days) == (
        "policy",
        "policy_review",
        365,
    )
    assert result.state == "fresh"  # day 150 of 365


def test_evidence_of_an_activity_is_dated_by_that_activity() -> None:
    record = Document(
        "evidence/q1.md", "x", "y", "", "Access Review Record", {}, "2026-03-01", None, ()
    )
    result = assess(record, "User access reviews were completed.", dt.date(2026, 7, 29), SETTINGS)
    assert (result.document_class, result.family, result.interval_days, result.state) == (
        "evidence",
        "access_review",
        90,
        "stale",
    )


@pytest.mark.parametrize(
    ("path", "title", "metadata", "expected"),
    [
        ("policies/a.md", "Audit Logging Policy", {}, "policy"),  # the last class word decides
        ("x.md", "Policy Review Record", {}, "evidence"),
        ("reports/soc2-summary.pdf", "SOC 2 Type II Report Summary", {}, "evidence"),
        ("reports/soc2-summary.pdf", "Summary", {}, "evidence"),  # from the path
        ("notes/overview.md", "Security Overview", {}, "policy"),  # nothing says: a policy
        ("policies/pentest.md", "Penetration Test", {"kind": "report"}, "evidence"),
        ("reports/x.md", "X", {"kind": "Standard"}, "policy"),  # kind wins over the path
        ("reports/x.md", "X", {"kind": "narrative"}, "evidence"),  # unknown kind: the rule
        # a word naming what the next word is of: HIPAA's "Audit Controls", a schedule
        ("x.pdf", "Audit Controls and Information System Activity", {}, "policy"),
        ("x.pdf", "Records Retention and Disposal Schedule", {}, "policy"),
        ("x.pdf", "Audit Report 2024", {}, "evidence"),
        ("x.pdf", "Record of Processing Activities", {}, "evidence"),
        ("x.pdf", "Audit of User Access Rights, Q1 2025", {}, "evidence"),
    ],
)
def test_a_document_is_classed_by_kind_then_title_then_path(
    path: str, title: str, metadata: dict[str, str], expected: str
) -> None:
    doc = Document(path, "x", "y", "", title, dict(metadata), None, None, ())
    assert document_class(doc) == expected


@pytest.mark.parametrize(
    ("stated", "days"),
    [("annual", 365), ("quarterly", 91), ("monthly", 30), (180, 180), ("45 days", 45), ("", 365)],
)
def test_a_policy_states_its_own_review_interval(stated: object, days: int) -> None:
    doc = document("2026-01-01", review_interval=stated)  # type: ignore[arg-type]
    assert stated_interval(doc) == (None if stated == "" else days)
    assert assess(doc, "A policy.", dt.date(2026, 1, 2), SETTINGS).interval_days == days


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Policy Review: This standard will be reviewed every two years.", 730),
        ("This policy is reviewed at least annually by the CISO.", 365),
        ("This plan shall be reviewed every 6 months.", 180),
        ("Access rights are reviewed quarterly.", None),  # no review of the document
        ("The plan is reviewed quarterly.", None),  # another document's, named in this one
        ("Each risk accepted under this procedure is reviewed every three years.", None),
    ],
)
def test_a_policy_states_its_review_interval_in_its_text(text: str, days: int | None) -> None:
    # a council's policies each said "reviewed every two years" and were dated against
    # a year
    doc = document("2025-01-01", text=f"1. Scope\n{text}\n")
    assert stated_interval(doc) == days
    # 516 days on: within two years, past one (the default's) or six months
    expected = "ageing" if days == 730 else "stale"  # (the default: a year)
    assert assess(doc, "A policy.", dt.date(2026, 6, 1), SETTINGS).state == expected


AS_OF = dt.date(2026, 12, 2)


def test_a_stated_review_date_later_than_the_effective_date_counts() -> None:
    doc = document("2024-01-01", last_reviewed="2026-02-01")
    assert evidence_date(doc, AS_OF) == "2026-02-01"


def test_a_pdf_states_its_date_in_its_text() -> None:
    assert stated_date("SOC 2 Summary\nReport date: May 20, 2025.") == "2025-05-20"
    assert stated_date("Issue date 2024-02-30") is None
    assert evidence_date(document(None, "Summary date: March 3, 2026"), AS_OF) == "2026-03-03"


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("Effective date: 20 June 2024", "2024-06-20"),
        ("Last review date: 3rd March 2025", "2025-03-03"),
        ("| Effective date | 2024-01-15 |", "2024-01-15"),
        ("| Last reviewed | 2024-06-01 |", "2024-06-01"),
        ("**Effective:** 1 April 2026", "2026-04-01"),
        ("Last updated on Sept 3, 2025", "2025-09-03"),
        ("Approved by: Executive Leadership Team, 14 February 2026", "2026-02-14"),
        ("Owner: COO. Approved by the Leadership Team, February 2026.", "2026-02-01"),
        ("Approved on 3 May 2025", "2025-05-03"),
        ("Last edited time: March 4, 2025 10:12 AM", "2025-03-04"),  # a Notion page's
        ("Last modified: 12 May 2025", "2025-05-12"),
        ("| Revised | March 15, 2024 |", "2024-03-15"),  # a Word policy header's revision
        # a PDF's header line wrapped in the approver's name
        ("Version 1.2 | Owner: HR | Approved by\nEmployment Committee, 21 June 2023", "2023-06-21"),
    ],
)
def test_a_date_in_words_or_in_a_metadata_table_dates_the_document(line: str, day: str) -> None:
    """A plain-line date written day-first in words, or in a metadata table's row, left
    a stale policy "undated": its quotes were never flagged."""
    assert stated_date(f"Vendor Policy\n{line}\n") == day
    assert stated_date("Effective from the date of approval.\n") is None
    # an approver's name wraps onto its next line, never onto another field's
    assert stated_date("Approved by: ELT\nNext review: 1 June 2026\n") is None


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Last reviewed: 14/03/2024", "2024-03-14"),  # day first, as UK guidance writes it
        ("Effective date: 01.09.2023", "2023-09-01"),  # dots: always day first
        # the document's other dates show the order: 25/12 is day first, 12/25 month first
        ("Approved: 03/04/2024\nRevised 25/12/2023 text", "2024-04-03"),
        ("Approved: 03/04/2024\nRevised 12/25/2023 text", "2024-03-04"),
        ("Approved: 03/04/2024", None),  # nothing shows the order: no date made up
        ("Approved: 05/05/2024", "2024-05-05"),  # either order, one day
        ("Approved on 31/02/2024", None),  # no such day
    ],
)
def test_a_date_in_figures_dates_the_document(text: str, day: str | None) -> None:
    """A UK university's pages ("Last reviewed: 14/03/2024") left every quote undated."""
    assert stated_date(f"Password guidance\n{text}\n") == day


@pytest.mark.parametrize(
    "line",
    [
        "Next review date: 2026-11-30",
        "Next Review Date: November 30, 2026",
        "Review date: 2026-11-30",
        "Review due date: 2026-11-30",
    ],
)
def test_a_next_review_date_in_the_text_is_never_evidence(line: str) -> None:
    assert stated_date(f"Backup Standard\n{line}\n") is None
    text = f"Backup Standard\n{line}\nReport date: 2019-03-01\n"
    assert evidence_date(document(None, text), AS_OF) == "2019-03-01"


def test_a_review_date_in_front_matter_is_not_evidence_it_was_reviewed() -> None:
    doc = document("2020-01-01", review_date="2026-11-30")
    assert evidence_date(doc, AS_OF) == "2020-01-01"
    assert assess(doc, "Backups are encrypted.", AS_OF, SETTINGS).state == "stale"


def test_no_evidence_date_is_later_than_the_build_date() -> None:
    assert evidence_date(document("2020-01-01", last_reviewed="2027-01-01"), AS_OF) == "2020-01-01"
    assert evidence_date(document("2027-01-01"), AS_OF) is None
    assert evidence_date(document(None, "Report date: 2027-03-01"), AS_OF) is None
    assert evidence_date(document("2026-12-02"), AS_OF) == "2026-12-02"


def test_undated_evidence_is_said_so() -> None:
    result = assess(document(None), "A policy.", dt.date(2026, 1, 1), SETTINGS)
    assert (result.state, result.evidence_date) == ("undated", None)


def test_intervals_come_from_settings() -> None:
    short = FreshnessSettings(policy_review=30)
    result = assess(document("2026-01-01"), "A policy.", dt.date(2026, 1, 20), short)
    assert result.state == "ageing"


def test_a_review_timestamp_dates_the_evidence_by_its_day() -> None:
    """Front matter holds a YAML timestamp as its ISO text."""
    doc = document("2020-01-01", last_reviewed="2026-03-01T10:00:00")
    assert evidence_date(doc, AS_OF) == "2026-03-01"


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Approved by: Executive Committee, FY 2025\nEffective date: 1 March 2025", "2025-03-01"),
        ("Last reviewed: Summer 2025\nEffective date: 1 March 2025", "2025-03-01"),
        (
            "This policy was approved by the Board and replaces the policy of June 2019.\n"
            "Last updated: 3 May 2025",
            "2025-05-03",
        ),
        ("Exceptions must be approved by the CISO and expire after May 2024 reviews.", None),
    ],
)
def test_a_month_alone_dates_only_an_approval_line_and_a_later_date_is_read(
    text: str, day: str | None
) -> None:
    """A word before a year ("FY 2025", "Summer 2025") is no date and stops nothing; an
    approval in running text is no approval line."""
    assert stated_date(text) == day


def test_an_effective_date_without_a_colon_dates_a_document() -> None:
    """A PDF's header of fields ("... | Version 4.1 | Effective March 1,\\n2024") and a
    standard's "effective 1 March 2026" were read as undated."""
    header = "Meridian | Policy MCS-SEC-001 | Version 4.1 | Effective March 1,\n2024 | Confidential"
    assert stated_date(header) == "2024-03-01"
    assert stated_date("This standard is effective 1 March 2026.") == "2026-03-01"
    assert stated_date("This policy becomes effective 30 days after approval.") is None


def test_a_plain_text_forms_dot_leaders_separate_a_field_from_its_date() -> None:
    """ "Effective Date ....... September 1, 2023" left a college's policy undated."""
    from dossier.common.dates import effective_date_stated

    form = (
        "POLICY IT-7\n\n  Policy Number ........ IT-7\n  Effective Date ....... September 1, 2023\n"
    )
    assert effective_date_stated(form) == "2023-09-01"
    assert effective_date_stated("Effective... we hope, from 1 May 2024.") is None
    assert effective_date_stated("Our new standard will be effective.... 1 May 2024.") is None
    contents = "CONTENTS\n4. Effective Date ........ 3\nJune 2024 Amendments ........ 4\n"
    assert effective_date_stated(contents) is None  # a contents line's page number


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("| Date approved | 17 June 2025 |", "2025-06-17"),
        ("Date of approval: 3 May 2025", "2025-05-03"),
        ("| Date of issue | 2024-01-02 |", "2024-01-02"),
        ("| Next review date | June 2026 |", None),  # an obligation, not evidence
        ("| Date of next review | 1 June 2026 |", None),
    ],
)
def test_a_date_named_first_as_word_templates_name_it_dates_a_document(
    text: str, day: str | None
) -> None:
    """A document-control table's "| Date approved | 17 June 2025 |" left every policy
    of a corpus undated, five of them past their review."""
    assert stated_date(text) == day


def test_the_latest_date_a_document_states_dates_it() -> None:
    text = "This policy is effective from 1 July 2023 and was last reviewed on 2 Feb 2025."
    assert stated_dates(text) == ["2023-07-01", "2025-02-02"]


def test_a_review_date_under_its_column_in_a_page_properties_table_dates_the_document() -> None:
    """A wiki's page properties export as a header row over one row of values: the
    date under "Reviewed" is the review date; the one under "Next review" is never read."""
    text = (
        "# Access Control Standard\n\n"
        "| Owner | Reviewed | Next review |\n| --- | --- | --- |\n"
        "| Priya Raman | 2024-03-14 | 2025-03-14 |\n\nMFA is required.\n"
    )
    assert evidence_date(document(None, text), AS_OF) == "2024-03-14"
    unreviewed = text.replace("| Reviewed |", "| Approver |")
    assert evidence_date(document(None, unreviewed), AS_OF) is None


def test_a_control_blocks_effective_date_does_not_hide_a_later_review() -> None:
    """An effective date read from the control block (no front-matter) is one of the
    dates the text states: the latest, the review, dates the evidence (it was the
    effective date alone, and the document read stale)."""
    doc = document(
        "2023-07-01",
        "| Effective date | 1 July 2023 |\n| Last reviewed | 2 February 2026 |\n\nText.",
    )
    assert evidence_date(doc, dt.date(2026, 12, 5)) == "2026-02-02"


@pytest.mark.parametrize(
    ("line", "day"),
    [
        ("Created by Ravi Menon, last updated by Ravi Menon on 22 August 2024", "2024-08-22"),
        ("Created by Dan Whitlock, last modified by Sam Kowalski on 22 Feb 2024", "2024-02-22"),
        ("Updated: 2 September 2024", "2024-09-02"),
        ("Page updated: 3 March 2025", "2025-03-03"),
        ("| Effective from | 1 October 2024 |", "2024-10-01"),
        (
            "Version 1.4 · Approved: Operational Risk Committee, 2 May 2024 · Review: annually",
            "2024-05-02",
        ),
        ("Date ratified: 27 February 2025", "2025-02-27"),
        # a bullet's approval, an approval in words, German "Stand" (as of)
        ("- Approved: Directie, 15 January 2024", "2024-01-15"),
        (
            "Approval: This procedure was approved by the Directie on 11 December 2023.",
            "2023-12-11",
        ),
        ("Stand: 01.07.2024", "2024-07-01"),
        # a committee's name holding a word of a deadline ("Due Diligence")
        ("Approved by the Due Diligence and Risk Committee, 3 March 2025", "2025-03-03"),
    ],
)
def test_a_wiki_or_web_pages_update_line_dates_it(line: str, day: str) -> None:
    """Confluence's "last updated by ... on ...", a web page's "Updated:", a property
    table's "Effective from" and an approval among fields separated by dots left
    pages undated, so a 2016 page's value could not be told older than a 2024 one's."""
    assert stated_date(f"Passwords\n{line}\n") == day


@pytest.mark.parametrize(
    "line",
    [
        "The data was updated on 3 May 2024",
        "Next review date: 1 May 2026",
        "Review date: 1 May 2025",
        "Next Review\nDate: 3 March 2027",  # a PDF's wrapped cell
        "| Date | Scenario | Result |\n|---|---|---|\n| 2025-03-12 | Tabletop | Passed |",
        "The approved supplier list was last updated by Procurement on 3 March 2025.",
        "## Status page\nUpdated: 12 March 2025 - all systems operational",
        # a PDF's flattened cover: the approver, then the next review on the same line
        "Approved by Marcus Bell, CTO Next review December 2024",
        "Approved by Marcus Bell, CTO Review due March 2025",
    ],
)
def test_an_update_in_the_text_or_a_review_to_come_dates_nothing(line: str) -> None:
    """A bare "Date" is a table's column or a next review's as often as the page's."""
    text = f"Passwords\n{line}\n"
    assert stated_dates(f"{text}\n{headed_row_fields(text)}") == []


@pytest.mark.parametrize(
    "key",
    [
        "approved",
        "approved_on",
        "approval_date",
        "date_approved",
        "approved_date",
        "date_of_approval",
    ],
)
def test_an_approval_date_in_front_matter_dates_the_document(key: str) -> None:
    """ "approved: 2024-03-04": the document was in force then (it read as undated)."""
    assert evidence_date(document(None, **{key: "2024-03-04"}), AS_OF) == "2024-03-04"


def test_a_bullet_opening_the_text_states_its_approval_date() -> None:
    assert stated_dates("- Approved: Directie, 15 January 2024\n- Owner: IT\n") == ["2024-01-15"]


@pytest.mark.parametrize(
    "key", ["last_review", "last_review_date", "reviewed_date", "date_reviewed"]
)
def test_a_review_date_under_a_usual_key_dates_the_document(key: str) -> None:
    """A wiki's "approved_date: 2023-12-05" or "last_review: ..." left every page
    "undated" though its front-matter said when it was approved or reviewed."""
    assert evidence_date(document(None, **{key: "2024-03-04"}), AS_OF) == "2024-03-04"


def test_an_approver_named_under_approved_dates_nothing() -> None:
    """ "approved: Tomasz Kowal, CEO" names who approved it, not when: the text's own
    date is read instead."""
    doc = document(None, "Effective date: 2023-05-01\nBody.", approved="Tomasz Kowal, CEO")
    assert evidence_date(doc, AS_OF) == "2023-05-01"


def test_an_approval_date_does_not_hide_a_later_review_stated_in_the_text() -> None:
    doc = document(None, "Last reviewed: 2 February 2025\nBody.", approved="2023-01-10")
    assert evidence_date(doc, AS_OF) == "2025-02-02"


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Owner: R. Patel | Version 2.1 | Approved 2024-05-06", "2024-05-06"),
        ("v1.3 - Owner: Platform - Approved K. Lund 2023-10-02", "2023-10-02"),
        ("Approved Executive Board (Dr. Anna Weiss, CEO), 14.03.2025", "2025-03-14"),
        ("Owner: IT (S. Hale)   Version 3.0   Reviewed 2024-07-30", "2024-07-30"),
        ("Owner: Finance · Last reviewed: April 2025", "2025-04-01"),
        ("Revised: July 2024", "2024-07-01"),
        ("Procedure approved: March 14, 2019", "2019-03-14"),
        ("Published: 2024-02-12\nValid to: 2025-02-12", "2024-02-12"),
        ("maintained by: L. Ortiz   last edit: 2025-01-14", "2025-01-14"),
        ("Reviewed and accepted by Dana Cole, Chief Executive Officer (2024-02-20)", "2024-02-20"),
        ("From: CISO\nDate:    12 March 2025\nRe: Retention", "2025-03-12"),
        ("| Date | 8 December 2023 |", "2023-12-08"),
        ("Date AOC signed 14 March 2025\nNext assessment due February 2026", "2025-03-14"),
        # a version or owner line holding its date as a cell of its own
        ("Owner: D. Ng | v1.0 | 2021-11-15", "2021-11-15"),
        ("v1.0 · owner: People Ops · June 2023", "2023-06-01"),
        ("Whitepaper version 2024.1 – June 2024", "2024-06-01"),
        ("SoA v7.1 (20-02-2024). Selected controls.", "2024-02-20"),
        ("SoA version 7.1, 20 February 2024", "2024-02-20"),
        # a letter's date line
        ("Harbour Audit LLP\n\nApril 2, 2024\n\nTo the Board of Directors", "2024-04-02"),
        ("Nordwerk GmbH\nMünchen, 15 April 2025\nBridge letter", "2025-04-15"),
    ],
)
def test_a_control_line_or_a_letter_dates_the_document_in_the_forms_tools_write(
    text: str, day: str
) -> None:
    """Approval lines without "by" or a colon, version lines with a bare date, wiki and
    knowledge-base fields, a memo's "Date:", a letter's date line: documents of nine
    new corpora stating their dates this way were all cited as "undated"."""
    assert stated_dates(f"Vendor Standard\n{text}\n") == [day]
    assert evidence_date(document(None, f"Vendor Standard\n{text}\n\nBody."), AS_OF) == day


@pytest.mark.parametrize(
    "text",
    [
        "> SUPERSEDED by logging-standard.md (v2.0, September 2023). Do not use.",
        "> **DEPRECATED (2024-03-01):** superseded by the encryption standard v3.0.",
        "SUPERSEDED – replaced by the Access Standard\nv2.0 (September 2023). Kept for reference.",
        "| Date of next review | 1 June 2026 |",
        "Next review due\t08/07/2027",
        "Valid to: 2025-02-12",
        "Target approval | Q2 2025 |",
        "Next Review\nDate: 3 March 2027",
        "Backups were tested; the last test was approved on 3 May 2024 by the CTO.",
        "| Date | Result |\n|---|---|\n| 2025-03-12 | Passed |",
    ],
)
def test_a_successors_date_a_date_to_come_or_one_in_a_sentence_dates_nothing(text: str) -> None:
    """A superseded page's banner dates its successor or its withdrawal, not the page."""
    opening = f"Vendor Standard\n{text}\n\n1. Purpose\nThis standard sets rules."
    assert stated_dates(f"{opening}\n{headed_row_fields(opening)}") == []


def test_a_board_policys_closing_lines_date_it() -> None:
    """A school board's policies state adoption and revisions at their foot."""
    body = "Records are kept as the law requires.\n" * 120
    text = (
        f"Board Policy 3580\n{body}\nPolicy adopted: March 14, 2012\nRevised: September 10, 2024\n"
    )
    assert evidence_date(document(None, text), AS_OF) == "2024-09-10"
    assert evidence_date(document(None, f"Board Policy 3580\n{body}"), AS_OF) is None


@pytest.mark.parametrize(
    ("text", "day"),
    [
        # (review) a version row's dates under their columns: the table names them
        (
            "| Version | Approved | Next review |\n|---|---|---|\n"
            "| v1.0 | 2023-01-15 | 2024-01-15 |",
            "2023-01-15",
        ),
        # (review) a next review's date wrapped onto a line of its own
        ("Effective date: 1 March 2022\nNext review date:\n1 March 2024", "2022-03-01"),
        ("Approved: 2023-01-15\n\nNext scheduled review\n\nDate: 1 March 2024", "2023-01-15"),
        # (review) a hard-wrapped sentence going on with a field's word
        (
            "Approved: 2022-03-01\n\nThe supplier register it refers to is\nupdated on 3 May 2025.",
            "2022-03-01",
        ),
        # (review) "Omar" is no month
        ("Approved: 2024-03-01\nReviewed by Omar 2024-06-12", "2024-06-12"),
        ("Data Archiving Standard\nVersion 3.1 | 2024-03-01", "2024-03-01"),
    ],
)
def test_a_date_to_come_or_in_a_sentence_does_not_date_a_document(text: str, day: str) -> None:
    """The review of this session's date rules found each of these read as the date."""
    doc = document(None, f"Access Control Policy\n{text}\n\n## Scope\nAll staff.")
    assert evidence_date(doc, dt.date(2025, 6, 30)) == day


def test_a_test_or_a_certificate_at_a_documents_foot_does_not_date_it() -> None:
    body = "The plan is tested with a tabletop exercise.\n" * 100
    for foot in ("Date of last test: 2025-05-01\n", "Issued: 2025-05-01\nExpires: 2028-05-01\n"):
        text = f"Business Continuity Plan\nApproved: 2022-03-01\n\n## Scope\n{body}{foot}"
        assert evidence_date(document(None, text), dt.date(2025, 6, 30)) == "2022-03-01"


def test_a_documents_spelling_gives_the_order_of_its_dates_in_figures() -> None:
    """A UK policy's "Date approved 03/10/2024" (no date showing the order) was undated,
    and a US hospital's "Effective Date: 03/01/2024": a British spelling reads it day
    first, a US one month first, neither (or both) leaves the order unknown."""
    uk = "Access Policy\nAccess is authorised by the organisation.\nDate approved 03/10/2024\n"
    assert evidence_date(document(None, uk), AS_OF) == "2024-10-03"
    us = "Access Policy\nAccess is authorized by the organization.\nDate approved 03/10/2024\n"
    assert evidence_date(document(None, us), AS_OF) == "2024-03-10"
    neither = "Access Policy\nAccess is granted by owners.\nDate approved 03/10/2024\n"
    assert evidence_date(document(None, neither), AS_OF) is None


@pytest.mark.parametrize("key", ["last_updated", "updated", "last_modified"])
def test_a_pages_update_in_front_matter_dates_it(key: str) -> None:
    """A runbook's "last_updated: 2025-04-03" front matter left it "undated"."""
    assert evidence_date(document(None, **{key: "2025-04-03"}), AS_OF) == "2025-04-03"


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("| Owner: IT Security | v1.2 | 2024-03-01 |", "2024-03-01"),  # a one-row table
        ("Date:\n14 March 2024", "2024-03-14"),  # a label over its value
        ("approved 2024-03-01 by the board", "2024-03-01"),  # a field in lower case
        ("Approved by Denise Miller, CFO, on 03/10/2024.", None),  # a name is no spelling
        ("Approved: 03/10/2024. Review the product catalogue.", None),  # US writes it too
    ],
)
def test_second_review_of_the_date_rules(text: str, day: str | None) -> None:
    """(review) Each of these was read wrongly by this version's first date rules."""
    doc = document(None, f"# Policy\n\n{text}\n\n## Scope\nAll staff.")
    assert evidence_date(doc, AS_OF) == day


def test_a_pages_update_does_not_hide_its_later_review_or_its_foot() -> None:
    """(review) Front matter's "updated:" stopped the text's own later dates being read."""
    doc = document(
        None, "# Access Policy\n\nLast reviewed: 2025-02-02\n\nBody.", updated="2023-01-01"
    )
    assert evidence_date(doc, AS_OF) == "2025-02-02"
    body = "Records are kept as the law requires.\n" * 120
    for foot in ("Ratified: September 10, 2024", "Updated: September 10, 2024"):
        assert evidence_date(document(None, f"# Policy\n{body}{foot}\n"), AS_OF) == "2024-09-10"


def test_an_effective_from_field_and_an_approver_over_an_effective_date_are_read() -> None:
    """A plain-text control block's "Effective from     : 18 November 2024" left its policy
    without an effective date, and a PDF's flattened "Approved By <names>" ran onto the
    next line's "Effective Date February 1, 2024", taking it as the approval's date."""
    from dossier.common.dates import effective_date_stated

    block = "SECURITY POLICY\n\nVersion            : 4.1\nEffective from     : 18 November 2024\n"
    assert effective_date_stated(block) == "2024-11-18"
    cover = (
        "Document Control\nDocument ID POL-003\nApproved By Jo Tan, CISO; Sam Ortiz, VP People\n"
        "Effective Date February 1, 2024\nNext Scheduled Review February 2025\n"
    )
    assert effective_date_stated(cover) == "2024-02-01"
    assert effective_date_stated("Text. It takes effect from 18 November 2024.") is None


@pytest.mark.parametrize(
    ("text", "day"),
    [
        ("Released: 05.06.2023 by Management Board", "2023-06-05"),
        ("Released:       30.01.2024, Management Board", "2024-01-30"),
        ("This agreement enters into force on 01.08.2022.", "2022-08-01"),
        ("This guideline comes into force on 1 March 2024.", "2024-03-01"),
        ("The new rules will be released soon.", None),
        # (review) a law's entry into force, a product's release: no date of the document
        ("The UK GDPR came into force on 1 January 2021.", None),
        ("OpenSSL 3.0.13 released: 30 January 2024 (patched on all hosts)", None),
    ],
)
def test_a_release_line_and_an_entry_into_force_date_a_document(text: str, day: str | None) -> None:
    """A procedure's "Released: 05.06.2023 by Management Board" and a works agreement's
    "enters into force on 01.08.2022" left both cited as undated."""
    assert stated_date(text) == day
