"""Turn a questionnaire item into a brief: what exactly is asked, in checkable parts.

A brief is derived by deterministic rules (the offline engine's normaliser);
two wordings of the same question that differ only in boilerplate, case,
punctuation or inflection give the same ``normalised`` form.
"""

from __future__ import annotations

import re
from functools import lru_cache

from dossier.common.textutil import (
    PERIOD_COUNT,
    asked_identifiers,
    fold_whitespace,
    question_terms,
    sentence_spans,
    stem,
    without_label,
    words,
)
from dossier.records import Ambiguity, Brief, Fact, Question, Reading
from dossier.research.ask import core_ask
from dossier.research.values import VERSION_ASKED, documents_review_asked, names_no_subject
from dossier.steps import AmbiguityNote, BriefStep, FactNote

# A recovery objective, by name or letters: two asked at once are read apart.
_OBJECTIVE = r"(?:recovery\s+(?:time|point)\s+objectives?|RTOs?|RPOs?)\b"
# An "and" that joins two measures asked at once, not the standard wording's "policies
# and procedures" or "standards and procedures".
_WORDING_AND = r"(?<!policies\s)(?<!policy\s)(?<!standards\s)(?<!standard\s)and"
# What kind of value the question asks for, by its wording.
_ASKS = (
    (
        "frequency",
        re.compile(
            r"\bhow (often|frequently)\b|\bfrequency\b|\bat what interval"
            # a recurring practice's period: "what is the rotation period for keys?"
            r"|\bwhat\b[^?]{0,40}\b(?:rotation|review|renewal|refresh|recertification"
            r"|reassessment|re-?keying)\s+(?:period|interval|cycle)s?\b",
            re.I,
        ),
    ),
    # "How long are logs kept?" asks for a period; "How long must passwords be?" for a number.
    (
        "duration",
        re.compile(
            r"\bhow long\b(?=.*\b(retain|kept|keep|store|last|take|valid|expir|lock|remain|archiv"
            r"|held|hold|wait|before|after|until|notif|restor|recover|without|inactiv|idle|end"
            r"|time\s*out|terminat))|\bretention period\b"
            r"|\bwithin what time|\bhow (quickly|soon|fast)\b"
            # "Within how many hours?": a period counted in its unit
            r"|\b(?:within|in)\s+how\s+many\s+(?:business\s+|working\s+|calendar\s+)?"
            r"(?:seconds|minutes|hours|days|weeks|months|years)\b"
            # "When do you delete our data after we cancel?": a time after an event
            r"|\bwhen\s+(?:do|does|will|is|are|must|should|would)\b[^?]*"
            r"\b(?:after|following|upon|once)\b"
            # "When is access revoked for employees who leave?": a leaver's deadline
            r"|\bwhen\s+(?:is|are|will|must|should)\b[^?]*\b(?:revoked|removed|disabled"
            r"|deactivated|deleted|returned)\b[^?]*\b(?:leav\w*|terminat\w*|depart\w*"
            r"|offboard\w*|exit\w*)"
            # (an uptime or availability SLA is a percentage)
            r"|\bwhat\b[^?]{0,60}\b(?:time ?frames?|timescales?|(?<!uptime )(?<!availability )SLAs?"
            r"|deadlines?|durations?|periods?|timelines?)\b"
            # "If so, what is the timeout?" (a maximum asked is a measure: a number)
            r"|\bwhat\s+(?:is|are)\s+(?!(?:the\s+|your\s+)?(?:maximum|minimum)\b)[^?]{0,40}"
            r"\btime-?outs?\b"
            # a request: "State the vendor's breach notification timeline to the LEA."
            r"|^\W*(?:please\s+)?(?:state|provide|specify|give|indicate|list)\b"
            rf"(?![^?.]*\b{_OBJECTIVE}[^?.]*(?:\band\b|&)[^?.]*\b{_OBJECTIVE})[^?]{{0,60}}"
            r"\b(?:time ?frames?|timelines?|timescales?|deadlines?|retention\s+periods?"
            r"|(?:recovery\s+(?:time|point)\s+objectives?|RTOs?|RPOs?)\b"
            # (two asked at once are read apart: "Specify your RTO and RPO.")
            r"(?![^?.]*(?:\band\b|&))(?<!\band\s\w{3})(?<!\band\s\w{3}s))\b"
            # "Confirm the maximum time to revoke access for leavers."
            r"|^\W*(?:please\s+)?(?:confirm|state|specify|provide|give|indicate)\s+"
            r"(?:the\s+|your\s+)?(?:maximum\s+|minimum\s+|target\s+)?"
            r"(?:time|period|time\s?frame)\s+(?:to|for|within|taken|allowed|in\s+which)\b"
            r"(?!\s+market\b)"
            # "What is the response time for a SEV1 incident?"
            r"|\bwhat\b[^?]{0,60}\b(?:response|resolution|restore|restoration"
            r"|notification|turnaround|acknowledg(?:e?ment))\s+times?\b(?!\s+objective)"
            # "What is the RTO for Tier 1 systems?": a recovery objective is a period (two
            # asked at once are read apart: "What are your RTO and RPO?")
            r"|\bwhat\b(?![^?]*(?:\band\b|&|\bRTO\s*/|/\s*RPO\b))[^?]{0,60}"
            r"\b(?:recovery\s+(?:time|point)\s+objectives?|RTOs?|RPOs?)\b",
            re.I,
        ),
    ),
    ("number", re.compile(r"\bhow long\b", re.I)),
    (
        "number",
        re.compile(
            r"\bhow (many|much)\b|\bwhat (is the )?(number|percentage|amount)\b"
            # "What is the minimum password length?" (two measures at once are read
            # apart: "What are the minimum length and the lockout threshold?"; a
            # version is no count: "What is the minimum TLS version?")
            r"|\bwhat\s+is\s+(?:the\s+|your\s+)?(?:minimum|maximum)\b"
            rf"(?![^?]*\b(?:{_WORDING_AND}|versions?)\b)"
            # "What minimum password length is enforced by the password policies and
            # procedures ...?": a measure named, over the standard wording's "and"
            r"|\bwhat\s+(?:minimum|maximum)\s+(?:[\w-]+\s+){0,2}?(?:length|age|number|size|count"
            r"|period|lifetime|timeout|duration|retention|time|interval)\b"
            rf"(?![^?]*\b(?:{_WORDING_AND}|versions?)\b)"
            # "What is the coverage limit of your cyber insurance?", "... lockout threshold?"
            r"|\bwhat\s+(?:is|are)\s+(?:the\s+|your\s+)?(?:[\w-]+\s+){0,3}"
            r"(?:limits?|thresholds?|amounts?|budgets?)(?=\s*(?:of|for|on|per)\b|\s*[?.]|\s*$)"
            r"(?![^?]*\band\b)"
            # a request: "State the amount of cyber liability insurance coverage."
            # ("Please specify the threshold.": of the part before)
            r"|^\W*(?:please\s+)?(?:state|provide|specify|give|indicate)\s+(?:the\s+|your\s+)?"
            r"(?:[\w-]+\s+){0,2}(?:amounts?|limits?|thresholds?|budgets?)"
            r"(?:\s+(?:of|for|on|per)\b(?![^?]*\band\b)|(?=\s*[.?]?\s*$))",
            re.I,
        ),
    ),
)


def sentences(text: str) -> list[str]:
    """The sentences of a question, by the one sentence splitter (not on the dots
    of e.g., i.e., etc.)."""
    return [text[a:b] for a, b in sentence_spans(text)]


ASSUMPTIONS = (
    "'you' and 'your' mean the organisation whose documents form the corpus",
    "the question asks about current practice: superseded, archived or draft documents "
    "do not ground an answer",
)
BRIEFS_HELD = 4096
_ASKED_FOR = {"frequency": "how often", "duration": "the period", "number": "the number"}


def make_brief(question: Question) -> Brief:
    """What the question asks, read from its id and text alone (memoised: a build
    reads each question's brief to plan its queries and again to answer it)."""
    return _brief(question.question_id, question.question)


@lru_cache(maxsize=BRIEFS_HELD)
def _brief(question_id: str, asked_text: str) -> Brief:
    question = Question(question_id, asked_text)
    text = fold_whitespace(question.question)
    text = _PART_LABEL.sub("", text)  # "(a) Does ...? (b) How often?": parts, unlabelled
    asked = _interrogative_part(_requirements_asked(without_label(text)))  # label searched
    asked = _TO_WHAT_EXTENT.sub(lambda m: m.group(1).capitalize(), _extent_as_heading(asked))
    asked = _FRONTED.sub(_fronted_last, _CONDITION_FRONTED.sub(_fronted_last, asked))
    parts = _facts(asked)
    ask = core_ask(parts[0].text if parts else asked)
    demands = tuple(dict.fromkeys(d for p in parts for d in core_ask(p.text).demands))
    facts = parts + _demand_facts(demands, question_terms(ask.core) + _documents_reviewed(asked))
    asking = [f for f in parts if _instruction_asks(f.text) is None] or list(parts)
    terms = tuple(dict.fromkeys(t for f in asking for t in f.terms)) or question_terms(asked)
    return Brief(
        question_id=question.question_id,
        question=question.question,
        normalised=" ".join(sorted(set(terms)))
        + "|"
        + ",".join(f.asks or "-" for f in facts)
        + "|"
        + ",".join(asked_identifiers(text)),
        query=asked,
        terms=terms,
        identifiers=tuple(dict.fromkeys(asked_identifiers(text))),
        facts=facts,
        restatement="The documents must show: " + "; ".join(_criterion(f) for f in facts),
        assumptions=ASSUMPTIONS,
        acceptance=tuple(_criterion(f) for f in facts),
        ambiguities=_ambiguities(asked),
        core=ask.core,
        demands=demands,
        about_document=ask.about_document,
        english=is_english(text),
    )


# "at least annually", "every 90 days": a demand for how often; "upon significant
# changes": a demand on when, checked by its own words.
_PERIODIC_DEMAND = re.compile(
    r"annual|year|quarter|month|week|daily|\bday|periodic|regular|routine|recurring"
    r"|planned intervals"
    r"|a frequency|(?<!retention\s)(?<!disposal\s)(?<!records\s)(?<!destruction\s)\bschedule\b",
    re.I,
)


_COUNTED_PERIOD = re.compile(
    rf"\b(?:{PERIOD_COUNT})\s*-?\s*"
    r"(?:business\s+|calendar\s+|working\s+)?(?:hours?|days?|weeks?|months?|years?)\b",
    re.I,
)


_DOCUMENT_WORD = re.compile(r"\b(?:polic(?:y|ies)|procedures?)\b", re.I)


def _documents_reviewed(question: str) -> tuple[str, ...]:
    """The documents a question asks be reviewed ("Is the information security policy
    reviewed at least annually?"), as stems: the subject of its demand, which the
    document's own "This policy is reviewed at least once every twelve months" states
    (the words name no practice, so the core ask leaves them out)."""
    if not documents_review_asked(question):
        return ()
    return tuple(dict.fromkeys(stem(w) for w in _DOCUMENT_WORD.findall(question)))


def _demand_facts(demands: tuple[str, ...], subject: tuple[str, ...]) -> tuple[Fact, ...]:
    """The wording's own demands as facts to check, about the core's subject."""
    facts = []
    for demand in demands:
        if _COUNTED_PERIOD.search(demand):  # "at least six months": how long
            facts.append(Fact(demand, subject, "duration"))
        elif _PERIODIC_DEMAND.search(demand):
            facts.append(Fact(demand, subject, "frequency"))
        else:
            own = question_terms(demand)
            facts.append(Fact(demand, tuple(dict.fromkeys(subject + own)), None))
    return tuple(facts)


# Words nearly every English question holds one of, and no other language writes so.
_ENGLISH_MARKERS = frozenset(
    "is are was were do does did the you your yours have has how what which who whom there "
    "this these those of and with for any our we can could must should shall will would may "
    "might their they them its all each every when where why not been being from than into "
    "about".split()
)
# Function words of the languages questionnaires are most often translated into (French,
# Spanish, German, Italian, Portuguese, Dutch) that are not English words.
_OTHER_LANGUAGE_MARKERS = frozenset(
    "le la les des du une est sont et avec pour dans sur que qui ne pas vos nos el los las "
    "del y con por para es una son der das und ist sind mit für von zu nicht ein eine werden "
    "il gli della delle sono che non di het een van zijn niet wordt não são com uma".split()
)


def is_english(text: str) -> bool:
    """Whether a question reads as English: it holds an English function word ("is",
    "the", "can", "their" ...), or it is short, or nothing in it reads as another
    language (a function word of one, or a letter English does not write: "Encryption
    at rest enforced?" is English; "¿Se cifran los datos en reposo?" is not)."""
    letters = [w for w in words(text) if not w.isdigit()]
    if len(letters) < 3 or any(w in _ENGLISH_MARKERS for w in letters):
        return True
    return not any(w in _OTHER_LANGUAGE_MARKERS or not w.isascii() for w in letters)


def _criterion(fact: Fact) -> str:
    subject = fact.text.rstrip("?. ")
    asked = _ASKED_FOR.get(fact.asks or "")
    return f"{asked} for: {subject}" if asked else f"whether or what: {subject}"


# "Do you encrypt data at rest or in transit?": either may suffice, or both are asked about.
_ALTERNATIVES = re.compile(
    r"^(?:do|does|is|are|can|have|has|will)\b.*\b([\w-]+\s+[\w-]+)\s+or\s+([\w-]+(?:\s+[\w-]+)?)\b",
    re.I,
)  # (a hyphened word is one: "multi-state background checks")


def _ambiguities(text: str) -> tuple[Ambiguity, ...]:
    """A yes/no question offering alternatives joined by "or" reads two ways, each
    leading to a different answer: yes when either is shown, or an answer per
    alternative. (Acted on: the acceptance check then wants each alternative.)"""
    found = []
    for sentence in sentences(text):
        match = _ALTERNATIVES.search(sentence)
        if match is None or "either" in sentence.lower():
            continue
        first, second = match.group(1), match.group(2)
        found.append(
            Ambiguity(
                f"{first} or {second}",  # the alternatives, as written
                (
                    Reading("either alternative suffices", "yes when the documents show either"),
                    Reading(
                        "each alternative is asked about",
                        f"a statement for {first} and for {second}",
                    ),
                ),
            )
        )
    return tuple(found)


# A lettered or numbered part of a compound question: "(a) Does ...? (b) How often?".
_PART_LABEL = re.compile(r"(?:^\s*|(?<=[?.:;]\s))\((?:[a-h]|i{1,3}|iv|vi{0,3}|ix|x)\)\s+", re.I)
# VDA ISA's (TISAX) opening of every question: "To what extent is video surveillance used
# at the data centre?" asks whether it is (the maturity asked is the assessor's to judge).
_TO_WHAT_EXTENT = re.compile(
    r"(?:^|(?<=[.?!]\s))to\s+what\s+(?:extent|degree)\s+"
    r"(is|are|was|were|do|does|did|has|have|will|can|must|should)\b",
    re.I,
)


# A requirement a buyer states instead of asking ("Supplier must encrypt personal data
# in transit using TLS 1.2 or higher.", "Backups shall be retained for at least 30
# days."): the supplier answers whether it meets it, as a yes/no question asks. Not a
# prohibition ("must not": a Yes would read as breaking it), an instruction ("shall
# state the minimum length": a value asked), what the questionnaire asks of its answers
# ("Responses shall be submitted in English.", "Supplier will have 30 days to respond")
# nor two requirements in one ("shall have a CISO and shall report ...").
_ACTOR_REQUIRED = re.compile(
    r"^\W*(?:the\s+)?(?:supplier|vendor|contractor|provider|service\s+provider|bidder"
    r"|respondent|offeror|processor|sub-?processor|licensee)\s+"
    r"(?:shall|must|is\s+required\s+to)\s+(?!not\b|never\b|be\b)"
    r"(?!(?:state|specify|provide|describe|list|indicate|explain|confirm|attach|submit"
    r"|identify|give|detail|outline|supply|include|answer|complete|respond|note"
    r"|acknowledge|sign|read|review\s+this|have\s+\d|be\s+aware)\b)"
    r"(?P<rest>[a-z](?:(?!\b(?:shall|must)\b|\band\s+(?:state|specify|provide|describe|list"
    r"|indicate|explain|confirm)\b)[^?])*?)[.;]?\s*$",
    re.I,
)
_THING_REQUIRED = re.compile(
    r"^\W*(?!(?i:upon|where|when|if|for|in|at|during|after|before|within|on|this|these|the\s+"
    r"(?:contract|agreement|questionnaire|form|section|response)|responses?|answers?"
    r"|attachments?|all\s+(?:responses|answers|questions))\b)"
    r"(?P<subject>[A-Z][\w/()'-]*(?:\s+(?!(?i:shall|must|will)\b)[\w/()'-]+){0,7}?)"
    r"\s+(?:shall|must)\s+be\s+"
    # (not what the answers are to be: "provided", "submitted", "completed")
    r"(?!(?i:provided|submitted|supplied|attached|included|completed|answered|uploaded"
    r"|returned\s+with|signed\s+by\s+the\s+(?:supplier|vendor|respondent))\b)"
    r"(?P<rest>[a-z]+ed\b(?:(?!\b(?:shall|must)\b)[^?])*?)[.;]?\s*$"
)


_HEAD_ENDS = re.compile(
    r"\s+(?:for|of|in|on|with|at|from|that|which|to|[a-z]{3,}ing|[a-z]{3,}ed)\s+", re.I
)


def _requirements_asked(text: str) -> str:
    """Each sentence of an item stating a requirement, read as the yes/no question it
    puts to the supplier ("Does the organisation encrypt ...?", "Are backups retained
    for at least 30 days?"), when its other sentences ask a value ("Specify the
    retention period."); an item asking anything else is left as written."""
    if "?" in text:
        return text
    said = sentences(text)
    asked = [_as_question(sentence) for sentence in said]
    others = [s for s, a in zip(said, asked, strict=True) if s == a]
    if len(others) == len(said) or any(_instruction_asks(s) is None for s in others):
        return text  # "... State the minimum version of TLS.": read as written, whole
    return " ".join(asked)


def _as_question(sentence: str) -> str:
    actor = _ACTOR_REQUIRED.match(sentence)
    if actor is not None:
        return f"Does the organisation {actor['rest']}?"
    thing = _THING_REQUIRED.match(sentence)
    if thing is None or _ACTOR_REQUIRED.match(sentence.replace(" be ", " ")):
        return sentence
    subject = thing["subject"]
    subject = subject if subject[1:2].isupper() else subject[0].lower() + subject[1:]
    head = _HEAD_ENDS.split(subject, maxsplit=1)[0].split()[-1].lower()  # "Policies for ..."
    verb = "Are" if head.endswith("s") and not head.endswith(("ss", "us", "is")) else "Is"
    return f"{verb} {subject} {thing['rest']}?"


def _extent_as_heading(asked: str) -> str:
    """VDA ISA's "To what extent ...?" followed by a question of its own ("To what
    extent is information classified ...? How many classification levels are used?")
    is the control's heading over the question asked: the question is answered, not
    the heading (which read as a yes/no question whose lead had to name its words).
    A following question naming no subject ("... followed up? Within what time?") or
    naming it by a pronoun ("Is it documented?") asks of the heading, which then stays."""
    first, *rest = sentences(asked) or [asked]
    if not rest or _TO_WHAT_EXTENT.match(first) is None:
        return asked
    following = next((s for s in rest if s.endswith("?")), None)
    if following is None or _PRONOUN.search(following) is not None:
        return asked
    fact = _fact(following)
    if not _names_a_subject(fact) or names_no_subject(fact):
        return asked
    return " ".join(rest)


# A condition or scope put before a yes/no question's auxiliary: "For students under 13,
# does the Provider obtain parental consent?" asks "Does the Provider obtain parental
# consent for students under 13?" (read as a yes/no question only so); so does a clause
# ("Where manual key operations are performed, are they ...?", "For service providers,
# if segmentation is used, are ...?").
_NOT_A_CONDITION = r"(?!(?:how|what|which|yes|so|not|applicable)\b)"
_FRONT_PHRASE = (  # "For students under 13", "Per the contract": no verb of its own
    r"(?:for|in|on|at|per|under|during|upon|following|within)\s"
    + _NOT_A_CONDITION
    + r"(?![^,?.;]*\b(?:did|do|does|is|are|was|were|has|have|how|what|which|who)\b)"
    r"[^,?.;]{2,80}"
)
_FRONT_CLAUSE = (  # "Where ... operations are performed", "If a session has been idle ..."
    r"(?:when|whenever|where|if|after|before|once)\s"
    + _NOT_A_CONDITION
    + r"(?!(?:was|were|is|are|did|do|does|has|have|will|can)\b)"  # not "When were you ...,"
    r"(?![^,?.;]*\b(?:did|do|does|how|what|which|who)\b)[^,?.;]{2,100}"
)
_AUXILIARY_ASKS = (
    r"(?P<rest>(?:is|are|was|were|do|does|did|has|have|will|can|must|should|shall)\s[^?]{3,400})\?"
)
_FRONTED = re.compile(rf"(?:^|(?<=[.?!]\s))(?P<front>{_FRONT_PHRASE}),\s+{_AUXILIARY_ASKS}", re.I)
# ... and a condition clause there ("Where manual key operations are performed, are they
# managed using split knowledge?"): the question is asked without it, its condition's
# words no terms a sentence must state ("If a laptop is lost, is the incident reported
# ...?" is not answered Yes by "Laptops are encrypted").
_CONDITION_FRONTED = re.compile(
    rf"(?:^|(?<=[.?!]\s))(?:(?P<front>{_FRONT_PHRASE}),\s+)?{_FRONT_CLAUSE},\s+"
    rf"{_AUXILIARY_ASKS}",
    re.I,
)


def _fronted_last(match: re.Match[str]) -> str:
    rest, front = match["rest"], match["front"]
    if not front:
        return f"{rest[0].upper()}{rest[1:]}?"
    return f"{rest[0].upper()}{rest[1:]} {front[0].lower()}{front[1:]}?"


def _interrogative_part(text: str) -> str:
    """Questionnaires often put a preamble before the question ("Policies are most
    valuable if kept current. ... How often do you review them?"). Keep the
    sentences that ask, and an instruction after one that asks for a value ("Specify
    the frequency.", "If yes, state the coverage limit."); keep everything when none
    asks."""
    parts = sentences(text)
    first = next((i for i, s in enumerate(parts) if s.endswith("?")), None)
    asking = [
        s
        for i, s in enumerate(parts)
        if s.endswith("?") or (first is not None and i > first and _instruction_asks(s))
    ]
    notes = [s for s in parts if s.lower().startswith(("note", "(note"))]
    kept = [s for s in (asking or parts) if s not in notes]
    return " ".join(kept) or text


# An instruction asking for a value: "Specify the frequency.", "If yes, state the
# minimum length.", "Please provide the retention period."
_VALUE_INSTRUCTION = re.compile(
    r"^(?:if\s+(?:yes|so|applicable)\s*[,:]?\s*)?(?:please\s+)?(?:specify|state|provide|give"
    r"|indicate|enter)\s+(?:the\s+|your\s+|its\s+)?(?P<what>[^.?;]{0,60})",
    re.I,
)
_INSTRUCTION_ASKS = (
    (
        "frequency",
        # (a key's rotation period or cryptoperiod is how often it is rotated: "every year",
        # "every 365 days"; "period" within the word was never read)
        re.compile(
            r"\bfrequency\b|\bhow\s+(?:often|frequently)\b|\binterval\b|\bcadence\b"
            r"|\brotation\s+period\b|\bcrypto-?period\b",
            re.I,
        ),
    ),
    # (a report's or an audit's period is dates, not a length of time)
    (
        "duration",
        re.compile(
            r"\b(?:time ?frame|timescale"
            r"|(?<!report )(?<!reporting )(?<!audit )(?<!observation )period"
            r"|duration|deadline|time-?out|recovery\s+(?:time|point)\s+objective"
            r"|retention(?!\s+(?:polic|schedule|plan|procedure|standard|document|requirement))"
            r"|RTO|RPO)s?\b|\bhow\s+(?:long|quickly|soon)\b|\bwithin\s+which\b"
            r"|\bhow\s+many\s+(?:business\s+|working\s+|calendar\s+)?"
            r"(?:minutes|hours|days|weeks|months|years)\b",
            re.I,
        ),
    ),
    (
        "number",
        re.compile(
            r"\b(?:minimum|maximum|length|number|limit|threshold|amount|count)\b|\bhow\s+many\b",
            re.I,
        ),
    ),
)


def _instruction_asks(sentence: str) -> str | None:
    """The kind of value an instruction asks for ("Specify the frequency." asks how
    often), or None when the sentence is no such instruction."""
    match = _VALUE_INSTRUCTION.match(sentence.strip())
    if match is None or VERSION_ASKED.search(match.group("what")):  # a version is no count
        return None
    return next((k for k, p in _INSTRUCTION_ASKS if p.search(match.group("what"))), None)


def _facts(text: str) -> tuple[Fact, ...]:
    """One fact per question sentence or coordinated part ("X, and how long Y?").
    A part with no subject of its own ("If so, how often?") adds what it asks
    for to the fact before it."""
    facts: list[Fact] = []
    for part in (p for s in sentences(text) for p in _parts(s) if p.strip()):
        fact = _fact(part)
        instructed = _instruction_asks(part) if facts else None
        if instructed is not None:  # "Specify the frequency.": a part about the one before
            own = tuple(t for t in fact.terms if t not in _INSTRUCTION_WORDS)
            facts.append(Fact(part, tuple(dict.fromkeys(facts[-1].terms + own)), instructed))
        elif facts and _demand_only(part):  # ", or when a substantial change occurs?"
            previous = facts[-1]
            facts[-1] = Fact(f"{previous.text} {part}", previous.terms, previous.asks)
        elif facts and _PRONOUN.search(part) and (fact.terms or fact.asks):
            # "... and how long are they kept?": "they" are the previous fact's subject.
            terms = tuple(dict.fromkeys(facts[-1].terms + fact.terms))
            facts.append(Fact(fact.text, terms, fact.asks))
        elif facts and _ASKS_ITS_VALUE.match(part) and _kind_named(facts[-1].text):
            # "Are passwords required to have a minimum length? If so, what is it?"
            previous = facts[-1]
            terms = tuple(t for t in previous.terms if t not in _obligation(previous.text))
            facts[-1] = Fact(f"{previous.text} {part}", terms, _kind_named(previous.text))
        elif _names_a_subject(fact) or not facts:
            facts.append(fact)
        elif fact.asks:
            previous = facts[-1]
            facts[-1] = Fact(f"{previous.text} {part}", previous.terms, fact.asks)
    return tuple(f for f in facts if f.terms) or (_fact(text),)


# A follow-up asking the value the part before names: "If so, what is it?", "If yes,
# what is the value?"
_ASKS_ITS_VALUE = re.compile(
    r"^\s*(?:if\s+(?:so|yes)\s*[,:]?\s*)?what\s+(?:is|are)\s+"
    r"(?:it|they|this|that|the\s+(?:value|setting|figure|number))\s*\??\s*$",
    re.I,
)


def _kind_named(text: str) -> str | None:
    """The number a part names ("a minimum length", "a maximum session timeout"), the
    period a recovery objective is ("a defined recovery time objective (RTO)"), or
    None. Not a period: "an access review period" is as often written "quarterly" as a
    length of time, which a period asked would pass over; nor a limit ("a limit on
    liability" is stated in words, and a figure beside it is no limit)."""
    time = re.search(r"\b(?:recovery\s+time|RTOs?)\b", text, re.I)
    point = re.search(r"\b(?:recovery\s+point|RPOs?)\b", text, re.I)
    if bool(time) != bool(point):  # one objective: "a defined RTO? If so, what is it?"
        return "duration"
    if _DEADLINE_NAMED.search(text) and not _RECURRING.search(text):  # "a defined time
        return "duration"  # frame for notifying clients? If so, what is it?" (not for reviews)
    return "number" if _NUMBER_NAMED.search(text) else None


_DEADLINE_NAMED = re.compile(r"\b(?:time\s?frames?|timelines?|timescales?|deadlines?)\b", re.I)
# What recurs, whose time frame may be a frequency ("a time frame for reviewing access").
_RECURRING = re.compile(
    r"\b(?:review\w*|audit\w*|assess\w*|test\w*|scan\w*|rotat\w*|back(?:ups?|ed\s+up|\s+up)"
    r"|train\w*|recertif\w*|reconcil\w*|exercis\w*)\b",
    re.I,
)


_NUMBER_NAMED = re.compile(
    r"\b(?:minimum|maximum)\s+(?:\w+\s+)?(?:length|number|size|age|timeout|attempts|characters)\b"
    r"|\b(?:password|passphrase|key|pin)\s+length\b",
    re.I,
)


def _obligation(text: str) -> frozenset[str]:
    """The stem of "required" in "Are passwords required to have ...": the obligation,
    not what the number is of."""
    return (
        frozenset({stem("required")})
        if re.search(r"\brequired\s+to\b", text, re.I)
        else frozenset()
    )


def _names_a_subject(fact: Fact) -> bool:
    """Whether a part names something of its own beside the kind of value it asks:
    "If so, within what timeframe?" names none (its "timeframe" is the kind), so it
    asks its value of the part before it."""
    return any(t not in _INSTRUCTION_WORDS for t in fact.terms) or (
        bool(fact.terms) and fact.asks is None
    )


# Words of an instruction that name the kind of value, not what it is about.
_INSTRUCTION_WORDS = frozenset(
    stem(w)
    for w in """specify give enter frequency interval timeframe timescale period duration
    deadline threshold""".split()
)


def _demand_only(part: str) -> bool:
    """Whether a part of the question is only a demand of its wording ("or when a
    substantial change occurs within the organization"): it goes with the part before,
    whose practice it qualifies, and names nothing the answer must be about."""
    rest = part
    for demand in core_ask(part).demands:
        rest = re.sub(re.escape(demand), " ", rest, flags=re.I)
    return rest != part and not question_terms(rest)


# What opens a part that asks on its own: a question word, perhaps after a preposition
# ("for how long is it locked?", "to whom", "within what time"); "under which ..." is a
# relative clause of what comes before it.
_ASKING = (
    r"(?:(?:for|to|in|with|by|from|within|after|under)\s+(?!which\b))?"
    r"(?:how|what|which|who|whom|do|does|is|are|can"
    # "..., where applicable, in granting access ...": a hedge asks nothing
    r"|(?:when|where)(?!\s+(?:applicable|possible|appropriate|feasible|needed|necessary"
    r"|required|relevant|practicable)\b"
    # "..., and when necessary can it be bypassed?": a part asked after the hedge
    r"(?!\s*,?\s*(?:can|could|is|are|do|does|will|must|should|shall|has|have|may)\b)))\b"
)
# "What is X, and how long is Y?": two facts when the second part asks on its own.
# After ", and" a preposition and "which" ask again ("..., and with which algorithm?"):
# no relative clause follows "and".
_COORDINATED = re.compile(
    rf"(?:(?:,|;)\s*(?:and|or)?\s*|\s+and\s+)(?={_ASKING})"
    r"|(?:,|;)\s*and\s+(?=(?:with|in|using|by|under|to)\s+which\b)",
    re.I,
)


# "Under your risk management process, how often ...?", "When a customer leaves, how
# long ...?": an opening that sets the context or the condition of the question, not a
# part of it ("If so, ..." follows up the question before it).
_CONTEXT_OPENING = re.compile(
    r"^(?:under|in|within|for|during|at|on|with|given|considering|regarding|as part of"
    r"|apart from|aside from|besides|beyond|other than|in addition to|outside(?: of)?"
    r"|when|whenever|wherever|once|after|before|upon|if(?!\s+(?:so|not|yes|no)\b)"
    # "Where notification is delegated to you, within what time ...?" ("Where are ...?" asks)
    r"|where(?!\s+(?:is|are|was|were|do|does|did|will|can|could|would|should|must)\b))\b"
    rf"[^,;?]{{0,80}}[,;]\s*(?={_ASKING})",
    re.I,
)


def _parts(sentence: str) -> list[str]:
    """A question sentence's coordinated parts; a context opening stays with the
    part it introduces."""
    opening = _CONTEXT_OPENING.match(sentence)
    if opening is None:
        return _COORDINATED.split(sentence)
    first, *rest = _COORDINATED.split(sentence[opening.end() :])
    return [sentence[: opening.end()] + first, *rest]


_PRONOUN = re.compile(r"\b(they|them|it|its|their|these|those)\b", re.I)


def asks_for(text: str) -> str | None:
    """The kind of value a question (or one part of it) asks for, by its wording:
    frequency, duration or number; None when it names none."""
    return next((name for name, pattern in _ASKS if pattern.search(text)), None)


def _fact(text: str) -> Fact:
    """One part of the question: what it asks for, and the terms of its core ask.
    "How long is it kept?" asks about retention: "kept" is questionnaire filler
    elsewhere ("kept up to date"), so the part would name no practice at all."""
    ask = core_ask(text)
    asks = asks_for(_without(text, ask.demands))
    core = ask.core
    terms = question_terms(core) or question_terms(text)
    if asks == "duration" and _KEPT.search(text) and RETAIN not in terms:
        terms = (*terms, RETAIN)
    if _LENGTH_ASKED.search(text) and LENGTH not in terms:
        terms = (*terms, LENGTH)
    return Fact(text=text, terms=terms, asks=asks)


def _without(text: str, demands: tuple[str, ...]) -> str:
    """The text less the standard wording's demands: "Are reviews completed with a
    frequency commensurate with organizational risk tolerance?" asks whether, not how
    often (the demand is a fact of its own)."""
    for demand in demands:
        if not _ASKING_WORD.search(demand):  # "..., commensurate with risk, and at what frequency?"
            text = text.replace(demand, " ")
    return text


_ASKING_WORD = re.compile(r"\b(?:what|how|which|when)\b", re.I)


# "How long must passwords be?" asks a length (the row "Minimum length | 14 characters"),
# not a count of passwords ("Reuse | last 10 passwords refused").
_LENGTH_ASKED = re.compile(
    r"\bhow long\s+(?:must|should|do|does|is|are|can|will|shall)\b[^?]*\bbe\s*\??\s*$", re.I
)
LENGTH = stem("length")


_KEPT = re.compile(r"\b(?:kept|keep|keeps|held|holds)\b", re.I)
RETAIN = stem("retain")


def brief_step(brief: Brief) -> BriefStep:
    """The brief as the trace records it."""
    return BriefStep(
        query=brief.query,
        normalised=brief.normalised,
        identifiers=brief.identifiers,
        facts=tuple(FactNote(f.text, f.terms, f.asks) for f in brief.facts),
        restatement=brief.restatement,
        assumptions=brief.assumptions,
        acceptance=brief.acceptance,
        ambiguities=tuple(
            AmbiguityNote(a.text, tuple((r.text, r.leads_to) for r in a.readings), a.acted_on)
            for a in brief.ambiguities
        ),
        core=brief.core,
        demands=brief.demands,
        about_document=brief.about_document,
    )
