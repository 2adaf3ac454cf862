"""The research graph's routes on the demo corpus, in the style of an evaluation harness.

Each scenario asserts the route (the trace's searches, reformulations, guards and
tool calls, then answer or abstain), the documents cited, the tools used and not
used, abstention, and that the budgets held. The table the harness prints
(`dossier eval --labels questions/scenario-labels.jsonl`) must be all green.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from dossier.build import BuildResult, build
from dossier.common.textutil import content_terms
from dossier.config import Config, load_config
from dossier.evaluation.evaluate import evaluate_build, route_of
from dossier.index.embed import MiniLMEmbedder
from dossier.output.trace import read_trace
from dossier.steps import Step
from tests.conftest import ROOT, pinned_clock

LABELS = ROOT / "questions" / "scenario-labels.jsonl"


@pytest.fixture(scope="module")
def scenario_config(tmp_path_factory: pytest.TempPathFactory) -> Config:
    out = tmp_path_factory.mktemp("scenarios")
    return load_config(
        ROOT / "dossier.toml", {"out": out, "questions": ROOT / "questions" / "scenarios.csv"}
    )


@pytest.fixture(scope="module")
def scenarios(scenario_config: Config, embedder: MiniLMEmbedder) -> BuildResult:
    return build(scenario_config, embedder=embedder, clock=pinned_clock)


def labelled() -> dict[str, dict[str, Any]]:
    rows = [json.loads(line) for line in LABELS.read_text().splitlines() if line.strip()]
    return {row["id"]: row for row in rows}


def trace_of(config: Config, question_id: str) -> tuple[Step, ...]:
    return read_trace(config.out, question_id).steps


@pytest.mark.parametrize("question_id", sorted(labelled()))
def test_route_documents_and_abstention(
    scenarios: BuildResult, scenario_config: Config, question_id: str
) -> None:
    label = labelled()[question_id]
    answer = next(a for a in scenarios.dossier.answers if a.question_id == question_id)
    trace = trace_of(scenario_config, question_id)
    assert route_of(trace) == label["route"]
    cited = {q.document for c in answer.claims for q in c.quotes}
    assert cited == set(label["documents"])
    assert (answer.verdict == "grounded") == label["answerable"]


@pytest.mark.parametrize("question_id", sorted(labelled()))
def test_budgets_hold_and_no_query_repeats(
    scenarios: BuildResult, scenario_config: Config, question_id: str
) -> None:
    answer = next(a for a in scenarios.dossier.answers if a.question_id == question_id)
    budget = scenario_config.research.max_searches * (1 + scenario_config.research.max_repairs)
    assert len(answer.searches) <= budget
    keys = [frozenset(content_terms(s.query)) for s in answer.searches]
    assert len(keys) == len(set(keys))


def test_the_calculator_runs_only_where_arithmetic_is_asked(
    scenarios: BuildResult, scenario_config: Config
) -> None:
    used = {
        a.question_id
        for a in scenarios.dossier.answers
        if any(s.kind == "tool" for s in trace_of(scenario_config, a.question_id))
    }
    assert used == {"S2"}
    s2 = next(a for a in scenarios.dossier.answers if a.question_id == "S2")
    assert [(c.kind, c.text) for c in s2.claims if c.kind == "assessment"] == [
        ("assessment", "168")
    ]


def test_supersession_settles_the_contradiction_and_discloses_the_old_value(
    scenarios: BuildResult,
) -> None:
    s4 = next(a for a in scenarios.dossier.answers if a.question_id == "S4")
    assert all(q.document == "policies/password-policy.md" for c in s4.claims for q in c.quotes)
    assert any("password-policy-2023.md" in d and "12 characters" in d for d in s4.disclosures)
    assert "12 characters" not in " ".join(c.text for c in s4.claims)


def test_the_exhausted_budget_is_named_in_the_abstention(scenarios: BuildResult) -> None:
    s6 = next(a for a in scenarios.dossier.answers if a.question_id == "S6")
    assert s6.verdict == "unsupported"
    assert any("search budget of 6 ran out" in m for m in s6.missing_facts)


def test_the_harness_table_is_all_green(scenarios: BuildResult, scenario_config: Config) -> None:
    report = evaluate_build(scenario_config.out, LABELS, None, None)
    figures = report["dossier"]
    table = {
        "route accuracy": figures["scenario"]["route_accuracy"],
        "citation grounding": figures["grounding"],
        "correct abstention": figures["correct_abstention"],
        "unnecessary tool calls": figures["scenario"]["unnecessary_tool_calls"],
        "duplicate retrievals": figures["scenario"]["duplicate_retrievals"],
    }
    print("\n".join(f"{name:<24}{value}" for name, value in table.items()))
    assert table == {
        "route accuracy": 1.0,
        "citation grounding": 1.0,
        "correct abstention": 1.0,
        "unnecessary tool calls": 0,
        "duplicate retrievals": 0,
    }


def test_scenario_files_name_the_same_questions() -> None:
    lines = Path(ROOT / "questions" / "scenarios.csv").read_text().splitlines()
    ids = [line.split(",")[0] for line in lines[1:]]
    assert ids == sorted(labelled())
