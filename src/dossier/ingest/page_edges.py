"""Running headers and footers of a PDF: the lines a word processor repeats at the top
or bottom of every page ("Company Confidential – Page 3 of 7", "HDS-ACS-010 Rev 3
Access Control Standard"). They stay in the document's text (quotes are slices of
what pdfplumber extracts), but they are no part of any passage: glued to the last
paragraph of a page they ended up inside quotes and in the words every page's
passages were searched by."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator

PAGE_BREAK = "\n\n"  # between the pages of a PDF's text
EDGE_LINES = 2  # a running header or footer is among a page's first or last two lines
EDGE_SHARE = 0.5  # ... on at least this share of the pages (and on two pages at least)
_DIGITS = re.compile(r"\d+")


def running_spans(text: str) -> tuple[tuple[int, int], ...]:
    """Where the running lines of a PDF's ``text`` (pages joined by ``PAGE_BREAK``)
    are: the lines among a page's first or last ``EDGE_LINES`` whose shape
    (``line_shape``) is at the edge of at least ``EDGE_SHARE`` of the pages, and of
    two at least. A single page has none; a line of the same shape inside a page
    (a table's bare number) stays."""
    edges = [_edge_lines(text, start, end) for start, end in _pages(text)]
    if len(edges) < 2:
        return ()
    counts = Counter(shape for page in edges for shape in {line_shape(text[a:b]) for a, b in page})
    needed = max(2, math.ceil(EDGE_SHARE * len(edges)))
    return tuple(
        sorted(
            {(a, b) for page in edges for a, b in page if counts[line_shape(text[a:b])] >= needed}
        )
    )


def line_shape(line: str) -> str:
    """A line with its whitespace folded and every number as "#": page 3 of 7 and
    page 4 of 7 have one shape."""
    return _DIGITS.sub("#", " ".join(line.split()))


def without_spans(
    text: str, blocks: Iterable[tuple[int, int]], cut: tuple[tuple[int, int], ...]
) -> Iterator[tuple[int, int]]:
    """The blocks of ``text`` with the spans ``cut`` taken out of them: a block holding
    one becomes the stretches before and after it (a sentence a page break cuts is
    two stretches, neither holding the footer and header between its halves)."""
    for start, end in blocks:
        position = start
        for a, b in cut:
            if start <= a and b <= end:
                yield from _stripped(text, position, a)
                position = b
        yield from _stripped(text, position, end)


def _pages(text: str) -> list[tuple[int, int]]:
    pages, position = [], 0
    for match in [*re.finditer(re.escape(PAGE_BREAK), text), None]:
        stop = match.start() if match else len(text)
        if text[position:stop].strip():
            pages.append((position, stop))
        position = match.end() if match else len(text)
    return pages


def _edge_lines(text: str, start: int, end: int) -> list[tuple[int, int]]:
    lines = [
        (start + m.start(), start + m.end())
        for m in re.finditer(r"[^\n]+", text[start:end])
        if m.group().strip()
    ]
    if len(lines) <= 2 * EDGE_LINES:
        return lines
    return lines[:EDGE_LINES] + lines[-EDGE_LINES:]


def _stripped(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    start, end = strip_span(text, start, end)
    if end > start:
        yield start, end


def strip_span(text: str, start: int, end: int) -> tuple[int, int]:
    """[start, end) without the whitespace at either end."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end
