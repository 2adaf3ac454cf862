"""A short name a document defines for itself ("Incident Response Plan (IRP)") names the
thing wherever the document uses it: research finds the sentence, and the checks read
it, while the quote stays the source's text."""

from __future__ import annotations

import hashlib
from pathlib import Path

from dossier.evidence.compose import ComposeContext, compose_answer
from dossier.index.hybrid import HybridIndex, update_index
from dossier.ingest.authority import Authority
from dossier.ingest.files import ingest
from dossier.records import Answer, Chunk, Evidence, Question, Selection, SourceFile
from dossier.research.brief import make_brief
from dossier.research.engine import EngineSettings
from dossier.research.offline import OfflineEngine, _added_terms
from tests.fakes import HashingEmbedder

PLAN = (
    "# Incident Response Plan\n\n"
    "Incident Response Plan\n\n"
    "## Purpose\n\n"
    "1.1 This Incident Response Plan (IRP) defines how the company detects, contains and "
    "recovers from security incidents.\n\n"
    "## Exercises\n\n"
    "6.1 The IRP is tested at least annually through a tabletop exercise led by the CISO.\n"
)
OTHER = "# Access Control\n\nAccess rights are reviewed quarterly by system owners.\n"
QUESTION = (
    "Is there a formal incident response plan? "
    "Is the incident response plan tested at least annually?"
)
TESTED = "6.1 The IRP is tested at least annually through a tabletop exercise led by the CISO."


def _index(tmp_path: Path) -> tuple[HybridIndex, dict[str, str], Authority]:
    documents = {"irp.md": PLAN, "access.md": OTHER}
    corpus = ingest(
        SourceFile(p, t.encode(), hashlib.sha256(t.encode()).hexdigest())
        for p, t in sorted(documents.items())
    )
    index, _ = update_index(corpus, HashingEmbedder(), tmp_path)
    return index, {d.path: d.title for d in corpus.documents}, Authority.of(corpus)


def test_the_index_reads_the_short_names_each_document_defines(tmp_path: Path) -> None:
    index, _, _ = _index(tmp_path)
    assert index.definitions_of("irp.md") == {"IRP": "Incident Response Plan"}
    assert index.definitions_of("access.md") == {}


def test_a_sentence_naming_the_plan_by_its_short_name_answers_the_part_asking_of_it(
    tmp_path: Path,
) -> None:
    """The second part (is the plan tested?) is answered by the sentence using "IRP",
    not by the bare title line, which names the plan but not its testing; the answer is
    Yes, its demand ("at least annually") met, the quote the source's words."""
    index, titles, authority = _index(tmp_path)
    engine = OfflineEngine(index, authority, titles, EngineSettings())
    question = Question("Q", QUESTION)
    evidence = engine.research(make_brief(question))
    quoted = [q for s in evidence.selections for q in s.quotes]
    assert TESTED in quoted
    assert "Incident Response Plan" not in quoted
    context = ComposeContext(index.find, titles, definitions=index.definitions_of)
    answer = compose_answer(question, evidence, context)
    assert (answer.verdict, answer.short_answer) == ("grounded", "Yes")
    assert TESTED in [q.text for claim in answer.claims for q in claim.quotes]


def _tested_answer(context: ComposeContext) -> tuple[str, list[str]]:
    chunk = Chunk("c1", "irp.md", 0, len(TESTED), TESTED, "Exercises")
    selection = Selection("c1", (TESTED,), 0, 1.0, TESTED)
    brief = make_brief(Question("Q", QUESTION))
    evidence = Evidence(brief, (), (selection,), (), ())
    context = ComposeContext(
        {"c1": chunk}.get, {"irp.md": "Incident Response Plan"}, definitions=context.definitions
    )
    answer = compose_answer(Question("Q", brief.query), evidence, context)
    return answer.short_answer, [f.check for f in answer.findings]


def test_the_checks_read_a_defined_short_name_as_the_thing_it_stands_for() -> None:
    """Without the document's definition the quote names no incident response plan, and
    its "at least annually" is no frequency of one; with it, the demand is met."""
    defined = ComposeContext(
        lambda _: None, {}, definitions=lambda d: {"IRP": "Incident Response Plan"}
    )
    undefined = ComposeContext(lambda _: None, {})
    assert _tested_answer(defined) == ("Yes", [])
    assert _tested_answer(undefined) == ("Needs review", ["demand"])


def test_a_further_part_is_answered_by_what_it_adds_to_the_part_before() -> None:
    """Of "... plan? Is the incident response plan tested at least annually?", the
    second part adds that the plan is tested; its demand is checked on its own."""
    brief = make_brief(Question("Q", QUESTION))
    first, second = brief.facts[:2]
    assert _added_terms(second, first, brief.demands) == ("test",)
    assert _added_terms(first, first, brief.demands) == ()


IRP_ONLY = {"IRP": "Incident Response Plan", "ISM": "Information Security Manager"}


def _compose(question: str, text: str, *selections: tuple[str, str, int]) -> Answer:
    """Compose an answer from one passage ``text`` of irp.md: each selection is (quote,
    focus, part), the document defining IRP and ISM."""
    chunk = Chunk("c1", "irp.md", 0, len(text), text, "Plan")
    chosen = tuple(Selection("c1", (q,), part, 1.0, q, focus=f) for q, f, part in selections)
    brief = make_brief(Question("Q", question))
    context = ComposeContext(
        {"c1": chunk}.get,
        {"irp.md": "Incident Response Plan"},
        siblings=lambda d: (chunk,),
        definitions=lambda d: IRP_ONLY,
    )
    return compose_answer(Question("Q", question), Evidence(brief, (), chosen, (), ()), context)


def test_the_value_is_read_off_the_sentence_chosen_though_its_quote_defines_the_name() -> None:
    """The quote holds the definition and the sentence chosen: "annually" is the value,
    not the review period of the sentence defining the name."""
    first = "This Incident Response Plan (IRP) is reviewed every two years by the CISO."
    tested = "The IRP is tested annually through a tabletop exercise."
    quote = f"{first} {tested}"
    answer = _compose("How often is the incident response plan tested?", quote, (quote, tested, 0))
    assert answer.short_answer == "annually"


def test_a_further_parts_value_is_read_off_a_sentence_using_the_short_name() -> None:
    plan = "This Incident Response Plan (IRP) defines how incidents are handled."
    tested = "The IRP is tested every six months."
    answer = _compose(
        "Do you have a documented incident response plan? How often is the incident "
        "response plan tested?",
        f"{plan}\n\n{tested}",
        (plan, plan, 0),
        (tested, tested, 1),
    )
    assert answer.short_answer == "Yes; every six months"


def test_a_finding_quotes_the_source_words_not_the_names_spelled_out() -> None:
    lead = "Removable media are prohibited, except where authorised by the ISM in writing."
    answer = _compose("Is the use of removable media permitted?", lead, (lead, lead, 0))
    details = " ".join(f.detail for f in answer.findings)
    assert "Information Security Manager" not in details + answer.short_answer


def test_a_full_names_time_word_meets_no_demand() -> None:
    """ "ALE" is "Annual Loss Expectancy": "calculates the ALE" states no annual risk
    assessment, and the demand stays unmet."""
    sentence = "The risk assessment calculates the ALE for each identified risk."
    chunk = Chunk("c1", "risk.md", 0, len(sentence), sentence, "Risk")
    brief = make_brief(Question("Q", "Is a risk assessment performed at least annually?"))
    context = ComposeContext(
        {"c1": chunk}.get,
        {"risk.md": "Risk Management"},
        definitions=lambda d: {"ALE": "Annual Loss Expectancy"},
    )
    selection = Selection("c1", (sentence,), 0, 1.0, sentence)
    answer = compose_answer(
        Question("Q", brief.query), Evidence(brief, (), (selection,), (), ()), context
    )
    assert "demand" in [f.check for f in answer.findings]
    assert answer.short_answer != "Yes"
