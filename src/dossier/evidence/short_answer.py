"""The direct answer a reader sees first: Yes, No, the value, Not covered, or Needs review.

It is read off the lead quote (the first quote of the first claim) and the brief:

- a question asking for a value (how often, how long, how many) gets the value
  as the lead quote states it ("quarterly", "within 72 hours", "12
  characters", "between 16 and 64 characters"), from the clause about the
  subject ("the RPO is 24 hours" beside "the RTO is 4 hours"); a lead quote
  that states none, or states one for something beside the subject (naming one
  of its three or more terms at most, not the first), is a finding (a person decides);
- a yes/no question gets ``Yes`` when the lead quote states the practice with
  no negation, as followed now (not planned), without "where possible", with
  the "all" the question asks about, and no other sentence quoted denies it
  ("MFA is not required for contractors"); ``No`` only when it plainly says the
  practice is not followed (a negation right before one of the ask's own terms,
  in a sentence naming most of them: "we do not store card numbers"); a
  negation anywhere else in the lead quote is a finding, since
  "Customer data shall not be used for testing" may well answer Yes to "Is
  production data protected in testing?", and a false No is a statement about
  the vendor sent to a customer;
- an open question ("What is the minimum password length?", "Describe how ...")
  gets the figure when it asks for a measure the lead quote states, else
  ``Documented`` (the quotes answer it in their own words);
- an answer that is not grounded is ``Not covered``; an escalated one ``Needs review``;
- a question in parts that asks a value in a further part ("What is the minimum
  password length, and how long are logs retained?") gets that part's value after
  a first answer that is ``Yes`` or a value, read off the sentence research chose
  for the part: "a minimum of 14 characters; for 400 days", "Yes; annually".
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise

from dossier.common.textutil import (
    BULLET,
    LIGHT_VERBS,
    NO_NEGATION,
    STOPWORDS,
    aligned_row,
    as_the_vendor,
    as_written,
    brackets_masked,
    content_terms,
    one_family,
    question_terms,
    sentence_spans,
    spaced_pattern,
    split_outside_brackets,
    stem,
    without_law_names,
    words,
)
from dossier.evidence import calculate
from dossier.evidence.denials import (
    PERIOD_STATED,
    passive_denial,
    plain_denial,
    scheduled_change_denied,
)
from dossier.evidence.kinds import (
    activity_unnamed,
    another_compound,
    another_compound_placed,
    another_kind,
    other_insurance,
)
from dossier.evidence.overstatement import (
    ALL_ASKED,
    EVENT,
    PROHIBITION_ASK,
    asks_what_happened,
    generic_of_all,
    overstated,
    permission_unstated,
    third_partys_list,
)
from dossier.evidence.recipients import another_recipient
from dossier.ingest.chunking import STATUS_VALUES
from dossier.ingest.sentences import table_cells
from dossier.records import Brief, Claim, Fact, Finding, Verdict
from dossier.research import thesaurus
from dossier.research.qualifiers import (
    CONTRACTORS,
    CUSTOMER_USERS,
    EMPLOYEES,
    RECIPIENTS,
    THIRD_PARTIES,
    another_qualifier,
    qualifiers_asked,
    qualifiers_named,
)
from dossier.research.values import (
    ASKS_PATTERN,
    KINDS_OF_DOCUMENT,
    LIST_IN_PARENTHESES,
    SIBLING_BREAK,
    UNIT_TERMS,
    VAGUE_FREQUENCY,
    VERSION_ASKED,
    VERSION_CLAUSE_BREAK,
    VERSION_FAMILY,
    VERSION_OR_ALGORITHM,
    VERSION_REFUSED,
    as_days,
    definite_frequencies,
    holds_value,
    keeping_unsaid,
    lead_answers_part,
    names_antecedent,
    names_other_bound,
    names_whole_subject,
    own_subject,
    period_for_a_count,
    refers_back,
    stated_value,
    states_definite_value,
    states_length,
    subject_part,
    subject_terms,
    value_about,
    value_quoted_with,
)

YES, NO, NOT_COVERED, NEEDS_REVIEW = "Yes", "No", "Not covered", "Needs review"
DOCUMENTED = "Documented"  # an open question the quotes answer in their own words
SHORT_ANSWER_PARTS = "; "  # between the first part's answer and a further part's value

# A yes/no question opens with an auxiliary verb.
_YES_NO = re.compile(
    r"^\W*(is|are|was|were|do|does|did|can|could|have|has|had|will|would|should|shall|may"
    r"|must)\b"
    # "Please confirm that ...", not of a negation ("confirm that no shared accounts ...")
    r"|^\W*(?:please\s+)?confirm\s+(?:that|whether|if)\b(?![^?.]*\b(?:no|not|never|none"
    r"|without|nor)\b)",
    re.I,
)
# A requirement a government questionnaire states before what it asks: "Vendor shall
# encrypt all student data in transit. State the minimum version of TLS supported."
_REQUIREMENT = re.compile(
    r"^\W*(?:the\s+)?(?:vendor|supplier|contractor|provider|service\s+provider|bidder"
    r"|respondent|offeror)\s+(?:shall|must|will|should)\b",
    re.I,
)
# An open question asking for a measure: "What is the minimum password length?"
_MEASURE = re.compile(
    r"\b(minimum|maximum|length|limit|size|timeout|time|period|objective|rto|rpo|number"
    r"|percentage|count|threshold|duration|how many|how much)\b",
    re.I,
)

_NEGATION = re.compile(
    rf"\b(not|neither|no[\s-]+one|nobody|{NO_NEGATION}|never|none|cannot|can't|don't"
    r"|doesn't|isn't|aren't|won't"
    r"|prohibited|forbidden|out\s+of\s+scope|outside\s+(?:the\s+|its\s+|this\s+)?scope|excluded\s+from)\b",
    re.I,
)
# Negations that bound a value or a time, or widen a list, rather than deny a practice:
# "no later than 72 hours", "including but not limited to", "not only ... but also".
_BOUNDING = re.compile(
    r"\b(?:no|not)\s+(?:later|more|less|longer|fewer|earlier|sooner|greater|older)\s+than\b"
    # "in no case later than 30 days after hire", "in no event more than ..."
    r"|(?<=\bin\s)no\s+(?:case|event|circumstances?)\b(?=\s+(?:later|more|less|longer|fewer|earlier"
    r"|sooner|greater|older)\s+than\b)"
    r"|\bnot\s+(?:to\s+)?exceed|\bno\s+(?:exceptions?|less)\b"
    r"|(?<=\band\s)no\s+more\b(?=\s*[.;]|\s*$)"  # "only the access they need, and no more"
    r"|(?<=\bbut\s)not\s+limited\s+to\b|\bnot\s+(?:only|just|merely)\b"
    # a control stated through whom it stops: "so that no user, including administrators,
    # can alter or delete them", "no single individual can both develop and deploy"
    r"|\bno\s+(?:single\s+)?(?:one|user|individual|person|employee|administrator|engineer"
    r"|developer|account)s?\b(?=[^.;]{0,60}?\b(?:can|may|could)\b)"
    # a condition, not a denial: "an auditor who does not audit their own work", "where
    # this does not delay containment" (and ``_NO_LONGER_NEEDED``)
    r"|(?<=\bwho\sdoes\s)not\b|(?<=\bwho\sdo\s)not\b|(?<=\bwhere\sthis\sdoes\s)not\b",
    re.I,
)
# A precondition, not a denial: "access is not granted until the background check is
# completed", "changes are not merged without an approving review" (unless the question
# asks of the gated thing: then it is the answer, a No).
_PRECONDITION = re.compile(
    r"\b(?:not|never|cannot|can['\u2019]t)\s+(?:be\s+)?(?P<gated>granted|given|provided|issued|enabled"
    r"|created|activated|allowed|permitted|deployed|released|merged|approved|provisioned"
    r"|assigned|promoted|shipped)\b"
    # "Access shall not be provisioned ... without documented approval by the Asset Owner"
    # ("if" is no gate: "Code is not merged if the pipeline fails" states no review)
    r"(?=[^.;]{0,60}?\b(?:until|before|without|prior\s+to|unless)\b)"
    # "No extract shall begin until the IRB approval letter is received"
    r"|\bno\s+(?P<what>(?:[\w-]+\s+){1,4}?)(?:shall|may|will|can|must|should|is|are)\s+(?:be\s+)?"
    r"(?P<begun>\w+)(?=[^.;]{0,60}?\b(?:until|before|without|prior\s+to)\b)",
    re.I,
)
_CONDITION_WORD = re.compile(r"\b(?:until|before|without|prior\s+to|unless)\b", re.I)
# A question asking that something is kept from happening: a negation in the lead states
# it ("stored in a vault rather than in source code" -> "never stored in source code";
# "Is installing unapproved software restricted?" -> "You should not install software
# yourself").
_AVOIDANCE_ASK = re.compile(
    r"\brather\s+than\b|\binstead\s+of\b|\bprevent(?:s|ed|ing)?\b"
    r"|\brestrict(?:s|ing|ions?)?\b|\bblock(?:s|ed|ing)?\b"
    # "restricted" as what is done, not a class of data ("May Restricted data be stored ...")
    r"|\brestricted\b(?!\s+(?:data|information|documents?|files?|records?|areas?|zones?"
    r"|systems?|class|classification|category|level))",
    re.I,
)


# A control asked for what it keeps from happening: "Is a data loss prevention (DLP)
# solution deployed to monitor or block the transfer ...?", "Are technical controls in
# place to restrict or block the use of removable media?": the control, before "to".
_CONTROL_FOR_AVOIDING = re.compile(
    r"^\W*(?:is|are|do|does|has|have)\s+(?:there\s+|you\s+(?:have\s+)?)?(?P<control>.{3,120}?)\s+"
    r"(?:(?:deployed|implemented|installed|configured|used|in\s+place|enabled)\s+)?"
    r"(?:to|that|which)\s+(?:\w+\s+(?:or|and|and/or)\s+)?(?:prevents?|restricts?|blocks?)\b"
    r"(?P<object>[^?]{0,120})",
    re.I,
)
# Saying what a control would keep from happening is not kept from it: "The use of USB
# storage devices is not technically blocked or restricted".
_EFFECT_DENIED = re.compile(
    r"\bnot\s+(?:\w+ly\s+)?(?:blocked|restricted|prevented)\b"
    r"(?!\s+(?:by|for|in|on|at|when|if|unless|except|where|from)\b)",
    re.I,
)
_ANY_USE = frozenset(stem(w) for w in "use usage access the".split())
# Saying a control is not there: "is not used", "are not deployed", "is not in place".
_CONTROL_ABSENT = re.compile(
    r"\b(?:is|are|was|were|has\s+been|have\s+been)\s+not\s+(?:\w+ly\s+)?"
    r"(?:used|deployed|implemented|installed|configured|in\s+place|enabled|in\s+use)\b"
    # (not a manner or a place denied: "is not configured by users; it is enforced
    # centrally", "is not configured in detection-only mode")
    r"(?!\s+(?:in|for|on|by|to|as|with|at|from)\b)",
    re.I,
)
_GENERIC_CONTROL = frozenset(
    stem(w)
    for w in "technical controls control measures measure solution solutions tool tools system "
    "systems mechanism mechanisms software product products place any".split()
)


def _control_denied(question: str, lead: str) -> int | None:
    """Where the lead says the control asked is not there, when the question asks about a
    control for what it keeps from happening (``_CONTROL_FOR_AVOIDING``): "No data loss
    prevention (DLP) system ... is used", "A DLP solution is not deployed", "The use of USB
    storage devices is not technically blocked or restricted". Such a negation denies the
    control (No); "Transfers of sensitive data to personal storage are not permitted"
    states what it is for, and is read as before."""
    asked = _CONTROL_FOR_AVOIDING.match(" ".join(question.split()))
    if asked is None:
        return None
    control = asked.group("control")
    kept_from = set(content_terms(asked.group("object"))) - _ANY_USE  # (its examples too)
    for clause in split_outside_brackets(_CLAUSES_APART, lead):
        effect = _EFFECT_DENIED.search(clause)  # (what it is for, named, is not kept from)
        if effect is not None and kept_from & set(content_terms(clause[: effect.start()])):
            return lead.find(clause) + effect.start()
    named = {t for t in content_terms(control) if t not in _GENERIC_CONTROL}
    if not named:  # "controls in place to ...": which control the lead denies is unsaid
        return None
    acronym = re.search(r"\(([A-Z]{2,6})\)", control)  # "data loss prevention (DLP)"
    short = {stem(acronym.group(1).lower())} if acronym else set()

    def names_control(text: str) -> bool:
        said = set(content_terms(text))
        return all(thesaurus.says(t, said) for t in named) or bool(short and short <= said)

    for clause in split_outside_brackets(_CLAUSES_APART, lead):
        start = lead.find(clause)
        none = re.match(r"\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:there\s+(?:is|are)\s+)?no\s+", clause, re.I)
        if none is not None and names_control(clause[none.end() :][:80]):
            return start + none.start()  # "No DLP system ... is used"
        absent = _CONTROL_ABSENT.search(clause)
        if absent is not None and names_control(clause[: absent.start()]):
            return start + absent.start()  # "A DLP solution is not deployed"
    return None


def _asks_absence(question: str) -> bool:
    """Whether the question asks that something is prohibited or kept from happening:
    a negation in the lead then states what is asked."""
    return bool(PROHIBITION_ASK.search(question) or _AVOIDANCE_ASK.search(question))


# A statement that something is allowed: "Incidental personal use ... is permitted".
_PERMITTED = re.compile(
    r"\b(?:is|are|remains?|shall\s+be|will\s+be)\s+(?:(?!not\b|never\b|no\b)\w+\s+)?"
    r"(?:permitted|allowed)\b",
    re.I,
)
# What limits a permission: a prohibition beside it, an exception, a condition of one.
_LIMITED = re.compile(
    r"\b(?:prohibit\w*|forbid\w*|forbidden|banned|disallow\w*|block\w*|must\s+not|may\s+not"
    r"|shall\s+not|cannot|unless|except\w*|only)\b",
    re.I,
)


def _plainly_permitted(text: str) -> bool:
    """Whether the text says something is permitted, with no prohibition, exception or
    limit beside it ("... is prohibited unless an exception is permitted" is no
    permission)."""
    return bool(_PERMITTED.search(text)) and not _LIMITED.search(text)


# A negation that lifts a prohibition: "USB use is not restricted", "no restrictions".
_NOT_PROHIBITED = re.compile(
    r"(?<!\bbut\s)\b(?:not|never|no\s+longer)\s+(?:be\s+|been\s+|being\s+)?(?:restricted"
    r"|prohibited|forbidden|banned|blocked|disabled|limited|disallowed|controlled)\b"
    r"|\bno\s+(?:restrictions?|prohibitions?|limits?|limitations?)\b"
    r"|\bnot\s+subject\s+to\s+(?:any\s+)?(?:restrictions?|limits?)\b",
    re.I,
)
# A question with a negation of its own: a negated lead quote is for a person to read.
_NEGATED_ASK = re.compile(r"\b(not|never|no|without)\b", re.I)
_BRIDGE = frozenset(
    "be been being is are was were currently yet ever always have has had longer".split()
)  # "no longer requires periodic password changes"


def short_answer(
    brief: Brief | None,
    verdict: Verdict,
    claims: Sequence[Claim],
    focus: str = "",
    parts: Mapping[int, str] | None = None,
    row: TableRow | None = None,
    place: str = "",
) -> tuple[str, Finding | None]:
    """The short answer, and a finding when the lead quote cannot give one.
    ``focus``: the sentence research chose within the lead quote (a quote may
    hold the sentences around it); it alone is read when given. ``parts``: for a
    further part of the question (its index in ``brief.facts``), the sentence
    research chose for it. ``row``: when the lead is a table row, its column headers and
    the headings above its table (what the row's cells are about). ``place``: the
    lead's document title and the headings above it, which name what a value stated
    under them is about ("twice a year" under "Incident Response Plan > Rehearsal")."""
    if verdict == "escalate":  # a person decides, with or without quotes to read
        return NEEDS_REVIEW, None
    if verdict == "unsupported" or not claims or not claims[0].quotes:
        return NOT_COVERED, None
    quoted = _folded(claims[0].quotes[0].text)
    status = _implementation_status(brief, claims[0].quotes[0].text, focus) or _row_status(
        brief, _folded(focus) or quoted, row
    )
    if status is not None:
        return status
    chosen = _folded(focus)
    lead = chosen if chosen and chosen in quoted else quoted
    every = " ".join(_folded(q.text) for claim in claims for q in claim.quotes)
    first, doubt = _first_answer(brief, lead, row, every, place)
    party = (
        _another_partys_section(brief, place)
        or _assurance_of_others(brief, place)
        or _another_party_acts(brief, lead)
        or _only_requested(brief, lead)
        or _parties_assessed(brief, lead)
        if first not in (NO, NEEDS_REVIEW)
        else None
    )
    if (
        party is None
        and row is not None
        and not row.columns  # a list item: its lead-in and headings
        and brief is not None
        and first not in (NO, NEEDS_REVIEW)
    ):
        party = third_partys_list(brief.query, row.headings)
    if party is not None and doubt is None:
        first, doubt = NEEDS_REVIEW, party
    confirmed = False  # "Is X done? If so, how often?": "Yes; quarterly"
    if brief is not None and doubt is None and _asks_yes_then_value(brief, first):
        said, finding = _yes_or_no(brief, lead, _headers(row, lead))
        if said != YES:
            return said, finding
        confirmed = True
    affirmed = _affirmed_elsewhere(brief, claims) if first == NO and brief is not None else None
    if affirmed is not None:
        detail = (
            f"the lead quote denies the practice, and another quoted sentence states it "
            f"(“{affirmed}”): a person decides whether it answers Yes or No"
        )
        return NEEDS_REVIEW, Finding("negation", 0, detail)
    if brief is not None and doubt is not None and doubt.check == "scope":
        denial = _denied_elsewhere(brief, claims, lead)  # the more telling reason
        if denial is not None:
            return NEEDS_REVIEW, _denial_finding(denial)
    if (
        brief is not None
        and doubt is None
        and first == DOCUMENTED
        and _REQUIREMENT.match(brief.query)
    ):  # what the requirement's instruction asks for is the answer: "for 60 days"
        further = _further_values(brief, claims, parts or {}, chosen, row)
        if further:
            return SHORT_ANSWER_PARTS.join(further), None
        return _open(brief, lead, every, row, whole=True)
    if brief is None or doubt is not None or first in (NO, NEEDS_REVIEW, DOCUMENTED):
        return first, doubt
    sibling = _another_kind_valued(brief, lead, first) if first != YES else None
    if sibling is not None:  # "professional indemnity insurance" for the cyber insurance asked
        return NEEDS_REVIEW, sibling
    objective = _objective_unnamed(brief.query, lead, row, place) if first != YES else None
    if objective is not None:  # "point-in-time restore available for 35 days" for the RPO
        return NEEDS_REVIEW, objective
    other = _another_value(brief, quoted, lead, first) or _rival_quoted(brief, claims, lead, first)
    if other is not None:
        detail = (
            f"the lead quote states “{first}” and also “{other}” for what is asked: "
            "a person decides which answers"
        )
        return NEEDS_REVIEW, Finding("value", 0, detail)
    told = _told_another(brief.query, lead)
    if told is not None:  # the regulator's 72 hours for the card schemes' deadline
        return NEEDS_REVIEW, told
    denial = _denied_elsewhere(brief, claims, lead) if first == YES else None
    if denial is not None:
        return NEEDS_REVIEW, _denial_finding(denial)
    sibling = _another_kind_named(brief, lead, place) if first == YES else None
    if sibling is not None:  # the incident response plan's exercise for the disaster plan's
        return NEEDS_REVIEW, sibling
    unnamed = activity_unnamed(brief.query, lead) if first == YES else None
    if unnamed is not None:  # training "covering phishing" for phishing simulation exercises
        detail = (
            f"the question asks about {unnamed.asked} {unnamed.thing}; the lead quote names "
            f"none: a person decides whether it answers"
        )
        return NEEDS_REVIEW, Finding("subject", 0, detail)
    further = _further_values(brief, claims, parts or {}, chosen, row)
    return SHORT_ANSWER_PARTS.join([YES] * confirmed + [first, *further]), None


# A recovery objective, as a question asks it and a document names it.
_RECOVERY_OBJECTIVE = re.compile(
    r"\b(?:recovery\s+(?:time|point)s?|RTOs?|RPOs?|MTDs?|maximum\s+tolerable\s+(?:downtime"
    r"|data\s+loss|period\s+of\s+disruption)|restore\s+time)\b",
    re.I,
)
# An objective stated in plain words: "critical payroll processing will be restored
# within 8 hours", "no more than one hour of customer data would be lost" (not "restore
# available for 35 days": how far back backups reach).
_RECOVERY_STATED = re.compile(
    r"\b(?:restored|recovered|resumed|back\s+online|brought\s+back)\b[^.;]{0,40}?\bwithin\b"
    r"|\b(?:data\s+loss|(?:would|will|could)\s+be\s+lost|lose\s+(?:no\s+more\s+than|up\s+to"
    r"|at\s+most))\b|\bno\s+more\s+than\b[^.;]{0,40}\bof\s+(?:\w+\s+)?data\b",
    re.I,
)
# The objective is what is asked for: "What is the RTO ...?", "State your RPO."
_OBJECTIVE_ASKED = re.compile(
    r"^\W*(?:what|which|state|specify|provide|give|indicate)\b[^?]{0,60}?"
    r"\b(?:recovery\s+(?:time|point)\s+objectives?|RTOs?|RPOs?)\b",
    re.I,
)


def _objective_unnamed(
    question: str, lead: str, row: TableRow | None, place: str
) -> Finding | None:
    """A value given for a recovery objective asked, read off a lead whose words, row
    headers and headings name none: "... point-in-time restore available for 35 days"
    is how long backups can be restored from, no RTO or RPO."""
    if _OBJECTIVE_ASKED.search(question) is None:
        return None
    named = " ".join((lead, row.names() if row is not None else "", place))
    if _RECOVERY_OBJECTIVE.search(named) is not None or _RECOVERY_STATED.search(lead):
        return None
    detail = (
        "the question asks for a recovery objective; the lead quote, its table and its "
        "headings name none: a person decides whether its figure is one"
    )
    return Finding("subject", 0, detail)


# A control's implementation status as security plans write it, on a line of its own
# (or after the requirement's full stop) under the requirement it restates:
# "Implementation: Not implemented.", "**Status**: Planned", "Implementation status —
# Partially implemented". The requirement is a demand, not a practice: the status says
# whether it is followed.
_STATUS_LINE = re.compile(
    r"(?:^[ \t]*(?:[-*][ \t]+)?|(?<=[.!?])[ \t]+)\**(?:implementation(?:\s+status)?"
    r"|control\s+status|status)\**[ \t]*[:|\u2013\u2014-]+[ \t]*\**[ \t]*(?P<status>[^\n.;]*)",
    re.I | re.M,
)
# The status as the whole value: "Planned", "Not implemented (POA&M item 2)"; not
# "Planned changes follow the weekly CAB cycle".
_WHOLE = r"\**[ \t]*(?:\(|$)"
_NOT_IN_PLACE = re.compile(
    rf"(?:not\s+(?:yet\s+)?implemented|planned|not\s+in\s+place|not\s+started){_WHOLE}", re.I
)
_PARTLY_IN_PLACE = re.compile(
    rf"(?:partially(?:\s+implemented)?|partly\s+implemented|in\s+progress){_WHOLE}", re.I
)


def _implementation_status(
    brief: Brief | None, quote: str, focus: str
) -> tuple[str, Finding | None] | None:
    """For a yes/no question, what the lead's own implementation status line (the first
    after the lead sentence in its quote, else one above it) answers: No when the
    control is not (yet) implemented or only planned; a person decides when it is
    partly implemented. None when the quote states no such status."""
    if brief is None or (brief.facts and brief.facts[0].asks is not None):
        return None
    opening = " ".join(focus.split()[:4])
    at = _folded_find(quote, opening) if opening else 0
    if at < 0:
        return None  # the lead sentence is not in its quote as written: no status of its own
    line = _status_of_lead(quote, at)
    if line is None:
        return None
    status = line.group("status")
    if _NOT_IN_PLACE.match(status):
        return NO, None
    if _PARTLY_IN_PLACE.match(status):
        said = " ".join(line.group(0).split())
        detail = f"the lead quote states the control is only partly in place (“{said}”)"
        return NEEDS_REVIEW, Finding("scope", 0, f"{detail}: a person decides what to answer")
    return None


def _row_status(
    brief: Brief | None, lead: str, row: TableRow | None
) -> tuple[str, Finding | None] | None:
    """For a yes/no question led by a table row, what its cell under a status column
    answers (a readiness or gap list: "Vendor risk management program | CC9.2 | Not yet
    implemented | need vendor inventory"): No when not (yet) implemented or planned, a
    person decides when partly; None when the table has no status column (a maintenance
    table's "Planned" says which maintenance, not whether it is done)."""
    if brief is None or row is None or not row.columns or "|" not in lead:
        return None
    if brief.facts and brief.facts[0].asks is not None:
        return None
    column = next((i for i, c in enumerate(row.columns) if _STATUS_COLUMN.search(c)), None)
    cells = [cell.strip("*_ ") for cell in (row.cells or table_cells(lead))]
    if column is None or column >= len(cells) or len(cells) != len(row.columns):
        return None
    status = cells[column]
    if _NOT_IN_PLACE.match(status):
        return NO, None
    partly = status if _PARTLY_IN_PLACE.match(status) else None
    if partly is not None:
        detail = f"the lead row states the control is only partly in place (“{partly}”)"
        return NEEDS_REVIEW, Finding("scope", 0, f"{detail}: a person decides what to answer")
    return None


# A table's column stating whether each control is in place.
_STATUS_COLUMN = re.compile(r"\b(?:status|implementation|implemented|in\s+place|state)\b", re.I)


def _status_of_lead(quote: str, at: int) -> re.Match[str] | None:
    """The first status line at or after the lead sentence (at ``at``) that states a
    status, else the nearest above it ("Status: Partially implemented" over
    "Implementation: ..."); a line whose value is a statement ("Implementation:
    Company-issued iPhones are enrolled ...") states none."""
    lines = list(_STATUS_LINE.finditer(quote))
    after = [m for m in lines if m.end() > at]
    above = [m for m in reversed(lines) if m not in after]
    return next((m for m in (*after, *above) if _STATUS_VALUE.match(m.group("status"))), None)


_STATUS_VALUE = re.compile(rf"{STATUS_VALUES}{_WHOLE}", re.I)


def _folded_find(text: str, words_of: str) -> int:
    """Where the words occur in the text, whatever whitespace separates them (-1: not
    found)."""
    found = re.search(spaced_pattern(words_of), text)
    return found.start() if found else -1


# A yes/no question's follow-up asking a value of the practice: "If so, how often?"
_IF_SO = re.compile(r"\bif\s+(?:so|yes)\b", re.I)


def _asks_yes_then_value(brief: Brief, first: str) -> bool:
    """Whether a yes/no question asks a value only if the practice is followed ("Is a
    risk assessment performed? If so, how often?") and the lead gave one: the value
    then says Yes too, when the lead states the practice as a yes/no question's lead
    must ("Passwords are not subject to periodic expiration" is no "periodic")."""
    return (
        first not in (NO, NEEDS_REVIEW, DOCUMENTED)
        and bool(brief.facts)
        and brief.facts[0].asks is not None
        and _YES_NO.match(brief.facts[0].text) is not None
        and _IF_SO.search(brief.query) is not None
    )


def _denial_finding(denial: str) -> Finding:
    detail = (
        f"another quote denies what the question asks (“{denial}”): "
        "a person decides whether it answers Yes or No"
    )
    return Finding("negation", 0, detail)


# A line that opens an item of a list: "- Penetration test [annual]", "2) Encrypt ...".
_LIST_ITEM = re.compile(rf"(?:{BULLET}|\d{{1,2}}[.)])\s")


def _folded(text: str) -> str:
    """The text with its whitespace folded to single spaces but for the line break
    before each item of a list (where a value's clause ends); a line that only wraps
    the text ("at\nleast 12 characters") is joined to the one before."""
    lines = [" ".join(line.split()) for line in text.splitlines() if line.strip()]
    return "".join(
        ("\n" if _LIST_ITEM.match(line) else " ") + line if n else line
        for n, line in enumerate(lines)
    )


# A report's section on what another party does: a SOC 2 report's controls expected of
# its subservice organisations (the cloud provider's data centres) or of its user
# entities (the customers), a carve-out.
_ANOTHER_PARTYS_SECTION = re.compile(
    r"complementary\s+(?:user[\s-]+entity|subservice\s+organi[sz]ation)\s+controls|\bCUECs?\b"
    r"|\bCSOCs?\b|user[\s-]+entit(?:y|ies)(?:['\u2019]s?)?\s+(?:responsibilit|controls)"
    r"|subservice\s+organi[sz]ations?|carved[\s-]out",
    re.I,
)
_PARTY_ASKED = re.compile(
    r"\b(?:customers?|clients?|user\s+entit(?:y|ies)|subservice|sub-?processors?|cloud\s+"
    r"(?:service\s+)?providers?|hosting\s+providers?|third[\s-]part(?:y|ies)|AWS|Azure|GCP"
    r"|Google\s+Cloud|CSCs?|CUECs?|carve)",
    re.I,
)


def _another_partys_section(brief: Brief | None, place: str) -> Finding | None:
    """A finding when the lead stands under a section on what another party does (a
    SOC 2 report's complementary subservice organisation or user entity controls) and
    the question asks about the organisation's own practice: "Physical access to data
    center facilities is restricted to authorised personnel" there is the cloud
    provider's, not the vendor's."""
    section = _ANOTHER_PARTYS_SECTION.search(place)
    if brief is None or section is None or _PARTY_ASKED.search(brief.query):
        return None
    detail = (
        f"the lead quote stands under “{' '.join(section.group(0).split())}”: it states what "
        "another party does; a person decides whether it answers for the organisation"
    )
    return Finding("subject", 0, detail)


# A certification or an attestation the question asks the organisation holds ("Does your
# company hold a current ISO/IEC 27001 certification?"), and a document or section on its
# suppliers ("Third-Party Risk Management Policy", "Supplier Security Policy"), whose
# certificates named are theirs: "The assessment includes ... review of independent audit
# reports (SOC 2 Type II, ISO/IEC 27001 certificates, ...)".
_ASSURANCE_ASKED = re.compile(
    r"\b(?:ISO(?:/IEC)?\s*2700[0-9]|SOC\s*[123]|certified|certifications?|attestations?"
    r"|HITRUST|CSA\s+STAR"
    r"|Cyber\s+Essentials|PCI(?:\s+DSS)?\s+(?:AOC|ROC|compliance|compliant|certif\w*))\b",
    re.I,
)
_SUPPLIERS_PLACE = re.compile(
    # (not "Third-party audits and certifications": the organisation's own, by auditors)
    r"\b(?:third[\s-]part(?:y|ies)(?![\s-]+(?:audits?|assessments?|assurance|attestations?"
    r"|certifications?|penetration|testing|testers?|auditors?))|vendors?|suppliers?"
    r"|sub-?processors?|outsourc\w*|supply\s+chain)\b",
    re.I,
)


def _assurance_of_others(brief: Brief | None, place: str) -> Finding | None:
    """A finding when the question asks of the organisation's own certification or
    report and the lead stands in a document or section on its suppliers."""
    if brief is None or not _ASSURANCE_ASKED.search(brief.query):
        return None
    section = _SUPPLIERS_PLACE.search(place)
    if section is None or _SUPPLIERS_PLACE.search(as_the_vendor(brief.query)):
        return None
    detail = (
        f"the question asks about the organisation's own assurance; the lead quote stands in "
        f"a document or section on {section.group(0)}: a person decides whether it is theirs"
    )
    return Finding("subject", 0, detail)


# A tier of third parties: "Critical", "High", "Tier 1".
_TIER = (
    r"(?i:(?:critical|high|medium|moderate|low|key|strategic|material|significant|major|minor"
    r"|new|existing|hosting|cloud|tier\s*\d)(?:-?\s*risk)?-?)"
)
# A sentence whose subject is another party, and what it says that party does or must
# do: "The RMM vendor provides a SOC 2 Type II report", "Critical suppliers must hold
# ISO 27001 certification".
_ANOTHER_PARTY_ACTS = re.compile(
    # (an FAQ's answer opens "A: ")
    r"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:(?:A|Answer)\s*:\s*)?"
    r"(?:(?:the|our|its|each|every|all|any|a|an|such|these|those)\s+)?"
    # (tiers joined: "Critical and High third parties must maintain ...")
    rf"(?:{_TIER}\s+(?:and|or|&)\s+{_TIER}\s+)?"
    r"(?:(?!and\b|or\b)[\w-]+\s+){0,3}?"
    r"(?:vendors?|suppliers?|(?:(?:cloud|hosting|colocation|managed)\s+)?(?:service\s+)?providers?"
    r"|sub-?processors?|subservice\s+organi[sz]ations?|(?:payment|card)\s+(?:processors?|gateways?)"
    r"|(?:hosting|cloud)\s+partners?|colocation\s+facilit(?:y|ies)|third[\s-]part(?:y|ies)"
    # a cloud named as the sentence's subject: "AWS holds SOC 1, SOC 2 Type II and ISO/IEC
    # 27001 attestations" (not "Our environment on AWS maintains PCI DSS compliance")
    r"|(?<![a-z,]\s)(?<![a-z,]\s\s)(?:aws|amazon\s+web\s+services|(?:microsoft\s+)?azure"
    r"|google\s+cloud(?:\s+platform)?|gcp|oracle\s+cloud|digitalocean|equinix|ovhcloud|hetzner"
    r"|rackspace))"
    r"(?:['\u2019]s?)?"
    # an appositive or examples: "Our hosting provider, AWS, ...", "Key vendors such as AWS";
    # a name right after the role: "Our hosting provider AWS holds ..."
    r"(?:,\s*(?:such\s+as|including|e\.g\.?)?\s*[^,]{1,40},|\s+(?:such\s+as|including)\s+"
    r"[^,]{1,40}?|\s+(?-i:[A-Z][\w&.-]*)(?:\s+(?-i:[A-Z][\w&.-]*)){0,2})?\s+(?:\([^()]*\)\s+)?"
    r"(?:(?:must|shall|should|will|(?:is|are)\s+required\s+to)\s+)?"
    r"(?:provides?|maintains?|holds?|ha(?:s|ve)(?!\s+(?:been\s+)?\w+(?:ed|en)\b)|undergo(?:es)?"
    r"|obtains?|publish(?:es)?)\b",
    re.I,
)
# A further clause stating the organisation's own certification or report: "..., and
# the company holds its own SOC 2 Type II report" (not "..., and we review it annually").
_OWN_CLAUSE_AFTER = re.compile(
    r"(?:,\s*(?:and|but|while|whereas)|;)\s+(?:we|(?:the|our)\s+(?:company|organi[sz]ation))"
    r"\s+(?:also\s+|too\s+|itself\s+)?(?:(?:is|are)\s+(?:also\s+)?(?:[\w/:. -]{0,24}\s+)?"
    r"(?:certified|accredited|compliant|registered)|(?:has|have|hold|holds|maintain|maintains"
    r"|obtained)\s+(?:its\s+|our\s+|an?\s+|the\s+)?(?:own\s+)?(?:current\s+)?"
    r"(?:SOC|ISO|PCI|HITRUST|FedRAMP|certification|attestation|accreditation)\b)"
    # a name certified in its own right: "..., and Acme is ISO 27001 certified too"
    r"|(?:,\s*(?:and|but|while|whereas)|;)\s+[A-Z][\w-]+\s+(?:is|are)\s+(?:also\s+)?"
    r"(?:(?:ISO|SOC|PCI)[\w\s/:.-]{0,24}?\s+)?(?:certified|accredited|compliant)\b",
    re.I,
)
# What a party holds of its own: a certification, an audit report, compliance, insurance.
_ATTESTATION_ASKED = re.compile(
    r"\b(?:SOC\s*[123]|ISO(?:/IEC)?\s*\d{4,5}|PCI|HITRUST|FedRAMP|certif\w*|attest\w*|accredit\w*"
    r"|audit\s+reports?|assurance\s+reports?|compliant|compliance|insurance|insured)\b",
    re.I,
)
# A question about other parties: then a sentence about one may answer it.
_PARTIES_ASKED = re.compile(
    r"\b(?:vendors?|suppliers?|providers?|sub-?processors?|third[\s-]part(?:y|ies)"
    r"|fourth[\s-]part(?:y|ies)|partners?|contractors?|outsourc\w*|AWS|Azure|GCP)\b",
    re.I,
)


# Audits or assessments asked (of the organisation), and a sentence on those the
# organisation makes of its suppliers: "Security risk assessments of all suppliers ...
# are reviewed annually", "Critical suppliers ... may be audited by the Office".
_AUDIT_ASKED = re.compile(r"\b(?:audits?|assessments?|assurance)\b", re.I)
_PARTIES_ASSESSED = re.compile(
    r"\b(?:assessments?|audits?|reviews?|questionnaires?)\s+of\s+(?:(?:all|our|its|each|every"
    r"|critical|new|key|high-risk)\s+)*(?:suppliers?|vendors?|third[\s-]part(?:y|ies)"
    r"|sub-?processors?|(?:service\s+)?providers?)\b"
    r"|\b(?:suppliers?|vendors?|third[\s-]part(?:y|ies)|sub-?processors?)\b[^.;]{0,80}"
    r"\b(?:may|must|shall|will|are|is)\s+(?:be\s+)?(?:audited|assessed)\b"
    # their reports read, as what the sentence is about: "The SOC 2 Type II report or
    # certificate of each subprocessor is reviewed", "Each vendor's SOC 2 report is ..."
    r"|^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:the\s+|each\s+|every\s+|all\s+|our\s+)?"
    r"(?:(?:[\w/-]+\s+){0,4}(?:reports?|certificates?|certifications?|attestations?)"
    r"(?:\s+or\s+[\w-]+)?\s+of\s+(?:(?:all|our|its|each|every|critical|new|key|high-risk"
    r"|the)\s+)*(?:suppliers?|vendors?|sub-?processors?|(?:service\s+)?providers?)"
    r"|(?:suppliers?|vendors?|sub-?processors?|(?:service\s+)?providers?)['\u2019]s?\s+"
    r"(?:[\w/-]+\s+){0,4}(?:reports?|certificates?|certifications?|attestations?))\b",
    re.I,
)


def _parties_assessed(brief: Brief | None, lead: str) -> Finding | None:
    """A finding when the question asks about audits or assessments of the
    organisation and the lead states those it makes of its suppliers ("Critical
    suppliers ... may be audited by the Office on 30 days' notice" was a Yes to
    independent audit and assurance assessments)."""
    if brief is None or not _AUDIT_ASKED.search(brief.query):
        return None
    if _PARTIES_ASKED.search(as_the_vendor(brief.query)):
        return None
    found = _PARTIES_ASSESSED.search(lead)
    if found is None:
        return None
    detail = (
        f"the lead quote states what the organisation does of other parties "
        f"(“{' '.join(found.group(0).split())}”): a person decides whether it answers for "
        "the organisation's own audits"
    )
    return Finding("subject", 0, detail)


def _another_party_acts(brief: Brief | None, lead: str) -> Finding | None:
    """A finding when the lead sentence says what another party (a vendor, a
    supplier, a provider) holds or must hold and the question asks about the
    organisation's own certification, report, compliance or insurance: "The RMM vendor
    provides a SOC 2 Type II report" does not say the company has one. ("A third party
    provides penetration testing" may well answer whether the vendor's tests are
    independent.) ``overstatement``'s third-party check reads the kinds of third
    parties it names ("Critical vendors must ...") on every question; this one any
    party, however named ("The RMM vendor", "Our hosting provider, AWS,"), on these."""
    if brief is None or not _ATTESTATION_ASKED.search(brief.query):
        return None
    if _PARTIES_ASKED.search(as_the_vendor(brief.query)):
        return None
    acts = _ANOTHER_PARTY_ACTS.match(lead)
    if acts is None or _OWN_CLAUSE_AFTER.search(lead, acts.end()):
        return None  # "..., and Acme is ISO 27001 certified too"
    detail = (
        f"the lead quote states what another party does (“{' '.join(acts.group(0).split())}”): "
        "a person decides whether it answers for the organisation"
    )
    return Finding("subject", 0, detail)


# Someone asked for a report or certificate, not holding one: "The vendor shall be asked
# to complete the HECVAT and to provide a SOC 2 Type 2 report ... where available", "we
# request a SOC 2 report from each vendor".
_REQUESTED = re.compile(
    r"\b(?:be|being|is|are|was|were)\s+(?:asked|requested|invited)\s+to\b"
    # (not what customers may do: "customers may request their copy under NDA")
    r"|\b(?:requests|requested|we\s+request)\s+(?:a|an|the|their|its)\b",
    re.I,
)


_ASKED_FOR = 120  # characters after a request read for what it asks


def _only_requested(brief: Brief | None, lead: str) -> Finding | None:
    """A finding when the question asks whether a certification, report or insurance is
    held and the lead says only that it is asked for (``_REQUESTED``): a request states
    nothing of what anyone holds."""
    if brief is None or not _ATTESTATION_ASKED.search(brief.query):
        return None
    requested = _REQUESTED.search(lead)
    # (what is asked for is the report: not "customers are asked to sign an NDA")
    if requested is None or not _ATTESTATION_ASKED.search(lead[requested.end() :][:_ASKED_FOR]):
        return None
    detail = (
        f"the lead quote says it is asked for (“{' '.join(requested.group(0).split())}”), "
        "not that it is held: a person decides whether it answers Yes"
    )
    return Finding("subject", 0, detail)


def _first_answer(
    brief: Brief | None, lead: str, row: TableRow | None = None, quoted: str = "", place: str = ""
) -> tuple[str, Finding | None]:
    """What the lead sentence answers to the question's first part (``quoted``: every
    quote of the answer, read for whether any states the figure an open question asks)."""
    fact = brief.facts[0] if brief is not None and brief.facts else None
    if brief is not None and fact is not None and fact.asks is not None:
        return _value_answer(brief.query, fact, fact.asks, lead, row, place)
    if brief is not None and not _YES_NO.match(brief.query):
        return _open(brief, lead, quoted or lead, row)
    matrix = _responsibility(lead) if row is not None else None
    if matrix is not None:
        return NEEDS_REVIEW, matrix
    marked = _marked_cell(brief, lead, row) if brief is not None and row is not None else None
    if marked is not None:
        return marked, None
    return _yes_or_no(brief, lead, _headers(row, lead))


def _headers(row: TableRow | None, lead: str) -> str:
    """The column headers of a table row's cells that hold a figure, which name what it
    is ("Recovery time objective (RTO)" over "4 hours"; not over "TBD" or "Pending"); ""
    for none."""
    if row is None:
        return ""
    cells = row.cells or table_cells(lead)
    held = [
        column for column, cell in zip(row.columns, cells, strict=False) if _FIGURE.search(cell)
    ]
    return " ".join(held)


_FIGURE = re.compile(r"\d")


# A cell marking yes or no: a Statement of Applicability's "Applicable | Y".
_YES_CELL = re.compile(r"^(?:y|yes|true|applicable|implemented|✓|✔|x)$", re.I)
_ROW_CELLS = 3  # a row holds an id or a name, the mark, and more
_NO_CELL = re.compile(r"^(?:n|no|false|not\s+applicable|n/a|✗|✘)$", re.I)


def _marked_cell(brief: Brief, lead: str, row: TableRow) -> str | None:
    """Yes or No as a table row marks it in the one column the question names by its
    own word: "Is A.7.4 applicable?" of "A.7.4 | Physical security monitoring | N |
    No data centre of our own" under "Control | Name | Applicable | Justification"."""
    cells = row.cells or table_cells(lead)  # a row cut in a cell's sentences: its first
    if not _ROW_CELLS <= len(cells) <= len(row.columns):
        return None
    asked = {stem(w) for w in words(brief.query) if w not in STOPWORDS}
    named = [
        cell
        for column, cell in zip(row.columns, cells, strict=False)
        if asked & {stem(w) for w in words(column) if w not in STOPWORDS}
        and (_YES_CELL.match(cell) or _NO_CELL.match(cell))
    ]
    if len(named) != 1:
        return None
    return YES if _YES_CELL.match(named[0]) else NO


# A cell of a responsibility matrix (RACI, shared responsibility): who does it, not
# whether it is done.
_RESPONSIBILITY_CELL = re.compile(
    r"^(?:responsible|accountable|consulted|informed|shared|owner|[RACI]|[RACI]/[RACI])$", re.I
)


def _responsibility(row_text: str) -> Finding | None:
    """A finding when the lead is a row of a responsibility matrix ("Access reviews of
    customer user accounts | — | — | Responsible" under "Microsoft Azure | Cirrolite |
    Customer"): which party the row makes responsible is for a person to read; "Yes"
    was read off the customer's column."""
    if not any(_RESPONSIBILITY_CELL.match(cell.strip()) for cell in table_cells(row_text)):
        return None
    detail = (
        "the lead quote is a row of a responsibility matrix: a person reads which party "
        "it makes responsible"
    )
    return Finding("scope", 0, detail)


def _value_answer(
    question: str, fact: Fact, kind: str, lead: str, row: TableRow | None = None, place: str = ""
) -> tuple[str, Finding | None]:
    """The value the lead sentence states for a question asking one, or a finding. A
    table row names its subject through its column headers and headings ("Critical |
    9.0-10.0 | 7 days" under "Severity | CVSS score | Remediation deadline")."""
    if asks_what_happened(question):  # "How many breaches did you have last year?"
        return NEEDS_REVIEW, EVENT
    value = _cell_value(kind, fact, lead, row)
    several = _several_cells(kind, fact, lead, row) if value is None else []
    if several:
        detail = (
            f"the lead quote is a table row stating {', '.join(several)}: a person decides "
            "which is the value asked"
        )
        return NEEDS_REVIEW, Finding("value", 0, detail)
    value = value or stated_value(kind, lead, subject_terms(fact), qualifiers_asked(fact.text))
    value, why = calculate.value_as_asked(fact.text, lead, value)  # arithmetic asked
    if value is None:
        return NEEDS_REVIEW, Finding("value", 0, why or f"the lead quote states no {kind} value")
    if kind == "number" and _not_a_time(question, [value]) is not None:
        detail = f"the question asks a time; the lead quote states “{value}”"
        return NEEDS_REVIEW, Finding("value", 0, detail)
    if kind == "number" and period_for_a_count(fact.text, value):
        detail = f"the question asks how many; the lead quote states “{value}”, a period of time"
        return NEEDS_REVIEW, Finding("value", 0, detail)
    if kind == "number" and _MONEY_ASKED.search(fact.text) and _TIME_UNIT.search(value):
        detail = f"the question asks an amount; the lead quote states “{value}”, a period"
        return NEEDS_REVIEW, Finding("value", 0, detail)
    if names_other_bound(fact.text, lead, value):  # "Maximum length | At least 64 characters"
        detail = f"the lead quote states “{value}” of the other bound than the one asked"
        return NEEDS_REVIEW, Finding("value", 0, detail)
    named = f"{row.names() if row is not None else ''} {place} {lead}"
    if _unnamed_subject(fact, named):  # "security event logs" for debug logs
        return NEEDS_REVIEW, Finding("subject", 0, _partial_subject(fact, named, value))
    of_another = _of_another_subject(fact, lead, value, named, in_row=row is not None)
    if of_another is not None:
        detail = f"{of_another}: a person decides whether it is the value asked"
        return NEEDS_REVIEW, Finding("subject", 0, detail)
    return value, None


def _of_another_subject(fact: Fact, lead: str, value: str, named: str, in_row: bool) -> str | None:
    """Why the lead's value may be another subject's or practice's (``named``: the lead
    with its row's headers and its place), or None."""
    sentence_checks = not in_row  # a row's cells are read under their headers instead
    another = _another_thing_stated(fact, lead, value) if sentence_checks else None
    if another is not None:
        return (
            f"the lead quote states “{value}” of “{another}”, which names nothing the question "
            "asks about"
        )
    if _INACTIVITY.search(fact.text) and not _INACTIVITY.search(named):
        # (a lock after failed logons, a session's absolute lifetime: no inactivity)
        return (
            f"the question asks a period of inactivity; the lead quote states “{value}” and "
            "names no inactivity"
        )
    if sentence_checks and "|" not in lead and _retention_unsaid(fact, named):  # (a row's
        # headers may be out of reach: a retention schedule's row need not say "retained")
        return (
            f"the question asks how long it is kept; the lead quote states “{value}” and says "
            "nothing of keeping or deleting it"
        )
    unsaid = _practice_unsaid(fact, named)
    if unsaid is not None:
        return (
            f"the question asks how often it is {unsaid}; the lead quote states “{value}” and "
            "does not say it is"
        )
    beside = _practice_beside(fact, lead, value) if sentence_checks else None
    if beside is not None:
        return (
            f"the lead quote states “{value}” for {beside}, a practice the question does not "
            "ask about"
        )
    return None


# Practices whose frequency a policy states, one beside another: backups and the tests
# of restoring them, access and its reviews.
_PRACTICES = frozenset(
    stem(word)
    for word in "test testing review audit scan scanning assessment exercise drill restore "
    "restoration rotation training inspection recertification".split()
)
_PREDICATE = re.compile(r"\b(?:is|are|was|were|must|shall|will|should|may|can|get|gets)\b", re.I)


# A period of inactivity asked or stated ("after 15 minutes of inactivity", "idle for 30
# minutes", "inactive accounts"): a deadline after an event ("disables the identity
# within 15 minutes" of a termination) is no timeout.
_INACTIVITY = re.compile(
    r"\b(?:inactiv\w*|idle\w*|unattended|dormant|unused|stale|non-?use|no\s+activity"
    r"|not\s+(?:been\s+)?(?:used|logged|signed)|without\s+(?:use|activity|a\s+log)"
    r"|no\s+(?:log|sign)[\s-]?[io]ns?|(?:idle\s+)?time[\s-]?outs?|times\s+out|timed\s+out)\b"
    r"(?![^.;]*\b(?:regardless\s+of\s+(?:user\s+)?activity|absolute|maximum\s+session))",
    re.I,
)


# Verbs of doing a thing at all, not a practice on it: "Backups are taken daily".
_TAKING = frozenset(stem(w) for w in "taken run made done completed executed".split())
# What is done to a document, not the practice it describes: "The incident response plan
# is updated annually" says nothing of how often it is tested.
_LIFECYCLE = frozenset(
    stem(w)
    for w in "updated approved revised published signed communicated distributed created "
    "documented maintained stored archived renewed issued".split()
)
_DONE_TO = re.compile(r"\b(?:is|are|was|were|be|been|gets?)\s+(?:\w+ly\s+)?(\w+ed)\b", re.I)


# Keeping asked ("How long do you retain ...?"), and the words saying how long something is
# kept or when it goes.
_KEEPING_ASKED = frozenset(stem(w) for w in "retain retention keep kept store hold".split())
_KEEPING_SAID = frozenset(
    stem(w)
    for w in """retain retention keep kept store stored hold held archive delete deletion
    purge destroy destruction dispose disposal erase expire remove lifecycle""".split()
)


# An act other than keeping that a period may be stated of: "Customers can export their
# data ... for 30 days after it ends", "... notified within 72 hours".
_ANOTHER_ACT = re.compile(r"\b(?:export|download|notif|report|respond|request|retriev)\w*", re.I)


def _retention_unsaid(fact: Fact, named: str) -> bool:
    """Whether a period asked of keeping something ("How long do you retain customer data
    after contract termination?") is read off a lead (with its row's headers and its
    place) that says nothing of keeping or deleting anything: "Affected customers are
    notified ... no later than 72 hours after we confirm a breach" was given as the
    retention period."""
    if fact.asks != "duration" or not _keeping_asked(fact.text):
        return False
    present = {stem(w) for w in words(named)}  # "kept" is questionnaire filler elsewhere
    return not any(thesaurus.says(term, present) for term in _KEEPING_SAID)


def _keeping_asked(question: str) -> bool:
    """Whether the question asks of keeping something: a word of keeping not in a
    clause that picks out the thing ("the systems that hold scoped data")."""
    asked = {stem(m.group(1).lower()) for m in _OWN_WORD.finditer(question)}
    return bool(asked & _KEEPING_ASKED)


# A word not opening a relative clause's verb ("that hold", "which store").
_OWN_WORD = re.compile(r"(?<!\bthat\s)(?<!\bwhich\s)(?<!\bwho\s)\b([A-Za-z]+)\b")


def _practice_unsaid(fact: Fact, named: str) -> str | None:
    """For a frequency asked of a practice ("How often do you test the restoration of
    data from backups?"), the practice as the question writes it when the lead names
    none of the question's practices and says the thing is done at all ("performed",
    "taken") or names another practice: "Backups are performed daily" states how often
    backups are taken, not tested; else None."""
    asked = [t for t in fact.terms if t in _PRACTICES]
    present = set(content_terms(named))
    if fact.asks != "frequency" or not asked or any(thesaurus.says(t, present) for t in asked):
        return None
    done = {stem(m.group(1)) for m in _DONE_TO.finditer(named)}
    if not present & (_PRACTICES | LIGHT_VERBS | _TAKING) and not done & _LIFECYCLE:
        return None  # "Encryption keys are changed annually": rotated in other words
    return " or ".join(as_written(asked, fact.text))


def _practice_beside(fact: Fact, lead: str, value: str) -> str | None:
    """For a frequency asked, the practice the lead's value is stated of when it is not
    the one asked: the head of the clause's subject, a practice the question does not
    name ("Backup restoration tests are performed monthly" for how often backups are
    performed: the tests'); else None."""
    at = lead.find(value)
    if fact.asks != "frequency" or at < 0:
        return None
    clause = SIBLING_BREAK.split(lead[:at])[-1]
    predicate = _PREDICATE.search(clause)
    if predicate is None:
        return None
    subject = clause[: predicate.start()]
    terms = content_terms(subject)
    if not terms or terms[-1] not in _PRACTICES or thesaurus.says(terms[-1], set(fact.terms)):
        return None
    return " ".join(subject.split())


@dataclass(frozen=True)
class TableRow:
    """A lead that is a table row: its table's column headers and the headings above it."""

    columns: tuple[str, ...]
    headings: str
    # the row's own cells when only its layout tells them apart (a table set out with
    # spaces, whose gaps the quoted text folds away); else read from the quote
    cells: tuple[str, ...] = ()

    def names(self) -> str:
        return " ".join((*self.columns, self.headings))


def _cell_value(kind: str, fact: Fact, lead: str, row: TableRow | None) -> str | None:
    """The value of the one cell whose column header names a term of the question,
    when the lead is a table row with several values: "Within what time must SEV-2
    incidents be resolved?" of "SEV-2 | ... | 1 hour | 3 days" under "Acknowledge
    within | Resolve within" is "3 days". Of several such cells, the total's ("1 year |
    5 further years | 6 years" under "Online | Archive | Total" is "6 years")."""
    found = _cells_stating(kind, fact, lead, row)
    if len(found) > 1:
        found = [(value, column) for value, column in found if _TOTAL.search(column)] or found
    return found[0][0] if len(found) == 1 else None


_TOTAL = re.compile(r"\b(?:total|overall|combined|in all)\b", re.I)


def _cells_stating(kind: str, fact: Fact, lead: str, row: TableRow | None) -> list[tuple[str, str]]:
    """The values (with their column headers) of the row's cells stating one of the kind
    asked, under the headers naming the most terms of the question ("Internet-facing
    systems" over "Internal systems" for internet-facing systems; every such cell when
    none names one)."""
    if row is None:
        return []
    cells = row.cells or table_cells(lead)
    if len(cells) != len(row.columns):
        return []
    # "within what time": no column's subject; "recovery point objective" is the "RPO" column
    wanted = tuple(t for t in thesaurus.abbreviated(fact.terms) if t != "time")
    stating = [
        (value, column)
        for cell, column in zip(cells, row.columns, strict=True)
        if (value := stated_value(kind, cell)) is not None
    ]
    naming = [
        sum(thesaurus.says(term, set(content_terms(column))) for term in wanted)
        for _, column in stating
    ]
    most = max(naming, default=0)
    named = [cell for cell, count in zip(stating, naming, strict=True) if count and count == most]
    return named or stating


def _several_cells(kind: str, fact: Fact, lead: str, row: TableRow | None) -> list[str]:
    """The distinct values a table row states in several cells of the kind asked, when
    no column tells which is asked (two or more), else none; of a count asked, a period
    is none ("Locked for 15 minutes" beside "5 invalid sign-in attempts")."""
    found = _cells_stating(kind, fact, lead, row)
    values = list(dict.fromkeys(value for value, _ in found))
    if kind == "number" and len(values) > 1:  # "5 attempts | Locked for 15 minutes": how many
        counts = [v for v in values if not period_for_a_count(fact.text, v)]
        values = counts if counts else values
    return values if len(values) > 1 else []


def _another_value(brief: Brief, quoted: str, lead: str, value: str) -> str | None:
    """A value of the kind the question asks, other than ``value``, that another
    sentence of the lead quote states about the question's subject: "Audit log data is
    retained locally for one month. Beyond that, log data ... is retained for a
    minimum of one year." answers "How long are audit logs retained?" with neither
    alone; a person reads both."""
    fact = brief.facts[0] if brief.facts else None
    if fact is None or value == YES or SHORT_ANSWER_PARTS in value or lead == quoted:
        return None
    kind = fact.asks or "number"  # "What is ...?"
    asked = replace(fact, asks=kind)
    for start, end in sentence_spans(quoted):
        sentence = quoted[start:end].strip()
        if not sentence or sentence in lead or lead in sentence:
            continue
        if not holds_value(asked, sentence) or not _about_as_much(asked, sentence, lead):
            continue
        if keeping_unsaid(asked, sentence):
            continue  # "... point-in-time recovery with 5-minute granularity": no retention
        if _names_the_opposite(brief.query, sentence):
            continue  # "... of the internal production network ... weekly" for external
        if _EXTENSION.search(sentence):
            continue  # "This may be extended by a further two months": the same deadline's
        other = stated_value(kind, sentence, subject_terms(asked), qualifiers_asked(fact.text))
        if other is not None and _differs(kind, other, value):
            return other
    return None


# A sentence extending the deadline the lead states: "This may be extended by a further
# two months for complex requests".
_EXTENSION = re.compile(
    r"\b(?:extended|extendable|prolonged)\s+(?:by|for)\s+(?:up\s+to\s+)?(?:a\s+|an\s+)?"
    r"(?:further|additional|another)\b|\bextension\s+of\s+(?:up\s+to\s+)?(?:a\s+)?"
    r"(?:further|additional)?\s*\w+\s+(?:days?|weeks?|months?)\b",
    re.I,
)


# Words naming one of two sides of what a practice covers: a sentence naming the other
# side only states a value of something else.
_SIDES = (
    ("internal", "external"),
    ("inbound", "outbound"),
    ("incremental", "full"),
    ("onsite", "offsite"),
    ("authenticated", "unauthenticated"),
)


def _names_the_opposite(question: str, sentence: str) -> bool:
    """Whether the sentence names the other side of a pair the question names one of,
    and not the question's: "Authenticated vulnerability scans of the internal
    production network are run weekly" beside "External scans ... are run monthly" is
    no second value for how often external scans run."""
    asked = {w.lower() for w in words(question)}
    said = {w.lower() for w in words(sentence)}
    return any(
        (one in asked and other in said and one not in said)
        or (other in asked and one in said and other not in said)
        for one, other in _SIDES
    )


def _rival_quoted(brief: Brief, claims: Sequence[Claim], lead: str, value: str) -> str | None:
    """A value of the kind asked, other than ``value``, that another quote of the first
    claim states about the question's subject: "Passwords must be a minimum of 8
    characters" beside "User passwords must be at least 12 characters long" (two
    documents disagreeing) answers with neither alone."""
    fact = brief.facts[0] if brief.facts else None
    if fact is None or value == YES or not claims or SHORT_ANSWER_PARTS in value:
        return None
    kind = fact.asks or "number"  # "What is the minimum password length?"
    asked = replace(fact, asks=kind)
    # (Another claim's quotes too, when from another document: two probe answers whose
    # value was right went to a person off another party's period; not kept.)
    for quote in claims[0].quotes[1:]:
        text = _folded(quote.text)
        for start, end in sentence_spans(text):
            sentence = text[start:end].strip()
            if not sentence or not holds_value(asked, sentence):
                continue
            if not _about_as_much(asked, sentence, lead):
                continue
            other = stated_value(kind, sentence, subject_terms(asked), qualifiers_asked(fact.text))
            if other is not None and _differs(kind, other, value):
                return other
    return None


# A sentence that goes on about the subject of the one before it: "Beyond that, log
# data is ...", "They are then ...".
_GOES_ON = re.compile(
    r"^\W*(?:beyond|after|afterwards|thereafter|then|subsequently|otherwise|once|also"
    r"|additionally|in addition|it|they|these|those|this|such)\b",
    re.I,
)


def _about_as_much(asked: Fact, sentence: str, lead: str) -> bool:
    """Whether a sentence beside the lead's may state a rival value: it goes on about the
    lead's subject, or it names no less of the subject asked than the lead's does
    (what it names is not a part of what the lead's names). "External perimeter scans
    are performed daily" is no rival to "Vulnerability scans of all production hosts
    are run weekly" for production hosts' scans; "Beyond that, log data is retained for
    one year" is, for audit logs; so is "Affected customers are informed within five
    days" beside the supervisory authority's 72 hours, for customers."""
    if _GOES_ON.match(sentence):
        return True
    subject = subject_terms(asked)
    named, beside = set(content_terms(lead)), set(content_terms(sentence))
    by_lead = {term for term in subject if thesaurus.says(term, named)}
    by_other = {term for term in subject if thesaurus.says(term, beside)}
    return not by_other < by_lead


def _differs(kind: str, other: str, value: str) -> bool:
    """Whether two values differ, being of one measure: periods or frequencies that
    measure differently ("every account" measures nothing), a count only of the same
    thing ("14 characters" and "20 characters"; "5 failed attempts" and "24 hours" are
    not one measure), a time however written ("Ten minutes" is "10 minutes")."""
    if kind in ("duration", "frequency"):
        days = as_days(kind, other)
        return days is not None and days != as_days(kind, value)
    periods = as_days("duration", other), as_days("duration", value)
    if None not in periods:  # "10 minutes" and "Ten minutes" of "how many minutes"
        return periods[0] != periods[1]
    first, second = value.lower().split(), other.lower().split()
    return first != second and first[-1:] == second[-1:]


# Whose data a practice covers, in the asker's words: "backups of institution data" are
# the backups; the vendor's documents never call its customers' data the institution's.
_WHOSE_DATA = re.compile(
    r"\bof\s+(?:the\s+)?(?:institution(?:al)?|customer|client|tenant|university|college"
    r"|school|campus|member|your|our|their)(?:['\u2019]s)?\s+(?:data|information|records)\b",
    re.I,
)


# Whose device a device is, not what it is: "end-user workstations" are workstations
# ("Screens lock automatically after 10 minutes" under "my laptop" names them).
_END_USER = re.compile(r"\bend[\s-]users?(?=\s+[a-z])", re.I)


# The words of a measure asked, not of its subject: "After how many minutes of
# inactivity are VPN sessions automatically disconnected?" asks of the sessions.
_MEASURING = UNIT_TERMS | frozenset(stem(w) for w in "inactivity idle automatically".split())


# Words a question stresses with, which no answer repeats: "can actually be recovered".
_EMPHASIS = frozenset(stem(w) for w in "actually really truly indeed genuinely".split())


def _unnamed_subject(fact: Fact, lead: str) -> list[str]:
    """The terms of what a value question asks about that the lead sentence does not
    name (nor a thesaurus alternative), when of three or more it names one at most and
    not the first (what sets the subject apart: "application" of "application debug
    logs"; "invoice" of "invoice records" is enough, and a long question's wording
    holds terms no answer repeats): a value stated for something beside the subject
    ("Security event logs are reviewed daily" for application debug logs) is not the
    answer. A frequency is a practice's: of three terms, naming one is naming a practice
    beside the one asked ("backed up daily" for backup restore tests). Naming none of
    two or more terms beside practices and kinds of document ("test", "plan") is about
    something else ("The incident response plan shall be tested periodically" for the
    disaster recovery plan)."""
    present = set(content_terms(LIST_IN_PARENTHESES.sub(" ", lead)))  # what it covers
    owners = {t for m in _WHOSE_DATA.finditer(fact.text) for t in content_terms(m.group(0))}
    users = {t for m in _END_USER.finditer(fact.text) for t in content_terms(m.group(0))}
    subject = [t for t in subject_terms(fact) if t not in owners | users | _MEASURING | _EMPHASIS]
    # as the question orders them: its first term is what sets the subject apart
    terms = list(dict.fromkeys(t for t in fact.terms if t in subject))
    missing = [t for t in terms if not thesaurus.says(t, present)]
    owned = [stem(words(fact.text[m.end() :])[0]) for m in _END_USER.finditer(fact.text)]
    unsaid = [t for t in owned if not thesaurus.says(t, present)]
    if unsaid:
        return unsaid  # "end-user workstations": the workstations must be named
    named = len([t for t in terms if t not in missing and t not in _BROAD_WORDS])
    if fact.asks == "frequency" and len(terms) >= 3 and named == 1:
        return missing  # "backed up daily" for backup restore tests: a practice beside
    distinctive = [t for t in terms if t not in _PRACTICES and t not in KINDS_OF_DOCUMENT]
    if len(distinctive) >= 2 and not any(thesaurus.says(t, present) for t in distinctive):
        return missing  # "The incident response plan shall be tested" of the DR plan's tests
    head = _head_of_two(fact.text, terms)
    if head is not None and head in missing:
        return missing  # "... vulnerabilities ... annually" (a penetration test) for scans
    # (of a list, a broad word first sets nothing apart: "system, application and
    # security audit logs" is not named by "production systems")
    listed = "," in fact.text
    first = next((t for t in terms if t not in _BROAD_WORDS or not listed), "")
    return missing if len(terms) >= 3 and named <= 1 and first in missing else []


def _head_of_two(question: str, terms: list[str]) -> str | None:
    """Of a subject of two terms, the one naming the thing: the second of two written
    together ("vulnerability scans": scans), the first of two joined by "of" ("records
    of requests": records); None otherwise. A sentence naming only the other names
    something beside the subject ("penetration test ... vulnerabilities" for
    vulnerability scans)."""
    if len(terms) != 2:
        return None
    said = [stem(w) for w in words(question)]
    if terms[0] not in said or terms[1] not in said:
        return None
    first, second = said.index(terms[0]), said.index(terms[1])
    head = None
    if second == first + 1:
        head = terms[1]
    elif second == first + 2 and said[first + 1] in ("of", "for"):
        head = terms[0]
    return None if head in _GENERIC_HEADS else head


# Heads that hold whatever their other word names ("invoice records" are invoices), or
# name the measure asked ("password age").
_GENERIC_HEADS = frozenset(
    stem(w)
    for w in "records record data information details documentation files entries age lifetime "
    "length size limit threshold".split()
)


# Where a sentence goes on to another thing: "... and a diesel generator that ...", "; ".
_ANOTHER_THING = re.compile(
    r",?\s+and\s+(?:a|an|the|its|their|our|each|every)\s+|;\s+|,\s+(?:while|whereas)\s+", re.I
)
# ... which a relative clause of the value's own states something of: "that is tested"
# (a predicate alone may be the whole sentence's: "A test of X and the corporate network
# shall be performed every year").
_OWN_PREDICATE = re.compile(
    r"\b(?:that|which|who)\s+(?:is|are|was|were|must|shall|will|should|gets?)\b", re.I
)
# ... or a clause of its own after one with its own verb: "Access is revoked on the last
# working day, and the laptop is returned and wiped within 14 days".
_FINITE = re.compile(r"\b(?:is|are|was|were|must|shall|will|should|gets?|has|have)\b", re.I)


def _told_another(question: str, lead: str) -> Finding | None:
    """A finding when the question asks about telling one party and the lead says
    another is told ("notified to the supervisory authority" for customers)."""
    other = another_recipient(question, lead)
    if other is None:
        return None
    detail = (
        f"the question asks about telling another party than the one the lead quote "
        f"names (“{other}”): a person decides whether it answers"
    )
    return Finding("subject", 0, detail)


def _another_thing_stated(fact: Fact, lead: str, value: str) -> str | None:
    """The other thing a value is stated of, when the lead goes on from what the
    question asks about to another thing with its own predicate and the value is
    that thing's: "Server rooms have an uninterruptible power supply rated for at
    least 30 minutes and a diesel generator that is tested every month" states no
    frequency of the UPS's tests. None when the value's clause names the subject (or
    shares the sentence's subject: "Backups are encrypted and kept for 35 days")."""
    at = lead.find(value)
    if at < 0:
        return None
    breaks = [m for m in _ANOTHER_THING.finditer(lead, 0, at)]
    if not breaks:
        return None
    clause = lead[breaks[-1].end() : at + len(value)]
    first = lead[: breaks[-1].start()]
    if _OWN_PREDICATE.search(clause) is None and not (
        _FINITE.search(first) and _FINITE.search(clause)  # two clauses, each with its verb
    ):
        return None
    subject = [t for t in subject_terms(fact) if t not in _PRACTICES]  # "tested" is shared
    before = set(content_terms(first))
    own = set(content_terms(clause))
    if any(thesaurus.says(t, own) for t in subject):
        return None
    if not any(thesaurus.says(t, before) for t in subject):
        return None  # the subject is named nowhere: other checks read that
    return " ".join(clause[: clause.find(value)].split()[:8])


def _partial_subject(fact: Fact, lead: str, value: str) -> str:
    missing = _unnamed_subject(fact, lead)
    return (
        f"the lead quote states “{value}” but does not name all the question asks about "
        f"(not named: {', '.join(as_written(missing, fact.text))}): a person decides whether "
        "it is the value asked"
    )


def _further_values(
    brief: Brief,
    claims: Sequence[Claim],
    parts: Mapping[int, str],
    lead: str,
    row: TableRow | None = None,
) -> list[str]:
    """Each further part's value, in order, read off the sentence research chose for
    that part when it names the part's subject, states a value of the kind asked and
    is quoted (its quote survived verification); or else off the lead sentence research
    chose (``lead``; none from the model engine), by the rule by which research found
    it answers the part (``lead_answers_part``): "Accounts are locked for 15 minutes
    after 5 failed attempts" states how long as well as how many; when the lead is a
    table row, the value of the column naming the part ("Total retention"). A part
    without one adds nothing (its gap is in the answer's missing facts), nor does a
    demand of the wording ("at least annually": composing checks the quotes against it),
    but for a schedule asked of no period ("periodically": ``_schedule_of_vague_demand``)."""
    quoted = " ".join(_folded(q.text) for claim in claims for q in claim.quotes)
    first_quote = _folded(claims[0].quotes[0].text)
    first = lead if lead and lead in quoted else first_quote
    # a value is read from the lines of a table the quote is (folding joined them)
    lead_lines = claims[0].quotes[0].text if lead == first_quote else lead
    values = []
    for index, fact in enumerate(brief.facts[1:], start=1):
        named = _named_for_part(fact.text, first, quoted)
        if named is not None:  # "..., and with which algorithm?": "Yes; AES-256"
            values.append(named)
            continue
        if fact.text in brief.demands and fact.asks == "frequency" and not values:
            if _frequency_asked(brief):  # "... periodically? If so, how often?": that part says
                continue
            stated = _schedule_of_vague_demand(brief, fact, first)  # "periodically": "Yes; daily"
            values += [stated] if stated else []
            continue
        if fact.asks is None or fact.text in brief.demands:  # a demand is checked, not read
            continue
        own = _folded(parts.get(index, ""))
        refers = own and names_antecedent(fact, brief.facts[index - 1], own)
        answers = _lead_answers(brief, fact, lead, quoted)
        asked_of = subject_part(fact, brief.facts)
        from_lead = value_about(own_subject(fact, asked_of), lead_lines) if answers else None
        if answers and from_lead is None and refers_back(fact):  # "... complete it?"
            from_lead = value_about(fact, lead)
        value = from_lead if from_lead and _names_part_whole(brief, fact, lead) else None
        if value is None and refers and own in quoted:  # its subject's row of a table first
            value = value_about(own_subject(fact, asked_of), own) or value_about(fact, own)
        value = value or from_lead
        if value is None and lead and lead in first_quote:
            value = value_quoted_with(fact, asked_of, lead, first_quote)
        if value is not None and row is not None and (not own or own in first):
            value = _cell_value(fact.asks, fact, first, row) or value  # its column's
        source = own if own and own in quoted else lead
        if (
            value is not None
            and _ANOTHER_ACT.search(source)
            and _retention_unsaid(fact, f"{row.names() if row else ''} {source}")
        ):
            continue  # "... export their data ... for 30 days after it ends": no keeping
        if value is not None and fact.asks == "frequency" and VAGUE_FREQUENCY.match(value.strip()):
            continue  # "periodic" is no schedule: "No forced composition rules or periodic expiry"
        if value is not None and _a_time_for_a_count(fact, value):
            continue  # "unlocked after 15 minutes" is no lockout threshold
        if value is not None and not names_other_bound(fact.text, own or lead):
            values.append(value)  # (not "At least 64 characters" of the maximum length)
    return values


def _a_time_for_a_count(fact: Fact, value: str) -> bool:
    """Whether a count or a threshold asked ("Please specify the threshold.") was read
    as a length of time the part does not ask ("15 minutes", "within 30 days")."""
    return (
        fact.asks == "number"
        and _TIME_UNIT.search(value) is not None
        and _TIME_ASKED.search(fact.text) is None
    )


_TIME_UNIT = re.compile(r"\b(?:seconds?|minutes?|hours?|days?|weeks?|months?|years?)\b", re.I)
_TIME_ASKED = re.compile(
    r"\b(?:how\s+long|time|times|timeout|duration|period|minutes?|hours?|days?|weeks?"
    r"|months?|years?|age|lifetime|retention|interval)\b",
    re.I,
)


def _frequency_asked(brief: Brief) -> bool:
    """Whether a part of the question, not a demand of its wording, asks how often
    ("If so, how often?"): its value is the schedule, given once."""
    return any(f.asks == "frequency" and f.text not in brief.demands for f in brief.facts)


def _schedule_of_vague_demand(brief: Brief, demand: Fact, lead: str) -> str | None:
    """How often the lead sentence says the practice recurs, when the wording asks only
    that it recur at some period of the vendor's choosing ("periodically", "at planned
    intervals", "with a frequency commensurate with ...") and one clause of the lead,
    about the practice asked, states one definite schedule: a reviewer reads "Yes;
    quarterly" ("..., and backup logs are reviewed weekly" is another practice's). A
    demand naming its own period ("at least annually") is checked, not read (read off
    a sentence about another training, it said "Yes; annual" beside a monthly lead)."""
    if PERIOD_STATED.search(demand.text) or definite_frequencies(demand.text):
        return None  # "annual penetration testing", "at least every 90 days"
    lead = _without_own_schedule_aside(brief, lead)
    if len(definite_frequencies(lead)) != 1:
        return None
    # its first clause is the one research read as the practice ("and" alone may join
    # the subject's nouns: "Access to AWS accounts, ... and Okta roles is reviewed ...")
    clauses = [c for c in _JOINED_CLAUSES.split(lead) if c.strip()]
    stating = [c for c in clauses if definite_frequencies(c)]
    if len(stating) != 1:
        return None
    said = stating[0]
    if said != clauses[0]:  # "... prior to hire and repeated every three years"
        shared = not _OWN_VERB.search(said) or _PRONOUN_SUBJECT.match(said)
        said = f"{clauses[0]} {said}" if shared else said
        if not _about_practice(brief, said):
            return None
    return value_about(demand, said) if states_definite_value(demand, said) else None


def _without_own_schedule_aside(brief: Brief, lead: str) -> str:
    """The lead without a trailing "with" phrase naming a schedule of its own when the
    rest states one and the phrase names nothing asked the rest does not: "... are
    backed up daily, with transaction log backups every 15 minutes" is backed up daily
    (for privileged access, "User access is reviewed quarterly, with privileged access
    reviewed monthly" is no plain answer)."""
    aside = _WITH_ASIDE.search(lead)
    if aside is None:
        return lead
    rest = lead[: aside.start()]
    stated = definite_frequencies(rest) and definite_frequencies(aside.group(0))
    asked = _asked_stems(brief)
    own = set(content_terms(aside.group(0))) - set(content_terms(rest)) - _PRACTISING
    return rest if stated and not any(one_family(t, a) for t in own for a in asked) else lead


_WITH_ASIDE = re.compile(
    r",\s+(?:with|supplemented\s+by|plus|alongside|along\s+with|together\s+with|in\s+addition\s+to)"
    r"\s+[^;]*$",
    re.I,
)
_JOINED_CLAUSES = re.compile(r";\s+|,\s+(?:and|but|while|whereas)\s+", re.I)
# A clause sharing the one before's subject: no verb of its own ("repeated every three
# years"), or a pronoun for it ("it is reviewed quarterly"); "encrypted backup logs are
# reviewed weekly" has a subject of its own.
_OWN_VERB = re.compile(r"\b(?:is|are|was|were|must|shall|will|has|have)\b", re.I)
_PRONOUN_SUBJECT = re.compile(r"\s*(?:it|they|this|these|each|both)\b", re.I)


# A part asking which one: "with which algorithm?", "what standard is followed?".
_WHICH_PART = re.compile(
    r"^\W*(?:and\s+)?(?:(?:with|in|using|by|to)\s+)?(?:what|which)\b"
    r"|^\W*(?:please\s+)?(?:state|specify|provide|indicate|name|list)\b",
    re.I,
)
_STANDARD_ASKED = re.compile(
    r"\b(?:standards?|frameworks?|benchmarks?|methodolog(?:y|ies))\b", re.I
)
# A published standard named: "NIST SP 800-88", "ISO/IEC 27001:2022", "OWASP ASVS Level 2".
_NAMED_STANDARD = re.compile(
    r"\bNIST\s+(?:SP\s+)?\d{3}-\d+[A-Za-z]?(?:\s+Rev(?:ision)?\.?\s*\d)?"
    r"|\bISO(?:\s*/\s*IEC)?\s*\d{4,5}(?:-\d+)?(?::\d{4})?"
    r"|\bOWASP\s+(?:ASVS|Top\s*(?:10|Ten)|SAMM)(?:\s+(?:Level|L)\s*\d)?"
    r"|\bCIS\s+(?:Benchmarks?|Controls)(?:\s+Level\s+\d)?"
    r"|\bDoD\s+5220\.22-M|\bPCI[\s-]DSS(?:\s+v?\d(?:\.\d)?)?|\bFIPS\s+140-[23](?:\s+Level\s+\d)?",
)


def _named_for_part(part: str, lead: str, quoted: str = "") -> str | None:
    """What the lead names for a further part asking which version, algorithm or
    standard ("Is data at rest encrypted, and with which algorithm?" of "We encrypt
    customer data at rest using AES-256"; "If so, what standard is followed?" of
    "... sanitized in accordance with NIST SP 800-88"), or None."""
    if _WHICH_PART.match(part) is None:
        return None
    if VERSION_ASKED.search(part):
        return _standard_named(part, lead, quoted)
    if _STANDARD_ASKED.search(part):
        found = [
            m.group(0) for m in _NAMED_STANDARD.finditer(lead) if not VERSION_REFUSED.search(lead)
        ]
        return " ".join(found[0].split()) if found else None
    return None


def _names_part_whole(brief: Brief, part: Fact, lead: str) -> bool:
    """Whether the lead names every term of a further part's own subject and no sibling
    of what the question qualifies it by ("Customer payroll records are retained for
    seven years" for client payroll records; not "User access is reviewed annually"
    for privileged accounts): its value comes before another sentence's."""
    own = own_subject(part, subject_part(part, brief.facts))
    asked = qualifiers_asked(brief.query)
    named = qualifiers_named(lead)
    return (
        names_whole_subject(own, lead)
        and asked <= named | {q for q in asked if q in RECIPIENTS}
        and not another_qualifier(asked, lead)
    )


def _lead_answers(brief: Brief, part: Fact, lead: str, quoted: str) -> bool:
    """Whether the quoted lead sentence research chose answers a further part (never
    a demand of the wording: "at least three months" is checked, not read)."""
    return (
        bool(lead)
        and lead in quoted
        and part.text not in brief.demands
        and lead_answers_part(part, subject_part(part, brief.facts), lead)
    )


def _open(
    brief: Brief, lead: str, quoted: str, row: TableRow | None = None, whole: bool = False
) -> tuple[str, Finding | None]:
    """An open question ("What is the minimum password length?", "Describe ..."):
    the figure (one for each of two measures asked at once), when it asks for a
    measure the lead quote states (of a table row, the cell under the column the
    question names: "RPO" for the recovery point objective); a finding when it asks
    for a figure ("What minimum password length ...?") and no quote states one
    ("must meet the length ... requirements defined in security standards" is no
    length); else that the documents describe it (the quotes say how). A requirement
    followed by its instruction ("Vendor shall X. State Y.") is answered by the
    instruction's part (``_further_values``), unless ``whole``: read as one question."""
    if not whole and len(brief.facts) > 1 and _REQUIREMENT.match(brief.query):
        return DOCUMENTED, None  # its instruction is a further part, read as one
    if VERSION_ASKED.search(brief.query):
        named = _standard_named(brief.query, lead, quoted)
        if named is not None:
            return named, None
        if _WHICH_ASKED.match(brief.query):
            return NEEDS_REVIEW, Finding("value", 0, "no quote names the one asked in force")
    field = _field_asked(brief.query, f"{lead} {quoted}")
    if field is not None:
        return field, None
    if PLACE_ASKED.search(brief.query):
        places = places_named(lead)
        if places:
            return ", ".join(places), None
    if _MEASURE.search(brief.query):
        asked = _measures_asked(brief.query) or [brief.core or brief.query]
        cell = _cell_of_measure(brief, lead, row) if len(asked) == 1 else None
        if cell is not None:
            return cell, None
        values = [stated_value("number", lead, question_terms(part)) for part in asked]
        if all(values) and len(set(values)) == len(values):  # one each, told apart
            untimed = _not_a_time(brief.query, [v for v in values if v])
            if untimed is not None:
                detail = f"the question asks a time; the lead quote states “{untimed}”"
                return NEEDS_REVIEW, Finding("value", 0, detail)
            return SHORT_ANSWER_PARTS.join(v for v in values if v), None
        if _FIGURE_ASKED.search(brief.query) and not _ANY_FIGURE.search(quoted):
            return NEEDS_REVIEW, Finding("value", 0, "no quote states a figure")
    return DOCUMENTED, None


# A measure of time asked ("the minimum password age", "the session timeout") and a
# figure counting something else ("14 characters", "5 concurrent devices").
_TIME_ASKED = re.compile(
    r"\b(?:age|timeouts?|time-?outs?|lifetimes?|durations?|validity|expiry|expiration"
    r"|retention\s+period|interval|recovery\s+(?:time|point)\s+objectives?|RTO|RPO)\b",
    re.I,
)
_TIME_UNIT = re.compile(
    r"\b(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?|yrs?)\b", re.I
)


# An amount of money asked: "the coverage limit of your cyber liability insurance" is no
# "within twenty-four (24) hours" (the insurer's notice).
_MONEY_ASKED = re.compile(
    r"\b(?:coverage|cover|limits?\s+of\s+(?:liability|indemnity|insurance)|amount|sum\s+insured"
    r"|insured\s+(?:sum|amount)|budget|premium|deductible|excess)\b",
    re.I,
)


def _not_a_time(question: str, values: Sequence[str]) -> str | None:
    """The figure read for a question asking a measure of time that states none:
    "a minimum of 14 characters" is no minimum password age."""
    if _TIME_ASKED.search(question) is None:
        return None
    return next((v for v in values if _TIME_UNIT.search(v) is None), None)


_WHICH_ASKED = re.compile(r"^\W*(?:what|which)\b", re.I)


def _standard_named(question: str, lead: str, quoted: str = "") -> str | None:
    """The version, algorithm or protocol the lead names in force ("TLS 1.2 or later",
    "AES-256"), preferring one of the family the question names (TLS, AES); none from a
    clause refusing it: "TLS 1.0 and 1.1 are disabled" gave "1.1 are" as the minimum
    TLS version. A question naming a family the lead names no version of is answered
    from the other quotes, never with another family's: "the minimum version of TLS"
    is not "AES-256". A question asking several ("What TLS versions are accepted?")
    gets each named. A minimum is no version the text only prefers: of "TLS 1.3 is
    preferred ...", "TLS 1.2 or higher" is the minimum."""
    asked = {w.lower() for w in words(question)}
    lowest = bool(_LOWEST_ASKED.search(question))
    named = _named_in_force(lead, lowest)
    family = [n for n in named if _family(n) in asked]
    if not family and lowest:  # only preferred ones in the lead: another quote's minimum
        family = [n for n in _named_in_force(quoted, lowest) if _family(n) in asked]
        family = family or [n for n in _named_in_force(lead) if _family(n) in asked]
    if not family and VERSION_FAMILY.search(question):
        named = [n for n in _named_in_force(quoted, lowest) if n not in named]
        family = [n for n in named if _family(n) in asked]
        named = []
    chosen = list(dict.fromkeys(family or named))
    if not chosen:
        return None
    plural = re.search(r"\b(?:versions|algorithms|ciphers|protocols)\b", question, re.I)
    return ", ".join(chosen) if plural else chosen[0]  # "What TLS versions are accepted?"


# A question asking where data is kept ("In which country or region is customer data
# stored?", "Which country hosts our data?"), and the places a sentence names: a cloud region
# ("us-central1", "eu-west-1") or a country, or a region of countries.
PLACE_ASKED = re.compile(
    r"\b(?:which|what)\s+(?:countr(?:y|ies)|regions?|jurisdictions?|geograph(?:y|ies)"
    r"|geographic(?:al)?\s+(?:locations?|regions?))\b",
    re.I,
)
_CLOUD_REGION = (
    r"\b(?:us|eu|europe|asia|ap|ca|sa|me|af|uk|northamerica|southamerica|australia)"
    r"(?:-[a-z]+)+-?\d\b"
)
_COUNTRIES = (
    "United States|USA|U\\.S\\.|US|United Kingdom|UK|European Union|EU|EEA|Canada|Mexico|Brazil"
    "|Ireland|Germany|France|Netherlands|Belgium|Luxembourg|Switzerland|Austria|Sweden|Norway"
    "|Denmark|Finland|Poland|Spain|Portugal|Italy|Czech Republic|India|Japan|Singapore"
    "|Australia|New Zealand|South Korea|Hong Kong|Israel|United Arab Emirates|South Africa"
    "|Philippines|Indonesia|Malaysia|Europe|North America|Asia Pacific|APAC|EMEA"
)
_PLACE = re.compile(rf"{_CLOUD_REGION}|\b(?:the\s+)?(?:{_COUNTRIES})\b(?![-\w])")


def places_named(text: str) -> list[str]:
    """The places a sentence names, in order, each once ("the Netherlands", "United
    States", "us-central1"), less those its clause rules out ("not replicated to the
    US", "never stored outside the EU") and those naming a law ("UK GDPR")."""
    return list(
        dict.fromkeys(
            " ".join(m.group(0).split())
            for m in _PLACE.finditer(text)
            if not _RULED_OUT.search(text[_clause_span(text, m.start())[0] : m.start()])
            and not _LAW_AFTER.match(text, m.end())
        )
    )


_RULED_OUT = re.compile(r"\b(?:not|never|no|outside|except|excluding|nor)\b", re.I)
_LAW_AFTER = re.compile(r"\s*(?:GDPR|Act|law|laws|regulations?|DPA)\b", re.I)


# A question asking which level, tier or class ("What Essential Eight maturity level
# has been achieved ...?") and a lead stating it as a field ("Maturity level: Maturity
# Level Two.").
_FIELD_NOUN = r"(?:level|tier|rating|grade|classification|category)"
_FIELD_ASKED = re.compile(
    rf"\b(?:what|which)\b[^?]{{0,60}}?\b{_FIELD_NOUN}(?:\s+{_FIELD_NOUN})*\b", re.I
)
_FIELD_STATED = re.compile(
    rf"^\W*(?:[A-Za-z][\w -]{{0,40}}?\s)?(?P<noun>{_FIELD_NOUN})\s*:\**\s*"
    r"(?P<value>[^;\n]{1,60}?)(?=\.\s|\.?$|;)",
    re.I,
)


def _field_asked(question: str, quoted: str) -> str | None:
    """The value of the field the question asks for, when a quoted sentence states it
    as one under a noun the question asks with ("Maturity Level Two" of "Maturity
    level: Maturity Level Two."; "Confidential" of "Classification: Confidential."), or
    None."""
    asked = _FIELD_ASKED.search(question)
    if asked is None:
        return None
    nouns = {n.lower() for n in re.findall(_FIELD_NOUN, asked.group(0), re.I)}
    for start, end in sentence_spans(quoted):
        stated = _FIELD_STATED.match(quoted[start:end].strip())
        if stated is not None and stated.group("noun").lower() in nouns:
            return stated.group("value").strip(" *_")
    return None


def _family(named: str) -> str:
    """The family of a named version or algorithm: "tls" of "TLSv1.2" and "TLS 1.2",
    "aes" of "AES-256"."""
    found = re.match(r"[A-Za-z]+?(?=v?\d|[\s-]|$)", named)
    return (found.group(0) if found else named).lower()


def _named_in_force(text: str, lowest: bool = False) -> list[str]:
    """The versions and algorithms a text names, outside clauses refusing them (and,
    ``lowest``: for the lowest accepted, less those it only prefers: "TLS 1.2 or higher
    is required, with TLS 1.3 preferred" names TLS 1.2 or higher)."""
    named = [
        " ".join(m.group(0).split())
        for clause in VERSION_CLAUSE_BREAK.split(text)
        if not VERSION_REFUSED.search(clause)
        for m in VERSION_OR_ALGORITHM.finditer(clause)
    ]
    if not lowest:
        return named
    preferred = {" ".join(m.group("version").split()) for m in _PREFERRED.finditer(text)}
    return [n for n in named if n not in preferred]


# The lowest version asked ("the minimum version of TLS"), and a clause only preferring
# one ("TLS 1.3 is preferred", "where supported").
_LOWEST_ASKED = re.compile(r"\b(?:minimum|lowest|oldest|earliest)\b", re.I)
_PREFERRED = re.compile(
    rf"(?P<version>{VERSION_OR_ALGORITHM.pattern})\s*\(?(?:is\s+|are\s+|being\s+|as\s+)?"
    r"(?:the\s+)?(?:preferred|recommended|where\s+supported|if\s+(?:available|supported))\b",
    re.I,
)


def _cell_of_measure(brief: Brief, lead: str, row: TableRow | None) -> str | None:
    """The one cell of a table row lead stating a duration or a number under a column
    the question names (or the only one stating one)."""
    if row is None or not brief.facts:
        return None
    for kind in ("duration", "number"):
        value = _cell_value(kind, brief.facts[0], lead, row)
        if value is not None:
            return value
    return None


# An open question that can only be answered with a figure, and a figure.
_FIGURE_ASKED = re.compile(
    r"\b(?:minimum|maximum|length|how many|how much|percentage|timeout|threshold|rto|rpo"
    r"|uptime)\b",
    re.I,
)
_ANY_FIGURE = re.compile(
    r"\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty"
    r"|thirty|forty|fifty|sixty|ninety|hundred|daily|weekly|monthly|quarterly|annually"
    r"|yearly|hourly)\b",
    re.I,
)


# "What are your RTO and RPO?": two measures asked at once.
_TWO_ASKED = re.compile(
    r"^\W*what\s+(?:is|are)\s+(?:your\s+|the\s+)?(.+?)\s+and\s+(?:your\s+|the\s+|its\s+)?"
    r"(.+?)\W*$",
    re.I,
)


def _measures_asked(question: str) -> list[str]:
    """The two measures an open question asks for at once ("What are your recovery
    time objective (RTO) and recovery point objective (RPO)?"), each answered in turn
    ("4 hours; 1 hour", or ``Documented`` when the lead does not tell them apart, never
    the first alone); none for any other question."""
    both = _TWO_ASKED.match(question)
    if both is None or not all(_MEASURE.search(part) for part in both.groups()):
        return []
    return list(both.groups())


# A practice still to come or followed only where it can be: not a plain Yes. A plan
# as a document ("the recovery plan to restore ...") is no future.
_WHEN_TO_COME = (
    r"\b(?:in|by|during|from|at\s+the\s+(?:start|beginning|end)\s+of)\s+"
    r"(?:(?:early|late|mid|the end of)\s+)?(?:Q[1-4]\s+)?"
    r"(?:(?:the\s+)?(?:spring|summer|autumn|fall|winter)\s+(?:of\s+)?)?"
    r"(?:20\d\d|next (?:year|quarter))\b"
)
_PLANNED = re.compile(
    r"\b(?:will|shall)\s+(?:be\s+)?(?:implement|introduc|deploy|roll(?:ed)?\s+out|adopt|"
    r"migrat|begin|start|launch|complet|onboard|enabl|establish|obtain|achiev|issu|releas"
    r"|becom)"
    rf"\w*\b[^.;]*{_WHEN_TO_COME}"
    rf"|\b(?:we|it|they|and)\s+expect(?:s)?\s+(?:the|to|a|an|our|its|it)\b[^.;]*{_WHEN_TO_COME}"
    # an audit or report under way: "we are now in the observation period for a SOC 2
    # Type II report", "the assessment is in progress"
    r"|\bin\s+(?:the|its|our)\s+observation\s+period\b"
    r"|\b(?:is|are)\s+on\s+(?:our|the)\s+(?:product\s+)?roadmap\b"
    r"|\b(?:is|are)\s+(?:currently\s+|now\s+)?(?:in\s+progress|under\s*way)\b"
    r"|\b(?:we|it|they)\s+(?:plan|intend)s?\s+to\b"
    # a risk register's or gap list's action to come: "Remediation: engage a third-party
    # firm to perform a penetration test in Q3 2025, budget pending."
    r"|^\W*(?:remediation|planned\s+actions?|corrective\s+actions?|next\s+steps?|to[\s-]?do"
    r"|treatment\s+plan|action\s+plan)\s*:"
    r"|\bbudget\s+pending\b"
    # "We are planning our first third-party penetration test."
    r"|\b(?:we|it|they)\s+(?:are|is)\s+(?:currently\s+|now\s+)?(?:planning|preparing\s+for"
    r"|working\s+towards?)\b"
    r"|\b(?:is|are)\s+planned\s+for\s+(?:Q[1-4]\b|20\d\d|next\b)"
    # a target, not the state: "The target is an annual penetration test by an
    # independent external party.", "Our goal is to encrypt all laptops" (not "The target
    # is met every quarter", "Our goal is achieved through ...", nor "We aim to ...", said
    # of what a stated practice is for)
    r"|^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:the|our)\s+(?:target|goal|ambition)(?:\s+state)?\s+is\s+"
    r"(?:to|an?|that)\s",
    re.I,
)
# In place in part only: "Partially implemented" (a Statement of Applicability's status).
_PARTIAL = re.compile(
    r"\b(?:partial(?:ly)?\s+(?:implemented|in\s+place|deployed|adopted|met|compliant)"
    r"|in\s+part)\b",
    re.I,
)
_HEDGED = re.compile(
    r"\b(?:where(?:ver)?|when(?:ever)?|if|as far as)\s+(?:possible|feasible|practical|"
    r"practicable)\b",
    re.I,
)
# "all" in a question, even of "all applicable patches": an exception the lead states
# leaves fewer than all of them.
_ANY_ALL = re.compile(r"\b(?:all|every)\b", re.I)
# "Is all data encrypted?": a lead that does not say all may state less than asked
# ("every 90 days" and "any exceptions" do not say all).
_ALL_STATED = re.compile(
    r"(?<!nearly )(?<!almost )(?<!virtually )(?<!not )(?<!practically )"
    r"\b(?:all|every|each|entire)\b(?!\s+\d)|\bany\b(?!\s+exceptions?\b)|\balways\b"
    r"|\bno exceptions?\b",
    re.I,
)


# Advice to others opening the lead: "We recommend that each clinic check whether its own
# cyber liability insurance covers ...", "Customers are encouraged to enable MFA".
_ADVICE = re.compile(
    r"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:(?:[Ww]e|[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,2})\s+"
    r"(?:strongly\s+)?(?:recommends?|advises?|encourages?|suggests?)\s+(?:that\s+)?"
    r"(?:(?:each|every|all|our|your|the)\s+)?(?:customers?|clients?|users?|institutions?"
    r"|clinics?|schools?|tenants?|partners?|you|they)"
    r"|(?:[Ii]t\s+is|[Cc]ustomers\s+are|[Cc]lients\s+are|[Uu]sers\s+are)\s+(?:strongly\s+)?"
    r"(?:recommended|advised|encouraged)\s+(?:that|to))\b"
)
_ADVICE_ASKED = re.compile(r"\b(?:recommend|advise|encourage|suggest|guidance)", re.I)
# "Is training mandatory for contractors?" and "recommended for contractors".
_REQUIRED_ASK = re.compile(r"\b(?:required|mandatory|must|obligatory|compulsory)\b", re.I)
_RECOMMENDED = re.compile(r"\b(?:recommended|encouraged|advised|optional)\b", re.I)
# "Do you employ a dedicated full-time CISO?" and "a virtual CISO engaged for four hours a
# week".
_FULL_TIME_ASK = re.compile(r"\b(?:dedicated|full[\s-]?time)\b", re.I)
_PART_TIME = re.compile(
    r"\b(?:part[\s-]?time|fractional|virtual|interim|(?:\w+|\d+)\s+hours?\s+(?:a|per)\s+week)\b",
    re.I,
)
# "should" binds less than a question asking "required" does, unless the lead also binds.
_SHOULD = re.compile(r"\bshould\b", re.I)
_BINDING = re.compile(r"\b(?:must|shall|required|requires|mandatory|enforced|enforces)\b", re.I)
# "All company laptops are encrypted, except Linux developer workstations": an
# exception to the "all" a question asks about.
_EXCEPTED = re.compile(
    r"\bexcept(?:ing)?\b|\bexcluding\b|\bwith\s+the\s+exception\s+of\b|\bother\s+than\b"
    r"|\bapart\s+from\b",
    re.I,
)


def _same_words_after(excepted: re.Match[str], lead: str, asked: str) -> bool:
    """Whether the words after an exception in the lead ("other than the author") follow
    the same exception in the question."""
    said = _exception_words(lead[excepted.end() :])
    return bool(said) and any(
        _exception_words(asked[m.end() :]) == said for m in _EXCEPTED.finditer(asked)
    )


def _exception_words(text: str) -> list[str]:
    """The words of an exception, to its clause's end ("the author" of "other than the
    author before they are deployed"; "service accounts" of "excluding service accounts
    and executives" is "service accounts and executives")."""
    clause = re.split(r"[;:.!?,]|\s(?:before|after|when|where|which|who|that|if|unless)\s", text)[0]
    return [stem(w) for w in words(clause)]


# A condition under which a refused practice is allowed: "shall not be used except where
# authorised", "... unless approved by the CISO". Not an exception of another thing ("not
# repeated during employment, except for the OIG LEIE check": the No stands).
_EXCEPTION = re.compile(
    r"\b(?:except|other\s+than)\s+(?:where|when|if|with|as|by|under|on|in\s+(?:cases|the\s+case)"
    r"|for\s+(?:approved|authori[sz]ed|company-issued))\b|\bunless\b",
    re.I,
)
# A precondition of a refused practice: "Remote access is not permitted without MFA"
# (permitted with it), unless the question asks about doing it without.
_WITHOUT = re.compile(r"\bwithout\b(?!\s+(?:any\s+)?(?:exceptions?|(?:undue\s+)?delay)\b)", re.I)


def _opening(text: str, limit: int = 80) -> str:
    """The text's first ``limit`` characters, its spacing folded."""
    folded = " ".join(text.split())
    return folded if len(folded) <= limit else folded[:limit].rstrip() + " …"


def _no_unless_excepted(lead: str, refusals: list[int], asked: str) -> tuple[str, Finding | None]:
    """No, for a lead that refuses the practice (at ``refusals``); a finding when a
    refusing clause carries a condition under which it is allowed ("Removable media
    shall not be used except where authorised by the Information Security Manager"):
    what is allowed under it is for a person to say, and a flat No works against the
    vendor. A condition in another clause ("...; tokens are retained unless the
    customer deletes their account") leaves the No. So does a precondition the
    question does not ask about ("Remote access is not permitted without MFA" for
    "Is remote access permitted?")."""
    for at in refusals:
        clause = _clause_at(lead, at)
        start = lead.find(clause)
        excepted = _EXCEPTION.search(clause, max(0, at - start)) if start >= 0 else None
        if excepted is None and start >= 0 and not _WITHOUT.search(asked):
            excepted = _WITHOUT.search(clause, max(0, at - start))
        if excepted is not None:
            detail = (
                "the lead quote refuses it with an exception "
                f"(“{_opening(clause[excepted.start() :])}”): a person decides whether it "
                "answers No"
            )
            return NEEDS_REVIEW, Finding("scope", 0, detail)
    return NO, None


def _qualified(brief: Brief | None, lead: str) -> Finding | None:
    """A finding when the lead only recommends what the question asks is required,
    states the practice as planned, only where possible, or without the "all" the
    question asks about, or with an exception to it; else None."""
    asked = brief.query if brief is not None else ""
    recommended = (
        _RECOMMENDED.search(lead) or (None if _BINDING.search(lead) else _SHOULD.search(lead))
        if _REQUIRED_ASK.search(asked)
        else None
    )
    if recommended is not None:
        detail = (
            "the question asks whether it is required; the lead quote only recommends it "
            f"(“{recommended.group(0)}”): a person decides whether it answers Yes"
        )
        return Finding("scope", 0, detail)
    advice = _ADVICE.match(lead)
    if advice is not None and not _ADVICE_ASKED.search(asked):
        detail = (
            "the lead quote recommends it to others "
            f"(“{' '.join(advice.group(0).split())}”); it states no practice of the "
            "organisation: a person decides whether it answers Yes"
        )
        return Finding("scope", 0, detail)
    part_time = _PART_TIME.search(lead) if _FULL_TIME_ASK.search(asked) else None
    if part_time is not None:
        detail = (
            "the question asks for a dedicated or full-time role; the lead quote states "
            f"“{' '.join(part_time.group(0).split())}”: a person decides whether it answers Yes"
        )
        return Finding("scope", 0, detail)
    for check, pattern, why in (
        ("planned", _PLANNED, "states it as planned, not as followed now"),
        ("scope", _HEDGED, "states it only where it can be followed"),
        ("scope", _PARTIAL, "states it as in place in part only"),
    ):
        found = pattern.search(lead)
        if found:
            detail = f"the lead quote {why} (“{' '.join(found.group(0).split())}”)"
            return Finding(check, 0, detail + ": a person decides whether it answers Yes")
    exceptions = _EXCEPTED.finditer(lead) if _ANY_ALL.search(asked) else iter(())
    # not the question's own ("by someone other than the author")
    excepted = next((e for e in exceptions if not _same_words_after(e, lead, asked)), None)
    if excepted is not None:
        detail = (
            "the question asks about all of it; the lead quote states an exception "
            f"(“{_excerpt(lead, excepted.start(), excepted.end() + 40)}”): "
            "a person decides whether it answers Yes"
        )
        return Finding("scope", 0, detail)
    if ALL_ASKED.search(asked) and not _ALL_STATED.search(lead) and not generic_of_all(asked, lead):
        detail = (
            "the question asks about all of it; the lead quote does not say all: "
            "a person decides whether it answers Yes for all"
        )
        return Finding("scope", 0, detail)
    return None


# What a list's or a table's lead-in says of what follows it: "the following", "as
# follows", "below", "these", "include:".
_POINTS_AHEAD = re.compile(
    r"\b(?:following|follows|below|these|those|includes?|including|listed|set\s+out"
    r"|exceptions?|except|excluding|unless|other\s+than)\b[^:.;]{0,60}:\W*$",
    re.I,
)
_LEAD_IN_WORDS = 8  # a colon's line of this many words at most only leads in
_STATEMENT_WORDS = 40  # ... and of more, a table's cells run together with its caption
# A figure a colon's line states itself: "classifies information into four levels".
_STATES_A_FIGURE = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\b", re.I
)


def _only_leads_in(lead: str) -> bool:
    """Whether the lead ends in a colon and states nothing itself: it points to what
    follows ("Okta enforces the following for workforce accounts:"), or is a few words
    ("Passwords:"); not "Northpine classifies information into four levels, and every
    information asset must be labelled with one of them:", which states the levels."""
    closing = lead.rstrip(" *_")
    if not closing.endswith(":"):
        return False
    said = len(words(closing))
    return (
        bool(_POINTS_AHEAD.search(closing))
        or not _LEAD_IN_WORDS < said <= _STATEMENT_WORDS  # (more: a table run together)
        or not _STATES_A_FIGURE.search(closing)  # "RTOs ... are set per service:"
    )


def _yes_or_no(brief: Brief | None, lead: str, headers: str = "") -> tuple[str, Finding | None]:
    if _only_leads_in(lead):  # "Okta enforces the following for workforce accounts:"
        detail = (
            "the lead quote introduces a list or table and states nothing itself: a person "
            "reads what follows it"
        )
        return NEEDS_REVIEW, Finding("subject", 0, detail)
    other = _another_standard(brief.query, lead) if brief is not None else None
    if other is not None:
        return NEEDS_REVIEW, other
    if brief is not None and (plain_denial(brief.query, lead) or _passively_denied(brief, lead)):
        return NO, None  # "We do not run a SIEM." for "Do you use a SIEM to correlate ...?"
    if brief is not None and _faq_says_no(brief, lead):
        return NO, None  # "Do you operate a public bug bounty program?** Not at this time."
    faq = _FAQ_NO.match(lead) if brief is not None else None
    if faq is not None and faq["rest"] and not _NEGATION.search(faq["rest"]):
        detail = (  # "...?** No. You must change it every 60 days.": what does "No" deny?
            "the lead quote answers its own question “No.” and goes on to state a practice: "
            "a person decides whether it answers Yes or No"
        )
        return NEEDS_REVIEW, Finding("negation", 0, detail)
    if brief is not None and scheduled_change_denied(
        brief.query, lead, lambda: _changed_named(brief, lead)
    ):
        return NO, None  # "University passwords do not expire" for changes every 90 days
    lead = _acronyms_spelled(brief.query, lead) if brief is not None else lead
    opening = _OPENING_NO.match(lead) if brief is not None else None
    if brief is not None and opening is not None and not _asks_absence(brief.query):
        rest = lead[opening.end() - 1 :]
        if not _NEGATION.search(rest) and (
            _about_practice(brief, rest) or PERIOD_STATED.search(rest)
        ):
            detail = (  # "No. Backups are encrypted and stored ...": it goes on to say Yes
                "the lead quote opens with a bare “No.” and goes on to state the practice: a "
                "person decides whether it answers Yes or No"
            )
            return NEEDS_REVIEW, Finding("negation", 0, detail)
        if _answered_no(brief, rest):
            return NO, None
    opposite = _opposite_state_stated(brief, lead) if brief is not None else None
    if opposite is not None:
        return opposite
    answer, finding = _yes_or_no_of_clause(brief, lead, headers)
    if answer != YES or brief is None:
        return answer, finding
    once = _once_for_recurring(brief.query, lead)  # the whole lead: "... before their start"
    if once is not None:
        return NEEDS_REVIEW, once
    denial = None if _asks_absence(brief.query) else _denied_beside(brief, lead)
    return (NEEDS_REVIEW, _denial_finding(denial)) if denial else (YES, None)


def _changed_named(brief: Brief, lead: str) -> bool:
    """Whether the lead names every thing the question asks to be changed (its terms
    but the people, the changing and the schedule: "passwords" of "Are users required
    to change their passwords every 90 days?")."""
    present = set(content_terms(lead))
    things = [
        t
        for t in question_terms(brief.core or brief.query)
        if t not in _PEOPLE_ASKED | _CHANGING | _PRACTISING and not t.isdigit()
    ]
    named = bool(things) and all(thesaurus.says(t, present) for t in things)
    kinds = {stem(w) for w in words(lead)} & _KINDS_OF_ACCOUNT
    asked = {stem(w) for w in words(brief.query)}
    return named and not kinds - asked  # "Service account passwords do not expire"


# Accounts of a kind apart from people's own: their passwords' rules are not the users'.
_KINDS_OF_ACCOUNT = frozenset(
    stem(w)
    for w in "service system shared admin administrator administrative privileged root generic "
    "machine application api break-glass emergency guest local default device wifi wi-fi "
    "vendor contractor customer kiosk temporary initial one-time first-time".split()
)
_CHANGING = frozenset(
    stem(w)
    for w in "change changed expire expiry expiration rotate rotated reset periodically "
    "regularly every schedule scheduled forced mandatory least days months years fixed "
    "interval intervals period cycle".split()
)


def _passively_denied(brief: Brief, lead: str) -> bool:
    """Whether a sentence of the lead says the thing asked about is not offered ("...
    both with Corvane-managed keys held in Azure Key Vault. Customer-managed keys (BYOK)
    are not offered to customers." for whether customers may bring their own keys)."""
    if not _OFFERING_ASKED.search(brief.query) or re.search(r"\bor\b", brief.query, re.I):
        return False  # "Are backups encrypted?" is not denied by "... not provided to ..."
    asked = set(question_terms(brief.core or brief.query))

    def says(term: str) -> bool:
        return thesaurus.says(term, asked)

    return any(passive_denial(asked, lead[a:b], says) for a, b in sentence_spans(lead))


# A question whether something is offered to the asker: "Do you support ...?", "Are
# customers able to ...?", "Is ... available?"
_OFFERING_ASKED = re.compile(
    r"\b(?:support|supports|supported|offer|offers|offered|provide|provides|available"
    r"|able\s+to|possible)\b",
    re.I,
)


# A FAQ's question and its bare negative answer, read as one sentence: "Do you operate
# a public bug bounty program?** Not at this time." (nothing after the answer).
_FAQ_NO = re.compile(
    r"^\W*(?P<question>[^?]{3,200}\?)[\s*_]*"
    r"(?:no|not\s+(?:at\s+(?:this|the\s+present)\s+time|at\s+present|currently|yet|today)"
    r"|currently\s+not)\s*(?:[.!]?[\s*_]*$|[.!;]\s+(?P<rest>\S.*))",
    re.I | re.S,
)
# What a FAQ's "No." goes on to say when it tells why: "No. We stopped forced password
# expiry in 2023 ...". Any other statement of the practice after it is a person's to read.
_STOPPED = re.compile(
    r"\b(?:stopped|ceased|discontinued|dropped|abolished|withdrawn|no\s+longer)\b", re.I
)
# Words that set what a question asks apart from its neighbours: its opposite ("not",
# "outside" against "within" or "inside"), or a part of it ("only", "except").
_SETTING_APART = frozenset(
    "not no never without only except outside inside within other than exclusively".split()
)
_FIGURE = re.compile(r"\d+(?:\.\d+)*")
# A staff FAQ's own voice: "Do I have to change my password every 90 days?" asks what
# "Are users required to change their passwords every 90 days?" asks of its readers.
_ASKED_IN_PERSON = re.compile(r"\b(?:I|we|you|my|our|your)\b")
_PEOPLE_ASKED = frozenset(
    stem(w) for w in "users staff employees personnel workforce colleagues workers".split()
)
_NEEDING = frozenset(stem(w) for w in "need needs must".split())


def _faq_says_no(brief: Brief, lead: str) -> bool:
    """Whether the lead is a FAQ's question answered "No." / "Not at this time." and
    that question asks what the question asks: the same terms both ways (or thesaurus
    alternatives: every option of "SAML or OIDC", "stored or processed"), the same
    figures ("TLS 1.0" is not "TLS 1.2", "7 years" not "1 year") and the same words
    setting it apart ("outside", "only", "not"): a FAQ asking whether data is kept
    outside a country is no answer to whether it is kept only in that country. Of a
    question without options, one term may go unsaid (not its first)."""
    answered = _FAQ_NO.match(lead)
    if answered is None:
        return False
    faq, rest = answered["question"], answered["rest"] or ""
    if _set_apart_by(faq) != _set_apart_by(brief.query):
        return False
    if set(_FIGURE.findall(faq)) != set(_FIGURE.findall(brief.query)):
        return False
    asked = [t for t in question_terms(brief.core or brief.query) if t not in _PRACTISING]
    offered = [t for t in question_terms(faq) if t not in _PRACTISING | _NEEDING]
    if _ASKED_IN_PERSON.search(faq):  # "Do I have to ...?" of "Are users required to ...?"
        asked = [t for t in asked if t not in _PEOPLE_ASKED]
    if rest and not (_NEGATION.search(rest) or _STOPPED.search(rest)):
        return False  # "No. It expires every 60 days instead.": a person reads what it says
    unsaid = [t for t in asked if not thesaurus.says(t, set(offered))]
    # one term the FAQ puts in other words ("client-managed keys" of "bring your own
    # keys"), not its first, and none when the question lists options ("SAML or OIDC")
    spared = 0 if _OPTIONS.search(brief.query) else 1
    return (
        bool(asked and offered)
        and all(thesaurus.says(t, set(asked) | set(question_terms(brief.query))) for t in offered)
        and len(unsaid) <= spared
        and asked[0] not in unsaid
    )


_OPTIONS = re.compile(r"\b(?:or|and/or)\b", re.I)


def _set_apart_by(question: str) -> frozenset[str]:
    return frozenset(w for w in re.findall(r"[a-z]+", question.lower()) if w in _SETTING_APART)


# An answer that opens with a bare "No." (a FAQ's): "No. Access to company systems is only
# permitted from company-managed devices."
_OPENING_NO = re.compile(r"^\W*No\s*[.,;:!\u2014-]\s+(?!\d|of\b)\S")  # not "No. 4 of ..."


def _answered_no(brief: Brief, rest: str) -> bool:
    """Whether what follows a lead's bare "No." is about half or more of what the
    question asks (not necessarily its first term: the answer's subject may be
    another word for it, "access ... from company-managed devices" for personal
    devices, when it names three of its terms: "No. Backups are stored in another
    account" answers a FAQ about where backups are, not whether they are encrypted)."""
    present = set(content_terms(rest))
    wanted = [t for t in question_terms(brief.core or brief.query) if t not in _PRACTISING]
    said = [t for t in wanted if thesaurus.says(t, present)]
    if not wanted or len(said) < _HALF * len(wanted):
        return False
    return wanted[0] in said or len(said) >= _NAMED_BESIDE  # "No. Backups are stored ..."


_HALF = 0.5
_NAMED_BESIDE = 3  # terms a "No." must name when it names not what the ask is about


# An acronym the question defines: "safety instrumented systems (SIS)".
_DEFINED_ACRONYM = re.compile(r"((?:[A-Za-z][\w-]*\s+){1,6})\(\s*([A-Z]{2,6})s?\s*\)")


def _acronyms_spelled(question: str, lead: str) -> str:
    """The lead, read with each acronym the question defines followed by what it
    stands for ("Remote access to an SIS is not permitted" names the safety
    instrumented systems of "Is remote access to safety instrumented systems (SIS)
    permitted?"). Only for reading the Yes or No: no quote changes."""
    for match in _DEFINED_ACRONYM.finditer(question):
        acronym = match.group(2)
        named = match.group(1).split()[-len(acronym) :]
        initials = "".join(w[0] for w in named).upper()
        if initials != acronym or len(named) != len(acronym):
            continue
        spelled = " ".join(named)
        lead = re.sub(rf"\b{acronym}s?\b(?!\s*\()", rf"\g<0> {spelled}", lead)
    return lead


def _clause_of(lead: str, value: str) -> str:
    """The clause of the lead that states the value (the whole lead when none does as
    written): "call-tree tests are conducted every six months" is another clause's."""
    for clause in _CLAUSES_APART.split(lead):
        if clause and value.lower() in clause.lower():
            return clause
    return lead


def _another_kind_valued(brief: Brief, lead: str, value: str) -> Finding | None:
    """A finding when a value question's lead names the thing asked, in the clause
    stating the value, with another word of kind and none of the question's
    (``kinds.another_kind``)."""
    fact = brief.facts[0] if brief.facts else None
    if fact is None or fact.asks is None:
        return None
    things = frozenset(subject_terms(fact))
    clause = _clause_of(lead, value)
    asked = brief.core or brief.query
    # ... or a thing the question names with two words of kind, the sentence with another
    # ("an external network penetration test" for application penetration tests)
    found = another_kind(asked, lead, things, clause) or another_compound(asked, clause or lead)
    if found is None:
        return None
    detail = (
        f"the question asks about {found.asked} {found.thing}; the lead quote states the "
        f"value for {found.stated} {found.thing}: a person decides whether it answers"
    )
    return Finding("subject", 0, detail)


# A yes/no question's subject written before what is done to it: "Is the disaster
# response plan exercised ...?" (a noun phrase of two to four words, no preposition).
# What a question asks is held: "Does the organization maintain cyber liability
# insurance?" ("general liability insurance" is another kind).
_OBJECT_HELD = re.compile(
    r"^\W*(?:do|does)\s+(?:you|we|the\s+[\w-]+|your\s+[\w-]+)\s+(?:have|maintain|hold"
    r"|carry|possess)\s+(?:(?:an?|any|the)\s+)?"
    r"(?P<subject>[A-Za-z-]+(?:\s+(?!(?:of|for|with|to|in|on|at|by|from|and|or|that)\b)"
    # (what it is for may follow: "... cyber-risk insurance to protect against outages?")
    r"[A-Za-z-]+){1,3}?)(?:\s*(?:[?(,]|$)|\s+(?:in\s+order\s+)?to\s)",
    re.I,
)
_SUBJECT_BEFORE_PARTICIPLE = re.compile(
    r"^\W*(?:is|are|was|were)\s+(?:(?:the|your|an?|all|any)\s+)?"
    r"(?P<subject>[A-Za-z-]+(?:\s+(?!(?:of|for|with|to|in|on|at|by|from|and|or)\b)[A-Za-z-]+){1,3}?)"
    r"\s+(?:[a-z]+(?:ed|en)|held|kept|run|done|set|built|made)\b",
    re.I,
)


def _another_kind_named(brief: Brief, lead: str, place: str = "") -> Finding | None:
    """A finding when a yes/no question's lead names the thing asked with another word
    of kind in the place of the question's first (``kinds.another_compound``): "The
    incident response plan is tested at least annually" does not say the disaster
    response plan asked is exercised; nor does "The plan is tested at least once a
    year" in the incident response plan say a business continuity plan is
    (``kinds.another_compound_placed``)."""
    if other_insurance(brief.query, lead):
        detail = (  # "... claimed through the University's property insurance program"
            "the question asks about cyber insurance; the lead quote speaks of insurance of "
            "another kind: a person decides whether it answers"
        )
        return Finding("subject", 0, detail)
    placed = another_compound_placed(brief.query, lead, place) if place else None
    subject = _SUBJECT_BEFORE_PARTICIPLE.match(brief.query) or _OBJECT_HELD.match(brief.query)
    if subject is None or any(w.lower() in STOPWORDS for w in words(subject.group("subject"))):
        found = placed  # "Are systems that cannot be patched isolated?": no noun phrase
    else:
        found = another_compound(subject.group("subject"), lead) or placed
    if found is None:
        return None
    said = (
        "the lead quote states it"
        if found is not placed
        else f"the lead quote is under “{' '.join(place.split())}”, which states it"
    )
    detail = (
        f"the question asks about the {found.asked} {found.thing}; {said} "
        f"of the {found.stated} {found.thing}: a person decides whether it answers"
    )
    return Finding("subject", 0, detail)


# A numbered standard: "ISO 27001", "ISO/IEC 27701:2019", "ISO 22301".
_STANDARD = re.compile(r"\bISO(?:\s*/\s*IEC)?\s*(\d{4,5})\b", re.I)


def _another_standard(question: str, lead: str) -> Finding | None:
    """A finding when the question asks about a numbered standard and the lead names
    only others: "We are not ISO 27001 certified" says nothing of ISO 27701 (it was a
    No), "We hold ISO 27001" nothing of ISO 22301."""
    asked = {m.group(1) for m in _STANDARD.finditer(question)}
    named = {m.group(1) for m in _STANDARD.finditer(lead)}
    if not asked or not named or asked & named:
        return None
    detail = (
        f"the question asks about ISO {', '.join(sorted(asked))}; the lead quote names "
        f"ISO {', '.join(sorted(named))}: a person decides"
    )
    return Finding("subject", 0, detail)


def _denied_beside(brief: Brief, lead: str) -> str | None:
    """A clause of the lead, beside the one a Yes was read off, that denies what is
    asked and names no other group or grade: "Contractors: same onboarding as
    employees, but no background check" is no Yes to background checks of contractors."""
    asked = qualifiers_asked(brief.query)
    terms = _asked_stems(brief)
    for clause in _CLAUSES_APART.split(lead):
        if asked and another_qualifier(asked, clause) and not qualifiers_named(clause) & asked:
            continue
        elsewhere = frozenset(content_terms(lead.replace(clause, " ")))  # "contractors"
        for negation in _NEGATION.finditer(clause):
            if (
                _bounding(clause, negation.start(), brief.query)
                or _in_a_condition(brief.query, lead, lead.find(clause) + negation.start())
                or _names_by_negation(brief.query, clause, negation.start())
                or _negated_relative(clause, negation)
            ):
                continue  # "no later than", "an auditor who does not audit their own work",
                # "accounts that do not use single sign-on ... shall", "Where an
                # institution does not enable single sign-on, users sign in with ..."
            if _denies(clause, negation.end(), terms) and _about_practice(brief, clause, elsewhere):
                return " ".join(clause.split())
    return None


# A "no" inside a relative clause right after its verb says which things are meant, not
# that the practice is not done: "usage telemetry that contains no meeting content ... to
# improve the Service" (not "that data never leaves the EU": "never" denies, and "data"
# is the clause's subject, no verb).
_RELATIVE_VERB = re.compile(r"\b(?:that|which)\s+(?:contains?|includes?)\s+$", re.I)
# ... or a relative clause's own negated verb, in a subject the sentence's main verb
# follows: "accounts that cannot use single sign-on | must meet ...", "systems which do
# not support MFA | are ..." (what it denies sets the subject apart, nothing more).
_RELATIVE_NEGATED = re.compile(r"\b(?:that|which|who)\s+(?:(?:do|does|can|are|is)\s+)?$", re.I)
_JOINED_VERB = re.compile(r"\b(?:and|or|but)\s+$", re.I)  # "... and is located"
# The verb a negation leaves to come ("cannot use", "do not support"), where the negated
# word after is a verb, not the predicate ("are not reviewed").
_VERB_NEGATED = re.compile(
    r"(?:\b(?:do|does|did|can|could|will|would)\s+not|n['\u2019]t|cannot)$", re.I
)
_MAIN_VERB = re.compile(r"\s(?:must|shall|should|are|is|will|have\s+to|has\s+to)\s", re.I)
_RELATIVE_REACH = 80  # characters of the relative clause and the main verb after it
# An aside set off by commas: ", including applicant accounts,".
_ASIDE = re.compile(
    r",\s*(?:including|such\s+as|e\.g\.|excluding|except|other\s+than)\b[^,.;:]{0,100},", re.I
)


def _negated_relative(text: str, negation: re.Match[str]) -> bool:
    """Whether the negation is a relative clause's own in the sentence's subject, its
    main verb after it: "accounts that cannot use single sign-on must ...", "Users who
    cannot use MFA are exempted": it sets part of the subject apart, and denies nothing
    of the rest (not "an array that does not encrypt them and is located ...": the
    clause's own second verb)."""
    before = text[max(0, negation.start() - 40) : negation.start()]
    relative = _RELATIVE_NEGATED.search(before)
    if not relative:
        return False
    # (of its own clause: "... are sanitized before re-use; media that cannot be
    # sanitized are physically destroyed")
    head = re.split(r"[.;]\s", text[: max(0, negation.start() - 40) + relative.start()])[-1]
    if _MAIN_VERB.search(f" {head} "):
        return False  # in the object: "Backups are sent to a vendor that does not encrypt ..."
    # (to the main verb past an aside: "accounts that do not use single sign-on,
    # including applicant accounts, shall be a minimum of 14 characters")
    after = _ASIDE.sub("", text[negation.end() :])
    rest = re.split(r"[.;,:]", after, maxsplit=1)[0][:_RELATIVE_REACH]
    return any(  # the first verb not joined to the clause's own ("... and are used ... must")
        not _JOINED_VERB.search(rest[: verb.start() + 1]) for verb in _MAIN_VERB.finditer(rest)
    )


def _in_relative_clause(text: str, negation: re.Match[str], asked: str) -> bool:
    """Whether the negation is a relative clause's "no" after a verb of content
    (``_RELATIVE_VERB``), or a relative clause's negated verb in the subject
    (``_negated_relative``), and what it denies is nothing the question asks about
    ("that contains no meeting content" for telemetry used to improve the product; "a
    database that contains no encryption keys" is about keys when they are asked;
    "accounts that cannot use single sign-on" for password policies)."""
    word = negation.group(0).lower()
    before = text[max(0, negation.start() - 40) : negation.start()]
    if word == "no" and _RELATIVE_VERB.search(before) is not None:
        after = words(text[negation.end() :])
    elif word != "no" and _negated_relative(text, negation):
        # "Passwords for accounts that cannot use single sign-on must meet the standard"
        after = [w for w in words(text[negation.end() :]) if w.lower() not in _BRIDGE]
        after = after[1:] if _VERB_NEGATED.search(before + negation.group(0)) else after
    else:
        return False
    wanted = set(content_terms(asked))
    noun = itertools.islice(itertools.takewhile(lambda w: w.lower() not in STOPWORDS, after), 3)
    denied = {stem(w.lower()) for w in noun}  # "meeting content" (to improve ...)
    return not (denied & wanted or any(thesaurus.says(term, denied) for term in wanted))


# A question whether customers hold their own encryption keys (BYOK, HYOK), and a
# sentence saying they do: the customer's keys, or keys customers bring, supply or
# manage; not a cloud key service's "customer managed keys", which are the vendor's own
# ("AWS KMS customer managed keys owned by ..."), nor "AWS KMS-managed keys".
_OWN_KEYS_ASKED = re.compile(
    r"\b(?:byok|hyok)\b|\bbring\s+(?:their|your)\s+own\s+(?:encryption\s+)?keys?"
    r"|\b(?:customer|client|tenant)s?[- ](?:managed|provided|supplied|held|controlled)\s+"
    r"(?:encryption\s+)?keys?"
    r"|\b(?:customers?|clients?|tenants?|institutions?|cscs?)\s+(?:\w+\s+){0,5}(?:provide|manage"
    r"|bring|control|supply|hold|use)\s+(?:and\s+\w+\s+)?(?:their|its)\s+own\s+"
    r"(?:data\s+)?(?:encryption\s+)?keys?",
    re.I,
)
_KEY_HOLDERS = r"(?:customers?|clients?|tenants?|institutions?)"
_OWN_KEYS_SAID = re.compile(
    r"\b(?:byok|hyok)\b|\b(?:bring|brings|supply|supplies|provide|provides|upload|import|manage"
    r"|manages|control|controls|hold|holds|generate|generates)\s+(?:their|its|your)\s+own\s+"
    r"(?:data\s+)?(?:encryption\s+)?keys?"
    rf"|\b{_KEY_HOLDERS}(?:['\u2019]s?)?\s+own\s+(?:data\s+)?(?:encryption\s+)?keys?"
    # "customer-managed keys", not a key service's name for the vendor's own ("AWS KMS
    # customer managed keys owned by Acme", "... keys (CMKs) that are owned by Acme")
    r"|(?<!KMS\s)(?<!KMS-)\b(?:customer|client|tenant)s?[- ]"
    r"(?:managed|provided|supplied|held|controlled)\s+(?:encryption\s+)?keys?\b"
    r"(?!\s*(?:\(CMKs?\)\s*)?(?:(?:that|which)\s+)?(?:are\s+)?owned\b)"
    r"|\bkeys?\s+(?:are\s+|can\s+be\s+)?(?:\w+\s+and\s+)?(?:held|managed|controlled|supplied"
    rf"|provided|generated)\s+by\s+(?:the\s+|each\s+)?{_KEY_HOLDERS}",
    re.I,
)


# A plan's test asked ("Is the incident response plan tested at least annually?",
# "... for example through tabletop exercises") and its review said ("The Incident
# Response Plan and Runbook are reviewed annually"): a review reads the plan, a test
# rehearses it.
_TEST_ASKED = re.compile(
    r"\b(?:test(?:s|ed|ing)?|exercis\w*|tabletops?|drills?|rehears\w*)\b", re.I
)
_TEST_SAID = re.compile(
    r"\b(?:test(?:s|ed|ing)?|exercis\w*|tabletops?|drills?|rehears\w*|simulat\w*|walk-?through"
    r"|failovers?|restor\w*)\b",
    re.I,
)
_REVIEW_SAID = re.compile(r"\b(?:review\w*|updat\w*|revis\w*|approv\w*)\b", re.I)


def _reviewed_for_tested(asked: str, lead: str) -> Finding | None:
    """A finding when the question asks whether a plan is tested and the lead says only
    that it is reviewed."""
    if not _TEST_ASKED.search(asked) or _TEST_SAID.search(lead) or not _REVIEW_SAID.search(lead):
        return None
    detail = (
        "the question asks whether it is tested or exercised; the lead quote says it is "
        "reviewed: a person decides whether it answers Yes"
    )
    return Finding("subject", 0, detail)


# Keys a service or the vendor manages: "keys managed in AWS KMS", "KMS-managed keys".
_VENDOR_MANAGED_KEYS = re.compile(
    r"\bkeys?\s+(?:are\s+)?(?:generated\s+and\s+)?managed\s+(?:in|by|through|with|using)\b"
    r"|\b(?:KMS|HSM|provider|platform)[\s-]managed\s+keys?\b",
    re.I,
)


def _vendors_keys(asked: str, sentence: str) -> bool:
    """Whether the question asks whether customers hold their own keys and the sentence
    speaks of keys a service or the vendor manages, none of the customer's."""
    return (
        _OWN_KEYS_ASKED.search(asked) is not None
        and _VENDOR_MANAGED_KEYS.search(sentence) is not None
        and _OWN_KEYS_SAID.search(sentence) is None
    )


def _own_keys_unsaid(asked: str, lead: str) -> Finding | None:
    """For a question whether customers hold their own keys, a lead that does not say
    they do: "Student data at rest is encrypted with AES-256 using AWS KMS-managed keys"
    is no Yes to bring-your-own-key."""
    if _OWN_KEYS_ASKED.search(asked) is None or _OWN_KEYS_SAID.search(lead) is not None:
        return None
    detail = (
        "the question asks whether customers hold their own encryption keys; the lead quote "
        "does not say they do (keys a cloud key service manages are the vendor's): a person "
        "decides"
    )
    return Finding("subject", 0, detail)


# CAIQ's "Are processes, procedures, and technical measures defined, implemented, and
# evaluated to destroy cryptographic keys ...?": the verb after "to" is the practice.
_MEASURES_TO = re.compile(
    r"\b(?:defined|implemented|evaluated|established|maintained)\b[^?]*?\bto\s+"
    r"(?P<verb>[a-z]{4,})\b",
    re.I,
)
# Verbs of doing away with a thing, whose opposite a lead may state instead ("Previous
# key versions remain enabled"): a lead must state one.
_DESTROYING = frozenset(
    stem(w)
    for w in "destroy delete dispose erase purge shred wipe sanitize sanitise revoke".split()
)


def _measured_practice_unsaid(brief: Brief, lead: str) -> Finding | None:
    """For CAIQ's measures "defined, implemented, and evaluated to destroy X" (or another
    verb of doing away with it), a lead that does not say it is done (the verb, or a
    thesaurus alternative): "Previous key versions remain enabled in Key Vault ..." is
    no Yes to measures to destroy keys."""
    verb = _MEASURES_TO.search(brief.query)
    core = words(brief.core)
    if verb is None or not core or core[0].lower() != verb["verb"].lower():
        return None
    practice = stem(verb["verb"].lower())
    if practice not in _DESTROYING:
        return None
    if thesaurus.says(practice, set(content_terms(lead))):
        return None
    detail = (
        f"the question asks about measures to {verb['verb']}; the lead quote does not say "
        "it is done: a person decides whether it answers Yes"
    )
    return Finding("subject", 0, detail)


def _yes_or_no_of_clause(
    brief: Brief | None, lead: str, headers: str = ""
) -> tuple[str, Finding | None]:
    sentence = lead  # (what it includes may be listed over its clauses)
    lead = _asked_clause(brief.query, lead) if brief is not None else lead
    asked = brief.query if brief is not None else ""
    if _done_without_what_is_asked(asked, sentence):
        return NO, None  # "Is prior approval required?": "... may run them without prior approval"
    negations = [
        m
        for m in _NEGATION.finditer(lead)
        if not _bounding(lead, m.start(), asked)
        and not _names_by_negation(asked, lead, m.start())
        and not _in_condition(asked, lead, m.start())
        and not _in_relative_clause(lead, m, asked)
        and not _in_not_applicable_cell(lead, m.start())
        and not _in_closing_condition(asked, lead, m)
    ]
    # (of the part asking Yes or No: "..., what is the minimum TLS version allowed?" asks
    # no permission)
    first_part = brief.facts[0].text if brief is not None and brief.facts else asked
    forbids = next(iter(_refusals(lead)), None) if _ALLOWED_ASK.search(first_part) else None
    permitted = _plainly_permitted(lead) if brief is not None and _asks_absence(asked) else False
    if permitted and brief is not None and _about_practice(brief, lead, _PERMISSION):
        return NO, None  # "Is personal use prohibited?": "Incidental personal use is permitted"
    if not negations and forbids is None:  # "disabled" refuses only what is asked allowed
        unnamed = (
            _qualified(brief, lead)
            or (overstated(brief.query, lead) if brief is not None else None)
            or (_short_ask_unnamed(brief, lead) if brief is not None else None)
            or (_included_unnamed(brief.query, sentence) if brief is not None else None)
            # (a row's headers name its cells: "Recovery time objective (RTO)")
            or (
                _defined_term_unnamed(brief.query, f"{lead} {headers}")
                if brief is not None
                else None
            )
            or (_named_in_a_law_only(brief, lead) if brief is not None else None)
        )
        if unnamed is None and _kept_inside(asked, lead):
            return NO, None  # "Is data stored outside the US?": "stored only in the US"
        qualified = (
            unnamed
            or (_only_something_else(brief, lead) if brief is not None else None)
            or (_opposite_state(brief.query, lead) if brief is not None else None)
            or permission_unstated(asked, lead)
            or _reviewed_for_tested(asked, lead)
            or _own_keys_unsaid(asked, lead)
            or (_measured_practice_unsaid(brief, lead) if brief is not None else None)
        )
        return (NEEDS_REVIEW, qualified) if qualified else (YES, None)
    lifted = _NOT_PROHIBITED.search(lead)
    if _asks_absence(asked):
        denied = _control_denied(asked, lead)
        if denied is not None:  # "Is a DLP solution deployed to block ...?": "No DLP ..."
            return _no_unless_excepted(lead, [denied], asked)
        if lifted is None:
            return YES, None  # "Do you prohibit X?" answered by "X is not permitted"
        detail = (
            f"the question asks whether it is prohibited; the lead quote says it is not "
            f"(“{' '.join(lifted.group(0).split())}”): a person decides whether it answers No"
        )
        return NEEDS_REVIEW, Finding("negation", 0, detail)
    terms = _asked_stems(brief) if brief is not None else set()
    plain = not _NEGATED_ASK.search(asked)
    forbidding = _forbidding_clause(brief, lead) if plain and forbids else None
    if forbidding is not None:  # "Are shared accounts allowed?": "Shared accounts are prohibited"
        return _no_unless_excepted(lead, [forbidding], asked)
    denials = (
        [
            m
            for m in negations
            if _denies(lead, m.end(), terms, used_in_asked(asked))
            and not _in_reason(lead, m.start())
            # (a subject's relative clause sets part of it apart: "media that cannot be
            # sanitized are physically destroyed" denies no sanitizing)
            and not _negated_relative(lead, m)
        ]
        if terms
        else []
    )
    here = (  # (not "Users who cannot use MFA are exempted": an exception, no denial)
        [m for m in denials if _denied_here(brief, lead, m) and not _negated_relative(lead, m)]
        if brief is not None
        else []
    )
    if (
        plain
        and here
        and brief is not None
        and (len(here) == len(denials) or _alternatives_all_denied(brief, lead, here))
    ):
        if _ALLOWED_ASK.search(asked) and _permits_practice(brief, lead):
            detail = (  # "allowed to access email but never allowed to access production"
                "the lead quote allows it in one clause and refuses it in another: a person "
                "decides which the question asks about"
            )
            return NEEDS_REVIEW, Finding("negation", 0, detail)
        if _other_alternative_stated(asked, lead, denials[0].end()):
            detail = (  # "We do not sell customer data, but we share it with subprocessors"
                "the lead quote denies one of the alternatives asked and goes on to a "
                "contrasting clause: a person decides whether it answers No"
            )
            return NEEDS_REVIEW, Finding("negation", 0, detail)
        return _no_unless_excepted(lead, [m.start() for m in denials], asked)
    # (beside a negation of something other than the ask's terms: "... runs automated unit
    # tests ..., and a release cannot be deployed if a critical finding is open"; not
    # "..., and backups are not encrypted")
    affirming = (
        _affirming_clause(brief, lead)
        if plain and not forbids and not any(_names_after(lead, m.end(), terms) for m in denials)
        else None
    )
    if affirming is not None and affirming != lead:  # another clause's negation
        return _yes_or_no_of_clause(brief, affirming, headers)
    if affirming is not None and _BRACKETED_ASIDE.search(lead):  # an aside's, in brackets
        return _yes_or_no_of_clause(brief, _BRACKETED_ASIDE.sub("", lead), headers)
    refusal = negations[0] if negations else forbids
    detail = (
        f"the lead quote holds a negation (“{refusal.group(0) if refusal else ''}”): "
        "a person decides whether it answers Yes or No"
    )
    return NEEDS_REVIEW, Finding("negation", 0, detail)


def _other_alternative_stated(asked: str, lead: str, denied_at: int) -> bool:
    """Whether the question offers alternatives ("sold or shared") and a clause of the
    lead after the denying one names one of them with no negation: "We do not sell
    customer data, but we share it with subprocessors" ("; we share it", "and we
    share it only with ...")."""
    offered = _OR_ASKED.search(asked)
    if offered is None:
        return False
    wanted = {stem(w.lower()) for w in offered.groups() if w}
    listed = _DENIED_LIST.match(lead, denied_at)  # "not stored, processed or accessed"
    later = _CLAUSE_BREAKS.split(lead[listed.end() if listed else denied_at :])[1:]
    return any(
        not _NEGATION.search(clause)
        and not _stand_in_data(clause)
        and _states_alternative(words(clause), wanted)
        for clause in later
    )


def _states_alternative(clause: list[str], wanted: set[str]) -> bool:
    """Whether a clause's words state one of the alternatives asked, other than as the
    participle opening it before its noun: "; stored passwords shall be hashed" says how
    what is kept is kept, not that it is kept in clear text."""
    return any(
        one_family(stem(w.lower()), t) and not (at == 0 and len(clause) > 1)
        for at, w in enumerate(clause)
        for t in wanted
    )


def _stand_in_data(clause: str) -> bool:
    """Whether a clause is about data standing in for the real thing ("all non-production
    environments use synthetic data only"): it states no use of the data asked about."""
    return bool(_STAND_IN_DATA.search(clause)) and not _PRODUCTION.search(clause)


_PRODUCTION = re.compile(r"(?<!\bnon-)(?<!\bnon\s)\bproduction\b", re.I)  # not "non-production"


# Data standing in for the real thing: "...; staging uses synthetic data" uses no
# production data (the alternative "used" named of something else); not masked or
# de-identified production data, which is production data.
_STAND_IN_DATA = re.compile(r"\b(?:synthetic|dummy|fake|fictitious|mock)\b", re.I)


# A question offering alternatives ("sold or shared"), and where a lead's clauses part.
_OR_ASKED = re.compile(
    r"\b([a-z]{2,}ed|sold|sent|kept|held|told|given|shown)\s+or\s+([a-z]{2,}ed|sold|sent|kept"
    r"|held|told|given|shown)\b"
    r"|^\W*(?:do|does|will|would|did)\s+(?:you|we|the\s+\w+)\s+([a-z]{3,})\s+or\s+([a-z]{3,})\b",
    re.I,
)
# The verbs a negation denies together: "is not stored, processed or accessed from ..."
# (each is denied; none is a clause of its own stating it).
_LIST_WORD = (
    r"(?:[A-Za-z-]+(?:ed|en)|sold|kept|held|sent|built|run|made|done|read|set|put|shown|shared"
    r"|used|stored|moved)\b"
)
_DENIED_LIST = re.compile(
    rf"\s*{_LIST_WORD}(?:(?:\s*,\s*(?:or\s+|and\s+)?|\s+(?:or|and|and/or|nor)\s+){_LIST_WORD})*"
)
_CLAUSE_BREAKS = re.compile(r"[;,]|\b(?:and|but|while|whereas|though|although|however|yet)\b", re.I)


def _forbidding_clause(brief: Brief | None, lead: str) -> int | None:
    """Where the lead forbids what is asked, in a clause about the practice asked (its
    first such; another clause may forbid something else first: "Personal laptops are
    not allowed to access any company system, and personal devices are never allowed to
    access production"), or None; None too when another clause allows the practice
    ("Personal devices are allowed to access email but are not allowed to access
    production": a person reads which is asked)."""
    if brief is None or _permits_practice(brief, lead):
        return None
    return next(
        (
            m.start()
            for m in _refusals(lead)
            if _clause_about_practice(brief, lead, m) or _forbidden_outright(brief, lead, m)
        ),
        None,
    )


def _forbidden_outright(brief: Brief, lead: str, refusal: re.Match[str]) -> bool:
    """Whether the clause forbids the very thing asked allowed, everywhere: it names
    every word of that thing, nothing the question does not name before the refusal
    (but an adverb, a lead-in before a comma, or an alternative after "or") and nothing
    after it ("Shared accounts are not permitted." forbids what "Do you permit the use
    of shared accounts to access systems that process personal data?" asks allowed, on
    those systems too; "Shared administrator accounts ..." and "... not permitted on
    build servers" forbid less)."""
    thing = _THING_ALLOWED.match(brief.core or brief.query)
    start, end = _clause_span(lead, refusal.start())
    after = lead[refusal.end() : end]
    if thing is None or content_terms(_WHOLLY.sub("", after)):
        return False
    wanted = [t for t in question_terms(thing["thing"]) if t not in _ACTORS | _PERMISSION]
    subject = lead[start : refusal.start()].rsplit(",", 1)[-1]  # (not "At Acme, ...")
    plain = " ".join(w for w in words(subject) if not w.lower().endswith("ly"))  # "strictly"
    present = set(content_terms(plain)) - _PERMISSION - _ACTORS
    narrowing = set(content_terms(_ALTERNATIVE_NAMED.sub(" ", plain))) & present
    asked = set(question_terms(brief.query))  # nothing more named: "Shared administrator
    beyond = [  # accounts" forbid fewer ("Shared or generic" forbid more)
        t for t in narrowing if not thesaurus.says(t, asked) and not _NUMBERING.match(t)
    ]
    return bool(wanted) and all(thesaurus.says(t, present) for t in wanted) and not beyond


_NUMBERING = re.compile(r"^\d+(?:\.\d+)*$")  # a clause's number: "4.2"
_ALTERNATIVE_NAMED = re.compile(r"\bor\s+[\w-]+", re.I)  # "shared or generic accounts"
# The thing a question asks is allowed, before the scope it asks it of: "permit | the
# use of shared accounts | to access systems that ...", "allow | employees to use
# personal devices | for ...".
_THING_ALLOWED = re.compile(
    r"^\W*(?:permit|allow)\s+(?:the\s+use\s+of\s+)?(?P<thing>\w.*?)"
    r"(?=\s+(?:to\s+(?:access|connect|process|store|log|sign)|for|on|in|within|from|at|when"
    r"|while|outside|by)\b|\s*[?,;]|\s*$)",
    re.I,
)
# What a refusal may say after it and still forbid everywhere: "at any time", "under any
# circumstances".
_WHOLLY = re.compile(
    r"\b(?:at\s+any\s+time|under\s+any\s+circumstances?|in\s+any\s+case|whatsoever"
    r"|for\s+any\s+(?:reason|purpose))\b",
    re.I,
)


def _permits_practice(brief: Brief, lead: str) -> bool:
    """Whether a clause of the lead plainly allows the practice asked."""
    return any(_clause_about_practice(brief, lead, m) for m in _PERMITTED.finditer(lead))


def _clause_about_practice(brief: Brief, lead: str, match: re.Match[str]) -> bool:
    clause = _clause_at(lead, match.start())
    return _about_practice(brief, clause, _PERMISSION, by_phrase=True)


def _affirming_clause(brief: Brief | None, lead: str) -> str | None:
    """The one clause of the lead that states the practice asked with no negation, when
    every clause holding a negation is about something else: "USB mass-storage devices
    are blocked on company laptops, and staff must not copy company data to personal
    drives" states the block; its "must not" does not deny it."""
    if brief is None:
        return None
    clauses = [c for c in split_outside_brackets(_CLAUSES_APART, lead) if c.strip()]
    # (an aside's negation in brackets qualifies: "(TLS 1.0 and 1.1 are not permitted)";
    # so does a clause refusing older versions: "...; TLS 1.0, TLS 1.1 and all SSL
    # versions are disabled")
    negated = [
        c for c in clauses if _NEGATION.search(brackets_masked(c)) and not VERSION_REFUSED.search(c)
    ]
    stating = [
        c
        for c in clauses
        if c not in negated and _about_practice(brief, c) and not _stand_in_data(c)
    ]
    if len(stating) != 1 or any(_about_practice(brief, c) for c in negated):
        return None
    return stating[0]


# An ask this short names nothing a Yes may leave out. (Four terms would also send to a
# person "Do employees complete HIPAA training?" off training with no HIPAA, but took
# nine right Yes answers of the three labelled sets with it: 0.379 -> 0.328 recall on
# policies-a, 0.302 -> 0.256 on policies-d.)
_SHORT_ASK = 2


# Information and data, each the other's name in a short ask's subject: "All information
# is classified into one of four levels" classifies data. Only the word alone, as the
# stuff itself: "information security", "information systems", "data centres" name other
# things (and no thesaurus group: any "information security" sentence would name data).
_INFORMATION_OR_DATA = {"information": stem("data"), "data": stem("information")}
_STUFF_ALONE = re.compile(
    r"\b(information|data)\b(?![\s-]+(?:security|systems?|technology|technologies|officers?"
    r"|governance|services?|centres?|centers?|protection|controllers?|processors?|rooms?"
    r"|halls?|team|subjects?|breach(?:es)?)\b)",
    re.I,
)


def _short_ask_unnamed(brief: Brief, lead: str) -> Finding | None:
    """A finding when a short ask ("Are backups encrypted?", "Do employees complete
    HIPAA training?") has a term the lead sentence does not name (nor a thesaurus
    alternative): "Backups are geo-replicated" says nothing of encrypting them, "All
    staff complete security awareness training" nothing of HIPAA."""
    asked = thesaurus.abbreviated(question_terms(brief.core or brief.query))
    wanted = [term for term in asked if term not in LIGHT_VERBS]
    if brief.about_document or not wanted or len(asked) > _SHORT_ASK:
        return None  # a document's title names what its sentences are about
    present = set(content_terms(lead))
    present |= {_INFORMATION_OR_DATA[m.group(1).lower()] for m in _STUFF_ALONE.finditer(lead)}
    missing = [term for term in wanted if not thesaurus.says(term, present)]
    if not missing:
        return None
    detail = (
        f"the lead quote does not name all the question asks about (not named: "
        f"{', '.join(as_written(missing, brief.query))}): a person decides whether it answers Yes"
    )
    return Finding("subject", 0, detail)


# What a question asks is included: "Does the pre-employment screening include a drug
# screening?", "Does the training cover phishing?"
_INCLUDED_ASKED = re.compile(
    r"^\W*(?:does|do|will)\b[^?]*?\b(?:include|includes|cover|covers)\s+"
    r"(?P<what>[^?]{2,120})\?",
    re.I,
)


# Where the things asked to be included end and when they are asked of begins: "...
# testing, and validation before moving changes to production".
_WHEN_INCLUDED = re.compile(r"\s+(?:before|after|prior\s+to|whenever|when|during|upon)\s", re.I)
_LAST_ITEM = re.compile(r".*(?:,|\band\b|\bor\b)", re.I | re.S)


def _without_when(listed: str) -> str:
    """The things a question asks be included, without when they are asked of: a time
    after the last item ("testing, and validation before moving changes to
    production"), not one inside an item ("steps to follow during an incident, ...")."""
    last = _LAST_ITEM.match(listed)
    start = last.end() if last else 0
    when = _WHEN_INCLUDED.search(listed, start)
    return listed[: when.start()] if when else listed


# Words too broad to set an included thing apart: "manual security testing" is named by
# "manual penetration testing techniques".
_BROAD_WORDS = frozenset(stem(w) for w in "security information data system systems".split())


# A leave a question asks is required ("Does the supplier require the bank to obtain
# prior approval before ...?", "Is approval required for emergency changes?") and a lead
# saying it is done without it ("Customers may conduct penetration tests ... without prior
# approval"): No. Not when the lead denies the doing ("never ... without consent" says
# consent is required).
_LEAVE = r"(?:approval|authori[sz]ation|permission|consent|sign-?off|notice|notification)"
_LEAVE_REQUIRED = re.compile(
    rf"\b(?:requires?|required|need|needs|needed|must|obtain|have\s+to)\b[^?]{{0,60}}?"
    rf"\b(?P<leave>{_LEAVE})\b"
    rf"|\b(?P<named>{_LEAVE})\s+(?:is\s+|be\s+)?(?:required|needed|necessary|mandatory)\b",
    re.I,
)
_WITHOUT_LEAVE = re.compile(
    r"\bwithout\s+(?:(?:any|the|a|an|their|its|prior|advance|written|formal|explicit|further"
    rf"|additional)\s+)*(?P<leave>{_LEAVE})\b",
    re.I,
)


def _done_without_what_is_asked(asked: str, lead: str) -> bool:
    """Whether the question asks a leave is required and the lead says the thing is done
    without that leave, its clause denying nothing."""
    wanted = _LEAVE_REQUIRED.search(asked)
    if wanted is None or _LEAVE_GIVEN.search(lead):
        return False  # "... emergency changes require verbal approval", "only with consent"
    leave = stem(wanted["leave"] or wanted["named"])
    done = set(question_terms(_LEAVE_REQUIRED.sub(" ", asked))) - _ASKING_LEAVE
    for without in _WITHOUT_LEAVE.finditer(lead):
        clause = re.split(r"[.;,]\s", lead[: without.start()])[-1]
        if stem(without["leave"]) != leave or _NEGATION.search(clause):
            continue
        named = done & set(content_terms(clause))  # what is done without it is what is asked
        if done and _NAMED_WITHOUT * len(named) >= 2 * len(done):
            return True
    return False


# What says the leave is given or required after all: "... require verbal approval",
# "only with customer consent", "except ...".
_LEAVE_GIVEN = re.compile(
    rf"\b(?:requires?|required|need|needs|needed|must\s+(?:obtain|have|get))\b[^.;]{{0,40}}?"
    rf"\b{_LEAVE}\b|\bonly\s+(?:with|after|once|upon)\b|\bexcept\b|\bunless\b",
    re.I,
)
# Words of the question's asking, no part of what is done without the leave.
_ASKING_LEAVE = frozenset(
    stem(w) for w in "require obtain prior approval authorization consent permission".split()
)
_NAMED_WITHOUT = 3  # at least two in three of the question's words name what is done


# A value the question asks be set, not a thing included: "notification of regulators
# within a defined timeframe" (the value's own check reads whether one is stated).
_DEFINED_TIMEFRAME = re.compile(
    r"\b(?:within|in|at|on|to)\s+(?:a|an|the)\s+(?:defined|specified|set|agreed|documented)"
    r"\s+(?:timeframes?|time|periods?|deadlines?|frequency|intervals?|schedule|slas?)\b",
    re.I,
)


def _included_unnamed(question: str, lead: str) -> Finding | None:
    """A finding when the question asks whether something includes a thing and the
    lead does not name every word that thing adds to the question: "For US hires,
    screening includes a criminal record check, ..." says nothing of a drug screening,
    "criminal history and employment history" nothing of credit history."""
    asked = _INCLUDED_ASKED.match(question)
    if asked is None:
        return None
    before = set(question_terms(question[: asked.start("what")]))
    aside = LIGHT_VERBS | before | _BROAD_WORDS
    what = _without_when(asked["what"])  # "... and validation before moving changes"
    if ASKS_PATTERN["duration"].search(lead):  # (the value asked, stated: nothing included)
        what = _DEFINED_TIMEFRAME.sub(" ", what)
    wanted = [t for t in question_terms(what) if t not in aside]
    present = set(content_terms(lead))
    if not wanted or all(thesaurus.says(t, present) for t in wanted):
        return None
    detail = (
        f"the question asks whether it includes {' '.join(asked['what'].split())}; the lead "
        "quote does not name all of it: a person decides whether it answers Yes"
    )
    return Finding("subject", 0, detail)


# A term the question defines by its acronym: "a hardware security module (HSM)".
_DEFINED = re.compile(r"((?:[A-Za-z][\w-]*\s+){1,6})\(([A-Z][A-Za-z0-9]{1,7})s?\)")


def _defined_term_unnamed(question: str, lead: str) -> Finding | None:
    """A finding when the question defines a term by its acronym and the lead names
    neither (nor a thesaurus alternative): the question spells out what it asks about,
    so "Encryption keys are managed in AWS Key Management Service (KMS)" does not say
    Yes to "Are encryption keys stored in a hardware security module (HSM)?"."""
    present = set(content_terms(lead))
    for match in _DEFINED.finditer(question):
        acronym, spelled = match.group(2), _initialled(match.group(1), match.group(2))
        if not spelled or re.search(rf"\b{re.escape(acronym)}s?\b", lead, re.I):
            continue
        terms = content_terms(spelled)
        if thesaurus.says(stem(acronym.lower()), present) or (
            terms and all(thesaurus.says(t, present) for t in terms)
        ):
            continue
        detail = (
            f"the question asks about “{spelled} ({acronym})”; the lead quote names neither: "
            "a person decides whether it answers Yes"
        )
        return Finding("subject", 0, detail)
    return None


def _initialled(before: str, acronym: str) -> str:
    """The words before an acronym whose initials spell it ("hardware security module"
    of "stored in a hardware security module" for HSM; "multi-factor authentication"
    for MFA), or "" when no run of them does."""
    words_before = before.split()
    for count in range(1, len(words_before) + 1):
        run = words_before[-count:]
        initials = "".join(part[0] for word in run for part in word.split("-") if part)
        if initials.lower() == acronym.lower():
            return " ".join(run)
    return ""


def _named_in_a_law_only(brief: Brief, lead: str) -> Finding | None:
    """A finding when a term of the ask is named in the lead only within the name of a
    law ("credit" of "the Fair Credit Reporting Act" for "Do you perform credit
    checks?")."""
    outside = set(content_terms(without_law_names(lead)))
    present = set(content_terms(lead))
    in_name = [
        term
        for term in question_terms(brief.core or brief.query)
        if thesaurus.says(term, present) and not thesaurus.says(term, outside)
    ]
    if not in_name:
        return None
    detail = (
        f"the lead quote names {', '.join(in_name)} only in the name of a law: "
        "a person decides whether it answers Yes"
    )
    return Finding("subject", 0, detail)


# A restriction to what a sentence names: "Test environments use synthetic data only."
_ONLY = re.compile(r"\b(?:only|solely|exclusively)\b", re.I)
_ONLY_NEAR = 3  # "only" this far before the noun it restricts ("only use anonymised data")
# A question asking whether something is restricted, which a restriction answers.
_RESTRICTION_ASK = re.compile(
    r"\b(?:restrict\w*|limit\w*|control\w*|only|solely|authori[sz]ed|approved"
    r"|need[\s-]to[\s-]know|least\s+privilege|prevent\w*|block\w*|prohibit\w*|allowed"
    r"|permitted)\b",
    re.I,
)
# A question asking about what lies outside a place, and a lead keeping it inside.
_OUTSIDE_ASKED = re.compile(r"\boutside\s+(?:of\s+)?(?:the\s+)?(?P<place>\w+(?:\s+\w+)?)", re.I)
_INSIDE = r"\b(?:only\s+)?(?:with)?in\s+(?:the\s+)?{place}\b|\binside\s+(?:the\s+)?{place}\b"
# Kept inside the place asked about, and nowhere else: "stored and processed only in AWS
# regions located in the United States", "hosted exclusively within the EU", "stored in
# the EU only".
_ONLY_INSIDE = (
    r"\b(?:only|solely|exclusively)\s+(?:(?:with)?in|inside)\s+(?:[\w-]+\s+){{0,5}}?"
    r"(?:(?:with)?in\s+|located\s+in\s+)?(?:the\s+)?{place}\b"
    r"|\b(?:with)?in\s+(?:the\s+)?{place}\s+(?:only|exclusively)\b"
)
# Another place allowed after all: "Storage in any other region requires written
# approval", "except where ...", "unless ...".
_ELSEWHERE_ALLOWED = re.compile(
    r"\b(?:unless|except\w*|other\s+(?:regions?|countr(?:y|ies)|locations?|jurisdictions?"
    r"|data\s+cent(?:er|re)s?))\b",
    re.I,
)


def _kept_inside(asked: str, lead: str) -> bool:
    """Whether the lead keeps what is asked about only inside the place the question asks
    whether it leaves, allowing no other place: the question's No."""
    outside = _OUTSIDE_ASKED.search(asked)
    if outside is None or _ELSEWHERE_ALLOWED.search(lead) or _REACHED_FROM_ELSEWHERE.search(lead):
        return False
    place = re.escape(outside.group("place"))
    kept = re.search(f"(?:{_ONLY_INSIDE.format(place=place)}){_PLACE_ENDS}", lead, re.I)
    if kept is None:
        return False
    before = set(content_terms(lead[: kept.start()]))
    asked_terms = set(content_terms(asked[: outside.start()]))
    verbs = asked_terms & _PLACING
    what = asked_terms - _PLACING
    # every verb asked is the lead's ("stored or processed" by "stored and processed"; not
    # "accessed" by "stored"), and every word of what is placed ("customer data", not "log
    # data")
    return bool(verbs) and verbs <= before and what <= before


# Verbs of placing something: what is placed is the rest of the question's subject.
_PLACING = frozenset(
    stem(w) for w in "store stored process processed host hosted locat located keep kept".split()
)
# The place named is the whole of it: not "... in the United States and Canada".
_PLACE_ENDS = r"(?!\s*(?:,|/|\band\b|\bor\b|\(?\s*and/or\b))"
# Reached, moved or copied from elsewhere: "our support team in India accesses it remotely".
_REACHED_FROM_ELSEWHERE = re.compile(
    r"\b(?:access\w*|transfer\w*|remote\w*|replicat\w*|cop(?:y|ies|ied)|mirror\w*|backed\s+up"
    r"|sub-?processors?)\b",
    re.I,
)


# A question asking whether something is in the state a word with "un-" names: "Is data
# at rest left unencrypted?", "Are backups stored unencrypted off-site?", "Is
# unencrypted traffic allowed to production?" (the state as predicate, or the subject
# of allowing or using it).
_UN_STATE = re.compile(
    r"\b(?:is|are|was|were|be|being|left|kept|stored|sent|transmitted|held|remains?)"
    r"\s+un(?P<predicate>[a-z]{4,})\b"
    r"|\bun(?P<subject>[a-z]{4,})\s+(?:\w+\s+){0,2}(?:is\s+|are\s+)?(?:allowed|permitted"
    r"|accepted|tolerated|used|stored|sent|transmitted)\b",
    re.I,
)


def _opposite_state(question: str, lead: str) -> Finding | None:
    """A finding when the question asks whether something is "un-"something and the lead
    states it is that something: "Customer data at rest is encrypted with AES-256" is no
    Yes to "Is data at rest left unencrypted?" (it had been, the ask's words all
    stated); a person reads it as the No it likely is."""
    if _asks_absence(question):
        return None  # "Is unauthorised access prevented?" asks the control
    for match in _UN_STATE.finditer(question):
        state = (match.group("predicate") or match.group("subject")).lower()
        said = {stem(w) for w in words(lead.lower())}
        if stem(state) in said and stem("un" + state) not in said:
            detail = (
                f"the question asks whether it is un{state}; the lead quote states it is "
                f"{state}: a person decides (likely No)"
            )
            return Finding("negation", 0, detail)
    return None


# A state asked and its opposite: "Is printing enabled ...?" of "Printing is disabled".
_STATES_APART = (
    ("enabled", "disabled"),
    ("activated", "deactivated"),
    ("turned on", "turned off"),
)
_STATE_ASKED = re.compile(
    r"^\W*(?:is|are)\s+(?P<subject>[^?]{1,60}?)\s+"
    r"(?P<state>enabled|disabled|activated|deactivated|turned\s+on|turned\s+off)\b",
    re.I,
)


def _opposite_state_stated(brief: Brief, lead: str) -> tuple[str, Finding | None] | None:
    """No when the question asks whether the practice is in one state and the lead
    states it, plainly, in the opposite one and never in the one asked ("Printing is
    disabled on client production floors" of "Is printing enabled on workstations
    ...?": it was a Yes, the ask's words all stated); Needs review when it states the
    one asked only on a condition ("... may be enabled only with the client's
    approval"); else None, for the reading that follows. A state of another thing
    ("Debug logging is disabled" of logging, "TLS 1.0 ... disabled" of TLS 1.2) or a
    negated or conditional one ("cannot be disabled", "can only be enabled by the
    CISO") is no statement of it."""
    asked = _STATE_ASKED.match(brief.query)
    if asked is None:
        return None
    state = " ".join(asked.group("state").lower().split())
    opposite = next(b if a == state else a for a, b in _STATES_APART if state in (a, b))
    subject = asked.group("subject")
    if not _state_stated(lead, opposite, subject) or _state_stated(lead, state, subject):
        return None
    if _state_stated(lead, state, subject, loosely=True):  # "... may be enabled only with"
        detail = (
            f"the lead quote states it {opposite}, and {state} only in a case or on a "
            "condition: a person decides whether it answers Yes or No"
        )
        return NEEDS_REVIEW, Finding("negation", 0, detail)
    return NO, None


def _state_stated(lead: str, state: str, subject: str, loosely: bool = False) -> bool:
    """Whether a clause of the lead states the subject (and nothing else before the
    state word: "debug logging" is not "logging") plainly in the state; ``loosely``:
    in any way, negated or not, of it or of something it names."""
    terms = set(content_terms(subject))
    versions = {v.lower() for v in _named_in_force(subject)}
    for match in re.finditer(rf"(?<!un)\b{state}\b", lead, re.I):
        start, _ = _clause_span(lead, match.start())
        before = lead[start : match.start()]
        said = set(content_terms(before))
        if not terms or not all(thesaurus.says(t, said) for t in terms):
            continue
        if loosely:
            return True
        others = {v.lower() for v in _named_in_force(before)} - versions
        if any(not thesaurus.says(t, terms) for t in said) or others:
            continue  # another thing's state
        if not _NOT_PLAINLY.search(before) and not _LIMITED_AFTER.match(lead, match.end()):
            return True
    return False


# ... or after it: "enabled only upon written approval", "disabled for service accounts".
_LIMITED_AFTER = re.compile(
    r"\s+(?:\w+\s+)?(?:only|for|except|unless|upon|when|if|where|during|until|on\s+request)\b", re.I
)
# A state negated or made conditional before its word: "cannot be disabled", "can only
# be enabled by the CISO", "is not enabled".
_NOT_PLAINLY = re.compile(
    r"\b(?:not|cannot|can't|never|only|unless|except|may|might|if)\b(?:\s+\w+){0,3}\s*$", re.I
)


# A question asking that a practice recurs: "Are background checks repeated periodically
# for existing employees?", "Is rescreening performed?".
_RECURRING_ASK = re.compile(
    r"\b(?:repeat(?:ed|s)?|periodic(?:ally)?|recurring|ongoing|re-?(?:screen|check|verif)\w*)\b",
    re.I,
)
# A practice stated once, at a starting point: "prior to hire", "before their start date".
_ONCE = re.compile(
    r"\b(?:prior\s+to|before)\s+(?:\w+\s+){0,2}(?:hire|hiring|start|joining|employment"
    r"|onboarding)\b|\b(?:upon|at|on)\s+(?:\w+\s+)?(?:hire|hiring|joining)\b|\bpre-?employment\b",
    re.I,
)
_ANY_RECURRENCE = re.compile(
    r"\b(?:every|each|annual(?:ly)?|yearly|quarterly|monthly|periodic(?:ally)?|regular(?:ly)?"
    r"|again|repeat(?:ed|s)?|re-?\w+ed|ongoing|recurring|refresh(?:er|ed)?)\b",
    re.I,
)


def _once_for_recurring(question: str, lead: str) -> Finding | None:
    """A finding when the question asks that a practice recurs and the lead states it
    once, at a starting point, with no recurrence: "All new employees go through a
    background check before their start date" is no Yes to "Are background checks
    repeated periodically for existing employees?"."""
    if not _RECURRING_ASK.search(question) or not _ONCE.search(lead):
        return None
    if _ANY_RECURRENCE.search(lead):
        return None
    detail = (
        "the question asks whether it is repeated; the lead quote states it once, at the "
        "start: a person decides"
    )
    return Finding("scope", 0, detail)


def _only_something_else(brief: Brief, lead: str) -> Finding | None:
    """A finding when the lead restricts the practice to another kind of what is asked
    about: "Test environments use synthetic data only" is no Yes to "Is production data
    used in test environments?" (the asked "production" and the lead's "synthetic"
    both name data, next to the restriction), nor "stored only in data centers within
    the United States" to "Is data stored outside the United States?". A restriction
    of something else ("a separate administrator account ... used only for
    administrative tasks") is none."""
    if _RESTRICTION_ASK.search(brief.query):
        return None  # "Only engineers on call may access production" restricts as asked
    outside = _OUTSIDE_ASKED.search(brief.query)
    if outside is not None:
        inside = re.compile(_INSIDE.format(place=re.escape(outside.group("place"))), re.I)
        if inside.search(lead):
            return _restricted(f"the question asks about outside {outside.group('place')}")
    other = _other_kind_near_only(brief.core or brief.query, lead)
    return _restricted(other) if other else None


def _other_kind_near_only(asked: str, lead: str) -> str | None:
    """ "production data" asked and "synthetic data only" stated: a word of the ask
    qualifying a noun the lead qualifies otherwise, with the lead's "only" right after
    the noun or up to ``_ONLY_NEAR`` words before it ("the Civic Centre is accessible
    only to ..." restricts no centre); what is said of it, or None."""
    if _ONLY.search(lead) is None:
        return None
    question = [w for w in words(asked) if w not in STOPWORDS]
    tokens = list(words(lead))
    stems = [stem(w) for w in tokens]
    # (a word after "non" is its opposite: "Non-production environments" names no
    # production data)
    said = {t for at, t in enumerate(stems) if at == 0 or tokens[at - 1].lower() != "non"}
    near_only = {i for i, w in enumerate(tokens) if _ONLY.fullmatch(w)}
    for modifier, noun in itertools.pairwise(question):
        if stem(modifier) in said or stem(noun) not in stems:
            continue
        at = stems.index(stem(noun))
        before = tokens[at - 1] if at > 0 else ""
        if not before or before in STOPWORDS or stem(before) == stem(modifier):
            continue
        if any(i == at + 1 or at - _ONLY_NEAR <= i <= at - 2 for i in near_only):
            return (
                f"the question asks about {modifier} {noun}; the lead names {before} {tokens[at]}"
            )
    return None


def _restricted(why: str) -> Finding:
    detail = f"the lead quote restricts the practice to another kind ({why}): a person decides"
    return Finding("scope", 0, detail)


# A sentence is about the practice asked when it names most of the ask's terms.
_MOST = 0.6


def _asked_stems(brief: Brief) -> set[str]:
    """The ask's terms and the question's own words, its wording included: "must not
    be used in test environments" denies "Is production data used in test
    environments?" by the question's verb. Of a question in parts, the first part's:
    the short answer answers it ("has not yet been tested" denies no DR plan)."""
    first = brief.facts[0] if brief.facts else None
    further = [f for f in brief.facts[1:] if f.text not in brief.demands]
    if first is not None and further:  # "Do you have a DR plan, and how often is it tested?"
        return set(first.terms) | {stem(w) for w in words(first.text) if w not in STOPWORDS}
    return set(brief.terms) | {stem(w) for w in words(brief.query) if w not in STOPWORDS}


def _about_practice(
    brief: Brief,
    text: str,
    aside: frozenset[str] = frozenset(),
    actor_optional: bool = False,
    by_phrase: bool = False,
) -> bool:
    """Whether the text names the core ask's first term (what the ask is about, once
    its wording is removed: "inventory" of "an inventory of third-party vendors
    with access to customer data") and most of its terms (or thesaurus
    alternatives): a No, or a quote that contradicts a Yes, must deny the practice
    asked, not something beside it ("Customers cannot access other tenants' data"
    says nothing of an inventory). A term of ``aside`` the text does not name is not
    wanted: the verb a denial puts in other words ("does not run a bug bounty program"
    for "Do you operate a bug bounty program?"). With ``actor_optional``, an actor
    the ask opens with ("vendor personnel") need not be named (``_ACTORS``); with
    ``by_phrase``, a phrase of the ask is named by another entry of its thesaurus
    group ("second authentication factor" by "MFA")."""
    core = brief.core or brief.query
    scoped = _FOR_SCOPE.search(core)
    head = core[: scoped.start()] if scoped else ""
    if head and not _FOR_SCOPE.search(text) and _names_practice(head, text, aside):
        return True  # "Passwords do not expire" for "password expiration for workforce accounts"
    return _names_practice(core, text, aside, actor_optional, by_phrase)


# A trailing scope of an ask ("... for workforce accounts"), and of a sentence.
_FOR_SCOPE = re.compile(
    r"\s+(?:for|to\s+access)\s+(?:all\s+|the\s+|each\s+|any\s+)?[\w'’-]+(?:\s+[\w'’-]+){0,3}"
    r"\s*[?.]?$",
    re.I,
)


# Who carries a practice out, asked first ("May vendor personnel use personally owned
# devices ...?"): a rule written without its actor ("Personal devices may not be used
# ...") is about the practice still.
_ACTORS = frozenset(stem(w) for w in "personnel staff employees workforce workers users".split())
_WHO = frozenset((EMPLOYEES, CONTRACTORS, THIRD_PARTIES, CUSTOMER_USERS))  # another actor named


def _names_practice(
    core: str,
    text: str,
    aside: frozenset[str],
    actor_optional: bool = False,
    by_phrase: bool = False,
) -> bool:
    present = set(content_terms(text))
    asked = question_terms(_INCLUDING_ASIDE.sub("", core))  # (an aside's examples aside)
    if _LENGTH in asked and states_length(text):  # "a minimum of 12 characters"
        present.add(_LENGTH)
    if by_phrase:  # "second authentication factor" is said by "MFA"
        present |= thesaurus.phrase_terms_said(asked, present)
    wanted = [t for t in asked if t not in aside or t in present]
    if (
        actor_optional
        and len(wanted) > 1
        and wanted[0] in _ACTORS
        and not thesaurus.says(wanted[0], present)
        and not qualifiers_named(text) & _WHO
    ):
        wanted = wanted[1:]
    said = {
        term
        for term in wanted
        if thesaurus.says(term, present) or any(one_family(term, word) for word in present)
    }
    for first, second in _ALTERNATIVES.findall(core):  # "shared or generic": either says it
        pair = {stem(first.lower()), stem(second.lower())}
        if pair & said:
            said |= pair
    named = [term in said for term in wanted]
    return bool(wanted) and named[0] and sum(named) >= _MOST * len(wanted)


_LENGTH = stem("length")
_ALTERNATIVES = re.compile(r"\b([A-Za-z][\w-]*)\s+or\s+([A-Za-z][\w-]*)\b")


# Where a lead turns from one group or grade to another: "mandatory for employees and
# recommended for contractors".
_CLAUSES_APART = re.compile(r";\s+|,?\s+(?:and|but|while|whereas)\s+", re.I)


def _clauses(text: str) -> list[str]:
    """The text's clauses (``_CLAUSES_APART``); "and" after a word or two joins the
    subject's nouns, not clauses: "All employees and contractors must submit ..." is
    one."""
    clauses, start = [], 0
    for apart in _CLAUSES_APART.finditer(text):
        if _QUANTIFIED_BEFORE.search(text, 0, apart.start()):
            continue  # "... for all employees and contractors": the nouns "all" is of
        if len(words(text[start : apart.start()])) >= _CLAUSE_WORDS:
            clauses.append(text[start : apart.start()])
            start = apart.end()
    clauses.append(text[start:])
    return [c for c in clauses if c.strip()]


_CLAUSE_WORDS = 3  # fewer before "and" are a subject's nouns ("All employees and ...")
# "all" or "every" a word before "and": the nouns it is of ("completed for all employees
# and contractors"), no clause of their own.
_QUANTIFIED_BEFORE = re.compile(r"\b(?:all|every|each)\s+[\w-]+\s*$", re.I)


# A condition closing the sentence: "... allows the IT team to remotely wipe company data
# if a device is lost, stolen or not returned."
_CLOSING_CONDITION = re.compile(
    r"\b(?:if|when|whenever|in\s+case|in\s+the\s+event\s+that)\s[^.;:]{0,120}$", re.I
)


def _in_closing_condition(asked: str, lead: str, negation: re.Match[str]) -> bool:
    """Whether the negation is inside a condition closing the sentence and negates
    nothing the question asks (the words after it name none of its terms): it says when
    the practice applies ("if a device is ... not returned"), not that it is not done
    ("Backups are deleted if they are not encrypted" denies encryption)."""
    condition = _CLOSING_CONDITION.search(lead[: negation.start()] + "x")
    if condition is None or not lead[: condition.start()].strip():
        return False
    after = words(lead[negation.end() : negation.end() + 40])[:3]
    asked_terms = set(content_terms(asked))
    return not any(stem(w) in asked_terms for w in after)


# A table cell saying its column does not apply: "Account lockout threshold | 6 failed
# attempts | Not applicable (monitored by SIEM alert)" denies nothing of the row.
_NOT_APPLICABLE_CELL = re.compile(r"\s*(?:not\s+applicable|n/a)\b\.?(?:\s*\([^()|]*\))?\s*", re.I)


def _in_not_applicable_cell(lead: str, at: int) -> bool:
    """Whether the negation at ``at`` is a table row's cell saying its column does not
    apply (``_NOT_APPLICABLE_CELL``) beside another cell stating the practice: "|
    Encryption of backups | Not applicable |" denies it, its only value."""
    if "|" not in lead:
        return False
    start = lead.rfind("|", 0, at) + 1
    end = lead.find("|", at)
    if _NOT_APPLICABLE_CELL.fullmatch(lead[start : end if end >= 0 else len(lead)]) is None:
        return False
    values = [c for c in lead.split("|")[1:] if c.strip()]  # the cells after the label
    return any(_NOT_APPLICABLE_CELL.fullmatch(c) is None for c in values)


def _asked_clause(question: str, lead: str) -> str:
    """The clause of the lead about what the question qualifies, when the lead's clauses
    are about siblings (employees and contractors, critical and high): a Yes about
    contractors is read off "recommended for contractors", not off the clause about
    employees; otherwise the lead."""
    asked = qualifiers_asked(question)
    clauses = _clauses(lead) if asked else []
    if len(clauses) < 2 or not any(another_qualifier(asked, c) for c in clauses):
        return lead
    about = [c for c in clauses if qualifiers_named(c) & asked]
    return about[0] if len(about) == 1 else lead


# A question asking whether something is allowed, and a sentence forbidding it ("Shared
# accounts are prohibited"): the practice named before the negation is denied.
_ALLOWED_ASK = re.compile(
    r"\b(?:allowed|permitted|used)\b"
    # "Do you allow ...?" of the practice, not "... only ..." nor what a system lets one do
    r"|^\W*(?:do|does|will)\s+(?:you|we|your\s+(?:company|organi[sz]ation|firm|practice)"
    r"|the\s+(?:company|organi[sz]ation|vendor|supplier))\s+(?:allow|permit)\b"
    # (nor "allow customers to enforce MFA": what someone may do, not the practice; the
    # workforce's permissions are a practice: "permit workforce members to access ...")
    r"(?![^?]*\b(?:only|except)\b)"
    r"(?!\s+(?!(?:workforce|employees|staff|personnel|contractors|workers)\b)"
    r"(?:\w+\s+){1,2}to\s+(?!be\b))",
    re.I,
)
# ... its words for being allowed (or used), which the forbidding sentence does not
# repeat ("Is MD5 permitted?" of "MD5 and SHA-1 are prohibited", "Are shared accounts
# used?" of "Shared accounts are prohibited").
_PERMISSION = frozenset(stem(w) for w in ("allowed", "permitted", "used"))
_FORBIDS = re.compile(
    r"\b(?:prohibited|forbidden|disallowed|banned|disabled|blocked"
    r"|not\s+(?:be\s+)?(?:allowed|permitted))\b",
    re.I,
)
# "never allowed": a refusal too, unless the lead also allows something ("Personal
# devices are allowed to access email but are never allowed to access production").
_NEVER_ALLOWED = re.compile(r"\bnever\s+(?:be\s+)?(?:allowed|permitted)\b", re.I)


def _refusals(lead: str) -> list[re.Match[str]]:
    """Where the lead forbids something, in its order."""
    found = list(_FORBIDS.finditer(lead))
    if not _PERMITTED.search(lead):
        found += _NEVER_ALLOWED.finditer(lead)
    return sorted(found, key=lambda m: m.start())


def _affirmed_elsewhere(brief: Brief, claims: Sequence[Claim]) -> str | None:
    """A quoted sentence that states the practice asked, with no negation, beside a lead
    that denies it ("MFA is required for all remote access." before "MFA is not
    enforced for access to the internal wiki." answers neither Yes nor No to "Is MFA
    enforced for remote access?"), or None. Of a practice asked on a schedule, only a
    sentence stating one affirms it: "Breached password check | Required at creation and
    change" is no periodic change beside "Passwords are not required to be changed on a
    periodic schedule"."""
    originals = [q.text for claim in claims for q in claim.quotes]
    contrast = _CONTRAST.search(brief.query)
    periodic = any(f.asks == "frequency" for f in brief.facts)
    whose = qualifiers_asked(brief.query)  # "for customer users": the staff's SSO is another's
    for original in originals:
        text = _folded(original)
        tabled = any(_a_table_row(line) for line in original.splitlines())  # (folding joins)
        for a, b in sentence_spans(text):
            sentence = text[a:b].strip()
            if contrast and not re.search(rf"\b{re.escape(contrast.group(0))}\b", sentence, re.I):
                continue  # "stored in the United States" affirms nothing stored outside it
            negated = any(
                not _bounding(sentence, m.start(), brief.query)
                for m in _NEGATION.finditer(sentence)
            ) or _done_without_what_is_asked(brief.query, sentence)
            forbidden = _ALLOWED_ASK.search(brief.query) and (
                _FORBIDS.search(sentence) or _RESTRICTIONS.search(sentence)
            )
            permits = _asks_absence(brief.query) and _plainly_permitted(sentence)  # says No too
            keeps_apart = (
                _KEEPS_APART.search(sentence) or _only_kept_apart(sentence)
            ) and not _APART_ASKED.search(brief.query)
            another = another_qualifier(whose, sentence)  # "for employees": no customer users
            # ("keys managed in AWS KMS" are the vendor's: no customer holding its own)
            another = another or _vendors_keys(brief.query, sentence)
            unscheduled = periodic and not (
                PERIOD_STATED.search(sentence) or definite_frequencies(sentence)
            )
            if (
                sentence
                and not (negated or forbidden or permits or keeps_apart or unscheduled or another)
                and _about_practice(brief, sentence)
                and (not (tabled or "|" in sentence) or _names_the_practice(brief, sentence))
            ):
                return " ".join(sentence.split()[:12])
    return None


def _a_table_row(line: str) -> bool:
    """Whether a line is a table's row: cells parted by pipes, tabs or wide spaces."""
    return "|" in line or "\t" in line or aligned_row(line)


def _names_the_practice(brief: Brief, row: str) -> bool:
    """Whether a table row, which names things, names the practice asked of them: every
    term of the core ask (or a thesaurus alternative), or all but one, that one no verb
    of the ask's, or a verb a cell stating the practice's state stands in for
    ("Administrator accounts | MFA | Required" for MFA enforced). "Customer data
    encryption keys (KMS CMK) | ... | 12 months" names the keys, not customers managing
    them."""
    core = brief.core or brief.query
    present = set(content_terms(row))
    asked = question_terms(core)
    unnamed = [
        term
        for term in asked
        if not (thesaurus.says(term, present) or any(one_family(term, w) for w in present))
    ]
    if not unnamed:
        return True
    if len(unnamed) > 1:
        return False
    verbs = {
        stem(next(g for g in m.groups() if g).lower())
        for m in _ASKED_VERB.finditer(f"{brief.query} {core}")
    }
    return unnamed[0] not in verbs or _state_stands_in(row, set(asked))


def _state_stands_in(row: str, asked: set[str]) -> bool:
    """Whether a cell of the row states a practice's state ("Required", "Enabled") right
    after a cell naming a term of the ask: "Administrator accounts | MFA | Required" (not
    "Contractor laptops | Endpoint protection | Required" for laptops encrypted)."""
    cells = [c.strip() for c in re.split(r"\||\t", row)]
    cells = [c for c in cells if c]
    return any(
        _STATE_CELL.fullmatch(cell) and set(content_terms(cells[at - 1])) & asked
        for at, cell in enumerate(cells)
        if at
    )


# A verb of the ask: after "to", a participle, or after a modal and its subject ("to
# manage their own keys", "MFA enforced", "Can customers manage ...").
_ASKED_VERB = re.compile(
    r"\bto\s+([a-z]{3,})\b|\b([a-z]{3,}ed)\b"
    r"|^\W*(?:can|could|may|do|does|will|must|shall)\s+[\w-]+\s+([a-z]{3,})\b",
    re.I,
)
# A cell stating a practice's state: "Required", "Enabled", "Yes".
_STATE_CELL = re.compile(
    r"(?:required|mandatory|enabled|enforced|yes|on|implemented|in\s+place|applied|active)",
    re.I,
)


# Restrictions named as a thing: "... including its restrictions on personal devices"
# allows nothing (not "is permitted ... and restricted to the VPN", which does).
_RESTRICTIONS = re.compile(r"\brestrictions?\s+(?:on|for|of)\b", re.I)


# A control that keeps things apart, by its name: "A.8.31 | Separation of development,
# test and production environments | Yes" names the environments to say they are kept
# apart, which states nothing of production data being used in test.
_KEEPS_APART = re.compile(
    r"^\W*(?:[A-Z]{1,3}[\d.]*\s*\|\s*)?(?:separation|segregation|isolation)\s+(?:of|between)\b",
    re.I,
)
_APART_ASKED = re.compile(r"\b(?:separat|segregat|isolat)\w*", re.I)


def _only_kept_apart(sentence: str) -> bool:
    """Whether the sentence says only that things are kept apart ("Development, test and
    production environments are separated"), no clause after it saying more (", and
    production data is copied to test only after masking")."""
    apart = _KEPT_APART.search(sentence)
    return apart is not None and not _CLAUSE_AFTER.search(sentence, apart.end())


_CLAUSE_AFTER = re.compile(
    r";\s*\w|,\s*(?:and|but|while|whereas)\s|\s(?:but|while|whereas)\s", re.I
)
# ... or as what is done to them: "Development, test and production environments are
# separated" affirms no use of production data in test.
_KEPT_APART = re.compile(
    r"\b(?:are|is|be|remain|remains)\s+(?:kept\s+)?(?:\w+ly\s+)?(?:separated|segregated"
    r"|isolated|separate)\b",
    re.I,
)


# A word setting what is asked against the rest: "stored in a region outside the United
# States".
_CONTRAST = re.compile(r"\b(?:outside|other\s+than|beyond|abroad)\b", re.I)


def _sentence_at(text: str, at: int) -> str:
    return next((text[a:b] for a, b in sentence_spans(text) if a <= at < b), text)


# A count of events that is none: "no reportable incidents in the year", "no exceptions
# were found", "no high findings remain open" (what happened, no practice denied).
_NO_EVENTS = re.compile(
    r"no\s+(?:[\w-]+\s+){0,2}?(?:incidents?|breaches|findings?|exceptions?|issues|events|outages"
    r"|violations|deviations|nonconformit(?:y|ies))"
    # ... as events: then when, or that they happened (not "no incident response plan")
    r"(?=\s*(?:[.;,)]|$)|\s+(?:in|during|since|to|were|was|have|has|had|occurred|reported"
    r"|recorded|identified|found|remain|remained|this|last|so|at)\b)",
    re.I,
)


def _denied_elsewhere(brief: Brief, claims: Sequence[Claim], lead: str) -> str | None:
    """The negation, in a sentence of the quotes other than the lead sentence, that
    denies the practice asked ("we should not use production data for dev or test"
    beside a lead that seems to say Yes; "MFA is not required for contractors" in the
    lead's own quote, after "MFA is required for all employees"), or None. Negated
    and prohibition questions expect negations."""
    if _NEGATED_ASK.search(brief.query) or _asks_absence(brief.query):
        return None
    wanted = set(question_terms(brief.core or brief.query))
    quoted = [_folded(q.text) for claim in claims for q in claim.quotes]
    others = [
        (at == 0, text[a:b])
        for at, text in enumerate(quoted)
        for a, b in sentence_spans(text)
        if text[a:b].strip() != lead
    ]
    for beside_lead, text in others:
        for match in _NEGATION.finditer(text):
            if _bounding(text, match.start(), brief.query) or _in_a_condition(
                brief.query, text, match.start()
            ):
                continue  # "Where an institution does not enable single sign-on, ..."
            if _NO_EVENTS.match(text, match.start()):
                continue  # "no reportable incidents in the year": none happened, no denial
            if not _names_after(text, match.end(), wanted):
                continue
            if _set_apart_after(text, match.end(), brief.query):
                continue  # "cannot enroll weaker factors": not the MFA asked about
            if _copying_denied(text, match.end(), brief.query):
                continue  # "Production data must not be copied to non-production
                # environments" beside "Are production and non-production environments
                # separated?": it denies copying data, not the separation asked
            if (
                _about_practice(brief, text)
                or _denies_having(brief, text, match.end())
                or (_of_the_organisation(text, match.start()) and _denied_here(brief, text, match))
                or (beside_lead and _denies_of_the_subject(text, match, wanted))
            ):
                return _excerpt(text, match.start(), match.end() + 40)
    return None


def _excerpt(text: str, start: int, end: int) -> str:
    """The text from ``start`` to ``end`` or the end of the word there, its whitespace
    folded: a reader sees whole words ("... users sign in with", not "... sign in wi")."""
    whole = re.match(r"\w*", text[end:])
    return " ".join(text[start : end + (whole.end() if whole else 0)].split())


def _denies_of_the_subject(text: str, negation: re.Match[str], wanted: set[str]) -> bool:
    """Whether a sentence the lead's own quote holds denies the practice of what the
    question asks about: it names a term of the question before the negation, and
    another right after it ("Files saved on your laptop are not backed up" beside "If
    your laptop is lost, anything saved only on it will be lost", for whether laptops
    are backed up)."""
    if _QUALIFYING_CLAUSE.search(text, max(0, negation.start() - 40), negation.start()):
        return False  # "Access that is not confirmed by the reviewer is removed"
    before = set(content_terms(text[: negation.start()]))
    clause = _CLAUSE_BREAK.split(text[negation.end() : negation.end() + 60], maxsplit=1)[0]
    after = set(content_terms(clause)[:4])
    named_after = after & wanted
    return bool(named_after) and bool((before & wanted) - named_after)


# Who denies: the organisation ("we", "the company", its name), not a part of the practice
# ("SMS codes are not accepted as a second factor" denies SMS codes, not a second factor).
_ORGANISATION_SUBJECT = re.compile(
    r"^\W*(?:[A-Z]?\d+(?:\.\d+)*\.?\s+)?(?:(?i:we|the\s+(?:company|organi[sz]ation|firm|business))"
    r"|[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*){0,2})\s+(?:\w+\s+)?$"
)


def _of_the_organisation(text: str, negation: int) -> bool:
    """Whether the words before a negation name the organisation, and nothing else:
    "4.2 Corvane does not hold a SOC 2 report", "We do not yet have ..."."""
    begin = max((a for a, _ in sentence_spans(text) if a <= negation), default=0)
    return _ORGANISATION_SUBJECT.match(text[begin:negation]) is not None


def _denies_having(brief: Brief, text: str, after: int) -> bool:
    """Whether the words after a negation deny having what the ask is first about: a
    verb whose object is a practice, then the ask's first term ("Halcyon does not
    operate a VPN" for "Is a VPN required for remote access?")."""
    wanted = question_terms(brief.core or brief.query)
    following = [
        stem(w) for w in words(text[after : after + 60]) if w not in _BRIDGE and w not in STOPWORDS
    ][:3]
    if not wanted or len(following) < 2 or following[0] not in _PRACTISING:
        return False  # "does not use production data": the data's, not production's
    return following[1] == wanted[0] and (len(following) == 2 or following[2] in wanted)


# A negation inside a clause that picks out some of a thing ("access that is not
# confirmed", "if a device is not enrolled"): a rule for those, no denial of the practice.
_QUALIFYING_CLAUSE = re.compile(
    r"\b(?:that|which|who|whose|if|when|where|unless|until|once)\s+(?:[\w'-]+\s+){0,3}$", re.I
)
# Where what a negation denies ends: "Shared accounts are not used; every engineer
# authenticates ..." denies shared accounts, not authentication.
_CLAUSE_BREAK = re.compile(r"[;:.!?]|,\s|\s(?:and|but|while|whereas)\s")


# Words setting a thing apart from the one asked about as what the control refuses:
# "cannot enroll weaker factors such as SMS" beside "MFA is required for all privileged
# accounts" denies only those. (Not "legacy", "older", "other": "Backups are not
# encrypted on older tape media" says where the practice is missing.)
_SET_APART = frozenset(
    "weaker weak insecure unapproved unauthorised unauthorized untrusted".split()
)


def _set_apart_after(text: str, after: int, question: str) -> bool:
    """Whether one of the four words after a negation sets its object apart from what
    the question asks as what the control refuses ("weaker", "unapproved"), a word the
    question does not use itself."""
    asked = {w.lower() for w in words(question)}
    return any(w.lower() in _SET_APART - asked for w in words(text[after : after + 60])[:4])


def _names_after(text: str, after: int, terms: set[str]) -> bool:
    """Whether one of the four words after a negation names one of ``terms`` ("not
    backed up" names backups)."""
    following = text[after : after + 60]
    clause = _CLAUSE_BREAK.split(following, maxsplit=1)[0]
    return any(stem(word) in terms for word in words(following)[:4]) or bool(
        set(content_terms(clause)[:2]) & terms
    )


# A purpose stated through what it stops: "a copy is kept offline so that it cannot be
# reached by ransomware". The negation is the practice's aim, not a denial of it.
_PURPOSE_BEFORE = re.compile(r"\bso\s+(?:that\s+)?(?:\w+\s+){0,3}$", re.I)


# A condition, not a denial: "access that is no longer required is removed",
# "individuals who no longer require access are removed" (not "MFA is no longer
# required": that denies it).
_NO_LONGER_NEEDED = re.compile(
    r"no\s+longer\s+(?:required|needed|necessary|in\s+use|used|requires?|needs?)\b", re.I
)
# ... or a reduced relative clause, what is done to it after: "accounts no longer required
# are disabled", "Media no longer in use is securely destroyed".
_DONE_AFTER = re.compile(
    r"\s+(?:\w+\s+)?(?:is|are|will\s+be|must\s+be|shall\s+be|should\s+be|gets?)\s+"
    r"(?:\w+ly\s+)?\w+(?:ed|en)\b",
    re.I,
)
_CONDITION_BEFORE = re.compile(
    r"\b(?:that|which|who|whom|where|when|whenever|once|if)\s+(?:[\w-]+\s+){0,3}$", re.I
)


# A control stated through what it stops being undone: "branch protection enforces
# this, and administrators cannot bypass it", "MFA cannot be disabled by users" (unless
# the question asks of that undoing itself: "Can administrators bypass ...?").
_NOT_UNDONE = re.compile(
    r"(?:cannot|can['\u2019]t|can\s+not|may\s+not|must\s+not|are\s+unable\s+to|is\s+unable\s+to)"
    r"\s+(?:be\s+)?(?P<undo>bypass|circumvent|overrid|disabl|skip|turn\w*\s+off|opt\w*\s+out)\w*",
    re.I,
)


def _not_undone(text: str, at: int, question: str) -> bool:
    return _NOT_UNDONE.match(text, at) is not None and not _UNDOING_ASKED.search(question)


# A question asking of an undoing itself, in any words: "Can users turn off ...?".
_UNDOING_ASKED = re.compile(
    r"\b(?:bypass|circumvent|overrid|override|disabl|deactivat|switch\w*\s+off|turn\w*\s+off"
    r"|skip|opt\w*\s+out|uninstall|remov|tamper|evad|get\s+around)\w*",
    re.I,
)


def _bounding(text: str, at: int, question: str) -> bool:
    no_longer = _NO_LONGER_NEEDED.match(text, at)
    return (
        _BOUNDING.match(text, at) is not None
        or _not_undone(text, at, question)
        or (
            no_longer is not None
            and (
                _CONDITION_BEFORE.search(text, max(0, at - 50), at) is not None
                or _DONE_AFTER.match(text, no_longer.end()) is not None
            )
        )
        or _restates_only(text, at, question)
        or _PURPOSE_BEFORE.search(text, max(0, at - 40), at) is not None
        or _a_precondition(text, at, question)
        or _within_a_precondition(text, at, question)
    )


def _restates_only(text: str, at: int, question: str) -> bool:
    """Whether the negation at ``at`` keeps data out of anywhere but the one place the
    question asks it is kept only in, and says nothing more: "Customer data is not
    stored outside the United States." for "Is all data stored only within the United
    States?"; not with a hedge, an exception or anything after the place ("...
    without appropriate safeguards", "..., but support staff in India may access it").
    """
    return _ONLY_IN_ASKED.search(question) is not None and _ONLY_KEPT_IN.match(text, at) is not None


_ONLY_IN_ASKED = re.compile(r"\b(?:only|solely|exclusively)\s+(?:with)?in(?:side)?\b", re.I)
# A negated verb of keeping data, "outside" a named place, and the sentence's end.
_ONLY_KEPT_IN = re.compile(
    r"(?:not|never)\s+(?:be\s+|been\s+)?(?:stored|processed|hosted|held|kept|located|transferred"
    r"|replicated)(?:\s+(?:or|and)\s+(?:stored|processed|hosted|held|transferred))?\s+"
    r"(?:outside|out\s+of)\s+(?:of\s+)?(?:the\s+)?[A-Z][\w/&.-]*(?:\s+[A-Z][\w/&.-]*){0,3}"
    r"(?:\s*\([^()]*\))?\s*[.;]?\s*$",
)


def _within_a_precondition(text: str, at: int, question: str) -> bool:
    """Whether the negation at ``at`` is part of the condition a precondition gates on
    ("No extract shall begin until ... the project is exempt or not human subjects
    research"): it describes the condition, it denies nothing."""
    for earlier in _NEGATION.finditer(text, 0, at):
        gate = _PRECONDITION.match(text, earlier.start())
        if gate is None or not _a_precondition(text, earlier.start(), question):
            continue
        condition = _CONDITION_WORD.search(text, gate.end(), at)
        if condition is not None and not _CLAUSE_TURN.search(text[condition.end() : at]):
            return True
    return False


# Where a condition's own words end and another clause begins: "..., although training
# is not required", "..., and backups are not tested", "...; ...".
_CLAUSE_TURN = re.compile(
    r"[.;]|,\s*(?:and|but|yet|so|although|though|while|whereas|except)\b"
    r"|\b(?:although|though|but|whereas|while)\b",
    re.I,
)


def _a_precondition(text: str, at: int, question: str) -> bool:
    """Whether the negation at ``at`` gates a thing on a condition ("not granted until the
    check is completed") and the question asks of the condition ("Are employees checked
    before they are given access?", "Are changes reviewed before merging?"), not of the
    gated thing: a question naming the gated verb before its own condition word, or with
    none ("Is access granted before the check?", "Do you release data to third
    parties?"), is answered by the negation."""
    gate = _PRECONDITION.match(text, at)
    if gate is None:
        return False
    gated = stem(gate.group("gated") or gate.group("begun"))
    condition = _CONDITION_WORD.search(question)
    before = question[: condition.start()] if condition else question
    if thesaurus.says(gated, set(content_terms(before))) or any(
        stem(word) == gated for word in words(before)
    ):  # "Do you allow remote access without MFA?" of "No remote access is permitted"
        return False
    if condition is None:
        return True
    if gate.group("what") and set(content_terms(gate.group("what"))) & set(
        content_terms(question[condition.end() :])
    ):  # "... required before an extract is prepared?" of "No extract shall begin until"
        return True
    # "Is data shared without consent?" against "not provided without written consent":
    # the question asks whether it is done without the lead's own condition
    own = _CONDITION_WORD.search(text, gate.end())
    lead_condition = set(content_terms(text[own.end() :])) if own else set()
    asked = content_terms(question[condition.end() :])
    return not any(thesaurus.says(term, lead_condition) for term in asked)


def _in_condition(question: str, text: str, at: int) -> bool:
    """Whether the negation at ``at`` is inside a condition opening the sentence that
    names nothing the question asks: "Where a system cannot use Okta, its local
    password must be at least 14 characters" states the rule for that case ("If a
    backup is not encrypted, it is deleted" names the practice asked: no)."""
    for condition in _IN_CONDITION.finditer(text):
        if condition.start("negation") == at:
            asked = {stem(w) for w in words(question) if w.lower() not in STOPWORDS}
            said = {stem(w) for w in words(condition.group("condition"))}
            return not asked & said
    return False


def _in_a_condition(question: str, text: str, at: int) -> bool:
    """Whether the negation at ``at`` states a condition, not a denial, beside a stated
    practice: one naming nothing asked (``_in_condition``), or any (``_conditional``)."""
    return _in_condition(question, text, at) or _conditional(question, text, at)


def _conditional(question: str, text: str, at: int) -> bool:
    """Whether the negation at ``at`` is inside a condition opening its sentence
    (``_IN_CONDITION``), whatever it names: beside a stated practice, "Where an
    institution does not enable single sign-on, ..." says what happens then, not that
    the practice is not followed. Not a clause with a pronoun for its subject, which is
    the sentence's own ("When backups are copied to tape they are not encrypted"), nor
    for a question asking about all of something ("If a laptop cannot be encrypted, it
    is used only on premises" is an exception to all laptops)."""
    if ALL_ASKED.search(question):
        return False
    for condition in _IN_CONDITION.finditer(text):
        if condition.start("negation") != at:
            continue
        within = text[condition.start("condition") : at]
        pronoun = _PRONOUN_DENIES.search(within)  # not the condition's own: "If it is not"
        return pronoun is None or len(within[: pronoun.start()].split()) <= 1
    return False


# A pronoun and its verb right before a negation: the main clause's subject.
_PRONOUN_DENIES = re.compile(
    r"\b(?:we|they|it|he|she|you|i)\s+(?:(?:do|does|did|is|are|was|were|will|shall|can|could"
    r"|should|must|may|have|has)\s+)?$",
    re.I,
)


# A negation inside a condition opening the sentence: "Where a system cannot use Okta,
# its local password must be at least 14 characters" states the rule for that case.
_IN_CONDITION = re.compile(
    r"(?:^|[.;:]\s+)(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?\s+)?"  # "4.2 Where ..."
    r"(?P<condition>(?:where|if|when|whenever|in\s+case|in\s+the\s+event)\s+"
    r"[^,;.]{0,60}?(?P<negation>\b(?:not|cannot|can't|don't|doesn't|isn't|aren't|never|no)\b)"
    r"[^,;.]{0,60}),",
    re.I,
)


# A relative clause that names its subject by a negation: "systems that cannot be patched".
_RELATIVE_BEFORE = re.compile(
    r"\b(?:that|which|who)\s+(?:(?:is|are|was|were|has|have|had|do|does|did|can|could|will"
    r"|would|may|might|must|should)\s+)?$",
    re.I,
)


def _names_by_negation(question: str, text: str, at: int) -> bool:
    """Whether the negation at ``at`` opens a relative clause naming the subject, as the
    question names it by a negation too ("Are systems that cannot be patched
    isolated?" of "Instrument computers that cannot receive updates are placed on an
    isolated network"; "Software that is no longer supported ... is removed"), in its
    words (not "Software that is not removed ..." for software that is not licensed):
    it describes what the practice is about, not a denial of it."""
    if _RELATIVE_BEFORE.search(text, max(0, at - 20), at) is None:
        return False
    negated = _NEGATION.match(text, at)
    after = content_terms(text[negated.end() : negated.end() + 40])[:3] if negated else []
    asked = {
        term
        for match in _NEGATION.finditer(question)
        for term in content_terms(question[match.end() : match.end() + 40])[:3]
    }
    return any(thesaurus.says(term, asked) for term in after)


def _denies(text: str, after: int, terms: set[str], used_in_asked: bool = False) -> bool:
    """Whether the words right after a negation (past "be", "currently" ...) name
    one of the ask's own terms ("we do not store", "is not permitted"), or a verb
    whose object is the practice itself ("does not operate a Change Advisory Board",
    "does not offer customer-managed keys", "does not run a bug bounty program")."""
    following = _past_kind_of(_past_subject_to(words(text[after : after + 80])))[:6]
    if _NO_BEFORE.search(text, max(0, after - 4), after):  # "No customer data is transferred"
        subject = list(itertools.takewhile(lambda w: w.lower() not in _BE_WORDS, following))
        verb_follows = len(subject) < min(len(following), 5)  # "No customer data is ..."
        if verb_follows and any(one_family(stem(w), t) for w in subject for t in terms):
            return True
    for at, word in enumerate(following[:4]):
        if word in _BRIDGE or word in STOPWORDS:
            continue
        said = stem(word)
        if said == _COMPLETED and _COMPLETED_UNTIL.search(text, after, after + 120):
            return False  # "not completed until the employee signs", "... within 30 days"
        if said in _PRACTISING or any(one_family(said, term) for term in terms):
            return True
        if said in _SWITCHED_ON and terms & _PUT_IN_PLACE:
            return True
        if any(said in _DENIED_WITH.get(term, ()) for term in terms):
            # "is never stored after authorisation": nor retained ("not stored locally;
            # forwarded to the SIEM" says where, not whether)
            return not _SOMEWHERE.match(" ".join(following[at + 1 : at + 2]))
        if (
            used_in_asked
            and said in _COPYING
            and _names_asked(_to_sentence_end(text, after)[at + 1 :], terms)
        ):
            return True  # "must not be copied into development, test or staging
            # environments" for whether data is used in development or test ones; "...
            # to development, staging or any other non-production environment"
        return _or_asked(following[at + 1 :], terms)  # "not copied to or used in"
    return False


def _past_kind_of(following: list[str]) -> list[str]:
    """The words after a negation without a word saying what kind of thing is denied,
    after an article: "does not have a formal business continuity plan" denies the plan
    asked (not "Training is not formal; ...", nor "a dedicated CISO", which is shared)."""
    return [
        w
        for at, w in enumerate(following)
        if not (w.lower() in _KIND_OF and at and following[at - 1].lower() in _ARTICLES)
    ]


_KIND_OF = frozenset("formal formalised formalized comprehensive".split())
_ARTICLES = frozenset("a an any".split())


def _past_subject_to(following: list[str]) -> list[str]:
    """The words after a negation without a "been subject to" among its first four:
    "has not yet been subject to an independent audit" denies the audit (not "Standard
    changes are not subject to CAB approval", which exempts some of them)."""
    lowered = [w.lower() for w in following[:4]]
    for at in range(1, len(lowered) - 1):
        if lowered[at - 1 : at + 2] == ["been", "subject", "to"]:
            return following[:at] + following[at + 2 :]
    return following


def _copying_denied(text: str, after: int, question: str) -> bool:
    """Whether the negation at ``after`` denies putting data somewhere ("must not be
    copied to ..."), and the question asks something other than whether data is used or
    kept there (``_USED_IN_ASKED``) and names no such verb itself."""
    following = [w for w in words(text[after : after + 60])[:4] if w.lower() not in _BRIDGE]
    if not following or stem(following[0]) not in _COPYING:
        return False
    asked = {stem(w.lower()) for w in words(question)}
    return not used_in_asked(question) and not asked & _PLACING


def _to_sentence_end(text: str, after: int) -> list[str]:
    """The words after ``after`` to the end of its sentence (or clause after a semicolon),
    twenty at most."""
    return words(re.split(r"[.;:!?]", text[after : after + 200], maxsplit=1)[0])[:20]


def _names_asked(following: list[str], terms: set[str]) -> bool:
    """Whether the words after a negated verb name two of the ask's terms: the verb
    is another word for the asked one, its object the asked one's."""
    named = {t for w in following for t in terms if one_family(stem(w), t)}
    lower = {stem(w.lower()) for w in following} & _NON_PRODUCTION
    if "non" in terms and len(lower) >= _NAMED_AFTER:
        named.add("non")  # "copied to development or staging" names non-production ones
    named |= {_TESTING[w] for w in (stem(w.lower()) for w in following) if _TESTING.get(w) in terms}
    return len(named) >= _NAMED_AFTER


_NAMED_AFTER = 2
# The environments a question calls "non-production".
_NON_PRODUCTION = frozenset(
    stem(w) for w in "development dev staging test testing qa uat sandbox preproduction".split()
)
# Environments that are the test ones: "QA environments" of "test environments" (not
# staging or development: another environment).
_TESTING = {stem("qa"): stem("test"), stem("uat"): stem("test"), stem("testing"): stem("test")}


# A question whether data is used (kept) somewhere, its first verb that: "Is production
# customer data used in development or test environments?" (not "Is production data
# masked before use in test environments?").
def used_in_asked(question: str) -> bool:
    """Whether the question asks whether something is used or kept somewhere
    (``_USED_IN_ASKED``), an aside on what it is set apart ("Is production data,
    including personal health information, copied to or used in ...?")."""
    return _USED_IN_ASKED.match(_INCLUDING_ASIDE.sub("", question)) is not None


_INCLUDING_ASIDE = re.compile(r",\s*(?:including|incl\.|such\s+as|e\.g\.|especially)\b[^,?]*,")
_USED_IN_ASKED = re.compile(
    # (SIG's defined term "Scoped Data" is the data, no participle)
    r"^\W*(?:is|are)\s+(?:scoped\s+|(?![\w-]+ed\b)[\w-]+\s+){1,8}?"
    # "... copied to or used in non-production environments?"
    r"(?:(?:copied|replicated|moved|loaded|transferred)\s+(?:to|into)\s+(?:or|and|and/or)\s+)?"
    r"(?:used|stored|kept|held|present)\s+"
    # "... used or replicated in non-production environments?"
    r"(?:(?:or|and|and/or)\s+(?:copied|replicated|moved|loaded|transferred)\s+)?"
    r"(?:in|on|into|within)\b"
    # "Do you use institutional production data in non-production environments?"
    r"|^\W*(?:do|does)\s+(?:you|we|your\s+[\w-]+|the\s+[\w-]+)\s+(?:use|store|keep|hold)\s+"
    r"(?:(?![\w-]+ed\b)[\w-]+\s+){1,8}?(?:in|on|into|within)\b",
    re.I,
)
# Verbs putting data somewhere, which a question asks as using or keeping it there.
_COPYING = frozenset(stem(w) for w in "copied moved loaded replicated transferred".split())

# Verbs of putting data somewhere or passing it on: a question naming one asks what a
# "must not be copied to ..." denies ("Are backups sent offsite?", "Is data shared with
# subprocessors outside the EEA?").
_PLACING = _COPYING | frozenset(
    stem(w)
    for w in """copy move load replicate transfer send sent share store stored keep kept hold
    held place upload export transmit disclose sync synchronise synchronize mirror""".split()
)


# "No" before the noun phrase it denies, and the verb after that phrase.
_NO_BEFORE = re.compile(r"\bno\s*$", re.I)
_BE_WORDS = frozenset("is are was were will shall may can has have".split())


def _or_asked(following: list[str], terms: set[str]) -> bool:
    """Whether a verb the negation also covers, after "or" in the next few words, is one
    of the ask's terms: "is not copied to or used in test environments"."""
    for before, word in itertools.pairwise(following[:4]):
        if before in ("or", "nor") and stem(word) in terms:
            return True
    return False


# Verbs whose object is a practice: denying them denies the practice they name.
_PRACTISING = frozenset(
    stem(word)
    for word in "operate offer run perform conduct maintain provide support use hold held employ "
    "supply have pursue commission obtain achieve undergo undergone engage implement deploy "
    "complete adopt enforce require mandate force".split()
)
# Verbs putting a thing in place, whose denial denies it ("Host-based firewalls are not
# enabled on ...")
_BRACKETED_ASIDE = re.compile(r"\s*\([^()]*\)")
_SOMEWHERE = re.compile(
    r"(?:locally|on|in|at|within|outside|offsite|onsite|elsewhere|there|anywhere|here)$", re.I
)
# What denying an act denies besides: data never stored, collected or recorded is never
# retained (kept); never collected or recorded, never stored.
_DENIED_WITH = {
    stem(asked): frozenset(stem(w) for w in denied.split())
    for asked, denied in (
        ("retain", "store stored collect collected record recorded save saved"),
        ("retained", "store stored collect collected record recorded save saved"),
        ("keep", "store stored collect collected record recorded save saved"),
        ("store", "collect collected record recorded save saved"),
    )
}
_SWITCHED_ON = frozenset(stem(word) for word in "enable activate install".split())
# ... when the question asks it be put in place: "Are software firewalls configured on
# managed endpoints?" (not "Are unused services turned off?", "Is SMBv1 removed?").
_PUT_IN_PLACE = frozenset(
    stem(word) for word in "configured enabled installed activated deployed implemented".split()
)
# "Not completed" denies the practice ("has not yet completed an independent audit"), but
# not when a condition or a deadline follows: "Onboarding is not completed until the
# employee signs ...", "Reviews that are not completed within 30 days are escalated".
_COMPLETED = stem("completed")
_COMPLETED_UNTIL = re.compile(r"\bcomplet\w*\b[^.;]*?\b(?:until|unless|within|before)\b", re.I)
# Of those, how a practice is held, which a denial may name as the practice's own word:
# "Passwords are not required to be changed" denies requiring a change.
_HELD_BY = frozenset(stem(word) for word in "enforce require mandate".split())


def _denied_here(brief: Brief, lead: str, negation: re.Match[str]) -> bool:
    """Whether a negation right before an ask's term denies the practice asked: its
    clause is about the practice, or the words after it name two or more of the ask's
    terms ("does not currently have a SOC 2 report" denies a current SOC 2 Type II
    report; "does not have a forensics retainer" a digital forensics firm on retainer);
    and it denies no narrower practice than the one asked (``_narrower``; a clause
    after a colon that tells why narrows nothing, one after a lead-in such as "in the
    following cases:" does)."""
    clause = _clause_at(lead, negation.start())
    start = lead.find(clause)
    following = lead[negation.end() : start + len(clause)] if start >= 0 else ""
    explained = _EXPLAINING_COLON.search(following)  # (a clause after a colon tells why)
    denied = following[: explained.start()] if explained else following
    led_in = re.split(r":\s", following, maxsplit=1)[0]  # "in the following cases: ..."
    narrower = (
        _narrower(brief, following) and _narrower(brief, denied)
        if explained
        else _narrower(brief, following) or _narrower(brief, led_in)
    )
    if narrower:
        return False
    if _about_practice(brief, clause, _PRACTISING, actor_optional=True, by_phrase=True):
        return True
    # (examples of what is denied widen it: "..., including in cloud services"; so do
    # alternatives: "does not use student data for targeted advertising or to build
    # advertising profiles" denies the advertising, "does not support sign-in with social
    # media or other third-party consumer identity providers" those providers)
    widened = _EXAMPLES.split(denied, maxsplit=1)[0]
    others = _OR_OTHER.split(widened)[1:]  # the kind the alternatives are of
    return any(
        _denial_names_ask(brief, text)
        for text in (widened, _ALTERNATIVE.split(widened, maxsplit=1)[0], *others)
    )


def _denial_names_ask(brief: Brief, denied: str) -> bool:
    """Whether the words a negation denies name two or more of the ask's terms and at
    most one word besides."""
    named = {
        t
        for t in content_terms(_VERB_NOUN.sub(_verb_of_noun, denied))
        if t not in (_PRACTISING - _HELD_BY) | _neutral(brief) | _ABILITY | _COPYING
    }
    asked = _asked_stems(brief)  # one word may be the asked one's in other words
    said = {  # "sell" of "sold", "clients" of "CSCs"
        t for t in named if any(one_family(t, a) for a in asked) or thesaurus.says(t, asked)
    }
    said |= {t for t in named if _TESTING.get(t) in asked}  # "QA environments" of test ones
    return len(said) >= 2 and len(named - said) <= 1


# A noun in -nse or -nsion the stemmer keeps apart from its verb in -nd ("a response
# capability" denies the capability to respond; "responsible" stems as "response" does,
# so words, not stems, are read).
_VERB_NOUN = re.compile(r"\b(respon|exten|suspen|expan)(?:ses?|sions?)\b", re.I)


def _verb_of_noun(noun: re.Match[str]) -> str:
    return f"{noun.group(1)}d"


_ALTERNATIVE = re.compile(r"\bor\b", re.I)
_OR_OTHER = re.compile(r"\bor\s+(?:any\s+)?other\b", re.I)


# Words of being able to, which deny nothing narrower: "does not provide clients with the
# ability to manage their own encryption keys" of "the capacity to manage" them.
_ABILITY = frozenset(stem(w) for w in "ability capability capacity able".split())
# Where a denial's examples begin: "must not be stored outside the United States,
# including in vendor-hosted services".
_EXAMPLES = re.compile(r"\b(?:including|such\s+as|e\.g\.|for\s+example)\b", re.I)
# A colon after which a clause of its own tells why (its own verb), not one closing a
# lead-in to what the denial is limited to ("not required for the following:", "where:").
_EXPLAINING_COLON = re.compile(
    r"(?<!\bfollowing)(?<!\bwhere)(?<!\bwhen)(?<!\bif)(?<!\bfor)(?<!\bon)(?<!\bin)(?<!\bto)"
    r"(?<!\bexcept)(?<!\bunless)(?<!\bfollows)(?<!\bincluding)(?<!\bcases)(?<!\bbelow)"
    r"(?<!\bcircumstances)(?<!\bsituations)(?<!\bconditions)(?<!\bexceptions):\s+"
    r"(?=[^.;]*\b(?:is|are|was|were|will|must|shall|has|have|[a-z]+ed)\b)",
    re.I,
)


def _alternatives_all_denied(brief: Brief, lead: str, here: list[re.Match[str]]) -> bool:
    """Whether, of a question offering alternatives ("sell or share"), a clause of the
    denials of the ask (``here``) names every one ("does not sell or rent ..."): one
    denied ("does not sell customer data, and does not use it for advertising") leaves
    sharing unsaid."""
    offered = _OR_ASKED.search(brief.query)
    if offered is None:
        return True
    wanted = {stem(w.lower()) for w in offered.groups() if w}
    return any(
        all(
            any(one_family(stem(w.lower()), t) for w in words(_clause_at(lead, m.start())))
            for t in wanted
        )
        for m in here
    )


# A negation giving a reason or a condition: "..., as it does not offer services in the EU".
_REASON_BEFORE = re.compile(
    r"\b(?:as|because|since|unless|if|given\s+that)\s+\w+(?:\s+\w+)?\s*$", re.I
)


def _in_reason(text: str, at: int) -> bool:
    return _REASON_BEFORE.search(text, max(0, at - 40), at) is not None


# Where a denial's own words end: a reason, an exception, examples of what it denies.
_DENIAL_ENDS = re.compile(
    r",|\b(?:as|because|since|unless|except|excluding|such as|including|e\.g\.|i\.e\.)\b"
    r"|\b(?:and|but)\s+(?=(?:does|do|did|is|are|was|were|has|have|will|must|can|may)\b)",
    re.I,
)
# Words opening a phrase that may narrow what is denied: "for access to the internal wiki",
# "when accessing the partner portal", "in plain text".
_NARROWING = re.compile(
    r"\b(?:for|to|when|while|on|in|at|within|during|from|via|through|outside|by|with)\b", re.I
)
# A phrase a verb may open ("to use MFA", "when accessing ..."); after "for", "on" ...
# a noun names the scope: "for support" narrows "do not use subprocessors".
_VERB_MAY_FOLLOW = re.compile(r"\W*(?:to|when|while)\b", re.I)
# Words widening a phrase, which then narrows nothing: "for any role".
# (examples of what is denied narrow nothing: "(for example, Google, Facebook, or Apple)")
_WIDENING = re.compile(r"\b(?:any|all|every|each)\b|\bfor\s+example\b|\be\.g\.|\bsuch\s+as\b", re.I)


def _narrower(brief: Brief, following: str) -> bool:
    """Whether the words after a negation deny the practice only in a scope the question
    does not ask about: a phrase among them ("for advertising", "to the internal wiki")
    names something, and nothing the question names. A question asking about all of
    something is answered No by any denial within it ("Contractors are not required to
    use MFA when accessing the partner portal" for MFA for all users)."""
    if ALL_ASKED.search(brief.query):
        return False
    own = _DENIAL_ENDS.split(following, maxsplit=1)[0]
    asked = _asked_stems(brief)
    listed = {stem(w.lower()) for w in words(following)} & _NON_PRODUCTION
    if "non" in asked and len(listed) >= _NAMED_AFTER:  # "development, test or staging"
        asked = asked | listed  # name the non-production environments asked (not one alone)
    one_named = "non" in asked and len(listed) == 1
    neutral = _neutral(brief)
    bounds = [m.start() for m in _NARROWING.finditer(own)] + [len(own)]
    for begin, end in pairwise(bounds):
        if _WIDENING.search(own, begin, end):
            continue
        phrase = own[begin:end]
        doing = _PRACTISING if _VERB_MAY_FOLLOW.match(phrase) else frozenset()
        # (a light verb names no scope: "to carry out on-site audits")
        terms = [
            t for t in content_terms(phrase) if t not in neutral | doing | _ABILITY | LIGHT_VERBS
        ]
        if one_named and set(terms) & listed:
            return True  # "never used in the UAT environment": one of the non-production ones
        if terms and not any(t in asked or thesaurus.says(t, asked) for t in terms):
            return True
    return False


# Words placing a denial in time, or stressing it, which narrow nothing: "at this time",
# "at present", "its own subcontractors ... directly".
_NEUTRAL = frozenset(
    stem(w) for w in "time present moment current currently yet own directly itself".split()
)
# ... and, when the question asks a practice be periodic, how often: "Passwords do not
# expire on a fixed schedule" denies periodic expiration, not penetration testing.
_SCHEDULE = frozenset(
    stem(w) for w in "fixed schedule regular routine basis periodic periodically".split()
)


def _neutral(brief: Brief) -> frozenset[str]:
    periodic = any(f.asks == "frequency" for f in brief.facts)
    return _NEUTRAL | _SCHEDULE if periodic else _NEUTRAL


def _clause_at(text: str, at: int) -> str:
    """The clause of the sentence around ``at``: "credit checks are not performed" of
    "Background checks are performed on all employees; credit checks are not
    performed"."""
    start, end = _clause_span(text, at)
    return text[start:end]


def _clause_span(text: str, at: int) -> tuple[int, int]:
    begin, end = next(((a, b) for a, b in sentence_spans(text) if a <= at < b), (0, len(text)))
    start = begin
    masked = brackets_masked(text)  # "data (track data, and PINs) is never stored": one
    for apart in SIBLING_BREAK.finditer(masked, begin, end):  # "MD5 and SHA-1" is one clause
        if apart.start() >= at:
            return start, apart.start()
        start = apart.end()
    return start, end
