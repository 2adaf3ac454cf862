"""Per-question traces: what the research did and decided, as JSON Lines.

One file per question under ``<out>/cache/trace/``: a header naming the question,
then its steps (``dossier.steps``): the brief, every search and its hits, guards,
reformulations, each fact's decision and the reason, the passages selected, each
quote's verification, the verdict, and timings. Only observable actions and
routing decisions are recorded, never model reasoning. ``explain`` says them as
a person reads them.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import singledispatch
from pathlib import Path
from typing import Any

from dossier.common.atomic import write_atomic
from dossier.common.textutil import fold_whitespace
from dossier.errors import InputError
from dossier.records import Answer, Evidence
from dossier.steps import (
    AbstainStep,
    AcceptanceStep,
    AcceptStep,
    AssessStep,
    BriefStep,
    ConflictStep,
    CriticStep,
    DecideStep,
    DropStep,
    EntailStep,
    GuardStep,
    JudgeStep,
    ModelStep,
    PlanStep,
    RankStep,
    ReattributeStep,
    ReformulateStep,
    RepairStep,
    SearchStep,
    SelectStep,
    Step,
    ToolStep,
    VerdictStep,
    VerifyStep,
    step_from_json,
)

TRACE_DIR = "cache/trace"


@dataclass(frozen=True)
class Trace:
    """One question's trace as read back: its header's question id, and its steps."""

    question_id: str | None
    steps: tuple[Step, ...]


def trace_path(out: Path, question_id: str) -> Path:
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", question_id)[:80]
    digest = hashlib.sha256(question_id.encode()).hexdigest()[:8]
    return out / TRACE_DIR / f"{safe}-{digest}.jsonl"


def trace_steps(answer: Answer, evidence: Evidence, seconds: Mapping[str, float]) -> list[Step]:
    """Research's steps, then what composing made of them, then the verdict."""
    verdict = VerdictStep(
        verdict=answer.verdict,
        claims=len(answer.claims),
        missing_facts=answer.missing_facts,
        model_calls=evidence.model_calls,
        seconds=seconds,
    )
    return [*evidence.steps, *_composed(answer), verdict]


def _composed(answer: Answer) -> list[Step]:
    """Each quote verified or discarded, then the checks."""
    verified = [
        VerifyStep(ok=True, chunk_id=q.chunk_id, document=q.document, start=q.start, end=q.end)
        for claim in answer.claims
        for q in claim.quotes
    ]
    dropped = [
        VerifyStep(ok=False, chunk_id=d.chunk_id, document=d.document, reason=d.reason)
        for d in answer.discarded_quotes
    ]
    return [*verified, *dropped, *_checks(answer)]


def _checks(answer: Answer) -> list[Step]:
    """The calculator's calls (``tool``), the validator's drops, the critic's
    findings and the acceptance check, as trace steps."""
    steps: list[Step] = [
        ToolStep(
            tool="calculator",
            operation=c.operation,
            operands=c.operands,
            fingerprint=tool_fingerprint(c.operation, c.operands),
            result=c.result,
        )
        for c in answer.calculations
    ]
    steps += [DropStep(claim=d.text, reason=d.reason) for d in answer.dropped_claims]
    steps += [
        ReattributeStep(document=r.document, cited=r.cited_chunk_id, chunk_id=r.chunk_id)
        for r in answer.reattributions
    ]
    steps += [CriticStep(check=f.check, claim=f.claim, detail=f.detail) for f in answer.findings]
    if answer.acceptance is not None:
        acceptance = answer.acceptance
        steps.append(
            AcceptanceStep(
                verdict=acceptance.verdict, gaps=acceptance.gaps, attempts=acceptance.attempts
            )
        )
    return steps


def tool_fingerprint(name: str, arguments: Sequence[str]) -> str:
    """A tool call's identity: the same operation over the same operands."""
    canonical = json.dumps([name, list(arguments)], ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def write_trace(
    out: Path, answer: Answer, evidence: Evidence, seconds: Mapping[str, float]
) -> Path:
    header = json.dumps({"question_id": answer.question_id}, ensure_ascii=False)
    steps = trace_steps(answer, evidence, seconds)
    lines = [header, *(json.dumps(step.to_json(), ensure_ascii=False) for step in steps)]
    return write_atomic(trace_path(out, answer.question_id), ("\n".join(lines) + "\n").encode())


def read_trace(out: Path, question_id: str) -> Trace:
    path = trace_path(out, question_id)
    try:
        lines = path.read_text(encoding="utf-8").split("\n")  # not splitlines: U+2028 is text
    except FileNotFoundError:
        why = (
            "its dossier asks no such question"
            if (out / "dossier.json").is_file()
            else "no dossier has been built there"
        )
        raise InputError(f"{out}: no trace for question '{question_id}': {why}") from None
    rows: list[dict[str, Any]] = [json.loads(line) for line in lines if line.strip()]
    header = next((r["question_id"] for r in rows if "step" not in r and "question_id" in r), None)
    steps = tuple(step_from_json(r) for r in rows if "step" in r or "question_id" not in r)
    return Trace(header, steps)


def trace_problems(trace: Trace, answer: Answer) -> list[str]:
    """Where a stored trace (a cache file) disagrees with the engine's answer the
    record holds (checked at build time, covered by the signature): its number of
    statements, or a quote of the record that research did not select. A reviewer's
    edit is not the engine's answer: nothing to compare."""
    if answer.review.status == "edited":
        return []
    problems = []
    verdicts = [s for s in trace.steps if isinstance(s, VerdictStep)]
    if verdicts and verdicts[-1].claims != len(answer.claims):
        problems.append(
            f"it records {verdicts[-1].claims} statement(s), the record {len(answer.claims)}"
        )
    selected = [
        fold_whitespace(q) for s in trace.steps if isinstance(s, SelectStep) for q in s.quotes
    ]
    quoted = [fold_whitespace(q.text) for c in answer.claims if c.kind == "fact" for q in c.quotes]
    if selected and any(not any(q in s for s in selected) for q in quoted):
        problems.append("the quotes it shows selected are not the record's quotes")
    return problems


def explain(trace: Trace) -> str:
    """The trace as a person reads it."""
    lines = [f"Question {trace.question_id}"] if trace.question_id is not None else []
    lines += [line for step in trace.steps for line in describe(step)]
    return "\n".join(lines)


def explain_record(answer: Answer, why: str = "the cache was deleted") -> str:
    """What ``dossier.json`` keeps of an answer, for a question whose trace is gone
    (``why``): every search with its best hits, each quote verified or discarded and
    why, the checks, what is missing, the verdict and the review."""
    lines = [
        f"Question {answer.question_id}",
        f"No stored trace of {answer.question_id} ({why}): what dossier.json "
        "records of it, without the brief, the ranking and the decisions",
        f"Question text: {answer.question}",
    ]
    for search in answer.searches:
        shown = search.hits[:5]
        more = f", the best {len(shown)} here" if len(search.hits) > len(shown) else ""
        lines.append(f"Search: “{search.query}” → {len(search.hits)} hits{more}")
        lines += [
            f"    {h.score:.4f}  {h.document}  ({h.chunk_id}; "
            f"BM25 {_rank(h.lexical_rank)}, vector {_rank(h.dense_rank)})"
            for h in shown
        ]
    lines += [line for step in _composed(answer) for line in describe(step)]
    lines += [f"Missing: {fact}" for fact in answer.missing_facts]
    lines.append(f"Verdict: {answer.verdict} with {len(answer.claims)} claims")
    lines.append(f"Short answer: {answer.short_answer}; review: {answer.review.status}")
    return "\n".join(lines)


# --- each kind of step, in words ---------------------------------------------------


@singledispatch
def describe(step: Step) -> list[str]:
    """A step this version does not know: as it was recorded."""
    return [json.dumps(step.to_json())]


@describe.register
def _(step: BriefStep) -> list[str]:
    facts = "; ".join(f"{f.text} [{f.asks or 'statement'}]" for f in step.facts)
    lines = [f"Brief: {step.query}"]
    if step.core:
        kind = "whether a document exists for: " if step.about_document else ""
        lines.append(f"  core ask: {kind}{step.core}")
    if step.demands:
        lines.append(f"  the wording also asks: {'; '.join(step.demands)}")
    lines += [f"  facts: {facts}", f"  cache key view: {step.normalised}"]
    if step.restatement:
        lines.append(f"  restated: {step.restatement}")
    lines += [
        f"  ambiguous: {a.text} ("
        + ("acted on: " if a.acted_on else "no effect: ")
        + "; ".join(f"{reading} → {leads or 'names no answer'}" for reading, leads in a.readings)
        + ")"
        for a in step.ambiguities
    ]
    return lines


@describe.register
def _(step: SearchStep) -> list[str]:
    shown = step.hits[:5]
    more = f", the best {len(shown)} here" if len(step.hits) > len(shown) else ""
    lines = [f"Search: “{step.query}” → {len(step.hits)} hits kept in the trace{more}"]
    lines += [
        f"    {h[2]:.4f}  {h[1]}  ({h[0]}; BM25 {_rank(h[3])}, vector {_rank(h[4])})" for h in shown
    ]
    return lines


def _rank(rank: object) -> str:
    """A hit's rank in one arm's list, or a dash when that arm did not return it."""
    return "—" if rank is None else f"#{rank}"


@describe.register
def _(step: GuardStep) -> list[str]:
    return [f"Guard: {step.reason}" + (f" — “{step.query}”" if step.query is not None else "")]


@describe.register
def _(step: ReformulateStep) -> list[str]:
    return [f"Reformulate fact {step.fact + 1}: " + "; ".join(f"“{q}”" for q in step.queries)]


@describe.register
def _(step: DecideStep) -> list[str]:
    outcome = "grounded" if step.grounded else "not grounded"
    return [f"Decide fact {step.fact + 1}: {outcome} ({step.reason})"]


@describe.register
def _(step: RankStep) -> list[str]:
    lines = [
        f"Rank: the best sentence answers with probability {step.probability:.2f} "
        f"(answers from {step.threshold:.2f}); best sentences:"
    ]
    lines += [
        f"    {score:+.2f}  {chunk_id}@{start}  “{fold_whitespace(text)}”"
        for chunk_id, start, score, text in step.top
    ]
    return lines


@describe.register
def _(step: SelectStep) -> list[str]:
    return [f"Select {step.chunk_id}: " + fold_whitespace(" | ".join(step.quotes))[:160]]


@describe.register
def _(step: VerifyStep) -> list[str]:
    if step.ok:
        return [f"Verify: quote found in {step.document} [{step.start}-{step.end}]"]
    return [f"Verify: discarded ({step.document}): {step.reason}"]


@describe.register
def _(step: ToolStep) -> list[str]:
    call = f"{step.operation}({', '.join(step.operands)})"
    return [f"Tool: {step.tool} {call} = {step.result}"]


@describe.register
def _(step: ReattributeStep) -> list[str]:
    return [f"Verify: re-attributed from {step.cited} to {step.chunk_id} ({step.document})"]


@describe.register
def _(step: DropStep) -> list[str]:
    return [f"Validator: dropped “{step.claim[:80]}”: {step.reason}"]


@describe.register
def _(step: CriticStep) -> list[str]:
    return [f"Critic: {step.check}: {step.detail}"]


@describe.register
def _(step: ConflictStep) -> list[str]:
    lines = [f"Authority: {note}" for note in step.disclosures]
    return lines + [f"Conflict (escalated): {note}" for note in step.unsettled]


@describe.register
def _(step: RepairStep) -> list[str]:
    return [f"Repair after acceptance check ({step.verdict}): " + "; ".join(step.gaps)]


@describe.register
def _(step: AcceptanceStep) -> list[str]:
    gaps = "; ".join(step.gaps)
    return [
        f"Acceptance check: {step.verdict} after {step.attempts} attempt(s)"
        + (f" — {gaps}" if gaps else "")
    ]


@describe.register
def _(step: VerdictStep) -> list[str]:
    timing = ", ".join(f"{k} {v:.3f}s" for k, v in step.seconds.items())
    calls = f", {step.model_calls} model calls" if step.model_calls else ""
    return [f"Verdict: {step.verdict} with {step.claims} claims ({timing}{calls})"]


# --- the steps only the model engine writes ------------------------------------------


@describe.register
def _(step: ModelStep) -> list[str]:
    outcome = "ok" if step.ok else f"failed: {step.error}"
    return [f"Model call ({step.task}): {outcome} in {step.seconds:.3f}s"]


@describe.register
def _(step: PlanStep) -> list[str]:
    return [
        f"Plan: {step.restatement}",
        f"  facts: {'; '.join(step.facts)}",
        f"  queries: {'; '.join(step.queries)}",
    ]


@describe.register
def _(step: AssessStep) -> list[str]:
    missing = "; ".join(step.missing) or "nothing"
    return [f"Assess: missing {missing}" + (f" → “{step.query}”" if step.query else "")]


@describe.register
def _(step: JudgeStep) -> list[str]:
    lines = [
        f"Judge round {step.round}: {step.judged} claims checked, "
        f"{step.kept} kept their verdict, {step.standing} stand"
    ]
    lines += [f"    rejected: {f.claim} ({'; '.join(f.reasons)})" for f in step.failing]
    return lines


@describe.register
def _(step: AcceptStep) -> list[str]:
    detail = "; ".join(step.gaps) if step.verdict == "incomplete" else step.restated
    detail = "" if step.verdict == "complete" else detail
    return [f"Acceptance check: {step.verdict}" + (f" ({detail})" if detail else "")]


@describe.register
def _(step: AbstainStep) -> list[str]:
    return [f"Abstain: {step.reason}"]


@describe.register
def _(step: EntailStep) -> list[str]:
    if not step.checked:
        outcome = f"not checked ({step.reason})"
    else:
        outcome = "entailed" if step.entailed else f"NOT entailed: {step.reason}"
    return [f"Entailment: “{step.claim[:80]}” — {outcome}"]
