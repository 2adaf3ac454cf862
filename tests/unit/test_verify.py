"""Unit tests for dossier.verify: the whitespace-tolerant, otherwise exact quote check."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from dossier.records import Chunk
from dossier.verify import LIGATURES, FoldedText, normalise_quote, verify_quote

DOC_PREFIX = "# Heading\n\nAn earlier paragraph of the document.\n\n"
PASSAGE = (
    "Encryption keys are rotated every 90 days.\n"
    "Access reviews happen quarterly;   results are\tkept for 1 year."
)
DOC_TEXT = DOC_PREFIX + PASSAGE + "\n\nA later paragraph.\n"


def make_chunk(text: str, start: int = 0, document: str = "policies/keys.md") -> Chunk:
    return Chunk("c0ffee", document, start, start + len(text), text, "Keys")


@pytest.fixture
def chunk() -> Chunk:
    start = DOC_TEXT.index(PASSAGE)
    made = make_chunk(PASSAGE, start)
    assert DOC_TEXT[made.start : made.end] == made.text
    return made


def test_exact_quote_verifies_with_document_offsets(chunk: Chunk) -> None:
    check = verify_quote("rotated every 90 days", chunk)
    assert check.reason == ""
    assert check.quote is not None
    assert check.quote.text == "rotated every 90 days"
    assert check.quote.start == chunk.start + PASSAGE.index("rotated")
    assert DOC_TEXT[check.quote.start : check.quote.end] == check.quote.text
    assert check.quote.document == chunk.document
    assert check.quote.chunk_id == chunk.chunk_id


def test_newline_typed_as_space_verifies_and_returns_source_slice(chunk: Chunk) -> None:
    check = verify_quote("every 90 days. Access reviews", chunk)
    assert check.quote is not None
    # the stored text is the source's slice (with its newline), not what was typed
    assert check.quote.text == "every 90 days.\nAccess reviews"
    assert DOC_TEXT[check.quote.start : check.quote.end] == check.quote.text


def test_runs_of_spaces_and_tabs_fold(chunk: Chunk) -> None:
    check = verify_quote("  quarterly; results\n are kept   for 1 year.  ", chunk)
    assert check.quote is not None
    assert check.quote.text == "quarterly;   results are\tkept for 1 year."
    assert check.quote.end == chunk.end
    assert DOC_TEXT[check.quote.start : check.quote.end] == check.quote.text


@pytest.mark.parametrize(
    "quote",
    [
        "rotated every 60 days",  # changed digit
        "rotated every ninety days",  # changed word
        "rotated every 90 days!",  # changed punctuation
        "Access reviews happen quarterly: results",  # ';' typed as ':'
        "encryption keys are rotated",  # case differs
        "rotatedevery 90 days",  # a space removed is not whitespace-tolerance
    ],
)
def test_changed_text_fails_with_reason(chunk: Chunk, quote: str) -> None:
    check = verify_quote(quote, chunk)
    assert check.quote is None
    assert check.reason == "quote text is not in the cited passage"


@pytest.mark.parametrize("quote", ["", "   ", "\n\t"])
def test_empty_quote_fails(chunk: Chunk, quote: str) -> None:
    check = verify_quote(quote, chunk)
    assert check.quote is None
    assert check.reason == "empty quote"


def test_precomputed_folded_text_is_used(chunk: Chunk) -> None:
    folded = FoldedText.of(chunk.text)
    with_fold = verify_quote("kept for 1 year", chunk, folded)
    without = verify_quote("kept for 1 year", chunk)
    assert with_fold == without
    assert with_fold.quote is not None


def test_first_occurrence_is_chosen() -> None:
    text = "Backups run daily. Backups run daily at night."
    check = verify_quote("Backups run daily", make_chunk(text, 100))
    assert check.quote is not None
    assert (check.quote.start, check.quote.end) == (100, 117)


# --- FoldedText ----------------------------------------------------------------------


def test_folded_text_examples() -> None:
    folded = FoldedText.of("  a \t\n b  c\n")
    assert folded.text == "a b c"
    assert folded.offsets == (2, 3, 7, 8, 10)


def test_folded_text_of_blank_is_empty() -> None:
    assert FoldedText.of(" \n\t ") == FoldedText("", ())


@given(st.text())
def test_folded_offsets_map_back(original: str) -> None:
    folded = FoldedText.of(original)
    assert len(folded.offsets) == len(folded.text)
    assert folded.text == normalise_quote(original)
    assert list(folded.offsets) == sorted(folded.offsets)  # ligature letters share an offset
    for ch, offset in zip(folded.text, folded.offsets, strict=True):
        if ch == " ":
            assert original[offset].isspace()
        else:
            assert original[offset] == ch or ch in LIGATURES.get(original[offset], "")


def test_pdf_ligature_matches_its_letters_and_the_source_is_stored() -> None:
    chunk = make_chunk("The ﬁrewall conﬁguration is reviewed.")
    check = verify_quote("firewall configuration", chunk)
    assert check.quote is not None and check.quote.text == "ﬁrewall conﬁguration"


def test_soft_hyphen_from_extraction_is_ignored() -> None:
    chunk = make_chunk("Access is re\u00adviewed quarterly.")
    check = verify_quote("Access is reviewed quarterly", chunk)
    assert check.quote is not None and check.quote.text == "Access is re\u00adviewed quarterly"


def test_curly_and_straight_quotes_are_not_forgiven() -> None:
    chunk = make_chunk("The company’s policy applies.")
    assert verify_quote("The company's policy", chunk).quote is None
    assert verify_quote("The company’s policy", chunk).quote is not None


# --- properties ------------------------------------------------------------------------

WHITESPACE_RUNS = st.lists(
    st.sampled_from([" ", "\t", "\n", "\r\n", "\u00a0", "\u2003", "  "]), min_size=1, max_size=3
).map("".join)

CHUNK_TEXT = st.text(
    alphabet=st.sampled_from([*"abcdeXYZ019.,;:()-'\"", " ", " ", "\n", "\t", "\u00a0"]),
    min_size=1,
    max_size=120,
)


def _stripped_span(text: str, start: int, end: int) -> tuple[int, int]:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


@given(
    text=CHUNK_TEXT,
    data=st.data(),
    chunk_start=st.integers(min_value=0, max_value=10_000),
)
def test_reflowed_slice_verifies_and_maps_back(
    text: str, data: st.DataObject, chunk_start: int
) -> None:
    a = data.draw(st.integers(0, len(text)), label="a")
    b = data.draw(st.integers(a, len(text)), label="b")
    lo, hi = _stripped_span(text, a, b)
    assume(hi > lo)
    piece = text[lo:hi]
    # re-flow: every whitespace run becomes a random whitespace run, and the edges may gain some
    reflowed = "".join(
        data.draw(WHITESPACE_RUNS) if part.isspace() else part
        for part in re.split(r"(\s+)", piece)
        if part
    )
    typed = (
        data.draw(st.sampled_from(["", " ", "\n"]))
        + reflowed
        + data.draw(st.sampled_from(["", " ", "\t"]))
    )
    chunk = make_chunk(text, chunk_start)
    check = verify_quote(typed, chunk)

    assert check.reason == ""
    assert check.quote is not None
    quote = check.quote
    assert text[quote.start - chunk_start : quote.end - chunk_start] == quote.text
    assert " ".join(quote.text.split()) == " ".join(piece.split())

    folded = FoldedText.of(text)
    expected_at = folded.offsets.index(lo)
    if folded.text.find(" ".join(piece.split())) == expected_at:
        assert (quote.start, quote.end) == (chunk_start + lo, chunk_start + hi)
    else:  # the same folded text occurs earlier in the passage: the first one is cited
        assert quote.start < chunk_start + lo


@given(text=CHUNK_TEXT, data=st.data())
def test_single_substitution_fails(text: str, data: st.DataObject) -> None:
    a = data.draw(st.integers(0, len(text)), label="a")
    b = data.draw(st.integers(a, len(text)), label="b")
    lo, hi = _stripped_span(text, a, b)
    assume(hi > lo)
    needle = " ".join(text[lo:hi].split())
    positions = [i for i, ch in enumerate(needle) if not ch.isspace()]
    i = data.draw(st.sampled_from(positions), label="i")
    replacement = data.draw(
        st.characters(exclude_categories=("Z", "Cc", "Cs")).filter(
            lambda c: not c.isspace() and c != needle[i]
        ),
        label="replacement",
    )
    changed = needle[:i] + replacement + needle[i + 1 :]
    assume(normalise_quote(changed) not in FoldedText.of(text).text)  # the documented forgiveness
    check = verify_quote(changed, make_chunk(text, 5))
    assert check.quote is None
    assert check.reason != ""
