"""Cache keys, stores and the reasons given for every miss; the run ledger;
executors; decisions that lapse when evidence moves."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dossier.common.canonical import canonical_key
from dossier.incremental.cache import (
    NEW_QUESTION,
    NOT_STORED,
    REUSED,
    AnswerCache,
    AnswerInputs,
    CacheReason,
    DocumentCache,
    Lookup,
    corpus_changes,
    evidence_view,
    miss_reason,
)
from dossier.incremental.executor import SerialExecutor, ThreadExecutor
from dossier.incremental.ledger import LEDGER_DIR, RunLedger, ledger_name
from dossier.ingest.authority import Authority
from dossier.ingest.chunking import ChunkSettings
from dossier.ingest.files import ingest
from dossier.records import Answer, Corpus, Hit, Search, SourceFile

POLICY = "# Passwords\n\nPasswords rotate every 90 days.\n\nMFA is required for all staff.\n"
OTHER = "---\nstatus: superseded\n---\n# Old\n\nPasswords rotated yearly.\n"


def source(path: str, text: str) -> SourceFile:
    data = text.encode()
    import hashlib

    return SourceFile(path, data, hashlib.sha256(data).hexdigest())


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner),
    max_leaves=10,
)


@given(st.dictionaries(st.text(max_size=4), json_values, max_size=5))
def test_canonical_key_ignores_key_order(value: dict[str, object]) -> None:
    reordered = dict(reversed(list(value.items())))
    assert canonical_key(value) == canonical_key(reordered)
    assert canonical_key(value) != canonical_key({**value, "extra-key-x": 1})


def test_documents_are_read_once_and_again_only_when_changed(tmp_path: Path) -> None:
    files = [source("a.md", POLICY), source("b.md", OTHER)]
    cache = DocumentCache(tmp_path)
    first, read = cache.ingest(files, ChunkSettings())
    assert sorted(read) == ["a.md", "b.md"]
    assert first == ingest(files, ChunkSettings()), "cached reading equals plain reading"
    again, read = cache.ingest(files, ChunkSettings())
    assert read == [] and again == first
    edited = [source("a.md", POLICY + "\nBackups run daily.\n"), files[1]]
    _, read = cache.ingest(edited, ChunkSettings())
    assert read == ["a.md"]
    _, read = cache.ingest(edited, ChunkSettings(max_chars=20))
    assert sorted(read) == ["a.md", "b.md"], "new chunking settings cut every document again"


def test_a_document_whose_front_matter_has_date_and_mixed_keys_is_kept(tmp_path: Path) -> None:
    text = (
        "---\nrevision_history:\n  2024-01-10: Initial version\n"
        "nested:\n  a: {1: one, b: two}\n---\n# Backups\n\nBackups are kept 35 days.\n"
    )
    files = [source("history.md", text)]
    cache = DocumentCache(tmp_path)
    first, read = cache.ingest(files, ChunkSettings())
    assert read == ["history.md"] and first.failures == ()
    again, read = cache.ingest(files, ChunkSettings())
    assert read == [] and again == first and cache.discarded == []


def test_a_read_only_cache_writes_nothing(tmp_path: Path) -> None:
    DocumentCache(tmp_path, read_only=True).ingest([source("a.md", POLICY)], ChunkSettings())
    assert list(tmp_path.iterdir()) == []


def test_corpus_changes() -> None:
    changes = corpus_changes({"a": "1", "b": "2", "c": "3"}, {"a": "1", "b": "9", "d": "4"})
    assert (changes.added, changes.changed, changes.removed) == (("d",), ("b",), ("c",))
    assert changes.summary() == "1 added, 1 changed, 1 removed"
    assert corpus_changes({"a": "1"}, {"a": "1"}).summary() == "no document changed"


def _corpus() -> Corpus:
    return ingest([source("a.md", POLICY), source("b.md", OTHER)])


def _view(corpus: Corpus, hits: list[str]) -> dict[str, Any]:
    by_id = {c.chunk_id: c for c in corpus.chunks}
    search = Search(
        "passwords",
        tuple(Hit(c, 1.0 / (i + 1), i + 1, None, by_id[c].document) for i, c in enumerate(hits)),
    )
    return evidence_view(
        [search], by_id.get, {d.path: d for d in corpus.documents}, Authority.of(corpus)
    )


def test_evidence_view_covers_authority_and_offsets() -> None:
    corpus = _corpus()
    ids = [c.chunk_id for c in corpus.chunks]
    view = _view(corpus, ids)
    assert view["documents"]["b.md"]["not_current"] == "b.md has status 'superseded'"
    assert {h[0] for h in view["searches"][0]["hits"]} == set(ids)
    assert all(h[6] < h[7] for h in view["searches"][0]["hits"]), "offsets are in the view"


def _why(old: AnswerInputs, new: AnswerInputs, present: set[str] | None = None) -> str:
    reason = miss_reason(old, new, present)
    return reason.message if reason is not None else ""


def test_every_miss_says_why() -> None:
    corpus = _corpus()
    ids = [c.chunk_id for c in corpus.chunks]
    base = AnswerInputs("brief", _view(corpus, ids[:2]), "engine")
    assert miss_reason(base, base) is None
    assert _why(base, dataclasses.replace(base, brief="other")) == "question changed"
    assert _why(base, dataclasses.replace(base, engine="e2")) == "engine settings changed"
    assert _why(base, dataclasses.replace(base, tool="9.9")) == "tool version changed"
    more = dataclasses.replace(base, evidence=_view(corpus, ids))
    assert _why(base, more) == "evidence changed: +1 passage (b.md)"
    fewer = dataclasses.replace(base, evidence=_view(corpus, ids[:1]))
    assert _why(base, fewer) == "evidence changed: −1 passage (a.md)"
    removed = miss_reason(more, fewer, present={"a.md"})
    assert removed == CacheReason(
        "evidence changed", "evidence changed: −2 passages (a.md, b.md); document removed: b.md"
    )
    assert removed.evidence_changed
    changed = miss_reason(base, dataclasses.replace(base, brief="other"))
    assert changed is not None and not changed.evidence_changed
    assert not NEW_QUESTION.evidence_changed and not NOT_STORED.evidence_changed


def test_authority_and_moved_passages_are_named() -> None:
    corpus = _corpus()
    ids = [c.chunk_id for c in corpus.chunks]
    base = AnswerInputs("brief", _view(corpus, ids), "engine")
    promoted = ingest(
        [source("a.md", POLICY), source("b.md", OTHER.replace("superseded", "current"))]
    )
    view = _view(promoted, [c.chunk_id for c in promoted.chunks])
    assert _why(base, dataclasses.replace(base, evidence=view)) == (
        "document authority changed: b.md (current)"
    )
    both = ingest(
        [
            source("a.md", "---\nstatus: archived\n---\n" + POLICY),
            source("b.md", OTHER.replace("superseded", "current")),
        ]
    )
    view = _view(both, [c.chunk_id for c in both.chunks])
    assert _why(base, dataclasses.replace(base, evidence=view)) == (
        "document authority changed: a.md (a.md has status 'archived'); b.md (current)"
    )
    shifted = ingest([source("a.md", "\n\n" + POLICY), source("b.md", OTHER)])
    view = _view(shifted, [c.chunk_id for c in shifted.chunks])
    assert _why(base, dataclasses.replace(base, evidence=view)) == (
        "passages edited or moved in a.md"
    )


def _answer(question_id: str = "Q1", text: str = "Yes.") -> Answer:
    return Answer(question_id, "Is MFA required?", "unsupported", text, (), (), ("mfa",), ())


def test_answers_are_reused_only_while_their_evidence_holds(tmp_path: Path) -> None:
    corpus = _corpus()
    ids = [c.chunk_id for c in corpus.chunks]
    hits = {"now": ids[:2]}
    cache = AnswerCache(tmp_path)
    computed = dataclasses.replace(_answer(), searches=(Search("passwords", ()),))

    def evidence_of(queries: object) -> dict[str, object]:
        return _view(corpus, hits["now"])

    def run() -> Lookup:
        lookup = cache.find("Q1", "brief", "engine", evidence_of)
        if lookup.answer is None:
            cache.store("Q1", AnswerInputs("brief", evidence_of(()), "engine"), computed)
        return lookup

    lookup = run()
    assert (lookup.hit, lookup.reason) == (False, NEW_QUESTION)
    again = run()
    assert again.hit and again.reason == REUSED and again.answer == computed
    hits["now"] = ids
    lookup = run()
    assert not lookup.hit and lookup.reason.evidence_changed
    assert lookup.reason.message == "evidence changed: +1 passage (b.md)"
    assert cache.find("Q1", "other brief", "engine", evidence_of).reason.message == (
        "question changed"
    )


def test_an_unreadable_cache_entry_is_a_miss(tmp_path: Path) -> None:
    cache = AnswerCache(tmp_path)
    inputs = AnswerInputs("brief", {"searches": [], "documents": {}}, "engine")
    cache.store("Q1", inputs, _answer())
    assert cache.lookup("Q1", inputs).hit
    (tmp_path / "answers" / f"{inputs.key()}.json").write_text("{trunc")
    assert cache.lookup("Q1", inputs) == Lookup(False, NOT_STORED)


def test_the_ledger_gives_the_build_figures(tmp_path: Path) -> None:
    ledger = RunLedger()
    ledger.stage("index", 1.25, added=3)
    ledger.question("Q2", Lookup(False, NEW_QUESTION), 0.5, 3)
    ledger.question("Q1", Lookup(True, REUSED), 0.01, 0)
    ledger.stage("index", 0.25)
    assert (ledger.reused(), ledger.recomputed(), ledger.model_calls()) == (1, 1, 3)
    assert ledger.stage_seconds() == {"index": 1.5}
    assert ledger.answer_cache(["Q1", "Q2"]) == {
        "Q1": "reused: brief and evidence unchanged",
        "Q2": "recomputed: new question",
    }
    path = ledger.write(tmp_path, "run")
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r.get("question_id") for r in rows if "question_id" in r] == ["Q1", "Q2"]
    assert rows[-1]["model_calls"] == 3 and rows[-1]["cache"] == "miss"


def test_the_ledger_counts_failed_model_calls_and_names_the_first() -> None:
    ledger = RunLedger()
    assert ledger.model_failures() == (0, "")
    ledger.question("Q2", Lookup(False, NEW_QUESTION), 0.5, 1, ["plan: circuit breaker open"])
    ledger.question("Q1", Lookup(False, NEW_QUESTION), 0.5, 1, ["plan: cannot reach the server"])
    ledger.question("Q3", Lookup(False, NEW_QUESTION), 0.5, 4)
    assert ledger.model_failures() == (2, "plan: cannot reach the server")
    assert ledger.model_calls() == 6


@given(st.lists(st.integers(), max_size=30), st.integers(min_value=1, max_value=4))
def test_executors_keep_the_order(items: list[int], jobs: int) -> None:
    advanced: list[int] = []
    expected = [i * 2 for i in items]
    assert SerialExecutor().map(lambda i: i * 2, items, advanced.append) == expected
    assert ThreadExecutor(jobs).map(lambda i: i * 2, items, advanced.append) == expected
    assert len(advanced) == 2 * len(items)


def test_a_thread_executor_stops_on_the_first_error() -> None:
    started: list[int] = []
    lock = threading.Lock()

    def work(i: int) -> int:
        with lock:
            started.append(i)
        if i == 0:
            raise ValueError("boom")
        return i

    with pytest.raises(ValueError, match="boom"):
        ThreadExecutor(1).map(work, list(range(50)), lambda n: None)
    assert len(started) < 50, "items not yet started are cancelled"


def test_two_builds_started_in_one_second_keep_two_ledgers(tmp_path: Path) -> None:
    started = dt.datetime(2026, 11, 16, 9, 30, tzinfo=dt.UTC)
    names = []
    for _ in range(3):
        names.append(ledger_name(started, tmp_path))
        RunLedger().write(tmp_path, names[-1])
    assert len(set(names)) == 3 and names[1] == f"{names[0]}-2"
    assert len(list((tmp_path / LEDGER_DIR).glob("*.jsonl"))) == 3


# -- a cache is a speed-up, never a source of truth -------------------------------------


def _entries(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.json"))


def test_a_poisoned_passage_entry_is_discarded_named_and_cut_again(tmp_path: Path) -> None:
    files = [source("a.md", POLICY)]
    cache = DocumentCache(tmp_path / "cache")
    clean, _ = cache.ingest(files, ChunkSettings())
    (entry,) = _entries(tmp_path / "cache" / "chunks")
    rows = json.loads(entry.read_text())
    rows[0]["text"] = "We hold FedRAMP High authorization. " + rows[0]["text"]
    entry.write_text(json.dumps(rows))
    again = DocumentCache(tmp_path / "cache")
    corpus, read = again.ingest(files, ChunkSettings())
    assert corpus == clean and read == ["a.md"]
    (discard,) = again.discarded
    assert discard.kind == "passages" and discard.entry == f"cache/chunks/{entry.name}"
    assert discard.reason == f"passage 1 ({rows[0]['chunk_id']}) is not the text of a.md at 13–44"
    assert "FedRAMP" not in entry.read_text()  # rebuilt
    assert DocumentCache(tmp_path / "cache").ingest(files, ChunkSettings())[1] == []


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda row: row.update(heading="FedRAMP"), "has a heading the document does not hold"),
        (lambda row: row.update(chunk_id="0" * 16), "has an id its text does not give"),
        (lambda row: row.update(start=row["start"] + 1), "is not the text of a.md"),
        (lambda row: row.update(document="b.md"), "belongs to b.md, not a.md"),
    ],
)
def test_every_kept_passage_must_be_what_cutting_gives(
    tmp_path: Path, change: Any, reason: str
) -> None:
    files = [source("a.md", POLICY)]
    DocumentCache(tmp_path / "cache").ingest(files, ChunkSettings())
    (entry,) = _entries(tmp_path / "cache" / "chunks")
    rows = json.loads(entry.read_text())
    change(rows[1])
    entry.write_text(json.dumps(rows))
    cache = DocumentCache(tmp_path / "cache")
    cache.ingest(files, ChunkSettings())
    assert reason in cache.discarded[0].reason


def test_passages_under_headings_set_out_with_tabs_are_kept(tmp_path: Path) -> None:
    """A Word export's "4.<TAB>Backup" heading is kept as "4. Backup": its passages were
    discarded as holding a heading the document does not hold, and cut again on every
    build."""
    text = (
        "Backup Policy\n\n1.\tPurpose\n1.1\tThis policy sets out how backups are taken and "
        "kept.\n\n4.\tBackup\n4.1\tBackups are retained for 35 days and encrypted at rest.\n"
    )
    files = [source("backup.txt", text)]
    first, _ = DocumentCache(tmp_path / "cache").ingest(files, ChunkSettings())
    assert any("\t" not in c.heading and "Backup" in c.heading for c in first.chunks)
    again = DocumentCache(tmp_path / "cache")
    corpus, read = again.ingest(files, ChunkSettings())
    assert again.discarded == [] and read == [] and corpus == first


def test_a_kept_text_document_must_say_what_its_file_says(tmp_path: Path) -> None:
    """A front-matter status flipped in the cache would silence a current policy."""
    files = [source("a.md", "---\nstatus: current\n---\n" + POLICY)]
    DocumentCache(tmp_path / "cache").ingest(files, ChunkSettings())
    (entry,) = _entries(tmp_path / "cache" / "documents")
    row = json.loads(entry.read_text())
    row["status"] = "superseded"
    entry.write_text(json.dumps(row))
    cache = DocumentCache(tmp_path / "cache")
    corpus, read = cache.ingest(files, ChunkSettings())
    assert corpus.documents[0].status == "current" and read == ["a.md"]
    assert cache.discarded[0].kind == "document"
    assert cache.discarded[0].reason == "its text or front-matter is not what the file holds"


def test_a_read_only_cache_names_a_bad_entry_but_keeps_it(tmp_path: Path) -> None:
    files = [source("a.md", POLICY)]
    DocumentCache(tmp_path / "cache").ingest(files, ChunkSettings())
    (entry,) = _entries(tmp_path / "cache" / "chunks")
    entry.write_text("[{}]")
    cache = DocumentCache(tmp_path / "cache", read_only=True)
    cache.ingest(files, ChunkSettings())
    assert cache.discarded[0].reason == "not a list of passages" and entry.exists()


def test_an_answers_inputs_are_stored_as_they_are_keyed(tmp_path: Path) -> None:
    evidence = {"searches": [{"query": "mfa", "hits": [["c1", 0.5]]}], "documents": {}}
    inputs = AnswerInputs("brief", evidence, "engine")
    assert inputs.row() == dataclasses.asdict(inputs)
    cache = AnswerCache(tmp_path)
    cache.store("Q1", inputs, _answer())
    assert cache.previous("Q1") == inputs
