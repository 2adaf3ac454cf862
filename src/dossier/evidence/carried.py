"""Is a statement carried by its quotes? The share of its content words they state.

A model can quote a real sentence and write beside it a claim that says something
else entirely, with no number, name or negation for the other checks to catch:
"Yes. This is fully implemented for every system and every person, and an
independent auditor has confirmed it." beside a sentence about passwords. So each
statement's content words (stemmed, stopwords and questionnaire filler left out)
must occur in its quotes — directly, or as an alternative from the engine's
thesaurus (``research.thesaurus``, compared as Snowball stems) — for at least
``CARRIED_SHARE`` of them; otherwise the critic records a finding and the answer
escalates, whatever a model's entailment pass says.

The threshold, measured (``tests/unit/test_carried.py``): 30 paraphrases of
verified demo quotes, written as a model writes them ("Credentials are rotated
every 90 days." for "Authenticators shall be refreshed every 90 days."), cover
0.60 to 1.00 of their content words; 20 over-claims beside the same kind of
quotes (the lying model's sentence above, "customers may bring their own keys"
beside a key-management quote) cover 0.00 to 0.25. 0.5 lies in that gap. It is a
floor, not a proof: a claim that adds one unquoted idea to five quoted words
passes here, and is for the name, number and negation checks, the model's
entailment pass and the reviewer.
"""

from __future__ import annotations

from dataclasses import dataclass

from dossier.common.textutil import QUESTION_FILLER, STOPWORDS, fold_whitespace, stem, words
from dossier.records import Finding
from dossier.research.thesaurus import says

CARRIED_SHARE = 0.5


@dataclass(frozen=True)
class Carriage:
    share: float  # of the statement's content words that its quotes state
    missing: tuple[str, ...]  # the words that are not there, as the statement writes them


def carriage(statement: str, quoted: str) -> Carriage:
    """How much of ``statement`` its quotes (``quoted``, joined) state."""
    if fold_whitespace(statement) in fold_whitespace(quoted):  # the quotes' own words
        return Carriage(1.0, ())
    wanted = _content_words(statement)
    if not wanted:
        return Carriage(1.0, ())
    present = set(_content_words(quoted))
    missing = tuple(word for term, word in wanted.items() if not says(term, present))
    return Carriage((len(wanted) - len(missing)) / len(wanted), missing)


def carried_findings(index: int, statement: str, quoted: str) -> list[Finding]:
    """A finding when the quotes state less than ``CARRIED_SHARE`` of the statement."""
    found = carriage(statement, quoted)
    if found.share >= CARRIED_SHARE:
        return []
    detail = (
        f"its quotes state {found.share:.0%} of the statement's content words "
        f"(at least {CARRIED_SHARE:.0%} needed); not in them: {', '.join(found.missing[:10])}"
    )
    return [Finding("carried", index, detail)]


def _content_words(text: str) -> dict[str, str]:
    """Stemmed content term -> the word as written (its first occurrence): the terms
    ``content_terms`` gives (stopwords and questionnaire filler left out)."""
    found: dict[str, str] = {}
    for word in words(text):
        if word not in STOPWORDS and word not in QUESTION_FILLER and len(word) >= 2:
            found.setdefault(stem(word), word)
    return found
