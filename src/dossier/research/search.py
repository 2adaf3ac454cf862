"""One question's searches, guarded: each query runs at most once (two queries with
the same stemmed content terms are the same search) and at most ``budget`` of
them; a refused query is recorded as a guard step. Both engines search through it."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from dossier.common.textutil import question_terms, words
from dossier.index.hybrid import HybridIndex
from dossier.records import Hit, Search
from dossier.steps import GuardStep, SearchStep, Step

DUPLICATE = "duplicate query (same stemmed terms)"
BUDGET_SPENT = "search budget spent"


def query_key(query: str) -> frozenset[str]:
    """Two queries with the same stemmed content terms are the same search."""
    return frozenset(question_terms(query)) or frozenset(words(query))


def search_step(query: str, hits: Sequence[Hit]) -> SearchStep:
    """A search as the trace records it: the query and its ten best hits."""
    rows = tuple((h.chunk_id, h.document, h.score, h.lexical_rank, h.dense_rank) for h in hits[:10])
    return SearchStep(query=query, hits=rows)


class GuardedSearch:
    """The searches of one question, the passages they found, and the trace's steps."""

    def __init__(
        self,
        index: HybridIndex,
        budget: int,
        hits_per_search: int,
        steps: list[Step],
        tried: Iterable[str] = (),
    ) -> None:
        self._index = index
        self._budget = budget
        self._hits_per_search = hits_per_search
        self._steps = steps
        self._seen = {query_key(query) for query in tried}  # an earlier round's queries
        self.searches: list[Search] = []
        self.pool: dict[str, tuple[int, int]] = {}  # chunk id -> (best rank, first seen)

    @property
    def spent(self) -> bool:
        return len(self.searches) >= self._budget

    def run(self, query: str) -> bool:
        """Search ``query`` unless it repeats an earlier search or the budget is spent
        (then a guard step says so); whether it ran."""
        key = query_key(query)
        if key in self._seen:
            self._steps.append(GuardStep(reason=DUPLICATE, query=query))
            return False
        if self.spent:
            self._steps.append(GuardStep(reason=BUDGET_SPENT, query=query))
            return False
        self._seen.add(key)
        hits = tuple(self._index.search(query, self._hits_per_search))
        self.searches.append(Search(query, hits))
        self._steps.append(search_step(query, hits))
        for rank, hit in enumerate(hits):
            best, first = self.pool.get(hit.chunk_id, (rank, len(self.pool)))
            self.pool[hit.chunk_id] = (min(best, rank), first)
        return True

    def note(self, step: Step) -> None:
        """A step of the engine's own (a reformulation, a guard of its loop), in the
        same trace, in order."""
        self._steps.append(step)

    def ranked(self) -> list[str]:
        """The chunk ids found so far, by best rank, then in the order first found."""
        return sorted(self.pool, key=self.pool.__getitem__)
