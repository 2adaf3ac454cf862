"""XLSX questionnaires as vendors send them, and the answered copy.

A sheet's header row is found by its names (the first of the top rows holding a
question column), or by the names set in ``dossier.toml``; title rows above it,
section rows, blank rows and merged cells are left alone. The answered copy is
the same workbook, every cell, style and sheet kept, with the answers written
into the answer column (and the verdict and citations where the sheet has, or
the config names, such columns).
"""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dossier.common.atomic import write_atomic
from dossier.errors import QuestionnaireError
from dossier.records import Answer, ColumnSettings, Question

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
ANSWERED_SUFFIX = ".answered.xlsx"
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


def answered_name(questionnaire: Path) -> str | None:
    """The answered copy's file name, for a workbook questionnaire; None for others."""
    if questionnaire.suffix.lower() not in WORKBOOK_SUFFIXES:
        return None
    return f"{questionnaire.stem}{ANSWERED_SUFFIX}"


def write_answered(
    source: Path,
    answers: Sequence[Answer],
    target: Path,
    columns: ColumnSettings,
    written_at: dt.datetime,
) -> Path:
    """``target``: the source workbook with the answers filled in. The same
    answers give the same bytes: the workbook says it was last modified at
    ``written_at`` and every part of it is dated so."""
    from openpyxl.writer.excel import ExcelWriter

    workbook = load_workbook(source)
    by_place = {(a.fields.get("sheet"), a.fields.get("row")): a for a in answers}
    for sheet in workbook.worksheets:
        layout = find_layout(sheet, columns)
        if layout is None:
            continue
        for row in range(layout.header_row + 1, sheet.max_row + 1):
            answer = by_place.get((sheet.title, str(row)))
            if answer is not None:
                _fill(sheet, row, layout, answer)
    utc = written_at.astimezone(dt.UTC).replace(tzinfo=None, microsecond=0)
    workbook.properties.modified = utc
    buffer = io.BytesIO()
    ExcelWriter(workbook, _DatedZip(buffer, utc.timetuple()[:6])).save()
    return write_atomic(target, buffer.getvalue())


class _DatedZip(zipfile.ZipFile):
    """A zip archive for writing whose entries all carry one date (ZipFile dates
    each with the time of writing, or a file's modification time)."""

    def __init__(self, file: io.BytesIO, date_time: tuple[int, ...]) -> None:
        super().__init__(file, "w", zipfile.ZIP_DEFLATED, allowZip64=True)
        self._date_time = date_time

    def writestr(  # type: ignore[override]
        self, name: str | zipfile.ZipInfo, data: str | bytes, *args: Any, **kwargs: Any
    ) -> None:
        if isinstance(name, str):
            name = zipfile.ZipInfo(name, self._date_time)  # type: ignore[arg-type]
            name.compress_type = zipfile.ZIP_DEFLATED
        super().writestr(name, data, *args, **kwargs)

    def write(self, filename: Any, arcname: Any = None, *args: Any, **kwargs: Any) -> None:
        self.writestr(str(arcname or filename), Path(filename).read_bytes())


def _fill(sheet: Any, row: int, layout: SheetLayout, answer: Answer) -> None:
    from openpyxl.cell.cell import MergedCell

    values = {
        layout.answer_col: answer.answer,
        layout.verdict_col: answer.verdict,
        layout.citations_col: citations_text(answer),
    }
    for column, value in values.items():
        if column is None:
            continue
        cell = sheet.cell(row=row, column=column)
        if not isinstance(cell, MergedCell):
            cell.value = value


def citations_text(answer: Answer) -> str:
    return "\n".join(
        f"{q.document} [{q.start}-{q.end}]: “{' '.join(q.text.split())}”"
        for claim in answer.claims
        for q in claim.quotes
    )
