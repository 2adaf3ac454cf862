"""Unit tests for dossier.evidence.verify: the whitespace-tolerant, otherwise exact quote check."""

from __future__ import annotations

import re

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from dossier.common.textutil import LIGATURES, SOFT_HYPHEN
from dossier.evidence.verify import (
    FoldedText,
    QuoteCheck,
    QuoteVerifier,
    folded_text,
    normalise_quote,
    verify_quote,
)
from dossier.records import Chunk

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


def test_zero_width_characters_inside_words_are_ignored() -> None:
    chunk = make_chunk("Multi-factor authen\u200btication is re\u2060quired.")
    check = verify_quote("Multi-factor authentication is required", chunk)
    assert check.quote is not None
    assert check.quote.text == "Multi-factor authen\u200btication is re\u2060quired"


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


@given(text=CHUNK_TEXT, data=st.data())
def test_confusable_substitution_fails(text: str, data: st.DataObject) -> None:
    """The substitutions a model is most likely to make (typographic quotes and
    dashes, another digit, the other case) are never forgiven."""
    a = data.draw(st.integers(0, len(text) - 1), label="a")
    b = data.draw(st.integers(a + 1, len(text)), label="b")
    lo, hi = _stripped_span(text, a, b)
    assume(hi > lo)
    needle = " ".join(text[lo:hi].split())
    confusables = {
        "'": "\u2019\u2018`",
        '"': "\u201c\u201d'",
        "-": "\u2013\u2014\u2010",
        **{d: "0123456789".replace(d, "") for d in "0123456789"},
    }

    def options_for(ch: str) -> str:
        swapped = ch.swapcase() if ch.isalpha() else ""
        return confusables.get(ch, swapped if swapped != ch else "")

    # only the characters a model could confuse: drawing among them, rather than
    # drawing any and discarding the rest, keeps Hypothesis from filtering too much
    positions = [i for i, ch in enumerate(needle) if ch != " " and options_for(ch)]
    assume(positions)
    i = data.draw(st.sampled_from(positions), label="i")
    options = options_for(needle[i])
    changed = (
        needle[:i] + data.draw(st.sampled_from(options), label="replacement") + needle[i + 1 :]
    )
    assume(changed not in FoldedText.of(text).text)  # the changed text is elsewhere in the chunk
    assert verify_quote(changed, make_chunk(text)).quote is None


# --- the fast fold agrees with a character walk ------------------------------------------


def _walked_offsets(original: str) -> tuple[str, list[int]]:
    """The rule written the slow, obvious way: one step per character."""
    chars: list[str] = []
    offsets: list[int] = []
    pending_space = -1
    for i, ch in enumerate(original):
        if ch.isspace():
            if chars and pending_space < 0:
                pending_space = i
            continue
        letters = "" if ch == SOFT_HYPHEN else LIGATURES.get(ch, ch)
        if not letters:
            continue
        if pending_space >= 0:
            chars.append(" ")
            offsets.append(pending_space)
            pending_space = -1
        chars.extend(letters)
        offsets.extend([i] * len(letters))
    return "".join(chars), offsets


ASCII_TEXT = st.text(
    alphabet=st.sampled_from([*"ab.9'", " ", " ", "\n", "\t", "\r", "\x0b", "\x1c"]),
    max_size=80,
)
MIXED_TEXT = st.text(
    alphabet=st.sampled_from(
        [*"ab.9'\u2019", " ", "\n", "\u00a0", "\u2003", "ﬁ", "ﬃ", SOFT_HYPHEN]
    ),
    max_size=80,
)


@given(st.one_of(ASCII_TEXT, MIXED_TEXT, st.text(max_size=60)))
def test_fold_matches_a_character_walk(original: str) -> None:
    walked_text, walked_offsets = _walked_offsets(original)
    folded = FoldedText.of(original)
    assert folded.text == walked_text
    assert list(folded.offsets) == walked_offsets


@given(st.one_of(ASCII_TEXT, MIXED_TEXT, st.text(max_size=60)))
def test_the_folded_text_alone_is_the_folded_texts_text(text: str) -> None:
    assert folded_text(text) == FoldedText.of(text).text


def test_fold_keeps_a_compact_map() -> None:
    folded = FoldedText.of("One two\nthree.\n\nFour  five.")
    assert folded.text == "One two three. Four five."
    assert folded.breaks == (0, 15, 20)  # only where a run longer than one character ends
    assert folded.shifts == (0, 1, 2)
    assert folded.source_span(15, 4) == (16, 20)  # "Four"
    assert folded.source_span(20, 4) == (22, 26)  # "five"


# --- adversarial cases -------------------------------------------------------------------


def test_straight_quote_for_a_curly_one_fails_and_the_reverse() -> None:
    chunk = make_chunk("Staff sign the \u201cAcceptable Use\u201d policy; it's annual.")
    assert verify_quote('sign the "Acceptable Use" policy', chunk).quote is None
    assert verify_quote("sign the \u201cAcceptable Use\u201d policy", chunk).quote is not None
    assert verify_quote("it\u2019s annual", chunk).quote is None


def test_ligature_is_forgiven_and_the_exact_source_slice_is_stored() -> None:
    text = "Section 2.\nThe ﬁrewall\nconﬁguration is ofﬁcially reviewed."
    chunk = make_chunk(text, 500)
    check = verify_quote("firewall configuration is officially", chunk)
    assert check.quote is not None
    assert check.quote.text == "ﬁrewall\nconﬁguration is ofﬁcially"
    assert text[check.quote.start - 500 : check.quote.end - 500] == check.quote.text
    # the ligature is one character: a quote ending inside it still takes the whole glyph
    partial = verify_quote("The f", chunk)
    assert partial.quote is not None and partial.quote.text == "The ﬁ"


def test_quote_spanning_a_soft_hyphenated_word() -> None:
    text = "Access rights are re\u00adviewed by the in\u00adformation security team every quarter."
    chunk = make_chunk(text, 40)
    check = verify_quote("are reviewed by the information security team", chunk)
    assert check.quote is not None
    assert check.quote.text == "are re\u00adviewed by the in\u00adformation security team"
    assert text[check.quote.start - 40 : check.quote.end - 40] == check.quote.text
    # typing the soft hyphen (or a hyphen) is not the same as the word
    assert verify_quote("are re\u00adviewed", chunk).quote is not None
    assert verify_quote("are re-viewed", chunk).quote is None


def test_soft_hyphen_before_a_line_break_forgives_only_the_hyphen() -> None:
    """The rule forgives the soft hyphen itself; the line break after it is
    whitespace like any other, so the two halves stay two words."""
    chunk = make_chunk("Logs are re\u00ad\nviewed daily.")
    assert verify_quote("Logs are re viewed daily", chunk).quote is not None
    assert verify_quote("Logs are reviewed daily", chunk).quote is None


@pytest.mark.parametrize(
    ("quote", "verifies"),
    [
        ("retained for 90 days", True),
        ("retained for 30 days", False),
        ("retained for 900 days", False),
        ("retained for 9O days", False),  # a letter O for the zero
        ("retained for 90\u00a0days", True),  # a no-break space is whitespace
    ],
)
def test_digits_must_match(quote: str, verifies: bool) -> None:
    chunk = make_chunk("Audit logs are retained for 90 days.")
    assert (verify_quote(quote, chunk).quote is not None) is verifies


# --- QuoteVerifier: its entry points and re-attribution -----------------------------------


@given(text=st.one_of(CHUNK_TEXT, MIXED_TEXT), quotes=st.lists(st.text(max_size=20), max_size=5))
def test_every_entry_point_gives_the_same_check(text: str, quotes: list[str]) -> None:
    chunk = make_chunk(text, 3)
    quotes = [*quotes, text[1:9], text[len(text) // 2 :]]
    verifier = QuoteVerifier()
    checks = [verifier.verify(q, chunk) for q in quotes]
    assert checks == [verify_quote(q, chunk) for q in quotes]
    assert checks == [verifier.verify_in_document(q, chunk, [chunk]) for q in quotes]


def test_checks_keep_their_reasons(chunk: Chunk) -> None:
    other = Chunk("b0ffee", "policies/backup.md", 900, 918, "Backups run daily.", "")
    verifier = QuoteVerifier()
    checks = [
        verifier.verify_in_document(q, c, [c])
        for q, c in [
            ("rotated every 90 days", chunk),
            ("", chunk),
            ("Backups\nrun", other),
            ("nope", other),
        ]
    ]
    reasons = [c.reason for c in checks]
    assert reasons == ["", "empty quote", "", "quote text is not in the cited passage"]
    assert checks[2].quote is not None and checks[2].quote.chunk_id == other.chunk_id
    assert checks[2].quote.text == "Backups run"


def _one_by_one(text: str, chunk: Chunk, siblings: list[Chunk]) -> QuoteCheck:
    """Re-attribution as the rule states it, without the verifier's whole-document
    search: the cited chunk, else every other chunk of the document on its own."""
    check = verify_quote(text, chunk)
    if check.quote is not None or check.reason == "empty quote":
        return check
    found: dict[tuple[int, int], QuoteCheck] = {}
    for other in sorted(siblings, key=lambda c: (c.start, c.chunk_id)):
        if other.chunk_id != chunk.chunk_id and other.document == chunk.document:
            hit = verify_quote(text, other)
            if hit.quote is not None:
                found.setdefault((hit.quote.start, hit.quote.end), hit)
    if len(found) != 1:
        return check if not found else QuoteCheck(None, 0, 0, "ambiguous")
    (moved,) = found.values()
    return moved._replace(reattributed_from=chunk.chunk_id)


@given(
    texts=st.lists(st.one_of(CHUNK_TEXT, MIXED_TEXT), min_size=1, max_size=5),
    picks=st.lists(
        st.tuples(st.integers(0, 4), st.integers(0, 30), st.integers(1, 12)), max_size=6
    ),
    cited=st.integers(0, 4),
)
def test_whole_document_search_finds_what_chunk_by_chunk_search_finds(
    texts: list[str], picks: list[tuple[int, int, int]], cited: int
) -> None:
    chunks = _document(*texts)
    chunks.append(Chunk("elsewhere", "policies/other.md", 0, len(texts[0]), texts[0], ""))
    quotes = [texts[n % len(texts)][at : at + size] for n, at, size in picks] + ["\x00"]
    verifier = QuoteVerifier()
    for quote in quotes:
        check = verifier.verify_in_document(quote, chunks[cited % len(texts)], chunks)
        expected = _one_by_one(quote, chunks[cited % len(texts)], chunks)
        if expected.reason == "ambiguous":
            assert check.quote is None and "ambiguous" in check.reason
        else:
            assert check == expected


def _document(*texts: str, document: str = "policies/access.md") -> list[Chunk]:
    chunks, at = [], 0
    for n, text in enumerate(texts):
        chunks.append(Chunk(f"chunk-{n}", document, at, at + len(text), text, "Access"))
        at += len(text) + 2
    return chunks


def test_quote_in_exactly_one_other_chunk_is_reattributed() -> None:
    chunks = _document(
        "Passwords are at least 12 characters.",
        "Access is reviewed\nevery quarter by the data owner.",
        "Leavers lose access within 24 hours.",
    )
    check = QuoteVerifier().verify_in_document("reviewed every quarter", chunks[0], chunks)
    assert check.reason == ""
    assert check.reattributed_from == "chunk-0"
    assert check.quote is not None
    assert check.quote.chunk_id == "chunk-1"
    assert check.quote.text == "reviewed\nevery quarter"
    assert (check.quote.start, check.quote.end) == (chunks[1].start + 10, chunks[1].start + 32)


def test_quote_in_the_cited_chunk_is_not_reattributed() -> None:
    chunks = _document("Backups run daily.", "Backups run daily.")
    check = QuoteVerifier().verify_in_document("Backups run daily", chunks[1], chunks)
    assert check.quote is not None and check.quote.chunk_id == "chunk-1"
    assert check.reattributed_from is None


def test_quote_in_two_other_chunks_is_ambiguous() -> None:
    chunks = _document(
        "Passwords are at least 12 characters.",
        "Backups are encrypted at rest.",
        "Laptops are encrypted at rest.",
    )
    check = QuoteVerifier().verify_in_document("encrypted at rest", chunks[0], chunks)
    assert check.quote is None
    assert check.reattributed_from is None
    assert "ambiguous" in check.reason
    assert "chunk-1" in check.reason and "chunk-2" in check.reason


def test_overlapping_chunks_holding_the_same_span_count_once() -> None:
    text = "Keys rotate yearly. Tokens expire hourly. Sessions end at logout."
    first = Chunk("a", "k.md", 0, 41, text[:41], "")
    second = Chunk("b", "k.md", 20, len(text), text[20:], "")
    cited = Chunk("c", "k.md", 100, 110, "Unrelated.", "")
    check = QuoteVerifier().verify_in_document(
        "Tokens expire hourly", cited, [first, second, cited]
    )
    assert check.reattributed_from == "c"
    assert check.quote is not None and check.quote.chunk_id == "a"
    assert (check.quote.start, check.quote.end) == (20, 40)


def test_other_documents_and_absent_quotes_are_not_reattributed() -> None:
    chunks = _document("Passwords are at least 12 characters.", "MFA is required.")
    elsewhere = _document("Backups are encrypted at rest.", document="policies/backup.md")
    verifier = QuoteVerifier()
    moved = verifier.verify_in_document("encrypted at rest", chunks[0], [*chunks, *elsewhere])
    assert moved.quote is None and moved.reason == "quote text is not in the cited passage"
    empty = verifier.verify_in_document("  ", chunks[0], chunks)
    assert empty.reason == "empty quote"


def test_a_quote_across_two_chunks_of_the_joined_document_is_not_found() -> None:
    chunks = _document("Keys rotate yearly.", "Tokens expire hourly.")
    verifier = QuoteVerifier()
    for quote in ["yearly.\x00Tokens", "yearly. Tokens"]:
        check = verifier.verify_in_document(quote, chunks[0], chunks)
        assert check.quote is None and check.reason == "quote text is not in the cited passage"


def test_changed_siblings_are_searched_afresh() -> None:
    chunks = _document("Keys rotate yearly.", "Tokens expire hourly.")
    verifier = QuoteVerifier()
    assert verifier.verify_in_document("MFA", chunks[0], chunks).quote is None
    grown = [*chunks, *_document("x", "y", "MFA is required.")[2:]]
    moved = verifier.verify_in_document("MFA", chunks[0], grown)
    assert moved.quote is not None and moved.reattributed_from == "chunk-0"
