"""The answer library as a user runs it: build, review into the library, then a second
questionnaire asking the same things in other words starts from what was reviewed,
re-verified against the documents as they stand; the library commands; hand answers.

The questions come from the demo corpus's subjects; what each second question must
get is written from the issue (the same ask in other words: from the library; a
rejected ask: the engine's answer and the rejection's reason; an ask the library
never saw: nothing from it), not from the build's output."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from dossier.cli import main
from tests.conftest import seed_vectors

ROOT = Path(__file__).resolve().parents[2]
TRAINING = (
    "5.1 Security awareness training is completed within 30 days of hire and annually thereafter."
)
ACCESS_SENTENCE = "is reviewed quarterly."

FIRST = (
    "id,question\n"
    "F1,How often do you review user access to production systems and applications?\n"
    "F2,How long do you retain invoice records?\n"
    "F3,How often must staff complete security awareness training?\n"
    "F4,What is the idle session timeout for users of the Northwind Ledger web application?\n"
)
SECOND = (
    "id,question\n"
    "S1,At what interval is user access to production systems and applications reviewed?\n"
    "S2,For how long do you keep invoice records?\n"
    "S3,How frequently do employees have to complete security awareness training?\n"
    "S4,How long can a user of the Northwind Ledger web application stay idle before the "
    "session times out?\n"
    "S5,Do you offer source code escrow for customers?\n"
)
# Which first question each second question asks again in other words (None: none).
SAME_ASK = {"S1": "F1", "S2": "F2", "S3": "F3", "S4": "F4", "S5": None}
EDIT = f"Annually, and within 30 days of hire: “{TRAINING}”"
REJECTION = "Wrong: the web application's session policy sets 30 minutes"


def run(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


def answers(out: Path) -> dict[str, dict[str, Any]]:
    record = json.loads((out / "dossier.json").read_text())
    return {a["question_id"]: a for a in record["answers"]}


def build(project: Path, questions: str, out: str, *extra: object) -> dict[str, dict[str, Any]]:
    code, output = run(
        "build",
        "--corpus",
        ROOT / "corpus",
        "--questions",
        project / questions,
        "--out",
        project / out,
        "--library",
        project / "library.jsonl",
        *extra,
    )
    assert code == 0, output
    return answers(project / out)


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory, demo_vectors: Path) -> Path:
    """The first questionnaire built and reviewed into the library: F1 and F2
    approved, F3 edited, F4 rejected with a reason."""
    project = tmp_path_factory.mktemp("library")
    for folder in ("first", "second"):
        seed_vectors(demo_vectors, project / folder)
    (project / "first.csv").write_text(FIRST)
    (project / "second.csv").write_text(SECOND)
    build(project, "first.csv", "first")
    out, lib = project / "first", project / "library.jsonl"
    for args in (
        ("--edit", "F3", "--text", EDIT),
        ("--reject", "F4", "--reason", REJECTION),
        ("--approve-all",),
    ):
        code, output = run("review", "--out", out, "--reviewer", "Ada Lovelace", *args)
        assert code == 0, output
        assert f"to the library {lib}" in output  # the library the build read
    return project


@pytest.fixture(scope="module")
def second(project: Path) -> dict[str, dict[str, Any]]:
    return build(project, "second.csv", "second")


def _entry_of(project: Path, question_id: str, kind: str) -> str:
    for line in (project / "library.jsonl").read_text().splitlines()[1:]:
        row = json.loads(line)
        if row["question_id"] == question_id and row["kind"] == kind:
            return str(row["id"])
    raise AssertionError(f"no {kind} entry for {question_id}")


def test_review_writes_each_decision_to_the_library(project: Path) -> None:
    rows = [json.loads(line) for line in (project / "library.jsonl").read_text().splitlines()]
    assert rows[0] == {"format": "dossier-library", "version": 1}
    kinds = {r["question_id"]: r["kind"] for r in rows[1:]}
    assert kinds == {"F1": "approved", "F2": "approved", "F3": "edited", "F4": "rejected"}
    assert all(
        r["reviewer"] == "Ada Lovelace" and r["questionnaire"] == "first.csv" for r in rows[1:]
    )


def test_the_same_asks_in_other_words_come_from_the_library_with_their_provenance(
    project: Path, second: dict[str, dict[str, Any]]
) -> None:
    for question_id in ("S1", "S2", "S3"):
        answer = second[question_id]
        first = SAME_ASK[question_id]
        kind = "edited" if first == "F3" else "approved"
        assert answer["library"]["entry"] == _entry_of(project, str(first), kind), question_id
        assert answer["library"]["reviewer"] == "Ada Lovelace"
        assert answer["library"]["questionnaire"] == "first.csv"
        assert "From the library: approved by Ada Lovelace on " in answer["answer"]
        assert answer["answer"].endswith(" for first.csv.")
        assert answer["review"]["status"] == "pending"  # the library never signs
    markdown = (project / "second" / "dossier.md").read_text()
    assert markdown.count("**From the library**") == 3


def test_the_edited_answer_comes_back_as_edited(second: dict[str, dict[str, Any]]) -> None:
    answer = second["S3"]
    assert answer["answer"].startswith(EDIT)
    assert [q["text"] for c in answer["claims"] for q in c["quotes"]] == [TRAINING]


def test_a_rejected_ask_is_answered_afresh_with_the_rejections_reason_beside_it(
    project: Path, second: dict[str, dict[str, Any]]
) -> None:
    answer = second["S4"]
    assert "library" not in answer
    (note,) = answer["library_notes"]
    assert (note["kind"], note["text"], note["reviewer"]) == ("rejected", REJECTION, "Ada Lovelace")
    assert note["entry"] == _entry_of(project, "F4", "rejected")
    markdown = (project / "second" / "dossier.md").read_text()
    shown = f"**Rejected before** by Ada Lovelace on {note['at'][:10]} for first.csv: {REJECTION}"
    assert shown in markdown


def test_no_entry_is_used_for_a_question_it_does_not_answer(
    second: dict[str, dict[str, Any]],
) -> None:
    assert "library" not in second["S5"]
    assert "library_notes" not in second["S5"]


def test_a_changed_sentence_lapses_its_entry_and_the_engine_answers_afresh(
    project: Path, tmp_path: Path
) -> None:
    corpus = tmp_path / "corpus"
    shutil.copytree(ROOT / "corpus", corpus)
    policy = corpus / "policies" / "access-control.md"
    text = policy.read_text()
    assert ACCESS_SENTENCE in text
    policy.write_text(text.replace(ACCESS_SENTENCE, "is reviewed monthly.", 1))
    shutil.copytree(project / "second", tmp_path / "out")  # its cache: only what changed is redone
    code, output = run(
        "build",
        "--corpus",
        corpus,
        "--questions",
        project / "second.csv",
        "--out",
        tmp_path / "out",
        "--library",
        project / "library.jsonl",
    )
    assert code == 0, output
    assert "1 entries lapsed" in output
    now = answers(tmp_path / "out")
    assert "library" not in now["S1"]
    (note,) = now["S1"]["library_notes"]
    assert (note["kind"], note["lapse"]) == ("lapsed", "document_changed")
    assert "policies/access-control.md" in note["text"]
    assert now["S1"]["short_answer"] == "monthly"  # the engine's own answer, from today's text
    assert now["S2"]["library"]["entry"] == _entry_of(project, "F2", "approved")  # untouched


@pytest.mark.slow
def test_a_library_from_another_corpus_grounds_nothing(project: Path, tmp_path: Path) -> None:
    corpus = tmp_path / "elsewhere"
    corpus.mkdir()
    (corpus / "handbook.md").write_text(
        "# Handbook\n\nInvoice records are kept for ten years. Staff are trained each spring.\n"
    )
    code, output = run(
        "build",
        "--corpus",
        corpus,
        "--questions",
        project / "second.csv",
        "--out",
        tmp_path / "out",
        "--library",
        project / "library.jsonl",
    )
    assert code == 0, output
    built = answers(tmp_path / "out")
    assert not any("library" in a for a in built.values())
    lapses = {
        a["question_id"]: [n["lapse"] for n in a.get("library_notes", [])] for a in built.values()
    }
    assert lapses["S1"] == lapses["S2"] == lapses["S3"] == ["document_removed"]


def test_rebuilding_a_reviewed_dossier_with_its_library_keeps_its_reviews(
    project: Path, tmp_path: Path
) -> None:
    out = tmp_path / "first"
    shutil.copytree(project / "first", out)
    code, output = run(
        "build",
        "--corpus",
        ROOT / "corpus",
        "--questions",
        project / "first.csv",
        "--out",
        out,
        "--library",
        project / "library.jsonl",
    )
    assert code == 0, output
    statuses = {q: a["review"]["status"] for q, a in answers(out).items()}
    assert statuses == {"F1": "approved", "F2": "approved", "F3": "edited", "F4": "rejected"}


def test_library_list_show_remove(project: Path, tmp_path: Path) -> None:
    lib = tmp_path / "library.jsonl"
    shutil.copy(project / "library.jsonl", lib)
    code, output = run("library", "list", "--library", lib)
    assert code == 0, output
    assert output.splitlines()[-1] == f"4 entries in {lib}"
    rejected = _entry_of(project, "F4", "rejected")
    assert f"{rejected}  rejected" in output
    code, output = run("library", "show", rejected[:7], "--library", lib)
    assert code == 0, output
    assert f"Reason: {REJECTION}" in output
    assert "Question: What is the idle session timeout" in output
    code, output = run("library", "remove", rejected, "--library", lib)
    assert code == 0, output
    assert rejected not in lib.read_text()
    code, output = run("library", "show", rejected, "--library", lib)
    assert code == 2
    assert f"no entry with id '{rejected}'" in output


def test_a_malformed_library_is_an_error_naming_its_line_and_is_kept(
    project: Path, tmp_path: Path
) -> None:
    lib = tmp_path / "library.jsonl"
    lines = (project / "library.jsonl").read_text().splitlines()
    lib.write_text("\n".join([*lines[:2], '{"id": "L1", "kind": "approved"', *lines[2:]]) + "\n")
    before = lib.read_bytes()
    out = tmp_path / "first"
    shutil.copytree(project / "first", out)
    decisions = (out / "review.json").read_bytes()
    code, output = run(
        "review",
        "--out",
        out,
        "--reviewer",
        "Grace",
        "--reject",
        "F1",
        "--reason",
        "no",
        "--library",
        lib,
    )
    assert code == 2
    assert f"Error: {lib}:3: not valid JSON" in output
    assert (out / "review.json").read_bytes() == decisions  # nothing recorded
    code, output = run(
        "build",
        "--corpus",
        ROOT / "corpus",
        "--questions",
        project / "second.csv",
        "--out",
        tmp_path / "second",
        "--library",
        lib,
    )
    assert code == 2
    assert f"{lib}:3:" in output
    assert "Traceback" not in output
    for command in (("list",), ("remove", _entry_of(project, "F1", "approved"))):
        code, output = run("library", *command, "--library", lib)
        assert (code, output) == (2, f"Error: {lib}:3: not valid JSON (Expecting ',' delimiter)\n")
    assert lib.read_bytes() == before


def test_the_library_path_comes_from_dossier_toml(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shutil.copy(project / "library.jsonl", tmp_path / "team-library.jsonl")
    (tmp_path / "dossier.toml").write_text(
        f'corpus = "{ROOT / "corpus"}"\nquestions = "{project / "second.csv"}"\n'
        '[library]\npath = "team-library.jsonl"\n'
    )
    monkeypatch.chdir(tmp_path)
    code, output = run("library", "list")
    assert code == 0, output
    assert output.splitlines()[-1] == f"4 entries in {Path('team-library.jsonl')}"


def test_hand_answers_are_imported_as_hints_shown_beside_the_answer(
    project: Path, tmp_path: Path
) -> None:
    lib = tmp_path / "library.jsonl"
    hand = tmp_path / "acme-2024.csv"
    hand.write_text(
        "id,question,answer,comments\n"
        f'A1,Do you offer source code escrow for customers?,No,"Not offered. {TRAINING}"\n'
    )
    code, output = run("library", "import", hand, "--library", lib, "--corpus", ROOT / "corpus")
    assert code == 0, output
    assert "Imported 1 hand answers" in output
    assert "1 of their sentences are, word for word, in the corpus" in output
    (hint,) = [json.loads(line) for line in lib.read_text().splitlines()[1:]]
    assert hint["kind"] == "hint"
    assert [q["document"] for q in hint["quotes"]] == ["hr/personnel-security.md"]
    out = tmp_path / "out"
    shutil.copytree(project / "second", out)
    code, output = run(
        "build",
        "--corpus",
        ROOT / "corpus",
        "--questions",
        project / "second.csv",
        "--out",
        out,
        "--library",
        lib,
    )
    assert code == 0, output
    escrow = answers(out)["S5"]
    (note,) = escrow["library_notes"]
    assert note["kind"] == "hint" and note["text"].startswith("No\nNot offered.")
    assert [q["text"] for q in note["quotes"]] == [TRAINING]
    assert escrow["verdict"] == "unsupported"  # a hint is never evidence
    assert "library" not in escrow


@pytest.mark.slow
def test_library_on_build_and_review_overrides_the_configured_path(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "dossier.toml").write_text(
        f'corpus = "{ROOT / "corpus"}"\nquestions = "{project / "first.csv"}"\n'
        '[library]\npath = "configured.jsonl"\n'
    )
    monkeypatch.chdir(tmp_path)
    out, flagged = tmp_path / "out", tmp_path / "flagged.jsonl"
    shutil.copytree(project / "first", out)  # its cache: the build redoes nothing
    code, output = run("build", "--out", out, "--library", flagged)
    assert code == 0, output
    assert json.loads((out / "dossier.json").read_text())["build"]["library"] == str(flagged)
    review = ("review", "--out", out, "--reviewer", "Grace Hopper", "--reason", "stale")
    code, output = run(*review, "--reject", "F1", "--library", flagged)
    assert code == 0, output
    assert [json.loads(line)["question_id"] for line in flagged.read_text().splitlines()[1:]] == [
        "F1"
    ]
    assert not (tmp_path / "configured.jsonl").exists()
    code, output = run(*review, "--reject", "F2")  # no flag: [library] path
    assert code == 0, output
    assert "Added 1 to the library configured.jsonl." in output
    rows = (tmp_path / "configured.jsonl").read_text().splitlines()[1:]
    assert [json.loads(line)["question_id"] for line in rows] == ["F2"]
