"""The language model: a small protocol and its adapter for OpenAI-compatible servers.

The engine asks for one thing at a time (a *task*: plan, assess, draft, accept)
and gets back a JSON object that matches the schema it gave. ``OpenAIModel``
sends the request through the ``openai`` client (any OpenAI-compatible server:
vLLM, llama.cpp, Ollama), asks for structured output, and then parses and
validates the reply itself: a malformed or schema-violating reply is an error.

The server is protected by our own retries with exponential backoff, a circuit
breaker (after ``breaker_threshold`` consecutive failed requests no further
request is sent for the rest of the run) and a per-run budget of requests.
Every failure ends as a ``ModelError`` with a one-line reason; the engine
records it and abstains for that question. The API key is never logged.
"""

from __future__ import annotations

import json
import threading
import time
import urllib.parse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

from dossier.errors import ConfigError
from dossier.steps import ModelStep, Step

Message = dict[str, str]  # {"role": "system" | "user" | "assistant", "content": "..."}
JSONObject = dict[str, Any]
Sleep = Callable[[float], None]

BASE_URL_VARIABLE = "OPENAI_BASE_URL"
API_KEY_VARIABLE = "OPENAI_API_KEY"
# The critic's model may live on another server; without these it is on the same one.
CRITIC_BASE_URL_VARIABLE = "OPENAI_CRITIC_BASE_URL"
CRITIC_API_KEY_VARIABLE = "OPENAI_CRITIC_API_KEY"
_RETRYABLE_STATUS = {408, 409, 429}


@dataclass(frozen=True)
class ModelSettings:
    """``[engine]`` in dossier.toml: how the model is called."""

    model: str = "gpt-4o-mini"  # the model name the server knows
    timeout_seconds: float = 60.0  # per request
    max_retries: int = 2  # further attempts after a failed request
    backoff_seconds: float = 1.0  # wait before retry n: backoff_seconds * 2**(n-1)
    breaker_threshold: int = 5  # consecutive failed requests that stop all calls for the run
    call_budget: int = 2000  # requests per run, retries included
    max_repair_rounds: int = 2  # times claims with failed quotes go back to the model
    max_acceptance_retries: int = 1  # redrafts after an acceptance check that is not complete
    entailment_budget: int = 200  # the critic's entailment calls per run (one per claim)
    temperature: float = 0.0
    # the model the critic's entailment pass asks ("" = ``model`` itself: a self-check)
    critic_model: str = ""


class ModelError(Exception):
    """A model call that gave no usable answer; ``reason`` is one line for the trace."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class LanguageModel(Protocol):
    def complete(
        self, task: str, messages: Sequence[Message], schema: JSONObject
    ) -> JSONObject: ...


class CircuitBreaker:
    """Opens after ``threshold`` consecutive failures and stays open for the run."""

    def __init__(self, threshold: int) -> None:
        self.threshold = max(1, threshold)
        self._failures = 0
        self._lock = threading.Lock()

    @property
    def is_open(self) -> bool:
        with self._lock:
            return self._failures >= self.threshold

    def success(self) -> None:
        with self._lock:
            if self._failures < self.threshold:
                self._failures = 0

    def failure(self) -> None:
        with self._lock:
            self._failures += 1


class CallBudget:
    """A per-run count of requests; ``take`` refuses once ``limit`` were taken."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._used = 0
        self._lock = threading.Lock()

    @property
    def used(self) -> int:
        with self._lock:
            return self._used

    def take(self) -> bool:
        with self._lock:
            if self._used >= self.limit:
                return False
            self._used += 1
            return True


def _http_address(url: str) -> bool:
    """Whether ``url`` is an http(s) address with a host (a malformed one, such as
    an unclosed IPv6 bracket, is not)."""
    try:
        address = urllib.parse.urlsplit(url)
        return (
            address.scheme in ("http", "https")
            and bool(address.hostname)
            and (address.port is None or address.port > 0)
        )
    except ValueError:  # "http://[::1", a port out of range
        return False


class OpenAIModel:
    """A ``LanguageModel`` over the ``openai`` client's chat completions."""

    def __init__(
        self,
        settings: ModelSettings,
        base_url: str,
        api_key: str,
        sleep: Sleep = time.sleep,
    ) -> None:
        from openai import OpenAI  # imported here: the offline path never loads it

        self.settings = settings
        self.base_url = base_url  # for messages: the server that answered, or did not
        self._client = OpenAI(
            base_url=base_url, api_key=api_key, timeout=settings.timeout_seconds, max_retries=0
        )
        self._sleep = sleep
        self.breaker = CircuitBreaker(settings.breaker_threshold)
        self.budget = CallBudget(settings.call_budget)

    @classmethod
    def from_environment(
        cls,
        settings: ModelSettings,
        environ: Mapping[str, str],
        sleep: Sleep = time.sleep,
        named: str = BASE_URL_VARIABLE,
    ) -> OpenAIModel:
        """The server ``environ`` names; ``named``: the variable the user set, for
        messages (the critic's server may come from its own variable)."""
        base_url = environ.get(BASE_URL_VARIABLE, "").strip()
        if not base_url:
            raise ConfigError(
                f"engine 'openai' needs the server's address in {named}"
                " (e.g. http://127.0.0.1:8000/v1)"
            )
        if not _http_address(base_url):
            raise ConfigError(
                f"{named}={base_url!r} is not an http(s) address (e.g. http://127.0.0.1:8000/v1)"
            )
        # Local servers often need no key; the client insists on one.
        api_key = environ.get(API_KEY_VARIABLE, "") or "no-key"
        return cls(settings, base_url, api_key, sleep)

    @property
    def requests(self) -> int:
        """Requests sent (or refused by the budget's limit) so far in this run."""
        return self.budget.used

    def complete(self, task: str, messages: Sequence[Message], schema: JSONObject) -> JSONObject:
        s = self.settings
        last = "no attempt was made"
        for attempt in range(s.max_retries + 1):
            if attempt:
                self._sleep(s.backoff_seconds * 2 ** (attempt - 1))
            if self.breaker.is_open:
                raise ModelError(
                    f"circuit breaker open: {self.breaker.threshold} consecutive model failures"
                    " (no further calls this run)"
                )
            if not self.budget.take():
                raise ModelError(f"the call budget of {self.budget.limit} model calls is spent")
            try:
                reply = self._request(task, messages, schema)
            except _Failure as failure:
                self.breaker.failure()
                last = failure.reason
                if not failure.retryable:
                    break
                continue
            self.breaker.success()
            return reply
        raise ModelError(f"{task}: {last}")

    def _request(self, task: str, messages: Sequence[Message], schema: JSONObject) -> JSONObject:
        import openai

        try:
            response = self._client.chat.completions.create(
                model=self.settings.model,
                messages=cast(Any, list(messages)),
                temperature=self.settings.temperature,
                response_format=cast(
                    Any,
                    {
                        "type": "json_schema",
                        "json_schema": {"name": task, "schema": schema, "strict": True},
                    },
                ),
            )
        except openai.APITimeoutError:
            raise _Failure(f"timed out after {self.settings.timeout_seconds:g}s", True) from None
        except openai.APIConnectionError as error:
            raise _Failure(f"cannot reach the server ({error})", True) from None
        except openai.APIStatusError as error:
            status = error.status_code
            retryable = status >= 500 or status in _RETRYABLE_STATUS
            raise _Failure(f"the server answered HTTP {status}", retryable) from None
        except openai.OpenAIError as error:
            raise _Failure(f"client error ({type(error).__name__})", True) from None
        except ValueError:  # a 200 whose body is not JSON (a proxy's error page)
            raise _Failure("the server's reply is not JSON", True) from None
        try:
            content = response.choices[0].message.content
        except (AttributeError, IndexError, TypeError):
            raise _Failure("the reply is not a chat completion with a message", True) from None
        return parse_reply(content, schema)


class _Failure(Exception):
    def __init__(self, reason: str, retryable: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.retryable = retryable


def parse_reply(content: str | None, schema: JSONObject) -> JSONObject:
    """The reply's JSON object, checked against ``schema``; ``_Failure`` otherwise."""
    if not content:
        raise _Failure("the reply is empty", True)
    text = content.strip()
    if text.startswith("```"):  # some servers fence JSON despite structured output
        text = text.strip("`").removeprefix("json").strip()
    try:
        value = json.loads(text)
    except json.JSONDecodeError as error:
        raise _Failure(f"malformed JSON in the reply ({error.msg})", True) from None
    problem = schema_problem(value, schema)
    if problem:
        raise _Failure(f"the reply does not match the schema: {problem}", True)
    return cast(JSONObject, value)


_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda v: isinstance(v, dict),
    "array": lambda v: isinstance(v, list),
    "string": lambda v: isinstance(v, str),
    "integer": lambda v: isinstance(v, int) and not isinstance(v, bool),
    "number": lambda v: isinstance(v, int | float) and not isinstance(v, bool),
    "boolean": lambda v: isinstance(v, bool),
}


def schema_problem(value: Any, schema: JSONObject, at: str = "$") -> str:
    """The first way ``value`` breaks ``schema`` ("" when none), for the subset of
    JSON Schema the engine's schemas use: type, enum, properties, required,
    additionalProperties false, items."""
    kind = schema.get("type")
    if kind is not None and not _TYPES[kind](value):
        return f"{at} is not {kind}"
    if "enum" in schema and value not in schema["enum"]:
        return f"{at} is not one of {schema['enum']}"
    if isinstance(value, dict):
        properties = schema.get("properties", {})
        for name in schema.get("required", []):
            if name not in value:
                return f"{at}.{name} is missing"
        if schema.get("additionalProperties") is False:
            extra = sorted(set(value) - set(properties))
            if extra:
                return f"{at} has unexpected {', '.join(extra)}"
        for name, sub in properties.items():
            if name in value:
                problem = schema_problem(value[name], sub, f"{at}.{name}")
                if problem:
                    return problem
    if isinstance(value, list) and "items" in schema:
        for i, item in enumerate(value):
            problem = schema_problem(item, schema["items"], f"{at}[{i}]")
            if problem:
                return problem
    return ""


def recorded_call(
    model: LanguageModel,
    task: str,
    messages: list[Message],
    schema: JSONObject,
    steps: list[Step],
) -> JSONObject:
    """One model call, recorded in ``steps`` as the trace keeps it (task,
    seconds, ok or the error); a ModelError is recorded, then raised."""
    start = time.perf_counter()
    try:
        reply = model.complete(task, messages, schema)
    except ModelError as error:
        seconds = round(time.perf_counter() - start, 4)
        steps.append(ModelStep(task=task, ok=False, error=error.reason, seconds=seconds))
        raise
    seconds = round(time.perf_counter() - start, 4)
    steps.append(ModelStep(task=task, ok=True, seconds=seconds))
    return reply
