"""Quotable sentences of a passage: exact slices, markup trimmed, HTML blocks apart."""

from __future__ import annotations

import pytest

from dossier.ingest.sentences import (
    is_list_item,
    list_lead_in,
    passage_sentences,
    table_header,
    table_lead_in,
)
from dossier.records import Chunk


def _chunk(text: str) -> Chunk:
    return Chunk("c1", "doc.md", 100, 100 + len(text), text, "")


def test_each_sentence_is_the_exact_slice_of_its_passage() -> None:
    chunk = _chunk(
        "Backups run daily. They are kept for 35 days (e.g. in S3). Restores are tested."
    )
    sentences = passage_sentences(chunk)
    assert [s.text for s in sentences] == [
        "Backups run daily.",
        "They are kept for 35 days (e.g. in S3).",
        "Restores are tested.",
    ]
    for s in sentences:
        assert chunk.text[s.start : s.end] == s.text


def test_list_markers_and_emphasis_are_not_quoted() -> None:
    chunk = _chunk("- **Laptops must be encrypted at rest.**")
    (sentence,) = passage_sentences(chunk)
    assert sentence.text == "Laptops must be encrypted at rest."


def test_html_cells_and_list_items_are_sentences_of_their_own() -> None:
    chunk = _chunk(
        "<li>Reviews access quarterly for all systems\n</li>\n"
        "<li>Keeps the register up to date</li>"
    )
    assert [s.text for s in passage_sentences(chunk)] == [
        "Reviews access quarterly for all systems",
        "Keeps the register up to date",
    ]


@pytest.mark.parametrize(
    "text",
    [
        "|Record|Retention|\n|---|---|\n|Audit logs are kept|for one year|\n"
        "|Backups are kept|for 90 days|\n",
        "Record | Retention\n--- | ---\nAudit logs are kept | for one year\n"
        "Backups are kept | for 90 days\n",
        "<table><tr><td>Audit logs are kept for one year</td></tr>\n"
        "<tr><td>Backups are kept for 90 days</td></tr></table>",
    ],
)
def test_a_table_row_is_a_sentence_of_its_own(text: str) -> None:
    """A sentence quoted from a table row stops at the row: it ran on into the next
    row's cells, so the quote mixed two rows. Each is still the source's text."""
    chunk = _chunk(text)
    sentences = passage_sentences(chunk)
    assert [("Audit" in s.text, "Backups" in s.text) for s in sentences] == [
        (True, False),
        (False, True),
    ]
    for s in sentences:
        assert chunk.text[s.start : s.end] == s.text


def test_fragments_under_three_words_are_not_candidates() -> None:
    assert [s.text for s in passage_sentences(_chunk("Done. Backups are tested quarterly."))] == [
        "Backups are tested quarterly."
    ]


TABLE = (
    "Vulnerabilities are remediated within these service levels:\n\n"
    "| Severity | CVSS score | Remediation deadline |\n"
    "|----------|-----------|----------------------|\n"
    "| Critical | 9.0-10.0 | 7 days |\n"
    "| High | 7.0-8.9 | 30 days |\n"
)


def test_a_table_row_is_read_under_its_column_headers() -> None:
    row = TABLE.index("High")
    assert table_header(TABLE, row) == ("Severity", "CVSS score", "Remediation deadline")
    assert table_header(TABLE, TABLE.index("Severity")) == ()  # the header itself
    assert table_header(TABLE, 0) == ()  # no table row
    assert table_header("| a | b |\n| c | d |\n", 12) == ()  # no delimiter row: no header


LIST = (
    "Findings must be remediated within the following periods:\n\n"
    "- Critical: 48 hours.\n"
    "- High: 15 days.\n"
)


def test_a_list_item_is_read_under_its_lead_in() -> None:
    high = LIST.index("High")
    assert is_list_item(LIST, high)
    assert list_lead_in(LIST, high) == LIST.splitlines()[0]
    assert not is_list_item(LIST, 0)
    assert list_lead_in(LIST, 0) == ""
    assert list_lead_in("Intro text.\n- High: 15 days.\n", 14) == ""  # no colon: no lead-in


INTRODUCED = (
    "## 5. Remediation timelines\n\n"
    "Vulnerabilities, however found, must be\nremediated within these periods:\n\n"
    "| Severity | Time |\n| --- | --- |\n| Critical | 7 days |\n| High | 30 days |\n"
)


def test_a_table_row_is_read_under_the_line_introducing_its_table() -> None:
    """A row names its subject through the sentence that introduces its table too:
    "Critical | 7 days" is a remediation period of vulnerabilities (a question about
    critical vulnerabilities' remediation was "not covered" without it)."""
    high = INTRODUCED.index("| High")
    assert table_lead_in(INTRODUCED, high) == (
        "Vulnerabilities, however found, must be remediated within these periods:"
    )
    assert table_lead_in(INTRODUCED, 0) == ""  # no table row
    assert table_lead_in(INTRODUCED.replace("periods:", "periods."), high) == ""  # no colon


def test_a_tables_header_row_is_told_from_its_rows() -> None:
    from dossier.ingest.sentences import is_table_header

    text = "Intro.\n| System | RTO |\n|---|---|\n| Payroll | 2 hours |\n"
    assert is_table_header(text, text.index("| System"))
    assert not is_table_header(text, text.index("| Payroll"))
    assert not is_table_header(text, text.index("Intro"))
