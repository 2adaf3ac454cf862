"""An XLSX questionnaire answered in place, end to end through the CLI."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

import dossier.index.embed
from dossier.cli import main
from tests.fakes import HashingEmbedder
from tests.unit.test_workbook import vendor_workbook

ROOT = Path(__file__).resolve().parents[2]


def test_vendor_workbook_is_answered_in_place(tmp_path: Path) -> None:
    source = vendor_workbook(tmp_path / "acme.xlsx")
    args = [
        "build",
        "--corpus",
        str(ROOT / "corpus"),
        "--questions",
        str(source),
        "--out",
        str(tmp_path / "out"),
    ]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert "sheet 'Instructions' skipped" in result.output
    answered = openpyxl.load_workbook(tmp_path / "out" / "acme.answered.xlsx")
    sheet = answered["Security"]
    assert "Multi-factor authentication" in sheet["C5"].value
    assert sheet["D5"].value == "keep me"  # Notes untouched
    assert sheet["A1"].value == "Acme Vendor Security Questionnaire 2026" and sheet["A1"].font.bold
    assert sheet["A2"].value == "Please answer every question."
    assert sheet["C8"].value.startswith("The documents do not answer")  # escrow: abstains
    assert answered["Instructions"]["A1"].value == "Return this file to procurement@acme.example."
    dossier = json.loads((tmp_path / "out" / "dossier.json").read_text())
    assert [a["question_id"] for a in dossier["answers"]] == ["AC.1", "Security!R7", "2"]
    assert dossier["build"]["questionnaire_notes"]


@pytest.mark.slow
def test_the_answered_workbook_is_signed_and_follows_review(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The answered copy is what goes back to the vendor: the manifest lists it, a
    reviewer's edit reaches it, a rebuild with nothing to redo leaves it (and the
    signature) alone, and verify names it when it is altered."""
    monkeypatch.setattr(dossier.index.embed, "MiniLMEmbedder", HashingEmbedder)
    source = vendor_workbook(tmp_path / "acme.xlsx")
    out = tmp_path / "out"
    build = ["build", "--corpus", ROOT / "corpus", "--questions", source, "--out", out]
    assert run(*build)[0] == 0
    answered = out / "acme.answered.xlsx"
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["artefacts"]["acme.answered.xlsx"] == sha256(answered)

    code, output = run(
        "review", "--out", out, "--reviewer", "Ada", "--edit", "AC.1", "--text", "Yes, always."
    )
    assert code == 0, output
    assert openpyxl.load_workbook(answered)["Security"]["C5"].value == "Yes, always."
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["artefacts"]["acme.answered.xlsx"] == sha256(answered)

    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("keygen", "--out", tmp_path / "key")[0] == 0
    code, output = run("sign", "--out", out, "--key", tmp_path / "key")
    assert code == 0, output
    assert "acme.answered.xlsx" in (out / "SHA256SUMS").read_text()
    signed = answered.read_bytes()
    code, output = run(*build)
    assert code == 0 and "Up to date" in output, output
    assert answered.read_bytes() == signed
    assert run("verify", "--out", out)[0] == 0

    book = openpyxl.load_workbook(answered)
    book["Security"]["C5"] = "Something else."
    book.save(answered)
    code, output = run("verify", "--out", out)
    assert code == 1 and "acme.answered.xlsx: changed since signing" in output, output


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def run(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output
