"""The answered copy of a workbook questionnaire: the same workbook, every cell,
style and sheet kept, with each answer written as its columns ask
(``dossier.ingest.columns`` says which column is which):

- a choice column gets a value of its own list: the short answer ``Yes`` the list's
  yes, ``No`` its no; anything else ("Not covered", "Needs review", a value) leaves
  it empty, never No and never NA ("not applicable" is a claim about the vendor);
- the text column gets the prose: the short answer first, then the quotes with
  their documents' titles (for "Not covered", what the documents do not show);
- the citations column gets the cited documents' titles and paths, the verdict
  column the verdict; ownership and customer-responsibility columns are left alone;
- until a person approves an answer, its cells carry the comment "Draft: awaiting
  review"; a rejected answer's cells are left empty, the rejection as their comment;
- a value the workbook already holds in an answer cell is never lost: a cell the
  answer leaves empty keeps it, and one the answer writes keeps it in its comment;
- each sheet's extension list, which openpyxl drops (x14 dropdowns whose list is on
  another sheet, sparklines), is put back as the vendor's workbook has it
  (``dossier.output.extensions``).

A text longer than a cell holds is cut at a sentence, with a note pointing to the
dossier. The same answers and decisions give the same bytes. The questionnaire
itself is kept in the output folder, so that a review writes the answers into the
vendor's workbook again rather than into the previous answered copy.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import re
import zipfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dossier.common.atomic import write_atomic
from dossier.ingest.columns import SheetLayout, find_layout, yes_or_no
from dossier.ingest.workbook import WORKBOOK_SUFFIXES, load_workbook
from dossier.output.extensions import carry_extensions
from dossier.records import Answer, ColumnSettings

ANSWERED_SUFFIX = ".answered.xlsx"
KEPT_SOURCES = Path("cache") / "questionnaire"  # in the output folder
CELL_LIMIT = 32_767  # characters a cell holds
AUTHOR = "dossier"  # of the comments the writer puts; any other is the vendor's, kept
DRAFT = "Draft: awaiting review. Written from the documents; no person has approved it yet."
NOT_COVERED, NEEDS_REVIEW = "Not covered", "Needs review"
_SENTENCE_END = re.compile(r"[.!?][”\"')\]]*(?=\s)|\n")
_SAYS_YES_OR_NO = re.compile(r"\s*(yes|no)\b", re.I)


def answered_name(questionnaire: Path) -> str | None:
    """The answered copy's file name, for a workbook questionnaire; None for others."""
    if questionnaire.suffix.lower() not in WORKBOOK_SUFFIXES:
        return None
    return f"{questionnaire.stem}{ANSWERED_SUFFIX}"


@dataclass(frozen=True)
class CellWrite:
    """What one cell of an answer's row gets: a value (None: empty) and a comment."""

    column: int
    value: str | None
    comment: str | None = None


def short_answer(answer: Answer) -> str:
    """The answer's short answer: for an edit, the Yes or No it opens with (else the
    engine's); without one from the engine, what its verdict says."""
    if answer.review.status == "edited":
        said = _SAYS_YES_OR_NO.match(answer.answer)
        if said is not None:
            return said.group(1).capitalize()
    if answer.short_answer:
        return answer.short_answer
    return {"unsupported": NOT_COVERED, "escalate": NEEDS_REVIEW}.get(answer.verdict, "")


def answer_cells(
    layout: SheetLayout, answer: Answer, titles: Mapping[str, str]
) -> tuple[CellWrite, ...]:
    """The cells of ``answer``'s row, by the sheet's column roles."""
    if answer.review.status == "rejected":
        return _rejected(layout, answer)
    mark = DRAFT if answer.review.status == "pending" else None
    short = short_answer(answer)
    cells = []
    if layout.choice_col is not None:
        choice = yes_or_no(layout.choices, short) if _says_its_choice(answer) else None
        cells.append(CellWrite(layout.choice_col, choice, mark if choice else None))
    if layout.text_col is not None:
        text = fit(prose(answer, short), answer.question_id)
        cells.append(CellWrite(layout.text_col, text, mark))
    if layout.verdict_col is not None:
        cells.append(CellWrite(layout.verdict_col, answer.verdict))
    if layout.citations_col is not None:
        cited = fit(citations_text(answer, titles), answer.question_id)
        cells.append(CellWrite(layout.citations_col, cited or None))
    return tuple(cells)


def _says_its_choice(answer: Answer) -> bool:
    """Whether the answer itself gives the choice column's Yes or No: an edit that
    does not open with one leaves it empty (the engine's Yes beside a reviewer's
    words that say otherwise would contradict them)."""
    return answer.review.status != "edited" or _SAYS_YES_OR_NO.match(answer.answer) is not None


def _rejected(layout: SheetLayout, answer: Answer) -> tuple[CellWrite, ...]:
    review = answer.review
    note = f"Rejected by {review.reviewer or 'a reviewer'} at {review.at or '?'}" + (
        f": {review.reason}" if review.reason else ""
    )
    answer_columns = (layout.choice_col, layout.text_col)
    roles = (*answer_columns, layout.verdict_col, layout.citations_col)
    return tuple(
        CellWrite(column, None, note if column in answer_columns else None)
        for column in roles
        if column is not None
    )


def prose(answer: Answer, short: str) -> str:
    """The text column's answer: the short answer first, then the prose (an edit is
    the reviewer's own words, as written; an escalated answer a person approved no
    longer says it needs review)."""
    settled = answer.review.status == "approved" and short == NEEDS_REVIEW
    if answer.review.status == "edited" or not short:
        return answer.answer
    if settled:
        return re.sub(rf"^{re.escape(NEEDS_REVIEW)}[.:]\s*", "", answer.answer)
    if answer.answer.startswith(short):  # the engine's prose opens with it already
        return answer.answer
    stop = "" if short[-1] in ".!?" else "."
    return f"{short}{stop}\n{answer.answer}"


def citations_text(answer: Answer, titles: Mapping[str, str]) -> str:
    """Each cited document once, in the order cited: its title and path."""
    cited = dict.fromkeys(q.document for claim in answer.claims for q in claim.quotes)
    return "\n".join(
        f"{titles[path]} ({path})" if titles.get(path, path) != path else path for path in cited
    )


def fit(text: str, question_id: str, limit: int = CELL_LIMIT) -> str:
    """``text``, or, when a cell cannot hold it, its sentences up to the limit and a
    note pointing to the dossier."""
    if len(text) <= limit:
        return text
    note = f"\n[Cut to fit the cell: the whole answer to {question_id} is in dossier.md.]"
    room = text[: limit - len(note)]
    ends = [m.end() for m in _SENTENCE_END.finditer(room)]
    return room[: ends[-1] if ends else len(room)].rstrip() + note


def write_answered(
    source: Path,
    answers: Sequence[Answer],
    target: Path,
    columns: ColumnSettings,
    written_at: dt.datetime,
    titles: Mapping[str, str] | None = None,
    *,
    earlier_is_ours: bool = False,
) -> Path:
    """``target``: the source workbook with the answers filled in. The same
    answers give the same bytes: the workbook says it was last modified at
    ``written_at`` and every part of it is dated so. ``earlier_is_ours``: the
    source is an answered copy, whose answer cells this writer filled (else a value
    in an answer cell is the vendor's, and kept)."""
    from openpyxl.writer.excel import ExcelWriter

    data = source.read_bytes()
    workbook = load_workbook(source, data)
    for sheet, row, layout, answer in _answer_rows(workbook, answers, columns):
        _apply(sheet, row, answer_cells(layout, answer, titles or {}), keep=not earlier_is_ours)
    utc = written_at.astimezone(dt.UTC).replace(tzinfo=None, microsecond=0)
    workbook.properties.modified = utc
    buffer = io.BytesIO()
    ExcelWriter(workbook, _DatedZip(buffer, utc.timetuple()[:6])).save()
    written = _with_parts(buffer.getvalue(), carry_extensions(data, buffer.getvalue()), utc)
    return write_atomic(target, written)


def _with_parts(package: bytes, replaced: Mapping[str, bytes], utc: dt.datetime) -> bytes:
    """``package`` with the parts in ``replaced`` replaced, every entry in its order
    and dated ``utc`` as the writer dates them."""
    if not replaced:
        return package
    buffer = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(package)) as old, _DatedZip(buffer, utc.timetuple()[:6]) as new:
        for name in old.namelist():
            new.writestr(name, replaced.get(name, old.read(name)))
    return buffer.getvalue()


def answers_written(path: Path, answers: Sequence[Answer], columns: ColumnSettings) -> int:
    """How many of ``answers`` the answered workbook at ``path`` holds: rows whose
    choice or text cell is not empty."""
    workbook = load_workbook(path)
    return sum(
        any(
            sheet.cell(row=row, column=column).value not in (None, "")
            for column in (layout.choice_col, layout.text_col)
            if column is not None
        )
        for sheet, row, layout, _ in _answer_rows(workbook, answers, columns)
    )


def _answer_rows(
    workbook: Any, answers: Sequence[Answer], columns: ColumnSettings
) -> Iterator[tuple[Any, int, SheetLayout, Answer]]:
    by_place = {(a.fields.get("sheet"), a.fields.get("row")): a for a in answers}
    for sheet in workbook.worksheets:
        layout = find_layout(sheet, columns)
        if layout is None:
            continue
        for row in range(layout.header_row + 1, sheet.max_row + 1):
            answer = by_place.get((sheet.title, str(row)))
            if answer is not None:
                yield sheet, row, layout, answer


def _apply(sheet: Any, row: int, cells: Sequence[CellWrite], *, keep: bool = True) -> None:
    """The row's cells written; with ``keep``, a value the cell held is never lost."""
    from openpyxl.cell.cell import MergedCell

    for write in cells:
        cell = sheet.cell(row=row, column=write.column)
        if isinstance(cell, MergedCell):
            continue
        earlier = cell.value
        if not keep or earlier in (None, "") or earlier == write.value:
            _set(cell, write.value)
            cell.comment = _comment(cell.comment, write.comment)
        elif write.value is None:  # the workbook's own answer is never erased
            kept = "Kept: this value is the workbook's own, not written by dossier."
            mark = f"{write.comment}\n\n{kept}" if write.comment else kept
            cell.comment = _comment(cell.comment, mark)
        else:  # written over, and kept where a reader finds it
            _set(cell, write.value)
            kept = f"Replaced this cell's earlier value: “{_shortened(str(earlier))}”"
            mark = f"{write.comment}\n\n{kept}" if write.comment else kept
            cell.comment = _comment(cell.comment, mark)


def _set(cell: Any, value: str | None) -> None:
    """Write ``value`` as the text it is: openpyxl makes a formula of a string that
    starts with '=' (a document titled '=HYPERLINK(...)' would put a live link in
    the vendor's workbook)."""
    cell.value = value
    if value is not None and value.startswith("="):
        cell.data_type = "s"
    if value is not None and (len(value) > WRAPPED_CHARS or "\n" in value):
        _wrap(cell)


WRAPPED_CHARS = 40  # a longer answer wraps in its cell rather than run on one line


def _wrap(cell: Any) -> None:
    """The cell's text wraps (its other alignment, the vendor's, kept): an answer of a
    few sentences on one line runs far past the column in Excel."""
    from copy import copy

    alignment = copy(cell.alignment)
    alignment.wrap_text = True
    cell.alignment = alignment


def _shortened(text: str, limit: int = 1_000) -> str:
    return text if len(text) <= limit else text[:limit].rstrip() + " …"


def _comment(existing: Any, mark: str | None) -> Any:
    """The cell's comment: the vendor's own kept (after the mark, when there is one);
    one the writer put before is replaced."""
    from openpyxl.comments import Comment

    vendor = existing if existing is not None and existing.author != AUTHOR else None
    if mark is None:
        return vendor
    text = mark if vendor is None else f"{mark}\n\n{vendor.text}"
    return Comment(text, AUTHOR, height=90, width=240)


def keep_source(questionnaire: Path, out: Path) -> Path:
    """A copy of the questionnaire in ``out``, named by its SHA-256, for writing the
    answers into it again after a review; a copy modified since it was kept is
    written again."""
    data = questionnaire.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    kept = kept_path(out, questionnaire.name, digest)
    if not kept.is_file() or hashlib.sha256(kept.read_bytes()).hexdigest() != digest:
        write_atomic(kept, data)
    return kept


def kept_path(out: Path, questionnaire: str, sha256: str) -> Path:
    """Where ``keep_source`` keeps the questionnaire whose SHA-256 is ``sha256``."""
    return out / KEPT_SOURCES / f"{sha256}{Path(questionnaire).suffix}"


def kept_source(out: Path, questionnaire: str, sha256: str) -> Path | None:
    """The questionnaire kept by ``keep_source``, while its bytes are the ones built."""
    kept = kept_path(out, questionnaire, sha256)
    if not kept.is_file() or hashlib.sha256(kept.read_bytes()).hexdigest() != sha256:
        return None
    return kept


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
