"""The persistent index kept up to date document by document gives the same hits
as an index built afresh over the same corpus."""

from __future__ import annotations

import hashlib
import json
import shutil
import threading
from pathlib import Path

import pytest

from dossier.index.embed import MiniLMEmbedder
from dossier.index.hybrid import HybridIndex, update_index
from dossier.ingest.files import ingest
from dossier.records import Corpus, SourceFile
from tests.fakes import HashingEmbedder

DOCUMENTS = {
    "access.md": "# Access\n\nAccess to production is reviewed quarterly by owners.\n\n"
    "Multi-factor authentication is required for all workforce accounts.\n",
    "backup.md": "# Backups\n\nBackups are taken daily and restored quarterly as a test.\n\n"
    "Backup media is encrypted with AES-256.\n",
    "vendors.md": "# Vendors\n\nVendors are assessed before onboarding and yearly after.\n",
    # the same paragraph twice: equal scores, broken by position
    "password.md": "# Passwords\n\nPasswords rotate every 90 days.\n\n"
    "Passwords rotate every 90 days.\n",
}
QUERIES = [
    "How often is access reviewed?",
    "Are backups tested?",
    "Is MFA required for workforce accounts?",
    "password rotation",
    "encryption of backup media AES-256",
    "vendor assessment",
]


def corpus(documents: dict[str, str]) -> Corpus:
    return ingest(
        SourceFile(p, t.encode(), hashlib.sha256(t.encode()).hexdigest())
        for p, t in sorted(documents.items())
    )


def hits(index: HybridIndex) -> list[list[tuple[object, ...]]]:
    return [
        [(h.chunk_id, h.score, h.lexical_rank, h.dense_rank, h.document) for h in index.search(q)]
        for q in QUERIES
    ]


def test_an_updated_index_searches_like_a_fresh_one(
    tmp_path: Path, embedder: MiniLMEmbedder
) -> None:
    kept = tmp_path / "kept"
    update_index(corpus(DOCUMENTS), embedder, kept)
    # Additions only: the lexical index is updated in place.
    grown = DOCUMENTS | {
        "access.md": DOCUMENTS["access.md"] + "\nAccess is revoked within one day of leaving.\n",
        "incident.md": "# Incidents\n\nIncidents are reported to customers within 72 hours.\n",
    }
    index, update = update_index(corpus(grown), embedder, kept)
    assert (update.added, update.removed, update.embedded, update.lexical) == (
        2,
        0,
        2,
        "updated in place",
    )
    fresh, _ = update_index(corpus(grown), embedder, tmp_path / "fresh-1")
    assert hits(index) == hits(fresh)
    # A document edited and one removed: their passages leave both indexes.
    shrunk = {k: v for k, v in grown.items() if k != "vendors.md"}
    shrunk["backup.md"] = shrunk["backup.md"].replace("daily", "hourly")
    index, update = update_index(corpus(shrunk), embedder, kept)
    assert (update.added, update.removed, update.lexical) == (1, 2, "rewritten")
    assert update.embedded == 1, "only the edited passage is embedded"
    fresh, _ = update_index(corpus(shrunk), embedder, tmp_path / "fresh-2")
    assert hits(index) == hits(fresh)
    assert all("vendors.md" not in {h[4] for h in row} for row in hits(index))
    # Reopening an unchanged corpus changes nothing.
    _, update = update_index(corpus(shrunk), embedder, kept)
    assert (update.added, update.removed, update.embedded, update.lexical) == (
        0,
        0,
        0,
        "unchanged",
    )


class Killed(Exception):
    pass


def test_an_update_stopped_between_its_writes_is_completed_next_time(tmp_path: Path) -> None:
    embedder = HashingEmbedder()
    update_index(corpus(DOCUMENTS), embedder, tmp_path / "kept")
    changed = {k: v for k, v in DOCUMENTS.items() if k != "access.md"}
    changed["new.md"] = "# New\n\nLaptops are encrypted with full-disk encryption.\n"

    def kill(stage: str) -> None:
        if stage == "lexical":
            raise Killed

    with pytest.raises(Killed):  # lexical index rewritten, FAISS index not yet
        update_index(corpus(changed), embedder, tmp_path / "kept", checkpoint=kill)
    index, update = update_index(corpus(changed), embedder, tmp_path / "kept")
    assert update.lexical == "unchanged", "the lexical part was already done"
    fresh, _ = update_index(corpus(changed), embedder, tmp_path / "fresh")
    assert hits(index) == hits(fresh)


def test_a_half_written_lexical_folder_is_cleared(tmp_path: Path) -> None:
    embedder = HashingEmbedder()
    update_index(corpus(DOCUMENTS), embedder, tmp_path)
    (model,) = (tmp_path / "index").iterdir()
    leftover = model / "lexical-leftover"
    leftover.mkdir()
    (leftover / "meta.json").write_text("{")
    update_index(corpus(DOCUMENTS), embedder, tmp_path)
    assert not leftover.exists()
    assert len(list(model.glob("lexical-*"))) == 1


def test_a_corpus_back_to_an_earlier_state_keeps_its_lexical_index(tmp_path: Path) -> None:
    """Added in place, then removed again: the rewritten index holds the first
    build's passages, whose folder name it would take; it must not be deleted as
    the one it replaces (it was, and every later build failed on the cache)."""
    embedder = HashingEmbedder()
    update_index(corpus(DOCUMENTS), embedder, tmp_path)
    added = {**DOCUMENTS, "new.md": "# New\n\nLaptops are encrypted with full-disk encryption.\n"}
    assert update_index(corpus(added), embedder, tmp_path)[1].lexical == "updated in place"
    index, update = update_index(corpus(DOCUMENTS), embedder, tmp_path)
    assert update.lexical == "rewritten"
    fresh, _ = update_index(corpus(DOCUMENTS), embedder, tmp_path / "fresh")
    assert hits(index) == hits(fresh)
    again, update = update_index(corpus(DOCUMENTS), embedder, tmp_path)
    assert update.lexical == "unchanged"
    assert hits(again) == hits(fresh)


def test_a_lexical_index_lost_from_the_cache_is_built_again(tmp_path: Path) -> None:
    embedder = HashingEmbedder()
    update_index(corpus(DOCUMENTS), embedder, tmp_path)
    (model,) = (tmp_path / "index").iterdir()
    (folder,) = model.glob("lexical-*")
    shutil.rmtree(folder)
    index, update = update_index(corpus(DOCUMENTS), embedder, tmp_path)
    assert update.lexical == "rewritten"
    fresh, _ = update_index(corpus(DOCUMENTS), embedder, tmp_path / "fresh")
    assert hits(index) == hits(fresh)


def test_a_search_after_an_addition_finds_the_added_passage(tmp_path: Path) -> None:
    """The lexical index keeps one searcher and the keys its hits have read; an
    addition must reach the next search, and the hits read before stay right."""
    from dossier.index.lexical import LexicalIndex

    lexical = LexicalIndex(tmp_path)
    lexical.add([("k1", "a.md", "Backups are encrypted."), ("k2", "a.md", "Visitors sign in.")])
    lexical.positions = {"k1": 0, "k2": 1, "k3": 2}
    assert lexical.search("backups encrypted", 5, None) == [0]
    assert lexical.search("backups encrypted", 5, None) == [0], "read again from its keys"
    lexical.add([("k3", "b.md", "Backups are restored each quarter.")])
    assert sorted(lexical.search("backups", 5, None)) == [0, 2]
    assert lexical.search("visitors", 5, None) == [1]


def test_searches_run_ahead_give_the_hits_searching_gives(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    index, _ = update_index(corpus(DOCUMENTS), HashingEmbedder(), tmp_path)
    expected = hits(index)
    searched: list[str] = []
    keyword_search = index._keyword_search

    def counted(query: str) -> object:
        searched.append(query)
        return keyword_search(query)

    monkeypatch.setattr(index, "_keyword_search", counted)
    listed = [*QUERIES, QUERIES[0], "AES-256"]
    with index.searching_ahead(listed):
        index._ahead._pool.submit(lambda: None).result()  # type: ignore[union-attr]
        assert sorted(searched) == sorted(listed), "every listed search ran ahead, once"
        assert hits(index) == expected
        assert len(searched) == len(listed), "the searches used the results run ahead"
        assert hits(index) == expected  # the first query's second result, the others afresh
        assert len(searched) == len(listed) + len(QUERIES) - 1
        with pytest.raises(RuntimeError), index.searching_ahead([]):
            pass
    assert hits(index) == expected


def test_a_search_ahead_runs_each_listed_search_and_gives_each_result_once() -> None:
    from dossier.index.hybrid import KeywordHits, SearchAhead

    ran: list[str] = []

    def search(query: str) -> KeywordHits:
        ran.append(query)
        return None, [len(ran)]

    ahead = SearchAhead(search, ["a", "b", "a"])
    ahead._pool.submit(lambda: None).result()  # the thread has run every listed search
    assert ahead.take("a") == (None, [1])
    assert ahead.take("a") == (None, [3])
    assert ahead.take("a") is None and ahead.take("c") is None
    ahead.close()
    assert ran == ["a", "b", "a"]


def test_a_search_not_yet_started_is_left_to_the_caller() -> None:
    from dossier.index.hybrid import KeywordHits, SearchAhead

    started, release = threading.Event(), threading.Event()

    def search(query: str) -> KeywordHits:
        started.set()
        release.wait(timeout=10)
        return None, [0]

    ahead = SearchAhead(search, ["slow", "next"])
    started.wait(timeout=10)
    assert ahead.take("next") is None, "not started: the caller searches at once"
    release.set()
    assert ahead.take("slow") == (None, [0])
    ahead.close()


def test_a_lexical_index_read_another_way_is_built_again(tmp_path: Path) -> None:
    """A lexical index written before a change in how text is read (which identifiers
    a passage names: 'SHA256' is now 'sha-256') is rewritten, not kept: its passages'
    keys are unchanged, so it would be kept and its identifiers never match."""
    embedder = HashingEmbedder()
    update_index(corpus(DOCUMENTS), embedder, tmp_path)
    (pointer,) = (tmp_path / "index").glob("*/lexical.json")
    pointer.write_text(json.dumps({"folder": json.loads(pointer.read_text())["folder"]}))
    _, update = update_index(corpus(DOCUMENTS), embedder, tmp_path)
    assert update.lexical == "rewritten"
    assert update_index(corpus(DOCUMENTS), embedder, tmp_path)[1].lexical == "unchanged"
