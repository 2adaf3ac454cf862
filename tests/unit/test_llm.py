"""The model client: the real ``openai`` client against a scripted server on 127.0.0.1."""

from __future__ import annotations

import dataclasses
import threading

import pytest

from dossier.errors import ConfigError
from dossier.research.llm import (
    CallBudget,
    CircuitBreaker,
    ModelError,
    ModelSettings,
    OpenAIModel,
    schema_problem,
)
from tests.support.openai_server import ChatRequest, Reply, ScriptedServer, json_reply

SCHEMA = {
    "type": "object",
    "properties": {
        "verdict": {"type": "string", "enum": ["complete", "incomplete"]},
        "gaps": {"type": "array", "items": {"type": "string"}},
    },
    "required": ["verdict", "gaps"],
    "additionalProperties": False,
}
MESSAGES = [{"role": "user", "content": "Is it complete?"}]


def settings(**changes: object) -> ModelSettings:
    values: dict[str, object] = {
        "model": "scripted",
        "timeout_seconds": 5.0,
        "max_retries": 2,
        "backoff_seconds": 0.5,
        "breaker_threshold": 50,
        "call_budget": 100,
    }
    values.update(changes)
    return ModelSettings(**values)  # type: ignore[arg-type]


@pytest.fixture
def waits() -> list[float]:
    return []


def model_for(server: ScriptedServer, waits: list[float], **changes: object) -> OpenAIModel:
    environ = {"OPENAI_BASE_URL": server.base_url, "OPENAI_API_KEY": "sk-test-secret"}
    return OpenAIModel.from_environment(settings(**changes), environ, sleep=waits.append)


def scripted(*replies: Reply) -> ScriptedServer:
    """A server that gives these replies in order, then repeats the last."""
    queue = list(replies)

    def script(request: ChatRequest) -> Reply:
        return queue.pop(0) if len(queue) > 1 else queue[0]

    return ScriptedServer(script)


GOOD = json_reply({"verdict": "complete", "gaps": []})


def test_a_reply_is_parsed_and_the_request_is_structured(waits: list[float]) -> None:
    with scripted(GOOD) as server:
        reply = model_for(server, waits).complete("accept", MESSAGES, SCHEMA)
    assert reply == {"verdict": "complete", "gaps": []}
    body = server.requests[0].body
    assert body["model"] == "scripted"
    assert body["temperature"] == 0.0
    assert body["response_format"]["type"] == "json_schema"
    assert body["response_format"]["json_schema"]["name"] == "accept"
    assert body["response_format"]["json_schema"]["schema"] == SCHEMA
    assert body["messages"] == MESSAGES


def test_malformed_json_is_retried_with_backoff_then_an_error(waits: list[float]) -> None:
    with scripted(Reply("{not json")) as server:
        model = model_for(server, waits)
        with pytest.raises(ModelError, match="malformed JSON"):
            model.complete("accept", MESSAGES, SCHEMA)
    assert server.count() == 3  # the first attempt and two retries
    assert waits == [0.5, 1.0]  # exponential backoff, through the injected sleep


def test_a_reply_that_breaks_the_schema_is_an_error(waits: list[float]) -> None:
    bad = json_reply({"verdict": "maybe", "gaps": []})
    problem = r"does not match the schema: \$\.verdict"
    with scripted(bad) as server, pytest.raises(ModelError, match=problem):
        model_for(server, waits, max_retries=0).complete("accept", MESSAGES, SCHEMA)


def test_a_retry_can_recover(waits: list[float]) -> None:
    with scripted(Reply(status=503), Reply("[]"), GOOD) as server:
        reply = model_for(server, waits).complete("accept", MESSAGES, SCHEMA)
    assert reply["verdict"] == "complete"
    assert server.count() == 3


def test_a_client_error_is_not_retried(waits: list[float]) -> None:
    with scripted(Reply(status=401)) as server, pytest.raises(ModelError, match="HTTP 401"):
        model_for(server, waits).complete("accept", MESSAGES, SCHEMA)
    assert server.count() == 1


def test_a_timeout_is_an_error(waits: list[float]) -> None:
    with scripted(Reply(json_reply({}).content, delay=2.0)) as server:
        model = model_for(server, waits, timeout_seconds=0.2, max_retries=0)
        with pytest.raises(ModelError, match=r"timed out after 0\.2s"):
            model.complete("accept", MESSAGES, SCHEMA)


def test_the_breaker_opens_after_consecutive_failures_and_stays_open(
    waits: list[float],
) -> None:
    with scripted(Reply(status=500), GOOD) as server:
        model = model_for(server, waits, max_retries=0, breaker_threshold=1)
        with pytest.raises(ModelError, match="HTTP 500"):
            model.complete("accept", MESSAGES, SCHEMA)
        with pytest.raises(ModelError, match="circuit breaker open"):
            model.complete("accept", MESSAGES, SCHEMA)
    assert server.count() == 1  # the open breaker sent nothing


def test_a_success_resets_the_failure_count(waits: list[float]) -> None:
    with scripted(Reply(status=500), GOOD, Reply(status=500), GOOD) as server:
        model = model_for(server, waits, max_retries=1, breaker_threshold=2)
        model.complete("accept", MESSAGES, SCHEMA)
        model.complete("accept", MESSAGES, SCHEMA)
    assert not model.breaker.is_open


def test_the_call_budget_counts_every_request(waits: list[float]) -> None:
    with scripted(Reply(status=500), GOOD) as server:
        model = model_for(server, waits, call_budget=3, max_retries=1)
        model.complete("accept", MESSAGES, SCHEMA)  # two requests
        model.complete("accept", MESSAGES, SCHEMA)  # the third
        with pytest.raises(ModelError, match="call budget of 3 model calls is spent"):
            model.complete("accept", MESSAGES, SCHEMA)
    assert server.count() == 3 and model.requests == 3


def test_a_missing_base_url_names_the_variable() -> None:
    with pytest.raises(ConfigError, match="OPENAI_BASE_URL"):
        OpenAIModel.from_environment(settings(), {"OPENAI_API_KEY": "sk-x"})


@pytest.mark.parametrize(
    "address",
    [
        "not-a-url",
        "127.0.0.1:8000/v1",
        "ftp://host/v1",
        "http://",
        "http://[::1",
        "http://h:99999/v1",
    ],
)
def test_a_base_url_that_is_no_http_address_is_a_config_error(address: str) -> None:
    with pytest.raises(ConfigError, match="is not an http\\(s\\) address"):
        OpenAIModel.from_environment(settings(), {"OPENAI_BASE_URL": address})


def test_the_key_is_sent_but_never_in_an_error(waits: list[float]) -> None:
    with scripted(Reply(status=401)) as server:
        model = model_for(server, waits)
        with pytest.raises(ModelError) as caught:
            model.complete("accept", MESSAGES, SCHEMA)
    assert "sk-test-secret" not in caught.value.reason
    assert server.count() == 1


def test_budget_and_breaker_are_thread_safe() -> None:
    budget = CallBudget(1000)
    breaker = CircuitBreaker(1601)
    taken: list[bool] = []

    def work() -> None:
        for _ in range(200):
            taken.append(budget.take())
            breaker.failure()

    threads = [threading.Thread(target=work) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert taken.count(True) == 1000 and budget.used == 1000
    assert not breaker.is_open  # 1600 failures counted, none lost
    breaker.failure()
    assert breaker.is_open


@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ({"verdict": "complete", "gaps": []}, ""),
        ({"verdict": "complete"}, "$.gaps is missing"),
        ({"verdict": "complete", "gaps": [], "x": 1}, "$ has unexpected x"),
        ({"verdict": "complete", "gaps": [3]}, "$.gaps[0] is not string"),
        ([], "$ is not object"),
    ],
)
def test_schema_problems_are_named(value: object, problem: str) -> None:
    assert schema_problem(value, SCHEMA) == problem


def test_a_reply_without_choices_is_an_error(waits: list[float]) -> None:
    def no_choices(request: ChatRequest) -> Reply:
        return Reply(status=299)  # the server helper sends an error body: no choices at all

    with ScriptedServer(no_choices) as server, pytest.raises(ModelError, match="chat completion"):
        model_for(server, waits, max_retries=0).complete("accept", MESSAGES, SCHEMA)


@pytest.mark.parametrize(
    ("content_type", "reason"),
    [("application/json", "reply is not JSON"), ("text/html", "not a chat completion")],
)
def test_a_200_whose_body_is_not_json_is_an_error_not_a_crash(
    waits: list[float], content_type: str, reason: str
) -> None:
    """A proxy's error page with status 200 must make the question abstain, not end the build."""
    page = Reply(raw=b"<html>Bad Gateway</html>", content_type=content_type)
    with scripted(page, page) as server, pytest.raises(ModelError, match=reason):
        model_for(server, waits, max_retries=1).complete("accept", MESSAGES, SCHEMA)
    assert server.count() == 2  # retried once, as any failed request


def test_the_critics_server_is_named_by_its_own_variable() -> None:
    """A bad OPENAI_CRITIC_BASE_URL was reported as OPENAI_BASE_URL."""
    from dossier.build import critic_model
    from dossier.config import load_config

    config = load_config(None, {"corpus": ".", "questions": "q.csv", "engine": "openai"})
    config = dataclasses.replace(
        config, model=dataclasses.replace(config.model, critic_model="checker")
    )
    environ = {"OPENAI_BASE_URL": "http://127.0.0.1:9/v1", "OPENAI_CRITIC_BASE_URL": "ftp://x"}
    with pytest.raises(ConfigError, match=r"^OPENAI_CRITIC_BASE_URL=.ftp://x. is not an http"):
        critic_model(config, None, environ)
