"""Read the corpus: find files, extract text and front-matter, cut passages.

``scan_corpus`` is the only function here that touches the disk; everything
else is a pure function of bytes, so a document that fails to read becomes a
``DocumentFailure`` with a reason and the build goes on.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import io
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dossier.common.textutil import sentence_spans
from dossier.errors import CorpusError
from dossier.records import Chunk, Corpus, Document, DocumentFailure, SourceFile

TEXT_SUFFIXES = {".md", ".markdown", ".txt"}
PDF_SUFFIXES = {".pdf"}
STATUSES = ("current", "draft", "archived", "superseded")


@dataclass(frozen=True)
class ChunkSettings:
    max_chars: int = 900  # a longer paragraph is cut at sentence or line ends
    min_words: int = 2  # shorter blocks (rules, stray markup) are not passages


class UnreadableDocument(Exception):
    """Raised inside this module; turned into a DocumentFailure."""


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- scanning (the edge) ---------------------------------------------------


def scan_corpus(root: Path, leave_out: Path | None = None) -> list[SourceFile]:
    """Every .md, .markdown, .txt and .pdf file under ``root``, hidden ones aside, in
    path order. ``leave_out`` (the output folder, should it lie inside the corpus)
    is not read: the dossier must not quote its own earlier output. A link to a
    file inside the corpus is left out, since the file itself is read. A file or
    folder that cannot be read comes back as a SourceFile saying why."""
    if not root.exists():
        raise CorpusError(f"{root}: corpus folder does not exist")
    if not root.is_dir():
        raise CorpusError(f"{root}: corpus is not a folder")
    inside = root.resolve()
    skipped = leave_out.resolve() if leave_out is not None else None
    files: list[SourceFile] = []

    def unreadable_folder(error: OSError) -> None:
        folder = Path(error.filename).relative_to(root).as_posix() + "/"
        files.append(SourceFile(folder, b"", "", f"folder cannot be read ({error.strerror})"))

    for folder, subfolders, names in os.walk(root, onerror=unreadable_folder):
        here = Path(folder)
        subfolders[:] = [
            name
            for name in subfolders
            if not name.startswith(".") and (here / name).resolve() != skipped
        ]
        for name in names:
            path = here / name
            if name.startswith(".") or path.suffix.lower() not in TEXT_SUFFIXES | PDF_SUFFIXES:
                continue
            if not path.is_file() or (path.is_symlink() and _within(path.resolve(), inside)):
                continue
            files.append(_source_file(path, path.relative_to(root).as_posix()))
    if not files:
        raise CorpusError(f"{root}: no .md, .txt or .pdf documents found")
    return sorted(files, key=lambda source: source.path)


def _source_file(path: Path, relative: str) -> SourceFile:
    try:
        data = path.read_bytes()
    except OSError as error:
        return SourceFile(relative, b"", "", f"cannot be read ({error.strerror})")
    return SourceFile(relative, data, sha256_hex(data))


def _within(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


# --- reading (pure over bytes) -----------------------------------------------


def ingest(files: Iterable[SourceFile], settings: ChunkSettings = ChunkSettings()) -> Corpus:
    documents: list[Document] = []
    failures: list[DocumentFailure] = []
    for source in files:
        try:
            documents.append(read_document(source))
        except UnreadableDocument as error:
            failures.append(DocumentFailure(source.path, str(error)))
    chunks = tuple(chunk for doc in documents for chunk in chunk_document(doc, settings))
    return Corpus(tuple(documents), chunks, tuple(failures))


def read_document(source: SourceFile) -> Document:
    if source.unreadable is not None:
        raise UnreadableDocument(source.unreadable)
    if Path(source.path).suffix.lower() in PDF_SUFFIXES:
        metadata: dict[str, Any] = {}
        text = extract_pdf_text(source.data)
    else:
        metadata, text = split_front_matter(decode_text(source.data))
    if not text.strip():
        raise UnreadableDocument("no text to index (empty after front-matter)")
    effective_date, status, supersedes = _authority_fields(metadata)
    return Document(
        path=source.path,
        sha256=source.sha256,
        text_sha256=sha256_hex(text.encode("utf-8")),
        text=text,
        title=_title(metadata, text, source.path),
        metadata=metadata,
        effective_date=effective_date,
        status=status,
        supersedes=supersedes,
    )


def decode_text(data: bytes) -> str:
    if b"\x00" in data:
        raise UnreadableDocument("binary file (NUL bytes), not text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise UnreadableDocument(f"not UTF-8 text (byte {error.start})") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


def extract_pdf_text(data: bytes) -> str:
    import pdfplumber

    try:
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            pages = [page.extract_text() or "" for page in pdf.pages]
    except Exception as error:  # pdfminer raises many unrelated types
        causes = [error, *error.args, error.__cause__, error.__context__]
        names = " ".join(f"{type(c).__name__} {c}" for c in causes if c is not None).lower()
        if "password" in names or "encrypt" in names:
            raise UnreadableDocument("encrypted PDF: cannot read without a password") from None
        inner = next((c for c in error.args if isinstance(c, Exception)), error)
        reason = str(inner) or type(inner).__name__
        raise UnreadableDocument(f"cannot read PDF ({type(inner).__name__}: {reason})") from None
    text = "\n\n".join(pages)
    if not text.strip():
        raise UnreadableDocument("PDF holds no extractable text (scanned images?)")
    return text


_OPENING = re.compile(r"---[ \t]*\r?\n")  # trailing spaces after the dashes are common
_DELIMITER = re.compile(r"^(---|\.\.\.)[ \t]*$", re.MULTILINE)
_BARE_HEADER_START = re.compile(r"^[A-Za-z_][\w-]*:(\s|$)")


def split_front_matter(text: str) -> tuple[dict[str, Any], str]:
    """Return (front-matter, body). Two forms are recognised: a block between
    ``---`` lines at the very top, and a bare YAML mapping at the top closed
    by a ``---`` line (as some policy template sets ship)."""
    opening = _OPENING.match(text)
    if opening is not None:
        closing = _DELIMITER.search(text, opening.end())
        if closing is None:
            raise UnreadableDocument("front-matter opened with '---' is never closed")
        block = text[opening.end() : closing.start()]
        return _parse_front_matter(block, strict=True), _after_line(text, closing.end())
    if _BARE_HEADER_START.match(text):
        closing = _DELIMITER.search(text)
        if closing is not None and closing.group(1) == "---":
            metadata = _parse_front_matter(text[: closing.start()], strict=False)
            if metadata:
                return metadata, _after_line(text, closing.end())
    return {}, text


def _after_line(text: str, position: int) -> str:
    return text[position + 1 :] if text[position : position + 1] == "\n" else text[position:]


def _parse_front_matter(block: str, *, strict: bool) -> dict[str, Any]:
    try:
        loaded = yaml.safe_load(block) if block.strip() else {}
    except (yaml.YAMLError, ValueError) as error:  # ValueError: an impossible date
        if not strict:
            return {}
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + 2}" if mark is not None else ""
        detail = "not valid YAML" if isinstance(error, yaml.YAMLError) else str(error)
        raise UnreadableDocument(f"bad front-matter{where}: {detail}") from None
    if loaded is None:
        return {}
    if not isinstance(loaded, dict):
        if strict:
            raise UnreadableDocument("bad front-matter: expected 'key: value' lines")
        return {}
    return {str(key): value for key, value in loaded.items()}


def _authority_fields(metadata: dict[str, Any]) -> tuple[str | None, str | None, tuple[str, ...]]:
    return (
        _iso_date(metadata.get("effective_date")),
        _status(metadata.get("status")),
        _supersedes(metadata.get("supersedes")),
    )


def _iso_date(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return value.date().isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    try:
        return dt.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise UnreadableDocument(
            f"bad front-matter: effective_date {value!r} is not an ISO date (YYYY-MM-DD)"
        ) from None


def _status(value: Any) -> str | None:
    if value is None:
        return None
    status = str(value).strip().lower()
    if status not in STATUSES:
        raise UnreadableDocument(
            f"bad front-matter: status {value!r} is not one of {', '.join(STATUSES)}"
        )
    return status


def _supersedes(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    if not all(isinstance(item, str) and item.strip() for item in items):
        raise UnreadableDocument("bad front-matter: supersedes must be a path or a list of paths")
    return tuple(
        item.strip().lstrip("./") if item.startswith("./") else item.strip() for item in items
    )


def _title(metadata: dict[str, Any], text: str, path: str) -> str:
    for key in ("title", "name"):
        if isinstance(metadata.get(key), str) and metadata[key].strip():
            return str(metadata[key]).strip()
    heading = re.search(r"^#{1,6}\s+(.+)$", text, re.MULTILINE)
    if heading:
        return heading.group(1).strip()
    first_line = text.strip().split("\n", 1)[0].strip()
    if path.lower().endswith(".pdf") and 0 < len(first_line) <= 100:
        return first_line
    return Path(path).stem.replace("-", " ").replace("_", " ").strip()


# --- chunking ----------------------------------------------------------------

_BLOCK_BREAK = re.compile(r"\n[ \t]*\n")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_LEAD_IN = re.compile(r"^[\w().]{0,4}\s*[*_]*[^\n]{1,80}:[*_]*$")


def chunk_document(doc: Document, settings: ChunkSettings = ChunkSettings()) -> list[Chunk]:
    """Cut a document into passages. Each passage is a paragraph (a block
    between blank lines) or, when longer than ``max_chars``, a run of whole
    sentences or lines. Headings and short lead-in lines ("During onboarding:")
    are not passages; they become the ``heading`` context of those that follow.
    A chunk id hashes the document path and the passage text, so editing one
    paragraph leaves every other chunk id unchanged."""
    chunks: list[Chunk] = []
    seen: dict[str, int] = {}
    headings: list[tuple[int, str]] = []
    lead_in = ""
    markdown = Path(doc.path).suffix.lower() in (".md", ".markdown")
    for block_start, end in _blocks(doc.text):
        heading, start = _leading_heading(doc.text, block_start, end)
        if heading:
            level, title = heading
            headings = [h for h in headings if h[0] < level] + [(level, title)]
            lead_in = ""
            if start >= end:
                continue
        block = doc.text[start:end]
        if markdown and _COMMENT_ONLY.fullmatch(block):  # a note to editors, not a passage
            continue
        if _LEAD_IN.match(block):
            lead_in = block.strip("*_ ")
            continue
        context = " > ".join([h[1] for h in headings] + ([lead_in] if lead_in else []))
        for piece_start, piece_end in _pieces(doc.text, start, end, settings.max_chars):
            text = doc.text[piece_start:piece_end]
            if len(re.findall(r"\w+", text)) < settings.min_words:
                continue
            chunk_id = _chunk_id(doc.path, text, seen)
            chunks.append(Chunk(chunk_id, doc.path, piece_start, piece_end, text, context))
    return chunks


_COMMENT_ONLY = re.compile(r"\s*(<!--.*?-->\s*)+", re.S)
_SETEXT = re.compile(r"^([^\n]+)\n(=+|-+)[ \t]*(?:\n|$)")


def _leading_heading(text: str, start: int, end: int) -> tuple[tuple[int, str] | None, int]:
    """A heading at the top of a block (ATX '# Title' or setext 'Title' over
    '===' / '---'): its (level, title) and where the rest of the block starts."""
    block = text[start:end]
    first_line = block.split("\n", 1)[0]
    atx = _HEADING.match(first_line)
    if atx:
        rest = start + len(first_line)
        return (len(atx.group(1)), atx.group(2)), _strip_span(text, rest, end)[0]
    setext = _SETEXT.match(block)
    if setext and len(setext.group(1).split()) <= 12:
        level = 1 if setext.group(2).startswith("=") else 2
        return (level, setext.group(1).strip()), _strip_span(text, start + setext.end(), end)[0]
    return None, start


def _blocks(text: str) -> Iterable[tuple[int, int]]:
    position = 0
    for match in [*_BLOCK_BREAK.finditer(text), None]:
        stop = match.start() if match else len(text)
        start, end = _strip_span(text, position, stop)
        if end > start:
            yield start, end
        position = match.end() if match else len(text)


def _strip_span(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _pieces(text: str, start: int, end: int, max_chars: int) -> Iterable[tuple[int, int]]:
    """Split [start, end) into runs of whole sentences/lines of at most max_chars
    (a single longer sentence stays whole)."""
    if end - start <= max_chars:
        yield start, end
        return
    cuts = [span_end for _, span_end in sentence_spans(text, start, end)]
    cuts = cuts or [end]
    piece_start = start
    last_cut = start
    for cut in cuts:
        if cut - piece_start > max_chars and last_cut > piece_start:
            yield _strip_span(text, piece_start, last_cut)
            piece_start = last_cut
        last_cut = cut
    if piece_start < end:
        yield _strip_span(text, piece_start, end)


def _chunk_id(path: str, text: str, seen: dict[str, int]) -> str:
    folded = " ".join(text.split())
    digest = hashlib.sha256(f"{path}\n{folded}".encode()).hexdigest()[:16]
    seen[digest] = seen.get(digest, 0) + 1
    return digest if seen[digest] == 1 else f"{digest}-{seen[digest]}"


def corpus_digest(corpus: Corpus) -> str:
    """A hash of the corpus snapshot: every document's path and byte hash."""
    listing = "\n".join(
        f"{d.path}\t{d.sha256}" for d in sorted(corpus.documents, key=lambda d: d.path)
    )
    failed = "\n".join(f"{f.path}\tfailed" for f in corpus.failures)
    return sha256_hex(f"{listing}\n{failed}".encode())
