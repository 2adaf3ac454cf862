"""Review, keygen, sign and verify as a user runs them, on a small built dossier."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import signal
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from dossier.cli import main
from dossier.common.atomic import write_atomic
from dossier.output import render
from dossier.review import signing
from dossier.review.reverify import markdown_problem, reviewed_dossier
from tests.conftest import seed_vectors

ROOT = Path(__file__).resolve().parents[2]


def run(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory, demo_vectors: Path) -> Path:
    project = tmp_path_factory.mktemp("signing")
    seed_vectors(demo_vectors, project / "out")
    (project / "q.csv").write_text(
        "id,question\n"
        "S1,Is multi-factor authentication required for workforce accounts?\n"
        "S2,How long are invoices retained?\n"
        "S3,Do you offer source code escrow?\n"
    )
    code, output = run(
        "build",
        "--corpus",
        ROOT / "corpus",
        "--questions",
        project / "q.csv",
        "--out",
        project / "out",
    )
    assert code == 0, output
    return project / "out"


@pytest.fixture
def out(built: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "out"
    shutil.copytree(built, copy, ignore=shutil.ignore_patterns("index", "vectors"))
    return copy


@pytest.fixture(scope="module")
def keys(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("keys")
    code, output = run("keygen", "--out", folder / "signer.pem")
    assert code == 0, output
    code, output = run("keygen", "--out", folder / "other.pem")
    assert code == 0, output
    return folder / "signer.pem", folder / "other.pem.pub"


def _reviews(out: Path) -> dict[str, dict[str, str]]:
    return {
        a["question_id"]: a["review"]
        for a in json.loads((out / "dossier.json").read_text())["answers"]
    }


def test_build_leaves_every_answer_pending(out: Path) -> None:
    assert {r["status"] for r in _reviews(out).values()} == {"pending"}


def test_signing_an_unreviewed_dossier_is_refused(out: Path, keys: tuple[Path, Path]) -> None:
    code, output = run("sign", "--out", out, "--key", keys[0])
    assert code == 1
    assert "3 answers await review" in output
    assert not (out / "manifest.sig").exists()


def test_review_records_reviewer_time_and_reason(out: Path) -> None:
    code, output = run(
        "review", "--out", out, "--reviewer", "Ada", "--reject", "S3", "--reason", "Ask Legal"
    )
    assert code == 0, output
    code, output = run("review", "--out", out, "--reviewer", "Grace", "--approve", "S1")
    assert code == 0 and "1 answer still pending" in output
    reviews = _reviews(out)
    assert reviews["S3"]["status"] == "rejected" and reviews["S3"]["reason"] == "Ask Legal"
    assert reviews["S1"]["reviewer"] == "Grace" and reviews["S1"]["at"].endswith("Z")
    assert reviews["S2"]["status"] == "pending"
    assert "rejected by Ada" in (out / "dossier.md").read_text()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--reject", "S1"], "needs --reason"),
        (["--approve", "NOPE"], "no such question in this dossier: NOPE"),
        (["--approve"], "name the questions"),
        ([], "choose one of"),
        # found by an adversarial review: the text was silently discarded (exit 0)
        (["--approve", "S1", "--text", "No, never."], "--text needs --edit"),
        (["--reject", "S2", "--reason", "x", "--text", "No."], "--text needs --edit"),
        (["--approve-all", "--text", "No."], "--text needs --edit"),
    ],
)
def test_bad_review_requests_exit_2(out: Path, args: list[str], message: str) -> None:
    before = (out / "dossier.json").read_bytes()
    code, output = run("review", "--out", out, "--reviewer", "Ada", *args)
    assert code == 2 and message in output
    assert (out / "dossier.json").read_bytes() == before


def test_build_review_sign_verify_and_tamper(out: Path, keys: tuple[Path, Path]) -> None:
    private, other_public = keys
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    answers = len(json.loads((out / "dossier.json").read_text())["answers"])
    summary = (out / "dossier.md").read_text().split("**Scope.**")[0]
    assert f"- Review: every answer ({answers}) decided by Ada." in summary
    assert "pending" not in summary
    code, output = run("sign", "--out", out, "--key", private)
    assert code == 0, output
    manifest = json.loads((out / "manifest.json").read_text())
    assert set(manifest["artefacts"]) == {
        "dossier.json",
        "dossier.md",
        "dossier.pdf",
        "review.json",
    }
    assert {r["status"] for r in manifest["reviews"]} == {"approved"}
    assert run("verify", "--out", out, "--pubkey", Path(f"{private}.pub"))[0] == 0

    code, output = run("verify", "--out", out, "--pubkey", other_public)
    assert code == 1 and "not by the given key" in output

    for name in ("dossier.json", "dossier.md", "dossier.pdf"):
        original = (out / name).read_bytes()
        flipped = bytearray(original)
        flipped[len(flipped) // 2] ^= 0x01
        (out / name).write_bytes(bytes(flipped))
        code, output = run("verify", "--out", out, "--pubkey", Path(f"{private}.pub"))
        assert code == 1 and f"{name}: changed since signing" in output
        (out / name).write_bytes(original)
    assert run("verify", "--out", out)[0] == 0


def test_verify_checks_allowed_signers_and_names_a_broken_manifest(
    out: Path, keys: tuple[Path, Path]
) -> None:
    """Found by an adversarial review: with allowed_signers deleted or naming another
    key, verify said OK while ssh-keygen -Y verify failed; a manifest.json that is
    not JSON was reported as 'manifest.sig: not a dossier signature'."""
    from dossier.review.signing import verify

    private, other_public = keys
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("sign", "--out", out, "--key", private)[0] == 0
    pubkey = Path(f"{private}.pub")
    allowed = (out / "allowed_signers").read_text()
    signer = run("verify", "--out", out)[1].split("signed by ")[1].split()[0]
    ssh_other = Path(str(other_public).replace(".pub", ".ssh.pub")).read_text().split()[:2]
    (out / "allowed_signers").write_text(f"dossier-signer {' '.join(ssh_other)}\n")
    assert verify(out, pubkey).problems == (
        f"allowed_signers: does not name the signing key {signer} for dossier-signer "
        "(ssh-keygen -Y verify with it would fail)",
    )
    code, output = run("verify", "--out", out, "--pubkey", pubkey)
    assert code == 1 and "allowed_signers: does not name the signing key" in output, output
    (out / "allowed_signers").unlink()
    code, output = run("verify", "--out", out, "--pubkey", pubkey)
    assert code == 1 and "allowed_signers: missing" in output, output
    (out / "allowed_signers").write_text(allowed)
    assert run("verify", "--out", out, "--pubkey", pubkey)[0] == 0

    (out / "manifest.json").write_text("{not json")
    code, output = run("verify", "--out", out, "--pubkey", pubkey)
    assert code == 1, output
    assert f"{out / 'manifest.json'}: not valid JSON (" in output
    assert "manifest.sig" not in output


@pytest.mark.slow
def test_a_new_review_after_signing_invalidates_the_signature(
    out: Path, keys: tuple[Path, Path]
) -> None:
    run("review", "--out", out, "--reviewer", "Ada", "--approve-all")
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0
    code, output = run(
        "review", "--out", out, "--reviewer", "Bob", "--reject", "S1", "--reason", "stale"
    )
    assert "Signature removed: manifest.sig, SHA256SUMS, SHA256SUMS.sig, allowed_signers" in output
    code, output = run("verify", "--out", out)
    assert code == 1 and "not signed" in output


def test_a_review_that_changes_nothing_leaves_a_signed_folder_as_it_was(
    out: Path, keys: tuple[Path, Path]
) -> None:
    """Found by an adversarial review: approve-all on a signed, fully reviewed folder
    recorded 0 decisions and removed the signature and dossier.pdf."""
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    code, output = run("review", "--out", out, "--reviewer", "Zed", "--approve-all")
    assert code == 0 and output == "Nothing to record: no answer awaits review\n", output
    code, output = run("review", "--out", out, "--reviewer", "Ada", "--approve", "S1", "S2")
    assert code == 0, output
    assert "Already recorded: S1, S2 approved by Ada" in output
    assert "Nothing to record: nothing changed" in output and "Signature removed" not in output
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before
    assert run("verify", "--out", out)[0] == 0


@pytest.mark.slow
def test_rebuild_keeps_decisions_for_unchanged_answers(built: Path, tmp_path: Path) -> None:
    project = built.parent
    out = tmp_path / "rebuild"
    shutil.copytree(built, out)
    run("review", "--out", out, "--reviewer", "Ada", "--approve", "S1", "S2")
    code, output = run(
        "build", "--corpus", ROOT / "corpus", "--questions", project / "q.csv", "--out", out
    )
    assert code == 0, output
    reviews = _reviews(out)
    assert reviews["S1"]["status"] == "approved" and reviews["S2"]["status"] == "approved"
    assert reviews["S3"]["status"] == "pending"


@pytest.mark.slow
def test_an_edit_lapses_when_its_question_changes(built: Path, tmp_path: Path) -> None:
    """Found by an adversarial review: the build said the edited answer "came out as
    judged; their decisions hold" and the dossier showed the new question over the
    old edit, signed; an approval in its place lapses (question changed)."""
    out = tmp_path / "asked-anew"
    shutil.copytree(built, out)
    quoted = "Multi-factor authentication (MFA) is required for all workforce accounts"
    text = f"Yes. “{quoted}”."
    assert run("review", "--out", out, "--reviewer", "Ada", "--edit", "S1", "--text", text)[0] == 0
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    changed = tmp_path / "q.csv"
    original = (built.parent / "q.csv").read_text()
    changed.write_text(original.replace("required for workforce", "optional for contractor"))
    code, output = run("build", "--corpus", ROOT / "corpus", "--questions", changed, "--out", out)
    assert code == 0, output
    assert "S1: was edited by Ada at " in output and "; question changed" in output, output
    assert "their decisions hold (S1" not in output
    assert _reviews(out)["S1"]["status"] == "pending"


def test_keygen_refuses_to_overwrite(keys: tuple[Path, Path]) -> None:
    code, output = run("keygen", "--out", keys[0])
    assert code == 2 and "refusing to overwrite" in output
    assert oct(keys[0].stat().st_mode & 0o777) == "0o600"


@pytest.mark.skipif(
    shutil.which("ssh-keygen") is None, reason="ssh-keygen (openssh-client) is not installed"
)
@pytest.mark.slow
def test_recipient_checks_with_common_tools_only(out: Path, keys: tuple[Path, Path]) -> None:
    """The README's commands: ssh-keygen -Y verify, then sha256sum -c."""
    import subprocess

    run("review", "--out", out, "--reviewer", "Ada", "--approve-all")
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0
    sums = (out / "SHA256SUMS").read_bytes()
    command = [
        "ssh-keygen",
        "-Y",
        "verify",
        "-f",
        "allowed_signers",
        "-I",
        "dossier-signer",
        "-n",
        "dossier",
        "-s",
        "SHA256SUMS.sig",
    ]
    checked = subprocess.run(command, input=sums, cwd=out, capture_output=True)
    assert checked.returncode == 0, checked.stderr
    fingerprint = run("verify", "--out", out)[1].split("signed by ")[1].split()[0]
    assert fingerprint.encode() in checked.stdout  # the same fingerprint both tools print
    assert (
        subprocess.run(["sha256sum", "-c", "SHA256SUMS"], cwd=out, capture_output=True).returncode
        == 0
    )
    tampered = sums.replace(b"dossier.md", b"dossier.MD")
    assert subprocess.run(command, input=tampered, cwd=out, capture_output=True).returncode != 0
    # dossier verify gives the verdict these tools give: an altered SHA256SUMS fails both
    assert run("verify", "--out", out)[0] == 0
    (out / "SHA256SUMS").write_bytes(sums + b"\n")
    assert subprocess.run(command, input=sums + b"\n", cwd=out, capture_output=True).returncode
    code, output = run("verify", "--out", out)
    assert code == 1, output
    assert "SHA256SUMS: not the hashes of the signed files" in output
    assert "SHA256SUMS.sig: not a signature of SHA256SUMS by the key" in output


def test_an_edit_with_a_verified_quote_is_recorded(out: Path) -> None:
    quoted = "Multi-factor authentication (MFA) is required for all workforce accounts"
    text = f"Yes. “{quoted}”, per policy."
    code, output = run("review", "--out", out, "--reviewer", "Ada", "--edit", "S1", "--text", text)
    assert code == 0, output
    answer = next(
        a
        for a in json.loads((out / "dossier.json").read_text())["answers"]
        if a["question_id"] == "S1"
    )
    assert answer["review"]["status"] == "edited" and answer["answer"] == text
    added = answer["claims"][-1]["quotes"][0]
    assert (
        added["text"] == "Multi-factor authentication (MFA) is required for all workforce accounts"
    )
    assert added["document"] == "policies/access-control.md" and added["end"] - added[
        "start"
    ] == len(added["text"])
    markdown = " ".join((out / "dossier.md").read_text().split())
    # The reviewer's answer comes first; the engine's short answer and verdict are
    # shown only as what the edit replaces, never as the answer above it.
    section = markdown.split("### S1. ")[1].split("### ")[0]
    assert section.split("**Answer, as edited by Ada:** ")[1].startswith(text)
    assert "**Answer: " not in section
    assert "The engine's answer, which this edit replaces: " in section
    # the reviewer's quote is counted among the citations, as not dated by the build
    citations = next(line for line in markdown.split("- ") if line.startswith("Citations: "))
    counts = [
        int(n)
        for n in re.findall(r"(\d+) (?:verified|stale|ageing|fresh|undated|added)", citations)
    ]
    assert counts[0] == sum(counts[1:]) and "1 added by a reviewer (not dated)" in citations
    assert not (out / "dossier.pdf").exists()  # laid out when needed, not per decision
    assert run("render", "--out", out)[0] == 0
    page_text = " ".join(
        page.extract_text() for page in PdfReader(out / "dossier.pdf").pages
    ).split()
    assert "edited by Ada: Yes." in " ".join(page_text)


@pytest.mark.slow
def test_an_edit_stands_through_later_decisions_and_rebuilds(
    built: Path, tmp_path: Path, keys: tuple[Path, Path]
) -> None:
    """An edit overlays the engine's answer: approving the other answers, editing it
    again, and rebuilding with nothing changed all keep it (it once lapsed to
    pending at the next decision, and a second edit was lost at the rebuild)."""
    project = built.parent
    out = tmp_path / "edited"
    shutil.copytree(built, out)
    quoted = "Multi-factor authentication (MFA) is required for all workforce accounts"
    first = f"Yes. “{quoted}”."
    assert run("review", "--out", out, "--reviewer", "Ada", "--edit", "S1", "--text", first)[0] == 0
    code, output = run("review", "--out", out, "--reviewer", "Bob", "--approve-all")
    assert code == 0 and "0 answers still pending" in output, output
    second = f"Yes, for every workforce account: “{quoted}”."
    assert (
        run("review", "--out", out, "--reviewer", "Ada", "--edit", "S1", "--text", second)[0] == 0
    )
    code, output = run("review", "--out", out, "--reviewer", "Bob", "--approve", "S1")
    assert code == 2 and "S1 was edited by Ada" in output, output
    answers = {
        a["question_id"]: a for a in json.loads((out / "dossier.json").read_text())["answers"]
    }
    assert answers["S1"]["answer"] == second and answers["S1"]["review"]["status"] == "edited"
    assert len(answers["S1"]["claims"]) == len(_engine_answer(built)["claims"]) + 1
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0

    code, output = run(
        "build", "--corpus", ROOT / "corpus", "--questions", project / "q.csv", "--out", out
    )
    assert code == 0 and "Up to date" in output, output
    assert run("verify", "--out", out)[0] == 0
    (out / "dossier.json").unlink()  # the next build renders everything again
    assert (
        run("build", "--corpus", ROOT / "corpus", "--questions", project / "q.csv", "--out", out)[0]
        == 0
    )
    reviews = _reviews(out)
    assert reviews["S1"]["status"] == "edited" and reviews["S1"]["reviewer"] == "Ada"
    assert {reviews["S2"]["status"], reviews["S3"]["status"]} == {"approved"}
    rebuilt = {
        a["question_id"]: a for a in json.loads((out / "dossier.json").read_text())["answers"]
    }
    assert rebuilt["S1"]["answer"] == second

    code, output = run(
        "review", "--out", out, "--reviewer", "Bob", "--reject", "S1", "--reason", "too broad"
    )
    assert code == 0, output
    rejected = {
        a["question_id"]: a for a in json.loads((out / "dossier.json").read_text())["answers"]
    }
    assert rejected["S1"]["review"]["status"] == "rejected"
    assert rejected["S1"]["answer"] == _engine_answer(built)["answer"]


@pytest.mark.slow
def test_diff_names_an_edit_as_a_review_decision_not_as_a_changed_answer(
    built: Path, tmp_path: Path
) -> None:
    """Built, edited, built again: the edit holds, so diff must not count it among
    the answers whose review decisions lapse (it did: 'prose changed')."""
    project = built.parent
    out = tmp_path / "edited"
    shutil.copytree(built, out)
    text = "Yes, for every workforce account."
    assert run("review", "--out", out, "--reviewer", "Ada", "--edit", "S1", "--text", text)[0] == 0
    (out / "dossier.json").unlink()  # rendered again: a second build in the history
    build = ["build", "--corpus", ROOT / "corpus", "--questions", project / "q.csv"]
    assert run(*build, "--out", out)[0] == 0
    code, output = run("diff", "--out", out)
    assert code == 0, output
    assert "S1: edited by Ada at " in output and "(a review decision)" in output
    assert "0 of 3 answers changed as a reviewer judges them" in output


def _engine_answer(built: Path) -> dict[str, Any]:
    answers = json.loads((built / "dossier.json").read_text())["answers"]
    return next(a for a in answers if a["question_id"] == "S1")


def test_an_edit_with_an_invented_quote_is_refused(out: Path) -> None:
    before = (out / "dossier.json").read_bytes()
    text = 'We are certified: "ISO 27001 certified since 2019"'
    code, output = run("review", "--out", out, "--reviewer", "Ada", "--edit", "S1", "--text", text)
    assert code == 2 and "edit refused" in output and "ISO 27001" in output
    assert (out / "dossier.json").read_bytes() == before


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "Yes: “MFA is optional for workforce accounts. This applies to all.",
            "the quotation mark “ at character 6",
        ),
        ('Yes: "MFA is optional for workforce accounts.”', "the quote “MFA is optional"),
        ("Yes: ‘MFA is optional for workforce accounts.’", "the quote “MFA is optional"),
        ("Yes: «MFA is optional for workforce accounts.»", "the quote “MFA is optional"),
        ("Yes: MFA is optional for workforce accounts.”", "the quotation mark ” at character"),
    ],
)
def test_an_edit_whose_quotation_marks_hide_a_made_up_quote_is_refused(
    out: Path, text: str, message: str
) -> None:
    """Found by an adversarial review: an unclosed “, or a pair other than “…” and
    "…", put words the corpus does not hold in the signed dossier as verified."""
    before = (out / "dossier.json").read_bytes()
    code, output = run("review", "--out", out, "--reviewer", "Ada", "--edit", "S1", "--text", text)
    assert code == 2 and "S1: edit refused: " + message in output, output
    assert (out / "dossier.json").read_bytes() == before


def test_an_edit_quoting_an_archived_document_is_refused_naming_it(out: Path) -> None:
    """Found by an adversarial review: a quote of the archived remote-work policy was
    recorded, and shown as a verified fact, with nothing saying it is archived."""
    before = (out / "dossier.json").read_bytes()
    text = "Yes: “Laptops must lock the screen after 10 minutes of inactivity.”"
    code, output = run("review", "--out", out, "--reviewer", "Ada", "--edit", "S1", "--text", text)
    assert code == 2, output
    assert "is only in documents not in force" in output
    assert "policies/remote-work-2019.md has status 'archived'" in output
    assert (out / "dossier.json").read_bytes() == before


def test_a_key_path_that_is_a_folder_is_one_line(out: Path, tmp_path: Path) -> None:
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    (tmp_path / "keys").mkdir()
    code, output = run("sign", "--out", out, "--key", tmp_path / "keys")
    assert code == 2 and f"{tmp_path / 'keys'}: cannot be read as a key file" in output, output


def test_interactive_review_stops_cleanly_at_the_end_of_input(out: Path) -> None:
    result = CliRunner().invoke(
        main, ["review", "--out", str(out), "--reviewer", "Ada", "--interactive"], input="a\n"
    )
    assert result.exit_code == 0, result.output
    assert "Stopped; every decision made so far is saved." in result.output
    assert [r["status"] for r in _reviews(out).values()].count("approved") == 1


@pytest.mark.slow
def test_a_refused_edit_is_kept_and_asked_again_in_interactive_review(out: Path) -> None:
    """An edit quoting words the corpus does not hold is refused: the typed text is
    shown back, and the same answer is asked again (it moved on, and the text was lost)."""
    refused = "Yes. “Every laptop is encrypted with quantum keys.”"
    accepted = "Yes, for every workforce account."
    typed = f"e\n{refused}\n.\ne\n{accepted}\n.\nq\n"
    result = CliRunner().invoke(
        main, ["review", "--out", str(out), "--reviewer", "Ada", "--interactive"], input=typed
    )
    assert result.exit_code == 0, result.output
    assert "Not recorded: S1: edit refused" in result.output
    assert f"Your text, kept for the next edit (e):\n{refused}" in result.output
    answers = {
        a["question_id"]: a for a in json.loads((out / "dossier.json").read_text())["answers"]
    }
    assert answers["S1"]["review"]["status"] == "edited" and answers["S1"]["answer"] == accepted
    assert answers["S2"]["review"]["status"] == "pending"


@pytest.mark.slow
def test_interactive_review_walks_pending_answers_and_can_stop(out: Path) -> None:
    result = CliRunner().invoke(
        main,
        ["review", "--out", str(out), "--reviewer", "Ada", "--interactive"],
        input="a\nr\nnot ours\nq\n",
    )
    assert result.exit_code == 0, result.output
    reviews = _reviews(out)
    assert reviews["S1"]["status"] == "approved"
    assert reviews["S2"]["status"] == "rejected" and reviews["S2"]["reason"] == "not ours"
    assert reviews["S3"]["status"] == "pending"
    resumed = CliRunner().invoke(
        main, ["review", "--out", str(out), "--reviewer", "Bob", "--interactive"], input="a\n"
    )
    assert resumed.exit_code == 0 and "S1." not in resumed.output  # only what is still pending
    assert _reviews(out)["S3"]["reviewer"] == "Bob"


def _pdf_text(path: Path) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(path).pages).split())


def test_a_decision_leaves_the_pdf_to_sign_which_lays_it_out_from_the_final_decisions(
    out: Path, keys: tuple[Path, Path]
) -> None:
    """Issue 15: a review decision no longer lays out the PDF; sign renders every
    artefact from the final decisions, then signs what it rendered."""
    assert "review: pending" in _pdf_text(out / "dossier.pdf")
    code, output = run("review", "--out", out, "--reviewer", "Ada", "--approve-all")
    assert code == 0 and f"Next: dossier sign --out {out} --key KEY" in output, output
    assert not (out / "dossier.pdf").exists()  # an out-of-date PDF is not left behind
    assert "dossier.pdf" not in json.loads((out / "manifest.json").read_text())["artefacts"]
    code, output = run("sign", "--out", out, "--key", keys[0])
    assert code == 0, output
    for name in (
        "manifest.json",
        "manifest.sig",
        "SHA256SUMS",
        "SHA256SUMS.sig",
        "allowed_signers",
    ):
        assert name in output
    text = _pdf_text(out / "dossier.pdf")
    assert "review: approved by Ada" in text and "review: pending" not in text
    assert "dossier.pdf" in json.loads((out / "manifest.json").read_text())["artefacts"]
    assert run("verify", "--out", out, "--pubkey", Path(f"{keys[0]}.pub"))[0] == 0


@pytest.mark.slow
def test_sign_with_a_bad_key_changes_nothing(out: Path, keys: tuple[Path, Path]) -> None:
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    code, output = run("sign", "--out", out, "--key", out / "no-such.pem")
    assert code == 2 and "key file not found" in output
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before


def test_interactive_review_lays_out_the_pdf_once_at_the_end(out: Path) -> None:
    result = CliRunner().invoke(
        main, ["review", "--out", str(out), "--reviewer", "Ada", "--interactive"], input="a\nq\n"
    )
    assert result.exit_code == 0, result.output
    assert result.output.count("Laying out dossier.pdf") == 1
    assert "review: approved by Ada" in _pdf_text(out / "dossier.pdf")


@pytest.mark.slow
def test_render_lays_out_the_pdf_and_leaves_a_signed_dossier_alone(
    out: Path, keys: tuple[Path, Path]
) -> None:
    assert (
        run("review", "--out", out, "--reviewer", "Ada", "--reject", "S3", "--reason", "no")[0] == 0
    )
    code, output = run("render", "--out", out)
    assert code == 0 and "dossier.pdf" in output, output
    assert "rejected by Ada" in _pdf_text(out / "dossier.pdf")
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0
    code, output = run("render", "--out", out)
    assert code == 0 and "is signed: nothing to render" in output
    assert run("verify", "--out", out)[0] == 0
    (out / "dossier.md").write_text("[]\n")  # altered after signing: not "nothing to render"
    code, output = run("render", "--out", out)
    assert code == 1 and "is signed, but dossier.md: changed since signing" in output, output
    assert (out / "dossier.md").read_text() == "[]\n"  # left for verify to name


@pytest.mark.slow
def test_verify_takes_the_openssh_public_key_recipients_are_given(
    out: Path, keys: tuple[Path, Path]
) -> None:
    """Issue 15: `verify --pubkey signer.pem.ssh.pub` failed with a cryptography
    message and a URL."""
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0
    code, output = run("verify", "--out", out, "--pubkey", Path(f"{keys[0]}.ssh.pub"))
    assert code == 0, output
    other_ssh = Path(str(keys[1]).replace(".pub", ".ssh.pub"))
    code, output = run("verify", "--out", out, "--pubkey", other_ssh)
    assert code == 1 and "not by the given key" in output
    garbage = out.parent / "garbage.pub"
    garbage.write_text("not a key\n")
    code, output = run("verify", "--out", out, "--pubkey", garbage)
    assert code == 2 and "expected a PEM public key (FILE.pub) or an OpenSSH" in output
    assert "http" not in output


def test_keygen_names_every_file_it_writes(tmp_path: Path) -> None:
    code, output = run("keygen", "--out", tmp_path / "k.pem")
    assert code == 0, output
    for name in ("k.pem", "k.pem.pub", "k.pem.ssh.pub"):
        assert f"Wrote {tmp_path / name}" in output and (tmp_path / name).exists()
    code, output = run("keygen", "--help")
    assert "FILE.pub" in output and "FILE.ssh.pub" in output


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_keygen_warns_about_a_key_inside_a_repository_that_does_not_ignore_it(
    tmp_path: Path,
) -> None:
    import subprocess

    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    result = CliRunner().invoke(main, ["keygen", "--out", str(tmp_path / "keys" / "a.pem")])
    assert result.exit_code == 0 and "inside the git working tree" in result.output
    (tmp_path / ".gitignore").write_text("keys/\n")
    result = CliRunner().invoke(main, ["keygen", "--out", str(tmp_path / "keys" / "b.pem")])
    assert result.exit_code == 0 and "inside the git working tree" not in result.output


def test_sign_and_verify_help_name_every_file() -> None:
    output = run("sign", "--help")[1]
    for name in (
        "manifest.json",
        "manifest.sig",
        "SHA256SUMS",
        "SHA256SUMS.sig",
        "allowed_signers",
    ):
        assert name in " ".join(output.split())
    assert "FILE.ssh.pub" in run("verify", "--help")[1]


@pytest.mark.slow
def test_a_build_interrupted_while_laying_out_leaves_the_signed_folder_as_it_was(
    built: Path, tmp_path: Path, keys: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while the PDF was laid out left review.json with a lapsed decision and
    the signature removed, beside artefacts that still said "approved": everything
    is laid out before anything in the folder changes."""
    out = tmp_path / "signed"
    shutil.copytree(built, out)
    run("review", "--out", out, "--reviewer", "Ada", "--approve-all")
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    changed = tmp_path / "q.csv"
    changed.write_text((built.parent / "q.csv").read_text().replace("workforce", "all"))

    def interrupted(*_: object, **__: object) -> bytes:
        raise KeyboardInterrupt

    monkeypatch.setattr("dossier.output.render.render_pdf", interrupted)
    code, output = run("build", "--corpus", ROOT / "corpus", "--questions", changed, "--out", out)
    assert code == 130, output
    after = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    assert after == before  # review.json, the artefacts and the signature files alike
    assert run("verify", "--out", out)[0] == 0


def test_a_review_interrupted_before_writing_leaves_the_signed_folder_as_it_was(
    out: Path, keys: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by an adversarial review: Ctrl-C while a decision's artefacts were
    rendered left review.json holding the new decision beside the old dossier.json
    and the old signature; the same review again said "Already recorded" and wrote
    nothing, so the folder stayed so, and sign refused it ("edited after review?").
    Now everything is rendered before anything in the folder changes."""
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}

    def interrupted(*_: object, **__: object) -> bytes:
        raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr("dossier.output.render.rendered", interrupted)
        code, output = run(
            "review", "--out", out, "--reviewer", "Bob", "--reject", "S1", "--reason", "x"
        )
    assert code == 130, output
    after = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    assert after == before  # review.json, the artefacts and the signature files alike
    assert run("verify", "--out", out)[0] == 0
    code, output = run(
        "review", "--out", out, "--reviewer", "Bob", "--reject", "S1", "--reason", "x"
    )
    assert code == 0 and "Recorded 1 rejected by Bob" in output, output
    assert _reviews(out)["S1"]["status"] == "rejected"


def _ctrl_c_as(name: str, patch: pytest.MonkeyPatch, writer: Any = render) -> None:
    """Ctrl-C (a real SIGINT) the moment ``writer`` is about to write the file ``name``."""

    def interrupted(path: Path, data: bytes, **options: Any) -> Path:
        if path.name == name:
            os.kill(os.getpid(), signal.SIGINT)
        return write_atomic(path, data, **options)

    patch.setattr(writer, "write_atomic", interrupted)


def _agree(out: Path) -> None:
    """review.json, dossier.json, dossier.md and the manifest say the same."""
    dossier, problems = reviewed_dossier(out)
    assert problems == []
    assert markdown_problem(out, dossier) is None
    listed = json.loads((out / "manifest.json").read_text())["artefacts"]
    for name, digest in listed.items():
        assert hashlib.sha256((out / name).read_bytes()).hexdigest() == digest, name


@pytest.mark.usefixtures("ctrl_c_raises")
@pytest.mark.parametrize("name", ["dossier.json", "manifest.json"])
def test_a_review_interrupted_between_its_files_leaves_them_agreeing(
    name: str, out: Path, keys: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by an adversarial review: Ctrl-C after review.json was written and
    before dossier.json (or the manifest) left the new decision beside the old
    record; sign refused the folder and the same decision again wrote nothing.
    Now the files are written together, Ctrl-C held back until all are."""
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0
    with monkeypatch.context() as patch:
        _ctrl_c_as(name, patch)
        code, output = run(
            "review", "--out", out, "--reviewer", "Bob", "--reject", "S1", "--reason", "x"
        )
    assert code == 130, output
    assert _reviews(out)["S1"]["status"] == "rejected"  # the decision is kept
    _agree(out)
    assert not (out / "manifest.sig").exists()  # the signature covered the old decision
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0
    assert run("verify", "--out", out)[0] == 0


@pytest.mark.usefixtures("ctrl_c_raises")
@pytest.mark.parametrize("name", ["manifest.sig", "SHA256SUMS", "allowed_signers"])
def test_a_signing_interrupted_between_its_files_leaves_them_agreeing(
    name: str, out: Path, keys: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C between the signed manifest and the signature files left a folder
    signed in part, which verify refused."""
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    with monkeypatch.context() as patch:
        _ctrl_c_as(name, patch, signing)
        code, output = run("sign", "--out", out, "--key", keys[0])
    assert code == 130, output
    assert run("verify", "--out", out)[0] == 0


@pytest.mark.slow
@pytest.mark.usefixtures("ctrl_c_raises")
def test_a_build_interrupted_between_its_files_leaves_them_agreeing(
    built: Path, tmp_path: Path, keys: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The build writes review.json (a decision lapsed) before the artefacts; Ctrl-C
    between them left the lapse beside a record that still said "approved"."""
    out = tmp_path / "signed"
    shutil.copytree(built, out)
    run("review", "--out", out, "--reviewer", "Ada", "--approve-all")
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0
    changed = tmp_path / "q.csv"
    changed.write_text((built.parent / "q.csv").read_text().replace("workforce", "all"))
    with monkeypatch.context() as patch:
        _ctrl_c_as("dossier.json", patch)
        code, output = run(
            "build", "--corpus", ROOT / "corpus", "--questions", changed, "--out", out
        )
    assert code == 130, output
    decisions = json.loads((out / "review.json").read_text())
    assert "lapsed" in json.dumps(decisions), decisions  # the decision is kept, marked so
    _agree(out)


def test_a_malformed_source_date_epoch_is_an_input_error_and_changes_nothing(
    out: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by an adversarial review: fontTools read it while the PDF was laid out
    ("Internal error: ValueError: invalid literal for int()", exit 1)."""
    before = {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()}
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    code, output = run("render", "--out", out)
    assert code == 2, output
    assert "Error: SOURCE_DATE_EPOCH='yesterday' is not a time in whole seconds" in output
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.is_file()} == before


@pytest.mark.parametrize("command", ["verify", "sign"])
def test_a_mistyped_corpus_is_a_usage_error_not_a_failed_check(
    out: Path, keys: tuple[Path, Path], tmp_path: Path, command: str
) -> None:
    """Found by an adversarial review: `verify --corpus nope` said "verification
    failed: nope: no corpus folder there (pass --corpus ...)", exit 1, which reads as
    a dossier that does not verify; sign said "cannot sign" the same way."""
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("sign", "--out", out, "--key", keys[0])[0] == 0
    key = ["--key", keys[0]] if command == "sign" else []
    for corpus, problem in [
        ("nope", "corpus folder does not exist"),
        ("q.csv", "corpus is not a folder"),
    ]:
        (tmp_path / "q.csv").write_text("id,question\n")
        code, output = run(command, "--out", out, *key, "--corpus", tmp_path / corpus)
        assert code == 2, output
        assert f"Error: {tmp_path / corpus}: {problem}" in output
    assert run("verify", "--out", out)[0] == 0  # still signed: nothing was written
