"""XLSX questionnaires as vendors send them (openpyxl builds them here)."""

from __future__ import annotations

import datetime as dt
import time
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.styles import Font, PatternFill

from dossier.ingest.workbook import read_xlsx
from dossier.output.workbook import answered_name, write_answered
from dossier.records import Answer, Claim, ColumnSettings, Quote

WRITTEN_AT = dt.datetime(2026, 11, 30, 9, 15, tzinfo=dt.UTC)


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
    target = tmp_path / answered_name(source)  # type: ignore[operator]
    written = write_answered(
        source, [_answer("AC.1", 5, "Yes: MFA is required.")], target, ColumnSettings(), WRITTEN_AT
    )
    assert written == tmp_path / "acme.answered.xlsx"
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
    written = write_answered(
        source, [_answer("AC.1", 5, "Yes.")], tmp_path / "a.xlsx", ColumnSettings(), WRITTEN_AT
    )
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


def test_answered_name_only_for_workbooks() -> None:
    assert answered_name(Path("q/Vendor 2026.xlsx")) == "Vendor 2026.answered.xlsx"
    assert answered_name(Path("q/macro.XLSM")) == "macro.answered.xlsx"
    assert answered_name(Path("q/plain.csv")) is None


def test_the_same_answers_give_the_same_bytes(tmp_path: Path) -> None:
    """The copy is an artefact the signature covers: written twice, a second apart,
    it must not differ by the time of writing."""
    source = vendor_workbook(tmp_path / "acme.xlsx")
    answers = [_answer("AC.1", 5, "Yes.")]
    first = write_answered(source, answers, tmp_path / "1.xlsx", ColumnSettings(), WRITTEN_AT)
    time.sleep(1.1)
    second = write_answered(source, answers, tmp_path / "2.xlsx", ColumnSettings(), WRITTEN_AT)
    assert first.read_bytes() == second.read_bytes()
    book = openpyxl.load_workbook(first)
    assert book.properties.modified == WRITTEN_AT.replace(tzinfo=None)
    later = WRITTEN_AT + dt.timedelta(days=1)
    third = write_answered(source, answers, tmp_path / "3.xlsx", ColumnSettings(), later)
    assert third.read_bytes() != first.read_bytes()


def test_an_answered_copy_can_be_answered_again(tmp_path: Path) -> None:
    """After a review the copy is filled again from itself: the new answer replaces
    the old and nothing else moves."""
    source = vendor_workbook(tmp_path / "acme.xlsx")
    target = tmp_path / "acme.answered.xlsx"
    write_answered(source, [_answer("AC.1", 5, "Yes.")], target, ColumnSettings(), WRITTEN_AT)
    fresh = tmp_path / "fresh.xlsx"
    edited = [_answer("AC.1", 5, "Yes, for every account.")]
    write_answered(source, edited, fresh, ColumnSettings(), WRITTEN_AT)
    write_answered(target, edited, target, ColumnSettings(), WRITTEN_AT)
    assert openpyxl.load_workbook(target)["Security"]["C5"].value == "Yes, for every account."
    assert target.read_bytes() == fresh.read_bytes()


def _with_saved_value(path: Path, cell: str, value: str) -> None:
    """Give a formula cell the value a spreadsheet program saves with it."""
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    sheet = parts["xl/worksheets/sheet1.xml"].decode()
    start = sheet.index(f'<c r="{cell}"')
    end = sheet.index("</c>", start)
    formula = sheet[sheet.index("<f>", start) : sheet.index("</f>", start) + 4]
    sheet = sheet[:start] + f'<c r="{cell}" t="str">{formula}<v>{value}</v>' + sheet[end:]
    parts["xl/worksheets/sheet1.xml"] = sheet.encode()
    with zipfile.ZipFile(path, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)


def test_a_question_written_as_a_formula_is_read_as_the_text_it_shows(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.append(["ID", "Question", "Answer"])
    book.active.append(["Q1", '="Is data " & "encrypted at rest?"', None])
    book.active.append(["Q2", '="Never " & "opened in a spreadsheet?"', None])
    book.save(tmp_path / "q.xlsx")
    _with_saved_value(tmp_path / "q.xlsx", "B2", "Is data encrypted at rest?")
    questions, notes = read_xlsx(tmp_path / "q.xlsx")
    assert [(q.question_id, q.question) for q in questions] == [
        ("Q1", "Is data encrypted at rest?")
    ]
    assert notes == [
        "q.xlsx: sheet 'Sheet' row 3: the question is a formula with no saved value "
        "(open and save the workbook in a spreadsheet program); skipped"
    ]


def test_an_answer_cell_merged_into_another_is_named(tmp_path: Path) -> None:
    book = openpyxl.Workbook()
    book.active.append(["ID", "Question", "Answer"])
    book.active.append(["6", "Are visitors escorted?", None])
    book.active.append(["7", "Are visitor logs kept?", None])
    book.active.merge_cells("C2:C3")
    book.save(tmp_path / "q.xlsx")
    questions, notes = read_xlsx(tmp_path / "q.xlsx")
    assert [q.question_id for q in questions] == ["6", "7"]
    assert notes == [
        "q.xlsx: sheet 'Sheet' row 3: the answer cell is merged into another cell; "
        "the answer to 7 is not written into the workbook"
    ]
