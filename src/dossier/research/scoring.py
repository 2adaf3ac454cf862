"""Which sentence answers, and whether any does: two small fitted scorers.

Every candidate sentence (a sentence of a passage the searches surfaced) is
described by a few generic features — how close it is in meaning to the core
ask and to the question, how much of the ask's distinctive vocabulary it and
its headings state, whether it states a value of the kind asked for, whether it
reads as a rule ("must", "shall") — and a logistic model turns them into a
score. The best-scoring sentence is the lead quote.

A second logistic model looks at the question as a whole (the lead's score, how
much of the ask the lead states, how much of the ask's vocabulary the corpus
holds at all) and gives the probability that the lead answers it: that the
question is answerable and the lead's quote states what it asks (fitting on that,
rather than on whether the documents cover the question somewhere, keeps the
threshold from shifting with how much of a questionnaire a corpus covers). The
engine answers only above a threshold, and only when the lead names one of the
ask's key terms (``candidates.names_the_ask``).

Both models and the threshold are fitted by ``scripts/fit_scorer.py`` on
labelled public sets, leave-one-corpus-out, and shipped with the tool in
``scorer.json`` (its ``version`` is part of every answer's cache key). No
feature names a question, a document or a corpus.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

import numpy as np
import numpy.typing as npt

SENTENCE_FEATURES = (
    "cos_core",  # meaning: the core ask against the sentence
    "cos_question",  # meaning: the whole question against the sentence
    "cos_passage",  # meaning: the core ask against the sentence's passage (title, headings)
    "cos_gap",  # cos_core less the best cos_core among the candidates
    "coverage",  # the ask's terms the sentence states (IDF-weighted share)
    "context_coverage",  # ... the sentence, its headings and its document's title
    "key_coverage",  # the ask's three rarest terms in the sentence or its headings
    "title_coverage",  # the ask's terms in the document's title
    "heading_coverage",  # the ask's terms in the headings above the sentence
    "passage_rank",  # 1 / (1 + the passage's rank among those the searches surfaced)
    "purpose",  # a purpose or scope statement, when the ask is about a document
    "normative",  # reads as a rule or a practice: must, shall, will, is required ...
    "short",  # under five words
    "length",  # log of the word count
    "value",  # +1 states a value of the kind asked for, -1 does not, 0 none asked
    "markup",  # table or HTML markup around it
)
ANSWER_FEATURES = (
    "lead_score",  # the lead sentence's score
    "lead_key_coverage",
    "lead_context_coverage",
    "lead_cos_core",
    "best_cos_core",  # the best cos_core among the candidates
    "vocabulary",  # the ask's terms (or synonyms) found anywhere in the corpus
)

Matrix = npt.NDArray[np.float64]


@dataclass(frozen=True)
class LinearModel:
    """A logistic model over standardised features: ``w · (x - mean) / scale + b``."""

    features: tuple[str, ...]
    mean: tuple[float, ...]
    scale: tuple[float, ...]
    weights: tuple[float, ...]
    intercept: float

    def logit(self, rows: Matrix) -> npt.NDArray[np.float64]:
        standard = (rows - np.asarray(self.mean)) / np.asarray(self.scale)
        logits: npt.NDArray[np.float64] = standard @ np.asarray(self.weights) + self.intercept
        return logits

    def probability(self, rows: Matrix) -> npt.NDArray[np.float64]:
        return 1.0 / (1.0 + np.exp(-self.logit(rows)))


@dataclass(frozen=True)
class Scorer:
    version: str
    sentence: LinearModel
    answer: LinearModel
    threshold: float  # answer when the answer model's probability reaches it
    support_margin: float  # further quotes must score within this of the lead


def load_scorer(text: str | None = None) -> Scorer:
    """The shipped scorer (``scorer.json`` beside this module), or one given as JSON."""
    data = json.loads(text if text is not None else _shipped())
    return Scorer(
        version=str(data["version"]),
        sentence=_model(data["sentence"], SENTENCE_FEATURES),
        answer=_model(data["answer"], ANSWER_FEATURES),
        threshold=float(data["threshold"]),
        support_margin=float(data["support_margin"]),
    )


@cache
def _shipped() -> str:
    return resources.files("dossier.research").joinpath("scorer.json").read_text("utf-8")


def _model(data: dict[str, object], expected: tuple[str, ...]) -> LinearModel:
    features = tuple(str(f) for f in data["features"])  # type: ignore[attr-defined]
    if features != expected:
        raise ValueError(f"scorer features {features} are not {expected}")
    return LinearModel(
        features,
        tuple(float(v) for v in data["mean"]),  # type: ignore[attr-defined]
        tuple(float(v) for v in data["scale"]),  # type: ignore[attr-defined]
        tuple(float(v) for v in data["weights"]),  # type: ignore[attr-defined]
        float(data["intercept"]),  # type: ignore[arg-type]
    )


PURPOSE = re.compile(
    r"\b(?:the\s+purpose\s+of\s+this|this\s+(?:policy|document|standard|procedure|plan|page"
    r"|process|programme|program)\b.{0,60}?\b(?:establish|defin|specif|describ|outlin|set"
    r"|appl|cover|govern|provid|document)|(?:policy|plan|procedure|standard|process)\s+"
    r"(?:establishes|defines|specifies|describes|outlines|sets out|governs)|\bscope\s+of\s+this)",
    re.I,
)
NORMATIVE = re.compile(
    r"\b(?:must|shall|will|should|required|requires|require|ensures?|maintains?|performs?"
    r"|conducts?|reviews?|uses?|is|are|has|have)\b",
    re.I,
)
MARKUP = re.compile(r"<[^>]+>|&nbsp;|\|")


def log_length(words: int) -> float:
    return math.log(1 + words)


def standardise(rows: Sequence[Sequence[float]]) -> Matrix:
    return np.asarray(rows, dtype=np.float64).reshape(len(rows), -1)
