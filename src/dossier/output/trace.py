"""Per-question traces: what the research did and decided, as JSON Lines.

One file per question under ``<out>/cache/trace/``: the brief, every search and
its hits, guards, reformulations, each fact's decision and the reason, the
passages selected, each quote's verification, the verdict, and timings. Only
observable actions and routing decisions are recorded, never model reasoning.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dossier.common.atomic import write_atomic
from dossier.errors import InputError
from dossier.records import Answer, Evidence

TRACE_DIR = "cache/trace"


def trace_path(out: Path, question_id: str) -> Path:
    safe = re.sub(r"[^A-Za-z0-9._-]", "_", question_id)[:80]
    digest = hashlib.sha256(question_id.encode()).hexdigest()[:8]
    return out / TRACE_DIR / f"{safe}-{digest}.jsonl"


def trace_steps(
    answer: Answer, evidence: Evidence, seconds: dict[str, float]
) -> list[dict[str, Any]]:
    verified = [
        {
            "step": "verify",
            "ok": True,
            "chunk_id": q.chunk_id,
            "document": q.document,
            "start": q.start,
            "end": q.end,
        }
        for claim in answer.claims
        for q in claim.quotes
    ]
    dropped = [
        {
            "step": "verify",
            "ok": False,
            "chunk_id": d.chunk_id,
            "document": d.document,
            "reason": d.reason,
        }
        for d in answer.discarded_quotes
    ]
    verdict = {
        "step": "verdict",
        "verdict": answer.verdict,
        "claims": len(answer.claims),
        "missing_facts": list(answer.missing_facts),
        "model_calls": evidence.model_calls,
        "seconds": seconds,
    }
    return [
        {"question_id": answer.question_id},
        *evidence.steps,
        *verified,
        *dropped,
        *_checks(answer),
        verdict,
    ]


def _checks(answer: Answer) -> list[dict[str, Any]]:
    """The calculator's calls (``tool``), the validator's drops, the critic's
    findings and the acceptance check, as trace steps."""
    steps: list[dict[str, Any]] = [
        {
            "step": "tool",
            "tool": "calculator",
            "operation": c.operation,
            "operands": list(c.operands),
            "fingerprint": tool_fingerprint(c.operation, c.operands),
            "result": c.result,
        }
        for c in answer.calculations
    ]
    steps += [{"step": "drop", "claim": d.text, "reason": d.reason} for d in answer.dropped_claims]
    steps += [
        {
            "step": "reattribute",
            "document": r.document,
            "cited": r.cited_chunk_id,
            "chunk_id": r.chunk_id,
        }
        for r in answer.reattributions
    ]
    steps += [
        {"step": "critic", "check": f.check, "claim": f.claim, "detail": f.detail}
        for f in answer.findings
    ]
    if answer.acceptance is not None:
        steps.append(
            {
                "step": "acceptance",
                "verdict": answer.acceptance.verdict,
                "gaps": list(answer.acceptance.gaps),
                "attempts": answer.acceptance.attempts,
            }
        )
    return steps


def tool_fingerprint(name: str, arguments: Sequence[str]) -> str:
    """A tool call's identity: the same operation over the same operands."""
    canonical = json.dumps([name, list(arguments)], ensure_ascii=False)
    return hashlib.sha256(canonical.encode()).hexdigest()[:16]


def write_trace(out: Path, answer: Answer, evidence: Evidence, seconds: dict[str, float]) -> Path:
    lines = [
        json.dumps(step, ensure_ascii=False) for step in trace_steps(answer, evidence, seconds)
    ]
    return write_atomic(trace_path(out, answer.question_id), ("\n".join(lines) + "\n").encode())


def read_trace(out: Path, question_id: str) -> list[dict[str, Any]]:
    path = trace_path(out, question_id)
    try:
        lines = path.read_text(encoding="utf-8").split("\n")  # not splitlines: U+2028 is text
        return [json.loads(line) for line in lines if line.strip()]
    except FileNotFoundError:
        raise InputError(f"{path}: no trace for question '{question_id}' (build first)") from None


def explain(steps: list[dict[str, Any]]) -> str:
    """The trace as a person reads it."""
    return "\n".join(line for step in steps for line in _describe(step))


def _describe(step: dict[str, Any]) -> list[str]:
    kind = step.get("step")
    if kind is None:
        return [f"Question {step['question_id']}"]
    if kind == "brief":
        facts = "; ".join(f"{f['text']} [{f['asks'] or 'statement'}]" for f in step["facts"])
        lines = [
            f"Brief: {step['query']}",
            f"  facts: {facts}",
            f"  cache key view: {step['normalised']}",
        ]
        if step.get("restatement"):
            lines.append(f"  restated: {step['restatement']}")
        lines += [
            f"  ambiguous: {a['text']} ("
            + ("acted on: " if a["acted_on"] else "no effect: ")
            + "; ".join(
                f"{reading} → {leads or 'names no answer'}" for reading, leads in a["readings"]
            )
            + ")"
            for a in step.get("ambiguities", [])
        ]
        return lines
    if kind == "search":
        lines = [f"Search: “{step['query']}” → {len(step['hits'])} hits shown"]
        lines += [
            f"    {h[2]:.4f}  {h[1]}  ({h[0]}; BM25 #{h[3]}, vector #{h[4]})"
            for h in step["hits"][:5]
        ]
        return lines
    if kind == "guard":
        return [f"Guard: {step['reason']}" + (f" — “{step['query']}”" if "query" in step else "")]
    if kind == "reformulate":
        return [
            f"Reformulate fact {step['fact'] + 1}: " + "; ".join(f"“{q}”" for q in step["queries"])
        ]
    if kind == "decide":
        outcome = "grounded" if step["grounded"] else "not grounded"
        return [f"Decide fact {step['fact'] + 1}: {outcome} ({step['reason']})"]
    if kind == "select":
        return [f"Select {step['chunk_id']}: " + " | ".join(step["quotes"])[:160]]
    if kind == "verify":
        if step["ok"]:
            return [f"Verify: quote found in {step['document']} [{step['start']}-{step['end']}]"]
        return [f"Verify: discarded ({step['document']}): {step['reason']}"]
    if kind == "tool":
        call = f"{step['operation']}({', '.join(step['operands'])})"
        return [f"Tool: {step['tool']} {call} = {step['result']}"]
    if kind == "reattribute":
        return [
            f"Verify: re-attributed from {step['cited']} to {step['chunk_id']} ({step['document']})"
        ]
    if kind == "drop":
        return [f"Validator: dropped “{step['claim'][:80]}”: {step['reason']}"]
    if kind == "critic":
        return [f"Critic: {step['check']}: {step['detail']}"]
    if kind == "conflict":
        lines = [f"Authority: {note}" for note in step["disclosures"]]
        return lines + [f"Conflict (escalated): {note}" for note in step["unsettled"]]
    if kind == "repair":
        return [f"Repair after acceptance check ({step['verdict']}): " + "; ".join(step["gaps"])]
    if kind == "acceptance":
        gaps = "; ".join(step["gaps"])
        return [
            f"Acceptance check: {step['verdict']} after {step['attempts']} attempt(s)"
            + (f" — {gaps}" if gaps else "")
        ]
    if kind == "verdict":
        timing = ", ".join(f"{k} {v:.3f}s" for k, v in step["seconds"].items())
        calls = f", {step['model_calls']} model calls" if step.get("model_calls") else ""
        return [f"Verdict: {step['verdict']} with {step['claims']} claims ({timing}{calls})"]
    return _describe_model_step(step)


def _describe_model_step(step: dict[str, Any]) -> list[str]:
    """The steps only the model engine writes."""
    kind = step.get("step")
    if kind == "model":
        outcome = "ok" if step["ok"] else f"failed: {step['error']}"
        return [f"Model call ({step['task']}): {outcome} in {step['seconds']:.3f}s"]
    if kind == "plan":
        return [
            f"Plan: {step['restatement']}",
            f"  facts: {'; '.join(step['facts'])}",
            f"  queries: {'; '.join(step['queries'])}",
        ]
    if kind == "assess":
        missing = "; ".join(step["missing"]) or "nothing"
        return [f"Assess: missing {missing}" + (f" → “{step['query']}”" if step["query"] else "")]
    if kind == "judge":
        lines = [
            f"Judge round {step['round']}: {step['judged']} claims checked, "
            f"{step['kept']} kept their verdict, {step['standing']} stand"
        ]
        lines += [
            f"    rejected: {f['claim']} ({'; '.join(f['reasons'])})" for f in step["failing"]
        ]
        return lines
    if kind == "accept":
        detail = "; ".join(step["gaps"]) if step["verdict"] == "incomplete" else step["restated"]
        detail = "" if step["verdict"] == "complete" else detail
        return [f"Acceptance check: {step['verdict']}" + (f" ({detail})" if detail else "")]
    if kind == "abstain":
        return [f"Abstain: {step['reason']}"]
    if kind == "entail":
        if not step["checked"]:
            outcome = f"not checked ({step['reason']})"
        else:
            outcome = "entailed" if step["entailed"] else f"NOT entailed: {step['reason']}"
        return [f"Entailment: “{step['claim'][:80]}” — {outcome}"]
    return [json.dumps(step)]
