"""When passages disagree about the value asked for, front-matter decides.

For one fact, the passage chosen to ground it is compared with its closest
competitors that state a value of the kind asked for (a frequency, a period,
a number):

- a competitor from a superseded document that states a different value is
  *disclosed* beside the current one ("superseding ... which stated ...");
- a competitor from another current document that states a different value
  is settled by ``effective_date`` (the newer wins, the older is disclosed);
  when the dates cannot settle it, the fact is a *conflict* and the answer is
  escalated to a person. Rank never decides.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from dossier.common.textutil import content_terms, fold_whitespace, quantities, sentence_spans
from dossier.ingest.authority import Authority
from dossier.records import Chunk
from dossier.research import thesaurus
from dossier.research.values import VALUE_NOUNS, denied, without_section_number

ValuePattern = re.Pattern[str]


@dataclass(frozen=True)
class Statement:
    """The sentence of a passage that states the value asked for, and the value."""

    chunk: Chunk
    sentence: str
    values: frozenset[str]


@dataclass(frozen=True)
class Outcome:
    keep: tuple[str, ...]  # chunk ids still grounding the fact
    disclosures: tuple[str, ...]
    conflicts: tuple[str, ...]


_NUMBER_WORDS = {
    w: str(i)
    for i, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve".split()
    )
} | {"fourteen": "14", "thirty": "30", "sixty": "60", "ninety": "90"}
_PERIODS = (
    ("hourly", r"hour"),
    ("daily", r"\bdai|\bday"),
    ("weekly", r"week"),
    ("monthly", r"month"),
    ("quarterly", r"quarter"),
    ("yearly", r"annual|year"),
)


def values_in(text: str, pattern: ValuePattern | None) -> frozenset[str]:
    """The values of the asked kind a text states, normalised for comparison:
    a period word for frequencies ("annually", "each year" → "yearly"), a
    number with its unit otherwise ("ninety days" → "90 day"); a clause's number
    ("3.1 Passwords ...") is none."""
    text = without_section_number(text)
    if pattern is None:
        return frozenset(f"{n} {u}" for n, u in quantities(_digits(text)) if u)
    found = [
        fold_whitespace(m.group(0)).lower()
        for m in pattern.finditer(text)
        if not denied(text, m.start())
    ]
    if any(_period(v) for v in found):  # a frequency: compare the periods only
        return frozenset(p for v in found if (p := _period(v)))
    return frozenset(f"{n} {u}".strip() for v in found for n, u in quantities(_digits(v)))


def _period(value: str) -> str:
    if re.search(r"\d|\b(one|two|three|four|five|six|seven|eight|nine|ten|twice)\b", value):
        return ""  # "every 90 days", "twice a year": a count, compared as numbers
    return next((name for name, words in _PERIODS if re.search(words, value)), "")


def _digits(text: str) -> str:
    return re.sub(
        r"\b(" + "|".join(_NUMBER_WORDS) + r")\b",
        lambda m: _NUMBER_WORDS[m.group(0).lower()],
        text,
        flags=re.I,
    )


def statement(chunk: Chunk, terms: tuple[str, ...], pattern: ValuePattern | None) -> Statement:
    """The sentence covering most of the fact's terms among those stating a value."""
    best: Statement | None = None
    best_overlap = -1
    for start, end in sentence_spans(chunk.text) or [(0, len(chunk.text))]:
        sentence = chunk.text[start:end]
        found = values_in(sentence, pattern)
        overlap = len(set(terms) & set(content_terms(sentence)))
        if found and overlap > best_overlap:
            best, best_overlap = Statement(chunk, fold_whitespace(sentence), found), overlap
    return best or Statement(chunk, "", frozenset())


def settle(
    chosen: list[str],
    rivals: list[str],
    chunk: Callable[[str], Chunk],
    authority: Authority,
    terms: tuple[str, ...],
    pattern: ValuePattern | None,
    compare_current: bool = True,
) -> Outcome:
    """``chosen``: chunk ids grounding the fact, best first; ``rivals``: close
    passages from documents that may not ground current practice. Current
    documents are compared with each other only when ``compare_current``."""
    if not chosen:
        return Outcome((), (), ())
    lead = statement(chunk(chosen[0]), terms, pattern)
    if not lead.values:
        return Outcome(tuple(chosen), (), ())
    settled = _Settled(lead, (chosen[0],), (), ())
    for chunk_id in chosen[1:]:
        other = statement(chunk(chunk_id), terms, pattern)
        if (
            not compare_current
            or other.chunk.document == settled.lead.chunk.document
            or not _disagree(settled.lead, other, terms)
        ):
            settled = settled.keeping(other)
        else:
            settled = settled.against(other, authority.effective_dates)
    disclosures = [*settled.disclosures]
    for chunk_id in rivals:
        old = statement(chunk(chunk_id), terms, pattern)
        if (
            _disagree(settled.lead, old, terms)
            and authority.passage_superseded(old.chunk)
            and _about_the_fact(old.sentence, terms)
        ):
            disclosures.append(
                f"Superseded value: {authority.passage_reason(old.chunk)}; "
                f"it stated “{old.sentence}”"
            )
    return Outcome(settled.keep, tuple(dict.fromkeys(disclosures)), settled.conflicts)


def _about_the_fact(sentence: str, terms: tuple[str, ...]) -> bool:
    """Whether a sentence names at least half the fact's terms: a superseded document's
    "Passwords must contain at least three of four character types" is not its value
    for the minimum password length, though it states a number about passwords."""
    return 2 * len(set(terms) & set(content_terms(sentence))) >= len(terms)


@dataclass(frozen=True)
class _Settled:
    """Where settling stands after each competitor: the statement leading so far,
    the chunk ids still grounding the fact, and the notes made."""

    lead: Statement
    keep: tuple[str, ...]
    disclosures: tuple[str, ...]
    conflicts: tuple[str, ...]

    def keeping(self, other: Statement) -> _Settled:
        """A competitor that agrees (or is not compared) grounds the fact too."""
        return dataclasses.replace(self, keep=(*self.keep, other.chunk.chunk_id))

    def against(self, other: Statement, dates: Mapping[str, str]) -> _Settled:
        """A competitor that disagrees: the newer effective date leads and the older
        is disclosed; when the dates cannot settle it, both stand as a conflict."""
        newer = _newer(self.lead.chunk.document, other.chunk.document, dates)
        if newer == self.lead.chunk.document:
            return dataclasses.replace(
                self, disclosures=(*self.disclosures, _older_note(other, dates))
            )
        if newer == other.chunk.document:
            kept = tuple(c for c in self.keep if c != self.lead.chunk.chunk_id)
            return _Settled(
                other,
                (*kept, other.chunk.chunk_id),
                (*self.disclosures, _older_note(self.lead, dates)),
                self.conflicts,
            )
        return _Settled(
            self.lead,
            (*self.keep, other.chunk.chunk_id),
            self.disclosures,
            (*self.conflicts, _conflict_note(self.lead, other)),
        )


def _disagree(a: Statement, b: Statement, terms: tuple[str, ...]) -> bool:
    """Both sentences are about the fact (half its subject's terms or more, the first
    of them included: what sets the subject apart), both state a value of the asked
    kind, and no value is shared. "Affected customers will be notified within 72
    hours" and "Vendors must notify us of an incident within 48 hours" are not about
    one subject: neither settles the other by its date."""
    if not (a.values and b.values) or a.values & b.values:
        return False
    subject = [t for t in dict.fromkeys(terms) if t not in VALUE_NOUNS] or list(terms)
    wanted = set(subject)

    def about(sentence: str) -> bool:
        present = set(content_terms(sentence))
        named = {t for t in wanted if thesaurus.says(t, present)}
        return subject[0] in named and len(named) * 2 >= len(wanted)

    return about(a.sentence) and about(b.sentence)


def _newer(a: str, b: str, dates: Mapping[str, str]) -> str | None:
    date_a, date_b = dates.get(a), dates.get(b)
    if not date_a or not date_b or date_a == date_b:
        return None
    return a if date_a > date_b else b


def _older_note(old: Statement, dates: Mapping[str, str]) -> str:
    date = dates.get(old.chunk.document)
    return (
        f"Settled by effective date: {old.chunk.document} (effective {date}) is older "
        f"and stated “{old.sentence}”."
    )


def _conflict_note(a: Statement, b: Statement) -> str:
    return (
        f"{a.chunk.document} states “{a.sentence}” but {b.chunk.document} states "
        f"“{b.sentence}”, and their front-matter does not settle which is current"
    )
