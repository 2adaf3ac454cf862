"""A plain denial: the writer says it does not do what the question asks, in so
many words. "Do you use a SIEM to correlate security events?" is answered by
"We do not run a SIEM.": the same thing (every word of what the question asks
about, no more), denied outright by the organisation itself, with nothing after
it that narrows the denial ("... on the marketing site") or conditions it.

When research leads with such a sentence, the short answer is No: "run" is not the
question's "use", and "correlate security events" is not in the sentence.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from dossier.common.textutil import ROUND_THE_CLOCK, stem

# The question's verb and its object: "Do you use | a SIEM | to correlate ...".
_ASKED = re.compile(
    r"^\s*(?:do|does)\s+(?:you|your\s+(?:company|organi[sz]ation|team)"
    r"|the\s+(?:company|organi[sz]ation|vendor|provider))\s+(?:currently\s+)?"
    r"(?P<verb>[a-z]+)\s+(?P<object>(?:an?\s+|any\s+)?[\w/&.-]+(?:\s+[\w/&.-]+){0,3}?)"
    r"(?=\s+(?:to|for|that|which|who|with|within|in|on|at|from|by|as|across|of|when|if)\b"
    r"|\s*[?,;.]|\s*$)",
    re.I,
)
# A question whether a thing is allowed, and its thing: "Are | USB storage devices |
# permitted (to connect to ...)?"
_ASKED_ALLOWED = re.compile(
    r"^\s*(?:are|is)\s+(?P<object>(?:[\w/&.-]+\s+){0,5}?[\w/&.-]+)\s+"
    r"(?:currently\s+)?(?:permitted|allowed)\b",
    re.I,
)
# Verbs of allowing a thing: "We do not allow USB storage devices."
_ALLOWING = frozenset(stem(w) for w in ("allow", "permit"))
# The organisation denying it of itself, the whole sentence: "We do not run a SIEM.",
# "No. We don't use third-party trackers at this time."
_DENIAL = re.compile(
    # (after a callout's label: "💡 **Note:** We don't have a 24/7 SOC.")
    r"^\W*(?:(?:note|nb|important|warning|caution|info|tip)\W*:\W*)?"
    r"(?:no\s*[.,;:\u2014-]\s*)?(?:we|our\s+(?:company|organi[sz]ation|team)"
    r"|the\s+(?:company|organi[sz]ation))\s+(?:currently\s+)?"
    r"(?:do\s+not|don[’']t|does\s+not|doesn[’']t|never)\s+(?:currently\s+)?"
    r"(?P<verb>[a-z]+)\s+(?P<object>[^.;:!?]+?)"
    r"(?:\s+(?:at\s+(?:this\s+time|the\s+moment|present)|currently|today|yet))?\s*[.!]?\s*$",
    re.I,
)
# Verbs that say the organisation uses a thing: "use" or "run" a SIEM alike (not
# "operate" or "maintain": one uses data centres it does not operate).
_USING = frozenset(stem(w) for w in ("use", "utilise", "utilize", "employ", "run"))
# A question offering alternatives to what it names: "a SIEM, MDR or similar service".
_ALTERNATIVES = re.compile(
    r"\b(?:or|and|equivalent|similar|comparable|such\s+as|e\.g|including|like)\b|/", re.I
)
# Words that say nothing of which thing: "a SIEM", "any SIEM", "the SIEM".
_ARTICLES = frozenset(("a", "an", "any", "the"))


def plain_denial(question: str, sentence: str) -> bool:
    """Whether ``sentence`` is the organisation's own outright denial of what
    ``question`` ("Do you <verb> <object> ...?") asks it does, or of allowing what it
    asks is allowed ("Are <object> permitted ...?" denied by "We do not allow
    <object>"): the same verb (or both verbs of using a thing), the whole object,
    and after it nothing the question does not say, word for word ("We do not train
    models on customer data" denies "Do you train models on customer data?"; "... on
    our marketing site", "our own SOC" or "every system" deny less)."""
    folded = " ".join(question.split())
    said = _DENIAL.match(" ".join(sentence.split()))
    if said is None:
        return False
    allowed = _ASKED_ALLOWED.match(folded)
    if allowed is not None:  # "Are USB storage devices permitted?": "We do not allow ..."
        if stem(said["verb"].lower()) not in _ALLOWING:
            return False
        wanted = _words(allowed["object"])
        rest = wanted + _words(folded[allowed.end() :])
        return _denies_all(wanted, rest, _words(said["object"]))
    asked = _ASKED.match(folded)
    if asked is None or not _same_verb(asked["verb"], said["verb"]):
        return False
    if _ALTERNATIVES.search(folded, asked.end("object")):
        return False  # "a SIEM, or equivalent tooling, ...": the denial is of one of them
    wanted = _words(asked["object"])
    rest = _words(folded[asked.start("object") :])
    return _denies_all(wanted, rest, _words(said["object"]))


def _denies_all(wanted: list[str], rest: list[str], given: list[str]) -> bool:
    """Whether the denial's object (``given``) is the whole of the object asked
    (``wanted``) and, beyond it, nothing but the words the question goes on with
    (``rest``, the object's first)."""
    return bool(wanted) and len(wanted) <= len(given) <= len(rest) and _same(rest, given)


def _same_verb(asked: str, said: str) -> bool:
    a, s = stem(asked.lower()), stem(said.lower())
    return a == s or (a in _USING and s in _USING)


def _same(asked: list[str], given: list[str]) -> bool:
    """Whether ``given`` is the first words of ``asked``, one by one: the same words,
    not a thesaurus's (a denial of Splunk is none of a SIEM, of an IPS none of an IDS)."""
    return all(a == g for a, g in zip(asked, given, strict=False))


def _words(phrase: str) -> list[str]:
    """The phrase's words as stems, its articles aside ("our", "own", "every" and
    "without" stay: they say which)."""
    said = ROUND_THE_CLOCK.sub("24x7", phrase.lower().replace("?", " "))
    tokens = re.findall(r"[\w/&-]+", said)
    return [stem(t) for t in tokens if t not in _ARTICLES]


# A thing denied as not offered, in the passive: "Customer-managed keys (BYOK) are not
# offered to customers." (the sentence whole: nothing after it but to whom, or when).
_PASSIVE_DENIAL = re.compile(
    r"^\W*(?P<subject>[^.;:!?]{2,80}?)\s+(?:is|are)\s+(?:currently\s+|presently\s+)?not\s+"
    r"(?:currently\s+|yet\s+)?(?:offered|supported|available|provided)"
    r"(?:\s+(?:to|for)\s+(?:our\s+|any\s+)?(?:customers?|clients?|tenants?|users?))?"
    r"(?:\s+(?:at\s+(?:this\s+time|the\s+moment|present)|currently|today|yet))?\s*[.!]?\s*$",
    re.I,
)


def passive_denial(question_terms: set[str], sentence: str, says: Callable[[str], bool]) -> bool:
    """Whether ``sentence`` says the thing asked about is not offered, supported or
    available, in the passive, and names that thing in the question's words: every
    word of its subject ``says`` (is one of the question's terms, or a thesaurus
    alternative of one: "Vendor-managed keys" name a vendor the question does not),
    and one of them at least is the question's own."""
    denied = _PASSIVE_DENIAL.match(" ".join(sentence.split()))
    if denied is None:
        return False
    subject = [stem(w) for w in _WORD.findall(denied["subject"].lower()) if w not in _SMALL_WORDS]
    named = set(subject) & question_terms
    return bool(subject) and all(map(says, subject)) and bool(named)


_WORD = re.compile(r"[A-Za-z0-9]+")
# Words that name nothing: "the", "our", "of".
_SMALL_WORDS = frozenset("a an any the our its their your of for to and".split())


# A question asking whether a thing must be changed on a schedule: "Are users required to
# change their passwords at least every 90 days?", "Do passwords expire periodically?".
_SCHEDULED_CHANGE_ASKED = re.compile(
    r"\b(?:chang\w*|expir\w*|rotat\w*|reset\w*|renew\w*)\b[^?]*?"
    r"\b(?:periodic\w*|every|regular\w*|schedul\w*|at\s+least|\d+\s+days|annual\w*|quarterly"
    r"|(?:fixed|set|defined)\s+(?:interval|period|cycle)s?)\b"
    r"|\b(?:periodic\w*|regular\w*|schedul\w*|forced|mandatory)\s+(?:\w+\s+){0,2}?"
    r"(?:chang\w*|expir\w*|rotat\w*|resets?)\b",
    re.I,
)
# ... denied: "passwords do not expire", "are not subject to forced periodic expiry", "you
# will not be asked to change your password on a schedule", "not required to expire on a
# schedule", "no forced password changes", "We stopped forced password expiry in 2023".
_SCHEDULED_CHANGE_DENIED = re.compile(
    r"\b(?:do(?:es)?\s+not|don['\u2019]t|doesn['\u2019]t|never|will\s+not|won['\u2019]t"
    r"|(?:is|are)\s+not|no\s+longer)\s+(?:\w+\s+){0,2}?"
    r"(?:expire|expiry|subject\s+to\s+(?:\w+\s+){0,3}?expir\w*"
    r"|(?:be\s+)?(?:required|asked|forced|made)\s+to\s+(?:be\s+)?(?:chang|expir|rotat|reset)\w*"
    r"|(?:need|have)\s+to\s+(?:be\s+)?chang\w*)"
    r"|\bno\s+(?:forced|periodic|scheduled|mandatory|routine|regular|time-based)\s+"
    r"(?:\w+\s+)?(?:expiry|expiration|changes?|rotations?|resets?)\b"
    r"|\b(?:stopped|abolished|discontinued)\s+(?:\w+\s+){0,2}?(?:expiry|expiration|rotations?)\b",
    re.I,
)
# What bounds a denial rather than making it whole: "do not expire for 90 days", "... until
# first login", "... unless MFA is disabled", "more often than every 90 days".
_DENIAL_BOUNDED = re.compile(
    r"[^.;]{0,40}?\b(?:for|until|sooner|before|earlier|unless|except|if|more\s+often"
    r"|within|after|once)\b|[^.;]*?\b\d+[\s-]*(?:days?|weeks?|months?|years?|hours?)\b",
    re.I,
)
# A period or a frequency stated: "every 90 days", "at 90-day intervals", "annually".
PERIOD_STATED = re.compile(
    r"\b\d+[\s-]*(?:days?|weeks?|months?|years?)\b|\b(?:every|each)\s+\w+"
    r"|\b(?:annually|quarterly|monthly|yearly|weekly|daily)\b",
    re.I,
)


def scheduled_change_denied(
    question: str, sentence: str, names_subject: Callable[[], bool]
) -> bool:
    """Whether the sentence says the thing is not changed on a schedule (it does not
    expire, no forced changes) where the question asks whether it must be changed
    periodically, and the sentence names what the question asks of
    (``names_subject``, asked last): "University passwords do not expire" is No to "Are
    users required to change their passwords every 90 days?"."""
    if _SCHEDULED_CHANGE_ASKED.search(question) is None:
        return False
    said = _FAQ_QUESTION.sub("", sentence, count=1)  # a staff FAQ's own question aside
    denied = _SCHEDULED_CHANGE_DENIED.search(said)
    return (
        denied is not None
        and _DENIAL_BOUNDED.match(said, denied.end()) is None
        and PERIOD_STATED.search(said) is None  # "they do not expire sooner than every 90 days"
        and names_subject()
    )


_FAQ_QUESTION = re.compile(r"^[^?]{3,200}\?[\s*_]*")
