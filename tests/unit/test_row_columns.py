"""A quoted table row is shown with its table's column headers: "Daily incremental |
Nightly at 22:00 | 90 days" says nothing to a reader who cannot see that 90 days is
the retention column. The headers are context, never part of the quote."""

from __future__ import annotations

import dataclasses
import io
import json

import pdfplumber

from dossier.evidence.compose import ComposeContext, compose_answer
from dossier.output.render import render_markdown, render_pdf
from dossier.output.serialise import (
    _quote_from_json,
    answer_to_json,
)
from dossier.records import Answer, Chunk, Evidence, Question, Quote, Selection
from dossier.research.brief import make_brief
from tests.unit.test_decisions import _dossier

TABLE = (
    "Backups are kept as follows:\n\n"
    "| Backup type | Schedule | **Retention** |\n"
    "| --- | --- | --- |\n"
    "| Daily incremental | Nightly at 22:00 | 90 days |\n"
    "| Weekly full | Sunday 01:00 | 1 year |\n"
)
ROW = "| Daily incremental | Nightly at 22:00 | 90 days |"
PROSE = "Backups are kept as follows:"
CHUNK = Chunk("c1", "backup.md", 0, len(TABLE), TABLE, "Backups")
QUESTION = "How long are daily incremental backups retained?"


def _composed(*quoted: str) -> tuple[Answer, list[Quote]]:
    selection = Selection("c1", quoted, 0, 1.0, " ".join(quoted))
    brief = make_brief(Question("Q", QUESTION))
    context = ComposeContext({"c1": CHUNK}.get, {"backup.md": "Backup Standard"})
    answer = compose_answer(
        Question("Q", QUESTION), Evidence(brief, (), (selection,), (), ()), context
    )
    return answer, [q for c in answer.claims for q in c.quotes]


def test_a_quoted_row_carries_its_column_headers_as_a_reader_reads_them() -> None:
    answer, quotes = _composed(ROW)
    (quote,) = quotes
    assert quote.text == ROW  # the quote stays the source's text
    assert quote.columns == ("Backup type", "Schedule", "Retention")
    assert (
        "(Backup Standard; a table row, columns: Backup type, Schedule, Retention)" in answer.answer
    )


def test_a_quote_that_is_no_table_row_has_no_columns() -> None:
    _, quotes = _composed(PROSE)
    assert [q.columns for q in quotes] == [()]


def test_the_columns_are_kept_in_the_record_and_shown_in_markdown_and_pdf() -> None:
    answer, _ = _composed(ROW)
    row = json.loads(json.dumps(answer_to_json(answer)))["claims"][0]["quotes"][0]
    assert row["columns"] == ["Backup type", "Schedule", "Retention"]
    assert _quote_from_json(row).columns == ("Backup type", "Schedule", "Retention")
    dossier = _dossier(answer)
    markdown = render_markdown(dossier)
    assert "(a table row; columns: Backup type, Schedule, Retention)" in markdown
    built = dataclasses.replace(dossier.build, finished_at="2026-11-16T09:30:00Z")
    with pdfplumber.open(io.BytesIO(render_pdf(dataclasses.replace(dossier, build=built)))) as pdf:
        text = " ".join(" ".join((p.extract_text() or "").split()) for p in pdf.pages)
    assert "a table row, columns: Backup type, Schedule, Retention" in text


def _columns_of(table: str, quoted: str) -> tuple[str, ...]:
    chunk = Chunk("c1", "backup.md", 0, len(table), table, "Backups")
    selection = Selection("c1", (quoted,), 0, 1.0, quoted)
    brief = make_brief(Question("Q", QUESTION))
    context = ComposeContext({"c1": chunk}.get, {"backup.md": "Backup Standard"})
    answer = compose_answer(
        Question("Q", QUESTION), Evidence(brief, (), (selection,), (), ()), context
    )
    return answer.claims[0].quotes[0].columns


def test_part_of_a_row_gets_no_columns_it_would_be_read_against() -> None:
    assert _columns_of(TABLE, "Daily incremental | Nightly at 22:00") == ()


def test_an_empty_header_cell_keeps_its_place_and_links_and_code_show_their_text() -> None:
    table = (
        "| | `Production` | [Staging](https://wiki/staging) |\n"
        "| --- | --- | --- |\n"
        "| Backup retention | 90 days | 7 days |\n"
    )
    columns = _columns_of(table, "| Backup retention | 90 days | 7 days |")
    assert columns == ("", "Production", "Staging")


def test_a_header_that_does_not_line_up_with_the_row_shows_no_columns() -> None:
    """An escaped pipe inside a header cell makes one more header cell than the row has:
    "1 year" would be shown under the wrong column."""
    table = (
        "| Backup type | Schedule \\| window | Retention |\n"
        "| --- | --- | --- |\n"
        "| Weekly full | Sunday 01:00 | 1 year |\n"
    )
    assert _columns_of(table, "| Weekly full | Sunday 01:00 | 1 year |") == ()
