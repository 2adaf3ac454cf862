"""The quote verifier: a quote counts only if its text is literally in the cited chunk.

Matching is whitespace-tolerant: any run of spaces, tabs and newlines in the
quote or the source folds to one space. Beyond that, only what text extraction
itself introduces is forgiven: a soft hyphen (U+00AD) is ignored and a Latin
ligature (ﬁ, ﬂ, ﬀ, ﬃ, ﬄ, ﬅ, ﬆ) equals its letters. Everything else must be
equal: curly and straight quotes, dashes, accents, case, digits and punctuation
all count. The stored quote is the *source's* slice, found through an offset
map, never the text a model typed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from dossier.records import Chunk, Quote

_NON_SPACE = re.compile(r"\S+")
SOFT_HYPHEN = "\u00ad"
LIGATURES = {"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st"}
_ARTEFACTS = re.compile("[" + SOFT_HYPHEN + "".join(LIGATURES) + "]")


def _undo_extraction(token: str, start: int) -> tuple[str, Sequence[int]]:
    """A token with soft hyphens dropped and ligatures spelled out, and for each
    character the source offset it came from."""
    if not _ARTEFACTS.search(token):
        return token, range(start, start + len(token))
    chars: list[str] = []
    offsets: list[int] = []
    for i, ch in enumerate(token):
        expansion = "" if ch == SOFT_HYPHEN else LIGATURES.get(ch, ch)
        chars.append(expansion)
        offsets.extend([start + i] * len(expansion))
    return "".join(chars), offsets


def normalise_quote(text: str) -> str:
    """What a quote is matched as: extraction artefacts undone, whitespace folded."""
    if not _ARTEFACTS.search(text):
        return " ".join(text.split())
    undone = (_undo_extraction(token, 0)[0] for token in text.split())
    return " ".join(token for token in undone if token)


@dataclass(frozen=True)
class FoldedText:
    """A text with whitespace runs folded to one space, and for each folded
    character its offset in the original text."""

    text: str
    offsets: tuple[int, ...]

    @classmethod
    def of(cls, original: str) -> FoldedText:
        plain = not _ARTEFACTS.search(original)  # the common case: only whitespace folds
        parts: list[str] = []
        offsets: list[int] = []
        previous_end = -1
        for token in _NON_SPACE.finditer(original):
            token_offsets: Sequence[int]
            if plain:
                chars, token_offsets = token.group(), range(token.start(), token.end())
            else:
                chars, token_offsets = _undo_extraction(token.group(), token.start())
            if not chars:
                continue
            if previous_end >= 0:
                parts.append(" ")
                offsets.append(previous_end)  # the first whitespace character of the run
            parts.append(chars)
            offsets.extend(token_offsets)
            previous_end = token.end()
        return cls("".join(parts), tuple(offsets))


@dataclass(frozen=True)
class QuoteCheck:
    quote: Quote | None  # the source slice, when verified
    reason: str  # why it failed; "" when verified


def verify_quote(text: str, chunk: Chunk, folded: FoldedText | None = None) -> QuoteCheck:
    """Find ``text`` in ``chunk`` (whitespace-tolerant) and return the exact
    source slice with document offsets."""
    needle = normalise_quote(text)
    if not needle:
        return QuoteCheck(None, "empty quote")
    folded = folded or FoldedText.of(chunk.text)
    at = folded.text.find(needle)
    if at < 0:
        return QuoteCheck(None, "quote text is not in the cited passage")
    start = folded.offsets[at]
    end = folded.offsets[at + len(needle) - 1] + 1
    source = chunk.text[start:end]
    return QuoteCheck(
        Quote(source, chunk.document, chunk.chunk_id, chunk.start + start, chunk.start + end), ""
    )


class QuoteVerifier:
    """Verifies quotes against chunks, folding each chunk's text once."""

    def __init__(self) -> None:
        self._folded: dict[str, FoldedText] = {}

    def verify(self, text: str, chunk: Chunk) -> QuoteCheck:
        folded = self._folded.get(chunk.chunk_id)
        if folded is None:
            folded = self._folded[chunk.chunk_id] = FoldedText.of(chunk.text)
        return verify_quote(text, chunk, folded)
