"""The critic's model pass: one entailment call per kept claim, within a budget;
"not entailed" escalates, a model error keeps the claim and reports the pass as not run."""

from __future__ import annotations

from collections.abc import Sequence

from dossier.evidence.compose import ComposeContext, compose_answer
from dossier.records import Answer, Chunk, Evidence, Question, Selection
from dossier.research.brief import make_brief
from dossier.research.entailment import ENTAIL_SCHEMA, TASK, Entailer, EntailmentResult
from dossier.research.llm import CallBudget, JSONObject, Message, ModelError

TEXT = "Logs are retained for 90 days. Access is not granted to contractors."
CHUNK = Chunk("c1", "policies/logs.md", 0, len(TEXT), TEXT, "Logging")
RETAINED = "Logs are retained for 90 days."
CONTRACTORS = "Access is not granted to contractors."


def chunk_of(chunk_id: str) -> Chunk | None:
    return CHUNK if chunk_id == "c1" else None


def compose(*selections: Selection, entail: object = None) -> Answer:
    question = Question("Q", "How long are logs kept and who may access them?")
    evidence = Evidence(make_brief(question), (), selections, (), ())
    context = ComposeContext(chunk_of, {}, entail)  # type: ignore[arg-type]
    return compose_answer(question, evidence, context)


class Judge:
    """An entail function that answers from a table and records what it was asked."""

    def __init__(self, answers: dict[str, EntailmentResult]) -> None:
        self.answers = answers
        self.asked: list[tuple[str, list[str]]] = []

    def __call__(self, claim: str, quotes: Sequence[str]) -> EntailmentResult:
        self.asked.append((claim, list(quotes)))
        return self.answers.get(claim, EntailmentResult(True, "stated"))


def test_offline_composing_runs_no_model_pass() -> None:
    answer = compose(Selection("c1", (RETAINED,), 0, 1.0))
    assert answer.verdict == "grounded"
    assert answer.validation.critic_model_pass is False


def test_every_kept_claim_is_checked_and_the_pass_is_reported() -> None:
    judge = Judge({})
    answer = compose(
        Selection("c1", (RETAINED,), 0, 1.0, "Logs are kept for 90 days."),
        Selection("c1", (CONTRACTORS,), 0, 1.0),
        entail=judge,
    )
    assert answer.verdict == "grounded"
    assert answer.validation.critic_model_pass is True
    assert judge.asked == [("Logs are kept for 90 days.", [RETAINED]), (CONTRACTORS, [CONTRACTORS])]


def test_not_entailed_is_a_finding_and_the_claim_stays() -> None:
    claim = "Logs are kept for 90 days in a second region."
    judge = Judge({claim: EntailmentResult(False, "the quote names no region")})
    answer = compose(Selection("c1", (RETAINED,), 0, 1.0, claim), entail=judge)
    assert answer.verdict == "escalate"
    assert [c.text for c in answer.claims] == [claim]
    (finding,) = answer.findings
    assert (finding.check, finding.claim) == ("entailment", 0)
    assert finding.detail.endswith(": the quote names no region")
    assert answer.validation.critic_model_pass is True


def test_an_unchecked_claim_keeps_the_answer_and_the_pass_is_not_run() -> None:
    judge = Judge({CONTRACTORS: EntailmentResult(None, "model error: timed out")})
    answer = compose(
        Selection("c1", (RETAINED,), 0, 1.0), Selection("c1", (CONTRACTORS,), 0, 1.0), entail=judge
    )
    assert answer.verdict == "grounded"
    assert len(answer.claims) == 2 and not answer.findings
    assert answer.validation.critic_model_pass is False


def test_a_dropped_claim_is_not_sent_to_the_model() -> None:
    judge = Judge({})
    answer = compose(Selection("c1", (RETAINED,), 0, 1.0, "Logs are kept 30 days."), entail=judge)
    assert judge.asked == []
    assert answer.verdict == "escalate"  # the critic's number finding
    assert answer.validation.critic_model_pass is False  # nothing was left to check


class ScriptedModel:
    def __init__(self, *replies: JSONObject | ModelError) -> None:
        self.replies = list(replies)
        self.calls: list[tuple[str, Sequence[Message], JSONObject]] = []

    def complete(self, task: str, messages: Sequence[Message], schema: JSONObject) -> JSONObject:
        self.calls.append((task, messages, schema))
        reply = self.replies.pop(0)
        if isinstance(reply, ModelError):
            raise reply
        return reply


def test_the_entailer_counts_calls_records_steps_and_keeps_to_its_budget() -> None:
    model = ScriptedModel(
        {"entailed": False, "reason": "the quote says 90,\n not 30"},
        ModelError("timed out after 60s"),
    )
    entailer = Entailer(model, CallBudget(2))
    assert entailer("Kept 30 days.", [RETAINED]) == EntailmentResult(
        False, "the quote says 90, not 30"
    )
    assert entailer("Kept 90 days.", [RETAINED]) == EntailmentResult(
        None, "model error: timed out after 60s"
    )
    spent = entailer("No contractors.", [CONTRACTORS])
    assert spent == EntailmentResult(None, "the entailment budget of 2 model calls is spent")
    assert entailer.calls == 2 == len(model.calls)
    task, messages, schema = model.calls[0]
    assert (task, schema) == (TASK, ENTAIL_SCHEMA)
    assert "Claim: Kept 30 days." in messages[-1]["content"]
    # the quotes as a data block: one a line, indented, between its markers
    assert f"BEGIN QUOTES\n    1. {RETAINED}\nEND OF QUOTES" in messages[-1]["content"]
    rows = [s.to_json() for s in entailer.steps]
    steps = [(s["step"], s.get("task"), s.get("ok"), s.get("checked")) for s in rows]
    assert steps == [
        ("model", "entail", True, None),
        ("entail", None, None, True),
        ("model", "entail", False, None),
        ("entail", None, None, False),
        ("entail", None, None, False),
    ]
