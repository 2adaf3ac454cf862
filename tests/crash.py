"""Stopping a build at a named point, for the tests that kill it: the build's
``checkpoint`` hook, injected by the test-only entry point (tests/fake_cli.py)."""

from __future__ import annotations

import os
import signal
from collections.abc import Mapping

CRASH_ENV = "DOSSIER_CRASH_AT"  # "stage" or "stage:N" (the N-th time the stage is reached)
CRASH_SIGNAL_ENV = "DOSSIER_CRASH_SIGNAL"  # "KILL" (default) or "INT"


class CrashAt:
    """A checkpoint that sends this process ``how`` (SIGKILL or SIGINT) the ``count``-th
    time the build reaches ``stage``."""

    def __init__(self, stage: str, count: int = 1, how: signal.Signals = signal.SIGKILL) -> None:
        self.stage = stage
        self.count = count
        self.how = how
        self.reached = 0

    def __call__(self, stage: str) -> None:
        if stage != self.stage:
            return
        self.reached += 1
        if self.reached == self.count:
            os.kill(os.getpid(), self.how)

    @classmethod
    def from_environment(cls, environ: Mapping[str, str]) -> CrashAt | None:
        """``DOSSIER_CRASH_AT=answer:3`` (and ``DOSSIER_CRASH_SIGNAL=INT``), or None."""
        wanted = environ.get(CRASH_ENV)
        if not wanted:
            return None
        name, _, count = wanted.partition(":")
        how = signal.SIGINT if environ.get(CRASH_SIGNAL_ENV, "KILL") == "INT" else signal.SIGKILL
        return cls(name, int(count or 1), how)
