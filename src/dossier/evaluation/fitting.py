"""Fit the scorer's logistic models: L2-regularised logistic regression by Newton's
method over standardised features (numpy only), and the leave-one-corpus-out
folds that choose the answer threshold. Used by ``scripts/fit_scorer.py``."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from dossier.research.scoring import LinearModel

Matrix = npt.NDArray[np.float64]


def fit_logistic(
    features: Sequence[str], rows: Matrix, labels: npt.NDArray[np.float64], l2: float = 1.0
) -> LinearModel:
    """The weights minimising log-loss plus ``l2/2 * |w|^2`` (the intercept is not
    penalised) on standardised features; deterministic for the same data."""
    mean = rows.mean(axis=0)
    scale = rows.std(axis=0)
    scale[scale < 1e-9] = 1.0
    x = np.hstack([(rows - mean) / scale, np.ones((len(rows), 1))])
    y = labels.astype(np.float64)
    w = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], l2)
    penalty[-1] = 0.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        gradient = x.T @ (p - y) + penalty * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + np.diag(penalty) + 1e-9 * np.eye(len(w))
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return LinearModel(
        tuple(features),
        tuple(round(float(v), 6) for v in mean),
        tuple(round(float(v), 6) for v in scale),
        tuple(round(float(v), 6) for v in w[:-1]),
        round(float(w[-1]), 6),
    )


def calibrated(model: LinearModel, rows: Matrix, labels: npt.NDArray[np.float64]) -> LinearModel:
    """``model`` with its weights scaled and its intercept refitted (one unpenalised
    logistic fit of the labels on its score), so that its logits are calibrated
    probabilities again: a strongly penalised fit ranks well but squeezes its
    logits towards the intercept, and the engine reads logit differences (a
    further quote scores within ``support_margin`` of the lead). Rankings are
    unchanged: the weights keep their direction."""
    score = model.logit(rows) - model.intercept
    fitted = fit_logistic(("score",), score.reshape(-1, 1), labels, 0.0)
    slope = fitted.weights[0] / fitted.scale[0]
    intercept = fitted.intercept - slope * fitted.mean[0]
    return LinearModel(
        model.features,
        model.mean,
        model.scale,
        tuple(round(w * slope, 6) for w in model.weights),
        round(intercept, 6),
    )


@dataclass(frozen=True)
class Outcome:
    """What answering one question at a given threshold gives, for choosing it."""

    probability: float  # the answer model's probability for the question
    answerable: bool  # labelled answerable
    lead_right: bool  # the lead sentence covers a labelled anchor
    quotes_right: bool  # the answer's quotes together cover one


def figures_at(outcomes: Sequence[Outcome], threshold: float) -> dict[str, float]:
    """Recall, correct abstention, precision and lead when answering at ``threshold``."""
    answered = [o for o in outcomes if o.probability >= threshold]
    answerable = [o for o in outcomes if o.answerable]
    unanswerable = [o for o in outcomes if not o.answerable]
    return {
        "recall": share([o.probability >= threshold and o.quotes_right for o in answerable]),
        "abstention": share([o.probability < threshold for o in unanswerable]),
        "precision": share([o.answerable and o.quotes_right for o in answered]),
        "lead": share([o.probability >= threshold and o.lead_right for o in answerable]),
    }


def share(flags: Sequence[bool]) -> float:
    return sum(flags) / len(flags) if flags else 0.0


def objective(figures: dict[str, float]) -> float:
    """What a threshold is chosen to maximise: recall, correct abstention and lead
    together (precision follows from them; alone it rewards answering almost nothing)."""
    return figures["recall"] + figures["abstention"] + figures["lead"]


def best_threshold(outcomes: Sequence[Outcome]) -> float:
    """The threshold maximising ``objective`` over the questions' own probabilities
    (the midpoint below the chosen one, so that it does not sit on a question)."""
    candidates = sorted({round(o.probability, 6) for o in outcomes} | {0.0, 1.0})
    scored = [(objective(figures_at(outcomes, t)), -t, t) for t in candidates]
    _, _, best = max(scored)
    below = [c for c in candidates if c < best]
    return round((best + below[-1]) / 2, 6) if below else best
