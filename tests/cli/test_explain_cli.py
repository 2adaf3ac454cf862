"""Traces are written per question and `dossier explain` reads them back."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dossier.build import BuildResult
from dossier.cli import main
from dossier.output.trace import read_trace, trace_path
from dossier.steps import DecideStep, GuardStep, SearchStep


def test_trace_records_searches_decisions_and_verdict(demo_build: BuildResult, demo_config) -> None:
    trace = read_trace(demo_config.out, "Q24")
    assert trace.question_id == "Q24"
    kinds = [s.kind for s in trace.steps]
    assert kinds[0] == "brief" and kinds[-1] == "verdict"
    assert "search" in kinds and "decide" in kinds
    decision = next(s for s in trace.steps if isinstance(s, DecideStep))
    assert decision.grounded is False and decision.reason
    answer = next(a for a in demo_build.dossier.answers if a.question_id == "Q24")
    searched = [s.query for s in trace.steps if isinstance(s, SearchStep)]
    assert searched == [s.query for s in answer.searches]


def test_explain_prints_the_trace(demo_build: BuildResult, demo_config) -> None:
    result = CliRunner().invoke(main, ["explain", "--out", str(demo_config.out), "Q03"])
    assert result.exit_code == 0, result.output
    assert "Brief: Describe how control AC-2(3) is implemented." in result.output
    assert "  core ask: " in result.output
    assert "Rank: the best sentence answers with probability" in result.output
    assert "AC-2(3)" in result.output.split("Rank:")[1]  # the identifier's sentence leads
    assert "Verdict: grounded" in result.output


def test_explain_unknown_question_is_exit_2(demo_build: BuildResult, demo_config) -> None:
    result = CliRunner().invoke(main, ["explain", "--out", str(demo_config.out), "NOPE"])
    assert result.exit_code == 2 and "no trace for question 'NOPE'" in result.output
    assert "its dossier asks no such question" in result.output


def test_explain_shows_the_hits_it_lists_and_a_dash_for_an_arm_that_missed(
    demo_build: BuildResult, demo_config
) -> None:
    output = CliRunner().invoke(main, ["explain", "--out", str(demo_config.out), "Q18"]).output
    searches = [line for line in output.splitlines() if line.startswith("Search: ")]
    assert searches and all("hits kept in the trace" in line for line in searches)
    listed = [line for line in output.splitlines() if line.startswith("    0.")]
    assert listed and "#None" not in output
    assert all(("BM25 #" in line or "BM25 —" in line) for line in listed)


def test_a_reformulation_that_finds_nothing_new_is_a_no_progress_guard(
    demo_build: BuildResult, demo_config
) -> None:
    steps = read_trace(demo_config.out, "Q27").steps  # source code escrow: not in the corpus
    kinds = [(s.kind, s.reason if isinstance(s, GuardStep) else "") for s in steps]
    reformulated = [i for i, (kind, _) in enumerate(kinds) if kind == "reformulate"]
    assert reformulated, "the unanswerable question is reformulated before it abstains"
    assert any(
        kind == "guard" and reason.startswith("no progress")
        for kind, reason in kinds[reformulated[0] :]
    )


def test_a_trace_holding_a_line_separator_reads_back(tmp_path: Path) -> None:
    """U+2028 inside a quoted passage is text, not a line break of the JSONL file."""
    path = trace_path(tmp_path, "V5")
    path.parent.mkdir(parents=True)
    steps = [{"step": "quote", "text": "kept 14 days.\u2028Tapes are shredded."}, {"step": "end"}]
    path.write_text("\n".join(json.dumps(s, ensure_ascii=False) for s in steps) + "\n")
    trace = read_trace(tmp_path, "V5")
    assert trace.question_id is None
    assert [s.to_json() for s in trace.steps] == steps
    assert [s.kind for s in trace.steps] == ["quote", "end"]


def test_explain_says_when_the_stored_trace_is_not_the_records_answer(
    demo_build: BuildResult, demo_config, tmp_path: Path
) -> None:
    """The trace is a cache file: edited, explain printed its words as the passage's
    ("... is reviewed POISONTRACE"). It is compared with the record, and a trace that
    disagrees is named (exit 1) after it is printed."""
    out = tmp_path / "out"
    (out / "cache").mkdir(parents=True)
    (out / "dossier.json").write_bytes((demo_config.out / "dossier.json").read_bytes())
    trace = trace_path(demo_config.out, "Q02")
    copy = out / trace.relative_to(demo_config.out)
    copy.parent.mkdir(parents=True)
    copy.write_text(trace.read_text().replace("quarterly", "monthly"))
    result = CliRunner().invoke(main, ["explain", "--out", str(out), "Q02"])
    assert result.exit_code == 1, result.output
    assert "the stored trace of Q02 does not match dossier.json" in result.output
    copy.write_text(trace.read_text())
    assert CliRunner().invoke(main, ["explain", "--out", str(out), "Q02"]).exit_code == 0


def test_explain_after_the_cache_was_deleted_tells_what_the_record_holds(
    demo_build: BuildResult, demo_config, tmp_path: Path
) -> None:
    """Traces live in the cache; with it deleted, explain said "its dossier asks no
    such question" of a question the dossier answers, and explained nothing, though
    dossier.json keeps every search with its hits, the quotes, the discarded quotes
    and why, and what is missing (found by an adversarial review)."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "dossier.json").write_bytes((demo_config.out / "dossier.json").read_bytes())
    answers = {a.question_id: a for a in demo_build.dossier.answers}
    result = CliRunner().invoke(main, ["explain", "--out", str(out), "Q24"])
    assert result.exit_code == 0, result.output
    assert "no such question" not in result.output
    assert "No stored trace of Q24" in result.output
    for search in answers["Q24"].searches:
        assert f"Search: “{search.query}” → {len(search.hits)} hits" in result.output
    assert f"Missing: {answers['Q24'].missing_facts[0]}" in result.output
    assert "Verdict: unsupported with 0 claims" in result.output
    output = CliRunner().invoke(main, ["explain", "--out", str(out), "Q05"]).output
    discarded = answers["Q05"].discarded_quotes[0]
    assert f"Verify: discarded ({discarded.document}): {discarded.reason}" in output
    quote = answers["Q05"].claims[0].quotes[0]
    assert f"Verify: quote found in {quote.document} [{quote.start}-{quote.end}]" in output
    unknown = CliRunner().invoke(main, ["explain", "--out", str(out), "NOPE"])
    assert unknown.exit_code == 2 and "its dossier asks no such question" in unknown.output


def test_explain_tells_an_earlier_build_from_its_kept_record(
    demo_build: BuildResult, demo_config
) -> None:
    """Traces are of the latest build: after the documents changed and a rebuild ran,
    nothing explained how the earlier build, perhaps the one signed and sent, came
    to its answer. Every build's dossier.json is kept in history/; --build names
    one (a sha256 prefix, as for diff) and explain tells that record's answer."""
    index = json.loads((demo_config.out / "history" / "index.json").read_text())
    kept = index[0]["sha256"]
    args = ["explain", "--out", str(demo_config.out), "--build", kept[:10], "Q24"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    first = result.output.splitlines()[0]
    assert first.startswith("Build ") and f"({kept[:12]})" in first
    answer = next(a for a in demo_build.dossier.answers if a.question_id == "Q24")
    for search in answer.searches:
        assert f"Search: “{search.query}” → {len(search.hits)} hits" in result.output
    args = ["explain", "--out", str(demo_config.out), "--build", "ffffffffff", "Q24"]
    missing = CliRunner().invoke(main, args)
    assert missing.exit_code == 2 and "no build in the history match" in missing.output


def test_control_characters_from_a_document_reach_the_terminal_as_text(tmp_path: Path) -> None:
    """explain printed a passage's escape sequences raw (found by an adversarial
    review: '\\x1b]0;pwned\\x07' in a policy set the terminal's title; '\\x1b[8m' hides
    what follows, '\\x1b]52;...' writes the clipboard). Every line the CLI prints shows
    control characters as \\xNN, errors included."""
    path = trace_path(tmp_path, "Q1")
    path.parent.mkdir(parents=True)
    step = {"step": "guard", "reason": "no progress \x1b[8mhidden\x1b]0;pwned\x07 \r over"}
    path.write_text(json.dumps({"question_id": "Q1"}) + "\n" + json.dumps(step) + "\n")
    result = CliRunner().invoke(main, ["explain", "--out", str(tmp_path), "Q1"])
    assert result.exit_code == 0, result.output
    assert "Guard: no progress \\x1b[8mhidden\\x1b]0;pwned\\x07 \\x0d over" in result.output
    missing = CliRunner().invoke(main, ["explain", "--out", str(tmp_path / "a\x1b[2Jb"), "Q1"])
    assert missing.exit_code == 2 and "a\\x1b[2Jb" in missing.output
    assert not any(ch in result.output + missing.output for ch in "\x1b\x07\r")


def test_a_sentence_over_two_lines_is_explained_on_one(tmp_path: Path) -> None:
    """A passage's line break went into explain's output as it was, so a ranked or
    selected sentence ran on to a line of its own, outside the indented list."""
    path = trace_path(tmp_path, "Q1")
    path.parent.mkdir(parents=True)
    rank = {
        "step": "rank",
        "probability": 0.1,
        "threshold": 0.2,
        "top": [["c1", 0, -2.5, "Engagement Overview\nNorthwind Ledger, Inc."]],
    }
    select = {"step": "select", "fact": 0, "chunk_id": "c1", "quotes": ["Reviews are\nquarterly."]}
    rows = [{"question_id": "Q1"}, rank, select]
    path.write_text("\n".join(json.dumps(row) for row in rows) + "\n")
    result = CliRunner().invoke(main, ["explain", "--out", str(tmp_path), "Q1"])
    assert result.exit_code == 0, result.output
    assert "c1@0  “Engagement Overview Northwind Ledger, Inc.”" in result.output
    assert "Select c1: Reviews are quarterly." in result.output
