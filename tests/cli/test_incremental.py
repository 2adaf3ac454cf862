"""The make-like build as a user runs it: reuse, `status`, `diff`, review carried
over, `--jobs`, Ctrl-C, kill -9 at any point, and a second build refused.

The hashing embedder stands in for the model (tests/fakes.py): these tests judge
the build's machinery, not retrieval quality, and run in seconds."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

import dossier.index.embed
from dossier.cli import Hooks, main
from dossier.common.atomic import output_lock
from dossier.incremental.history import comparable
from dossier.ingest.files import OUTPUT_FOLDER
from dossier.output.pdf import Part
from dossier.output.render import html_renderer
from dossier.output.serialise import from_json
from tests.fakes import HashingEmbedder

ROOT = Path(__file__).resolve().parents[2]
QUESTIONS = (
    "id,section,question\n"
    "Q1,Access,Is multi-factor authentication required for workforce accounts?\n"
    "Q2,Access,How often do you review user access to production systems?\n"
    "Q3,Crypto,Is data encrypted at rest?\n"
    "Q4,Vendors,How are vendors assessed before onboarding?\n"
    "Q5,Other,Do you operate a public bug bounty program?\n"
    "Q6,Continuity,How often are backups tested?\n"
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "corpus", tmp_path / "corpus")
    (tmp_path / "questions.csv").write_text(QUESTIONS)
    (tmp_path / "dossier.toml").write_text(
        'corpus = "corpus"\nquestions = "questions.csv"\nout = "out"\n'
    )
    return tmp_path


@pytest.fixture(autouse=True)
def hashing_embedder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dossier.index.embed, "MiniLMEmbedder", HashingEmbedder)


def run(*args: object) -> tuple[int, str]:
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output


def build(project: Path, *extra: object) -> dict:  # type: ignore[type-arg]
    code, output = run("build", "--config", project / "dossier.toml", *extra)
    assert code == 0, output
    record: dict = json.loads((project / "out" / "dossier.json").read_text())  # type: ignore[type-arg]
    return record


def append(project: Path, document: str, text: str) -> None:
    path = project / "corpus" / document
    path.write_text(path.read_text() + "\n" + text + "\n")


ARTEFACTS = ("dossier.json", "dossier.md", "dossier.pdf", "manifest.json")


def test_a_no_op_rebuild_rewrites_nothing(project: Path) -> None:
    build(project)
    written = {name: (project / "out" / name).read_bytes() for name in ARTEFACTS}
    times = {p: p.stat().st_mtime_ns for p in (project / "out").rglob("*") if p.is_file()}
    code, output = run("build", "--config", project / "dossier.toml")
    assert code == 0 and "Up to date: nothing changed since the build of" in output
    assert {name: (project / "out" / name).read_bytes() for name in ARTEFACTS} == written
    touched = sorted(
        str(p.relative_to(project / "out"))
        for p in (project / "out").rglob("*")
        if p.is_file() and times.get(p) != p.stat().st_mtime_ns and p.name != ".dossier.lock"
    )
    # only the build's own record: its run ledger, and its line in the history
    assert len(touched) == 2 and touched[0].startswith("cache/ledger/"), touched
    assert touched[1] == "history/index.json", touched


@pytest.mark.slow
def test_an_artefact_changed_by_hand_is_written_again(project: Path) -> None:
    build(project)
    markdown = project / "out" / "dossier.md"
    markdown.write_text(markdown.read_text() + "an edit\n")
    code, output = run("build", "--config", project / "dossier.toml")
    assert code == 0 and "Restored dossier.md" in output  # from the record, as it was
    assert "an edit" not in markdown.read_text()


def test_a_rebuild_reuses_every_answer(project: Path) -> None:
    first = build(project)
    config = project / "dossier.toml"  # a new page size: the dossier is rendered again
    config.write_text(config.read_text() + 'paper = "Letter"\n')
    second = build(project)
    assert first["build"]["recomputed"] == 6 and first["build"]["reused"] == 0
    assert second["build"]["reused"] == 6 and second["build"]["recomputed"] == 0
    assert set(second["build"]["answer_cache"].values()) == {"reused: brief and evidence unchanged"}
    assert first["answers"] == second["answers"]
    dossier = from_json(second)
    whole = Part(documents=True, research=tuple(enumerate(dossier.answers, start=1)))
    appendix = html_renderer(dossier)(whole).split('id="research"')[1]
    assert appendix.count("Reused: brief and evidence unchanged.") == 6
    assert "This build reused 6 stored answers" in appendix


@pytest.mark.slow
def test_a_removed_document_leaves_every_answer_and_says_why(project: Path) -> None:
    first = build(project)
    cited = {q["document"] for a in first["answers"] for c in a["claims"] for q in c["quotes"]}
    assert "policies/encryption.md" in cited
    (project / "corpus" / "policies" / "encryption.md").unlink()
    second = build(project)
    cited = {q["document"] for a in second["answers"] for c in a["claims"] for q in c["quotes"]}
    assert "policies/encryption.md" not in cited
    searched = {h["document"] for a in second["answers"] for s in a["searches"] for h in s["hits"]}
    assert "policies/encryption.md" not in searched
    notes = second["build"]["answer_cache"]
    assert any("document removed: policies/encryption.md" in n for n in notes.values())


def test_status_says_what_would_be_redone_and_writes_nothing(project: Path) -> None:
    code, output = run("status", "--config", project / "dossier.toml")
    assert code == 0, output
    assert "6 to recompute" in output and "Q1: recompute: new question" in output
    build(project)
    append(project, "policies/encryption.md", "Laptops use full-disk encryption at all times.")
    (project / "corpus" / "policies" / "vendor-management.md").unlink()
    before = {p: p.stat().st_mtime_ns for p in (project / "out").rglob("*")}
    code, output = run("status", "--config", project / "dossier.toml")
    assert code == 0, output
    after = {p: p.stat().st_mtime_ns for p in (project / "out").rglob("*")}
    assert before == after, "status must not write"
    assert "changed  policies/encryption.md" in output
    assert "removed  policies/vendor-management.md" in output
    assert "to read and cut: policies/encryption.md" in output
    assert "document removed: policies/vendor-management.md" in output
    assert "1 to embed" in output


class PrecisionNamedEmbedder(HashingEmbedder):
    """Names its vectors by precision, as the model's encoders do (fp32, bf16, int8)."""

    def __init__(self, encoder: str = "fp32") -> None:
        super().__init__(encoder)
        self.name = self.name_for(encoder)

    @classmethod
    def name_for(cls, encoder: str) -> str:
        return f"{cls.name}@{encoder}"


@pytest.mark.slow
def test_status_looks_for_the_vectors_of_the_configured_encoder(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(dossier.index.embed, "MiniLMEmbedder", PrecisionNamedEmbedder)
    with (project / "dossier.toml").open("a") as config:
        config.write('[retrieval]\nencoder = "int8"\n')
    build(project)
    code, output = run("status", "--config", project / "dossier.toml")
    assert code == 0, output
    assert ", 0 to embed" in output, output


@pytest.mark.slow
def test_diff_names_the_changed_answers_and_documents(project: Path) -> None:
    build(project)
    (project / "corpus" / "policies" / "encryption.md").unlink()
    build(project)
    code, output = run("diff", "--out", project / "out")
    assert code == 0, output
    assert "document removed: policies/encryption.md" in output
    assert "why: document removed: policies/encryption.md" in output
    history = json.loads((project / "out" / "history" / "index.json").read_text())
    assert len(history) == 2
    for entry in history:
        assert (project / "out" / "history" / f"{entry['sha256']}.json").exists()
    code, output = run(
        "diff", "--out", project / "out", history[0]["sha256"][:10], history[0]["sha256"][:10]
    )
    assert code == 0 and "0 of 6 answers changed" in output
    # a kept build edited since is refused, not compared: it would report changes no
    # build made (and say nothing of decisions that never lapsed)
    kept = project / "out" / "history" / f"{history[0]['sha256']}.json"
    kept.write_text(kept.read_text().replace('"verdict": "grounded"', '"verdict": "escalate"', 1))
    code, output = run("diff", "--out", project / "out")
    assert code == 1, output
    assert f"{kept}: altered since its build wrote it" in output


@pytest.mark.slow
def test_diff_needs_two_builds(project: Path) -> None:
    build(project)
    code, output = run("diff", "--out", project / "out")
    assert code == 2 and "1 build(s) in the history; comparing needs 2" in output
    code, output = run("diff", "--out", project / "nowhere")
    assert code == 2 and "no such output folder" in output


@pytest.mark.slow
def test_an_approval_lapses_when_its_evidence_changes(project: Path) -> None:
    build(project)
    code, output = run("review", "--out", project / "out", "--reviewer", "Ada", "--approve-all")
    assert code == 0, output
    kept = build(project)
    assert {a["review"]["status"] for a in kept["answers"]} == {"approved"}
    (project / "corpus" / "policies" / "encryption.md").unlink()
    again = build(project)
    lapsed = [a for a in again["answers"] if a["review"]["status"] == "pending"]
    assert lapsed, "an answer whose evidence changed must go back to pending"
    for answer in lapsed:
        assert answer["review"]["reason"].startswith("was approved by Ada at ")
        assert again["build"]["answer_cache"][answer["question_id"]].startswith("recomputed")
    reused = [q for q, n in again["build"]["answer_cache"].items() if n.startswith("reused")]
    by_id = {a["question_id"]: a for a in again["answers"]}
    assert all(by_id[q]["review"]["status"] == "approved" for q in reused)
    # a lapsed approval stays lapsed: the next build, with nothing changed, does not revive it
    (project / "out" / "dossier.md").unlink()  # so that it renders again
    third = build(project)
    reviews = {a["question_id"]: a["review"] for a in third["answers"]}
    for answer in lapsed:
        assert reviews[answer["question_id"]] == answer["review"]
    recorded = json.loads((project / "out" / "review.json").read_text())
    assert {r["question_id"] for r in recorded if r["lapsed"]} == {a["question_id"] for a in lapsed}


@pytest.mark.slow
def test_jobs_give_the_same_dossier(project: Path, tmp_path: Path) -> None:
    serial = build(project, "--jobs", "1")
    parallel = build(project, "--jobs", "2", "--out", tmp_path / "parallel")
    parallel = json.loads((tmp_path / "parallel" / "dossier.json").read_text())
    assert parallel["build"]["recomputed"] == 6
    assert json.dumps(comparable(serial), sort_keys=True) == json.dumps(
        comparable(parallel), sort_keys=True
    )


def test_a_second_build_on_the_same_folder_is_refused(project: Path) -> None:
    out = project / "out"
    with output_lock(out):  # this test's process holds the folder
        done = _dossier(project, "build", "--config", project / "dossier.toml")
    assert done.returncode == 1
    assert "in use by dossier (pid" in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert not (out / "dossier.json").exists()


# --- subprocesses: Ctrl-C and kill -9 ------------------------------------------------


def _dossier(
    project: Path, *args: object, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tests.fake_cli", *map(str, args)],
        cwd=ROOT,
        env=_env(env),
        capture_output=True,
        text=True,
        timeout=300,
        # A shell's background job ignores SIGINT, and Python then installs no
        # KeyboardInterrupt handler: restore Ctrl-C as a terminal would have it.
        preexec_fn=_default_interrupt,
    )


def _default_interrupt() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _env(extra: dict[str, str] | None) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DOSSIER_CRASH")}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT)])
    return env | (extra or {})


@pytest.mark.slow
def test_ctrl_c_stops_cleanly_and_keeps_the_answers(project: Path) -> None:
    config = project / "dossier.toml"
    stopped = _dossier(
        project,
        "build",
        "--config",
        config,
        env={"DOSSIER_CRASH_AT": "answer:3", "DOSSIER_CRASH_SIGNAL": "INT"},
    )
    assert stopped.returncode == 130, stopped.stderr
    lines = stopped.stderr.strip().splitlines()
    assert lines == [
        f"Interrupted: 3 of 6 answers are kept in {project / 'out' / 'cache'}; "
        "the next build reuses them"
    ]
    assert not (project / "out" / "dossier.json").exists()
    resumed = _dossier(project, "build", "--config", config)
    assert resumed.returncode == 0, resumed.stderr
    record = json.loads((project / "out" / "dossier.json").read_text())
    assert record["build"]["reused"] == 3 and record["build"]["recomputed"] == 3


@pytest.mark.slow
def test_a_build_killed_at_any_point_is_completed_by_the_next(
    project: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """SIGKILL at named stages and after real delays; the next build must finish
    with the dossier an uninterrupted build gives."""
    reference = tmp_path_factory.mktemp("reference")
    whole = _dossier(project, "build", "--config", project / "dossier.toml", "--out", reference)
    assert whole.returncode == 0, whole.stderr
    expected = comparable(json.loads((reference / "dossier.json").read_text()))
    stages = ["ingest", "lexical", "index", "answer:1", "answer:4", "render"]
    delays = [0.8, 1.6, 2.4, 3.2]
    points: list[str | float] = [*stages, *delays]
    for point in points:
        out = tmp_path_factory.mktemp("killed")
        command = ["build", "--config", project / "dossier.toml", "--out", out]
        if isinstance(point, str):
            killed = _dossier(project, *command, env={"DOSSIER_CRASH_AT": point})
            assert killed.returncode == -signal.SIGKILL, (point, killed.stderr)
        else:
            _kill_after(point, command)
        resumed = _dossier(project, *command)
        assert resumed.returncode == 0, (point, resumed.stderr)
        got = comparable(json.loads((out / "dossier.json").read_text()))
        assert got == expected, f"killed at {point}: the next build differs"
        again = _dossier(project, *command)
        assert again.returncode == 0
        assert "Up to date" in again.stdout, f"killed at {point}: cache incomplete"


def _kill_after(seconds: float, command: list[object]) -> None:
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.fake_cli", *map(str, command)],
        cwd=ROOT,
        env=_env(None),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    time.sleep(seconds)
    process.send_signal(signal.SIGKILL)
    process.wait()


@pytest.mark.slow
def test_repeated_questions_in_parallel_share_one_cache_entry(project: Path) -> None:
    repeated = "Is data encrypted at rest?"
    (project / "questions.csv").write_text(
        "id,question\n" + "".join(f"R{i},{repeated}\n" for i in range(6))
    )
    first = build(project, "--jobs", "3")
    second = build(project, "--jobs", "3")
    assert [a["question_id"] for a in second["answers"]] == [f"R{i}" for i in range(6)]
    assert comparable(first) == comparable(second)
    latest = max(
        (project / "out" / "cache" / "ledger").glob("*.jsonl"), key=lambda p: p.stat().st_mtime_ns
    )
    entries = [json.loads(line) for line in latest.read_text().splitlines()]
    assert [e["cache"] for e in entries if "question_id" in e] == ["hit"] * 6


@pytest.mark.slow
def test_a_signed_dossier_stays_signed_when_nothing_changed(project: Path) -> None:
    build(project)
    out, key = project / "out", project / "signer.pem"
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("keygen", "--out", key)[0] == 0
    assert run("sign", "--out", out, "--key", key)[0] == 0
    code, output = run("build", "--config", project / "dossier.toml")
    assert code == 0 and "Up to date" in output
    assert run("verify", "--out", out, "--pubkey", f"{key}.pub")[0] == 0
    append(project, "policies/encryption.md", "Backups are encrypted with AES-256.")
    assert run("build", "--config", project / "dossier.toml")[0] == 0
    assert run("verify", "--out", out, "--pubkey", f"{key}.pub")[0] == 1


def test_the_ledger_says_how_much_of_each_stage_was_embedding(project: Path) -> None:
    first = build(project)
    append(
        project, "policies/business-continuity.md", "Backups are restored in a test every month."
    )
    build(project)
    ledgers = sorted((project / "out" / "cache" / "ledger").glob("*.jsonl"), key=os.path.getmtime)
    cold, edited = (
        [json.loads(line) for line in path.read_text().splitlines()] for path in ledgers
    )
    stages = {row["stage"]: row for row in cold if "stage" in row}
    passages = len(json.loads((project / "out" / "cache" / "passages.json").read_text()))
    # each distinct passage text once (two passages of the demo read the same); a sentence
    # only when research reads its passage, each distinct sentence once
    index, answer = stages["index"], stages["answer"]
    assert index["embedded_texts"] == index["embedded"] > passages - 5
    assert 0 < answer["sentences_embedded"] < answer["embedded_texts"]  # and the queries
    for stage in ("index", "answer"):
        assert 0 <= stages[stage]["embedding_seconds"] <= stages[stage]["seconds"]
    again = {row["stage"]: row for row in edited if "stage" in row}
    # only the edited document's new passages and sentences
    assert 0 < again["index"]["embedded_texts"] < passages
    assert first["build"]["questions"] == 6


def test_an_output_folder_inside_the_corpus_is_not_read(project: Path) -> None:
    """Built into corpus/build twice: the second build must not index (and quote) the
    first one's dossier."""
    out = project / "corpus" / "build"
    code, output = run("build", "--config", project / "dossier.toml", "--out", out)
    assert code == 0, output
    code, output = run("build", "--config", project / "dossier.toml", "--out", out)
    assert code == 0 and "Up to date" in output, output
    record = json.loads((out / "dossier.json").read_text())
    assert not [d["path"] for d in record["documents"] if d["path"].startswith("build/")]
    # Built elsewhere, the same corpus must not quote that dossier either: its folder
    # is named among what could not be read, with the reason.
    record = build(project)
    assert not [d["path"] for d in record["documents"] if d["path"].startswith("build/")]
    cited = {q["document"] for a in record["answers"] for c in a["claims"] for q in c["quotes"]}
    assert cited and not [path for path in cited if path.startswith("build/")]
    assert [(f["path"], f["reason"]) for f in record["build"]["documents_failed"]] == [
        ("build/", OUTPUT_FOLDER)
    ]


def test_a_document_not_yet_in_force_is_not_cited_and_bad_supersedes_are_reported(
    project: Path,
) -> None:
    (project / "corpus" / "policies" / "mfa-2099.md").write_text(
        "---\neffective_date: 2099-01-01\nsupersedes: policies/nothere.md\n---\n"
        "# MFA standard\n\nMulti-factor authentication is required for workforce accounts "
        "using hardware security keys only.\n"
    )
    code, output = run("build", "--config", project / "dossier.toml")
    assert code == 0, output
    assert "policies/mfa-2099.md: supersedes policies/nothere.md, which is not in the corpus" in (
        output
    )
    record = json.loads((project / "out" / "dossier.json").read_text())
    assert record["build"]["corpus_notes"] == [
        "policies/mfa-2099.md: supersedes policies/nothere.md, which is not in the corpus"
    ]
    cited = {q["document"] for a in record["answers"] for c in a["claims"] for q in c["quotes"]}
    assert cited and "policies/mfa-2099.md" not in cited
    searched = {h["document"] for a in record["answers"] for s in a["searches"] for h in s["hits"]}
    assert "policies/mfa-2099.md" in searched  # found, and set aside for its date
    assert "Front-matter to correct" in (project / "out" / "dossier.md").read_text()


def _diff_changed(project: Path) -> set[str]:
    """The answers `dossier diff` says changed (a line "Q…: … — why: …")."""
    code, output = run("diff", "--out", project / "out")
    assert code == 0, output
    return {line.strip().split(":")[0] for line in output.splitlines() if " — why: " in line}


def test_one_word_changed_lapses_exactly_the_answers_that_changed_and_says_so(
    project: Path,
) -> None:
    """Issue 15's judgement, on the test corpus: build, approve all, sign, change one
    word in one policy, rebuild. The decisions that lapse are those `diff` names; the
    build's output names them, the removed signature, and the next command."""
    build(project)
    out, key = project / "out", project / "signer.pem"
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    assert run("keygen", "--out", key)[0] == 0
    assert run("sign", "--out", out, "--key", key)[0] == 0
    policy = project / "corpus" / "policies" / "access-control.md"
    policy.write_text(policy.read_text().replace("is reviewed quarterly", "is reviewed monthly"))
    code, output = run("build", "--config", project / "dossier.toml")
    assert code == 0, output
    record = json.loads((out / "dossier.json").read_text())
    lapsed = {a["question_id"] for a in record["answers"] if a["review"]["status"] == "pending"}
    assert lapsed == _diff_changed(project)
    assert lapsed, "the answer quoting the changed sentence must lapse"
    changes = record["build"]["review_changes"]
    assert {row["question_id"] for row in changes["lapsed"]} == lapsed
    for row in changes["lapsed"]:
        assert row["causes"] and f"  {row['question_id']}: was approved by Ada at" in output
    recomputed = {
        q for q, note in record["build"]["answer_cache"].items() if note.startswith("recomputed")
    }
    assert set(changes["held_recomputed"]) == recomputed - lapsed
    assert changes["signature_removed"] == [
        "manifest.sig",
        "SHA256SUMS",
        "SHA256SUMS.sig",
        "allowed_signers",
    ]
    assert "Signature removed: manifest.sig, SHA256SUMS, SHA256SUMS.sig, allowed_signers" in output
    assert f"Next: dossier review --out {out} --reviewer NAME --interactive" in output
    assert changes["next_steps"][0].startswith(f"dossier review --out {out}")


@pytest.mark.slow
def test_status_predicts_which_decisions_would_lapse(project: Path) -> None:
    build(project)
    out = project / "out"
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve-all")[0] == 0
    code, output = run("status", "--config", project / "dossier.toml")
    assert "Review decisions: 0 would lapse, 0 may lapse" in output and "6 hold" in output
    record = json.loads((out / "dossier.json").read_text())
    quoted = next(
        (a, q)
        for a in record["answers"]
        for c in a["claims"]
        for q in c["quotes"]
        if q["document"] == "policies/access-control.md"
    )
    answer, quote = quoted
    policy = project / "corpus" / "policies" / "access-control.md"
    first_word = quote["text"].split()[0]
    policy.write_text(policy.read_text().replace(quote["text"], quote["text"][len(first_word) :]))
    code, output = run("status", "--config", project / "dossier.toml")
    assert code == 0, output
    assert (
        f"  {answer['question_id']}: would lapse: a quoted passage is no longer in "
        "policies/access-control.md" in output
    ), output
    build(project)
    rebuilt = {
        a["question_id"]: a for a in json.loads((out / "dossier.json").read_text())["answers"]
    }
    assert rebuilt[answer["question_id"]]["review"]["status"] == "pending"


def test_a_build_after_a_review_lays_out_the_pdf_the_review_left_and_keeps_decisions(
    project: Path,
) -> None:
    build(project)
    out = project / "out"
    assert run("review", "--out", out, "--reviewer", "Ada", "--approve", "Q1")[0] == 0
    assert not (out / "dossier.pdf").exists()
    code, output = run("build", "--config", project / "dossier.toml")
    assert code == 0 and "Up to date" not in output and (out / "dossier.pdf").exists()
    reviews = {
        a["question_id"]: a["review"]
        for a in json.loads((out / "dossier.json").read_text())["answers"]
    }
    assert reviews["Q1"]["status"] == "approved"
    code, output = run("build", "--config", project / "dossier.toml")
    assert code == 0 and "Up to date" in output


@pytest.mark.slow
def test_every_command_finds_the_output_folder_in_the_settings_file(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 15: --out defaulted to build for diff/explain but was required for
    review/sign/verify/eval, and diff/explain took no --config."""
    config = project / "dossier.toml"
    build(project)
    build(project)
    assert run("review", "--config", config, "--reviewer", "Ada", "--approve", "Q1")[0] == 0
    assert run("diff", "--config", config)[0] == 0
    code, output = run("explain", "--config", config, "Q1")
    assert code == 0 and "Q1" in output
    monkeypatch.chdir(project)  # ./dossier.toml, as a user in the project folder has
    code, output = run("review", "--reviewer", "Ada", "--approve", "Q2")
    assert code == 0 and "Recorded 1 approved" in output, output
    assert run("render")[0] == 0 and (project / "out" / "dossier.pdf").exists()
    assert run("verify")[1].count("not signed") == 1
    assert run("diff")[0] == 0
    labels = project / "labels.jsonl"
    labels.write_text(json.dumps({"id": "Q1", "answerable": True, "documents": [], "anchors": []}))
    assert run("eval", "--labels", labels, "--no-baseline")[0] == 0


@pytest.mark.slow
def test_counts_read_as_english(project: Path) -> None:
    (project / "questions.csv").write_text(
        "id,question\nQ1,Is multi-factor authentication required for workforce accounts?\n"
    )
    code, output = run("build", "--config", project / "dossier.toml")
    assert code == 0 and "Built 1 answer from 11 documents" in output, output
    markdown = (project / "out" / "dossier.md").read_text()
    assert "1 statements" not in markdown and "1 quotes" not in markdown
    (project / "corpus" / "policies" / "encryption.md").unlink()
    build(project)
    assert "1 document changed" in run("diff", "--out", project / "out")[1]


def surfaced_only(project: Path) -> Path:
    """The project with only the passages searches surface embedded (what a corpus over
    ``dense_all_up_to`` passages gets)."""
    config = project / "dossier.toml"
    config.write_text(config.read_text() + '[retrieval]\ndense_scope = "surfaced"\n')
    return project


def stages_of_builds(project: Path) -> list[dict]:  # type: ignore[type-arg]
    ledgers = sorted((project / "out" / "cache" / "ledger").glob("*.jsonl"), key=os.path.getmtime)
    rows = ([json.loads(line) for line in path.read_text().splitlines()] for path in ledgers)
    return [{row["stage"]: row for row in build if "stage" in row} for build in rows]


def test_with_surfaced_passages_indexing_embeds_none_and_answering_keeps_what_it_embeds(
    project: Path,
) -> None:
    surfaced_only(project)
    first = build(project)
    code, output = run("status", "--config", project / "dossier.toml")
    assert code == 0 and "embedded when a search first surfaces them" in output
    append(project, "policies/business-continuity.md", "Backups are restored every month.")
    build(project)
    shutil.rmtree(project / "out" / "cache" / "answers")  # every answer researched again
    build(project)  # ... with nothing left to embed
    cold, edited, forced = stages_of_builds(project)
    passages = len(json.loads((project / "out" / "cache" / "passages.json").read_text()))
    assert (cold["index"]["dense"], cold["index"]["embedded"]) == ("surfaced passages", 0)
    assert 0 < cold["answer"]["passages_embedded"] < passages
    assert 0 < edited["answer"]["passages_embedded"] < cold["answer"]["passages_embedded"]
    assert forced["answer"]["recomputed"] == 6 and forced["answer"]["passages_embedded"] == 0
    assert any(a["verdict"] == "grounded" for a in first["answers"])


def test_with_surfaced_passages_jobs_give_the_same_dossier(project: Path, tmp_path: Path) -> None:
    """Threads share the vector store (its lock); that a passage's vector never depends
    on which search surfaced it first is tests/unit/test_dense_scope.py's."""
    serial = build(surfaced_only(project), "--jobs", "1")
    build(project, "--jobs", "2", "--out", tmp_path / "parallel")
    parallel = json.loads((tmp_path / "parallel" / "dossier.json").read_text())
    assert parallel["build"]["recomputed"] == 6
    assert json.dumps(comparable(serial), sort_keys=True) == json.dumps(
        comparable(parallel), sort_keys=True
    )


class _FailsAtAnswer:
    """A checkpoint that fails the build once its ``count``-th answer is stored (an
    internal error, a layout that fails, a disk that fills)."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.reached = 0

    def __call__(self, stage: str) -> None:
        self.reached += stage == "answer"
        if stage == "answer" and self.reached == self.count:
            raise RuntimeError("the disk is full")


def test_a_build_that_fails_after_making_answers_keeps_them(project: Path) -> None:
    """Found by an adversarial review: a build that failed after it had made answers
    removed the output folder it had created, cache and all, so the next build began
    again from nothing (Ctrl-C kept them). It now keeps the folder when it holds
    answers; with none made, it still leaves nothing behind."""
    hooks = Hooks(checkpoint=_FailsAtAnswer(3))
    args = ["build", "--config", str(project / "dossier.toml")]
    failed = CliRunner().invoke(main, args, obj=hooks)
    assert failed.exit_code == 1, failed.output
    assert "Internal error: RuntimeError: the disk is full" in failed.output
    assert not (project / "out" / ".dossier.lock").exists()
    record = build(project)
    assert record["build"]["reused"] == 3 and record["build"]["recomputed"] == 3
    shutil.rmtree(project / "out")
    failed = CliRunner().invoke(main, args, obj=Hooks(checkpoint=_FailsAtAnswer(1)))
    assert failed.exit_code == 1 and (project / "out").exists()  # the first answer is kept


def test_a_hand_edited_markdown_is_restored_and_the_signature_stands(project: Path) -> None:
    """Found by a new-user review: after editing the signed dossier.md by hand, a
    build with nothing to redo removed the signature "(the dossier was written again
    (its record changed))", though the record had not changed. The Markdown renders
    from the record to the bytes signed, so it is written back and the signature
    verifies; a change that cannot be rendered back is named."""
    build(project)
    out, key = project / "out", project / "signer.pem"
    review = ("review", "--out", out, "--reviewer", "Ada", "--approve-all")
    assert run(*review, "--include-escalated")[0] == 0
    assert run("keygen", "--out", key)[0] == 0
    assert run("sign", "--out", out, "--key", key)[0] == 0
    signed = (out / "dossier.md").read_bytes()
    (out / "dossier.md").write_bytes(signed.replace(b"Yes", b"Yes, always", 1))

    code, output = run("build", "--config", project / "dossier.toml")
    assert code == 0, output
    assert "Signature removed" not in output
    assert "Restored dossier.md: changed since it was written" in output
    assert "Up to date" in output
    assert (out / "dossier.md").read_bytes() == signed
    code, output = run("verify", "--out", out, "--pubkey", f"{key}.pub")
    assert code == 0, output

    decisions = out / "review.json"  # not rendered from the record: written again, named
    decisions.write_bytes(decisions.read_bytes() + b"\n")
    code, output = run("build", "--config", project / "dossier.toml")
    assert code == 0, output
    assert (
        "(the dossier was written again (review.json differed from the manifest); "
        "a signature covers only the files it signed)"
    ) in output
    assert "its record changed" not in output
