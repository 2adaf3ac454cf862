"""A PDF page's text with its ruled tables read as tables.

pdfplumber extracts a page as lines: a table's cell that wraps interleaves with its
neighbours ("Minimum 12 characters 16 characters" / "password length"), and a value
loses its row. Here each table drawn with ruling lines (pdfplumber's own table finder)
is written in its place on the page as the rows of a Markdown table, the rest of the
page as pdfplumber extracts it; the engine then reads a row under its column headers,
as it reads a Markdown document's tables. Pure functions of a pdfplumber page.
"""

from __future__ import annotations

import re
from typing import Any

from dossier.ingest.control_block import control_field_name


def page_text(page: Any) -> str:
    """A PDF page's text as pdfplumber extracts it, each table ruled into cells written
    as the rows of a Markdown table in its place ("| Minimum password length | 12
    characters |"), so that a cell's value stays in its row and under its column's
    header: extracted as lines, a cell that wraps interleaves with its neighbours
    ("Minimum 12 characters 16 characters\npassword length"). A page is read alone (a
    quoted page is read again to check the cache: ``incremental.pdftext``)."""
    tables = _ruled_tables(page)
    if not tables:
        return str(page.extract_text() or "")
    cells = [cell for table in tables for cell in table.cells]
    # (text inside a table's box but in none of its cells stays: a narrower table merged
    # into a wider one leaves its neighbour's text there)
    outside = page.filter(lambda obj: not any(_inside(obj, cell) for cell in cells))
    x0, top, x1, bottom = page.bbox
    parts: list[str] = []
    for table in tables:
        parts.append(_band_text(outside, (x0, top, x1, table.bbox[1])))
        parts.append(markdown_table(table.extract(), header=_bold_first_row(page, table)))
        parts.append(_band_text(outside, (x0, table.bbox[1], x1, table.bbox[3])))
        top = table.bbox[3]
    parts.append(_band_text(outside, (x0, top, x1, bottom)))
    return "\n".join(p for p in parts if p.strip())


def _ruled_tables(page: Any) -> list[Any]:
    """The page's tables drawn with ruling lines, of two rows and two columns at least
    (a box around a paragraph is no table), top first, none overlapping the one above."""
    found = sorted(page.find_tables(), key=lambda t: t.bbox[1])
    tables: list[Any] = []
    for table in found:
        rows = table.extract()
        if len(rows) < 2 or max(len(r) for r in rows) < 2:
            continue
        if tables and table.bbox[1] < tables[-1].bbox[3]:
            continue
        tables.append(table)
    return tables


def _bold_first_row(page: Any, table: Any) -> bool:
    """Whether a table's first row is set in bold and its second is not, as a header row
    is (a word processor's and a browser's): a first row in the body's type is a row of
    values ("USB storage devices | Blocked by Intune policy")."""
    rows = table.rows
    if len(rows) < 2:
        return False
    first, second = (_bold_share(page, row.cells) for row in rows[:2])
    return first is not None and first > 0.5 and (second is None or second <= 0.5)


def _bold_share(page: Any, cells: list[Any]) -> float | None:
    """The share of the characters in the cells set in a bold face (None: no text)."""
    boxes = [cell for cell in cells if cell is not None]
    chars = [c for c in page.chars if any(_inside(c, box) for box in boxes)]
    if not chars:
        return None
    bold = sum(1 for c in chars if _BOLD_FACE.search(str(c.get("fontname", ""))))
    return bold / len(chars)


_BOLD_FACE = re.compile(r"bold|black|heavy|semibold|demi", re.I)


def _inside(obj: dict[str, Any], box: tuple[float, float, float, float]) -> bool:
    x0, top, x1, bottom = box
    middle_x = (float(obj["x0"]) + float(obj["x1"])) / 2
    middle_y = (float(obj["top"]) + float(obj["bottom"])) / 2
    return x0 <= middle_x <= x1 and top <= middle_y <= bottom


def _band_text(page: Any, box: tuple[float, float, float, float]) -> str:
    """The text of the page's characters whose middle lies in the band."""
    if box[3] <= box[1]:
        return ""
    band = page.filter(lambda obj: obj.get("object_type") != "char" or _inside(obj, box))
    chars = [c for c in band.chars if _inside(c, box)]
    return str(band.extract_text() or "") if chars else ""


# A header row's cells name columns: short labels ("Tier | RTO | RPO", "Version | Date").
_HEADER_CELL = re.compile(r"^[^|]{1,40}$")


def markdown_table(rows: list[list[str | None]], header: bool) -> str:
    """Rows of cells as the lines of a Markdown table, the first row over a delimiter
    row when it is the table's ``header`` (set apart in bold), its cells labels, and the
    table no cover's property table; a cell's wrapped lines joined with a space (a word
    hyphenated at the line end kept whole: "re-certification"), a "|" in a cell written
    "/", rows with no text left out."""
    lines = []
    for row in rows:
        cells = [_cell_text(c) for c in row]
        if any(cells):
            lines.append("| " + " | ".join(cells) + " |")
    if not lines:
        return ""
    first = [_cell_text(c) for c in rows[0]]
    if (
        header
        and len(lines) > 1
        and all(_HEADER_CELL.match(c) for c in first)
        and not _property_table(rows)
    ):
        lines.insert(1, "|" + " --- |" * len(first))
    return "\n".join(lines)


def _property_table(rows: list[list[str | None]]) -> bool:
    """Whether a table of two columns is a cover's property table, a document-control
    field's name in its first column ("Title | Information Security Policy", "Document
    owner | CISO"): its first row is a field, no header."""
    return all(len(r) == 2 for r in rows) and control_field_name(_cell_text(rows[0][0]))


def _cell_text(cell: str | None) -> str:
    text = re.sub(r"(?<=[^\W\d_]-)\n(?=[a-z])", "", cell or "")
    return " ".join(text.replace("|", "/").split())
