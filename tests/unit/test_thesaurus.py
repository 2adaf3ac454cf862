"""The thesaurus: keys are stems, so every group matches what it names."""

from __future__ import annotations

from dossier.common.textutil import content_terms, stem
from dossier.research import thesaurus


def test_every_one_word_entry_is_a_key_by_its_stem() -> None:
    for group in thesaurus.GROUPS:
        for entry in group:
            if len(entry.split()) == 1 and "-" not in entry:
                assert thesaurus.alternatives(stem(entry.lower())), entry


def test_an_alternative_says_the_term() -> None:
    present = set(content_terms("Departing staff have their access revoked on the last day."))
    assert thesaurus.says(stem("terminate"), present)
    assert not thesaurus.says(stem("encrypt"), present)


def test_a_phrase_counts_only_when_all_its_words_occur() -> None:
    assert thesaurus.says(stem("vendor"), set(content_terms("a third party provider")))
    assert not thesaurus.says(stem("vendor"), set(content_terms("a party")))
