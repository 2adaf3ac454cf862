"""Unit tests for dossier.incremental.pdftext: a PDF's text taken from the cache is
checked, page by page, where it is quoted."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from dossier.incremental.cache import DocumentCache
from dossier.incremental.pdftext import KeptPdfText
from dossier.ingest.chunking import ChunkSettings
from dossier.records import SourceFile

INVENTED = "We hold FedRAMP High authorization."


@pytest.fixture(scope="module")
def three_pages(tmp_path_factory: pytest.TempPathFactory) -> SourceFile:
    from weasyprint import HTML

    pages = [
        "Report date: May 20, 2025.",
        "Backups are tested every quarter.",
        "Harbor & Finch LLP issued an unqualified opinion.",
    ]
    html = "".join(f"<p style='page-break-after: always'>{p}</p>" for p in pages)
    path = tmp_path_factory.mktemp("pdf") / "report.pdf"
    HTML(string=html).write_pdf(path)
    data = path.read_bytes()
    return SourceFile("reports/report.pdf", data, hashlib.sha256(data).hexdigest())


def _kept_entry(cache_dir: Path, pdf: SourceFile) -> tuple[Path, dict[str, Any]]:
    """Ingest ``pdf`` once into ``cache_dir``; the file the cache kept, and its row."""
    DocumentCache(cache_dir).ingest([pdf], ChunkSettings())
    (entry,) = (cache_dir / "documents").glob("*.json")
    return entry, json.loads(entry.read_text())


def test_the_kept_text_of_a_quoted_page_is_checked_against_the_pdf(
    tmp_path: Path, three_pages: SourceFile
) -> None:
    cache_dir = tmp_path / "cache"
    entry, row = _kept_entry(cache_dir, three_pages)
    assert len(row["pages"]) == 3

    cache = DocumentCache(cache_dir)  # the text as kept: clean
    corpus, read = cache.ingest([three_pages], ChunkSettings())
    assert read == [] and list(cache.kept_pdfs) == ["reports/report.pdf"]
    check = KeptPdfText(cache.kept_pdfs, {d.path: d for d in corpus.documents})
    text = corpus.documents[0].text
    at = text.index("Harbor")
    assert check.problem("reports/report.pdf", at, at + 10) is None

    # An attacker rewrites page 2 in the cache, keeping every hash and length consistent.
    poisoned = row["text"].replace("Backups are tested every quarter.", INVENTED)
    row["pages"][1] += len(INVENTED) - len("Backups are tested every quarter.")
    row["text"], row["text_sha256"] = poisoned, hashlib.sha256(poisoned.encode()).hexdigest()
    entry.write_text(json.dumps(row))
    cache = DocumentCache(cache_dir)
    corpus, read = cache.ingest([three_pages], ChunkSettings())
    # consistent as kept: only the PDF itself can tell, so the quoted page is extracted
    assert cache.discarded == [] and INVENTED in corpus.documents[0].text
    check = KeptPdfText(cache.kept_pdfs, {d.path: d for d in corpus.documents})
    text = corpus.documents[0].text
    at = text.index(INVENTED)
    assert check.problem("reports/report.pdf", 0, 5) is None  # page 1 is as the PDF holds it
    problem = check.problem("reports/report.pdf", at, at + len(INVENTED))
    assert problem is not None
    assert problem.startswith(
        f"reports/report.pdf: the text kept in {entry.name} is not what page 2"
    )
    assert not entry.exists()  # removed: the next build extracts the PDF afresh
    corpus, read = DocumentCache(cache_dir).ingest([three_pages], ChunkSettings())
    assert read == ["reports/report.pdf"] and INVENTED not in corpus.documents[0].text


def test_a_kept_pdf_without_page_lengths_is_read_again(
    tmp_path: Path, three_pages: SourceFile
) -> None:
    cache_dir = tmp_path / "cache"
    entry, row = _kept_entry(cache_dir, three_pages)
    del row["pages"]  # as an earlier version kept it
    entry.write_text(json.dumps(row))
    cache = DocumentCache(cache_dir)
    _, read = cache.ingest([three_pages], ChunkSettings())
    assert read == ["reports/report.pdf"]
    assert cache.discarded[0].reason == "kept without the length of each page's text"
