"""What the build asks of an answering engine, and the ``[research]`` settings.

Two engines answer through this protocol: the deterministic offline engine
(``research.offline``) and the language-model engine (``research.model``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from dossier.records import Brief, Evidence
from dossier.research.entailment import Entailer


class Engine(Protocol):
    name: str  # as the record names it: "offline", "openai:<model>"

    @property
    def repair_rounds(self) -> int:
        """Research rounds the build runs after an acceptance check that is not
        complete (0 for an engine that runs its own check and repairs)."""
        ...

    def research(self, brief: Brief) -> Evidence:
        """Search, select and draft for one question."""
        ...

    def entailer(self) -> Entailer | None:
        """The critic's model pass for one question, or None (offline)."""
        ...


@dataclass(frozen=True)
class EngineSettings:
    """`[research]` in dossier.toml: the research loop's budgets and thresholds."""

    max_searches: int = 6  # per question, all facts together
    hits_per_search: int = 20
    min_vocabulary: float = (
        0.65  # share of the question's terms (or synonyms) found anywhere in the corpus
    )
    min_score: float = 0.65  # best passage: cosine + coverage_weight * coverage
    min_coverage: float = 0.1  # best passage: IDF-weighted share of the fact's terms
    min_joint_coverage: float = 0.3  # the three best passages together
    coverage_weight: float = 1.0
    max_quotes: int = 8
    quote_margin: float = 0.45  # further passages must score within this of the best
    max_quote_chars: int = 300  # a longer passage is trimmed to its best sentences
    max_answer_chars: int = 700  # quoting stops once an answer's quotes reach this length
    sentences_per_passage: int = 2  # how many of a long passage's sentences are quoted
    max_repairs: int = 1  # research rounds after a failed acceptance check
