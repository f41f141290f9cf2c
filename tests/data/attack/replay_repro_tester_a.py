"""Tester-a's repro for the replay change (6cba2a8): how replay rows are weighted in steps that
are not "PG rows + replay rows in one optimizer step", and what else keys on the replay fields.
Pure functions only (no model). Fixed in 6a04876 (the observations below are of 6cba2a8; its
zero-advantage and all-stale lines call prepare_batch without replay=True, as 6cba2a8 did):

    cd <repo> && OMP_NUM_THREADS=1 python tests/data/attack/replay_repro_tester_a.py

Observed (2026-12-02, replay_coef 0.1, 2 PG rows + 2 replay rows of 10 tokens each):
- minibatches=1: replay weight/token 0.005 = coef / T_sft, as sft_token_weights' docstring says;
- minibatches=2 (configs/multi_gpu_node.toml, multi_node.toml): each minibatch is its own optimizer
  step and sft_token_weights sees only its rows; seeds 1, 3 split into a replay-only step, weighted
  as a warm start (1 / T_sft = 0.05: replay_coef ignored, 10x the intended weight, also with
  replay_coef = 0), and a PG-only step with no replay;
- a batch whose advantages are all 0 was skipped (zero_advantage); with replay it is a step of
  replay alone (a new weight version for no policy-gradient signal); an all-stale batch was skipped
  (empty) and is now a replay-only step weighted 1 / T_sft (replay_coef ignored);
- a replay sample whose masked tokens all lie past max_seq_tokens passes load_replay and adds
  nothing to the step, yet counts in samples_replayed;
- the warm-start cache key hashes the [learner] section with the replay fields: replay_coef or the
  replay file's path changes the key, though replay never joins the warm start (an all-SFT step).

engine.run with a replay file whose line 1 has token id 1000000 stops after 6 s with rc 1:
"error: learner.replay_path = '/tmp/bad.jsonl': line 1 has token id 1000000, outside the policy's
vocabulary of 4096 (written with another tokenizer?) -- the archive and the last checkpoint are on
disk; `python -m engine.run --resume /tmp/tester-a-run` continues the run" (no checkpoint exists,
and a resume reads the same config.toml and fails the same way unless the file is fixed in place).
"""
import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))

import msgspec  # noqa: E402

from engine.config import Config, LearnerConfig  # noqa: E402
from engine.learner._batch import prepare_batch, sft_token_weights  # noqa: E402
from engine.learner._worker import Worker  # noqa: E402
from engine.messages import TrainingSample  # noqa: E402


def sample(group, reward, *, sft=False, n=12, version=0):
    return TrainingSample(
        role="agent", group_id=group, input_ids=list(range(n)), loss_mask=[0] * 2 + [1] * (n - 2),
        rollout_logprobs=[0.0] * n, reward=reward, policy_version=version, sft=sft,
    )


def weights_per_optimizer_step(cfg, samples, version=0):
    """What the worker computes per minibatch (= per optimizer step): sft_token_weights with
    replay_coef, and pg_norm (train(): groups = self._split(prep.rows))."""
    prep = prepare_batch(samples, version, cfg)
    if prep.skipped:
        return f"skipped={prep.skipped}"
    out = []
    for rows in Worker._split(SimpleNamespace(config=cfg, step=0), prep.rows):
        w = sft_token_weights(rows, per_role=cfg.sft_role_mean, replay_coef=cfg.replay_coef)
        pg = sum(r.tokens for r in rows if not r.sft)
        sft = sum(r.tokens for r in rows if r.sft)
        out.append(f"[{len(rows)} rows: pg_tokens={pg} sft_tokens={sft} sft weight/token={w}]")
    return " ".join(out)


coef = 0.1
pg = [sample("g", 1.0), sample("g", 0.0)]
replay = [sample(f"r{i}", 0.0, sft=True) for i in range(2)]
print(f"replay_coef={coef}; intended replay weight/token = coef / T_sft (coef / 20 = {coef / 20})")
for mb in (1, 2):
    cfg = LearnerConfig(replay_per_step=2, replay_coef=coef, minibatches=mb)
    for seed in range(4):
        cfg = msgspec.structs.replace(cfg, seed=seed)
        print(f"minibatches={mb} seed={seed}:", weights_per_optimizer_step(cfg, pg + replay))
cfg = LearnerConfig(replay_per_step=2, replay_coef=coef)
print("zero-advantage PG batch + replay:", weights_per_optimizer_step(cfg, [sample("g", 1.0), sample("g", 1.0)] + replay))
print("zero-advantage PG batch alone  :", weights_per_optimizer_step(cfg, [sample("g", 1.0), sample("g", 1.0)]))
print("all-stale PG batch + replay     :", weights_per_optimizer_step(cfg, [sample("g", 1.0), sample("g", 0.0)] + replay, version=100))
print("all-stale PG batch alone        :", weights_per_optimizer_step(cfg, [sample("g", 1.0), sample("g", 0.0)], version=100))
# a replay sample whose masked tokens all lie past max_seq_tokens: load_replay accepts it
long = msgspec.structs.replace(replay[0], input_ids=list(range(40)), loss_mask=[0] * 30 + [1] * 10, rollout_logprobs=[0.0] * 40)
cfg = LearnerConfig(replay_per_step=1, replay_coef=coef, max_seq_tokens=16)
print("replay sample masked only past max_seq_tokens:", weights_per_optimizer_step(cfg, pg + [long]))

# the warm-start cache key hashes the [learner] section, replay fields included
from engine._warm_start import warm_start_cache  # noqa: E402

base = Config()
warm = [sample("w", 0.0, sft=True)]
keys = {}
for name, learner in [
    ("no replay", base.learner),
    ("replay_coef=0.5", msgspec.structs.replace(base.learner, replay_coef=0.5)),
    ("replay_path=/a/hint_replay.jsonl", msgspec.structs.replace(base.learner, replay_path="/a/hint_replay.jsonl")),
    ("replay_path=/b/hint_replay.jsonl", msgspec.structs.replace(base.learner, replay_path="/b/hint_replay.jsonl")),
]:
    cfg = msgspec.structs.replace(base, learner=learner)
    keys[name] = warm_start_cache(warm, cfg, Path("/m/tiny"), cache_root=Path("/c"))
    print(f"warm-start cache for {name}: {keys[name]}")
