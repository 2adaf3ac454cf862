"""The short names a document defines for itself, read from its text.

Policies name a thing in full once and by a short name after: "This Incident Response
Plan (IRP) defines ...", then "The IRP is tested at least annually"; "This Business
Continuity and Disaster Recovery Plan (the "BCP/DR Plan") ...", then "The BCP/DR Plan
is exercised each year". A sentence that uses only the short name still names the
thing, and research reads it so (``glossed``). The stored quote stays the source's
text: a definition only adds words to what a sentence is read to name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

# "(IRP)", "(SLAs)", "(IDS/IPS)", "(the "BCP/DR Plan")"
_DEFINED = re.compile(
    r"\(\s*(?:the\s+)?(?P<quote>[\"“'‘]?)(?P<short>[A-Z][A-Za-z0-9&/.-]{1,11}"
    r"(?:\s[A-Z][A-Za-z]{1,11}){0,2})[\"”'’]?\s*\)"
)
# A definitions section's entry naming both forms: '"Business Associate Agreement" or
# "BAA" means a contract ...', '"Recovery Time Objective" ("RTO") means ...'
_GLOSSARY_PAIR = re.compile(
    r"[\"“](?P<full>[A-Z][^\"“”\n]{2,80})[\"”]\s*(?:,?\s*or\s+|\(\s*)"
    r"[\"“](?P<short>[A-Z][A-Za-z0-9&/.-]{1,11})[\"”]\)?\s+(?:means|refers\s+to|is)\b"
)
_WORD = re.compile(r"[A-Za-z][A-Za-z']*|&")
# Words an initialism passes over ("National Institute of Standards and Technology")
_JOINING = frozenset({"and", "of", "for", "the", "to", "on", "in", "&"})
# Words opening a sentence before a defined name ("This Incident Response Plan ...")
_OPENING = frozenset({"this", "the", "a", "an", "our", "its", "these"})
_LONGEST = 10  # words a full name runs to
_REACH = 160  # characters read before the parentheses
# Where the full name's sentence or line starts: no full name runs over it.
_NAME_BREAK = re.compile(r"[.!?;:]\s|\n\s*\n|\n")
# A quoted short name must carry an initialism of two capitals ("BCP/DR Plan"): a plain
# word ("the "Plan"", "the "Company"", "the "Customer"") stands for its document or a
# party, and reading it as a name would put that name wherever the word is used.
_INITIALISM = re.compile(r"[A-Z][A-Za-z]*[A-Z]")


def document_definitions(texts: Iterable[str]) -> dict[str, str]:
    """Each short name the texts define -> the full name it stands for, the first
    definition of a name kept: "IRP" -> "Incident Response Plan", "BCP/DR Plan" ->
    "Business Continuity and Disaster Recovery Plan". An initialism counts only when
    the full name's initials spell it ("Information Security Manager (ISM)", quoted or
    not); a quoted name of several words carrying an initialism ('(the "BCP/DR Plan")')
    when a capitalised name stands before it, not a plain word ('(the "Policy")'); a
    definitions
    entry naming both ('"Business Associate Agreement" or "BAA" means ...') when the
    initials spell it."""
    found: dict[str, str] = {}
    for text in texts:
        for match in _DEFINED.finditer(text):
            before = _WORD.findall(_own_line(text, match.start()))
            short = _singular(match.group("short").rstrip("."))
            if match.group("quote") and not short.isalpha():
                full = _quoted_name(before) if _INITIALISM.search(short) else ""
            else:  # an initialism, quoted or not ('("AWS")'): its initials must spell it
                full = _spelled(short, before)
            if full and short not in found:
                found[short] = full
        for match in _GLOSSARY_PAIR.finditer(text):
            full, short = match.group("full"), _singular(match.group("short"))
            if _spelled(short, _WORD.findall(full)) and short not in found:
                found[short] = " ".join(_WORD.findall(full))
        for match in _ABBREVIATION_ROW.finditer(text):
            full, short = match.group("full"), _singular(match.group("short"))
            if _spelled(short, _WORD.findall(full)) == " ".join(_WORD.findall(full)):
                found.setdefault(short, " ".join(_WORD.findall(full)))
    return found


# A row of a table of abbreviations, its cells parted by a bar or a tab: "| DRP |
# Disaster Recovery Plan |", "CISO\tChief Information Security Officer"; the whole
# second cell is the name (its initials spell the first).
_ABBREVIATION_ROW = re.compile(
    r"^[ \t]*\|?[ \t]*(?P<short>[A-Z][A-Za-z0-9&-]{1,9})[ \t]*(?:\||\t+)[ \t]*"
    r"(?P<full>[A-Z][A-Za-z'&-]*(?:[ ]+[A-Za-z][A-Za-z'&-]*){1,9})[ \t]*\|?[ \t]*$",
    re.M,
)


def _own_line(text: str, at: int) -> str:
    """The text before ``at`` within its sentence and line (at most ``_REACH``
    characters): a full name does not run back over another sentence's words."""
    before = text[max(0, at - _REACH) : at]
    breaks = list(_NAME_BREAK.finditer(before))
    return before[breaks[-1].end() :] if breaks else before


def _singular(short: str) -> str:
    """An initialism without its plural "s" ("SLAs" is the name "SLA" in plural)."""
    return short[:-1] if short.endswith("s") and short[:-1].isupper() else short


def _spelled(short: str, before: list[str]) -> str:
    """The last words before an initialism whose initials spell it, joining words
    passed over ("Recovery Time Objectives (RTOs)", "Personally-Identifiable
    Information (PII)"); empty when none do."""
    letters = [c.lower() for c in short if c.isupper()]
    if len(letters) < 2 or not short.isalnum():
        return ""
    taken: list[str] = []
    content = 0
    for word in reversed(before[-(_LONGEST + len(letters)) :]):
        taken.insert(0, word)
        if word.lower() in _JOINING:
            continue
        content += 1
        if content == len(letters):
            initials = [w[0].lower() for w in taken if w.lower() not in _JOINING]
            return " ".join(taken) if initials == letters else ""
    return ""


def _quoted_name(before: list[str]) -> str:
    """The run of capitalised words (and joining words within it) right before a quoted
    short name, an opening "This" or "The" aside; empty when under two such words."""
    taken: list[str] = []
    for word in reversed(before[-_LONGEST:]):
        if not (word[0].isupper() or word.lower() in _JOINING):
            break
        taken.insert(0, word)
    while taken and (taken[0].lower() in _JOINING or taken[0].lower() in _OPENING):
        taken.pop(0)
    capitalised = [w for w in taken if w[0].isupper()]
    return " ".join(taken) if len(capitalised) >= 2 else ""


def glossed(text: str, definitions: Mapping[str, str]) -> str:
    """The full names of the defined short names the text uses (``_uses``),
    space-separated ("" when none): "The IRP is tested at least annually" -> "Incident
    Response Plan"."""
    named = (_without_times(full) for short, full in definitions.items() if _uses(text, short))
    return " ".join(name for name in named if name)


def spelled_in(text: str, definitions: Mapping[str, str]) -> str:
    """The text as it is read: each use of a defined short name (``_uses``) followed by
    its full name in angle brackets ("The IRP is tested" -> "The IRP ⟨Incident Response
    Plan⟩ is tested"), less any word of it stating a time ("ALE" is read "ALE ⟨Loss
    Expectancy⟩": its "Annual" is no schedule the sentence states). Each use is read
    alone, so a sentence reads the same inside the passage it was cut from. What checks
    read, never what is quoted (``unspelled`` takes it back)."""
    for short, full in definitions.items():
        named = _without_times(full)
        if named and _uses(text, short):
            text = _use_of(short).sub(rf"\g<0> {_OPEN}{_escaped(named)}{_CLOSE}", text)
    return text


def _without_times(full: str) -> str:
    """A full name less its words stating a time ("Annual Loss Expectancy": "Loss
    Expectancy")."""
    return " ".join(w for w in full.split() if not _TIME_WORD.fullmatch(w))


def unspelled(text: str) -> str:
    """The text with what ``spelled_in`` added taken out, cut short or whole: a finding
    or a value read off a spelled-out quote shows the source's words."""
    return _GLOSS.sub("", text)


_OPEN, _CLOSE = "\u27e8", "\u27e9"  # ⟨ ⟩: marks no document's text uses for this
_GLOSS = re.compile(" \u27e8[^\u27e9]*(?:\u27e9|$)")
_TIME_WORD = re.compile(
    r"(?i)(?:annual|annually|yearly|quarterly|monthly|weekly|daily|hourly|bi-?annual"
    r"|semi-?annual|biennial|year|years|month|months|week|weeks|day|days|hour|hours|\d+)"
)


def _escaped(full: str) -> str:
    """A full name as a replacement template writes it (backslashes doubled)."""
    return full.replace("\\", "\\\\")


def _uses(text: str, short: str) -> bool:
    """Whether the text uses the short name as a name of its own: not where it is
    defined ("(IRP)", '(the "BCP/DR Plan")'), not inside a longer word or name ("IRP"
    not in "IRPX" nor "BCP/DR"), not as part of an identifier ("SOC 2", "ISO 27001",
    "AC-2(3)"); a plural "s" allowed."""
    return short in text and _use_of(short).search(text) is not None


@lru_cache(maxsize=4096)
def _use_of(short: str) -> re.Pattern[str]:
    return re.compile(
        rf"(?<![\w/])(?<!\()(?<!\(\")(?<!\(“)(?<!the \")(?<!the “){re.escape(short)}s?"
        r"(?![\w/])(?!\s*-?\d)(?!\s*\()"
    )
