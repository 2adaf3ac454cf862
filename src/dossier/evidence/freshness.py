"""Freshness: how old each citation's evidence is against its family's re-check interval.

Each fact family (penetration test, access review, certification, insurance,
policy review) has a re-check interval in days (``[freshness]`` in
``dossier.toml``). A citation is *fresh* for the first ``fresh_share`` (60%)
of its interval from the document's ``effective_date`` (or its stated review
date), then *ageing*, then *stale* once the interval has passed. A citation
whose family is not recognised falls back to the shortest interval; one whose
document states no date is *undated*. The build date is passed in, never read
from a clock here.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from dossier.records import Answer, Chunk, Document, Freshness, FreshnessState

REVIEW_DATE_KEYS = ("last_reviewed", "reviewed", "review_date", "reviewed_on")

# The order matters: the first family whose words occur in the passage wins.
FAMILY_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("penetration_test", re.compile(r"\bpen(etration)?[ -]?test|\bpentest", re.I)),
    (
        "access_review",
        re.compile(
            r"\baccess (reviews?|recertification)|\breview(s|ed)? (of )?(user )?access", re.I
        ),
    ),
    ("insurance", re.compile(r"\binsurance|\bcyber liability|\binsur", re.I)),
    (
        "certification",
        re.compile(
            r"\bSOC ?[12]\b|\bISO/?(IEC)? ?2700[12]|\bcertif|\battestation|\bFedRAMP|\bPCI[ -]DSS"
            r"|\baudit(or)?'?s? (report|opinion)",
            re.I,
        ),
    ),
    ("policy_review", re.compile(r"\b(policy|standard|procedure|plan)\b", re.I)),
)


@dataclass(frozen=True)
class FreshnessSettings:
    """Re-check intervals in days per fact family, and the fresh share."""

    penetration_test: int = 365
    access_review: int = 90
    certification: int = 365
    policy_review: int = 365
    insurance: int = 365
    fresh_share: float = 0.6

    def interval(self, family: str) -> int:
        intervals = self.intervals()
        return intervals.get(family, min(intervals.values()))

    def intervals(self) -> dict[str, int]:
        return {family: getattr(self, family) for family, _ in FAMILY_PATTERNS}


def family_of(text: str) -> str:
    """The fact family a passage (with its title and heading) belongs to; "" if none."""
    for family, pattern in FAMILY_PATTERNS:
        if pattern.search(text):
            return family
    return ""


_MONTH_NAMES = (
    "january february march april may june july august september october november december"
)
_MONTHS = {name: number for number, name in enumerate(_MONTH_NAMES.split(), start=1)}
# A date the document states about itself near its start, e.g. "Report date: May 20, 2025".
_STATED_DATE = re.compile(
    r"\b(?:report|summary|review|reviewed|issue|issued|effective|publication)\s+date\s*:?\s*"
    r"(?:(\d{4}-\d{2}-\d{2})|([A-Z][a-z]+)\s+(\d{1,2}),?\s+(\d{4}))",
    re.I,
)


def evidence_date(document: Document) -> str | None:
    """The later of the document's effective date and its stated review date
    (front-matter keys, or for a file without front-matter such as a PDF, a
    "Report date: ..." line in its first page)."""
    dates = [document.effective_date]
    dates += [str(document.metadata.get(key)) for key in REVIEW_DATE_KEYS]
    valid = [d for d in dates if d and _is_date(d)]
    if not valid:
        valid = [d for d in [stated_date(document.text[:3000])] if d]
    return max(valid) if valid else None


def stated_date(text: str) -> str | None:
    match = _STATED_DATE.search(text)
    if match is None:
        return None
    iso, month, day, year = match.groups()
    if iso:
        return iso if _is_date(iso) else None
    number = _MONTHS.get(month.lower())
    if number is None:
        return None
    try:
        return dt.date(int(year), number, int(day)).isoformat()
    except ValueError:
        return None


def assess(
    document: Document, passage: str, as_of: dt.date, settings: FreshnessSettings
) -> Freshness:
    family = family_of(f"{passage}\n{document.title}")
    interval = settings.interval(family)
    dated = evidence_date(document)
    if dated is None:
        return Freshness(family or "unrecognised", interval, None, None, "undated")
    start = dt.date.fromisoformat(dated)
    due = start + dt.timedelta(days=interval)
    age = (as_of - start).days
    state: FreshnessState
    if age >= interval:
        state = "stale"
    elif age >= settings.fresh_share * interval:
        state = "ageing"
    else:
        state = "fresh"
    return Freshness(family or "unrecognised", interval, dated, due.isoformat(), state)


def date_answer(
    answer: Answer,
    documents: Mapping[str, Document],
    chunk_of: Callable[[str], Chunk | None],
    as_of: dt.date,
    settings: FreshnessSettings,
) -> Answer:
    """The answer with each quote's freshness as of the build date."""
    claims = []
    for claim in answer.claims:
        quotes = []
        for quote in claim.quotes:
            document = documents.get(quote.document)
            chunk = chunk_of(quote.chunk_id)
            if document is not None:
                passage = f"{chunk.heading if chunk else ''}\n{quote.text}"
                quote = dataclasses.replace(
                    quote, freshness=assess(document, passage, as_of, settings)
                )
            quotes.append(quote)
        claims.append(dataclasses.replace(claim, quotes=tuple(quotes)))
    return dataclasses.replace(answer, claims=tuple(claims))


def _is_date(text: str) -> bool:
    try:
        dt.date.fromisoformat(text)
    except ValueError:
        return False
    return True
