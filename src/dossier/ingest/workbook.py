"""XLSX questionnaires as vendors send them: finding the questions.

A sheet's header row is found by its names (the first of the top rows holding a
question column), or by the names set in ``dossier.toml``; title rows above it,
section rows, blank rows and merged cells are left alone. The answered copy is
written by ``dossier.output.workbook`` with the same layout.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dossier.errors import QuestionnaireError
from dossier.records import ColumnSettings, Question

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
HEADER_SCAN_ROWS = 30
DEFAULT_COLUMNS = ColumnSettings()  # find the columns by their usual header names
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # encrypted .xlsx and legacy .xls


ID_NAMES = (
    "id",
    "ref",
    "ref.",
    "reference",
    "question id",
    "question_id",
    "qid",
    "#",
    "no",
    "no.",
    "number",
    "control id",
)
QUESTION_NAMES = (
    "question",
    "question text",
    "questions",
    "control question",
    "requirement",
    "question/request",
)
ANSWER_NAMES = (
    "response",
    "answer",
    "answers",
    "vendor response",
    "supplier response",
    "your response",
)
VERDICT_NAMES = ("verdict", "answer status", "dossier verdict")
CITATION_NAMES = (
    "citations",
    "citation",
    "sources",
    "evidence",
    "supporting evidence",
    "source documents",
)


@dataclass(frozen=True)
class SheetLayout:
    sheet: str
    header_row: int  # 1-based
    question_col: int  # 1-based
    id_col: int | None
    answer_col: int | None
    verdict_col: int | None
    citations_col: int | None


def load_workbook(path: Path, data: bytes | None = None, *, values: bool = False) -> Any:
    """The workbook; with ``values``, each formula cell holds the value the workbook
    saved for it (what a person sees) instead of its formula."""
    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    data = path.read_bytes() if data is None else data
    if data.startswith(OLE_MAGIC):
        raise QuestionnaireError(
            f"{path}: password-protected (encrypted) or legacy .xls workbook; "
            "save it unprotected as .xlsx"
        )
    try:
        return openpyxl.load_workbook(io.BytesIO(data), data_only=values)
    except (zipfile.BadZipFile, InvalidFileException, KeyError, ValueError, OSError) as error:
        raise QuestionnaireError(f"{path}: not a readable .xlsx workbook ({error})") from None


def read_xlsx(
    path: Path, columns: ColumnSettings = DEFAULT_COLUMNS
) -> tuple[list[Question], list[str]]:
    """Questions from every sheet with a question column (a formula cell read as
    the value it shows), and a note for each sheet skipped, each question whose
    formula has no saved value, and each answer cell merged into another's."""
    data = path.read_bytes()
    shown, formulas = load_workbook(path, data, values=True), load_workbook(path, data)
    questions: list[Question] = []
    notes: list[str] = []
    for sheet in shown.worksheets:
        layout = find_layout(sheet, columns)
        if layout is None:
            notes.append(
                f"{path.name}: sheet '{sheet.title}' skipped: no question column in its top rows"
            )
            continue
        found = _sheet_questions(sheet, layout, path.name)
        notes += _unsaved_formulas(formulas[sheet.title], layout, found, path.name)
        notes += _merged_answer_cells(formulas[sheet.title], layout, found, path.name)
        questions += found
    return questions, notes


def _unsaved_formulas(
    sheet: Any, layout: SheetLayout, found: list[Question], file_name: str
) -> list[str]:
    rows = {q.fields["row"] for q in found}
    return [
        f"{file_name}: sheet '{sheet.title}' row {row}: the question is a formula with no "
        "saved value (open and save the workbook in a spreadsheet program); skipped"
        for row in range(layout.header_row + 1, sheet.max_row + 1)
        if str(row) not in rows
        and str(sheet.cell(row=row, column=layout.question_col).value or "").startswith("=")
    ]


def _merged_answer_cells(
    sheet: Any, layout: SheetLayout, found: list[Question], file_name: str
) -> list[str]:
    from openpyxl.cell.cell import MergedCell

    if layout.answer_col is None:
        return []
    return [
        f"{file_name}: sheet '{sheet.title}' row {q.fields['row']}: the answer cell is merged "
        f"into another cell; the answer to {q.question_id} is not written into the workbook"
        for q in found
        if isinstance(sheet.cell(row=int(q.fields["row"]), column=layout.answer_col), MergedCell)
    ]


def find_layout(sheet: Any, columns: ColumnSettings) -> SheetLayout | None:
    for row in sheet.iter_rows(min_row=1, max_row=min(sheet.max_row, HEADER_SCAN_ROWS)):
        names = {_name(cell.value): cell.column for cell in row if _name(cell.value)}
        question = _pick(names, columns.question_column, QUESTION_NAMES)
        if question is None:
            continue
        return SheetLayout(
            sheet=sheet.title,
            header_row=row[0].row,
            question_col=question,
            id_col=_pick(names, columns.id_column, ID_NAMES),
            answer_col=_pick(names, columns.answer_column, ANSWER_NAMES),
            verdict_col=_pick(names, columns.verdict_column, VERDICT_NAMES),
            citations_col=_pick(names, columns.citations_column, CITATION_NAMES),
        )
    return None


def _name(value: Any) -> str:
    return " ".join(str(value).split()).lower() if value is not None else ""


def _pick(names: dict[str, int], configured: str, usual: Sequence[str]) -> int | None:
    if configured:
        return names.get(_name(configured))
    return next((names[n] for n in usual if n in names), None)


def _sheet_questions(sheet: Any, layout: SheetLayout, file_name: str) -> list[Question]:
    """Rows below the header whose question cell holds text; blank rows and
    section rows (a title with no question) are passed over."""
    questions = []
    for row in sheet.iter_rows(min_row=layout.header_row + 1):
        cells = {cell.column: cell.value for cell in row if hasattr(cell, "column")}
        text = _text(cells.get(layout.question_col))
        if not text:
            continue
        number = row[0].row
        qid = _text(cells.get(layout.id_col)) if layout.id_col else ""
        qid = qid or f"{sheet.title}!R{number}"
        fields = {"sheet": sheet.title, "row": str(number)}
        questions.append(Question(qid, text, fields, f"{file_name}:{sheet.title}!{number}"))
    return questions


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(value).strip()
