"""`dossier eval` on the demo build, with the demo's own labels."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

import pytest
from click.testing import CliRunner

import dossier.index.embed
from dossier.build import BuildResult
from dossier.cli import main
from dossier.index.embed import Vectors
from tests.fakes import HashingEmbedder

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_eval_prints_both_columns_and_writes_eval_json(
    demo_build: BuildResult, demo_config
) -> None:
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
) -> None:
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


def test_scenario_metrics_from_routes_in_the_labels(
    demo_build: BuildResult, demo_config, tmp_path: Path
) -> None:
    rows = [
        {
            "id": "Q01",
            "answerable": True,
            "documents": [],
            "anchors": [],
            "route": ["search", "search", "answer"],  # the core ask, then its key terms
        },
        {
            "id": "Q24",
            "answerable": False,
            "documents": [],
            "anchors": [],
            "route": ["search", "abstain"],
        },
    ]
    labels = tmp_path / "routes.jsonl"
    labels.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    args = ["eval", "--out", str(demo_config.out), "--labels", str(labels), "--no-baseline"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    scenario = json.loads((demo_config.out / "eval.json").read_text())["dossier"]["scenario"]
    assert scenario["route_accuracy"] == 0.5  # Q24 also reformulated and searched again
    assert scenario["unnecessary_tool_calls"] == 0
    assert [r["route"][-1] for r in scenario["routes"]] == ["answer", "abstain"]
    assert "route accuracy 0.5" in result.output


def test_unknown_route_step_is_exit_2(demo_build: BuildResult, demo_config, tmp_path: Path) -> None:
    labels = tmp_path / "bad.jsonl"
    labels.write_text(
        '{"id": "Q01", "answerable": true, "documents": [], "anchors": [], "route": ["fly"]}\n'
    )
    args = ["eval", "--out", str(demo_config.out), "--labels", str(labels), "--no-baseline"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and "unknown route steps fly" in result.output


def test_labels_for_another_questionnaire_are_exit_2_and_stray_ids_are_named(
    demo_build: BuildResult, demo_config, tmp_path: Path
) -> None:
    def label(question_id: str) -> str:
        row = {"id": question_id, "answerable": False, "documents": [], "anchors": []}
        return json.dumps(row)

    labels = tmp_path / "other.jsonl"
    labels.write_text(label("ZZ1") + "\n" + label("ZZ2") + "\n")
    args = ["eval", "--out", str(demo_config.out), "--labels", str(labels), "--no-baseline"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 2 and "none of its 2 labels names a question" in result.output
    labels.write_text(label("Q24") + "\n" + label("ZZ1") + "\n")
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "Not scored, labels for ids this dossier does not ask (1): ZZ1" in result.output
    assert "Not scored, questions of this dossier without a label (26): Q01, " in result.output
    report = json.loads((demo_config.out / "eval.json").read_text())
    assert report["labels_not_in_dossier"] == ["ZZ1"]
    assert len(report["questions_not_labelled"]) == 26


def test_a_corpus_without_the_dossiers_documents_is_exit_2_naming_them(
    demo_build: BuildResult, demo_config, tmp_path: Path
) -> None:
    """Found by an adversarial review: eval printed "citation grounding 0.0", exit 0,
    against a folder lacking the dossier's documents, naming none of them."""
    corpus = tmp_path / "other-corpus"
    (corpus / "policies").mkdir(parents=True)
    (corpus / "policies" / "access-control.md").write_text("# Access\n\nSomething else.\n")
    labels = ROOT / "questions" / "demo-labels.jsonl"
    args = ["eval", "--out", str(demo_config.out), "--labels", str(labels), "--no-baseline"]
    result = CliRunner().invoke(main, [*args, "--corpus", str(corpus)])
    assert result.exit_code == 2, result.output
    assert (
        f"{corpus}: 10 of the dossier's 11 documents are not there (hr/personnel-security.md, "
        in result.output
    )
    assert "and 5 more); pass --corpus with the folder the build read" in result.output
    assert "citation grounding" not in result.output


def test_a_figure_over_no_questions_is_n_a_and_null_in_eval_json(
    demo_build: BuildResult, demo_config, tmp_path: Path
) -> None:
    """Found by an adversarial review: labels without an unanswerable question
    printed "correct abstention 0.0"."""
    row = {"id": "Q01", "answerable": True, "documents": [], "anchors": ["multi-factor"]}
    labels = tmp_path / "answerable.jsonl"
    labels.write_text(json.dumps(row) + "\n")
    args = ["eval", "--out", str(demo_config.out), "--labels", str(labels), "--no-baseline"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.startswith("correct abstention"))
    assert line.split() == ["correct", "abstention", "n/a"]
    report = json.loads((demo_config.out / "eval.json").read_text())
    assert report["dossier"]["correct_abstention"] is None
    assert report["dossier"]["false_abstention"] is not None


class _SpyEmbedder(HashingEmbedder):
    """The hashing embedder, named by its encoder as the real one is (the vector
    cache is keyed by that name), remembering each encoder and text it embedded."""

    calls: ClassVar[list[tuple[str, int]]] = []

    def __init__(self, encoder: str = "fp32") -> None:
        super().__init__(encoder)
        self.encoder = encoder
        self.name = self.name_for(encoder)

    @classmethod
    def name_for(cls, encoder: str) -> str:
        return f"spy@{encoder}"

    def embed(self, texts: Sequence[str]) -> Vectors:
        _SpyEmbedder.calls.append((self.encoder, len(texts)))
        return super().embed(texts)


def test_eval_embeds_with_the_encoder_the_build_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by a new-user review: eval's baseline used the default encoder (fp32)
    while the build used the configured one (auto: bf16 on that CPU), so it embedded
    every passage again (2 min, against a 12-28 s build)."""
    monkeypatch.setattr(dossier.index.embed, "MiniLMEmbedder", _SpyEmbedder)
    monkeypatch.setattr(_SpyEmbedder, "calls", [])
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "access.md").write_text(
        "# Access\n\nMulti-factor authentication is required for all workforce accounts.\n\n"
        "User access is reviewed quarterly by each system owner.\n"
    )
    (corpus / "backup.md").write_text("# Backup\n\nBackups are taken daily and kept 35 days.\n")
    (tmp_path / "q.csv").write_text(
        "id,question\nE1,Is MFA required?\nE2,How often are backups taken?\n"
    )
    (tmp_path / "dossier.toml").write_text(
        'corpus = "corpus"\nquestions = "q.csv"\nout = "out"\n\n[retrieval]\nencoder = "int8"\n'
    )
    labels = tmp_path / "labels.jsonl"
    labels.write_text(
        json.dumps({"id": "E1", "answerable": True, "documents": ["access.md"], "anchors": []})
        + "\n"
    )
    config = str(tmp_path / "dossier.toml")
    built = CliRunner().invoke(main, ["build", "--config", config])
    assert built.exit_code == 0, built.output
    embedded_by_build = sum(n for _, n in _SpyEmbedder.calls)
    _SpyEmbedder.calls.clear()

    result = CliRunner().invoke(main, ["eval", "--config", config, "--labels", str(labels)])
    assert result.exit_code == 0, result.output
    assert {encoder for encoder, _ in _SpyEmbedder.calls} <= {"int8"}
    assert sum(n for _, n in _SpyEmbedder.calls) < embedded_by_build  # the passages reused
