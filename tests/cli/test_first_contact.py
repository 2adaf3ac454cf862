"""A new user's first commands (issue 15): a mistyped path reported at once, failed
commands that leave nothing behind, help and README that agree with what the
commands accept and with each other."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from dossier.cli import main

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text()


def run(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


CHECK_IMPORTS = """
import sys, time
start = time.perf_counter()
from dossier.cli import main
try:
    main(sys.argv[1:], standalone_mode=False)
except SystemExit as stop:
    code = stop.code
print("seconds", round(time.perf_counter() - start, 3))
names = ("torch", "faiss", "tantivy", "weasyprint", "dossier.build")
heavy = [m for m in names if m in sys.modules]
print("heavy", ",".join(heavy) or "none")
"""


def _first_contact(tmp_path: Path, *args: str) -> tuple[str, float, str]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", CHECK_IMPORTS, *args],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    wall = time.perf_counter() - started
    heavy = done.stdout.split("heavy ")[-1].strip()
    return done.stderr + done.stdout, wall, heavy


def test_a_mistyped_corpus_is_reported_before_anything_heavy_loads(tmp_path: Path) -> None:
    """It took 7 s: the embedding stack loaded before the arguments were checked."""
    output, wall, heavy = _first_contact(
        tmp_path,
        "build",
        "--corpus",
        "/nonexistent",
        "--questions",
        str(ROOT / "questions" / "demo.csv"),
        "--out",
        "m1",
    )
    assert "Error: /nonexistent: corpus folder does not exist" in output
    assert heavy == "none", output
    assert not (tmp_path / "m1").exists()
    print(f"path error reported after {wall:.2f} s (process start included)")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["build", "--corpus", "corpus"], "'questions' is not set"),
        (["build", "--corpus", "corpus", "--questions", "q.docx"], "unsupported questionnaire"),
        (["build", "--corpus", "corpus", "--questions", "nope.csv"], "questionnaire not found"),
    ],
)
def test_a_missing_setting_or_file_is_reported_before_anything_heavy_loads(
    tmp_path: Path, args: list[str], message: str
) -> None:
    (tmp_path / "corpus").mkdir()
    (tmp_path / "q.docx").write_text("x")
    output, _, heavy = _first_contact(tmp_path, *args)
    assert message in output and heavy == "none", output
    assert not (tmp_path / "build").exists()


@pytest.mark.parametrize("value", ["abc", "", "1.5e9", "-1"])
def test_a_malformed_source_date_epoch_is_reported_before_anything_heavy_loads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    """Found by an adversarial review: SOURCE_DATE_EPOCH=abc failed the build only when
    the PDF was laid out, after every answer was made ("Internal error: ValueError:
    invalid literal for int()", exit 1)."""
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "a.md").write_text("# A\n\nData is encrypted at rest.\n")
    (tmp_path / "q.csv").write_text("id,question\nQ1,Is data encrypted at rest?\n")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    args = ["build", "--corpus", "corpus", "--questions", "q.csv", "--out", "m1"]
    output, _, heavy = _first_contact(tmp_path, *args)
    assert f"Error: SOURCE_DATE_EPOCH={value!r} is not a time in whole seconds" in output
    assert heavy == "none", output
    assert not (tmp_path / "m1").exists()


def test_a_failed_build_leaves_no_folder_it_created(tmp_path: Path) -> None:
    """The corpus exists but nothing in it can be read: the build fails after it
    took the output folder's lock. It made the folder, so it removes it."""
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "empty.md").write_text("---\ntitle: Empty\n---\n")
    (tmp_path / "q.csv").write_text("id,question\nQ1,Is data encrypted at rest?\n")
    code, output = run(
        "build",
        "--corpus",
        tmp_path / "corpus",
        "--questions",
        tmp_path / "q.csv",
        "--out",
        tmp_path / "m1",
    )
    assert code == 2 and "no document could be read" in output
    assert not (tmp_path / "m1").exists()
    (tmp_path / "kept").mkdir()
    (tmp_path / "kept" / "notes.txt").write_text("mine")
    code, _ = run(
        "build",
        "--corpus",
        tmp_path / "corpus",
        "--questions",
        tmp_path / "q.csv",
        "--out",
        tmp_path / "kept",
    )
    assert code == 2
    assert sorted(p.name for p in (tmp_path / "kept").iterdir()) == ["notes.txt"]


@pytest.mark.parametrize("command", ["review", "sign", "render"])
def test_a_mistyped_output_folder_is_not_created(tmp_path: Path, command: str) -> None:
    extra = {"review": ["--reviewer", "Ada", "--approve-all"], "sign": ["--key", "k.pem"]}
    code, output = run(command, "--out", tmp_path / "biuld", *extra.get(command, []))
    assert code == 2 and f"{tmp_path / 'biuld'}: no dossier here" in output, output
    assert not (tmp_path / "biuld").exists()


def test_help_names_every_suffix_the_readme_accepts() -> None:
    output = " ".join(run("build", "--help")[1].split())
    for suffix in (".md", ".markdown", ".txt", ".pdf", ".csv", ".yaml", ".yml", ".xlsx", ".xlsm"):
        assert suffix in output
    for suffix in (".yml", ".xlsm", ".markdown"):
        assert suffix in README


def test_readme_usage_lists_every_command() -> None:
    usage = README.split("## Usage", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    listed = set(re.findall(r"^dossier (\w+)", usage, re.M))
    assert listed >= set(main.commands), set(main.commands) - listed


def test_readme_keeps_the_private_key_out_of_the_working_tree() -> None:
    key_paths = re.findall(r"dossier keygen --out (\S+)", README)
    assert key_paths
    ignored = (ROOT / ".gitignore").read_text().split()
    for path in key_paths:
        assert path.startswith("~") or path.split("/")[0] + "/" in ignored, path
    assert "keys/" in ignored and "*.pem" in ignored


@pytest.mark.parametrize(
    "command",
    [
        ["status", "--corpus", "corpus", "--questions", "q.csv"],
        ["diff"],
        ["explain", "Q1"],
        ["verify"],
        ["review", "--reviewer", "Ada", "--approve-all"],
        ["render"],
        ["sign", "--key", "k.pem"],
        ["eval", "--labels", "labels.jsonl"],
    ],
)
def test_an_output_folder_that_is_a_file_is_named_as_such(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: list[str]
) -> None:
    """Found by an adversarial review: `status --out FILE` said every answer would be
    recomputed (exit 0) where the build refuses the folder (exit 2), and diff, explain
    and verify said 'FILE/history/index.json: Not a directory' (exit 1)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "a.md").write_text("# A\n\nData is encrypted at rest.\n")
    (tmp_path / "q.csv").write_text("id,question\nQ1,Is data encrypted at rest?\n")
    (tmp_path / "notes.txt").write_text("mine")
    code, output = run(*command, "--out", "notes.txt")
    assert code == 2, output
    assert "Error: notes.txt: is a file; --out (or 'out') names the output folder" in output
    assert (tmp_path / "notes.txt").read_text() == "mine"


def test_verify_names_an_output_folder_that_is_not_there(tmp_path: Path) -> None:
    """Found by an adversarial review: `verify --out biuld` said 'biuld/manifest.json:
    missing; the dossier is not signed' (exit 1), a failed check of a dossier that
    does not exist; the other commands call a mistyped folder a usage error."""
    code, output = run("verify", "--out", tmp_path / "biuld")
    assert code == 2, output
    assert f"Error: {tmp_path / 'biuld'}: no such folder (no dossier was built there)" in output
    assert not (tmp_path / "biuld").exists()
