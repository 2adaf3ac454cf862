"""Fitting the scorer: logistic regression, the threshold, and the shipped weights."""

from __future__ import annotations

import numpy as np

from dossier.evaluation.fitting import (
    Outcome,
    best_threshold,
    calibrated,
    figures_at,
    fit_logistic,
)
from dossier.research.scoring import ANSWER_FEATURES, SENTENCE_FEATURES, load_scorer


def test_fitted_weights_point_the_way_the_labels_do() -> None:
    rng = np.random.default_rng(0)
    rows = rng.normal(size=(400, 2))
    labels = (rows[:, 0] - 0.2 * rows[:, 1] > 0).astype(float)
    model = fit_logistic(("a", "b"), rows, labels, l2=1.0)
    assert model.weights[0] > 0 > model.weights[1]
    assert abs(model.weights[0]) > abs(model.weights[1])
    probabilities = model.probability(rows)
    assert ((probabilities > 0.5) == (labels == 1)).mean() > 0.9


def test_the_same_data_gives_the_same_weights() -> None:
    rows = np.array([[0.0, 1.0], [1.0, 0.0], [0.5, 0.5], [0.9, 0.2]])
    labels = np.array([0.0, 1.0, 0.0, 1.0])
    assert fit_logistic(("a", "b"), rows, labels) == fit_logistic(("a", "b"), rows, labels)


def test_calibrating_a_squeezed_fit_keeps_its_ranking_and_restores_its_scale() -> None:
    """A strongly penalised fit ranks as well but its logits crowd the intercept; the
    engine reads logit differences (the support margin), so they are calibrated."""
    rng = np.random.default_rng(1)
    rows = rng.normal(size=(600, 3))
    labels = (rows @ np.array([2.0, -1.0, 0.5]) + rng.normal(size=600) > 1.0).astype(float)
    squeezed = fit_logistic(("a", "b", "c"), rows, labels, l2=5000.0)
    loose = fit_logistic(("a", "b", "c"), rows, labels, l2=0.0)
    fixed = calibrated(squeezed, rows, labels)
    order = np.argsort(squeezed.logit(rows))
    assert (np.argsort(fixed.logit(rows)) == order).all()
    assert np.ptp(squeezed.logit(rows)) < 0.5 * np.ptp(loose.logit(rows))
    assert 0.5 < np.ptp(fixed.logit(rows)) / np.ptp(loose.logit(rows)) < 1.5
    # an unpenalised intercept: the calibrated probabilities add up to the labels
    assert abs(fixed.probability(rows).sum() - labels.sum()) < 0.5


def test_the_threshold_answers_what_is_answerable_and_abstains_on_the_rest() -> None:
    outcomes = [
        Outcome(0.9, True, True, True),
        Outcome(0.8, True, True, True),
        Outcome(0.3, False, False, False),
        Outcome(0.2, False, False, False),
    ]
    threshold = best_threshold(outcomes)
    assert 0.3 < threshold <= 0.8
    figures = figures_at(outcomes, threshold)
    assert figures == {"recall": 1.0, "abstention": 1.0, "precision": 1.0, "lead": 1.0}


def test_the_shipped_scorer_names_the_features_the_engine_computes() -> None:
    scorer = load_scorer()
    assert scorer.sentence.features == SENTENCE_FEATURES
    assert scorer.answer.features == ANSWER_FEATURES
    assert 0.0 < scorer.threshold < 1.0
    assert scorer.version.startswith("fit-")
