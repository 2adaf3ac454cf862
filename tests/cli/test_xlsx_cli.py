"""An XLSX questionnaire answered in place, end to end through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import openpyxl
from click.testing import CliRunner

from dossier.cli import main
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
