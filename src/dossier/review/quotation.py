"""The quotations in a reviewer's text, and any quotation mark left unpaired.

Every passage a reader would take for a quotation must verify, so every common
pair counts: “…”, "…", „…“, ‘…’, '…', «…», »…«, ‹…›, ›…‹, 「…」, 『…』, and the
double marks mixed ("…” and “…"). Inside a quotation only the marks of its own
kind close it; the others are part of the quoted text.

A straight double mark right after a figure, with no quotation open, is an inch
mark (15" laptops), not a quotation. A single mark (' ’ ‘) is a quotation mark
only at a word's edge: it opens a quotation at the start of a word and closes one
at the end of a word, so the
apostrophes of don't, vendor's and vendors' are not quotation marks (a mark at a
word's end with no quotation open is an apostrophe). Any other mark left open at
the end of the text, a closing mark that closes nothing, or a pair around nothing
is refused (``QuotationMarkError``) naming the mark and where it is.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from dossier.errors import InputError

_DOUBLE_CLOSE = frozenset('”“"＂')
_SINGLE_CLOSE = frozenset("’‘'")
_CLOSES: dict[str, frozenset[str]] = {  # each opening mark -> the marks that close it
    **dict.fromkeys('“„‟"＂', _DOUBLE_CLOSE),
    **dict.fromkeys("‘‚‛'’", _SINGLE_CLOSE),
    "«": frozenset("»"),
    "»": frozenset("«"),
    "‹": frozenset("›"),
    "›": frozenset("‹"),
    "「": frozenset("」"),
    "『": frozenset("』"),
}
_CLOSING_ONLY = frozenset("”」』")  # a mark that only ever closes a quotation
_AT_WORD_EDGE = frozenset("'’‘")  # quotation marks only at a word's start or end
_INCHES = frozenset('"＂')  # after a figure, with no quotation open: 15" laptops

MarkProblem = Literal["never closed", "closes no quotation", "encloses nothing"]


@dataclass(frozen=True)
class Quotation:
    """One passage in quotation marks: its text (spaces at its ends removed) and
    where its opening mark is in the reviewer's text."""

    text: str
    at: int
    opening: str
    closing: str


class QuotationMarkError(InputError):
    """A quotation mark without its pair, or a pair around nothing: exit 2."""

    def __init__(self, mark: str, at: int, problem: MarkProblem, text: str) -> None:
        self.mark, self.at, self.problem = mark, at, problem
        shown = " ".join(text[max(0, at - 20) : at + 40].split())
        fix = "remove the marks" if problem == "encloses nothing" else "pair it, or remove it"
        verb = "is " if problem == "never closed" else ""
        super().__init__(
            f"the quotation mark {mark} at character {at + 1} ({shown}…) {verb}{problem}: {fix}"
        )


def quotations(text: str) -> list[Quotation]:
    """Every quotation in ``text``, in order; raises ``QuotationMarkError`` for the
    first mark without its pair."""
    found: list[Quotation] = []
    opened: tuple[str, int] | None = None  # the open quotation's mark and position
    for at, mark in enumerate(text):
        if opened is not None:
            if _closes(opened[0], text, at):
                found.append(_quotation(text, opened, at))
                opened = None
        elif mark in _CLOSING_ONLY:
            raise QuotationMarkError(mark, at, "closes no quotation", text)
        elif mark in _CLOSES and _opens(text, at):
            opened = (mark, at)
    if opened is not None:
        raise QuotationMarkError(opened[0], opened[1], "never closed", text)
    return found


def _opens(text: str, at: int) -> bool:
    """Whether the mark at ``at`` opens a quotation: a single mark only at a word's
    start, and a straight double mark not right after a figure (15" is inches)."""
    mark = text[at]
    if mark in _AT_WORD_EDGE:
        return _word_starts(text, at)
    return not (mark in _INCHES and at > 0 and text[at - 1].isdigit())


def _closes(opening: str, text: str, at: int) -> bool:
    mark = text[at]
    if mark not in _CLOSES.get(opening, frozenset()):
        return False
    return mark not in _AT_WORD_EDGE or _word_ends(text, at)


def _quotation(text: str, opened: tuple[str, int], closing: int) -> Quotation:
    mark, at = opened
    quoted = text[at + 1 : closing].strip()
    if not quoted:
        raise QuotationMarkError(mark, at, "encloses nothing", text)
    return Quotation(quoted, at, mark, text[closing])


def _word_starts(text: str, at: int) -> bool:
    """A word starts after the mark, and none goes on before it."""
    before = text[at - 1] if at > 0 else " "
    after = text[at + 1] if at + 1 < len(text) else " "
    return not before.isalnum() and not after.isspace()


def _word_ends(text: str, at: int) -> bool:
    """A word ends before the mark, and none goes on after it."""
    before = text[at - 1] if at > 0 else " "
    after = text[at + 1] if at + 1 < len(text) else " "
    return not before.isspace() and not after.isalnum()
