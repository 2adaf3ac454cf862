"""Score a built dossier against a labels file (the format of shared/eval).

Independent of the build: quotes are re-checked against the raw documents
read afresh, so a bug in the build's verifier cannot hide behind itself.
"""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dossier.errors import InputError

_ALNUM = re.compile(r"[a-z0-9]+")


@dataclass(frozen=True)
class Label:
    question_id: str
    answerable: bool
    documents: tuple[str, ...]
    anchors: tuple[str, ...]


@dataclass(frozen=True)
class Scores:
    answer_recall: float  # answerable, grounded, and quotes cover a labelled anchor
    correct_abstention: float  # not answerable, and not grounded
    precision: float  # grounded answers that count in recall
    grounding: float  # quotes found in their cited document (whitespace folded)
    median_quoted_chars: float  # per grounded answer
    answerable: int
    unanswerable: int
    missed: tuple[str, ...]  # answerable questions not answered with an anchor
    wrongly_grounded: tuple[str, ...]  # unanswerable questions answered


def load_labels(path: Path) -> dict[str, Label]:
    labels = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        raise InputError(f"{path}: cannot read labels ({error.strerror})") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
            label = Label(
                row["id"], bool(row["answerable"]), tuple(row["documents"]), tuple(row["anchors"])
            )
        except (json.JSONDecodeError, KeyError, TypeError) as error:
            raise InputError(f"{path}:{number}: not a label line ({error})") from None
        labels[label.question_id] = label
    return labels


def fold(text: str) -> str:
    return " ".join(text.split()).lower()


def anchor_covered(anchor: str, quoted: str) -> bool:
    """Substring after folding, or 80% of the anchor's words among the quotes' words."""
    if fold(anchor) in fold(quoted):
        return True
    words = _ALNUM.findall(anchor.lower())
    present = set(_ALNUM.findall(quoted.lower()))
    return bool(words) and sum(w in present for w in words) >= 0.8 * len(words)


def score(
    dossier: Mapping[str, Any], labels: Mapping[str, Label], raw_texts: Mapping[str, str]
) -> Scores:
    hits, abstained, grounded_ids, quote_checks, quoted_chars = [], [], [], [], []
    missed, wrongly = [], []
    for answer in dossier["answers"]:
        label = labels.get(answer["question_id"])
        if label is None:
            continue
        quotes = [q for claim in answer["claims"] for q in claim["quotes"]]
        grounded = answer["verdict"] == "grounded"
        quote_checks += [fold(q["text"]) in fold(raw_texts.get(q["document"], "")) for q in quotes]
        joined = " ".join(q["text"] for q in quotes)
        hit = grounded and any(anchor_covered(a, joined) for a in label.anchors)
        if grounded:
            grounded_ids.append(hit)
            quoted_chars.append(sum(len(q["text"]) for q in quotes))
        if label.answerable:
            hits.append(hit)
            if not hit:
                missed.append(label.question_id)
        else:
            abstained.append(not grounded)
            if grounded:
                wrongly.append(label.question_id)
    return Scores(
        answer_recall=_share(hits),
        correct_abstention=_share(abstained),
        precision=_share(grounded_ids),
        grounding=_share(quote_checks) if quote_checks else 1.0,
        median_quoted_chars=statistics.median(quoted_chars) if quoted_chars else 0.0,
        answerable=len(hits),
        unanswerable=len(abstained),
        missed=tuple(missed),
        wrongly_grounded=tuple(wrongly),
    )


def _share(flags: list[bool]) -> float:
    return sum(flags) / len(flags) if flags else 0.0


def read_raw_texts(corpus: Path) -> dict[str, str]:
    """Each document's text read afresh: the file's text, or pdfplumber's for a PDF."""
    import pdfplumber

    texts = {}
    for path in sorted(corpus.rglob("*")):
        if not path.is_file():
            continue
        relative = path.relative_to(corpus).as_posix()
        if path.suffix.lower() == ".pdf":
            try:
                with pdfplumber.open(path) as pdf:
                    texts[relative] = "\n\n".join(page.extract_text() or "" for page in pdf.pages)
            except Exception:  # an unreadable PDF cannot be cited anyway
                continue
        else:
            texts[relative] = path.read_text(encoding="utf-8", errors="replace")
    return texts
