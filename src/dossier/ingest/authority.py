"""Which documents may ground a claim about current practice, decided by front-matter.

A document is authoritative unless its ``status`` is draft, archived or
superseded, its ``effective_date`` is still to come, or a document in force names
it in ``supersedes``. Rank never decides. Front-matter that names no document of
the corpus, a path that leaves the corpus folder, or that contradicts itself, is
reported in ``notes``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Literal

from dossier.ingest.frontmatter import SUCCESSOR_KEYS, corpus_path, leaves_corpus, unfilled
from dossier.records import Chunk, Corpus, Document

NOT_CURRENT = ("draft", "archived", "superseded")
NotInForceCause = Literal["status", "not yet in force", "superseded by"]


@dataclass(frozen=True)
class NotInForce:
    """Why a document may not ground a claim about current practice: the cause, and
    the message shown to a reader."""

    cause: NotInForceCause
    message: str
    status: str | None = None  # the document's own status, for cause "status"

    @property
    def superseded(self) -> bool:
        """Replaced: superseded by a document in force, or its own status says so."""
        return self.cause == "superseded by" or self.status == "superseded"


@dataclass(frozen=True)
class Authority:
    reasons: dict[str, NotInForce]  # document path -> why it may not ground current practice
    effective_dates: dict[str, str] = field(default_factory=dict)  # path -> ISO date
    notes: tuple[str, ...] = ()  # supersedes lines that name no document, or each other

    @classmethod
    def of(cls, corpus: Corpus, today: dt.date | None = None) -> Authority:
        """``today``: the build's date; a document taking effect later is not in force."""
        own = {doc.path: _own_reason(doc, today) for doc in corpus.documents}
        reasons = {path: why for path, why in own.items() if why is not None}
        paths = {doc.path for doc in corpus.documents}
        notes: list[str] = []
        documents = _supersedes_resolved(corpus.documents, paths, notes)
        for doc in documents:
            for old in doc.supersedes:
                if leaves_corpus(old):
                    notes.append(
                        f"{doc.path}: supersedes {old}, a path that leaves the corpus folder; "
                        "ignored"
                    )
                elif old == doc.path:
                    notes.append(f"{doc.path}: supersedes itself; ignored")
                elif old not in paths:
                    notes.append(f"{doc.path}: supersedes {old}, which is not in the corpus")
        in_force = [doc for doc in documents if doc.path not in reasons]
        for doc in in_force:
            for old in sorted(set(doc.supersedes) & paths - {doc.path}):
                reasons[old] = NotInForce("superseded by", f"{old} is superseded by {doc.path}")
        notes += _each_other(in_force)
        _successors_named(documents, reasons, notes)
        dates = {doc.path: doc.effective_date for doc in corpus.documents if doc.effective_date}
        return cls(reasons, dates, tuple(notes))

    def is_current(self, path: str) -> bool:
        return path not in self.reasons

    def reason(self, path: str) -> str:
        """Why the document is not in force, in words ("" when it is)."""
        why = self.reasons.get(path)
        return why.message if why is not None else ""

    def superseded(self, path: str) -> bool:
        """Whether another document (or its own status) supersedes it."""
        why = self.reasons.get(path)
        return why is not None and why.superseded

    # -- passages: a document in force may set one of its sections aside ---------------

    def passage_current(self, chunk: Chunk) -> bool:
        """Whether the passage may ground a claim about current practice: its document
        is in force and no heading above it marks its section as no longer in effect
        (``set_aside_heading``)."""
        return self.is_current(chunk.document) and not set_aside_heading(chunk.heading)

    def passage_reason(self, chunk: Chunk) -> str:
        """Why the passage may not ground current practice, in words ("" when it may)."""
        if not self.is_current(chunk.document):
            return self.reason(chunk.document)
        heading = set_aside_heading(chunk.heading)
        return (
            f"{chunk.document}: its section “{heading}” is marked as no longer in effect"
            if heading
            else ""
        )

    def passage_superseded(self, chunk: Chunk) -> bool:
        """Whether the passage states what something else now replaces: its document is
        superseded, or its section is set aside."""
        return self.superseded(chunk.document) or bool(set_aside_heading(chunk.heading))


# What marks a section itself as no longer in effect, in its heading. (Not "deprecated",
# "obsolete", "retired" or "do not use": headings say them of the things a section is
# about, "Weak ciphers (deprecated)", "End of life software (obsolete)", "Deprecated
# algorithms (do not use)"; nor "no longer in use": "Inactive accounts - no longer in use".)
_SET_ASIDE = (
    r"(?:superseded|archived|no\s+longer\s+(?:in\s+(?:effect|force)|valid|applicable|applies))"
)
# (not what the section is about: "Retention (archived logs)", "Superseded documents",
# "Version control (superseded versions)")
_NOT_A_STATE = (
    r"(?!\s+(?:data|logs?|records?|files?|documents?|backups?|media|assets?|systems?"
    r"|accounts?|keys?|devices?|equipment|users?|employees?|staff|copies|emails?|mail"
    r"|versions?|polic(?:y|ies)|procedures?|standards?|plans?|contracts?|agreements?))"
)
_SET_ASIDE_HEADING = re.compile(
    # in brackets: "Password rules (superseded)", "Backup schedule [ARCHIVED]"
    rf"[(\[]\s*{_SET_ASIDE}\b{_NOT_A_STATE}[^()\[\]]{{0,40}}[)\]]"
    # opening it, of the section's own content: "Appendix B: Superseded settings (kept
    # for audit trail)", "Archived answers (do not use)"
    rf"|^\W*(?:(?:appendix|annex|section|part|schedule)\s+[\w.]+\s*[:.\-\u2013\u2014]\s*)?"
    rf"{_SET_ASIDE}\s+(?:settings?|values?|answers?|requirements?|text|content|rules?|guidance"
    r"|configurations?|sections?|material|faqs?|entries|parameters?|provisions?|clauses?"
    r"|instructions?)\b"
    # after a dash or colon closing it: "VPN access - superseded", "Section 9: No longer in
    # effect", or the whole heading
    rf"|(?:^|[:\-\u2013\u2014]\s*)\W*{_SET_ASIDE}\W*$",
    re.I,
)


def set_aside_heading(heading: str) -> str:
    """The heading (of a passage's " > "-joined headings) that marks its section as no
    longer in effect: "Appendix B: Superseded settings (kept for audit trail)",
    "Archived answers (do not use)", "Old VPN setup (superseded)"; "" when none does. A
    heading naming such things as its topic ("Superseded documents", "Retention of
    archived logs", "Weak ciphers (deprecated)") marks nothing."""
    return next(
        (h.strip() for h in heading.split(" > ") if _SET_ASIDE_HEADING.search(h.strip())), ""
    )


# A document's own id: front-matter's ``document_id`` (or ``id``, ``doc_id``), or its file
# name's leading identifier ("IT-STD-020_Backup_Standard_2020.md" is IT-STD-020).
_ID_KEYS = ("document_id", "id", "doc_id", "document_number", "policy_number")
_LEADING_ID = re.compile(r"^([A-Za-z]{1,6}(?:[-_.][A-Za-z]{1,6})*[-_.]?\d[\w.]*?)(?=[_\s]|$)")


def _documents_by_id(documents: tuple[Document, ...]) -> dict[str, str]:
    """Each document's path by its own id (lower case); an id two documents share is
    none."""
    found: dict[str, set[str]] = {}
    for doc in documents:
        ids = {str(doc.metadata[k]).strip().lower() for k in _ID_KEYS if doc.metadata.get(k)}
        leading = _LEADING_ID.match(PurePosixPath(doc.path).stem)
        if leading:
            ids.add(leading.group(1).replace("_", "-").lower())
        headed = _HEADING_ID.search(_first_line(doc.text))
        if headed:  # "# Access Control Standard (KP-STD-004)"
            ids.add(headed.group(1).lower())
        version = _version(doc)  # "kp-std-004|3.2"; "kp-std-004|" for a document without one
        ids |= {f"{one}|{version}" for one in ids}
        ids |= _title_keys(doc)
        for one in ids:
            found.setdefault(one, set()).add(doc.path)
    return {one: next(iter(paths)) for one, paths in found.items() if len(paths) == 1}


def _supersedes_resolved(
    documents: tuple[Document, ...], paths: set[str], notes: list[str]
) -> list[Document]:
    """The documents with each ``supersedes`` entry as the path it names (a document id
    read as its document's path, and noted)."""
    by_id = _documents_by_id(documents)
    resolved = []
    for doc in documents:
        others = paths - {doc.path}
        named = tuple(_by_path_or_id(old, others, by_id) for old in doc.supersedes)
        for old, path in zip(doc.supersedes, named, strict=True):
            if path != old:
                why = (
                    "its document id"
                    if _by_id(old, by_id)
                    else "its title"
                    if _by_title(old, by_id)
                    else "its file name"
                )
                notes.append(f"{doc.path}: supersedes {old}, read as {path} ({why})")
        resolved.append(dataclasses.replace(doc, supersedes=named))
    return resolved


def _by_path_or_id(old: str, paths: set[str], by_id: dict[str, str]) -> str:
    """The path ``supersedes`` names: itself when a document has it, else the document
    whose id it names ("IT-STD-020 (2020)"), else as written."""
    if old in paths:
        return old
    return _by_id(old, by_id) or _by_file_name(old, paths) or _by_title(old, by_id) or old


def _by_id(old: str, by_id: dict[str, str]) -> str | None:
    """The path of the document whose id ``old`` names ("IT-STD-020 (2020)"), or None;
    with a version ("KP-STD-004 v3.2"), the document of that id and version, or one of
    that id stating no version: a version the corpus lacks names no other version."""
    named = _NAMED_ID.match(old.strip())
    if named is None:
        return None
    own = named.group(1).lower()
    if not named["version"]:
        return by_id.get(own)
    # the version named, or a document of that id stating no version (none of another)
    return by_id.get(f"{own}|{named['version']}") or by_id.get(f"{own}|")


# A version after a name: " v1.2", ", version 3".
_VERSION_SUFFIX = r"(?:,?\s+(?i:v|ver\.?|version|rev\.?|revision)\s*(?P<version>\d+(?:\.\d+)*))"
# A document named by its title and version: "Password Policy v1.0".
_TITLED = re.compile(rf"^(?P<title>.*?\S){_VERSION_SUFFIX}?\s*$")


def _title_keys(doc: Document) -> set[str]:
    """The keys a document is found by from its title: its title with its version, and
    its title alone ("Password Policy" version "1.0" is "password policy v1.0")."""
    title = " ".join(doc.title.split()).lower()
    if not title:
        return set()
    return {f"title:{title}|{_version(doc)}", f"title:{title}|"}


def _version(doc: Document) -> str:
    """The document's version as its front-matter gives it, without a "v" ("1.0")."""
    return str(doc.metadata.get("version", "")).strip().lower().removeprefix("v")


# An identifier in parentheses on a document's first line: "# Access Control Standard
# (KP-STD-004)".
_HEADING_ID = re.compile(r"\(([A-Za-z]{1,6}(?:-[A-Za-z]{1,6})*-\d[\w.-]*)\)")


def _first_line(text: str) -> str:
    return next((line for line in text.splitlines() if line.strip()), "")


def _by_title(old: str, by_id: dict[str, str]) -> str | None:
    """The path of the one document whose title (and version, when given) ``old``
    names ("Password Policy v1.0"), or None."""
    named = _TITLED.match(" ".join(old.split()).lower())
    if named is None:
        return None
    return by_id.get(f"title:{named['title']}|{named['version'] or ''}")


def _by_file_name(old: str, paths: set[str]) -> str | None:
    """The one path ``old`` names without its extension ("logging-standard-v1" for
    logging-standard-v1.md, "policies/backup" for policies/backup.md), or None."""
    wanted = old.strip().lower()
    found = [
        path
        for path in paths
        if wanted
        in (str(PurePosixPath(path).with_suffix("")).lower(), PurePosixPath(path).stem.lower())
    ]
    return found[0] if len(found) == 1 else None


# ... its version and a gloss after it: "ISP-014 v1.2 (Log Management Standard, 2018)"
_NAMED_ID = re.compile(
    r"^([A-Za-z]{1,6}(?:-[A-Za-z]{1,6})*-?\d[\w.-]*?)"
    rf"{_VERSION_SUFFIX}?(?:\s*\(.*\))?\s*$"
)


def _own_reason(doc: Document, today: dt.date | None) -> NotInForce | None:
    """Why a document is not in force by its own front-matter, or None."""
    if doc.status in NOT_CURRENT:
        return NotInForce("status", f"{doc.path} has status '{doc.status}'", doc.status)
    if today is not None and doc.effective_date and doc.effective_date > today.isoformat():
        message = f"{doc.path} takes effect on {doc.effective_date}, after this build"
        return NotInForce("not yet in force", message)
    return None


def _successors_named(
    documents: list[Document], reasons: dict[str, NotInForce], notes: list[str]
) -> None:
    """A document whose own front-matter names its successor (``superseded_by``) is not
    in force when that successor is a document of the corpus in force (its path or its
    id); a successor the corpus lacks, or one not in force, supersedes nothing and is
    noted."""
    paths = {doc.path for doc in documents}
    by_id = _documents_by_id(tuple(documents))
    for doc in documents:
        named = _successor(doc)
        if not named or doc.path in reasons:
            continue
        successor = _by_path_or_id(corpus_path(named), paths, by_id)
        if successor in paths and successor != doc.path and successor not in reasons:
            message = f"{doc.path} is superseded by {successor} (its own front-matter names it)"
            reasons[doc.path] = NotInForce("superseded by", message)
        else:
            notes.append(
                f"{doc.path}: superseded_by {named}, which is not a document in force of "
                "the corpus; ignored"
            )


def _successor(doc: Document) -> str:
    """The successor a document's own front-matter names (``superseded_by``), or ""
    when it names none ("none", "n/a", "not yet superseded", a dash, a template's
    placeholder)."""
    for key in SUCCESSOR_KEYS:
        value = doc.metadata.get(key)
        if isinstance(value, list):
            value = value[0] if len(value) == 1 else None
        named = value.strip() if isinstance(value, str) else ""
        if named and not unfilled(named) and not _NO_SUCCESSOR.match(named):
            return named
    return ""


# Words a field writes for no successor: "None (current version)", "N/A - current",
# "n.a.", "Not yet superseded", "—".
_NO_SUCCESSOR = re.compile(
    r"^(?:none|nil|null|n/?a|n\.a\.?|na|not\b|no\b|false|[-\u2013\u2014]+$)", re.I
)


def _each_other(documents: list[Document]) -> list[str]:
    supersedes = {doc.path: set(doc.supersedes) for doc in documents}
    return [
        f"{a} and {b} supersede each other: neither grounds an answer until one is corrected"
        for a in sorted(supersedes)
        for b in sorted(supersedes[a])
        if a < b and a in supersedes.get(b, set())
    ]
