"""The calculator: named operations over figures that already appear in verified quotes.

No ``eval``: each operation name dispatches to a pure function. Every operand
is given as the text it appears as (``"180"``, ``"$1,500"``, ``"2024-03-01"``,
``"90 days"``); a call whose operand text is not in one of the verified quotes
is refused with the reason, so a number in the dossier comes either from the
documents or from arithmetic over numbers in the documents.

``plan`` is the offline engine's deterministic reading of when a question asks
for arithmetic ("how many ... were not ...", "in total", "what percentage",
"how many days between"), and of which quoted figures feed it: figures that count
what the question counts, dates of the events it names. ``value_as_asked`` says
what the short answer may read off the lead quote for such a question when no
calculation runs: a percentage stated for what is asked, a whole stated beside its
parts, or nothing (a count of the group is no answer to how many are not in it).
"""

from __future__ import annotations

import datetime as dt
import operator
import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dossier.common.textutil import (
    STOPWORDS,
    content_terms,
    fold_whitespace,
    question_terms,
    sentence_spans,
    spaced_pattern,
    stem,
    words,
)
from dossier.evidence.counts import (
    Count,
    content_stems,
    counted_noun,
    names_all,
    quoted_counts,
    whole_and_part,
    whole_of,
)
from dossier.records import Calculation
from dossier.research import thesaurus
from dossier.research.values import ASKS_SHARE, DATE, DAYS_BETWEEN, DAYS_PER_UNIT

PERIOD_DAYS = DAYS_PER_UNIT  # days per unit of time, quarters included
SIZE_BYTES = {
    "b": 1,
    "kb": 1000,
    "mb": 1000**2,
    "gb": 1000**3,
    "tb": 1000**4,
    "kib": 1024,
    "mib": 1024**2,
    "gib": 1024**3,
    "tib": 1024**4,
}


class CalculatorRefusal(Exception):
    """A calculation that may not run; the message says why."""


_NUMBER = re.compile(r"[-+]?\$?\d[\d,]*(?:\.\d+)?")


def parse_number(text: str) -> float:
    """``"$1,500"`` → 1500.0, ``"90 days"`` → 90.0; refuses text without one number."""
    found = _NUMBER.findall(text)
    if len(found) != 1:
        raise CalculatorRefusal(f"operand {text!r} is not a single number")
    return float(found[0].replace("$", "").replace(",", ""))


def parse_date(text: str) -> dt.date:
    """``"2025-03-02"``, ``"March 2, 2025"``, ``"2 Mar 2025"`` → 2025-03-02."""
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        pass
    named = _NAMED_DATE.fullmatch(" ".join(text.split()))
    try:
        if named is None:
            raise ValueError(text)
        month = _month(named.group("month") or named.group("month2"))
        day = int(named.group("day") or named.group("day2"))
        return dt.date(int(named.group("year") or named.group("year2")), month, day)
    except ValueError as err:
        raise CalculatorRefusal(f"operand {text!r} is not a date") from err


_MONTHS = (
    "january february march april may june july august september october november december"
).split()


def _month(name: str) -> int:
    """ "March", "Mar", "Mar." or "Sept" → its number."""
    word = name.rstrip(".").lower()
    for number, month in enumerate(_MONTHS, start=1):
        if len(word) >= 3 and month.startswith(word):
            return number
    raise ValueError(name)


_MONTH = r"[A-Z][a-z]+\.?"
_NAMED_DATE = re.compile(
    rf"(?P<month>{_MONTH}) (?P<day>\d{{1,2}})(?:st|nd|rd|th)?,? (?P<year>\d{{4}})"
    rf"|(?P<day2>\d{{1,2}})(?:st|nd|rd|th)? (?P<month2>{_MONTH}),? (?P<year2>\d{{4}})"
)


@dataclass(frozen=True)
class _Binary:
    """An operation on two numbers, shown as ``a <symbol> b = result``."""

    op: Callable[[float, float], float]
    symbol: str
    unit: str = ""  # of the result: "%"

    def __call__(self, operands: Sequence[str]) -> Result:
        if len(operands) != 2:
            raise CalculatorRefusal(f"'{self.symbol}' takes two operands, not {len(operands)}")
        a, b = (parse_number(x) for x in operands)
        value = self.op(a, b)
        return value, f"{_show(a)} {self.symbol} {_show(b)} = {_show(value)}{self.unit}"


@dataclass(frozen=True)
class _Aggregate:
    """An operation on one or more numbers, shown as ``name(a, b, ...) = result``."""

    op: Callable[[list[float]], float]
    name: str

    def __call__(self, operands: Sequence[str]) -> Result:
        if not operands:
            raise CalculatorRefusal(f"'{self.name}' needs at least one operand")
        values = [parse_number(x) for x in operands]
        value = self.op(values)
        return value, f"{self.name}({', '.join(_show(v) for v in values)}) = {_show(value)}"


def _divide(a: float, b: float) -> float:
    if b == 0:
        raise CalculatorRefusal("division by zero")
    return a / b


def _percent_change(old: float, new: float) -> float:
    return _divide(new - old, old) * 100


def _percentage_of(part: float, whole: float) -> float:
    return _divide(part, whole) * 100


def _date_difference(operands: Sequence[str]) -> Result:
    if len(operands) != 2:
        raise CalculatorRefusal("'date_difference' takes two dates")
    first, second = (parse_date(x) for x in operands)
    days = (second - first).days
    return float(days), f"{second} − {first} = {_days(days)}"


def _days(count: float) -> str:
    return f"{_show(count)} day{'' if abs(count) == 1 else 's'}"


def _convert(operands: Sequence[str]) -> Result:
    """``["90 days", "week"]`` → 12.857…; periods and data sizes."""
    if len(operands) != 2:
        raise CalculatorRefusal("'convert' takes a quantity with its unit and a target unit")
    value = parse_number(operands[0])
    unit = _unit_of(operands[0])
    target = _singular(operands[1].strip().lower())
    for table in (PERIOD_DAYS, SIZE_BYTES):
        if unit in table and target in table:
            result = value * table[unit] / table[target]
            return result, f"{operands[0]} = {_show(result)} {target}s"
    raise CalculatorRefusal(f"cannot convert {operands[0]!r} to {operands[1]!r}")


def _unit_of(text: str) -> str:
    unit = re.sub(r"[\d.,$+\-\s]+", " ", text).strip().lower().split()
    if not unit:
        raise CalculatorRefusal(f"operand {text!r} has no unit")
    return _singular(unit[0])


def _singular(unit: str) -> str:
    return unit[:-1] if unit.endswith("s") and unit[:-1] in PERIOD_DAYS else unit


Result = tuple[float, str]
OPERATIONS: dict[str, Callable[[Sequence[str]], Result]] = {
    "add": _Binary(operator.add, "+"),
    "subtract": _Binary(operator.sub, "−"),
    "multiply": _Binary(operator.mul, "×"),
    "divide": _Binary(_divide, "÷"),
    "percent_change": _Binary(_percent_change, "→ % change", "%"),
    "percentage_of": _Binary(_percentage_of, "as % of", "%"),
    "sum": _Aggregate(sum, "sum"),
    "average": _Aggregate(statistics.fmean, "average"),
    "min": _Aggregate(min, "min"),
    "max": _Aggregate(max, "max"),
    "date_difference": _date_difference,
    "convert": _convert,
}


def calculate(operation: str, operands: Sequence[str], quotes: Sequence[str]) -> Calculation:
    """Run ``operation``; every operand (but a conversion's target unit) must
    appear in one of the verified ``quotes``, whitespace-tolerantly."""
    run = OPERATIONS.get(operation)
    if run is None:
        raise CalculatorRefusal(
            f"unknown operation '{operation}' (known: {', '.join(sorted(OPERATIONS))})"
        )
    checked = operands[:1] if operation == "convert" else operands
    for operand in checked:
        if not any(appears(operand, quote) for quote in quotes):
            raise CalculatorRefusal(f"operand {operand!r} does not appear in a verified quote")
    value, expression = run(operands)
    return Calculation(operation, tuple(operands), _shown(operation, value), expression)


def _shown(operation: str, value: float) -> str:
    """A result as an answer gives it: a share with its sign ("98%", not "98"), a
    difference of dates in days ("349 days")."""
    if operation == "date_difference":
        return _days(value)
    return _show(value) + ("%" if operation in ("percent_change", "percentage_of") else "")


def appears(operand: str, text: str) -> bool:
    """Whether ``operand`` occurs in ``text`` as a whole figure (whitespace-tolerant):
    "12" is in "12 of whom" but not in "120" or "2012"."""
    needle = spaced_pattern(operand)
    return re.search(rf"(?<![\w.,]){needle}(?![\w]|[.,]\d)", text) is not None


def _show(value: float) -> str:
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


# -- planning: when a question asks for arithmetic, and over which figures ----

_COUNT = r"(\d[\d,]*)"
# "How many ... not / do not / don't / aren't / without / other than ...": those outside a part.
# The negation must be the counted group's own ("how many employees are not based in
# ..."), not a condition of a measure ("how many days can an account remain inactive
# without being disabled?", "how many characters, excluding spaces?").
_COMPLEMENT = re.compile(
    r"\bhow many\b[^?]*?\b(?:are|is|do|does|did|have|has|were|was)(?:\s+not\b|n[’']t\b)(.*)$",
    re.I,
)
_TOTAL = re.compile(r"\b(in total|combined|altogether|total number|how many .* in all)\b", re.I)


@dataclass(frozen=True)
class PlannedCall:
    operation: str
    operands: tuple[str, ...]
    why: str


def plan(question: str, quotes: Sequence[str]) -> PlannedCall | None:
    """The calculation a question asks for, over figures in ``quotes``; None
    when it asks for none or the quotes do not hold its operands."""
    text = " ".join(fold_whitespace(q) for q in quotes)
    if asks_complement(question):
        return _complement(question, quoted_counts(quotes))
    if ASKS_SHARE.search(question):
        return _share(question, quoted_counts(quotes))
    if DAYS_BETWEEN.search(question):
        return _between_dates(question, quotes)
    if _TOTAL.search(question):
        figures = counted_figures(question, text)
        if len(figures) >= 2 and whole_of(figures) is None:
            return PlannedCall("sum", tuple(figures), "the question asks for a total")
    return None


# "How many employees and contractors in total?": what is counted follows "how many".
_COUNTED = re.compile(r"\bhow many\s+((?:[a-z-]+\s*){1,4})", re.I)


def counted_figures(question: str, text: str) -> list[str]:
    """The figures of ``text`` that count what the question counts: each directly
    followed by one of the words after "how many" (or, failing those, by any noun
    the question names). "SOC 2", a year, a section number count nothing."""
    return [figure for figure, _ in _counted(question, text)]


def _counted(question: str, text: str) -> list[tuple[str, str]]:
    """Each figure of ``text`` that counts what the question counts, with the words
    it counts as written ("200", "200 employees")."""
    asked = _COUNTED.search(question)
    asking = words(asked.group(1) if asked else question)
    nouns = {stem(w) for w in asking if w not in STOPWORDS} - {stem("total")}
    found = []
    for match in re.finditer(rf"\b{_COUNT}\s+(?:[a-z-]+\s+)?([a-z-]+)", text, re.I):
        following = match.group(0)[len(match.group(1)) :].split()
        named = [i for i, word in enumerate(following) if nouns & {stem(w) for w in words(word)}]
        if named and not re.match(r"[-/.:]\d", text[match.end(1) : match.end(1) + 2]):
            found.append((match.group(1), " ".join([match.group(1), *following[: named[-1] + 1]])))
    return found


def asks_complement(question: str) -> bool:
    """Whether the question asks how many are outside a group ("How many employees
    are not based in the United States?", "... do not run the EDR agent?"): a
    figure stated for the group itself is the opposite of the answer."""
    return _COMPLEMENT.search(question) is not None


def _complement(question: str, counts: list[Count]) -> PlannedCall | None:
    """Whole − part, when the quotes state both about what the question counts: the
    part in a clause that names what the question says they are not ("150 employees
    are based in the United States"), the whole tied to it ("250 laptops, 245 of
    which ...") or standing as the whole ("The company has 200 employees", or the
    sum of its parts). None when either is missing, or when the quotes state the
    complement themselves ("5 laptops do not have ...": a value to read, not to
    calculate)."""
    asked = _COMPLEMENT.search(question)
    noun = counted_noun(question)
    if asked is None or not noun:
        return None
    split = whole_and_part(counts, noun, frozenset(content_terms(asked.group(1))) - noun)
    if split is None or split[1].negated:
        return None
    whole, part = split
    why = "the question asks how many are not in a part"
    return PlannedCall("subtract", (whole.figure, part.figure), why)


def _share(question: str, counts: list[Count]) -> PlannedCall | None:
    """Part as a percentage of whole, both counting what the question counts, the
    part in a clause that names the rest of the question ("What percentage of
    laptops have full-disk encryption?" over "250 laptops, 245 of which have
    full-disk encryption"). None when the quotes state the percentage themselves
    (a stated value wins over a computed one), or hold no such part and whole: a
    share of laptops never answers a question about employees."""
    noun, predicate = counted_noun(question), _share_terms(question)
    if not noun or _stated_share(counts, noun, predicate) is not None:
        return None
    split = whole_and_part(counts, noun, predicate)
    if split is None or split[1].negated:
        return None
    whole, part = split
    return PlannedCall(
        "percentage_of", (part.figure, whole.figure), "the question asks for a share"
    )


_SHARE_WORDS = frozenset(stem(w) for w in "percentage proportion share fraction percent".split())


def _share_terms(question: str) -> frozenset[str]:
    """What the counted part is, by the question: its terms but what it counts and
    how it asks ("completed security awareness training")."""
    return content_stems(question) - counted_noun(question) - _SHARE_WORDS


def _stated_share(counts: list[Count], noun: frozenset[str], terms: frozenset[str]) -> Count | None:
    """A percentage the quotes state of what the question counts, in a sentence that
    names the rest of the question ("96% of employees completed security awareness
    training"), or None."""
    return next(
        (
            c
            for c in counts
            if c.percent and names_all(noun, c.sentence) and names_all(terms, c.sentence)
        ),
        None,
    )


# Words that say when, not what: the events are what else the question names.
_TIME_WORDS = frozenset(
    stem(w)
    for w in "day days week month year time long pass passed elapse elapsed last previous "
    "latest recent most two first second consecutive successive".split()
)


def _events(question: str) -> frozenset[str]:
    """The terms of the events a question asks the days between ("tabletop exercises")."""
    return frozenset(question_terms(question)) - _TIME_WORDS


def _between_dates(question: str, quotes: Sequence[str]) -> PlannedCall | None:
    """The days between the two dates the quotes state of the events the question
    names ("The last tabletop exercise was held on 2026-02-14 and the previous one on
    2025-03-02": 349 days), earlier first; None unless exactly two such dates are
    stated, in sentences that name the events (a date of something else is no
    operand)."""
    events = _events(question)
    dates: list[str] = []
    named: set[str] = set()
    for quote in dict.fromkeys(fold_whitespace(q) for q in quotes):
        for start, end in sentence_spans(quote):
            sentence = quote[start:end]
            terms = frozenset(content_terms(sentence))
            if any(thesaurus.says(term, terms) for term in events):
                dates += [m.group(0) for m in DATE.finditer(sentence) if _is_date(m.group(0))]
                named |= terms
    dates = list(dict.fromkeys(dates))
    if len(dates) != 2 or not names_all(events, frozenset(named)):
        return None
    first, second = sorted(dates, key=parse_date)
    return PlannedCall("date_difference", (first, second), "the question asks for the days between")


def _is_date(text: str) -> bool:
    try:
        parse_date(text)
    except CalculatorRefusal:
        return False
    return True


def value_as_asked(question: str, lead: str, value: str | None) -> tuple[str | None, str]:
    """The value a short answer may give to a question that asks for arithmetic, read
    off the lead sentence, and else the reason it gives none. ``value`` is what the
    lead states of the kind asked; a question that asks for no arithmetic keeps it.
    "How many ... in total?" of a lead that states a whole beside its parts is the
    whole ("200 employees"), not the first part it names."""
    if asks_complement(question):
        return _stated_complement(question, lead, value)
    if DAYS_BETWEEN.search(question):  # a period stated of the events, or none
        if value is not None and names_all(_events(question), content_stems(lead)):
            return value, ""
        return None, "the question asks for the days between two events; no two dates of them"
    if ASKS_SHARE.search(question):
        stated = _stated_share(
            quoted_counts([lead]), counted_noun(question), _share_terms(question)
        )
        if stated is not None:
            return stated.phrase, ""
        return None, "the question asks for a percentage; the lead quote states none of it"
    if _TOTAL.search(question):
        counted = _counted(question, lead)
        whole = whole_of([figure for figure, _ in counted])
        if whole is not None:
            return next(phrase for figure, phrase in counted if figure == whole), ""
    return value, ""


def _stated_complement(question: str, lead: str, value: str | None) -> tuple[str | None, str]:
    """A how-many-not question takes a stated value only when the lead counts those
    outside the group itself ("5 laptops do not have full-disk encryption"); the
    count of the group ("150 employees are based in the United States") or of all
    ("90 staff members") is never its answer."""
    asked = _COMPLEMENT.search(question)
    noun = counted_noun(question)
    predicate = frozenset(content_terms(asked.group(1) if asked else "")) - noun
    for count in quoted_counts([lead]):
        if count.negated and count.counted & noun and names_all(predicate, count.clause):
            return value if value and appears(count.figure, value) else count.phrase, ""
    why = (
        "the question asks how many are not in a group; the quotes state neither that "
        "count nor the whole and the part to subtract"
    )
    return None, why
