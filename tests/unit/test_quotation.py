"""Quotations in a reviewer's text: every common pair counts, and a quotation mark
without its pair is refused (found by an adversarial review: an opening “ with no
closing mark let a made-up sentence through unverified). The expectations come
from how a reader reads the marks, not from the code's output."""

from __future__ import annotations

import pytest

from dossier.review.quotation import QuotationMarkError, quotations

QUOTE = "Authenticators shall be refreshed every 90 days."


@pytest.mark.parametrize(
    ("opening", "closing"),
    [
        ("“", "”"),
        ('"', '"'),
        ('"', "”"),  # straight open, curly close
        ("“", '"'),  # curly open, straight close
        ("„", "“"),
        ("‘", "’"),
        ("'", "'"),
        ("«", "»"),
        ("»", "«"),
        ("‹", "›"),
        ("「", "」"),
    ],
)
def test_every_common_pair_is_a_quotation(opening: str, closing: str) -> None:
    (found,) = quotations(f"Yes: {opening}{QUOTE}{closing} per policy.")
    assert found.text == QUOTE
    assert (found.opening, found.closing) == (opening, closing)


@pytest.mark.parametrize("opening", ["“", '"', "‘", "'", "«", "‹", "„", "「"])
def test_an_opening_mark_never_closed_is_refused_naming_it(opening: str) -> None:
    text = f"Yes: {opening}{QUOTE} This applies to API keys."
    with pytest.raises(QuotationMarkError) as raised:
        quotations(text)
    assert raised.value.mark == opening and raised.value.problem == "never closed"
    assert raised.value.at == text.index(opening)
    assert f"the quotation mark {opening} at character 6" in str(raised.value)


def test_a_closing_mark_that_closes_nothing_is_refused() -> None:
    with pytest.raises(QuotationMarkError) as raised:
        quotations(f"Yes: {QUOTE}” and more.")
    assert raised.value.mark == "”" and raised.value.problem == "closes no quotation"


def test_marks_around_nothing_are_refused() -> None:
    with pytest.raises(QuotationMarkError) as raised:
        quotations("Yes: “  ” indeed.")
    assert raised.value.problem == "encloses nothing"


@pytest.mark.parametrize(
    "text",
    [
        "Yes, the vendor's policy doesn't allow it.",
        "Yes, the vendors' contracts say so.",
        "Yes, the vendor’s policy doesn’t allow it; the vendors’ contracts agree.",
        "It's the owners' job (and the owner's).",
    ],
)
def test_apostrophes_in_words_are_not_quotation_marks(text: str) -> None:
    assert quotations(text) == []


def test_a_single_mark_at_a_word_start_opens_a_quotation() -> None:
    """An elision at a word's start ('90s) reads as an opening mark: a quotation
    cannot be told from it, so it must be closed (or the text reworded)."""
    with pytest.raises(QuotationMarkError):
        quotations("Since the '90s.")


def test_apostrophes_inside_a_quotation_do_not_close_it() -> None:
    """Known limit: a plural possessive inside single marks ends the quotation at its
    word ("…the vendors"); the words quoted must still verify, so nothing unverified
    passes, the edit may only be refused."""
    (found,) = quotations("Yes: ‘the vendor’s policy isn’t the vendors’ own’ indeed.")
    assert found.text == "the vendor’s policy isn’t the vendors"
    (found,) = quotations("Yes: “the vendor's policy” and that's it.")
    assert found.text == "the vendor's policy"


def test_marks_of_another_kind_are_part_of_the_quotation() -> None:
    (found,) = quotations("He said “the ‘main’ policy applies” today.")
    assert found.text == "the ‘main’ policy applies"


def test_several_quotations_in_order() -> None:
    found = quotations("“One.” and «Two.» and 'Three.'")
    assert [q.text for q in found] == ["One.", "Two.", "Three."]


def test_a_figure_in_inches_is_no_quotation() -> None:
    assert quotations('Our 15" laptops and 13" tablets are encrypted.') == []
    (found,) = quotations('The screens are 15" wide: "laptops are encrypted" says the policy.')
    assert found.text == "laptops are encrypted"
    (found,) = quotations('The minimum is "15" characters.')
    assert found.text == "15"
