"""The answered copy of a workbook questionnaire: the same workbook, every cell,
style and sheet kept, with the answers written into the answer column (and the
verdict and citations where the sheet has, or the config names, such columns).
The same answers give the same bytes.
"""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dossier.common.atomic import write_atomic
from dossier.ingest.workbook import WORKBOOK_SUFFIXES, SheetLayout, find_layout, load_workbook
from dossier.records import Answer, ColumnSettings

ANSWERED_SUFFIX = ".answered.xlsx"


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
