"""Read the corpus: find its files, extract their text and front-matter.

``scan_corpus`` is the only function here that touches the disk; everything
else is a pure function of bytes, so a document that fails to read becomes a
``DocumentFailure`` with a reason and the build goes on.
"""

from __future__ import annotations

import codecs
import errno
import hashlib
import io
import itertools
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from dossier.common.atomic import LOCK_FILE
from dossier.common.dates import effective_date_stated
from dossier.common.textutil import HEADING_ATTRIBUTES, undecodable
from dossier.errors import CorpusError, UnreadableDocument
from dossier.ingest.chunking import SETEXT_HEADING, ChunkSettings, chunk_document
from dossier.ingest.control_block import control_status
from dossier.ingest.frontmatter import authority_fields, split_front_matter
from dossier.ingest.page_edges import PAGE_BREAK, running_spans
from dossier.ingest.sentences import breadcrumb, byline
from dossier.records import Corpus, Document, DocumentFailure, SourceFile

TEXT_SUFFIXES = {".md", ".markdown", ".txt"}
PDF_SUFFIXES = {".pdf"}


def sha256_hex(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# --- scanning (the edge) ---------------------------------------------------


OUTSIDE_LINK = "a link that leads outside the corpus folder: not read"
LINK_LOOP = "a symbolic link loop (it never reaches a file): not read"
NAME_NOT_UTF8 = (
    "its name, or its folder's, is not UTF-8 text (shown with each such byte as \\xNN): "
    "rename it; not read"
)
OUTPUT_FOLDER = (
    "a dossier's output folder (it holds a build's lock, or dossier.json with manifest.json): "
    "not read, so that no dossier quotes an earlier dossier"
)
# What marks a folder as a dossier's output: the build's lock (taken before anything
# else is written), or the dossier's record with its manifest (output.render.JSON and
# output.manifest.MANIFEST), as in a copy of an output folder without its hidden lock.
OUTPUT_LOCK = LOCK_FILE
OUTPUT_RECORDS = ("dossier.json", "manifest.json")


def scan_corpus(root: Path, leave_out: Path | None = None) -> list[SourceFile]:
    """Every .md, .markdown, .txt and .pdf file under ``root``, hidden ones aside, in
    path order. ``leave_out`` (the output folder, should it lie inside the corpus)
    is not read: the dossier must not quote its own earlier output. Nor is any
    other dossier's output folder (another build's, or one left from an earlier
    setting): it comes back as a SourceFile saying so. A link to a
    file inside the corpus is left out, since the file itself is read; a link (to
    a file or a folder) that leads outside the corpus is never followed, and comes
    back as a SourceFile saying so, as does a link that goes round a loop and a file
    or folder that cannot be read."""
    if not root.exists():
        raise CorpusError(f"{root}: corpus folder does not exist")
    if not root.is_dir():
        raise CorpusError(f"{root}: corpus is not a folder")
    if is_output_folder(root):
        raise CorpusError(f"{root}: corpus is a dossier's output folder, not a document folder")
    inside = root.resolve()
    skipped = leave_out.resolve() if leave_out is not None else None
    files: list[SourceFile] = []
    refused: list[OSError] = []  # folders the disk would not list
    for folder, subfolders, names in os.walk(root, onerror=refused.append):
        here = Path(folder)
        subfolders[:] = [
            name
            for name in subfolders
            if not name.startswith(".") and (here / name).resolve() != skipped
        ]
        outputs = [name for name in subfolders if is_output_folder(here / name)]
        subfolders[:] = [name for name in subfolders if name not in outputs]
        files += [_folder_not_read(root, here / name, OUTPUT_FOLDER) for name in outputs]
        files += [  # a link os.walk does not follow: say so
            _folder_not_read(root, here / name, problem)
            for name in subfolders
            if (problem := _link_problem(here / name, inside)) is not None
        ]
        for name in names:
            path = here / name
            if name.startswith(".") or path.suffix.lower() not in TEXT_SUFFIXES | PDF_SUFFIXES:
                continue
            found = _found_file(root, path, inside)
            files += [found] if found is not None else []
    files += [_unreadable_folder(root, error) for error in refused]
    if not files:
        raise CorpusError(f"{root}: no .md, .txt or .pdf documents found")
    return sorted(files, key=lambda source: source.path)


def is_output_folder(folder: Path) -> bool:
    """Whether ``folder`` holds a dossier build's output (its lock, or its record
    and manifest)."""
    if (folder / OUTPUT_LOCK).is_file():
        return True
    return all((folder / name).is_file() for name in OUTPUT_RECORDS)


def _found_file(root: Path, path: Path, inside: Path) -> SourceFile | None:
    """The document file at ``path``, or one saying why it is not read; None for a
    link to a file inside the corpus (the file itself is read) or a dangling link."""
    relative = path.relative_to(root).as_posix()
    if printable_path(relative) != relative:
        return SourceFile(printable_path(relative), b"", "", NAME_NOT_UTF8)
    problem = _link_problem(path, inside)
    if problem is not None:
        return SourceFile(relative, b"", "", problem)
    if path.is_file() and not path.is_symlink():
        return _source_file(path, relative)
    return None


def printable_path(path: str) -> str:
    """A path as text that can be written anywhere: each byte of a name that is not
    UTF-8 (which Python holds as a lone surrogate) written as ``\\xNN``."""
    return os.fsencode(path).decode("utf-8", "backslashreplace")


def _folder_not_read(root: Path, folder: Path, reason: str) -> SourceFile:
    return SourceFile(printable_path(folder.relative_to(root).as_posix()) + "/", b"", "", reason)


def _link_problem(path: Path, inside: Path) -> str | None:
    """Why a symbolic link is not read: its target (followed all the way) is not
    under ``inside``, or following it goes round a loop. None for anything else."""
    if not path.is_symlink():
        return None
    try:
        target = path.resolve()
    except RuntimeError:  # Python 3.11's "Symlink loop"
        return LINK_LOOP
    except OSError as error:  # a later Python's ELOOP, or a link it cannot follow
        if error.errno == errno.ELOOP:
            return LINK_LOOP
        return f"a symbolic link that cannot be followed ({error.strerror}): not read"
    return None if _within(target, inside) else OUTSIDE_LINK


def _unreadable_folder(root: Path, error: OSError) -> SourceFile:
    folder = printable_path(Path(error.filename).relative_to(root).as_posix()) + "/"
    return SourceFile(folder, b"", "", f"folder cannot be read ({error.strerror})")


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
    return read_document_pages(source)[0]


def read_document_pages(source: SourceFile) -> tuple[Document, tuple[int, ...]]:
    """The document, and for a PDF the length of each page's text (the text is the
    pages joined by a blank line), so that one page can be checked alone later."""
    if source.unreadable is not None:
        raise UnreadableDocument(source.unreadable)
    pages: tuple[int, ...] = ()
    if Path(source.path).suffix.lower() in PDF_SUFFIXES:
        metadata: dict[str, Any] = {}
        texts = extract_pdf_pages(source.data)
        text, pages = PAGE_BREAK.join(texts), tuple(len(t) for t in texts)
        if not text.strip():
            raise UnreadableDocument("PDF holds no extractable text (scanned images?)")
    else:
        metadata, text = split_front_matter(decode_text(source.data))
    if not text.strip():
        raise UnreadableDocument("no text to index (empty after front-matter)")
    return _document(source, metadata, text), pages


def _document(source: SourceFile, metadata: dict[str, Any], text: str) -> Document:
    effective_date, status, supersedes = authority_fields(metadata)
    status = status or control_status(text)  # front-matter first, else the text's header
    effective_date = effective_date or effective_date_stated(text)  # "Effective date: ..."
    return Document(
        path=source.path,
        sha256=source.sha256,
        text_sha256=sha256_hex(text.encode("utf-8")),
        text=text,
        title=_named_title(_title(metadata, text, source.path), metadata, text, source.path),
        metadata=metadata,
        effective_date=effective_date,
        status=status,
        supersedes=supersedes,
    )


def decode_text(data: bytes) -> str:
    wide = _wide_encoding(data)
    if wide is not None:
        raise UnreadableDocument(f"not UTF-8 text: {wide}; save it as UTF-8")
    if b"\x00" in data:
        raise UnreadableDocument("binary file (NUL bytes), not text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        where = undecodable(data, error.start)
        raise UnreadableDocument(f"not UTF-8 text ({where}); save it as UTF-8") from None
    return text.replace("\r\n", "\n").replace("\r", "\n")


_WIDE_BOMS = (  # UTF-32's marks first: UTF-32-LE's begins with UTF-16-LE's
    (codecs.BOM_UTF32_LE, "UTF-32"),
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


def _wide_encoding(data: bytes) -> str | None:
    """How a text file saved as UTF-16 (or UTF-32) shows it, or None: its byte-order
    mark, or, without one, NUL bytes in every other byte and only there (as ASCII
    text in UTF-16 has them)."""
    for mark, name in _WIDE_BOMS:
        if data.startswith(mark):
            return f"{name} (detected by its byte-order mark)"
    sample = data[:4096]
    sides = {at % 2 for at, byte in enumerate(sample) if byte == 0}
    if len(sides) == 1 and sample.count(0) * 4 >= len(sample):
        return "UTF-16 (detected by its NUL bytes, one in every other byte)"
    return None


def extract_pdf_text(data: bytes) -> str:
    text = PAGE_BREAK.join(extract_pdf_pages(data))
    if not text.strip():
        raise UnreadableDocument("PDF holds no extractable text (scanned images?)")
    return text


def extract_pdf_pages(data: bytes) -> list[str]:
    """The text of each page of a PDF."""
    return pdf_pages(data)[1]


def pdf_pages(data: bytes, numbers: Iterable[int] | None = None) -> tuple[int, list[str]]:
    """How many pages a PDF has, and the text of each of the pages ``numbers``
    (0-based; all when None), each extracted as ``extract_pdf_text`` extracts it."""
    import pdfplumber

    try:
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            pages = pdf.pages
            chosen = pages if numbers is None else [pages[n] for n in numbers if n < len(pages)]
            return len(pages), [page.extract_text() or "" for page in chosen]
    except Exception as error:  # pdfminer raises many unrelated types
        causes = [error, *error.args, error.__cause__, error.__context__]
        names = " ".join(f"{type(c).__name__} {c}" for c in causes if c is not None).lower()
        if "password" in names or "encrypt" in names:
            raise UnreadableDocument("encrypted PDF: cannot read without a password") from None
        inner = next((c for c in error.args if isinstance(c, Exception)), error)
        reason = str(inner) or type(inner).__name__
        raise UnreadableDocument(f"cannot read PDF ({type(inner).__name__}: {reason})") from None


def _title(metadata: dict[str, Any], text: str, path: str) -> str:
    for key in ("title", "name"):
        if isinstance(metadata.get(key), str) and metadata[key].strip():
            return str(metadata[key]).strip()
    text = _after_name_over_rule(text)
    underlined = SETEXT_HEADING.match(_after_banner(text).strip())
    if underlined and underlined.group(2).startswith("=") and _underlined_title(underlined[1]):
        return underlined[1].strip()  # "SEC-STD-005 Remote Access Standard" over "======"
    # (a PDF has no Markdown but where its text opens so: its "# Objective Measure Target"
    # is a table's header row, numbered by a "#" column)
    heading = re.search(r"^#{1,6}\s+(.+)$", text, re.MULTILINE)
    if heading and path.lower().endswith(".pdf") and text[: heading.start()].strip():
        heading = None
    if heading:
        return _unmarked(_under_organisation(heading, text) or heading.group(1))
    text = _after_letterhead(
        _after_banner(_after_field_lines(_after_rule_lines(_after_slash_trail(text))))
    )
    if Path(path).suffix.lower() in (".txt", ".text"):
        text = _after_page_trail(text)
    first_line = text.strip().split("\n", 1)[0].strip()
    subject = _memo_subject(first_line, text)
    if subject is not None:
        return subject
    named = _TITLE_FIELD.match(first_line)
    if named is not None and Path(path).suffix.lower() in (".txt", ".text", ".pdf"):
        second = next((a.strip() for a in text.strip().split("\n")[1:] if a.strip()), "")
        if _FIELD_LABEL.match(second) and not named.group("title").endswith("."):
            return named.group("title")  # a policy tool's export: "Policy: Password Standard"
    if path.lower().endswith(".pdf"):
        printed = _PRINT_HEADER.match(first_line)
        if printed is not None:  # a web page printed to PDF: the page's title
            return printed.group("title")
        line = _first_body_line(text)
        if _FIELD_LABEL.match(line):  # "Policy Number: IT-0412" over the letterhead's lines
            lines = [a.strip() for a in text.split("\n") if a.strip()]
            titled = _titled_after_fields(lines[lines.index(line) :])
            if titled is not None:
                return titled
        if 0 < len(line) <= 100:
            return _kind_named_below(line, text) or _titled_below(line, text) or line
    if Path(path).suffix.lower() in (".txt", ".text") and _reads_as_title(text.strip()):
        return (
            _kind_named_below(first_line, text)
            or _titled_below_unit(first_line, text)
            or first_line
        )
    return _file_name_title(path)


def _under_organisation(heading: re.Match[str], text: str) -> str | None:
    """The heading right under a first heading that only names the organisation ("#
    Halvorsen Mercer Federal Solutions, Inc." over "# HMFS-POL-001 - Information Security
    Policy"), when it names a kind of document; else None."""
    if not _names_an_organisation(heading.group(1).strip()):
        return None
    level = len(heading.group(0)) - len(heading.group(0).lstrip("#"))
    below = re.match(r"\s*(#{1,6})\s+(.+)$", text[heading.end() :], re.MULTILINE)
    if below is None or len(below.group(1)) > level:  # "## Overview": a section of it
        return None
    return below.group(2) if _KIND_NAMED.search(below.group(2)) else None


def _after_name_over_rule(text: str) -> str:
    """The text after a company's name ruled off from the title below it
    ("HOLLERER ANTRIEBSTECHNIK GMBH" over "=====" over the standard's name): the rule
    under a name underlines no title."""
    lines = text.lstrip("\n").split("\n", 2)
    if len(lines) == 3 and _names_an_organisation(lines[0].strip()):
        below = lines[2].strip()
        if _OPENING_RULES.fullmatch(lines[1] + "\n") and (
            _reads_as_title(below) or SETEXT_HEADING.match(below)
        ):
            return lines[2]
    return text


def _after_rule_lines(text: str) -> str:
    """The text after the rule lines a plain-text document may open with ("=====" over
    its letterhead and title): a line of one mark repeated names nothing."""
    return _OPENING_RULES.sub("", text, count=1)


_OPENING_RULES = re.compile(r"^(?:[ \t]*(?:([=*_~#+-])\1{4,})?[ \t]*\n)+")


def _file_name_title(path: str) -> str:
    """A document titled by its file's name, its hyphens and underscores as spaces."""
    return Path(path).stem.replace("-", " ").replace("_", " ").strip()


# A policy tool's header lines of a field's name and its value, no colon, over the title
# ("Status Active PolicyStat ID 13402201" / "Origination 04/2013" / "Effective 02/2024" /
# "Owner ..." / "Area ..." / "Applicability ...").
_FIELD_NAME_LINE = re.compile(
    r"^[ \t]*(?:status|origination|effective|last\s+(?:approved|revised|reviewed)|next\s+review"
    r"|owner|area|applicability|category|department|document\s+id|policy\s+id|version"
    r"|approved\s+by|references?)\b[ \t]+\S[^\n]{0,120}$",
    re.I,
)
_FIELD_NAME_LINES = 3  # at least this many, for the lines to be a header


def _after_field_lines(text: str) -> str:
    """The text after a policy tool's header of field lines at its top
    (``_FIELD_NAME_LINE``, blank lines between them), when there are enough of them."""
    lines = text.lstrip("\n").split("\n")
    at = fields = 0
    while at < len(lines) and (not lines[at].strip() or _FIELD_NAME_LINE.match(lines[at])):
        fields += bool(lines[at].strip())
        at += 1
    return "\n".join(lines[at:]) if fields >= _FIELD_NAME_LINES and at < len(lines) else text


def _underlined_title(line: str) -> bool:
    """Whether an underlined first line is the title: not a marking ("CONFIDENTIAL")
    nor a letterhead naming the organisation ("ACME CORP")."""
    words = line.strip()
    if len(words) > _TITLE_LENGTH:
        return False
    return not (_PAGE_MARKING.search(words) or _MARKING.match(words) or _letterhead_line(words))


_TITLE_LENGTH = 100  # characters at most in a title line


# A browser's print header over a web page printed to PDF: the date and time, the page's
# title, and the site's name after a bar ("11/08/2025, 14:32 Report a security
# vulnerability | Wyvern Valley Water").
_PRINT_HEADER = re.compile(
    r"^\d{1,2}/\d{1,2}/\d{2,4},?\s+\d{1,2}:\d{2}(?:\s*[AaPp]\.?[Mm]\.?)?\s+"
    r"(?P<title>.+?)(?:\s+[|\u2013\u2014]\s+[^|\u2013\u2014]+)?$"
)


# A document's name as its first field, over the other fields of a policy tool's export:
# "Policy: Password Standard" / "Owner: ..." / "Version: 1.2 (Superseded)".
_TITLE_FIELD = re.compile(
    r"^\W{0,2}(?i:policy|standard|procedure|title|document\s+title|policy\s+name|policy\s+title)"
    r"\W{0,2}:\W{0,2}\s*(?P<title>[A-Z][^:;!?]{2,99}?)\s*$"
)


def _named_title(title: str, metadata: dict[str, Any], text: str, path: str) -> str:
    """The title, or, where it is only the file's name or the kind of document its
    heading names ("UNIVERSITY POLICY", "INFORMATION TECHNOLOGY STANDARD"), the name a
    document-control field among its first lines gives it (``_TITLE_FIELD_LINE``)."""
    if metadata.get("title") or metadata.get("name"):
        return title
    generic = title == _file_name_title(path)
    if not generic and not _KIND_ONLY.fullmatch(title):
        return title
    field = _TITLE_FIELD_LINE.search("\n".join(text.strip().split("\n")[:_FIELD_LINES]))
    if field is None or _JOB_TITLE.search(field.group("title")):
        # "ADMINISTRATIVE PROCEDURE" / "Chapter 3 - General Institution" over "AP 3310
        # RECORDS RETENTION AND DESTRUCTION": the document's own name, in capitals
        return _capitals_below(title, text) or title
    return field.group("title")


def _capitals_below(title: str, text: str) -> str | None:
    """The first line in capitals of a few words within the lines after the heading
    ``title`` names only the kind of document, or None."""
    lines = [line.strip() for line in text.split("\n")[:_FIELD_LINES] if line.strip()]
    if title not in lines:
        return None
    for line in lines[lines.index(title) + 1 : lines.index(title) + 4]:
        if line.isupper() and 2 <= len(line.split()) <= 12 and not _names_an_organisation(line):
            return line
    return None


# A heading naming only the kind of document: "UNIVERSITY POLICY", "INFORMATION
# TECHNOLOGY STANDARD", "PROCEDURE" (not "Information Security Policy", a title); or a
# numbered section's heading ("1. Purpose"), never a document's title.
_KIND_ONLY = re.compile(
    r"(?i:(?:(?:university|college|company|corporate|board|institutional|administrative"
    r"|information\s+technology|it|official|internal|operational)\s+){0,2}"
    r"(?:policy|standard|procedure|guideline|plan|directive|document)"
    # a series' manual: "POLICY AND PROCEDURE MANUAL", "Policies and Procedures"
    r"|(?:polic(?:y|ies)|standards?|procedures?)(?:\s+(?:and|&)\s+(?:polic(?:y|ies)|standards?"
    r"|procedures?|guidelines?))?(?:\s+(?:manual|handbook|library))?)"
    r"|\d{1,2}(?:\.\d{1,2})*\.?\s+[A-Z][\w ]{0,40}"
)


# A document-control field naming the document, among the first lines: "Policy Title:
# Information Security Policy" under the letterhead and the kind of document ("UNIVERSITY
# POLICY"), a PDF's cover cell "| Document title | Backup Policy |".
_TITLE_FIELD_LINE = re.compile(
    r"^\W{0,2}(?i:(?:(?:policy|standard|procedure|plan|document|guideline)\s+)?title"
    r"|(?:policy|standard|procedure|plan|document)\s+name"
    # a cover's row naming it by its kind: "| Policy | Information Security Policy |"
    r"|(?<=\|\s)(?:policy|standard|procedure|plan)(?=\s*\|))\W{0,2}(?::|[ \t]*\||\t)[ \t]*"
    r"(?P<title>[A-Z][^:;!?|\n]{2,99}?)[ \t|]*$",
    re.M,
)
_FIELD_LINES = 20  # the lines read for it
_JOB_TITLE = re.compile(
    r"\b(?:officer|director|manager|head|chief|president|lead|coordinator|administrator"
    r"|owner|counsel|secretary|analyst|engineer|architect)\b",
    re.I,
)


def _after_banner(text: str) -> str:
    """The text after a status banner on its first line ("DRAFT TEMPLATE – NOT ADOPTED"
    over the letterhead and title): the banner says what state the page is in, not what
    it is."""
    first, _, rest = text.strip().partition("\n")
    if not (_STATUS_BANNER.match(first) and rest.strip()):
        return text
    following, _, after = rest.strip().partition("\n")
    while (  # the banner's further lines, saying what replaced the page or why it is kept
        len(following) <= _BANNER_LINE
        # (set off by marks, or a sentence of its own: "Retained for audit reference only.")
        and (
            _ENCLOSED_LINE.match(following)
            or (following.endswith(".") and not _title_words(following))
        )
        and _BANNER_WORDS.search(following)
        and after.strip()
    ):
        rest = after
        following, _, after = rest.strip().partition("\n")
    return rest


# A line set off by runs of one mark at both ends, as a banner's lines are: "*** Replaced by
# DoIT-POL-02 version 3.0 (March 2023) ***".
_BANNER_WORDS = re.compile(
    r"\b(?:replaced|superseded|retained|archived|obsolete|withdrawn|retired|draft|see|refer"
    r"|reference\s+only|do\s+not\s+use)\b",
    re.I,
)
_BANNER_LINE = 200  # characters a banner's line holds at most
_ENCLOSED_LINE = re.compile(r"^\s*([*=#~!])\1{2,}.*[^*=#~!\s].*\1{3,}\s*$")


def _lines_after(line: str, text: str) -> list[str]:
    """The lines of the text after ``line`` where it stands as a line of its own (not
    where its words open a running header: "Quillmark Learning Ltd QL-ISMS-01 · Version
    3.1" over the cover's "Quillmark Learning Ltd" / "Information Security Policy")."""
    alone = re.search(rf"^[ \t]*{re.escape(line)}[ \t]*$", text, re.MULTILINE)
    end = alone.end() if alone is not None else text.find(line) + len(line)
    return text[end:].split("\n")


def _kind_named_below(line: str, text: str) -> str | None:
    """The title under an organisation's name ("CEDAR VALLEY HEALTH NETWORK" over
    "PASSWORD STANDARD"): of the next few lines after ``line``, the first short one
    naming a kind of document, when ``line`` names none; else None."""
    if _KIND_NAMED.search(line) or not line.isupper():
        return None  # a letterhead is in capitals ("Data Classification" is a title)
    after = _lines_after(line, text)
    near = [a.strip() for a in after if a.strip()][: _TITLE_LINES + 1]
    for at, candidate in enumerate(near[:_TITLE_LINES]):
        following = near[at + 1] if at + 1 < len(near) else ""
        if _title_wrapped(candidate, following):  # "SECURITY RISK ANALYSIS AND RISK" / "...
            candidate = f"{candidate} {following}"
        if (
            _KIND_NAMED.search(candidate)
            and (candidate.isupper() or _title_cased_title(candidate))
            and _reads_as_title(candidate)
            and (":" not in candidate or _KIND_AND_NUMBER.match(candidate))
        ):
            return candidate
    return None


# A title opening on its kind and number before a colon: "STANDARD ITS-STD-003:
# ENCRYPTION STANDARD" (not a field: "Policy: Password Standard" is read as one).
_KIND_AND_NUMBER = re.compile(
    r"^(?:policy|standard|procedure|plan|guideline)\s+[A-Z0-9][\w.-]*\d[\w.-]*\s*:\s*\S", re.I
)


def _titled_below_unit(line: str, text: str) -> str | None:
    """A plain-text title in capitals under the unit that publishes it ("Office of
    Information Technology Services (ITS)" over a rule and "POLICY IT-POL-001" /
    "ACCEPTABLE USE OF INFORMATION TECHNOLOGY RESOURCES"), a line naming the policy's
    number taking the next with it; None when ``line`` is no unit's name."""
    if line.isupper() or not _letterhead_line(line):
        return None  # a title in capitals wraps ("ZERO TRUST" / "NETWORK ACCESS")
    after = _lines_after(line, text)
    near = [a.strip() for a in after if a.strip() and not _RULE_LINE.match(a) and not _banner(a)]
    near = near[:_TITLE_LINES]
    if not near or not near[0].isupper() or len(near[0]) > 100 or near[0][-1:] in ".;,":
        return None
    if _NUMBER_LINE.match(near[0]) and len(near) > 1 and near[1].isupper() and ":" not in near[1]:
        return f"{near[0]} {near[1]}"  # "POLICY IT-POL-001" / "ACCEPTABLE USE OF ..."
    # a title naming its kind, not a section's heading, a marking or a version line
    return near[0] if _KIND_NAMED.search(near[0]) and not _FIELD_LINE.match(near[0]) else None


def _banner(line: str) -> bool:
    """Whether a line is a status banner's ("*** DRAFT - NOT APPROVED ***")."""
    return bool(_ENCLOSED_LINE.match(line) or _STATUS_BANNER.match(line.strip()))


# A rule under a plain-text heading ("=====", "-----").
_RULE_LINE = re.compile(r"^\s*([=*_~-])\1{3,}\s*$")


def _title_cased_title(line: str) -> bool:
    """A title in title case ending in a kind of document ("Data Handling and Endpoint
    Security Standard"); not a line placing the document under another ("Supporting
    Document to the Information Security Policy", "Part of the Acme Security Program")."""
    return _title_words(line) and bool(_KIND_END.search(line)) and not _UNDER_ANOTHER.search(line)


_UNDER_ANOTHER = re.compile(r"\b(?:to|of|under|for|from|with|by|in)\s+the\b", re.I)


def _titled_below(line: str, text: str) -> str | None:
    """A PDF's title under its organisation's name in words ("Severnvale Community" /
    "NHS Trust" over "Business Continuity Management Policy"): of the next few lines,
    the first in title words naming a kind of document, when ``line`` names none."""
    if _KIND_NAMED.search(line):
        return None
    after = _without_export_lines(_lines_after(line, text))
    rest = [a.strip() for a in after if a.strip() and not _ADDRESS_LINE.match(a.strip())]
    near = rest[: _TITLE_LINES + 1]  # (a letterhead's address aside, and an export's)
    for at, candidate in enumerate(near[:_TITLE_LINES]):
        if _SEE_ALSO.search(candidate):
            return None
        following = near[at + 1] if at + 1 < len(near) else ""
        if at == 0 and _tagline(candidate, following):
            continue  # "A statutory water undertaker serving the Wyvern valley"
        if at == 0 and _sentence_case_title(candidate):  # "Data protection policy"
            return _title_under_series(candidate, rest[1:]) or candidate
        if _FIELD_LABEL.match(candidate):  # "Policy Number: IT-POL-001" / ... / the title
            lines = [a.strip() for a in after if a.strip()]
            return _titled_after_fields(lines[lines.index(candidate) :])
        if len(candidate) > 100 or not _title_words(candidate):
            return None  # "This guidance supplements the", "Version 3.1", "See also"
        candidate = _wrapped_title(candidate, near[at + 1 :])  # "... Policy and" / "Schedule"
        if _KIND_NAMED.search(candidate):
            return _title_under_series(candidate, rest[at + 1 :]) or candidate
    return None


def _title_under_series(line: str, following: list[str]) -> str | None:
    """The title under a series' name on a cover, when the cover's fields follow it:
    "Information Security Program" over "Access Control Policy" (or "Business Continuity
    and Disaster" / "Recovery Plan", or a banner's lines first) over "Policy Number
    IS-POL-002": the lines in title words just above the first field line, naming a kind
    of document (every policy of the programme carries the series' line)."""
    near = following[: _TITLE_LINES + _BANNER_LINES + 1]
    fields = next((at for at, a in enumerate(near) if _FIELD_LINE.match(a)), None)
    if not _SERIES.search(line) or fields is None or _FIELD_LABEL.match(near[0]):
        return None
    above = list(itertools.takewhile(_title_words, reversed(near[:fields])))[::-1]
    title = " ".join(above[-_TITLE_LINES:])
    named = title and _KIND_END.search(title) and not _PART_OF.match(title)
    return title if named and title not in line else None


_BANNER_LINES = 3  # a status banner's wrapped lines between a cover's series and its title
# A series' name, which a collection of documents carries over each title.
_SERIES = re.compile(
    r"\b(?:program(?:me)?|framework|management\s+system|isms|library|policies)"
    r"(?:\s*\([A-Z]{2,8}\))?$",
    re.I,
)
# A line naming a part of another document, not the document: "Appendix B ...".
_PART_OF = re.compile(
    r"^(?:part\s+of|appendix|annex|attachment|exhibit|schedule\s+[A-Z0-9])\b", re.I
)


def _titled_after_fields(lines: list[str]) -> str | None:
    """The title under a letterhead's block of fields, one a line ("Policy Number:
    IT-POL-001", "Version: 3.2", "Approved By: ..." over "Acceptable Use Policy"): the
    first line after the fields when it is title words ending in a kind of document;
    None otherwise (a numbered section, a sentence)."""
    near = lines[: _FIELDS_UNDER_LETTERHEAD + _TITLE_LINES]
    for at, line in enumerate(near[: _FIELDS_UNDER_LETTERHEAD + 1]):
        if _FIELD_LABEL.match(line) or _STATUS_BANNER.match(line) or _MARKING.match(line):
            continue  # "Version: 0.4 DRAFT", "SUPERSEDED - retained ...", "INTERNAL USE ONLY"
        if _letterhead_line(line):
            continue  # a two-column header read line by line: "Office of Information Technology"
        title = _wrapped_title(line, near[at + 1 :])
        following = near[at + len(title.split(" ")) - len(line.split(" ")) + 1 :][:1]
        opens = not following or _OPENS_BODY.match(following[0]) is not None
        return title if len(title) <= 100 and _title_cased_title(title) and opens else None
    return None


def _letterhead_line(line: str) -> bool:
    """Whether a line names who publishes the document, not what it is: an organisation
    ("Harrow Valley Community College") or one of its units ("Office of Information
    Technology", "Information Technology Services (ITS)"), naming no kind of document."""
    unit = re.sub(r"\s*\([A-Z]{2,6}\)$", "", line)
    return _names_an_organisation(line) or (
        _UNIT_LINE.match(unit) is not None and _title_words(unit) and not _KIND_NAMED.search(unit)
    )


# A unit of an organisation: "Office of Information Technology", "Department of Human
# Resources", "Information Technology Services", "Technology Services Department".
_UNIT_LINE = re.compile(
    r"^(?:(?:the\s+)?(?:office|department|division|directorate|bureau|faculty|school)\s+of\s+\S"
    r"|.*\b(?:office|department|division|directorate|services|bureau|unit)$)",
    re.I,
)


# What follows a title under a block of fields: its first numbered section ("1. Purpose"),
# a contents list or an introduction's heading (not a related document's name, nor a
# section's text under its heading).
_OPENS_BODY = re.compile(
    r"^\W*(?:\d{1,2}(?:\.\d{1,2})*\.?\s+[A-Z]|(?:table\s+of\s+)?contents\b|purpose\b"
    r"|introduction\b|scope\b|overview\b|background\b|policy\s+statement\b)",
    re.I,
)


_STATUS_BANNER = re.compile(
    r"^\W*(?:DRAFT|SUPERSEDED|ARCHIVED|OBSOLETE|WITHDRAWN|RETIRED|TEMPLATE|OUTDATED|DEPRECATED)\b"
    r"(?:\W|$)"
)
_BANNER_WORDS_AT_MOST = 3  # a status alone ("DRAFT v0.3"), more a banner's sentence
_FIELDS_UNDER_LETTERHEAD = 12  # field lines at most between a letterhead and its title


def _wrapped_title(line: str, following: list[str]) -> str:
    """A title line with the lines it goes on in (``_title_wrapped``), up to
    ``_TITLE_LINES`` in all: "Security Monitoring and" / "Vulnerability Management" /
    "Standard"."""
    title, last = line, line
    for nxt in following[: _TITLE_LINES - 1]:
        if not _title_wrapped(last, nxt):
            break
        title, last = f"{title} {nxt}", nxt
    return title


# An organisation's tagline under its name: a phrase in sentence case, no field, no
# figure, no closing stop.
_TAGLINE = re.compile(r"^[A-Z][a-z]*(?:[ ,]+[A-Za-z][\w'’]*(?:-[\w'’]+)*){2,12}$")


def _sentence_case_title(line: str) -> bool:
    """A short line in sentence case ending in a kind of document, under an
    organisation's name: "Data protection policy"."""
    return bool(_TAGLINE.match(line)) and bool(_KIND_END.search(line)) and len(line) <= 60


def _tagline(line: str, following: str) -> bool:
    """Whether a line under an organisation's name is its tagline, a title's lines after
    it: a phrase in sentence case naming no kind of document, and a capital opening the
    next line ("All employees ... must comply with" / "the Information Security Policy
    and" is a paragraph)."""
    return (
        bool(_TAGLINE.match(line))
        and not _title_words(line)
        and not _JOINING_END.search(line)
        and not _KIND_NAMED.search(line)
        and following[:1].isupper()
    )


_SEE_ALSO = re.compile(r"\b(?:see|also|related|applies|supplements?)\b", re.I)


_TITLE_LINES = 3  # lines under an organisation's name that may hold the title
# Words naming a kind of document: a title ends in one ("... Recovery Policy"), and a
# letterhead's title names one.
_DOCUMENT_KINDS = (
    r"polic(?:y|ies)|standards?|procedures?|plan|manual|guidelines?|handbook|framework"
    r"|charter|programme|program|schedule"
)
# Kinds of document a title names that a letterhead's line does not: "SOC 2 Type II
# Bridge Letter", "Penetration Test Report".
_KIND_NAMED = re.compile(
    rf"\b(?:{_DOCUMENT_KINDS}|faq|statement|runbook|playbook|checklist|guide|guidance|sop"
    r"|letter|report|whitepaper)\b",
    re.I,
)


# A heading's own markup around its words: emphasis (``**Data Policy**``, ``_Policy_``),
# code spans, and the closing hashes ATX allows ("# Policy #").
_HEADING_MARKUP = re.compile(r"^(\*{1,3}|_{1,3}|`)(?=\S)((?:(?!\1).)+)(?<=\S)\1$")
_CLOSING_HASHES = re.compile(r"\s+#+$")


def _unmarked(heading: str) -> str:
    """A heading's words without the Markdown around them: a title is shown and
    matched as words, and ``**Data Management Policy**`` is titled Data Management
    Policy."""
    title = HEADING_ATTRIBUTES.sub("", _CLOSING_HASHES.sub("", heading.strip()))
    while (marked := _HEADING_MARKUP.match(title)) is not None:
        title = marked.group(2).strip()
    return title or heading.strip()


# A page's marking, as a one-page PDF's running header carries it once: "Keystone Core
# Services, Inc. CONFIDENTIAL", "Company Confidential", "Page 1 of 3".
_PAGE_MARKING = re.compile(
    r"(?:^|\s)(?-i:CONFIDENTIAL|INTERNAL(?:\s+USE\s+ONLY)?|PROPRIETARY|RESTRICTED)\s*$"
    r"|^\s*(?:company|strictly|business)\s+confidential\b|\bpage\s+\d+\s+of\s+\d+\b"
    # a running header's marking after a bar: "Hoshizora Payments K.K. ISMS-P-01 | Internal
    # Use Only"
    r"|\|\s*(?:internal(?:\s+use)?(?:\s+only)?|confidential|restricted|proprietary)\s*$"
    # a marking and its handling, the whole line: "CONFIDENTIAL – Internal Use Only",
    # "Proprietary and Confidential | Do not distribute"
    r"|^\W*(?:confidential|internal\s+use\s+only|proprietary(?:\s+(?:and|&)\s+confidential)?)"
    r"(?:\s*[-\u2013\u2014:|/,]\s*(?:internal(?:\s+use)?(?:\s+only)?|restricted"
    r"|(?:do\s+not|not\s+to\s+be)\s+(?:distribute|copie|copy|share)\w*"
    r"(?:\s+(?:externally|outside\s+(?:of\s+)?[\w&.-]+(?:\s+[\w&.-]+){0,2}))?"
    r"|not\s+for\s+(?:external\s+|public\s+)?(?:distribution|release)"
    r"|for\s+internal\s+use\s+only))+\W*$"
    # a classification field, a note after it: "CLASSIFICATION: PUBLIC (for distribution
    # to clients and prospects under NDA)"
    r"|^\W*(?:data\s+|information\s+|document\s+)?classification\s*:\s*(?:public|internal"
    r"|confidential|restricted|sensitive|secret)\b\s*(?:\([^()\n]{0,100}\))?\W*$",
    re.I,
)


# A logo's letters extracted as a line of their own: "NHS", "IBM".
_LOGO = re.compile(r"^[A-Z&]{2,4}$")


# A line an export or a print run writes over the page: the page's address, "Exported
# from SharePoint Online 2024-05-14 09:12 by ...", "Printed from ... on ..."; and the
# wrapped tail of one (a time, an e-mail address, an ISO date).
_EXPORT_LINE = re.compile(
    r"https?://|\b(?:[\w-]+\.)+[a-z]{2,12}/[\w%./-]+|\b(?:exported|printed|downloaded)\s+(?:from|by|on)\b",
    re.I,
)
_EXPORT_TAIL = re.compile(r"@[\w-]+\.|\b\d{1,2}:\d{2}\b|\b\d{4}-\d{2}-\d{2}\b")


def _export_line(line: str, after_export: bool) -> bool:
    """Whether a line is an export's or a print run's (``_EXPORT_LINE``), or, right after
    one, its wrapped tail (``_EXPORT_TAIL``)."""
    return bool(_EXPORT_LINE.search(line) or (after_export and _EXPORT_TAIL.search(line)))


def _without_export_lines(lines: list[str]) -> list[str]:
    """The lines without an export's or a print run's (``_EXPORT_LINE``) and the wrapped
    tail of one."""
    kept, in_export = [], False
    for line in lines:
        if _export_line(line, in_export):
            in_export = not in_export  # (a tail ends the export)
            continue
        in_export = False
        kept.append(line)
    return kept


def _first_body_line(text: str) -> str:
    """A PDF's first line that is no running header ("Company Confidential", a
    document number and revision) and no line of fields ("Policy MCS-SEC-001 | Version
    4.1"): a header on every page is not the title."""
    running = running_spans(text)
    after_fields = in_banner = in_notice = in_export = False
    for line in re.finditer(r"[^\n]+", text):
        words = line.group().strip()
        marked = _PAGE_MARKING.search(words) or _LOGO.match(words)
        if any(a <= line.start() < b for a, b in running) or not words or marked:
            continue
        if _export_line(words, in_export):
            in_export = not in_export  # (its wrapped tail: "Online 2024-05-14 09:12 by ...")
            continue
        in_export = False
        following = text[line.end() + 1 :].split("\n", 1)[0].strip()
        if in_notice or _prose_line(words, following):  # a notice's lines over the title
            in_notice = not words.endswith(".")  # ("This document is an English translation
            continue  # of the Japanese original and is provided for ...")
        if in_banner or (
            _STATUS_BANNER.match(words) and len(words.split()) > _BANNER_WORDS_AT_MOST
        ):
            in_banner = not words.endswith((".", "***"))  # "SUPERSEDED - This version was
            continue  # superseded by version 3.2 on 14 March" / "2024 and is retained ..."
        if (
            _FIELDS.search(words)
            or len(_FIELD_LABEL.findall(words)) >= _LABELS_IN_FIELDS
            or (after_fields and ("|" in words or _DATE_END.match(words)))
        ):
            after_fields = True  # a wrapped line of fields ends in its date
            continue
        named = _KIND_NAMED.search(following) or _KIND_CLOSING.search(following)
        if _MASTHEAD.search(words) and named and _reads_as_title(following):
            continue  # "WESTMOOR UNIVERSITY · POLICY LIBRARY" over "Information Security Policy"
        if words.isupper() and not _JOINING_END.search(words):
            return words  # a letterhead in capitals over the title: no wrapped title
        if _names_an_organisation(words):
            return words  # "Kestrel Borough Council" over "Physical Security Policy"
        return f"{words} {following}" if _title_wrapped(words, following) else words
    return ""


def _prose_line(line: str, following: str) -> bool:
    """Whether a line is part of a paragraph of prose, no title: longer than a title, or
    holding a sentence's end and the next one's start, or going on in lower case on the
    next line."""
    return (
        len(line) > _TITLE_LENGTH
        # (not "St. Brendan's", nor a company's "Pte. Ltd." or "Sdn. Bhd.")
        or re.search(r"[a-z]{2}\.\s+[A-Z]", _ENTITY_DOTS.sub(" ", line)) is not None
        or (not line.endswith((".", ":")) and following[:1].islower() and len(line.split()) > 6)
    )


# A company's form written with full stops, which ends no sentence: "Harbourlight Custody
# Pte. Ltd. · Policy" is a letterhead, no paragraph.
_ENTITY_DOTS = re.compile(r"\b(?:Pte|Pvt|Pty|Sdn|Bhd|Co|Inc|Corp|Ltd)\.(?=\s)")
# A masthead: who publishes the document and in which series, parts joined by a middle
# dot or a bullet ("Information Technology Services · Standard ITS-STD-02").
_MASTHEAD = re.compile(r"\S\s+[\u00b7\u2022]\s+\S")
# A letterhead's address line: "1450 Larimer Street, Suite 300", "Denver, CO 80202".
_ADDRESS_LINE = re.compile(
    r"^\d+[A-Za-z]?\s+(?:[A-Z][\w.'-]*\s+){1,4}(?:Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd"
    r"|Lane|Ln|Drive|Dr|Way|Place|Pl|Square|Court|Ct|Parkway|Pkwy|Suite)\b"
    r"|^[A-Z][\w .'-]{1,40},\s+[A-Z]{2}\s+\d{5}(?:-\d{4})?$"
    r"|^(?:P\.?\s?O\.?\s+Box|Suite)\s+\d+"
)
# A title's words: capitalised, or the small words between them.
_TITLE_WORD = re.compile(r"^(?:[A-Z][\w&'’/-]*|and|of|for|the|to|in|on|&|–|-)$")


def _title_words(line: str) -> bool:
    """Whether a line is title words only (``_TITLE_WORD``), a number counting after an
    acronym ("SOC 2 Type II Bridge Letter", "ISO 27001 Statement"; not "Version 3.1", nor
    a numbered section's "3 Acceptable Use")."""
    # "ICT Resilience, Backup and", "Operational Technology (OT)"
    tokens = [t.removesuffix(",").strip("()") or t for t in line.split()]
    return all(
        _TITLE_WORD.match(t) or (t.isdigit() and at > 0 and _ACRONYM.match(tokens[at - 1]))
        for at, t in enumerate(tokens)
    )


_ACRONYM = re.compile(r"^[A-Z]{2,6}$")


def _title_wrapped(line: str, following: str) -> bool:
    """Whether a title line goes on in the next ("Business Continuity and Disaster" /
    "Recovery Policy"): both are title words only, the first ends in no punctuation,
    and the next is short."""
    if line.endswith(":") and following and len(following) <= _WRAPPED_TITLE:
        return all(map(_TITLE_WORD.match, f"{line[:-1]} {following}".split()))  # a subtitle
    if not following or len(following) > _WRAPPED_TITLE or line[-1:] in ".:;,!?":
        return False
    subtitled = line if _FIELD_LABEL.match(line) else line.replace(": ", " ")  # "...: Summary of"
    if not _title_words(f"{subtitled} {following}"):
        return False
    if "," in line and not _JOINING_END.search(line) and not _KIND_ALONE.match(following):
        return False  # "London, United Kingdom" over "Access Control Policy" (not "Data
        # Classification, Handling and Retention" over "Policy")
    # cut after a joining word, or before the kind of document ("... Policy"), which the
    # first line does not end in: not "Information Security Policy" over "Acme Corp"
    return bool(_JOINING_END.search(line)) or (
        bool(_KIND_END.search(following) or _KIND_START.match(following))
        and not _KIND_END.search(line)
    )


_JOINING_END = re.compile(r"\b(?:and|of|for|the|to|in|on|&|–|-)$", re.I)
# A kind of document closing a title, a gloss in parentheses after it ("System Manual
# (ISMS-Handbuch)"), or opening its last line ("Procedure (Information Governance and").
_KIND_END = re.compile(rf"\b(?:{_DOCUMENT_KINDS})(?:\s*\([^()]*\))?$", re.I)
_KIND_START = re.compile(rf"(?:{_DOCUMENT_KINDS})(?:\s*\(|\s*$)", re.I)  # not "Policy Owner"
_KIND_ALONE = re.compile(rf"(?:{_DOCUMENT_KINDS})$", re.I)
# Kinds of document a title closes on, which a company's name may hold elsewhere ("Risk
# Assessment Partners LLP"): "Business Continuity Concept (Notfallkonzept)", "Risk
# Register", "Maturity Self-Assessment".
_KIND_CLOSING = re.compile(r"\b(?:concept|assessment|register)(?:\s*\([^()]*\))?$", re.I)


_WRAPPED_TITLE = 40  # characters at most in a title's wrapped end
# A line naming a document's number: "POLICY IT-POL-001".
_NUMBER_LINE = re.compile(rf"^(?i:{_DOCUMENT_KINDS})\s+[A-Z]{{1,6}}(?:-[A-Z0-9]+)*-?\d[\w.-]*$")


# A line of fields, not a title: "Meridian Care Systems, Inc. | Policy MCS-SEC-001 |
# Version 4.1 | Effective March 1," and its wrapped end ("2024 | Confidential",
# "September 1, 2023", "15, 2024").
_FIELDS = re.compile(
    r"\|[^|\n]*\||\|.*\b(?:version|effective|rev(?:ision)?|page|doc(?:ument)?\s+(?:no|id))\b",
    re.I,
)
# A field's label in a line of several: "Policy No.: IT-SEC-009 / Revision: B / ...".
_FIELD_LABEL = re.compile(r"\b[A-Z][A-Za-z]*(?:\s+[A-Za-z]+)?\.?:(?:\s|$)")
_LABELS_IN_FIELDS = 2
_DATE_END = re.compile(
    r"(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+)?"
    r"(?:\d{1,2},?\s+)?\d{4}\b[\s,.]*$",
    re.I,
)


# A line naming a company as a letterhead does: "WATTLE & GUM ANALYTICS PTY LTD",
# "Acme Holdings, Inc.", "Northwind GmbH", "Kaveri Digital Services Pvt. Ltd.".
_ENTITY_LINE = re.compile(
    r"^(?:[^\s.!?|]+[ \t]+){0,5}(?:(?:pty|pvt|pte)\.?\s+ltd|ltd|limited|inc|incorporated|llc"
    r"|llp|plc|gmbh|corp"
    r"|corporation|pte|s\.a|b\.v|ag|s\.?r\.?l)\.?"
    # (and the unit writing it: "HOLLERER ANTRIEBSTECHNIK GMBH - IT DEPARTMENT")
    r"(?:[ \t]+[-\u2013\u2014\u00b7|][ \t]+(?:[A-Za-z&]+[ \t]+){0,2}"
    r"(?:department|division|team|office|group|unit))?[ \t]*$",
    re.I,
)


def _after_page_trail(text: str) -> str:
    """The text after the lines a wiki page saved as text opens with before its title:
    its breadcrumb trail ("Ledgerline Confluence > Security > Policies > Access Control
    Standard") and its byline ("Created by ..., last modified by ... on ...")."""
    lines = text.strip().split("\n")
    at = 0
    while at < len(lines) and (not lines[at].strip() or _trail(lines[at]) or byline(lines[at])):
        at += 1
    return "\n".join(lines[at:]) if at < len(lines) else text


# A memo's heading and the line saying what it is about: "MEMORANDUM" over "To:", "From:",
# "Date:" and "Re: Data protection position for 2025 - ...".
_MEMO = re.compile(r"^(?:internal\s+)?memo(?:randum)?$", re.I)
_MEMO_SUBJECT = re.compile(
    r"^[ \t]*(?:re|subject)[ \t]*:[ \t]*(?P<subject>\S[^\n]{2,150}?)[ \t]*$", re.I | re.M
)
_MEMO_FIELD_LINES = 8  # lines of a memo's fields read for its subject


def _memo_subject(first_line: str, text: str) -> str | None:
    """A memo's title: the subject its "Re:" or "Subject:" field states (the heading
    "MEMORANDUM" names every memo alike), or None."""
    if _MEMO.match(first_line) is None:
        return None
    fields = "\n".join(text.strip().split("\n")[1 : 1 + _MEMO_FIELD_LINES])
    found = _MEMO_SUBJECT.search(fields)
    return found.group("subject") if found else None


def _after_slash_trail(text: str) -> str:
    """The text after a breadcrumb trail set out with slashes whose last step the next
    line repeats, as a wiki page exported to PDF opens: "Security & Compliance /
    Policies & Standards / Access Control Standard" over "Access Control Standard" (a
    title with slashes, "Joiners / Movers / Leavers Procedure", is not repeated)."""
    trail, _, rest = text.strip().partition("\n")
    if " / " not in trail:
        return text
    last = trail.rsplit(" / ", 1)[1].strip()
    return rest if last and last == rest.partition("\n")[0].strip() else text


def _trail(line: str) -> bool:
    """A breadcrumb trail set out with arrows ("Home > IT > Laptops"); not one with
    slashes, which may be a title ("Joiners / Movers / Leavers Procedure")."""
    return breadcrumb(line) and "/" not in line


def _after_letterhead(text: str) -> str:
    """The text from its second line when its first names a company and the second
    is a title line: a letterhead names who wrote the document, not what it is."""
    first, _, rest = text.strip().partition("\n")
    second = rest.strip().partition("\n")[0].strip()
    if (
        _names_an_organisation(first.strip())
        and not _names_a_document(first)  # "Remote Access Policy - Acme Corp": a title
        and _reads_as_title(rest.strip())
        and not _MARKING.match(second)
        and not _FIELD_LINE.match(second)  # "Version 1.2", "Effective 1 March 2024"
    ):
        return rest.strip()
    return text


def _names_an_organisation(line: str) -> bool:
    """Whether a line is a company's name ("Acme Pty Ltd") or an institution's
    ("RIVERBEND REGIONAL MEDICAL CENTER", "Northfield University"), naming no
    document ("Data Protection Authority Guidance" is a title)."""
    if _ENTITY_LINE.match(line):
        return True
    return (
        _INSTITUTION_LINE.match(line) is not None
        and not _DOCUMENT_WORD.search(line)
        and not _PHRASE_WORD.search(re.sub(r"^the\s+", "", line, flags=re.I))
    )


# Words of a phrase, not of a name: "ACCESS TO THE DATA CENTER", "BACKUPS AT THE BANK".
_PHRASE_WORD = re.compile(r"\b(?:to|at|for|in|on|with|the|from|by|about)\b", re.I)


# An institution's name: a few words ending in what kind of institution it is.
_INSTITUTION_LINE = re.compile(
    r"^(?:[^\s.!?|:]+[ \t]+){1,5}(?:cent(?:er|re)|hospital|university|college|school|bank"
    r"|council|institute|foundation|(?<!zero\s)trust|clinic|agency|ministry|county|district"
    r"|municipality|health\s+system)[ \t]*$",
    re.I,
)


def _names_a_document(line: str) -> bool:
    """Whether a line naming a company names a document before it, set off by a dash or
    a bar: "Remote Access Policy - Acme Corp" (not "Standard Chartered PLC")."""
    titled = _BEFORE_SEPARATOR.match(line.strip())
    return titled is not None and _DOCUMENT_WORD.search(titled.group(1)) is not None


_BEFORE_SEPARATOR = re.compile(r"^(.+?)\s+(?:-|\u2013|\u2014|\|)\s+")
_DOCUMENT_WORD = re.compile(
    r"\b(?:polic(?:y|ies)|standards?|procedures?|plans?|guidelines?|statements?|manual"
    r"|handbook|charter|notice|programm?e|runbook|playbook)\b",
    re.I,
)
# A document-control line: what it says is about the document, not its title.
_FIELD_LINE = re.compile(
    r"^\W*(?:(?:version|ver|rev(?:ision)?)\.?\s*(?:[:#]\s*\S|v?\d|[A-Z]\b)|v\d"
    r"|(?:effective|issued|dated?|last\s+(?:updated|reviewed)|approved|owner|classification"
    r"|(?:document|policy|procedure|standard|plan)\s+(?:no|id|number)|page)(?:\s+date)?\s*(?::|-|#|\bby\b|\bas\s+of\b|\bon\b"
    r"|\bfrom\b|\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d"
    r"|(?-i:[A-Z]{1,6}-[A-Z0-9])))",  # "Policy Number IS-POL-002"
    re.I,
)


# A protective marking on a line of its own: "Confidential", "INTERNAL USE ONLY".
_MARKING = re.compile(
    r"^\W*(?:strictly\s+)?(?:confidential|internal(?:\s+use)?(?:\s+only)?|public|restricted"
    r"|proprietary|draft|official(?:\s+use\s+only)?)\W*$",
    re.I,
)


def _reads_as_title(text: str) -> bool:
    """Whether a plain-text document opens with a title line: short, not a sentence
    (no closing punctuation), and set apart by a blank line or written in capitals
    ("BACKUPS - WHAT YOU NEED TO KNOW"), or over a wiki page's byline ("Created by ..."),
    or in title words over its fields, as a word processor's export sets it out
    ("Brightfold Information Security Policy" / "Document ID: BF-POL-001" / "Owner: ...")."""
    first, _, rest = text.partition("\n")
    first = first.strip()
    if not 0 < len(first) <= 100 or first[-1] in ".!?;:," or not re.search(r"[A-Za-z]", first):
        return False
    below = rest.partition("\n")[0]
    return (
        first.upper() == first
        or rest.startswith("\n")
        or not rest.strip()
        or byline(below)
        or (_title_words(first) and _FIELD_LABEL.match(below.strip()) is not None)
    )


def corpus_digest(corpus: Corpus) -> str:
    """A hash of the corpus snapshot: every document's path and byte hash."""
    listing = "\n".join(
        f"{d.path}\t{d.sha256}" for d in sorted(corpus.documents, key=lambda d: d.path)
    )
    failed = "\n".join(f"{f.path}\tfailed" for f in corpus.failures)
    return sha256_hex(f"{listing}\n{failed}".encode())
