"""The answer gate on the lead sentence: it must name what is asked about."""

from __future__ import annotations

import numpy as np

from dossier.ingest.sentences import Sentence
from dossier.research.candidates import Ask, Candidate, names_key_term
from dossier.research.scoring import SENTENCE_FEATURES


def _ask(key: tuple[str, ...]) -> Ask:
    vector = np.zeros(4, dtype=np.float32)
    return Ask(
        terms=("key", "customer", *key),
        key=key,
        kind=None,
        about_document=False,
        core=vector,
        question=vector,
    )


def _lead(key_coverage: float) -> Candidate:
    features = [0.0] * len(SENTENCE_FEATURES)
    features[SENTENCE_FEATURES.index("key_coverage")] = key_coverage
    text = "Encryption keys are stored in the key management service."
    sentence = Sentence("doc.md#0", "doc.md", 0, len(text), text)
    return Candidate(sentence, 0, tuple(features), 2.0)


def test_a_lead_naming_no_key_term_does_not_answer() -> None:
    assert not names_key_term(_ask(("byok", "bring")), _lead(0.0))


def test_a_lead_naming_one_key_term_may_answer() -> None:
    assert names_key_term(_ask(("byok", "bring")), _lead(0.4))


def test_an_ask_without_key_terms_is_not_gated() -> None:
    assert names_key_term(_ask(()), _lead(0.0))
