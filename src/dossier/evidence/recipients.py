"""Who is told. A deadline for telling one party is no deadline for telling another:
"Within what time must the card schemes be notified of a suspected compromise?" is
not answered by "Personal data breaches shall be notified to the supervisory
authority within 72 hours", nor "Will you notify us of a breach?" by "Breaches are
reported to the ICO", nor "Are customers notified of security incidents?" by
"Incidents are reported to the CISO"."""

from __future__ import annotations

import re

from dossier.common.textutil import content_terms, stem
from dossier.research import thesaurus

# Words that end the words naming a party: a preposition, a clause, a figure, a time.
_STOPS = (
    r"of|about|within|when|if|after|in|that|upon|following|without|no|by|before|and|or|for"
    r"|at|on|as|via|through|using|where|unless|under|is|are|be|was|were|will|must|shall"
    r"|should|may|can|\w+ly|\d[\w-]*"  # "quarterly", "promptly", "7 days"
)
# Up to four words naming a party, none of them a stop.
_PARTY = r"(?P<{name}>(?!(?:{stops})\b)[A-Za-z][\w-]*(?:\s+(?!(?:{stops})\b)[\w-]+){{0,3}}?)"
_OPENING = (
    r"(?:the\s+|your\s+|its\s+|their\s+|our\s+|any\s+|all\s+|affected\s+|relevant\s+"
    r"|appropriate\s+)?"
)
_TOLD = r"(?:notified|informed|alerted|told)"
_ENDS = rf"(?=\s+(?:{_STOPS})\b|\s*[?,.;:()]|\s*$)"


def _party(name: str) -> str:
    return _PARTY.format(name=name, stops=_STOPS)


# The party a question asks is told, in the order read: "reported to regulators",
# "do you notify customers of ...", "must the card schemes be notified", "are
# customers informed".
_ASKED_PARTY = re.compile(
    rf"\b(?:{_TOLD}|reported)\s+to\s+{_OPENING}{_party('reported')}{_ENDS}"
    rf"|\b(?:notify|inform)\s+{_OPENING}{_party('object')}{_ENDS}"
    rf"|\b(?:must|should|shall|will|would|are|is)\s+{_OPENING}{_party('told')}"
    r"(?:\s+(?:whose|who|that)\s+[^?,;]{1,60}?)?"  # "are individuals whose PII ... notified"
    rf"\s+(?:be\s+)?{_TOLD}\b(?!\s+to\b)",
    re.I,
)
# The party a sentence says is told: "notified to the Autoriteit Persoonsgegevens",
# "reported by the data protection officer to the supervisory authority", "We will
# notify the ICO".
_SAID_PARTY = re.compile(
    rf"\b(?:{_TOLD}|reported|communicated|disclosed|escalated)"
    r"(?:\s+by\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+){0,3}?)?"  # "reported by the DPO to ..."
    rf"\s+to\s+{_OPENING}"
    rf"{_party('to')}{_ENDS}"
    rf"|\b(?:notify|notifies|inform|informs)\s+{_OPENING}{_party('object')}{_ENDS}"
    # "reports confirmed or suspected incidents to CISA" (a party: a name in capitals or
    # after a determiner; not "escalates incidents to determine severity")
    rf"|\b(?:reports?|escalates?|discloses?)\s+(?:[\w-]+\s+){{1,5}}?to\s+"
    rf"(?=(?:the|its|their|our|any|all|affected|relevant|appropriate)\s|(?-i:[A-Z]))"
    rf"{_OPENING}{_party('reports')}{_ENDS}",
    re.I,
)
# Words naming no party of its own: the one answering ("the organisation").
_NO_PARTY = frozenset(stem(w) for w in "organisation organization company vendor provider".split())
# Kinds of party: two names of one kind are one party to a reader of the answer
# ("customers" and "subscribers", "senior management" and "the executive leadership
# team"); a regulator is never the customer, nor the CISO; a controller (a processor's
# customer) is not the data subjects.
_KINDS = {
    kind: frozenset(stem(w) for w in names.split())
    for kind, names in (
        (  # (a controller is an organisation, never the people its data is about)
            "customer",
            "us customer customers client clients subscriber subscribers user users account "
            "tenant tenants institution institutions controller controllers buyer buyers",
        ),
        (
            "individual",
            "customer customers client clients subscriber subscribers user users account "
            "subject subjects individual individuals consumer consumers patient patients "
            "student students",
        ),
        (
            "authority",
            "authority authorities regulator regulators regulatory supervisory commissioner "
            "ico dpa government agency agencies enforcement police cert csirt ncsc cisa ftc hhs "
            "fca sec commission "
            # national data protection authorities by their own names
            "autoriteit persoonsgegevens datatilsynet cnil bfdi aepd garante imy uodo oaic "
            "datenschutzbehörde aufsichtsbehörde toezichthouder "
            # financial regulators by their own names
            "mas bafin finma apra pra rbi ncua occ fdic cfpb ffiec reserve",
        ),
        (
            "internal",
            "officer ciso dpo cio cto management manager managers board executive executives "
            "leadership committee soc director directors head",
        ),
    )
}


def another_recipient(question: str, lead: str) -> str | None:
    """The party the lead says is told, when the question asks when another party is
    told and the lead names none of that party's words (nor an alternative of them,
    nor a name of the same kind); None otherwise (a lead naming no one told is read
    by other checks)."""
    asked = _ASKED_PARTY.search(question)
    told = _SAID_PARTY.search(lead)
    if asked is None or told is None:
        return None
    named = _named(asked)
    wanted = _party_terms(named)
    other = " ".join(_named(told).split())
    other += _of_name(lead[told.end() :]) if _OFFICE.search(other) else ""
    given = _party_terms(other, asked=False)
    if _COVERED_ENTITY.search(other):
        given = _ASKER  # HIPAA's covered entity: the hospital asking, to its business associate
    if _YOURS.search(told.group(0)) and "internal" not in _kinds(given):
        given = _ASKER  # "your registered security contacts" (not "your line manager")
    if not wanted or not given:
        return None  # "notified to us": the one answering
    head = _head(named)
    if wanted != _ASKER and head and thesaurus.says(head, frozenset(content_terms(lead))):
        return None  # the party asked is named (its last word: "data subjects", not "data")
    if _kinds(wanted) & _kinds(given):
        return None  # "subscribers" for customers
    return other


# Words of an office's name, which goes on past "of": "the Office of the ...".
_OFFICE = re.compile(
    r"\b(?:Office|Department|Ministry|Bureau|Agency|Commission|Commissioner|Inspectorate)$"
)
# A proper name that goes on past "of": "the Office of the Data Protection Commissioner",
# "the Office of the Australian Information Commissioner" (words in capitals only: "the
# CISO of the affected business unit" is the CISO).
_OF_NAME = re.compile(r"\s+of\s+(?:the\s+)?(?-i:[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,5})")


def _of_name(rest: str) -> str:
    """The rest of a party's proper name after "of" (empty when none goes on)."""
    found = _OF_NAME.match(rest)
    return " " + " ".join(found.group(0).split()) if found else ""


def _named(match: re.Match[str]) -> str:
    """The words naming the party, whichever wording matched."""
    return next(g for g in match.groups() if g)


def _party_terms(named: str, asked: bool = True) -> frozenset[str]:
    """A party's stems ("us" kept: the one asking; a buyer's questionnaire's own name,
    "the Authority", "the Buyer", is "us" too; in lower case "the bank" only as the
    question names it: a fintech's policy's "the bank" is its partner bank), the one
    answering's aside."""
    if _BUYER.fullmatch(named.strip()) and (asked or not named.strip().islower()):
        return _ASKER
    lowered = named.lower().split()
    terms = set(content_terms(named)) | ({"us"} if "us" in lowered else set())
    return frozenset(terms - _NO_PARTY)


# The buyer, as its questionnaire defines itself (capitalised; in lower case "the bank",
# "the hospital" only as a question names them): "Will the Supplier notify the Authority
# of a breach?"
_BUYER = re.compile(
    r"(?:Authority|Buyer|Customer|Client|Council|Purchaser|Bank|Institution|LEA|District|bank"
    r"|Hospital|hospital|Health\s+System|health\s+system)"
)
_ASKER = frozenset(("us",))
_COVERED_ENTITY = re.compile(r"\bcovered\s+entit(?:y|ies)\b", re.I)
# A document addressed to the customer names the customer's own people as "your ...":
# "we will notify your registered security contacts".
_YOURS = re.compile(r"\byour\s", re.I)


def _head(named: str) -> str:
    """The stem of the last word naming a party ("subject" of "data subjects")."""
    terms = content_terms(named)
    return terms[-1] if terms else ""


def _kinds(terms: frozenset[str]) -> set[str]:
    return {kind for kind, names in _KINDS.items() if terms & names}
