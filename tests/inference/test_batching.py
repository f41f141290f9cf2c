"""RunningBatch: rows joining and leaving a running batch keep exact logprobs and positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.inference._model import GenRequest, PolicyModel, RunningBatch


@pytest.fixture(scope="module")
def model(tiny_model: Path) -> PolicyModel:
    return PolicyModel(tiny_model)


def test_rows_join_and_leave_with_exact_logprobs(model: PolicyModel) -> None:
    first = [
        GenRequest(input_ids=list(range(5, 20)), max_new_tokens=6, temperature=0.0),
        GenRequest(input_ids=list(range(7, 12)), max_new_tokens=30, seed=1),
    ]
    later = [
        GenRequest(input_ids=list(range(100, 140)), max_new_tokens=20, seed=2),
        GenRequest(input_ids=[9, 9], max_new_tokens=12, temperature=0.5, seed=3),
    ]
    batch = RunningBatch(model)
    out = dict(batch.add(first))
    for _ in range(4):
        out.update(batch.step())
    assert len(batch.rows) == 2
    out.update(batch.add(later))  # joins a batch 5 tokens into decoding
    assert len(batch.rows) == 4
    while batch.rows:
        out.update(batch.step())
    assert batch.cache is None
    for i, req in enumerate(first + later):
        res = out[i]
        assert len(res.output_ids) == req.max_new_tokens
        assert res.finish_reason == {"type": "length", "length": req.max_new_tokens}
        recomputed = model.score(req.input_ids, res.output_ids, req.temperature)
        assert max(abs(a - b) for a, b in zip(recomputed, res.logprobs, strict=True)) < 1e-4


def test_joined_greedy_row_matches_a_lone_run(model: PolicyModel) -> None:
    req = GenRequest(input_ids=list(range(50, 61)), max_new_tokens=10, temperature=0.0)
    (alone,) = model.generate([req])
    batch = RunningBatch(model)
    out = dict(batch.add([GenRequest(input_ids=list(range(3, 40)), max_new_tokens=40)]))
    for _ in range(7):
        out.update(batch.step())
    out.update(batch.add([req]))
    while batch.rows:
        out.update(batch.step())
    assert out[1].output_ids == alone.output_ids


def test_abort_zero_budget_and_stop(model: PolicyModel) -> None:
    aborted: set[str] = set()
    batch = RunningBatch(model, aborted)
    done = dict(
        batch.add(
            [
                GenRequest(input_ids=[5, 6], max_new_tokens=0),
                GenRequest(input_ids=[5, 6], max_new_tokens=50, rid="x"),
            ]
        )
    )
    assert done[0].finish_reason == {"type": "length", "length": 0}
    aborted.add("x")
    finished = dict(batch.abort_marked())
    assert finished[1].finish_reason["type"] == "abort"
    assert not batch.rows
    greedy = GenRequest(input_ids=[5, 6, 7], max_new_tokens=5, temperature=0.0)
    (ref,) = model.generate([greedy])
    stop = ref.output_ids[1]
    (res,) = model.generate(
        [
            GenRequest(
                input_ids=[5, 6, 7],
                max_new_tokens=5,
                temperature=0.0,
                stop_token_ids=frozenset({stop}),
            )
        ]
    )
    assert res.finish_reason == {"type": "stop", "matched": stop}
    assert res.output_ids == ref.output_ids[: ref.output_ids.index(stop) + 1]
