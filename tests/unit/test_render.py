"""What the Markdown and the PDF's HTML call a missing fact: NOT COVERED when the
documents were searched and do not establish it; ESCALATED when the model could
not be used (found by an adversarial review: "NOT COVERED. No answer: the model
could not be used (...)", though nothing had read the documents)."""

from __future__ import annotations

import dataclasses

from dossier.output.pdf import Part
from dossier.output.render import gap_word, html_renderer, render_markdown
from dossier.records import Answer, Finding
from tests.unit.test_decisions import _answer, _dossier

UNREACHABLE = "No answer: the model could not be used (plan: cannot reach the server)"
NOT_ESTABLISHED = "The documents do not establish: who reviews access"


def _gap(missing: str, *findings: Finding) -> Answer:
    return dataclasses.replace(
        _answer(),
        verdict="escalate" if findings else "unsupported",
        claims=(),
        missing_facts=(missing,),
        findings=findings,
    )


MODEL_FAILED = Finding("model", -1, "the model could not be used; the documents were not read")


def test_a_fact_the_model_could_not_answer_is_escalated_not_not_covered() -> None:
    assert gap_word(_gap(UNREACHABLE, MODEL_FAILED)) == "ESCALATED"
    assert gap_word(_gap(NOT_ESTABLISHED)) == "NOT COVERED"
    markdown = render_markdown(_dossier(_gap(UNREACHABLE, MODEL_FAILED)))
    assert f"- **ESCALATED.** {UNREACHABLE}" in markdown
    assert "NOT COVERED" not in markdown
    assert f"- **NOT COVERED.** {NOT_ESTABLISHED}" in render_markdown(
        _dossier(_gap(NOT_ESTABLISHED))
    )


def test_the_pdf_calls_it_escalated_too() -> None:
    failed = _gap(UNREACHABLE, MODEL_FAILED)
    html = html_renderer(_dossier(failed))(Part(answers=((1, failed),)))
    assert f"<li><strong>ESCALATED.</strong> {UNREACHABLE}</li>" in html
    assert "NOT COVERED" not in html
