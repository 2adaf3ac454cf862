"""Which documents may ground a claim about current practice, decided by front-matter.

A document is authoritative unless its ``status`` is draft, archived or
superseded, or another document names it in ``supersedes``. Rank never decides.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from dossier.records import Corpus


@dataclass(frozen=True)
class Authority:
    reasons: dict[str, str]  # document path -> why it may not ground current practice
    effective_dates: dict[str, str] = field(default_factory=dict)  # path -> ISO date

    @classmethod
    def of(cls, corpus: Corpus) -> Authority:
        reasons: dict[str, str] = {}
        for doc in corpus.documents:
            if doc.status in ("draft", "archived", "superseded"):
                reasons[doc.path] = f"{doc.path} has status '{doc.status}'"
        for doc in corpus.documents:
            if doc.status in ("draft", "archived", "superseded"):
                continue
            for old in doc.supersedes:
                reasons[old] = f"{old} is superseded by {doc.path}"
        dates = {doc.path: doc.effective_date for doc in corpus.documents if doc.effective_date}
        return cls(reasons, dates)

    def is_current(self, path: str) -> bool:
        return path not in self.reasons

    def reason(self, path: str) -> str:
        return self.reasons.get(path, "")
