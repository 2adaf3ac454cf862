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
    two at least; and any edge line ending in the page's number (``_PAGE_NUMBER``).
    A single page has no other; a line of the same shape inside a page (a table's bare
    number) stays."""
    edges = [_edge_lines(text, start, end) for start, end in _pages(text)]
    numbered = {
        (a, b)
        for index, page in enumerate(edges, start=1)
        for a, b in page
        if _numbers_page(text[a:b], index)
    }
    if len(edges) < 2:
        return tuple(sorted(numbered))
    counts = Counter(shape for page in edges for shape in {line_shape(text[a:b]) for a, b in page})
    needed = max(2, math.ceil(EDGE_SHARE * len(edges)))
    repeated = {
        (a, b) for page in edges for a, b in page if counts[line_shape(text[a:b])] >= needed
    }
    return tuple(sorted(repeated | numbered))


# A page's number at its edge, alone or after the running text it closes: "Page 1",
# "Page 2 of 7", "St. Brendan's Community Health - Page 1" (a one-page PDF's footer too),
# "IT-POL-001 v3.2 Page 1 of 1".
_PAGE_NUMBER = re.compile(
    r"(?:^|\s[-\u2013\u2014|\u00b7\u2022]\s*)page\s+(?P<number>\d+)(?:\s*(?:of|/)\s*\d+)?\s*$"
    r"|\bpage\s+(?P<of>\d+)\s*(?:of|/)\s*\d+\s*$",
    re.I,
)


def _numbers_page(line: str, index: int) -> bool:
    """Whether an edge line ends in the number of its page (the page's place, or one
    less under an unnumbered cover), not another page's ("... Handbook - page 12", a
    table of contents' "1. Purpose - Page 3")."""
    found = _PAGE_NUMBER.search(line)
    if found is None:
        return False
    return int(found["number"] or found["of"]) in (index, index - 1)


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
