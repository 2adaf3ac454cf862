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
    # The same brief over the same corpus gives the same answer (offline): a stored
    # answer is then checked whole against the one the engine gives now.
    deterministic: bool

    @property
    def repair_rounds(self) -> int:
        """Research rounds the build runs after an acceptance check that is not
        complete (0 for an engine that runs its own check and repairs)."""
        ...

    def research(self, brief: Brief) -> Evidence:
        """Search, select and draft for one question."""
        ...

    def planned_queries(self, brief: Brief) -> tuple[str, ...]:
        """The texts research on ``brief`` embeds whatever it finds (its first
        searches and what it ranks against): the build embeds every question's in
        one batch before answering."""
        ...

    def planned_searches(self, brief: Brief) -> tuple[str, ...]:
        """The searches research on ``brief`` runs first, whatever it finds (the
        build runs their keyword half ahead while answering)."""
        ...

    def entailer(self) -> Entailer | None:
        """The critic's model pass for one question, or None (offline)."""
        ...


@dataclass(frozen=True)
class EngineSettings:
    """`[research]` in dossier.toml: the research loop's budgets and how much is quoted."""

    max_searches: int = 6  # per question, all parts together
    hits_per_search: int = 20
    passages_considered: int = 12  # the best pooled passages whose sentences are candidates
    max_quotes: int = 3  # the lead, a sentence per further part, one more at most
    max_answer_chars: int = 600  # no further quote once the quotes reach this length
    answer_threshold: float = -1.0  # answer at this probability; below 0: the fitted threshold
    max_repairs: int = 1  # research rounds after a failed acceptance check
    related_passages: int = 5  # close passages listed beside an answer, never quoted
    # the lead sentence takes its passage's neighbours up to this length
    quote_window_chars: int = 400
    # ... and each further quote up to this one (0: its sentence alone)
    support_window_chars: int = 0
