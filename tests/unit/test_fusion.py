"""Unit tests for dossier.index.hybrid.fuse: weighted Reciprocal Rank Fusion arithmetic."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dossier.index.hybrid import RetrievalSettings, fuse


def test_exact_scores_with_default_k() -> None:
    fused = fuse([3, 1, 2], [1, 4], RetrievalSettings(rrf_k=10))
    assert fused == [
        (1, round(1 / 12 + 1 / 11, 6), 2, 1),
        (3, round(1 / 11, 6), 1, None),
        (4, round(1 / 12, 6), None, 2),
        (2, round(1 / 13, 6), 3, None),
    ]


def test_exact_scores_with_k_and_weights() -> None:
    settings = RetrievalSettings(rrf_k=60, lexical_weight=2.0, dense_weight=0.5)
    fused = fuse([7, 8], [8, 9, 7], settings)
    scores = {p: s for p, s, _, _ in fused}
    assert scores[7] == round(2.0 / 61 + 0.5 / 63, 6)
    assert scores[8] == round(2.0 / 62 + 0.5 / 61, 6)
    assert scores[9] == round(0.5 / 62, 6)
    assert [p for p, *_ in fused] == [7, 8, 9]
    assert {p: (lr, dr) for p, _, lr, dr in fused} == {7: (1, 3), 8: (2, 1), 9: (None, 2)}


def test_k_changes_the_order() -> None:
    # a small k rewards first places; a large k rewards agreement between the lists
    lexical, dense = [1, 2], [3, 4, 2]
    assert [p for p, *_ in fuse(lexical, dense, RetrievalSettings(rrf_k=0))] == [1, 3, 2, 4]
    assert [p for p, *_ in fuse(lexical, dense, RetrievalSettings(rrf_k=60))] == [2, 1, 3, 4]


def test_zero_weight_list_still_reports_rank_but_adds_nothing() -> None:
    fused = fuse([5], [6], RetrievalSettings(rrf_k=10, dense_weight=0.0))
    assert fused == [(5, round(1 / 11, 6), 1, None), (6, 0.0, None, 1)]


def test_ties_broken_by_position() -> None:
    fused = fuse([5, 2], [2, 5], RetrievalSettings(rrf_k=10))
    assert [p for p, *_ in fused] == [2, 5]
    assert fused[0][1] == fused[1][1]
    # single-list ties too, in either list
    fused = fuse([9], [4], RetrievalSettings())
    assert [p for p, *_ in fused] == [4, 9]


def test_ties_are_independent_of_list_order() -> None:
    a = fuse([10, 3], [3, 10], RetrievalSettings())
    b = fuse([3, 10], [10, 3], RetrievalSettings())
    assert [p for p, *_ in a] == [p for p, *_ in b] == [3, 10]


def test_empty_lists() -> None:
    assert fuse([], [], RetrievalSettings()) == []
    assert fuse([4], [], RetrievalSettings()) == [(4, round(1 / 11, 6), 1, None)]


def test_scores_rounded_to_six_places() -> None:
    ((_, score, _, _),) = fuse([0], [], RetrievalSettings(rrf_k=2))
    assert score == 0.333333


positions = st.lists(st.integers(0, 60), unique=True, max_size=25)


@given(
    lexical=positions,
    dense=positions,
    k=st.integers(0, 100),
    lw=st.floats(0.0, 3.0),
    dw=st.floats(0.0, 3.0),
)
def test_fuse_properties(
    lexical: list[int], dense: list[int], k: int, lw: float, dw: float
) -> None:
    settings = RetrievalSettings(rrf_k=k, lexical_weight=lw, dense_weight=dw)
    fused = fuse(lexical, dense, settings)
    assert {p for p, *_ in fused} == set(lexical) | set(dense)
    assert len(fused) == len(set(lexical) | set(dense))
    exact = {}
    for position, score, lexical_rank, dense_rank in fused:
        expected = 0.0
        if position in lexical:
            assert lexical_rank == lexical.index(position) + 1
            expected += lw / (k + lexical_rank)
        else:
            assert lexical_rank is None
        if position in dense:
            assert dense_rank == dense.index(position) + 1
            expected += dw / (k + dense_rank)
        else:
            assert dense_rank is None
        assert score == pytest.approx(expected, abs=1e-6)
        exact[position] = expected
    for (p1, s1, *_), (p2, s2, *_) in itertools.pairwise(fused):
        assert s1 >= s2
        assert exact[p1] >= exact[p2] - 1e-12
        if exact[p1] == exact[p2]:
            assert p1 < p2
    assert fuse(lexical, dense, settings) == fused  # deterministic
