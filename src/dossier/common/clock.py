"""The time a build, a review or a signing records: UTC, to the second."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping

from dossier.errors import ConfigError

Clock = Callable[[], dt.datetime]


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def utc_iso(moment: dt.datetime | None = None) -> str:
    """``moment`` (default: now) as ISO 8601 in UTC, e.g. 2026-11-16T09:30:00Z."""
    return (moment or utc_now()).astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


SOURCE_DATE_EPOCH = "SOURCE_DATE_EPOCH"
_LATEST_EPOCH = 253402300799  # 9999-12-31T23:59:59Z


def check_source_date_epoch(environ: Mapping[str, str]) -> None:
    """``SOURCE_DATE_EPOCH``, when set, is what the reproducible-builds convention
    says: a whole number of seconds since 1970 (fontTools stamps the PDF's fonts
    with it, and fails on anything else while the PDF is laid out)."""
    value = environ.get(SOURCE_DATE_EPOCH)
    if value is None:
        return
    try:
        seconds = int(value)
    except ValueError:
        seconds = -1
    if not 0 <= seconds <= _LATEST_EPOCH:
        raise ConfigError(
            f"{SOURCE_DATE_EPOCH}={value!r} is not a time in whole seconds since 1970 "
            "(e.g. 1767225600); set it so, or unset it"
        )
