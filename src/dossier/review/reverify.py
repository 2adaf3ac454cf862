"""What ``sign`` and ``verify`` check beyond hashes: the quotes against the corpus, the
record against the review decisions, and the Markdown against the record.

A hash proves a file is the one signed, not that what it says is true. So:

- every quote of ``dossier.json`` is looked up in the corpus documents the record
  names, read afresh (a PDF's text extracted again), each document first checked
  against the SHA-256 the record gives it: a document changed since the build,
  or a quote that is not its document's text at its offsets, is named;
- the record's answers and their reviews must be what the engine's answers and
  ``review.json``'s decisions make (``reviewed_dossier``): an answer edited in
  ``dossier.json`` after a person decided on it is no longer the one decided on;
- ``dossier.md`` must be what ``dossier.json`` renders to (``markdown_problem``).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from dossier.errors import UnreadableDocument
from dossier.ingest.files import read_document
from dossier.output.render import render_markdown
from dossier.output.serialise import read_dossier, to_json
from dossier.records import Document, Dossier, SourceFile
from dossier.review.decisions import apply_decisions, engine_view, load_decisions

MARKDOWN = "dossier.md"


def corpus_problems(dossier: Dossier, corpus: Path) -> list[str]:
    """Each quote of the dossier that its document, read now from ``corpus``, does not
    hold at the quote's offsets, and each cited document that changed since the build
    (named once; its quotes are not looked at)."""
    if not corpus.is_dir():
        return [f"{corpus}: no corpus folder there (pass --corpus: the folder the build read)"]
    recorded = {document.path: document for document in dossier.documents}
    cited = dict.fromkeys(q.document for a in dossier.answers for c in a.claims for q in c.quotes)
    texts: dict[str, str] = {}
    problems: list[str] = []
    for path in cited:
        read = _document_text(corpus, path, recorded.get(path))
        if isinstance(read, tuple):
            problems.append(read[0])
        else:
            texts[path] = read
    for answer in dossier.answers:
        for c, claim in enumerate(answer.claims, 1):
            for q, quote in enumerate(claim.quotes, 1):
                text = texts.get(quote.document)
                if text is not None and text[quote.start : quote.end] != quote.text:
                    problems.append(
                        f"{answer.question_id}: quote {q} of statement {c} is not the text of "
                        f"{quote.document} at {quote.start}–{quote.end}"
                    )
    return problems


def _document_text(corpus: Path, path: str, recorded: Document | None) -> str | tuple[str]:
    """The document's text as the build extracted it, read again now; or (why not,)."""
    if recorded is None:
        return (f"{path}: quoted, but not among the dossier's documents",)
    file = corpus / path
    if corpus.resolve() not in file.resolve().parents:
        return (f"{path}: leads outside the corpus folder {corpus}",)
    try:
        data = file.read_bytes()
    except FileNotFoundError:
        return (f"{path}: not in the corpus folder {corpus}",)
    except OSError as error:
        return (f"{path}: cannot be read ({error.strerror})",)
    digest = hashlib.sha256(data).hexdigest()
    if digest != recorded.sha256:
        return (
            f"{path}: changed since the build (sha256 {digest[:12]}…, the dossier names "
            f"{recorded.sha256[:12]}…); build, review and sign again",
        )
    try:
        document = read_document(SourceFile(path, data, digest))
    except UnreadableDocument as error:
        return (f"{path}: cannot be read as the build read it ({error})",)
    if document.text_sha256 != recorded.text_sha256:
        return (f"{path}: its text, extracted now, is not the text the build recorded",)
    return document.text


def reviewed_dossier(out: Path) -> tuple[Dossier, list[str]]:
    """``dossier.json`` as the engine's answers and ``review.json``'s decisions make
    it, and how the file differs from that (answers named)."""
    written = read_dossier(out)
    decisions = load_decisions(out)
    reviewed = apply_decisions(engine_view(written, decisions), decisions)
    if to_json(reviewed) == to_json(written):
        return reviewed, []
    before = {a.question_id: a for a in written.answers}
    differ = [a.question_id for a in reviewed.answers if a != before.get(a.question_id)]
    where = ", ".join(differ[:8]) + (" ..." if len(differ) > 8 else "")
    problem = (
        f"dossier.json: {where or 'the record'} not what the engine's answers and review.json's "
        "decisions make (edited after review?)"
    )
    return reviewed, [problem]


def markdown_problem(out: Path, dossier: Dossier) -> str | None:
    """Why ``dossier.md`` is not what ``dossier`` renders to, or None."""
    try:
        written = (out / MARKDOWN).read_bytes()
    except OSError:
        return f"{MARKDOWN}: missing"
    if written != render_markdown(dossier).encode():
        return f"{MARKDOWN}: not what dossier.json renders to (edited after it was rendered)"
    return None
