"""Small text helpers shared by the index, the engines, the verifier and the critic."""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

import snowballstemmer

# A hyphen as Word and PDFs write it too: hyphen, non-breaking hyphen, figure dash,
# en dash, minus sign ("AC\u20112(3)" is AC-2(3)).
HYPHENS = "\u2010\u2011\u2012\u2013\u2212-"  # "-" last: literal at a class's end
_OTHER_HYPHENS = re.compile(f"[{HYPHENS[:-1]}]")
# Control identifiers such as AC-2(3) (or "AC-2 (3)"), CC6.1, A.9.2.3, SOC-2, and NIST
# CSF's PR.AC-1 (whole: not SP 800-53's AC-1): exact tokens.
IDENTIFIER = re.compile(
    rf"(?<![\w.{HYPHENS}])(?:(?:[A-Z]{{2}}\.)?[A-Z][A-Za-z]{{0,5}}[{HYPHENS}]?\d+"
    rf"(?:[.{HYPHENS}]\d+)*(?:[ \u00a0]?\(\d+\))*|[A-Z](?:\.\d+){{2,}})(?![\w({HYPHENS}])"
)
# A word: letters and digits of any script ("conservées" is one word, not "conserv" + "es").
WORD = re.compile(r"[^\W_]+")

STOPWORDS = frozenset(
    """a about above after again against all am an and any are as at be because been before
    being below between both but by can could did do does doing done down during each either
    else ever every few for from further had has have having he her here hers herself him
    himself his how i if in into is it its itself just let may me might more most must my
    myself no nor not now of off on once only or other our ours ourselves out over own per
    please same shall she should so some such than that the their theirs them themselves then
    there these they this those through to too under until up upon us very was we were what
    when where whether which while who whom why will with within without would yes you your
    yours yourself yourselves e g eg ie etc also""".split()
)

# "No" as a negation, not the abbreviation of "number" after a word ("Policy No.:
# ISP-100", "Form No. 7", "Ticket No #4"): an answer's "No. 2FA is enforced" or "BYOD
# allowed: No. 1 exception" denies. For the negation patterns, inside \b...\b.
NO_NEGATION = r"no(?!\.\s*[:#]|\s*#)(?!(?<=[a-z]\sno)\.\s*\d)"

# Questionnaire boilerplate: words that say *how* something is asked, not *what*.
QUESTION_FILLER = frozenset(
    """describe provide explain list detail details indicate specify state confirm company
    organization organisation organizational organisational vendor process processes procedure
    procedures policy policies place exist exists existing documented document documents
    formal formally established ensure ensures currently use used using make sure kind type
    types way ways part include includes including note regularly often frequently many much
    kept maintain maintained place approved approve communicated communicate applied apply
    evaluated evaluate defined define implemented implement established establish measures
    measure technical appropriate relevant applicable associated scoped following""".split()
)


SOFT_HYPHEN = "\u00ad"
# Zero-width space, non-joiner, joiner, word joiner, byte order mark: inside words in
# text copied from web pages and Word ("authen\u200btication").
ZERO_WIDTH = "\u200b\u200c\u200d\u2060\ufeff"
LIGATURES = {"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st"}
# Each artefact as it is read: dropped, or its letters.
READ_AS = {SOFT_HYPHEN: "", **dict.fromkeys(ZERO_WIDTH, ""), **LIGATURES}
_ARTEFACTS = re.compile("[" + "".join(READ_AS) + "]")


def has_extraction_artefacts(text: str) -> bool:
    """Whether the text holds what PDF extraction (or copying) leaves in words: soft
    hyphens, zero-width characters, ligatures."""
    return not text.isascii() and _ARTEFACTS.search(text) is not None


def without_extraction_artefacts(text: str) -> str:
    """The text as it is read: soft hyphens and zero-width characters dropped,
    ligatures spelled out (so that "con\u00adﬁdential" is searched for as
    "confidential"); other text unchanged."""
    if not has_extraction_artefacts(text):
        return text
    return _ARTEFACTS.sub(lambda m: READ_AS[m.group(0)], text)


# A word hyphenated at a line end, as justified PDF text breaks it ("authen-\ntication");
# a hyphen after a space (a list item), a capital ("AWS-\nmanaged") or a digit is kept.
_LINE_END_HYPHEN = re.compile(r"[-\u00ad][ \t]*\r?\n[ \t]*(?=[^\W\d_])")


def read_text(text: str) -> str:
    """The text as search reads it (the index, the vectors, the engine's words): a
    word hyphenated at a line end joined when it goes on in lower case, extraction
    artefacts undone, and compatibility forms folded (NFKC: a decomposed accent, a
    full-width letter). Quotes are still matched against the source as it is
    (``dossier.evidence.verify``)."""
    if "\n" in text:
        text = _LINE_END_HYPHEN.sub(_joined, text)
    if text.isascii():
        return text
    return unicodedata.normalize("NFKC", without_extraction_artefacts(text))


def _joined(match: re.Match[str]) -> str:
    before = match.string[match.start() - 1] if match.start() else ""
    if not (before.islower() and match.string[match.end()].islower()):
        return match.group(0)
    # a compound broken at its own hyphen: "personally-\nowned", "publicly-\naccessible"
    word = _WORD_BEFORE_HYPHEN.search(match.string, 0, match.start())
    return "-" if word is not None and word.group(0).endswith("ly") else ""


_WORD_BEFORE_HYPHEN = re.compile(r"[^\W\d_]{4,}$")


def words(text: str) -> list[str]:
    return WORD.findall(read_text(text).lower())


def identifiers(text: str) -> list[str]:
    """In the text as it is read (``read_text``), lower case, each hyphen written as
    ``-``, an enhancement without the space before it ("AC-2 (3)" is "ac-2(3)")."""
    return [_as_identifier(m) for m in IDENTIFIER.finditer(read_text(text))]


def _as_identifier(match: re.Match[str]) -> str:
    return _OTHER_HYPHENS.sub("-", match.group(0)).lower().replace(" ", "")


# A control identifier as people type it in a question, in lower case: an SP 800-53
# control of one of its families ("ac-2(3)", "ia-5 (1)"), a NIST CSF subcategory
# ("pr.ac-1", "gv.oc-01"), a SOC 2 trust services criterion ("cc6.1", "a1.2",
# "pi1.3", "p4.2") or an ISO/IEC 27001 Annex A control ("a.9.2.3", "a.5.15"). Only
# these shapes: "sha-256", "tls-1", "covid-19", "top-10" or "v1.2" in lower case are
# words, not identifiers.
_SP800_53_FAMILIES = "ac|at|au|ca|cm|cp|ia|ir|ma|mp|pe|pl|pm|ps|pt|ra|sa|sc|si|sr"
_CSF_FUNCTIONS = "gv|id|pr|de|rs|rc"
_SOC2_SERIES = "cc|pi|a|c|p"
_LOWER_CASE_IDENTIFIER = re.compile(
    rf"(?<![\w.{HYPHENS}])(?:(?:(?:{_CSF_FUNCTIONS})\.[a-z]{{2}}|{_SP800_53_FAMILIES})"
    rf"[{HYPHENS}]\d{{1,2}}(?:[ \u00a0]?\(\d{{1,2}}\))?"
    rf"|(?:{_SOC2_SERIES})\d\.\d{{1,2}}|a(?:\.\d{{1,2}}){{2,3}})(?![\w({HYPHENS}]|\.\d)"
)


def is_control_identifier(identifier: str) -> bool:
    """Whether an identifier (as ``identifiers`` writes it) is a control's of a known
    catalogue ("ac-2(3)", "au-11", "cc6.1", "a.8.13", "pr.ac-1"), not a name with a
    number ("aes-256", "sha-2", "soc-2")."""
    found = _LOWER_CASE_IDENTIFIER.match(identifier)
    return found is not None and found.end() == len(identifier)


# Standards and technologies an identifier-shaped word names, which a question is about
# when it opens with one ("ISO27001: Are you certified?", "TLS1.2: Is it enforced?").
_NAMED_STANDARDS = r"(?:iso|soc|tls|ssl|ipv|cve|pci|sha|aes|rsa|nist|fips|hipaa|gdpr|oauth)"
# An identifier labelling a question, before its text: "AC-2(3): Are inactive accounts
# disabled ...?", "[IR-6] Within what time ...", "DSP-15.1 - Is ...", "A.9.2.3 Is ...".
_LABEL = re.compile(
    rf"^\s*(?:[\[(]\s*)?(?!{_NAMED_STANDARDS})"
    rf"(?=[A-Za-z]{{1,5}}[.{HYPHENS}]\d|[A-Za-z]{{1,5}}\d+[(.])"  # "AC-2", "A.9", "CC6.1"
    rf"(?:{IDENTIFIER.pattern}|{_LOWER_CASE_IDENTIFIER.pattern})[\])]?"
    rf"(?:\s*[:.\u2014){HYPHENS}]\s*|\s+(?=[A-Z]))(?!(?:it|they|you|we|this|these)\b)",
    re.I,
)


# A reference the question cites before what it asks: "Per AC-2(3), are inactive
# accounts disabled?", "Under Art. 30(2) GDPR, does ...", "As required by
# §164.308(a)(1), has ...": it names the control, as a label does. A reference is a
# control's or a clause's number, not any phrase holding a figure ("Under 18s, ...",
# "According to your last 3 audits, ...", "Consistent with PCI DSS 4.0, ...").
_CITED = re.compile(
    r"^\s*(?:per|under|in\s+accordance\s+with|as\s+required\s+by|according\s+to"
    r"|pursuant\s+to|consistent\s+with|in\s+line\s+with|with\s+reference\s+to)\s+"
    r"(?P<reference>[^,?;]{0,40}?(?:§\s*\d|\b(?:art(?:icle)?|section|clause|req(?:uirement)?"
    r"|control)\.?\s*\d|\b[A-Z]{1,5}[.-]\d|\b\d+(?:\.\d+){2,}|\b\d+(?:\.\d+)+\s*\(|\b\d+\(\w\))"
    r"[^,?;]{0,30}?),\s+(?=[a-z])",
    re.I,
)


def without_label(question: str) -> str:
    """The question without an identifier labelling it, or a reference it cites
    before what it asks: either ties the question to a control or a questionnaire's
    item; it is no part of what is asked."""
    label = _LABEL.match(question)
    rest = question[label.end() :] if label else question
    cited = _CITED.match(rest)
    if cited is not None:
        rest = rest[cited.end() :]
        rest = rest[:1].upper() + rest[1:]
    return rest if rest.strip() else question


def asked_identifiers(text: str) -> list[str]:
    """The identifiers a question (or a query) names, read as ``identifiers`` reads
    them, and also those of a standard control shape typed in lower case ("ac-2(3)",
    "pr.ac-1"), which documents write "AC-2(3)" and "PR.AC-1". Documents are read by
    ``identifiers`` alone: their lower case is prose."""
    read = read_text(text)
    found = [*IDENTIFIER.finditer(read), *_LOWER_CASE_IDENTIFIER.finditer(read)]
    found.sort(key=lambda m: m.start())
    return [_as_identifier(m) for m in found]


_GLUED = re.compile(r"^([a-z]{3,})(?=\d)")


def identifier_key(name: str) -> str:
    """What identifiers are compared by: a name of three letters or more glued to its
    number is the name hyphenated ("sha256" is "sha-256", "soc2" is "soc-2")."""
    return _GLUED.sub(r"\1-", name)


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Snowball (Porter2) English stem of a lower-case word in its US spelling: the
    stemmer Tantivy's ``en_stem`` tokenizer applies to the lexical index, which is fed
    the same spelling (``us_spelled``), so the engine and the index agree on what a term
    is ('rotate', 'rotation', 'rotated' -> 'rotat'; 'policies' -> 'polici';
    'organisation' and 'organization' -> 'organ')."""
    return str(_STEMMER.stemWord(us_spelling(word)))


def us_spelling(word: str) -> str:
    """A lower-case word as US English spells it, as questionnaires do: British and
    Commonwealth documents write "authorised", "organisation", "analyse", "centre",
    "programme", "licence", "behaviour", which Snowball stems apart from "authorized",
    "organization" ... (a UK policy's "access is authorised" did not name the
    authorization asked). Words spelled "-ise" in both ("advise", "exercise",
    "compromise", "premises", "otherwise") stay as they are."""
    if word in _US_WORDS:
        return _US_WORDS[word]
    ise = _ISE_WORD.match(word)
    if ise is not None:
        base = f"{ise.group(1)}ise"
        if base in _ISE_IN_US or ise.group(1).endswith("w"):  # "otherwise", "stepwise"
            return word
        return f"{ise.group(1)}iz{ise.group(2)}"
    yse = _YSE_WORD.match(word)
    return f"{yse.group(1)}yz{yse.group(2)}" if yse is not None else word


def us_spelled(text: str) -> str:
    """The text with each word ``us_spelling`` changes in its US spelling (in lower
    case, as the lexical index reads words)."""
    return _LETTERS.sub(
        lambda m: us_spelling(m.group(0).lower()) if _may_differ(m) else m.group(0), text
    )


def _may_differ(word: re.Match[str]) -> bool:
    return word.group(0).lower().endswith(_US_ENDINGS)


_LETTERS = re.compile(r"[A-Za-z]+")
_ISE_WORD = re.compile(r"^([a-z]{3,}?)is(e|ed|es|ing|er|ers|ation|ations|ational|able)$")
_YSE_WORD = re.compile(r"^([a-z]{2,})ys(e|ed|ing|er|ers)$")  # "analyse", "paralysed"
# Words spelled "-ise" in US English too (with "-ised", "-ising", "-ises" ... after them).
_ISE_IN_US = frozenset(
    """advise advertise appraise apprise arise chastise circumcise comprise compromise concise
    cruise demise despise devise disguise enfranchise enterprise excise exercise expertise
    franchise improvise incise liaise merchandise mortise noise paradise poise porpoise praise
    precise premise promise raise reprise revise supervise surmise surprise televise
    tortoise treatise valise anise bruise guise""".split()
)
_BRITISH_AND_US = (
    "centre center centres centers centred centered programme program programmes programs "
    "licence license licences licenses defence defense offence offense "
    "behaviour behavior behaviours behaviors behavioural behavioral catalogue catalog "
    "catalogues catalogs dialogue dialog fibre fiber colour color favour favor "
    "honour honor labour labor enrolment enrollment enrolments enrollments fulfil fulfill "
    "fulfilment fulfillment instalment installment ageing aging judgement judgment "
    "acknowledgement acknowledgment grey gray artefact artifact artefacts artifacts"
).split()
_US_WORDS = dict(zip(_BRITISH_AND_US[::2], _BRITISH_AND_US[1::2], strict=True))
_US_ENDINGS = (
    "ise",
    "ised",
    "ises",
    "ising",
    "iser",
    "isers",
    "isation",
    "isations",
    "isational",
    "isable",
    "yse",
    "ysed",
    "ysing",
    "yser",
    "ysers",
    *_US_WORDS,
)


_STEMMER = snowballstemmer.stemmer("english")


def one_family(first: str, second: str) -> bool:
    """Whether two stems are one word's (Snowball leaves "certified" as "certifi" and
    "certification" as "certif"): equal, or one the other with an "i", "e" or "y" more,
    the shorter of at least five letters; an irregular past is its verb ("sold", "sell":
    ``_IRREGULAR``)."""
    short, long = sorted((_IRREGULAR.get(first, first), _IRREGULAR.get(second, second)), key=len)
    if short == long:
        return True
    rest = long[len(short) :]
    return len(short) >= 5 and long.startswith(short) and _STEM_LEFTOVER.fullmatch(rest) is not None


# Irregular verbs' past forms, which no stemmer joins to their verb: "sold" is "sell".
_IRREGULAR = {
    stem(past): stem(verb)
    for past, verb in (
        ("sold", "sell"),
        ("held", "hold"),
        ("kept", "keep"),
        ("sent", "send"),
        ("lost", "lose"),
        ("bought", "buy"),
        ("told", "tell"),
        ("written", "write"),
        ("chosen", "choose"),
        ("stolen", "steal"),
    )
}


# What Snowball leaves of one word beyond another form's stem: "certifi" / "certif",
# "expiri" / "expir"; not an agent's "-or" or "-er" ("processor", "auditor").
_STEM_LEFTOVER = re.compile(r"[iey]{1,2}")


# Light verbs: "Is SAST performed?" asks whether SAST is done; a sentence stating SAST
# need not say "perform" (stems).
LIGHT_VERBS = frozenset(
    stem(w)
    for w in """perform performed performs conduct conducted get gets carry carried give gives
    given giving take takes taken taking make makes made making""".split()
)


# A prefix split from its word at a hyphen ("re-certified", "pre-employment"): the word
# after it carries the meaning ("de-" is joined first: ``_UNDONE``).
_PREFIXES = frozenset(("de", "re", "pre"))


# "de-" undoes the word after it: joined, it is the word the thesaurus knows.
_UNDONE = re.compile(r"\b[Dd]e-(?=[a-z])")
# "backed up" is what a backup does (the particle is a stopword, and "back" alone says
# nothing). Not "logs in": "Logs in the SIEM are retained" are logs.
_BACKED_UP = re.compile(r"\bback(?:s|ed|ing)?[\s-]+up\b", re.I)
# Round the clock, however written: "24/7", "24 x 7", "24x7x365", "24 hours a day, 7 days a
# week, 365 days a year", "around the clock".
ROUND_THE_CLOCK = re.compile(
    r"\b24\s*[/x\u00d7]\s*7(?:\s*[/x\u00d7]\s*365)?\b"
    # (every day of the week: "24 hours a day, 5 days a week" is no round the clock)
    r"|\b24\s+hours\s+a\s+day,?\s+(?:and\s+)?(?:7|seven)\s+days\s+a\s+week"
    r"(?:,?\s+(?:and\s+)?365\s+days\s+a\s+year)?|\b(?:a)?round[\s-]the[\s-]clock\b",
    re.I,
)


# "e-learning": one word, as it is also written ("elearning"); its letter alone is
# dropped as a stopword, and "learns from incidents" was read as training. (Not every
# "e-" word: "e-discovery" read as one word of its own scored a policies-d item over the
# threshold on an off-topic sentence.)
_E_PREFIXED = re.compile(r"\be[-\u2010\u2011](?=learn)", re.I)
# "process" as a verb, which the questionnaire's filler noun ("Is there a process ...?")
# is not: "does not store, process, or transmit customer data", "to process personal data".
_PROCESS_DONE = re.compile(
    r"(\b(?:to|not|never|may|must|shall|will|can|cannot|we|they)\s+|,\s*(?:or\s+|and\s+)?)"
    r"process\b(?!\s+(?:for|of|is|are|was|must|shall|owner|documentation)\b)",
    re.I,
)


def content_terms(text: str) -> list[str]:
    """Stemmed words that carry meaning (no stopwords, no questionnaire filler), in order;
    "backed up" as "backup", "24/7" and "24x7x365" as "24x7"."""
    text = ROUND_THE_CLOCK.sub("24x7", _BACKED_UP.sub("backup", text))
    text = _UNDONE.sub("de", text)  # "de-provisioned" is deprovisioned, not provisioned
    text = _E_PREFIXED.sub("e", text)  # "e-learning" is elearning, not learning
    text = _PROCESS_DONE.sub(r"\1processed", text)
    text = _SOC_REPORT.sub(r"SOC\1", text)  # "SOC 2" is the report, "the SOC" a team
    terms = []
    for word in words(text):
        if word in STOPWORDS or word in QUESTION_FILLER or word in _PREFIXES or len(word) < 2:
            continue
        terms.append(stem(word))
    return terms


# A SOC report by its number, one word as "SOC2" is: "a SOC 2 Type II report" (the term
# "soc2"), not "the managed SOC provider" (a security operations centre: "soc").
_SOC_REPORT = re.compile(r"\bSOC[ \t-]*([123])\b", re.I)


# "How long", "how often": the words ask for a kind of value, they name no subject.
_ASKING_WORDS = re.compile(r"\bhow\s+(?:long|often|many|much|frequently|soon|quickly)\b", re.I)


# The one answering, as a buyer's questionnaire defines it: "Does the Supplier encrypt
# ...?", "the Service Provider's systems" (capitalised, one of them: "Is each supplier
# assessed?" asks about third parties).
_RESPONDENT = re.compile(
    r"\b[Tt]he\s+(?:Supplier|Service\s+Provider|Provider|Contractor|Bidder|Respondent)\b(?!s)"
    # the HIPAA Security Risk Assessment's name for the one answering: "Does your
    # practice ...?" (a medical practice; not "the practice of ...")
    r"|\b[Yy]our\s+practice\b(?!s)(?!\s+(?:of|management|area|areas|group|groups|lead|leads"
    r"|team|teams|manager|managers|owner|owners|standards?|guidelines?|framework)\b)"
    # HECVAT's name for what is assessed: "Does your solution support SCIM?"
    r"|\b[Yy]our\s+(?:solution|product|offering)\b(?!s)(?!\s+(?:roadmap|team|teams|management"
    r"|documentation|owners?|managers?|lines?|portfolio)\b)"
    # a requirement list's actor opening a sentence: "Supplier must not use ..."
    r"|(?:^|(?<=[.?!]\s))Supplier(?=\s+(?:shall|must|will|should|may|is\s+required)\b)"
)


# The name of a law, whose words name no practice: "the Fair Credit Reporting Act" says
# nothing of credit checks, "Limitation Act 1980" nothing of a coverage limit.
_LAW_NAME = re.compile(
    r"\b[A-Z][\w'-]*(?:\s+(?:[A-Z][\w'-]*|and|of|for|on|the|&))*\s+"
    r"(?:Act|Regulations?|Directive|Law|Rule|Code)\b"
)


def without_law_names(text: str) -> str:
    """The text with the names of laws blanked."""
    return _LAW_NAME.sub(" ", text)


# The same names as a buyer's defined terms, without "the": "Supplier staff", "the
# Supplier's application" (capitalised: "suppliers" are third parties); and the buyer's
# own name for itself: "Bank data", "notify the Bank" (the customer, to the one answering).
# Never part of a longer name: "Cloud Service Provider", "World Bank", "Bank Secrecy Act",
# "School District", "District of Columbia".
_RESPONDENT_TERM = re.compile(r"(?<=\w\s)Supplier(?:['\u2019]s)?\b(?!s)")
_BUYER_TERM = re.compile(r"(?<=\w\s)(?:Bank|Purchaser|Buyer|LEA|District)(?:['\u2019]s)?\b(?!s)")
_NAME_GOES_ON = re.compile(r"\s+(?:of\s+)?[A-Z]")  # "Bank Secrecy Act", "District of Columbia"
_WORD_BEFORE = re.compile(r"([\w-]+)\s+$")


def _renamed(pattern: re.Pattern[str], text: str, name: str) -> str:
    """``text`` with each match of ``pattern`` read as ``name``, unless it is part of a
    longer name: a capitalised word before it within the sentence ("World Bank", "Cloud
    Service Provider") or one after it ("Bank Secrecy Act", "District of Columbia")."""

    def rename(match: re.Match[str]) -> str:
        before = _WORD_BEFORE.search(text, 0, match.start())
        if before is not None and before.group(1)[:1].isupper():
            opening = text[: before.start(1)].rstrip()
            if opening and not opening.endswith((".", "?", "!", ":")):
                return match.group(0)  # "World Bank": a word of a name before it
        return match.group(0) if _NAME_GOES_ON.match(text, match.end()) else name

    return pattern.sub(rename, text)


# A bank's or a buyer's "Does the vendor (supplier) maintain ...?" (or its core ask "the
# supplier certified to ..."): the vendor asked is the one answering (not "its vendors",
# nor "the vendor's suppliers").
_VENDOR_ASKED = re.compile(
    r"(?:\b(does|do|is|has|have|will|can|must|should|shall|did|would)\s+|^)the\s+(?:vendor|supplier)\b"
    r"(?!s)(?!['\u2019]s?\s+(?:vendors|suppliers|third|sub))"
    r"(?!\s+(?:management|risk|inventory|assessments?|list|register|reviews?|due|onboarding"
    r"|program|programme|policy|process|selection|contracts?|portal|master|tiering)\b)",
    re.I,
)


def _the_organisation(asked: re.Match[str]) -> str:
    """ "does the supplier" as "does the organisation" (and a core ask's opening "the
    supplier certified to ISO/IEC 27001", its verb taken off, as "the organisation")."""
    verb = asked.group(1)
    return f"{verb} the organisation" if verb else "the organisation"


def as_the_vendor(question: str) -> str:
    """A buyer's questionnaire with its name for the one answering ("the Supplier",
    "the Service Provider", and within a sentence "Supplier staff") read as "the
    organisation": no third party; and its name for itself within a sentence ("Bank
    data", "the Bank"; not "World Bank", "Bank Secrecy Act") as the customer."""
    question = _RESPONDENT.sub("the organisation", question)
    question = _VENDOR_ASKED.sub(_the_organisation, question)
    question = _renamed(_RESPONDENT_TERM, question, "organisation")
    if not _SECOND_PERSON.search(question):  # (one asking "you" has suppliers of its own)
        question = _OWN_SUPPLIER.sub("the organisation", question)
        question = _BANK_ASKING.sub("the customer", question)
    return _renamed(_BUYER_TERM, question, "customer")


# A bank's questionnaire that never says "you" names the one answering "the supplier" in
# lower case too: "the supplier's data centres", "supplier systems" (not "suppliers",
# third parties, nor "supplier personnel": SIG's third parties' people); and itself "the
# bank" ("notify the bank of an incident affecting the bank's data"; not "the bank
# account"), "the hospital", "the health system".
_SECOND_PERSON = re.compile(r"\b(?:you|your|yours|our|we)\b", re.I)
_OWN_SUPPLIER = re.compile(
    r"\bthe\s+supplier(?=['\u2019]s\b)"
    r"|\bsupplier(?=\s+(?:accounts?|systems?|networks?|data\s+cent(?:er|re)s?)\b)"
)
_BANK_ASKING = re.compile(
    r"\bthe\s+(?:bank|hospital|health\s+system)\b"
    r"(?!\s+(?:accounts?|holidays?|details|transfers?|cards?|statements?)\b)"
)


def question_terms(text: str) -> tuple[str, ...]:
    """The content terms of a question or query: what it asks about, not how, nor who
    answers."""
    asked = as_the_vendor(_ASKING_WORDS.sub("how", text))
    return tuple(dict.fromkeys(content_terms(asked)))


def spelling(text: str) -> dict[str, str]:
    """stem -> the word as ``text`` writes it (its first spelling)."""
    spelled: dict[str, str] = {}
    for word in words(_SOC_REPORT.sub(r"SOC\1", text)):  # "SOC 2" is the term "soc2"
        spelled.setdefault(stem(word), word)
    return spelled


def as_written(terms: Sequence[str], text: str) -> list[str]:
    """Each stemmed term as ``text`` first writes it ("critic" -> "critical"), for a
    reader; a term the text does not write stays as it is."""
    spelled = spelling(text)
    return [spelled.get(term, term) for term in terms]


_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")


def brackets_masked(text: str) -> str:
    """The text with what its round or square brackets hold blanked, at the same
    offsets: a pattern finding a clause's break finds none inside them."""
    return _BRACKETED.sub(lambda m: "\0" * len(m.group(0)), text)


def split_outside_brackets(pattern: re.Pattern[str], text: str) -> list[str]:
    """The text split where ``pattern`` matches outside brackets: "data (track data,
    card codes, and PINs) is never stored" is one clause, not two."""
    pieces, start = [], 0
    for match in pattern.finditer(brackets_masked(text)):
        if match.end() > match.start():
            pieces.append(text[start : match.start()])
            start = match.end()
    return [*pieces, text[start:]]


def fold_whitespace(text: str) -> str:
    return " ".join(text.split())


def spaced_pattern(text: str) -> str:
    """A regular expression for the text whatever whitespace separates its words."""
    return re.escape(fold_whitespace(text)).replace(r"\ ", r"\s+")


# The marks opening a list item's line: dashes and bullets, and the "o" a word processor
# gives a nested list's items when the document is saved as plain text ("o All access
# ... is disabled within 24 hours"; in lower case, as no sentence opens).
BULLET = r"(?:[-*+\u2022\u25cf\u25cb\u25e6\u25aa\u25a0\u2023\u2043]|(?-i:o)(?=[ \t]))"


# A sentence ends at . ! ? followed by space and a capital, digit, quote or bracket (not
# at a semicolon: "... apply to every tenant; Courseworks does not support ..." is one
# statement, whose second clause a quote cut at the semicolon left out); or at a line
# break that starts a list item, table row or heading, or that follows end punctuation
# (a semicolon's too: a list's items end in them); or after an HTML table row. A line break inside a
# hard-wrapped paragraph (as in PDFs and 80-column Markdown) is not a boundary.
_BOUNDARY = re.compile(
    r"(?<=[.!?])[ \t]+(?=[A-Z0-9(\"“'*_\[])"
    r"|(?<=[.!?])[ \t]+(?=[a-z])"
    r"|(?<=[.!?;:])[ \t]*\n\s*"
    # ... its emphasis closed first: "**Do you test your backups?**" over its answer
    r"|(?<=[.!?:]\*\*|[.!?:]__)[ \t]*\n\s*"
    rf"|[ \t]*\n\s*(?=(?:{BULLET}|[|#>]|\(?[0-9]{{1,3}}[.)]"
    r"|\(?(?:[a-zA-Z]|[ivxlc]{1,4}|[IVXLC]{1,4})[.)])\s)"
    r"|[ \t]*\n\s*\n\s*"
    r"|(?<=</[tT][rR]>)\s*"
)


# A dot that ends an abbreviation ends no sentence: "e.g. Slack", "i.e. AWS", "No. 5".
_ABBREVIATION = re.compile(
    r"(?:\b(?:e\.g|i\.e|etc|vs|incl|approx|no|cf|fig|e\.x|al|resp|esp|min|max|ref|sec)"
    r"|\b[A-Z])\.$",
    re.I,
)
# ... nor a title before a name: "approved by Dr. Markus Brennecke", "Prof. Okafor" (in
# its own case: "failover to the DR. The site ..." ends one).
_TITLE_BEFORE_NAME = re.compile(r"\b(?:Dr|Mr|Mrs|Ms|Prof)\.$")
# ... a street's "Dr." after its name ends one: "Iron Mountain, 1200 Commerce Dr. Visitors"
_STREET_BEFORE = re.compile(r"[A-Z][a-z]+\s+Dr\.$")


# ... and one that ends none before a number: "NIST SP 800-88 Rev. 1", "Vol. 2", "Art. 32",
# a telephone extension "(ext. 4000, or ...)".
_NUMBERED_ABBREVIATION = re.compile(
    r"\b(?:rev|ver|vol|art|para|pp|ch|nos|req|reqs|cl|reg|std|ctrl|chap|sect|ext|tel|ph|fax)\.$",
    re.I,
)


# ... nor one after a company's suffix when its verb follows: "Acme Health Inc. shall
# maintain a plan" ("Acme Inc. All data ...", "Jamf Software LLC. iOS devices ..." end one).
_NAME_SUFFIX = re.compile(r"\b(?:inc|ltd|corp|co|plc|pty|pte|pvt|sdn|bhd|bros|llc)\.$", re.I)
# ... and a two-part suffix's first part never ends one: "Merlion Pay Pte. Ltd.", "Sdn.
# Bhd.", "Kaveri Digital Services Pvt. Ltd." (not "DataSafe Ltd. Limited access to
# backups is ...").
_FIRST_SUFFIX = re.compile(r"\b(?:pte|pty|pvt|sdn|co|inc|corp)\.$", re.I)
_SECOND_SUFFIX = re.compile(r"(?:Ltd|Bhd|LLC|L\.?P)\b\.?|Limited\b(?!\s+[a-z])")
_VERB_AFTER_NAME = re.compile(
    r"(?:shall|should|will|must|may|can|cannot|is|are|was|were|has|have|had|does|did|and|or"
    r"|provides|maintains|uses|holds|operates|manages|hosts|processes|stores|performs"
    r"|conducts|retains|encrypts|requires|ensures)\b"
    # ... or the short name it is defined by: 'Ledgerline Inc. ("Ledgerline") provides',
    # 'Kaveri Digital Services Pvt. Ltd. (hereinafter "KDS")'
    "|\\(\\s*(?:[\"\u201c\u2018']|here(?:in)?after\\b)"
)


def _abbreviation(text: str, start: int, boundary: re.Match[str]) -> bool:
    before = max(start, boundary.start() - 12)
    if _ABBREVIATION.search(text, before, boundary.start()):
        return True
    following = text[boundary.end() : boundary.end() + 1]
    if (
        following.isupper()
        and _TITLE_BEFORE_NAME.search(text, before, boundary.start())
        and not _STREET_BEFORE.search(text, max(start, boundary.start() - 30), boundary.start())
    ):
        return True
    if _NAME_SUFFIX.search(text, before, boundary.start()) and (
        _VERB_AFTER_NAME.match(text, boundary.end())
        or (
            _FIRST_SUFFIX.search(text, before, boundary.start())
            and _SECOND_SUFFIX.match(text, boundary.end())
        )
    ):
        return True
    return following.isdigit() and bool(
        _NUMBERED_ABBREVIATION.search(text, before, boundary.start())
    )


# A FAQ's emphasised question closing its line, and a short answer on the next line.
_FAQ_QUESTION_END = ("?**", "?__")
_SHORT_ANSWER = re.compile(r"[^.!?\n]{0,20}[.!?](?=\s|$)")


def _short_answer_follows(text: str, boundary: re.Match[str], end: int) -> bool:
    """Whether a FAQ's question line ("**Can customers bring their own keys?**") is
    followed by an answer too short to stand alone as a sentence ("Not today."): the two
    are read as one, so that the answer keeps what it answers."""
    if not text.endswith(_FAQ_QUESTION_END, 0, boundary.start()):  # no scan from the start
        return False
    answer = _SHORT_ANSWER.match(text, boundary.end(), end)
    return answer is not None and len(words(answer.group(0))) < _ANSWER_WORDS


_ANSWER_WORDS = 6  # a short answer: "Yes.", "No.", "Not at this time."


def _wrapped_after_semicolon(text: str, position: int, boundary: re.Match[str]) -> bool:
    """Whether a line ending in a semicolon is a sentence's clause the next line goes on
    with, as a PDF wraps it ("Consistent with NIST SP 800-63B, Tessaract does not require
    periodic password changes;" / "passwords are changed only when ..."): a long sentence
    opening in a capital, the next line in lower case. A list's items ("sharing
    passwords;" / "using personal email;") open in lower case or after a marker."""
    if text[boundary.start() - 1 : boundary.start()] != ";" or "\n" not in boundary.group():
        return False
    sentence = _CLAUSE_NUMBER.sub("", text[position : boundary.start()], count=1)
    next_line = text[boundary.end() :].split("\n", 1)[0].rstrip()
    return (
        next_line[:1].islower()
        and not next_line.endswith(";")  # the next item of a list, not the sentence's end
        and ";\n" not in sentence
        and len(sentence) >= _WRAPPED_CLAUSE
        and sentence[:1].isupper()
        and _LIST_MARKER.match(sentence) is None
    )


# A docs site's call-out marker opening its line ("!!! note", "??? warning"): no sentence
# ends at its marks.
_CALL_OUT_MARKER = re.compile(r"[ \t]*(?:!!!|\?\?\?\+?)")


def _quote_goes_on(text: str, boundary: re.Match[str]) -> bool:
    """Whether a line break inside a Markdown block quote wraps its sentence ("> For the
    policy position see QL-ISMS-09 (Business Continuity and" / "> Disaster Recovery
    Plan)."): both lines are quoted, the first a line of prose not closed by punctuation
    (long, or ending on a word that joins it to the next), the next not opening a list
    item, a heading or a quoted paragraph of its own. A line complete in itself stays
    apart: a label and its value ("> Recovery time objective (RTO): 4 hours"), an
    alert's marker ("> [!IMPORTANT]"), a line closing its emphasis. A line going on in
    lower case below goes on ("... within 30 days of contract end" / "> unless a legal
    hold applies.")."""
    if boundary.group().count("\n") != 1 or not text.startswith(">", boundary.end()):
        return False
    line_start = text.rfind("\n", 0, boundary.start()) + 1
    line = text[line_start : boundary.start()].lstrip()
    if not line.startswith(">") or _COMPLETE_QUOTED_LINE.search(line):
        return False
    if text[boundary.start() - 1 : boundary.start()] in (".", "!", "?", ";", ":", ""):
        return False
    said = line.lstrip("> \t").split()
    rest = text[boundary.end() + 1 :].lstrip(" \t")
    if not rest[:1].isalnum() or _LIST_MARKER.match(rest) is not None:
        return False
    joined = bool(said) and said[-1].lower() in _JOINING  # "... are retained for" / "35 days"
    return joined or rest[:1].islower() or len(line) >= _WRAPPED_QUOTE


# A quoted line complete in itself: an alert's marker, a label and a short value ("> RTO:
# 4 hours"), a line closing its emphasis.
_COMPLETE_QUOTED_LINE = re.compile(
    r"^>[>\s]*(?:\[!\w+\]|[^:\n]{1,60}:(?:\s+\S+){1,4}\s*$)|(?:\*\*|__)\s*$"
)
_WRAPPED_QUOTE = 60  # characters of a quoted line a hard wrap leaves at least
_JOINING = frozenset("a an the and or of to in on for with by at from as that which".split())


_WRAPPED_CLAUSE = 50  # characters at least before a semicolon a line wraps after
_LIST_MARKER = re.compile(rf"^(?:{BULLET}|\(?[0-9]{{1,3}}[.)]|\(?[a-zA-Z][.)])\s")
_CLAUSE_NUMBER = re.compile(r"^\d{1,3}(?:\.\d{1,3})+\.?\s+")  # "4.2 ": a clause, no list item


def sentence_spans(text: str, start: int = 0, end: int | None = None) -> list[tuple[int, int]]:
    """(start, end) offsets of the sentences of ``text[start:end]``, whitespace
    trimmed, in order. The one sentence splitter: questions, passages and quotes
    are all cut by it. A table row ends a sentence (``_rows``)."""
    end = len(text) if end is None else end
    spans = []
    position = start
    for match in _BOUNDARY.finditer(text, start, end):
        if (
            _abbreviation(text, start, match)
            or _short_answer_follows(text, match, end)
            or _wrapped_after_semicolon(text, position, match)
            or _quote_goes_on(text, match)
            or _CALL_OUT_MARKER.fullmatch(
                text, text.rfind("\n", 0, match.start()) + 1, match.start()
            )
        ):
            continue
        spans.append((position, match.start()))
        position = match.end()
    spans.append((position, end))
    trimmed = []
    pieces = (
        piece for span in spans for row in _rows(text, *span) for piece in _headed(text, *row)
    )
    for a, b in pieces:
        while a < b and text[a].isspace():
            a += 1
        while b > a and text[b - 1].isspace():
            b -= 1
        if b > a:
            trimmed.append((a, b))
    return trimmed


def _rows(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``text[start:end]`` cut at each line break that ends a Markdown table row, so
    that a sentence never runs from one row's cells into the next row's: the line
    before ends with a pipe, the line after starts with one, or both hold one (a
    table written without its outer pipes)."""
    piece = text[start:end]
    if "\n" not in piece:
        return [(start, end)]
    lines = piece.split("\n")
    in_table = _figure_rows(lines)
    if "|" not in piece and not _CELL_GAP.search(piece) and not in_table:
        return [(start, end)]
    spans, position, line_start = [], start, start
    for at, (before, after) in enumerate(itertools.pairwise(lines)):
        line_end = line_start + len(before)
        if _ends_row(before, after) or at in in_table or at + 1 in in_table:
            spans.append((position, line_end))
            position = line_end + 1
        line_start = line_end + 1
    spans.append((position, end))
    return spans


# A numbered heading on a line of its own, as PDF text gives it ("2. People", "3.1 Access
# reviews"): a few words, no end punctuation.
_NUMBERED_HEADING = re.compile(r"^\s*\d{1,3}(?:\.\d{1,3})*\.?\s+[A-Z][^.!?:;|]*$")
_HEADING_WORDS = 5


def numbered_heading(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is the words of a numbered heading on a line of its
    own ("Selected Controls Tested" of "4. Selected Controls Tested"): no sentence."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : len(text) if line_end < 0 else line_end]
    rest = text[end:line_end] if line_end >= 0 else text[end:]
    return not rest.strip() and _is_numbered_heading(line)


def _is_numbered_heading(line: str) -> bool:
    return bool(_NUMBERED_HEADING.match(line)) and len(line.split()) <= _HEADING_WORDS + 1


# A line opening a numbered clause: "4.1 Operating system security patches ...".
_NUMBERED_CLAUSE = re.compile(r"^\s*\d{1,3}(?:\.\d{1,3})+\.?\s+[A-Z]")
# A sentence opening with its number: a clause, a numbered item or heading ("7. Compliance").
_OPENS_NUMBERED = re.compile(r"^\s*\d{1,3}(?:\.\d{1,3})*\.?\s+[A-Z]")


def opens_clause(sentence: str) -> bool:
    """Whether a sentence opens with its own number: "7.1 Tallis holds Cyber Essentials
    Plus certification" is another clause than "6.3 Staff in customer-facing roles
    receive additional training", and "7. Compliance and Assurance" a heading."""
    return bool(_OPENS_NUMBERED.match(sentence))


def _headed(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """``text[start:end]`` cut after each line that is a numbered heading followed by a
    line opening with a capital: "2. People" is not the first words of "New joiners
    complete security training" below it (a wrapped list item goes on in lower case);
    and before each line that opens a numbered clause ("4.1 Operating system security
    patches ...", as PDF and plain text set clauses one per line): the line before
    ("Patching", a heading) is not the clause's first words."""
    piece = text[start:end]
    if "\n" not in piece:
        return [(start, end)]
    spans, position, line_start = [], start, start
    for line, following in itertools.pairwise(piece.split("\n")):
        line_end = line_start + len(line)
        whole = text[text.rfind("\n", 0, line_start) + 1 : line_end]  # its number included
        if (_is_numbered_heading(whole) and following.strip()[:1].isupper()) or (
            _NUMBERED_CLAUSE.match(following) and line.strip()
        ):
            spans.append((position, line_end))
            position = line_end + 1
        line_start = line_end + 1
    spans.append((position, end))
    return spans


# A row of a table as PDF text gives it, its cells joined by single spaces: a few words
# with a figure and no end punctuation ("High 7.0-8.9 30 days"); three or more in a row
# are a table, and the short line of words above them its header ("Severity CVSS
# Remediation SLA").
_FIGURE_ROW = re.compile(r"^[A-Z0-9][^!?;:]{0,60}(?<![.,])$")
_ROW_WORDS = 8
_TABLE_ROWS = 3


def _figure_row(line: str) -> bool:
    text = line.strip()
    last = text.rsplit(None, 1)[-1].lower() if text else ""
    return (
        bool(_FIGURE_ROW.match(text))
        and any(c.isdigit() for c in text)
        and len(text.split()) <= _ROW_WORDS
        and last not in STOPWORDS  # "... every 4 hours to": prose wrapped at a narrow column
    )


def _figure_rows(lines: list[str]) -> set[int]:
    """The lines of ``lines`` that are rows of a table PDF text sets out one row a
    line, with the header line above them; a line whose text goes on in the next, in
    lower case, is prose wrapped."""
    rows: set[int] = set()
    run: list[int] = []
    for at, line in enumerate([*lines, ""]):
        wrapped = at + 1 < len(lines) and lines[at + 1].lstrip()[:1].islower()
        if at < len(lines) and _figure_row(line) and not wrapped:
            run.append(at)
            continue
        if len(run) >= _TABLE_ROWS:
            rows.update(run)
            header = run[0] - 1
            if (
                header >= 0
                and _FIGURE_ROW.match(lines[header].strip())
                and (len(lines[header].split()) <= _ROW_WORDS)
            ):
                rows.add(header)
        run = []
    return rows


def _ends_row(line: str, next_line: str) -> bool:
    return (
        line.rstrip().endswith("|")
        or next_line.lstrip().startswith("|")
        or ("|" in line and "|" in next_line)
        or (aligned_row(line) and aligned_row(next_line))
    )


# Cells of a table set out with spaces, as plain text writes one: a gap of two spaces or
# a tab between words.
_CELL_GAP = re.compile(r"\S(?: {2,}|\t+)(?=\S)")


def aligned_row(line: str) -> bool:
    """Whether a line is a row of a table set out with spaces (three cells or more):
    "Call recordings      2 years      FCA record-keeping rules"."""
    return len(_CELL_GAP.findall(line.strip())) >= 2


# A number and its unit: "90 days", "1,000 bytes", "$2,500".
# A count of periods as questions and policies write it: "72", "seventy-two", "ten".
PERIOD_COUNT = (
    r"\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|fifteen"
    r"|twenty|thirty|sixty|ninety|twenty-four|forty-eight|seventy-two"
)
UNIT_WORDS = (
    r"seconds?|minutes?|hours?|days?|weeks?|months?|years?|%|percent|characters?|attempts?"
    r"|times?|bits?|[KMGT]i?B|bytes?"
)


_QUANTITY = re.compile(rf"(\$?\d[\d,]*(?:\.\d+)?)\s*-?\s*({UNIT_WORDS})?\b", re.I)


def quantities(text: str) -> list[tuple[str, str]]:
    """(number, unit) pairs, numbers without thousands separators, units singular."""
    out = []
    for number, unit in _QUANTITY.findall(text):
        unit = (unit or "").lower()
        if unit.endswith("s") and len(unit) > 2 and unit not in ("kb", "mb", "gb", "tb"):
            unit = unit[:-1]
        out.append((number.replace(",", "").replace("$", ""), unit))
    return out


def undecodable(data: bytes, at: int) -> str:
    """Where UTF-8 decoding of ``data`` failed, as a person can act on it: the byte and
    its offset, and, when the whole file reads as Windows-1252 (what Excel and Notepad
    save as "ANSI"), that it looks saved so ("0x92 at offset 48" is the curly
    apostrophe "’" of Windows-1252)."""
    byte = data[at] if at < len(data) else 0
    where = f"byte 0x{byte:02x} at offset {at}"
    try:
        shown = bytes([byte]).decode("cp1252")
        data.decode("cp1252")
    except UnicodeDecodeError:
        return where
    return f"{where}, {shown!r} in Windows-1252: the file looks saved as Windows-1252 (ANSI)"


# An unfilled template placeholder for content: "[list the systems]", "[insert ...]",
# "[TBD]", "[XX]", and a figure or a period left out: "within [X] hours", "[x] days",
# "[X days]", "$[amount]", "[frequency]", "[number of days]", "[time period]". A box
# ticked or not ("- [X] Laptop returned", "[X] Yes [ ] No") is none: a letter alone in
# brackets is a figure only before a unit.
_UNIT_AFTER = (
    r"(?=\s*(?:business\s+|calendar\s+|working\s+)?(?:seconds?|minutes?|mins?|hours?|days?"
    r"|weeks?|months?|years?|characters?|attempts?|times?|percent|%|GB|TB)\b)"
)
CONTENT_PLACEHOLDER = re.compile(
    r"\[(?:list|insert|enter|add|describe|specify|tbd|todo|x{2,})\b[^\[\]]{0,300}\]"
    rf"|\[\s*(?:x|n|#)\s*\]{_UNIT_AFTER}"
    r"|\[\s*(?:x|n|#)\s+(?:business\s+|calendar\s+|working\s+)?(?:seconds?|minutes?|hours?"
    r"|days?|weeks?|months?|years?)\s*\]"
    r"|\[(?:number|amount|value|period|figure|frequency|time\s*frame|timeframe|time\s+period"
    r"|duration|number\s+of\s+[\w ]{1,20}|retention\s+period)\]",
    re.I,
)

# A heading's attributes as Pandoc writes them after its words: "# Access Control Standard
# {#main-content}", "## Scope {.unnumbered}" (no words of the heading).
HEADING_ATTRIBUTES = re.compile(r"\s*\{[#.][^{}\n]*\}\s*$")
