"""An earlier questionnaire answered by hand (CSV or XLSX): each question with its answer.

The questions are read as any questionnaire is (``questionnaire.read_questionnaire``).
The answer is what the answer column holds (a Yes/No choice or free text) and the
description or comments column beside it, found by the same header names an
answered copy is written to (``columns.ANSWER_NAMES``, ``columns.TEXT_NAMES``) or
named in ``[questionnaire]``. A question left unanswered is passed over.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dossier.errors import QuestionnaireError
from dossier.ingest.columns import ANSWER_NAMES, TEXT_NAMES, find_layout, name
from dossier.ingest.questionnaire import read_questionnaire
from dossier.ingest.workbook import WORKBOOK_SUFFIXES, load_workbook
from dossier.records import ColumnSettings, Question


@dataclass(frozen=True)
class HandAnswer:
    question_id: str
    question: str
    answer: str  # the choice and the text, one per line


def read_hand_answers(path: Path, columns: ColumnSettings | None = None) -> list[HandAnswer]:
    """The answered questions of ``path``; an error when no column holds answers."""
    columns = columns or ColumnSettings()
    questions = read_questionnaire(path, columns)
    if path.suffix.lower() in WORKBOOK_SUFFIXES:
        texts = _workbook_answers(path, questions, columns)
    else:
        texts = [_field_answer(q.fields, columns) for q in questions]
    if not any(t is not None for t in texts):
        raise QuestionnaireError(
            f"{path}: no answer column (a column named e.g. Answer, Response, Comments; "
            "or set [questionnaire] answer_column)"
        )
    return [
        HandAnswer(q.question_id, q.question, text)
        for q, text in zip(questions, texts, strict=True)
        if text
    ]


def _field_answer(fields: dict[str, str], columns: ColumnSettings) -> str | None:
    """The answer of a CSV or YAML row: its answer and text columns, when it has any."""
    by_name = {name(header): value for header, value in fields.items()}
    wanted = [columns.answer_column, columns.text_column]
    keys = [name(w) for w in wanted if w] or [*ANSWER_NAMES, *TEXT_NAMES]
    present = [k for k in keys if k in by_name]
    if not present:
        return None
    return "\n".join(v for v in (" ".join(by_name[k].split()) for k in present) if v)


def _workbook_answers(
    path: Path, questions: list[Question], columns: ColumnSettings
) -> list[str | None]:
    book = load_workbook(path, values=True)
    layouts = {sheet.title: find_layout(sheet, columns) for sheet in book.worksheets}
    texts: list[str | None] = []
    for question in questions:
        sheet_name, row = question.fields.get("sheet", ""), question.fields.get("row", "")
        layout = layouts.get(sheet_name)
        if layout is None or not row:
            texts.append(None)
            continue
        cells = [layout.choice_col, layout.text_col or layout.answer_col]
        wanted = list(dict.fromkeys(c for c in cells if c is not None))
        if not wanted:
            texts.append(None)
            continue
        values = [_text(book[sheet_name].cell(int(row), c).value) for c in wanted]
        texts.append("\n".join(v for v in values if v))
    return texts


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).split())
