"""`dossier` with the hashing embedder, for subprocess tests:
``python -m tests.fake_cli build --out ...`` (run from the repository root).
``DOSSIER_CRASH_AT=answer:3`` stops the build there (see tests/crash.py). It starts
as the console script does (``dossier.launch``): imports come after Ctrl-C is caught."""

from __future__ import annotations

import os

from dossier.launch import launch


def _command_line() -> int:
    import dossier.index.embed
    from dossier.cli import Hooks, run
    from tests.crash import CrashAt
    from tests.fakes import HashingEmbedder

    dossier.index.embed.MiniLMEmbedder = HashingEmbedder  # type: ignore[misc,assignment]
    return run(obj=Hooks(checkpoint=CrashAt.from_environment(os.environ)))


if __name__ == "__main__":
    launch(_command_line)
