"""A document-control block written in the text itself, as wiki exports, plain text
and PDF policies carry one instead of front-matter: "Owner: ... / Last edited: ... /
Status: Superseded" lines (one field a line, several to a line, or hard-wrapped), or
a two-column property table, under the title. Only its status is read (freshness
reads a date there from the text): a page its own header marks superseded, archived
or a draft must not ground current practice, as front-matter saying so does not."""

from __future__ import annotations

import itertools
import re

from dossier.ingest.frontmatter import METADATA_KEYS, status_of

# Lines that may open a document before its fields: a one-page PDF's running header
# ("Keystone Core Services, Inc. CONFIDENTIAL") over its title.
_TITLE_LINES = 2
# How far into a document its control block may begin: a title, a breadcrumb and a
# "Created by ..." line may come first, never a section of text.
_OPENING_LINES = 14
# Fields of document control beyond front-matter's keys (lower case, "_" for spaces).
CONTROL_KEYS = METADATA_KEYS | frozenset(
    (
        *("policy_owner", "document_owner", "page_owner", "last_edited", "last_modified"),
        *("last_approved", "date_approved"),
        *("last_review", "effective", "policy_number", "document_number", "procedure_number"),
        *("reviewed_by", "approval", "revision", "responsible_office", "contact"),
        *("document_no", "doc_no", "policy_no", "rev", "document_owner", "review_cycle"),
    )
)
STATUS_KEYS = frozenset(("status", "document_status", "policy_status", "page_status"))
_FIELD_WORDS = 4  # a field's name is a few words ("Last Reviewed", "Policy Owner")
_ROW = re.compile(r"^\s*\|(?P<key>[^|]{1,40})\|(?P<value>[^|]{0,160})\|\s*$")
# A banner in capitals opening a line: "OBSOLETE: withdrawn on 1 February 2025 ...",
# "SUPERSEDED - see IT-STD-201", "[DRAFT]", "**ARCHIVED**", "**OUTDATED** — kept for history",
# a template kit's page never adopted: "**TEMPLATE - NOT ADOPTED**",
# a wiki's callout with its icon: "> 🚧 **DRAFT — not yet approved.**", "> ⚠️ **ARCHIVED — ...".
_STATUS_WORD = (
    r"(?P<word>OBSOLETE|OUTDATED|SUPERSEDED|WITHDRAWN|ARCHIVED|DEPRECATED|RETIRED|RESCINDED"
    r"|DRAFT(?:\s+TEMPLATE\b)?|TEMPLATE(?=\W{0,4}\s*[-\u2013\u2014:]?\s*(?i:not\s+(?:yet\s+)?(?:adopted|approved"
    r"|in\s+use)|unadopted|do\s+not\s+use)))(?:\s+v?\d+(?:\.\d+)*)?"  # "DRAFT v0.3 – ..."
)

# ... after a callout's icon, alone or before a dash and words of the page ("> 🚧 **DRAFT —
# not yet approved**"): "> ⚠️ **DEPRECATED — TLS 1.0 must not be used**" warns of a thing
_OF_THE_PAGE = (
    r"(?:this|the)\s+(?:page|document|policy|standard|procedure|plan|guide(?:line)?)\b"
    r"|not\s+(?:yet\s+)?(?:approved|final|current)|superseded|replaced|kept\s+for|see\b"
    r"|do\s+not\s+(?:follow|use|quote|rely)|for\s+(?:comment|review|discussion|history)"
    r"|under\s+(?:review|discussion)|work\s+in\s+progress|proposal|no\s+longer"
)
# ... or before a colon and words naming this page ("DEPRECATED: The procedure for manual
# key rotation was replaced" warns of a part of it)
_THIS_PAGE = (
    r"this\s+(?:page|document|policy|standard|procedure|plan|guide(?:line)?"
    r"|version(?!\s+of\b))\b"
    r"|no\s+longer\s+(?:in\s+force|current|valid|maintained|applies)"
)
# "**SUPERSEDED.** This page was replaced by ...": a banner before words naming the page.
# ... or "SUPERSEDED by logging-monitoring.md (v2.0). Do not use." naming its successor: a
# file, a document's number, or a title ending in a kind of document; or a note that the
# page is kept (not "SUPERSEDED BY | N/A |", "... IS SUPERSEDED BY THIS POLICY", nor a
# warning's "SUPERSEDED by NIST SP 800-131A, the 3DES cipher is disallowed")
_SUCCESSOR = (
    r"(?:[\w./-]+\.(?:md|pdf|docx?|txt|html?)\b|[A-Z]{2,}(?:-[A-Z]{1,6})+-\d[\w.]*"
    r"|(?:[A-Z][\w&-]*\s+){0,8}(?:Policy|Standard|Procedure|Plan|Guide|Manual|Handbook)\b)"
)
_KEPT = r"(?i:kept|retained|for\s+reference|for\s+(?:audit\s+)?history|do\s+not\s+use|historical)"
_BY_SUCCESSOR = (
    r"(?<=SUPERSEDED)\s+(?i:by)\s+(?!(?i:n/?a|none|nil|tbd|this|these|the\s+present)\b)"
    rf"(?=(?:the\s+)?{_SUCCESSOR}|[^|:]*\b{_KEPT}\b)"
)
_BANNER = re.compile(
    rf"^\W{{0,4}}{_STATUS_WORD}(?:\W{{0,4}}$|\W{{0,3}}\s*[:\]\u2013\u2014-]"
    rf"|[.!]\W{{0,3}}\s+(?i:{_THIS_PAGE})|{_BY_SUCCESSOR})"
)
# ... after a version, alone in its block's first line: "Version 0.3 DRAFT - for
# consultation - NOT APPROVED" (not a revision history's "v0.1 DRAFT - 2022-01-10").
_VERSION_BANNER = re.compile(
    rf"^\W{{0,4}}(?i:version|ver\.?|v)\s*\d+(?:\.\d+)*\s+{_STATUS_WORD}"
    r"(?!\s*[\u2013\u2014-]\s*\d)(?:\W{0,4}$|\W{0,3}\s*[:\]\u2013\u2014-])"
)
_VERSION_START = re.compile(r"^\W{0,4}(?i:version|ver\.?|v)\s*\d")
# ... after a wiki panel's label: "> **Warning:** SUPERSEDED. This page was replaced ...",
# "> **Note:** DRAFT for discussion ...".
# (not "> **Warning:** DEPRECATED – see the approved algorithm list": it warns of a thing)
_OF_THIS_PAGE = _OF_THE_PAGE.replace(r"|see\b", "").replace(r"|no\s+longer", "")
# ... "no longer in force" ending its clause (not "... in force for new systems: SHA-1")
_THIS_PAGE_ENDS = _THIS_PAGE.replace(r"|applies)", r"|applies)(?=\s*(?:[.;!]|$))")
_LABELLED_BANNER = re.compile(
    r"^\W{0,8}(?i:warning|note|info|important|caution|notice|attention)\W{0,4}:"
    rf"\W{{0,4}}\s*{_STATUS_WORD}(?:\W{{0,4}}$|{_BY_SUCCESSOR}"
    rf"|(?:[.!]\W{{0,3}}|\W{{0,3}}\s*[\u2013\u2014-])?\s+(?i:{_THIS_PAGE_ENDS}|{_OF_THIS_PAGE}))"
)
_ICON_BANNER = re.compile(
    rf"^\W{{5,8}}{_STATUS_WORD}(?:\W{{0,4}}$|\W{{0,3}}\s*[\u2013\u2014-]\s*(?i:{_OF_THE_PAGE})"
    rf"|:\W{{0,3}}\s*(?i:{_THIS_PAGE}))"  # "> ⚠️ **ARCHIVED:** This page is no longer ..."
)
# ... or in words of the page itself: "> This document was superseded by LP-BCM-002 in
# 2024.", "This policy has been withdrawn." (not "This plan replaces ...": it is the new one).
# "... and is kept for historical reference only."
_KEPT_FOR_REFERENCE = (
    r"\s+(?i:and\s+(?:is\s+)?(?:kept|retained|preserved)\s+(?:only\s+)?"
    r"for\s+(?:historical\s+|audit\s+)?(?:reference|history|the\s+record))"
)
_SAID = re.compile(
    r"^\W{0,8}(?i:this)\s+(?i:page|document|policy|standard|procedure|plan|guide(?:line)?"
    r"|manual|handbook|version)\s+(?i:was|has\s+been|had\s+been)\s+"
    r"(?i:formally\s+|officially\s+)?[*_]{0,2}(?P<word>(?i:superseded|replaced|withdrawn|retired"
    r"|archived|deprecated|rescinded))[*_]{0,2}"
    # ... by a document, in a year, or nothing more ("This policy is superseded by any
    # applicable local law", "This document is archived in SharePoint for seven years",
    # "This policy was replaced on 25 May 2018 to reflect the GDPR" mark nothing)
    rf"(?=\s*(?:[.;]|$)|\s+in\s+\d{{4}}\b|{_KEPT_FOR_REFERENCE}"
    r"|\s+by\s+(?:the\s+)?(?:[A-Z]{2,}[\w.]*-|(?i:version)\s+\d|v\d"
    r"|(?:[A-Z][\w&-]*\s+(?:(?:and|of|for|&)\s+)?){1,8}"
    r"(?:Policy|Standard|Procedure|Plan|Guide|Manual|Handbook)\b))"
)
# ... or in the present, of a state a page is left in (not "is superseded by ... wherever
# the two conflict", a precedence; nor "is archived and kept in SharePoint for seven
# years", a retention): "This page is **deprecated** and is kept for historical reference
# only.", "This standard is now retired."
_SAID_NOW = re.compile(
    r"^\W{0,8}(?i:this)\s+(?i:page|document|policy|standard|procedure|plan|guide(?:line)?"
    r"|manual|handbook|version)\s+(?i:is)\s+(?i:now\s+)?[*_]{0,2}"
    r"(?P<word>(?i:deprecated|retired|archived|withdrawn|obsolete|outdated|superseded|replaced))"
    r"[*_]{0,2}"
    rf"(?=\s*(?:[.;]|$)|{_KEPT_FOR_REFERENCE}"
    # ... superseded by a document's number or a version, nothing after its title ("This
    # document is superseded by IT-POL-002 Information Security Policy.")
    r"|\s+by\s+(?:(?-i:[A-Z]{2,}[\w.]*-\w)|(?i:version\s+|v)\d+(?:\.\d+)*)[^.;:]{0,80}[.;]?\s*$)"
)
# A title naming its page's state: "# Business Continuity Plan (SUPERSEDED)", "Access
# Policy [Draft]", "Backup Standard - ARCHIVED".
_TITLE_STATES = (
    r"superseded|archived|obsolete|withdrawn|deprecated|retired|rescinded|outdated|draft"
    r"|decommissioned"
)
_TITLE_CAPS = (
    r"SUPERSEDED|ARCHIVED|OBSOLETE|WITHDRAWN|DEPRECATED|RETIRED|RESCINDED|OUTDATED|DRAFT"
    r"|DECOMMISSIONED"
)
_TITLE_STATUS = re.compile(
    rf"^\W{{0,4}}(?:#\s+)?\S.{{0,150}}?(?:[(\[]\s*(?i:(?P<word>{_TITLE_STATES}))\s*[)\]]"
    rf"|\s[\u2013\u2014-]\s+(?P<caps>{_TITLE_CAPS}))\W{{0,4}}$"
    # ... or opening it: "[ARCHIVED] Hosting Standard (2019)", "DRAFT – BC Improvements"
    rf"|^\W{{0,4}}(?:#\s+)?(?:[(\[]\s*(?i:(?P<first>{_TITLE_STATES}))\s*[)\]]"
    rf"|(?P<first_caps>{_TITLE_CAPS})\s*[\u2013\u2014:-])\s*\w"
)


# ... a plain-text notice's status naming the successor: "*** STATUS: SUPERSEDED by IT-STD-002
# Password and Authentication Standard v2.0 ... ***" (a bare "Status: WITHDRAWN" is a field,
# read only in a block of document control's fields)
_STATUS_BY_SUCCESSOR = re.compile(
    rf"^\W{{0,8}}(?i:status)\W{{0,4}}:\W{{0,4}}\s*(?P<word>SUPERSEDED){_BY_SUCCESSOR}"
)


def _banner(line: str) -> re.Match[str] | None:
    """A status banner opening ``line``, in any of the forms above."""
    for pattern in (
        _BANNER,
        _ICON_BANNER,
        _LABELLED_BANNER,
        _STATUS_BY_SUCCESSOR,
        _SAID,
        _SAID_NOW,
    ):
        found = pattern.match(line)
        if found is not None:
            return found
    return None


def _version_banner(block: list[str]) -> re.Match[str] | None:
    """A version line marked draft as its block's first line, when no other line of
    the block is a version's (a revision history lists several)."""
    if not block or any(_VERSION_START.match(line) for line in block[1:]):
        return None
    return _VERSION_BANNER.match(block[0])


def _title_status(text: str) -> str | None:
    """The state a document's first line names when it reads as its title ("# Backup
    Standard (SUPERSEDED)", ``_TITLE_STATUS``), or None."""
    first = text.lstrip().split("\n", 1)[0]
    if _COLON.match(_EMPHASIS.sub(" ", first).strip()):
        return None  # "Supersedes: Information Security Policy v2.1 (withdrawn)": a field
    named = _TITLE_STATUS.match(first)
    if named is None:
        return None
    return status_of(next(g for g in named.group("word", "caps", "first", "first_caps") if g))


_RULE_ROW = re.compile(r"^\s*\|[\s:|-]*\|\s*$")
_EMPHASIS = re.compile(r"\*\*|__|^\s*[-*+]\s+", re.M)


def control_status(text: str) -> str | None:
    """The status a control block at the top of ``text`` states (one of
    ``frontmatter.STATUSES``), or None. The block is a run of lines (a blank line
    ends it) that is nothing but fields, beginning within the first
    ``_OPENING_LINES`` lines and before any section heading, with a status field
    and another field of document control (or the status alone). "Status: the
    incident is open" in a report's text is no block, and a status that names no
    state ("Status: Open") is none. A banner in capitals there ("OBSOLETE: withdrawn
    ...", "[DRAFT]") states one too, and so does a cover table a PDF flattens to
    lines of a field's name and its value without a colon (``_spaced_fields``)."""
    spaced = _status(_spaced_fields(text))
    if spaced is not None:
        return spaced
    for at, block in enumerate(_opening_blocks(text)):
        banner = next((b for line in block if (b := _banner(line))), None)
        banner = banner or _version_banner(block)
        if banner is not None:
            return status_of(banner.group("word"))
        for _ in range(_TITLE_LINES):  # a title (a running header over it), the fields under
            line = _EMPHASIS.sub(" ", block[0]).strip() if block else ""
            if at == 0 and block and _reads_as_title(block[0]) and not _COLON.match(line):
                block = block[1:]
        while block and _before_fields(block):  # "ISF-02 – Version 2.1" over the fields
            block = block[1:]
        fields = _table_fields(block) if block and block[0].lstrip().startswith("|") else None
        if fields is None:
            fields = _line_fields(" ".join(block))
        if fields is None:  # a cover's table under more lines of its title page
            fields = _table_fields(_cover_table(block))
        status = _status(fields or []) or _field_lines_status(block)
        if status is not None:
            return status
    return _title_status(text)  # a status field, where there is one, says it first


# A cover table flattened: at least this many lines of a field's name and value.
_SPACED_FIELDS = 3
_SPACED_VALUE = 100  # characters of a value at most: a longer line is text


def _spaced_fields(text: str) -> list[tuple[str, str]]:
    """The fields of a cover table a PDF's text gives as "Document No. HDS-ACS-010 /
    Revision 2 / Status Superseded by ... (2025-09-02)": lines among the first
    ``_OPENING_LINES`` opening with the name of a field of document control (up to
    ``_FIELD_WORDS`` words, no colon), when ``_SPACED_FIELDS`` lines or more do and
    one of them is the status; else none."""
    fields = []
    for line in text.lstrip("\n").split("\n")[:_OPENING_LINES]:
        words = line.split()
        for count in range(min(_FIELD_WORDS, len(words) - 1), 0, -1):
            name = _name(" ".join(words[:count]).rstrip("."))
            value = _before_next_field(words[count:])
            if name in CONTROL_KEYS and len(value) <= _SPACED_VALUE:
                fields.append((name, value))
                break
    if len(fields) < _SPACED_FIELDS or not any(key in STATUS_KEYS for key, _ in fields):
        return []
    return fields


def _before_next_field(words: list[str]) -> str:
    """A flattened cell's value, up to the next cell's field name in capitals ("Current"
    of "Status Current Next review July 2026": its "review" is no draft)."""
    for at in range(1, len(words)):
        for count in range(min(_FIELD_WORDS, len(words) - at), 0, -1):
            if words[at][:1].isupper() and _name(" ".join(words[at : at + count])) in CONTROL_KEYS:
                return " ".join(words[:at])
    return " ".join(words)


# Fields only a document has: what version it is, who approved it, when it took effect.
_DOCUMENT_FIELDS = frozenset(
    (
        *("version", "revision", "valid_from", "effective", "effective_date", "effective_from"),
        *("approved", "approved_by", "approval_date", "date_approved", "approved_on"),
        *("document_id", "doc_id", "document_number", "policy_number", "classification"),
        *("last_reviewed", "review_date", "next_review", "document_owner", "policy_owner"),
    )
)


def _field_lines_status(block: list[str]) -> str | None:
    """The status of a run of field lines inside a block that holds more (a PDF's page
    has no blank line between its letterhead, its title, its fields and its text):
    "Document-ID: ISMS-LL-01 Version: 2.1" / "Approved: ..., 14.09.2021" / "STATUS:
    UNGÜLTIG / SUPERSEDED – replaced by version 3.0 ..."; none without a field only a
    document has (a version, an approval, an effective date): a report's finding has an
    owner and a status too ("Finding ID: NW-01" / "Owner: Platform team" / "Status:
    Remediation pending")."""
    run: list[tuple[str, str]] = []
    for line in [*block, ""]:
        fields = _line_fields(line) if line.strip() else None
        if fields is not None:
            run += fields
            continue
        documents = any(key in _DOCUMENT_FIELDS for key, _ in run)
        status = _status(run) if len(run) > 1 and documents else None
        if status is not None:
            return status
        run = []
    return None


def _status(fields: list[tuple[str, str]]) -> str | None:
    keys = [key for key, _ in fields]
    stated = [value for key, value in fields if key in STATUS_KEYS] or [
        found.group("word") or found.group("first")
        for key, value in fields
        if (found := _version_status(key, value))
    ]
    if not stated or (len(fields) > 1 and not any(k in CONTROL_KEYS - STATUS_KEYS for k in keys)):
        return None
    return status_of(stated[0])


# A version field whose number a state follows: "Version: 0.3 DRAFT - for consultation",
# "Version: 2.1 (Superseded)"; not "Version: 3.0 - replaces the draft of 2023".
_STATE_WORD = r"(?:draft|superseded|withdrawn|archived|obsolete|retired|deprecated)"
_VERSION_VALUE_STATUS = re.compile(
    # the state closes the value, or a dash's comment follows it ("0.3 DRAFT - for
    # consultation"); not a change note ("3.0 - draft comments incorporated")
    rf"^\W{{0,2}}(?:v?\d+(?:\.\d+)*\s*[(\[\u2013\u2014,/-]?\s*(?P<word>{_STATE_WORD})"
    rf"|(?P<first>{_STATE_WORD})\s+v?\d+(?:\.\d+)*)"  # "Draft 0.3", "DRAFT v0.3"
    r"\s*[)\]]?\s*(?:$|[\u2013\u2014-]\s)",
    re.I,
)


def _version_status(key: str, value: str) -> re.Match[str] | None:
    return _VERSION_VALUE_STATUS.match(value) if key in ("version", "rev", "revision") else None


def _opening_blocks(text: str) -> list[list[str]]:
    """The runs of non-blank lines among the first ``_OPENING_LINES`` lines, up to
    the first section heading (a level-1 title may come first)."""
    blocks: list[list[str]] = [[]]
    for line in text.lstrip("\n").split("\n")[:_OPENING_LINES]:
        if re.match(r"\s*#{2,6}\s", line):
            break
        if not line.strip() or re.match(r"\s*#\s", line):
            blocks.append([])
            continue
        blocks[-1].append(line)
    return [block for block in blocks if block]


def _cover_table(block: list[str]) -> list[str]:
    """The rows of the table a block's lines end on, below its title page's lines
    ("Password Standard" / "Calder Reach Software Ltd" / "Information Security
    Management System" over "| Status | SUPERSEDED ... |"); none when no such run."""
    at = next((i for i, line in enumerate(block) if line.lstrip().startswith("|")), None)
    if at is None:
        return []
    rows = list(itertools.takewhile(lambda line: line.lstrip().startswith("|"), block[at:]))
    return rows if len(rows) >= 2 else []


def _table_fields(block: list[str]) -> list[tuple[str, str]] | None:
    """A two-column table's rows as fields ("| Status | Archived |"), or None when a
    row is not one."""
    fields = []
    for line in block:
        if _RULE_ROW.match(line):
            continue
        row = _ROW.match(line)
        if row is None:
            return None
        fields.append((_name(row.group("key")), row.group("value").strip(" *_")))
    return fields


def _line_fields(text: str) -> list[tuple[str, str]] | None:
    """The fields of text that is nothing but fields ("Policy Owner: CIO Effective
    Date: September 1, 2022 Status: Approved"), or None. A field's name is the
    longest run of the words before its colon that names a field of document
    control ("Effective Date", not "CIO Effective Date"), else its last word; a
    value holding a sentence and more ("Sam. This plan ...") is text, not a field."""
    text = _EMPHASIS.sub(" ", text).strip()
    colons = list(_COLON.finditer(text))
    if not colons or colons[0].start() != 0:
        return None
    named = [_field_name(colon) for colon in colons]
    fields = []
    for (_, name), colon, after in zip(named, colons, [*named[1:], None], strict=True):
        value = text[colon.end() : after[0] if after else len(text)].strip()
        more = _SENTENCE_AND_MORE.search(value)
        if more is not None and name in STATUS_KEYS and _STATUS_OPENS.match(value):
            # "Status: SUPERSEDED by the Schedule v3.0 (May 2024). Retained for audit
            # history only. Do not use.": the status, then words about it
            fields.append((name, value[: more.start() + 3]))
            break
        if more is not None:
            return None
        fields.append((name, value))
    return fields


# Up to ``_FIELD_WORDS`` words and a colon after them.
_COLON = re.compile(
    rf"(?:(?<=\s)|^)(?:[A-Za-z]+[ \t]+){{0,{_FIELD_WORDS - 1}}}[A-Za-z]+\.?[ \t]*:(?=\s|$)"
)
_SENTENCE_AND_MORE = re.compile(r"[a-z]{2}[.!?]\s+\S")
# A status value opening with its word, then what it is by or since: "SUPERSEDED by the
# Schedule v3.0", "Archived.", "Draft — not approved" (not "Draft response sent ...").
_STATUS_OPENS = re.compile(
    r"^\W*(?:superseded|archived|retired|withdrawn|obsolete|draft|deprecated|approved|current"
    r"|active|published|rescinded|final|in\s+force|effective|released|live|under\s+review"
    r"|in\s+review|pending(?:\s+approval)?|not\s+(?:yet\s+)?approved|for\s+(?:comment|review))"
    r"\b(?=\s*(?:$|[.:;,()\u2013\u2014-]|\s+(?:by|since|on|as\s+of"
    r"|in\s+favou?r\s+of|effective|until|pending)\b))",
    re.I,
)


def _field_name(colon: re.Match[str]) -> tuple[int, str]:
    """Where a field's name starts and the name, among the words ``colon`` matched:
    the longest run of them ending at the colon that names a field of document
    control, else the last word (all of them at the start of the text)."""
    words = colon.group().rstrip(": \t").rstrip(".").split()  # "Policy No.:"
    for count in range(len(words), 0, -1):
        name = _name(" ".join(words[-count:]))
        if name in CONTROL_KEYS or count == 1 or (count == len(words) and colon.start() == 0):
            run = re.search(
                rf"(?:[A-Za-z]+[ \t]+){{{count - 1}}}[A-Za-z]+\.?[ \t]*:$", colon.group()
            )
            return colon.start() + (run.start() if run else 0), name
    raise AssertionError("a colon follows at least one word")


def _name(key: str) -> str:
    return re.sub(r"\s+", "_", key.strip(" *_").lower())


# A cover's line of a document's number and version, without a colon: "ISF-02 – Version
# 2.1", "Version 3.0", "POL-7 Rev. 4".
_VERSION_LINE = re.compile(
    r"^\W*(?:[A-Z][A-Z0-9]*(?:[-/.][A-Z0-9]+)+\s*(?:[\u2013\u2014|-]\s*)?)?"
    r"(?:version|ver\.?|revision|rev\.?|v)\s*\d+(?:\.\d+)*\s*$",
    re.I,
)


def _before_fields(block: list[str]) -> bool:
    """Whether the block's first line is a cover's number-and-version line, or a title's
    last line right above one (a title wrapped over "Access Control and Authentication" /
    "Standard")."""
    if _VERSION_LINE.match(block[0]):
        return True
    first = block[0].strip()
    return (
        len(block) > 1
        and _VERSION_LINE.match(block[1]) is not None
        and _reads_as_title(first)
        and not first.startswith("|")
        and ":" not in first
    )


def _reads_as_title(line: str) -> bool:
    """A short line that is no sentence: "ISP-013 PHYSICAL SECURITY POLICY"."""
    text = line.strip()
    return 0 < len(text) <= 100 and not text.endswith((".", ":", ";", ","))


# A field set in emphasis: "**Standard number:** ITS-STD-010", "**Owner**: CISO".
_EMPHASISED_FIELD = re.compile(r"(?:\*\*|__)(?P<name>[^*_\n:]{1,40})(?::(?:\*\*|__)|(?:\*\*|__):)")
# Document-control names beyond ``CONTROL_KEYS``: "Standard number", "Related policy".
_CONTROL_NAME = re.compile(
    r"^(?:(?:standard|policy|document|procedure|guideline)_(?:number|no|id)|related_\w+"
    r"|parent_\w+|type|audience|applies_to|supersedes)$"
)


def only_control_fields(sentence: str) -> bool:
    """Whether a sentence is a line of two or more emphasised fields of document
    control ("**Standard number:** ITS-STD-010 **Related policy:** [...]"), or a row of a
    property table that only names the document ("| **Supersedes** | Password Standard
    (2021) |"): it says what the document is, not what is done."""
    names = [_name(m.group("name")).rstrip(".") for m in _EMPHASISED_FIELD.finditer(sentence)]
    if len(names) >= 2 and all(n in CONTROL_KEYS or _CONTROL_NAME.match(n) for n in names):
        return True
    row = _IDENTITY_ROW.match(sentence)  # "| **Supersedes** | Password Standard (2021) |"
    return (
        row is not None
        and _name(row.group("key")).rstrip(".:") in _DOCUMENT_IDENTITY
        and not _STATES_SOMETHING.search(row.group("value"))
    )


def a_control_table(sentence: str) -> bool:
    """Whether a sentence is a PDF cover's document-control table read as lines of a
    name and its value ("Version 2.3 / Status Approved / Date Ratified 26 January 2026 /
    Review Date January 2028"): it says what the document is and who approved it, not
    what is done (evidence only of its approval, owner and review)."""
    lines = [line for line in sentence.splitlines() if line.strip()]
    fields = sum(1 for line in lines if _CONTROL_LINE.match(line))
    return fields >= _CONTROL_LINES and 2 * fields >= len(lines)


# A property table's row, as a sentence of it reads (its outer pipe may be cut): its name
# and value.
_IDENTITY_ROW = re.compile(r"^\s*\|?\s*(?P<key>[^|\n]{1,40}?)\s*\|(?P<value>[^|\n]{1,160})\|?\s*$")
# A value that states something done ("| Revision | Reviewed annually by the CISO |").
_STATES_SOMETHING = re.compile(
    r"\b(?:must|shall|should|will|is|are|be|been|\w+ed\s+(?:by|at|every|annually|within))\b"
    r"|\b(?:reviewed|approved|encrypted|updated|retained)\b",
    re.I,
)
# Rows that only name the document (which one, which version, what it replaced).
_DOCUMENT_IDENTITY = frozenset(
    """supersedes superseded replaces document_id document_number document_no doc_no doc_id
    document_reference document_ref policy_number policy_no policy_id procedure_number
    standard_number version version_no revision rev classification title document_title
    policy_title standard_title procedure_title document_name policy_name""".split()
)


# A line of a flattened document-control table: a field's name, then its value.
_CONTROL_LINE = re.compile(
    r"^\W{0,4}(?:version(?:\s+(?:no\.?|number))?|status|author|(?:(?:executive|document|policy)\s+)?owner"
    r"|approving\s+(?:committee|body|authority)|approved\s+by|approv(?:al|ed)\s+date|date\s+"
    r"(?:approved|ratified|issued|of\s+(?:issue|next\s+review))|ratified(?:\s+by)?"
    r"|(?:next\s+)?review\s+date|target\s+audience|document\s+(?:reference|control|number)"
    r"|reference|classification|effective\s+date|issue\s+date"
    # ... and, as a wiki page's fields write them, before a colon: "Approver: ...",
    # "Next review: February 2027", "Parent policy: Information Security Policy"
    r"|(?:(?:document|policy)\s+id|title|approver|approved|(?:next|last)\s+review(?:ed)?"
    r"|parent\s+(?:policy|standard|document)|review\s+cycle)(?=:))\b"
    r"(?!\s+(?:of|is|are|was|were|has|have|must|shall|should|will|may|can|reviews?|control)\b)"
    r"(?::[ \t]*|[ \t]+)\S",
    re.I,
)
_CONTROL_LINES = 3  # fields a cover's table holds at least
