from __future__ import annotations

import os
from pathlib import Path

import pytest

from dossier.index.embed import MiniLMEmbedder

ROOT = Path(__file__).resolve().parents[1]
# ../shared/eval beside the project; DOSSIER_SHARED_EVAL names it elsewhere (a git worktree)
SHARED_EVAL = Path(os.environ.get("DOSSIER_SHARED_EVAL", ROOT.parent / "shared" / "eval"))
RESULTS: dict[str, dict[str, object]] = {}


@pytest.fixture(scope="session")
def embedder() -> MiniLMEmbedder:
    return MiniLMEmbedder()


def needs_shared(name: str) -> pytest.MarkDecorator:
    return pytest.mark.skipif(
        not (SHARED_EVAL / name).exists(), reason=f"../shared/eval/{name} is not beside the project"
    )


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    for name, figures in RESULTS.items():
        terminalreporter.write_line(f"{name}: " + ", ".join(f"{k}={v}" for k, v in figures.items()))
