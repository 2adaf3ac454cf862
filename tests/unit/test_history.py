"""dossier diff: what moved between two builds, and why."""

from __future__ import annotations

from dossier.incremental.history import diff_dossiers
from dossier.records import Answer, BuildInfo, Dossier


def _build(started: str, text: str, why: str) -> Dossier:
    info = BuildInfo(started, started, "offline", 1, 0, 1, 0, (), answer_cache={"Q1": why})
    answer = Answer("Q1", "Is MFA required?", "unsupported", text, (), (), ("mfa",), ())
    return Dossier("1.0", info, (), (answer,), "", "q.csv", "", "0")


def test_diff_gives_the_later_builds_reason_and_says_so_when_read_backwards() -> None:
    earlier = _build("2026-11-01T00:00:00Z", "No.", "recomputed: new question")
    later = _build("2026-11-02T00:00:00Z", "Still no.", "recomputed: engine settings changed")
    forwards = [line for line in diff_dossiers(earlier, later) if line.startswith("Q1")]
    assert forwards and forwards[0].endswith("why: engine settings changed")
    backwards = [line for line in diff_dossiers(later, earlier) if line.startswith("Q1")]
    assert backwards[0].endswith("why: the later build recorded: engine settings changed")
