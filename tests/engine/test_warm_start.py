"""The SFT warm start: its verified cache, its episode seeds and its held-back samples."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from engine._warm_start import (
    CACHE_MARKER,
    WARM_START_SEED_BASE,
    cached_warm_start,
    file_crc32,
    held_out_samples,
    store_warm_start,
    warm_start_cache,
    warm_start_samples,
)
from engine.config import Config, CriticConfig
from engine.inference import ensure_tiny_model, load_tokenizer
from engine.messages import WeightsUpdated


@pytest.fixture(scope="module")
def base() -> Path:
    return ensure_tiny_model()


def _trained(base: Path, where: Path) -> WeightsUpdated:
    """A ``weights/v7`` directory as the learner writes it, with weights unlike the base's."""
    out = where / "weights" / "v7"
    shutil.copytree(base, out)
    data = bytearray((out / "model.safetensors").read_bytes())
    data[-64:] = bytes(64)  # change the last tensor's bytes, as training does
    (out / "model.safetensors").write_bytes(bytes(data))
    crc = file_crc32(out / "model.safetensors")
    (out / "checksum.crc32").write_text(f"{crc}  model.safetensors\n")
    return WeightsUpdated(version=7, path=str(out), checksum=crc)


def _store(update: WeightsUpdated, entry: Path, base: Path, lines: list[str]) -> bool:
    return store_warm_start(update, entry, base, samples=230, epochs=3, log=lines.append)


def test_crc_is_the_weight_sync_checksum(base: Path) -> None:
    from engine.learner._worker import file_checksum

    assert file_crc32(base / "model.safetensors") == file_checksum(base / "model.safetensors")


def test_a_stored_entry_is_verified_and_reused(base: Path, tmp_path: Path) -> None:
    update = _trained(base, tmp_path)
    entry = tmp_path / "cache" / "warm-start-k"
    entry.parent.mkdir()
    lines: list[str] = []
    assert _store(update, entry, base, lines)
    assert lines == [f"warm start cached for later runs: {entry}"]
    assert [p.name for p in entry.parent.iterdir()] == ["warm-start-k"]  # no temp left
    marker = json.loads((entry / CACHE_MARKER).read_text())
    assert marker["trained"] is True and marker["weight_version"] == 7
    assert marker["checksum"] == update.checksum
    assert marker["base_checksum"] == file_crc32(base / "model.safetensors")
    assert cached_warm_start(entry, base, lines.append) == entry
    assert len(lines) == 1  # reuse says nothing here (the loop says it reuses)


def test_a_copy_of_the_base_model_is_not_reused(base: Path, tmp_path: Path) -> None:
    entry = tmp_path / "warm-start-k"
    shutil.copytree(base, entry)  # what was found under the user cache: no marker, no checksum
    lines: list[str] = []
    assert cached_warm_start(entry, base, lines.append) is None
    assert len(lines) == 1 and str(entry) in lines[0] and "training anew" in lines[0]
    assert "no warm-start.json" in lines[0]
    assert not entry.exists() and list(tmp_path.iterdir()) == []


def test_base_weights_are_refused_even_under_a_valid_looking_marker(
    base: Path, tmp_path: Path
) -> None:
    update = _trained(base, tmp_path)
    entry = tmp_path / "warm-start-k"
    assert _store(update, entry, base, [])
    shutil.copyfile(base / "model.safetensors", entry / "model.safetensors")
    crc = file_crc32(base / "model.safetensors")
    (entry / "checksum.crc32").write_text(f"{crc}  model.safetensors\n")
    marker = json.loads((entry / CACHE_MARKER).read_text())
    (entry / CACHE_MARKER).write_text(json.dumps({**marker, "checksum": crc}))
    lines: list[str] = []
    assert cached_warm_start(entry, base, lines.append) is None
    assert len(lines) == 1 and "untrained base model's weights" in lines[0]


def test_a_torn_entry_is_not_reused(base: Path, tmp_path: Path) -> None:
    update = _trained(base, tmp_path)
    entry = tmp_path / "warm-start-k"
    assert _store(update, entry, base, [])
    weights = entry / "model.safetensors"
    weights.write_bytes(weights.read_bytes()[: weights.stat().st_size // 2])  # cut mid-write
    lines: list[str] = []
    assert cached_warm_start(entry, base, lines.append) is None
    assert len(lines) == 1 and "(torn)" in lines[0]
    assert not entry.exists()
    # an entry whose copy stopped before the marker: the marker is written last
    shutil.copytree(update.path, entry)
    assert cached_warm_start(entry, base, lines.append) is None
    assert len(lines) == 2 and "no warm-start.json" in lines[1]
    # after the bad entry is gone the next store puts a good one in place
    assert _store(update, entry, base, lines)
    assert cached_warm_start(entry, base, lines.append) == entry


def test_untrained_weights_are_never_stored(base: Path, tmp_path: Path) -> None:
    entry = tmp_path / "warm-start-k"
    lines: list[str] = []
    # an interrupted warm start leaves the servers on the base weights (version 0)
    assert not _store(WeightsUpdated(version=0, path=str(base), checksum=""), entry, base, lines)
    assert not _store(WeightsUpdated(version=3, path=str(base), checksum=""), entry, base, lines)
    assert lines == ["warm start not cached (no trained weights to cache)"] * 2
    assert not entry.exists()


def test_a_store_whose_copy_does_not_match_the_synced_checksum_leaves_nothing(
    base: Path, tmp_path: Path
) -> None:
    update = _trained(base, tmp_path)
    entry = tmp_path / "cache" / "warm-start-k"
    entry.parent.mkdir()
    lines: list[str] = []
    assert not _store(
        WeightsUpdated(version=7, path=update.path, checksum="0" * 8), entry, base, lines
    )
    assert len(lines) == 1 and lines[0].startswith("warm start not cached (copied weights")
    assert list(entry.parent.iterdir()) == []


def test_cache_key_follows_the_samples_and_training_settings(base: Path, tmp_path: Path) -> None:
    tok = load_tokenizer(base)
    warm = warm_start_samples(tok, [], rng=random.Random(0))
    cfg = Config()
    key = warm_start_cache(warm, cfg, base, tmp_path)
    assert key is not None and key.parent == tmp_path
    same = Config(learner=cfg.learner.__class__(sft_eval_samples=3))  # evaluation only
    assert warm_start_cache(warm, same, base, tmp_path) == key
    # replay never joins the warm start
    replay = cfg.learner.__class__(replay_path="r.jsonl", replay_per_step=4, replay_coef=0.3)
    assert warm_start_cache(warm, Config(learner=replay), base, tmp_path) == key
    other = Config(learner=cfg.learner.__class__(sft_role_mean=True))
    assert warm_start_cache(warm, other, base, tmp_path) != key
    assert warm_start_cache(warm[1:], cfg, base, tmp_path) != key
    assert warm_start_cache([], cfg, base, tmp_path) is None


def test_warm_start_episodes_avoid_the_scoring_seeds(base: Path) -> None:
    tok = load_tokenizer(base)
    warm = warm_start_samples(tok, [], seeds_per_env=2, rng=random.Random(0))
    seeds = {int(s.group_id.rsplit("-", 1)[1]) for s in warm if s.role == "agent"}
    assert seeds == {WARM_START_SEED_BASE, WARM_START_SEED_BASE + 1}
    critic = CriticConfig()
    scoring = range(critic.episode_seed, critic.episode_seed + critic.k)
    assert not seeds & set(scoring)
    assert min(seeds) >= 2**31  # above every replay seed (randrange(2**31))
    held = held_out_samples(
        tok, ["a passage"], seeds_per_env=2, per_role=50, rng=random.Random(1), exclude=warm
    )
    held_seeds = {int(s.group_id.rsplit("-", 1)[1]) for s in held if s.role == "agent"}
    assert held_seeds == {WARM_START_SEED_BASE + 2}
    train_ids = {tuple(s.input_ids) for s in warm}
    assert not any(tuple(s.input_ids) in train_ids for s in held)
    assert {s.role for s in held} == {"designer", "agent"}
    assert len(held_out_samples(tok, [], seeds_per_env=2, per_role=3, rng=random.Random(1))) == 6
