"""Score a built dossier against a labels file (the format of shared/eval).

Independent of the build: quotes are re-checked against the raw documents
read afresh, so a bug in the build's verifier cannot hide behind itself.
"""

from __future__ import annotations

import json
import re
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from dossier.errors import InputError
from dossier.records import Document
from dossier.steps import SearchStep, Step, VerdictStep

_ALNUM = re.compile(r"[a-z0-9]+")
ROUTE_STEPS = ("search", "reformulate", "guard", "tool", "answer", "abstain")


@dataclass(frozen=True)
class Label:
    question_id: str
    answerable: bool
    documents: tuple[str, ...]
    anchors: tuple[str, ...]
    route: tuple[str, ...] | None = None  # expected steps, for scenario labels


@dataclass(frozen=True)
class Scores:
    """The figures; a share or median over no questions is None (n/a), not 0."""

    answer_recall: float | None  # answerable, grounded, and quotes cover a labelled anchor
    correct_abstention: float | None  # not answerable, and not grounded
    false_abstention: float | None  # answerable, and not grounded
    documents_agree: float | None  # grounded answerable answers citing a labelled document
    precision: float | None  # grounded answers that count in recall
    grounding: float  # quotes found in their cited document (whitespace folded); 1 with none
    median_quoted_chars: float | None  # per grounded answer
    lead: float | None  # answerable, grounded, and the first quote alone covers an anchor
    median_quotes: float | None  # quotes per grounded answer
    answerable: int
    unanswerable: int
    missed: tuple[str, ...]  # answerable questions not answered with an anchor
    wrongly_grounded: tuple[str, ...]  # unanswerable questions answered
    rows: tuple[dict[str, Any], ...] = ()  # one per labelled question


LABEL_KEYS = ("id", "answerable", "documents", "anchors")


def load_labels(path: Path) -> dict[str, Label]:
    """The labels of a JSON Lines file: one object per line with ``id`` (text),
    ``answerable`` (true or false), ``documents`` and ``anchors`` (lists of text),
    and optionally ``route``. A malformed line, a repeated id or a file without a
    label is an error naming the file and line."""
    labels: dict[str, Label] = {}
    seen: dict[str, int] = {}
    try:
        lines = path.read_text(encoding="utf-8").split("\n")  # not splitlines: U+2028 is text
    except OSError as error:
        raise InputError(f"{path}: cannot read labels ({error.strerror})") from None
    except UnicodeDecodeError:
        raise InputError(f"{path}: labels are not UTF-8 text") from None
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        label = _label(line, f"{path}:{number}")
        if label.question_id in seen:
            raise InputError(
                f"{path}:{number}: id {label.question_id!r} is labelled already "
                f"(line {seen[label.question_id]})"
            )
        seen[label.question_id] = number
        labels[label.question_id] = label
    if not labels:
        raise InputError(f"{path}: no labels (one JSON object per line)")
    return labels


def _label(line: str, where: str) -> Label:
    try:
        row = json.loads(line)
    except json.JSONDecodeError as error:
        raise InputError(f"{where}: not a JSON object ({error.msg})") from None
    if not isinstance(row, dict):
        raise InputError(f"{where}: not a JSON object")
    missing = [key for key in LABEL_KEYS if key not in row]
    if missing:
        raise InputError(f"{where}: missing {', '.join(repr(k) for k in missing)}")
    if not isinstance(row["id"], str) or not row["id"].strip():
        raise InputError(f"{where}: 'id' must be non-empty text")
    if not isinstance(row["answerable"], bool):
        raise InputError(f"{where}: 'answerable' must be true or false")
    for key in ("documents", "anchors"):
        if not isinstance(row[key], list) or not all(isinstance(v, str) for v in row[key]):
            raise InputError(f"{where}: {key!r} must be a list of text")
    route = row.get("route")
    if route is not None and (
        not isinstance(route, list) or not all(isinstance(v, str) for v in route)
    ):
        raise InputError(f"{where}: 'route' must be a list of step names")
    unknown = sorted(set(route or ()) - set(ROUTE_STEPS))
    if unknown:
        raise InputError(
            f"{where}: unknown route steps {', '.join(unknown)} (known: {', '.join(ROUTE_STEPS)})"
        )
    return Label(
        row["id"],
        row["answerable"],
        tuple(row["documents"]),
        tuple(row["anchors"]),
        tuple(route) if route is not None else None,
    )


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
    rows = [
        _row(answer, labels[answer["question_id"]], raw_texts)
        for answer in dossier["answers"]
        if answer["question_id"] in labels
    ]
    answerable = [r for r in rows if r["answerable"]]
    unanswerable = [r for r in rows if not r["answerable"]]
    grounded = [r for r in rows if r["verdict"] == "grounded"]
    checks = [ok for r in rows for ok in r["quotes_found"]]
    return Scores(
        answer_recall=_share([r["covered"] for r in answerable]),
        correct_abstention=_share([r["verdict"] != "grounded" for r in unanswerable]),
        false_abstention=_share([r["verdict"] != "grounded" for r in answerable]),
        documents_agree=_share(
            [
                bool(set(r["cited"]) & set(r["labelled"]))
                for r in answerable
                if r["verdict"] == "grounded"
            ]
        ),
        precision=_share([r["covered"] for r in grounded]),
        grounding=sum(checks) / len(checks) if checks else 1.0,
        median_quoted_chars=_median([r["quoted_chars"] for r in grounded]),
        lead=_share([r["lead"] for r in answerable]),
        median_quotes=_median([r["quotes"] for r in grounded]),
        answerable=len(answerable),
        unanswerable=len(unanswerable),
        missed=tuple(r["id"] for r in answerable if not r["covered"]),
        wrongly_grounded=tuple(r["id"] for r in unanswerable if r["verdict"] == "grounded"),
        rows=tuple(rows),
    )


def _row(answer: Mapping[str, Any], label: Label, raw_texts: Mapping[str, str]) -> dict[str, Any]:
    quotes = [q for claim in answer["claims"] for q in claim["quotes"]]
    grounded = answer["verdict"] == "grounded"
    joined = " ".join(q["text"] for q in quotes)
    covered = grounded and any(anchor_covered(a, joined) for a in label.anchors)
    if label.answerable:
        outcome = "answered" if covered else "wrong quotes" if grounded else "false abstention"
    else:
        outcome = "answered though not answerable" if grounded else "correct abstention"
    return {
        "id": label.question_id,
        "answerable": label.answerable,
        "verdict": answer["verdict"],
        "covered": covered,
        "outcome": outcome,
        "cited": sorted({q["document"] for q in quotes}),
        "labelled": list(label.documents),
        "quoted_chars": sum(len(q["text"]) for q in quotes),
        "quotes": len(quotes),
        "lead": grounded
        and bool(quotes)
        and any(anchor_covered(a, quotes[0]["text"]) for a in label.anchors),
        "quotes_found": [fold(q["text"]) in fold(raw_texts.get(q["document"], "")) for q in quotes],
    }


def _share(flags: list[bool]) -> float | None:
    """The share of true flags; None over no flags (a figure over no questions)."""
    return sum(flags) / len(flags) if flags else None


def _median(values: list[int]) -> float | None:
    return float(statistics.median(values)) if values else None


def shown(figure: float | None) -> str:
    """A figure as printed: "n/a" for one over no questions."""
    return "n/a" if figure is None else str(figure)


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


FIGURES = (
    ("answer_recall", "answer recall (grounded, quotes cover an anchor)"),
    ("correct_abstention", "correct abstention"),
    ("false_abstention", "false abstention"),
    ("precision", "precision (grounded answers covering an anchor)"),
    ("grounding", "citation grounding (quotes found in the raw document)"),
    ("documents_agree", "grounded answers citing a labelled document"),
    ("median_quoted_chars", "median quoted characters per grounded answer"),
    ("lead", "lead (the first quote alone covers an anchor)"),
    ("median_quotes", "median quotes per grounded answer"),
)


def evaluate_build(
    out: Path, labels_path: Path, corpus: Path | None, embedder: Any | None
) -> dict[str, Any]:
    """Score ``<out>/dossier.json`` and, given an embedder, the naive baseline on
    the same corpus and questions; write ``<out>/eval.json`` and return it."""
    from dossier.common.atomic import write_atomic
    from dossier.output.serialise import read_dossier, to_json

    dossier = read_dossier(out)
    corpus = corpus or Path(dossier.build.corpus)
    if not corpus.is_dir():
        raise InputError(f"{corpus}: corpus folder not found (pass --corpus)")
    labels = load_labels(labels_path)
    asked = [a.question_id for a in dossier.answers]
    if not set(labels) & set(asked):
        raise InputError(
            f"{labels_path}: none of its {len(labels)} labels names a question of the "
            f"dossier in {out} ({len(asked)} questions): labels for another questionnaire?"
        )
    _require_documents(dossier.documents, corpus)
    raw = read_raw_texts(corpus)
    report: dict[str, Any] = {"labels": str(labels_path), "corpus": str(corpus)}
    report["labels_not_in_dossier"] = [i for i in labels if i not in set(asked)]
    report["questions_not_labelled"] = [i for i in asked if i not in labels]
    report["dossier"] = _summary(score(to_json(dossier), labels, raw))
    routed = [label for label in labels.values() if label.route is not None]
    if routed:
        from dossier.output.trace import read_trace

        traces = {label.question_id: read_trace(out, label.question_id).steps for label in routed}
        report["dossier"]["scenario"] = scenario_metrics(routed, traces)
    if embedder is not None:
        baseline = _baseline_record(dossier, corpus, out, embedder)
        report["baseline"] = _summary(score(baseline, labels, raw))
    write_atomic(out / "eval.json", (json.dumps(report, indent=2) + "\n").encode())
    return report


def _require_documents(documents: Sequence[Document], corpus: Path) -> None:
    """Every document of the dossier must be in ``corpus``: scored against a folder
    without them, every quote would count as not found."""
    missing = [d.path for d in documents if not (corpus / d.path).is_file()]
    if missing:
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        named = ", ".join(missing[:5]) + more
        raise InputError(
            f"{corpus}: {len(missing)} of the dossier's {len(documents)} documents are not "
            f"there ({named}); pass --corpus with the folder the build read"
        )


def _summary(scores: Scores) -> dict[str, Any]:
    summary: dict[str, Any] = {name: _rounded(getattr(scores, name)) for name, _ in FIGURES}
    summary.update(answerable=scores.answerable, unanswerable=scores.unanswerable)
    summary["questions"] = [
        {k: v for k, v in row.items() if k != "quotes_found"} for row in scores.rows
    ]
    return summary


def _rounded(figure: float | None) -> float | None:
    return None if figure is None else round(float(figure), 3)


def _baseline_record(dossier: Any, corpus: Path, out: Path, embedder: Any) -> dict[str, Any]:
    import dataclasses

    from dossier.evaluation.baseline import baseline_answers
    from dossier.index.hybrid import open_index
    from dossier.ingest.files import ingest, scan_corpus
    from dossier.output.serialise import to_json
    from dossier.records import Question

    index = open_index(ingest(scan_corpus(corpus)), embedder, out / "cache")
    questions = [Question(a.question_id, a.question) for a in dossier.answers]
    record: dict[str, Any] = to_json(
        dataclasses.replace(dossier, answers=tuple(baseline_answers(questions, index)))
    )
    index.keep_embedded()  # what its searches embedded (surfaced scope), for the next run
    return record


def route_of(trace: Sequence[Step]) -> list[str]:
    """The route a trace took: its searches, reformulations, guards and tool calls
    in order, then ``answer`` or ``abstain``."""
    route = [s.kind for s in trace if s.kind in ("search", "reformulate", "guard", "tool")]
    verdict = next((s.verdict for s in trace if isinstance(s, VerdictStep)), "unsupported")
    return [*route, "answer" if verdict == "grounded" else "abstain"]


def scenario_metrics(labels: list[Label], traces: Mapping[str, Sequence[Step]]) -> dict[str, Any]:
    """Route accuracy (the route matches the labelled one exactly), tool calls made
    where the labelled route has none, and retrievals that repeated an earlier
    one's top five passages."""
    matches, unnecessary, duplicates, rows = 0, 0, 0, []
    for label in labels:
        trace = traces[label.question_id]
        route = route_of(trace)
        matches += route == list(label.route or ())
        tools = sum(step == "tool" for step in route)
        unnecessary += tools if "tool" not in (label.route or ()) else 0
        seen: list[list[str]] = []
        for step in trace:
            if isinstance(step, SearchStep):
                top = [hit[0] for hit in step.hits[:5]]
                duplicates += top in seen
                seen.append(top)
        rows.append({"id": label.question_id, "route": route, "expected": list(label.route or ())})
    return {
        "route_accuracy": round(matches / len(labels), 3),
        "unnecessary_tool_calls": unnecessary,
        "duplicate_retrievals": duplicates,
        "routes": rows,
    }
