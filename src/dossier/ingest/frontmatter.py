"""Front-matter: the YAML block at the top of a Markdown or text document, and the
fields that decide its authority (``effective_date``, ``status``, ``supersedes``)."""

from __future__ import annotations

import base64
import datetime as dt
import math
import posixpath
import re
from typing import Any

import yaml

from dossier.common.dates import written_date
from dossier.errors import UnreadableDocument

STATUSES = ("current", "draft", "archived", "superseded")

# Blank lines before the opening dashes, and spaces after them, are common.
_OPENING = re.compile(r"(?:[ \t]*\n)*---[ \t]*\r?\n")
_DELIMITER = re.compile(r"^(---|\.\.\.)[ \t]*$", re.MULTILINE)
_BARE_HEADER_START = re.compile(r"^[A-Za-z_][\w-]*:(\s|$)")


def split_front_matter(text: str) -> tuple[dict[str, Any], str]:
    """Return (front-matter, body). Two forms are recognised: a block between
    ``---`` lines at the top (blank lines may come first), and a bare YAML header
    at the very top closed by a ``---`` line (as some policy template sets ship).
    Keys are read in lower case, ``-`` or a space read as ``_``: ``Effective-Date``
    is ``effective_date``."""
    opening = _OPENING.match(text)
    if opening is not None and text.startswith("---"):
        return _fenced_front_matter(text, opening.end())
    if opening is not None:
        return _after_blank_lines(text, opening.end()) or ({}, text)
    return _bare_front_matter(text) or ({}, text)


def _after_blank_lines(text: str, start: int) -> tuple[dict[str, Any], str] | None:
    """Dashes after blank lines open front-matter only when what follows up to the
    closing line reads as a header (``key: value`` lines; YAML errors in it are
    named) of metadata, as a bare header must (every key a metadata key); otherwise
    they are a Markdown rule, and "Purpose: Backups are retained for 35 days." below
    it is the document's text."""
    closing = _DELIMITER.search(text, start)
    if closing is None or closing.group(1) != "---":
        return None
    block = text[start : closing.start()]
    if not _bare_header(block):  # a paragraph between two rules
        return None
    first_line = text.count("\n", 0, start) + 1  # a YAML error names its line
    metadata = _parse_front_matter(block, strict=True, first_line=first_line)
    if not metadata or not all(key in METADATA_KEYS for key in metadata):
        return None
    return metadata, _after_line(text, closing.end())


def _fenced_front_matter(text: str, start: int) -> tuple[dict[str, Any], str]:
    """The block from ``start`` (after the opening dashes) to the closing line, and
    the body after it."""
    closing = _DELIMITER.search(text, start)
    if closing is None:
        raise UnreadableDocument("front-matter opened with '---' is never closed")
    first_line = text.count("\n", 0, start) + 1
    metadata = _parse_front_matter(
        text[start : closing.start()], strict=True, first_line=first_line
    )
    return metadata, _after_line(text, closing.end())


# The keys freshness reads as the date a document was reviewed. Not review_date, which
# templates use for the next review (an obligation) as often as for the last.
REVIEW_DATE_KEYS = (
    *("last_reviewed", "reviewed", "reviewed_on", "last_review", "last_review_date"),
    *("reviewed_date", "date_reviewed"),
)
# The keys a page writes its last update under ("last_updated: 2025-04-03", a wiki's
# "updated:"): it was current then; they leave the text's own later dates read.
UPDATE_DATE_KEYS = ("last_updated", "updated", "last_modified")
# The keys a document writes the date it was approved under ("approved: 2024-03-04"):
# it was in effect then. Read only when they hold a date ("approved: Tomasz Kowal, CEO"
# names the approver).
APPROVAL_DATE_KEYS = (
    *("approved", "approved_on", "approval_date", "date_approved", "approved_date"),
    "date_of_approval",
)
# The keys a document names its successor under ("superseded_by: security/policy.md"):
# it is no longer in force.
SUCCESSOR_KEYS = ("superseded_by", "replaced_by")
# The keys a bare header may hold: what the authority and freshness rules read, the
# usual document-control fields, and the header keys of policy template sets (comply's
# policies: name, acronym, satisfies, majorRevisions; its procedures: id, cron).
METADATA_KEYS = frozenset(
    (
        *("title", "name", "status", "effective_date", "supersedes", "kind", "review_interval"),
        *("effective", "effective_on", "effective_from", "valid_from"),
        *REVIEW_DATE_KEYS,
        *UPDATE_DATE_KEYS,
        *("review_date", "next_review", "next_review_date", "owner", "author", "version", "date"),
        *APPROVAL_DATE_KEYS,
        *SUCCESSOR_KEYS,
        *("approved_by", "approver"),
        *("created", "updated", "last_updated", "classification", "department", "category"),
        *("tags", "id", "document_id", "acronym", "satisfies", "majorrevisions", "cron"),
    )
)


def _bare_front_matter(text: str) -> tuple[dict[str, Any], str] | None:
    """A bare header and the body after it, or None. It is metadata only when every
    key is a metadata key: "Purpose: Backups are retained for 35 days." above a rule
    is the document's text, and stays quotable."""
    if not _BARE_HEADER_START.match(text):
        return None
    closing = _DELIMITER.search(text)
    if closing is None or closing.group(1) != "---":
        return None
    block = text[: closing.start()]
    metadata = _parse_front_matter(block, strict=False) if _bare_header(block) else {}
    if not metadata or not all(key in METADATA_KEYS for key in metadata):
        return None
    return metadata, _after_line(text, closing.end())


_TOP_LEVEL_KEY = re.compile(r"^[A-Za-z_][\w-]*:(?:[ \t]|$)")
_LONGEST_HEADER_VALUE = 160


def _bare_header(block: str) -> bool:
    """Whether a block at the top of a file, closed by ``---``, reads as a bare YAML
    header rather than the document's opening paragraph: one run of lines without
    a blank line, every top-level line a ``key: value`` with a short value. An
    opening "Purpose: This policy ..." paragraph, then text, then a rule, is body."""
    lines = block.rstrip("\n").split("\n")
    for line in lines:
        if not line.strip():
            return False
        if line[:1] in " \t-#":
            continue  # a nested value, a list item or a comment
        if not _TOP_LEVEL_KEY.match(line) or len(line) > _LONGEST_HEADER_VALUE:
            return False
    return True


def _after_line(text: str, position: int) -> str:
    return text[position + 1 :] if text[position : position + 1] == "\n" else text[position:]


def _parse_front_matter(block: str, *, strict: bool, first_line: int = 1) -> dict[str, Any]:
    """The block's mapping; ``first_line``: the line of the file the block starts on."""
    try:
        loaded = _load(block, first_line)
        if loaded is None:
            return {}
        if not isinstance(loaded, dict):
            raise UnreadableDocument("bad front-matter: expected 'key: value' lines")
        return _metadata(loaded)
    except UnreadableDocument:
        if not strict:
            return {}  # a bare header that is not metadata is the document's text
        raise


def _load(block: str, first_line: int) -> Any:
    """The YAML of a front-matter block, or UnreadableDocument saying what is wrong."""
    try:
        return yaml.load(block, Loader=_FrontMatterLoader) if block.strip() else {}
    except (yaml.YAMLError, ValueError) as error:  # ValueError: an impossible date
        mark = getattr(error, "problem_mark", None)
        where = f" at line {mark.line + first_line}" if mark is not None else ""
        if isinstance(error, _AliasRefused):
            detail = str(error.problem)
        else:
            detail = "not valid YAML" if isinstance(error, yaml.YAMLError) else str(error)
        raise UnreadableDocument(f"bad front-matter{where}: {detail}") from None
    except RecursionError:
        raise UnreadableDocument("bad front-matter: nested too deeply") from None


def _metadata(loaded: dict[Any, Any]) -> dict[str, Any]:
    """The mapping with its keys in lower case (``-`` and spaces as ``_``) and its
    values as plain data; two keys that are one key so read are refused."""
    metadata: dict[str, Any] = {}
    written: dict[str, str] = {}
    for key, value in loaded.items():
        name = re.sub(r"[-\s]+", "_", str(key).strip().lower())
        if name in written:
            raise UnreadableDocument(
                f"bad front-matter: {written[name]!r} and {str(key)!r} are one key "
                "(keys are read in any case)"
            )
        metadata[name], written[name] = plain_data(value), str(key)
    return metadata


class _AliasRefused(yaml.composer.ComposerError):
    """A YAML alias (``*name``) in front-matter."""


class _FrontMatterLoader(yaml.SafeLoader):
    """The safe loader, refusing aliases: a few lists of aliases of lists expand to
    billions of items ("billion laughs": 400 bytes took 34 s, 767 MB and an 80 MB
    cache entry), and front-matter has no need of them."""

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]
            problem = (
                f"YAML alias *{event.anchor} is not read in front-matter "
                "(aliases can expand without end): write the value out"
            )
            raise _AliasRefused(None, None, problem, event.start_mark)
        return super().compose_node(parent, index)


def plain_data(value: Any) -> Any:
    """A front-matter value as JSON holds it, at any depth: mapping keys as text,
    dates as ISO text, a set as a sorted list, binary as its base64 text, a number
    that is not finite as text. The cache (canonical JSON, keys sorted) and every
    reader then see plain data: ``2024-01-10: Initial version`` is a text key."""
    if isinstance(value, dict):
        return {_key_text(key): plain_data(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain_data(item) for item in value]
    if isinstance(value, set):
        return sorted((plain_data(item) for item in value), key=str)
    if isinstance(value, dt.date):  # a datetime too
        return value.isoformat()
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return value


def _key_text(key: Any) -> str:
    return key.isoformat() if isinstance(key, dt.date) else str(key)


def authority_fields(metadata: dict[str, Any]) -> tuple[str | None, str | None, tuple[str, ...]]:
    return (
        _effective_date(metadata),
        _status(metadata.get("status")),
        _supersedes(metadata.get("supersedes")),
    )


# A field a policy template ships unfilled: "{{effectiveDate}}", "{% date %}",
# "${EFFECTIVE_DATE}", "[Effective Date]", "<date>", "TBD". The document was adopted
# without filling it in: it states no date (or status), which is not a reason to
# leave its text unread.
_UNFILLED = re.compile(
    r"\{\{[^{}]*\}\}|\{%[^%]*%\}|\$\{[^{}]*\}|\[[^\[\]]*\]|<[^<>]*>|tb[cd]|todo|x+", re.I
)


def unfilled(value: Any) -> bool:
    """Whether a front-matter value is an unfilled template placeholder (or empty)."""
    return isinstance(value, str) and _UNFILLED.fullmatch(value.strip() or "x") is not None


# Other keys documents write the date they took effect under ("effective: 2025-08-20",
# "valid_from: 03.06.2025"): read when they hold a date, as documents write one
# (``written_date``); any other value ("effective: on approval") states none.
EFFECTIVE_DATE_ALIASES = ("effective", "effective_on", "effective_from", "valid_from")


def _effective_date(metadata: dict[str, Any]) -> str | None:
    if "effective_date" in metadata:
        return _iso_date(metadata["effective_date"])
    for key in EFFECTIVE_DATE_ALIASES:
        try:
            found = _iso_date(metadata.get(key))
        except UnreadableDocument:
            found = written_date(str(plain_data(metadata[key])))
        if found is not None:
            return found
    return None


def _iso_date(value: Any) -> str | None:
    """An ISO date from a date, or from the ISO text of a date or of a date and time
    (front-matter holds a YAML timestamp as its ISO text); None when the field is
    an unfilled template placeholder."""
    if value is None or unfilled(value):
        return None
    try:
        return dt.datetime.fromisoformat(str(plain_data(value)).strip()).date().isoformat()
    except ValueError:
        raise UnreadableDocument(
            f"bad front-matter: effective_date {value!r} is not an ISO date (YYYY-MM-DD);"
            " write the date the document took effect, or remove the field"
        ) from None


# How document control registers write a status, read as one of ``STATUSES``: the
# words of a stage that is over or not yet reached are looked for first, so "not
# approved" is a draft and "superseded (approved 2021)" superseded.
_STATUS_WORDS = (
    ("superseded", re.compile(r"\bsuper[sc]eded\b|\breplaced\b", re.I)),
    (
        "archived",
        re.compile(
            r"\b(?:archived|retired|withdrawn|obsolete|outdated|deprecated|expired|inactive"
            r"|rescinded|revoked|decommissioned|rejected|declined|abandoned)\b",
            re.I,
        ),
    ),
    (
        "draft",
        re.compile(
            r"\b(?:draft|review|pending|proposed|wip|work\s+in\s+progress|in\s+progress"
            r"|not\s+(?:yet\s+)?(?:approved|adopted)|unapproved|unadopted|awaiting)\b",
            re.I,
        ),
    ),
    (
        "current",
        re.compile(
            r"\b(?:current|approved|active|final|published|effective|in\s+effect|in\s+force"
            r"|live|released|adopted|ratified|issued|signed\s+off|accepted)\b",
            re.I,
        ),
    ),
)


# Where an aside opens after a status: a bracket, a dash, a semicolon, a comma.
_STATUS_ASIDE = re.compile(r"\s*[(\[;,]|\s+[-\u2013\u2014]+\s+")


def status_of(text: str) -> str | None:
    """One of ``STATUSES`` for the words a register writes ("Approved", "In review",
    "Retired"), or None when they name none. A stage that is over is read wherever it is
    said ("Superseded (approved 2021)", "Final - Superseded by v4.0"); of a draft or a
    current one, the words before an aside: "Current (annual review due March 2024 -
    review in progress)" is current, "Approved; next review 2025" approved (the aside is
    of the next review)."""
    for status, words in _STATUS_WORDS[:2]:  # superseded or archived, wherever said
        if words.search(text):
            return status
    head = _STATUS_ASIDE.split(text, maxsplit=1)[0]
    for read in (head, text) if head.strip() != text.strip() else (text,):
        for status, words in _STATUS_WORDS[2:]:
            if words.search(read):
                return status
    # a template kit's page, neither adopted nor approved: "template", "TEMPLATE"
    return "draft" if re.search(r"\btemplate\b", text, re.I) else None


def _status(value: Any) -> str | None:
    if value is None or unfilled(value):
        return None
    status = status_of(str(value).strip())
    if status is not None:
        return status
    raise UnreadableDocument(
        f"bad front-matter: status {value!r} is not one of {', '.join(STATUSES)}"
        " (nor a usual word for one: approved, active, published, accepted are current; in"
        " review, pending, proposed, template, not adopted are draft; retired, withdrawn,"
        " rejected are archived;"
        " replaced is superseded)"
    )


def _supersedes(value: Any) -> tuple[str, ...]:
    if value is None:
        return ()
    items = value if isinstance(value, list) else [value]
    if not all(isinstance(item, str) and item.strip() for item in items):
        raise UnreadableDocument("bad front-matter: supersedes must be a path or a list of paths")
    return tuple(corpus_path(item) for item in items)


def corpus_path(path: str) -> str:
    """A ``supersedes`` path (relative to the corpus root) normalised as a path:
    ``./policies/../policies/a.md`` is ``policies/a.md``. A path that leaves the
    corpus keeps its ``..`` (``./../../a.md`` is ``../../a.md``, never ``a.md``):
    ``leaves_corpus`` says so, and the build reports it."""
    return posixpath.normpath(path.strip())


def leaves_corpus(path: str) -> bool:
    """Whether a normalised ``supersedes`` path points outside the corpus folder."""
    return path == ".." or path.startswith(("../", "/"))
