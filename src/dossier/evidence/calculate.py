"""The calculator: named operations over figures that already appear in verified quotes.

No ``eval``: each operation name dispatches to a pure function. Every operand
is given as the text it appears as (``"180"``, ``"$1,500"``, ``"2024-03-01"``,
``"90 days"``); a call whose operand text is not in one of the verified quotes
is refused with the reason, so a number in the dossier comes either from the
documents or from arithmetic over numbers in the documents.

``plan`` is the offline engine's deterministic reading of when a question asks
for arithmetic ("how many ... were not ...", "in total", "what percentage",
"how many days between"), and of which quoted figures feed it.
"""

from __future__ import annotations

import datetime as dt
import operator
import re
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from dossier.common.textutil import STOPWORDS, fold_whitespace, stem, words
from dossier.records import Calculation
from dossier.research.values import DAYS_PER_UNIT

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
_DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def parse_number(text: str) -> float:
    """``"$1,500"`` → 1500.0, ``"90 days"`` → 90.0; refuses text without one number."""
    found = _NUMBER.findall(text)
    if len(found) != 1:
        raise CalculatorRefusal(f"operand {text!r} is not a single number")
    return float(found[0].replace("$", "").replace(",", ""))


def parse_date(text: str) -> dt.date:
    try:
        return dt.date.fromisoformat(text.strip())
    except ValueError as err:
        raise CalculatorRefusal(f"operand {text!r} is not an ISO date") from err


@dataclass(frozen=True)
class _Binary:
    """An operation on two numbers, shown as ``a <symbol> b = result``."""

    op: Callable[[float, float], float]
    symbol: str

    def __call__(self, operands: Sequence[str]) -> Result:
        if len(operands) != 2:
            raise CalculatorRefusal(f"'{self.symbol}' takes two operands, not {len(operands)}")
        a, b = (parse_number(x) for x in operands)
        value = self.op(a, b)
        return value, f"{_show(a)} {self.symbol} {_show(b)} = {_show(value)}"


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
    return float(days), f"{second} − {first} = {days} days"


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
    "percent_change": _Binary(_percent_change, "→ % change"),
    "percentage_of": _Binary(_percentage_of, "as % of"),
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
    return Calculation(operation, tuple(operands), _show(value), expression)


def appears(operand: str, text: str) -> bool:
    """Whether ``operand`` occurs in ``text`` as a whole figure (whitespace-tolerant):
    "12" is in "12 of whom" but not in "120" or "2012"."""
    needle = re.escape(fold_whitespace(operand)).replace(r"\ ", r"\s+")
    return re.search(rf"(?<![\w.,]){needle}(?![\w]|[.,]\d)", text) is not None


def _show(value: float) -> str:
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


# -- planning: when a question asks for arithmetic, and over which figures ----

_COUNT = r"(\d[\d,]*)"
_PART_OF_WHOLE = re.compile(
    rf"\b{_COUNT}\s+([a-z][a-z -]{{0,40}}?),?\s+(?:{_COUNT}\s+of\s+(?:whom|which|them|these)"
    rf"|(?:of\s+(?:whom|which)|including)\s+{_COUNT})\b",
    re.I,
)
_EXCLUDES = re.compile(r"\bhow many\b.*\b(not|other than|excluding|except|besides|non-)", re.I)
_SHARE = re.compile(r"\bwhat (percentage|proportion|share|fraction|percent)\b", re.I)
_TOTAL = re.compile(r"\b(in total|combined|altogether|total number|how many .* in all)\b", re.I)
_BETWEEN_DATES = re.compile(r"\bhow (many days|long)\b.*\b(between|from)\b", re.I)


@dataclass(frozen=True)
class PlannedCall:
    operation: str
    operands: tuple[str, ...]
    why: str


def plan(question: str, quotes: Sequence[str]) -> PlannedCall | None:
    """The calculation a question asks for, over figures in ``quotes``; None
    when it asks for none or the quotes do not hold its operands."""
    text = " ".join(fold_whitespace(q) for q in quotes)
    part_of_whole = _PART_OF_WHOLE.search(text)
    if part_of_whole and _EXCLUDES.search(question):
        whole = part_of_whole.group(1)
        part = part_of_whole.group(3) or part_of_whole.group(4)
        return PlannedCall(
            "subtract", (whole, part), "the question asks how many are not in a part"
        )
    if part_of_whole and _SHARE.search(question):
        whole = part_of_whole.group(1)
        part = part_of_whole.group(3) or part_of_whole.group(4)
        return PlannedCall("percentage_of", (part, whole), "the question asks for a share")
    dates = list(dict.fromkeys(_DATE.findall(text)))
    if _BETWEEN_DATES.search(question) and len(dates) == 2:
        return PlannedCall("date_difference", tuple(dates), "the question asks for a period")
    if _TOTAL.search(question):
        figures = counted_figures(question, text)
        if len(figures) >= 2 and _whole_of(figures) is None:
            return PlannedCall("sum", tuple(figures), "the question asks for a total")
    return None


def _whole_of(figures: Sequence[str]) -> str | None:
    """The figure that is the sum of the others (two or more of them): the whole
    stated beside its parts ("The company has 200 employees. 150 employees are based
    in the United States and 50 ... in the European Union"), which is the total
    itself, not one more figure to add; None when no figure is."""
    values = [parse_number(figure) for figure in figures]
    if len(values) < 3:
        return None
    return next((f for f, v in zip(figures, values, strict=True) if 2 * v == sum(values)), None)


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


def value_as_asked(question: str, lead: str, value: str | None) -> tuple[str | None, str]:
    """The value a short answer may give to a question that asks for arithmetic, read
    off the lead sentence, and else the reason it gives none. ``value`` is what the
    lead states of the kind asked; a question that asks for no arithmetic keeps it.
    "How many ... in total?" of a lead that states a whole beside its parts is the
    whole ("200 employees"), not the first part it names."""
    if _TOTAL.search(question):
        counted = _counted(question, lead)
        whole = _whole_of([figure for figure, _ in counted])
        if whole is not None:
            return next(phrase for figure, phrase in counted if figure == whole), ""
    return value, ""
