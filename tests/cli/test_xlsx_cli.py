"""An XLSX questionnaire answered in place, end to end through the CLI."""

from __future__ import annotations

import hashlib
import json
import zipfile
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import openpyxl
import pytest
from click.testing import CliRunner

import dossier.index.embed
from dossier.cli import main
from tests.fakes import HashingEmbedder
from tests.unit.test_workbook import vendor_workbook
from tests.vendor_workbooks import CAIQ_HEADERS, X14_VALIDATIONS, caiq_v4, sig_lite_x14

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
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
    # escrow: abstains, the short answer first in the free-text Response column
    assert sheet["C8"].value.startswith("Not covered: the documents do not answer")
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


CAIQ_CHOICES = ("Yes", "No")  # of the list Yes,No,NA: NA is a claim the build never makes


def caiq_rows(out: Path) -> list[tuple[dict[str, Any], tuple[Any, ...]]]:
    """Each answer of the dossier in ``out`` with its CAIQ row: (answer, cells C..F)."""
    sheet = openpyxl.load_workbook(out / "caiq.answered.xlsx")["CAIQv4"]
    answers = json.loads((out / "dossier.json").read_text())["answers"]
    return [(a, tuple(sheet[f"{c}{a['fields']['row']}"] for c in "CDEF")) for a in answers]


def test_a_caiq_workbook_is_answered_as_its_columns_ask_reviewed_and_signed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dossier.index.embed, "MiniLMEmbedder", HashingEmbedder)
    source = caiq_v4(tmp_path / "caiq.xlsx")
    out = tmp_path / "out"
    code, output = run("build", "--corpus", ROOT / "corpus", "--questions", source, "--out", out)
    assert code == 0, output
    rows = caiq_rows(out)
    assert [a["question_id"] for a, _ in rows] == ["IAM-01.1", "IAM-02.1", "DSP-01.1", "DSP-02.1"]
    for answer, (choice, owner, text, customer) in rows:
        first = answer["short_answer"].split(";")[0]  # "Yes; annually": the Yes goes in
        assert choice.value == (first if first in CAIQ_CHOICES else None), answer["question_id"]
        assert owner.value is None and customer.value is None  # ownership: left alone
        assert text.value and text.comment.text.startswith("Draft: awaiting review")
        if answer["verdict"] == "unsupported":
            assert text.value.startswith("Not covered: the documents do not answer")
    assert any(a["verdict"] == "unsupported" for a, _ in rows)  # escrow: not in the corpus

    reason = "Ask security for the MFA standard"
    code, output = run(
        "review", "--out", out, "--reviewer", "Ada", "--reject", "IAM-01.1", "--reason", reason
    )
    assert code == 0, output
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    rows = caiq_rows(out)
    (_, (choice, _, text, _)), *others = rows
    assert choice.value is None and text.value is None
    assert text.comment.text.startswith("Rejected by Ada at ") and reason in text.comment.text
    assert all(cells[2].value and cells[2].comment is None for _, cells in others)  # approved

    assert run("keygen", "--out", tmp_path / "key")[0] == 0
    code, output = run("sign", "--out", out, "--key", tmp_path / "key")
    assert code == 0, output
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["artefacts"]["caiq.answered.xlsx"] == sha256(out / "caiq.answered.xlsx")
    assert run("verify", "--out", out)[0] == 0


@pytest.mark.slow
def test_a_sheet_without_a_column_for_the_answers_is_named_and_not_signed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dossier.index.embed, "MiniLMEmbedder", HashingEmbedder)
    headers = list(CAIQ_HEADERS)
    headers[2], headers[4] = "Provider Statement", "Provider Detail"
    source = caiq_v4(tmp_path / "caiq.xlsx", headers=headers, validation=False)
    out = tmp_path / "out"
    code, output = run("build", "--corpus", ROOT / "corpus", "--questions", source, "--out", out)
    assert code == 0, output
    named = "caiq.xlsx: sheet 'CAIQv4': 4 questions but no column to write the answers in"
    assert named in output and "'Provider Statement'" in output
    assert "[questionnaire] answer_column" in output
    notes = json.loads((out / "dossier.json").read_text())["build"]["questionnaire_notes"]
    assert any(note.startswith(named) for note in notes)
    assert named in (out / "dossier.md").read_text()

    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("keygen", "--out", tmp_path / "key")[0] == 0
    code, output = run("sign", "--out", out, "--key", tmp_path / "key")
    assert code == 1
    assert "cannot sign: no answer was written into the answered workbook" in output
    assert "Traceback" not in output and not (out / "manifest.sig").exists()

    config = tmp_path / "dossier.toml"
    config.write_text(
        f'corpus = "{ROOT / "corpus"}"\nquestions = "{source}"\nout = "{out}"\n'
        '[questionnaire]\nanswer_column = "Provider Statement"\n'
    )
    assert run("build", "--config", config)[0] == 0
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    code, output = run("sign", "--out", out, "--key", tmp_path / "key")
    assert code == 0, output


def test_a_build_of_another_questionnaire_removes_the_earlier_answered_workbook(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder's last manifest listed acme.answered.xlsx; a build of a CSV
    questionnaire into the same folder must not leave it there, outside the new
    manifest, holding the earlier answers. A file the manifest never listed stays."""
    monkeypatch.setattr(dossier.index.embed, "MiniLMEmbedder", HashingEmbedder)
    out = tmp_path / "out"
    corpus = ["--corpus", str(ROOT / "corpus"), "--out", str(out)]
    source = vendor_workbook(tmp_path / "acme.xlsx")
    result = CliRunner().invoke(main, ["build", *corpus, "--questions", str(source)])
    assert result.exit_code == 0, result.output
    assert (out / "acme.answered.xlsx").is_file()
    mine = out / "notes.answered.xlsx"  # the user's own file, never in a manifest
    mine.write_bytes(b"kept")
    questions = tmp_path / "questions.csv"
    questions.write_text("id,question\nQ1,Is MFA required?\n")
    result = CliRunner().invoke(main, ["build", *corpus, "--questions", str(questions)])
    assert result.exit_code == 0, result.output
    assert not (out / "acme.answered.xlsx").exists()
    assert mine.read_bytes() == b"kept"
    manifest = json.loads((out / "manifest.json").read_text())
    assert not [name for name in manifest["artefacts"] if name.endswith(".xlsx")]


def test_sign_says_a_kept_questionnaire_modified_after_the_build_was_modified(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The vendor's workbook kept under cache/questionnaire/ is what sign writes the
    answers into; a copy whose bytes changed after the build was reported as not kept,
    and building again, as the message said, kept the changed copy (or, up to date,
    none): sign refused again."""
    monkeypatch.setattr(dossier.index.embed, "MiniLMEmbedder", HashingEmbedder)
    source = caiq_v4(tmp_path / "caiq.xlsx")
    out = tmp_path / "out"
    assert run("build", "--corpus", ROOT / "corpus", "--questions", source, "--out", out)[0] == 0
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("keygen", "--out", tmp_path / "key")[0] == 0
    built = sha256(source)
    kept = out / "cache" / "questionnaire" / f"{built}.xlsx"
    kept.write_bytes(kept.read_bytes() + b"\0")
    code, output = run("sign", "--out", out, "--key", tmp_path / "key")
    assert code == 1 and not (out / "manifest.sig").exists()
    assert "not kept" not in output, output
    assert f"{kept.name}: modified after the build" in " ".join(output.split()), output
    assert f"sha256 {sha256(kept)[:12]}…, not {built[:12]}…" in output, output
    build = ["build", "--corpus", ROOT / "corpus", "--questions", source, "--out", out]
    assert run(*build)[0] == 0
    assert sha256(kept) == built
    code, output = run("sign", "--out", out, "--key", tmp_path / "key")
    assert code == 0, output

    kept.unlink()
    code, output = run("sign", "--out", out, "--key", tmp_path / "key")
    assert code == 1 and "is not kept there; build again" in output, output
    code, output = run(*build)
    assert code == 0 and "Up to date" in output, output
    assert sha256(kept) == built
    assert run("sign", "--out", out, "--key", tmp_path / "key")[0] == 0


def test_an_x14_dropdown_workbook_is_answered_with_its_dropdowns_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """SIG Lite as Excel saves it (the Response list in the x14 extension): the build
    reads Response as a Yes/No/N/A choice, and the copy keeps the dropdown."""
    monkeypatch.setattr(dossier.index.embed, "MiniLMEmbedder", HashingEmbedder)
    source = sig_lite_x14(tmp_path / "sig.xlsx")
    out = tmp_path / "out"
    code, output = run("build", "--corpus", ROOT / "corpus", "--questions", source, "--out", out)
    assert code == 0, output
    assert "Data Validation extension is not supported" not in output
    answered = out / "sig.answered.xlsx"
    sheet = openpyxl.load_workbook(answered)["Lite"]
    for row in (4, 5, 6):
        assert sheet[f"C{row}"].value in ("Yes", "No", None)  # a choice, never prose
        assert sheet[f"D{row}"].value  # the prose beside it
    with zipfile.ZipFile(answered) as archive:
        lite = ET.fromstring(archive.read("xl/worksheets/sheet2.xml"))
    assert lite[-1].tag.endswith("}extLst")
    assert lite[-1][0].get("uri") == X14_VALIDATIONS
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("keygen", "--out", tmp_path / "key")[0] == 0
    code, output = run("sign", "--out", out, "--key", tmp_path / "key")
    assert code == 0, output
    with zipfile.ZipFile(answered) as archive:
        assert ET.fromstring(archive.read("xl/worksheets/sheet2.xml"))[-1][0].get("uri") == (
            X14_VALIDATIONS
        )
