"""The lexical half of the index: Tantivy BM25 over passages, an exact-match field
for identifiers, and its update in place (or rewrite) as documents change."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from dossier.common.atomic import write_atomic
from dossier.common.textutil import STOPWORDS, identifier_key, identifiers, us_spelled, words
from dossier.records import Corpus

TIE_MARGIN = 32  # extra hits fetched so that equal scores at the cut are ordered by position


class LexicalIndex:
    """Tantivy BM25 over passages (English stemming) plus an exact-match field
    for identifiers, so ``AC-2(3)`` never matches ``AC-2(7)``. Each passage is
    stored under its key (see ``passage_key``) and its document's path, so a
    document's passages can be found, and hits map to the current positions."""

    def __init__(self, path: Path, positions: dict[str, int] | None = None) -> None:
        import tantivy

        builder = tantivy.SchemaBuilder()
        builder.add_text_field("key", stored=True, tokenizer_name="raw")
        builder.add_text_field("document", stored=False, tokenizer_name="raw")
        builder.add_text_field("body", stored=False, tokenizer_name="en_stem")
        builder.add_text_field("identifiers", stored=False, tokenizer_name="raw")
        self._schema = builder.build()
        self._index = tantivy.Index(self._schema, path=str(path))
        self._tantivy = tantivy
        self.positions: dict[str, int] = positions or {}
        # One searcher over what this object committed (or found), and the keys of the
        # hits read through it: both are replaced together when ``add`` commits.
        self._searcher: Any = None
        self._keys: dict[tuple[int, int], str] = {}
        self._lock = threading.Lock()

    def add(self, passages: Sequence[tuple[str, str, str]]) -> None:
        """Add (key, document path, text) passages, committed at once."""
        if not passages:
            return
        writer = self._index.writer(heap_size=50_000_000, num_threads=1)
        for key, document, text in passages:
            writer.add_document(
                self._tantivy.Document(
                    key=key,
                    document=document,
                    body=_as_read(text),
                    identifiers=sorted({identifier_key(n) for n in identifiers(text)}),
                )
            )
        writer.commit()
        writer.wait_merging_threads()
        self._index.reload()
        with self._lock:
            self._searcher, self._keys = None, {}

    def keys(self) -> list[str]:
        """The keys of every passage the index holds (committed ones only)."""
        self._index.reload()
        searcher = self._index.searcher()
        if searcher.num_docs == 0:
            return []
        hits = searcher.search(self._tantivy.Query.all_query(), searcher.num_docs).hits
        return [searcher.doc(address)["key"][0] for _, address in hits]

    def search(self, query: str, depth: int, allowed: set[int] | None) -> list[int]:
        # Only words reach the query parser (letters and digits of any script, read
        # through extraction artefacts as the indexed text is): no syntax to trip on.
        terms = [w for w in words(_as_read(query)) if w not in STOPWORDS]
        if not terms:
            return []
        parsed = self._index.parse_query(" ".join(terms), ["body"])
        searcher, keys = self._reader()
        fetch = depth + TIE_MARGIN if allowed is None else max(depth, 1000)
        scored = []
        for score, address in searcher.search(parsed, fetch, count=False).hits:
            at = (address.segment_ord, address.doc)
            key = keys.get(at)
            if key is None:  # read once per searcher: its addresses do not move
                key = keys[at] = searcher.doc(address)["key"][0]
            scored.append((score, self.positions[key]))
        # Equal scores are ordered by position, whatever the segment layout.
        ranked = [p for _, p in sorted(scored, key=lambda s: (-s[0], s[1]))]
        if allowed is not None:
            ranked = [p for p in ranked if p in allowed]
        return ranked[:depth]

    def _reader(self) -> tuple[Any, dict[tuple[int, int], str]]:
        """The searcher over what is committed, and the keys read through it so far."""
        with self._lock:
            if self._searcher is None:
                self._searcher, self._keys = self._index.searcher(), {}
            return self._searcher, self._keys

    def positions_with_identifiers(self, names: Sequence[str]) -> set[int]:
        Query, Occur = self._tantivy.Query, self._tantivy.Occur
        query = Query.boolean_query(
            [
                (Occur.Should, Query.term_query(self._schema, "identifiers", identifier_key(n)))
                for n in names
            ]
        )
        searcher = self._index.searcher()
        hits = searcher.search(query, max(searcher.num_docs, 1)).hits
        return {self.positions[searcher.doc(address)["key"][0]] for _, address in hits}


def _as_read(text: str) -> str:
    """Text as the index reads it: words in their US spelling, as the engine stems them
    (``stem``), and a SOC report's number apart from its name, as the engine's term
    "soc2" is written back in a query ("SOC2" and "SOC 2" alike)."""
    return _SOC_NUMBER.sub(r"\1 \2", us_spelled(text))


_SOC_NUMBER = re.compile(r"\b(soc)([123])\b", re.I)
LEXICAL_POINTER = "lexical.json"
# How the indexed text is read (textutil.read_text, identifiers, identifier_key): an
# index written another way is rewritten, since its passages' keys do not change.
READING = 3  # 3: words in their US spelling (``us_spelled``)


def update_lexical(
    folder: Path, corpus: Corpus, keys: Sequence[str], texts: Sequence[str]
) -> tuple[LexicalIndex, str, int, int]:
    """Passages only added are added in place. When any is removed, the lexical
    index is rewritten into a new folder and the pointer moved: Tantivy keeps a
    deleted document in its BM25 statistics until segments merge (measured: the
    scores differ from a fresh index), which tantivy-py cannot trigger, and the
    hits must be those of a fresh build."""
    folder.mkdir(parents=True, exist_ok=True)
    pointer = folder / LEXICAL_POINTER
    held_as = json.loads(pointer.read_text()) if pointer.exists() else {}
    current = held_as.get("folder")
    if current and not (folder / current).is_dir():  # lost: build it again
        current = None
    if held_as.get("reading") != READING:  # read another way: build it again
        current = None
    for stale in folder.glob("lexical-*"):
        if stale.name != current:  # left by a build killed while rewriting
            shutil.rmtree(stale, ignore_errors=True)
    documents = [chunk.document for chunk in corpus.chunks]
    wanted = dict(zip(keys, zip(documents, texts, strict=True), strict=True))
    held = set(LexicalIndex(folder / current).keys()) if current else set()
    added = [(k, *wanted[k]) for k in keys if k not in held]
    removed = held - set(wanted)
    if current and not removed:
        lexical = LexicalIndex(folder / current)
        lexical.add(added)
        return lexical, "updated in place" if added else "unchanged", len(added), 0
    # Named by what it holds and what it replaces: an index added to in place holds
    # more than the keys that named it, so the keys alone could name the folder
    # being replaced, which is deleted below.
    named_by = json.dumps({"keys": list(keys), "replaces": current})
    name = f"lexical-{hashlib.sha256(named_by.encode()).hexdigest()[:12]}"
    shutil.rmtree(folder / name, ignore_errors=True)
    (folder / name).mkdir()
    lexical = LexicalIndex(folder / name)
    lexical.add([(k, *wanted[k]) for k in keys])
    write_atomic(pointer, json.dumps({"folder": name, "reading": READING}).encode())
    if current:
        shutil.rmtree(folder / current, ignore_errors=True)
    return lexical, "rewritten", len(added), len(removed)
