"""Recording review decisions (``review.workflow.record_decisions``): a request that
changes no decision writes nothing, so a signature stays (found by an adversarial
review: approve-all on a signed, fully reviewed folder recorded 0 decisions and
removed the signature and dossier.pdf)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dossier.output.manifest import SIGNATURE
from dossier.output.render import write_outputs
from dossier.review.workflow import record_decisions
from tests.unit.test_decisions import _answer, _dossier


@pytest.fixture
def out(tmp_path: Path) -> Path:
    write_outputs(_dossier(_answer()), tmp_path, lay_out_pdf=False)
    return tmp_path


def _files(out: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(out.iterdir()) if p.is_file()}


def test_approving_all_with_nothing_pending_writes_nothing(out: Path) -> None:
    first = record_decisions(out, "Ada", "approved", None, None)
    assert (first.decided, first.pending) == (1, 0)
    (out / SIGNATURE).write_text("a signature\n")  # stands for a signed folder
    before = _files(out)
    again = record_decisions(out, "Zed", "approved", None, None)
    assert (again.decided, again.pending, again.unchanged) == (0, 0, ())
    assert _files(out) == before


def test_the_same_decision_again_is_not_recorded_again(out: Path) -> None:
    record_decisions(out, "Ada", "approved", ["Q1"], None)
    before = _files(out)
    again = record_decisions(out, "Ada", "approved", ["Q1"], None)
    assert (again.decided, again.unchanged) == (0, ("Q1",))
    assert _files(out) == before
    # another reviewer's approval, or another decision, is a change
    assert record_decisions(out, "Bob", "approved", ["Q1"], None).decided == 1
    assert record_decisions(out, "Bob", "rejected", ["Q1"], "not ours").decided == 1
    assert record_decisions(out, "Bob", "rejected", ["Q1"], "not ours").decided == 0


def test_a_library_named_with_a_repeated_decision_still_learns_it(
    out: Path, tmp_path: Path
) -> None:
    """Approved first without --library, then again naming one: the dossier is not
    written again, and the library gets the approved answer."""
    from dossier.review.library import load_library

    record_decisions(out, "Ada", "approved", ["Q1"], None)
    before = _files(out)
    library = tmp_path.parent / f"{tmp_path.name}-library" / "library.jsonl"
    library.parent.mkdir()
    again = record_decisions(out, "Ada", "approved", ["Q1"], None, library=library)
    assert (again.decided, again.unchanged, again.remembered) == (0, ("Q1",), 1)
    assert _files(out) == before
    assert [e.kind for e in load_library(library).entries] == ["approved"]


def _escalated_folder(tmp_path: Path) -> Path:
    from dossier.records import Finding

    escalated = _answer(
        question_id="Q2",
        verdict="escalate",
        short_answer="Needs review",
        findings=(Finding("demand", 0, "the question asks 12 hours; the quote says 24"),),
        missing_facts=("the recovery time objective",),
    )
    out = tmp_path / "escalated"
    write_outputs(_dossier(_answer(), escalated), out, lay_out_pdf=False)
    return out


def test_approving_all_leaves_escalated_answers_to_a_person(tmp_path: Path) -> None:
    """An escalated answer ("Needs review") is decided only by naming it: approving
    every pending answer leaves it pending and says why it escalated (found by a
    new-user review: --approve-all approved it without a word, and it was signed)."""
    from dossier.output.serialise import read_dossier

    out = _escalated_folder(tmp_path)
    recorded = record_decisions(out, "Ada", "approved", None, None)
    assert (recorded.decided, recorded.pending) == (1, 1)
    (left,) = recorded.escalated_left
    assert left.question_id == "Q2"
    assert [f.check for f in left.findings] == ["demand"]
    statuses = {a.question_id: a.review.status for a in read_dossier(out).answers}
    assert statuses == {"Q1": "approved", "Q2": "pending"}
    # named, it is a person's decision
    assert record_decisions(out, "Ada", "approved", ["Q2"], None).pending == 0


def test_approving_all_includes_escalated_answers_only_when_asked(tmp_path: Path) -> None:
    out = _escalated_folder(tmp_path)
    recorded = record_decisions(out, "Ada", "approved", None, None, include_escalated=True)
    assert (recorded.decided, recorded.pending, recorded.escalated_left) == (2, 0, ())


def test_the_cli_names_each_escalated_answer_left_and_why(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from dossier.cli import main

    out = _escalated_folder(tmp_path)
    review = ["review", "--out", str(out), "--reviewer", "Ada", "--approve-all"]
    result = CliRunner().invoke(main, review)
    assert result.exit_code == 0, result.output
    assert "Recorded 1 approved by Ada; 1 answer still pending." in result.output
    assert "Left pending: 1 escalated answer (Needs review)" in result.output
    assert "--approve Q2" in result.output
    assert (
        "  Q2: demand: the question asks 12 hours; the quote says 24; "
        "missing: the recovery time objective"
    ) in result.output
    again = CliRunner().invoke(main, review)
    assert "Nothing to record: only escalated answers await review" in again.output
    included = CliRunner().invoke(main, [*review, "--include-escalated"])
    assert "Recorded 1 approved by Ada; 0 answers still pending." in included.output
    misplaced = CliRunner().invoke(main, [*review[:-1], "--approve", "Q2", "--include-escalated"])
    assert misplaced.exit_code == 2


def test_interactive_review_shows_what_a_person_decides_on(tmp_path: Path) -> None:
    """Found by a new-user review: it showed the question, the verdict and the prose
    only; a reviewer also needs the short answer, the findings, where each quote is
    from, and the missing facts."""
    from click.testing import CliRunner

    from dossier.cli import main
    from tests.unit.test_decisions import SENTENCE, START

    out = _escalated_folder(tmp_path)
    review = ["review", "--out", str(out), "--reviewer", "Ada", "--interactive"]
    result = CliRunner().invoke(main, review, input="s\ns\n")
    assert result.exit_code == 0, result.output
    shown = result.output
    assert "[grounded] quarterly" in shown and "[escalate] Needs review" in shown
    assert f"Statement 1: {SENTENCE}" in shown
    where = f"characters {START}–{START + len(SENTENCE)}"
    assert f"  quote from policies/access.md ({where}): “{SENTENCE}”" in shown
    assert "Finding: demand (statement 1): the question asks 12 hours; the quote says 24" in shown
    assert "Missing: the recovery time objective" in shown
