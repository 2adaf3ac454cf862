"""The `dossier build` command as a user runs it (click's CliRunner)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from dossier.cli import main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def small_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the demo project with a few questions and one unreadable document."""
    project = tmp_path_factory.mktemp("project")
    shutil.copytree(ROOT / "corpus", project / "corpus")
    (project / "corpus" / "broken.pdf").write_bytes(b"%PDF-1.4 this is not really a pdf")
    (project / "corpus" / "bad-front-matter.md").write_text(
        "---\nstatus: [unclosed\n---\nText body.\n"
    )
    (project / "corpus" / "hr" / "leavers-checklist.md").write_text(
        "---\ntitle: Leavers Checklist\nlast_reviewed: 2025-11-03\n---\n"
        "Company laptops are returned on the leaver's last working day.\n"
    )
    (project / "questions.csv").write_text(
        "id,section,question\n"
        "Q1,Access,Is multi-factor authentication required for workforce accounts?\n"
        "Q2,Other,Do you operate a public bug bounty program?\n"
    )
    (project / "dossier.toml").write_text(
        'corpus = "corpus"\nquestions = "questions.csv"\nout = "out"\n'
    )
    return project


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def test_build_writes_the_contract_outputs(small_project: Path) -> None:
    code, output = run("build", "--config", str(small_project / "dossier.toml"))
    assert code == 0, output
    out = small_project / "out"
    dossier = json.loads((out / "dossier.json").read_text())
    assert dossier["schema_version"] == "1.0"
    assert dossier["build"]["questions"] == 2
    verdicts = {a["question_id"]: a["verdict"] for a in dossier["answers"]}
    assert verdicts == {"Q1": "grounded", "Q2": "unsupported"}
    failed = {f["path"]: f["reason"] for f in dossier["build"]["documents_failed"]}
    assert set(failed) == {"broken.pdf", "bad-front-matter.md"}
    assert "front-matter" in failed["bad-front-matter.md"]
    assert "could not read broken.pdf" in output
    documents = {d["path"]: d for d in dossier["documents"]}
    # no effective date, but dated by its review, as its citations would be
    checklist = documents["hr/leavers-checklist.md"]
    assert (checklist["effective_date"], checklist["dated"]) == (None, "2025-11-03")
    access = documents["policies/access-control.md"]  # effective 2026-03-01, no later date
    assert (access["effective_date"], access["dated"]) == ("2026-03-01", "2026-03-01")
    manifest = json.loads((out / "manifest.json").read_text())
    assert set(manifest["artefacts"]) == {"dossier.json", "dossier.md", "dossier.pdf"}


@pytest.mark.slow
def test_flags_override_the_config(small_project: Path, tmp_path: Path) -> None:
    questions = tmp_path / "one.yaml"
    questions.write_text("- id: Y1\n  question: How long are invoices retained?\n")
    code, output = run(
        "build",
        "--config",
        str(small_project / "dossier.toml"),
        "--questions",
        str(questions),
        "--out",
        str(tmp_path / "o"),
    )
    assert code == 0, output
    answers = json.loads((tmp_path / "o" / "dossier.json").read_text())["answers"]
    assert [a["question_id"] for a in answers] == ["Y1"]


@pytest.mark.parametrize(
    ("csv_text", "message"),
    [
        ("id,section\nQ1,x\n", "no 'question' column"),
        ("id,question\nQ1,a?\nQ1,b?\n", "duplicate id 'Q1'"),
        ("", "empty file"),
    ],
)
def test_bad_questionnaire_is_one_line_exit_2(
    small_project: Path, tmp_path: Path, csv_text: str, message: str
) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(csv_text)
    code, output = run(
        "build",
        "--config",
        str(small_project / "dossier.toml"),
        "--questions",
        str(bad),
        "--out",
        str(tmp_path / "o"),
    )
    assert code == 2
    assert message in output and str(bad) in output
    assert "Traceback" not in output
    assert not (tmp_path / "o" / "dossier.json").exists()


def test_missing_corpus_and_questionnaire_exit_2(small_project: Path, tmp_path: Path) -> None:
    code, output = run(
        "build",
        "--config",
        str(small_project / "dossier.toml"),
        "--corpus",
        str(tmp_path / "nope"),
        "--out",
        str(tmp_path / "o"),
    )
    assert code == 2 and "corpus folder does not exist" in output
    code, output = run(
        "build",
        "--config",
        str(small_project / "dossier.toml"),
        "--questions",
        str(tmp_path / "q.csv"),
    )
    assert code == 2 and "questionnaire not found" in output


def test_bad_config_names_the_key(tmp_path: Path) -> None:
    config = tmp_path / "dossier.toml"
    config.write_text('corpus = "c"\nquestions = "q.csv"\n[retrieval]\nrrf_k = "ten"\n')
    code, output = run("build", "--config", str(config))
    assert code == 2 and "retrieval.rrf_k" in output


def test_a_search_depth_no_corpus_needs_is_refused(tmp_path: Path) -> None:
    """Found by an adversarial review: it stopped the build with a Rust panic."""
    config = tmp_path / "dossier.toml"
    config.write_text(
        'corpus = "c"\nquestions = "q.csv"\n[retrieval]\nlexical_depth = 9223372036854775807\n'
    )
    code, output = run("build", "--config", str(config))
    assert code == 2, output
    assert f"Error: {config}: 'retrieval.lexical_depth' must be at most 1000000" in output


@pytest.mark.slow
def test_a_second_build_on_the_same_folder_is_refused(small_project: Path) -> None:
    from dossier.common.atomic import output_lock

    out = small_project / "locked-out"
    with output_lock(out):
        code, output = run(
            "build", "--config", str(small_project / "dossier.toml"), "--out", str(out)
        )
    assert code == 1
    assert "in use by dossier (pid" in output and str(out) in output
    assert not (out / "dossier.json").exists()
    with output_lock(out):  # a first build under way: review names it
        code, output = run("review", "--out", str(out), "--reviewer", "Ada", "--approve-all")
    assert code == 2 and "no dossier yet; dossier (pid" in output, output
    code, output = run("build", "--config", str(small_project / "dossier.toml"), "--out", str(out))
    assert code == 0, output  # the lock is released with its holder


@pytest.mark.parametrize(
    ("flags", "expected"),
    [
        (["--out", ""], "Invalid value for '--out': an empty path"),
        (["--corpus", " "], "Invalid value for '--corpus': an empty path"),
        (["--config", "."], ".: cannot be read as a config file (Is a directory)"),
    ],
)
def test_paths_that_name_nothing_usable_exit_2(
    small_project: Path, flags: list[str], expected: str
) -> None:
    config = ["--config", str(small_project / "dossier.toml")] if "--config" not in flags else []
    code, output = run("build", *config, *flags)
    assert code == 2 and expected in output, output
    assert "Internal error" not in output


def test_an_output_folder_that_is_a_file_exit_2(small_project: Path, tmp_path: Path) -> None:
    taken = tmp_path / "report.txt"
    taken.write_text("keep me")
    code, output = run(
        "build", "--config", str(small_project / "dossier.toml"), "--out", str(taken)
    )
    assert code == 2 and f"{taken}: is a file; --out" in output, output
    assert taken.read_text() == "keep me"
    below = taken / "out"  # a folder that cannot be made, as a file is in its way
    code, output = run(
        "build", "--config", str(small_project / "dossier.toml"), "--out", str(below)
    )
    assert code == 2 and f"since {taken} is a file" in output, output


def test_a_corpus_where_nothing_can_be_read_exit_2(tmp_path: Path) -> None:
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "scan.pdf").write_bytes(b"not a pdf")
    (tmp_path / "corpus" / "empty.md").write_text("---\ntitle: Empty\n---\n")
    (tmp_path / "q.csv").write_text("id,question\nQ1,Is data encrypted at rest?\n")
    code, output = run(
        "build",
        "--corpus",
        str(tmp_path / "corpus"),
        "--questions",
        str(tmp_path / "q.csv"),
        "--out",
        str(tmp_path / "out"),
    )
    assert code == 2, output
    assert "no document could be read: empty.md: no text to index" in output
    assert "scan.pdf: " in output
    assert not (tmp_path / "out" / "dossier.json").exists()


def test_a_reader_that_leaves_early_is_not_reported_as_an_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`dossier diff | head`: the pipe closes; the command ends quietly, as a shell
    reports SIGPIPE, without "Error: Broken pipe"."""
    from dossier import cli

    with pytest.raises(SystemExit) as ended, cli._reported(debug=False):
        raise BrokenPipeError(32, "Broken pipe")
    assert ended.value.code == 141
    assert capsys.readouterr().err == ""


def test_a_long_stage_reports_each_tenth_as_a_line_in_a_log() -> None:
    from dossier.cli import LineProgress

    lines: list[str] = []
    progress = LineProgress("Answering questions", 5000, lines.append)
    for _ in range(5000):
        progress.advance(1)
    assert len(lines) == 10
    assert lines[0] == "Answering questions: 500/5000 (10%)"
    assert lines[-1] == "Answering questions: 5000/5000 (100%)"


def test_a_short_stage_prints_no_progress_lines() -> None:
    from dossier.cli import LONG_STAGE, LineProgress

    lines: list[str] = []
    progress = LineProgress("Indexing passages", LONG_STAGE - 1, lines.append)
    for _ in range(LONG_STAGE - 1):
        progress.advance(1)
    assert lines == []


@pytest.mark.slow
def test_a_build_logged_to_a_file_shows_progress(tmp_path: Path) -> None:
    """Redirected stderr (CliRunner's is no terminal) gets the progress lines of a
    stage of at least LONG_STAGE items."""
    from dossier.cli import LONG_STAGE

    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "policy.md").write_text("# Access\n\nAccess is reviewed quarterly.\n")
    rows = "".join(f"Q{i},Is access reviewed?\n" for i in range(LONG_STAGE))
    (tmp_path / "q.csv").write_text("id,question\n" + rows)
    arguments = ["build", "--corpus", str(corpus), "--questions", str(tmp_path / "q.csv")]
    result = CliRunner().invoke(main, [*arguments, "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    assert f"Answering questions: {LONG_STAGE}/{LONG_STAGE} (100%)" in result.stderr
