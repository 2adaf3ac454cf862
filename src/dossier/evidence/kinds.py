"""Another kind of the thing asked: a value stated for "professional indemnity
insurance" is no limit of the "cyber insurance" asked, and "a tabletop exercise" twice
a year says nothing of how often "phishing simulation exercises" are run. The question
names the thing with a word before it that sets it apart from its siblings; a sentence
naming the same thing with another such word, and none of the question's, is about a
sibling. "Logs are kept for a year" names no other kind of the "audit logs" asked.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from dossier.common.textutil import LIGHT_VERBS, STOPWORDS, content_terms, stem
from dossier.research import thesaurus

# A word and what comes between words: a word joined by a hyphen to the next is its
# modifier too ("phishing-simulation exercises"); any other mark ends a noun phrase.
_TOKEN = re.compile(r"[A-Za-z][A-Za-z'\u2019]*|[^\sA-Za-z-]+")
# Words before a thing that say which one of it in no distinguishing way: "all logs",
# "security patches", "the Firm's insurance", "required training".
_NO_KIND = frozenset(
    """all any each every both such these those own new existing current relevant
    applicable required appropriate general standard regular normal certain various
    security information company corporate organisation organization firm vendor
    supplier provider practice institution our their its your minimum maximum
    independent different recent permanent significant important frequent
    consistent urgent sufficient compliant redundant automatic manual periodic
    scheduled""".split()
    # verbs, which come before a thing as its verb, not its kind: "require passwords"
    + """require requires use uses enforce enforces include includes provide provides
    support supports receive receives complete completes run runs apply applies keep
    keeps hold holds store stores retain retains review reviews test tests""".split()
)
_LONGEST_KIND = 3  # words before a thing that may name its kind


@dataclass(frozen=True)
class AnotherKind:
    """The thing asked about, the question's kind of it and the sentence's."""

    thing: str
    asked: str
    stated: str


def another_kind(
    question: str, sentence: str, things: frozenset[str], clause: str = ""
) -> AnotherKind | None:
    """The first of ``things`` (stems: what the question asks a value of) that the
    question names with a kind (a word before it) and the sentence (its ``clause``
    stating the value, when given) with another kind, the sentence naming none of the
    question's words of kind; or None."""
    asked = {t: kind for t, kind in _kinds(question).items() if t in things}
    present = set(content_terms(sentence))
    questioned = set(content_terms(question))
    pairs = [(stem(thing), thing, kind) for thing, kind in _pairs(clause or sentence)]
    if clause and not any(key in asked for key, _, _ in pairs) and _refers_back(clause, asked):
        # "...; where one is unavoidable, the key is rotated every 90 days": the clause's
        # "the key" is the sentence's ("Service account keys are avoided")
        pairs = [(stem(thing), thing, kind) for thing, kind in _pairs(sentence)]
    if any(_same_kind(asked.get(t), kind) for t, _, kind in pairs):
        return None  # it names a thing asked with the kind asked ("audit logs")
    for key, thing, kind in pairs:
        wanted = asked.get(key)
        if wanted is None or _same_kind(wanted, kind) or stem(kind) in questioned:
            continue  # a word the question says too is no other kind ("remote working")
        if not any(stem(w) in present for w in wanted):  # (a word of the group is no kind)
            return AnotherKind(thing, " ".join(wanted), kind)
    return None


# Words of quantity a question puts before a thing: "How many classification levels".
_QUANTIFIERS = frozenset("many much few several more most less least".split())


def another_compound(question: str, sentence: str) -> AnotherKind | None:
    """The first thing the question names with two or more words of kind before it
    that the sentence names sharing the word next to it (or, for a plan, a policy, a
    test ..., sharing none), with another word of kind the question never says, the
    sentence naming nowhere the question's first word of kind (the one setting it apart
    most): "the
    incident response plan" is another plan than "the disaster response plan" asked
    (their shared "response" sets neither apart); "the disaster recovery plan" and "the
    response plan" are no other."""
    asked = _kinds(question)
    stated = _kinds(sentence, names=False)
    # (a name's word is none: "Kererū Cyber holds ... public liability insurance")
    present = set(content_terms(_NAME_RUN.sub(" ", sentence)))
    questioned = set(content_terms(question))
    for thing, asked_kinds in asked.items():
        wanted = tuple(w for w in asked_kinds if w not in _QUANTIFIERS)  # "how many levels"
        said = stated.get(thing)
        if said is None or len(wanted) < 2 or len(said) < 2:
            continue
        shared = _same_kind(said[-1:], wanted[-1])
        unshared = thing in _DISTINCT_HEADS and not any(_same_kind(said, w) for w in wanted)
        if not (shared or unshared):
            continue  # "client data", "cloud data": a word before them says which, no kind
        extra = [w for w in said if not any(_same_kind((w,), x) for x in wanted)]
        first = wanted[0]  # the word that sets the thing asked apart most
        if (
            extra
            and not _same_kind(said, first)
            and stem(first) not in present
            and not any(stem(w) in questioned for w in extra)
        ):
            return AnotherKind(thing, " ".join(wanted), " ".join(said))
    return None


def another_compound_placed(question: str, sentence: str, place: str) -> AnotherKind | None:
    """The kind of the thing asked that the sentence's place (its document's title and
    the headings above it) names in its stead, when the sentence names the thing by
    itself ("The plan is tested at least once a year" in the incident response plan,
    for "Is there a business continuity plan that is tested ...?"); or None."""
    found = another_compound(question, place)
    if found is None:
        return None
    said = _kinds(sentence, names=False).get(found.thing)
    if said is not None and len(said) >= 2:
        return None  # it names a kind of its own (``another_compound`` reads it)
    referred = {stem(m.group(1).lower()) for m in _REFERRING.finditer(sentence)}
    return found if found.thing in referred else None


# A name of two or more capitalised words within a sentence ("Kererū Cyber", "Amazon Web
# Services"), not its first word.
_CAPITALISED = r"[A-Z][\w\u0080-\uffff-]*"
_NAME_RUN = re.compile(
    rf"(?<=\w\s)(?:{_CAPITALISED}\s+)+{_CAPITALISED}|^(?:{_CAPITALISED}\s+)+{_CAPITALISED}(?=\s+[a-z])"
)


# Cyber insurance asked, and insurance of another kind stated: "property insurance
# program", "general liability insurance" (a name's "Cyber" aside: ``_NAME_RUN``).
_CYBER_INSURANCE = re.compile(
    r"\bcyber[\w\s-]{0,30}?\binsurance\b|\binsurance\b[^.?]{0,40}?\bcyber", re.I
)
_INSURANCE = re.compile(r"\b(?:insurance|insured|insurer|policyholder)\b", re.I)
_CYBER = re.compile(r"\bcyber", re.I)
# ... named as a kind of cover, capitalised or not: "Cyber Liability Insurance"
_CYBER_COVER = re.compile(
    r"\bcyber(?:[\s-]+(?:risk|liability|security|crime|breach))?[\s-]+(?:insurance|cover"
    r"|coverage|liability|polic(?:y|ies))\b",
    re.I,
)


def other_insurance(question: str, sentence: str) -> bool:
    """Whether the question asks about cyber insurance and the sentence speaks of
    insurance without naming cyber: "Losses from damage to ICT equipment are claimed
    through the University's property insurance program" holds no cyber-risk cover."""
    return (
        _CYBER_INSURANCE.search(question) is not None
        and _INSURANCE.search(sentence) is not None
        and _CYBER_COVER.search(sentence) is None
        and _CYBER.search(_NAME_RUN.sub(" ", sentence)) is None
    )


# Activities whose kind the words before them tell: "phishing simulation exercises",
# "authenticated vulnerability scans", "penetration tests".
_ACTIVITIES = frozenset(
    stem(w)
    for w in "exercise exercises test tests scan scans assessment assessments drill drills".split()
)


def activity_unnamed(question: str, sentence: str) -> AnotherKind | None:
    """The activity the question names with two or more words of kind ("phishing
    simulation exercises") when the sentence names one of those words but not the
    activity, nor another word for it ("security awareness training ... covering
    phishing": a subject the training covers, no exercise run); or None."""
    present = set(content_terms(sentence))
    for thing, wanted in _kinds(question).items():
        if thing not in _ACTIVITIES or len(wanted) < 2 or thesaurus.says(thing, present):
            continue
        if any(thing in term for term in present):  # "pentests" are tests
            continue
        if any(stem(w) in present for w in wanted):
            word = next((w for w in _TOKEN.findall(question) if stem(w.lower()) == thing), thing)
            return AnotherKind(word.lower(), " ".join(wanted), "")
    return None


def _refers_back(clause: str, things: Mapping[str, object]) -> bool:
    """Whether the clause names a thing asked as one named before it ("the key")."""
    return any(stem(m.group(1).lower()) in things for m in _REFERRING.finditer(clause))


_REFERRING = re.compile(r"\b(?:the|this|that|these|those|such)\s+([a-z]+)\b", re.I)


def _same_kind(wanted: tuple[str, ...] | None, kind: str) -> bool:
    """Whether ``kind`` is one of the question's words of kind, or another word for one."""
    return wanted is not None and any(thesaurus.says(stem(w), {stem(kind)}) for w in wanted)


def _kinds(text: str, names: bool = True) -> dict[str, tuple[str, ...]]:
    """Each thing the text names with words of kind before it (its stem), and those
    words: "phishing simulation exercises" -> {"exercis": ("phishing", "simulation")}.
    Without ``names``, a product's or a place's name before a thing written in lower
    case is none of its kinds ("Amazon RDS database backups": database); a title
    written in capitals throughout ("the Incident Response Plan") is read as words."""
    kinds: dict[str, tuple[str, ...]] = {}
    opening = _OPENING.sub("", text)
    for run in _runs(text, keep_case=True):
        for at in range(1, len(run)):
            # a verb or a quality is no thing asked about ("are business continuity plans
            # tested"); a sentence's words are only looked up among the question's things
            if run[at].lower().endswith(("ed", "ly")):
                continue
            before: list[str] = []
            for word in reversed(run[max(0, at - _LONGEST_KIND) : at]):
                named = not names and run[at].islower() and _a_name(word, opening.startswith(word))
                if named or not _names_kind(word.lower()):
                    break
                before.insert(0, word.lower())
            if before:
                kinds.setdefault(stem(run[at].lower()), tuple(before))
    return kinds


# Things whose kinds are told apart by the words before them even when they share none:
# a disaster recovery plan is no incident response plan, a phishing test no penetration test.
_DISTINCT_HEADS = frozenset(
    stem(w)
    for w in """plan plans policy policies procedure procedures programme program standard
    team committee exercise exercises test tests assessment assessments audit audits report
    reports training""".split()
)


def _pairs(text: str) -> list[tuple[str, str]]:
    """Each word of the text (a thing, not a quality) with the word of kind right
    before it, not a name ("Qualys scans", "CloudTrail logs", "RDS backups": a product's
    or a place's, which says which one of the thing the text means, not another kind)."""
    return [
        (run[at].lower(), run[at - 1].lower())
        for run in _runs(text, keep_case=True)
        for at in range(1, len(run))
        if _names_kind(run[at - 1].lower())
        and not run[at].lower().endswith("ly")
        and not _a_name(run[at - 1], first=_OPENING.sub("", text).startswith(run[at - 1]))
    ]


# What may come before a sentence's first word: a bullet, a clause number ("- ", "2.1 ").
_OPENING = re.compile(r"^[^A-Za-z]+")


def _a_name(word: str, first: bool) -> bool:
    """Whether a word is written as a name: capitals inside it, or a capital first
    letter where a sentence does not begin."""
    return any(c.isupper() for c in word[1:]) or (word[:1].isupper() and not first)


def _runs(text: str, keep_case: bool = False) -> list[list[str]]:
    """The text's runs of words with no mark between them (lower case unless
    ``keep_case``), a possessive's "'s" dropped ("the Firm's insurance": firm,
    insurance)."""
    runs: list[list[str]] = [[]]
    for token in _TOKEN.findall(text):
        if not token[0].isalpha():
            runs.append([])
            continue
        word = token if keep_case else token.lower()
        owner = re.sub(r"['\u2019][sS]?$", "", word)
        if owner != word:  # "workforce members' access": the owner ends a noun phrase
            runs[-1].append(owner)
            runs.append([])
        else:
            runs[-1].append(word)
    return [run for run in runs if len(run) > 1]


def _names_kind(word: str) -> bool:
    """A word that may name a kind of the thing after it: a noun or a word of kind
    ("cyber", "audit", "tabletop"), not a quality ("independent", "quarterly",
    "automated", "external", "comprehensive")."""
    return (
        len(word) > 2
        and not {word, stem(word)} & (STOPWORDS | _NO_KIND | LIGHT_VERBS)
        and not word.endswith(_QUALITY_ENDINGS)
    )


_QUALITY_ENDINGS = ("ly", "ed", "al", "ive", "ous", "ble", "ful", "less")
