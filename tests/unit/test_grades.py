"""Grades of severity, risk or priority: a question about one grade is not answered
by a sentence (or table row) about another."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from dossier.index.hybrid import update_index
from dossier.ingest.authority import Authority
from dossier.ingest.files import ingest
from dossier.records import Question, SourceFile
from dossier.research.brief import make_brief
from dossier.research.engine import EngineSettings
from dossier.research.grades import another_grade, grades_named
from dossier.research.offline import OfflineEngine, _Research
from tests.fakes import HashingEmbedder


@pytest.mark.parametrize(
    ("text", "grades"),
    [
        ("How quickly are critical vulnerabilities remediated?", {"critical"}),
        (
            "What are your remediation timeframes for critical and high severity vulnerabilities?",
            {"critical", "high"},
        ),
        ("High-risk findings are closed within 7 days.", {"high"}),
        ("Critical security patches are applied within 48 hours.", {"critical"}),
        ("Severity: Moderate", {"medium"}),
        ("| P2 | Medium | 30 days |", {"medium"}),
        ("Low priority alerts are reviewed weekly.", {"low"}),
    ],
)
def test_a_grade_is_named_where_the_word_grades_something(text: str, grades: set[str]) -> None:
    assert grades_named(text) == grades


@pytest.mark.parametrize(
    "text",
    [
        "Is MFA required for production and other critical systems?",
        "The service is deployed for high availability.",
        "Business-critical equipment is kept in a locked room.",
        "Backups are stored at low cost in cold storage.",
    ],
)
def test_a_word_that_grades_nothing_names_no_grade(text: str) -> None:
    assert grades_named(text) == frozenset()


def test_a_sentence_is_about_another_grade_only_when_it_names_none_asked() -> None:
    asked = frozenset({"critical"})
    assert another_grade(asked, "| P2 | Medium | 30 days |")
    assert not another_grade(asked, "| P0 | Critical | 3 days |")
    assert not another_grade(asked, "Critical and high vulnerabilities are fixed in 7 days.")
    assert not another_grade(asked, "Vulnerabilities are remediated within 30 days.")
    assert not another_grade(frozenset(), "| P2 | Medium | 30 days |")


SLA = (
    "# Vulnerability remediation\n\n"
    "Vulnerabilities are remediated within these timeframes.\n\n"
    "| Priority | Severity | Timeframe |\n"
    "| --- | --- | --- |\n"
    "| P1 | Critical | 7 days |\n"
    "| P2 | Medium | 30 days |\n"
    "| P3 | Low | 90 days |\n"
)


def test_a_question_about_one_grade_is_not_answered_from_another_grades_row(
    tmp_path: Path,
) -> None:
    """ "Within what timeframe are critical vulnerabilities remediated?": the Medium
    and Low rows are not candidates (quoted, they state the wrong deadline about
    the vendor); the Critical row and the sentence naming no grade are."""
    corpus = ingest([SourceFile("vuln.md", SLA.encode(), hashlib.sha256(SLA.encode()).hexdigest())])
    index, _ = update_index(corpus, HashingEmbedder(), tmp_path)
    titles = {d.path: d.title for d in corpus.documents}
    engine = OfflineEngine(index, Authority.of(corpus), titles, EngineSettings())
    question = "Within what timeframe are critical vulnerabilities remediated?"
    research = _Research(engine, make_brief(Question("Q1", question)))
    assert research.ask.grades == {"critical"}
    ranked = engine.scoring.rank(research.ask, [c.chunk_id for c in index.chunks])
    texts = [c.sentence.text for c in ranked]
    assert any("Critical" in t and "7 days" in t for t in texts)
    assert any(t.startswith("Vulnerabilities are remediated") for t in texts)
    assert not any("Medium" in t or "90 days" in t for t in texts)
