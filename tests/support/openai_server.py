"""A scripted OpenAI-compatible server on 127.0.0.1, for driving the real ``openai`` client.

The server speaks ``POST /v1/chat/completions`` and answers each request from a
*script*: a function that sees the request (the task name from
``response_format.json_schema.name``, the messages, the schema) and returns a
``Reply`` — JSON content, raw text (to send malformed JSON), an HTTP error
status, or a delay (to make the client time out). Every request is kept in
``server.requests`` for assertions.

    with ScriptedServer(honest_script) as server:
        build(config, embedder=embedder, environ={"OPENAI_BASE_URL": server.base_url})
        assert server.count("draft") == 3

``honest_script`` quotes the passages it is shown; ``lying_script`` invents a
figure, a source and quotes. Scripts are plain functions, so a test can wrap
one to change a single task's reply.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class ChatRequest:
    task: str
    messages: list[dict[str, str]]
    schema: dict[str, Any]
    body: dict[str, Any]

    @property
    def prompt(self) -> str:
        """The last user message."""
        return next(m["content"] for m in reversed(self.messages) if m["role"] == "user")

    @property
    def question(self) -> str:
        match = re.search(r"^Question: (.*)$", self.prompt, re.M)
        return match.group(1) if match else ""

    def passages(self) -> list[tuple[str, str]]:
        """The (chunk id, text) pairs shown in the prompt's data block: a header line
        ``[chunk id] title (document)`` at the start of a line, then the passage's
        text, each line indented by four spaces."""
        found = []
        header_and_text = r"^\[([^\]\s]+)\] [^\n]*\n((?:    [^\n]*(?:\n|$))+)"
        for match in re.finditer(header_and_text, self.prompt, re.M):
            lines = match.group(2).rstrip("\n").split("\n")
            found.append((match.group(1), "\n".join(line[4:] for line in lines)))
        return found


@dataclass(frozen=True)
class Reply:
    content: str | None = None  # the message content (JSON text, or anything for malformed)
    status: int = 200
    delay: float = 0.0  # seconds to wait before answering
    raw: bytes | None = None  # a whole body sent as it is, with status 200 (a proxy's page)
    content_type: str = "application/json"  # of a raw body


def json_reply(value: Any) -> Reply:
    return Reply(json.dumps(value))


Script = Callable[[ChatRequest], Reply]


@dataclass
class ScriptedServer:
    script: Script
    requests: list[ChatRequest] = field(default_factory=list)

    def __post_init__(self) -> None:
        self._lock = threading.Lock()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(self))
        self._server.daemon_threads = True
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        )

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}/v1"

    def count(self, task: str | None = None) -> int:
        with self._lock:
            return sum(1 for r in self.requests if task is None or r.task == task)

    def tasks(self) -> list[str]:
        with self._lock:
            return [r.task for r in self.requests]

    def record(self, request: ChatRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def __enter__(self) -> ScriptedServer:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)


def _handler(owner: ScriptedServer) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            if self.path.rstrip("/") != "/v1/chat/completions":
                self._send(404, {"error": {"message": f"no route {self.path}"}})
                return
            response_format = body.get("response_format", {}).get("json_schema", {})
            request = ChatRequest(
                task=response_format.get("name", ""),
                messages=body["messages"],
                schema=response_format.get("schema", {}),
                body=body,
            )
            owner.record(request)
            reply = owner.script(request)
            if reply.delay:
                time.sleep(reply.delay)
            if reply.raw is not None:
                self.send_response(200)
                self.send_header("Content-Type", reply.content_type)
                self.send_header("Content-Length", str(len(reply.raw)))
                self.end_headers()
                self.wfile.write(reply.raw)
                return
            if reply.status != 200:
                self._send(reply.status, {"error": {"message": "scripted failure"}})
                return
            self._send(200, _completion(body.get("model", ""), reply.content))

        def _send(self, status: int, payload: dict[str, Any]) -> None:
            data = json.dumps(payload).encode()
            try:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            except (BrokenPipeError, ConnectionResetError):  # the client gave up (timeout)
                pass

        def log_message(self, format: str, *args: Any) -> None:
            pass

    return Handler


def _completion(model: str, content: str | None) -> dict[str, Any]:
    return {
        "id": "chatcmpl-scripted",
        "object": "chat.completion",
        "created": 0,
        "model": model,
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
    }


# -- scripts -------------------------------------------------------------------


def _words(text: str) -> set[str]:
    """Words of four letters or more, cut to five: a crude stem ("passwords" ~ "password")."""
    return {w[:5] for w in re.findall(r"[a-z0-9]+", text.lower()) if len(w) > 3} - {"what"}


def first_sentence(text: str) -> str:
    match = re.match(r".+?[.!?](?=\s|$)", text.strip(), re.S)
    return (match.group(0) if match else text).strip()


def honest_claims(request: ChatRequest) -> list[dict[str, Any]]:
    """One claim: the first sentence of the shown passage that shares most words
    with the question, quoted exactly."""
    passages = request.passages()
    if not passages:
        return []
    asked = _words(request.question)
    chunk_id, text = max(passages, key=lambda p: len(asked & _words(p[1])))
    if not asked & _words(text):
        return []
    sentence = first_sentence(text)
    return [{"text": sentence, "quotes": [{"chunk_id": chunk_id, "text": sentence}]}]


def honest_script(request: ChatRequest) -> Reply:
    """A model that plans plainly, is satisfied with the first passages, quotes
    exactly, accepts its answer and finds each claim entailed by its quotes."""
    if request.task == "plan":
        return json_reply(
            {"restatement": request.question, "facts": [request.question], "queries": []}
        )
    if request.task == "assess":
        return json_reply({"missing": [], "query": ""})
    if request.task in ("draft", "repair"):
        claims = honest_claims(request)
        missing = [] if claims else [f"No passage answers: {request.question}"]
        return json_reply({"claims": claims, "missing": missing})
    if request.task == "accept":
        return json_reply({"verdict": "complete", "gaps": [], "restated": request.question})
    if request.task == "entail":
        return json_reply({"entailed": True, "reason": "the quote states the claim"})
    return Reply(status=400)


FABRICATED_CLAIM = "The cyber insurance limit is $9,999,999 [Totally Real Source]"


def lying_script(request: ChatRequest) -> Reply:
    """A provider that invents a figure and a source, with quotes that are in no
    document, cited to real and made-up chunk ids; it never gives up the lie."""
    if request.task in ("draft", "repair"):
        passages = request.passages()
        real_id = passages[0][0] if passages else "chunk-0"
        claims = [
            {
                "text": FABRICATED_CLAIM,
                "quotes": [
                    {"chunk_id": real_id, "text": "coverage of $9,999,999 per incident"},
                    {"chunk_id": "totally-real-source", "text": "Totally Real Source, p. 7"},
                ],
            }
        ]
        return json_reply({"claims": claims, "missing": []})
    if request.task == "assess":
        return json_reply({"missing": [], "query": ""})
    if request.task == "accept":
        return json_reply({"verdict": "complete", "gaps": [], "restated": ""})
    return json_reply({"restatement": "", "facts": [], "queries": ["insurance"]})
