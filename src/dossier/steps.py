"""The trace's steps: one frozen record per kind of observable action or decision.

Research writes them (the brief, each search, guard, reformulation, decision,
selection, model call ...), the build adds what composing did (each quote's
verification, the calculator, the validator, the critic, the acceptance check,
the verdict), and ``output.trace`` writes them one JSON object a line. A step's
JSON is ``{"step": <kind>, <its fields in order>}``; a field marked ``optional()``
is left out while it is None. ``step_from_json`` reads a line back; a kind this
version does not know is kept as an ``UnknownStep``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

# A search hit as the trace shows it: chunk id, document, score, BM25 rank, vector rank.
HitRow = tuple[str, str, float, int | None, int | None]
# A ranked candidate: chunk id, score, cosine similarity, term coverage.
CandidateRow = tuple[str, float, float, float]


def optional() -> Any:
    """A field left out of the step's JSON while it is None."""
    return field(default=None, metadata={"optional": True})


@dataclass(frozen=True, kw_only=True)
class Step:
    KIND: ClassVar[str] = ""

    @property
    def kind(self) -> str:
        return self.KIND

    def to_json(self) -> dict[str, Any]:
        row: dict[str, Any] = {"step": self.kind}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is None and f.metadata.get("optional"):
                continue
            row[f.name] = plain(value)
        return row

    @classmethod
    def from_json(cls, row: Mapping[str, Any]) -> Self:
        names = {f.name for f in dataclasses.fields(cls)}
        return cls(**{k: frozen(v) for k, v in row.items() if k in names})


def plain(value: Any) -> Any:
    """A step's value as JSON: records become objects, tuples lists."""
    if value is None or isinstance(value, str | int | float):  # most values: asked first
        return value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, Mapping):
        return {k: plain(v) for k, v in value.items()}
    return value


def frozen(value: Any) -> Any:
    """A JSON value as a step holds it: lists become tuples."""
    if isinstance(value, list):
        return tuple(frozen(v) for v in value)
    if isinstance(value, dict):
        return {k: frozen(v) for k, v in value.items()}
    return value


# --- research ------------------------------------------------------------------


@dataclass(frozen=True)
class FactNote:
    text: str
    terms: tuple[str, ...]
    asks: str | None


@dataclass(frozen=True)
class AmbiguityNote:
    text: str
    readings: tuple[tuple[str, str], ...]  # (reading, the answer it leads to)
    acted_on: bool


@dataclass(frozen=True, kw_only=True)
class BriefStep(Step):
    KIND = "brief"
    query: str
    normalised: str
    identifiers: tuple[str, ...]
    facts: tuple[FactNote, ...]
    restatement: str = ""
    assumptions: tuple[str, ...] = ()
    acceptance: tuple[str, ...] = ()
    ambiguities: tuple[AmbiguityNote, ...] = ()
    core: str | None = optional()  # the core ask: the practice and its subject
    demands: tuple[str, ...] = ()  # what the wording asks beyond it
    about_document: bool = False  # asks that a policy, plan or procedure exists

    @classmethod
    def from_json(cls, row: Mapping[str, Any]) -> Self:
        step = super().from_json(row)
        facts = tuple(FactNote(**f) for f in step.facts)  # type: ignore[arg-type]
        ambiguities = tuple(AmbiguityNote(**a) for a in step.ambiguities)  # type: ignore[arg-type]
        return dataclasses.replace(step, facts=facts, ambiguities=ambiguities)


@dataclass(frozen=True, kw_only=True)
class SearchStep(Step):
    KIND = "search"
    query: str
    hits: tuple[HitRow, ...]  # the ten best


@dataclass(frozen=True, kw_only=True)
class GuardStep(Step):
    """A search refused or a loop stopped: a repeated query, a spent budget, no progress."""

    KIND = "guard"
    fact: int | None = optional()
    reason: str
    query: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class ReformulateStep(Step):
    KIND = "reformulate"
    fact: int
    queries: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class DecideStep(Step):
    KIND = "decide"
    fact: int
    grounded: bool
    reason: str
    top: tuple[CandidateRow, ...]  # the five best candidates


# A ranked candidate sentence: chunk id, offset in the passage, score, its text (cut).
SentenceRow = tuple[str, int, float, str]


@dataclass(frozen=True, kw_only=True)
class RankStep(Step):
    """Candidate sentences scored, and the probability that the best one answers."""

    KIND = "rank"
    probability: float
    threshold: float
    top: tuple[SentenceRow, ...]  # the five best sentences


@dataclass(frozen=True, kw_only=True)
class ConflictStep(Step):
    KIND = "conflict"
    fact: int
    disclosures: tuple[str, ...]
    unsettled: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class SelectStep(Step):
    KIND = "select"
    fact: int
    chunk_id: str
    quotes: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class RepairStep(Step):
    """Research again after an acceptance check that was not complete."""

    KIND = "repair"
    verdict: str
    gaps: tuple[str, ...]


# --- the model engine's steps --------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class ModelStep(Step):
    """One call to the language model: its task, and how it went."""

    KIND = "model"
    task: str
    ok: bool
    error: str | None = optional()
    seconds: float


@dataclass(frozen=True, kw_only=True)
class PlanStep(Step):
    KIND = "plan"
    restatement: str
    facts: tuple[str, ...]
    queries: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class AssessStep(Step):
    KIND = "assess"
    missing: tuple[str, ...]
    query: str


@dataclass(frozen=True)
class FailingClaim:
    claim: str
    reasons: tuple[str, ...]


@dataclass(frozen=True, kw_only=True)
class JudgeStep(Step):
    KIND = "judge"
    round: int
    judged: int
    kept: int
    standing: int
    failing: tuple[FailingClaim, ...]

    @classmethod
    def from_json(cls, row: Mapping[str, Any]) -> Self:
        step = super().from_json(row)
        failing = tuple(FailingClaim(**f) for f in step.failing)  # type: ignore[arg-type]
        return dataclasses.replace(step, failing=failing)


@dataclass(frozen=True, kw_only=True)
class AcceptStep(Step):
    """The model's acceptance check of the composed answer."""

    KIND = "accept"
    verdict: str
    gaps: tuple[str, ...]
    restated: str


@dataclass(frozen=True, kw_only=True)
class AbstainStep(Step):
    KIND = "abstain"
    reason: str


@dataclass(frozen=True, kw_only=True)
class EntailStep(Step):
    """The critic's model pass on one claim; ``entailed`` is absent when not checked."""

    KIND = "entail"
    claim: str
    checked: bool
    entailed: bool | None = optional()
    reason: str


# --- composing and the verdict -------------------------------------------------


@dataclass(frozen=True, kw_only=True)
class VerifyStep(Step):
    """One quote: found (``start``, ``end``) or discarded (``reason``)."""

    KIND = "verify"
    ok: bool
    chunk_id: str
    document: str
    start: int | None = optional()
    end: int | None = optional()
    reason: str | None = optional()


@dataclass(frozen=True, kw_only=True)
class ToolStep(Step):
    KIND = "tool"
    tool: str
    operation: str
    operands: tuple[str, ...]
    fingerprint: str
    result: str


@dataclass(frozen=True, kw_only=True)
class DropStep(Step):
    """A statement the validator dropped."""

    KIND = "drop"
    claim: str
    reason: str


@dataclass(frozen=True, kw_only=True)
class ReattributeStep(Step):
    KIND = "reattribute"
    document: str
    cited: str
    chunk_id: str


@dataclass(frozen=True, kw_only=True)
class CriticStep(Step):
    KIND = "critic"
    check: str
    claim: int
    detail: str


@dataclass(frozen=True, kw_only=True)
class AcceptanceStep(Step):
    """The answer's acceptance check as recorded with it (offline or model)."""

    KIND = "acceptance"
    verdict: str
    gaps: tuple[str, ...]
    attempts: int


@dataclass(frozen=True, kw_only=True)
class VerdictStep(Step):
    KIND = "verdict"
    verdict: str
    claims: int
    missing_facts: tuple[str, ...]
    model_calls: int = 0
    seconds: Mapping[str, float] = field(default_factory=dict)


@dataclass(frozen=True, kw_only=True)
class UnknownStep(Step):
    """A step of a kind this version does not know, kept as it was read."""

    row: Mapping[str, Any]

    @property
    def kind(self) -> str:
        return str(self.row.get("step", ""))

    def to_json(self) -> dict[str, Any]:
        return dict(self.row)


KINDS: dict[str, type[Step]] = {
    kind.KIND: kind
    for kind in (
        BriefStep,
        SearchStep,
        GuardStep,
        ReformulateStep,
        DecideStep,
        RankStep,
        ConflictStep,
        SelectStep,
        RepairStep,
        ModelStep,
        PlanStep,
        AssessStep,
        JudgeStep,
        AcceptStep,
        AbstainStep,
        EntailStep,
        VerifyStep,
        ToolStep,
        DropStep,
        ReattributeStep,
        CriticStep,
        AcceptanceStep,
        VerdictStep,
    )
}


def step_from_json(row: Mapping[str, Any]) -> Step:
    """A step read back from its JSON; an unknown or malformed one as ``UnknownStep``."""
    kind = KINDS.get(str(row.get("step")))
    if kind is None:
        return UnknownStep(row=row)
    try:
        return kind.from_json(row)
    except (TypeError, ValueError, KeyError):
        return UnknownStep(row=row)
