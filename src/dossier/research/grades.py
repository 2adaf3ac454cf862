"""Grades a question or a sentence names: critical, high, medium, low.

Remediation deadlines, response times and review frequencies are usually set per
grade of severity, risk or priority, often as one table row per grade. A question
that asks about one grade ("How quickly are critical vulnerabilities remediated?")
is not answered by the row of another ("Medium | 30 days"): quoted, it states the
wrong deadline about the vendor. A sentence names a grade only where the word
grades something: before a graded noun ("high-risk", "critical and high severity
vulnerabilities"), after one ("severity: High"), or alone in a table cell
("| Medium |"); "critical systems", "high availability" and "low cost" name none.
"""

from __future__ import annotations

import re

_GRADE = r"(?:critical|high|medium|moderate|low)"
_ALSO = rf"(?:\s*(?:,|/|\bor\b|\band\b|\band/or\b)\s*{_GRADE})*"
_GRADED = (
    r"(?:severity|severities|risks?|priority|priorities|impact|rated|rating|ratings"
    r"|vulnerabilit(?:y|ies)|findings?|issues?|bugs?|cves?|incidents?|alerts?|patch(?:es)?)"
)
_BEFORE_NOUN = re.compile(rf"\b({_GRADE}{_ALSO})[\s-]+(?:security[\s-]+)?{_GRADED}\b", re.I)
_AFTER_NOUN = re.compile(
    rf"\b(?:severity|risk|priority|impact)(?:\s+(?:level|rating|of))?\s*(?:[:=]|\bis\b|\bof\b)?"
    rf"\s*({_GRADE}{_ALSO})\b",
    re.I,
)
_CELL = re.compile(rf"(?:^|\|)\s*({_GRADE})\s*(?=\||$)", re.I | re.M)
_SAME = {"moderate": "medium"}


def grades_named(text: str) -> frozenset[str]:
    """The grades ``text`` names as grades (moderate is medium)."""
    found: set[str] = set()
    for pattern in (_BEFORE_NOUN, _AFTER_NOUN, _CELL):
        for match in pattern.finditer(text):
            for word in re.findall(_GRADE, match.group(1), re.I):
                found.add(_SAME.get(word.lower(), word.lower()))
    return frozenset(found)


def another_grade(asked: frozenset[str], text: str) -> bool:
    """Whether ``text`` names grades, none of them one of those ``asked``: it is
    about another grade than the question's."""
    if not asked:
        return False
    named = grades_named(text)
    return bool(named) and not named & asked
