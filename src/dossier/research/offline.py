"""The offline engine: deterministic research that chooses the one sentence that answers.

For one brief:

1. **search** the core ask (the practice and its subject, questionnaire wording
   removed), then its key terms with their thesaurus alternatives, then each
   further part of a compound question; duplicate queries and the search budget
   are guarded;
2. **pool** the passages the searches surfaced, best rank first, and take the
   sentences of the best ``passages_considered`` of them, from documents that
   may ground current practice, as candidates;
3. **score** each candidate with the fitted sentence model (``scoring``:
   meaning against the core ask and the question, the ask's distinctive terms in
   the sentence and its headings, a value of the kind asked for, ...) and the
   question with the fitted answer model: the probability that the best
   sentence answers it; below the threshold, **reformulate** once (key terms with the
   thesaurus and the closest passage's headings) and score again;
4. **decide**: answer when the probability reaches the threshold and the best
   sentence (or a heading above it) names a key term of the ask, or when a
   passage names the control identifier asked about; else say what is missing;
5. **select** the lead sentence, then a sentence for each further part of the
   question, then at most one more from a passage not quoted yet (naming a key
   term of the ask, and stating a value when one is asked), each within
   ``support_margin`` of the lead's score, at most ``max_quotes``.
   Passages that were close but not quoted are kept as *related passages*, with
   their scores, never as evidence.

Passages from superseded documents that state a different value are disclosed
(``conflicts.settle``), and current documents that disagree escalate.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from functools import cache

from dossier.common.textutil import (
    BULLET,
    CONTENT_PLACEHOLDER,
    PERIOD_COUNT,
    aligned_row,
    as_the_vendor,
    content_terms,
    fold_whitespace,
    identifiers,
    opens_clause,
    question_terms,
    spelling,
    stem,
    words,
)
from dossier.index.hybrid import HybridIndex
from dossier.ingest.authority import Authority, set_aside_heading
from dossier.ingest.chunking import STATUS_ALONE
from dossier.ingest.sentences import Sentence, a_dated_record, list_lead_in, table_header
from dossier.records import (
    Brief,
    DiscardedQuote,
    Evidence,
    Fact,
    MissingFact,
    RelatedPassage,
    Selection,
)
from dossier.research import thesaurus
from dossier.research.ask import core_ask, predicate_words, subject_phrases
from dossier.research.brief import brief_step
from dossier.research.candidates import (
    NOT_KEY,
    QUESTIONNAIRE_WORDING,
    Ask,
    Candidate,
    CandidateScorer,
    lone_terms,
    names_the_ask,
)
from dossier.research.conflicts import Outcome, settle
from dossier.research.engine import EngineSettings
from dossier.research.qualifiers import (
    CONTRACTORS,
    CUSTOMER_USERS,
    EMPLOYEES,
    NON_PRODUCTION,
    PRIVILEGED_ACCOUNTS,
    PRODUCTION,
    RECIPIENTS,
    THIRD_PARTIES,
    USER_ACCOUNTS,
    another_qualifier,
    qualifiers_asked,
    qualifiers_named,
)
from dossier.research.scoring import Scorer, load_scorer
from dossier.research.search import BUDGET_SPENT, GuardedSearch
from dossier.research.values import (
    ASKS_PATTERN,
    ASKS_WORDS,
    BROAD_PLAN_WORDS,
    KINDS_OF_DOCUMENT,
    MEASURE_NOUNS,
    STUFF_NOUNS,
    asked_objective_column,
    asks_one_recovery_objective,
    definite_frequencies,
    demand_checked,
    demand_met,
    documents_review_asked,
    holds_value,
    lead_answers_part,
    names_another_document,
    names_antecedent,
    names_no_subject,
    names_other_bound,
    names_what_part_asks,
    names_whole_subject,
    opens_on_another_case,
    other_objective_column,
    states_definite_value,
    states_part_value,
    subject_part,
    subject_run,
    subject_words_named,
    value_quoted_with,
    with_asked_subject,
)
from dossier.steps import (
    ConflictStep,
    DecideStep,
    GuardStep,
    RankStep,
    ReformulateStep,
    SelectStep,
    Step,
)


class OfflineEngine:
    name = "offline"
    deterministic = True

    def __init__(
        self,
        index: HybridIndex,
        authority: Authority,
        titles: dict[str, str],
        settings: EngineSettings,
        scorer: Scorer | None = None,
    ) -> None:
        self.index = index
        self.authority = authority
        self.titles = titles
        self.settings = settings
        self.scorer = scorer or load_scorer()
        self.scoring = CandidateScorer(index, titles, self.scorer)

    @property
    def repair_rounds(self) -> int:
        return self.settings.max_repairs

    def entailer(self) -> None:
        """No model, so no model pass: the critic's deterministic checks only."""
        return None

    @property
    def threshold(self) -> float:
        given = self.settings.answer_threshold
        return given if given >= 0 else self.scorer.threshold

    def research(self, brief: Brief) -> Evidence:
        return _Research(self, brief).run()

    def planned_queries(self, brief: Brief) -> tuple[str, ...]:
        """The core ask and the question (what candidates are ranked against), then,
        for a question in English, the first round's searches and each further
        part's core ask (a further part is ranked on its own when the lead is found)."""
        asked = [brief.core or brief.query, brief.query]
        if not brief.english:
            return tuple(dict.fromkeys(asked))
        parts = [_part_core(fact) for fact in brief.facts[1:]]
        return tuple(dict.fromkeys([*asked, *self.planned_searches(brief), *parts]))

    def planned_searches(self, brief: Brief) -> tuple[str, ...]:
        """The first round's searches (none for a question not in English)."""
        if not brief.english:
            return ()
        return tuple(first_queries(brief, self.scoring.stats.rarest(_key_source(brief))))

    def quote_of(
        self,
        sentence: Sentence,
        lead: bool = True,
        close: Collection[tuple[str, int]] = (),
        item_alone: bool = False,
    ) -> str:
        """The quote a chosen sentence gives: the sentence, with the sentences
        around it in its passage while the quote stays within
        ``quote_window_chars`` for the lead, ``support_window_chars`` for a further
        quote (a lead-in and its list, a rule and its condition read together). It
        grows back over the sentence before only when the sentence leans on it
        (``_needs_before``) or that sentence is itself close to answering (in
        ``close``: (passage, start) of the candidates within the lead's margin), so
        that a reader does not read an unrelated sentence first. ``item_alone``: a list
        item is quoted without the items after it (a yes/no question's: the next
        bullets are other rules; a value's are read with it, see ``_apart``)."""
        settings = self.settings
        limit = settings.quote_window_chars if lead else settings.support_window_chars
        if (
            len(sentence.text) >= limit
            or _TABLE_CELLS.search(sentence.text)
            or aligned_row(sentence.text)
        ):
            return sentence.text  # a table row is read alone: the next row is another record
        siblings = self.index.sentences(sentence.chunk_id)[0]
        spans = [(s.start, s.end) for s in siblings]
        at = spans.index((sentence.start, sentence.end))
        text = self.index.chunk(sentence.chunk_id).text
        before = siblings[at - 1] if at > 0 else None
        item = _opens_item(text, sentence)
        back = before is not None and (
            _needs_before(sentence.text, before.text, item is not None)
            or (before.chunk_id, before.start) in close
        )
        apart = _apart(text, siblings, at)
        inside = _item_holding(text, siblings, at) if item_alone else None
        if inside is not None:  # its item's, or the item it goes on ("- X. Y is not permitted.")
            apart = _items_after(text, siblings, inside, apart)
        start, end = _window(spans, at, limit, back, apart)
        if item is not None:  # a nested item reads under the item above it
            start = _under_lead_in(text, sentence, start, end, limit)
        return text[_with_status_above(siblings, start, end, limit) : end]

    def first_round(self, brief: Brief) -> tuple[Ask, list[Candidate]]:
        """The candidates of a brief's first round of searches, scored (what the
        scorer is fitted on: ``scripts/fit_scorer.py``)."""
        run = _Research(self, brief)
        for query in run.queries():
            run.search(query)
        return run.ask, self.scoring.rank(run.ask, run.passages())


@dataclass
class _Ranking:
    """Where a question stands after a round of scoring."""

    candidates: list[Candidate] = field(default_factory=list)
    probability: float = 0.0

    @property
    def lead(self) -> Candidate | None:
        return self.candidates[0] if self.candidates else None


class _Research:
    """One question's research: its searches, pooled passages and steps."""

    def __init__(self, engine: OfflineEngine, brief: Brief) -> None:
        self.engine = engine
        self.brief = brief
        self.settings = engine.settings
        self.steps: list[Step] = [brief_step(brief)]
        self.guarded = GuardedSearch(
            engine.index,
            self.settings.max_searches,
            self.settings.hits_per_search,
            self.steps,
            brief.tried,
        )
        self.ask = self._ask()

    def run(self) -> Evidence:
        if not self.brief.english:
            reason = "the question is not in English; the offline engine reads English only"
            self.steps.append(GuardStep(reason=reason))
            return self._evidence(
                [], [MissingFact(f"Not answered: {reason}; a person must answer it.")]
            )
        for query in self.queries():
            self.search(query)
        ranking = self._score()
        if not self._answers(ranking):
            ranking = self._reformulate(ranking)
        return self._decide(ranking)

    # -- the ask ------------------------------------------------------------------

    def _ask(self) -> Ask:
        brief, index = self.brief, self.engine.index
        terms = _terms_of(brief)
        core = brief.core or brief.query
        return Ask(
            terms=terms,
            key=self.engine.scoring.stats.rarest(_key_source(brief)),
            kind=brief.facts[0].asks if brief.facts else None,
            about_document=brief.about_document,
            core=index.embed_query(thesaurus.spelled_out(core)),
            question=index.embed_query(thesaurus.spelled_out(brief.query)),
            qualifiers=qualifiers_asked(brief.query),
            wants_link=bool(_LINK_ASKED.search(brief.question)),
            wants_control=bool(_CONTROL_ASKED.search(brief.question)),
            subject=_subject_heads(brief),
            predicate=_predicate(brief),
            lone=lone_terms(core, terms, self.engine.scoring.stats),
        )

    # -- searching ------------------------------------------------------------------

    def queries(self) -> list[str]:
        return first_queries(self.brief, self.ask.key)

    def search(self, query: str) -> bool:
        return self.guarded.run(query)

    def passages(self, current: bool = True) -> list[str]:
        """The best pooled passages (from current documents, or from the others), but
        those that are only a heading's line ("1. PURPOSE" of a plain-text page): they
        state nothing, and took the places of the clauses under them."""
        authority = self.engine.authority
        ranked = self.guarded.ranked()
        chunks = [self.engine.index.chunk(chunk_id) for chunk_id in ranked]
        return [
            chunk.chunk_id
            for chunk in chunks
            if authority.passage_current(chunk) == current and not heading_line(chunk.text)
        ][: self.settings.passages_considered]

    # -- scoring --------------------------------------------------------------------

    def _score(self) -> _Ranking:
        scorer = self.engine.scoring
        candidates = self._identified_first(scorer.rank(self.ask, self.passages()))
        judged = self._value_first(candidates)
        ranking = _Ranking(candidates, scorer.answer_probability(self.ask, judged))
        self.steps.append(_rank_step(ranking, self.engine.threshold))
        return ranking

    def _identified_first(self, candidates: list[Candidate]) -> list[Candidate]:
        """For a question naming control identifiers ("Describe how control A.8.24 is
        implemented."), the sentences of a section whose heading names them first (the
        control's own clauses), then those naming them in their own words (a Statement
        of Applicability's row), each by score: a passage naming the identifier among
        others had given its first row, another control's."""
        wanted = set(self.brief.identifiers)
        if not wanted:
            return candidates

        def place(candidate: Candidate) -> int:
            chunk = self.engine.index.chunk(candidate.sentence.chunk_id)
            if wanted <= set(identifiers(chunk.heading)):
                return 0
            return 1 if wanted <= set(identifiers(candidate.sentence.text)) else 2

        return sorted(candidates, key=place)  # stable: by score within each place

    def _value_first(self, candidates: list[Candidate]) -> list[Candidate]:
        fact = self.brief.facts[0] if self.brief.facts else None
        return value_first(fact, candidates, self.engine.scorer.support_margin)

    def _answers(self, ranking: _Ranking) -> bool:
        """The passage names the control identifier asked about, or the answer
        model's probability reaches the threshold and the best sentence names a
        key term of the ask."""
        lead = ranking.lead
        if lead is None:
            return False
        if self._names_identifiers(lead):
            return True
        return ranking.probability >= self.engine.threshold and bool(self._naming(ranking))

    def _naming(self, ranking: _Ranking) -> list[Candidate]:
        """The sentences scoring within ``KEY_LEAD_MARGIN`` of the best that name the
        ask (``names_the_ask``), best first: "Each user shall be assigned a unique user
        ID" may score best for whether shared user IDs are permitted, but "Shared or
        generic accounts are prohibited", just below it, is the one naming them."""
        if not ranking.candidates:
            return []
        floor = ranking.candidates[0].score - KEY_LEAD_MARGIN
        return [c for c in ranking.candidates if c.score >= floor and self._names_ask(c)]

    def _read(self, candidate: Candidate) -> str:
        """The candidate's sentence as checks read it, its document's short names
        spelled out (``CandidateScorer.read``)."""
        return self.engine.scoring.read(candidate.sentence)

    def _names_ask(self, candidate: Candidate) -> bool:
        """``names_the_ask``, the sentence read with the full names of the short names
        its document defines."""
        return names_the_ask(self.ask, candidate, self.engine.scoring.glossed(candidate.sentence))

    def _names_identifiers(self, candidate: Candidate) -> bool:
        """Whether the passage names the control identifiers the question asks about
        ("AC-2(3)", "A.8.24", "CC6.1"); a name glued to a number ("FIDO2", "SOC2",
        "P1") is a technology, a report or a grade, which a passage names in passing
        (a meeting note's "FIDO2 keys for everyone?" answered a question on them)."""
        wanted = {i for i in self.brief.identifiers if not _NAME_AND_NUMBER.match(i)}
        chunk = self.engine.index.chunk(candidate.sentence.chunk_id)
        return bool(wanted) and wanted <= set(identifiers(f"{chunk.heading}\n{chunk.text}"))

    def _reformulate(self, ranking: _Ranking) -> _Ranking:
        """Once: the key terms with their alternatives and the closest passage's
        headings (the documents' own words for the topic)."""
        if self.guarded.spent:
            self.steps.append(GuardStep(reason=BUDGET_SPENT))
            return ranking
        queries = self._reformulations(ranking)
        if not queries:
            reason = "nothing to reformulate with: no alternatives, no new heading words"
            self.steps.append(GuardStep(reason=reason))
            return ranking
        self.steps.append(ReformulateStep(fact=0, queries=tuple(queries)))
        searched = [q for q in queries if self.search(q)]
        if not searched:
            return ranking
        rescored = self._score()
        if _lead_id(rescored) == _lead_id(ranking):
            reason = "no progress: reformulating did not change the best sentence"
            self.steps.append(GuardStep(fact=0, reason=reason))
        return rescored

    def _reformulations(self, ranking: _Ranking) -> list[str]:
        spelled = spelling(self.brief.query)
        plain = [spelled.get(t, t) for t in self.ask.terms]
        alternatives = [a for t in self.ask.terms for a in thesaurus.alternative_words(t)]
        queries = []
        if alternatives:
            queries.append(" ".join(dict.fromkeys(plain + alternatives)))
        if ranking.lead is not None:
            heading = words(self.engine.index.chunk(ranking.lead.sentence.chunk_id).heading)
            extra = [w for w in heading if w not in plain]
            if extra:
                queries.append(" ".join(dict.fromkeys(plain + extra)))
        return queries

    # -- deciding and selecting -------------------------------------------------------

    def _decide(self, ranking: _Ranking) -> Evidence:
        answers = self._answers(ranking)
        lead = self._lead(ranking) if answers else None
        reason = self._decision_reason(ranking, answers, lead)
        top = tuple(
            (c.sentence.chunk_id, c.score, c.feature("cos_core"), c.feature("coverage"))
            for c in ranking.candidates[:5]
        )
        only_set_aside = self._asked_document_not_in_force(lead) if lead is not None else ""
        if only_set_aside:
            lead, reason = None, f"{reason}; the document asked for is not in force"
        self.steps.append(DecideStep(fact=0, grounded=lead is not None, reason=reason, top=top))
        if only_set_aside:
            subject = (self.brief.core or self.brief.query).rstrip("?. ")
            text = (
                f"The documents do not establish: {subject}; the only document titled so is not"
                f" in force ({only_set_aside}), and the passages found in force are about "
                "something else"
            )
            return self._evidence([], [MissingFact(text)], ranking)
        if lead is None:
            return self._evidence([], [self._missing(ranking, answers)], ranking)
        chosen, missing = self._supports(ranking, lead)
        return self._settled(chosen, missing, ranking)

    def _asked_document_not_in_force(self, lead: Candidate) -> str:
        """For a question whether a document for X exists ("Is there a medical device
        security policy ...?"), the documents titled with all of X when each is not in
        force (its draft) and neither the lead's document title nor its headings name
        all of X (a patch policy's "Networked medical devices are patched ..." is no
        such policy); "" otherwise, and the lead stands."""
        asked = self.brief.terms
        if not self.brief.about_document or not asked:
            return ""

        def names_all(text: str) -> bool:
            present = self.engine.scoring.terms_of(text)
            return all(thesaurus.says(t, present) for t in asked)

        titled = [path for path, title in self.engine.titles.items() if names_all(title)]
        if not titled or any(path not in self.engine.authority.reasons for path in titled):
            return ""
        chunk = self.engine.index.chunk(lead.sentence.chunk_id)
        title = self.engine.titles.get(chunk.document, "")
        if names_all(f"{title} {chunk.heading}") or names_all(lead.sentence.text):
            return ""  # "This information security policy is approved by the Board ..."
        return ", ".join(self._not_in_force_named(path) for path in titled)

    def _decision_reason(self, ranking: _Ranking, answers: bool, lead: Candidate | None) -> str:
        said = f"probability {ranking.probability:.2f}, threshold {self.engine.threshold:.2f}"
        if ranking.lead is None:
            return "no candidate sentence from a current document"
        if answers and lead is None and self.ask.kind is None:
            return f"{said}; {self._unnamed(ranking, 'sentence')}"
        if answers and lead is None:
            return f"{said}; no sentence states {ASKS_WORDS[self.ask.kind or 'number']}"
        if answers and ranking.probability < self.engine.threshold:
            return f"{said}; the passage names the identifier asked about"
        if not answers and not self._naming(ranking):
            spelled = spelling(self.brief.query)
            key = ", ".join(spelled.get(t, t) for t in self.ask.key)
            return f"{said}; the best sentence names none of the ask's key terms ({key})"
        return said

    def _lead(self, ranking: _Ranking) -> Candidate | None:
        """The best sentence; for a question asking a value, of the sentences that
        state one about the question's subject (none: no lead) and score within the
        margin of the best of them, the first that itself names the whole subject and
        states a definite value: "How long are audit logs retained?"
        is answered by "Audit log data is retained for one month", not by the
        higher-scored "Reports summarising audit activities are retained for seven
        years"; "How often are backups performed?" by "Backups run daily", not by
        "The company performs regular full backups". A sentence stating a value far
        below the best (three margins) leads nothing: "User sessions are terminated
        after 20 minutes" under the best-scored "Within ninety (90) days after
        termination ... institutional data is destroyed" when its figure is missed."""
        fact = self.brief.facts[0] if self.brief.facts else None
        if fact is None or fact.asks is None:
            naming = _statements_first(
                self._subject_named(ranking.candidates),
                self.engine.scorer.support_margin,
                values_asked=any(
                    f.asks and f.text not in self.brief.demands for f in self.brief.facts[1:]
                ),
            )
            ruling = self._in_a_document_on_it(
                _practice_before_purpose(
                    _whole_group_first(_rules_first(naming, self.brief), self.brief), self.brief
                )
            )
            ruling = self._own_practice_first(ruling)
            ruling = self._of_the_plan_asked(ruling)
            lead = (
                self._own_review_stated_first(ruling)
                or self._demand_stated_first(ruling)
                or self._approval_stated_first(ruling)
                or self._purpose_stated_first(ruling)
                or self._key_terms_lead(ruling)
            )
            if lead is None or self._names_ask(lead) or self._names_identifiers(lead):
                return lead
            named = self._naming(ranking)  # the lead must name the ask, as decided
            return next((c for c in ruling if any(c is n for n in named)), None)
        holding = [
            c
            for c in ranking.candidates
            if self._holds_value(fact, c)
            and not a_dated_record(c.sentence.text)  # a test's "Completed in 41 hours"
            and not names_another_document(fact, c.sentence.text)
            and not names_other_bound(fact.text, c.sentence.text)
            and self._names_enough(fact, c)
        ]
        margin = self.engine.scorer.support_margin
        if not holding or holding[0].score < ranking.candidates[0].score - _FAR * margin:
            return None  # only a sentence far below the best states one: not that one
        floor = holding[0].score - margin
        close = _the_rules([c for c in holding if c.score >= floor], self.brief)
        in_column = [c for c in holding if self._in_asked_column(fact, c)]
        if in_column and in_column[0].score >= ranking.candidates[0].score - _FAR * margin:
            return self._first_row_of_column(in_column, margin)
        close = self._top_grade_first(self._qualifier_named(close))  # of the rules
        return max(close, key=lambda c: _states_fully(fact, self._row_read(c)))  # the first best

    def _first_row_of_column(self, rows: list[Candidate], margin: float) -> Candidate:
        """Of the rows under the column naming the objective asked, best first: those of
        the best one's table within the margin of it, naming the qualifier asked (the
        top grade for "the most critical systems"), the first in the table's order (a
        table of tiers lists the most critical first: "What is the RTO for the system?"
        is not answered from its Tier 2 row)."""
        best = rows[0]
        close = [
            c
            for c in rows
            if c.sentence.chunk_id == best.sentence.chunk_id and c.score >= best.score - margin
        ]
        close = self._top_grade_first(self._qualifier_named(close))
        return min(close, key=lambda c: c.sentence.start)

    def _in_asked_column(self, fact: Fact, candidate: Candidate) -> bool:
        """Whether the candidate is a table row under a column naming the recovery
        objective asked (``values.asked_objective_column``)."""
        chunk = self.engine.index.chunk(candidate.sentence.chunk_id)
        header = table_header(chunk.text, candidate.sentence.start)
        return bool(header) and asked_objective_column(fact, " | ".join(header))

    def _own_practice_first(self, candidates: list[Candidate]) -> list[Candidate]:
        """For a question naming no third party, the candidates with the first one
        within the margin of the best that is not about third parties first, when the
        best is (its row, heading or document title names vendors or suppliers): "Have
        you undergone a SOC 2 audit?" is answered by "Acme undergoes an annual SOC 2
        Type II examination", not by a vendor-tier table's "High | ... | SOC 2 Type II
        report review"."""
        if not candidates or _asks_of_third_parties(self.brief.query):
            return candidates
        if not self._about_third_parties(candidates[0]):
            return candidates
        floor = candidates[0].score - self.engine.scorer.support_margin
        own = next(
            (c for c in candidates if c.score >= floor and not self._about_third_parties(c)),
            None,
        )
        return candidates if own is None else [own, *(c for c in candidates if c is not own)]

    def _key_terms_lead(self, candidates: list[Candidate]) -> Candidate | None:
        """``_key_terms_first``, but for a question naming no third party, never one about
        them over the best about the organisation's own practice (``_own_practice_first``
        put it first)."""
        chosen = _key_terms_first(candidates)
        if chosen is None or chosen is candidates[0]:
            return chosen
        if _asks_of_third_parties(self.brief.query) or self._about_third_parties(candidates[0]):
            return chosen
        return candidates[0] if self._about_third_parties(chosen) else chosen

    def _about_third_parties(self, candidate: Candidate) -> bool:
        """Whether the candidate's heading or document title names vendors, suppliers or
        third parties ("Vendor Risk Management Policy"), or the candidate names them or a
        vendor's own thing ("the vendor's SOC 2 report"); not "an independent third-party
        audit", the organisation's own."""
        chunk = self.engine.index.chunk(candidate.sentence.chunk_id)
        title = self.engine.titles.get(chunk.document, "")
        if _THIRD_PARTY_TOPIC.search(f"{chunk.heading}\n{title}"):
            return True
        read = _ASSURANCE_BY_OTHERS.sub(" ", self._row_read(candidate))
        return THIRD_PARTIES in qualifiers_named(read) or bool(_THEIR_OWN.search(read))

    def _named_of(self, candidates: list[Candidate]) -> list[Candidate]:
        """Of the candidates, those naming the yes/no item's subject (all, when it opens
        with none): a demand of its wording ("... or when significant changes occur") is
        met by a sentence about the thing asked, not by a penetration test's "after
        significant changes"."""
        if not self.ask.subject:
            return candidates
        return [c for c in candidates if self._names(c, predicate=False)]

    def _of_the_plan_asked(self, candidates: list[Candidate]) -> list[Candidate]:
        """For a question about a plan, programme or standard named by what it is for,
        the candidates that name no other one first ("The Incident Response Plan is
        tested at least annually" after "The disaster recovery plan is tested twice a
        year" for the disaster response plan), nor the other bound of a value ("Maximum
        length | ..." for the minimum length); all of them when every one does."""
        if not self.brief.facts:
            return candidates
        fact = self.brief.facts[0]
        own = [
            c
            for c in candidates
            if not names_another_document(fact, c.sentence.text)
            and not names_other_bound(fact.text, c.sentence.text)
        ]  # (nor the maximum length's row for the minimum length)
        return own or candidates

    def _subject_named(self, candidates: list[Candidate]) -> list[Candidate]:
        """For a yes/no item opening with its subject, the sentences within the margin
        of the best that name it (in their words or their heading's), best first; none
        when none does. "Is the remediation of vulnerabilities automated?" is not
        answered by "Whether the vulnerability comes from bug bounty hunters or
        automated tooling, our Security team assesses its impact": it says nothing of
        remediation; "Is the separation of duties principle employed?" is led by "Our
        Cloud IAM enforces least privilege and segregation of duties", not by the
        better-scored "Access should be restricted to what job duties need"."""
        if not (self.ask.subject or self.ask.predicate) or not candidates:
            return candidates
        floor = candidates[0].score - self.engine.scorer.support_margin
        return [c for c in candidates if c.score >= floor and self._names(c)]

    def _names(self, candidate: Candidate, predicate: bool = True) -> bool:
        """Whether the sentence (or its heading) names the item's subject and (with
        ``predicate``) states what the item says is done to it (each when the item has
        one)."""
        chunk = self.engine.index.chunk(candidate.sentence.chunk_id)
        scoring = self.engine.scoring
        present = scoring.sentence_terms(candidate.sentence) | scoring.terms_of(chunk.heading)
        if _OWN_DOCUMENT.search(candidate.sentence.text):  # "This plan is tested ...": the
            # plan its title names ("Information Security Incident Response Plan")
            present |= scoring.terms_of(self.engine.titles.get(chunk.document, ""))
        named = not self.ask.subject or any(
            thesaurus.says(phrase[-1], present)
            or phrase[-1] in thesaurus.phrase_terms_said(phrase, present)
            for phrase in self.ask.subject
        )
        wanted = self.ask.predicate if predicate else ()
        return named and (not wanted or any(thesaurus.says(t, present) for t in wanted))

    def _holds_value(self, fact: Fact, candidate: Candidate) -> bool:
        """Whether the candidate states the value asked about its subject, a table row
        under its column headers ("Service | Recovery time objective (RTO)" holds no
        recovery point objective); a row names its subject in its headers and the headings
        above its table ("... | Quarterly | System owner" under "Access reviews")."""
        text = self.engine.scoring.read(candidate.sentence)
        if not holds_value(fact, text) and not (
            "|" in text and holds_value(fact, self._row_read(candidate))
        ):
            return False
        if not asks_one_recovery_objective(fact):
            return True  # (no table header to read)
        chunk = self.engine.index.chunk(candidate.sentence.chunk_id)
        columns = " ".join(table_header(chunk.text, candidate.sentence.start))
        return not (columns and other_objective_column(fact, columns))

    def _names_enough(self, fact: Fact, candidate: Candidate) -> bool:
        """Whether the candidate (with its heading, table headers and document title)
        names more than one word of a subject written in three or more (``subject_run``:
        "backups containing student data" is of backups; what is done and who does it
        aside, ``_the_thing``): "A tabletop exercise of the business continuity plan
        is held every year" names "exercises" alone of red team exercises; a retention
        table's "Cardholder data | ... after the customer deletes ..." only "customer" of
        customer support tickets; "Internal penetration tests are performed quarterly"
        only "penetration tests" of external network penetration tests."""
        subject = _the_thing(fact)
        if len(subject) < _MANY_TERMS:
            return True
        chunk = self.engine.index.chunk(candidate.sentence.chunk_id)
        title = self.engine.titles.get(chunk.document, "")
        read = f"{self._row_read(candidate)} {chunk.heading} {title}"
        present = self.engine.scoring.terms_of(read)
        return sum(thesaurus.says(term, present) for term in subject) > 1

    def _row_read(self, candidate: Candidate) -> str:
        """A candidate's text, a table row's with its column headers and the headings
        above its table (what its cells are about: "Tier 1 | Sunday 01:00-05:00 | 72
        hours of vendor release" under "Patching windows" states a patch deadline)."""
        chunk = self.engine.index.chunk(candidate.sentence.chunk_id)
        header = table_header(chunk.text, candidate.sentence.start)
        if not header:
            return self._read(candidate)
        return f"{self._read(candidate)} {' '.join(header)} {chunk.heading}"

    def _demand_stated_first(self, candidates: list[Candidate]) -> Candidate | None:
        """For a question whose wording demands how often or how long ("reviewed and
        updated at least annually"), the first sentence within the margin of the best
        that states a value the demand is checked against and names the ask's key
        terms as well as the best: "This Manual must be reviewed at least annually", not
        the better-scored "Information security policies and procedures are documented
        in this Manual"; None when no sentence does."""
        demands = [f for f in self.brief.facts[1:] if f.text in self.brief.demands and f.asks]
        if not demands or not candidates:
            return None
        if not self.ask.subject and _DOCUMENTS_ASKED.match(self.brief.core):
            of_documents = self._first_close(  # "Are all policies ... reviewed at least
                candidates,  # annually?": "All policies ... are reviewed at least
                "key_coverage",  # annually", not a roles table's "Approves policies,
                lambda c: _met_of_documents(demands, self._read(c)),  # reviews ISMS
            )  # performance each quarter"
            if of_documents is not None:
                return of_documents
        return self._first_close(
            candidates,
            "key_coverage",
            lambda c: any(demand_met(d, self._read(c)) is not None for d in demands),
        )

    def _first_close(
        self,
        candidates: list[Candidate],
        naming: str,
        states: Callable[[Candidate], bool],
        margins: float = 1.0,
    ) -> Candidate | None:
        """The first candidate within ``margins`` margins of the best that names the ask
        (the feature ``naming``) as well as the best does and ``states`` what is wanted."""
        best = candidates[0]
        floor = best.score - margins * self.engine.scorer.support_margin
        return next(
            (
                c
                for c in candidates
                if c.score >= floor and c.feature(naming) >= best.feature(naming) and states(c)
            ),
            None,
        )

    def _in_a_document_on_it(self, candidates: list[Candidate]) -> list[Candidate]:
        """For a question whether a document exists for X ("Are data classification
        policies and procedures established ...?"), no table row of a document or
        section whose title, headings and column headers name none of X, unless the row
        itself names most of it (a policy register's "| Data Classification Policy |
        2.1 | CISO | Approved |"): a vendor-tier table's row "Medium | No sensitive data
        ..." in the third-party procedure states no data classification policy (the
        only one was a draft)."""
        if not self.brief.about_document:
            return candidates
        return [
            c
            for c in candidates
            if "|" not in c.sentence.text
            or c.feature("title_coverage") > 0
            or c.feature("heading_coverage") > 0
            or (  # a register's "| Data Classification Policy | 2.1 | CISO | Approved |"
                c.feature("coverage") >= _ROW_NAMING_IT
                and _DOCUMENT_WORD.search(c.sentence.text) is not None
            )
        ]

    def _approval_stated_first(self, candidates: list[Candidate]) -> Candidate | None:
        """For a question whether a document exists that has been approved (SIG's "...
        policy that has been approved by management, communicated to appropriate
        constituents and an owner ..."), the first sentence within the margin of the
        best, of a document whose title names the ask as well as the best's, that states
        the document's approval: "This policy is approved by the Executive Leadership
        Team, communicated to all personnel ... and owned by the Head of Information
        Security", not the better-scored "New starters acknowledge the Information
        Security Policy"; None when no sentence does."""
        if not candidates or not self.brief.about_document:
            return None
        if not _APPROVAL_ASKED.search(self.brief.question):
            return None
        return self._first_close(
            candidates,
            "title_coverage",
            lambda c: _OWN_APPROVAL.search(c.sentence.text) is not None,
        )

    def _purpose_stated_first(self, candidates: list[Candidate]) -> Candidate | None:
        """For a question whether a document exists ("Do you have a formal incident
        response plan?"), the first sentence within two margins of the best, of a
        document whose title names the ask as well as the best's, that states what the
        document is for: "This plan describes how Quorra detects, responds to, and
        recovers from security incidents", not the better-scored "This plan is
        exercised at least annually"; None when no sentence naming the ask does, when
        the best says the organisation keeps such a document ("We maintain a documented
        incident response plan"), or when the question asks the document's approval,
        owner or review (those lines lead) or a value ("If so, how often ...?")."""
        if not candidates or not self.brief.about_document:
            return None
        if _CONTROL_ASKED.search(self.brief.question) or any(f.asks for f in self.brief.facts):
            return None  # its approval, owner or review lines, or the value asked, lead
        if _WHAT_IT_HOLDS_ASKED.search(self.brief.question):
            return None  # "... a plan that includes customer notification?": that line leads
        if _STATES_EXISTENCE.search(candidates[0].sentence.text):
            return None  # "Northfold maintains a documented third-party risk program ..."
        return self._first_close(
            candidates,
            "title_coverage",
            lambda c: _OWN_PURPOSE.match(c.sentence.text) is not None and self._names_ask(c),
            margins=_PURPOSE_MARGINS,
        )

    def _own_review_stated_first(self, candidates: list[Candidate]) -> Candidate | None:
        """For a question whether policies are reviewed ("Is the access control policy
        reviewed at least annually?"), the first sentence within the margin of the
        best, of a document whose title names the ask as well as the best's, that
        states the document's own review: "The policy owner shall review this policy at
        least annually", not the better-scored "Access rights to production systems
        shall be reviewed quarterly"; None when no sentence does."""
        if not candidates or not documents_review_asked(self.brief.question):
            return None
        return self._first_close(
            candidates,
            "title_coverage",
            lambda c: _OWN_REVIEW.search(c.sentence.text) is not None,
        )

    def _qualifier_named(self, close: list[Candidate]) -> list[Candidate]:
        """Of the close sentences, those naming a qualifier the question names, when
        any does: "Critical 9.0-10.0 7 days" (a table row) for critical vulnerabilities'
        deadline, not a higher-scored sentence naming no grade ("Vulnerabilities listed
        in the CISA catalog are patched within 72 hours"). A question naming none is
        asked the general rule: "NetID passwords must be at least 12 characters long",
        not "Passwords for privileged accounts must be at least 16 characters long",
        when both are close (``_NARROWER``)."""
        asked = self.ask.qualifiers - {USER_ACCOUNTS}  # a general rule is every user's
        if asked >= _EVERY_ENVIRONMENT:  # "all systems": no one environment's rule first
            asked -= _EVERY_ENVIRONMENT
        if not asked:  # the general rule, not a narrower group's
            general = [c for c in close if not _narrow_only(qualifiers_named(c.sentence.text))]
            return general or close
        naming = [c for c in close if qualifiers_named(c.sentence.text) & asked]
        return naming or close

    def _top_grade_first(self, close: list[Candidate]) -> list[Candidate]:
        """For a question asking the top grade ("the most severe vulnerabilities":
        critical, or high where a scheme has none), the close sentences naming critical
        when any does: "Critical ... within 7 days" before "High ... within 30 days"."""
        if not {"critical", "high"} <= self.ask.qualifiers:
            return close
        critical = [c for c in close if "critical" in qualifiers_named(c.sentence.text)]
        return critical or close

    def _supports(
        self, ranking: _Ranking, lead: Candidate
    ) -> tuple[list[tuple[int, Candidate]], list[MissingFact]]:
        """The lead, a sentence for each further part, then one more that adds a
        passage (from a document not quoted yet, if one is close enough); each
        within the margin of the lead. Preferring another document: labelled
        answers often span two (a policy and its procedure); leave-one-corpus-out
        it raised policies-d held out from recall 0.302 to 0.326 (precision 0.448
        to 0.483) and left policies-a held out as it was (scripts/fit_scorer.py)."""
        floor = lead.score - self.engine.scorer.support_margin
        close = [c for c in ranking.candidates if c.score >= floor and c is not lead]
        close = [c for c in close if c in self._of_the_plan_asked([lead, *close])]
        chosen: list[tuple[int, Candidate]] = [(0, lead)]
        missing: list[MissingFact] = []
        lead_quote = self._quote(lead.sentence, True, self._close(ranking, lead))
        for index, fact in enumerate(self.brief.facts[1:], start=1):
            demand = fact.text in self.brief.demands  # "at least annually": to check, not to read
            asked_of = subject_part(fact, self.brief.facts)
            if not demand and lead_answers_part(fact, asked_of, self._read(lead)):
                continue  # the lead sentence answers this part too
            if not demand and value_quoted_with(fact, asked_of, lead.sentence.text, lead_quote):
                continue  # so does a sentence quoted with it
            if not demand and names_what_part_asks(fact, lead_quote):
                continue  # "..., and which algorithm?": the lead's quote names it
            if demand and any(demand_checked(fact, self._read(c)) for _, c in chosen):
                continue  # a quoted value meets the demand or falls short (composing says so)
            if demand and _change_event_stated(
                fact, [lead_quote, *(self._read(c) for _, c in chosen)]
            ):
                continue  # "... and whenever a substantial change occurs in the organization"
            own = self._named_of(close) if demand else self._part_candidates(fact, floor)
            before = self.brief.facts[index - 1]
            reading = self._row_read if fact.asks is not None else self._read  # a row's columns
            answering = (
                (c, read)
                for c, read in ((c, reading(c)) for c in own)
                if _answers_part(fact, asked_of, c, chosen, read, self.brief.demands)
                and names_antecedent(fact, before, read)
            )
            found = (
                _most_of_subject(list(answering), asked_of)
                if fact.asks is not None and fact is not asked_of
                else next((c for c, _ in answering), None)
            )
            if found is None:
                missing.append(_missing_part(fact))
            elif len(chosen) < self.settings.max_quotes:
                chosen.append((index, found))
        quoted = {c.sentence.document for _, c in chosen}
        other_documents_first = sorted(close, key=lambda c: c.sentence.document in quoted)
        extra = next((c for c in other_documents_first if self._adds(c, chosen)), None)
        if extra is not None and len(chosen) < self.settings.max_quotes:
            chosen.append((0, extra))
        return self._within_length(chosen), missing

    def _part_candidates(self, fact: Fact, floor: float) -> list[Candidate]:
        """The candidates ranked against one further part of the question on its own
        ("... and how often do you test your incident response plan?"), those within
        the lead's margin. A part that asks for a value takes any that states such a
        value about the part's subject (``holds_value``, as a value question's lead
        does): its few words ("... and how long are they kept?") score the sentence
        that states the period far below the lead, whose margin is of another ask's
        scores, and the part was reported not covered beside the sentence that covers
        it. Both public sets gave the same answers with and without the margin here."""
        index = self.engine.index
        core = _part_core(fact)
        terms = fact.terms
        if names_no_subject(fact):  # "..., and within what time?": of the part before's subject
            core = _part_query(fact, self.brief)
            terms = with_asked_subject(fact, self.brief.facts).terms
        ask = Ask(
            terms=terms,
            key=self.engine.scoring.stats.rarest(terms),
            kind=fact.asks,
            about_document=False,
            core=index.embed_query(thesaurus.spelled_out(core)),
            question=index.embed_query(thesaurus.spelled_out(fact.text)),
            qualifiers=qualifiers_asked(fact.text) or self.ask.qualifiers,
        )
        ranked = self.engine.scoring.rank(ask, self.passages())
        return ranked if fact.asks is not None else [c for c in ranked if c.score >= floor]

    def _adds(self, candidate: Candidate, chosen: list[tuple[int, Candidate]]) -> bool:
        """Whether a sentence is a further passage's evidence: one from a passage not
        quoted yet, that names a key term of the ask as the lead must (a sentence
        that names none is about something else that scores well: quoting it
        discloses what was not asked), and, when the question asks for a value, that
        states such a value about its subject too. Its score is within the lead's
        margin. Leave-one-corpus-out, the key-term rule left policies-a as it was and
        moved one answer on policies-d each way (one more right held out, one fewer
        fitted on both); asking instead that it state as much of the ask as the lead
        cost recall on both sets (scripts/fit_scorer.py). Of a value asked, it names
        the whole subject ("Laptops lock after 10 minutes" is no further evidence of how
        soon mobile devices lock). A line that only names a topic (``_topic_only``) is
        no evidence."""
        if _already_quoted(candidate, chosen) or _topic_only(candidate.sentence.text):
            return False
        if not self._names_ask(candidate):
            return False
        fact = self.brief.facts[0] if self.brief.facts else None
        if fact is None or fact.asks is None:  # of a yes/no item, naming what it asks of
            return bool(self._named_of([candidate]))
        return self._holds_value(fact, candidate) and names_whole_subject(
            fact, self._row_read(candidate)
        )

    def _within_length(self, chosen: list[tuple[int, Candidate]]) -> list[tuple[int, Candidate]]:
        kept: list[tuple[int, Candidate]] = []
        used = 0
        for fact, candidate in chosen:
            if kept and used >= self.settings.max_answer_chars:
                break
            kept.append((fact, candidate))
            used += len(candidate.sentence.text)
        return kept

    def _settled(
        self, chosen: list[tuple[int, Candidate]], missing: list[MissingFact], ranking: _Ranking
    ) -> Evidence:
        """Front-matter settles sentences that state different values; close
        passages from superseded documents are disclosed when their value differs."""
        fact = self.brief.facts[0] if self.brief.facts else None
        outcome = self._outcome(fact, chosen)
        if outcome.disclosures or outcome.conflicts:
            self.steps.append(
                ConflictStep(fact=0, disclosures=outcome.disclosures, unsettled=outcome.conflicts)
            )
        kept = [(f, c) for f, c in chosen if c.sentence.chunk_id in outcome.keep]
        return self._evidence(kept, missing, ranking, outcome)

    def _outcome(self, fact: Fact | None, chosen: list[tuple[int, Candidate]]) -> Outcome:
        ids = list(dict.fromkeys(c.sentence.chunk_id for _, c in chosen))
        terms = fact.terms if fact is not None else self.ask.terms
        asks = fact.asks if fact is not None else None
        return settle(
            ids,
            self.passages(current=False)[:10],
            self.engine.index.chunk,
            self.engine.authority,
            terms,
            ASKS_PATTERN.get(asks or ""),
            compare_current=asks is not None,
        )

    # -- results --------------------------------------------------------------------

    def _evidence(
        self,
        chosen: list[tuple[int, Candidate]],
        missing: list[MissingFact],
        ranking: _Ranking | None = None,
        outcome: Outcome | None = None,
    ) -> Evidence:
        close = self._close(ranking, chosen[0][1]) if chosen else set()
        selections = tuple(
            Selection(
                c.sentence.chunk_id,
                (self._quote(c.sentence, number == 0, close),),
                fact,
                c.score,
                focus=c.sentence.text,
            )
            for number, (fact, c) in enumerate(chosen)
        )
        for selection in selections:
            self.steps.append(
                SelectStep(
                    fact=selection.fact, chunk_id=selection.chunk_id, quotes=selection.quotes
                )
            )
        return Evidence(
            self.brief,
            tuple(self.guarded.searches),
            selections,
            tuple(self._outranking_stale(ranking)),
            tuple(missing),
            tuple(self.steps),
            outcome.disclosures if outcome else (),
            outcome.conflicts if outcome else (),
            related=self._related(ranking, {s.chunk_id for s in selections}),
        )

    def _quote(self, sentence: Sentence, lead: bool, close: set[tuple[str, int]]) -> str:
        return self.engine.quote_of(sentence, lead, close, self._item_alone(sentence))

    def _item_alone(self, sentence: Sentence) -> bool:
        """Whether a list item is quoted without the items after it (the next bullets
        are other rules: "3. For involuntary terminations, ..."): for a yes/no question,
        and for one whose yes/no ask is followed by parts asking values the item
        states ("..., and within what time?"). A value question's item is read with
        the items after it: a schedule's lines are told apart there."""
        if not self.brief.facts:
            return True
        facts = self.brief.facts
        if facts[0].asks is not None:
            return False
        asked = [fact for fact in facts[1:] if fact.asks is not None]
        text = sentence.text
        return all(states_part_value(f, subject_part(f, facts), text) for f in asked)

    def _close(self, ranking: _Ranking | None, lead: Candidate) -> set[tuple[str, int]]:
        """The sentences (passage, start) scoring within the margin of the lead."""
        if ranking is None:
            return set()
        floor = lead.score - self.engine.scorer.support_margin
        return {
            (c.sentence.chunk_id, c.sentence.start) for c in ranking.candidates if c.score >= floor
        }

    def _related(self, ranking: _Ranking | None, quoted: set[str]) -> tuple[RelatedPassage, ...]:
        """The close passages not quoted, each with its best sentence and its score."""
        if ranking is None:
            return ()
        best: dict[str, Candidate] = {}
        for candidate in ranking.candidates:
            best.setdefault(candidate.sentence.chunk_id, candidate)
        related = [
            RelatedPassage(chunk_id, c.sentence.document, c.score, fold_whitespace(c.sentence.text))
            for chunk_id, c in best.items()
            if chunk_id not in quoted
        ]
        return tuple(related[: self.settings.related_passages])

    def _outranking_stale(self, ranking: _Ranking | None) -> list[DiscardedQuote]:
        """Passages from superseded, archived or draft documents that the searches
        ranked above the quoted ones are shown as discarded, with the reason."""
        authority, index = self.engine.authority, self.engine.index
        current = self.passages()
        first = current[0] if current else None
        out = []
        for chunk_id in self.passages(current=False)[:2]:
            if first is not None and self.guarded.pool[chunk_id] > self.guarded.pool[first]:
                continue
            chunk = index.chunk(chunk_id)
            reason = f"not current practice: {authority.passage_reason(chunk)}"
            out.append(DiscardedQuote(chunk.text, chunk.document, chunk.chunk_id, reason))
        return out if ranking is not None and ranking.lead is not None else []

    def _missing(self, ranking: _Ranking, answers: bool) -> MissingFact:
        return MissingFact(self._missing_text(ranking, answers))

    def _missing_text(self, ranking: _Ranking, answers: bool) -> str:
        fact = self.brief.facts[0] if self.brief.facts else None
        subject = (self.brief.core or self.brief.query).rstrip("?. ")
        set_aside = self._set_aside(ranking)
        if answers and fact is not None and fact.asks:
            return f"The documents do not state {ASKS_WORDS[fact.asks]} for: {subject}{set_aside}"
        if answers:  # the closest sentences are about something else
            unnamed = self._unnamed(ranking, "passage")
            return f"The documents do not establish: {subject}; {unnamed}{set_aside}"
        if ranking.lead is None:
            return f"No passage addresses: {subject}{set_aside}"
        chunk = self.engine.index.chunk(ranking.lead.sentence.chunk_id)
        title = self.engine.titles.get(chunk.document, chunk.document)
        present = self.engine.scoring.terms_of(f"{title} {chunk.heading} {chunk.text}")
        spelled = spelling(self.brief.query)
        absent = [spelled.get(t, t) for t in self.ask.terms if not thesaurus.says(t, present)]
        detail = f"; the closest passage ({title}) lacks: {', '.join(absent)}" if absent else ""
        return f"The documents do not establish: {subject}{detail}{set_aside}{self._budget_note()}"

    def _set_aside(self, ranking: _Ranking) -> str:
        """The clause naming the documents not in force whose passages ranked above
        every current one (or, with no current passage at all, the best of them), so a
        reader knows "not covered" means not by a document in force (a draft, or one
        whose status reads as one, may say it: a person decides); "" when none did."""
        if ranking.lead is None:  # no passage of a document in force at all
            stale = self.passages(current=False)[:2]
            shown = ""
        else:
            stale = [d.chunk_id for d in self._outranking_stale(ranking)]
            shown = " (see the discarded quotes)"
        named = ", ".join(dict.fromkeys(self._set_aside_named(c) for c in stale))
        if not named:
            return ""
        return (
            f"; passages of documents not in force ({named}) ranked first and were set aside{shown}"
        )

    def _set_aside_named(self, chunk_id: str) -> str:
        """A passage not in force by its document (``_not_in_force_named``) or, in a
        document in force, by its section: "FAQ (section “Archived answers (do not
        use)”)"."""
        chunk = self.engine.index.chunk(chunk_id)
        heading = set_aside_heading(chunk.heading)
        if not heading or not self.engine.authority.is_current(chunk.document):
            return self._not_in_force_named(chunk.document)
        return f"{self.engine.titles.get(chunk.document, chunk.document)} (section “{heading}”)"

    def _not_in_force_named(self, path: str) -> str:
        """A document not in force by its title and why: "Backup Standard (draft)" (a
        draft often shares its title with the document in force)."""
        why = self.engine.authority.reasons.get(path)
        state = ""
        if why is not None:
            state = why.status or ("superseded" if why.superseded else why.cause)
        title = self.engine.titles.get(path, path)
        return f"{title} ({state})" if state else title

    def _unnamed(self, ranking: _Ranking | None, noun: str) -> str:
        """What no close sentence (or passage) says: 'no close sentence names
        “remediation”', or, when one names the subject (or none is asked) and none
        states what is done to it, 'no close sentence naming “remediation” states
        “automated”'."""
        spelled = spelling(self.brief.query)
        named = " or ".join(f"“{spelled.get(p[-1], p[-1])}”" for p in self.ask.subject)
        said = " or ".join(f"“{spelled.get(t, t)}”" for t in self.ask.predicate)
        if not said or (named and not self._subject_named_close(ranking)):
            return f"no close {noun} names {named}"
        naming = f" naming {named}" if named else ""
        return f"no close {noun}{naming} states {said}"

    def _subject_named_close(self, ranking: _Ranking | None) -> bool:
        """Whether a sentence within the margin of the best names the subject."""
        if ranking is None or not ranking.candidates:
            return False
        floor = ranking.candidates[0].score - self.engine.scorer.support_margin
        return any(c.score >= floor and self._names(c, predicate=False) for c in ranking.candidates)

    def _budget_note(self) -> str:
        """Said when a query went unsearched because the budget was spent."""
        refused = any(isinstance(s, GuardStep) and s.reason == BUDGET_SPENT for s in self.steps)
        spent = f" (the search budget of {self.settings.max_searches} ran out)"
        return spent if refused else ""


# A question asking whether a document is approved, and a sentence stating a document's
# own approval ("This policy is approved by the Executive Leadership Team, ...").
_APPROVAL_ASKED = re.compile(r"\b(?:approved|approval|endorsed|ratified)\b", re.I)
# A question asking a document's approval, owner, version or review: its control table
# answers ("Is the policy approved by management and reviewed annually?").
_CONTROL_ASKED = re.compile(
    r"\b(?:approv\w*|endorse\w*|ratif\w*|owner\w*|owned|versions?|review\w*|revis\w*|updated"
    r"|sign(?:ed)?\s+off)\b",
    re.I,
)
# What a document calls itself: "this policy", "the standard".
_DOCUMENT_NOUN = r"(?:policy|standard|procedure|plan|programme|program|document|manual)"
# Its subject the document, its approval done: not "Exceptions to this policy must be
# approved by the CISO", nor "This policy will be approved by the Board at its next meeting".
_OWN_APPROVAL = re.compile(
    rf"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:this|the)\s+{_DOCUMENT_NOUN}"
    r"(?:\s+and\s+(?:all\s+)?(?:its|the|subordinate)\s+[\w-]+(?:\s+[\w-]+)?|\s*\([^()]*\))?,?\s+(?:is|was|has\s+been|are|were|have\s+been)"
    # "is owned by the CISO, approved by the Managing Director and communicated ...", "has
    # been reviewed by the Technology Risk Committee and approved by the Board"
    r"\s+(?:owned\s+by\s+[^,;.]{1,80},\s+(?:and\s+)?|reviewed\s+by\s+[^,;.]{1,80}?\s+and\s+)?"
    r"(?:formally\s+|reviewed\s+and\s+)?(?:approved|endorsed|ratified|signed\s+off)\b"
    # who approves it, first: "3.1.1 The Management Board shall approve this policy"
    # (a rule, "shall": not "The Board will approve this policy at its next meeting")
    rf"|^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:the\s+)?(?:[\w-]+\s+){{1,6}}?shall\s+"
    rf"(?:formally\s+)?approve\s+(?:this|the)\s+{_DOCUMENT_NOUN}"
    r"(?=\s*[.,;:]|\s+(?:and|annually)\b|\s*$)",
    re.I,
)
# A document stating what it is for: "This plan describes how ...", "1.1 This Incident
# Response Plan (IRP) defines how ...", "The purpose of this policy is to ...".
_SAYS_WHAT_FOR = r"describes|defines|establishes|sets\s+out|outlines|documents|specifies|governs"
_OWN_PURPOSE = re.compile(
    rf"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:(?:this|the)\s+(?:[\w-]+\s+){{0,4}}?{_DOCUMENT_NOUN}"
    rf"(?:\s*\([^()]*\))?\s+(?:{_SAYS_WHAT_FOR})\b"
    rf"|the\s+purpose\s+of\s+this\s+{_DOCUMENT_NOUN}\s+is\b)",
    re.I,
)
_PURPOSE_MARGINS = 2.0  # how far below the best a document's statement of purpose leads
# A question asking what the document holds, beside whether it exists: "Do you have an
# incident response plan that includes customer notification?"
_WHAT_IT_HOLDS_ASKED = re.compile(
    r"\b(?:that|which)\s+(?:includes?|covers?|address(?:es)?|requires?|defines?|describes?"
    r"|specif(?:y|ies)|contains?)\b|\b(?:including|covering)\b",
    re.I,
)
# The organisation saying it keeps a document or programme: "Northfold maintains a
# documented third-party risk management program", "We have a formal incident response plan".
_STATES_EXISTENCE = re.compile(
    r"\b(?:maintains?|has|have|operates?|has\s+established|have\s+established)\s+(?:a|an)\s+"
    rf"(?:[\w-]+[\s,]+){{0,6}}?(?:{_DOCUMENT_NOUN}|process)\b",
    re.I,
)
# A document's own review: "The policy owner shall review this policy at least annually",
# "This standard is reviewed and updated every year".
_THIS_DOCUMENT = rf"(?:this|the)\s+(?:[\w-]+\s+){{0,4}}?{_DOCUMENT_NOUN}"
# A sentence naming its own document by its kind alone: "This plan is tested annually".
_OWN_DOCUMENT = re.compile(rf"\bthis\s+{_DOCUMENT_NOUN}\b", re.I)
_OWN_REVIEW = re.compile(
    rf"(?<!under\s)(?<!per\s)(?<!with\s)(?<!in\s)(?<!by\s)(?<!of\s)(?<!to\s)(?<!from\s)"
    rf"\b{_THIS_DOCUMENT}\b"
    # (with the documents under it: "This policy and the subordinate policies and standards
    # listed in Section 5 are reviewed at least annually")
    r"(?:\s+and\s+(?:the|its|all)\s+(?:[\w-]+\s+){0,8}?(?:policies|standards|procedures"
    r"|documents)(?:\s+[\w-]+){0,4}?(?=,?\s+are\b))?"
    r"(?:\s+(?:and\s+)?[\w-]+){0,4}?,?\s+(?:is|are|shall\s+be|must\s+be"
    r"|will\s+be|is\s+to\s+be)\s+(?:formally\s+)?(?:reviewed|updated|revised)\b"
    rf"|\b(?:review|reviews|update|updates|revise|revises)\s+{_THIS_DOCUMENT}\b",
    re.I,
)
# How many margins below the best a value-stating sentence may lead (a table row under
# the sentence naming its table scores about two margins below it).
_FAR = 3
_MANY_TERMS = 3  # a subject this long is not named by one of its words
_ROW_NAMING_IT = 0.5  # a row naming this share of an ask (IDF-weighted) is about it
_DOCUMENT_WORD = re.compile(r"\b(?:polic(?:y|ies)|standards?|procedures?|plans?)\b", re.I)
_PARTICIPLE = re.compile(r"^[a-z]{3,}(?<!e)ed$", re.I)  # "removed", not "red" or "feed"
# Who does it, and the word after it what they do: "do employees receive ... training".
_ACTOR_WORDS = frozenset(
    stem(w) for w in "employees staff personnel workforce users members you we they".split()
)
# Words of a subject that are never the thing a value is asked of: grades and the broadest
# word, which other checks read ("critical security patches" are patches); who does it
# and who answers ("Firm personnel required to complete ..."); how a questionnaire refers
# to its own items ("for the scope you described", "on average").
_NEVER_THE_THING = _ACTOR_WORDS | frozenset(
    stem(w)
    for w in """critical high medium low severe security firm company organisation
    organization practice vendor supplier worker workers required require average scope
    described above mentioned previous listed stated""".split()
)


@cache
def _the_thing(fact: Fact) -> tuple[str, ...]:
    """The stems naming the thing a value question asks of (``subject_run``, a phrase
    of a thesaurus group as one word), less the words that are never it and those that
    say what is done to it (``_doing_words``)."""
    doing = _doing_words(fact)
    return tuple(
        t
        for t in thesaurus.in_one_word(subject_run(fact))
        if t not in NOT_KEY and t not in _NEVER_THE_THING and t not in doing
    )


def _doing_words(fact: Fact) -> set[str]:
    """The stems of a value question's words that say what is done, not what it is
    done to: a participle ("removed"), a word before an article ("attempts trigger an
    account lockout"), a word after who does it ("do employees receive ... training"),
    and what parentheses add ("standard (non-privileged) user access")."""
    said = words(_IN_PARENTHESES.sub(" ", fact.text))
    done = {
        stem(w)
        for before, w, after in zip(["", *said], said, [*said[1:], ""], strict=False)
        if _PARTICIPLE.match(w)
        or after.lower() in ("a", "an", "the")
        or stem(before.lower()) in _ACTOR_WORDS
    }
    added = {stem(w) for m in _IN_PARENTHESES.finditer(fact.text) for w in words(m.group(0))}
    return done | (added - {stem(w) for w in said})


_IN_PARENTHESES = re.compile(r"\([^()]*\)")


def value_first(fact: Fact | None, candidates: list[Candidate], margin: float) -> list[Candidate]:
    """For a question asking a value, the candidates with the best that states such a
    value about its subject first, when one is within ``margin`` of the best: the
    answer is judged on what would lead it ("High | 7.0-8.9 | 30 days"), not on a
    sentence that states none ("Vulnerabilities are remediated according to the
    following service levels:"). The fitting script judges its answers the same way."""
    if fact is None or not candidates:
        return candidates
    candidates = _first_within(
        candidates, margin, lambda text: not names_other_bound(fact.text, text)
    )  # "Minimum length | 12 characters", not the maximum's row, for the minimum length
    if fact.asks is None:
        return candidates
    return _first_within(candidates, margin, lambda text: holds_value(fact, text))


def _first_within(
    candidates: list[Candidate], margin: float, fits: Callable[[str], bool]
) -> list[Candidate]:
    """The candidates with the best whose sentence ``fits`` first, when the best does
    not and one within ``margin`` of it does."""
    if fits(candidates[0].sentence.text):
        return candidates
    floor = candidates[0].score - margin
    holding = next((c for c in candidates if c.score >= floor and fits(c.sentence.text)), None)
    if holding is None:
        return candidates
    return [holding, *(c for c in candidates if c is not holding)]


# A line that is only a heading: its number and a few words in capitals or title case, no
# full stop ("1. PURPOSE", "2.3 Access Reviews"), or a few words in capitals ("ROLES").
_HEADING_LINE = re.compile(
    r"^\s*(?:\d+(?:\.\d+)*\.?\s+[A-Z][\w&/-]*(?:\s+[A-Z][\w&/-]*){0,5}"
    r"|[A-Z][A-Z&/-]+(?:\s+[A-Z][A-Z&/-]+){0,5})\s*$"
)


def heading_line(text: str) -> bool:
    """Whether the passage is one line that only names a section (``_HEADING_LINE``)."""
    return "\n" not in text.strip() and _HEADING_LINE.match(text.strip()) is not None


# What "all systems" names: every environment, none of which is asked before another.
_EVERY_ENVIRONMENT = frozenset((PRODUCTION, NON_PRODUCTION))
# An identifier that is a name and a number, no control's: "fido2", "soc2", "p1".
_NAME_AND_NUMBER = re.compile(r"^[a-z]+\d+$")
# Groups narrower than everyone a general rule applies to.
_NARROWER = frozenset((PRIVILEGED_ACCOUNTS, CONTRACTORS, THIRD_PARTIES, CUSTOMER_USERS))

KEY_LEAD_MARGIN = 0.5  # a sentence this close to the best leads when it names more key terms


# A line that names a topic and states nothing of it: a clause opening with "where",
# "how", "what" ..., with one finite verb, and nothing after it but another such
# clause ("Where backup media is to be stored, as well as how access is maintained.",
# a plan's list of what it must say). Not "Where possible, backups are encrypted" (a
# hedge opens it) nor "Who has access is reviewed quarterly" (a main clause follows).
# A line's own number or letter before its text: "4.2 ", "(b) ".
_LINE_NUMBER = r"^\W*(?:[A-Z]?\d+(?:\.\d+)*\.?\s+|\(?[a-z]\)\s+)?"
_TOPIC_ONLY = re.compile(
    _LINE_NUMBER + r"(?!(?:where|when|if)\s+(?:\w+ly\s+)?(?:possible|feasible|applicable|practical"
    r"|practicable|appropriate|necessary|required|needed|supported|available|relevant"
    r"|permitted|reasonable)\b)"
    r"(?:where|how|what|which|who|whether)\b[^,?:]*"
    r"(?:,\s*(?:and|or|as\s+well\s+as|including)\b[^,?:]*)*[.;]?\s*$",
    re.I,
)
# A topic's clause: "is/are" (perhaps "to be") and a participle, or a modal and a verb,
# ending it ("Where backup media is to be stored and secured", "how access is
# maintained", "Who may remove backup media").
_TOPIC_CLAUSE = re.compile(
    _LINE_NUMBER + r"(?:(?:and|or|as\s+well\s+as|including)\s+)?"
    r"(?:where|how|what|which|who|whether)\s+(?:[\w-]+\s+){0,4}?"
    r"(?:(?:is|are)\s+(?:to\s+be\s+)?[\w-]+ed|(?:may|can|must|should|will)\s+[\w-]+)\b"
    r"(?:\s+(?:and|or)\s+[\w-]+ed\b)?(?:\s+(?:[\w-]+\s+){0,6}?[\w-]+)?\W*$",
    re.I,
)
_FINITE = re.compile(
    r"\b(?:is|are|was|were|must|shall|will|should|can|cannot|could|may|might|has|have|had"
    r"|does|do|did)\b",
    re.I,
)


def _topic_only(text: str) -> bool:
    """Whether the line only names a topic (``_TOPIC_ONLY``): each of its clauses is a
    wh-word, a few words and its one finite verb, "is/are (to be) ...ed" or a modal's
    ("Where a vendor processes personal data a DPA is signed" and "Who has access is
    reviewed quarterly" are rules)."""
    if not _TOPIC_ONLY.match(text):
        return False
    return all(
        _TOPIC_CLAUSE.match(part) and len(_FINITE.findall(part)) <= 1 for part in text.split(",")
    )


def _statements_first(
    candidates: list[Candidate], margin: float, values_asked: bool = False
) -> list[Candidate]:
    """The candidates without the lines that only name a topic, when a sentence scoring
    within ``margin`` of the best states something (as a further quote would): a
    reviewer reads the statement first ("Backups are stored off-site with
    multiple points of redundancy" for off-site backups, not "Where backup media is to
    be stored and secured"), nor those a template left unfilled ("Access must be
    revoked within [X] hours ...": the completed checklist's "within 4 hours" leads).
    When a further part asks a value (``values_asked``: "If yes, what is the retention
    period?"), nor those leaving it to another document ("Logs are retained in
    accordance with the Records Retention Schedule")."""
    if not candidates:
        return candidates
    floor = candidates[0].score - margin
    stating = [
        c
        for c in candidates
        if not _topic_only(c.sentence.text)
        and not CONTENT_PLACEHOLDER.search(c.sentence.text)
        and not points_to_another_place(c.sentence.text)
        and not (values_asked and defers_to_document(c.sentence.text))
    ]
    return stating if stating and stating[0].score >= floor else candidates


def defers_to_document(text: str) -> bool:
    """Whether the sentence leaves its values to a document it names, stating none
    itself: "Logs are retained in accordance with the Records Retention Schedule
    (RRS-001)." (not "Logs are retained for 13 months in accordance with ...")."""
    folded = fold_whitespace(text)
    found = _IN_ACCORDANCE.search(folded)
    if found is None or _PLACE_NAMED.search(found.group("place")) is None:
        return False
    if _COUNTED_PERIOD.search(folded) or definite_frequencies(folded):
        return False  # "... for one year in accordance with ...", "... Schedule (13 months)"
    return not _VALUE_STATED.search(_LINE_NUMBER_AT.sub("", folded[: found.start()]))


_IN_ACCORDANCE = re.compile(
    r"\b(?:in\s+accordance\s+with|in\s+line\s+with|as\s+(?:set\s+out|defined|specified)\s+in"
    r"|according\s+to|per)\s+(?P<place>[^;]{3,100}?)[.]?$",
    re.I,
)
_LINE_NUMBER_AT = re.compile(_LINE_NUMBER)
# A period stated, its count in figures or words: "13 months", "one year", "thirty days".
_COUNTED_PERIOD = re.compile(
    rf"\b(?:{PERIOD_COUNT})[\s-]*(?:hours?|days?|weeks?|months?|years?)\b", re.I
)


def _met_of_documents(demands: list[Fact], text: str) -> bool:
    """Whether one clause or cell of ``text`` names the documents asked about (policies,
    procedures, plans) and states a value a demand is checked against."""
    return any(
        _DOCUMENT_WORD.search(clause) and demand_met(d, clause) is not None
        for clause in _CLAUSES_AND_CELLS.split(text)
        for d in demands
    )


def _asks_of_third_parties(question: str) -> bool:
    """Whether the question names third parties: vendors or suppliers, "a new vendor",
    "the vendor risk management policy" (not "the vendor" that answers it)."""
    return THIRD_PARTIES in qualifiers_asked(question) or bool(
        _THIRD_PARTIES_ASKED.search(as_the_vendor(question))
    )


# Other parties asked about by name ("a new vendor", "the vendor risk management policy");
# not "as a vendor" or "Does Vendor have ...", the one answering.
_THIRD_PARTIES_ASKED = re.compile(
    r"\b(?:vendor|supplier)\s+(?:risk|management|assessments?|reviews?|onboarding|due\s+diligence"
    r"|registers?|inventory|contracts?|security)\b"
    r"|\b(?:new|each|every|all|any|critical|external)\s+(?:vendor|supplier)s?\b"
    r"|\bthird[\s-]part(?:y|ies)\b|\bsub-?processors?\b",
    re.I,
)


# A heading or title about other parties: "Vendor Risk Management Policy", "Supplier
# security", "Third-Party Assurance".
_THIRD_PARTY_TOPIC = re.compile(
    r"\b(?:vendors?|suppliers?|third[\s-]part(?:y|ies)|sub-?processors?|outsourc\w*)\b", re.I
)
# Assurance others give the organisation: "an independent third-party audit", "an external
# firm's penetration test" are its own.
_ASSURANCE_BY_OTHERS = re.compile(
    r"\bthird[\s-]part(?:y|ies)\s+(?:audit|auditor|assessor|examination|penetration|pen\s+test"
    r"|firm|certification|attestation|tester)s?\b",  # (a "third-party review" may be of them)
    re.I,
)
# A vendor's own thing: "the vendor's SOC 2 report", "each supplier's controls".
_THEIR_OWN = re.compile(r"\b(?:vendor|supplier|sub-?processor)['\u2019]s\b", re.I)
# The organisation's own documents as what the ask is about ("all relevant organizational
# policies and associated procedures reviewed"; not "systems hardened to industry
# standards").
_DOCUMENTS_ASKED = re.compile(
    r"^\W*(?:(?:all|the|any|your|relevant|organi[sz]ational|information|security|associated"
    r"|and|of|its|their)\s+)*(?:polic(?:y|ies)|procedures?|standards?|plans?)\b",
    re.I,
)
_CLAUSES_AND_CELLS = re.compile(r"\s*\|\s*|[;,]\s+")


def points_to_another_place(text: str) -> bool:
    """Whether the sentence only says where the practice is written ("Audit log
    retention is defined in the Logging & Monitoring Standard.", "Recovery objectives
    are defined in business-continuity.md.", "... limits are defined in Table 3.") or
    sends the reader to a table for its values ("Passwords must meet the parameters in
    the table below.", "Keys are rotated according to the cryptoperiods in Table 2."):
    a reviewer reads the statement it points to first, when one is close."""
    folded = fold_whitespace(text)
    pointer = _POINTER.match(folded)
    if pointer is not None and _PLACE_NAMED.search(pointer.group("place")) is not None:
        return True
    table = _TABLE_NAMED.search(folded)  # "... meet the parameters in the table below."
    if table is None or not _DEFERRED_VALUES.search(
        folded[max(0, table.start() - 40) : table.end()]
    ):
        return False
    own = folded[re.match(_LINE_NUMBER, folded).end() : table.start()]  # type: ignore[union-attr]
    return not _VALUE_STATED.search(own)


# A table the sentence sends the reader to: "the table below", "the following schedule",
# "Table 2", "the intervals below".
_TABLE_NAMED = re.compile(
    r"\b(?:in|on|at|per|to|from|by|according\s+to|as\s+(?:set\s+out|shown|listed)\s+in)\s+"
    r"(?:the\s+)?(?:(?:table|schedule|matrix|intervals|timelines?|parameters)\s+(?:below|above)"
    r"|following\s+(?:table|schedule|matrix|intervals|timelines?)|tables?\s+\d+[a-z]?)\b"
    r"[^.;:]{0,60}(?:[.;:]|$)",
    re.I,
)
# What a sentence leaves to its table: the values, the schedule ("meet the parameters in
# the table below", "at the intervals below", "on the following schedule"); not "MFA is
# required for all remote access, as set out in Table 2", which states its rule.
_DEFERRED_VALUES = re.compile(
    r"\b(?:parameters|requirements|intervals|schedule|timelines?|periods|cryptoperiods"
    r"|frequenc(?:y|ies)|values|settings|limits|thresholds|deadlines|levels|criteria|rules"
    r"|timeframes|timescales)\b",
    re.I,
)
# A figure or a schedule stated before the pointer: the sentence then states a value
# itself ("Passwords are at least 12 characters long, as set out in Table 2.").
_VALUE_STATED = re.compile(
    r"\d|\b(?:daily|weekly|monthly|quarterly|annually|yearly|hourly|nightly|every|each\s+year"
    r"|once|twice)\b",
    re.I,
)


_POINTER = re.compile(
    _LINE_NUMBER + r"(?:[ivx]{1,4}\.\s+|[a-z]\.\s+)?[^.;:]{3,120}?\b(?:is|are)\s+(?:\w+ly\s+)?"
    r"(?:defined|described|documented|set\s+out|specified|detailed|covered|listed)\s+in\s+(?P<place>[^;]{3,100}?)[.]?$",
    re.I,
)
_PLACE_NAMED = re.compile(
    r"^(?:the\s+|our\s+|its\s+|a\s+)?(?:[^,]*?\b(?:standard|policy|procedure|plan|runbook"
    r"|handbook|manual|register|table|section|appendix|annex|schedule)s?\b"
    r"(?:\s+[A-Z0-9][\w.-]{0,8}(?:\s+and\s+[A-Z0-9][\w.-]{0,8})?)?|\S+\.(?:md|pdf|docx?|txt))"
    r"(?:\s+\(.*\))?$",
    re.I,
)


def _rules_first(candidates: list[Candidate], brief: Brief) -> list[Candidate]:
    """The candidates without those opening on a case the question does not name, when
    the best does and a sentence without one scores within ``KEY_LEAD_MARGIN`` of it:
    "All accounts of a separating workforce member are disabled within four (4) hours"
    leads, not "For involuntary terminations, ... accounts are disabled immediately"
    (the exception beside the rule)."""
    if not candidates or not brief.facts:
        return candidates
    whole = Fact(brief.question, brief.facts[0].terms, None)
    if not opens_on_another_case(whole, candidates[0].sentence.text):
        return candidates
    floor = candidates[0].score - KEY_LEAD_MARGIN
    rules = [c for c in candidates if not opens_on_another_case(whole, c.sentence.text)]
    return rules if rules and rules[0].score >= floor else candidates


# People a question asks about all of ("a security awareness training program for all
# employees"), and a sentence's subject narrowing them ("2.2 New employees complete ...").
_PEOPLE = r"(?:employees|staff|personnel|workforce(?:\s+members)?|users|workers)"
_ALL_PEOPLE = re.compile(rf"\b(?:all|every)\s+(?:of\s+)?(?:the\s+|our\s+|its\s+)?{_PEOPLE}\b", re.I)
_SOME_PEOPLE = re.compile(
    rf"{_LINE_NUMBER}(?:all\s+)?(?:new(?:ly[\s-]hired)?|remote|temporary|seasonal|part[\s-]time"
    rf"|privileged|senior|technical|engineering|departing|contract)\s+(?:{_PEOPLE}|hires|starters)\b",
    re.I,
)


def _whole_group_first(candidates: list[Candidate], brief: Brief) -> list[Candidate]:
    """The candidates with one stating the practice of all the people asked first, when
    the best states it of some of them and that one scores within ``KEY_LEAD_MARGIN`` of
    it: "2.1 ... maintains a security awareness training program for all employees"
    leads "... a security awareness training program for all employees ...?", not "2.2
    New employees complete security awareness training within 30 days of hire"."""
    if not candidates or not _ALL_PEOPLE.search(brief.query):
        return candidates
    if not _SOME_PEOPLE.match(candidates[0].sentence.text):
        return candidates
    floor = candidates[0].score - KEY_LEAD_MARGIN
    whole = next(
        (
            c
            for c in candidates
            if c.score >= floor
            and _ALL_PEOPLE.search(c.sentence.text)
            and not _SOME_PEOPLE.match(c.sentence.text)
        ),
        None,
    )
    return candidates if whole is None else [whole, *(c for c in candidates if c is not whole)]


# What any page says it is for (``_OWN_PURPOSE``'s line, a runbook's or a guideline's too:
# "This runbook describes how ...").
_ANY_PURPOSE = re.compile(
    rf"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:this|the)\s+(?:[\w-]+\s+){{0,4}}?"
    rf"(?:{_DOCUMENT_NOUN}|runbook|playbook|guideline|guide|page|handbook)"
    rf"(?:\s*\([^()]*\))?\s+(?:{_SAYS_WHAT_FOR}|explains|covers)\b",
    re.I,
)


def _practice_before_purpose(candidates: list[Candidate], brief: Brief) -> list[Candidate]:
    """The candidates with the first stating the practice first, when the best is a
    page's line on what it is for (``_ANY_PURPOSE``), the question asks of a
    practice, not of a document, and that one scores within ``KEY_LEAD_MARGIN`` of it:
    "Master seed and signing keys are generated and stored only within FIPS 140-2 Level 3
    validated hardware security modules" leads whether keys are kept in HSMs, not "This
    runbook describes how ... the hardware security modules (HSMs) ... are operated"."""
    if brief.about_document or not candidates:
        return candidates
    if not _ANY_PURPOSE.search(candidates[0].sentence.text):
        return candidates
    floor = candidates[0].score - KEY_LEAD_MARGIN
    asked = qualifiers_asked(brief.question)  # (not data in transit for data at rest)
    practice = next(
        (
            c
            for c in candidates
            if c.score >= floor
            and not another_qualifier(asked, c.sentence.text)
            and not _ANY_PURPOSE.search(c.sentence.text)
            and not _topic_only(c.sentence.text)
            and not heading_line(c.sentence.text)
        ),
        None,
    )
    return (
        candidates
        if practice is None
        else [practice, *(c for c in candidates if c is not practice)]
    )


def _the_rules(candidates: list[Candidate], brief: Brief) -> list[Candidate]:
    """Of close candidates, those not opening on a case the question does not name,
    when any is left: "Access for terminated workforce members is revoked within four
    (4) hours" answers how soon a terminated employee's access is removed, however
    fully "When a workforce member changes roles, access ... is removed within 5
    business days" names it."""
    if not brief.facts:
        return candidates
    whole = Fact(brief.question, brief.facts[0].terms, None)
    rules = [c for c in candidates if not opens_on_another_case(whole, c.sentence.text)]
    return rules or candidates


def _key_terms_first(candidates: list[Candidate]) -> Candidate | None:
    """The best sentence, or one scoring within ``KEY_LEAD_MARGIN`` of it that names
    more of the ask's key terms, or as many and more of its terms: "Okta disables user
    accounts after 35 days of inactivity" for inactive accounts, over "Disabled accounts
    are deleted after 90 days"; "... is the designated HIPAA Security Officer" for the
    security officer, over "... is the designated HIPAA Privacy Officer"."""
    if not candidates:
        return None
    best = candidates[0]
    close = [c for c in candidates if c.score >= best.score - KEY_LEAD_MARGIN]

    def named(c: Candidate) -> tuple[float, float]:
        return c.feature("key_coverage"), c.feature("coverage")

    naming = max(close, key=named)  # the first of the most
    return naming if named(naming) > named(best) else best


def first_queries(brief: Brief, key: tuple[str, ...]) -> list[str]:
    """A brief's first round of searches: the core ask, its key terms with their
    alternatives (and the identifiers it names), each further part."""
    queries = [_core_query(brief)]
    spelled = spelling(brief.query)
    alternatives = [a for t in key for a in thesaurus.alternative_words(t)[:3]]
    named = [spelled.get(t, t) for t in key]
    keywords = " ".join(dict.fromkeys([*brief.identifiers, *named, *alternatives]))
    if keywords:
        queries.append(keywords)
    return queries + [_part_query(fact, brief) for fact in brief.facts[1:]]


def _core_query(brief: Brief) -> str:
    """The core ask's search; of a question whether a document exists that asks its
    approval, owner or review as well ("Is there an information security policy that has
    been approved by management, ... and an owner to maintain and review the policy?"),
    with those words: the document's approval line is what leads, and the core alone
    ("information security policy") finds every passage of the policy but that one."""
    core = brief.core or brief.query
    if not brief.about_document or not brief.facts or not _DOCUMENT_WORD.search(core):
        return core  # (a programme has no approval line: "physical security program")
    # its own sentence's words (not "Are changes approved ...?" after it), less CAIQ's
    # "established, ... approved, ..."
    own = [brief.facts[0].text, *(f.text for f in brief.facts[1:] if _REFERS_BACK.match(f.text))]
    asked = _PARTICIPLE_LIST.sub(" ", " ".join(own))
    said = {w.lower() for w in words(core)}
    control = dict.fromkeys(m.group(0).lower() for m in _CONTROL_ASKED.finditer(asked))
    return " ".join([core, *(w for w in control if w not in said)])


# A part asking of the document by a pronoun: "If so, is it approved by management?".
_REFERS_BACK = re.compile(
    r"^\W*(?:(?:and|if\s+so|if\s+yes)\W+)?(?:[\w-]+\s+){0,2}?(?:it|they|this|these|its|their)\b",
    re.I,
)
# A list of three or more participles, as CAIQ's wording closes its items ("established,
# documented, approved, communicated, applied, evaluated, and maintained"): its
# "approved" asks no approval line of its own.
_STANDARD_PARTICIPLE = (
    r"(?:established|documented|approved|communicated|applied|evaluated|maintained|implemented"
    r"|enforced|reviewed|updated|defined|published)"
)
_PARTICIPLE_LIST = re.compile(
    rf"\b{_STANDARD_PARTICIPLE}(?:\s*,\s*(?:and\s+)?{_STANDARD_PARTICIPLE}){{1,}}"
    rf",?\s+and\s+{_STANDARD_PARTICIPLE}\b(?!\s+by\b)",  # "... and approved by management"
    re.I,
)


def _part_query(part: Fact, brief: Brief) -> str:
    """A further part's search: its own words, after the core ask's when it names no
    subject of its own ("..., and within what time?" is searched with what it asks of)."""
    if names_no_subject(part):
        asked_of = subject_part(part, brief.facts)
        subject = brief.core if asked_of is brief.facts[0] else asked_of.text
        return f"{subject or asked_of.text} {part.text}"
    return part.text


# Words too general to say what an item is about: "internal reporting capabilities" is
# about reporting, "privileged access rights" about access, "endpoint devices" about
# endpoints (the word before them says it).
_GENERAL_HEADS = frozenset(
    stem(w)
    for w in """plan program programme process procedure measure capability policy mechanism
    control practice system approach framework standard activity requirement right level
    device asset part component period interval frequency timeframe duration""".split()
)


def _subject_heads(brief: Brief) -> tuple[tuple[str, ...], ...]:
    """What a yes/no item opening with its subject asks about: each conjunct's stems
    without the general words; its last one names it ("internal reporting
    capabilities": reporting), or the phrase it ends when the thesaurus knows it
    ("background verification": a background check). None when a conjunct names stuff
    ("customer data") or only general words, and for an item asking a value or a
    document (their own checks name the subject)."""
    if brief.about_document or (brief.facts and brief.facts[0].asks):
        return ()
    heads: list[tuple[str, ...]] = []
    # (a buyer's name for the one answering names nothing: "Is the supplier certified")
    for phrase in subject_phrases(as_the_vendor(brief.query), as_the_vendor(brief.core)):
        terms = thesaurus.abbreviated(content_terms(phrase))
        # (questionnaire wording names nothing: "all relevant interoperable devices")
        naming = tuple(t for t in terms if t not in _GENERAL_HEADS | QUESTIONNAIRE_WORDING)
        if not naming or terms[-1] in STUFF_NOUNS:
            # "customer data": a sentence says "all data in transit", not whose; one way
            # to name it sets no word, and any sentence may answer
            return ()
        heads.append(naming)
        apart = [t for t in naming if t not in BROAD_PLAN_WORDS][:1]
        if terms[-1] in KINDS_OF_DOCUMENT and apart and apart[0] != naming[-1]:
            heads.append(tuple(apart))  # "the disaster response plan": "disaster" names it too
    return tuple(dict.fromkeys(heads))


# Participles saying no more than that a practice is carried out (or governed, or
# allowed: other checks read those): "Are background checks performed ...?" is answered
# by a sentence stating the checks, whatever its verb.
_GENERAL_PREDICATES = frozenset(
    stem(w)
    for w in """performed conducted implemented maintained used utilized employed applied
    enforced established defined documented followed managed handled addressed supported
    provided required enabled included designed configured created based done made kept put
    carried undertaken completed executed deployed adopted developed permitted prohibited
    allowed forbidden certified shared given granted taken held set met practiced practised
    protected secured safeguarded exercised sponsored built stored located hosted placed
    housed governed covered described specified outlined regulated retained archived
    logged recorded captured collected gathered aggregated run sent shown known found seen
    drawn chosen hidden stolen withdrawn overridden broken shut written associated related
    linked aligned concerned obtained received acquired procured adhered complied observed
    honoured honored respected assigned appointed designated nominated undergone underwent
    undergoes""".split()
)


def _predicate(brief: Brief) -> tuple[str, ...]:
    """The stems of what a yes/no item opening with its subject says is done to it
    that say more than that it is carried out (``_GENERAL_PREDICATES``): a sentence
    must state one of those ("Security fixes are included in our scheduled
    releases" does not say remediation is automated)."""
    if brief.facts and brief.facts[0].asks:
        return ()
    said = (stem(w) for w in predicate_words(brief.query, brief.core))
    return tuple(s for s in said if s not in _GENERAL_PREDICATES)


def _part_core(fact: Fact) -> str:
    """What a further part of a question asks, its standard wording removed."""
    return core_ask(fact.text).core or fact.text


# A question asking where something is published: a link answers it.
_LINK_ASKED = re.compile(r"\b(?:url|urls|link|links|web\s*address|web\s*page|website)\b", re.I)


def _terms_of(brief: Brief) -> tuple[str, ...]:
    """The ask's terms, an acronym spelled out as the acronym ("multi-factor
    authentication" is one term, MFA, however a sentence writes it)."""
    return thesaurus.abbreviated(brief.terms or question_terms(brief.query))


# A demand on when, by a change ("upon significant organizational or environmental
# changes", "when a substantial change occurs"), and a sentence stating such a change.
_CHANGE_EVENT = re.compile(
    r"\b(?:significant|substantial|substantive|major|material)\s+(?:[\w-]+\s+){0,3}?changes?\b",
    re.I,
)


def _change_event_stated(demand: Fact, quoted: Sequence[str]) -> bool:
    """Whether a demand on a change event is stated in the quoted text: "reviewed ...
    after any significant change to the organization" for "when a substantial
    organizational change occurs" (no other way of writing it was read, and the answer
    said the documents did not establish what its own quote states)."""
    return bool(_CHANGE_EVENT.search(demand.text)) and any(
        _CHANGE_EVENT.search(text) for text in quoted
    )


def _key_source(brief: Brief) -> tuple[str, ...]:
    """The terms the ask's key terms are chosen from: the first part's when the
    question asks several things ("(a) Are access rights reviewed? (b) How often?
    (c) Who performs the review and how is it evidenced?"): the rarest words of the
    whole are those of the later parts ("evidenced"), which the sentence answering
    the first part, the lead, has no reason to name. Parts of one sentence ("Is X
    documented, and does it classify changes by impact?") are one ask."""
    asking = [f for f in brief.facts if f.text not in brief.demands and f.terms]
    if len(asking) > 1 and asking[0].text.rstrip().endswith(("?", ".")):
        return thesaurus.abbreviated(asking[0].terms)
    return _terms_of(brief)


def _most_of_subject(answering: list[tuple[Candidate, str]], asked_of: Fact) -> Candidate | None:
    """Of the sentences stating a further part's value ("If so, what is the retention
    period?"), each with its text as read (a row's with its columns), the first naming
    the most of what the part is asked of: "Security event logs (SIEM) | 12 months", not
    "Customer portal audit trail | 24 months" (an audit trail is a log too), for "Are
    security event logs retained?"."""
    if not answering:
        return None

    def named(read: str) -> int:
        present = set(content_terms(read))
        return sum(1 for t in asked_of.terms if thesaurus.says(t, present))

    return max(answering, key=lambda pair: named(pair[1]))[0]  # the first of the most


def _answers_part(
    fact: Fact,
    first: Fact,
    candidate: Candidate,
    chosen: list[tuple[int, Candidate]],
    read: str,
    demands: Sequence[str] = (),
) -> bool:
    """Whether a sentence answers one further part of the question: it names one
    of the part's terms, one of those it adds to the part it is asked of when it adds
    any (and states its value about the part's own subject, when the part asks for
    one: "alerts are triaged within 30 minutes" is no deadline for notifying
    customers, whatever "alerts" shares with "notified") and is not already quoted.
    "Is there a formal incident response plan? Is the incident response plan tested at
    least annually?" is not answered twice by the plan's title line: its second part
    asks that the plan is tested."""
    if _already_quoted(candidate, chosen):
        return False
    if fact.asks is not None:
        return states_part_value(fact, first, read)
    present = set(question_terms(read))
    wanted = _added_terms(fact, first, demands) or fact.terms
    return any(thesaurus.says(t, present) for t in wanted)


def _added_terms(fact: Fact, first: Fact, demands: Sequence[str]) -> tuple[str, ...]:
    """The terms a further part adds to the part it is asked of, its wording's demands
    ("at least annually") and words naming nothing (``NOT_KEY``) aside: "test" of "Is
    the incident response plan tested at least annually?" after "Is there a formal
    incident response plan?"; none for the part itself."""
    if fact is first:
        return ()
    known = set(first.terms) | {t for d in demands for t in content_terms(d)}
    return tuple(t for t in fact.terms if t not in NOT_KEY and not thesaurus.says(t, known))


def _states_fully(fact: Fact, text: str) -> tuple[bool, bool, bool, int]:
    """Whether a sentence names the measure the fact asks (a length: "Minimum length |
    14 characters" before "Reuse | last 10 passwords refused" for how long passwords
    must be), the fact's whole subject, and states a definite value; then how many
    words of the thing the value is asked of it names (``subject_run``): "Backups are
    retained for 35 days" for backups containing student data, not "Application debug
    logs are retained for 30 days and must not contain student names"."""
    measure = [t for t in fact.terms if t in MEASURE_NOUNS]
    present = set(content_terms(text))
    names_measure = bool(measure) and all(t in present for t in measure)
    return (
        names_measure,
        names_whole_subject(fact, text),
        states_definite_value(fact, text),
        subject_words_named(fact, text),
    )


def _already_quoted(candidate: Candidate, chosen: list[tuple[int, Candidate]]) -> bool:
    """Its passage is quoted already, or its sentence is, word for word, elsewhere
    (a document that repeats a paragraph): quoting it again adds nothing."""
    text = fold_whitespace(candidate.sentence.text)
    return any(
        c.sentence.chunk_id == candidate.sentence.chunk_id
        or fold_whitespace(c.sentence.text) == text
        for _, c in chosen
    )


def _missing_part(fact: Fact) -> MissingFact:
    subject = fact.text.rstrip("?. ")
    if fact.asks:
        return MissingFact(
            f"The documents do not state {ASKS_WORDS[fact.asks]} for: {subject}", fact.text
        )
    if _ASKED_AS_QUESTION.match(subject):  # "are all employees required to complete it ..."
        asked = subject[0].upper() + subject[1:]
        return MissingFact(f"The documents do not answer this part: “{asked}?”", fact.text)
    return MissingFact(f"The documents do not establish: {subject}", fact.text)


# A part worded as a question of its own: "..., and are all employees required to ...?"
_ASKED_AS_QUESTION = re.compile(
    r"^(?:is|are|was|were|do|does|did|has|have|can|could|will|would|should|shall|must)\s", re.I
)


# A sentence that leans on the one before it: a pronoun or a connective opening it
# ("This is reviewed annually", "They are ...", "Additionally, ...").
_LEANS_BACK = re.compile(
    r"^\W*(?:this|these|those|that|they|it|its|their|such|there|here|additionally|also"
    r"|however|otherwise|in addition|furthermore|moreover|likewise|similarly|then|thereafter"
    r"|beyond that|after that|in this case|in that case|if so|each of these|all of these)\b",
    re.I,
)


# A table row's cells: Markdown pipes or HTML cells. The sentence splitter ends a
# sentence at each row; a quote grown over the next row would give its value too.
_TABLE_CELLS = re.compile(r"\||</?t[dh]\b", re.I)


# What opens a list item's line before its text: "* ", "- ", "3. ", "(b) ".
_LIST_MARKER = re.compile(
    rf"^\s*(?:{BULLET}|\d+[.)]|\(?[a-z]\))\s*"
    r"(?:\\?\[[ xX]?\\?\]\s*)?$"  # a checklist's box after the marker: "- [ ] "
)


def _apart(text: str, siblings: Sequence[Sentence], at: int) -> list[bool]:
    """Which sentences of the passage a quote of sentence ``at`` does not grow over:
    one about a sibling of what it qualifies ("- High: 15 days" after "- Critical: 48
    hours"), another clause or a heading (``_stands_apart``). (The items after a list
    item are read with it: cut at the item, a lead about something beside the ask
    stated one value confidently where the items around it stated several, and a
    person was asked. A quote does grow over who else is notified: "Card brands are
    notified within 24 hours. Affected customers are notified ..." answers both.)"""
    own = frozenset(q for q in qualifiers_named(siblings[at].text) if q not in RECIPIENTS)
    return [
        i != at
        and (
            another_qualifier(own, s.text)
            or _narrower_than(own, s.text)
            or _stands_apart(text, s, siblings, i)
        )
        for i, s in enumerate(siblings)
    ]


def _narrower_than(own: frozenset[str], text: str) -> bool:
    """Whether a sentence sets a rule for a narrower group than the general rule a
    sentence naming none states: "Passwords for privileged or administrator accounts
    must be at least 16 characters long" after "NetID passwords must be at least 12
    characters long"."""
    if _LEANS_BACK.match(text):  # "This applies to API keys ... used by service accounts."
        return False  # the rule's own scope, read with it
    return not _narrow_only(own) and _narrow_only(qualifiers_named(text))


def _narrow_only(named: frozenset[str]) -> bool:
    """Whether qualifiers name a narrower group (``_NARROWER``) and no group covering
    everyone: "All personnel" names employees and contractors alike, "all accounts"
    privileged and user accounts alike."""
    whole = {EMPLOYEES, CONTRACTORS} <= named or {PRIVILEGED_ACCOUNTS, USER_ACCOUNTS} <= named
    return bool(named & _NARROWER) and not whole


def _under_lead_in(text: str, sentence: Sentence, start: int, end: int, limit: int) -> int:
    """Where a list item's quote starts: at the line introducing it ("Access reviews:"
    above "- Production: quarterly"), when that line is no sentence of its own (too
    short to be a candidate) and the quote stays within ``limit``."""
    lead_in = list_lead_in(text, sentence.start)
    opening = text.rfind(lead_in, 0, sentence.start) if lead_in else -1
    return opening if 0 <= opening < start and end - opening <= limit else start


def _opens_item(text: str, sentence: Sentence) -> re.Match[str] | None:
    """The list marker opening the line a sentence starts (a list item's), or None."""
    return _LIST_MARKER.match(text[text.rfind("\n", 0, sentence.start) + 1 : sentence.start])


def _item_holding(text: str, siblings: Sequence[Sentence], at: int) -> int | None:
    """The sentence opening the list item that sentence ``at`` is in (itself, or one
    before it on the item's line or its indented continuation lines), or None when it
    is in no list item."""
    for i in range(at, -1, -1):
        between = text[siblings[i].start : siblings[at].start].split("\n")[1:]
        if any(not line[:1].isspace() or _LIST_MARKER.match(_marker_of(line)) for line in between):
            return None  # a line of its own, or another item, comes between
        if _opens_item(text, siblings[i]) is not None:
            return i
    return None


def _marker_of(line: str) -> str:
    """What may be a line's list marker: its opening up to its first word."""
    match = re.match(r"\s*\S+\s*", line)
    return match.group(0) if match else line


def _items_after(text: str, siblings: Sequence[Sentence], at: int, apart: list[bool]) -> list[bool]:
    """``apart`` with the list items after item ``at`` at its depth or shallower set
    apart (its own nested items stay); none when it introduces a flat list ("Access
    requires:" over "- MFA")."""
    depth = _indent(text, siblings[at])
    later = [i for i in range(at + 1, len(siblings)) if _opens_item(text, siblings[i]) is not None]
    flat = bool(later) and _indent(text, siblings[later[0]]) <= depth
    if flat and siblings[at].text.rstrip().endswith(":"):
        return apart
    cut = {i for i in later if _indent(text, siblings[i]) <= depth}
    return [a or i in cut for i, a in enumerate(apart)]


def _indent(text: str, sentence: Sentence) -> int:
    """How far the line a sentence starts on is indented (a nested item's is deeper)."""
    line = text[text.rfind("\n", 0, sentence.start) + 1 : sentence.start]
    return len(line) - len(line.lstrip(" \t"))


_BARE_NUMBER = re.compile(r"^\d{1,3}(?:\.\d{1,3})*\.?$")


def _stands_apart(text: str, sentence: Sentence, siblings: Sequence[Sentence], at: int) -> bool:
    """Whether a sentence of the passage is another clause or a heading, not read
    with its neighbours: it opens with its own number ("7.1 ...", "5. Compliance"),
    is a number alone or follows one ("7." then "Compliance and Assurance"), or is a
    heading line (a few words on a line of their own, no end punctuation)."""
    if opens_clause(sentence.text) or _BARE_NUMBER.match(sentence.text):
        return True
    if at > 0 and _BARE_NUMBER.match(siblings[at - 1].text):
        return True
    line_start = text.rfind("\n", 0, sentence.start) + 1
    line_end = text.find("\n", sentence.end)
    whole_line = text[line_start : len(text) if line_end < 0 else line_end].strip()
    return (
        whole_line == sentence.text.strip()
        and len(sentence.text.split()) <= 6
        and not sentence.text.rstrip().endswith((".", "!", "?", ":", ";", "|"))
        and not STATUS_ALONE.fullmatch(sentence.text.strip())  # "Status: Planned": no heading
    )


def _with_status_above(siblings: Sequence[Sentence], start: int, end: int, limit: int) -> int:
    """Where a quote starts: at ``start``, or at the control's status line right above
    it ("Status: Partially implemented" over the statement quoted) while it fits."""
    above = [s for s in siblings if s.end <= start]
    if above and STATUS_ALONE.fullmatch(above[-1].text.strip()) and end - above[-1].start <= limit:
        return above[-1].start
    return start


def _needs_before(sentence: str, before: str, list_item: bool = False) -> bool:
    """Whether a quoted sentence needs the sentence before it to be read right: it
    opens with a pronoun, a connective or (not being a list item) a lower-case
    word, or the one before introduces it (ends with a colon) or states its control's
    status. Otherwise a quote starts at its own sentence, so a reader does not read an
    unrelated sentence first."""
    opening = sentence.lstrip(" *-–•●○◦▪■‣⁃\t\n\"“'(")
    return (
        bool(_LEANS_BACK.match(sentence))
        or (opening[:1].islower() and not list_item)  # cut after "Inc." or "e.g."
        or before.rstrip().endswith(":")
        or bool(STATUS_ALONE.fullmatch(before.strip()))  # "Status: Planned" over it
    )


def _window(
    spans: list[tuple[int, int]],
    at: int,
    limit: int,
    back: bool = True,
    apart: Sequence[bool] = (),
) -> tuple[int, int]:
    """The span of sentence ``at`` grown by whole neighbouring sentences, the next
    one first (and, when ``back``, the one before: the sentence it leans on, not a
    run of list items before it), while it stays within ``limit`` characters, and
    never over a sentence ``apart`` (about a sibling of what the sentence qualifies:
    "- High: 15 days" after "- Critical: 48 hours")."""
    low = high = at
    lowest = at - 1 if back else at
    stop = list(apart) if apart else [False] * len(spans)
    while True:
        if (
            high + 1 < len(spans)
            and not stop[high + 1]
            and spans[high + 1][1] - spans[low][0] <= limit
        ):
            high += 1
        elif (
            low > max(lowest, 0)
            and not stop[low - 1]
            and spans[high][1] - spans[low - 1][0] <= limit
        ):
            low -= 1
        else:
            return spans[low][0], spans[high][1]


def _lead_id(ranking: _Ranking) -> tuple[str, int] | None:
    lead = ranking.lead
    return (lead.sentence.chunk_id, lead.sentence.start) if lead else None


def _rank_step(ranking: _Ranking, threshold: float) -> RankStep:
    top = tuple(
        (c.sentence.chunk_id, c.sentence.start, c.score, c.sentence.text[:120])
        for c in ranking.candidates[:5]
    )
    return RankStep(probability=ranking.probability, threshold=round(threshold, 6), top=top)
