"""Vendi score: the d x d form against the n x n definition and hand-computed cases."""

import math

import numpy as np
import pytest

from engine.vendi import vendi_from_eigenvalues, vendi_score, vendi_score_nxn


def _unit(x: np.ndarray) -> np.ndarray:
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def test_identical_items_score_one() -> None:
    x = np.tile(np.array([[0.6, 0.8, 0.0]]), (50, 1))
    assert vendi_score(x) == pytest.approx(1.0, abs=1e-6)
    assert vendi_score_nxn(x) == pytest.approx(1.0, abs=1e-9)


def test_orthogonal_items_score_n() -> None:
    x = np.eye(7)
    assert vendi_score(x) == pytest.approx(7.0, rel=1e-6)
    assert vendi_score_nxn(x) == pytest.approx(7.0, rel=1e-12)
    wide = np.hstack([np.eye(5), np.zeros((5, 20))])  # n < d takes the n x n branch
    assert vendi_score(wide) == pytest.approx(5.0, rel=1e-6)


def test_two_clusters_hand_value() -> None:
    # 2 copies of e1 and 2 of e2: K/n has eigenvalues 1/2, 1/2 -> exp(log 2) = 2
    x = np.array([[1.0, 0.0], [1.0, 0.0], [0.0, 1.0], [0.0, 1.0]])
    assert vendi_score(x) == pytest.approx(2.0, rel=1e-6)
    # unequal clusters 3:1 -> eigenvalues 3/4, 1/4
    y = np.array([[1.0, 0.0]] * 3 + [[0.0, 1.0]])
    expected = math.exp(-(0.75 * math.log(0.75) + 0.25 * math.log(0.25)))
    assert vendi_score(y) == pytest.approx(expected, rel=1e-6)


@pytest.mark.parametrize(("n", "d"), [(300, 16), (200, 64), (40, 384)])
def test_gram_form_matches_direct(n: int, d: int) -> None:
    rng = np.random.default_rng(n + d)
    x = _unit(rng.standard_normal((n, d)) + 0.5)  # correlated, so the score is non-trivial
    assert vendi_score(x) == pytest.approx(vendi_score_nxn(x), rel=1e-4)
    assert 1.0 < vendi_score(x) < min(n, d)


def test_rows_are_normalised_and_bad_input_rejected() -> None:
    x = np.array([[2.0, 0.0], [0.0, 5.0]])
    assert vendi_score(x) == pytest.approx(2.0, rel=1e-6)
    assert vendi_score(np.zeros((0, 3))) == 0.0
    with pytest.raises(ValueError, match="zero vector"):
        vendi_score(np.array([[0.0, 0.0], [1.0, 0.0]]))
    with pytest.raises(ValueError, match="shape"):
        vendi_score(np.ones(3))


def test_from_eigenvalues_clips_round_off() -> None:
    assert vendi_from_eigenvalues(np.array([0.5, 0.5, -1e-17])) == pytest.approx(2.0)
    assert vendi_from_eigenvalues(np.array([0.0, 0.0])) == 0.0
