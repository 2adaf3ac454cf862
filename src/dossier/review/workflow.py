"""A review as a person makes it: decide, save the decisions, render the dossier again.

Decisions are made against the engine's answers (edits taken back out, see
``decisions.engine_view``), saved to ``<out>/review.json`` at once, and the
artefacts a decision changes are written again: ``dossier.json``,
``dossier.md``, the answered workbook (from the copy in ``out``) and the
manifest. Laying out the PDF is what takes time, so a decision removes the old
``dossier.pdf`` (it no longer says what the record says) and the PDF is laid out
once, when it is needed: at the end of an interactive review and by
``dossier render`` (``render_final``), and by ``dossier sign``, which re-verifies
every quote and signs only what it has just rendered from the final decisions
(``review.signing.sign``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from dossier.common.atomic import write_atomic
from dossier.common.clock import utc_iso
from dossier.output.manifest import MANIFEST, SIGNATURE, SIGNATURE_FILES
from dossier.output.render import PDF, write_outputs
from dossier.output.serialise import read_dossier
from dossier.records import (
    Answer,
    Chunk,
    Dossier,
    Finding,
    LapsedDecision,
    ReviewChanges,
    ReviewStatus,
)
from dossier.review.decisions import (
    DECISIONS_FILE,
    Decision,
    apply_decisions,
    decide,
    decisions_json,
    engine_view,
    load_decisions,
    load_passages,
    newly_lapsed,
    pending,
    reassess,
)
from dossier.review.edits import edit_decision
from dossier.review.library import load_library, remember

SIGNED_FILES = (MANIFEST, *SIGNATURE_FILES)  # what `dossier sign` writes


@dataclass(frozen=True)
class Recorded:
    """What one review command did: how many decisions it recorded, how many
    answers wait, and what to run next."""

    decided: int
    pending: int
    next_steps: tuple[str, ...] = ()
    signature_removed: tuple[str, ...] = ()  # the signature no longer covers the dossier
    remembered: int = 0  # entries added to the answer library
    unchanged: tuple[str, ...] = ()  # named answers whose decision was already this one
    escalated_left: tuple[Escalated, ...] = ()  # left pending by a decision on all


@dataclass(frozen=True)
class Escalated:
    """A pending answer the engine escalated (verdict ``escalate``, short answer
    "Needs review"), which a decision on every pending answer leaves to a person
    naming it; ``findings`` and ``missing_facts`` say why it escalated."""

    question_id: str
    findings: tuple[Finding, ...]
    missing_facts: tuple[str, ...]


def record_decisions(
    out: Path,
    reviewer: str,
    status: ReviewStatus,
    question_ids: Sequence[str] | None,
    reason: str | None,
    text: str | None = None,
    library: Path | None = None,
    *,
    include_escalated: bool = False,
) -> Recorded:
    """One decision per named question (every pending one when ``question_ids`` is
    None, but for the escalated ones unless ``include_escalated``: each of those is
    decided only by naming it, and they are returned as ``escalated_left``), or, for
    ``edited``, the edit of one answer to ``text``; saved, and the
    dossier written again but for its PDF (see the module's docstring); with a
    ``library``, each decision is added to it. A decision that is already recorded
    as it stands (the same status, reviewer, reason and judged answer) is not
    recorded again; with none left, nothing of the dossier is written, and a signature
    stays (a ``library`` still learns the decisions repeated)."""
    previous = load_decisions(out)
    if library is not None:
        load_library(library)  # a library that cannot be read fails before any decision
    dossier = engine_view(read_dossier(out), previous)
    left: tuple[Escalated, ...] = ()
    if question_ids is None and not include_escalated:
        left = escalated_pending(dossier)
        held = {e.question_id for e in left}
        question_ids = [q for q in pending(dossier) if q not in held]
    made = _made(out, dossier, reviewer, status, question_ids, reason, text)
    new = [d for d in made if not _already(previous.get(d.question_id), d)]
    unchanged = tuple(d.question_id for d in made if d not in new)
    if not new:  # nothing written; a library named now still learns the decisions
        repeated = [previous[qid] for qid in unchanged]
        kept = remember(library, apply_decisions(dossier, previous), repeated) if library else []
        steps = next_steps(dossier, out)
        waiting = len(pending(dossier))
        return Recorded(0, waiting, steps, (), len(kept), unchanged, left)
    decisions = {**previous, **{d.question_id: d for d in new}}
    reviewed = apply_decisions(dossier, decisions)
    signed = tuple(name for name in SIGNATURE_FILES if (out / name).exists())

    def save() -> None:  # once everything is rendered: Ctrl-C before leaves the folder as it was
        write_atomic(out / DECISIONS_FILE, decisions_json(decisions))

    write_outputs(reviewed, out, lay_out_pdf=False, before_writing=save)  # workbook: copy in out
    steps = next_steps(reviewed, out, signed=False, laid_out=False)
    remembered = remember(library, reviewed, new) if library is not None else []
    waiting = len(pending(reviewed))
    return Recorded(len(new), waiting, steps, signed, len(remembered), unchanged, left)


def escalated_pending(dossier: Dossier) -> tuple[Escalated, ...]:
    """The pending answers the engine escalated, in order, with why."""
    return tuple(
        Escalated(a.question_id, a.findings, a.missing_facts)
        for a in dossier.answers
        if a.review.status == "pending" and a.verdict == "escalate"
    )


def _made(
    out: Path,
    dossier: Dossier,
    reviewer: str,
    status: ReviewStatus,
    question_ids: Sequence[str] | None,
    reason: str | None,
    text: str | None,
) -> list[Decision]:
    """The decisions asked for, made now against ``dossier`` (the engine's view)."""
    at = utc_iso()
    if status == "edited" and question_ids:
        passages = load_passages(out)
        edited = edit_decision(dossier, question_ids[0], text or "", reviewer, at, passages)
        return [dataclasses.replace(edited, reason=reason)]
    return decide(dossier, question_ids, status, reviewer, at, reason)


def _already(recorded: Decision | None, made: Decision) -> bool:
    """Whether ``made`` repeats the decision recorded, which still holds: only its
    time would differ."""
    return recorded is not None and dataclasses.replace(made, at=recorded.at) == recorded


def render_final(out: Path) -> Dossier:
    """Every artefact rendered again from ``dossier.json`` (which holds the
    decisions), the PDF laid out: what ``dossier render`` and an interactive review
    do (``dossier sign`` renders through the same ``write_outputs``, after its
    checks)."""
    dossier = read_dossier(out)
    write_outputs(dossier, out)
    return dossier


@dataclass(frozen=True)
class Carried:
    """A new build's dossier under the decisions already made, and what changed."""

    dossier: Dossier
    lapsed: tuple[LapsedDecision, ...]  # decisions this build found no longer holding
    held_recomputed: tuple[str, ...]  # recomputed answers that came out as judged
    decisions: dict[str, Decision] = field(default_factory=dict)  # as they stand now
    decisions_changed: bool = False  # review.json is to be written (``save_decisions``)


def carry_decisions(
    out: Path, dossier: Dossier, passages: Sequence[Chunk], recomputed: Collection[str]
) -> Carried:
    """A new build's dossier under the decisions already made: each holds while
    what its reviewer judged is unchanged (``decisions.reassess``; ``passages``
    re-verify edits), and lapses otherwise, with its causes, kept (``save_decisions``
    writes review.json) marked so: a lapsed decision never comes back by itself. ``recomputed``: the
    questions whose answers were made afresh, to name those whose decisions held."""
    decisions = load_decisions(out)
    kept = reassess(decisions, dossier, passages)
    held = tuple(q for q in recomputed if q in kept and kept[q].lapsed is None and q in decisions)
    lapsed = tuple(newly_lapsed(decisions, kept))
    return Carried(apply_decisions(dossier, kept), lapsed, held, kept, kept != decisions)


def save_decisions(out: Path, carried: Carried) -> None:
    """review.json as the build left the decisions (written only when they changed;
    the build does it with the artefacts, so that the two never disagree)."""
    if carried.decisions_changed:
        write_atomic(out / DECISIONS_FILE, decisions_json(carried.decisions))


def next_steps(
    dossier: Dossier, out: Path, *, signed: bool | None = None, laid_out: bool | None = None
) -> tuple[str, ...]:
    """The commands that take this dossier on: review what waits, then sign (which
    renders every artefact first), or lay out the PDF alone. ``signed`` and
    ``laid_out`` say whether a signature and the PDF are in ``out`` (default: look)."""
    waiting = len(pending(dossier))
    if waiting:
        return (
            f"dossier review --out {out} --reviewer NAME --interactive "
            f"({_answers(waiting)} awaiting a decision), then dossier sign",
        )
    if signed if signed is not None else (out / SIGNATURE).exists():
        return ()
    steps = [f"dossier sign --out {out} --key KEY (renders every artefact, then signs)"]
    if not (laid_out if laid_out is not None else (out / PDF).exists()):
        steps.append(f"dossier render --out {out} (lays out {PDF} without signing)")
    return tuple(steps)


def change_lines(changes: ReviewChanges, dossier: Dossier) -> list[str]:
    """What a build did to the review and the signature, for the terminal."""
    decided = sum(a.review.status != "pending" for a in dossier.answers)
    lines = []
    if changes.lapsed:
        lines.append(
            f"Review: {_decisions(len(changes.lapsed))} lapsed (what was judged changed); "
            f"{_decisions(decided)} hold"
        )
        lines += [f"  {lapsed.question_id}: {lapsed.message}" for lapsed in changes.lapsed]
    if changes.held_recomputed:
        lines.append(
            f"Review: {_answers(len(changes.held_recomputed))} recomputed came out as judged; "
            f"their decisions hold ({', '.join(changes.held_recomputed)})"
        )
    if changes.signature_removed:
        lines.append(
            f"Signature removed: {', '.join(changes.signature_removed)} "
            f"({changes.signature_reason})"
        )
    return lines


def decision_lines(answer: Answer) -> list[str]:
    """What a person needs to decide on one answer, for the terminal: the question,
    the verdict and short answer, the prose, each statement's quotes with the
    document each is from, the findings (check, the statement it is about, detail)
    and the missing facts."""
    lines = [
        f"{answer.question_id}. {_flat(answer.question)}",
        f"[{answer.verdict}] {answer.short_answer or '(no short answer)'}",
        answer.answer,
    ]
    for number, claim in enumerate(answer.claims, 1):
        lines.append(f"Statement {number}: {_flat(claim.text)}")
        lines += [
            f"  quote from {q.document} (characters {q.start}–{q.end}): “{_flat(q.text)}”"
            for q in claim.quotes
        ]
    for finding in answer.findings:
        about = "the answer" if finding.claim < 0 else f"statement {finding.claim + 1}"
        lines.append(f"Finding: {finding.check} ({about}): {_flat(finding.detail)}")
    lines += [f"Missing: {fact}" for fact in answer.missing_facts]
    return lines


def _flat(text: str) -> str:
    return " ".join(text.split())


def escalated_lines(left: Sequence[Escalated]) -> list[str]:
    """The escalated answers a decision on all left pending, each with why, for the
    terminal."""
    if not left:
        return []
    ids = " ".join(e.question_id for e in left)
    lines = [
        f"Left pending: {_escalated(len(left))} (Needs review), for a person to decide "
        f"each: dossier review --approve {ids} (or --edit, --reject), or --approve-all "
        "--include-escalated"
    ]
    for escalated in left:
        why = [f"{f.check}: {' '.join(f.detail.split())}" for f in escalated.findings]
        why += [f"missing: {fact}" for fact in escalated.missing_facts]
        lines.append(f"  {escalated.question_id}: {'; '.join(why) or 'no finding recorded'}")
    return lines


def _escalated(count: int) -> str:
    return f"{count} escalated answer{'' if count == 1 else 's'}"


def _decisions(count: int) -> str:
    return f"{count} decision{'' if count == 1 else 's'}"


def _answers(count: int) -> str:
    return f"{count} answer{'' if count == 1 else 's'}"


def pending_answers(out: Path) -> list[Answer]:
    """The answers of the dossier in ``out`` that wait for a decision, in order."""
    return [a for a in read_dossier(out).answers if a.review.status == "pending"]
