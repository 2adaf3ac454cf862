"""XLSX questionnaires as vendors send them (openpyxl builds them here)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
from openpyxl.styles import Font, PatternFill

from dossier.records import Answer, Claim, Quote
from dossier.workbook import ColumnSettings, read_xlsx, write_answered


def vendor_workbook(path: Path) -> Path:
    """Two title rows (one merged), a styled header Ref | Question Text | Response | Notes,
    a section row, a blank row, a question without a Ref, and a second sheet of prose."""
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.title = "Security"
    sheet["A1"] = "Acme Vendor Security Questionnaire 2026"
    sheet["A1"].font = Font(bold=True, size=16)
    sheet.merge_cells("A1:D1")
    sheet["A2"] = "Please answer every question."
    for column, name in enumerate(["Ref", "Question Text", "Response", "Notes"], start=1):
        cell = sheet.cell(row=3, column=column, value=name)
        cell.font = Font(bold=True)
        cell.fill = PatternFill("solid", fgColor="DDDDDD")
    sheet.append(["Access control"])  # a section row: no question
    sheet.append(["AC.1", "Is multi-factor authentication required?", None, "keep me"])
    sheet.append([])
    sheet.append([None, "How long are invoices retained?", None, None])
    sheet.append([2.0, "Do you offer source code escrow?", None, None])
    notes = book.create_sheet("Instructions")
    notes["A1"] = "Return this file to procurement@acme.example."
    book.save(path)
    return path


def test_questions_are_found_below_the_named_header(tmp_path: Path) -> None:
    questions, skipped = read_xlsx(vendor_workbook(tmp_path / "acme.xlsx"))
    assert [q.question_id for q in questions] == ["AC.1", "Security!R7", "2"]
    assert questions[0].question == "Is multi-factor authentication required?"
    assert questions[0].fields == {"sheet": "Security", "row": "5"}
    assert questions[1].location == "acme.xlsx:Security!7"
    assert skipped == [
        "acme.xlsx: sheet 'Instructions' skipped: no question column in its top rows"
    ]


def test_configured_column_names_win(tmp_path: Path) -> None:
    path = vendor_workbook(tmp_path / "acme.xlsx")
    questions, _ = read_xlsx(path, ColumnSettings(question_column="Notes"))
    assert [q.question for q in questions] == ["keep me"]


def _answer(question_id: str, row: int, text: str) -> Answer:
    quote = Quote("MFA is required.", "policies/a.md", "c1", 10, 26)
    return Answer(
        question_id,
        "q",
        "grounded",
        text,
        (Claim("MFA is required.", (quote,)),),
        (),
        (),
        (),
        fields={"sheet": "Security", "row": str(row)},
    )


def test_answered_copy_keeps_every_other_cell_style_and_sheet(tmp_path: Path) -> None:
    source = vendor_workbook(tmp_path / "acme.xlsx")
    written = write_answered(
        source, [_answer("AC.1", 5, "Yes: MFA is required.")], tmp_path, ColumnSettings()
    )
    assert written.name == "acme.answered.xlsx"
    before, after = openpyxl.load_workbook(source), openpyxl.load_workbook(written)
    assert after.sheetnames == before.sheetnames
    assert after["Security"]["C5"].value == "Yes: MFA is required."
    for sheet in before.sheetnames:
        for row in before[sheet].iter_rows():
            for cell in row:
                if (sheet, cell.coordinate) == ("Security", "C5"):
                    continue
                twin = after[sheet][cell.coordinate]
                assert twin.value == cell.value, cell.coordinate
                assert repr(twin.font) == repr(cell.font), cell.coordinate
                assert repr(twin.fill) == repr(cell.fill), cell.coordinate
    assert [str(r) for r in after["Security"].merged_cells.ranges] == ["A1:D1"]


def test_verdict_and_citation_columns_are_filled_when_present(tmp_path: Path) -> None:
    source = vendor_workbook(tmp_path / "acme.xlsx")
    book = openpyxl.load_workbook(source)
    book["Security"]["E3"] = "Citations"
    book["Security"]["F3"] = "Verdict"
    book.save(source)
    written = write_answered(source, [_answer("AC.1", 5, "Yes.")], tmp_path, ColumnSettings())
    sheet = openpyxl.load_workbook(written)["Security"]
    assert sheet["F5"].value == "grounded"
    assert sheet["E5"].value == "policies/a.md [10-26]: “MFA is required.”"


@pytest.mark.parametrize("header", ["ID", "Question", "Answer"])
def test_usual_header_names(tmp_path: Path, header: str) -> None:
    book = openpyxl.Workbook()
    book.active.append(["ID", "Question", "Answer"])
    book.active.append(["Q1", "Do you encrypt backups?", None])
    book.save(tmp_path / "q.xlsx")
    questions, skipped = read_xlsx(tmp_path / "q.xlsx")
    assert [(q.question_id, q.question) for q in questions] == [("Q1", "Do you encrypt backups?")]
    assert skipped == []
