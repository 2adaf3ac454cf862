"""The time a build, a review or a signing records: UTC, to the second."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

Clock = Callable[[], dt.datetime]


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def utc_iso(moment: dt.datetime | None = None) -> str:
    """``moment`` (default: now) as ISO 8601 in UTC, e.g. 2026-11-16T09:30:00Z."""
    return (moment or utc_now()).astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
