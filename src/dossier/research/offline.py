"""The offline engine: deterministic research and passage selection for one brief.

For each fact of the brief: search (the question, then its key terms, then a
reformulation with synonyms and the words of the closest passages), score the
candidates by meaning (cosine) and by coverage of the fact's terms (IDF
weighted), and keep the best passages that clear the thresholds, from
authoritative documents only. A fact is grounded when its best passage clears
them *and* holds the kind of value asked for (a frequency for "how often", a
period for "how long", a number for "how many"); otherwise it is reported
missing, naming what was not found.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from dossier.common.textutil import (
    content_terms,
    identifiers,
    sentence_spans,
    stem,
    words,
)
from dossier.index.embed import Vectors
from dossier.index.hybrid import HybridIndex
from dossier.ingest.authority import Authority
from dossier.records import (
    Brief,
    Chunk,
    DiscardedQuote,
    Evidence,
    Fact,
    Selection,
)
from dossier.research.brief import brief_step
from dossier.research.conflicts import Outcome, settle
from dossier.research.engine import EngineSettings
from dossier.research.search import BUDGET_SPENT, GuardedSearch
from dossier.steps import ConflictStep, DecideStep, GuardStep, ReformulateStep, SelectStep, Step

_FREQUENCY = re.compile(
    r"\b(annual(ly)?|yearly|quarterly|monthly|weekly|daily|hourly|biannual(ly)?|semi-?annual(ly)?"
    r"|every\s+\w+|each\s+(year|quarter|month|week|day)|per\s+(year|quarter|month|week|day)"
    r"|(once|twice)\s+(a|per|each|every)\b|at least once|times (a|per) (year|month)"
    r"|continuous(ly)?|real[- ]time|regular(ly)?|periodic(ally)?|upon|whenever)\b",
    re.I,
)
_NUMBER_WORDS = (
    r"one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirty|sixty|ninety"
)
_DURATION = re.compile(
    rf"\b(\d+|{_NUMBER_WORDS})[\s-]+(business\s+|calendar\s+|working\s+)?"
    r"(second|minute|hour|day|week|month|year)s?\b|\b(immediate(ly)?|indefinite(ly)?|permanent(ly)?)\b",
    re.I,
)
_NUMBER = re.compile(rf"\d|\b({_NUMBER_WORDS})\b", re.I)
_ASKS_PATTERN = {"frequency": _FREQUENCY, "duration": _DURATION, "number": _NUMBER}
ASKS_WORDS = {"frequency": "how often", "duration": "the period", "number": "the number"}

# A small domain thesaurus for reformulation: security wording varies by author.
SYNONYMS: dict[str, tuple[str, ...]] = {
    "rotate": ("refresh", "change", "renew", "expire"),
    "credential": ("password", "authenticator", "key", "secret"),
    "password": ("credential", "authenticator", "passphrase"),
    "mfa": ("multi-factor", "two-factor", "2fa"),
    "terminate": ("offboard", "revoke", "disable", "leave"),
    "employee": ("personnel", "staff", "workforce", "user"),
    "vendor": ("supplier", "third party", "partner", "provider"),
    "encrypt": ("cryptographic", "aes", "tls", "cipher"),
    "backup": ("restore", "replica", "snapshot"),
    "breach": ("incident", "compromise"),
    "incident": ("breach", "event"),
    "log": ("audit trail", "record", "monitor"),
    "retain": ("retention", "keep", "store", "preserve"),
    "keep": ("retain", "retention", "store"),
    "kept": ("retain", "retention", "store"),
    "delete": ("dispose", "destroy", "erase", "purge"),
    "train": ("awareness", "education"),
    "review": ("audit", "assess", "evaluate"),
    "audit": ("review", "assessment", "examination"),
    "test": ("exercise", "assess", "evaluate"),
    "visitor": ("guest",),
    "laptop": ("workstation", "device", "endpoint"),
    "patch": ("update", "vulnerability"),
    "vulnerability": ("patch", "scan", "weakness"),
    "disaster": ("continuity", "recovery", "outage"),
    "nda": ("confidentiality agreement", "non-disclosure"),
    "background": ("screening", "criminal check"),
    "access": ("permission", "privilege", "authorization"),
}


@dataclass(frozen=True)
class Candidate:
    chunk_id: str
    score: float
    similarity: float
    coverage: float


Decision = tuple[list[Candidate], str]  # the grounding candidates, and why


@dataclass(frozen=True)
class FactResearch:
    """Where researching one fact ended: its ranked candidates and the decision."""

    ranked: list[Candidate]
    decision: Decision
    exhausted: bool = False  # the search budget was spent before it could reformulate


@dataclass(frozen=True)
class FactSelection:
    """What one fact contributes to the evidence."""

    steps: tuple[Step, ...]  # its decision, conflicts settled, passages selected
    discarded: tuple[DiscardedQuote, ...]
    selections: tuple[Selection, ...]
    missing: str  # "" when grounded
    outcome: Outcome  # what front-matter settled

    @property
    def disclosures(self) -> tuple[str, ...]:
        return self.outcome.disclosures

    @property
    def conflicts(self) -> tuple[str, ...]:
        return self.outcome.conflicts


class TermStats:
    """Inverse document frequency of stemmed terms over the passages."""

    def __init__(self, chunk_terms: Sequence[set[str]]) -> None:
        self._count = len(chunk_terms)
        self._df: Counter[str] = Counter(t for terms in chunk_terms for t in terms)

    def idf(self, term: str) -> float:
        return math.log(1 + (self._count + 1) / (self._df.get(term, 0) + 0.5))


class OfflineEngine:
    """The deterministic engine (see the module's docstring)."""

    name = "offline"

    def __init__(
        self,
        index: HybridIndex,
        authority: Authority,
        titles: dict[str, str],
        settings: EngineSettings,
    ) -> None:
        self.index = index
        self.authority = authority
        self.settings = settings
        self._terms = {
            c.chunk_id: set(content_terms(f"{titles[c.document]} {c.heading} {c.text}"))
            for c in index.chunks
        }
        self.stats = TermStats(list(self._terms.values()))
        self._vocabulary = set().union(*self._terms.values()) if self._terms else set()

    @property
    def repair_rounds(self) -> int:
        return self.settings.max_repairs

    def entailer(self) -> None:
        """No model, so no model pass: the critic's deterministic checks only."""
        return None

    def research(self, brief: Brief) -> Evidence:
        steps: list[Step] = [brief_step(brief)]
        s = self.settings
        search = GuardedSearch(self.index, s.max_searches, s.hits_per_search, steps, brief.tried)
        for query in self._queries(brief):
            search.run(query)
        query_vector = self.index.embed_query(brief.query)
        # every fact is first ranked against what the question's own searches found
        first = [self._rank(fact, search.pool, query_vector) for fact in brief.facts]
        facts = [
            self._research_fact(brief, i, ranked, search, query_vector)
            for i, ranked in enumerate(first)
        ]
        selected = self._select(brief, facts)
        return Evidence(
            brief,
            tuple(search.searches),
            tuple(s for f in selected for s in f.selections),
            tuple(d for f in selected for d in f.discarded),
            tuple(f.missing for f in selected if f.missing),
            (*steps, *(step for f in selected for step in f.steps)),
            tuple(dict.fromkeys(d for f in selected for d in f.disclosures)),
            tuple(c for f in selected for c in f.conflicts),
        )

    def _research_fact(
        self,
        brief: Brief,
        i: int,
        ranked: list[Candidate],
        search: GuardedSearch,
        query_vector: Vectors,
    ) -> FactResearch:
        """Ground fact ``i``, or reformulate once and search again, within the budget."""
        fact = brief.facts[i]
        decision = self._grounding(brief, fact, ranked)
        if decision[0]:
            return FactResearch(ranked, decision)
        if search.spent:
            search.note(GuardStep(fact=i, reason=BUDGET_SPENT))
            return FactResearch(ranked, decision, exhausted=True)
        queries = self._reformulations(fact, ranked)
        if not queries:
            reason = "nothing to reformulate with: no synonyms, no new heading words"
            search.note(GuardStep(fact=i, reason=reason))
            return FactResearch(ranked, decision)
        search.note(ReformulateStep(fact=i, queries=tuple(queries)))
        leader = ranked[0].chunk_id if ranked else None
        for query in queries:
            search.run(query)
        ranked = self._rank(fact, search.pool, query_vector)
        decision = self._grounding(brief, fact, ranked)
        if (ranked[0].chunk_id if ranked else None) == leader:
            reason = "no progress: reformulating did not change the best passage"
            search.note(GuardStep(fact=i, reason=reason))
        return FactResearch(ranked, decision)

    # -- searching --------------------------------------------------------

    def _queries(self, brief: Brief) -> list[str]:
        """The question as asked, then its key terms alone."""
        queries = [brief.query]
        keywords = " ".join(
            [*brief.identifiers, *(w for w in words(brief.query) if stem(w) in brief.terms)]
        )
        if keywords:
            queries.append(keywords)
        return queries

    def _reformulations(self, fact: Fact, ranked: list[Candidate]) -> list[str]:
        """Targets a fact still missing: its terms with their synonyms, then its
        terms with the headings of the closest passage (the documents' own words
        for the topic)."""
        plain = [w for w in words(fact.text) if stem(w) in fact.terms]
        synonyms = [s for w in plain for s in SYNONYMS.get(stem(w), ())]
        queries = []
        if synonyms:
            queries.append(" ".join(plain + synonyms))
        if ranked:
            heading = words(self.index.chunk(ranked[0].chunk_id).heading)
            extra = [w for w in heading if w not in plain]
            if extra:
                queries.append(" ".join(dict.fromkeys(plain + extra)))
        return queries

    # -- scoring ----------------------------------------------------------

    def _rank(
        self, fact: Fact, pool: Mapping[str, object], query_vector: Vectors
    ) -> list[Candidate]:
        """Meaning is judged against the whole question (a follow-up such as
        'Are they centrally managed?' means nothing alone); coverage against the fact."""
        if not pool:
            return []
        ids = sorted(pool)
        similarities = self.index.similarity(query_vector, ids)
        candidates = [
            self._candidate(fact, chunk_id, sim)
            for chunk_id, sim in zip(ids, similarities, strict=True)
        ]
        return sorted(candidates, key=lambda c: (-c.score, c.chunk_id))

    def _candidate(self, fact: Fact, chunk_id: str, similarity: float) -> Candidate:
        coverage = self.coverage(fact.terms, self._terms[chunk_id])
        score = similarity + self.settings.coverage_weight * coverage
        return Candidate(chunk_id, round(score, 6), round(similarity, 6), round(coverage, 6))

    def coverage(self, wanted: Sequence[str], present: set[str]) -> float:
        total = sum(self.stats.idf(t) for t in wanted)
        if total == 0:
            return 0.0
        return sum(self.stats.idf(t) for t in wanted if t in present) / total

    def _names_all(self, chunk_id: str, names: Sequence[str]) -> bool:
        return set(names) <= set(identifiers(self.index.chunk(chunk_id).text))

    def vocabulary_share(self, terms: Sequence[str]) -> float:
        """The IDF-weighted share of ``terms`` that occur anywhere in the corpus,
        directly or through a synonym. A question whose key terms occur nowhere
        (e.g. 'sudo', 'HSTS') asks about something the documents do not discuss,
        however close the nearest passage reads."""
        present = {t for t in terms if t in self._vocabulary or self._synonym_in_corpus(t)}
        return self.coverage(terms, present)

    def _synonym_in_corpus(self, term: str) -> bool:
        return any(
            all(stem(w) in self._vocabulary for w in words(synonym))
            for synonym in SYNONYMS.get(term, ())
        )

    def _grounding(self, brief: Brief, fact: Fact, ranked: list[Candidate]) -> Decision:
        """The candidates that may ground this fact, best first. The question's
        vocabulary must be the corpus's; the best usable passage must clear the
        score and coverage floors, and the best three together must cover the
        fact's terms; passages within ``quote_margin`` of the best support it.
        Returns the candidates and the reason for the decision."""
        s = self.settings
        usable = [
            c
            for c in ranked
            if self.authority.is_current(self.index.chunk(c.chunk_id).document)
            and holds_value(fact, self.index.chunk(c.chunk_id).text)
        ]
        if not usable:
            kind = f" holding {ASKS_WORDS[fact.asks]}" if fact.asks else ""
            return [], f"no passage from a current document{kind}"
        best = usable[0]
        if brief.identifiers and self._names_all(best.chunk_id, brief.identifiers):
            return [best], "the passage names the identifier asked about"
        vocabulary = self.vocabulary_share(brief.terms)
        if vocabulary < s.min_vocabulary:
            return [], f"vocabulary share {vocabulary:.2f} < {s.min_vocabulary}"
        joint = self.coverage(
            fact.terms, set().union(*(self._terms[c.chunk_id] for c in usable[:3]))
        )
        for value, floor, name in (
            (best.score, s.min_score, "best score"),
            (best.coverage, s.min_coverage, "best coverage"),
            (joint, s.min_joint_coverage, "joint coverage"),
        ):
            if value < floor:
                return [], f"{name} {value:.2f} < {floor}"
        margin = best.score - s.quote_margin
        chosen = [c for c in usable if c.score >= margin][: s.max_quotes]
        return (
            chosen,
            f"best score {best.score:.2f}, coverage {best.coverage:.2f}, joint {joint:.2f}",
        )

    # -- selecting ----------------------------------------------------------

    def _select(self, brief: Brief, facts: list[FactResearch]) -> list[FactSelection]:
        """Each fact's decision, settled by front-matter, and the passages quoted for
        it (each passage once, for the first fact that selects it)."""
        budget = self.settings.max_answer_chars // len(brief.facts)
        selected: list[FactSelection] = []
        for i, researched in enumerate(facts):
            held = {s.chunk_id for f in selected for s in f.selections}
            selected.append(self._select_fact(brief, i, researched, held, budget))
        return selected

    def _select_fact(
        self, brief: Brief, i: int, researched: FactResearch, held: set[str], budget: int
    ) -> FactSelection:
        fact, ranked = brief.facts[i], researched.ranked
        grounding, reason = researched.decision
        steps: list[Step] = [_decision_step(i, ranked, grounding, reason)]
        discarded = tuple(self._outranking_stale(ranked, grounding))
        outcome = self._settle(fact, ranked, grounding)
        if outcome.disclosures or outcome.conflicts:
            steps.append(
                ConflictStep(fact=i, disclosures=outcome.disclosures, unsettled=outcome.conflicts)
            )
        grounding = [c for c in grounding if c.chunk_id in outcome.keep]
        if not grounding:
            ran_out = f" (the search budget of {self.settings.max_searches} ran out)"
            missing = self._missing(fact, ranked) + (ran_out if researched.exhausted else "")
            return FactSelection(tuple(steps), discarded, (), missing, outcome)
        selections: list[Selection] = []
        used = 0
        for candidate in grounding:
            if used >= budget:
                break
            if candidate.chunk_id in held:
                continue
            chunk = self.index.chunk(candidate.chunk_id)
            quotes = self._quote_texts(brief, fact, chunk)
            selections.append(Selection(chunk.chunk_id, quotes, i, candidate.score))
            steps.append(SelectStep(fact=i, chunk_id=chunk.chunk_id, quotes=quotes))
            used += sum(len(q) for q in quotes)
        return FactSelection(tuple(steps), discarded, tuple(selections), "", outcome)

    def _settle(self, fact: Fact, ranked: list[Candidate], grounding: list[Candidate]) -> Outcome:
        """Front-matter settles passages that state different values; close
        passages from superseded documents are disclosed when their value differs."""
        if not grounding:
            return Outcome((), (), ())
        floor = grounding[0].score - self.settings.quote_margin
        rivals = [
            c.chunk_id
            for c in ranked[:10]
            if c.score >= floor
            and not self.authority.is_current(self.index.chunk(c.chunk_id).document)
        ]
        return settle(
            [c.chunk_id for c in grounding],
            rivals,
            self.index.chunk,
            self.authority,
            fact.terms,
            _ASKS_PATTERN.get(fact.asks or ""),
            compare_current=fact.asks is not None,
        )

    def _outranking_stale(
        self, ranked: list[Candidate], grounding: list[Candidate]
    ) -> list[DiscardedQuote]:
        """Passages from superseded, archived or draft documents that scored above
        the chosen one are shown as discarded, with the reason."""
        floor = grounding[0].score if grounding else self.settings.min_score
        out = []
        for c in ranked:
            chunk = self.index.chunk(c.chunk_id)
            if c.score >= floor and not self.authority.is_current(chunk.document):
                reason = f"not current practice: {self.authority.reason(chunk.document)}"
                out.append(DiscardedQuote(chunk.text, chunk.document, chunk.chunk_id, reason))
        return out[:2]

    def _missing(self, fact: Fact, ranked: list[Candidate]) -> str:
        asked = ASKS_WORDS.get(fact.asks or "", "")
        subject = fact.text.rstrip("?. ")
        if not ranked:
            return f"No passage addresses: {subject}"
        closest = self.index.chunk(ranked[0].chunk_id)
        spelled = {stem(w): w for w in reversed(words(fact.text))}
        absent = [spelled.get(t, t) for t in fact.terms if t not in self._terms[closest.chunk_id]]
        detail = (
            f"; the closest passage ({closest.document}) lacks: {', '.join(absent)}"
            if absent
            else ""
        )
        lead = (
            f"The documents do not state {asked} for: "
            if asked
            else "The documents do not establish: "
        )
        return f"{lead}{subject}{detail}"

    def _quote_texts(self, brief: Brief, fact: Fact, chunk: Chunk) -> tuple[str, ...]:
        """A short passage, or one that names the identifier asked about, is
        quoted whole; a long one by its best sentences (those holding the value
        asked for first), in document order."""
        whole = brief.identifiers and self._names_all(chunk.chunk_id, brief.identifiers)
        if whole or len(chunk.text) <= self.settings.max_quote_chars:
            return (_strip_list_marker(chunk.text),)
        sentences = _sentences(chunk.text)
        similarities = self.index.embed_texts(sentences) @ self.index.embed_query(fact.text)
        merits = [
            self._merit(fact, sentence, float(similarity))
            for sentence, similarity in zip(sentences, similarities, strict=True)
        ]
        best = sorted(range(len(sentences)), key=merits.__getitem__, reverse=True)
        chosen = sorted(best[: self.settings.sentences_per_passage])
        return tuple(_strip_list_marker(sentences[i]) for i in chosen)

    def _merit(self, fact: Fact, sentence: str, similarity: float) -> tuple[bool, float]:
        """A sentence's claim to be quoted: it states the value asked for, then its score."""
        coverage = self.coverage(fact.terms, set(content_terms(sentence)))
        return (states_value(fact, sentence), similarity + self.settings.coverage_weight * coverage)


def _decision_step(
    fact: int, ranked: list[Candidate], chosen: list[Candidate], reason: str
) -> DecideStep:
    return DecideStep(
        fact=fact,
        grounded=bool(chosen),
        reason=reason,
        top=tuple((c.chunk_id, c.score, c.similarity, c.coverage) for c in ranked[:5]),
    )


# Verbs that go with the value asked for ("how long are X retained", "how often is X
# performed"); the subject is X. Stemmed.
_VALUE_VERBS = frozenset(
    stem(word)
    for word in "retain retained keep kept store stored hold held remain archive archived "
    "perform performed conduct conducted carry carried happen occur run".split()
)


def states_value(fact: Fact, text: str) -> bool:
    """Whether the text states a value of the kind the fact asks for, about anything."""
    pattern = _ASKS_PATTERN.get(fact.asks or "")
    return pattern is None or bool(pattern.search(text))


def holds_value(fact: Fact, text: str) -> bool:
    """Whether the passage states the kind of value the fact asks for (a period, a
    frequency, a number) about the fact's subject: in a sentence that, or whose
    sentence before it, names one of the fact's terms. "Customer data is deleted
    within 30 days. Invoice records are retained under the schedule above." holds
    no period for invoice records."""
    pattern = _ASKS_PATTERN.get(fact.asks or "")
    if pattern is None:
        return True
    wanted = set(fact.terms) - _VALUE_VERBS or set(fact.terms)
    sentences = _sentences(text)
    named = [not wanted or bool(wanted & set(content_terms(s))) for s in sentences]
    return any(
        pattern.search(sentence) and (named[i] or (i > 0 and named[i - 1]))
        for i, sentence in enumerate(sentences)
    )


_LIST_MARKER = re.compile(r"^\s*(?:[-*+•]|\(?[0-9]{1,3}[.)]|\(?[a-zA-Z]{1,4}[.)])\s+")


def _sentences(text: str) -> list[str]:
    parts = [text[a:b] for a, b in sentence_spans(text)]
    return [p for p in parts if len(p.split()) >= 3] or [text.strip()]


def _strip_list_marker(text: str) -> str:
    marker = _LIST_MARKER.match(text)
    return text[marker.end() :] if marker else text
