"""Dates a document states about itself near its start ("Effective date: 12 March
2025", "| Last reviewed | 2024-06-01 |", "Approved by the Board, February 2026"),
read once for the document's effective date (ingest) and for the date its evidence
was in effect (freshness)."""

from __future__ import annotations

import datetime as dt
import re

from dossier.common.textutil import us_spelling

_MONTH_NAMES = (
    "january february march april may june july august september october november december"
)
_MONTHS = {name: number for number, name in enumerate(_MONTH_NAMES.split(), start=1)}
_MONTHS_SHORT = {name[:3]: number for name, number in _MONTHS.items()} | {"sept": 9}
_MONTH_WORD = (
    r"(?:january|february|march|april|may|june|july|august|september|october|november"
    r"|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec)"
)
# A date the document states about itself near its start, e.g. "Report date: May 20, 2025",
# a Notion page's "Last edited time: March 4, 2025 10:12 AM",
# "Effective date: 20 June 2024", "| Last reviewed | 2024-06-01 |" (a metadata table), or
# "**Effective:** 1 April 2026", "Effective March 1, 2024", "| Date approved | 17 June
# 2025 |". Not "Review date" (templates
# use it for the next review as often as the last), nor any date after "next" or "due": a
# review still to come is an obligation, not evidence.
_A_DATE = (
    r"(?:(?P<iso>\d{4}-\d{2}-\d{2})"
    # year first with slashes or dots, as Japanese, Chinese and Korean documents write it
    # ("2024/04/01", "2024.04.01")
    r"|\b(?P<ymd_year>\d{4})(?P<ymd_sep>[/.])(?P<ymd_month>\d{1,2})(?P=ymd_sep)(?P<ymd_day>\d{1,2})\b"
    r"|\b(?P<month>[A-Z][a-z]+)\.?\s+(?P<day>\d{1,2})(?:st|nd|rd|th)?,?\s+(?P<year>\d{4})"
    # (a register's "01-Apr-2024" too)
    r"|(?P<day2>\d{1,2})(?:st|nd|rd|th)?(?:\s+|-)(?P<month2>[A-Z][a-z]+)\.?,?(?:\s+|-)"
    r"(?P<year2>\d{4})"
    # a month alone on an approval line ("..., February 2026"): dated its first day
    rf"|\b(?P<month3>{_MONTH_WORD})\.?,?\s+(?P<year3>\d{{4}})\b"
    # in figures: "12/03/2024", "12.03.2024", "20-02-2024" (``_numeric_date``)
    r"|(?P<first>\d{1,2})(?P<sep>[/.-])(?P<second>\d{1,2})(?P=sep)(?P<year4>\d{4})\b"
    # a month in figures and its year, as policy tools write a field ("Effective 02/2024"):
    # dated its first day
    r"|\b(?P<month5>0?[1-9]|1[0-2])/(?P<year5>\d{4})\b)"
)
_STATED_DATE = re.compile(
    r"(?<!next\s)(?<!due\s)\b(?:(?:report|summary|reviewed|last\s+review|issue|issued|effective"
    r"|publication|approval|meeting)\s+date|date\s+of\s+(?:the\s+)?meeting"
    r"|last\s+(?:reviewed|updated|revised|edited|modified|approved|verified|checked)(?:\s+time)?(?:\s+on)?"
    # a wiki's "Created by ..., last updated by Ravi Menon on 22 August 2024", a page's
    # "Updated: ...", above its first section (a bare "Date" is too often a table's
    # column: a test history's, a next review's)
    r"|(?P<opening>(?:(?<=,\s)|(?<=\A)|(?<=\n))last\s+(?:updated|modified|edited)\s+by\s+"
    r"[^\n\d]{1,60}?\s+on"
    r"|(?:(?<=\A)|(?<=\n)|(?<=\u00b7\s)|(?<=\*))(?:page\s+)?updated(?=[*\s]*:))"
    # the name first, as Word templates put it: "Date approved", "Date of issue"
    r"|date\s+(?:approved|issued|published|effective|ratified)|ratification\s+date"
    r"|date\s+of\s+(?:approval|issue|publication|effect|last\s+review)"
    # (a German register's "Valid from | 20.02.2025": "gültig ab")
    r"|(?:effective(?:\s+from)?|valid\s+from|(?<!be\s)reviewed|(?<!be\s)revised|revision\s+date"
    r"|date\s+revised|(?:(?<=\A)|(?<=\n))[ \t*_]*(?:released|stand))"  # (German "Stand": as of)
    r"(?=[*\s]*[:|])"
    # the document's own entry into force: "This agreement enters into force on 01.08.2022"
    # (not a law's: "The UK GDPR came into force on 1 January 2021")
    rf"|(?<=this\s)(?:agreement|policy|guideline|standard|procedure|document|plan|regulation"
    rf"|directive|instruction)\s+(?:enters|entered|comes|came|shall\s+enter|will\s+enter)"
    rf"\s+into\s+force(?:\s+(?:on|from|as\s+of))?(?=\s+(?:\d|{_MONTH_WORD}\b))"
    # its own approval in words: "This procedure was approved by the Directie on 11
    # December 2023"
    rf"|(?<=this\s)(?:policy|guideline|standard|procedure|document|plan|programme|program)"
    rf"\s+(?:was|has\s+been|is)\s+approved\s+by\s+[^\n\d]{{1,60}}?\s+on(?=\s+(?:\d|{_MONTH_WORD}\b))"
    # "Version 4.1 | Effective March 1, 2024", "effective 1 March 2026", "effective from ..."
    rf"|effective(?:\s+(?:on|from|as\s+of))?(?=\s+(?:\d|{_MONTH_WORD}\b))"
    # an approval line: "Approved by: Executive Leadership Team, 14 February 2026",
    # "Approved on 3 May 2025", "Owner: COO. Approved by the Board, February 2026." (its
    # name may wrap, as a PDF's line does: "... | Approved by\nEmployment Committee, ...";
    # never onto a line of another field: "Approved by: ELT\nNext review: 1 June 2026",
    # "Approved By\tManaging Director\nEffective Date\t01-Apr-2024", a PDF's flattened
    # "Approved By Dana Whitcomb, CISO\nEffective Date February 1, 2024")
    # (a bullet's: "- Approved: Directie, 15 January 2024"; the line's name stops at
    # another field: "Approved by Marcus Bell, CTO Next review December 2024")
    r"|(?:(?<=\A)|(?<=\n)|(?<=\.\s)|(?<=\|)|(?<=\|\s)|(?<=\*)|(?<=\u00b7\s)|(?<=\n[-*\u2022]\s)|(?<=\A[-*\u2022]\s))"
    r"approved(?=[*\s]*[:|]|\s+(?:by|on)\b)(?P<approval>(?:(?!\s(?:next\s+review|review\s+due|due\s+(?:date|for|on|by|in)|expir|renew)\w*\s)[^\n\d]|\n(?!\s*\n)(?![^\n:|\t]{0,30}[:|\t])(?!\s*(?:next|review|due|expir|renew|valid|effective))){0,80}?))[\s:|*,]*"
    rf"{_A_DATE}",
    re.I,
)


# A table of one header row and the row under it, as a wiki's page properties are
# exported: "| Owner | Reviewed | Next review |" over "| Priya | 2024-03-14 | ... |".
_HEADED_ROW = re.compile(
    r"^[ \t]*\|(?P<names>.+)\|[ \t]*\n[ \t]*\|[\s:|-]+\|[ \t]*\n[ \t]*\|(?P<values>.+)\|[ \t]*$",
    re.M,
)


def headed_row_fields(text: str, single: bool = False) -> str:
    """Each such table's cells as fields, one a line ("Reviewed: 2024-03-14"), so a
    date under a column naming it is read as one written beside its name; ``single``:
    of tables of that one row only (a version history's first row is no date of the
    document)."""
    lines = []
    for table in _HEADED_ROW.finditer(text):
        if single and re.match(r"\n[ \t]*\|", text[table.end() :]):  # a row more
            continue
        names, values = table.group("names").split("|"), table.group("values").split("|")
        if len(names) == len(values):
            pairs = zip(names, values, strict=True)
            fields = ((n.strip(" *_"), v.strip(" *_")) for n, v in pairs)
            # a bare "Date" column is a history's (a test's, a change's), not the page's
            lines += [f"{n}: {v}" for n, v in fields if n.lower() != "date"]
    return "\n".join(lines)


def stated_date(text: str) -> str | None:
    """The first date the text states about itself (``stated_dates``), or None."""
    return next(iter(stated_dates(text)), None)


_SECTION = re.compile(r"^[ \t]*#{2,6}\s", re.M)


# A sentence naming the version that replaced the document: its dates are that version's
# ("The current version is ACP-002 v3.1 (effective November 6, 2023).", "Replaced by
# HMFS-POL-009 ... version 2.0, effective 2024-04-01.").
_SUCCESSOR = re.compile(
    r"\b(?:replaced|supersc?eded|succeeded)\s+by\b(?![\s:*_]*(?:n/?a|none|nil|-+|\u2014|\u2013)"
    r"(?:\s|$))|\bthe\s+(?:current|latest)\s+version\s+is\b",
    re.I,
)
_SENTENCE_REACH = 400  # characters back to the sentence's start, at most
# (a line of fields ends at its line: "Superseded by: ISP-002" over "Issue date: ...")
_SENTENCE_END = re.compile(r"[.!?](?=\s)|\n[ \t>*]*\n|\n(?=[ \t*_]*[A-Z][\w ]{0,30}:)")


def _of_the_successor(text: str, at: int) -> bool:
    """Whether the date found at ``at`` is in a sentence naming the document's
    successor, before the date."""
    start = max(0, at - _SENTENCE_REACH)
    ends = [m.end() for m in _SENTENCE_END.finditer(text, start, at + 40) if m.end() <= at]
    return _SUCCESSOR.search(text, ends[-1] if ends else start, at) is not None


def stated_dates(text: str) -> list[str]:
    """The dates the text states about itself (``_STATED_DATE``), as ISO text, in
    order; the month written out or in three letters, before or after the day."""
    days = []
    first_section = _SECTION.search(text)
    opening_end = first_section.start() if first_section else len(text)
    for match in _STATED_DATE.finditer(text):
        if match.group("month3") and match.group("approval") is None:
            continue  # a month alone dates only an approval line
        if match.group("opening") and match.start() > opening_end:
            continue  # "## Status page / Updated: ...": a section's, not the page's
        if _of_the_successor(text, match.start()):
            continue  # "Replaced by ... v3.0, effective 1 December 2023": the successor's
        day = _date_of(match)
        if day is not None:
            days.append(day)
    return list(dict.fromkeys(days + control_line_dates(text[:opening_end])))


# A control line's field naming the document's own date, written with or without a
# colon, a name between ("Approved D. Okafor 2023-12-05", "Approved Management Board,
# 14.03.2025", "Reviewed 2024-01-30", "Owner: Ops · Last reviewed: March 2025",
# "Regulation approved: March 14, 2012", "Reviewed and accepted by Priya Raman, CEO
# (2024-02-20)", a memo's "Date:    12 March 2025"): at a line's start or after a
# cell's separator (a bar, a middle dot, a dash between spaces, a tab, a run of
# spaces), never inside a sentence ("The data was updated on 3 May 2024").
_FIELD_WORD = (
    r"(?:date|dated|approved|reviewed|updated|revised|published|adopted|issued|ratified"
    r"|last\s+(?:edit|edited|reviewed|updated|revised|approved|modified))"
)
_CELL_START = r"(?:^|[|\u00b7\t]|[ \t][-\u2013\u2014]+[ \t]|[ \t]{3,})"
_DATED_FIELD = re.compile(
    rf"{_CELL_START}[ \t*_>]*"
    r"(?:(?:policy|regulation|procedure|standard|plan|document|page|report|letter)\s+)?"
    rf"(?P<word>{_FIELD_WORD})\b"
    r"(?P<between>(?:[^\n\d|.;]|\b[A-Z]\.|\b(?:Dr|Mr|Ms|Mrs|Prof)\.){0,60}?)"
    rf"[\s:|*_,(]*{_A_DATE}",
    re.I | re.M,
)
# What marks a field's date as one still to come: "| Date of next review | ... |".
_TO_COME = re.compile(r"\b(?:next|due|expir\w*|renew\w*|valid|until|target|planned)\b", re.I)
# A line that names the document's version or owner ("Owner: D. Okafor | v1.0 |
# 2021-11-15", "Version 2024.1 – June 2024", "SoA v7.1 (20-02-2024)"), whose cells
# may hold its date alone.
_CONTROL_LINE = re.compile(r"\b(?:v\d+(?:\.\d+)*\b|version\s+\d|owner\s*:)", re.I)
_CELL_SEPARATOR = re.compile(r"[|\u00b7;()\t]|[ \t][-\u2013\u2014]+[ \t]|,[ \t]|[ \t]{3,}")
_WHOLE_DATE = re.compile(rf"[ \t*_]*{_A_DATE}[ \t*_.]*\Z", re.I)
# A letter's or a report cover's date line: "April 2, 2024", "München, 15 April 2025".
_DATE_LINE = re.compile(
    rf"^[ \t]*(?:[^\W\d][^\W\d ]*(?: [^\W\d]+)?,[ \t]*)?{_A_DATE}[ \t.]*$", re.I | re.M
)
# A line about the document's succession, whose dates are its successor's or its
# withdrawal's ("> SUPERSEDED by logging-monitoring.md (v2.0, September 2023)").
_SUCCESSION = re.compile(
    r"\b(?:supersed|replaced|replacing|deprecat|retired|withdrawn|archived\b)", re.I
)
_LETTER_LINES = 12  # how many lines open a letter: its date is among them


def control_line_dates(opening: str) -> list[str]:
    """The dates the lines of a document's opening (above its first section) state as
    its own: a dated field (``_DATED_FIELD``), a bare date among the cells of a line
    naming its version or owner (``_CONTROL_LINE``), a letter's date line alone; a
    field of a date to come (``_TO_COME``) and a table's "Date" column are not."""
    days = [day for match in _DATED_FIELD.finditer(opening) if (day := _field_date(match))]
    lines = opening.splitlines()
    for above, line in zip(["", *lines], lines, strict=False):
        if _control_line(above, line):  # (one bare date: two are a version's and a review's)
            cells = (_WHOLE_DATE.match(cell) for cell in _CELL_SEPARATOR.split(line))
            found = [day for cell in cells if cell and (day := _date_of(cell))]
            days += found if len(found) == 1 else []
    written = [n for n in lines if n.strip()][:_LETTER_LINES]
    dated = (
        _DATE_LINE.match(line)
        for above, line in zip(["", *written], written, strict=False)
        if not _TO_COME.search(above)
    )  # (not "Next review date:" over its date)
    return days + [day for line in dated if line and (day := _date_of(line))]


def _control_line(above: str, line: str) -> bool:
    """Whether a line names the document's version or owner among its cells (a table's
    row holding two dates, a version's and a review's, is read by its columns) and is
    no line about its succession."""
    return (
        _CONTROL_LINE.search(line) is not None
        and len(line) <= 200
        and not _SUCCESSION.search(f"{above} {line}")
    )


CLOSING_CHARS = 400  # how far from a document's end its adoption or revision lines may be


def closing_dates(text: str) -> list[str]:
    """The dates a document's closing lines state as its own adoption, approval, review
    or revision, as a school board's policy ends ("Policy adopted: March 14, 2012 /
    Revised: September 10, 2024") or a wiki page ("_Last reviewed: March 2025_"); not a
    test's date nor a certificate's issue ("Date of last test: ...", "Issued: ...")."""
    closing = text[-CLOSING_CHARS:]
    return [
        day
        for match in _DATED_FIELD.finditer(closing)
        if _CLOSING_FIELD.fullmatch(match.group("word")) and (day := _field_date(match))
    ]


_CLOSING_FIELD = re.compile(
    r"adopted|approved|reviewed|revised|ratified|updated|published"
    r"|last\s+(?:reviewed|revised|updated|approved|modified|edited)",
    re.I,
)


def _field_date(match: re.Match[str]) -> str | None:
    """A dated field's date, or None: one still to come, a wrapped sentence's, one on a
    line about the document's succession, or a "Date" wrapped from a line naming what it
    dates ("Next Review" over "Date: 3 March 2027")."""
    if _TO_COME.search(match.group("between")):
        return None
    if _sentence_goes_on(match) or _on_a_succession_line(match) or _closes_a_name_above(match):
        return None
    return _date_of(match)


def _sentence_goes_on(match: re.Match[str]) -> bool:
    """Whether a field's word in lower case opens a line that a sentence wraps onto: "...
    the supplier register it refers to is" / "updated on 3 May 2025" ("Procedure
    approved: ..." is a field)."""
    text, start = match.string, match.start()
    at_line_start = start == 0 or text[start - 1] == "\n"
    opening = match.group(0).lstrip(" \t*_>")[:1]
    above = text[: max(start - 1, 0)].rsplit("\n", 1)[-1].rstrip()
    wrapped = bool(above) and (above[-1].isalpha() or above[-1] == ",")
    return at_line_start and match.group(0)[:1] not in "|\u00b7\t" and opening.islower() and wrapped


def _line_start(match: re.Match[str]) -> int:
    return match.string.rfind("\n", 0, match.start("word")) + 1


def _on_a_succession_line(match: re.Match[str]) -> bool:
    """Whether the field's line is about the document's succession: "DEPRECATED
    (2024-03-01): superseded by ..." dates another version."""
    line_end = match.string.find("\n", match.end())
    line = match.string[_line_start(match) : line_end if line_end >= 0 else None]
    return _SUCCESSION.search(line) is not None


def _closes_a_name_above(match: re.Match[str]) -> bool:
    """Whether a bare "Date" (no table's cell) may close the name on the line above it,
    the last line not blank, when that line is no field ("Next Review" / "Date: ...")."""
    line_start = _line_start(match)
    if match.group("word").lower() != "date" or match.group("between").strip() or not line_start:
        return False
    if "|" in match.string[line_start : match.start("word")]:
        return False
    above = match.string[: line_start - 1].rstrip(" \t\n").rsplit("\n", 1)[-1]
    return bool(above) and not re.search(r"[:|]", above)


def _date_of(match: re.Match[str]) -> str | None:
    """The ISO date a match of ``_STATED_DATE`` states, or None (no such day)."""
    if match.group("iso"):
        return match.group("iso") if _is_date(match.group("iso")) else None
    if match.group("year4"):
        return _numeric_date(match)
    if match.group("ymd_year"):
        return _day(match.group("ymd_year"), match.group("ymd_month"), match.group("ymd_day"))
    if match.group("year5"):
        return _day(match.group("year5"), match.group("month5"), "1")
    month = match.group("month") or match.group("month2") or match.group("month3")
    day = match.group("day") or match.group("day2") or "1"
    year = match.group("year") or match.group("year2") or match.group("year3")
    number = _MONTHS.get(month.lower()) or _MONTHS_SHORT.get(month.lower())
    return _day(year, str(number), day) if number is not None else None


def _day(year: str, month: str, day: str) -> str | None:
    try:
        return dt.date(int(year), int(month), int(day)).isoformat()
    except ValueError:
        return None


_NUMERIC_DATE = re.compile(r"\b(\d{1,2})([/.-])(\d{1,2})\2\d{4}\b")


def _numeric_date(match: re.Match[str]) -> str | None:
    """A date in figures, day first ("12/03/2024", as UK and European documents write
    it; always with dots: "01.09.2023") or month first (as US ones do), in the order
    the other dates of the text read (a document's opening) show (one with a first
    figure over 12 is day first, a
    second over 12 month first), or either when both read as the same day ("14/03/2024",
    "05/05/2024"); None where the order is unknown ("03/04/2024" alone): no date is
    made up."""
    first, second, year = int(match["first"]), int(match["second"]), int(match["year4"])
    found = _NUMERIC_DATE.findall(match.string)
    orders = {order for a, _, b in found if (order := _order(a, b))}
    readings = [(second, first), (first, second)]  # (month, day): day first, month first
    if not orders:  # "Date approved 03/10/2024" in a policy "authorised", or "authorized"
        orders = {order} if (order := _spelling_order(match.string)) else set()
    if match["sep"] == "." or orders == {"day first"}:  # "01.09.2023" is 1 September
        readings = readings[:1]
    elif orders == {"month first"}:
        readings = readings[1:]
    days = set()
    for month, day in readings:
        try:
            days.add(dt.date(year, month, day))
        except ValueError:
            continue
    return days.pop().isoformat() if len(days) == 1 else None


def _spelling_order(text: str) -> str:
    """The order a text's dates in figures read in by its spelling: British or
    Commonwealth ("organisation", "authorised", "centre": ``us_spelling`` changes a
    word) day first, as every English-speaking country but the US writes them; US
    ("organization", "authorized", "center") month first, by the more words of either;
    as many, unknown."""
    found = [w for w in _WORD.findall(text) if w[0].islower()]  # (no name: "Denise")
    british = sum(us_spelling(w) != w and w not in _BOTH_SPELLINGS for w in found)
    american = sum(_US_ONLY.fullmatch(w) is not None for w in found)  # (the more of them:
    if british == american:  # a UK page may name a "Data Center" product)
        return ""
    return "day first" if british > american else "month first"


_WORD = re.compile(r"[A-Za-z]{5,}")
# British forms US English writes too: "catalogue", "dialogue", "acknowledgement".
_BOTH_SPELLINGS = frozenset(
    "catalogue catalogues dialogue dialogues acknowledgement acknowledgements judgement "
    "judgements ageing".split()
)
# Words only US English spells so: "-ize" verbs and their nouns (not "size", "seize",
# "prize", "resize"), "center", "behavior".
_US_ONLY = re.compile(
    r"(?!(?:re|over|down|up)?siz|seiz|capsiz)[a-z]{3,}iz(?:e|ed|es|ing|ation|ations)"
    r"|centers?|behaviors?|behavioral|colors?|favors?|labor"
)


def _order(first: str, second: str) -> str:
    if int(first) > 12 >= int(second):
        return "day first"
    if int(second) > 12 >= int(first):
        return "month first"
    return ""


def _is_date(text: str) -> bool:
    return iso_date(text) is not None


def iso_date(value: object) -> str | None:
    """``value`` as a YYYY-MM-DD date, or None when it is not an ISO date (a date and
    time, as front-matter holds a YAML timestamp, gives its date)."""
    try:
        return dt.datetime.fromisoformat(str(value)).date().isoformat() if value else None
    except ValueError:
        return None


def written_date(value: str) -> str | None:
    """A date written alone as documents write one ("03.06.2025", "1 April 2024",
    "01-Apr-2024", "2024-04-01"), as ISO text, or None (not a date, or not a day that
    exists; figures in an unknown order)."""
    match = re.fullmatch(_A_DATE, value.strip())
    return _date_of(match) if match is not None else None


def effective_date_stated(text: str) -> str | None:
    """The effective date the opening of a document states as a field of its own
    control block ("Effective date: 12 March 2025", "| Effective date | 3 February 2026
    |", "**Effective:** 1 April 2026"), as ISO text, or None: a document without
    front-matter carries its effective date this way; of several, the latest (a revised
    one). Not a date in its text ("becomes effective 1 January 2027"), nor one row of a
    table of several (a version history)."""
    opening = document_opening(text)
    fields = f"{opening}\n{headed_row_fields(opening, single=True)}"
    days = [
        day
        for match in _STATED_DATE.finditer(fields)
        if _effective_field(match, fields) and (day := _date_of(match)) is not None
    ]
    return max(days, default=None)  # "Original effective date: ... Revised effective date:"


def _effective_field(match: re.Match[str], text: str) -> bool:
    """Whether a stated date is an effective-date field: its name and a separator, or, a
    PDF's cover cells flattened ("Status Approved Effective date 15 July 2024"), its
    name and the date closing the line or followed by the next field's name (not
    "Effective 1 January 2027, all staff ...", nor a version history's "Effective Date 2
    June 2023 Update")."""
    field = _EFFECTIVE_FIELD.match(match.group(0))
    if field is None:
        opens_line = text[text.rfind("\n", 0, match.start()) + 1 : match.start()].strip() == ""
        return (
            opens_line
            and _EFFECTIVE_LINE.match(match.group(0)) is not None
            and _FIELD_CLOSED.match(text, match.end()) is not None
        )
    return (
        bool(re.search(r"[:|]", field.group(0)))
        or _FIELD_CLOSED.match(text, match.end()) is not None
    )


# What may follow a flattened field's date: the line's end, or the next field's name
# ("Effective date 1 February 2024 Last reviewed January 2025").
_FIELD_CLOSED = re.compile(
    r"[ \t]*[.|]?[ \t]*(?:\n|$|(?:Last|Next|Review|Reviewed|Owner|Version|Status|Approved"
    r"|Classification|Document|Author|Supersedes|Page|Policy|Revision|Rev)\b)"
)


OPENING_CHARS = 3000  # how far into a document its control block and dates may be


def document_opening(text: str) -> str:
    """The opening of a document where its control block and dates are read, with a
    plain-text form's dot leaders read as the colon they stand for ("Effective Date
    ....... September 1, 2023")."""
    return _DOT_LEADER.sub(r"\g<name>: ", text[:OPENING_CHARS])


# A field's name opening its line, dots, and its value on the same line (not a contents
# line's page number: "4. Effective Date ........ 3").
_DOT_LEADER = re.compile(
    r"^(?P<name>[ \t]*[A-Z][\w()/-]*(?:[ \t]+[A-Za-z][\w()/-]*){0,3}?)[ \t]*\.{4,}[ \t]*"
    r"(?=\S)(?!\d{1,3}[ \t]*$)",
    re.M,
)
# A field's name and its separator: "Effective date:", "Effective |", "**Effective:**";
# or "Effective date" capitalised with the date straight after it, as a PDF flattens a
# cover table's cells ("Status Approved Effective date 15 July 2024"; not "becomes
# effective 1 January", nor a heading's "New Requirements Effective 1 July 2026").
_EFFECTIVE_FIELD = re.compile(
    rf"(?i:(?:effective(?:\s+date|\s+from)?|valid\s+from)[*_\s]*[:|])"
    rf"|(?:Effective\s+[Dd]ate|Valid\s+from)\s+(?=\d|(?i:{_MONTH_WORD})\b)"
)
# ... or a policy tool's header line opening with the name, no colon: "Effective 02/2024"
# (not a heading's "New Requirements Effective 1 July 2026")
_EFFECTIVE_LINE = re.compile(r"Effective[ \t]+(?=\d)")
