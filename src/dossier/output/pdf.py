"""The dossier as one PDF, laid out in parts on the machine's cores.

WeasyPrint lays a document out in one Python thread, and that made the PDF the
largest cost of a rebuild. So a large dossier is cut into parts of about
``PART_CHARACTERS`` of HTML (the front page and contents with the first
answers, ..., the last answers, the documents, the research appendix's entries:
the appendix is cut like the answers, since it is about as long), each part is
laid out in its own process, and the parts are joined with pypdf.

What one layout gave for free is then done at the join: every page is
numbered "Page N of M"; each contents line gets the page number of the answer
or section it links to, and its link; the outline nests the headings of all
parts. How the dossier is cut depends on its text alone, never on the machine,
so a dossier gives the same pages wherever it is built.
"""

from __future__ import annotations

import datetime as dt
import io
import logging
import multiprocessing
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DecodedStreamObject,
    DictionaryObject,
    Fit,
    FloatObject,
    IndirectObject,
    NameObject,
    NumberObject,
    TextStringObject,
)

from dossier.common.clock import check_source_date_epoch
from dossier.records import Answer

PART_CHARACTERS = 150_000  # of HTML per part: about 1.5 s of layout on a 2-core CI machine
POINTS_PER_PX = 0.75  # CSS pixels (1/96 in) to PDF points (1/72 in)
POINTS_PER_MM = 72 / 25.4
MARGIN_MM = (18, 16, 20, 16)  # top, right, bottom, left: the template's @page margin
NUMBER_ROOM_MM = 12  # kept free right of each contents line for its page number
FOOTER_POINTS = 7.5
CONTENTS_POINTS = 9.5  # the body's font size, which the contents use
# Helvetica advance widths (1/1000 em) of the characters page numbers use
HELVETICA_WIDTHS = {"P": 667, "a": 556, "g": 556, "e": 556, "o": 556, "f": 278, " ": 278}
DIGIT_WIDTH = 556


Numbered = tuple[tuple[int, Answer], ...]  # answers with their number in the dossier


@dataclass(frozen=True)
class Part:
    """What one HTML document of the dossier holds, in this order: the front page
    and contents, the answers' heading, answers, the documents with the appendix's
    heading, and appendix entries (each answer's searches and related passages)."""

    front: bool = False
    answers: Numbered = ()
    answers_heading: bool = False
    documents: bool = False
    research: Numbered = ()


HtmlOf = Callable[[Part], str]


@dataclass(frozen=True)
class Place:
    """A point on a page of a part, in PDF points from the bottom left."""

    page: int
    x: float
    y: float


@dataclass(frozen=True)
class Link:
    target: str  # an anchor name: q-3, documents, research
    page: int
    rect: tuple[float, float, float, float]  # PDF points: left, bottom, right, top


@dataclass(frozen=True)
class Bookmark:
    level: int
    label: str
    place: Place


@dataclass(frozen=True)
class LaidOut:
    """One part laid out and written: its PDF and where its anchors, links and
    headings are."""

    pdf: bytes
    pages: int
    anchors: dict[str, Place]
    links: tuple[Link, ...]
    bookmarks: tuple[Bookmark, ...]


def page_css() -> dict[str, str]:
    """The template's page geometry, which the numbering placed here relies on."""
    return {
        "margin": " ".join(f"{mm}mm" for mm in MARGIN_MM),
        "number_room": f"{NUMBER_ROOM_MM}mm",
    }


def render_pdf(answers: Sequence[Answer], html_of: HtmlOf, built: dt.datetime) -> bytes:
    """The dossier's PDF; ``html_of(part)`` gives the HTML of one part. The same
    dossier gives the same bytes: the fonts' own timestamps are ``built``."""
    parts = cut(answers, lambda part: len(html_of(part)))
    with _fonts_dated(built):
        return join(_lay_out_all([html_of(part) for part in parts]))


@contextmanager
def _fonts_dated(built: dt.datetime) -> Iterator[None]:
    """fontTools stamps each font subset it writes with the time of writing, unless
    SOURCE_DATE_EPOCH says otherwise (the reproducible-builds convention); a
    value the caller set is kept (and checked)."""
    check_source_date_epoch(os.environ)
    if "SOURCE_DATE_EPOCH" in os.environ:
        yield
        return
    os.environ["SOURCE_DATE_EPOCH"] = str(int(built.timestamp()))
    try:
        yield
    finally:
        del os.environ["SOURCE_DATE_EPOCH"]


def cut(answers: Sequence[Answer], size: Callable[[Part], int]) -> list[Part]:
    """The dossier in parts of about equal size, about ``PART_CHARACTERS`` each:
    the first starts with the front page and contents, the documents follow the
    last answer, and the appendix's entries are shared out like the answers."""
    numbered = tuple(enumerate(answers, start=1))
    head = size(Part())
    units: list[Part] = [
        Part(front=True),
        *(Part(answers=(item,)) for item in numbered),
        Part(documents=True),
        *(Part(research=(item,)) for item in numbered),
    ]
    weights = [size(unit) - head for unit in units]
    total = sum(weights)
    count = max(1, round(total / PART_CHARACTERS))
    runs: list[list[Part]] = [[]]
    filled = 0.0
    for unit, weight in zip(units, weights, strict=True):
        if runs[-1] and filled >= total / count * len(runs) and len(runs) < count:
            runs.append([])
        runs[-1].append(unit)
        filled += weight
    return [_joined(run, any_answers=bool(numbered)) for run in runs]


def _joined(units: list[Part], any_answers: bool) -> Part:
    """One part holding ``units``; the answers' heading goes with the first answer
    (with the front page when there is none)."""
    answers = tuple(item for unit in units for item in unit.answers)
    front = any(unit.front for unit in units)
    return Part(
        front=front,
        answers=answers,
        answers_heading=answers[0][0] == 1 if answers else front and not any_answers,
        documents=any(unit.documents for unit in units),
        research=tuple(item for unit in units for item in unit.research),
    )


def _lay_out_all(htmls: list[str]) -> list[LaidOut]:
    """The parts shared between this process and forked workers, one per other
    core (a forked worker starts at once, with WeasyPrint already imported); on
    one core, one after another here."""
    cores = min(len(htmls), os.cpu_count() or 1)
    if cores < 2 or "fork" not in multiprocessing.get_all_start_methods():
        return [lay_out(html) for html in htmls]
    import weasyprint  # noqa: F401  imported before forking, so that no worker imports it

    ours = max(1, len(htmls) // cores)  # the last parts, laid out here meanwhile
    theirs = htmls[: len(htmls) - ours]
    try:
        context = multiprocessing.get_context("fork")
        with ProcessPoolExecutor(cores - 1, mp_context=context) as pool:
            futures = [pool.submit(lay_out, html) for html in theirs]
            here = [lay_out(html) for html in htmls[len(theirs) :]]
            return [future.result() for future in futures] + here
    except (BrokenProcessPool, OSError):  # a worker died or could not start: lay out here
        return [lay_out(html) for html in htmls]


def lay_out(html: str) -> LaidOut:
    """Lay out and write one part. A character no installed font holds is drawn as
    an empty box, and WeasyPrint then encodes the whole font in a way pdfplumber and
    pypdf cannot read, so that no word of it can be extracted: such characters are
    shown by their code point ('[U+1F510]') and the part laid out again."""
    unrendered = _Unrendered()
    logger = logging.getLogger("weasyprint")
    logger.addHandler(unrendered)
    try:
        laid_out = _lay_out(html)
    finally:
        logger.removeHandler(unrendered)
    if not unrendered.characters:
        return laid_out
    return _lay_out(_code_points(html, unrendered.characters))


class _Unrendered(logging.Handler):
    """Collects the characters WeasyPrint found in no font (it logs each)."""

    def __init__(self) -> None:
        super().__init__()
        self.characters: set[str] = set()

    def emit(self, record: logging.LogRecord) -> None:
        if str(record.msg).startswith(".notdef glyph") and record.args:
            self.characters.add(str(record.args[0]))  # type: ignore[index]


def _code_points(html: str, characters: set[str]) -> str:
    """``html`` with each of ``characters`` shown by its code point ('[U+1F510]' for a
    padlock emoji), in its text and in the CSS strings of its page footer (where it is a
    CSS escape: see css_string)."""
    for character in sorted(characters):
        shown = f"[U+{ord(character):04X}]"
        html = html.replace(character, shown)
        css = "".join(f"\\{ord(c):06x}" for c in shown)
        html = html.replace(f"\\{ord(character):06x}", css)
    return html


def _lay_out(html: str) -> LaidOut:
    """Lay out and write one part. Its links to anchors are recorded and left
    out of its PDF: they are made when the parts are joined."""
    from weasyprint import HTML
    from weasyprint.urls import URLFetcher  # allowing no protocol: a dossier fetches nothing

    document = HTML(string=html, url_fetcher=URLFetcher(allowed_protocols=())).render()
    anchors: dict[str, Place] = {}
    links: list[Link] = []
    bookmarks: list[Bookmark] = []
    for number, page in enumerate(document.pages):
        height = page.height
        for name, (x, y, *_) in page.anchors.items():
            anchors.setdefault(name, Place(number, *_points(x, y, height)))
        linked: set[str] = set()
        for kind, target, (x1, y1, x2, y2), _box in page.links:
            # a link's box comes first, then the boxes inside it, which add nothing
            if kind == "internal" and target not in linked:
                linked.add(target)
                box = (*_points(x1, y2, height), *_points(x2, y1, height))
                links.append(Link(target, number, box))
        page.links[:] = [link for link in page.links if link[0] != "internal"]
        for level, label, (x, y), _state in page.bookmarks:
            bookmarks.append(Bookmark(level, label, Place(number, *_points(x, y, height))))
    return LaidOut(
        document.write_pdf(), len(document.pages), anchors, tuple(links), tuple(bookmarks)
    )


def _points(x: float, y: float, page_height: float) -> tuple[float, float]:
    """A point of a laid-out page (CSS pixels from the top) in PDF points from the bottom."""
    return x * POINTS_PER_PX, (page_height - y) * POINTS_PER_PX


def join(parts: Sequence[LaidOut]) -> bytes:
    """One PDF of the parts in order: pages numbered, contents numbered and
    linked, one outline."""
    writer = PdfWriter()
    first_pages: list[int] = []
    for part in parts:
        first_pages.append(len(writer.pages))
        writer.append(PdfReader(io.BytesIO(part.pdf)), import_outline=False)
    anchors = {
        name: Place(first + at.page, at.x, at.y)
        for part, first in zip(parts, first_pages, strict=True)
        for name, at in part.anchors.items()
    }
    helvetica = writer._add_object(_helvetica())
    stamps: dict[int, list[str]] = {}
    for part, first in zip(parts, first_pages, strict=True):
        for link in part.links:
            if link.target in anchors:
                target = anchors[link.target]
                writer.add_annotation(first + link.page, _link(writer, link, target))
                stamps.setdefault(first + link.page, []).append(_contents_number(link, target))
    total = len(writer.pages)
    for number, page in enumerate(writer.pages, start=1):
        footer = _text(f"Page {number} of {total}", FOOTER_POINTS, _right(page), _footer_line())
        _stamp(writer, page, helvetica, [*stamps.get(number - 1, []), footer])
    _outline(writer, parts, first_pages)
    metadata = PdfReader(io.BytesIO(parts[0].pdf)).metadata
    writer.add_metadata({key: str(value) for key, value in (metadata or {}).items()})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _link(writer: PdfWriter, link: Link, target: Place) -> DictionaryObject:
    page = writer.pages[target.page].indirect_reference
    destination = [page, NameObject("/XYZ"), FloatObject(target.x), FloatObject(target.y)]
    return DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Annot"),
            NameObject("/Subtype"): NameObject("/Link"),
            NameObject("/Rect"): ArrayObject(FloatObject(v) for v in link.rect),
            NameObject("/Border"): ArrayObject([NumberObject(0)] * 3),
            NameObject("/Dest"): ArrayObject([*destination, NumberObject(0)]),
            # the anchor's name, so that a reader (or a test) can tell where it leads
            NameObject("/NM"): TextStringObject(link.target),
        }
    )


def _contents_number(link: Link, target: Place) -> str:
    """The target's page number, right-aligned where the contents line leaves room."""
    _left, _bottom, right, top = link.rect
    # DejaVu Sans at line-height 1.4: the first baseline is 1.046 em below the line's top
    baseline = top - 1.046 * CONTENTS_POINTS
    return _text(
        str(target.page + 1), CONTENTS_POINTS, right + NUMBER_ROOM_MM * POINTS_PER_MM, baseline
    )


def _right(page: Any) -> float:
    return float(page.mediabox.width) - MARGIN_MM[1] * POINTS_PER_MM


def _footer_line() -> float:
    # the middle of the bottom margin, where the template's left footer sits
    return MARGIN_MM[2] * POINTS_PER_MM / 2 - FOOTER_POINTS / 3


def _text(text: str, points: float, right: float, baseline: float) -> str:
    """PDF operators that write ``text`` in Helvetica, ending at ``right``."""
    width = sum(DIGIT_WIDTH if c.isdigit() else HELVETICA_WIDTHS[c] for c in text) * points / 1000
    colour = "0.267 0.267 0.267" if points == FOOTER_POINTS else "0.067 0.067 0.067"
    return (
        f"BT {colour} rg /DossierNumbers {points} Tf "
        f"{right - width:.2f} {baseline:.2f} Td ({text}) Tj ET"
    )


def _helvetica() -> DictionaryObject:
    """Helvetica, a standard PDF font: nothing to embed."""
    return DictionaryObject(
        {
            NameObject("/Type"): NameObject("/Font"),
            NameObject("/Subtype"): NameObject("/Type1"),
            NameObject("/BaseFont"): NameObject("/Helvetica"),
            NameObject("/Encoding"): NameObject("/WinAnsiEncoding"),
        }
    )


def _stamp(writer: PdfWriter, page: Any, font: IndirectObject, texts: list[str]) -> None:
    """Add ``texts`` (PDF text operators) over a page, without decoding what is there.
    (``_add_object`` is pypdf's way to add an object; it has no public name for it,
    and merging a stamp page instead decodes and rewrites every content stream.)"""
    # the page's own drawing is wrapped in q ... Q, so the numbers start from
    # the page's untransformed coordinates
    save, restore, stream = DecodedStreamObject(), DecodedStreamObject(), DecodedStreamObject()
    save.set_data(b"q")
    restore.set_data(b"Q")
    stream.set_data(("q " + " ".join(texts) + " Q").encode("ascii"))
    resources = page[NameObject("/Resources")].get_object()
    fonts = resources.setdefault(NameObject("/Font"), DictionaryObject()).get_object()
    fonts[NameObject("/DossierNumbers")] = font
    raw = page.get(NameObject("/Contents"))
    existing = ArrayObject() if raw is None else raw.get_object()
    streams = list(existing) if isinstance(existing, ArrayObject) else [raw]
    page[NameObject("/Contents")] = ArrayObject(
        [
            writer._add_object(save),
            *streams,
            writer._add_object(restore),
            writer._add_object(stream),
        ]
    )


def _outline(writer: PdfWriter, parts: Sequence[LaidOut], first_pages: Sequence[int]) -> None:
    """The headings of every part as one outline, nested by heading level."""
    open_items: list[tuple[int, IndirectObject]] = []
    for part, first in zip(parts, first_pages, strict=True):
        for mark in part.bookmarks:
            while open_items and open_items[-1][0] >= mark.level:
                open_items.pop()
            item = writer.add_outline_item(
                title=mark.label,
                page_number=first + mark.place.page,
                parent=open_items[-1][1] if open_items else None,
                fit=Fit.xyz(left=mark.place.x, top=mark.place.y),
                is_open=False,
            )
            open_items.append((mark.level, item))
