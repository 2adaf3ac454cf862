"""XLSX questionnaires as vendors send them: finding the questions.

A sheet's header row is found by its names (the first of the top rows holding a
question column), or by the names set in ``dossier.toml``; title rows above it,
section rows, blank rows and merged cells are left alone. Which column takes what
is ``dossier.ingest.columns``; a sheet whose answers have nowhere to go is named in
the build's notes. The answered copy is written by ``dossier.output.workbook`` with
the same layout.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import io
import re
import warnings
import zipfile
from pathlib import Path
from typing import Any

from dossier.errors import QuestionnaireError
from dossier.ingest.columns import (
    HEADER_SCAN_ROWS,
    SheetLayout,
    answer_header,
    find_layout,
    yes_or_no,
)
from dossier.ingest.extensions import remember, sheet_extensions
from dossier.records import ColumnSettings, Question

WORKBOOK_SUFFIXES = (".xlsx", ".xlsm")
DEFAULT_COLUMNS = ColumnSettings()  # find the columns by their usual header names
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"  # encrypted .xlsx and legacy .xls


# What openpyxl warns it drops, which the reader reads and the answered copy keeps
# (dossier.output.workbook); a slicer or a timeline, whose parts are lost, is still named.
KEPT_EXTENSIONS = (
    r"(Data Validation|Conditional Formatting|Sparkline Group|Protected Range|Ignored Error) "
    "extension is not supported"
)

# What openpyxl raises for a damaged workbook (SyntaxError: XML that does not parse).
UNREADABLE = (
    zipfile.BadZipFile,
    KeyError,
    ValueError,
    OSError,
    SyntaxError,
    IndexError,
    TypeError,
    AttributeError,
    EOFError,
)


def load_workbook(path: Path, data: bytes | None = None, *, values: bool = False) -> Any:
    """The workbook; with ``values``, each formula cell holds the value the workbook
    saved for it (what a person sees) instead of its formula. The x14 list
    dropdowns openpyxl drops are kept beside its sheets (``ingest.extensions``)."""
    import openpyxl
    from openpyxl.utils.exceptions import InvalidFileException

    data = path.read_bytes() if data is None else data
    if data.startswith(OLE_MAGIC):
        raise QuestionnaireError(
            f"{path}: password-protected (encrypted) or legacy .xls workbook; "
            "save it unprotected as .xlsx"
        )
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", KEPT_EXTENSIONS, UserWarning)
            book = openpyxl.load_workbook(io.BytesIO(data), data_only=values)
    except (InvalidFileException, *UNREADABLE) as error:  # XML cut short, a lost string ...
        detail = " ".join(str(error).split()).split(". ")[0] or type(error).__name__
        raise QuestionnaireError(f"{path}: not a readable .xlsx workbook ({detail})") from None
    remember(book, sheet_extensions(data))  # x14 dropdowns, which openpyxl drops
    return book


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
    skipped = []
    for sheet in shown.worksheets:
        layout = find_layout(sheet, columns)
        if layout is None:
            skipped.append(sheet)
            continue
        found = _sheet_questions(sheet, layout, path.name)
        notes += column_notes(layout, len(found), columns, path.name)
        notes += _unsaved_formulas(formulas[sheet.title], layout, found, path.name)
        notes += _merged_answer_cells(formulas[sheet.title], layout, found, path.name)
        notes += _filled_answer_cells(sheet, layout, found, path.name)
        questions += found
    if questions:  # a cover or instructions sheet beside the questions: nothing to set
        read = sorted({q.fields["sheet"] for q in questions})
        notes = [_beside(sheet, path.name, read) for sheet in skipped] + notes
    else:
        notes = [_skipped(sheet, path.name, columns) for sheet in skipped] + notes
    return questions, notes


def _beside(sheet: Any, file_name: str, read: list[str]) -> str:
    """A sheet without questions in a workbook whose questions are on other sheets: a
    cover or instructions sheet, most likely; if it holds questions, the key to set."""
    found = _likely_headers(sheet)
    shown = ", ".join(f"'{h}'" for h in found[:6]) + (" ..." if len(found) > 6 else "")
    headers = f"the headers found: {shown}" if found else "no header row found"
    others = "another sheet" if len(read) == 1 else f"{len(read)} other sheets"
    return (
        f"{file_name}: sheet '{sheet.title}' skipped: no question column ({headers}); the "
        f"questions were read from {others}. If this sheet holds questions too, name its "
        'question column in dossier.toml: [questionnaire] question_column = "..."'
    )


def _skipped(sheet: Any, file_name: str, columns: ColumnSettings) -> str:
    """Why a sheet gave no questions: the headers it has, and the key to set."""
    found = _likely_headers(sheet)
    shown = ", ".join(f"'{h}'" for h in found[:12]) + (" ..." if len(found) > 12 else "")
    wanted = (
        f"no column named '{columns.question_column}' ([questionnaire] question_column)"
        if columns.question_column
        else f"no question column in its top {HEADER_SCAN_ROWS} rows"
    )
    headers = f"the headers found: {shown}" if found else "no header row found"
    return (
        f"{file_name}: sheet '{sheet.title}' skipped: {wanted} ({headers}); name the question "
        'column in dossier.toml: [questionnaire] question_column = "..."'
    )


def _likely_headers(sheet: Any) -> list[str]:
    """The first of the top rows holding two or more texts: what a person would
    take for the header row."""
    for row in sheet.iter_rows(min_row=1, max_row=min(sheet.max_row, HEADER_SCAN_ROWS)):
        texts = [" ".join(str(c.value).split()) for c in row if isinstance(c.value, str)]
        texts = [t for t in texts if t]
        if len(texts) >= 2:
            return texts
    return []


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


def _filled_answer_cells(
    sheet: Any, layout: SheetLayout, found: list[Question], file_name: str
) -> list[str]:
    """A note when answer cells (choice or text) already hold values: the answered
    copy writes over them, keeping each earlier value in the cell's comment, and
    leaves the ones it has nothing for as they are."""
    columns = [c for c in (layout.choice_col, layout.text_col) if c is not None]
    filled = [
        q.fields["row"]
        for q in found
        if any(
            sheet.cell(row=int(q.fields["row"]), column=c).value not in (None, "") for c in columns
        )
    ]
    if not filled:
        return []
    rows = ", ".join(filled[:8]) + (" ..." if len(filled) > 8 else "")
    return [
        f"{file_name}: sheet '{sheet.title}': {len(filled)} answer cell row(s) already hold "
        f"a value (rows {rows}): the answered copy writes over them, keeping each earlier "
        "value in the cell's comment, and leaves a cell it has no answer for as it is"
    ]


def _merged_answer_cells(
    sheet: Any, layout: SheetLayout, found: list[Question], file_name: str
) -> list[str]:
    """A note for each question whose answer cell (choice or text) is merged into
    another cell: that cell is left as it is, and the note says whether the rest of
    the answer is written."""
    from openpyxl.cell.cell import MergedCell

    roles = [(n, c) for n, c in (("choice", layout.choice_col), ("text", layout.text_col)) if c]
    notes = []
    for q in found:
        row = int(q.fields["row"])
        merged = [
            f"{name} cell {sheet.cell(row=row, column=column).coordinate}"
            for name, column in roles
            if isinstance(sheet.cell(row=row, column=column), MergedCell)
        ]
        if merged:
            rest = "nothing of it is written" if len(merged) == len(roles) else "the rest is"
            notes.append(
                f"{file_name}: sheet '{sheet.title}' row {row}: the answer to {q.question_id} "
                f"is not written into its {' and '.join(merged)}, merged into another cell; "
                f"{rest}"
            )
    return notes


def column_notes(
    layout: SheetLayout, questions: int, columns: ColumnSettings, file_name: str
) -> list[str]:
    """What a person must know about where the answers of a sheet go: nowhere (and
    the key to set), only Yes or No (no column for the prose), or not a Yes or No
    (a choice list without either)."""
    where = f"{file_name}: sheet '{layout.sheet}'"
    headers = ", ".join(f"'{h}'" for h in layout.headers if h)
    if questions and not layout.writable:
        named = [f"{k} = '{v}'" for k, v in _configured(columns) if v]
        return [
            f"{where}: {questions} questions but no column to write the answers in "
            f"(headers found: {headers}"
            + (f"; dossier.toml names {', '.join(named)}" if named else "")
            + "); the answered workbook holds no answers from this sheet. Name the column in "
            "dossier.toml: [questionnaire] answer_column = '<header>' (a Yes/No or answer "
            "column) or text_column = '<header>' (a column for the prose)"
        ]
    notes = []
    choice = layout.header(layout.choice_col)
    if layout.choice_col is not None and not (
        yes_or_no(layout.choices, "Yes") and yes_or_no(layout.choices, "No")
    ):
        notes.append(
            f"{where}: the choice column '{choice}' lists {', '.join(layout.choices) or 'nothing'}"
            ", without Yes and No; it is left empty"
        )
    unused = _other_answer_columns(layout) if not columns.answer_column else []
    if questions and unused:
        chosen = layout.header(layout.answer_col)
        others = ", ".join(f"'{h}'" for h in unused)
        notes.append(
            f"{where}: answers go in '{chosen}', not in {others}, which also reads as an "
            "answer column; to choose, set [questionnaire] answer_column = '<header>' in "
            "dossier.toml"
        )
    if questions and layout.choice_col is not None and layout.text_col is None:
        notes.append(
            f"{where}: no description or comments column beside '{choice}' (headers found: "
            f"{headers}): only Yes or No is written, the quotes are in the dossier; "
            "set [questionnaire] text_column = '<header>' in dossier.toml for the prose"
        )
    return notes


def _other_answer_columns(layout: SheetLayout) -> list[str]:
    """Headers that read as an answer column but take nothing ("Answer" beside
    "Response"): the vendor may expect the answers there."""
    taken = {layout.question_col, layout.answer_col, layout.choice_col, layout.text_col}
    return [
        header
        for column, header in enumerate(layout.headers, 1)
        if column not in taken and answer_header(header)
    ]


def _configured(columns: ColumnSettings) -> list[tuple[str, str]]:
    return [(f.name, getattr(columns, f.name)) for f in dataclasses.fields(columns)]


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
        if layout.id_col and not qid and section_title(text):
            continue  # "Section: Data Security" between a sheet's numbered questions
        qid = qid or f"{sheet.title}!R{number}"
        fields = {"sheet": sheet.title, "row": str(number)}
        questions.append(Question(qid, text, fields, f"{file_name}:{sheet.title}!{number}"))
    return questions


# How a request without a question mark opens: "Describe ...", "Provide ...".
_REQUEST = re.compile(
    r"^\W*(?:describe|provide|list|explain|specify|state|indicate|confirm|attach|upload"
    r"|outline|detail|identify|summari[sz]e|give|share|include|submit)\b",
    re.I,
)
_SECTION_WORDS = 8


def section_title(text: str) -> bool:
    """Whether a row without an id, in a sheet (or CSV) that numbers its questions,
    holds a section's title rather than a question: short, no question mark, no
    request."""
    return "?" not in text and len(text.split()) <= _SECTION_WORDS and _REQUEST.match(text) is None


def _text(value: Any) -> str:
    """A cell's value as text: a whole number without ".0", and a date as the ISO
    date Excel shows it as (an id such as "1.2" that Excel turned into a date reads
    "2024-01-02", not "2024-01-02 00:00:00")."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, dt.datetime):
        value = value.date() if value.time() == dt.time() else value.isoformat(" ", "seconds")
    if isinstance(value, dt.date | dt.time):
        value = value.isoformat()
    return str(value).strip()
