"""Shared fixtures. The embedding model is loaded once per test session, and the
demo dossier is built once and shared by the tests that read it; a later build of
the demo corpus can start from a copy of its vector store (``seed_vectors``), so it
embeds only what the demo build did not."""

from __future__ import annotations

import datetime as dt
import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from dossier.build import BuildResult, build
from dossier.config import Config, load_config
from dossier.index.embed import MiniLMEmbedder

ROOT = Path(__file__).resolve().parents[1]
SHARED_EVAL = ROOT.parent / "shared" / "eval"
PINNED_TIME = dt.datetime(2026, 11, 16, 9, 30, tzinfo=dt.UTC)


@pytest.fixture
def ctrl_c_raises() -> Iterator[None]:
    """Ctrl-C raises KeyboardInterrupt, as at a terminal. A test run started in the
    background by a shell (``make test &``) inherits SIGINT ignored, and a test that
    presses Ctrl-C would see nothing happen."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


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


@pytest.fixture(scope="session")
def demo_vectors(demo_build: BuildResult, demo_config: Config) -> Path:
    """The demo build's content-addressed vector store (passages and sentences)."""
    return demo_config.out / "cache" / "vectors"


def seed_vectors(store: Path, out: Path) -> None:
    """Start the build into ``out`` from a copy of ``store``: vectors are keyed by the
    text they embed and checked against their hash, so any build may read them."""
    shutil.copytree(store, out / "cache" / "vectors", dirs_exist_ok=True)
