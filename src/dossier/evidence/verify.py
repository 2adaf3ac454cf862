"""The quote verifier: a quote counts only if its text is literally in the cited chunk.

The Unicode rule
----------------
Matching is whitespace-tolerant: any run of whitespace (``str.isspace``: spaces,
tabs, newlines, no-break and other Unicode spaces) in the quote or the source
folds to one space, and leading and trailing whitespace is dropped. Beyond that,
only what text extraction itself introduces is forgiven: a soft hyphen (U+00AD)
and a zero-width character (U+200B-U+200D, U+2060, U+FEFF)
are ignored and a Latin ligature (ﬁ, ﬂ, ﬀ, ﬃ, ﬄ, ﬅ, ﬆ) equals its letters.
Everything else must be equal: curly and straight quotes, dashes, accents, case,
digits and punctuation all count. The stored quote is the *source's* slice,
found through an offset map, never the text a model typed.

The speed design
----------------
A quote is checked with one ``str.find`` of the folded quote in the folded
chunk, so its cost is a raw search plus a small constant:

* Each chunk is folded once (``FoldedText.of``) with C-speed operations, and
  its offset map is a few breakpoints, not one offset per character: folded
  position ``p`` maps to source offset ``p + shift``, where the shift is
  constant between breakpoints and changes only at the start of the text and
  after each whitespace run longer than one character (``bisect`` finds the
  piece). An ASCII chunk (``str.isascii``) is folded as bytes: ``translate``
  turns every whitespace character into a space without moving any offset, and
  ``bytes.find`` of two spaces finds the runs that move the map (a regex
  scanning for them was measured three times slower: it stops at every space). Other chunks use
  ``" ".join(text.split())`` and a ``str`` regex for the runs. Only a chunk
  that holds a soft hyphen or a ligature is walked character by character, and
  its map is compressed into breakpoints the same way.
* ``QuoteVerifier`` keeps the folded chunks by chunk id, so a build folds each
  cited chunk once (``build`` keeps one verifier for all answers);
  ``QuoteVerifier.fold`` folds chunks ahead of time.
* A quote is folded once per check with ``" ".join(quote.split())``, the
  fastest fold Python offers for a short string (``re.sub``, ``str.replace``
  loops, ``translate`` and a numpy fold of a whole batch were measured no
  faster in place).
* A quote its cited chunk does not hold is looked for in the rest of its
  document (re-attribution, below) with one ``str.find`` over the document's
  chunks folded and joined (kept per document; a chunk not folded yet is
  folded without its offset map, ``folded_text``, about three times cheaper);
  only when that finds it are the chunks folded and searched one by one to
  tell where, and whether it is ambiguous.
  Most such quotes are simply not in the document, and a single C scan says so.
* A failure returns a shared, immutable ``QuoteCheck``: nothing is built.

A whitespace-tolerant regular expression over the raw chunk (whitespace runs
as ``\\s+``, offsets read from the match) was measured and rejected: compiling
the pattern of a 140-character quote costs about 290 µs in ``re``'s Python
parser, some hundred times the search, and a build rarely checks the same
quote twice, so a cache per quote would not pay for it.

``benchmarks/test_verifier_speed.py`` times ``verify_in_document`` and the
``Quote`` it yields (what composing an answer calls) against ``str.find`` of
the same quotes over the same passages.

Re-attribution
--------------
``QuoteVerifier.verify_in_document`` accepts a quote whose cited chunk does not
hold it when exactly one other chunk of the same document does (overlapping
chunks holding the same document span count once); the check records the
chunk first cited in ``QuoteCheck.reattributed_from``. Two or more candidates
are ambiguous and fail with a reason that names them.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from dossier.common.textutil import READ_AS, without_extraction_artefacts
from dossier.common.textutil import has_extraction_artefacts as _has_artefacts
from dossier.records import Chunk, Quote

_NON_SPACE = re.compile(r"\S+")
_LONG_WHITESPACE = re.compile(r"\s\s+")  # the only runs that move the offset map
_SPACES = re.compile(rb" +")
_LONG_SPACE_RUNS = re.compile(rb"   *")  # two literal spaces first: a fast prefix search
_ASCII_WHITESPACE = bytes(c for c in range(128) if chr(c).isspace())
_ASCII_SPACES = bytes.maketrans(_ASCII_WHITESPACE, b" " * len(_ASCII_WHITESPACE))

NOT_IN_PASSAGE = "quote text is not in the cited passage"
EMPTY_QUOTE = "empty quote"


def _undo_extraction(token: str, start: int) -> tuple[str, list[int]]:
    """A token with soft hyphens and zero-width characters dropped and ligatures
    spelled out, and for each character the source offset it came from."""
    chars: list[str] = []
    offsets: list[int] = []
    for i, ch in enumerate(token):
        expansion = READ_AS.get(ch, ch)
        chars.append(expansion)
        offsets.extend([start + i] * len(expansion))
    return "".join(chars), offsets


def normalise_quote(text: str) -> str:
    """What a quote is matched as: extraction artefacts undone, whitespace folded."""
    folded = " ".join(text.split())
    if not _has_artefacts(folded):
        return folded
    undone = (_undo_extraction(token, 0)[0] for token in folded.split(" "))
    return " ".join(token for token in undone if token)


def folded_text(original: str) -> str:
    """``FoldedText.of(original).text`` without the offset map: what the whole-document
    search needs, at a fraction of the cost."""
    if original.isascii():
        spaced = original.encode("ascii").translate(_ASCII_SPACES)
        return _LONG_SPACE_RUNS.sub(b" ", spaced).strip(b" ").decode("ascii")
    return " ".join(without_extraction_artefacts(original).split())


@dataclass(frozen=True, slots=True)
class FoldedText:
    """A text with whitespace runs folded to one space (and extraction artefacts
    undone), with a compact map back to the original: the folded character at
    position ``p`` came from offset ``p + shifts[i]`` of the original, where
    ``i`` is the last breakpoint with ``breaks[i] <= p``. A folded space maps to
    the first whitespace character of its run."""

    text: str
    breaks: tuple[int, ...] = ()
    shifts: tuple[int, ...] = ()

    @classmethod
    def of(cls, original: str) -> FoldedText:
        if original.isascii():
            return cls._folded_ascii(original)
        if _has_artefacts(original):
            return cls._walked(original)
        text = " ".join(original.split())
        if not text:
            return cls("")
        shift = len(original) - len(original.lstrip())
        breaks, shifts = [0], [shift]
        for run in _LONG_WHITESPACE.finditer(original, shift, len(original.rstrip())):
            start, end = run.span()
            breaks.append(start - shift + 1)  # where the next token lands in the folded text
            shift += end - start - 1
            shifts.append(shift)
        return cls(text, tuple(breaks), tuple(shifts))

    @classmethod
    def _folded_ascii(cls, original: str) -> FoldedText:
        """The common case, all in C: ASCII whitespace becomes spaces (offsets
        unchanged), and only runs of two or more spaces need handling."""
        spaced = original.encode("ascii").translate(_ASCII_SPACES)
        end = len(spaced.rstrip(b" "))
        shift = len(spaced) - len(spaced.lstrip(b" "))
        if end == 0:
            return cls("")
        breaks, shifts, pieces = [0], [shift], []
        at = shift
        start = spaced.find(b"  ", at, end)  # a two-byte find skips far faster than a regex
        while start >= 0:
            stop = _SPACES.match(spaced, start).end()  # type: ignore[union-attr]
            pieces.append(spaced[at:start])
            breaks.append(start - shift + 1)
            shift += stop - start - 1
            shifts.append(shift)
            at = stop
            start = spaced.find(b"  ", at, end)
        pieces.append(spaced[at:end])
        return cls(b" ".join(pieces).decode("ascii"), tuple(breaks), tuple(shifts))

    @classmethod
    def _walked(cls, original: str) -> FoldedText:
        """The slow path, for text with soft hyphens or ligatures: one offset per
        folded character, then compressed into breakpoints."""
        parts: list[str] = []
        offsets: list[int] = []
        previous_end = -1
        for token in _NON_SPACE.finditer(original):
            chars, token_offsets = _undo_extraction(token.group(), token.start())
            if not chars:
                continue
            if previous_end >= 0:
                parts.append(" ")
                offsets.append(previous_end)  # the first whitespace character of the run
            parts.append(chars)
            offsets.extend(token_offsets)
            previous_end = token.end()
        breaks: list[int] = []
        shifts: list[int] = []
        for position, offset in enumerate(offsets):
            if not shifts or offset - position != shifts[-1]:
                breaks.append(position)
                shifts.append(offset - position)
        return cls("".join(parts), tuple(breaks), tuple(shifts))

    def source_offset(self, position: int) -> int:
        """The original offset of the folded character at ``position``."""
        return position + self.shifts[bisect_right(self.breaks, position) - 1]

    def source_span(self, at: int, length: int) -> tuple[int, int]:
        """The original span ``[start, end)`` of the folded text ``[at, at+length)``."""
        breaks, shifts = self.breaks, self.shifts
        last = at + length - 1
        if len(breaks) == 1:
            return at + shifts[0], last + shifts[0] + 1
        return (
            at + shifts[bisect_right(breaks, at) - 1],
            last + shifts[bisect_right(breaks, last) - 1] + 1,
        )

    @property
    def offsets(self) -> tuple[int, ...]:
        """The original offset of every folded character (for inspection and tests)."""
        return tuple(self.source_offset(p) for p in range(len(self.text)))


class QuoteCheck(NamedTuple):
    """The outcome of one quote: where in its chunk the source slice lies, or
    why it failed. An immutable named tuple (a verifier makes one per quote, and
    a tuple is the cheapest record to build); ``quote`` builds the stored
    ``Quote`` — the source's own text with document offsets — when asked."""

    chunk: Chunk | None  # the chunk holding the quote, when verified
    start: int  # the source slice, as offsets into chunk.text
    end: int
    reason: str  # why it failed; "" when verified
    reattributed_from: str | None = None  # the chunk id first cited, when moved to another

    @property
    def quote(self) -> Quote | None:
        chunk = self.chunk
        if chunk is None:
            return None
        start, end = self.start, self.end
        return Quote(
            chunk.text[start:end],
            chunk.document,
            chunk.chunk_id,
            chunk.start + start,
            chunk.start + end,
        )


_FAILED = QuoteCheck(None, 0, 0, NOT_IN_PASSAGE)
_EMPTY = QuoteCheck(None, 0, 0, EMPTY_QUOTE)


def _found(chunk: Chunk, folded: FoldedText, at: int, length: int) -> QuoteCheck:
    start, end = folded.source_span(at, length)
    return QuoteCheck(chunk, start, end, "")


def verify_quote(text: str, chunk: Chunk, folded: FoldedText | None = None) -> QuoteCheck:
    """Find ``text`` in ``chunk`` (whitespace-tolerant) and return the exact
    source slice with document offsets. ``folded`` is the chunk's text folded
    ahead of time; without it the chunk is folded here."""
    needle = normalise_quote(text)
    if not needle:
        return _EMPTY
    if folded is None:
        folded = FoldedText.of(chunk.text)
    at = folded.text.find(needle)
    if at < 0:
        return _FAILED
    return _found(chunk, folded, at, len(needle))


class _Joined(NamedTuple):
    """A document's chunks, folded and joined by NUL (never part of a folded quote
    that a chunk holds), for one search of the whole document."""

    siblings: Sequence[Chunk]
    text: str


class QuoteVerifier:
    """Verifies quotes against chunks, folding each chunk's text once. The
    folded texts are kept by chunk id, so an id must name one text (the
    build's ids are derived from the document path and the passage text)."""

    def __init__(self) -> None:
        self._folded: dict[str, FoldedText] = {}
        self._documents: dict[str, _Joined] = {}

    def fold(self, chunks: Iterable[Chunk]) -> None:
        """Fold chunks ahead of time (a build can do it as chunks are loaded)."""
        folded = self._folded
        for chunk in chunks:
            if chunk.chunk_id not in folded:
                folded[chunk.chunk_id] = FoldedText.of(chunk.text)

    def folded(self, chunk: Chunk) -> FoldedText:
        folded = self._folded.get(chunk.chunk_id)
        if folded is None:
            folded = self._folded[chunk.chunk_id] = FoldedText.of(chunk.text)
        return folded

    def verify(self, text: str, chunk: Chunk) -> QuoteCheck:
        return self._check(normalise_quote(text), chunk)

    def _check(self, needle: str, chunk: Chunk) -> QuoteCheck:
        """The folded quote ``needle`` looked for in ``chunk``."""
        if not needle:
            return _EMPTY
        folded = self._folded.get(chunk.chunk_id)
        if folded is None:
            folded = self.folded(chunk)
        at = folded.text.find(needle)
        if at < 0:
            return _FAILED
        start, end = folded.source_span(at, len(needle))
        return QuoteCheck(chunk, start, end, "")

    def verify_in_document(self, text: str, chunk: Chunk, siblings: Sequence[Chunk]) -> QuoteCheck:
        """``verify``, and when the cited chunk does not hold the quote, look in
        the other chunks of its document (``siblings``: the document's chunks).
        Exactly one other chunk holding it re-attributes the quote to that chunk,
        recording the chunk first cited; more than one is ambiguous and fails.
        This is what composing an answer calls for every proposed quote."""
        needle = normalise_quote(text)
        check = self._check(needle, chunk)
        if check.chunk is not None or check is _EMPTY or not siblings:
            return check
        if needle not in self._joined(chunk.document, siblings):
            return check  # one search of the whole document: the usual failure
        return self._reattributed(needle, chunk, siblings, check)

    def _joined(self, document: str, siblings: Sequence[Chunk]) -> str:
        """The document's chunks among ``siblings``, folded and joined by NUL (kept)."""
        joined = self._documents.get(document)
        if joined is None or (joined.siblings is not siblings and joined.siblings != siblings):
            own = [self._text_of(c) for c in siblings if c.document == document]
            joined = self._documents[document] = _Joined(siblings, "\0".join(own))
        return joined.text

    def _text_of(self, chunk: Chunk) -> str:
        """The chunk's folded text: kept, or folded without its offset map."""
        folded = self._folded.get(chunk.chunk_id)
        return folded.text if folded is not None else folded_text(chunk.text)

    def _reattributed(
        self, needle: str, chunk: Chunk, siblings: Sequence[Chunk], check: QuoteCheck
    ) -> QuoteCheck:
        """The one other chunk of the document holding ``needle``, or why not."""
        candidates: dict[tuple[int, int], QuoteCheck] = {}
        for other in sorted(siblings, key=lambda c: (c.start, c.chunk_id)):
            if other.chunk_id == chunk.chunk_id or other.document != chunk.document:
                continue
            found = self._check(needle, other)
            if found.chunk is not None:  # overlapping chunks may hold the same span
                span = (other.start + found.start, other.start + found.end)
                candidates.setdefault(span, found)
        if not candidates:
            return check
        if len(candidates) > 1:
            ids = ", ".join(c.chunk.chunk_id for c in candidates.values() if c.chunk)
            return QuoteCheck(
                None,
                0,
                0,
                f"{NOT_IN_PASSAGE}; it occurs in {len(candidates)} other passages of "
                f"{chunk.document} ({ids}), so it is ambiguous and not re-attributed",
            )
        (moved,) = candidates.values()
        return moved._replace(reattributed_from=chunk.chunk_id)
