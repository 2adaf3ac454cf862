"""Import an earlier questionnaire answered by hand into the answer library.

Each hand answer becomes a ``hint`` entry: shown to the reviewer beside the answer
to the same ask, never evidence. A sentence of it that is, word for word, in a
passage of a document in force (the quote verifier's rules) is stored as a quote
of that document; at build time it is verified again and shown, with its document,
beside the hint.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from pathlib import Path

from dossier.common.textutil import sentence_spans, words
from dossier.errors import CorpusError
from dossier.evidence.verify import QuoteVerifier
from dossier.ingest.authority import Authority
from dossier.ingest.chunking import ChunkSettings
from dossier.ingest.files import ingest, scan_corpus
from dossier.ingest.hand_answers import HandAnswer, read_hand_answers
from dossier.records import Chunk, ColumnSettings, Corpus
from dossier.review.library import Entry, LibraryQuote, ask_of, new_entry

MIN_WORDS = 4  # a shorter sentence ("Yes.") is in too many documents to mean anything


def hint_entries(
    answers: Sequence[HandAnswer],
    questionnaire: str,
    corpus: Corpus,
    authority: Authority,
    at: str,
) -> list[Entry]:
    """One hint per hand answer, its sentences found in the corpus as quotes."""
    chunks = [c for c in corpus.chunks if authority.passage_current(c)]
    hashes = {d.path: d.text_sha256 for d in corpus.documents}
    verifier = QuoteVerifier()
    entries = []
    for hand in answers:
        core, normalised = ask_of(hand.question)
        quotes = [
            LibraryQuote(chunk.document, text, hashes[chunk.document])
            for chunk, text in _found(hand.answer, chunks, verifier)
        ]
        entries.append(
            new_entry(
                kind="hint",
                question=hand.question,
                question_id=hand.question_id,
                questionnaire=questionnaire,
                core=core,
                normalised=normalised,
                verdict="",
                short_answer="",
                answer=hand.answer,
                quotes=quotes,
                reviewer="",
                at=at,
            )
        )
    return entries


def _found(
    answer: str, chunks: Sequence[Chunk], verifier: QuoteVerifier
) -> list[tuple[Chunk, str]]:
    """The passages ``answer`` puts in quotation marks, and its sentences, found
    literally in a passage, with the source's slice (each once)."""
    found: dict[str, tuple[Chunk, str]] = {}
    for candidate in _candidates(answer):
        if len(words(candidate)) < MIN_WORDS:
            continue
        for chunk in chunks:
            quote = verifier.verify(candidate, chunk).quote
            if quote is not None:
                found.setdefault(f"{chunk.document}\0{quote.text}", (chunk, quote.text))
                break
    return list(found.values())


# A passage in quotation marks: how a dossier's answered workbook (and many people)
# quote a document: '- “Access is reviewed quarterly.” (Access Control Policy)'.
_QUOTED = re.compile(r"“([^”]+)”|\"([^\"]+)\"")


def _candidates(answer: str) -> list[str]:
    quoted = [m.group(1) or m.group(2) for m in _QUOTED.finditer(answer)]
    sentences = [answer[start:end] for start, end in sentence_spans(answer)]
    return list(dict.fromkeys(quoted + sentences))


def import_hand_answers(
    answered: Path, corpus_dir: Path, chunking: ChunkSettings, columns: ColumnSettings, at: str
) -> list[Entry]:
    """The hint entries of a questionnaire answered by hand, its sentences looked
    up in the documents of ``corpus_dir`` in force at ``at``."""
    answers = read_hand_answers(answered, columns)
    corpus = ingest(scan_corpus(corpus_dir), chunking)
    if not corpus.documents:
        raise CorpusError(f"{corpus_dir}: no document could be read")
    authority = Authority.of(corpus, today=dt.date.fromisoformat(at[:10]))
    return hint_entries(answers, answered.name, corpus, authority, at)
