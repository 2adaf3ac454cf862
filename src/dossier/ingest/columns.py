"""Which column of a questionnaire sheet is which, as the published layouts name them.

The header row is the first of the top rows naming a question column. Beside the
id and question columns, each column plays one role in the answered copy:

- a **choice** column takes one value of its own list: the list of a data
  validation on the column ("Yes,No,NA", a range, or a named range), or, without
  one, the values its header names ("Yes/No", "Y/N", CAIQ's "CSP CAIQ Answer");
- a **text** column takes the prose: the answer column when it is free text,
  else a description or comments column (CAIQ "CSP Implementation Description",
  SIG and HECVAT "Additional Information", "Comments", "Notes", "Justification");
- the verdict and citations columns, where a sheet has them;
- columns about ownership or customer responsibilities (CAIQ "SSRM Control
  Ownership", "CSC Responsibilities") are never written to.

``[questionnaire]`` keys in ``dossier.toml`` name columns instead.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from dossier.ingest.extensions import extension_lists
from dossier.records import ColumnSettings

HEADER_SCAN_ROWS = 30

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
    "control number",
    "control no",
    "control no.",
    "ques num",
    "ques #",
    "question number",
    "question #",
    "item",
    "item #",
    "item no",
    "item no.",
    "item number",
    "requirement id",
    "req id",
    "req #",
)
QUESTION_NAMES = (
    "question",
    "question text",
    "questions",
    "control question",
    "requirement",
    "question/request",
)
# Headers read as the question column when none is named so: one ending in the word
# ("PCI DSS Question", "Assessment Questions") before a bare "Requirement" column,
# which in PCI DSS's SAQ holds the requirement's number.
_QUESTION_HEADER = re.compile(r"\bquestions?$")
# Headers read as the id column when none is named so: "Question No.", "Req. No.",
# "Requirement #", "Control Ref", "Nr".
_ID_HEADER = re.compile(
    r"^(?:(?:question|ques|q|requirement|req|control|item|criterion|criteria|clause|ref"
    r"|reference|line|row|serial|s)\.?\s*)?(?:id|no|num|number|nr|ref|#)\.?$"
)
# A cell reading as an identifier, not a question: "8.3.6", "A4.1", "AC-2(3)", "Q12".
_IDENTIFIER_CELL = re.compile(r"^[A-Za-z]{0,8}[-. _]?\d[\w.()\-]*$")
ANSWER_NAMES = (  # the published choice headers first
    "csp caiq answer",
    "yes/no",
    "y/n",
    "response",
    "answer",
    "answers",
    "vendor answer",
    "vendor answers",
    "vendor response",
    "supplier response",
    "supplier answer",
    "provider response",
    "provider answer",
    "service provider response",
    "bidder response",
    "tenderer response",
    "respondent response",
    "contractor response",
    "your response",
    "your answer",
)
TEXT_NAMES = (
    "csp implementation description",
    "implementation description",
    "additional information",
    "additional info",
    "additional comments",
    "comments",
    "comment",
    "notes",
    "justification",
    "explanation",
    "remarks",
    "vendor comments",
    "vendor notes",
    "supporting comments",
    "supporting information",
    "supplier comments",
    "supplier notes",
    "response comments",
    "response details",
    "additional details",
)
VERDICT_NAMES = ("verdict", "answer status", "dossier verdict")
CITATION_NAMES = (
    "citations",
    "citation",
    "sources",
    "evidence",
    "supporting evidence",
    "source documents",
    "supporting document",
    "supporting documents",
    "supporting documentation",
    "evidence reference",
    "evidence references",
    "evidence provided",
    "evidence supplied",
    "evidence attached",
)
OWNERSHIP_NAMES = (
    "ssrm control ownership",
    "control ownership",
    "ownership",
    "owner",
    "csc responsibilities",
    "csc responsibility",
    "customer responsibilities",
    "customer responsibility",
    "shared responsibility",
)
# Headers whose published list has no data validation to read it from.
HEADER_LISTS = {"csp caiq answer": ("Yes", "No", "NA")}
_YES_NO_HEADER = re.compile(r"\b(yes|y)\s*/\s*(no|n)\b(?:\s*/\s*(n\s*/\s*a|na)\b)?", re.I)
_PARENTHESES = re.compile(r"\s*\([^)]*\)")
_DEFAULT = ColumnSettings()


@dataclass(frozen=True)
class SheetLayout:
    sheet: str
    header_row: int  # 1-based
    question_col: int  # 1-based
    id_col: int | None
    answer_col: int | None  # the column named or found as the answer (choice or text)
    verdict_col: int | None
    citations_col: int | None
    text_col: int | None = None  # takes the prose
    choice_col: int | None = None  # takes one value of ``choices``
    choices: tuple[str, ...] = ()
    headers: tuple[str, ...] = ()  # the header row's names, as written

    @property
    def writable(self) -> bool:
        """Whether the answers have a column to go to."""
        return self.choice_col is not None or self.text_col is not None

    def header(self, column: int | None) -> str:
        return self.headers[column - 1] if column and column <= len(self.headers) else ""


def find_layout(sheet: Any, columns: ColumnSettings = _DEFAULT) -> SheetLayout | None:
    """The layout of a sheet, or None when its top rows name no question column."""
    for row in sheet.iter_rows(min_row=1, max_row=min(sheet.max_row, HEADER_SCAN_ROWS)):
        headers = {cell.column: _written(cell.value) for cell in row if _written(cell.value)}
        names = name_index(headers)
        holds_ids = functools.partial(_column_holds_ids, sheet, row[0].row)
        question = question_column(names, columns.question_column, holds_ids)
        if question is None or _spans_columns(sheet, row[0].row, question):
            continue  # a group's header ("Question" merged over three columns) is above
        last = max(headers)
        written = tuple(headers.get(c, "") for c in range(1, last + 1))
        return _roles(sheet, columns, names, row[0].row, question, written)
    return None


def _spans_columns(sheet: Any, row: int, column: int) -> bool:
    """Whether the cell opens a range merged over several columns: a header grouping
    the columns below it (CAIQ's "Question" over "Question ID | Question | Answer"),
    not a column's own header."""
    for merged in getattr(sheet, "merged_cells", None) or ():
        if merged.min_row == row and merged.min_col == column and merged.max_col > column:
            return True
    return False


def _roles(
    sheet: Any,
    columns: ColumnSettings,
    names: dict[str, int],
    header_row: int,
    question: int,
    headers: tuple[str, ...],
) -> SheetLayout:
    lists = validation_lists(sheet, header_row)
    answer = _pick(names, columns.answer_column, ANSWER_NAMES)
    if answer is None and not columns.answer_column:
        answer = _yes_no_column(headers, question) or _list_column(lists, names)
    text = _pick(names, columns.text_column, TEXT_NAMES)
    choices = _choices(answer, lists, headers)
    if choices is None and answer is not None:  # a free-text answer column takes the prose
        text = answer
    choice = answer if choices is not None else None
    taken = {question, choice, text}
    verdict = _pick(names, columns.verdict_column, VERDICT_NAMES)
    identifier = id_column(names, columns.id_column, question)
    if identifier is None and not columns.id_column:
        identifier = _identifier_column(sheet, header_row, question)
    citations = _pick(names, columns.citations_column, CITATION_NAMES)
    if citations is not None and not columns.citations_column and _asks_yes_no(headers, citations):
        citations = None  # "Evidence Provided (Y/N)": a yes/no column, no place for titles
    return SheetLayout(
        sheet=sheet.title,
        header_row=header_row,
        question_col=question,
        id_col=identifier,
        answer_col=answer,
        verdict_col=None if verdict in taken else verdict,
        citations_col=None if citations in taken | {verdict} else citations,
        text_col=text,
        choice_col=choice,
        choices=choices or (),
        headers=headers,
    )


def _written(value: Any) -> str:
    """A header cell's text; a formula that is only a text (``="Answer"``, as some
    exports write headers) is that text, so reading the values a workbook saved and
    writing into its formulas find the same columns."""
    if value is None:
        return ""
    literal = _TEXT_FORMULA.match(str(value))
    text = literal.group(1).replace('""', '"') if literal else str(value)
    return " ".join(text.split())


_TEXT_FORMULA = re.compile(r'^=\s*"((?:[^"]|"")*)"\s*$')


def name(value: Any) -> str:
    """A header as it is matched: spaces folded, lower case, "Yes / No" as "yes/no"."""
    return re.sub(r"\s*/\s*", "/", _written(value).lower())


def answer_header(header: str) -> bool:
    """Whether a header reads as an answer column's ("Response", "Answer (Yes/No)")."""
    return bool({name(header), name(_PARENTHESES.sub("", header))} & set(ANSWER_NAMES))


def name_index(headers: dict[int, str]) -> dict[str, int]:
    """Each header by its name and by its name without a parenthesised remark
    ("CSP Implementation Description (Optional/Recommended)"); the first column wins."""
    names: dict[str, int] = {}
    for column, header in sorted(headers.items()):
        for key in (name(header), name(_PARENTHESES.sub("", header))):
            names.setdefault(key, column)
    return names


def _pick(names: dict[str, int], configured: str, usual: Sequence[str]) -> int | None:
    if configured:
        return names.get(name(configured))
    found = next((names[n] for n in usual if n in names), None)
    return found if found is not None else _by_part(names, usual)


def question_column(
    names: dict[str, int], configured: str, holds_ids: Callable[[int], bool] = lambda _: False
) -> int | None:
    """The question column: the one ``dossier.toml`` names, else a usual question
    header, else a "Requirement" column, but one ending in "question" ("PCI DSS
    Question") when the "Requirement" column holds identifiers (``holds_ids``)."""
    if configured:
        return names.get(name(configured))
    asking = [n for n in QUESTION_NAMES if n != "requirement"]
    found = next((names[n] for n in asking if n in names), None)
    if found is not None:
        return found
    ending = next(
        (c for n, c in sorted(names.items(), key=_by_column) if _QUESTION_HEADER.search(n)), None
    )
    required = _pick(names, "", ("requirement",))
    if required is not None and (ending is None or not holds_ids(required)):
        return required
    return ending if ending is not None else _pick(names, "", QUESTION_NAMES)


def id_column(names: dict[str, int], configured: str, question: int | None) -> int | None:
    """The id column: the one ``dossier.toml`` names, else a usual id header ("Ref",
    "Question No.", "Req #"), never the question column."""
    if configured:
        return names.get(name(configured))
    others = {n: c for n, c in names.items() if c != question}
    found = _pick(others, "", ID_NAMES)
    if found is None:
        found = next(
            (c for n, c in sorted(others.items(), key=_by_column) if _ID_HEADER.match(n)), None
        )
    return found


def identifier_column(columns: Sequence[Sequence[str]]) -> int | None:
    """The index of the first column holding identifiers (``holds_identifiers``): a
    sheet's ids under a header no usual name matches (PCI DSS SAQ's "Requirement"
    beside its "PCI DSS Question")."""
    for index, cells in enumerate(columns):
        if holds_identifiers(cells):
            return index
    return None


def holds_identifiers(cells: Sequence[str]) -> bool:
    """Whether a column's written cells (most of them are: a section's row may leave
    one blank) all read as identifiers ("8.3.6", "A4.1", "AC-2(3)"), not as bare
    figures (a score, a weight, a year)."""
    written = [c.strip() for c in cells if c.strip()]
    return (
        len(written) * 2 >= len(cells) > 0
        and all(_IDENTIFIER_CELL.match(c) for c in written)
        and not all(c.isdigit() for c in written)
    )


def _identifier_column(sheet: Any, header_row: int, question: int) -> int | None:
    """The first column left of the question whose every cell (of the first rows
    below the header) reads as an identifier."""
    rows = list(
        sheet.iter_rows(
            min_row=header_row + 1,
            max_row=min(sheet.max_row, header_row + _ID_SCAN_ROWS),
            max_col=question - 1,
            values_only=True,
        )
    )
    if question <= 1 or not rows:
        return None
    cells = [[_written(row[c]) for row in rows] for c in range(question - 1)]
    index = identifier_column(cells)
    return None if index is None else index + 1


_ID_SCAN_ROWS = 200


def _column_holds_ids(sheet: Any, header_row: int, column: int) -> bool:
    rows = sheet.iter_rows(
        min_row=header_row + 1,
        max_row=min(sheet.max_row, header_row + _ID_SCAN_ROWS),
        min_col=column,
        max_col=column,
        values_only=True,
    )
    return holds_identifiers([_written(row[0]) for row in rows])


def _by_column(named: tuple[str, int]) -> int:
    return named[1]


def _by_part(names: dict[str, int], usual: Sequence[str]) -> int | None:
    """The column whose header, cut at "/", is a usual name in one of its parts: a
    bilingual "Frage/Question", a bank's "Evidence / Comments" (the first such column)."""
    for header, column in sorted(names.items(), key=lambda named: named[1]):
        if "/" not in header or _YES_NO_HEADER.search(header):  # "Yes/No" names no "No" column
            continue
        if any(len(part.strip()) > 2 and part.strip() in usual for part in header.split("/")):
            return column
    return None


def _choices(
    column: int | None, lists: dict[int, tuple[str, ...]], headers: tuple[str, ...]
) -> tuple[str, ...] | None:
    """The values a choice column takes; None for a free-text column."""
    if column is None:
        return None
    if column in lists:
        return lists[column]
    header = headers[column - 1]
    if name(header) in HEADER_LISTS:
        return HEADER_LISTS[name(header)]
    match = _YES_NO_HEADER.search(header)
    if match is None:
        return None
    return tuple(re.sub(r"\s+", "", v) for v in match.groups() if v)


def _asks_yes_no(headers: tuple[str, ...], column: int) -> bool:
    """Whether the column's header says it takes Yes or No."""
    return 0 < column <= len(headers) and _YES_NO_HEADER.search(headers[column - 1]) is not None


def _yes_no_column(headers: tuple[str, ...], question: int) -> int | None:
    """Without an answer column by name: the first other column whose header says Yes/No."""
    return next(
        (i for i, h in enumerate(headers, 1) if i != question and _YES_NO_HEADER.search(h)),
        None,
    )


def _list_column(lists: dict[int, tuple[str, ...]], names: dict[str, int]) -> int | None:
    """Without an answer column by name: the first column whose list holds Yes and No
    (never an ownership column)."""
    ownership = {names[n] for n in OWNERSHIP_NAMES if n in names}
    return next(
        (
            column
            for column, values in sorted(lists.items())
            if column not in ownership and yes_or_no(values, "Yes") and yes_or_no(values, "No")
        ),
        None,
    )


_YES, _NO = ("yes", "y", "true"), ("no", "n", "false")


def yes_or_no(choices: Sequence[str], short_answer: str) -> str | None:
    """The value of ``choices`` that says ``short_answer`` when it is Yes or No (or
    opens with it, a further part's value after a semicolon: "Yes; yearly"); None
    for any other short answer ("Not covered" is never No, nor NA) or a list without it."""
    first = short_answer.split(";", 1)[0]  # evidence.short_answer.SHORT_ANSWER_PARTS
    wanted = {"yes": _YES, "no": _NO}.get(first.strip().lower())
    if wanted is None:
        return None
    return next((c for c in choices if c.strip().lower() in wanted), None)


def validation_lists(sheet: Any, header_row: int) -> dict[int, tuple[str, ...]]:
    """The values of each list data validation on a column below the header row: the
    classic ones, then those Excel keeps in the sheet's x14 extension (a list on
    another sheet), read from the package when the workbook was loaded."""
    classic = [
        (str(v.formula1), v.sqref)
        for v in sheet.data_validations.dataValidation
        if v.type == "list" and v.formula1
    ]
    extended = [(v.formula, _cells(v.sqref)) for v in extension_lists(sheet)]
    lists: dict[int, tuple[str, ...]] = {}
    for formula, sqref in classic + extended:
        values = _list_values(sheet, formula)
        if not values:
            continue
        for cells in sqref.ranges:
            if cells.max_row > header_row:
                for column in range(cells.min_col, cells.max_col + 1):
                    lists.setdefault(column, values)
    return lists


def _cells(sqref: str) -> Any:
    """The cells an x14 validation names; none when they are not cell references."""
    from openpyxl.worksheet.cell_range import MultiCellRange

    try:
        return MultiCellRange(sqref)
    except (ValueError, TypeError):
        return MultiCellRange()


def _list_values(sheet: Any, formula: str) -> tuple[str, ...]:
    """A list validation's values: written out ("Yes,No,NA"), or the cells of a
    range or of a named range."""
    formula = formula.strip().lstrip("=")
    if formula.startswith('"') and formula.endswith('"'):
        return tuple(v.strip() for v in formula[1:-1].split(",") if v.strip())
    book = sheet.parent
    defined = book.defined_names.get(formula) or sheet.defined_names.get(formula)
    if defined is not None:
        destinations = list(defined.destinations)
    elif "!" in formula:
        title, _, cells = formula.rpartition("!")
        destinations = [(title.strip("'").replace("''", "'"), cells)]
    else:
        destinations = [(sheet.title, formula)]
    return tuple(v for title, cells in destinations for v in _range_values(book, title, cells))


def _range_values(book: Any, title: str, cells: str) -> list[str]:
    if title not in book.sheetnames:
        return []
    try:
        found = book[title][cells.replace("$", "")]
    except (ValueError, KeyError, IndexError):
        return []
    rows = found if isinstance(found, tuple) else ((found,),)
    flat = [c for row in rows for c in (row if isinstance(row, tuple) else (row,))]
    return [_written(c.value) for c in flat if _written(c.value)]
