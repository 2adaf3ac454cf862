"""Shared fixtures. The embedding model is loaded once per test session, and the
demo dossier is built once and shared by the tests that read it."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from dossier.build import BuildResult, build
from dossier.config import Config, load_config
from dossier.index.embed import MiniLMEmbedder

ROOT = Path(__file__).resolve().parents[1]
SHARED_EVAL = ROOT.parent / "shared" / "eval"
PINNED_TIME = dt.datetime(2026, 11, 16, 9, 30, tzinfo=dt.UTC)


def pinned_clock() -> dt.datetime:
    return PINNED_TIME


@pytest.fixture(scope="session")
def embedder() -> MiniLMEmbedder:
    return MiniLMEmbedder()


@pytest.fixture(scope="session")
def demo_config(tmp_path_factory: pytest.TempPathFactory) -> Config:
    out = tmp_path_factory.mktemp("demo-build")
    return load_config(ROOT / "dossier.toml", {"out": out})


@pytest.fixture(scope="session")
def demo_build(demo_config: Config, embedder: MiniLMEmbedder) -> BuildResult:
    return build(demo_config, embedder=embedder, clock=pinned_clock)
