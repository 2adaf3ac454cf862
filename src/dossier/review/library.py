"""The answer library: what reviewers approved, edited and rejected, kept across questionnaires.

The library is one plain file, meant to be committed beside ``dossier.toml``
(``[library] path``, or ``--library FILE``). It is JSON Lines: the first line
names the format and its version, ``{"format": "dossier-library", "version": 1}``;
every other line is one entry, a JSON object with sorted keys, and the entries
are sorted (by core ask, then time, then id), so the file diffs well. An entry:

- ``id``: ``L`` and the first 12 hex digits of the SHA-256 of its content;
- ``kind``: ``approved`` | ``edited`` | ``rejected`` | ``hint`` (a hand answer
  imported from an earlier questionnaire: shown to the reviewer, never evidence);
- ``question``, ``question_id``, ``questionnaire``: the question as asked, and where;
- ``core``, ``normalised``: its core ask and normalised brief, when it was recorded;
- ``verdict``, ``short_answer``, ``answer``: the answer as the reviewer left it (for
  an edit, the reviewer's prose); for a rejection, the answer rejected;
- ``quotes``: ``[{document, text, text_sha256}]``, each quote and the SHA-256 of its
  document's extracted text when it was verified;
- ``reviewer``, ``at`` (UTC), ``reason`` (a rejection's, or an edit's);
- ``answer_sha256``: the fingerprint of the engine's answer that was judged;
- ``from_entry``: the entry the judged answer was proposed from, if any;
- ``withdraws``: for a rejection, the entries of the answer it rejected (they are
  no longer proposed).

A line that is not such an entry is an error naming the file and the line; the
library is then neither read nor written, so nothing in it is lost.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from dossier.common.atomic import write_atomic
from dossier.common.canonical import canonical_key
from dossier.errors import InputError
from dossier.output.serialise import read_dossier
from dossier.output.workbook import short_answer
from dossier.records import Answer, Dossier, Question, Quote, Review
from dossier.research.ask import core_ask
from dossier.research.brief import make_brief
from dossier.review.decisions import Decision

FORMAT = "dossier-library"
VERSION = 1
HEADER = {"format": FORMAT, "version": VERSION}
EntryKind = Literal["approved", "edited", "rejected", "hint"]
KINDS: tuple[EntryKind, ...] = ("approved", "edited", "rejected", "hint")
ANSWERS: tuple[EntryKind, ...] = ("approved", "edited")  # the kinds that may be proposed


class LibraryError(InputError):
    """The library file cannot be read (exit 2); it is left as it is."""


@dataclass(frozen=True)
class LibraryQuote:
    document: str  # path relative to the corpus root
    text: str  # the quoted text, as verified
    text_sha256: str  # of the document's extracted text it was verified in


@dataclass(frozen=True)
class Entry:
    id: str
    kind: EntryKind
    question: str
    question_id: str
    questionnaire: str
    core: str
    normalised: str
    verdict: str
    short_answer: str
    answer: str
    quotes: tuple[LibraryQuote, ...]
    reviewer: str
    at: str
    reason: str | None = None
    answer_sha256: str = ""
    from_entry: str | None = None
    withdraws: tuple[str, ...] = ()

    @property
    def date(self) -> str:
        return self.at[:10]


def entry_id(fields: Mapping[str, Any]) -> str:
    """``L`` and 12 hex digits of the SHA-256 of the entry's content (its id aside)."""
    content = {k: v for k, v in fields.items() if k != "id"}
    return "L" + canonical_key(content)[:12]


def new_entry(**fields: Any) -> Entry:
    """An entry with its id made from its content."""
    fields["quotes"] = tuple(fields.get("quotes", ()))
    fields["withdraws"] = tuple(fields.get("withdraws", ()))
    draft = Entry(id="", **fields)
    return dataclasses.replace(draft, id=entry_id(_row(draft)))


def ask_of(question: str) -> tuple[str, str]:
    """The core ask (the core of each part, joined) and the normalised brief."""
    brief = make_brief(Question("", question))
    parts = [core_ask(fact.text).core or fact.text for fact in brief.facts]
    return "; ".join(dict.fromkeys(parts)) or brief.core, brief.normalised


@dataclass(frozen=True)
class Library:
    path: Path
    entries: tuple[Entry, ...]

    def get(self, wanted: str) -> Entry:
        """The entry with this id, or the one whose id starts with ``wanted``."""
        found = [e for e in self.entries if e.id == wanted] or [
            e for e in self.entries if e.id.startswith(wanted) and wanted
        ]
        if not found:
            raise LibraryError(f"{self.path}: no entry with id {wanted!r}")
        if len(found) > 1:
            raise LibraryError(
                f"{self.path}: {len(found)} entries have ids starting {wanted!r}; "
                "give more of the id"
            )
        return found[0]

    def with_entries(self, entries: Iterable[Entry]) -> Library:
        """The library with these entries added (an entry already held is kept once)."""
        held = {e.id: e for e in self.entries}
        held.update((e.id, e) for e in entries)
        return dataclasses.replace(self, entries=_sorted(held.values()))

    def without(self, entry_id: str) -> Library:
        gone = self.get(entry_id)
        return dataclasses.replace(self, entries=tuple(e for e in self.entries if e is not gone))

    def withdrawn(self) -> set[str]:
        """Ids of the entries some rejection withdrew."""
        return {w for e in self.entries if e.kind == "rejected" for w in e.withdraws}


def _sorted(entries: Iterable[Entry]) -> tuple[Entry, ...]:
    return tuple(sorted(entries, key=lambda e: (e.core.lower(), e.at, e.id)))


def load_library(path: Path) -> Library:
    """The library in ``path``; a missing or empty file is an empty library."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Library(path, ())
    except UnicodeDecodeError as error:
        raise LibraryError(f"{path}: not UTF-8 text (byte {error.start})") from None
    except IsADirectoryError:
        raise LibraryError(f"{path}: is a folder, not a library file") from None
    lines = text.splitlines()
    if not any(line.strip() for line in lines):
        return Library(path, ())
    _check_header(path, lines[0])
    entries = [
        _parse_entry(path, number, line)
        for number, line in enumerate(lines[1:], start=2)
        if line.strip()
    ]
    return Library(path, _sorted(entries))


def _check_header(path: Path, line: str) -> None:
    try:
        header = json.loads(line)
    except json.JSONDecodeError:
        header = None
    if not isinstance(header, dict) or header.get("format") != FORMAT:
        raise LibraryError(
            f"{path}:1: not an answer library (the first line must be {json.dumps(HEADER)})"
        )
    if header.get("version") != VERSION:
        raise LibraryError(
            f"{path}:1: library format version {header.get('version')!r}; "
            f"this dossier reads version {VERSION}"
        )


_REQUIRED = ("id", "kind", "question", "reviewer", "at")


def _parse_entry(path: Path, number: int, line: str) -> Entry:
    """One line as an entry, or an error naming the line and what is wrong with it."""
    where = f"{path}:{number}"
    try:
        row = json.loads(line)
    except json.JSONDecodeError as error:
        raise LibraryError(f"{where}: not valid JSON ({error.msg})") from None
    if not isinstance(row, dict):
        raise LibraryError(f"{where}: an entry must be a JSON object")
    missing = [key for key in _REQUIRED if key not in row]
    if missing:
        raise LibraryError(f"{where}: entry without {', '.join(missing)}")
    not_text = [key for key in _REQUIRED if not isinstance(row[key], str)]
    if not_text:
        raise LibraryError(f"{where}: {', '.join(not_text)} must be text")
    if row["kind"] not in KINDS:
        raise LibraryError(f"{where}: unknown kind {row['kind']!r} ({', '.join(KINDS)})")
    try:
        quotes = tuple(LibraryQuote(**q) for q in row.get("quotes", []))
        fields = {k: v for k, v in row.items() if k not in ("quotes", "withdraws")}
        entry = Entry(**fields, quotes=quotes, withdraws=tuple(row.get("withdraws", [])))
    except TypeError as error:
        raise LibraryError(f"{where}: not a library entry ({error})") from None
    if entry.id != entry_id(row):  # its id is a hash of its content as written
        raise LibraryError(
            f"{where}: entry {entry.id} does not match its content (changed by hand?): an "
            "entry changes only through review; restore the line, or delete it"
        )
    return entry


def _row(entry: Entry) -> dict[str, Any]:
    row = dataclasses.asdict(entry)
    row["quotes"] = [dataclasses.asdict(q) for q in entry.quotes]
    row["withdraws"] = list(entry.withdraws)
    return row


def library_bytes(library: Library) -> bytes:
    lines = [json.dumps(HEADER, sort_keys=True)]
    lines += [json.dumps(_row(e), sort_keys=True, ensure_ascii=False) for e in library.entries]
    return ("\n".join(lines) + "\n").encode()


def save_library(library: Library) -> None:
    write_atomic(library.path, library_bytes(library))


@contextmanager
def library_lock(path: Path) -> Iterator[None]:
    """Hold the library's lock while it is read, changed and written back: two
    reviews writing one library wait for each other rather than lose an entry."""
    import fcntl

    path.parent.mkdir(parents=True, exist_ok=True)
    lock = path.with_name(f".{path.name}.lock")
    with lock.open("a+") as handle:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle.fileno(), fcntl.LOCK_UN)


def update_library(path: Path, entries: Sequence[Entry]) -> Library:
    """Add ``entries`` to the library in ``path``, under its lock."""
    with library_lock(path):
        library = load_library(path).with_entries(entries)
        if entries:
            save_library(library)
        return library


def remove_entry(path: Path, wanted: str) -> Entry:
    with library_lock(path):
        library = load_library(path)
        gone = library.get(wanted)
        save_library(library.without(gone.id))
        return gone


# -- entries from review decisions ---------------------------------------------------


def remember(path: Path, dossier: Dossier, decisions: Sequence[Decision]) -> list[Entry]:
    """Add an entry to the library in ``path`` for each review decision on an answer
    of ``dossier`` (the dossier as reviewed: an edit laid over its answer)."""
    answers = {a.question_id: a for a in dossier.answers}
    hashes = {d.path: d.text_sha256 for d in dossier.documents}
    with library_lock(path):
        library = load_library(path)
        entries = [
            _entry(dossier.questionnaire, answers[d.question_id], d, hashes, library)
            for d in decisions
            if d.question_id in answers
        ]
        if entries:
            save_library(library.with_entries(entries))
    return entries


def _entry(
    questionnaire: str,
    answer: Answer,
    decision: Decision,
    hashes: Mapping[str, str],
    library: Library,
) -> Entry:
    core, normalised = ask_of(answer.question)
    came_from = answer.library.entry if answer.library is not None else None
    kind: EntryKind = "approved"
    if decision.status in ("edited", "rejected"):
        kind = "edited" if decision.status == "edited" else "rejected"
    quotes = decision.edited_quotes or tuple(q for c in answer.claims for q in c.quotes)
    rejected = kind == "rejected"
    return new_entry(
        kind=kind,
        question=answer.question,
        question_id=answer.question_id,
        questionnaire=questionnaire,
        core=core,
        normalised=normalised,
        verdict=answer.verdict,
        short_answer=short_answer(dataclasses.replace(answer, review=Review(decision.status))),
        answer=own_prose(answer),
        quotes=() if rejected else _library_quotes(quotes, hashes),
        reviewer=decision.reviewer,
        at=decision.at,
        reason=decision.reason,
        answer_sha256=decision.answer_sha256,
        from_entry=came_from,
        withdraws=_withdrawn_by(answer, decision, questionnaire, library) if rejected else (),
    )


def _library_quotes(quotes: Iterable[Quote], hashes: Mapping[str, str]) -> list[LibraryQuote]:
    kept = {(q.document, q.text): None for q in quotes}  # each once, in order
    return [LibraryQuote(doc, text, hashes.get(doc, "")) for doc, text in kept]


def _withdrawn_by(
    answer: Answer, decision: Decision, questionnaire: str, library: Library
) -> tuple[str, ...]:
    """The entries a rejection withdraws: the one the rejected answer was proposed
    from, and those recorded from the very answer it rejects."""
    came_from = answer.library.entry if answer.library is not None else None
    return tuple(
        e.id
        for e in library.entries
        if e.kind in ANSWERS
        and (
            e.id == came_from
            or (
                e.answer_sha256 == decision.answer_sha256
                and e.questionnaire == questionnaire
                and e.question_id == answer.question_id
            )
        )
    )


def library_for(out: Path, given: Path | None, configured: Path | None) -> Path | None:
    """The library a review of ``out`` writes to: ``--library``, else ``[library] path``
    of dossier.toml, else the library the build of ``out`` read (None: no library)."""
    if given is not None or configured is not None:
        return given or configured
    recorded = read_dossier(out).build.library
    return Path(recorded) if recorded else None


def own_prose(answer: Answer) -> str:
    """The answer's prose without the library's provenance line, if it has one."""
    if answer.library is None:
        return answer.answer
    line = "\n" + answer.library.provenance
    return answer.answer[: -len(line)] if answer.answer.endswith(line) else answer.answer


def summary_line(entry: Entry) -> str:
    """One line of ``dossier library list``."""
    question = " ".join(entry.question.split())
    question = question if len(question) <= 70 else question[:69] + "…"
    who = entry.reviewer or "hand answer"
    said = f" [{entry.short_answer}]" if entry.short_answer else ""
    return (
        f"{entry.id}  {entry.kind:<8} {entry.date}  {who} ({entry.questionnaire}){said}  {question}"
    )


def describe(entry: Entry) -> list[str]:
    """The lines of ``dossier library show ID``."""
    lines = [
        f"{entry.id}: {entry.kind} by {entry.reviewer or 'hand'} at {entry.at} "
        f"for {entry.questionnaire} ({entry.question_id})",
        f"Question: {' '.join(entry.question.split())}",
        f"Core ask: {entry.core}",
    ]
    if entry.short_answer:
        lines.append(f"Short answer: {entry.short_answer}")
    if entry.reason:
        lines.append(f"Reason: {entry.reason}")
    lines.append("Answer:")
    lines += [f"  {line}" for line in entry.answer.splitlines()]
    for quote in entry.quotes:
        lines.append(f"Quote from {quote.document} (text sha256 {quote.text_sha256[:12]}):")
        lines.append(f"  “{' '.join(quote.text.split())}”")
    if entry.withdraws:
        lines.append(f"Withdraws: {', '.join(entry.withdraws)}")
    if entry.from_entry:
        lines.append(f"Proposed from: {entry.from_entry}")
    return lines
