"""`dossier status`: what the next build would redo and why, like `make -n`.

It reads the corpus, the questionnaire and the cache, and writes nothing: no
cache entry, no lock, no index. It needs no embedding model, so an answer whose
stored evidence is untouched by the corpus changes is reported "to re-check"
(its searches are re-run by the build, and it is reused if they retrieve the
same evidence) rather than guessed either way.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass

from dossier.common.canonical import canonical_key
from dossier.config import Config
from dossier.incremental.cache import (
    AnswerCache,
    AnswerInputs,
    CorpusChanges,
    DocumentCache,
    corpus_changes,
    key_change,
    previous_listing,
)
from dossier.index.embed import MODEL_NAME
from dossier.index.hybrid import embedding_text
from dossier.ingest.authority import Authority
from dossier.ingest.files import scan_corpus
from dossier.ingest.questionnaire import read_questionnaire
from dossier.research.brief import make_brief


@dataclass(frozen=True)
class Plan:
    changes: CorpusChanges
    to_read: tuple[str, ...]  # documents the build would read and cut afresh
    passages: int
    to_embed: int  # passages whose text has no stored vector
    answers: tuple[
        tuple[str, str, str], ...
    ]  # (question id, "recompute"/"re-check"/"up to date", why)

    def lines(self) -> list[str]:
        c = self.changes
        lines = [f"Documents: {c.summary()}"]
        for word, paths in (("added", c.added), ("changed", c.changed), ("removed", c.removed)):
            lines += [f"  {word:<8} {p}" for p in paths]
        if self.to_read:
            lines.append(f"  to read and cut: {', '.join(self.to_read)}")
        lines.append(f"Passages: {self.passages}, {self.to_embed} to embed")
        counts = {k: sum(a[1] == k for a in self.answers) for k in ("recompute", "re-check")}
        up = len(self.answers) - counts["recompute"] - counts["re-check"]
        lines.append(
            f"Answers: {counts['recompute']} to recompute, {counts['re-check']} to re-check "
            f"by retrieval, {up} up to date"
        )
        lines += [
            f"  {qid}: {what}: {why}" for qid, what, why in self.answers if what != "up to date"
        ]
        return lines


def plan_build(config: Config, model_name: str = MODEL_NAME) -> Plan:
    """What a build of ``config`` would redo; ``model_name`` names the embedder
    whose stored vectors count (the model itself is not loaded)."""
    questions = read_questionnaire(config.questions, config.questionnaire, [])
    cache_dir = config.out / "cache"
    files = scan_corpus(config.corpus, leave_out=config.out)
    corpus, read = DocumentCache(cache_dir, read_only=True).ingest(files, config.chunking)
    listing = {d.path: d.sha256 for d in corpus.documents}
    changes = corpus_changes(previous_listing(config.out), listing, read)
    titles = {d.path: d.title for d in corpus.documents}
    texts = [embedding_text(c, titles[c.document]) for c in corpus.chunks]
    stored = _stored_vector_keys(config, model_name)
    authority = Authority.of(corpus, today=dt.datetime.now(dt.UTC).date())
    engine = canonical_key(config.fingerprint())
    answers = AnswerCache(cache_dir)
    touched = set(changes.added) | set(changes.changed) | set(changes.removed)
    rows = []
    for question in questions:
        brief = make_brief(question).normalised
        previous = answers.previous(question.question_id)
        if previous is None:
            rows.append((question.question_id, "recompute", "new question"))
            continue
        changed = key_change(previous, AnswerInputs(brief, previous.evidence, engine))
        why = (
            changed.message
            if changed is not None
            else _evidence_touched(previous.evidence, touched, set(listing), authority)
        )
        if why:
            rows.append((question.question_id, "recompute", why))
        elif touched:
            rows.append((question.question_id, "re-check", f"{changes.summary()}; searches re-run"))
        else:
            rows.append((question.question_id, "up to date", "brief and evidence unchanged"))
    return Plan(
        changes,
        tuple(read),
        len(texts),
        sum(text_hash_full(t) not in stored for t in set(texts)),
        tuple(rows),
    )


def _evidence_touched(
    evidence: dict[str, object], touched: set[str], present: set[str], authority: Authority
) -> str:
    documents: dict[str, dict[str, object]] = evidence["documents"]  # type: ignore[assignment]
    removed = sorted(p for p in documents if p not in present)
    if removed:
        return f"document removed: {', '.join(removed)}"
    edited = sorted(p for p in documents if p in touched)
    if edited:
        return f"evidence document changed: {', '.join(edited)}"
    moved = sorted(p for p, row in documents.items() if row["not_current"] != authority.reason(p))
    if moved:
        return f"document authority changed: {', '.join(moved)}"
    return ""


def text_hash_full(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def _stored_vector_keys(config: Config, model_name: str) -> set[str]:
    """The text hashes the vector store holds (its listings only; no vectors loaded)."""
    model = hashlib.sha256(model_name.encode()).hexdigest()[:12]
    folder = config.out / "cache" / "vectors" / model
    keys: set[str] = set()
    for listing in sorted(folder.glob("*.json")) if folder.exists() else []:
        if listing.with_suffix(".npy").exists():
            keys.update(json.loads(listing.read_text()))
    return keys
