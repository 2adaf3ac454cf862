"""What a Yes would state that the lead quote does not.

A lead sentence can name the practice asked and still not say Yes to the question:

- the question asks whether something is prohibited and the lead states no
  prohibition ("USB drives may be used with approval");
- the question asks whether something is allowed *without* a control ("Do you allow
  remote access without MFA?", "Is customer data ever stored unencrypted?") and the
  lead states the control ("MFA is required for all remote access"), or does not name
  a lack the question names by its own word ("unencrypted"): Yes would admit a gap the
  document does not;
- the lead leaves the practice to the customer, as their choice ("Users can enable
  MFA") or their responsibility ("Customers are responsible for backups"), or states
  it of third parties ("Suppliers must encrypt data at rest");
- the question asks what happened ("Have you experienced a breach in the past 12
  months?"): policies state rules, not events;
- the question asks about a certification the lead does not state as held ("aligned
  with ISO 27001" for "Is your company ISO 27001 certified?");
- the question names a figure the lead states otherwise ("at least 12 characters"
  against "at least 8 characters", "AES-256" against "AES-128"), for all or for part
  of what it covers.

- the question asks about all of something the lead's "all" is not of ("all servers
  and workstations" against "all laptops and desktops"), or whether it is done round
  the clock ("monitored 24x7x365?" against business hours);
- the question asks whether someone is allowed to do something and the lead allows
  nothing (``permission_unstated``, read after the checks on what the lead names).

Each gives a finding: a person decides whether the answer is Yes.
"""

from __future__ import annotations

import re

from dossier.common.textutil import (
    ROUND_THE_CLOCK,
    STOPWORDS,
    as_the_vendor,
    content_terms,
    question_terms,
    stem,
    words,
)
from dossier.records import Finding
from dossier.research import thesaurus

# "Do you prohibit X?", "Is X not allowed?": answered Yes by a sentence that forbids X.
# (not "bank", "bandwidth": "ban" only as itself)
PROHIBITION_ASK = re.compile(
    r"\b(?:prohibit|forbid|disallow)\w*|\bban(?:s|ned|ning)?\b|\bnot (?:be )?allowed", re.I
)

EVENT = Finding(
    "event",
    0,
    "the question asks what happened; the documents state rules, not events: a person answers",
)


def overstated(question: str, lead: str) -> Finding | None:
    """A finding when Yes to ``question`` would state what ``lead`` does not; else None.
    A buyer's "the Supplier" is the one answering, no third party."""
    question = as_the_vendor(question)
    checks = (
        _all_of_what,
        _round_the_clock,
        _absence_allowed,
        _prohibition_unstated,
        _left_to_customer,
        _third_party,
        _asked_of_third_parties,
        _delegated,
        _event,
        _certification,
        _figure,
    )
    for check in checks:
        found = check(question, lead)
        if found is not None:
            return found
    return None


# -- the scope asked -----------------------------------------------------------------

# A question asking whether someone is let do something, and a sentence letting them.
_PERMISSION_ASKED = re.compile(
    r"^\W*(?:do|does|will|would)\s+(?:you|we|the\s+\w+)\s+(?:allow|permit|let)\b"
    r"|\b(?:are|is)\s+(?:\w+\s+){1,3}(?:allowed|permitted)\s+to\b",
    re.I,
)
_PERMISSION_STATED = re.compile(
    r"\b(?:allow(?:s|ed|ing)?|permit(?:s|ted|ting)?|may|can|able\s+to|right\s+to"
    r"|authori[sz]ed|entitled)\b",
    re.I,
)


def permission_unstated(asked: str, lead: str) -> Finding | None:
    """A finding when the question asks whether someone is allowed to do something and
    the lead says nothing of allowing it ("Do you allow institutions to conduct their own
    penetration tests?" of "Penetration test executive summaries are available to
    customers": the summaries, not the customers' own tests), or allows it for another
    thing than the one asked ("Are employees permitted to access customer data from
    personal devices?" of "Personnel may access Company email, calendar, and Slack from a
    personal mobile phone")."""
    if not _PERMISSION_ASKED.search(asked):
        return None
    if _PERMISSION_STATED.search(lead):
        return _other_thing_permitted(asked, lead)
    detail = (
        "the question asks whether it is allowed; the lead quote says nothing of allowing "
        "it: a person decides whether it answers Yes"
    )
    return Finding("scope", 0, detail)


# What a question asks someone be allowed to do something to, when it is data: "permitted
# to access customer data from personal devices" (the data; where from comes after).
_PERMITTED_OBJECT = re.compile(
    r"\b(?:allowed|permitted)\s+to\s+(?:access|use|store|copy|download|view|share|transfer"
    r"|send|process)\s+(?P<object>(?:[a-z][\w-]*\s+){0,3}?(?:data|information|records|phi"
    r"|ephi|pii))\s+(?:from|on|using|via|with|in|to|at|outside|through|over)\b",
    re.I,
)


def _other_thing_permitted(asked: str, lead: str) -> Finding | None:
    """A finding when the question asks permission for something done to a thing
    (``_PERMITTED_OBJECT``) and the lead names none of that thing's words (nor a
    thesaurus alternative)."""
    wanted = _PERMITTED_OBJECT.search(asked)
    if wanted is None:
        return None
    terms = [t for t in content_terms(wanted.group("object")) if t not in _ANY_THING]
    present = set(content_terms(lead))
    if not terms or any(thesaurus.says(t, present) for t in terms):
        return None
    detail = (
        f"the question asks whether it is allowed for {wanted.group('object')}; the lead "
        "quote allows it for something else: a person decides whether it answers Yes"
    )
    return Finding("scope", 0, detail)


# Words naming any thing at all ("access data from personal devices": "data").
_ANY_THING = frozenset(stem(w) for w in ("data", "information", "systems", "resources"))


# Adverbs between "all" and a verb that STOPWORDS does not hold: "all ... currently".
_ADVERBS = frozenset(("currently", "yet", "always"))
# "All" or "every" as a question asks it of a whole: not "all relevant stakeholders",
# "all applicable laws", whose adjective leaves to the reader which ones (no sentence
# can state fewer than they are).
ALL_ASKED = re.compile(
    r"\b(?:all|every)\b(?!\s+(?:of\s+)?(?:the\s+)?(?:relevant|applicable|appropriate"
    r"|necessary|affected|impacted|pertinent|concerned)\b)",
    re.I,
)
# What "all" is of, in a question: "all servers and workstations" (up to the first word
# that is not a noun's: an article, a preposition, a verb of the question's wording).
_ALL_OF = re.compile(
    ALL_ASKED.pattern + r"\s+((?:[a-z][\w-]*)(?:,?\s+(?:and\s+|or\s+)?[a-z][\w-]*){0,4})", re.I
)


def _all_of_what(asked: str, lead: str) -> Finding | None:
    """A finding when the question asks about all of something the lead's "all" is not
    of: "all Windows and macOS laptops and desktops" for all servers and workstations."""
    found = _ALL_OF.search(asked)
    if found is None:
        return None
    if _THE_FOLLOWING.match(found.group(1)):  # "AT LEAST all of the following; login, ..."
        return _listed_unnamed(asked[found.end() :], lead)
    phrase, read = _all_phrase(found.group(1))
    if (
        phrase
        and set(phrase) <= _EVERY_PERSON
        and (_EVERYONE.search(lead) or _ALL_COLLEAGUES.search(lead))
    ):
        return None  # "Everyone repeats it once a year", "All associates complete ..."
    if set(phrase) <= _CONSTITUENTS and _ALL_USERS.search(lead):
        return None  # SIG's "all constituents": "All users complete the training"
    present = set(content_terms(lead))
    missing = [term for term in phrase if not thesaurus.says(term, present)]
    if not missing or len(missing) < len(phrase) / 2 or _all_of_head(found.group(1), phrase, lead):
        return None
    if set(missing) <= _JOINING_PEOPLE and _ALL_STAFF.search(lead.split(";")[0]):
        return None  # "all employees and contractors prior to their start date": new hires too
    detail = (
        f"the question asks about all {_as_asked(found.group(1), read)}; the lead quote "
        "does not name them: a person decides whether it answers Yes for all"
    )
    return Finding("scope", 0, detail)


_THE_FOLLOWING = re.compile(r"(?:of\s+)?(?:the\s+)?(?:following|below|listed)\b", re.I)
_LIST_ITEM_BREAK = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+|[;:]\s*", re.I)


def _listed_unnamed(listed: str, lead: str) -> Finding | None:
    """A finding when the lead names not every item of the list a question asks all of
    ("... all of the following; login, logout, actions performed, and source IP
    address?"): each item is named when the lead says each of its words ("source" alone
    names no source IP address)."""
    present = set(content_terms(lead))
    items = [i for i in _LIST_ITEM_BREAK.split(listed.strip(" ?.")) if content_terms(i)]
    missing = [i for i in items if not all(thesaurus.says(t, present) for t in content_terms(i))]
    if items and not missing:
        return None
    detail = (
        f"the question asks about all of {', '.join(missing) or 'a list'}; the lead quote does "
        "not name them: a person decides whether it answers Yes for all"
    )
    return Finding("scope", 0, detail)


# "Everyone" opening a sentence, unqualified, names all of the people a question asks of:
# its employees, staff, personnel (not "Everyone in the engineering team").
_EVERYONE = re.compile(
    r"(?:^|[.;:]\s+)(?:everyone|everybody)\b(?!\s+(?:in|on|with|at|from|who|that|whose"
    r"|within|outside|except|but|else)\b)",
    re.I,
)
# The whole workforce in a company's own word for its people: "All associates complete
# the training annually" (Indian IT services firms' usage), "all colleagues" (not "all
# business associates", HIPAA's vendors, nor "all associates in the delivery unit").
_ALL_COLLEAGUES = re.compile(
    r"\b(?:all|every)\s+(?:of\s+(?:our|its|the)\s+)?(?:associates?|colleagues?)\b"
    r"(?!\s+(?:in|with|who|that|whose|at|of|on|from|within|assigned|working|holding|having"
    r"|handling|based)\b)",
    re.I,
)
_EVERY_PERSON = frozenset(
    stem(w) for w in "employees staff personnel workforce workers people members".split()
)
# SIG's "constituents", those a policy is communicated to, are all of its users too
# (its verb right after: not "all users with access to card data", "all users granted
# administrative rights").
_CONSTITUENTS = frozenset((stem("constituents"),))
_ALL_USERS = re.compile(
    r"\b(?:all|every)\s+users?\s+(?:must|shall|will|should|are|is|have|has|complete\w*"
    r"|receive\w*|undergo\w*|undertake\w*|attend\w*|take|takes|sign\w*|acknowledge\w*"
    r"|read|reads|agree\w*)\b",
    re.I,
)
# People who join the workforce ("all new hires"): "all employees" are all of them too.
_JOINING_PEOPLE = frozenset(stem(w) for w in "new hires starters joiners recruits".split())
_ALL_STAFF = re.compile(
    r"\b(?:all|every|each)\s+(?:of\s+(?:our|its|the)\s+)?(?:employees?|staff|personnel"
    r"|workforce(?:\s+members?)?|workers?|team\s*members?|teammates?)\b"
    # (not narrowed: "all employees in sensitive roles", "... who handle card data")
    r"(?!\s+(?:in|with|who|that|whose|at|of|on|from|within|assigned|working|holding|having"
    r"|handling|based)\b)",
    re.I,
)
_DETERMINERS = frozenset("your our the its their of these those".split())
# Words after a noun phrase that are none of it: "all employees prior to their first day".
_PHRASE_ENDS = frozenset("prior per via including excluding".split())


def _all_phrase(after_all: str) -> tuple[list[str], list[str]]:
    """The stems of the noun phrase a question's "all" is of, and its words as asked:
    up to the first word that is not a noun's ("all employees required to ...")."""
    phrase: list[str] = []
    read: list[str] = []
    for word in words(after_all):
        if word in ("and", "or") or (not phrase and word in _DETERMINERS):
            continue  # "all your wireless access points", "all of the servers"
        if (
            word in STOPWORDS
            or word in _ADVERBS
            or word in _PHRASE_ENDS
            or (phrase and word.endswith(("ed", "ing")))
        ):
            break  # "all employees required to ...": a verb's, no longer a noun's
        phrase.append(stem(word))
        read.append(word)
    return phrase, read


# Where a statement's subject ends: its auxiliary or modal ("Critical updates are ...").
_SUBJECT_ENDS = re.compile(r"\b(?:is|are|must|shall|will)\b", re.I)
# What makes a statement less than general: a quantifier or a relative clause in its
# subject ("Most laptops ...", "Laptops that are lost ..."), or anywhere in it a hedge, a
# condition or an exception ("... where supported", "... unless exempted", "... should
# be encrypted", "... subject to approved exemptions").
_FEWER_THAN_ALL = re.compile(
    r"\b(?:most|some|many|several|certain|few|selected|specific|particular|nearly|almost"
    r"|majority|that|which|who|whose|where|when|if)\b",
    re.I,
)
_HEDGED_ANYWHERE = re.compile(
    r"\b(?:wherever|unless|except(?:ing|ions?)?|excluding|other\s+than|save\s+for"
    r"|subject\s+to|provided\s+(?:that|the|it|they)|as\s+long\s+as|depending\s+on"
    r"|based\s+on\s+risk|at\s+the\s+discretion|generally|typically|usually|normally|mostly"
    r"|largely|mainly|partly|partially|sometimes|ideally|should|may|might|could|encouraged"
    r"|recommended|expected|aims?\s+to|intends?\s+to|best[\s-]efforts?|in\s+most\s+cases"
    r"|as\s+needed|on\s+request|optional(?:ly)?|will\s+be|(?:where|if|when|as)\s+(?:possible"
    r"|feasible|practicable|practical|supported|applicable|appropriate|required|needed"
    r"|necessary)|(?:reasonably|technically)\s+(?:possible|feasible|practicable))\b",
    re.I,
)


def generic_of_all(asked: str, lead: str) -> bool:
    """Whether the lead states the practice of the very class the question's "all" is
    of, with nothing narrowing it: its subject names every word of that phrase and
    nothing the question does not ("High-risk and critical security updates for
    operating systems ... are installed within 14 days" for all high-risk or critical
    security updates for operating systems; a policy's plural is of the whole class),
    word for word, with no hedge, condition, exception or quantifier anywhere in it.
    "Laptops are encrypted" is not of all laptops and desktops, nor "Updates for
    engineering laptops ..." of all updates, nor "Most laptops are encrypted" or
    "Laptops are encrypted where supported" of all laptops."""
    found = _ALL_OF.search(asked)
    end = _SUBJECT_ENDS.search(lead)
    if found is None or end is None or _HEDGED_ANYWHERE.search(lead):
        return False
    if _FEWER_THAN_ALL.search(lead[: end.start()]):
        return False
    phrase, _ = _all_phrase(found.group(1))
    subject = set(content_terms(lead[: end.start()]))
    if not phrase or not subject:
        return False
    return all(term in subject for term in phrase) and subject <= set(question_terms(asked))


def _as_asked(text: str, read: list[str]) -> str:
    """The question's words up to the last of those ``read`` ("servers and
    workstations" of "servers and workstations upon hire")."""
    end = 0
    for word in read:
        at = text.lower().find(word, end)
        end = at + len(word) if at >= 0 else end
    return " ".join(text[:end].split())


def _all_of_head(asked: str, phrase: list[str], lead: str) -> bool:
    """Whether the lead's "all" is of the head noun of what the question's "all" is of
    ("all new employees"; not a list, "all servers and workstations"): "All employees
    undergo a background check before their start date" holds the new ones (a whole
    class holds its kinds). The lead's "all", "every" or "each" is the head's own: at
    most two words between them, no punctuation ("Each year, contractors ..." is
    not all contractors)."""
    if not phrase or re.search(r"\b(?:and|or)\b", asked, re.I):
        return False
    tokens = re.findall(r"[A-Za-z][\w-]*|[^\w\s]", lead)
    for at, token in enumerate(tokens):
        if not thesaurus.says(phrase[-1], {stem(token.lower())}):
            continue
        before = [t.lower() for t in tokens[max(0, at - 3) : at]]
        for offset, word in enumerate(before):
            if word in ("all", "every", "each") and all(
                t[0].isalpha() for t in before[offset + 1 :]
            ):
                return True
    return False


_ROUND_THE_CLOCK = re.compile(
    r"\b24\s*(?:x|/|×)\s*7(?!\d)|\b24\s+hours\s+a\s+day\b|\b(?:a)round[\s-]the[\s-]clock\b", re.I
)


def _round_the_clock(asked: str, lead: str) -> Finding | None:
    """A finding when the question asks whether something is done round the clock
    ("monitored 24x7x365?") and the lead does not say so ("triaged ... during UK business
    hours")."""
    if not _ROUND_THE_CLOCK.search(asked) or ROUND_THE_CLOCK.search(lead):  # every day
        return None
    if re.search(r"\b(?:continuous(?:ly)?|at all times|constantly)\b", lead, re.I):
        return None
    detail = (
        "the question asks whether it is done round the clock; the lead quote does not "
        "say so: a person decides whether it answers Yes"
    )
    return Finding("scope", 0, detail)


# -- allowed without a control -------------------------------------------------------

_PERMISSIVE_ASK = re.compile(
    r"^\s*(?:can|could|may)\b|\b(?:allow(?:s|ed)?|permit(?:s|ted)?|accept(?:s|ed)?"
    r"|tolerate[sd]?|possible|ever)\b"
    # whether any exist: "Are there any systems that do not enforce MFA?"
    r"|^\s*(?:are|is)\s+there\s+any\b|^\s*(?:do|does)\s+any\b",
    re.I,
)
# A lack in use: "Do you use unencrypted protocols?", "Is data stored unencrypted?"
_IN_USE = re.compile(
    r"\b(?:use[sd]?|using|stor(?:e[sd]?|ing)|transmit(?:s|ted)?|sen[dt]s?|run(?:s|ning)?"
    r"|operat(?:e[sd]?|ing)|exist(?:s|ing)?|remain(?:s|ing)?|kept|connect(?:s|ed)?)\b",
    re.I,
)
# "without MFA" (a control named after it, or something else: "without downtime"), and
# what only a lack can be: "systems that do not enforce MFA", "accounts lacking MFA".
_WITHOUT = re.compile(
    r"\b(?:without|(lack(?:s|ing)?|(?:that|which|who)\s+(?:do|does|is|are|has|have)\s*"
    r"(?:not|n[’']t)(?:\s+(?:use|have|support|require|enforce))?))\s+"
    r"((?:[\w-]+\s+){0,2}[\w-]+)",
    re.I,
)
# A lead that names an absence itself ("not", "without", "exempt") may answer Yes.
_ABSENCE_STATED = re.compile(
    r"\b(?:without|not|never|no|exempt\w*|exception\w*|lack\w*)\b|n[’']t\b", re.I
)
# Encryption lacking: "in clear text", "plaintext".
_PLAIN_TEXT = r"\b(?:in\s+)?(clear|plain)\s?text\b"
# A lack named by its own word, of a control: "unencrypted", "unpatched", "non-compliant"
# ("unexpected", "universal", "underlying" name none).
_LACKING = re.compile(
    r"\b(un|non-?)(encrypted|authenticated|authori[sz]ed|patched|supported|approved|managed"
    r"|monitored|secured|protected|signed|verified|vetted|saniti[sz]ed|registered|licensed"
    r"|hardened|compliant|logged|audited|restricted)\b"
    rf"|{_PLAIN_TEXT}",  # of encryption
    re.I,
)
# A control acting on the lack asked about: "Do you use tools to detect unauthorized
# access?" asks about the tools, "Is unauthorized software prevented from running?"
# about preventing it, not about using what is unauthorized.
_CONTROL_VERB = (
    r"\b(?:detect|prevent|block|monitor|log|alert|identif|remov|restrict|prohibit|review"
    r"|report|investigat|isolat|quarantin|remediat|track|protect|den[yi]|reject|disabl|flag"
    r"|scan|stop|find|handl|respond|address|against|replac|upgrad|decommission|retir)\w*"
)
_ACTED_ON_BEFORE = re.compile(rf"{_CONTROL_VERB}(?:\W+\w+){{0,3}}\W+$", re.I)
_ACTED_ON_AFTER = re.compile(rf"^(?:\W+\w+){{0,4}}?\W+{_CONTROL_VERB}", re.I)


def _absence_allowed(question: str, lead: str) -> Finding | None:
    """The question asks whether something is allowed without a control, whether
    anything lacks one, or whether what lacks one is used: Yes would admit a gap. A
    lead that states the control ("MFA is required" for "without MFA") says the
    opposite; one that names neither the control nor its lack says nothing of an
    "unencrypted" or "unpatched" it is asked about, nor of "systems that do not
    enforce MFA". Only a lead naming the absence itself may give Yes. Prohibition
    questions aside: "Do you prohibit unapproved software?" is answered by "only
    approved software may be used"."""
    if PROHIBITION_ASK.search(question):
        return None
    present = set(content_terms(lead))
    for control, lacking in _controls_absent(question, lead):
        stated = any(thesaurus.says(term, present) for term in content_terms(control))
        if stated or lacking:
            why = "states it" if stated else "does not say it is lacking"
            detail = (
                f"the question asks about an absence ({control} lacking); the lead quote "
                f"{why}: a person decides whether it answers No"
            )
            return Finding("negation", 0, detail)
    return None


def _controls_absent(question: str, lead: str) -> list[tuple[str, bool]]:
    """The controls whose absence the question asks about, and whether only a lead
    naming the absence could answer Yes (True for "unencrypted" asked whether used or
    allowed, for "systems that do not enforce MFA"; False for "without MFA": "without"
    says nothing of what follows being a control, so only a lead stating it is no
    Yes); none when the lead names an absence itself."""
    if _ABSENCE_STATED.search(lead):
        return []
    permissive = _PERMISSIVE_ASK.search(question) is not None
    found = [
        (m.group(2), m.group(1) is not None)
        for m in _WITHOUT.finditer(question)
        if permissive or _IN_USE.search(question)
    ]
    for match in _LACKING.finditer(question):
        acted_on = _ACTED_ON_BEFORE.search(question[: match.start()]) or _ACTED_ON_AFTER.match(
            question[match.end() :]
        )
        asked = permissive or _IN_USE.search(question)
        if asked and not acted_on and not _lack_named(match, lead):
            found.append((match.group(2) or "encryption", True))
    return found


def _lack_named(match: re.Match[str], lead: str) -> bool:
    """Whether the lead names the lack the question names ("unencrypted", "in clear
    text": any clear or plain text)."""
    if match.group(2) is None:
        return re.search(_PLAIN_TEXT, lead, re.I) is not None
    return match.group(0).lower() in lead.lower()


# -- a prohibition asked -----------------------------------------------------------------

# What states a prohibition or a restriction: "must not", "is prohibited", "only
# approved software may be used", "access is restricted to".
_PROHIBITION_STATED = re.compile(
    r"\b(?:not|never|no|nor|cannot|prohibit\w*|forbid\w*|forbidden|ban(?:s|ned)?"
    r"|disallow\w*|only|restrict\w*|block\w*|den(?:y|ies|ied)|disabled?)\b|n[’']t\b",
    re.I,
)


def _prohibition_unstated(question: str, lead: str) -> Finding | None:
    """The question asks whether something is prohibited and the lead states no
    prohibition or restriction: "USB drives may be used with approval" is no Yes to
    "Is the use of USB drives prohibited?"."""
    if not PROHIBITION_ASK.search(question) or _PROHIBITION_STATED.search(lead):
        return None
    detail = (
        "the question asks whether it is prohibited; the lead quote states no prohibition: "
        "a person decides"
    )
    return Finding("negation", 0, detail)


# -- left to the customer --------------------------------------------------------------

_OPTIONAL = re.compile(
    r"\boptional(?:ly)?\b"
    r"|\b(?:can|may)\s+(?:optionally\s+)?(?:choose|opt|elect|enable|turn\s+on|activate)\b"
    r"|\bat\s+(?:their|its|the\s+customer[’']s)\s+(?:own\s+)?discretion\b"
    r"|\bif\s+(?:the\s+)?(?:customers?|users?|clients?)\s+(?:so\s+)?(?:chooses?|wish(?:es)?)\b",
    re.I,
)
_CUSTOMERS_OWN = re.compile(
    r"\b(?:customers?|clients?|tenants?)\s+(?:is|are)\s+(?:solely\s+)?responsible\b"
    r"|\bresponsibility\s+of\s+(?:the\s+|each\s+)?(?:customers?|clients?|tenants?)\b"
    r"|\b(?:customer|client|tenant)s?[’']s?\s+(?:own\s+)?responsibility\b",
    re.I,
)
# A question about the customer's choice or responsibility expects them.
_CHOICE_ASKED = re.compile(
    r"^\s*(?:can|could|may)\b|\b(?:allow|permit|support|offer|option|able|possible"
    r"|responsib|available)\w*",
    re.I,
)


# Where a sentence turns to another subject: what follows ("...; customers may optionally
# supply their own keys", "mandatory for administrators and optional for others") is not
# what the lead says of the practice asked.
_NEXT_CLAUSE = re.compile(r";|,?\s+(?:and|but|while|whereas)\s+", re.I)


def _left_to_customer(question: str, lead: str) -> Finding | None:
    first = _NEXT_CLAUSE.split(lead, maxsplit=1)[0]
    left = _OPTIONAL.search(first) or _CUSTOMERS_OWN.search(first)
    if left is None or _CHOICE_ASKED.search(question):
        return None
    detail = (
        f"the lead quote leaves the practice to the customer (“{left.group(0)}”): "
        "a person decides whether it answers Yes"
    )
    return Finding("scope", 0, detail)


# -- of third parties ---------------------------------------------------------------------

# A sentence whose subject is a third party: "Suppliers must ...", "If third parties
# store data, their controls should ...".
_THIRD_PARTIES = (
    r"third[- ]part(?:y|ies)|vendors?|suppliers?|(?:service|cloud|hosting|infrastructure)"
    r"\s+providers?|sub-?processors?|(?:sub-?)?contractors?|partners?|outsourcers?"
)
# Which third parties: "critical vendors", "Tier 1 suppliers".
_THIRD_PARTY_KIND = (
    r"(?:(?:critical|key|new|approved|high[- ]risk|tier[\s-]*(?:\d+|[A-D]\b)|material|strategic)"
    r"\s+)?"
)
# The subject is the third parties themselves ("Third parties implement ...", "If third
# parties store ...", "Each supplier must ...", "2.1 Before contracting, vendors that will
# access PHI must ...", "Critical vendors must hold ..."), not a thing of theirs ("Vendor-hosted
# backups", "Third-party assessors perform ... of our platform", "Partner access is logged").
_THIRD_PARTY_SUBJECT = re.compile(
    # "Before the College contracts for a hosted service that will store Level 3 data, the
    # vendor must ... provide a SOC 2 Type II report" (the clause may be long)
    r"^\W*(?:[A-Z]?\d+(?:\.\d+)*\.?\s+)?(?:(?:before|after|once|prior\s+to)\s+[^,.;]{1,120},\s+)?"
    r"(?:(?:if|where|when)\s+)?(?:all\s+|the\s+|any\s+|our\s+|such\s+|each\s+|every\s+)?"
    rf"{_THIRD_PARTY_KIND}"
    rf"(?:{_THIRD_PARTIES})(?:\s+(?:that|who|which)\s+[^,.;]{{1,60}}?"
    r"|\s+[a-z]+ing\s+[^,.;]{1,40}?"  # "Suppliers handling customer data must ..."
    # "Vendors rated Critical or High must ...", "Suppliers with access to our data must ..."
    r"|(?<=s)\s+(?:[a-z]+ed|with)\s+[^,.;]{1,40}?)?"
    r"(?:\s+(?:must|shall|should|will|are|is|may|need|have|implement\w*"
    r"|maintain\w*|perform\w*|ensure\w*|provide\w*|store\w*|process\w*|encrypts|hosts"
    r"|manages|operates|runs|retains|uses|conducts|handles|complete[sd]?|undergo\w*"
    r"|carr(?:y|ies)|holds?|obtains?)\b)",
    re.I,
)
# The organisation asks it of them: "We require our suppliers to encrypt data", "We
# require Tier 1 vendors that host customer data to provide a SOC 2 report".
_ASKED_OF_THIRD_PARTIES = re.compile(
    r"\b(?:require|oblige|expect|mandate|ask|contract)s?\s+(?:all\s+|our\s+|its\s+|the\s+"
    rf"|any\s+|each\s+)?{_THIRD_PARTY_KIND}(?:{_THIRD_PARTIES})"
    r"(?:,?\s+(?:that|who|which)\s+[^,.;]{1,60}?,?)?\s+to\b",
    re.I,
)
_THIRD_PARTY_ASKED = re.compile(rf"\b(?:{_THIRD_PARTIES}|supply\s+chain|outsourc\w*)\b", re.I)
# A lead naming third parties in any of their names: "processors", "business associates",
# "external providers".
_THIRD_PARTY_NAMED = re.compile(
    rf"\b(?:{_THIRD_PARTIES}|supply\s+chain|outsourc\w*|(?:sub-?)?processors?"
    r"|(?:saas|software|technology|it|external)\s+providers?|external\s+part(?:y|ies)"
    r"|business\s+associates?|temporary\s+(?:staff|workers?))\b",
    re.I,
)


def _third_party(question: str, lead: str) -> Finding | None:
    """The lead states the practice of third parties ("Suppliers must encrypt data")
    and the question asks about the vendor's own: Yes would claim it as theirs."""
    first = _NEXT_CLAUSE.split(lead, maxsplit=1)[0]  # "We encrypt ... and require suppliers to"
    of_them = _THIRD_PARTY_SUBJECT.search(lead) or _ASKED_OF_THIRD_PARTIES.search(first)
    if not of_them or _THIRD_PARTY_ASKED.search(question):
        return None
    detail = (
        "the lead quote states it of third parties, not of the organisation asked: "
        "a person decides whether it answers Yes"
    )
    return Finding("subject", 0, detail)


def third_partys_list(question: str, lead_in: str) -> Finding | None:
    """A finding when the lead is an item of a list whose lead-in states what third
    parties must do ("Critical vendors must contractually commit to:" over "carry
    cyber liability insurance with coverage of at least $5 million;") and the question
    asks about the organisation's own practice."""
    if _THIRD_PARTY_ASKED.search(as_the_vendor(question)):
        return None
    if not (_THIRD_PARTY_SUBJECT.search(lead_in) or _ASKED_OF_THIRD_PARTIES.search(lead_in)):
        return None
    detail = (
        "the lead quote is an item of a list of what third parties must do: a person "
        "decides whether it answers for the organisation"
    )
    return Finding("subject", 0, detail)


# A question asking what third parties must do: "Are suppliers contractually required to
# notify the organisation ...?", "Do you require vendors to ...?". Not "Does the vendor
# encrypt ...?" (the vendor answering), nor "Are third-party penetration tests ...?".
_PLURAL_THIRD_PARTIES = (
    r"third[- ]parties|vendors|suppliers|(?:service|cloud|hosting)\s+providers"
    r"|sub-?processors|(?:sub-?)?contractors|outsourcers"
)
_THIRD_PARTIES_ASKED_OF = re.compile(
    r"^\W*(?:are|must)\s+(?:all\s+|your\s+|any\s+)?"
    rf"{_THIRD_PARTY_KIND}(?:{_PLURAL_THIRD_PARTIES})\s+(?:\w+ly\s+)?"
    r"(?:required|obliged|obligated|bound|expected|mandated)\s+to\b"
    r"|\b(?:require|oblige|mandate)\s+(?:all\s+|your\s+|its\s+|their\s+|any\s+)?"
    rf"{_THIRD_PARTY_KIND}(?:{_PLURAL_THIRD_PARTIES})\s+to\b",
    re.I,
)


def _asked_of_third_parties(question: str, lead: str) -> Finding | None:
    """The question asks what third parties must do ("Are suppliers contractually
    required to notify the organisation of a security incident ...?") and the lead
    names none ("Notifiable breaches will be reported to the ICO within 72 hours"):
    the organisation's own duty is not theirs."""
    if not _THIRD_PARTIES_ASKED_OF.search(question) or _THIRD_PARTY_NAMED.search(lead):
        return None
    detail = (
        "the question asks it of third parties; the lead quote names none: a person "
        "decides whether it answers Yes"
    )
    return Finding("subject", 0, detail)


# -- another party's responsibility -----------------------------------------------------

# A practice another party answers for: "hosted on AWS, which is responsible for
# physical security of its data centers", "handled by our cloud provider". The vendor
# states it of someone else; a Yes would state it of the vendor.
_PROVIDER = (
    r"(?:aws|amazon|google|gcp|azure|microsoft|(?:cloud|hosting|service|infrastructure)"
    r"\s+providers?|providers?|vendors?|suppliers?|third[- ]part(?:y|ies)|subprocessors?"
    r"|colocation)"
)
_DELEGATED = re.compile(
    rf"\b{_PROVIDER}\b[^.;]{{0,40}}?\b(?:is|are)\s+(?:solely\s+|fully\s+)?"
    r"responsible\s+for\b"
    rf"|\b(?:is|are)\s+(?:the\s+)?responsibility\s+of\s+(?:the\s+|our\s+|its\s+)?{_PROVIDER}\b"
    # "... is AWS's responsibility under the shared responsibility model"
    rf"|\b(?:is|are)\s+(?:the\s+|our\s+|its\s+)?{_PROVIDER}['\u2019]s?\s+(?:sole\s+)?"
    r"responsibility\b"
    r"|\b(?:handled|managed|performed|operated|provided|maintained)\s+by\s+(?:the\s+|our\s+"
    rf"|a\s+|its\s+)?{_PROVIDER}\b"
    r"|\binherit(?:s|ed)?\s+(?:\w+\s+){0,3}from\b",
    re.I,
)
# ... unless the question asks about that party: "Are subprocessors responsible for ...?"
_PROVIDER_ASKED = re.compile(
    r"\b(?:providers?|vendors?|suppliers?|third[- ]part(?:y|ies)|subprocessors?|aws|azure"
    r"|gcp|google|amazon|microsoft)\b",
    re.I,
)


def _delegated(question: str, lead: str) -> Finding | None:
    """The lead says another party is responsible for the practice; the question asks
    about the vendor's own."""
    found = _DELEGATED.search(lead)
    if found is None or _PROVIDER_ASKED.search(question):
        return None
    if _own_clause_names_more(question, lead, found.start()):
        return None  # "Patching of the hypervisor is AWS's responsibility; Acme patches ..."
    detail = (
        f"the lead quote says another party is responsible for it "
        f"(“{' '.join(found.group(0).split())}”): a person decides whether it answers Yes"
    )
    return Finding("scope", 0, detail)


def _own_clause_names_more(question: str, lead: str, at: int) -> bool:
    """Whether another clause of the lead (parted by a semicolon) names more of the
    question's terms than the clause saying another party is responsible (at ``at``):
    that clause is about something beside what is asked."""
    clauses, start = [], 0
    for part in lead.split(";"):
        clauses.append((start, part))
        start += len(part) + 1
    if len(clauses) < 2:
        return False
    asked = set(content_terms(question))
    named = [(s, len(asked & set(content_terms(part)))) for s, part in clauses]
    delegated = next(n for s, n in reversed(named) if s <= at)
    return any(n > delegated for s, n in named)


# -- what happened -------------------------------------------------------------------

_EVENT_ASKED = re.compile(
    r"^\s*(?:have|has)\s+(?:there\s+been|(?:you|we|your\s+[\w-]+|the\s+[\w-]+)\b[^?]*?"
    r"\b(?:experienced|had|suffered|paid|incurred))\b"
    r"|^\s*(?:were|was)\s+there\s+any\b|\bever\s+been\b"
    r"|^\s*did\s+(?:you|we|your\s+[\w-]+)\b"
    r"|\b(?:in|during|over|within)\s+the\s+(?:past|last|previous|prior)\s+(?:\w+\s+)?"
    r"(?:years?|months?|quarters?|weeks?|days?)\b",
    re.I,
)


def asks_what_happened(question: str) -> bool:
    """Whether the question asks whether (or how often) something happened."""
    return _EVENT_ASKED.search(question) is not None


def _event(question: str, lead: str) -> Finding | None:
    return EVENT if asks_what_happened(question) else None


# -- a certification ---------------------------------------------------------------------

_CERTIFICATION = re.compile(
    r"\b(?:certifi\w*|certificates?|accredit\w*|attestations?|attested)\b", re.I
)
# A certification held: "certified", "our certificate", "SOC 2 attestation"; a category
# ("regulations and certifications that require ...") holds none.
_CERTIFICATION_HELD = re.compile(
    r"\b(?:certified|accredited|attested|certificates?|certification|accreditation"
    r"|attestations?|validated)\b|\bSOC\s*[123]\b[^.;]*\b(?:report|examination|audit)"
    r"|\b(?:hold|holds|held|maintain|maintains|ha[sv]e?|achieved|obtained)\b[^.;]{0,40}"
    r"\bcertifications\b",
    re.I,
)


# A certification still to come: "on our target list to be compliant with or certified
# to", "we are working towards ISO 27001", "we plan to obtain".
_CERTIFICATION_SOUGHT = re.compile(
    r"\b(?:target\w*|aim\w*|goals?|pursu\w*|working\s+towards?|plan(?:s|ned|ning)?"
    r"|intend\w*|seek\w*|striv\w*|roadmap|in\s+progress|future|not\s+yet)\b"
    r"|\bto\s+(?:be|become|get|obtain|achieve|pursue)\b[^.;]{0,40}\b(?:certif|accredit|attest)",
    re.I,
)


def _certification(question: str, lead: str) -> Finding | None:
    """The question asks about a certification; the lead must state one held, not one
    sought ("certifications on our target list to be certified to"), and, asked of the
    organisation, held by it (``_held_by_another``)."""
    if not _CERTIFICATION.search(question):
        return None
    if _CERTIFICATION_HELD.search(lead) and not _CERTIFICATION_SOUGHT.search(lead):
        return _held_by_another(question, lead)
    detail = (
        "the question asks about a certification or attestation; the lead quote "
        "states none: a person decides whether it answers Yes"
    )
    return Finding("scope", 0, detail)


# Another organisation holding it: "The colocation provider holds ISO/IEC 27001
# certification", "AWS is SOC 2 certified".
_THIRD_PARTY_HOLDS = re.compile(
    r"\b(?:provider|supplier|vendor|sub-?processor|partner|landlord|colocation"
    r"|data\s+cent(?:re|er)\s+operator|AWS|Amazon\s+Web\s+Services|Azure|Microsoft"
    r"|Google\s+Cloud|GCP)s?(?:'s?|’s?)?\b(?:\s+\w+){0,3}?\s+(?:holds?|has|have|maintains?|is|are"
    r"|achieved|obtained)\b"
    # another's collected: "GRC collects their SOC 2 Type II report or ISO/IEC 27001
    # certificate", "we request vendors' SOC 2 reports"
    r"|\b(?:collect|request|obtain|review|receiv|gather)\w*\s+(?:\w+\s+){0,2}?"
    r"(?:their|(?:vendor|supplier|sub-?processor|provider|partner)s?['’]s?)\s"
    r"|\bask(?:s|ed|ing)?\s+for\s+(?:\w+\s+){0,2}?(?:their|(?:vendor|supplier|sub-?processor"
    r"|provider|partner)s?['’]s?)\s",
    re.I,
)
# A question about a third party's own certificate: "Are your subprocessors certified?"
_THIRD_PARTY_ASK = re.compile(
    r"\b(?:providers?|suppliers?|vendors?|sub-?processors?|third[\s-]part(?:y|ies)|partners?)\b",
    re.I,
)


def _held_by_another(question: str, lead: str) -> Finding | None:
    """A finding when every clause of the lead stating a certification states another
    organisation's ("The colocation provider holds ISO/IEC 27001 certification" was a
    Yes to "Is your organization ISO 27001 certified?"); a clause stating the
    organisation's own beside it answers, and a question asked of third parties is
    answered by theirs."""
    if _THIRD_PARTY_ASK.search(question):
        return None
    stating = [h for c, h in _clause_holders(lead) if _CERTIFICATION_HELD.search(c)]
    if not stating or None in stating:
        return None
    holder = " ".join(next(h for h in stating if h is not None).group(0).split())
    detail = (
        f"the lead quote states it of another organisation (“{holder}”): a person decides "
        "whether it answers for the organisation asked"
    )
    return Finding("subject", 0, detail)


# A clause naming its own holder: "we are", "our ...", "Acme is ..." (a name and a verb).
_OWN_HOLDER = re.compile(
    r"\b(?:[Ww]e|[Oo]ur|us)\b|\b[Tt]he\s+(?i:company|organi[sz]ation|firm|business)\b(?!['\u2019]s)"
    r"|^\s*[A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*\s+(?:is|are|holds?|has|have"
    r"|maintains?|achieved|obtained)\b"
)


def _clause_holders(lead: str) -> list[tuple[str, re.Match[str] | None]]:
    """The lead's clauses with the third party holding what each states, or None when
    it is the organisation's own. A clause naming no holder of its own is read with
    the one before ("AWS is ISO 27001 certified and SOC 2 Type II attested", "Our
    provider holds ISO 27001 and SOC 2 Type II certifications")."""
    clauses: list[tuple[str, re.Match[str] | None]] = []
    for clause in re.split(r";\s*|\.\s+|,?\s+(?:and|while|but)\s+", lead):
        held = _THIRD_PARTY_HOLDS.search(clause)
        if held is None and not _OWN_HOLDER.search(clause) and clauses:
            before, held = clauses.pop()  # the same holder's: read as one
            clause = f"{before} and {clause}"
        clauses.append((clause, held))
    return clauses


# -- a figure stated otherwise -------------------------------------------------------------

_AT_LEAST = (
    r"at least|a minimum of|minimum of|(?:no|not)\s+fewer than|(?:no|not)\s+less than|more than"
    r"|over"
)
_AT_MOST = (
    r"at most|a maximum of|maximum of|(?:no|not)\s+more than|not\s+exceeding|not\s+to\s+exceed"
    r"|up to|fewer than|less than|under"
)
# "at least 12 characters", "5 failed attempts"; periods are the wording's demands.
_MEASURE = re.compile(
    rf"(?:\b({_AT_LEAST})|\b({_AT_MOST}))?\s*\b(\d+(?:\.\d+)?)\s*-?\s*"
    r"(characters?|chars|digits?|bits?|(?:failed\s+)?(?:login\s+)?attempts?)\b",
    re.I,
)
# "AES-256", "TLS 1.2 (or higher)", "SHA-1", "256-bit AES": a family and its version or
# size, asked as a least one.
_VERSIONED = re.compile(
    r"\b(aes|tls|ssl|sha|rsa|ssh|smb|snmp)\s*[-v]?\s*(\d+(?:\.\d+)?)"
    r"|\b(\d+)\s*-?\s*bits?\s+(aes|rsa)\b"
    r"|\b(level)\s+(\d)\b",  # "FIPS 140-2 Level 3"
    re.I,
)
# A standard's level asked as a least one: "FIPS 140-2 validated" (140-3 meets it), "SOC 2
# Type II" (a Type I report does not).
_DESIGNATED = re.compile(
    r"\b(fips)\s*140\s*-\s*([1-3])\b|\bsoc\s*[123]\s*(?:\(?\s*)?(type)\s+(ii|i|1|2)\b", re.I
)
_TYPE_LEVEL = {"i": 1.0, "1": 1.0, "ii": 2.0, "2": 2.0}
# An amount of money: "$5M", "USD 5 million", "5,000,000 dollars", "€2m".
_MONEY = re.compile(
    rf"(?:\b({_AT_LEAST})|\b({_AT_MOST}))?\s*(?:(?:[$€£]|\b(?:USD|EUR|GBP|US\$)\s?)\s*"
    r"(\d+(?:[.,]\d+)*)\s*(k|m|mm|bn|b|thousand|million|billion)?\b"
    r"|\b(\d+(?:[.,]\d+)*)\s*(thousand|million|billion)?\s*(?:dollars|euros?|pounds|usd|eur|gbp)\b)",
    re.I,
)
_SCALE = {"k": 1e3, "thousand": 1e3, "m": 1e6, "mm": 1e6, "million": 1e6, "b": 1e9, "bn": 1e9}
_SCALE["billion"] = 1e9


def _figure(question: str, lead: str) -> Finding | None:
    """The question names a figure ("at least 12 characters", "AES-256") and the lead
    states figures of the same unit or family, one of which does not meet it: "AES-256
    for databases and AES-128 for backups" is no Yes to "Is data at rest encrypted with
    AES-256?", nor "8 characters for users, 14 for administrators" to "at least 12"."""
    in_lead = [
        f
        for clause in _CLAUSES.split(lead)
        if not _REFUSED.search(clause)
        for f in _figures(clause)
    ]
    for unit, wanted, bound in _figures(question):
        stated = [value for u, value, _ in in_lead if u == unit]
        if stated and all(_meets(value, wanted, bound) for value in stated):
            continue
        shown = ", ".join(_written(unit, v) for v in stated) or "none of it"
        detail = (
            f"the question asks {_written(unit, wanted)}; the lead quote states {shown}: "
            "a person decides whether it answers Yes"
        )
        return Finding("number", 0, detail)
    return None


Figure = tuple[str, float, str]  # unit or family, value, bound: "min" or "max"

# A figure the lead refuses is no figure it states of the practice: "TLS 1.2 is
# required; TLS 1.0 and 1.1 are disabled".
_CLAUSES = re.compile(r"[;.]\s|,?\s+(?:but|while|whereas)\s+", re.I)
_REFUSED = re.compile(
    r"\b(?:disabled|deprecated|prohibited|forbidden|blocked|rejected|refused|retired"
    r"|not\s+(?:be\s+)?(?:allowed|permitted|supported|accepted|used))\b",
    re.I,
)


def _figures(text: str) -> list[Figure]:
    found: list[Figure] = []
    for match in _MEASURE.finditer(text):
        unit = _unit(match.group(4))
        bound = "min" if match.group(1) else "max" if match.group(2) else _bare(unit)
        found.append((unit, float(match.group(3)), bound))
    for match in _VERSIONED.finditer(text):
        family = match.group(1) or match.group(4) or match.group(5)
        version = match.group(2) or match.group(3) or match.group(6)
        found.append((family.lower(), float(version), "min"))
    for match in _DESIGNATED.finditer(text):
        if match.group(1):
            found.append(("fips 140", float(match.group(2)), "min"))
        else:
            found.append(("soc type", _TYPE_LEVEL[match.group(4).lower()], "min"))
    for match in _MONEY.finditer(text):
        found.append(("money", _amount(match), "max" if match.group(2) else "min"))
    return found


def _amount(match: re.Match[str]) -> float:
    """The amount a ``_MONEY`` match names, scaled: "$5M" is 5,000,000."""
    digits = match.group(3) or match.group(5)
    scale = (match.group(4) or match.group(6) or "").lower()
    whole = digits.replace(",", "") if re.search(r",\d{3}\b", digits) else digits
    return float(whole.replace(",", ".")) * _SCALE.get(scale, 1.0)


def _unit(word: str) -> str:
    word = word.lower()
    if "attempt" in word:
        return "attempts"
    return {"chars": "characters"}.get(word, word.rstrip("s") + "s")


def _bare(unit: str) -> str:
    """What a figure without "at least" or "at most" asks: at most so many attempts, at
    least so many characters or bits ("a minimum password length of 8 characters" is met
    by 12)."""
    return "max" if unit == "attempts" else "min"


def _meets(stated: float, wanted: float, bound: str) -> bool:
    return stated >= wanted if bound == "min" else stated <= wanted


_FAMILIES = frozenset("aes tls ssl sha rsa ssh smb snmp".split())  # as ``_VERSIONED`` names them


def _written(unit: str, value: float) -> str:
    """A figure as a reader writes it: "12 characters", "TLS 1.2", "SOC 2 Type II",
    "FIPS 140-2", "Level 3", "an amount of 5,000,000"."""
    if unit == "soc type":
        return f"SOC 2 Type {'II' if value >= 2 else 'I'}"
    if unit == "fips 140":
        return f"FIPS 140-{value:g}"
    if unit == "level":
        return f"Level {value:g}"
    if unit == "money":
        return f"an amount of {_plain(value)}"
    if unit in _FAMILIES:
        return f"{unit.upper()} {value:g}"
    return f"{_plain(value)} {unit}"


def _plain(value: float) -> str:
    return f"{value:,.0f}" if value >= 10_000 else f"{value:g}"
