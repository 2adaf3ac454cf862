"""The quote verifier: a quote counts only if its text is literally in the cited chunk.

Matching is whitespace-tolerant and nothing else: any run of spaces, tabs and
newlines in the quote or the source folds to one space; every other character
must be equal. The stored quote is the *source's* slice, found through an
offset map, never the text a model typed.
"""

from __future__ import annotations

from dataclasses import dataclass

from dossier.records import Chunk, Quote


@dataclass(frozen=True)
class FoldedText:
    """A text with whitespace runs folded to one space, and for each folded
    character its offset in the original text."""

    text: str
    offsets: tuple[int, ...]

    @classmethod
    def of(cls, original: str) -> FoldedText:
        chars: list[str] = []
        offsets: list[int] = []
        in_space = False
        for i, ch in enumerate(original):
            if ch.isspace():
                if not in_space and chars:
                    chars.append(" ")
                    offsets.append(i)
                in_space = True
                continue
            in_space = False
            chars.append(ch)
            offsets.append(i)
        if chars and chars[-1] == " ":
            chars.pop()
            offsets.pop()
        return cls("".join(chars), tuple(offsets))


@dataclass(frozen=True)
class QuoteCheck:
    quote: Quote | None  # the source slice, when verified
    reason: str  # why it failed; "" when verified


def verify_quote(text: str, chunk: Chunk, folded: FoldedText | None = None) -> QuoteCheck:
    """Find ``text`` in ``chunk`` (whitespace-tolerant) and return the exact
    source slice with document offsets."""
    needle = " ".join(text.split())
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
