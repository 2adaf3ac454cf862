"""Freshness: how old each citation's evidence is against its re-check interval.

What a quote is dated against depends on what its document is
(``document_class``):

- a **policy** (a policy, standard, procedure or plan) states how things are
  done; its statements — "access is reviewed every 90 days" included — are as
  current as the document, so they are dated against the policy review
  interval (the document's own ``review_interval`` front-matter when it gives
  one, else ``[freshness] policy_review``);
- **evidence** that an activity was done (a report, a record, a result) is
  dated against that activity's interval, the fact family its passage names
  (penetration test, access review, certification, insurance; ``[freshness]``
  in ``dossier.toml``); an activity not recognised takes the shortest interval.

A citation is *fresh* for the first ``fresh_share`` (60%) of its interval from
the document's ``effective_date`` (or the later date it states it was reviewed),
then *ageing*, then *stale* once the interval has passed; one whose document
states no date is *undated*. A next-review date is an obligation, never
evidence, and no date after the build's counts. The build date is passed in,
never read from a clock here.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from dossier.common.dates import (
    closing_dates,
    document_opening,
    headed_row_fields,
    iso_date,
    stated_dates,
)
from dossier.ingest.frontmatter import APPROVAL_DATE_KEYS, REVIEW_DATE_KEYS, UPDATE_DATE_KEYS
from dossier.records import (
    Answer,
    Chunk,
    Document,
    DocumentClass,
    Freshness,
    FreshnessState,
)

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


POLICY = "policy_review"
# Front-matter ``kind`` values, and the words of a title or path, by class.
POLICY_KINDS = ("policy", "standard", "procedure", "plan", "guideline", "handbook", "charter")
EVIDENCE_KINDS = (
    "report",
    "record",
    "result",
    "log",
    "certificate",
    "attestation",
    "assessment",
    "audit",
    "minutes",
    "evidence",
)
_CLASS_WORD = re.compile(
    r"(?<![a-z])(polic(?:y|ies)|standards?|procedures?|plans?|guidelines?|handbooks?|charters?"
    r"|reports?|results?|certificates?|attestations?|assessments?|minutes|evidence"
    # naming what a word after them is of, these name no document: "Audit Controls",
    # "Records Retention Schedule", "Log Management"
    r"|(?:records?|logs?|audits?)(?![ \t]+(?!of\b|for\b|from\b|on\b|and\b)[a-z]))(?![a-z])",
    re.I,
)


def document_class(document: Document) -> DocumentClass:
    """What a document is, for dating its statements: its front-matter ``kind``
    when that names a class; otherwise the last class word of its title ("Audit
    Logging Policy" is a policy, "Access Review Record" evidence), else of its
    path ("reports/soc2-summary.pdf" is evidence); otherwise a policy."""
    kind = str(document.metadata.get("kind") or "").strip().lower()
    for word in (kind, document.title, document.path.replace("_", " ")):
        found = _CLASS_WORD.findall(word) if word else []
        if found:
            return _class_of(found[-1])
    return "policy"


def _class_of(word: str) -> DocumentClass:
    word = word.lower()
    return "policy" if any(word.startswith(k[:5]) for k in POLICY_KINDS) else "evidence"


_INTERVAL_WORDS = {
    "annual": 365,
    "annually": 365,
    "yearly": 365,
    "semi-annual": 182,
    "semiannual": 182,
    "biannual": 182,
    "quarterly": 91,
    "monthly": 30,
}


def stated_interval(document: Document) -> int | None:
    """The review interval a document states in its front-matter (``review_interval``:
    annual, semi-annual, quarterly, monthly, or a number of days), or else in its text
    of itself ("This policy will be reviewed every two years"), or None."""
    value = document.metadata.get("review_interval")
    if isinstance(value, int) and not isinstance(value, bool) and value > 0:
        return value
    text = str(value or "").strip().lower()
    if text.endswith(" days") and text[:-5].strip().isdigit():
        return int(text[:-5]) or None
    return _INTERVAL_WORDS.get(text) or (None if value else interval_in_text(document.text))


# A document's sentence on its own review: "This policy will be reviewed every two
# years", "This standard is reviewed at least annually" (not "The plan is reviewed
# quarterly" in a policy: another document's).
_OWN_REVIEW = re.compile(
    r"(?:^|(?<=[.:!?]\s))[ \t*_]*this\s+(?:policy|standard|procedure|plan|document|schedule"
    r"|guidance)\s+"
    r"(?:(?:will|shall|must|should|is\s+to)\s+be|is)\s+reviewed\s+(?:and\s+updated\s+)?"
    r"(?:at\s+least\s+)?(?P<when>annually|yearly|every\s+year|biennially|quarterly"
    r"|every\s+(?P<count>\d{1,2}|two|three|four|five|six|twelve|eighteen)\s+"
    r"(?P<unit>years?|months?))\b",
    re.I | re.M,
)
_COUNT_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "twelve": 12, "eighteen": 18}
_WHEN_DAYS = {"annually": 365, "yearly": 365, "every year": 365, "biennially": 730, "quarterly": 91}


def interval_in_text(text: str) -> int | None:
    """The review interval in days a document's text states of itself (``_OWN_REVIEW``)."""
    found = _OWN_REVIEW.search(text)
    if found is None:
        return None
    if found.group("count") is None:
        return _WHEN_DAYS.get(" ".join(found.group("when").lower().split()))
    count = found.group("count").lower()
    number = int(count) if count.isdigit() else _COUNT_WORDS[count]
    days = number * (365 if found.group("unit").lower().startswith("year") else 30)
    return days or None


def evidence_date(document: Document, as_of: dt.date) -> str | None:
    """The latest date, not after ``as_of`` (the build's), on which the document was
    in effect or reviewed: its effective date or a front-matter review date
    (``REVIEW_DATE_KEYS``), or for a file stating neither, such as a PDF, a
    "Report date: ..." line in its first page. A date after ``as_of`` is not yet
    evidence of anything, and a next-review date is never read."""
    dates = [document.effective_date, *(document.metadata.get(key) for key in _DATE_KEYS)]
    valid = [day for day in map(iso_date, dates) if day is not None and day <= as_of.isoformat()]
    if not valid or not _dated_by_front_matter(document):
        # the latest it states: "effective 1 July 2023 ... last reviewed 2 Feb 2025"
        opening = document_opening(document.text)
        fields = f"{opening}\n{headed_row_fields(opening)}"
        stated = [iso_date(day) for day in stated_dates(fields) + closing_dates(document.text)]
        valid += [day for day in stated if day is not None and day <= as_of.isoformat()]
    return max(valid) if valid else None


def _dated_by_front_matter(document: Document) -> bool:
    """Whether front-matter states the document's dates (else its text does, read
    whole: an effective date taken from its control block is one of them)."""
    return any(key in document.metadata for key in ("effective_date", *REVIEW_DATE_KEYS))


# The front-matter keys dating a document: reviewed on, or approved on (when a date; the
# text's own later dates are still read: "Last reviewed: 2 February 2025").
_DATE_KEYS = (*REVIEW_DATE_KEYS, *APPROVAL_DATE_KEYS, *UPDATE_DATE_KEYS)


def family_and_interval(
    document: Document, passage: str, settings: FreshnessSettings
) -> tuple[DocumentClass, str, int]:
    """The document's class, the family its quote is dated as, and the interval."""
    kind = document_class(document)
    if kind == "policy":
        return kind, POLICY, stated_interval(document) or settings.policy_review
    family = family_of(f"{passage}\n{document.title}")
    if family in ("", POLICY):  # evidence of an activity not recognised
        activities = [v for f, v in settings.intervals().items() if f != POLICY]
        return kind, "unrecognised", min(activities)
    return kind, family, settings.interval(family)


def assess(
    document: Document, passage: str, as_of: dt.date, settings: FreshnessSettings
) -> Freshness:
    kind, family, interval = family_and_interval(document, passage, settings)
    dated = evidence_date(document, as_of)
    if dated is None:
        return Freshness(family, interval, None, None, "undated", kind)
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
    return Freshness(family, interval, dated, due.isoformat(), state, kind)


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
