"""The text of PDFs taken from the build's cache, checked where it is quoted.

Extracting a PDF's text is the slow part of reading a corpus (a 300-page PDF takes
a minute and more), so it is kept in the cache by the file's SHA-256. The cache is
not a source of truth: each page of a kept PDF that an answer quotes is extracted
again in every build (once per build, a fraction of the whole) and must be the
kept text at that page's place. A page that differs removes the cache entry and
fails the build, naming the document; the next build extracts the PDF afresh.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from dossier.errors import UnreadableDocument
from dossier.ingest.files import pdf_pages
from dossier.ingest.page_edges import PAGE_BREAK
from dossier.records import Document


@dataclass(frozen=True)
class KeptPdf:
    """A PDF whose text was taken from the cache: its bytes (read now), the length of
    each page's text as kept, and the cache entry."""

    data: bytes
    pages: tuple[int, ...]
    entry: Path

    def pages_of(self, start: int, end: int) -> list[int]:
        """The pages (0-based) whose text overlaps ``[start, end)`` of the document."""
        found, at = [], 0
        for number, length in enumerate(self.pages):
            if at < end and start < at + length:
                found.append(number)
            at += length + len(PAGE_BREAK)
        return found

    def page_text(self, text: str, number: int) -> str:
        at = sum(self.pages[:number]) + len(PAGE_BREAK) * number
        return text[at : at + self.pages[number]]


class KeptPdfText:
    """Checks, page by page, that the text of a PDF taken from the cache is what the
    PDF holds, where it is quoted: each quoted page is extracted again (once per
    build), which costs a fraction of extracting the whole PDF. A page that
    differs discards the cache entry (the next build extracts the PDF again)."""

    def __init__(self, kept: Mapping[str, KeptPdf], documents: Mapping[str, Document]) -> None:
        self._kept = kept
        self._documents = documents
        self._checked: dict[tuple[str, int], bool] = {}
        self._lock = threading.Lock()

    def problem(self, document: str, start: int, end: int) -> str | None:
        """Why the kept text of ``document`` cannot be trusted at ``[start, end)``, or None."""
        kept = self._kept.get(document)
        if kept is None:
            return None
        numbers = kept.pages_of(start, end)
        with self._lock:
            todo = [n for n in numbers if (document, n) not in self._checked]
            if todo:
                self._check(document, kept, todo)
            bad = [n for n in numbers if not self._checked[(document, n)]]
        if not bad:
            return None
        kept.entry.unlink(missing_ok=True)
        return (
            f"{document}: the text kept in {kept.entry.name} is not what page {bad[0] + 1} "
            "of the PDF holds; the entry is removed"
        )

    def _check(self, document: str, kept: KeptPdf, numbers: list[int]) -> None:
        text = self._documents[document].text
        try:
            count, pages = pdf_pages(kept.data, numbers)
        except UnreadableDocument:
            count, pages = -1, []
        same = count == len(kept.pages) and len(pages) == len(numbers)  # else another PDF
        for i, number in enumerate(numbers):
            self._checked[(document, number)] = same and pages[i] == kept.page_text(text, number)
