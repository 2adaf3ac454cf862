"""Canonical JSON: sorted keys, no spaces, UTF-8. One spelling for every place whose
bytes or hash must not depend on how a dict was built (cache keys, the manifest,
a review decision's fingerprint of its answer)."""

from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode()


def canonical_key(value: Any) -> str:
    """SHA-256 of the canonical JSON of ``value``: equal inputs, equal keys."""
    return hashlib.sha256(canonical_json(value)).hexdigest()
