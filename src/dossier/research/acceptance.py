"""The acceptance check, and the bounded repair loop around research and composing.

The check sees only the original question and the final answer's statements
(no trace, no passages) and returns ``complete``, ``incomplete`` with the
specific gaps, or ``wrong_question`` with the question restated. Offline it
is a set of deterministic rules: each fact of the question must be addressed
by the statements (one of its key terms occurs), and a fact that asks for a
frequency, a period or a number must get one.

Repairs differ by verdict: an incomplete answer researches its gaps again as
their own brief; a wrong-question answer researches the restated question.
At most ``max_repairs`` rounds; a shortfall that remains is recorded in the
answer, never dissolved.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from dossier.common.textutil import content_terms, fold_whitespace, question_terms, stem, words
from dossier.records import Acceptance, Answer, Brief, Evidence, Fact, Question, Selection
from dossier.research import thesaurus
from dossier.research.values import (
    ASKS_WORDS,
    BROAD_PLAN_WORDS,
    states_value,
    with_asked_subject,
)
from dossier.steps import RepairStep

Research = Callable[[Brief], Evidence]
Compose = Callable[[Evidence], Answer]


def check(brief: Brief, statements: str) -> tuple[Acceptance, tuple[Fact, ...]]:
    """Judge ``statements`` against the question's facts; returns the verdict and
    the facts that are gaps."""
    present = set(content_terms(statements))
    unaddressed = [f for f in brief.facts if f.terms and not present & _with_synonyms(f.terms)]
    if brief.facts and len(unaddressed) == len(brief.facts):
        restated = " ".join(dict.fromkeys(w for w in words(brief.query) if stem(w) in brief.terms))
        return Acceptance("wrong_question", restated=restated), tuple(brief.facts)
    gaps: list[str] = []
    gap_facts: list[Fact] = []
    for fact in brief.facts:
        if fact in unaddressed:
            gaps.append(f"nothing in the answer is about: {fact.text}")
        elif fact.asks and not states_value(fact, statements):
            gaps.append(f"the answer does not state {ASKS_WORDS[fact.asks]} for: {fact.text}")
        else:
            continue
        gap_facts.append(fact)
    for alternative, gap in _alternatives_missing(brief, present):
        gaps.append(gap)
        gap_facts.append(Fact(alternative, tuple(dict.fromkeys(content_terms(alternative))), None))
    if gaps:
        return Acceptance("incomplete", tuple(gaps)), tuple(gap_facts)
    return Acceptance("complete"), ()


def _alternatives_missing(brief: Brief, present: set[str]) -> list[tuple[str, str]]:
    """For an ambiguity acted on ("at rest or in transit": each alternative is
    asked about), each alternative's own terms must occur in the statements."""
    gaps = []
    for ambiguity in brief.ambiguities:
        if not ambiguity.acted_on:
            continue
        first, _, second = ambiguity.text.partition(" or ")
        for alternative in (first, second):
            own = set(content_terms(alternative))
            if own and not present & _with_synonyms(tuple(own)):
                gap = f"the answer does not address '{alternative}' ({ambiguity.text})"
                gaps.append((alternative, gap))
    return gaps


def _with_synonyms(terms: tuple[str, ...]) -> set[str]:
    """The fact's stemmed terms and the stems of their synonyms (the engine's thesaurus)."""
    out = set(terms)
    for term in terms:
        out.update(s for alternative in thesaurus.alternatives(term) for s in alternative)
    return out


def statements_of(answer: Answer) -> str:
    """What the check sees: the answer's statements, not its not-covered lines."""
    return " ".join(fold_whitespace(claim.text) for claim in answer.claims)


def answer_question(
    brief: Brief, research: Research, compose: Compose, max_repairs: int = 1
) -> tuple[Answer, Evidence]:
    """Research, compose and check; repair what the check finds, within bounds."""
    evidence = research(brief)
    answer = compose(evidence)
    if not answer.claims:  # an abstention names its missing facts already
        return answer, evidence
    acceptance, gap_facts = check(brief, statements_of(answer))
    attempts = 1
    while acceptance.verdict != "complete" and attempts <= max_repairs:
        attempts += 1
        repair = _repair_brief(brief, acceptance, gap_facts, evidence)
        evidence = _merge(evidence, _about(brief, research(repair)), repair, acceptance)
        answer = compose(evidence)
        acceptance, gap_facts = check(brief, statements_of(answer))
    acceptance = dataclasses.replace(acceptance, attempts=attempts)
    return dataclasses.replace(answer, acceptance=acceptance), evidence


def _about(brief: Brief, evidence: Evidence) -> Evidence:
    """A repair's evidence without the selections that do not name what sets the
    question's subject apart (its first term beside broad words, or a thesaurus word for
    it): a repair searches the gap's own words, and "The Disaster Recovery Plan shall be
    tested at least annually" met "at least annually" for independent penetration tests."""
    terms = [t for t in question_terms(brief.core or brief.query) if t not in BROAD_PLAN_WORDS]
    if not terms:
        return evidence
    kept = tuple(s for s in evidence.selections if thesaurus.says(terms[0], _terms_of(s.quotes)))
    return dataclasses.replace(evidence, selections=kept)


def _terms_of(quotes: tuple[str, ...]) -> set[str]:
    return {t for quote in quotes for t in content_terms(quote)}


def _repair_brief(
    brief: Brief, acceptance: Acceptance, gaps: tuple[Fact, ...], evidence: Evidence
) -> Brief:
    if acceptance.verdict == "wrong_question":
        question = Question(brief.question_id, acceptance.restated)
        facts = brief.facts
    else:  # the gaps' own words, with the subject words they inherit from the question
        gaps = tuple(with_asked_subject(f, brief.facts) for f in gaps) if brief.facts else gaps
        subject = [w for w in words(brief.query) if any(stem(w) in f.terms for f in gaps)]
        text = " ".join(dict.fromkeys([*subject, *(f.text for f in gaps)]))
        question = Question(brief.question_id, text)
        facts = gaps
    terms = tuple(dict.fromkeys(t for f in facts for t in f.terms))
    return dataclasses.replace(
        brief,
        question=question.question,
        query=question.question,
        terms=terms,
        facts=facts,
        tried=tuple(s.query for s in evidence.searches),
        core="",  # the repair searches its own words
        demands=(),
        about_document=False,
    )


def _merge(first: Evidence, second: Evidence, repair: Brief, acceptance: Acceptance) -> Evidence:
    """The first round's evidence with the repair's added: its searches and new
    passages; the repaired facts' missing entries replaced by the repair's."""
    # one new selection at most: a repair fills a gap, it does not pile up quotes
    added = tuple(s for s in map(_unheld(first.selections), second.selections) if s)[:1]
    if added:  # the repaired facts' entries are the repair's now
        repaired = {f.text for f in repair.facts}
        kept = [m for m in first.missing_facts if m.part not in repaired]
        missing = tuple(kept) + second.missing_facts
    else:  # nothing new: the first round's account of what is missing stands
        missing = first.missing_facts
    step = RepairStep(verdict=acceptance.verdict, gaps=acceptance.gaps)
    return dataclasses.replace(
        first,
        searches=first.searches + second.searches,
        selections=first.selections + added,
        discarded=first.discarded + second.discarded,
        missing_facts=missing,
        steps=(*first.steps, step, *second.steps),
        disclosures=tuple(dict.fromkeys(first.disclosures + second.disclosures)),
        conflicts=first.conflicts + second.conflicts,
        model_calls=first.model_calls + second.model_calls,
        model_failed=first.model_failed or second.model_failed,
    )


def _unheld(held: tuple[Selection, ...]) -> Callable[[Selection], Selection | None]:
    """A repair's selection as far as it quotes what the first round does not: another
    sentence of a passage already quoted counts ("backed up nightly" in the passage whose
    "replicated to cloud storage" the first round quoted, the gap being how often); a
    quote the first round holds, or that holds or lies within one of its quotes, does
    not."""
    quoted: dict[str, list[str]] = {}
    for selection in held:
        quoted.setdefault(selection.chunk_id, []).extend(map(fold_whitespace, selection.quotes))

    def new_part(selection: Selection) -> Selection | None:
        others = quoted.get(selection.chunk_id, [])
        quotes = tuple(
            piece for q in selection.quotes for piece in _beyond(fold_whitespace(q), others)
        )
        if not quotes:
            return None
        focus = (
            selection.focus if any(fold_whitespace(selection.focus) in q for q in quotes) else ""
        )
        return dataclasses.replace(selection, quotes=quotes, focus=focus)

    return new_part


_LEAST_WORDS = 3  # what is left of a quote beside a held one, to be a quote of its own


def _beyond(quote: str, held: list[str]) -> list[str]:
    """The parts of a (whitespace-folded) quote that no held quote of its passage holds:
    none when one holds it; the text around a held quote it holds ("... nightly." of
    "<held sentence> Servers are backed up nightly."), each part of at least
    ``_LEAST_WORDS`` words."""
    if any(quote in other for other in held):
        return []
    inside = [other for other in held if other in quote]
    if not inside:
        return [quote]
    parts = [quote]
    for other in inside:
        parts = [piece for part in parts for piece in part.split(other)]
    pieces = (p.strip().strip(_LIST_MARKS).strip() for p in parts)
    return [p for p in pieces if len(p.split()) >= _LEAST_WORDS]


_LIST_MARKS = "\u2022\u25e6\u25aa\u2023\u00b7*-\u2013|"  # a list item's or a row's marks at a cut
