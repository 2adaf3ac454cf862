"""Every build's dossier, kept: ``<out>/history/<sha256>.json`` (the exact bytes
of that build's ``dossier.json``) and ``<out>/history/index.json``, the builds
in order. ``diff`` says what moved between two of them, and why; ``up_to_date``
says whether the dossier already in the output folder says what a build made."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dossier.common.atomic import write_atomic
from dossier.errors import DossierError, InputError
from dossier.output.manifest import MANIFEST
from dossier.output.serialise import from_json, to_json
from dossier.records import Answer, Document, Dossier, LapseCause
from dossier.review.decisions import CAUSE_WORDS, authorities, changes, judged_answer

HISTORY_DIR = "history"
INDEX_FILE = "index.json"


# What differs between two builds of the same inputs: when and how fast they
# ran, and what each took from the cache.
# What one build did to the review and the signature, and the cache entries it
# discarded, are events of that build too.
PROVENANCE = (
    "started_at",
    "finished_at",
    "stage_seconds",
    "reused",
    "recomputed",
    "answer_cache",
    "review_changes",
    "cache_discarded",
    "model_calls",  # what this build asked a model: none when every answer is reused
)
# A dossier is up to date only with its PDF laid out (a review decision removes it).
LAID_OUT = "dossier.pdf"


def comparable(record: dict[str, Any]) -> dict[str, Any]:
    """A ``dossier.json`` record without its build provenance: two builds of the
    same inputs (cold, incremental, resumed after a crash, any --jobs) are equal."""
    build = {k: v for k, v in record["build"].items() if k not in PROVENANCE}
    return {**record, "build": build}


@dataclass(frozen=True)
class Standing:
    """The dossier already in an output folder, whose record says what a build's
    says (build provenance aside), its artefacts, and those of them whose bytes are
    no longer the ones its manifest lists (``altered``: edited by hand, or gone)."""

    dossier: Dossier
    paths: dict[str, Path]
    listed: dict[str, str]  # the manifest's artefacts: name -> SHA-256
    altered: tuple[str, ...]


def standing(dossier: Dossier, out: Path) -> Standing | None:
    """The dossier in ``out`` when it says exactly what ``dossier`` says and its PDF
    is laid out (a review decision removes it); otherwise None."""
    try:
        previous = json.loads((out / "dossier.json").read_text(encoding="utf-8"))
        manifest = json.loads((out / MANIFEST).read_text(encoding="utf-8"))
        if comparable(previous) != comparable(to_json(dossier)):
            return None
        listed = {str(name): str(digest) for name, digest in manifest["artefacts"].items()}
        if LAID_OUT not in listed:
            return None
        paths = {name: out / name for name in listed}
        altered = tuple(n for n, digest in listed.items() if _sha256(paths[n]) != digest)
        return Standing(from_json(previous), {**paths, MANIFEST: out / MANIFEST}, listed, altered)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def _sha256(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except FileNotFoundError:
        return None


def up_to_date(dossier: Dossier, out: Path) -> tuple[Dossier, dict[str, Path]] | None:
    """The dossier already in ``out`` and its artefacts, when it says exactly what
    ``dossier`` says (build provenance aside: times, timings, cache notes) and no
    artefact was changed since it was written; otherwise None."""
    found = standing(dossier, out)
    if found is None or found.altered:
        return None
    return found.dossier, found.paths


def restore(found: Standing, out: Path) -> bool:
    """Write again, from the record, each altered artefact of the dossier's own
    (``dossier.json``, ``dossier.md``, ``dossier.pdf``), when each renders to the
    very bytes the manifest lists: the folder is then as it was written, and a
    signature of it holds again. False, writing nothing, when one does not (or is
    an answered workbook or ``review.json``, which are not rendered from the
    record alone)."""
    from dossier.output.render import PDF, rendered

    files = rendered(found.dossier, lay_out_pdf=PDF in found.altered)
    if not set(found.altered) <= set(files):
        return False
    again = {name: files[name] for name in found.altered}
    if any(hashlib.sha256(data).hexdigest() != found.listed[n] for n, data in again.items()):
        return False
    for name, data in again.items():
        write_atomic(out / name, data)
    return True


def record_history(out: Path, data: bytes, dossier: Dossier, ledger: str) -> Path:
    """Keep this build's dossier by content, then list it: the listing is written
    last, so it never names a missing file."""
    digest = hashlib.sha256(data).hexdigest()
    folder = out / HISTORY_DIR
    path = folder / f"{digest}.json"
    if not path.exists():
        write_atomic(path, data)
    builds = list_builds(out)
    builds.append(
        {
            "sha256": digest,
            "started_at": dossier.build.started_at,
            "finished_at": dossier.build.finished_at,
            "questions": dossier.build.questions,
            "reused": dossier.build.reused,
            "recomputed": dossier.build.recomputed,
            "ledger": ledger,
        }
    )
    write_atomic(folder / INDEX_FILE, (json.dumps(builds, indent=2) + "\n").encode())
    return path


def list_builds(out: Path) -> list[dict[str, Any]]:
    path = out / HISTORY_DIR / INDEX_FILE
    try:
        builds: list[dict[str, Any]] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except ValueError as error:
        raise InputError(f"{path}: cannot be read ({error})") from None
    return builds


def load_build(out: Path, name: str | None, default: int) -> tuple[str, Dossier]:
    """A build by a sha256 prefix from the history, a path to a dossier.json, or
    (``name`` None) by its place in the history (-1 the latest, -2 the one before)."""
    if name is not None and Path(name).is_file():
        return name, _read(Path(name))
    builds = list_builds(out)
    if name is None:
        if not out.is_dir():
            raise InputError(f"{out}: no such output folder (no dossier has been built there)")
        if len(builds) < -default:
            raise InputError(
                f"{out}: {len(builds)} build(s) in the history; comparing needs {-default} "
                "(build again after a change, or name a dossier.json)"
            )
        chosen = builds[default]
    else:
        matches = {b["sha256"] for b in builds if b["sha256"].startswith(name.lower())}
        if len(matches) != 1:
            found = "no build" if not matches else "several builds"
            raise InputError(f"{out}: {found} in the history match '{name}'")
        chosen = next(b for b in reversed(builds) if b["sha256"] in matches)
    label = f"{chosen['finished_at']} ({chosen['sha256'][:12]})"
    return label, _read(out / HISTORY_DIR / f"{chosen['sha256']}.json", chosen["sha256"])


def _read(path: Path, sha256: str | None = None) -> Dossier:
    """A dossier.json; a kept build's (``sha256``: the hash it is named by) only when
    its bytes still are that build's: a history file edited since would have ``diff``
    report changes no build made."""
    try:
        data = path.read_bytes()
    except OSError as error:
        raise InputError(f"{path}: not a dossier this version can read ({error})") from None
    if sha256 is not None and hashlib.sha256(data).hexdigest() != sha256:
        raise DossierError(
            f"{path}: altered since its build wrote it (its SHA-256 is not the one it is "
            "named by); compare with a dossier.json you trust instead"
        )
    try:
        return from_json(json.loads(data.decode("utf-8")))
    except (ValueError, KeyError, TypeError) as error:
        raise InputError(f"{path}: not a dossier this version can read ({error})") from None


def diff_dossiers(old: Dossier, new: Dossier) -> list[str]:
    """What moved from ``old`` to ``new``: documents, then answers, each with why."""
    lines = []
    before = {d.path: d for d in old.documents}
    after = {d.path: d for d in new.documents}
    added = sorted(set(after) - set(before))
    removed = sorted(set(before) - set(after))
    changed = sorted(p for p in after if p in before and after[p].sha256 != before[p].sha256)
    same_text = {p: _same_text(before[p], after[p]) for p in changed}
    retagged = {p: what for p, what in same_text.items() if what is not None}
    changed = [p for p in changed if p not in retagged]
    authority = sorted(
        p
        for p in after
        if p in before
        and (after[p].status, after[p].supersedes) != (before[p].status, before[p].supersedes)
    )
    for word, paths in (("added", added), ("changed", changed), ("removed", removed)):
        lines += [f"document {word}: {p}" for p in paths]
    lines += [f"document changed, its text the same: {p}{what}" for p, what in retagged.items()]
    lines += [f"document status changed: {p} ({after[p].status or 'current'})" for p in authority]
    superseded = {old_path for d in new.documents for old_path in d.supersedes} | {
        d.path for d in new.documents if d.status in ("superseded", "archived", "draft")
    }
    old_answers = {a.question_id: a for a in old.answers}
    new_answers = {a.question_id: a for a in new.answers}
    judged = (authorities(old.documents), authorities(new.documents))
    moved = shifted = 0
    for qid, answer in new_answers.items():
        previous = old_answers.get(qid)
        if previous is None:
            lines.append(f"{qid}: new question")
            continue
        if _newly_edited(previous, answer):  # the reviewer's words, not a new answer
            review = answer.review
            lines.append(f"{qid}: edited by {review.reviewer} at {review.at} (a review decision)")
            continue
        what = _what_changed(previous, answer, judged)
        if not what:
            if _offsets(previous) != _offsets(answer):
                shifted += 1
                lines.append(f"{qid}: same answer; quotes moved within their documents")
            continue
        moved += 1
        touched = Touched(set(changed) | set(added), retagged)
        why = _why(previous, answer, touched, set(removed), superseded)
        why = why or _recorded_why(old, new, qid)
        lines.append(f"{qid}: {'; '.join(what)} — why: {why}")
    lines += [f"{qid}: question removed" for qid in old_answers if qid not in new_answers]
    documents = len(added) + len(changed) + len(retagged) + len(removed)
    lines.append(
        f"{moved} of {len(new_answers)} answers changed as a reviewer judges them (their review "
        f"decisions lapse); {shifted} the same with quotes moved; "
        f"{documents} document{'' if documents == 1 else 's'} changed"
    )
    return lines


def _newly_edited(old: Answer, new: Answer) -> bool:
    """Whether a reviewer's edit, decided between the two builds and still holding,
    is what separates the answers: its prose is the reviewer's words, so comparing
    it with the engine's would count the edit as a change whose decision lapses."""
    return new.review.status == "edited" and (old.review.status, old.review.at) != (
        "edited",
        new.review.at,
    )


def _recorded_why(old: Dossier, new: Dossier, question_id: str) -> str:
    """Why the later of the two builds recomputed the answer, as its ledger says;
    read backwards (``new`` built first), it is named as the later build's."""
    later = new if new.build.started_at >= old.build.started_at else old
    recorded = later.build.answer_cache.get(question_id, "").partition(": ")[2]
    if not recorded:
        return "unknown"
    return recorded if later is new else f"the later build recorded: {recorded}"


def _offsets(answer: Answer) -> list[tuple[str, int, int]]:
    return [(q.document, q.start, q.end) for c in answer.claims for q in c.quotes]


def _cited(answer: Answer) -> set[str]:
    return {q.document for c in answer.claims for q in c.quotes}


def _what_changed(
    old: Answer, new: Answer, authority: tuple[Mapping[str, Any], Mapping[str, Any]]
) -> list[str]:
    """What changed of what a reviewer judges (``review.decisions``): the same
    comparison decides whether a review decision lapses. Offsets that moved with
    an edit above a quote are not a change."""
    before, after = judged_answer(old, authority[0]), judged_answer(new, authority[1])
    if before == after:
        return []
    what = []
    gained, lost = sorted(_cited(new) - _cited(old)), sorted(_cited(old) - _cited(new))
    for cause, detail in changes(before, after):
        if cause is LapseCause.QUOTES and (gained or lost):
            cited = ", ".join([f"+{p}" for p in gained] + [f"−{p}" for p in lost])
            what.append(f"citations {cited}")
        else:
            what.append(CAUSE_WORDS[cause] + (f" ({detail})" if detail else ""))
    return what


@dataclass(frozen=True)
class Touched:
    """The documents that changed between two builds: in their text, or not in their
    text (by path, its new effective date in words, or "")."""

    text: set[str]
    front_matter: dict[str, str]


def _same_text(before: Document, after: Document) -> str | None:
    """For a file that changed while its text did not (its front matter, or only its
    bytes: a PDF saved again), its new effective date in words (" (effective date
    A → B)") or ""; None when its text changed."""
    if before.text_sha256 != after.text_sha256:
        return None
    if before.effective_date != after.effective_date:
        dates = (before.effective_date or "none", after.effective_date or "none")
        return " (effective date {} → {})".format(*dates)
    return ""


def _why(
    old: Answer, new: Answer, touched: Touched, removed: set[str], superseded: set[str]
) -> str:
    reasons = []
    if " ".join(old.question.split()) != " ".join(new.question.split()):
        reasons.append("changed question")
    gone = sorted(_cited(old) & removed)
    if gone:
        reasons.append(f"document removed: {', '.join(gone)}")
    stale = sorted(_cited(old) & superseded)
    if stale:
        reasons.append(f"superseded document: {', '.join(stale)}")
    cited = _cited(new) | _cited(old)
    fresh = sorted(cited & touched.text)
    if fresh:
        reasons.append(f"new evidence in {', '.join(fresh)}")
    reasons += [
        f"{p} changed, its text the same{touched.front_matter[p]}"
        for p in sorted(cited & set(touched.front_matter))
    ]
    return "; ".join(reasons)
