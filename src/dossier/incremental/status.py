"""`dossier status`: what the next build would redo and why, like `make -n`.

It reads the corpus, the questionnaire, the cache and the review decisions, and
writes nothing: no cache entry, no lock, no index. It needs no embedding model,
so an answer whose stored evidence is untouched by the corpus changes is
reported "to re-check" (its searches are re-run by the build, and it is reused
if they retrieve the same evidence) rather than guessed either way.

For each review decision it says what the build would do to it: it *holds*
(its answer is reused, or it is an edit whose quotes are still in their
documents), it *would lapse* (a quoted passage is no longer in its document, a
quoted document is gone or its authority changed, the question changed), or it
*may lapse* (the answer is recomputed: the decision holds only if the answer
comes out as judged, which only the build can tell).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

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
from dossier.index.dense import SURFACED
from dossier.index.embed import MODEL_NAME
from dossier.index.hybrid import embedding_text
from dossier.index.vectors import read_shard
from dossier.ingest.authority import Authority
from dossier.ingest.files import scan_corpus
from dossier.ingest.questionnaire import read_questionnaire
from dossier.records import Corpus, Question
from dossier.research.brief import make_brief
from dossier.review.decisions import Decision, authorities, load_decisions

HOLDS, WOULD_LAPSE, MAY_LAPSE = "holds", "would lapse", "may lapse"


@dataclass(frozen=True)
class Plan:
    changes: CorpusChanges
    to_read: tuple[str, ...]  # documents the build would read and cut afresh
    passages: int
    to_embed: int  # passages whose text has no stored vector (all passages embedded)
    answers: tuple[
        tuple[str, str, str], ...
    ]  # (question id, "recompute"/"re-check"/"up to date", why)
    # (question id, HOLDS / WOULD_LAPSE / MAY_LAPSE, why), per decision that holds now
    decisions: tuple[tuple[str, str, str], ...] = ()
    surfaced: bool = False  # only passages searches surface have vectors: none at indexing

    def lines(self) -> list[str]:
        c = self.changes
        lines = [f"Documents: {c.summary()}"]
        for word, paths in (("added", c.added), ("changed", c.changed), ("removed", c.removed)):
            lines += [f"  {word:<8} {p}" for p in paths]
        if self.to_read:
            lines.append(f"  to read and cut: {', '.join(self.to_read)}")
        if self.surfaced:
            lines.append(
                f"Passages: {self.passages}, embedded when a search first surfaces them"
                " ([retrieval] dense_scope)"
            )
        else:
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
        return lines + self._decision_lines()

    def _decision_lines(self) -> list[str]:
        if not self.decisions:
            return []
        by = {k: [d for d in self.decisions if d[1] == k] for k in (WOULD_LAPSE, MAY_LAPSE, HOLDS)}
        lines = [
            f"Review decisions: {len(by[WOULD_LAPSE])} would lapse, {len(by[MAY_LAPSE])} may "
            f"lapse (kept only if the recomputed answer comes out as judged), "
            f"{len(by[HOLDS])} hold"
        ]
        lines += [f"  {qid}: would lapse: {why}" for qid, _, why in by[WOULD_LAPSE]]
        if by[MAY_LAPSE]:
            lines.append(f"  may lapse: {', '.join(qid for qid, _, _ in by[MAY_LAPSE])}")
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
    engine = canonical_key(config.fingerprint(len(corpus.chunks)))
    surfaced = config.dense_scope(len(corpus.chunks)) == SURFACED
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
            rows.append((question.question_id, "re-check", _recheck(touched)))
        else:
            rows.append((question.question_id, "up to date", "brief and evidence unchanged"))
    return Plan(
        changes,
        tuple(read),
        len(texts),
        0 if surfaced else sum(text_hash_full(t) not in stored for t in set(texts)),
        tuple(rows),
        predict_decisions(load_decisions(config.out), rows, questions, corpus),
        surfaced,
    )


def _recheck(touched: set[str]) -> str:
    listed = ", ".join(sorted(touched)[:3]) + (" ..." if len(touched) > 3 else "")
    return (
        f"documents it does not cite changed ({listed}); its searches are re-run, and it is "
        "reused if they retrieve the same evidence"
    )


def predict_decisions(
    decisions: Mapping[str, Decision],
    rows: Sequence[tuple[str, str, str]],
    questions: Sequence[Question],
    corpus: Corpus,
) -> tuple[tuple[str, str, str], ...]:
    """What the build would do to each decision that holds now (see the module)."""
    texts = {d.path: " ".join(d.text.split()) for d in corpus.documents}
    authority = authorities(corpus.documents)
    asked = {q.question_id: " ".join(q.question.split()) for q in questions}
    predicted = []
    for qid, what, why in rows:
        decision = decisions.get(qid)
        if decision is None or decision.lapsed is not None:
            continue
        lapses = _would_lapse(decision, asked.get(qid, ""), texts, authority)
        if lapses:
            predicted.append((qid, WOULD_LAPSE, lapses))
        elif what == "up to date" or decision.status == "edited":
            predicted.append((qid, HOLDS, "what was judged is unchanged"))
        else:
            predicted.append((qid, MAY_LAPSE, f"{what}: {why}"))
    return tuple(predicted)


def _would_lapse(
    decision: Decision,
    question: str,
    texts: Mapping[str, str],
    authority: Mapping[str, Any],
) -> str:
    """Why the decision cannot hold after the build, or "" when it may."""
    judged = decision.judged
    if judged is None:
        return ""
    if "question" in judged and judged["question"] != question:
        return "the question changed"
    for quote in judged["quotes"] if "edit" in judged else _judged_quotes(judged):
        document = quote["document"]
        if document not in texts:
            return f"a quoted document was removed: {document}"
        if quote["text"] not in texts[document]:
            return f"a quoted passage is no longer in {document}: “{quote['text'][:60]}”"
        if quote["authority"] != authority.get(document):
            return f"the authority of {document} changed"
    return ""


def _judged_quotes(judged: Mapping[str, Any]) -> list[dict[str, Any]]:
    return [q for claim in judged["claims"] for q in claim["quotes"]]


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
    """The text hashes the vector store holds, in shards that match the hash kept
    with them (a build discards the others and embeds their texts again)."""
    model = hashlib.sha256(model_name.encode()).hexdigest()[:12]
    folder = config.out / "cache" / "vectors" / model
    keys: set[str] = set()
    for listing in sorted(folder.glob("*.json")) if folder.exists() else []:
        shard = read_shard(listing)
        if isinstance(shard, tuple):
            keys.update(shard[0])
    return keys
