"""`dossier` with the hashing embedder, for subprocess tests:
``python -m tests.fake_cli build --out ...`` (run from the repository root)."""

from __future__ import annotations

import dossier.index.embed
from dossier.cli import main
from tests.fakes import HashingEmbedder

if __name__ == "__main__":
    dossier.index.embed.MiniLMEmbedder = HashingEmbedder  # type: ignore[misc,assignment]
    main()
