"""What the quotes count: each figure, what it counts, the clause it stands in; and
which figure is the whole and which the part a question asks about.

"The company manages 250 laptops, 245 of which have full-disk encryption enabled"
holds two counts of laptops, the 245 tied to the 250; "The company has 200
employees. 150 employees are based in the United States and 50 ..." three counts of
employees, the 200 the sum of the others. The calculator's plan reads these
(``evidence.calculate``); the figures are the quotes' own text, so every operand it
takes appears in a quote.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from dossier.common.textutil import (
    STOPWORDS,
    content_terms,
    fold_whitespace,
    sentence_spans,
    stem,
    words,
)
from dossier.research import thesaurus


@dataclass(frozen=True)
class Count:
    """A figure of a quote and what it counts."""

    figure: str  # as written: "1,500"
    value: float
    counted: frozenset[str]  # stems of the words it counts: "staff members"
    clause: frozenset[str]  # content stems of its clause (figures aside)
    sentence: frozenset[str]  # content stems of its sentence (figures aside)
    negated: bool  # its clause denies: "5 of which do not ..."
    percent: bool  # "96%", "96 percent"
    within: int | None = None  # the count it is part of: "12 of whom", "including 12"
    phrase: str = ""  # the figure and what it counts as written: "90 staff members", "96%"


# A figure, not part of a date, a time, a version or a larger number.
_FIGURE_IN_TEXT = re.compile(
    r"(?<![\w.,$/:-])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w/-]|[.,:]\d)"
)
_CLAUSE_END = re.compile(r",\s+|;\s*|:\s+|\s+(?:and|but|while|whereas)\s+", re.I)
_NAME_BEFORE = re.compile(r"\b[A-Z][A-Z0-9/]{1,}\s+$")  # "SOC 2", "ISO 27001"
_PERCENT_SIGN = re.compile(r"(\s*(?:%|per\s?cent\b))(?:\s+of)?(?:\s+(?:the|our|all))?", re.I)
_OF_THOSE = re.compile(r"\s+of\s+(?:whom|which|them|these|those)\b", re.I)
_INCLUDING = re.compile(r"(?:\bincluding|\bof\s+(?:whom|which))\s+$", re.I)
_NEGATED = re.compile(r"\b(?:not|no|never|none|without)\b|n[’']t\b", re.I)
_WORDS_AFTER = re.compile(r"\s+([a-z][a-z-]*)(?:\s+([a-z][a-z-]*))?", re.I)
# What the question counts: the words after "how many" / "what percentage of".
_ASKED_COUNT = re.compile(
    r"\b(?:how many|what (?:percentage|proportion|share|fraction|percent|per cent))\s+"
    r"(?:of\s+)?(?:(?:the|our|your|all)\s+)?((?:[a-z][a-z-]*\s*){1,2})",
    re.I,
)
# Words that say nothing of a count but that it is the whole: "The company has 200 employees".
_WHOLE_WORDS = frozenset(
    stem(w) for w in "employ manage operate own total overall altogether headcount".split()
)


def quoted_counts(quotes: Sequence[str]) -> list[Count]:
    """The figures of the quotes, in order, each with what it counts."""
    counts: list[Count] = []
    for quote in dict.fromkeys(fold_whitespace(q) for q in quotes):
        for start, end in sentence_spans(quote):
            counts += _sentence_counts(quote[start:end], len(counts))
    return counts


def _sentence_counts(sentence: str, offset: int) -> list[Count]:
    """The figures of one sentence ("SOC 2" aside); ``offset``: how many came before."""
    found: list[Count] = []
    clauses = _clauses(sentence)
    terms = content_stems(sentence)
    for match in _FIGURE_IN_TEXT.finditer(sentence):
        if _NAME_BEFORE.search(sentence, 0, match.start()):
            continue
        rest = sentence[match.end() :]
        clause = next(c for a, b, c in clauses if a <= match.start() < b)
        percent = _PERCENT_SIGN.match(rest)
        whole = next((c for c in reversed(found) if not c.percent and c.within is None), None)
        tied = _OF_THOSE.match(rest) or _INCLUDING.search(sentence, 0, match.start())
        if percent:  # "96% of employees": the figure and its sign are the value
            phrase, within = match.group(0) + percent.group(1), None
            counted = _counted_words(rest[percent.end() :])
        elif tied and whole is not None:
            phrase, counted = match.group(0), whole.counted
            within = offset + found.index(whole)
        else:
            counted, within = _counted_words(rest), None
            phrase = " ".join([match.group(0), *rest.split()[: len(counted)]]).rstrip(" .,;:")
        found.append(
            Count(
                match.group(0),
                _number(match.group(0)),
                counted,
                content_stems(clause),
                terms,
                _NEGATED.search(clause) is not None,
                percent is not None,
                within,
                phrase,
            )
        )
    return found


def _clauses(sentence: str) -> list[tuple[int, int, str]]:
    """The sentence cut at commas, semicolons and conjunctions: (start, end, text)."""
    spans, start = [], 0
    for cut in _CLAUSE_END.finditer(sentence):
        spans.append((start, cut.start()))
        start = cut.end()
    spans.append((start, len(sentence)))
    return [(a, b, sentence[a:b]) for a, b in spans]


def _counted_words(after: str) -> frozenset[str]:
    """The stems of the one or two words a figure counts ("90 staff members"), up to
    a stopword ("150 employees are")."""
    match = _WORDS_AFTER.match(after)
    if match is None:
        return frozenset()
    counted = []
    for word in (w for w in match.groups() if w):
        if word.lower() in STOPWORDS:
            break
        counted.append(stem(word.lower()))
    return frozenset(counted)


def content_stems(text: str) -> frozenset[str]:
    return frozenset(t for t in content_terms(text) if not t.replace(".", "").isdigit())


def counted_noun(question: str) -> frozenset[str]:
    """The stems of what the question counts: "staff members" of "How many staff
    members do not ...", "employees" of "What percentage of employees completed ...";
    up to a stopword or a past participle."""
    asked = _ASKED_COUNT.search(question)
    noun: list[str] = []
    for word in words(asked.group(1)) if asked else []:
        if word in STOPWORDS or word.endswith("ed"):
            break
        noun.append(stem(word))
    return frozenset(noun)


def names_all(terms: frozenset[str], present: frozenset[str]) -> bool:
    return all(thesaurus.says(term, present) for term in terms)


def whole_and_part(
    counts: list[Count], noun: frozenset[str], predicate: frozenset[str]
) -> tuple[Count, Count] | None:
    """The whole and the one part of it the predicate names, both counting ``noun``:
    the part names every term of the predicate in its clause (or in its sentence,
    when the sentence counts nothing else of the noun); None when no part, or more
    than one, does, or when no whole stands beside it."""
    if not predicate:
        return None
    of_noun = [i for i, c in enumerate(counts) if not c.percent and c.counted & noun]
    parts = [i for i in of_noun if _names_predicate(counts, of_noun, i, predicate)]
    if len(parts) != 1:
        return None
    part = counts[parts[0]]
    whole = _whole(counts, of_noun, parts[0], predicate)
    if whole is None or whole.value < part.value:
        return None
    return whole, part


def _names_predicate(
    counts: list[Count], of_noun: list[int], index: int, predicate: frozenset[str]
) -> bool:
    count = counts[index]
    if names_all(predicate, count.clause):
        return True
    alone = sum(counts[i].sentence == count.sentence for i in of_noun) == 1
    return alone and names_all(predicate, count.sentence)


def _whole(
    counts: list[Count], of_noun: list[int], part: int, predicate: frozenset[str]
) -> Count | None:
    """The whole a part belongs to: the count it is tied to ("250 laptops, 245 of
    which"), else the count that is the sum of the others, else the one count that
    says nothing of itself but what it counts ("The company has 200 employees")."""
    tied = counts[part].within
    if tied is not None:
        return counts[tied]
    tops = [counts[i] for i in of_noun if counts[i].within is None]
    summed = whole_of([c.figure for c in tops])
    if summed is not None and summed != counts[part].figure:
        return next(c for c in tops if c.figure == summed)
    plain = [
        counts[i]
        for i in of_noun
        if i != part
        and counts[i].within is None
        and counts[i].clause <= counts[i].counted | _WHOLE_WORDS
    ]
    return plain[0] if len(plain) == 1 and not names_all(predicate, plain[0].clause) else None


def whole_of(figures: Sequence[str]) -> str | None:
    """The figure that is the sum of the others (two or more of them): the whole
    stated beside its parts ("The company has 200 employees. 150 employees are based
    in the United States and 50 ... in the European Union"), which is the total
    itself, not one more figure to add; None when no figure is."""
    values = [_number(figure) for figure in figures]
    if len(values) < 3:
        return None
    return next((f for f, v in zip(figures, values, strict=True) if 2 * v == sum(values)), None)


def _number(figure: str) -> float:
    return float(figure.replace(",", ""))
