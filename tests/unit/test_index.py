from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from dossier.build import build
from dossier.common.textutil import has_extraction_artefacts
from dossier.config import load_config
from dossier.index.embed import MiniLMEmbedder, Vectors
from dossier.index.hybrid import HybridIndex, RetrievalSettings, open_index
from dossier.index.lexical import LexicalIndex
from dossier.ingest.files import ingest
from dossier.records import SourceFile
from tests.conftest import pinned_clock
from tests.fakes import HashingEmbedder

CONTROLS = """---
title: Account Management Controls
status: current
---
# Account management

AC-2(3) Disable accounts: accounts unused for 35 days are disabled automatically.

AC-2(7) Privileged user accounts follow a role-based scheme and are reviewed.

AC-2 Account management: accounts are created on an approved request.

CC6.1 Logical access: access to production requires single sign-on.

A.9.2.3 Privileged access rights are restricted to named administrators.

Backups are taken daily and restored quarterly as a test.
"""


def _source(path: str, text: str) -> SourceFile:
    data = text.encode()
    return SourceFile(path, data, "0" * 64)


@pytest.fixture(scope="module")
def controls_index(
    tmp_path_factory: pytest.TempPathFactory, embedder: MiniLMEmbedder
) -> HybridIndex:
    corpus = ingest([_source("controls.md", CONTROLS)])
    return open_index(corpus, embedder, tmp_path_factory.mktemp("cache"), RetrievalSettings())


def test_exact_identifier_does_not_retrieve_a_sibling_control(controls_index: HybridIndex) -> None:
    hits = controls_index.search("How is AC-2(3) implemented?", 10)
    texts = [controls_index.chunk(h.chunk_id).text for h in hits]
    assert texts, "the identifier's passage must be found"
    assert all("AC-2(3)" in t for t in texts)
    assert not any("AC-2(7)" in t for t in texts)


def test_sibling_identifier_finds_its_own_passage(controls_index: HybridIndex) -> None:
    hits = controls_index.search("AC-2(7)", 10)
    assert [controls_index.chunk(h.chunk_id).text[:7] for h in hits] == ["AC-2(7)"]


@pytest.mark.parametrize("query", ["How is ac-2(3) implemented?", "ac-2 (3)"])
def test_an_identifier_typed_in_lower_case_finds_its_control(
    controls_index: HybridIndex, query: str
) -> None:
    """A question typed "ac-2(3)" asks about AC-2(3): its sibling AC-2(7) is not found."""
    hits = controls_index.search(query, 10)
    assert [controls_index.chunk(h.chunk_id).text[:8] for h in hits] == ["AC-2(3) "]


@pytest.mark.parametrize(
    ("query", "control"),
    [("How do you meet cc6.1?", "CC6.1"), ("Is ISO a.9.2.3 implemented?", "A.9.2.3")],
)
def test_a_soc2_or_iso_control_typed_in_lower_case_finds_its_control(
    controls_index: HybridIndex, query: str, control: str
) -> None:
    hits = controls_index.search(query, 10)
    assert [controls_index.chunk(h.chunk_id).text.split()[0] for h in hits] == [control]


def test_unknown_identifier_falls_back_to_ordinary_search(controls_index: HybridIndex) -> None:
    hits = controls_index.search("AC-9(9) daily backups", 10)
    assert controls_index.chunk(hits[0].chunk_id).text.startswith("Backups")


def test_hits_report_both_ranks(controls_index: HybridIndex) -> None:
    hit = controls_index.search("restore backups quarterly", 3)[0]
    assert hit.lexical_rank == 1 and hit.dense_rank == 1
    assert controls_index.chunk(hit.chunk_id).text.startswith("Backups")


def test_reopening_uses_cached_vectors(tmp_path: Path) -> None:
    calls: list[int] = []

    class CountingEmbedder:
        name = "counting"
        dimension = 8

        def embed(self, texts):
            import numpy as np

            calls.append(len(texts))
            vectors = np.ones((len(texts), 8), dtype=np.float32)
            return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    corpus = ingest([_source("controls.md", CONTROLS)])

    def read_sentences(index: HybridIndex) -> list[int]:
        """Every passage's sentences, read as research reads them, then kept: how many
        each passage has."""
        read = index.sentences_of([c.chunk_id for c in index.chunks])
        index.keep_embedded()
        return [len(sentences) for sentences, _ in read]

    first = open_index(corpus, CountingEmbedder(), tmp_path)
    assert calls == [len(corpus.chunks)], "opening embeds the passages, not their sentences"
    sentences = read_sentences(first)
    assert calls[1:] == [n for n in sentences if n], "one batch a passage, its own sentences"
    embedded = len(calls)
    assert read_sentences(open_index(corpus, CountingEmbedder(), tmp_path)) == sentences
    assert len(calls) == embedded, "the second open and its sentences must embed nothing"
    edited = ingest([_source("controls.md", CONTROLS + "\nA new paragraph about laptops.\n")])
    read_sentences(open_index(edited, CountingEmbedder(), tmp_path))
    assert calls[embedded:] == [1, 1], "only the new passage and its one sentence are embedded"


def test_a_sentence_vector_does_not_depend_on_what_else_was_read_with_it(
    tmp_path: Path,
) -> None:
    """MiniLM's vector for a text can change in its last bits with its batch; with
    questions answered in parallel, which passages one ranking reads first is down to
    the threads. A passage's sentences are a batch of their own, so the same."""

    class BatchSensitiveEmbedder:
        name = "batch-sensitive"
        dimension = 8

        def embed(self, texts):
            import numpy as np

            vectors = np.full((len(texts), 8), float(len(texts)), dtype=np.float32)
            vectors[:, 1] = [len(t) for t in texts]
            return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    corpus = ingest([_source("controls.md", CONTROLS)])
    ids = [c.chunk_id for c in corpus.chunks]
    together = open_index(corpus, BatchSensitiveEmbedder(), tmp_path / "a").sentences_of(ids)
    alone = open_index(corpus, BatchSensitiveEmbedder(), tmp_path / "b")
    one_by_one = [alone.sentences_of([chunk_id])[0] for chunk_id in reversed(ids)][::-1]
    assert len(ids) > 1
    for (_, first), (_, second) in zip(together, one_by_one, strict=True):
        assert (first == second).all()


def test_a_query_kept_by_an_earlier_build_is_not_embedded_again(tmp_path: Path) -> None:
    """A query no stored answer's searches name (a repair round's restated ask) is
    looked up among the kept query vectors before it is embedded: embedding it would
    load the model in a rebuild that needs none."""
    import numpy as np

    from tests.fakes import HashingEmbedder

    embedded: list[str] = []

    class Recording(HashingEmbedder):
        def embed(self, texts):
            embedded.extend(texts)
            return super().embed(texts)

    corpus = ingest([_source("controls.md", CONTROLS)])
    index = open_index(corpus, Recording(), tmp_path)
    kept = {"the restated ask": np.ones(Recording().dimension, dtype=np.float32)}
    index.consult_queries(lambda texts: {t: kept[t] for t in texts if t in kept})
    embedded.clear()
    assert index.embed_query("the restated ask") is kept["the restated ask"]
    index.embed_query("a new query")
    assert embedded == ["a new query"]


def _lexical(tmp_path: Path, texts: list[str]) -> LexicalIndex:
    lexical = LexicalIndex(tmp_path)
    lexical.add([(f"k{i}", "a.md", text) for i, text in enumerate(texts)])
    lexical.positions = {f"k{i}": i for i in range(len(texts))}
    return lexical


@pytest.mark.parametrize(
    ("query", "found"),
    [
        ("Zürich", 0),
        ("café", 0),
        ("北京", 1),
        ("шифруются", 2),
        ("ﬁrewall", 3),  # a question pasted from a PDF
        ("authen\u00adtication", 4),
    ],
)
def test_a_query_is_read_with_the_words_the_index_holds(
    tmp_path: Path, query: str, found: int
) -> None:
    """The keyword search reads a query as the engine reads words (any script,
    extraction artefacts undone), not as ASCII letters only: 'Zürich' was searched
    for as 'z' and 'rich', and '北京' as nothing."""
    lexical = _lexical(
        tmp_path,
        [
            "Our data centre is in Zürich; the café is closed.",
            "数据 北京",
            "Данные шифруются при хранении.",
            "The firewall is configured to deny by default.",  # as indexed: ligatures read
            "Multi-factor authentication is required for all staff.",
        ],
    )
    assert lexical.search(query, 5, None)[:1] == [found]


@pytest.mark.parametrize(
    "query",
    [
        'title:Controls AND NOT "x" +y -z * ? ~ ^2 [a TO b] {c} \\ / < > =',
        "NOT",
        "the",
        "",
        "   ",
        "!!!???",
        "\u200b\u00ad",
        "ＡＮＤ：ｘ",
        " ".join(["password rotation"] * 2500),
    ],
)
def test_query_syntax_never_raises(tmp_path: Path, query: str) -> None:
    lexical = _lexical(tmp_path, ["Passwords are rotated every 90 days.", "Visitors sign in."])
    assert lexical.search(query, 5, None) in ([], [0])


def test_a_query_is_embedded_as_the_passages_are_read(tmp_path: Path) -> None:
    """A question pasted from a PDF ('conﬁgured') is embedded with its ligatures
    spelled out and soft hyphens dropped, as passages are (``embedding_text``)."""
    corpus = ingest([_source("a.md", "The firewall is configured.\n")])
    index = open_index(corpus, HashingEmbedder(), tmp_path, RetrievalSettings())
    pasted = index.embed_query("Is the ﬁrewall con\u00adﬁgured?")
    assert (pasted == index.embed_query("Is the firewall configured?")).all()


class _RecordingEmbedder(HashingEmbedder):
    def __init__(self, encoder: str = "fp32") -> None:
        super().__init__(encoder)
        self.texts: list[str] = []

    def embed(self, texts: Sequence[str]) -> Vectors:
        self.texts += texts
        return super().embed(texts)


def test_a_build_embeds_its_queries_as_the_passages_are_read(tmp_path: Path) -> None:
    """The queries a build embeds ahead in one batch are read like passages too: a
    question pasted from a PDF ('Is the ﬁrewall conﬁgured?') was embedded with its
    ligatures, so its vector was not that of the passage's words, and it went
    unanswered where 'Is the firewall configured?' was answered."""
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "a.md").write_text("# Network\n\nThe firewall is configured.\n")
    (tmp_path / "q.csv").write_text("id,question\nQ1,Is the ﬁrewall con\u00adﬁgured?\n")
    overrides = {"corpus": tmp_path / "corpus", "questions": tmp_path / "q.csv"}
    config = load_config(None, {**overrides, "out": tmp_path / "out"})
    embedder = _RecordingEmbedder()
    build(config, embedder=embedder, clock=pinned_clock)
    assert embedder.texts
    assert not [t for t in embedder.texts if has_extraction_artefacts(t)]


def test_an_identifier_written_with_a_non_breaking_hyphen_is_found(tmp_path: Path) -> None:
    text = "AC\u20112(3) Accounts are disabled.\n\nAC\u20112(7) Roles.\n"  # from Word
    corpus = ingest([_source("a.md", text)])
    index = open_index(corpus, HashingEmbedder(), tmp_path, RetrievalSettings())
    hits = index.search("How is AC-2(3) implemented?", 5)
    assert [index.chunk(h.chunk_id).text[:7] for h in hits] == ["AC\u20112(3)"]


def test_a_word_with_a_zero_width_space_is_found_by_the_word(tmp_path: Path) -> None:
    text = "Multi-factor authen\u200btication is required.\n\nBackups are daily.\n"
    index = open_index(ingest([_source("a.md", text)]), HashingEmbedder(), tmp_path)
    _, lexical = index._keyword_search("authentication")
    assert [index.chunks[p].text[:12] for p in lexical] == ["Multi-factor"]


@pytest.mark.parametrize(
    ("text", "query"),
    [
        ("Remote access requires multi-factor authen-\ntication.", "authentication"),
        ("Our data centre is in Zu\u0308rich.", "Zürich"),
        ("Our data centre is in Zürich.", "Zu\u0308rich"),
        ("ＭＦＡ is required.", "MFA"),
        ("MFA is required.", "ＭＦＡ"),
    ],
)
def test_the_index_and_the_query_read_words_alike(tmp_path: Path, text: str, query: str) -> None:
    corpus = ingest([_source("a.md", f"{text}\n\nBackups.\n")])
    index = open_index(corpus, HashingEmbedder(), tmp_path)
    _, lexical = index._keyword_search(query)
    assert [index.chunks[p].text for p in lexical] == [text]


def test_an_enhancement_written_after_a_space_is_found(tmp_path: Path) -> None:
    text = "AC-2 (3) Accounts are disabled.\n\nAC-2 (7) Roles.\n\nAC-2 Accounts.\n"
    index = open_index(ingest([_source("a.md", text)]), HashingEmbedder(), tmp_path)
    hits = index.search("How is AC-2(3) implemented?", 5)
    assert [index.chunk(h.chunk_id).text[:8] for h in hits] == ["AC-2 (3)"]


def test_an_identifier_without_its_hyphen_finds_the_one_with_it(tmp_path: Path) -> None:
    text = "Passwords are hashed with SHA-256.\n\nData at rest uses AES256.\n\nSHA-1 is not used.\n"
    index = open_index(ingest([_source("a.md", text)]), HashingEmbedder(), tmp_path)
    for query, found in (("Do you use SHA256?", "Passwords"), ("AES-256 at rest?", "Data at r")):
        hits = index.search(query, 5)
        assert [index.chunk(h.chunk_id).text[:9] for h in hits] == [found]


def test_a_us_spelled_query_finds_a_british_spelled_passage(tmp_path: Path) -> None:
    """BM25 read "authorised" and "authorized" as two terms: a UK corpus's passages
    were not found by a US questionnaire's words."""
    lexical = _lexical(
        tmp_path, ["Changes are authorised by the CAB.", "Backups run nightly at the centre."]
    )
    assert lexical.search("authorization", 2, None) == [0]
    assert lexical.search("center", 2, None) == [1]


def test_a_soc_report_is_found_however_its_number_is_written(tmp_path: Path) -> None:
    """The engine's term "soc2" went into reformulated queries, which the index (holding
    "soc" and "2") never matched; "SOC2" in a document was one token "soc2"."""
    lexical = _lexical(tmp_path, ["We hold a SOC 2 Type II report.", "Our SOC2 report is current."])
    assert sorted(lexical.search("soc2", 2, None)) == [0, 1]
    assert sorted(lexical.search("SOC 2", 2, None)) == [0, 1]
