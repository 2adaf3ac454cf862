"""The kinds of value a question asks for (how often, how long, how many) and where
a text states one."""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Collection, Sequence

from dossier.common.textutil import (
    BULLET,
    HYPHENS,
    STOPWORDS,
    UNIT_WORDS,
    content_terms,
    identifiers,
    is_control_identifier,
    sentence_spans,
    stem,
    without_law_names,
    words,
)
from dossier.records import Fact
from dossier.research import thesaurus
from dossier.research.ask import core_ask, predicate_words
from dossier.research.qualifiers import (
    JOINERS,
    LEAVERS,
    MOVERS,
    NOTIFYING_TO_WHOM,
    NOTIFYING_WHOM,
    another_qualifier,
    qualifiers_asked,
    qualifiers_named,
)

_UNIT_WORD = "one|two|three|four|five|six|seven|eight|nine"
_TEEN_WORD = "ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen"
_TENS_WORD = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_BELOW_HUNDRED = rf"(?:(?:{_TENS_WORD})(?:[\s-](?:{_UNIT_WORD})\b)?|{_TEEN_WORD}|{_UNIT_WORD})"
# A number in words: "five", "thirty-five", "twenty four", "one hundred and eighty".
_NUMBER_WORDS = (
    rf"(?:{_BELOW_HUNDRED}[\s-]+(?:hundred|thousand)(?:[\s-]+(?:and[\s-]+)?{_BELOW_HUNDRED})?"
    rf"|{_BELOW_HUNDRED})"
)
# A time that recurs: "day", "night", "quarter", "Saturday" (never "every account").
_RECURRING = (
    r"(?:(?:business\s+|working\s+)?day|night|morning|evening|weekday|weekend|week|fortnight"
    r"|month|quarter|year|hour|minute|semester|term|(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
)
# A unit of time as engineers shorten it, after a figure: "24h", "30d", "12mo", "15 mins",
# "24 hrs" (lower case: "3D Secure" is no period; no "m", which may be minutes or months).
SHORT_TIME_UNIT = r"(?-i:h|d|mos?)|\s?(?-i:hrs?|mins?|secs?|wks?|yrs?)"
# A figure with one: "within 24h" ("477h-xgwv" of an advisory's id is none).
_SHORT_PERIOD = rf"(?<![\w.-])\d[\d,]*(?:{SHORT_TIME_UNIT})(?![\w-])"
# "every 90 days", "every ninety (90) days", "every two years", "every quarter", "every
# other week", "every Saturday", "each 4 hours".
_EVERY_PERIOD = (
    rf"(?:(?:every|each)\s+{_SHORT_PERIOD}"
    # "each" counts only with its unit: "each one encrypted" is no frequency
    rf"|each\s+(?:{_NUMBER_WORDS}|\d[\d,]*)\s+(?:days|weeks|months|years|hours|minutes)\b"
    rf"|every\s+(?:(?:{_NUMBER_WORDS}|\d[\d,]*)(?:\s*\((?:\d+|[a-z]+(?:-[a-z]+)?)\))?"
    rf"(\s+(days|weeks|months|years|hours))?"
    rf"|(?:other\s+|single\s+)?{_RECURRING}s?\b))"
)
_HYPHEN = "[-\u2010\u2011\u2013]"  # as word processors set it too
# A period changed from one value to another: its first is no end of a range.
_NOT_CHANGED = "".join(
    f"(?<!{verb} from )"
    for verb in "changed extended increased reduced decreased raised lowered shortened "
    "lengthened moved updated cut".split()
)
_COUNTED_LY = (
    rf"(?:\d{{1,2}}|{_UNIT_WORD}|{_TEEN_WORD}|twice|thrice){_HYPHEN}"
    r"(?:hourly|daily|weekly|monthly|yearly)"
)
_FREQUENCY = re.compile(
    # a count of periods joined to its "-ly": "six-monthly", "12-monthly", "two-weekly"
    rf"\b((?:(?:at least\s+)?(?:once|twice)\s+)?{_COUNTED_LY}"
    # "at least once daily", "at least annually" (the least kept, as a duration's is)
    r"|(?:(?:at least\s+)?(?:once|twice)\s+|at least\s+)?"
    r"(?<![-\u2010\u2011\u2013])(?:annual(ly)?|yearly|quarterly|monthly|weekly|daily|hourly"
    r"|nightly)"
    # (a sum counted per year is no frequency: "annual turnover", "annual revenue")
    r"(?!\s+(?:(?:net|gross|total|insurance)\s+)?(?:turnover|revenue|income|budget|salary"
    r"|salaries|leave|fees?|sales|spend|premium|recurring\s+revenue|contract\s+value|limit"
    r"|allowance)\b)"
    r"|bi-?annual(ly)?|semi-?annual(ly)?|half-?yearly|fortnightly|bi-?weekly|bi-?monthly"
    r"|semi-?monthly"
    rf"|(?:(?:at least\s+)?(?:once|twice)\s+|at least\s+)?{_EVERY_PERIOD}"
    r"|each\s+(year|quarter|month|week|day|night|morning|evening)|nightly"
    r"|per\s+(year|quarter|month|week|day)"
    r"|(once|twice)\s+(a|per|each)\s+(?:(?:calendar|financial|fiscal|business|working)\s+)?\w+"
    r"|at least once(\s+(a|per|each)\s+\w+)?|\w+ times (a|per) (year|month|week|day)"
    # ("regular" alone qualifies a thing: "Forced regular changes lead to weaker passwords")
    r"|continuous(ly)?|real[- ]time|regularly|(?:at\s+)?regular\s+intervals|periodic(ally)?"
    r"|on an? \w+ basis"
    r"|(on\s+an?\s+)?\d+[\s-](day|week|month|year)\s+(cycle|schedule|rotation))\b",
    re.I,
)
_FIGURE_OR_WORDS = rf"(?:\d[\d,]*|{_NUMBER_WORDS})"
# A period, or a range of periods ("5-10 business days", "between 30 and 60 days").
_DURATION = re.compile(
    r"\b((within|for|after|up to|at least|a minimum of|a maximum of|(?:no|not) more than"
    r"|not exceeding|between)\s+)?"
    rf"(?<!every\s)(?<!each\s)(?<!\bper\s)"
    # (not a change: "extended from 6 to 13 months" states 13 months, no range)
    rf"({_NOT_CHANGED}\d[\d,]*\s*(?:-|\u2013|\bto\b|\band\b)\s*"
    rf"|{_NOT_CHANGED}{_NUMBER_WORDS}\s+(?:to|and)\s+)?"
    rf"{_FIGURE_OR_WORDS}([\s-]+\(\d+\))?[\s-]+"
    r"(business\s+|calendar\s+|working\s+)?(second|minute|hour|day|week|month|year)s?\b"
    r"(?![\s-]+(?:cycle|schedule|rotation)\b)"
    # a coverage, no period: "monitored by CCTV 24 hours a day", "7 days a week"
    r"(?![\s-]+(?:a|per|each)\s+(?:day|week|year)\b)"
    # ("permanently deleted within 30 days": how a thing is deleted, no period)
    r"|\b(immediate(ly)?|indefinite(ly)?|permanent(ly)?"
    r"(?!\s+(?:deleted|erased|removed|destroyed|purged|wiped|disposed)\b))\b"
    # shorthand: "within 24h", "for 30d"
    r"|\b(?:(?:within|for|after|up\s+to|at\s+least|a\s+(?:minimum|maximum)\s+of"
    r"|(?:no|not)\s+more\s+than|not\s+exceeding)\s+)?"
    rf"(?<!every\s)(?<!each\s)(?<!\bper\s){_SHORT_PERIOD}"
    # a deadline by the end of a day: "by the end of their last working day", "no later
    # than the end of ..."
    r"|\b(?:by|no\s+later\s+than)\s+(?:the\s+)?end\s+of\s+(?:(?:the|their|his|her|each|that|same|[\w-]+['\u2019]s)\s+)*"
    r"(?:(?:last|final|next|same|following)\s+)?(?:(?:business|working|calendar)\s+)?"
    r"(?:day|shift|week|month)\b|\b(?:on\s+)?the\s+same\s+(?:business\s+|working\s+)?day\b"
    # "at the latest on the last working day of the employee"
    r"|\b(?:(?:at\s+the\s+latest|no\s+later\s+than)\s+)?on\s+(?:the|their|his|her)\s+"
    r"(?:last|final)\s+(?:working\s+|business\s+)?day\b",
    re.I,
)
_NUMBER = re.compile(
    # not a control's number: "AC-2(2) Time period ..." counts nothing
    rf"(?<![A-Za-z][{HYPHENS}])(?<!\d\()"
    rf"\b(\d[\d,.]*|{_NUMBER_WORDS})([\s-]+\(\d+\))?(\s+(or more|or fewer|or longer))?"
    r"(\s+[a-z][a-z-]+){0,2}",
    re.I,
)
ASKS_PATTERN = {"frequency": _FREQUENCY, "duration": _DURATION, "number": _NUMBER}
ASKS_WORDS = {"frequency": "how often", "duration": "the period", "number": "the number"}

# Verbs saying a practice is done again ("how often is the training repeated?"): they
# name no subject of a further part's own, and no sentence need name them.
_DONE_AGAIN = frozenset(stem(w) for w in "repeat renew refresh redo redone retake retaken".split())
# Verbs that go with the value asked for ("how long are X retained", "how often is X
# performed"); the subject is X. Stemmed.
VALUE_VERBS = _DONE_AGAIN | frozenset(
    stem(word)
    for word in "retain retained retention keep kept store stored hold held remain archive "
    "archived "
    "perform performed conduct conducted carry carried happen occur run review reviewed "
    # "notified" (the thesaurus's "alerted") says when, not of whom: "Security alerts are
    # triaged within 30 minutes" states no deadline for notifying customers
    "notify notified "
    # "how many attempts are permitted?": the count allowed, of the attempts
    "permit permitted allow allowed".split()
)


# Nouns that name the value asked for, not what it is about. Stemmed.
VALUE_NOUNS = frozenset(
    stem(word)
    for word in "timeframe timeframes timescale timescales frame period periods duration frequency "
    "interval deadline "
    # "within what time ...", "the response time for ...": the period asked, not its subject
    "sla slas time times timeout timeouts".split()
)
# Nouns naming whose or what stuff ("customer data", "CCTV recordings", "end users"): the
# word before them says what it is. Stemmed.
STUFF_NOUNS = frozenset(
    stem(w)
    for w in """data information record user employee staff personnel people member
    individual workforce""".split()
)
# Nouns of a measure asked ("the minimum password length"): the value's, not the subject's.
MEASURE_NOUNS = frozenset(stem(word) for word in ("minimum", "maximum", "length"))


def states_value(fact: Fact, text: str) -> bool:
    """Whether the text states a value of the kind the fact asks for, about anything."""
    pattern = ASKS_PATTERN.get(fact.asks or "")
    return pattern is None or bool(pattern.search(text))


def holds_value(fact: Fact, text: str) -> bool:
    """Whether the text states the kind of value the fact asks for (a period, a
    frequency, a number) about the fact's subject: in a sentence that, or whose
    sentence before it, names one of the fact's terms or a thesaurus alternative
    ("authenticators" for "credentials"). "Customer data is deleted
    within 30 days. Invoice records are retained under the schedule above." holds
    no period for invoice records."""
    pattern = ASKS_PATTERN.get(fact.asks or "")
    if pattern is None:
        return True
    if fact.asks == "number" and not (counts_something(fact, text) or states_operand(fact, text)):
        return False
    # (the documents a review demand is of are read by ``own_review`` below)
    terms = set(fact.terms) - _REVIEWED_DOCUMENTS or set(fact.terms)
    wanted = terms - VALUE_VERBS or terms
    # a value's own name inside a value names no subject: "should not exceed 4 hours in any
    # rolling 12-month period" is no retention period
    sentences = [_MEASURED_SPAN.sub(" ", text[a:b]) for a, b in sentence_spans(text)] or [
        _MEASURED_SPAN.sub(" ", text)
    ]
    documents = fact.asks == "frequency" and bool(_DOCUMENTS_REVIEWED.search(fact.text))
    # a demand of a question asking a policy be reviewed has it in its subject (brief): a
    # sentence whose subject is the document itself states its review
    own_review = fact.asks == "frequency" and not _REVIEWED_DOCUMENTS.isdisjoint(fact.terms)
    named = [
        not wanted
        or _names_subject(fact, wanted, s)
        or (documents and _names_a_document(s))  # "All policies are reviewed ..."
        or (own_review and _OWN_DOCUMENT_REVIEW.search(s) is not None)
        for s in sentences
    ]
    return any(
        pattern.search(without_section_number(sentence))  # "3.5 Shared accounts ...": no 3.5
        and (named[i] or (i > 0 and named[i - 1]))
        and not _other_bound(fact.text, sentence)
        and not _deadline_for_another_action(fact, sentence)
        and not _frequency_of_another_action(fact, sentence)
        and not _review_of_something_else(fact, " ".join(sentences[max(0, i - 1) : i + 1]))
        and not _only_times_for_a_length(fact, sentence)
        and not _retention_for_recovery_point(fact, " ".join(sentences[max(0, i - 1) : i + 1]))
        and not _period_for_recovery_time(fact, " ".join(sentences[max(0, i - 1) : i + 1]))
        and not _notice_before_another_event(fact, sentence)
        for i, sentence in enumerate(sentences)
    )


_MEASURED_SPAN = re.compile(
    r"\b(?:\d+|one|two|three|six|twelve)[- ](?:hour|day|week|month|year)s?[- ]"
    r"(?:period|window|interval|timeframe|time\s+frame)s?\b",
    re.I,
)


# A notice asked ahead of an event: "How much advance notice is given to customers
# before scheduled maintenance windows?" (the event: maintenance windows).
_NOTICE_ASKED = re.compile(
    r"\b(?:advance\s+)?notice\b[^?]*?\b(?:before|prior\s+to|ahead\s+of|of)\s+"
    r"(?:(?:any|all|each|every|a|an|the|planned|scheduled|unscheduled)\s+)*(?P<event>[^?.;]+)",
    re.I,
)


def _notice_before_another_event(fact: Fact, sentence: str) -> bool:
    """Whether the question asks how far ahead of an event someone is told, and the
    sentence tells of another event by name ("notified of breaking API changes at least
    90 days in advance" gives no notice of maintenance windows): one naming none of the
    asked event's words (nor a thesaurus alternative, nor another word for a service
    interruption) after "of", "about", "before" or "prior to". A sentence naming no event
    ("Planned downtime is announced 7 days in advance") is read as before."""
    asked = _NOTICE_ASKED.search(fact.text)
    told = _EVENT_TOLD.search(sentence.replace("-", ""))
    if asked is None or told is None:
        return False
    event = {t for t in content_terms(asked.group("event").replace("-", ""))} - _GENERIC_EVENTS
    event -= VALUE_NOUNS
    if not event:
        return False  # "prior to a change": any change is one
    present = set(content_terms(sentence.replace("-", "")))
    if event & _INTERRUPTIONS and present & _INTERRUPTIONS:
        return False  # "scheduled service interruption" for maintenance windows
    return not any(thesaurus.says(t, present) for t in event)


# Where a sentence names what it tells of: "notified of breaking API changes", "notice
# of any scheduled service interruption", "30 days before engaging a new subprocessor".
_EVENT_TOLD = re.compile(
    r"\b(?:notif\w*|notice|inform\w*|told|announc\w*|communicat\w*|advis\w*)\b[^.;]*?"
    r"\b(?:of|about|before|prior\s+to|ahead\s+of)\s+\w",
    re.I,
)
# Words for any event ("a change", "an update"), and for a service's interruption.
_GENERIC_EVENTS = frozenset(stem(w) for w in "change changes update updates event events".split())
_INTERRUPTIONS = frozenset(
    stem(w)
    for w in "maintenance downtime outage outages interruption interruptions window windows "
    "disruption disruptions".split()
)


# A recovery point objective asked (how much data may be lost), and the words of a
# sentence stating one.
_RECOVERY_POINT_ASKED = re.compile(
    r"\b(?:RPO|recovery\s+point\s+objectives?|maximum\s+tolerable\s+data\s+loss)\b", re.I
)
_RECOVERY_POINT_SAID = re.compile(
    r"\b(?:RPOs?|recovery\s+point|objectives?|data\s+loss|lost|lose|restor\w*|recover\w*)\b",
    re.I,
)


def _retention_for_recovery_point(fact: Fact, sentence: str) -> bool:
    """Whether the question asks a recovery point objective and the sentence speaks
    of no recovery, restore, loss or objective: "Backup copies are retained for 90
    days" says how long copies are kept, not how much data may be lost. A table row
    ("| Tier 2 | 4 hours | 24 hours |") says it under its column headers."""
    if "|" in sentence or not _RECOVERY_POINT_ASKED.search(fact.text):
        return False
    return not _RECOVERY_POINT_SAID.search(sentence)


# A recovery time objective asked (how long a restore may take), and the words of column
# headers naming each objective.
_RECOVERY_TIME_ASKED = re.compile(r"\b(?:RTO|recovery\s+time\s+objectives?)\b", re.I)
_RECOVERY_TIME_COLUMN = re.compile(r"\b(?:RTOs?|recovery\s+time)\b", re.I)
_RECOVERY_POINT_COLUMN = re.compile(r"\b(?:RPOs?|recovery\s+point|data\s+loss)\b", re.I)


# The words of a sentence stating how long a recovery takes ("Recovery Services vault"
# names a product, no recovery time).
_RECOVERY_TIME_SAID = re.compile(
    r"\b(?:RTOs?|recovery(?!\s+services?\b)|objectives?|restor\w*|recover(?:ed|ing|s)?"
    r"|resum\w*|downtime|outages?|back\s+(?:online|in\s+service)|reinstat\w*"
    r"|fail(?:ed|s|ing)?\s*-?\s*over\w*|unavailab\w*|(?:operational|available|running)\s+again)\b",
    re.I,
)


def _period_for_recovery_time(fact: Fact, sentence: str) -> bool:
    """Whether the question asks a recovery time objective and the sentence speaks of
    no recovery time, restore, outage or objective: "immutability enabled so that
    [backups in a Recovery Services vault] cannot be deleted for 14 days after
    creation" is how long backups are locked, no recovery time. A table row says it
    under its column headers."""
    if "|" in sentence or not _RECOVERY_TIME_ASKED.search(fact.text):
        return False
    return not _RECOVERY_TIME_SAID.search(sentence)


def asks_one_recovery_objective(fact: Fact) -> bool:
    """Whether the fact asks a recovery point or a recovery time objective, not both."""
    point = bool(_RECOVERY_POINT_ASKED.search(fact.text))
    return point != bool(_RECOVERY_TIME_ASKED.search(fact.text))


def asked_objective_column(fact: Fact, columns: str) -> bool:
    """Whether a table row's column headers name the one recovery objective the question
    asks ("System | Tier | RTO | RPO" for the RTO): its cell under that column states
    it, where a sentence saying a system may be "unavailable for more than eight hours"
    states when a disaster is declared."""
    if not asks_one_recovery_objective(fact):
        return False
    if _RECOVERY_TIME_ASKED.search(fact.text):
        return _RECOVERY_TIME_COLUMN.search(columns) is not None
    return _RECOVERY_POINT_COLUMN.search(columns) is not None


def other_objective_column(fact: Fact, columns: str) -> bool:
    """Whether a table row's column headers name only the recovery objective the
    question does not ask: under "Service | Recovery time objective (RTO)" a row's
    "24 hours" is how long a restore may take, no recovery point objective (how much
    data may be lost), and the other way round."""
    if _RECOVERY_POINT_ASKED.search(fact.text) and not _RECOVERY_TIME_ASKED.search(fact.text):
        return bool(
            _RECOVERY_TIME_COLUMN.search(columns) and not _RECOVERY_POINT_COLUMN.search(columns)
        )
    if _RECOVERY_TIME_ASKED.search(fact.text) and not _RECOVERY_POINT_ASKED.search(fact.text):
        return bool(
            _RECOVERY_POINT_COLUMN.search(columns) and not _RECOVERY_TIME_COLUMN.search(columns)
        )
    return False


# A length in characters or bits asked ("the minimum password length"), not a session's
# or a retention's.
_LENGTH_ASKED = re.compile(
    r"\b(?:password|passphrase|pin|key|secret)s?\b[^?]{0,30}\blength\b"
    r"|\blength\b[^?]{0,20}\b(?:password|passphrase|pin|key|secret)s?\b|\bcharacters?\b"
    r"|\bhow\s+long\s+must\s+(?:a\s+|the\s+)?(?:password|passphrase)s?\b",
    re.I,
)
_TIME_MEASURED = re.compile(
    r"\b(?:seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\b", re.I
)


# A length stated: in characters, digits, bits or bytes ("12 characters", "RSA-2048"), or
# a figure the sentence calls a length ("Minimum length: 14").
# Words between a figure and its characters: "12 alphanumeric characters".
_CHARACTER_KINDS = "alphanumeric|printable|ascii|unicode|random|total|keyboard|mixed"
_LENGTH_STATED = re.compile(
    rf"\b{_FIGURE_OR_WORDS}(?:\s*\(\d+\))?\s*-?\s*"
    rf"(?:(?:{_CHARACTER_KINDS})\s+){{0,2}}"
    r"(?:characters?|chars?|digits?|bits?|bytes?)\b"
    r"(?!\s+(?:classes|types|sets|categories))"
    r"|\b(?:rsa|aes|ecc|ecdsa|dsa|dh)[\s-]?\d{3,4}\b|\blength\b",
    re.I,
)
# A count of something other than characters: "5 failed attempts", "3 character classes",
# "the last 10 passwords".
_OTHER_COUNT = re.compile(
    rf"\b{_FIGURE_OR_WORDS}\s+(?:(?:failed|unsuccessful|invalid|wrong|consecutive|previous)\s+)*"
    r"(?:attempts?|tries|logins?|log-?ons?|inputs?|(?:character\s+)?(?:classes|types|sets"
    r"|categories)|passwords?)\b",
    re.I,
)


def states_length(text: str) -> bool:
    """Whether the text states a length ("a minimum of 12 characters", "RSA-2048"):
    it names the length a question asks of, in other words."""
    return _LENGTH_STATED.search(text) is not None


def _only_times_for_a_length(fact: Fact, sentence: str) -> bool:
    """Whether a length is asked ("the minimum password length") and the sentence states
    none, but a time or a count of something else: "locked for 30 minutes after 5 wrong
    inputs", "changed every 90 days and contain 3 character classes" state no length;
    "minimum 12 signs" does."""
    if fact.asks != "number" or not _LENGTH_ASKED.search(fact.text):
        return False
    if _LENGTH_STATED.search(sentence):
        return False
    measured = [m.group(0) for m in _MEASURED.finditer(sentence)]
    return any(_TIME_MEASURED.search(m) for m in measured) or bool(_OTHER_COUNT.search(sentence))


# Recurring actions a frequency is stated of ("verify" is both testing and reviewing:
# backups are verified as tested, firewall rules as reviewed). "The plan is reviewed and updated
# annually" says nothing of how often it is tested; a penetration test's "annually" is
# no frequency of vulnerability scans.
_RECURRING_ACTIONS = (
    re.compile(
        r"\b(?:test\w*|exercis\w*|drill\w*|simulat\w*|tabletop|rehears\w*|verif\w*)\b", re.I
    ),
    re.compile(
        r"\b(?:review\w*|re-?assess\w*|recertif\w*|audit\w*|attest\w*|monitor\w*|inspect\w*"
        r"|check\w*|verif\w*)\b",
        re.I,
    ),
    re.compile(r"\b(?:rotat\w*|renew\w*)\b", re.I),
    re.compile(r"\bscan\w*", re.I),
    re.compile(r"\b(?:train\w*|awareness)\b", re.I),
)


# A question about how often documents are reviewed: "Are information security policies
# reviewed at planned intervals?", "How often is the incident response plan updated?".
_DOCUMENT_KIND = r"(?:polic(?:y|ies)|procedures?|standards?|plans?|documents?|documentation)"
# (policies and procedures in general: a plan or standard asked names its own subject)
_GENERAL_DOCUMENTS = r"(?:polic(?:y|ies)|procedures)"
_DOCUMENTS_REVIEWED = re.compile(
    rf"\b{_GENERAL_DOCUMENTS}\s+(?:(?:is|are|be|being)\s+)?(?:\w+ly\s+)?"
    r"(?:reviewed|updated|revised|re-?approved)\b"
    r"|\breview(?:s|ed)?\s+of\s+(?:the\s+|its\s+|your\s+|all\s+)?(?:[\w-]+\s+){0,3}?"
    rf"{_GENERAL_DOCUMENTS}\b"
    # the documents as the verb's object: "How often does your company review its security
    # and privacy policies ...?" (not "review access according to policies")
    # (or with a second verb: "review and update your information security policies")
    r"|\breview(?:s|ed)?\s+(?:and\s+(?:update|revise|approve)[sd]?\s+)?(?:its|your|their|our|all)\s+"
    r"(?:(?:information|security|privacy|cyber(?:security)?|corporate|company|organi[sz]ational"
    r"|and|&),?\s+){0,4}"
    rf"{_GENERAL_DOCUMENTS}\b",
    re.I,
)
# ... and what a sentence stating it names: the documents.
_DOCUMENT_NAMED = re.compile(
    rf"(?<!under\s)(?<!under\sthe\s)(?<!per\s)(?<!with\s)(?<!with\sthe\s)\b(?:{_DOCUMENT_KIND}|manual"
    r"|handbook)\b",
    re.I,
)


# A document named as what another practice follows: "Verify Data Disposal per Retention
# Policy [quarterly]", "in line with the Access Control Policy".
_FOLLOWED = re.compile(
    r"\b(?i:per|according\s+to|in\s+(?:line|accordance)\s+with|as\s+required\s+by|pursuant\s+to"
    r"|as\s+(?:set\s+out|defined|described)\s+in)\s+(?i:the\s+|its\s+|our\s+)?"
    r"(?:(?!(?i:and|or|but)\b)[A-Za-z][\w-]*\s+){0,4}$"
)


# A document stating its own review: "This policy is reviewed at least once every twelve
# months", "The CISO reviews this policy annually" (not "Under this policy, user access
# rights are reviewed annually").
_OWN_DOCUMENT_REVIEW = re.compile(
    r"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:this|the|all|these|our|each|every)\s+"
    r"(?:(?!(?:under|per|of|in|by|to|for|with|this|that)\b)[\w-]+\s+){0,4}?"
    r"(?:polic(?:y|ies)|procedures?"
    r"|standards?|documents?)\s+(?:(?:is|are|will|shall|must|should)\s+(?:be\s+)?)?"
    r"(?:\w+ly\s+)?(?:reviewed|updated|revised)\b"
    r"|\b(?:reviews?|updates?|revises?)\s+(?:this|the)\s+(?:polic(?:y|ies)|procedures?|standards?"
    r"|documents?)\b(?!\s+(?!(?:at|annually|every|each|on|once|and|to|for|in|by|when|after)\b)[a-z])",
    re.I,
)
_REVIEWED_DOCUMENTS = frozenset(stem(w) for w in ("policy", "policies", "procedure", "procedures"))


def _names_a_document(sentence: str) -> bool:
    """Whether a sentence names a document as its own subject, not as what another
    practice follows ("... per Retention Policy")."""
    return any(
        not _FOLLOWED.search(sentence[: found.start()])
        for found in _DOCUMENT_NAMED.finditer(sentence)
    )


def documents_review_asked(question: str) -> bool:
    """Whether a question asks how often, or whether, policies or procedures are
    reviewed ("Is the access control policy reviewed at least annually?")."""
    return _DOCUMENTS_REVIEWED.search(question) is not None


def _review_of_something_else(fact: Fact, sentence: str) -> bool:
    """Whether the question asks how often documents are reviewed and the sentence
    names no document: "Privileged access rights are reviewed quarterly
    by the Information Security Manager" is no review of information security
    policies, whatever the manager's title shares with them."""
    if fact.asks != "frequency" or "|" in sentence or not _DOCUMENTS_REVIEWED.search(fact.text):
        return False
    return not _names_a_document(sentence)


def _frequency_of_another_action(fact: Fact, sentence: str) -> bool:
    """Whether the question asks how often one recurring action is done (tested,
    reviewed, rotated, scanned, trained) and the sentence states only another's
    frequency: it names another such action and none of those asked; or the question
    names no such action ("How often are backups performed?") and each frequency the
    sentence states is written right after one ("failures are reviewed every business
    day")."""
    if fact.asks != "frequency" or "|" in sentence:
        return False
    named = f"{fact.text} {' '.join(fact.terms)}"  # a demand's subject is in its terms
    asked = [a for a in _RECURRING_ACTIONS if a.search(named)]
    others = [a for a in _RECURRING_ACTIONS if a not in asked]
    stated = list(_FREQUENCY.finditer(sentence))
    ends = [0, *(m.end() for m in stated)]
    each_another = bool(stated) and all(
        _done_by(sentence[ends[i] : m.start()], others)
        and not _done_by(sentence[ends[i] : m.start()], asked)
        for i, m in enumerate(stated)
    )
    if not asked:  # "How often are backups performed?": "failures are reviewed daily"
        return each_another and bool(_DOING.search(fact.text)) and not _only_a_demand(fact)
    if any(a.search(sentence) for a in asked):
        return each_another
    return any(a.search(sentence) for a in others)


# A verb that says only that something is done: what it is, is in its subject ("How
# often are backups performed?"). Another verb ("check who has access") is an action
# of its own, perhaps in other words than the documents'.
_DOING = re.compile(
    r"\b(?:perform\w*|conduct\w*|run|runs|ran|take[ns]?|taken|done|made|carried\s+out"
    r"|occur\w*|happen\w*|execut\w*|complet\w*)\b",
    re.I,
)


def _only_a_demand(fact: Fact) -> bool:
    """Whether the fact is a wording's demand alone ("at least annually"), whose action
    is the question's, not its own words'."""
    return not content_terms(_FREQUENCY.sub(" ", fact.text).replace("least", " "))


def _done_by(before: str, actions: Sequence[re.Pattern[str]]) -> bool:
    """Whether one of the actions is written in the clause before a frequency (``before``:
    the text since the frequency before it): "Backup job failures are reviewed every
    business day", "We perform test restores of a sample of servers every quarter"."""
    clause = re.split(r"[,;:]", before)[-1]
    return any(a.search(clause) for a in actions)


# The actions a period is asked of, by their words: keeping (how long a thing is kept,
# or when it is disposed of) and notifying (how soon someone is told). A keeping
# stated otherwise ("| Audit logs | 1 year |", "Logs: 1 year") states no deadline.
_KEEPING = re.compile(
    r"\b(?:retain\w*|retention|keep\w*|kept|stor(?:e|ed|es|ing|age)|hold\w*|held|archiv\w*"
    r"|delet\w*|purg\w*|destr(?:oy|oyed|oys|uction)|dispos\w*|eras\w*|expir\w*|preserv\w*"
    r"|maintain\w*)\b",
    re.I,
)
_NOTIFYING = re.compile(
    rf"\b(?:{NOTIFYING_WHOM}|{NOTIFYING_TO_WHOM}|tell|told|contact(?:s|ed|ing)?|escalat\w*)\b",
    re.I,
)
# A telling word in a question that asks no one told: "reported critical vulnerabilities",
# "customer-reported incidents" (which ones), "security alerts are triaged" (a thing).
_NOT_TELLING = re.compile(
    r"(?:\b(?:for|of|the|all|any|about|with|on|new|newly|are|is|were|was|\w+ly)\s+|\b\w+-)"
    r"reported\s+"
    r"(?!(?:to|by|within|in|upon|after|following|once|when|on|if|via|through|immediately"
    r"|promptly|no)\b)(?=[a-z])"
    r"|\balerts?\b(?!\s+(?:the\s+|affected\s+|our\s+|your\s+)*(?:customers?|clients?|users?|us|you"
    r"|regulators?|authorit|institutions?|owners?|organi[sz]ations?|data\s+owners?))",
    re.I,
)
# How long a thing is kept, asked ("servers that store Restricted data" asks nothing of
# keeping).
_KEEPING_ASKED = re.compile(
    r"\bretention\b|\bretain\w*|\bkept\b|\bkeep\b|\barchiv\w*"
    r"|\bhow\s+long\b[^?]*\b(?:stored|held|preserved|maintained)\b",
    re.I,
)
_DEADLINE = re.compile(rf"\bwithin\s+{_FIGURE_OR_WORDS}", re.I)


def keeping_unsaid(fact: Fact, sentence: str) -> bool:
    """Whether the question asks how long a thing is kept and the sentence says nothing
    of keeping it (retained, stored, deleted ...) and states its periods only as what
    another thing measures ("5-minute granularity"): "automated snapshots daily, plus
    point-in-time recovery with 5-minute granularity" states no second retention beside
    "Snapshots are retained for 35 days"; "audit logs remain available in S3 Glacier for
    seven years" does."""
    if not _KEEPING_ASKED.search(fact.text) or _KEEPING.search(sentence):
        return False
    periods = list(_DURATION.finditer(sentence))
    return bool(periods) and all(_MEASURE_OF_ANOTHER.match(sentence, p.start()) for p in periods)


# A period naming what another thing measures: "5-minute granularity", "15-minute
# intervals" (not "a 30-day retention period", "a 12-month lifespan").
_MEASURE_OF_ANOTHER = re.compile(
    rf"{_FIGURE_OR_WORDS}-(?:second|minute|hour|day|week|month|year)\s+"
    r"(?:granularity|intervals?|increments?|resolution|cadence|timeouts?|polling)\b",
    re.I,
)


def _deadline_for_another_action(fact: Fact, sentence: str) -> bool:
    """Whether the question asks how long a thing is kept, or how soon someone is
    notified, and the sentence (no table row) states a period naming no such action:
    "complete training within 30 days of hire" says nothing of how long training
    records are retained; "complete an assessment within 30 days", or "The recovery
    time objective ... is one business day", of when customers are notified."""
    if fact.asks != "duration" or "|" in sentence:
        return False
    keeping = _KEEPING_ASKED.search(fact.text)  # "How long are incident reports retained?"
    notifying = _NOTIFYING.search(_NOT_TELLING.sub(" ", fact.text))
    if not keeping and notifying and not _NOTIFYING.search(sentence):
        return True
    if not keeping and not notifying and _notice_of_another_action(fact, sentence):
        return True
    if (
        keeping
        and _DEADLINE.search(sentence)
        and _AFTER_AN_END.search(sentence)
        and not _KEPT_FOR.search(sentence)  # "retained for 12 months; on closure, ..."
    ):
        return not _END_NAMED.search(fact.text)  # deleted within 60 days of an exit
    return bool(
        _KEEPING_ASKED.search(fact.text)
        and _DEADLINE.search(sentence)
        and not _KEEPING.search(sentence)
    )


# The end of a relationship a deletion deadline runs from: "After the end of the
# transition period, all customer data, including backups, is deleted within 60 days",
# "Upon termination of the contract", "When you delete your account": not how long a
# thing is kept while the service runs.
_AFTER_AN_END = re.compile(
    r"\b(?:after|upon|on|following|at)\s+(?:the\s+)?(?:end|termination|expiry|expiration"
    r"|cancellation|exit|closure|offboarding)\b"
    r"|\bwhen\s+(?:you|a\s+customer|the\s+customer|customers)\s+"
    r"(?:delete|cancel|close|leave|terminate)",
    re.I,
)
_KEPT_FOR = re.compile(
    r"\b(?:retain\w*|kept|keep\w*|stored|held|archived)\s+(?:[\w-]+\s+){0,3}?(?:for|during)\b"
    r"|\bduration\s+of\b",
    re.I,
)
_END_NAMED = re.compile(
    r"\b(?:end|terminat\w*|expir\w*|cancel\w*|exit\w*|closur\w*|clos(?:e|ed|ing)|offboard\w*"
    r"|leav\w*|delet\w*|transition|off-?boarding)\b",
    re.I,
)


# A period of notice given ahead of an event: "HR will notify the service desk of all
# leavers at least five working days in advance", "two weeks' notice".
_NOTICE = re.compile(
    rf"\b{_FIGURE_OR_WORDS}\s+(?:\w+\s+)?(?:days?|hours?|weeks?|months?)['’]?"
    r"\s+(?:in\s+advance|beforehand|ahead|(?:prior\s+|advance\s+)?notice)\b",
    re.I,
)


def _notice_of_another_action(fact: Fact, sentence: str) -> bool:
    """Whether the sentence states how long ahead someone is told of a thing, and the
    question asks when the thing itself is done: HR's five days' notice of leavers gives
    no time for removing their access ("Access is terminated within 24 hours of HR
    notification" does)."""
    return bool(_NOTIFYING.search(sentence) and _NOTICE.search(sentence)) and not re.search(
        r"\b(?:notice|advance)\b", fact.text, re.I
    )


_LOWER_BOUND = re.compile(r"\b(?:minimum|at\s+least|no\s+(?:fewer|less)\s+than|shortest)\b", re.I)
_UPPER_BOUND = re.compile(
    r"\b(?:maximum|at\s+most|up\s+to(?!\s+date)|no\s+more\s+than|not\s+(?:to\s+)?exceed|longest)\b",
    re.I,
)


def _other_bound(asked: str, sentence: str) -> bool:
    """Whether the sentence states only the other bound than the one asked: "Passwords
    may be up to 128 characters long" states no minimum length."""
    for wanted, other in ((_LOWER_BOUND, _UPPER_BOUND), (_UPPER_BOUND, _LOWER_BOUND)):
        if wanted.search(asked) and not other.search(asked):
            read = _AT_LEAST_AS_OFTEN.sub(" ", sentence) if wanted is _UPPER_BOUND else sentence
            return bool(other.search(read)) and not wanted.search(read)
    return False


# "At least" of how often is the longest interval allowed: "rotated at least every 12
# months" states the maximum rotation period.
_AT_LEAST_AS_OFTEN = re.compile(
    r"\bat\s+least\s+(?=(?:once\s+)?(?:every|each|per|a|an|annually|yearly|quarterly|monthly"
    r"|weekly|daily|twice|once|semi-annually|biannually)\b)",
    re.I,
)


def _naming_identifiers(fact: Fact) -> list[re.Pattern[str]]:
    """A pattern for each control identifier the fact names ("AC-11", "AU-11"), found in
    a line however its enhancement follows ("AC-11(a) Inactivity period ...")."""
    found = []
    for named in filter(is_control_identifier, identifiers(fact.text)):
        whole = re.escape(named).replace("\\-", f"[{HYPHENS}]").replace("\\(", r"\s?\(")
        enhanced = "" if "(" in named else r"(?!\s?\(\d)"  # "AC-2" is not "AC-2(3)"
        found.append(re.compile(rf"(?<![\w.{HYPHENS}]){whole}(?!\d|\.\d){enhanced}", re.I))
    return found


def value_about(fact: Fact, text: str, qualifiers: frozenset[str] = frozenset()) -> str | None:
    """The value the fact asks for as the text states it, from the sentence naming
    most of the thing it is asked of (``subject_run``; of those, the first) that
    itself names the fact's subject and states such a value ("Backups are kept
    for 35 days. Application logs are retained for 400 days." gives "for 400 days"
    for application logs); None when no sentence does. ``qualifiers``: those the
    question names beside the fact's own (a demand, "at least quarterly", names none
    of the non-production systems it is asked of)."""
    sentences = sentence_spans(text) or [(0, len(text))]
    lines = _table_lines(text, sentences)
    spans = [*lines, *sentences]
    controls = _naming_identifiers(fact)
    run = subject_run(fact)  # read once: the same for every span
    doing = {t for t in fact.terms if t in VALUE_VERBS}  # "retention": kept, retained
    named = []
    for a, b in spans:
        present = set(content_terms(text[a:b]))
        named.append(
            (
                any(c.search(text[a:b]) for c in controls),
                sum(thesaurus.says(term, present) for term in run),
                _names(doing, present),
            )
        )
    # the control the question names first ("Per AU-11, how long ...?": its row, not
    # AU-4's, nor the table holding both), then the most named, then one saying what is
    # done ("Audit logs are retained for one year", not "... protected ... with a 7 day
    # object lock"); of as many, a table's line before the table (its first row's value
    # is not the one of the row naming the subject)
    order = sorted(
        range(len(spans)),
        key=lambda i: (
            not named[i][0],
            named[i][0] and i >= len(lines),
            -named[i][1],
            bool(doing) and not named[i][2] and i >= len(lines),  # (a row's header says it)
        ),
    )
    for start, end in (spans[i] for i in order):
        sentence = text[start:end]
        if holds_value(fact, sentence):
            value = stated_value(
                fact.asks, sentence, subject_terms(fact), qualifiers_asked(fact.text) | qualifiers
            )
            if value is not None:
                return _as_a_length(fact, sentence, value)
    return None


_TABLE_LINES = 3  # lines at least of one sentence read as a table's rows
_ROW_SHARE = 0.5  # of its lines after the first, at least this share open a row


def _table_lines(text: str, sentences: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The lines of each sentence that runs over several lines none of which ends a
    sentence: a PDF's table flattened ("Security event logs (SIEM) 12 months ...")."""
    lines: list[tuple[int, int]] = []
    for start, end in sentences:
        found = [m.span() for m in re.finditer(r"[^\n]+", text[start:end]) if m.group().strip()]
        if len(found) < _TABLE_LINES or any(text[start + b - 1] in ".;:!?" for _, b in found[:-1]):
            continue
        opening = [text[start + a :].lstrip()[:1] for a, _ in found[1:]]
        if sum(c.isupper() or c.isdigit() for c in opening) < _ROW_SHARE * len(opening):
            continue  # prose wrapped over lines goes on in lower case; a table's rows open
            # on their first cell ("Security event logs (SIEM) 12 months")
        lines += [(start + a, start + b) for a, b in found]
    return lines


# A length in characters or bits, its bound and range with it: "at least 12 characters",
# "12 to 64 characters", "12 or more characters".
_LENGTH_FIGURE = re.compile(
    r"(?:(?:at\s+least|a\s+minimum\s+of|minimum\s+of|no\s+fewer\s+than|at\s+most"
    r"|a\s+maximum\s+of|up\s+to)\s+)?"
    rf"(?:{_FIGURE_OR_WORDS}\s*(?:-|\u2013|to|or)\s*)?{_FIGURE_OR_WORDS}(?:\s*\(\d+\))?\s*-?\s*"
    rf"(?:(?:or\s+more|or\s+longer|{_CHARACTER_KINDS})\s+){{0,2}}(?:characters?|chars?|digits?|bits?)\b"
    r"(?!\s+(?:classes|types|sets|categories))(?:\s+or\s+(?:more|longer))?",
    re.I,
)


def _as_a_length(fact: Fact, sentence: str, value: str) -> str:
    """A length asked ("the minimum password length") is the sentence's figure of
    characters or bits, not another figure before it ("changed every 90 days and be at
    least 12 characters long": "at least 12 characters")."""
    if not _LENGTH_ASKED.search(fact.text) or _LENGTH_FIGURE.search(value):
        return value
    length = _LENGTH_FIGURE.search(sentence)
    return " ".join(length.group(0).split()) if length is not None else value


# A frequency that says no period: "regularly", "periodically", "on an ongoing basis".
VAGUE_FREQUENCY = re.compile(
    r"^(?:regular(?:ly)?|periodic(?:ally)?|continuous(?:ly)?|on an? (?:regular|periodic|ongoing"
    r"|continuous|continual|as-needed) basis)$",
    re.I,
)


def definite_frequencies(text: str) -> set[str]:
    """The schedules the text states with a period ("daily", "every quarter", "once a
    year"), lower-cased; not "regularly" or "periodically"."""
    found = {" ".join(m.group(0).lower().split()) for m in _FREQUENCY.finditer(text)}
    return {f for f in found if not VAGUE_FREQUENCY.match(f) and _PERIOD_NAMED.search(f)}


# A schedule names its period: a figure or a unit ("on an adhoc basis", "at least once"
# name none).
_PERIOD_NAMED = re.compile(
    r"\d|annual|year|quarter|month|week|day|daily|hour|minute|night|morning|evening"
    r"|fortnight|semester|term|sprint|decade|semi|\bbi-?(?:weekly|monthly|annual)",
    re.I,
)


def names_whole_subject(fact: Fact, text: str) -> bool:
    """Whether the text names every term of the fact's subject (or a thesaurus
    alternative): "Audit log data is retained for one month" names audit logs;
    "Reports summarising audit activities are retained for seven years" does not."""
    present = set(content_terms(text))
    subject = thesaurus.in_one_word(subject_terms(fact))
    return all(thesaurus.says(term, present) for term in subject)


def states_definite_value(fact: Fact, text: str) -> bool:
    """Whether the text states a value of the asked kind that is a definite one: a
    frequency with a period ("daily", "every 90 days"), not "regularly" or
    "periodically"."""
    value = stated_value(fact.asks, text, subject_terms(fact), qualifiers_asked(fact.text))
    return value is not None and not VAGUE_FREQUENCY.match(value.strip())


def own_subject(part: Fact, first: Fact) -> Fact:
    """A further part with only the terms the first part lacks (its own subject), so
    that a sentence answering the first part is not taken to answer this one by a
    shared word: "penetration tested ..., and how often do you test your incident
    response plan?" — an annual penetration test says nothing of the plan. A part
    naming no subject ("State the review frequency.", or only the value it asks: "Within
    what time frame are clients notified?" after a first part about notifying clients)
    is the first part's, read with it."""
    if names_no_subject(part):
        return Fact(f"{first.text} {part.text}", first.terms, part.asks)
    own = tuple(t for t in part.terms if t not in first.terms and t not in _DONE_AGAIN)
    # "Within what time frame are clients ...", "..., and what is the retention period?"
    # (or its bound: "..., and what is the maximum rotation period?")
    if own and all(t in VALUE_NOUNS or t in VALUE_VERBS or t in MEASURE_NOUNS for t in own):
        named = tuple(t for t in part.terms if t not in VALUE_NOUNS and t not in MEASURE_NOUNS)
        terms = tuple(dict.fromkeys((*_opening_subject(first), *named))) or part.terms
        return Fact(f"{first.text} {part.text}", terms, part.asks)
    if not own:  # "... policies reviewed ...? State the review frequency."
        return Fact(f"{first.text} {part.text}", part.terms, part.asks)
    if _LENGTH in part.terms and _LENGTH in first.terms and set(own) <= _WHOSE_ACCOUNTS:
        # "... a minimum password length, and if so, what is the minimum length for user
        # accounts?": the first part's length, of its own accounts (no period of theirs)
        measure = tuple(t for t in part.terms if t in MEASURE_NOUNS)
        return Fact(f"{first.text} {part.text}", (*own, *measure), part.asks)
    return Fact(part.text, own, part.asks)


_LENGTH = stem("length")
# Whose accounts a length is asked again for ("for user accounts", "for administrators").
_WHOSE_ACCOUNTS = frozenset(
    stem(w)
    for w in "user users account accounts administrator administrators admin privileged "
    "service employee employees staff standard".split()
)
# Words opening a yes/no question before its subject ("Are the ...", "Do you have ...").
_OPENING_WORDS = frozenset(
    "is are was were do does did has have can will must should shall the a an any all your "
    "you we our there".split()
)


def _opening_subject(first: Fact) -> tuple[str, ...]:
    """The terms of the noun phrase a yes/no question opens on, up to its first verb
    or participle: "security", "event", "logs" of "Are security event logs retained for a
    defined period?"; "audit", "logs" of "Are audit logs protected from tampering?"
    (the practice asked first is not the thing a later part asks the period of)."""
    subject: list[str] = []
    for word in words(first.text):
        if not subject and word in _OPENING_WORDS:
            continue
        term = stem(word)
        if term not in first.terms or word.endswith(("ed", "en")) or term in VALUE_VERBS:
            break
        subject.append(term)
    return tuple(subject) or first.terms


# The stems of the units a question counts in: "..., and after how many minutes?" names
# no subject of its own, it asks the first part's in minutes.
UNIT_TERMS = frozenset(
    stem(unit) for unit in ("second", "minute", "hour", "day", "week", "month", "year")
)


# A sentence opening on the case it is about: "For involuntary terminations, accounts
# are disabled immediately", "In the case of a card-data breach, ...". ("For all
# systems, ..." names every case.)
_CASE_OPENING = re.compile(
    r"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:for|in\s+(?:the\s+)?case\s+of"
    # a condition: "When a workforce member changes roles, access ... is removed within
    # 5 business days" is the case of a role change (not "When possible, ...")
    r"|(?P<condition>when(?:ever)?|if|where)(?!\s+(?:(?:it\s+is|so|not|possible|feasible|applicable"
    r"|appropriate|required|needed|necessary|practical|practicable|available|relevant)\b)))\s+"
    r"(?!(?:all|each|every|any|both|example|instance|this|these|that|those|such|clarity"
    r"|the\s+(?:avoidance|purposes?|most\s+part)|more|further|details|convenience"
    r"|(?:\w+\s+)?(?:reasons?|purposes?))\b)(?P<case>[^,;:.]{3,60}),",
    re.I,
)
# A sentence about the rest of what an earlier one named: "All other Suppliers are
# reassessed every two years" (after "Critical Suppliers are reassessed annually").
_OTHERS_OPENING = re.compile(
    r"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:for\s+)?(?:(?:all|any|every)\s+)?(?:the\s+)?other\s+"
    r"(?!than\b)[a-z]",
    re.I,
)
# A case naming every group: "For contractors and employees alike, ...".
_EVERY_CASE = re.compile(r"\b(?:alike|both|all|every|each)\b", re.I)
# The groups a case names: "For interns and contractors, ..." names two.
_GROUPS_APART = re.compile(r"\s*(?:,|\band\b|\bor\b|/)\s*", re.I)


# Words a case adds to what it names without making it another one: "For administrator
# accounts" is the administrators' case.
_GENERIC_CASE_WORDS = frozenset(stem(w) for w in "account accounts user users".split())


def opens_on_another_case(fact: Fact, sentence: str) -> bool:
    """Whether a sentence opens on a case the question does not name ("For involuntary
    terminations, accounts are disabled immediately" of how soon a leaver's accounts
    are disabled; "When a workforce member changes roles, access ... is removed within
    5 business days" of a terminated employee's), or on the rest of what another
    sentence names ("All other Suppliers are reassessed every two years"): its value is
    that case's, an exception beside the rule. A condition is another case only when it
    names another of a kind of case the question names one of (leaving, not a role change; "When
    backups are taken, ..." opens on no case)."""
    if _OTHERS_OPENING.match(sentence):  # the rest, unless the question asks of the rest
        return re.search(r"\bother\b", fact.text, re.I) is None
    opening = _CASE_OPENING.match(sentence)
    if opening is None or _EVERY_CASE.search(opening.group("case")):
        return False
    if opening.group("condition"):  # another case of a kind the question names one of
        return another_qualifier(qualifiers_asked(fact.text), opening.group("case"))
    shared = qualifiers_named(opening.group("case")) & qualifiers_asked(fact.text)
    if shared - {JOINERS, MOVERS, LEAVERS}:  # (an involuntary termination: a leaver's kind)
        return False  # "For administrator accounts, ..." of the administrators asked
    asked = set(fact.terms) | set(content_terms(fact.text)) | _GENERIC_CASE_WORDS
    groups = [content_terms(g) for g in _GROUPS_APART.split(opening.group("case"))]
    return all(
        any(not thesaurus.says(t, asked) for t in group) for group in groups if group
    )  # a case naming a group asked ("For employees and contractors") is the rule's too


def states_part_value(part: Fact, first: Fact, text: str) -> bool:
    """Whether the text states the value a further part asks about the part's own
    subject (``holds_value``). For a part naming no subject ("..., and within what
    time?"), in a clause stating what the first part says is done ("disabled" of "Are a
    departing employee's accounts disabled", or a thesaurus word for it), when a clause
    does: "Departing employees return their laptops within 5 days and their accounts are
    disabled" states no time for disabling them; "Access is revoked within 24 hours"
    names no disabling and is read whole."""
    own = own_subject(part, first)
    # "..., and how frequently must employees complete it?": "it" is the first part's
    # training, whose frequency the part asks (its own words name only who does it)
    if not holds_value(own, text) and not (refers_back(part) and holds_value(part, text)):
        return False
    if not names_no_subject(part):
        return True
    done = {stem(w) for w in predicate_words(first.text, core_ask(first.text).core)}
    clauses = _CLAUSES_APART.split(text)
    saying = [c for c in clauses if _says_what_is_done(first, done, c)]
    if done and not saying:
        return True  # done in other words ("deactivated", "revoked"): the value stands
    return any(holds_value(own, clause) for clause in saying)


_REFERS_BACK = re.compile(r"\b(?:it|they|them)\b", re.I)


def refers_back(part: Fact) -> bool:
    """Whether a further part names its subject by a pronoun ("complete it"): the part
    before's subject, in the part's terms (``own_subject`` leaves only its own)."""
    return _REFERS_BACK.search(part.text) is not None


def _says_what_is_done(first: Fact, done: set[str], clause: str) -> bool:
    """Whether a clause states what the first part says is done: its participle, or
    (an item not opening with its subject: "Do workstations lock ...") two of its terms
    ("Workstations are patched within 30 days" says nothing of locking)."""
    present = set(content_terms(clause))
    if done:
        return any(thesaurus.says(t, present) for t in done)
    said = [t for t in first.terms if thesaurus.says(t, present)]
    return len(said) >= min(2, len(first.terms))


# Where a sentence turns from one clause to another: "..., and their accounts are
# disabled", "...; backups are ...".
# ("... without undue delay and in any case within 36 hours" bounds the same act: one
# clause)
_CLAUSES_APART = re.compile(
    r";\s+|,?\s+(?:and|but|while|whereas)\s+"
    r"(?!(?:in\s+any\s+(?:case|event)|at\s+the\s+latest|no\s+later\s+than|at\s+most)\b)"
    r"(?=\w+\s+\w+\s)",
    re.I,
)


def document_named(fact: Fact) -> tuple[str, ...]:
    """The words that say which plan, programme or standard a value is asked of: those
    before the kind of document in the subject ("busi", "continu" of "the business
    continuity plan"); none when the subject names no kind of document."""
    run = subject_run(fact)
    at = next((i for i, term in enumerate(run) if term in KINDS_OF_DOCUMENT), None)
    return run[:at] if at else ()


def names_another_document(fact: Fact, sentence: str) -> bool:
    """Whether a sentence names a plan, programme or standard by what it is for, and
    none of them the one the value is asked of ("The incident response plan shall be
    tested at least annually" for how often the business continuity plan is tested):
    it states another plan's value. A plan named in other words ("The BCP", "This
    plan") is no other plan."""
    which = _spelled_plan(document_named(fact))
    if not which:
        return False
    named = [
        set(_spelled_plan(content_terms(m.group("what"))))
        for m in _NAMED_DOCUMENT.finditer(sentence)
    ]
    named = [terms for terms in named if terms]
    return bool(named) and not any(_the_plan_asked(which, terms) for terms in named)


def _the_plan_asked(which: Sequence[str], named: set[str]) -> bool:
    """Whether a plan named by ``named`` is the one asked (``which``): it says one of its
    words, and when it names a word of its own (not the asked plan's), the one that sets
    the asked plan apart: "disaster" of "disaster response plan" (the "Incident Response
    Plan" shares only "response"; the "Continuity Plan" is the business continuity plan)."""
    if not any(thesaurus.says(term, named) for term in which):
        return False
    own = [t for t in named if not any(thesaurus.says(w, {t}) for w in which)]
    apart = [t for t in which if t not in BROAD_PLAN_WORDS][:1]
    return not own or not apart or thesaurus.says(apart[0], named)


# Words naming a plan's field rather than which plan it is ("security incident response").
BROAD_PLAN_WORDS = frozenset(
    stem(w) for w in "security information cyber it data technology management".split()
)


# What the letters of a plan's name stand for: "the DR plan", "the BCP".
_PLAN_LETTERS = {
    "dr": ("disast", "recoveri"),
    "drp": ("disast", "recoveri"),
    "ir": ("incid", "respons"),
    "irp": ("incid", "respons"),
    "bc": ("busi", "continu"),
    "bcp": ("busi", "continu"),
    "bcdr": ("busi", "continu", "disast", "recoveri"),
    "coop": ("continu", "oper"),
}


def _spelled_plan(terms: Sequence[str]) -> tuple[str, ...]:
    return tuple(t for term in terms for t in _PLAN_LETTERS.get(term, (term,)))


# A plan, programme or standard named by what it is for: the words before its kind
# ("incident response plan", "business continuity and disaster recovery plans").
_NAMED_DOCUMENT = re.compile(
    r"(?P<what>(?:[A-Za-z][\w-]*(?:\s+(?:and|&)\s+|\s*/\s*|\s+)){1,5}?)"
    r"(?:plans?|programm?es?|programs?|standards?)\b",
    re.I,
)


def with_asked_subject(part: Fact, facts: Sequence[Fact]) -> Fact:
    """A part naming no subject ("..., and within what time?") with the terms of the
    nearest part before it that names one ("Is a lessons-learned review required, and
    within what time?" asks the review's time, not the first part's): it is searched,
    and its value sought, for what that part asks of. Any other part as it is."""
    if not names_no_subject(part):
        return part
    asked_of = subject_part(part, facts)
    return Fact(part.text, tuple(dict.fromkeys(asked_of.terms + part.terms)), part.asks)


def subject_part(part: Fact, facts: Sequence[Fact]) -> Fact:
    """The part a further part is read against: for one naming no subject, the part
    it asks of (the nearest before it that names one); for any other, the first."""
    if not names_no_subject(part) or part not in facts:
        return facts[0]
    before = facts[: facts.index(part)]
    return next((f for f in reversed(before) if not names_no_subject(f)), facts[0])


def names_no_subject(part: Fact) -> bool:
    """Whether a part asking a value names nothing but the value ("..., and within what
    time?", "..., and after how many minutes?"): it asks it of the part before, and a
    sentence stating such a value about anything else does not answer it."""
    asked_only = VALUE_NOUNS | MEASURE_NOUNS | UNIT_TERMS
    return part.asks is not None and all(t in asked_only for t in part.terms)


def lead_answers_part(part: Fact, first: Fact, lead: str) -> bool:
    """Whether the lead sentence (chosen for the first part) answers a further part
    too: a yes/no part whose every term it states, or a part asking a kind of value
    the first does not ("how many ..., and for how long ...?": the first part's value
    is never read again as the second's) when the sentence states one about the
    part's own subject."""
    if part.asks is None:
        return _states_every_term(part, first, lead)
    return part.asks != first.asks and states_part_value(part, first, lead)


# A question (or a part of one) asking which version, algorithm or protocol is used.
VERSION_ASKED = re.compile(
    r"\b(?:versions?|algorithms?|ciphers?|cipher\s+suites?|protocols?|key\s+(?:length|size)s?"
    r"|hash(?:ing)?\s+functions?"
    r"|(?:encryption|cryptographic|crypto)\s+(?:standards?|methods?|types?|schemes?))\b",
    re.I,
)
# A version, algorithm or protocol named: "TLS 1.2 or later", "AES-256", "bcrypt".
VERSION_OR_ALGORITHM = re.compile(
    r"\b(?:TLS|SSL|DTLS|SSH)\s*(?:version\s+|v)?\d(?:\.\d)?(?:(?:\s*,\s*|\s+(?:and|or)\s+)v?\d\.\d)*"
    r"(?:\s*(?:\+|(?:or|and)\s+(?:later|higher|above|newer|greater|up)))?"
    r"|\b(?:AES|RSA|SHA|ECDSA|ECDHE?|HMAC-SHA|3DES|ChaCha20)[-\s]?\d{1,4}(?:[-\s]?bits?)?"
    r"(?:[-\s](?:GCM|CBC|CTR|XTS))?(?!\.\d)"
    r"|\b(?:bcrypt|scrypt|Argon2(?:id|i|d)?|PBKDF2|ChaCha20-Poly1305|Ed25519|X25519)\b",
    re.I,
)


# What a version is refused with: "TLS 1.0 and 1.1 are disabled" names none in force.
VERSION_REFUSED = re.compile(
    r"\b(?:disabled|deprecated|prohibited|forbidden|not\s+(?:permitted|allowed|supported|used"
    r"|accepted)|no\s+longer|must\s+not|never|insecure|weak|blocked|rejected)\b",
    re.I,
)


# Where a clause naming versions ends: "TLS 1.2 is required, while TLS 1.0 is disabled".
VERSION_CLAUSE_BREAK = re.compile(r"[;.]\s+|,\s+(?:and|but|while|whereas)\s+")
# A family of versions or algorithms a question names: "which TLS versions".
VERSION_FAMILY = re.compile(r"\b(TLS|SSL|SSH|AES|RSA|SHA|ECDSA|ECDHE?|HMAC)\b", re.I)


def names_what_part_asks(part: Fact, text: str) -> bool:
    """Whether the text names what a part asking which version, algorithm or protocol
    asks ("..., and if so, which algorithm and protocol versions are used?" of a quote
    naming AES-256 and TLS 1.2), in a clause that does not refuse it ("TLS 1.0 and 1.1
    are disabled" names none in force) and of the family the part names ("which TLS
    versions" is not answered by AES-256): the part is answered there, not missing."""
    if re.search(r"\b(?:which|what)\b", part.text, re.I) is None or not VERSION_ASKED.search(
        part.text
    ):
        return False
    families = {f.upper() for f in VERSION_FAMILY.findall(part.text)}
    for clause in VERSION_CLAUSE_BREAK.split(text):
        if VERSION_REFUSED.search(clause):
            continue
        for named in VERSION_OR_ALGORITHM.finditer(clause):
            family = VERSION_FAMILY.match(named.group(0))
            if not families or (family is not None and family.group(1).upper() in families):
                return True
    return False


def value_quoted_with(part: Fact, first: Fact, lead: str, quoted: str) -> str | None:
    """The value a further part asks, as a sentence quoted with the lead (its
    passage's next sentence, in the lead's quote) states it about the part's own
    subject: "Card brands are notified within 24 hours ... Affected customers are
    notified no later than 72 hours" answers both deadlines, and the second was sought
    elsewhere, its passage quoted already ("alerts are triaged within 30 minutes" was
    taken for it). None for a yes/no part, or when no other sentence states one."""
    if part.asks is None:
        return None
    own = own_subject(part, first)
    folded_lead = " ".join(lead.split())
    for start, end in sentence_spans(quoted):
        sentence = quoted[start:end]
        if " ".join(sentence.split()) == folded_lead or not holds_value(own, sentence):
            continue
        opening = content_terms(sentence)[:1]
        if opening and opening[0] in first.terms and opening[0] not in own.terms:
            continue  # "Logs of backup jobs ...": still the first part's subject
        value = value_about(own, sentence)
        if value is not None:
            return value
    return None


def _states_every_term(part: Fact, first: Fact, lead: str) -> bool:
    """A yes/no part the lead states word for word (or in a thesaurus alternative):
    "The Business Continuity Plan is tested at least annually" answers "..., and is
    it tested at least annually?" (a part that refers back carries the terms of the
    part before it). The part's own words must be said of something, as a predicate
    ("is tested", "reviewed"): "The incident response plan defines how penetration test
    findings are escalated" says nothing of the plan being tested; of a part naming
    its own subject as well ("Is a lessons-learned review carried out"), one of them
    is ("carried"). A part that names anything the lead does not is left to its own
    evidence."""
    present = set(content_terms(lead))
    if not part.terms or not all(thesaurus.says(term, present) for term in part.terms):
        return False
    own = [t for t in part.terms if t not in first.terms]
    tokens = [w.lower() for w in words(lead)]
    return not own or any(_said_as_predicate(term, tokens) for term in own)


# What makes a word a predicate: "is tested", "are reviewed", "gets approved".
_BE = frozenset(("is", "are", "was", "were", "be", "been", "being", "get", "gets"))


def _said_as_predicate(term: str, tokens: list[str]) -> bool:
    """Whether a word of the term's stem is used as a predicate in ``tokens``: a past
    participle ("tested") or after a form of "to be"."""
    return any(
        stem(token) == term and (token.endswith("ed") or (at > 0 and tokens[at - 1] in _BE))
        for at, token in enumerate(tokens)
    )


# A part of a question that refers back: "..., and how often are they tested?"
_REFERS_BACK = re.compile(r"\b(?:they|them|it|its|their|these|those)\b", re.I)


def names_antecedent(part: Fact, antecedent: Fact, text: str) -> bool:
    """Whether a sentence answering a further part that refers back to the part before
    it ("Are backups encrypted, and how often are they tested?") names what it refers
    to (a term of the part before, or a thesaurus alternative, other than a kind of
    document): "External penetration tests are conducted every two years" says nothing
    of how often backups are tested, "The incident response plan is exercised once a
    year" nothing of how often the disaster recovery plan is.
    A part naming no subject (``names_no_subject``) refers back too; a part that does
    not refer back needs nothing more."""
    if _REFERS_BACK.search(part.text) is None and not names_no_subject(part):
        return True
    present = set(content_terms(text))
    named = [t for t in antecedent.terms if t not in KINDS_OF_DOCUMENT] or antecedent.terms
    return any(thesaurus.says(term, present) for term in named)


# Kinds of document, which name no subject of their own: "the incident response plan"
# names no "disaster recovery plan" by its "plan".
KINDS_OF_DOCUMENT = frozenset(
    stem(w) for w in ("plan", "plans", "programme", "program", "standard", "standards")
)


def subject_terms(fact: Fact) -> tuple[str, ...]:
    """The terms a value of the fact is about (its asking verbs and the nouns that
    name the value asked aside: "within what timeframe must vendors notify you?" is
    about vendors notifying, whatever the sentence calls the period)."""
    terms = tuple(dict.fromkeys(fact.terms))  # as the question orders them
    return tuple(t for t in terms if t not in VALUE_VERBS | VALUE_NOUNS | MEASURE_NOUNS) or terms


# Words that end a subject's noun phrase and begin what restricts it: "backups
# containing student data" are backups, "logs generated by the firewall" logs.
_RESTRICTING = frozenset(
    "containing including covering involving holding storing carrying concerning regarding "
    "related relating used stored processed collected generated created managed hosted owned "
    "sent received shared transmitted protecting securing supporting serving".split()
)
# Heads that hold whatever the word before them names ("invoice records" are invoices).
_GENERIC_HEADS = frozenset(
    stem(w) for w in "records record data information details documentation files entries".split()
)


# Where a question asks its value, the thing it asks it of following: "Under your risk
# management process, how often are risk assessments reviewed?"
_VALUE_ASKED = re.compile(
    r"\b(?:how\s+(?:often|frequently|long|many|much|quickly|soon|fast)|within\s+what"
    r"|what\s+(?:is|are)|(?:state|specify|provide|give|indicate)\s+the)\b",
    re.I,
)


# A unit a question counts in ("How many days ..."), not a thing it counts ("attempts").
_COUNTING_UNIT = re.compile(
    r"(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?|bits?|bytes?)", re.I
)


def subject_run(fact: Fact) -> tuple[str, ...]:
    """The words naming the thing a value is asked of: the first run of subject words
    the question writes together, up to what restricts it ("backup" of "the retention
    period for backups containing student data"; "audit", "log" of "How long are audit
    logs retained?"), a generic head aside when a word before it names the thing
    ("customer" of "customer data")."""
    asked = _VALUE_ASKED.search(fact.text)
    run = _run_from(fact, asked.start() if asked else 0)
    if not run and asked:  # "Are security event logs retained ...? what is the retention period?"
        run = _run_from(fact, 0)
    return run


def _run_from(fact: Fact, at: int) -> tuple[str, ...]:
    """``subject_run`` read from ``at`` in the fact's text."""
    subject = set(subject_terms(fact))
    run: list[str] = []
    said = words(fact.text[at:])
    for n, word in enumerate(said):
        term = stem(word)
        if not run and _COUNTING_UNIT.fullmatch(word):
            continue  # "How many days are application logs retained?": the unit asked
        after = stem(said[n + 1]) if n + 1 < len(said) else ""
        if word == "of" and run and all(t in _GENERIC_HEADS for t in run) and after in subject:
            run = []  # "records of security incidents" are the incidents' (not "data of
            continue  # any kind")
        if run and (word in _RESTRICTING or term not in subject):
            break
        if term in subject and word not in _RESTRICTING:
            run.append(term)
    while len(run) > 1 and run[-1] in _GENERIC_HEADS:
        run.pop()
    return tuple(run)


def subject_words_named(fact: Fact, text: str) -> int:
    """How many words of the fact's subject run (``subject_run``) the text names, or
    a thesaurus alternative of."""
    present = set(content_terms(text))
    return sum(thesaurus.says(term, present) for term in subject_run(fact))


def _names(wanted: set[str], present: set[str]) -> bool:
    return any(thesaurus.says(term, present) for term in wanted)


def _names_subject(fact: Fact, wanted: set[str], sentence: str) -> bool:
    """Whether the sentence names one of the terms of the fact's subject; a word for
    stuff ("record", "data") only where no word the question does not name qualifies
    it: "the change record" is another kind of record than the CCTV recordings asked
    about, "The recordings are retained ..." after a sentence about them is theirs. A
    term within a law's name is not named ("Limitation Act 1980" of a coverage limit),
    nor one within a list in parentheses, which names what the sentence's subject covers
    ("Supporting standards (access management, cryptography, ...) must be reviewed
    annually" states no review of access)."""
    sentence = LIST_IN_PARENTHESES.sub(" ", sentence)
    present = set(content_terms(without_law_names(sentence)))
    stuff = wanted & STUFF_NOUNS
    if stuff == wanted:  # "How long is data retained?": "Customer data is ..." names it
        return _names(wanted, present)
    if _names(wanted - STUFF_NOUNS, present):
        return True
    asked = set(content_terms(fact.text))
    said = words(sentence)
    return any(
        any(thesaurus.says(term, {stem(word)}) for term in stuff)
        and (at == 0 or _not_qualifying(said[at - 1], asked))
        for at, word in enumerate(said)
    )


LIST_IN_PARENTHESES = re.compile(r"\([^()]*,[^()]*\)")
_A_NUMBER_WORD = re.compile(rf"^(?:{_NUMBER_WORDS}|hundred|thousand|million)$", re.I)


def _not_qualifying(word: str, asked: set[str]) -> bool:
    """Whether the word before a word for stuff leaves it the stuff asked about: a
    function word, a figure ("250 employees"), another word for stuff ("employee
    records") or a word the question names (or the thesaurus' word for it)."""
    if word in STOPWORDS or word.isdigit() or _A_NUMBER_WORD.match(word):
        return True
    term = stem(word)
    return term in STUFF_NOUNS or any(thesaurus.says(t, {term}) for t in asked)


# A figure with its unit ("14 characters", "4 hours", "99.9%"), a section number
# ("3.1 Passwords ...") aside.
_FIGURE = rf"(?:\d[\d,]*(?:\.\d+)?|{_NUMBER_WORDS})"
_MEASURED = re.compile(
    # not a control's number: "AC-2(2) Time period ..." measures nothing
    rf"(?<![\d.])(?<![A-Za-z][{HYPHENS}])"
    rf"(?:(?:at least|a minimum of|a maximum of|up to|within|(?:no|not) more than"
    rf"|more than|less than|fewer than|greater than|(?:no|not) fewer than|(?:no|not) less than"
    rf"|not exceeding|not to exceed)\s+"
    rf"|between\s+{_FIGURE}\s+and\s+|from\s+{_FIGURE}\s+to\s+)?"
    rf"{_FIGURE}(?:\s*\(\d+\))?\s*(?:-\s*)?"
    rf"(?:(?:business|working|calendar)\s+(?=days?\b|hours?\b|weeks?\b))?"
    rf"(?:{UNIT_WORDS}|consecutive\s+\w+|\w+\s+attempts|failed\s+\w+)\b",
    re.I,
)
_SECTION_NUMBER = re.compile(rf"^\s*\d+(?:\.\d+)+\s(?!\s*(?:{UNIT_WORDS})\b)")  # not "4.5 hours"


def without_section_number(text: str) -> str:
    """The text with the clause number opening it blanked ("3.1 Passwords ..."): a
    clause's number is no value it states."""
    return _SECTION_NUMBER.sub(lambda m: " " * len(m.group(0)), text)


# "not annually, but monthly", "rather than quarterly": a value the text denies
# ("not only annually" does not).
_DENIED_BEFORE = re.compile(
    r"\b(?:not|never|rather than|instead of)\s+(?!only\b)(?:\w+\s+)?$"
    r"|\b(?:not|never)\s+(?:\w+\s+)?(?:to\s+)?be\s+$"
    # "Passwords shall not be required to expire on a periodic basis"
    r"|\b(?:not|never)\s+(?:be\s+)?(?:required|expected|obliged|forced|mandated)\s+to\s+"
    r"(?:be\s+)?(?!(?:beyond|than|past|except|after|over|longer|more)\b)\w+\s+"
    r"(?:(?!(?:beyond|than|past|except|after|over|longer|more)\b)\w+\s+)?$"
    # "not subject to periodic expiration", "exempt from annual recertification"
    r"|\b(?:not\s+subject\s+to|exempt(?:ed)?\s+from)\s+(?:a\s+|an\s+|any\s+)?$",
    re.I,
)
# ... unless the value is what the text states in the end: "not required to be 8
# characters, but 14 characters" denies 8; "must not be shorter than 12" bounds 12.
_BOUND_AFTER_NOT = re.compile(
    r"\b(?:not|never)\s+(?:be\s+)?(?:shorter|longer|less|more|fewer|"
    r"greater|later|earlier|older|exceed\w*)\b",
    re.I,
)


def garbled(text: str, match: re.Match[str]) -> bool:
    """Whether a value is followed by a unit of time again ("Internal tools, corporate
    wiki 3 hours hours"): a PDF table's cells read line by line across the page, the
    figure of one cell beside another's unit, which is no value of anything."""
    return bool(_UNIT_AGAIN.match(text, match.end()))


_UNIT_AGAIN = re.compile(r"\s+(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b", re.I)


def changed_from(text: str, match: re.Match[str]) -> bool:
    """Whether the value is the one a change replaced: "deadline reduced from 30 days
    to 14 days" (a document's history) states 14 days."""
    before = text[max(0, match.start() - 20) : match.start()]
    taken_to = _TO_TAKEN.search(match.group(0))  # (a range's pattern may take it in)
    end = match.start() + taken_to.start() if taken_to else match.end()
    changed = _FROM_BEFORE.search(before)
    if changed is None or _TO_AFTER.match(text, end) is None:
        return False
    past = changed.group(0).split()[0].lower().endswith(("ed", "cut", "went"))
    return past or _LATER.search(text, end) is None


# (a change made, in the past or the present tense, not one to come: "is changing from
# 12 to 14 characters on 1 January 2027", nor a range: "RTOs go from 4 hours to 72 hours
# by tier")
_FROM_BEFORE = re.compile(
    r"(?<!\bwill\s)(?<!\bto\s)\b(?:(?:reduc|increas|chang|rais|lower|shorten|extend|lengthen|mov"
    r"|updat|amend|tighten|relax|decreas)(?:e|es|ed|s)?|cut|cuts|went)\s+from\s+$",
    re.I,
)
# ... a present tense's change comes later when a time follows: "reduces from 24 hours to
# 4 hours when the second region goes live in 2027"
_LATER = re.compile(
    r"\b(?:when|once|after|until|from|on|in|by)\b[^.;]{0,40}\b20\d\d\b|\bwhen\b", re.I
)
_TO_AFTER = re.compile(r"\s+to\s+\w", re.I)
_TO_TAKEN = re.compile(r"\s+to\s*$", re.I)


def denied(text: str, start: int) -> bool:
    """Whether the value found at ``start`` of the text is one the text denies ("not
    annually, but monthly"; "not required to be 8 characters, but 14"; "Annual
    refresher training is not required")."""
    before = text[max(0, start - 40) : start]
    denial = _DENIED_BEFORE.search(before)
    if _DENIED_AFTER.match(text, start):
        return True
    return denial is not None and _BOUND_AFTER_NOT.search(before, denial.start()) is None


# A value that opens the subject a negated predicate follows: "Annual refresher training
# is not required", "Quarterly reviews are not performed".
_DENIED_AFTER = re.compile(
    r"(?:annual(?:ly)?|quarterly|monthly|weekly|daily|yearly|biannual|semi-annual)"
    r"(?:\s+[a-z-]+){1,3}\s+(?:is|are|was|were)\s+not\b",
    re.I,
)


# A period stated without a figure: "immediately", "indefinitely", "permanently".
_UNBOUNDED = re.compile(r"^(?:immediate|indefinite|permanent)", re.I)
# What may join it to the figure bounding it: "immediately, and in any case within".
_BOUNDING_GAP = re.compile(
    r"^[\s,;(]*(?:and|or|but)?[\s,]*(?:in\s+any\s+(?:case|event)|at\s+the\s+latest"
    r"|at\s+most|and\s+no\s+later\s+than)?[\s,]*$",
    re.I,
)


def _bound_first(body: str, stated: list[re.Match[str]]) -> list[re.Match[str]]:
    """The periods stated, a figure first when it follows an unbounded one in the same
    breath: "immediately, and in any case within one hour" is bound by the hour;
    "retained indefinitely unless ... deletion, which is completed within 30 days"
    is not."""
    for first, second in itertools.pairwise(stated):
        gap = body[first.end() : second.start()]
        if _UNBOUNDED.match(first.group(0)) and _BOUNDING_GAP.match(gap):
            return [second, *(m for m in stated if m is not second)]
    return stated


def stated_value(
    kind: str | None,
    text: str,
    about: Sequence[str] = (),
    qualifiers: frozenset[str] = frozenset(),
) -> str | None:
    """The value of the asked kind as the text states it ("quarterly", "within 72
    hours", "14 characters"), or None. For a number, a figure that counts one of
    ``about`` (the asking part's stemmed terms) comes first: "how many failed
    attempts ..." of "locked for 15 minutes after 5 failed attempts" is "5 failed
    attempts". Of clauses about siblings of the ``qualifiers`` asked, the one about
    what is asked: "high" of "critical alerts are triaged within 15 minutes; high
    alerts within two hours" is "within two hours"."""
    pattern = _MEASURED if kind == "number" else ASKS_PATTERN.get(kind or "")
    if pattern is None:
        return None
    body = without_section_number(text)
    clause = _clause_about(body, about, qualifiers)
    if clause is not None and clause != body:  # "RTO is 4 hours and the RPO is 24 hours"
        value = stated_value(kind, clause, about)
        if value is not None:
            return value
    part = _part_of_whole(body, about) if kind == "number" else None
    if part is not None:  # "42 vendors, of which 9 are critical": how many critical?
        return part
    quorum = _quorum_of(body, about) if kind == "number" else None
    if quorum is not None:  # "approval by 3 of 5 key shares": the 3 and the 5 together
        return quorum
    counted = _count_of(body, about) if kind == "number" else None
    if counted is not None:
        return counted
    rate_asked = _RATE_TERMS & set(about)
    stated = [
        m
        for m in pattern.finditer(body)
        if not denied(body, m.start())
        and not garbled(body, m)
        and not changed_from(body, m)
        and not (kind == "number" and not rate_asked and _A_RATE.match(body, m.end()))
    ]
    if kind == "duration":  # "immediately, and in any case within one hour": the hour binds
        stated = _bound_first(body, stated)
    match = next(iter(stated), None)
    money = _MONEY.search(body) if kind == "number" and match is None else None
    if money is not None:  # "a coverage limit of $5,000,000 per claim"
        return money.group(0)
    match = match or (_counted(body) if kind == "number" else None)
    if match is None or (kind == "number" and not rate_asked and _A_RATE.match(body, match.end())):
        return None
    end = _start_point_end(body, match.end()) if kind == "duration" else match.end()
    if kind == "number":
        end = _head_noun_end(body, end)
    return " ".join(body[match.start() : end].split()).rstrip(" .,;:")


def _head_noun_end(text: str, end: int) -> int:
    """Where a count ends: after the noun its last modifier goes with ("5 consecutive
    failed" / "attempts"), not on the modifier."""
    last = re.search(r"([a-z]+)\s*$", text[:end])
    if last is None or not (
        last.group(1).endswith(("ed", "ing")) or last.group(1) in _COUNT_MODIFIERS
    ):
        return end
    head = re.match(r"\s+([a-z][a-z-]*)\b", text[end:])
    if head is None or head.group(1) in _PHRASE_ENDS or head.group(1) in STOPWORDS:
        return end
    return end + head.end()


_COUNT_MODIFIERS = frozenset(
    "consecutive successive unsuccessful invalid incorrect wrong bad".split()
)


# The event a period runs from: "kept for six years after the claim ends", "at least ten
# years after the end of the study". Without it the period says less than the text does.
_START_POINT = re.compile(
    r"\s+(?:after|following|from)\s+(?:the\s+|a\s+|an\s+|their\s+|its\s+)?"
    r"(?!\d|which\b|that\b|this\b|these\b|those\b|being\b|it\b|they\b)"
    r"[A-Za-z][\w'-]*(?:\s+(?!and\b|or\b|but\b|unless\b|except\b)[\w'-]+){0,5}?"
    r"(?=\s*(?:[.;,)]|$|\s+(?:and|or|but|unless|except)\b))",
)


def _start_point_end(text: str, end: int) -> int:
    """Where a period's value ends: after the event it runs from, when the text names
    one right after it (up to six words)."""
    found = _START_POINT.match(text, end)
    return found.end() if found else end


# A clause that goes on with the subject and verb of the one before it: "deleted from
# production within 30 days and from backups within 13 months", "deleted within 30 days
# and purged from backups within 90 days".
_ELLIPTICAL_OPENING = r"(?:from|in|on|for|to|at|by|within|after)\s|[a-z]+ed\s"
_ELLIPTICAL = re.compile(_ELLIPTICAL_OPENING, re.I)

# Where a sentence turns to another subject or predicate: "; ", ", and the ", ", while ",
# ", but ", " and will ...", " and full backups are taken ...",
# and each item of a list ("- Penetration test [annual]"; a line that only wraps the
# text goes on).
_CLAUSE_BREAK = re.compile(
    r";\s+|,?\s+(?:and|but|while|whereas)\s+(?=(?:the|its|their|our|your|all|each|any|a|an)\s)"
    r"|,?\s+(?:and|but)\s+(?=(?:will|must|shall|should|is|are|may)\s)"
    rf"|,?\s+and\s+(?:then\s+)?(?={_ELLIPTICAL_OPENING})"
    # a subject of its own and its passive verb: "... taken daily and full system
    # backups are performed weekly"
    r"|,?\s+(?:and|but)\s+(?=(?:[\w-]+\s+){1,3}(?:are|is|were|was)\s+(?:\w+ly\s+)?\w+(?:ed|en)\b)"
    rf"|,\s+(?:while|whereas|but)\s+|\s*\n\s*(?:{BULLET}|\d{{1,2}}[.)])\s+"
    # a grade opening a flattened table's row or the sentence after it, no stop before it:
    # "Low 0.1 - 3.9 180 days or next scheduled release Critical vulnerabilities must ..."
    # (a grade before a figure or a noun and its verb; not "rated Critical", "as High")
    r"|(?<=[a-z0-9])(?<!\bas)(?<!\brated)(?<!\bclassified)(?<!\bclassed)(?<!\bof)(?<!\bseverity)"
    r"\s+(?=(?-i:(?:Critical|High|Medium|Moderate|Low))\s+(?:\d|[a-z]+\s+(?:must|shall|are|is|will)\b))",
    re.I,
)


# Where a sentence turns from one group or grade to another, whatever follows the
# conjunction: "Access rights of employees are reviewed quarterly, and access rights of
# contractors are reviewed monthly".
SIBLING_BREAK = re.compile(r";\s+|,\s+(?:and|but|while|whereas)\s+", re.I)


def _clause_about(
    text: str, about: Sequence[str], qualifiers: frozenset[str] = frozenset()
) -> str | None:
    """The one clause of the text that names the most of ``about`` (more than any
    other clause), or None: "The recovery time objective is 4 hours and the recovery
    point objective is 24 hours" has a clause about the recovery point objective.
    A clause about a sibling of the ``qualifiers`` asked (another grade, data in
    transit for data at rest) is not one of them."""
    clauses = [c for c in _CLAUSE_BREAK.split(text) if c.strip()]
    if len(clauses) < 2 and qualifiers:  # "employees ... quarterly, and access of contractors"
        clauses = [c for c in SIBLING_BREAK.split(text) if c.strip()]
    if len(clauses) < 2:
        return None
    kept = [c for c in clauses if not another_qualifier(qualifiers, c)]
    if len(kept) == 1:
        return kept[0]
    if not about or not kept:
        return None
    said = _said(kept)
    about = thesaurus.abbreviated(about)  # the recovery point objective: the RPO
    naming_first = [
        c for c, terms in zip(kept, said, strict=True) if thesaurus.names_itself(about[0], terms)
    ]
    if len(naming_first) == 1:  # what sets the subject apart, the question's first term
        return naming_first[0]  # "subprocessors ... within 48 hours" of vendors' and theirs
    named = [sum(thesaurus.says(t, terms) for t in about) for terms in said]
    best = max(named)
    return kept[named.index(best)] if best and named.count(best) == 1 else None


def _said(clauses: Sequence[str]) -> list[set[str]]:
    """The terms each clause states, a clause that goes on with the subject and verb of
    the one before it ("... and from backups within 13 months") with that one's."""
    said: list[set[str]] = []
    for clause in clauses:
        own = set(content_terms(clause))
        goes_on = said and _ELLIPTICAL.match(clause.lstrip()) is not None
        said.append(own | said[-1] if goes_on else own)
    return said


# A figure and up to four words after it: "5 consecutive failed login attempts".
# A figure and the words after it, read ahead so that a figure among another's words
# is met too ("15 minutes after ten consecutive failed attempts": "ten" as well).
_FIGURE_AND_WORDS = re.compile(
    rf"(?<![\w.-])(?:\d[\d,]*(?:\.\d+)?|{_NUMBER_WORDS})\b(?:\s*\(\d+\))?"  # "five (5)"
    r"(?=((?:\s+[a-z][a-z-]*){1,4}))",
    re.I,
)
_UNIT = re.compile(rf"^(?:{UNIT_WORDS})$", re.I)
# Words that end the phrase a figure counts: "15 minutes after ...", "90 days for ...".
_PHRASE_ENDS = frozenset(
    "a an the and or of for after before to in on at by with from per within than over "
    "under each every all is are be was were".split()
)
_QUALIFIER_BEFORE = re.compile(
    r"(?:at least|a minimum of|a maximum of|up to|within|(?:no|not) more than|more than|fewer than"
    r"|(?:no|not) fewer than|not exceeding|not to exceed)\s+$",
    re.I,
)


_FIGURE = rf"(?:\d[\d,]*(?:\.\d+)?|{_NUMBER_WORDS})"
# A count of a whole and of a part of it: "42 vendors, of which 9 are critical", "42
# vendors, 9 of which are critical", "Of our 120 employees, 118 have completed training".
_PART_OF_WHOLE = re.compile(
    rf"(?<![\w.-])(?P<whole>{_FIGURE})\s+(?P<noun>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,3}}?),?\s+"
    rf"(?:of\s+(?:which|whom|these|them)\s+(?P<part>{_FIGURE})|(?P<part_>{_FIGURE})\s+of\s+"
    rf"(?:which|whom|these|them))\s+(?P<tail>[^.;]{{1,80}})"
    rf"|\bof\s+(?:our|the|its|their|all|these|those)?\s*(?P<whole2>{_FIGURE})\s+"
    rf"(?P<noun2>[a-z][a-z-]*(?:\s+[a-z][a-z-]*){{0,3}}?),\s+(?P<part2>{_FIGURE})\s+"
    rf"(?P<tail2>[^.;]{{1,80}})",
    re.I,
)


def _part_of_whole(text: str, about: Collection[str]) -> str | None:
    """The count of the part when the text counts a whole and a part of it and the part's
    words name a term asked that the whole's do not: "9 of 42 vendors" for how many
    vendors are critical, of "42 vendors, of which 9 are critical" (how many vendors:
    the whole's 42, read as any count)."""
    for match in _PART_OF_WHOLE.finditer(text):
        whole = match.group("whole") or match.group("whole2")
        noun = match.group("noun") or match.group("noun2")
        part = match.group("part") or match.group("part_") or match.group("part2")
        tail = match.group("tail") or match.group("tail2")
        counted = {stem(w) for w in words(noun)}
        if any(stem(w) in about and stem(w) not in counted for w in words(tail)):
            return f"{part} of {whole} {noun}"
    return None


def _count_of(text: str, about: Collection[str]) -> str | None:
    """The first figure that counts one of ``about``: followed by modifiers, then the
    term ("5 consecutive failed login attempts"), with a qualifier before it kept
    ("up to 10 failed attempts"). A figure with a unit of its own ("15 minutes", "90
    days") or a phrase that ends first ("30 minutes after failed attempts") counts
    something else."""
    if not about:
        return None
    for match in _FIGURE_AND_WORDS.finditer(text):
        if _NAMED_BEFORE.search(text, 0, match.start()):
            continue  # "SOC 2": part of a name
        if _ALONE_ON_ITS_LINE.match(text, _line_start(text, match.start())):
            continue  # a PDF table's cell ("1\ncustomer SFTP\nTier"): no phrase
        counted = _counted_phrase(match.group(1).split(), about)
        if counted and _a_rate(text, match.start(1), counted, about):
            continue  # "rate limited to 10 attempts per minute per IP": no count of them
        if counted:
            figure = text[match.start() : match.start(1)].strip()
            before = _QUALIFIER_BEFORE.search(text, 0, match.start())
            qualifier = [" ".join(before.group(0).split())] if before else []
            return " ".join([*qualifier, figure, *counted])
    return None


def _a_rate(text: str, start: int, counted: list[str], about: Collection[str]) -> bool:
    """Whether the counted phrase (its words from ``start``) is counted per a unit of
    time or per source, and no rate is asked (``about``)."""
    end = text.find(counted[-1], start)
    if end < 0 or _RATE_TERMS & set(about):
        return False
    return _A_RATE.match(text, end + len(counted[-1])) is not None


def _line_start(text: str, at: int) -> int:
    return text.rfind("\n", 0, at) + 1


_ALONE_ON_ITS_LINE = re.compile(r"[ \t]*\S+[ \t]*\n")


def _counted_phrase(following: list[str], about: Collection[str]) -> list[str]:
    """The words after a figure up to the last term of ``about`` before the phrase
    ends (only modifiers between them), and the noun after it when that term is a
    modifier ("two approving reviews"); nothing when no term comes first."""
    last = -1
    for i, word in enumerate(following):
        lowered = word.lower()
        if stem(lowered) in about or _alternative_of(stem(lowered), about):
            last = i
        elif lowered in _PHRASE_ENDS or _UNIT.match(lowered):
            break
    if 0 <= last < len(following) - 1 and following[last].lower().endswith(("ing", "ed")):
        head = following[last + 1].lower().strip(".,;:")
        if head.isalpha() and head not in _PHRASE_ENDS and head not in STOPWORDS:
            last += 1  # "two approving reviews": the modifier's noun, not the modifier alone
    return [w.strip(".,;:") if i == last else w for i, w in enumerate(following[: last + 1])]


def _alternative_of(term: str, about: Collection[str]) -> bool:
    """Whether ``term`` is a thesaurus alternative of one of ``about`` ("10 wrong
    tries" counts failed attempts)."""
    return any(thesaurus.says(wanted, frozenset((term,))) for wanted in about)


def _counted(text: str) -> re.Match[str] | None:
    """A figure and the noun it counts ("180 personnel"), not part of a name."""
    return next(
        (
            m
            for m in _COUNT_AND_NOUN.finditer(text)
            if not _NAMED_BEFORE.search(text, 0, m.start()) and not denied(text, m.start())
        ),
        None,
    )


# A figure and the word or two after it: "180 personnel", "14 characters".
_FIGURE_AND_NOUN = re.compile(
    # "fifteen (15) minutes": legal writing repeats the figure in digits
    rf"(?<![\w.-])(\d[\d,]*(?:\.\d+)?|{_NUMBER_WORDS})(?:\s*\(\d+\))?\s+([a-z-]+)"
    rf"(?:\s+([a-z-]+))?",
    re.I,
)


# A quorum: "3 of 5 key shares", "two out of three approvers".
_QUORUM = re.compile(
    rf"(?<![\w.-])(?:\d+|{_NUMBER_WORDS})\s+(?:of|out\s+of)\s+(?:\d+|{_NUMBER_WORDS})"
    r"\s+([a-z][a-z-]*)(?:\s+([a-z][a-z-]*))?",
    re.I,
)


def _quorum_of(text: str, about: Sequence[str]) -> str | None:
    """A quorum counting one of ``about`` ("3 of 5 key shares" for key shares), as the
    text states it."""
    for match in _QUORUM.finditer(text):
        named = [w for w in match.groups() if w]
        if any(stem(w.lower()) in about for w in named):
            return " ".join(match.group(0).split())
    return None


# An amount of money: "$5,000,000", "USD 2 million", "EUR 500k", "5 million dollars".
_MONEY = re.compile(
    r"(?:[$€£]|\b(?:USD|EUR|GBP|CAD|AUD)\s?)\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion|[mk]|bn)\b)?"
    r"|(?<![\d,.])\d[\d,]*(?:\.\d+)?(?:\s?(?:million|billion))?\s(?:dollars|euros|pounds)\b",
    re.I,
)
_COUNT_AND_NOUN = re.compile(
    rf"(?<![\w.-])(?:\d[\d,]*(?:\.\d+)?|(?!one\b){_NUMBER_WORDS})\s+[a-z][a-z-]+", re.I
)
_NAMED_BEFORE = re.compile(
    r"\b[A-Z][A-Z0-9/]{1,}\s+$|\b(?i:tier|level|phase|type|class|category|section|version|step"
    r"|priority|severity|zone|stage|group|appendix|article|clause|part)\s+$"
)


def counts_something(fact: Fact, text: str) -> bool:
    """Whether the text states a count or measure of what the fact asks about: a
    figure followed by a unit or by one of the fact's terms. The "2" of "SOC 2" or
    the "27001" of "ISO 27001" counts nothing."""
    if _MONEY.search(text):
        return True  # "a coverage limit of $5,000,000"
    if _counts_time(fact):  # "after how many minutes?": not "10 consecutive failed attempts"
        return _states_a_period(text)
    wanted = {t for t in fact.terms if len(t) > 2}
    wanted |= {stem(w) for w in words(fact.text)} & UNIT_TERMS  # "lockout, in minutes"
    for match in _FIGURE_AND_NOUN.finditer(text):
        if _NAMED_BEFORE.search(text, 0, match.start()):
            continue  # "SOC 2", "ISO 27001": part of a name
        following = [w for w in match.groups()[1:] if w]
        if _A_RATE.match(text, match.end(2)) and not _RATE_ASKED.search(fact.text):
            continue  # "rate limited to 10 attempts per minute per IP": no lockout threshold
        if _MEASURED.match(text, match.start()) or any(
            stem(w.lower()) in wanted for w in following
        ):
            return True
    return False


# A figure counted per second or minute or per source address: a rate, no count of what
# happens once ("5 failed attempts per hour" may be a lockout's window).
_A_RATE = re.compile(
    r"\s*(?:per|an?|each|every|/)\s*(?:seconds?|secs?|minutes?|mins?|ip(?:\s+address)?)\b", re.I
)
_RATE_ASKED = re.compile(r"\b(?:per|rate|throttl\w*)\b", re.I)
# ... and the stemmed terms of a question asking one ("how many requests per minute").
_RATE_TERMS = frozenset(("rate", "throttl", "per", "second", "minut", "hour"))


# "how many" and up to three words after it: what is counted ("business days",
# "consecutive failed login attempts").
_HOW_MANY = re.compile(r"\bhow\s+many\s+((?:[a-z-]+\s+){0,2}[a-z-]+)", re.I)


def _counted_words(question: str) -> list[list[str]]:
    return [[stem(w.lower()) for w in m.group(1).split()] for m in _HOW_MANY.finditer(question)]


def _counts_time(fact: Fact) -> bool:
    """Whether the fact asks to count a unit of time ("after how many minutes?", "how
    many business days?")."""
    return any(set(words) & UNIT_TERMS for words in _counted_words(fact.text))


def period_for_a_count(question: str, value: str) -> bool:
    """Whether the question counts something other than time ("After how many
    consecutive failed login attempts ...?") and the value is a period ("15 minutes",
    how long the account stays locked)."""
    counted = _counted_words(question)
    if not counted or any(set(words) & (UNIT_TERMS | {"time"}) for words in counted):
        return False  # "how many business days", "how many times a year"
    return _states_a_period(value)


# A figure and up to three words after it: "fifteen (15) minutes", "15-minute", "90
# consecutive days", "five working days".
# (read ahead, so that the words after one figure do not hide the next: "6.2 Within
# ninety (90) days").
_FIGURE_OF_TIME = re.compile(
    rf"(?<![\w.-])(?:\d[\d,]*(?:\.\d+)?|{_NUMBER_WORDS})(?:\s*\(\d+\))?"
    r"(?=\s*-?\s*((?:[a-z]+\s+){0,2}[a-z]+))",
    re.I,
)
_SHORT_UNITS = {"min": "minute", "mins": "minute", "hr": "hour", "hrs": "hour", "sec": "second"}


def _states_a_period(text: str) -> bool:
    """Whether the text states a figure of a unit of time, as a question counting one
    asks ("after how many minutes?"): "a 15-minute timeout", "15 min", "90 consecutive
    days", "after 1 hour"; not "10 consecutive failed logon attempts"."""
    for match in _FIGURE_OF_TIME.finditer(text):
        if _NAMED_BEFORE.search(text, 0, match.start()):
            continue  # "SOC 2 audits every year": part of a name
        following = match.group(1).lower().split()
        for at, word in enumerate(following):
            if at and following[at - 1] in _RATE_WORDS:
                break  # "100 requests per minute": a rate, no period
            if stem(_SHORT_UNITS.get(word, word)) in UNIT_TERMS:
                return True
    return False


_RATE_WORDS = frozenset(("per", "a", "an", "each", "every"))


# "96% of employees", "96 percent of all staff": a share of what follows "of".
_PERCENT_OF = re.compile(
    r"(?<![\w.])\d+(?:\.\d+)?\s*(?:%|per\s?cent\b)\s+of\s+(?:(?:the|our|all)\s+)?([a-z][a-z-]*)",
    re.I,
)
ASKS_SHARE = re.compile(r"\bwhat (?:percentage|proportion|share|fraction|percent)\b", re.I)


def states_share(fact: Fact, text: str) -> bool:
    """Whether the text states the share a fact asking for one is after: a percentage
    of one of its terms ("What percentage of employees completed training?" of "96%
    of employees completed ..."), which counts nothing and so is no count."""
    wanted = {t for t in fact.terms if len(t) > 2}
    return ASKS_SHARE.search(fact.text) is not None and any(
        stem(m.group(1).lower()) in wanted for m in _PERCENT_OF.finditer(text)
    )


_MONTHS = (
    "January|February|March|April|May|June|July|August|September|October|November|December"
    "|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept|Sep|Oct|Nov|Dec"
)
# A date: "2025-03-02", "March 2, 2025", "2 March 2025".
DATE = re.compile(
    rf"\b(?:\d{{4}}-\d{{2}}-\d{{2}}|(?:{_MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?,?\s+\d{{4}}"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:{_MONTHS})\.?,?\s+\d{{4}})\b"
)
# "How many days passed between the last two tabletop exercises?"
# ... two events, not a measure between occurrences ("idle between user actions").
DAYS_BETWEEN = re.compile(
    r"\bhow (?:many days|long|much time)\b[^?]*\bbetween\b[^?]*\b(?:and|two)\b", re.I
)


def states_operand(fact: Fact, text: str) -> bool:
    """Whether the text states what the calculator answers the fact from, where that is
    no count: a percentage of what a share question asks about (``states_share``), or
    a date, for the days between two events."""
    dated = DAYS_BETWEEN.search(fact.text) is not None and DATE.search(text) is not None
    return dated or states_share(fact, text)


# --- a question's own demand ("at least 30 days", "at least annually") against a value --

DAYS_PER_UNIT = {
    "second": 1 / 86400,
    "minute": 1 / 1440,
    "hour": 1 / 24,
    "day": 1.0,
    "week": 7.0,
    "month": 365.25 / 12,
    "quarter": 365.25 / 4,
    "year": 365.25,
}
# How many days apart a frequency word puts two occurrences.
_EVERY = {
    "hourly": 1 / 24,
    "daily": 1.0,
    "weekly": 7.0,
    "monthly": 365.25 / 12,
    "quarterly": 365.25 / 4,
    "semi-annually": 365.25 / 2,
    "semiannually": 365.25 / 2,
    "semi-annual": 365.25 / 2,
    "semiannual": 365.25 / 2,
    "biannually": 365.25 / 2,
    "bi-annually": 365.25 / 2,
    "bi-annual": 365.25 / 2,
    "half-yearly": 365.25 / 2,
    "halfyearly": 365.25 / 2,
    "semi-monthly": 365.25 / 24,
    "semimonthly": 365.25 / 24,
    "biannual": 365.25 / 2,
    "annually": 365.25,
    "annual": 365.25,
    "yearly": 365.25,
    "continuously": 0.0,
    "continuous": 0.0,
    "real-time": 0.0,
    "real time": 0.0,
    "nightly": 1.0,
    "fortnightly": 14.0,
    "bi-weekly": 14.0,
    "biweekly": 14.0,
    "bi-monthly": 365.25 / 6,
    "bimonthly": 365.25 / 6,
    **{f"{every} {time}": 1.0 for every in ("every", "each") for time in ("night", "morning")},
    **{f"every {day}day": 7.0 for day in "mon tues wednes thurs fri satur sun".split()},
}
_EVERY_LONGEST_FIRST = sorted(_EVERY, key=len, reverse=True)  # "semi-annually" before "annually"
_COUNT_WORDS = {
    w: n
    for n, w in enumerate(
        "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
        " fifteen sixteen seventeen eighteen nineteen".split()
    )
} | {"twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70}
_COUNT_WORDS |= {"eighty": 80, "ninety": 90}
_AMOUNT = re.compile(
    rf"(\d[\d,]*(?:\.\d+)?|{_NUMBER_WORDS}|[a-z]+)(?:\s*\((?:\d+|[a-z]+(?:-[a-z]+)?)\))?[\s-]+"
    r"(?:business\s+|calendar\s+|working\s+)?(second|minute|hour|day|week|month|quarter|year)s?\b",
    re.I,
)
# A range of periods: "5-10 business days", "7 to 10 years", "between thirty and sixty
# days" ("thirty-five days" is one period, "one hundred and eighty days" too).
_ONE_END = rf"(\d[\d,]*(?:\.\d+)?|{_NUMBER_WORDS})"
_RANGE = re.compile(
    rf"(?:\bbetween\s+{_ONE_END}\s+and\s+|(\d[\d,]*(?:\.\d+)?)\s*(?:-|\u2013)\s*"
    rf"|{_ONE_END}\s+to\s+){_ONE_END}[\s-]+(?:business\s+|calendar\s+|working\s+)?"
    r"(second|minute|hour|day|week|month|quarter|year)s?\b",
    re.I,
)
_PER_UNIT = re.compile(
    r"\b(?:once\s+)?(?:a|per|each|every)\s+(day|week|month|quarter|year)\b", re.I
)
_FOREVER = re.compile(r"\b(indefinite(ly)?|permanent(ly)?)\b", re.I)
# A deadline at the end of a period, at the latest: "by the end of the month" (31 days).
_END_OF = re.compile(
    r"\b(?:by|no later than) (?:the )?end of\b.*?\b(day|shift|week|month)\b|\bthe same\b.*?\bday\b"
    r"|\bon (?:the|their|his|her) (?:last|final) (?:working |business )?(day)\b"
)
_END_OF_DAYS = {"day": 1.0, "shift": 1.0, "week": 7.0, "month": 31.0}
_DEMAND_EVERY = re.compile(r"\bevery\b|\bonce\b|\bper\b", re.I)


# A demand that sets a time limit ("within 24 hours"): a value meets it by being shorter.
TIME_LIMIT = re.compile(r"\b(?:within|no later than|in no more than|in under|in less than)\b", re.I)


_COUNT = re.compile(rf"\b(?:\d+|{_NUMBER_WORDS})\b", re.I)


def demand_measure(demand: Fact) -> str | None:
    """What a demand measures, when a quote can meet or fall short of it: "period" for
    a count of a period ("within 24 hours", "at least six months"), "frequency" for
    how often ("at least annually", "every 90 days"); None for "regularly" or "upon
    significant changes"."""
    asked = _as_asked(demand)
    if asked.asks == "duration" and _COUNT.search(demand.text) is not None:
        return "period"
    if asked.asks == "frequency" and as_days("frequency", demand.text) is not None:
        return "frequency"
    return None


def demand_met(demand: Fact, text: str, qualifiers: frozenset[str] = frozenset()) -> bool | None:
    """Whether ``text`` states a value that meets a demand of the question ("are
    backups retained for at least 30 days?", "is access reviewed at least
    annually?"): True when the value it states about the demand's subject meets
    it (35 days; quarterly), False when it falls short (14 days; every two years),
    None when the text states no such value, or either side is not a measure
    ("regularly", "upon significant changes")."""
    demand = _as_asked(demand)
    wanted = as_days(demand.asks, demand.text)
    if wanted is None or demand.asks not in ("duration", "frequency"):
        return None
    value = value_about(demand, text, qualifiers)
    stated = day_bounds(demand.asks, value) if value is not None else None
    if stated is None:
        return None
    shortest, longest = stated
    if demand.asks == "duration" and TIME_LIMIT.search(demand.text):  # done within this
        return longest <= wanted * 1.001
    if demand.asks == "duration":  # kept at least this long
        return shortest >= wanted * 0.999
    return longest <= wanted * 1.001  # at least this often: no further apart


def demand_checked(demand: Fact, text: str) -> bool:
    """Whether ``text`` settles a demand of the question: it states a value meeting
    or falling short of a measured one (``demand_met``), or any value of the kind a
    demand without a measure asks ("monthly" for "periodic security reminders")."""
    if demand_met(demand, text) is not None:
        return True
    measured = as_days(demand.asks, _as_asked(demand).text) is not None
    return not measured and demand.asks is not None and value_about(demand, text) is not None


_SHORT_UNIT_FOUND = re.compile(rf"(?<![\w.-])(\d[\d,]*)({SHORT_TIME_UNIT})(?![\w-])")
_SHORT_UNIT_WORD = {"h": "hour", "hr": "hour", "d": "day", "mo": "month", "min": "minute"}
_SHORT_UNIT_WORD |= {"sec": "second", "wk": "week", "yr": "year"}


def spelled_units(text: str) -> str:
    """The text with shortened units of time after a figure written out, to measure
    them: "24h" is "24 hours", "every 30d" "every 30 days", "15 mins" "15 minutes"."""

    def spelled(match: re.Match[str]) -> str:
        unit = _SHORT_UNIT_WORD[match.group(2).strip().removesuffix("s")]
        return f"{match.group(1)} {unit}{'' if match.group(1) == '1' else 's'}"

    return _SHORT_UNIT_FOUND.sub(spelled, text)


def day_bounds(kind: str | None, text: str) -> tuple[float, float] | None:
    """The shortest and longest periods a value states, in days: both ends of a range
    ("5-10 business days", "between 30 and 60 days"), else its one measure
    (``as_days``). A demand is met only by the end that could fall short of it. A count
    of business days may span a weekend: "within one business day" may take three days,
    and meets no "within 24 hours"."""
    lowered = " ".join(spelled_units(text).lower().split())
    bounds = _range_days(lowered)
    if bounds is None:
        days = as_days(kind, text)
        if days is None:
            return None
        bounds = (days, days)
    if _BUSINESS_DAYS.search(lowered):  # a weekend may fall within: "one business day"
        return bounds[0], bounds[1] + 2 * math.ceil(bounds[1] / 5)  # may take three
    return bounds


_BUSINESS_DAYS = re.compile(r"\b(?:business|working)\s+days?\b")


def _range_days(lowered: str) -> tuple[float, float] | None:
    match = _RANGE.search(lowered)
    if match is None:
        return None
    first, last, unit = next(g for g in match.groups()[:3] if g), match.group(4), match.group(5)
    low, high = _number(first), _number(last)
    if low is None or high is None:
        return None
    return min(low, high) * DAYS_PER_UNIT[unit], max(low, high) * DAYS_PER_UNIT[unit]


def as_days(kind: str | None, text: str) -> float | None:
    """A duration in days, or a frequency as the days between occurrences ("quarterly"
    91.3); None when the text names no measure ("every account", "regularly"). A range
    ("5-10 business days") gives its longest."""
    lowered = " ".join(spelled_units(text).lower().split())
    if kind == "duration" and _FOREVER.search(lowered):
        return float("inf")
    end = _END_OF.search(lowered) if kind == "duration" else None
    if end is not None:  # "by the end of their last working day", "the same day"
        return _END_OF_DAYS[end.group(1) or "day"]
    if kind == "frequency":
        counted = re.search(rf"\b{_COUNTED_LY}", lowered)
        if counted is not None:  # "six-monthly": every six months; "twice-yearly"
            many, unit = re.split(_HYPHEN, counted.group(0))[-2:]
            if many in ("twice", "thrice"):
                return _EVERY[unit] / (2.0 if many == "twice" else 3.0)
            return (_number(many) or 1.0) * _EVERY[unit]
        word = next((w for w in _EVERY_LONGEST_FIRST if w in lowered), None)
        if word is not None:
            return _EVERY[word]
    bounds = _range_days(lowered)
    if bounds is not None:
        return bounds[1]
    amount = _AMOUNT.search(lowered)
    if amount is not None:
        count = _number(amount.group(1))
        if count is not None:
            return count * DAYS_PER_UNIT[amount.group(2)]
    per = _PER_UNIT.search(lowered)
    if kind == "frequency" and per is not None:
        return DAYS_PER_UNIT[per.group(1)] / _times(lowered)
    return None


_TIMES = re.compile(r"\b(?:(twice)|(thrice)|(\w+)\s+times)\b")


def _times(text: str) -> float:
    """How many times a period a frequency names ("twice a week": 2)."""
    match = _TIMES.search(text)
    if match is None:
        return 1.0
    if match.group(1) or match.group(2):
        return 2.0 if match.group(1) else 3.0
    return _number(match.group(3)) or 1.0


def _number(text: str) -> float | None:
    """A figure ("1,000", "2.5") or a number in words ("thirty-five", "one hundred and
    eighty")."""
    try:
        return float(text.replace(",", ""))
    except ValueError:
        return _in_words(text)


def _in_words(text: str) -> float | None:
    total, current = 0, 0
    for word in re.split(r"[\s-]+", text.lower().strip()):
        if word in _COUNT_WORDS:
            current += _COUNT_WORDS[word]
        elif word == "hundred":
            current *= 100
        elif word == "thousand":
            total, current = total + current * 1000, 0
        elif word != "and":
            return None
    return float(total + current)


def demand_shortfall(
    demand: Fact, texts: Sequence[str], qualifiers: frozenset[str] = frozenset()
) -> str | None:
    """The value the texts state that falls short of the demand ("for 35 days"
    against "at least 60 days"), when the first of them to state such a value (the
    lead, as quoted first) does; else None. A later quote meeting the demand does
    not outweigh the lead: "All staff ... must repeat it every two years" then
    "Staff who handle Highly Confidential information must also complete ...
    annually" meets "at least annually" for a few staff only, and a person decides."""
    stated = [
        (met, text) for text in texts if (met := demand_met(demand, text, qualifiers)) is not None
    ]
    if not stated or stated[0][0]:
        return None
    return value_about(_as_asked(demand), stated[0][1], qualifiers)


def _as_asked(demand: Fact) -> Fact:
    """The demand with the kind of value it sets: "at least every 90 days" is how
    often, though it names days."""
    if _DEMAND_EVERY.search(demand.text):
        return Fact(demand.text, demand.terms, "frequency")
    return demand


def frequencies(text: str) -> list[tuple[str, float]]:
    """Each frequency the text states, as written and as days between occurrences
    ("quarterly" 91.3, "every two years" 730.5, "on an annual basis" 365.25);
    words that name no measure ("regularly") and frequencies the text denies ("not
    annually, but monthly") are left out."""
    found = []
    for match in ASKS_PATTERN["frequency"].finditer(text):
        if denied(text, match.start()):
            continue
        days = as_days("frequency", match.group(0))
        if days is not None:
            found.append((" ".join(match.group(0).split()), days))
    return found


_COUNT_WORD = re.compile(rf"\b({_NUMBER_WORDS})\b", re.I)
_FUNCTION_WORDS = frozenset(
    "of the a an and or to in on for by with at from is are was were be that which".split()
)


def with_digits(text: str) -> str:
    """Spelled-out counts before what they count written as figures ("three
    consecutive attempts" -> "3 consecutive attempts", "fifteen hours" -> "15
    hours", "five hundred users" -> "500 users"), so that a claim's figures can be
    compared with its quotes' however either writes them. A word that counts
    nothing stays ("one of the", "one policy applies")."""

    def figure(match: re.Match[str]) -> str:
        value = _in_words(match.group(1))
        if value is None or not _counts(match.group(1).lower(), text[match.end() :][:80]):
            return match.group(0)
        return str(int(value))

    return _COUNT_WORD.sub(figure, text)


def _counts(word: str, after: str) -> bool:
    """Whether a count word counts what follows: a unit of measure next ("one
    year", "fifteen hours"), or (for two and above) a plural noun within three
    words, with no function word between ("three consecutive failed attempts")."""
    following = re.findall(r"[A-Za-z-]+", after)[:3]
    if following and re.fullmatch(UNIT_WORDS, following[0], re.I):
        return True
    if word == "one":
        return False
    for token in (t.lower() for t in following):
        if token in _FUNCTION_WORDS:
            return False
        if token.endswith("s") and not token.endswith("ss"):
            return True
    return False


# The two bounds of a value: a question asking one is not answered by the other's
# ("Maximum length | At least 64 characters" for the minimum length).
_LOW_BOUND = re.compile(r"\b(?:minimum|minimal|shortest|fewest)\b", re.I)
_HIGH_BOUND = re.compile(r"\b(?:maximum|maximal|longest)\b", re.I)


def names_other_bound(asked: str, text: str, value: str = "") -> bool:
    """Whether ``text`` names the other bound of one ``asked`` names ("maximum" for a
    minimum asked) and not the one asked; given the ``value`` read, whether the bound
    named last before it is the other one ("Maximum length | At least 64 characters",
    not "at least 14 characters long (maximum 64)")."""
    if _LOW_BOUND.search(asked) and not _HIGH_BOUND.search(asked):
        wanted, other = _LOW_BOUND, _HIGH_BOUND
    elif _HIGH_BOUND.search(asked) and not _LOW_BOUND.search(asked):
        wanted, other = _HIGH_BOUND, _LOW_BOUND
    else:
        return False
    at = text.lower().find(value.lower()) if value else -1
    if at >= 0:
        bounds = [*wanted.finditer(text, 0, at), *other.finditer(text, 0, at)]
        last = max(bounds, key=lambda m: m.start(), default=None)
        return last is not None and other.fullmatch(last.group(0)) is not None
    return bool(other.search(text)) and not wanted.search(text)
