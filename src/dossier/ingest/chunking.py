"""Cut a document into passages: paragraphs, long ones at sentence ends, each with
the headings above it as its context."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from dossier.common.textutil import BULLET, HEADING_ATTRIBUTES, UNIT_WORDS, sentence_spans
from dossier.ingest.page_edges import running_spans, strip_span, without_spans
from dossier.records import Chunk, Document


@dataclass(frozen=True)
class ChunkSettings:
    max_chars: int = 900  # a longer paragraph is cut at sentence or line ends, then spaces
    min_words: int = 2  # shorter blocks (rules, stray markup) are not passages


_BLOCK_BREAK = re.compile(r"\n[ \t]*\n")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_LEAD_IN = re.compile(r"^[\w().]{0,4}\s*[*_]*[^\n]{1,80}:[*_]*$")
# A lead-in of this many words or more states something of its own, so it is a
# passage too, not only context ("During onboarding:" is not; "Backups are retained
# for 35 days; the schedule is:" is).
STATEMENT_WORDS = 6


def chunk_document(doc: Document, settings: ChunkSettings = ChunkSettings()) -> list[Chunk]:
    """Cut a document into passages. Each passage is a paragraph (a block
    between blank lines) or, when longer than ``max_chars``, a run of whole
    sentences or lines; a sentence longer than ``max_chars`` is cut at spaces.
    A PDF's running headers and footers (``page_edges``) are cut out of its blocks.
    Headings and lead-in lines ("During onboarding:") become the ``heading``
    context of the passages that follow; a lead-in long enough to state something
    ("Backups are retained for 35 days; the schedule is:") is a passage as well.
    A chunk id hashes the document path and the passage text, so editing one
    paragraph leaves every other chunk id unchanged."""
    chunks: list[Chunk] = []
    seen: dict[str, int] = {}
    headings: list[tuple[int, str]] = []
    headed: dict[int, int] = {}
    lead_in = ""
    suffix = Path(doc.path).suffix.lower()
    markdown = suffix in (".md", ".markdown")
    blocks: Iterable[tuple[int, int]] = _blocks(doc.text)
    if suffix == ".pdf":  # a PDF's running headers and footers belong to no passage
        blocks, headed = _at_headings(
            doc.text, without_spans(doc.text, blocks, running_spans(doc.text))
        )
    for block_start, end in blocks:
        heading, start = _leading_heading(
            doc.text, block_start, end, plain=not markdown, capitals=suffix in _PLAIN_TEXT
        )
        if block_start in headed:  # a heading a PDF's page was cut at, over bullets too
            heading = _heading_level(doc.text[block_start : headed[block_start]])
            start = strip_span(doc.text, headed[block_start], end)[0]
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
            if len(re.findall(r"\w+", block)) < STATEMENT_WORDS:
                continue
            context = " > ".join(h[1] for h in headings)  # a lead-in is not its own context
        else:
            context = " > ".join([h[1] for h in headings] + ([lead_in] if lead_in else []))
        for piece_start, piece_end in _pieces(doc.text, start, end, settings.max_chars):
            text = doc.text[piece_start:piece_end]
            if len(re.findall(r"\w+", text)) < settings.min_words:
                continue
            chunk_id = _chunk_id(doc.path, text, seen)
            chunks.append(Chunk(chunk_id, doc.path, piece_start, piece_end, text, context))
    return chunks


_COMMENT_ONLY = re.compile(r"\s*(<!--.*?-->\s*)+", re.S)
SETEXT_HEADING = re.compile(r"^([^\n]+)\n(=+|-+)[ \t]*(?:\n|$)")


# A numbered heading on a line of its own in plain text or a PDF: "7. Multi-factor
# authentication", "4.3 Patching" (a few words, no closing punctuation).
_NUMBERED_HEADING = re.compile(
    r"^[ \t]*(\d{1,2}(?:\.\d{1,2}){0,3})\.?[ \t]+([A-Z][^\n.!?:;|]{0,70}?)[ \t]*$"
)
_NUMBERED_HEADING_WORDS = 8
_DATE_LINE = re.compile(
    r"^\s*\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{4}\s*$", re.I
)
_ITEM_LINE = re.compile(rf"^[ \t]*(?:\d{{1,3}}[.)]|{BULLET})[ \t]")
# A row of a table as text: the next line numbered as this one ("1 Critical 24 hours" over
# "2 High 7 days"), or a figure with its unit in the title.
_NEXT_ROW = re.compile(r"^[ \t]*\d{1,3}[ \t]+\S")
_FIGURE_IN_TITLE = re.compile(rf"\b\d[\d,.]*\s*(?:{UNIT_WORDS})\b", re.I)


def _at_headings(
    text: str, blocks: Iterable[tuple[int, int]]
) -> tuple[list[tuple[int, int]], dict[int, int]]:
    """The blocks of a PDF's text cut before each numbered heading inside them, and where
    each heading cut at ends (its block's first line, over its section; a heading on a
    page's last line is a block alone, over the next page's text): a page
    comes out as one block without blank lines, where "...the forensic handling
    procedure." / "5. Breach Notification" / "Where an incident involves ..." is a
    paragraph, a heading and the next section (its heading glued into quotes). A
    heading after a line not closed by a full stop (a table's last row) must follow the
    number of the heading before it ("3. Classification" ... "4. Response"); one numbered
    below it ("1. Public" under "4. Data Classification") is a list's item, and one right
    under a heading cut ("2 Policy statements" / "2.1 Information classification") stays
    with it."""
    last = ""
    out: list[tuple[int, int]] = []
    headed: dict[int, int] = {}  # where a block cut at a heading starts: where the heading ends
    for start, end in blocks:
        cut, cut_at = start, -1
        lines = list(re.finditer(r"[^\n]+", text[start:end]))
        for at, line in enumerate(lines):
            numbered = _NUMBERED_HEADING.match(line.group())
            if numbered is None:
                continue
            if at == 0:
                last = numbered[1] if _numbered_title(numbered) else last
                continue
            before = lines[at - 1].group()
            after = lines[at + 1].group() if at + 1 < len(lines) else ""
            if cut_at == at - 1 or not _heading_inside(before, line.group(), after, last):
                continue
            out.append((cut, start + lines[at - 1].end()))
            cut, cut_at, last = start + line.start(), at, numbered[1]
            headed[cut] = start + line.end()
        out.append((cut, end))
    return out, headed


def _numbered_title(numbered: re.Match[str]) -> bool:
    """Whether a numbered line's words read as a heading's: few, not ending in a word
    that joins it to a next line ("... training on"), no verb of a rule ("must")."""
    said = numbered.group(2).split()
    return (
        len(said) <= _NUMBERED_HEADING_WORDS
        and said[-1].lower() not in _JOINING_WORDS
        and not any(w.lower() in _RULE_VERBS for w in said)
    )


_JOINING_WORDS = frozenset(
    "a an the and or of to in on for with by at from as that which who is are be".split()
)
_RULE_VERBS = frozenset("must shall should will may is are be can cannot".split())


# A numbered clause opening a section's first line: "3.1 Access to information systems ...".
_CLAUSE_LINE = re.compile(r"^[ \t]*\d{1,2}(?:\.\d{1,2}){1,3}\.?[ \t]+[A-Z]")
# A numbered item of a list: "1. Collect the timeline." (a bullet may open a section).
_NUMBERED_ITEM = re.compile(r"^[ \t]*\d{1,3}[.)][ \t]")


def _follows(last: str, number: str) -> bool:
    """Whether a section number comes next after ``last``: "4" after "3", "3.3" after
    "3.2", "4" after "3.2"; "1" first."""
    if not last:
        return number == "1"  # the first section, under the title and fields
    before, now = last.split("."), number.split(".")
    if len(now) > len(before):
        return now[:-1] == before and now[-1] == "1"
    return now[:-1] == before[: len(now) - 1] and now[-1] == str(int(before[len(now) - 1]) + 1)


def _after(last: str, number: str) -> bool:
    """Whether a section number comes after ``last`` at all ("6" after "4", "4.2" after
    "4"; not "1" after "4")."""
    if not last:
        return True
    return [int(n) for n in number.split(".")] > [int(n) for n in last.split(".")]


def _heading_inside(before: str, line: str, after: str, last: str) -> bool:
    """Whether ``line`` is a numbered heading between the end of a paragraph and the
    start of its section: after a line closed by a full stop when it is numbered after
    the last heading (a number with no dot only next in sequence: "25 Market Street" is
    an address), or after any line when numbered next in sequence; over a line opening
    with a capital, a bullet or a clause number, or at the page's end; no numbered item
    of a list around it, no table's row before it."""
    numbered = _NUMBERED_HEADING.match(line)
    if numbered is None or not _numbered_title(numbered):
        return False
    number = numbered[1]
    in_sequence = _follows(last, number)
    closed = before.rstrip()[-1:] in ".!?" and _after(last, number)
    if not in_sequence and ("." not in line.split()[0] or not closed):
        return False
    if before.split()[-1].lower() in _JOINING_WORDS:
        return False  # "... contractors in" / "3 Regional Offices": a sentence goes on
    opens = not after or after.lstrip()[:1].isupper() or _CLAUSE_LINE.match(after) is not None
    bullet = after.lstrip()[:1] in "\u2022\u25cf\u25aa-*\u2013"
    return (
        (opens or bullet or _list_restarts(number, after, numbered[2]))
        # "1. Do this." / "2. Then that" / "More": a list (unless the next one starts)
        and (not _NUMBERED_ITEM.match(after) or _list_restarts(number, after, numbered[2]))
        and (not _NUMBERED_ITEM.match(before) or _list_restarts(number, after, numbered[2]))
        and not _NEXT_ROW.match(before)  # "2 High 4 hours" / "3 Medium Next business day"
        and not _DATE_LINE.match(line)
        and not _FIGURE_IN_TITLE.search(numbered.group(2))
        and not ("." not in line.split()[0] and _NEXT_ROW.match(after))  # "1 Critical"
    )


def _heading_level(line: str) -> tuple[int, str]:
    """A numbered heading's level and title: "4.2 Patching" is at level 3."""
    numbered = _NUMBERED_HEADING.match(line)
    level = 2 + numbered.group(1).count(".") if numbered else 2
    return level, " ".join(line.split())


def _leading_heading(
    text: str, start: int, end: int, plain: bool = False, capitals: bool = False
) -> tuple[tuple[int, str] | None, int]:
    """A heading at the top of a block (ATX '# Title' or setext 'Title' over
    '===' / '---'; in plain text or a PDF, a numbered line of a few words over the
    lines of its section, not over another numbered item): its (level, title) and
    where the rest of the block starts."""
    block = text[start:end]
    first_line, _, rest = block.partition("\n")
    numbered = _NUMBERED_HEADING.match(first_line) if plain and rest.strip() else None
    if (
        numbered is not None
        and len(numbered.group(2).split()) <= _NUMBERED_HEADING_WORDS
        and (not _ITEM_LINE.match(rest) or _list_restarts(numbered[1], rest, numbered[2]))
        and not rest.lstrip()[:1].islower()  # a wrapped item: "1. All laptops use ...\nwith"
        and not _DATE_LINE.match(first_line)  # "14 February 2026"
        and not _FIGURE_IN_TITLE.search(numbered.group(2))
        and not ("." not in first_line.split()[0] and _NEXT_ROW.match(rest))  # "1 Critical"
        and not _wrapped(first_line, rest)
    ):
        level = 2 + numbered.group(1).count(".")
        title = " ".join(first_line.split())
        return (level, title), strip_span(text, start + len(first_line), end)[0]
    emphasised = _EMPHASISED_HEADING.match(first_line) if not rest.strip() else None
    if emphasised is not None and _names_a_section(emphasised.group(2)):  # "**Revision history**"
        return (_CAPITALS_LEVEL, emphasised.group(2).strip()), end
    if capitals and rest.strip() and _capitals_heading(first_line, rest):
        title = " ".join(first_line.split())  # (below any numbered heading it falls under)
        return (_CAPITALS_LEVEL, title), strip_span(text, start + len(first_line), end)[0]
    atx = _HEADING.match(first_line)
    if atx:
        after = start + len(first_line)
        heading = HEADING_ATTRIBUTES.sub("", atx.group(2)) or atx.group(2)
        return (len(atx.group(1)), heading), strip_span(text, after, end)[0]
    setext = SETEXT_HEADING.match(block)
    if setext and len(setext.group(1).split()) <= 12:
        level = 1 if setext.group(2).startswith("=") else 2
        return (level, setext.group(1).strip()), strip_span(text, start + setext.end(), end)[0]
    return None, start


def _wrapped(line: str, rest: str) -> bool:
    """Whether a line ends only because the text was wrapped there: the lines after it
    go on with a hanging indent, and the next line's first word would not have fitted
    on it within the block's width ("3.2.2 An independent third-party penetration test
    of the Quillmark" / "      Campus application ... is performed"), where a heading
    ends short of it ("3.2 Testing")."""
    lines = rest.rstrip().split("\n")[:-1]  # (a paragraph's last line ends short)
    following = lines[0].split() if lines else []
    hanging = bool(lines) and lines[0][:1] in " \t" and line[:1] not in " \t"
    if not following or not hanging:  # (its lines go on indented under its text)
        return False
    width = max(len(x.rstrip()) for x in lines)  # (a long heading over short lines: none)
    return width - len(following[0]) < len(line.rstrip()) <= width


_FIRST_ITEM = re.compile(r"^[ \t]*1[.)][ \t]")


def _list_restarts(number: str, rest: str, title: str = "") -> bool:
    """Whether the list under a numbered line starts again at 1, as a word processor's
    export numbers each section's items under its numbered heading ("7. Access Reviews"
    over "1. System owners review ..."): the line is no item of that list. Its title is
    a heading's, in title case ("3. Order equipment" over "1. Laptop" / "2. Hardware
    token" is a step and its sub-list)."""
    return (
        number != "1"
        and "." not in number
        and _FIRST_ITEM.match(rest) is not None
        and all(w[:1].isupper() or w.lower() in _JOINING_WORDS for w in title.split())
    )


# A heading in capitals on a line of its own, as plain text saved from a wiki or a word
# processor sets it ("TERMINATION AND TRANSFERS" over its items): a few words, single
# spaces (two or more part a table's cells), no end punctuation.
_CAPITALS_HEADING = re.compile(
    r"^[ \t]*(?=[^\n]*[A-Z]{3})[A-Z][A-Z0-9&/,'()\-]*(?: [A-Z0-9&/,'()\-]+){0,7}[ \t]*$"
)
# A paragraph of a few emphasised words alone, as a word processor's export sets a minor
# heading ("**Revision history**"): a heading, no closing punctuation.
_EMPHASISED_HEADING = re.compile(
    r"^[ \t]*(\*\*|__)((?:\d+(?:\.\d+)*\.?[ \t]+)?[^*_\n.!?;]{2,60}(?<!:))\1[ \t]*$"
)
_HEADING_WORDS = 6


def _names_a_section(words: str) -> bool:
    """Whether a few emphasised words name a section rather than state something ("**All
    laptops are encrypted**" is a statement)."""
    said = words.split()
    if len(said) > _HEADING_WORDS or {w.lower().strip(",") for w in said} & _RULE_VERBS:
        return False
    return not any(w.lower().endswith("ed") or w.lower() in ("all", "every") for w in said)


_PLAIN_TEXT = (".txt", ".text")  # (a PDF's lines in capitals over figures head a table)
# Markings set in capitals over a page or a paragraph, and a call-out's label ("NOTE"),
# which head no section.
_MARKINGS = frozenset(
    "CONFIDENTIAL INTERNAL RESTRICTED DRAFT PROPRIETARY UNCLASSIFIED OFFICIAL SENSITIVE PUBLIC"
    " COMMERCIAL IN CONFIDENCE DO NOT DISTRIBUTE FOR USE ONLY COMPANY STRICTLY NOTE NOTES"
    " IMPORTANT WARNING CAUTION TIP".split()
)
_CAPITALS_LEVEL = 6  # a heading in capitals heads its block's section within any numbered one
_STATEMENT_WORDS = 8  # words of a line that states something without closing punctuation


def _capitals_heading(line: str, rest: str) -> bool:
    """Whether a block's first line is a heading in capitals over the lines of its
    section: no marking ("CONFIDENTIAL", "COMMERCIAL IN CONFIDENCE"), no statement in
    capitals ("ALL STAFF MUST REPORT ...", wrapped onto a next line in capitals), over a
    line that states something (closed by punctuation, or long) or opens a list item
    (a list's "o" bullet opens in lower case); not over a value ("PENETRATION TEST" /
    "Annual, by an external firm") or a table's rows ("TIER RTO RPO" / "Tier 1 4 hours")."""
    if _CAPITALS_HEADING.match(line) is None:
        return False
    said = set(re.findall(r"[A-Z]+", line))
    if said <= _MARKINGS or {w.lower() for w in said} & _RULE_VERBS:  # "ALL STAFF MUST ..."
        return False
    following = rest.lstrip("\n").split("\n", 1)[0].strip()
    if _ITEM_LINE.match(following):
        return True
    if following.upper() == following or following[:1].islower():
        return False
    return following.endswith((".", "!", "?", ":")) or len(following.split()) >= _STATEMENT_WORDS


def _blocks(text: str) -> Iterable[tuple[int, int]]:
    """The paragraphs of the text; a FAQ's question line and a short answer under it
    ("**Do you carry cyber insurance?**", "Yes.") are one: alone, the answer is too
    short to be a passage, and the question answers nothing. So are a control's status
    line and the statement under it ("Status: Planned", "Implementation: ...")."""
    held: tuple[int, int] | None = None
    status = False  # what is held is a control's status line, read with what follows
    under_heading = False  # the paragraph before is a heading
    for start, end in _paragraphs(text):
        paragraph = text[start:end]
        heading = paragraph.lstrip().startswith("#")
        if held is not None:
            joins = (status and not heading) or (
                not status and len(re.findall(r"\w+", paragraph)) < _SHORT_ANSWER_WORDS
            )
            if joins:
                yield held[0], end
                held = None
                under_heading = False
                continue
            yield held
            held = None
        # a status right under a control's heading is its statement's (a status under
        # a statement is that one's, and stays apart from the next control's)
        status = under_heading and bool(STATUS_ALONE.fullmatch(paragraph))
        under_heading = heading
        if status or _FAQ_QUESTION.fullmatch(paragraph):
            held = (start, end)
            continue
        yield start, end
    if held is not None:
        yield held


# A FAQ's question on a line of its own ("**Are you ISO 27001 certified?**"), and how
# short an answer under it stays with it ("Yes.", "Not at this time.").
_FAQ_QUESTION = re.compile(r"(?:\*\*|__)[^\n]{3,200}\?(?:\*\*|__)")
_SHORT_ANSWER_WORDS = 6
# A control's status on a line of its own, as security plans write it: "Status: Partially
# implemented" (under the control's heading, over its "Implementation: ...").
# (the statuses a plan writes, also read by evidence/short_answer.py)
STATUS_VALUES = (
    r"(?:(?:not\s+(?:yet\s+)?|fully\s+|partially\s+|partly\s+)?implemented|planned"
    r"|(?:not\s+)?in\s+place|not\s+started|partially|in\s+progress|complete)"
)
STATUS_ALONE = re.compile(
    r"\**(?:implementation\s+status|control\s+status|status)\**[ \t]*[:|\u2013\u2014-][ \t]*"
    rf"\**[ \t]*{STATUS_VALUES}\**\.?",
    re.I,
)


def _paragraphs(text: str) -> Iterable[tuple[int, int]]:
    position = 0
    for match in [*_BLOCK_BREAK.finditer(text), None]:
        stop = match.start() if match else len(text)
        start, end = strip_span(text, position, stop)
        if end > start:
            yield start, end
        position = match.end() if match else len(text)


def _pieces(text: str, start: int, end: int, max_chars: int) -> Iterable[tuple[int, int]]:
    """Split [start, end) into runs of whole sentences/lines of at most max_chars;
    a single sentence longer than that is cut at the last space before the limit
    (or at the limit itself when there is none), so no passage exceeds max_chars
    however the text is punctuated."""
    if end - start <= max_chars:
        yield start, end
        return
    for run_start, run_end in _sentence_runs(text, start, end, max_chars):
        yield from _cut_at_spaces(text, run_start, run_end, max_chars)


def _sentence_runs(text: str, start: int, end: int, max_chars: int) -> Iterable[tuple[int, int]]:
    """Runs of whole sentences/lines of at most max_chars (a longer sentence alone)."""
    cuts = [span_end for _, span_end in sentence_spans(text, start, end)]
    cuts = cuts or [end]
    piece_start = start
    last_cut = start
    for cut in cuts:
        if cut - piece_start > max_chars and last_cut > piece_start:
            yield strip_span(text, piece_start, last_cut)
            piece_start = last_cut
        last_cut = cut
    if piece_start < end:
        yield strip_span(text, piece_start, end)


_SPACE_BEFORE_LIMIT = re.compile(r"\s(?=\S*$)")


def _cut_at_spaces(text: str, start: int, end: int, max_chars: int) -> Iterable[tuple[int, int]]:
    """[start, end) in pieces of at most max_chars, each cut at its last whitespace."""
    start, end = strip_span(text, start, end)
    while end - start > max_chars:
        window = text[start : start + max_chars + 1]  # a space just past the limit still cuts
        space = _SPACE_BEFORE_LIMIT.search(window)
        cut = start + space.start() if space is not None and space.start() > 0 else start
        if cut <= start:
            cut = start + max_chars
        yield strip_span(text, start, cut)
        start = strip_span(text, cut, end)[0]
    if end > start:
        yield start, end


def passages_problem(doc: Document, chunks: Sequence[Chunk]) -> str | None:
    """Why passages (kept from an earlier build) are not what cutting this document
    gives, or None: each must be the slice of the document's text it claims, in
    order, with the id its text gives and headings the document holds."""
    seen: dict[str, int] = {}
    headings: dict[str, bool] = {}
    previous_end = 0
    for number, chunk in enumerate(chunks, 1):
        where = f"passage {number} ({chunk.chunk_id})"
        if chunk.document != doc.path:
            return f"{where} belongs to {chunk.document}, not {doc.path}"
        if not previous_end <= chunk.start < chunk.end <= len(doc.text):
            return f"{where} claims characters {chunk.start}–{chunk.end}, out of order or range"
        if doc.text[chunk.start : chunk.end] != chunk.text:
            return f"{where} is not the text of {doc.path} at {chunk.start}–{chunk.end}"
        if _chunk_id(doc.path, chunk.text, seen) != chunk.chunk_id:
            return f"{where} has an id its text does not give"
        for part in filter(None, chunk.heading.split(" > ")):
            if headings.setdefault(part, _holds_heading(doc.text, part)) is False:
                return f"{where} has a heading the document does not hold"
        previous_end = chunk.end
    return None


def _holds_heading(text: str, heading: str) -> bool:
    """Whether the text holds a heading as kept, its spacing folded ("4.<TAB>Backup" is
    kept as "4. Backup"); the text is folded only when the heading is not in it as is."""
    return heading in text or " ".join(heading.split()) in " ".join(text.split())


def _chunk_id(path: str, text: str, seen: dict[str, int]) -> str:
    folded = " ".join(text.split())
    digest = hashlib.sha256(f"{path}\n{folded}".encode()).hexdigest()[:16]
    seen[digest] = seen.get(digest, 0) + 1
    return digest if seen[digest] == 1 else f"{digest}-{seen[digest]}"
