"""At build time, a question the library has answered before starts from that answer,
re-verified against the documents as they stand today.

1. **Match.** An entry answers a question when both have the same normalised brief,
   or when the entry is a paraphrase of it: the same identifiers, the same grades
   and states of data ("critical vulnerabilities" is never answered by "medium", "at
   rest" never by "in transit"), the same kinds of
   answer part by part (a yes/no question is never answered by a frequency, "how
   often" never by "how long", "who" never by "where"), each saying at least
   ``coverage`` of the other's terms weighted by distinctiveness, and

   - their core asks mean nearly the same (MiniLM cosine at least ``close``), or
   - they mean much the same (cosine at least ``similar``) and each says the
     other's most distinctive term.

   A term's distinctiveness is its inverse document frequency over the asks of the
   library and the questionnaire; terms match as Snowball stems, through the
   thesaurus, or by their first six letters ("certification", "certified"). The two
   thresholds were chosen on a paraphrase set written for the tests
   (``tests/unit/paraphrases.py``, 50 questions each asked two ways): each is the
   cosine of the most similar pair of different asks its rule would otherwise take
   (0.695 and 0.468), plus at least 0.05, rounded up to a multiple of 0.05.
2. **Re-verify.** Of the entries that answer a question (not withdrawn by a
   rejection), the best is taken: the one proposed at the last build if a reviewer
   decided on that proposal, else the same brief first, then the closest in meaning,
   then the latest. Each of its
   quotes must be found again, literally (``QuoteVerifier``: whitespace-tolerant),
   in a passage of the same document, which must be current; and the engine's own
   answer, drawn from other documents, must not contradict it (Yes against No, or
   a different figure or frequency). Then its answer is proposed, pending review,
   with its provenance; otherwise the entry is shown lapsed with the typed reason,
   and the engine's answer stands.
3. **Beside every answer**, the library's rejections of the same ask are shown with
   their reasons, and an imported hand answer as a hint (never evidence), with its
   sentences that are still, word for word, in a current document.
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from dossier.common.textutil import asked_identifiers, quantities, question_terms, stem, words
from dossier.errors import InputError
from dossier.evidence.short_answer import (
    DOCUMENTED,
    NEEDS_REVIEW,
    NOT_COVERED,
    SHORT_ANSWER_PARTS,
)
from dossier.evidence.verify import QuoteVerifier
from dossier.index.embed import Vectors
from dossier.ingest.authority import Authority
from dossier.output.serialise import read_dossier
from dossier.records import (
    Answer,
    Chunk,
    Claim,
    Document,
    Dossier,
    LapseReason,
    LibraryNote,
    LibraryNoteKind,
    LibraryUse,
    Quote,
    Validation,
    Verdict,
)
from dossier.research import thesaurus
from dossier.research.brief import asks_for, sentences
from dossier.research.qualifiers import qualifiers_asked
from dossier.review.decisions import holds_for, load_decisions
from dossier.review.library import ANSWERS, Entry, Library, ask_of

# Chosen on tests/unit/paraphrases.py (see the module docstring and README).
CLOSE = 0.75
SIMILAR = 0.55
COVERAGE = 0.4
REJECTIONS_SHOWN = 3

Embed = Callable[[Sequence[str]], Vectors]

# Verbs of a question's wording that name no subject ("do you perform ...").
_WORDING = frozenset(
    stem(w)
    for w in "perform performed hold receive given give run complete carry offer operate take "
    "taken require required need needs someone set sent provide have put practice include "
    "included including interval frequency period".split()
)
# Past forms the stemmer does not bring to their verb ("kept" is not "keep").
_IRREGULAR = {"kept": "keep", "held": "hold", "sent": "send", "taken": "take"}
# "X, and how long Y?", "X, and for how long Y?": a part that asks on its own.
_PARTS = re.compile(
    r"(?:[,;]\s*(?:and|or)?\s*|\s+and\s+)"
    r"(?=(?:(?:for|at|in|within|after|by|to|on)\s+)?"
    r"(?:how|what|which|who|when|where|do|does|is|are|can|must)\b)",
    re.I,
)
_POINTS_BACK = re.compile(r"\b(they|them|it|its|their|these|those)\b", re.I)
_PLAIN_KINDS = (
    ("who", re.compile(r"^\W*(?:who|which (?:people|persons?|roles?|teams?|individuals))\b", re.I)),
    ("where", re.compile(r"^\W*(?:where|(?:in )?(?:which|what) (?:system|location|region))", re.I)),
    (
        "yes/no",
        re.compile(
            r"^\W*(?:is|are|was|were|do|does|did|can|could|have|has|had|will|would|should|shall"
            r"|may|must)\b",
            re.I,
        ),
    ),
)


@dataclass(frozen=True)
class Ask:
    """A question's ask as matching sees it."""

    core: str  # the core of each part, joined: what is embedded
    normalised: str
    terms: frozenset[str]
    kinds: frozenset[str]  # per part: frequency, duration, number, yes/no or open
    identifiers: tuple[str, ...]
    qualifiers: frozenset[str] = frozenset()  # grades (critical ...), states of data


def ask_profile(question: str) -> Ask:
    core, normalised = ask_of(question)
    said = set(normalised.split("|")[0].split())
    said |= {stem(_IRREGULAR[w]) for w in words(core) if w in _IRREGULAR}
    terms = frozenset(said) - _WORDING
    return Ask(
        core,
        normalised,
        terms,
        kinds_of(question),
        tuple(sorted(set(asked_identifiers(question)))),
        qualifiers_asked(question),
    )


def kinds_of(question: str) -> frozenset[str]:
    """The kind of answer each part of a question asks for. A part with no subject
    of its own ("If so, how often?") gives its kind to the part before it; one that
    points back ("... and how long are they kept?") is a part of its own."""
    asking = [s for s in sentences(question) if s.rstrip().endswith("?")] or [question]
    kinds: list[str] = []
    for part in (p for s in asking for p in _PARTS.split(s) if p.strip()):
        kind = asks_for(part)
        if kinds and not question_terms(part) and not _POINTS_BACK.search(part):
            kinds[-1] = kind or kinds[-1]
            continue
        kinds.append(kind or _plain_kind(part))
    return frozenset(kinds)


def _plain_kind(part: str) -> str:
    """The kind of answer a part asks for that names no value: a person, a place,
    yes or no, or anything (an open question)."""
    for kind, pattern in _PLAIN_KINDS:
        if pattern.search(part):
            return kind
    return "open"


def compatible(a: frozenset[str], b: frozenset[str]) -> bool:
    """Whether two questions ask for the same kind of answer, part by part: an open
    question ("What is ...") may ask for a value; a yes/no question only for yes or no."""

    def served(kind: str, other: frozenset[str]) -> bool:
        if kind in other:
            return True
        if kind == "open":
            return bool(other - {"yes/no"})
        return kind != "yes/no" and "open" in other

    return all(served(k, b) for k in a) and all(served(k, a) for k in b)


def same_term(a: str, b: str) -> bool:
    return a == b or (len(a) >= 6 and len(b) >= 6 and a[:6] == b[:6])


def says(term: str, mine: frozenset[str], theirs: frozenset[str]) -> bool:
    """Whether ``theirs`` says the term of ``mine``: the same term, an alternative of
    it in the thesaurus, or a term of theirs whose alternative phrase is ours and
    holds it ("factor" of "multi-factor" is said by "mfa")."""
    if any(same_term(term, t) for t in theirs) or thesaurus.says(term, theirs):
        return True
    return any(
        term in phrase and all(s in mine for s in phrase)
        for t in theirs
        for phrase in thesaurus.alternatives(t)
    )


@dataclass(frozen=True)
class Match:
    entry: int  # index into the entries matched against
    exact: bool  # the same normalised brief
    similarity: float


class Matcher:
    """Which entries answer which questions (see the module docstring, step 1)."""

    def __init__(
        self,
        entries: Sequence[Ask],
        questions: Sequence[Ask],
        embed: Embed,
        close: float = CLOSE,
        similar: float = SIMILAR,
        coverage: float = COVERAGE,
    ) -> None:
        self.entries, self.questions = entries, questions
        self.close, self.similar, self.coverage = close, similar, coverage
        counts: Counter[str] = Counter(t for a in (*entries, *questions) for t in a.terms)
        total = len(entries) + len(questions)
        self._idf = {t: math.log(1 + (total + 1) / (n + 0.5)) for t, n in counts.items()}
        self._cosines = _cosines(embed, [q.core for q in questions], [e.core for e in entries])

    def rarest(self, ask: Ask, count: int) -> list[str]:
        """The ``count`` most distinctive terms of an ask, and any as distinctive as the
        last of them (in a small library many terms are equally rare)."""
        ranked = sorted(ask.terms, key=lambda t: (-self._idf.get(t, 0.0), t))
        if len(ranked) <= count:
            return ranked
        floor = self._idf.get(ranked[count - 1], 0.0)
        return [t for t in ranked if self._idf.get(t, 0.0) >= floor - 1e-9]

    def matches(self, question: int) -> list[Match]:
        return [
            match
            for entry in range(len(self.entries))
            if (match := self.match(question, entry)) is not None
        ]

    def match(self, question: int, entry: int) -> Match | None:
        q, e = self.questions[question], self.entries[entry]
        similarity = float(self._cosines[question, entry])
        if q.normalised == e.normalised:
            return Match(entry, True, similarity)
        if q.identifiers != e.identifiers or q.qualifiers != e.qualifiers:
            return None
        if not compatible(q.kinds, e.kinds):
            return None
        if min(self.covered(q, e), self.covered(e, q)) < self.coverage:
            return None
        if similarity >= self.close or (similarity >= self.similar and self._shares(q, e)):
            return Match(entry, False, similarity)
        return None

    def covered(self, ask: Ask, other: Ask) -> float:
        """The share of ``ask``'s terms, weighted by distinctiveness, that ``other`` says."""
        weights = {t: self._idf.get(t, 0.0) for t in ask.terms}
        total = sum(weights.values())
        said = sum(w for t, w in weights.items() if says(t, ask.terms, other.terms))
        return said / total if total else 0.0

    def _shares(self, q: Ask, e: Ask) -> bool:
        """Whether each side says the other's most distinctive term (one of them,
        when several are as distinctive)."""
        ours = any(says(t, q.terms, e.terms) for t in self.rarest(q, 1))
        theirs = any(says(t, e.terms, q.terms) for t in self.rarest(e, 1))
        return ours and theirs


def _cosines(embed: Embed, rows: Sequence[str], columns: Sequence[str]) -> Vectors:
    if not rows or not columns:
        return np.zeros((len(rows), len(columns)), dtype=np.float32)
    vectors = embed([*rows, *columns])
    cosines: Vectors = vectors[: len(rows)] @ vectors[len(rows) :].T
    return cosines


# -- re-verification ------------------------------------------------------------------


@dataclass(frozen=True)
class Today:
    """The corpus as it stands at this build."""

    documents: Mapping[str, Document]
    passages: Callable[[str], Sequence[Chunk]]  # a document's passages, in order
    authority: Authority
    verifier: QuoteVerifier = dataclasses.field(default_factory=QuoteVerifier)


@dataclass(frozen=True)
class Lapse:
    reason: LapseReason
    detail: str


def reverify(entry: Entry, today: Today) -> tuple[tuple[Quote, ...], Lapse | None]:
    """The entry's quotes found again in today's documents, or why one is not."""
    found = []
    for quote in entry.quotes:
        result = _find(quote.document, quote.text, quote.text_sha256, today)
        if isinstance(result, Lapse):
            return (), result
        found.append(result)
    return tuple(found), None


def _find(path: str, text: str, text_sha256: str, today: Today) -> Quote | Lapse:
    shown = f"“{_clip(text)}”"
    document = today.documents.get(path)
    if document is None:
        return Lapse("document_removed", f"{path}, which held {shown}, is not in the corpus")
    if not today.authority.is_current(path):
        why = today.authority.reason(path)
        return Lapse("document_superseded", f"{shown} is quoted from {path}, not in force: {why}")
    for chunk in today.passages(path):
        quote = today.verifier.verify(text, chunk).quote
        if quote is not None:
            return quote
    if document.text_sha256 != text_sha256:
        return Lapse("document_changed", f"{path} changed where it was quoted: {shown} is gone")
    return Lapse("quote_not_found", f"no passage of {path} holds {shown}")


def _clip(text: str, limit: int = 100) -> str:
    folded = " ".join(text.split())
    return folded if len(folded) <= limit else folded[: limit - 1] + "…"


# -- contradiction ---------------------------------------------------------------------

_FREQUENCIES = {
    "daily": "daily",
    "weekly": "weekly",
    "monthly": "monthly",
    "quarterly": "quarterly",
    "annually": "yearly",
    "annual": "yearly",
    "yearly": "yearly",
    "biannually": "half-yearly",
    "semi-annually": "half-yearly",
}


def contradiction(entry: Entry, engine: Answer) -> str | None:
    """Why the engine's own answer contradicts the entry, or None: Yes against No, a
    different figure or frequency, or an answer where the entry found none. Only
    another document can contradict a quote that still stands: different figures in
    the document the entry quotes are about different things (a change where it was
    quoted is found by re-verification)."""
    if not entry.quotes:
        if engine.verdict == "grounded":
            return f"the documents now answer it ({engine.short_answer}); the library says not"
        return None
    if engine.verdict != "grounded" or not _other_sources(entry, engine):
        return None
    ours, theirs = entry.short_answer, engine.short_answer
    pairs = zip(ours.split(SHORT_ANSWER_PARTS), theirs.split(SHORT_ANSWER_PARTS), strict=False)
    if any(_differ(mine, other) for mine, other in pairs):
        return f"the documents now state {theirs!r} where the library says {ours!r}"
    return None


def _differ(ours: str, theirs: str) -> bool:
    """Whether two answers to the same part of a question disagree: Yes against No,
    figures with none in common, or different frequencies."""
    figures = set(quantities(ours)), set(quantities(theirs))
    periods = _frequency(ours), _frequency(theirs)
    return (
        {ours, theirs} == {"Yes", "No"}
        or (all(figures) and not figures[0] & figures[1])
        or (all(periods) and periods[0] != periods[1])
    )


def _other_sources(entry: Entry, engine: Answer) -> bool:
    """Whether the engine's answer rests on documents the entry does not quote."""
    quoted = {q.document for q in entry.quotes}
    cited = {q.document for c in engine.claims for q in c.quotes}
    return bool(cited) and not cited & quoted


def _frequency(text: str) -> str | None:
    for word in re.findall(r"[a-z-]+", text.lower()):
        if word in _FREQUENCIES:
            return _FREQUENCIES[word]
    return None


# -- recall ----------------------------------------------------------------------------


@dataclass(frozen=True)
class EarlierReview:
    """What the review of the dossier already in the output folder asks of recall."""

    # questions whose engine answer a decision holds for: left as they are
    settled: frozenset[str] = frozenset()
    # question id -> the entry its reviewed answer was proposed from: proposed again
    # from that entry while it answers, so that the decision on it can hold
    proposed_from: Mapping[str, str] = dataclasses.field(default_factory=dict)


def recall(
    answers: Sequence[Answer],
    library: Library,
    today: Today,
    embed: Embed,
    earlier: EarlierReview | None = None,
) -> tuple[Answer, ...]:
    """Each answer, proposed from the library where an entry answers its question and
    re-verifies, with the library's notes beside it. Answers whose own review
    decision holds (``earlier.settled``) are left as they are."""
    if not library.entries:
        return tuple(answers)
    earlier = earlier or EarlierReview()
    entries = library.entries
    matcher = Matcher(
        [ask_profile(e.question) for e in entries],
        [ask_profile(a.question) for a in answers],
        embed,
    )
    withdrawn = library.withdrawn()
    recalled = []
    for index, answer in enumerate(answers):
        if answer.question_id in earlier.settled:
            recalled.append(answer)
            continue
        found = [(entries[m.entry], m) for m in matcher.matches(index)]
        pinned = earlier.proposed_from.get(answer.question_id)
        recalled.append(_recalled(answer, found, withdrawn, today, pinned))
    return tuple(recalled)


def _recalled(
    answer: Answer,
    found: list[tuple[Entry, Match]],
    withdrawn: set[str],
    today: Today,
    pinned: str | None = None,
) -> Answer:
    candidates = [
        (entry, match)
        for entry, match in found
        if entry.kind in ANSWERS and entry.id not in withdrawn
    ]
    notes = _rejections(found) + _hint(found, today)
    if not candidates:
        return dataclasses.replace(answer, library_notes=notes)
    entry = _chosen(candidates, pinned)
    quotes, lapse = reverify(entry, today)
    if lapse is None:
        why = contradiction(entry, answer)
        lapse = Lapse("contradicted", why) if why is not None else None
    if lapse is not None:
        note = _note("lapsed", entry, lapse.detail, lapse.reason)
        return dataclasses.replace(answer, library_notes=(note, *notes))
    return dataclasses.replace(proposed(answer, entry, quotes), library_notes=notes)


def _chosen(candidates: list[tuple[Entry, Match]], pinned: str | None) -> Entry:
    """The entry proposed last time, when a reviewer decided on that proposal and it
    still answers; otherwise the preferred one."""
    for entry, _ in candidates:
        if entry.id == pinned:
            return entry
    return max(candidates, key=_preference)[0]


def _preference(found: tuple[Entry, Match]) -> tuple[bool, float, str, str]:
    """The same brief first, then the closest in meaning, then the latest decision
    (two decisions on one ask are equally close: the later one wins)."""
    entry, match = found
    return match.exact, round(match.similarity, 2), entry.at, entry.id


def proposed(engine: Answer, entry: Entry, quotes: tuple[Quote, ...]) -> Answer:
    """The entry's answer for this question, its quotes as found today, with its
    provenance; pending review. The engine's searches are kept, for the record. An
    approved "Not covered" keeps the engine's own account of what this wording of
    the question lacks (the reviewer's words are kept when they edited it)."""
    use = LibraryUse(entry.id, entry.reviewer, entry.at, entry.questionnaire)
    claims = tuple(Claim(" ".join(q.text.split()), (q,)) for q in quotes)
    verdict, short = _verdict(entry.short_answer, bool(claims))
    prose = engine.answer if not claims and entry.kind == "approved" else entry.answer
    return dataclasses.replace(
        engine,
        verdict=verdict,
        short_answer=short,
        answer=f"{prose}\n{use.provenance}",
        claims=claims,
        discarded_quotes=(),
        missing_facts=() if claims else engine.missing_facts,
        dropped_claims=(),
        findings=(),
        calculations=(),
        disclosures=(),
        reattributions=(),
        acceptance=None,
        validation=Validation(statements_checked=len(claims), supported=len(claims)),
        library=use,
    )


def _verdict(short: str, quoted: bool) -> tuple[Verdict, str]:
    """The proposal's verdict and short answer, as the record's rules have them: an
    answer with quotes is grounded (or, approved as needing review, escalated), one
    without is not covered."""
    if not quoted:
        return "unsupported", NOT_COVERED
    if short == NEEDS_REVIEW:
        return "escalate", NEEDS_REVIEW
    return "grounded", DOCUMENTED if short in ("", NOT_COVERED) else short


def _note(
    kind: LibraryNoteKind, entry: Entry, text: str, lapse: LapseReason | None = None
) -> LibraryNote:
    return LibraryNote(kind, entry.id, entry.reviewer, entry.at, entry.questionnaire, text, lapse)


def _rejections(found: list[tuple[Entry, Match]]) -> tuple[LibraryNote, ...]:
    rejected = sorted((e for e, _ in found if e.kind == "rejected"), key=lambda e: e.at)
    latest = rejected[::-1][:REJECTIONS_SHOWN]
    return tuple(_note("rejected", e, e.reason or "no reason given") for e in latest)


def _hint(found: list[tuple[Entry, Match]], today: Today) -> tuple[LibraryNote, ...]:
    hints = [(e, m) for e, m in found if e.kind == "hint"]
    if not hints:
        return ()
    entry, _ = max(hints, key=_preference)
    quotes = []
    for quote in entry.quotes:
        result = _find(quote.document, quote.text, quote.text_sha256, today)
        if isinstance(result, Quote):
            quotes.append(result)
    note = _note("hint", entry, entry.answer)
    return (dataclasses.replace(note, quotes=tuple(quotes)),)


def earlier_review(
    out: Path, answers: Sequence[Answer], documents: Sequence[Document]
) -> EarlierReview:
    """What the review in ``out`` asks of recall: the questions whose engine answer
    a decision holds for (rebuilding a reviewed dossier keeps its reviews), and the
    entries the answers decided on were proposed from."""
    decisions = load_decisions(out)
    settled = frozenset(
        a.question_id
        for a in answers
        if (d := decisions.get(a.question_id)) is not None and holds_for(d, a, documents)
    )
    try:
        before = read_dossier(out).answers if decisions else ()
    except InputError:  # no dossier there, or one this version cannot read
        before = ()
    proposed_from = {
        a.question_id: a.library.entry
        for a in before
        if a.library is not None
        and (d := decisions.get(a.question_id)) is not None
        and d.lapsed is None
    }
    return EarlierReview(settled, proposed_from)


def library_summary(dossier: Dossier) -> str:
    """One line for the terminal: what the library did in this build."""
    answers = dossier.answers
    proposed = sum(a.library is not None for a in answers)
    notes = [n for a in answers for n in a.library_notes]
    counts = {kind: sum(n.kind == kind for n in notes) for kind in ("lapsed", "rejected", "hint")}
    return (
        f"library {dossier.build.library}: {proposed} answers proposed from it (pending review), "
        f"{counts['lapsed']} entries lapsed, {counts['rejected']} earlier rejections shown, "
        f"{counts['hint']} hints"
    )


def note_lines(answer: Answer) -> list[str]:
    """What the library says beside an answer, for a person reading it."""
    lines = []
    for note in answer.library_notes:
        who = f"{note.reviewer} on {note.at[:10]} for {note.questionnaire}"
        if note.kind == "lapsed":
            lines.append(f"Library entry {note.entry} ({who}) lapsed [{note.lapse}]: {note.text}")
        elif note.kind == "rejected":
            lines.append(f"Rejected before by {who}: {note.text}")
        else:
            text = " ".join(note.text.split())
            lines.append(f"Hint, hand answer from {note.questionnaire} (not evidence): {text}")
            lines += [f"  found in {q.document}: “{_clip(q.text)}”" for q in note.quotes]
    return lines
