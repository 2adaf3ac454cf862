"""The sentences of a passage, as quotable spans: the unit a lead quote is chosen from.

A passage (``Chunk``) is cut into sentences by the one sentence splitter
(``textutil.sentence_spans``, which ends a sentence with its table row), then each
span is cut again where a table cell or a list item of inline HTML ends, and
trimmed of the markup around its words (a list marker, ``**``, ``<li>``,
``</td>``), so that what a reader sees quoted is the sentence itself. A span is
always an exact slice of the passage text: the verifier checks the quote against
the source as it is.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass

from dossier.common.dates import written_date
from dossier.common.textutil import BULLET, aligned_row, numbered_heading, sentence_spans
from dossier.records import Chunk

# Inline HTML that separates one piece of text from the next (table cells, list
# items, line breaks, paragraphs): a sentence never runs across it.
_BLOCK_TAGS = re.compile(
    r"(?:\s*</?(?:li|ul|ol|td|th|tr|table|tbody|thead|p|div|br|h[1-6])\b[^>]*>\s*)+", re.I
)
# What may sit before a sentence's first word or after its last: list markers,
# emphasis, inline tags, table pipes, quote markers.
_LEADING = re.compile(
    rf"^(?:\s|{BULLET}|[>|]"
    r"|\(?[0-9]{1,3}[.)](?=\s)|\(?[a-zA-Z][.)](?=\s)|\*\*|__|<[^>]{1,40}>|&nbsp;"
    r"|\{\{\s*[#^/][^{}]{1,60}\}\}"  # a template's section tag: "{{#hipaa}}"
    # a docs site's call-out marker and kind (MkDocs' "!!! note", a collapsible "??? warning",
    # Docusaurus' ":::tip"): its title, if any, is the text's ("note Any employee who ..."
    # was quoted)
    r"|(?:!!!|\?\?\?\+?|:::)[ \t]*[A-Za-z][\w-]*(?=\s)"
    r"|\\?\[[ xX]?\\?\](?=\s))+"  # a checklist box: "[ ]", "[x]", escaped "\[ \]"
)
_TRAILING = re.compile(r"(?:\s|\*\*|__|\||<[^>]{1,40}>|&nbsp;|\{\{\s*[#^/][^{}]{1,60}\}\})+$")
_MIN_WORDS = 3


@dataclass(frozen=True)
class Sentence:
    """One quotable sentence of a passage: ``chunk.text[start:end] == text``."""

    chunk_id: str
    document: str
    start: int  # offsets into the passage's text
    end: int
    text: str


def passage_sentences(chunk: Chunk) -> tuple[Sentence, ...]:
    """The passage's sentences of at least three words, or a label and its value
    ("Production: quarterly", as a wiki's nested list states a rule), in order."""
    out = []
    for start, end in sentence_spans(chunk.text):
        if numbered_heading(chunk.text, start, end):
            continue  # "4. Selected Controls Tested": a heading, not a sentence
        for a, b in _pieces(chunk.text, start, end):
            text = chunk.text[a:b]
            words = len(re.findall(r"[^\W_]+", text))
            if words >= _MIN_WORDS or (words == 2 and _LABELLED.match(text)):
                out.append(Sentence(chunk.chunk_id, chunk.document, a, b, text))
    return tuple(out)


# A label and its value: "Production: quarterly".
_LABELLED = re.compile(r"^(?:\*\*|__)?[^\W_][\w -]*:(?:\*\*|__)?\s*\S")


def _pieces(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``text[start:end]`` cut at block-level HTML and after a call-out's title line
    (``!!! warning "Report immediately"`` is no part of the sentence below it), and
    trimmed of markup at both ends."""
    spans, position = [], start
    cuts = [(m.start(), m.end()) for m in _BLOCK_TAGS.finditer(text, start, end)]
    cuts += [(m.end(), m.end()) for m in _CALL_OUT_TITLE.finditer(text, start, end)]
    for cut_start, cut_end in sorted(cuts):
        spans.append((position, cut_start))
        position = cut_end
    spans.append((position, end))
    return [span for a, b in spans if (span := _trimmed(text, a, b))[1] > span[0]]


# A call-out's title line: its text begins below it (a title asking a question is
# answered by its text, as a FAQ's is, and is read with it).
_CALL_OUT_TITLE = re.compile(
    r"^[ \t]*(?:!!!|\?\?\?\+?)[ \t]*[A-Za-z][\w-]*[ \t]+\"[^\"\n]*[^?\"\n]\"[ \t]*$", re.M
)
# An emphasised label opening a sentence: "**Info:** ...", "**Note**: ...", "**Account
# lockout.** ...".
_BOLD_LABEL = re.compile(r"(\*\*|__)[^*_\n:]{1,40}(?::\1|\1:|\.\1(?=[ \t]+\S))")


def _trimmed(text: str, start: int, end: int) -> tuple[int, int]:
    piece = text[start:end]
    lead = _LEADING.match(piece)
    a = start + (lead.end() if lead else 0)
    if lead and _BOLD_LABEL.match(text, a - 2, end):
        a -= 2  # "> **Info:** ...": the label's emphasis kept whole, not half
    trail = _TRAILING.search(text[a:end])
    b = a + trail.start() if trail else end
    return a, b


# The dashes underlining the columns of a table set out with spaces, and the gap
# between its cells (``aligned_row``).
_ALIGNED_DELIMITER = re.compile(r"^\s*-{2,}(?:[ \t]+-{2,})+\s*$")
_ALIGNED_GAP = re.compile(r" {2,}|\t+")
# A table's header row as a wiki's markup writes it (Confluence, Jira): "||Tier||RTO||";
# its rows below are "|Tier 1|4 hours|", with no delimiter row between.
_WIKI_HEADER = re.compile(r"^\s*\|\|.*\|\|\s*$")
_DELIMITER_ROW = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(?:\|\s*:?-{2,}:?\s*)*\|?\s*$")


def table_header(text: str, start: int) -> tuple[str, ...]:
    """The header cells of the Markdown table whose row starts at ``start`` in ``text``
    (("Severity", "CVSS score", "Remediation deadline") for "High | 7.0-8.9 | 30
    days"), or () when the sentence is no table row, or is the header itself. A row's
    cells mean what their column headers say: "30 days" is a remediation deadline."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    if "|" not in line:
        return _aligned_header(text[:line_start], line)
    lines = text[:line_start].split("\n")[:-1]  # the lines above, last nearest
    block: list[str] = []
    for above in reversed(lines):
        if "|" not in above:
            break
        block.insert(0, above)
    if block and _WIKI_HEADER.match(block[0]) and not _WIKI_HEADER.match(line):
        return table_cells(block[0])  # a wiki's table: "||Tier||RTO||" over "|Tier 1|4 hours|"
    if len(block) < 2 or not _DELIMITER_ROW.match(block[1]):
        return ()
    return table_cells(block[0])


def _aligned_header(above: str, line: str) -> tuple[str, ...]:
    """The header cells of a table set out with spaces whose row is ``line``, from the
    text ``above`` it: the line over the dashes that underline the columns ("Tier
    Systems  RPO  RTO" over "------  -------  ---  ---"), across the rows between. A
    line whose words cross the columns' gaps is no row ("Tier 2 data is replicated.
    Backups are tested quarterly." under such a table is prose)."""
    found = _aligned_table(above, line)
    return found[0] if found is not None else ()


def aligned_cells(text: str, start: int) -> tuple[str, ...]:
    """The cells of the row at ``start`` of a table set out with spaces and underlined
    with dashes, cut at the columns the dashes mark (an empty cell stays empty, in its
    column: "2     Email          8 hours" under "Tier  Systems  RPO  RTO" has no RPO);
    () when the line is no such row."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    found = _aligned_table(text[:line_start], line)
    if found is None:
        return ()
    spans = found[1]
    if spans is None:  # a table set out with tabs: a tab parts each cell
        return _tabbed(line)
    return tuple(
        " ".join(line[a : spans[i + 1][0] if i + 1 < len(spans) else len(line)].split())
        for i, (a, _) in enumerate(spans)
    )


def _aligned_table(
    above: str, line: str
) -> tuple[tuple[str, ...], list[tuple[int, int]] | None] | None:
    """The header cells and the dashes' column spans of the table set out with spaces
    whose row is ``line`` (``above``: the text before it), or of one set out with tabs
    (``_tabbed_header``; no spans: a tab parts its cells), or None."""
    if "|" in line or not aligned_row(line):
        return None
    lines = above.split("\n")[:-1]
    for at in range(len(lines) - 1, 0, -1):
        if _ALIGNED_DELIMITER.match(lines[at]):
            spans = [m.span() for m in re.finditer(r"-+", lines[at])]
            header = lines[at - 1]
            if not aligned_row(header) or not _fits(line, spans):
                return None
            return table_cells(header), spans
        if not aligned_row(lines[at]):
            break
    tabbed = _tabbed_header(lines, line)
    return (tabbed, None) if tabbed else None


def _tabbed_header(above: list[str], line: str) -> tuple[str, ...]:
    """The header cells of a table set out with tabs, as a word processor's table
    exports to plain text ("Service tier<TAB>Services<TAB>RTO<TAB>RPO" over "Tier
    1<TAB>Platform<TAB>4 hours<TAB>15 minutes"): the first of the lines right above
    ``line`` with as many tab-parted cells, three or more; () when ``line`` is no such
    row or is the header itself."""
    width = _tab_cells(line)
    if width < _TABBED_WIDTH:
        return ()
    block = list(itertools.takewhile(lambda a: _tab_cells(a) == width, reversed(above)))
    return _tabbed(block[-1]) if block else ()


def _tabbed(line: str) -> tuple[str, ...]:
    return tuple(" ".join(cell.split()) for cell in line.rstrip().split("\t"))


def _tab_cells(line: str) -> int:
    """How many cells tabs part the line into (0: none; a first cell empty or a clause's
    number, as "5.1<TAB>Password length<TAB>Passwords must ..." sets a clause with its
    run-in heading)."""
    cells = line.rstrip().split("\t")
    first = cells[0].strip()
    if len(cells) < 2 or not first or _CLAUSE_NUMBER.fullmatch(first):
        return 0
    return len(cells)


_CLAUSE_NUMBER = re.compile(r"\d{1,2}(?:\.\d{1,2}){1,3}\.?|\d{1,2}\.")  # "5.1", "4." (not "1")


_TABBED_WIDTH = 3  # two cells a tab parts are a label and its value ("Version<TAB>3.0")


def _fits(line: str, spans: list[tuple[int, int]]) -> bool:
    """Whether the line's words keep out of the gaps between the columns' dashes."""
    gaps = [(end, following) for (_, end), (following, _) in itertools.pairwise(spans)]
    return all(not line[a:b].strip() for a, b in gaps)


def table_lead_in(text: str, start: int) -> str:
    """The paragraph ending with a colon right above the Markdown table whose row starts
    at ``start`` ("Vulnerabilities must be remediated within these periods from
    discovery:" for "Critical (9.0-10.0) | 7 days"), or "" when the sentence is no
    table row or its table has none."""
    if not table_header(text, start):
        return ""
    lines = text[: text.rfind("\n", 0, start) + 1].split("\n")[:-1]
    while lines and "|" in lines[-1]:
        lines.pop()  # the table's rows above, its header and delimiter
    while lines and not lines[-1].strip():
        lines.pop()
    paragraph: list[str] = []
    while lines and lines[-1].strip():
        paragraph.insert(0, lines.pop().strip())
    lead_in = " ".join(paragraph)
    return lead_in if lead_in.endswith(":") else ""


def is_table_header(text: str, start: int) -> bool:
    """Whether the line at ``start`` in ``text`` is a Markdown table's header row (the
    line after it is the delimiter row): it names the columns and states nothing."""
    line_end = text.find("\n", start)
    if line_end < 0:
        return False
    line = text[text.rfind("\n", 0, start) + 1 : line_end]
    following = text[line_end + 1 :].split("\n", 1)[0]
    if "|" not in line:
        above = text[: text.rfind("\n", 0, start) + 1].split("\n")[:-1]
        tabbed = _tab_cells(line) >= _TABBED_WIDTH and _tab_cells(following) == _tab_cells(line)
        return aligned_row(line) and (
            _ALIGNED_DELIMITER.match(following) is not None
            or (tabbed and not (above and _tab_cells(above[-1]) == _tab_cells(line)))
        )
    return _DELIMITER_ROW.match(following) is not None or _WIKI_HEADER.match(line) is not None


def table_cells(row: str) -> tuple[str, ...]:
    """The cells of a Markdown table row, outer pipes aside, or of a row set out with
    spaces (``aligned_row``), each with its spacing folded."""
    if "|" not in row and aligned_row(row):
        return tuple(" ".join(cell.split()) for cell in _ALIGNED_GAP.split(row.strip()))
    inner = row.strip()
    if _WIKI_HEADER.match(inner):
        return tuple(" ".join(cell.split()) for cell in inner.strip("|").split("||"))
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") else inner
    return tuple(" ".join(cell.split()) for cell in inner.split("|"))


_LIST_ITEM = re.compile(rf"^\s*(?:{BULLET}|\d{{1,2}}[.)])\s")


def is_list_item(text: str, start: int) -> bool:
    """Whether the sentence starting at ``start`` is on a line that opens a list item."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    return bool(_LIST_ITEM.match(text[line_start : line_end if line_end >= 0 else len(text)]))


def list_lead_in(text: str, start: int) -> str:
    """The line ending with a colon that introduces the list whose item starts at
    ``start`` ("Findings must be remediated within the following periods:" for "-
    High: 15 days"), or the item a nested item sits under ("Access reviews:" for "
    - Production: quarterly" indented below it), or "" when the sentence is no list
    item or the list has none."""
    if not is_list_item(text, start):
        return ""
    line_start = text.rfind("\n", 0, start) + 1
    indent = _indent(text[line_start:start])
    for above in reversed(text[:line_start].split("\n")[:-1]):
        if not above.strip():
            continue
        if _LIST_ITEM.match(above):
            if _indent(above) < indent:  # the item it is nested under: "- Access reviews:"
                return _LIST_ITEM.sub("", above, count=1).strip()
            continue
        return above.strip() if above.rstrip().endswith(":") else ""
    return ""


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip(" \t"))


_MARKUP_AROUND = re.compile(r"^(?:\s|[#>*_]|\bQ\s*[:.)])+|(?:\s|[*_])+$")
# A section of definitions (its own heading, numbering aside) or a glossary: what its
# sentences say is what a word means, not what the organisation does ("Data loss
# prevention (DLP): Technology that ..."). "Data classification definitions" is no such
# section: its levels are the organisation's own.
_DEFINITIONS_HEADING = re.compile(
    r"(?:(?:\u00a7|section|clause|part)?\s*(?-i:[\dA-Z]{0,2})(?:\.\d+)*\.?\s*[-\u2013:]?\s*)?"
    r"(?:(?:key\s+)?terms(?:\s+(?:and|&)\s+definitions)?"
    r"|definitions?(?:\s+(?:and|&)\s+(?:abbreviations|acronyms|terms))?|glossary(?:\s+of\s+terms)?"
    r"|terminology|abbreviations(?:\s+(?:and|&)\s+acronyms)?|acronyms)",
    re.I,
)
_GLOSSARY = re.compile(r"\bglossary\b", re.I)


def is_question(sentence: str) -> bool:
    """Whether a sentence asks rather than states ("**Are you ISO 27001 certified?**"):
    a FAQ's question line says nothing of what the organisation does."""
    return _MARKUP_AROUND.sub("", sentence).endswith("?")


def about_definitions(title: str, heading: str) -> bool:
    """Whether a passage defines words: its document is a glossary, or its own section
    (the last of ``heading``'s " > "-joined headings) is one of definitions."""
    section = heading.rsplit(" > ", 1)[-1].strip()
    return bool(_GLOSSARY.search(title)) or bool(_DEFINITIONS_HEADING.fullmatch(section))


def faq_question(text: str, start: int) -> str:
    """The question a FAQ's answer paragraph answers: the one-line paragraph asking it
    right above the paragraph holding ``start`` ("Can I bring my own encryption key?"
    for "Not at this time."), or a marked-up question line above it in its own
    paragraph ("**Do you sell our data?**" over "No. We don't sell customer data.", the
    nearest when there are several), stripped of its markup; "" when there is none. The
    answer means what it says under its question, as a table row under its headers."""
    lines = text[: text.rfind("\n", 0, start) + 1].split("\n")[:-1]
    above = []
    while lines and lines[-1].strip():
        above.append(lines.pop())  # the answer paragraph's lines above the sentence
    asking = next((line for line in above if _asks(line) and _marked_up(line)), None)
    if asking is not None:  # "**Q?**" over its answer, no blank line: the nearest one
        return _MARKUP_AROUND.sub("", asking)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines or (len(lines) > 1 and lines[-2].strip()):
        return ""  # no paragraph above, or one of several lines
    return _MARKUP_AROUND.sub("", lines[-1]) if _asks(lines[-1]) else ""


def _marked_up(line: str) -> bool:
    """Whether a line is set off by markup ("**...**", "Q: ..."), as a FAQ's question is."""
    return _MARKUP_AROUND.sub("", line) != line.strip()


def _asks(line: str) -> bool:
    """Whether a line is a question, markup aside, and no table row."""
    return _MARKUP_AROUND.sub("", line).endswith("?") and "|" not in line


# A document's path in a cell: "Suppliers | policies/third-party-risk.md" is a row of a
# map of the documents, which says where something is written, not what.
_PATH_CELL = re.compile(r"^[\w./-]+\.(?:md|markdown|txt|pdf|docx?|xlsx?|html?)$", re.I)


def only_links(sentence: str) -> bool:
    """Whether a sentence is nothing but links ("- [Data Protection Impact
    Assessment](https://.../dpia)", "See also: [Access policy](access.md)"): a link
    list names documents; it asserts nothing about what is done."""
    return bool(_LINK.search(sentence)) and not _WORDS_BESIDE.search(_LINK.sub(" ", sentence))


# A list's lead-in naming other documents: "Related pages:", "See also:", "References:".
_REFERENCES_LEAD_IN = re.compile(
    r"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:related(?:\s+(?:pages?|documents?|documentation|links?"
    r"|policies|procedures|standards|articles))?|see\s+also|references|further\s+reading"
    r"|useful\s+links|links|supporting\s+documents|associated\s+documents"
    r"|referenced\s+documents)\W*:\W*$",
    re.I,
)


def a_reference(text: str, start: int, heading: str = "") -> bool:
    """Whether the sentence at ``start`` is an item of a list of other documents ("
    * Incident Response Plan" under "Related pages:", or under a section headed
    "Related documents"): it names a page, it says nothing done (it answered "Do you
    have a documented incident response plan?")."""
    if _REFERENCES_LEAD_IN.match(list_lead_in(text, start)):
        return True
    section = heading.rsplit(" > ", 1)[-1]
    return (
        bool(section)
        and _REFERENCES_LEAD_IN.match(f"{section}:") is not None
        and _item_naming_a_document(text, start)
    )


def _item_naming_a_document(text: str, start: int) -> bool:
    """Whether the line holding ``start`` is an item of a list that only names
    something, with no verb ("* Information Security Policy"; not "- Two professional
    references are obtained for every new hire." under "References")."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    item = re.match(r"\s*(?:[-*+\u2022]|\d+[.)])\s+(?P<item>.*)$", line)
    return item is not None and _VERB.search(item["item"]) is None


_VERB = re.compile(
    r"\b(?:is|are|was|were|be|been|being|must|shall|should|will|may|can|could|has|have|had"
    r"|do|does|did)\b",
    re.I,
)


# A document's change log: "Revision History", "## Version history", "Document Change
# Record", "Changelog".
_REVISIONS_HEADING = re.compile(
    r"^[#*_\s]*(?:\d+(?:\.\d+)*\.?\s+)?(?:document\s+)?(?:(?:revision|version|change"
    r"|amendment|modification)\s+(?:history|log|record)s?|change\s?log|revisions"
    r"|(?<=document\s)history)"
    r"[*_:\s]*$",
    re.I,
)


# A table of what words mean: "Abbreviation | Expansion", "Term | Definition",
# "Acronym | Meaning" (in a PDF, the heading above such a table is often no heading).
_WORD_COLUMN = re.compile(r"(?:abbreviations?|acronyms?|short\s+forms?|terms?|words?)", re.I)
_MEANING_COLUMN = re.compile(
    r"(?:expansions?|meanings?|definitions?|full\s+(?:forms?|names?)|stands\s+for)", re.I
)
# ... a description only of a short form ("Term | Description" lists a contract's terms)
_SHORT_FORM_COLUMN = re.compile(r"(?:abbreviations?|acronyms?|short\s+forms?)", re.I)
_DESCRIBED = re.compile(r"(?:descriptions?|explanations?)", re.I)


def in_glossary_table(text: str, start: int) -> bool:
    """Whether the sentence at ``start`` is a row of a table of abbreviations or terms
    (``_WORD_COLUMN`` over ``_MEANING_COLUMN``): "DRP | Disaster Recovery Plan" says
    what a word means, not that the organisation has the plan."""
    header = table_header(text, start)
    if len(header) < 2:
        return False
    word, meaning = header[0].strip(" *_"), header[1].strip(" *_")
    if _SHORT_FORM_COLUMN.fullmatch(word) and _DESCRIBED.fullmatch(meaning):
        return True  # "Acronym | Description"
    return bool(_WORD_COLUMN.fullmatch(word)) and bool(_MEANING_COLUMN.fullmatch(meaning))


# A section marked as not (yet) in force: "Appendix C – Proposed Changes (DRAFT – not
# approved)", "Proposed amendments", "Draft for consultation".
# (marks: "DRAFT", "(Draft)", "- not approved", "(proposed)"; not a heading about drafts,
# "4.3 Draft documents", nor a change process's "2. Proposed Changes")
_MARKED = r"[(\[\u2013\u2014-]\s*(?i:draft|proposed|not\s+(?:yet\s+)?(?:approved|adopted))\b"
_NOT_IN_FORCE_MARK = re.compile(
    rf"\bDRAFT\b|{_MARKED}"
    r"|(?i:\bnot\s+(?:yet\s+)?(?:approved|adopted|in\s+force|in\s+effect)|\bfor\s+consultation)\b"
)
# ... as a heading glued to a PDF sentence's first line shows it: a mark only
_GLUED_MARK = re.compile(rf"\bDRAFT\b|{_MARKED}")
_HEADING_LINE_END = re.compile(r"[.!?:;]\W*$")


def under_a_draft_heading(sentence: str, heading: str) -> bool:
    """Whether the sentence falls under a section marked as not in force
    (``_NOT_IN_FORCE_MARK``): its own heading, or the heading line a PDF glues to its
    first line ("Appendix C – Proposed Changes (DRAFT – not approved)\nC.1 The IT Steering
    Committee has proposed reducing the Tier 0 RTO to 2 hours"). What a section not in
    force proposes is not what is done."""
    section = heading.rsplit(" > ", 1)[-1]
    if _NOT_IN_FORCE_MARK.search(section):
        return True
    first, newline, _ = sentence.partition("\n")
    return bool(newline) and not _HEADING_LINE_END.search(first) and bool(_GLUED_MARK.search(first))


def a_dated_record(sentence: str) -> bool:
    """Whether a table row opens with a date ("April 12, 2023 | SIS restore | Completed in
    41 hours; RTO met"): a record of something done that day (a test's, a change's), not
    a rule stating the period asked."""
    if "|" not in sentence:
        return False
    first = table_cells(sentence)[0]
    return written_date(first) is not None


def in_revision_history(text: str, start: int, heading: str = "") -> bool:
    """Whether the sentence at ``start`` is a row of a document's change log (a table
    under "Revision History", in its passage or as the heading it falls under): "2.3
    01/28/2025 D. Reyes Password length raised to 14; removed 90-day rotation" says what
    a past version changed, not what is done now."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", start)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    under = heading.rsplit(" > ", 1)[-1]
    if under and _REVISIONS_HEADING.match(under) and _VERSION_ITEM.match(line):
        return True  # "- 3.0 (2023-09-01): privileged access review changed to monthly."
    if under and _REVISIONS_HEADING.match(under) and _history_line(line):
        cells = table_cells(line) if "|" in line else ()
        return bool(cells) and _VERSION_CELL.match(cells[0]) is not None  # "| 3.1 | 2025-..."
    if _REVISIONS_HEADING.match(line) and line_end >= 0:  # a PDF's log run into its heading
        below = next((a for a in text[line_end + 1 :].split("\n") if a.strip()), "")
        return _history_line(below)
    if not _history_line(line):
        return False
    for line in reversed(text[:line_start].split("\n")):
        if line.strip() and not _history_line(line):
            return bool(_REVISIONS_HEADING.match(line))
    return False


# A change log's first cell: a version or a date ("3.1", "v2.0", "2025-01-15").
_VERSION_CELL = re.compile(
    r"^(?:v(?:ersion)?\s*)?\d+(?:\.\d+){0,2}$|^\d{4}-\d{2}-\d{2}$|^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$",
    re.I,
)


def _table_line(line: str) -> bool:
    return "|" in line or "\t" in line.strip() or aligned_row(line)


def _history_line(line: str) -> bool:
    """A table's line, or a change log's as a PDF's text gives it, its cells run
    together: "1.3 March 2022 Critical patch deadline reduced ...", "Version Date Changes"."""
    return _table_line(line) or bool(_VERSION_ROW.match(line) or _HISTORY_HEADER.match(line))


_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?"
# A change log's row: a version, then a date ("1.3 March 2022 ...", "v2.0 12/03/2024 ...").
_VERSION_ROW = re.compile(
    r"^\s*v?\d+(?:\.\d+){1,2}\s+(?:\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}|\d{4}-\d{2}-\d{2}"
    rf"|(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?{_MONTH}\s+\d{{4}})\b",
    re.I,
)
# A change log's list item: a version or a date first ("- 3.0 (2023-09-01): ...", "* v2.1 -
# ...", "- 2023-09-01: ...").
# (not a clause numbered under a heading "Change log": "- 4.2 - Emergency changes are
# reviewed by the CAB ...": a version's item carries its date)
_ITEM_DATE = r"(?:\d{4}-\d{2}-\d{2}|\d{1,2}[/.]\d{1,2}[/.]\d{2,4})"
_VERSION_ITEM = re.compile(
    rf"^\s*[-*+\u2022]\s+(?:(?:v(?:ersion)?\s*)?\d+(?:\.\d+){{1,2}}\s*[(,:\u2013\u2014-]?\s*{_ITEM_DATE}"
    rf"|{_ITEM_DATE}\s*[(:\u2013\u2014-])",
    re.I,
)
# Its column headers: "Version Date Changes", "Version | Date | Author | Description".
_HISTORY_HEADER = re.compile(
    r"^\s*(?:version|rev(?:ision)?\.?|issue)\s+(?:no\.?\s+)?date\s+(?:\w+\s*){0,3}$", re.I
)


# A policy template's note to whoever fills it in, left in the published text: "*Guidance:
# Describe why the organisation needs ... Delete this guidance before publishing.*",
# "[Guidance: Describe how log integrity is protected.]", "Drafting note: ...".
_TEMPLATE_GUIDANCE = re.compile(
    # in italics (one mark) or brackets: "*Guidance: ...", "- _Guidance:_ ...", "[Guidance: ...]"
    r"[ \t>*-]*(?:(?<!\*)\*(?!\*)|(?<!_)_(?!_)|\[|\()[ \t]*(?:template[ \t]+)?guidance"
    r"(?:[ \t]+notes?)?[ \t]*[*_]?[ \t]*:"
    # a note to whoever fills the template in, however written
    r"|[ \t>*_\[(-]*(?:drafting[ \t]+notes?|note[ \t]+to[ \t]+(?:the[ \t]+)?(?:template[ \t]+users?"
    r"|(?:template[ \t]+)?(?:authors?|editors?|drafters?)))[ \t]*[*_]*[ \t]*:"
    # plain "Guidance:" or "Guidance note -", then what only an author is told to do
    r"|[ \t>-]*guidance(?:[ \t]+notes?)?[ \t]*(?::|[ \t][\u2013\u2014-][ \t])[ \t]*"
    r"(?:describe|insert|replace|delete|reference|specify|tailor|customi[sz]e|list)\b",
    re.I,
)


def template_guidance(text: str, start: int) -> bool:
    """Whether the sentence at ``start`` is on a line of a template's guidance to the
    one filling it in (``_TEMPLATE_GUIDANCE``): it instructs, it states nothing done."""
    line_start = text.rfind("\n", 0, start) + 1
    return _TEMPLATE_GUIDANCE.match(text, line_start) is not None


# A sentence telling the reader where to send a question ("For encryption at rest, send
# the question to Security.", "Please route insurance questions to Legal."): it answers
# nothing, it says who would. ("Send privacy questions to our Data Protection Officer"
# states a practice: it names who handles them.)
_ROUTES_A_QUESTION = re.compile(
    r"^\W*(?:(?:for|on|about|regarding|with)\b[^.;:]{0,80},\s*)?"
    r"(?:please\s+(?:send|route|refer|forward|direct|pass|escalate|redirect)\s+"
    r"(?:(?:the|this|that|these|those|such|any|all|your|their|other)\s+)?(?:[\w-]+\s+){0,2}"
    r"|(?:send|route|refer|forward|direct|pass|escalate|redirect)\s+"
    r"(?:the|this|that|these|those|such|any\s+such)\s+)"
    r"(?:questions?|inquir(?:y|ies)|enquir(?:y|ies)|quer(?:y|ies))\s+(?:on\s+)?to\b"
    r"(?![^;]*(?:;|,\s*(?:and|where|which)\b))",  # nothing said after it ("; we respond ...")
    re.I,
)


def routes_a_question(sentence: str) -> bool:
    """Whether the sentence only tells the reader where to send a question (a sales
    FAQ's "For encryption at rest, send the question to Security."): it states no
    practice, and answered "Yes" to whether databases are encrypted at rest."""
    return _ROUTES_A_QUESTION.match(sentence) is not None


# A wiki page's byline: "Created by Priya Raman, last modified by Dana Whitfield on Jun
# 18, 2024", "Created by Jo Barker (Service Desk Team Lead), last edited 4 November 2025".
_BYLINE = re.compile(
    r"^\W*(?:created|written|authored)\s+by\s+[^,;.]{1,80}?,?\s+"
    r"(?:(?:and\s+)?last\s+(?:modified|edited|updated)|(?:modified|edited|updated)\s+on\b)"
    r"[^;]{0,80}$",
    re.I,
)


def byline(sentence: str) -> bool:
    """Whether a line is a wiki page's byline (who created it and who last changed it,
    or when): it says who wrote the page, nothing done ("modified" in it answered whose
    access is modified when people move). "Written by the ISO and approved by the
    Executive Committee" is no byline: it states an approval."""
    return _BYLINE.match(" ".join(sentence.split())) is not None


# A wiki's breadcrumb trail: "Security / Policies / Bug Fix Timelines", "Home > IT >
# Laptops", "Home › Information Security › Passwords": three or more short names, each
# capitalised, no sentence.
_CRUMB_SEPARATOR = re.compile(r"\s+[/>»›→]\s+")
_CRUMB = re.compile(r"^[A-Z0-9][\w&'()-]*(?:\s+(?:&\s+)?[\w&'()-]+){0,4}$")  # ("&" no word)
# ... a page's name after arrows may be longer ("... > Business Continuity and Disaster
# Recovery Plan"); after slashes a longer one is a statement's ("AWS / Azure / GCP
# workloads are backed up daily").
_ARROWED_CRUMB = re.compile(r"^[A-Z0-9][\w&'()-]*(?:\s+(?:&\s+)?[\w&'()-]+){0,6}$")


def breadcrumb(sentence: str) -> bool:
    """Whether a line is a wiki export's breadcrumb trail, which places a page and
    says nothing done (it was quoted as the evidence of a policy)."""
    trail = " ".join(sentence.split()).strip("*_ ")
    names = _CRUMB_SEPARATOR.split(trail)
    crumb = _CRUMB if "/" in trail else _ARROWED_CRUMB
    return len(names) >= 3 and all(crumb.match(name) for name in names)


def points_elsewhere(sentence: str) -> bool:
    """Whether a table row names a document's path in one of its cells."""
    if "|" not in sentence:
        return False
    return any(_PATH_CELL.match(cell.strip("`* ")) for cell in table_cells(sentence))


_LINK = re.compile(r"!?\[[^\]]*\]\([^)]*\)|<(?:https?|mailto):[^>]+>|\bhttps?://\S+")
# A word beside the links that says something (list markers, "see", "and" say nothing).
_WORDS_BESIDE = re.compile(r"\b(?!(?:see|also|and|or|the|here|links?|more)\b)[A-Za-z]{2,}", re.I)


# A table of contents' entry: a heading's number and name, a dot leader, perhaps the page
# ("4.2 Multi-factor authentication ........ 7", "3 Reporting an incident\u2026\u2026"). The
# leader closes the line, before the page if any: "Critical ..... 7 days" is a value.
_PAGE_AT_END = re.compile(r"\s*\d{1,3}\s*$")
_LEADER_AT_END = re.compile(r"(?:\.\s?){5,}$|\u2026{2,}$")
_SHORT_LEADER_AT_END = re.compile(r"(?:\s?\.){3,}$")
_LEADER_TAIL = 40  # characters of a line's end read for its leader (a long run reads fast)


def contents_entry(sentence: str) -> bool:
    """Whether a line is an entry of a table of contents (a PDF's contents page): it names
    a section, it states nothing (one was the lead quote of a breach-reporting answer,
    before the section it points to)."""
    text = sentence.rstrip()
    page = _PAGE_AT_END.search(text[-_LEADER_TAIL:])
    if page is not None:
        text = text[: len(text) - len(page.group(0))].rstrip()
    tail = text[-_LEADER_TAIL:]
    if page is not None and _SHORT_LEADER_AT_END.search(tail):
        return True
    return _LEADER_AT_END.search(tail) is not None


# A sentence taking back the value it states: "Note: earlier versions of this FAQ quoted a
# recovery time objective of 24 hours; that figure has been superseded."
_WITHDRAWN_VALUE = re.compile(
    r"\b(?:that|this|the|these|those)\s+(?:figures?|targets?|numbers?|periods?)\s+"
    r"(?:has|have|was|were|is|are)\s+(?:now\s+)?(?:been\s+)?(?:superseded|withdrawn|replaced"
    r"|retired|rescinded|no\s+longer\s+(?:current|in\s+force|applicable))\b"
    r"|\b(?:earlier|previous|older|prior)\s+(?:versions?|editions?|releases?)\s+of\s+"
    r"(?:this|the|our)\b[^.;]{0,80}\b(?:quoted|stated|gave|listed|said)\b",
    re.I,
)


def withdraws_its_value(sentence: str) -> bool:
    """Whether a sentence says a value it states is no longer the one in force ("that
    figure has been superseded", "Earlier versions of this standard stated ..."): it may
    answer whether a thing changed, never what the value is. (The value now in force,
    if the sentence goes on to it, is read from another sentence or not at all: a
    withdrawn figure is never the answer. "The values are no longer valid" of expired
    codes withdraws nothing.)"""
    return _WITHDRAWN_VALUE.search(sentence) is not None
