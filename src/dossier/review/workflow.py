"""A review as a person makes it: decide, save the decisions, render the dossier again.

Decisions are made against the engine's answers (edits taken back out, see
``decisions.engine_view``), saved to ``<out>/review.json`` at once, and the
artefacts are written again, the answered workbook from the copy in ``out``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from dossier.common.atomic import write_atomic
from dossier.common.clock import utc_iso
from dossier.output.render import write_outputs
from dossier.output.serialise import read_dossier
from dossier.records import Answer, Dossier, ReviewStatus
from dossier.review.decisions import (
    DECISIONS_FILE,
    Decision,
    apply_decisions,
    decide,
    decisions_json,
    edit_decision,
    engine_view,
    lapse,
    load_decisions,
    load_passages,
    pending,
)
from dossier.review.library import load_library, remember


@dataclass(frozen=True)
class Recorded:
    """What one review command did: how many decisions it recorded, how many answers wait."""

    decided: int
    pending: int
    remembered: int = 0  # entries added to the answer library


def record_decisions(
    out: Path,
    reviewer: str,
    status: ReviewStatus,
    question_ids: Sequence[str] | None,
    reason: str | None,
    text: str | None = None,
    library: Path | None = None,
) -> Recorded:
    """One decision per named question (every pending one when ``question_ids`` is
    None), or, for ``edited``, the edit of one answer to ``text``; saved, and the
    dossier rendered again; with a ``library``, each decision is added to it."""
    previous = load_decisions(out)
    if library is not None:
        load_library(library)  # a library that cannot be read fails before any decision
    dossier = engine_view(read_dossier(out), previous)
    at = utc_iso()
    new: list[Decision]
    if status == "edited" and question_ids:
        passages = load_passages(out)
        edited = edit_decision(dossier, question_ids[0], text or "", reviewer, at, passages)
        new = [dataclasses.replace(edited, reason=reason)]
    else:
        new = decide(dossier, question_ids, status, reviewer, at, reason)
    decisions = {**previous, **{d.question_id: d for d in new}}
    write_atomic(out / DECISIONS_FILE, decisions_json(decisions))
    reviewed = apply_decisions(dossier, decisions)
    write_outputs(reviewed, out)  # the answered workbook, if any, from the copy in out
    remembered = remember(library, reviewed, new) if library is not None else []
    return Recorded(len(new), len(pending(reviewed)), len(remembered))


def carry_decisions(
    out: Path, dossier: Dossier, evidence_changed: Iterable[str], why: Mapping[str, str]
) -> Dossier:
    """A new build's dossier under the decisions already made: each holds while the
    answer it judged is unchanged. Decisions on answers whose evidence changed
    (``evidence_changed``) lapse, with the reason (``why``, per question), and are
    kept in review.json marked so: a lapsed approval never comes back by itself."""
    decisions = load_decisions(out)
    kept = lapse(decisions, evidence_changed, why)
    if kept != decisions:
        write_atomic(out / DECISIONS_FILE, decisions_json(kept))
    return apply_decisions(dossier, kept, why)


def pending_answers(out: Path) -> list[Answer]:
    """The answers of the dossier in ``out`` that wait for a decision, in order."""
    return [a for a in read_dossier(out).answers if a.review.status == "pending"]
