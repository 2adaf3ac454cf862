"""The scorer, on hand-made dossiers: each figure follows shared/eval's rules."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from dossier.errors import InputError
from dossier.evaluation.evaluate import Label, anchor_covered, load_labels, score
from dossier.steps import SearchStep, ToolStep, VerdictStep

RAW = {
    "a.md": "Backups are taken daily.\nLogs are kept for 90 days.",
    "b.md": "Training is annual.",
}
LABELS = {
    "Q1": Label("Q1", True, ("a.md",), ("taken daily",)),
    "Q2": Label("Q2", True, ("b.md",), ("Training is annual",)),
    "Q3": Label("Q3", False, (), ()),
    "Q4": Label("Q4", False, (), ()),
}


def answer(qid: str, verdict: str, quotes: list[tuple[str, str]]) -> dict[str, Any]:
    claims = [{"text": t, "quotes": [{"text": t, "document": d}]} for d, t in quotes]
    return {"question_id": qid, "verdict": verdict, "claims": claims}


def test_each_figure() -> None:
    dossier = {
        "answers": [
            answer("Q1", "grounded", [("a.md", "Backups are taken\n daily.")]),
            answer("Q2", "unsupported", []),
            answer(
                "Q3",
                "grounded",
                [("a.md", "Logs are kept for 90 days."), ("b.md", "invented text")],
            ),
            answer("Q4", "unsupported", []),
        ]
    }
    scores = score(dossier, LABELS, RAW)
    assert scores.answer_recall == 0.5
    assert scores.false_abstention == 0.5
    assert scores.correct_abstention == 0.5
    assert scores.precision == 0.5
    assert scores.grounding == pytest.approx(2 / 3)  # the invented quote is not in b.md
    assert scores.documents_agree == 1.0
    assert scores.missed == ("Q2",) and scores.wrongly_grounded == ("Q3",)
    assert [r["outcome"] for r in scores.rows] == [
        "answered",
        "false abstention",
        "answered though not answerable",
        "correct abstention",
    ]


@pytest.mark.parametrize(
    ("anchor", "quoted", "covered"),
    [
        ("kept for 90 days", "Logs are KEPT for\n90 days.", True),
        (
            "logs are kept for ninety days always",
            "logs are kept for ninety days",
            True,
        ),  # 5 of 6 words
        ("logs are kept for ninety days always here", "logs are kept", False),
    ],
)
def test_anchor_coverage(anchor: str, quoted: str, covered: bool) -> None:
    assert anchor_covered(anchor, quoted) is covered


def test_scenario_metrics_count_routes_tools_and_repeated_retrievals() -> None:
    from dossier.evaluation.evaluate import scenario_metrics

    hits = (("c1", "a.md", 0.1, 1, 1), ("c2", "a.md", 0.1, 2, 2))
    trace = [
        SearchStep(query="a", hits=hits),
        SearchStep(query="b", hits=hits),  # the same passages again
        ToolStep(tool="calculator", operation="add", operands=(), fingerprint="", result=""),
        VerdictStep(verdict="grounded", claims=1, missing_facts=()),
    ]
    labels = [Label("Q1", True, (), (), ("search", "answer"))]
    metrics = scenario_metrics(labels, {"Q1": trace})
    assert metrics["route_accuracy"] == 0.0
    assert metrics["routes"][0]["route"] == ["search", "search", "tool", "answer"]
    assert metrics["unnecessary_tool_calls"] == 1
    assert metrics["duplicate_retrievals"] == 1


def test_labels_may_hold_a_line_separator(tmp_path: Path) -> None:
    path = tmp_path / "labels.jsonl"
    row = {"id": "Q1", "answerable": True, "documents": ["a.md"], "anchors": ["x\u2028y"]}
    path.write_text(json.dumps(row, ensure_ascii=False) + "\n")
    assert load_labels(path)["Q1"].anchors == ("x\u2028y",)


@pytest.mark.parametrize(
    ("lines", "message"),
    [
        ([], "no labels"),
        (['{"id": "Q1", "answerable": true, "anchors": []}'], "missing 'documents'"),
        (
            ['{"id": "Q1", "answerable": "yes", "documents": [], "anchors": []}'],
            "'answerable' must be true or false",
        ),
        (['{"id": 7, "answerable": true, "documents": [], "anchors": []}'], "'id' must be"),
        (
            ['{"id": "Q1", "answerable": true, "documents": "a.md", "anchors": []}'],
            "'documents' must be a list of text",
        ),
        (['["Q1", true]'], "not a JSON object"),
        (['{"id": "Q1", "answerable": true, "documents": [], "anchors": [] '], "not a JSON"),
        (
            [
                '{"id": "Q1", "answerable": true, "documents": [], "anchors": []}',
                '{"id": "Q1", "answerable": false, "documents": [], "anchors": []}',
            ],
            "labels.jsonl:2: id 'Q1' is labelled already (line 1)",
        ),
    ],
)
def test_a_bad_labels_file_is_an_error_naming_the_line(
    tmp_path: Path, lines: list[str], message: str
) -> None:
    path = tmp_path / "labels.jsonl"
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(InputError, match=re.escape(message)):
        load_labels(path)


def test_a_figure_over_no_questions_is_none_not_zero() -> None:
    """Found by an adversarial review: "correct abstention 0.0" for labels that
    name no unanswerable question; it is n/a (None, null in eval.json)."""
    answerable = {q: label for q, label in LABELS.items() if label.answerable}
    dossier = {"answers": [answer("Q1", "unsupported", []), answer("Q2", "unsupported", [])]}
    scores = score(dossier, answerable, RAW)
    assert scores.correct_abstention is None
    assert scores.precision is None  # no grounded answer
    assert scores.median_quotes is None and scores.median_quoted_chars is None
    assert scores.false_abstention == 1.0 and scores.answer_recall == 0.0
    assert scores.grounding == 1.0  # no quote to find
