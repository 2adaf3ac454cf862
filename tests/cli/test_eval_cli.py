"""`dossier eval` on the demo build, with the demo's own labels."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from dossier.build import BuildResult
from dossier.cli import main

ROOT = Path(__file__).resolve().parents[2]


def test_eval_prints_both_columns_and_writes_eval_json(
    demo_build: BuildResult, demo_config
) -> None:  # type: ignore[no-untyped-def]
    out = demo_config.out
    labels = ROOT / "questions" / "demo-labels.jsonl"
    result = CliRunner().invoke(main, ["eval", "--out", str(out), "--labels", str(labels)])
    assert result.exit_code == 0, result.output
    assert "dossier  baseline" in result.output
    report = json.loads((out / "eval.json").read_text())
    assert report["dossier"]["grounding"] == 1.0
    assert report["dossier"]["correct_abstention"] == 1.0
    assert report["dossier"]["answer_recall"] >= 0.8
    assert report["baseline"]["correct_abstention"] == 0.0  # the baseline never abstains
    assert len(report["dossier"]["questions"]) == 27


def test_eval_with_missing_labels_is_exit_2(
    demo_build: BuildResult, demo_config, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    args = [
        "eval",
        "--out",
        str(demo_config.out),
        "--labels",
        str(tmp_path / "none.jsonl"),
        "--no-baseline",
    ]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and "cannot read labels" in result.output
