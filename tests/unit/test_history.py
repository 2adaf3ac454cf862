"""dossier diff: what moved between two builds, and why."""

from __future__ import annotations

import pytest

from dossier.incremental.history import diff_dossiers
from dossier.records import Answer, BuildInfo, Claim, Document, Dossier, Quote, Verdict


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


def _policy(sha: str, text_sha: str, effective: str) -> Document:
    return Document("mfa.md", sha, text_sha, "MFA is required.", "MFA", {}, effective, None, ())


def _cited(started: str, document: Document, verdict: Verdict) -> Dossier:
    info = BuildInfo(started, started, "offline", 1, 0, 1, 0, (), answer_cache={})
    quote = Quote("MFA is required.", "mfa.md", "c1", 0, 16)
    answer = Answer(
        "Q1",
        "Is MFA required?",
        verdict,
        "Yes.",
        (Claim("MFA is required.", (quote,)),),
        (),
        (),
        (),
    )
    return Dossier("1.0", info, (document,), (answer,), "", "q.csv", "", "0")


def test_a_new_effective_date_is_named_as_such_not_as_new_evidence() -> None:
    earlier = _cited("2026-11-01T00:00:00Z", _policy("a" * 64, "t" * 64, "2025-01-01"), "grounded")
    later = _cited("2026-11-02T00:00:00Z", _policy("b" * 64, "t" * 64, "2026-01-01"), "escalate")
    lines = diff_dossiers(earlier, later)
    assert (
        "document changed, its text the same: mfa.md (effective date 2025-01-01 → 2026-01-01)"
        in lines
    )
    assert "document changed: mfa.md" not in lines
    [why] = [line for line in lines if line.startswith("Q1")]
    assert why.endswith(
        "why: mfa.md changed, its text the same (effective date 2025-01-01 → 2026-01-01)"
    )
    assert lines[-1].endswith("1 document changed")


@pytest.mark.parametrize(
    ("text_hash", "document_line", "why_line"),
    [
        ("u" * 64, "document changed: mfa.md", "why: new evidence in mfa.md"),
        (
            "t" * 64,
            "document changed, its text the same: mfa.md",
            "why: mfa.md changed, its text the same",
        ),
    ],
    ids=["text changed", "file saved again, text the same"],
)
def test_a_changed_file_says_whether_its_text_changed(
    text_hash: str, document_line: str, why_line: str
) -> None:
    earlier = _cited("2026-11-01T00:00:00Z", _policy("a" * 64, "t" * 64, "2025-01-01"), "grounded")
    later = _cited("2026-11-02T00:00:00Z", _policy("b" * 64, text_hash, "2025-01-01"), "escalate")
    lines = diff_dossiers(earlier, later)
    assert document_line in lines
    [why] = [line for line in lines if line.startswith("Q1")]
    assert why.endswith(why_line)
