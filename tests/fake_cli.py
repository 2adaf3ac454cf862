"""`dossier` with the hashing embedder, for subprocess tests:
``python -m tests.fake_cli build --out ...`` (run from the repository root).
``DOSSIER_CRASH_AT=answer:3`` stops the build there (see tests/crash.py)."""

from __future__ import annotations

import os

import dossier.index.embed
from dossier.cli import Hooks, main
from tests.crash import CrashAt
from tests.fakes import HashingEmbedder

if __name__ == "__main__":
    dossier.index.embed.MiniLMEmbedder = HashingEmbedder  # type: ignore[misc,assignment]
    main(obj=Hooks(checkpoint=CrashAt.from_environment(os.environ)))
