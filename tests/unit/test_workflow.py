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
