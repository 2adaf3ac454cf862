"""The run ledger: what a build did, per stage and per question."""

from __future__ import annotations

import datetime as dt
import json
import os
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dossier.common.atomic import write_atomic
from dossier.incremental.cache import Lookup
from dossier.records import CacheDiscard


class RunLedger:
    """What a build did, per stage and per question: cache hit or miss and why,
    seconds, model calls. Written as JSON Lines to ``<out>/cache/ledger/``; the
    build's figures (reused, recomputed, stage seconds) are read from it."""

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        self._lock = threading.Lock()

    def stage(self, name: str, seconds: float, **facts: Any) -> None:
        self._add({"stage": name, "seconds": round(seconds, 3), **facts})

    def question(
        self,
        question_id: str,
        lookup: Lookup,
        seconds: float,
        model_calls: int,
        model_errors: Sequence[str] = (),
    ) -> None:
        """One question's answer; ``model_errors``: its model calls that failed, why."""
        failed = {"model_failed": len(model_errors), "model_error": next(iter(model_errors), "")}
        self._add(
            {
                "question_id": question_id,
                "cache": "hit" if lookup.hit else "miss",
                "why": lookup.reason.message,
                "seconds": round(seconds, 4),
                "model_calls": model_calls,
                **(failed if model_errors else {}),
            }
        )

    def discarded(self, discards: Sequence[CacheDiscard]) -> None:
        """Cache entries that failed a check: each is discarded and rebuilt."""
        for d in discards:
            self._add({"discarded": d.kind, "entry": d.entry, "reason": d.reason})

    def discards(self) -> tuple[CacheDiscard, ...]:
        return tuple(
            CacheDiscard(e["discarded"], e["entry"], e["reason"])
            for e in self.entries
            if "discarded" in e
        )

    def _add(self, entry: dict[str, Any]) -> None:
        with self._lock:
            self.entries.append(entry)

    def questions(self) -> list[dict[str, Any]]:
        return [e for e in self.entries if "question_id" in e]

    def reused(self) -> int:
        return sum(e["cache"] == "hit" for e in self.questions())

    def recomputed(self) -> int:
        return sum(e["cache"] == "miss" for e in self.questions())

    def model_calls(self) -> int:
        return sum(int(e["model_calls"]) for e in self.questions())

    def model_failures(self) -> tuple[int, str]:
        """Model calls that failed, and the first question's first failure ("" if none)."""
        failed = sorted((e for e in self.questions() if "model_failed" in e), key=_question_id)
        first = str(failed[0]["model_error"]) if failed else ""
        return sum(int(e["model_failed"]) for e in failed), first

    def stage_seconds(self) -> dict[str, float]:
        seconds: dict[str, float] = {}
        for entry in self.entries:
            if "stage" in entry:
                seconds[entry["stage"]] = round(
                    seconds.get(entry["stage"], 0.0) + entry["seconds"], 3
                )
        return seconds

    def answer_cache(self, order: Sequence[str]) -> dict[str, str]:
        """Per question, in questionnaire order: "reused: why" or "recomputed: why"."""
        by_id = {e["question_id"]: e for e in self.questions()}
        return {
            q: f"{'reused' if by_id[q]['cache'] == 'hit' else 'recomputed'}: {by_id[q]['why']}"
            for q in order
            if q in by_id
        }

    def write(self, out: Path, name: str) -> Path:
        ordered = sorted(self.questions(), key=lambda e: str(e["question_id"]))
        rows = [e for e in self.entries if "question_id" not in e] + ordered
        data = "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
        return write_atomic(out / LEDGER_DIR / f"{name}.jsonl", data.encode())


LEDGER_DIR = "cache/ledger"


def ledger_name(started: dt.datetime, out: Path) -> str:
    """The build's start and process, and a count where one process started two
    builds in one second (the output folder's lock keeps other processes out)."""
    name = f"{started.astimezone(dt.UTC):%Y%m%dT%H%M%SZ}-{os.getpid()}"
    taken = {path.stem for path in (out / LEDGER_DIR).glob(f"{name}*.jsonl")}
    candidate, count = name, 1
    while candidate in taken:
        count += 1
        candidate = f"{name}-{count}"
    return candidate


def _question_id(entry: dict[str, Any]) -> str:
    return str(entry["question_id"])
