"""Which documents may ground a claim about current practice, decided by front-matter.

A document is authoritative unless its ``status`` is draft, archived or
superseded, its ``effective_date`` is still to come, or a document in force names
it in ``supersedes``. Rank never decides. Front-matter that names no document of
the corpus, or that contradicts itself, is reported in ``notes``.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

from dossier.records import Corpus, Document

NOT_CURRENT = ("draft", "archived", "superseded")


@dataclass(frozen=True)
class Authority:
    reasons: dict[str, str]  # document path -> why it may not ground current practice
    effective_dates: dict[str, str] = field(default_factory=dict)  # path -> ISO date
    notes: tuple[str, ...] = ()  # supersedes lines that name no document, or each other

    @classmethod
    def of(cls, corpus: Corpus, today: dt.date | None = None) -> Authority:
        """``today``: the build's date; a document taking effect later is not in force."""
        reasons = {doc.path: why for doc in corpus.documents if (why := _own_reason(doc, today))}
        in_force = [doc for doc in corpus.documents if doc.path not in reasons]
        paths = {doc.path for doc in corpus.documents}
        notes = []
        for doc in corpus.documents:
            for old in doc.supersedes:
                if old == doc.path:
                    notes.append(f"{doc.path}: supersedes itself; ignored")
                elif old not in paths:
                    notes.append(f"{doc.path}: supersedes {old}, which is not in the corpus")
        for doc in in_force:
            for old in sorted(set(doc.supersedes) & paths - {doc.path}):
                reasons[old] = f"{old} is superseded by {doc.path}"
        notes += _each_other(in_force)
        dates = {doc.path: doc.effective_date for doc in corpus.documents if doc.effective_date}
        return cls(reasons, dates, tuple(notes))

    def is_current(self, path: str) -> bool:
        return path not in self.reasons

    def reason(self, path: str) -> str:
        return self.reasons.get(path, "")


def _own_reason(doc: Document, today: dt.date | None) -> str:
    """Why a document is not in force by its own front-matter, or ""."""
    if doc.status in NOT_CURRENT:
        return f"{doc.path} has status '{doc.status}'"
    if today is not None and doc.effective_date and doc.effective_date > today.isoformat():
        return f"{doc.path} takes effect on {doc.effective_date}, after this build"
    return ""


def _each_other(documents: list[Document]) -> list[str]:
    supersedes = {doc.path: set(doc.supersedes) for doc in documents}
    return [
        f"{a} and {b} supersede each other: neither grounds an answer until one is corrected"
        for a in sorted(supersedes)
        for b in sorted(supersedes[a])
        if a < b and a in supersedes.get(b, set())
    ]
