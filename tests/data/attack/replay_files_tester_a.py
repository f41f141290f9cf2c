"""Tester-a: malformed replay files against engine.replay.load_replay / write_replay (6cba2a8).

    cd <repo> && OMP_NUM_THREADS=1 python tests/data/attack/replay_files_tester_a.py

Writes its files under /tmp/tester-a/r. Observed 2026-12-02: every malformed line is a ConfigError
naming learner.replay_path, the file and the line (bad JSON, truncated, lengths, sft false or
missing, vocab, negative ids, float/bool ids, mask 2, mask only at 0, empty ids, null/1e999,
bad role, other type tag, non-UTF-8, BOM, a JSON array, a directory, a missing file, /dev/null,
an empty file). Accepted: no "type" tag, unknown fields, CRLF, temperature -5, group_size -3,
policy_version -99, a 40 MB line (0.9 s). Broken round trip: write_replay writes NaN/inf reward or
rollout_logprobs as null, which load_replay rejects; a failed write_replay leaves PATH.tmp behind."""
import os, json, math, msgspec, traceback
from pathlib import Path
import sys
sys.path.insert(0, str(Path(__file__).resolve().parents[3]))
from engine.replay import load_replay, write_replay
from engine.messages import TrainingSample
from engine.errors import ConfigError
d = Path("/tmp/tester-a/r"); d.mkdir(parents=True, exist_ok=True)
def S(**kw):
    f = dict(role="agent", group_id="hint/0", input_ids=[5,6,7,8], loss_mask=[0,0,1,1],
             rollout_logprobs=[0.0]*4, reward=0.0, policy_version=0, sft=True); f.update(kw)
    return TrainingSample(**f)
good = msgspec.json.encode(S())
def t(name, data, vocab=100):
    p = d / name
    if isinstance(data, bytes): p.write_bytes(data)
    try:
        r = load_replay(p, vocab); print(f"{name}: LOADED {len(r)} -> {[ (s.input_ids[:5], s.reward, s.rollout_logprobs[:4]) for s in r][:2]}")
    except ConfigError as e: print(f"{name}: ConfigError: {str(e)[:300]}")
    except Exception as e: print(f"{name}: OTHER {type(e).__name__}: {str(e)[:300]}")
t("badjson", good + b"\n{not json\n")
t("trunc", good[:-5] + b"\n")
t("wronglen", good.replace(b'"rollout_logprobs":[0.0,0.0,0.0,0.0]', b'"rollout_logprobs":[0.0]'))
t("sftfalse", good.replace(b'"sft":true', b'"sft":false'))
t("nosft_field", good.replace(b',"sft":true', b''))
t("vocab", good, vocab=8)
t("neg", good.replace(b'[5,6,7,8]', b'[5,-6,7,8]'))
t("neg_and_big", good.replace(b'[5,6,7,8]', b'[500,-6,7,8]'))
t("empty", b"")
t("blank", b"\n\n  \n")
t("huge_int", good.replace(b'[5,6,7,8]', b'[5,6,7,99999999999999999999999]'), vocab=None)
t("huge_int_novocab_ok", good.replace(b'[5,6,7,8]', b'[5,6,7,9999999999]'), vocab=None)
t("float_id", good.replace(b'[5,6,7,8]', b'[5,6,7,8.0]'))
t("bool_mask", good.replace(b'[0,0,1,1]', b'[0,0,true,1]'))
t("mask2", good.replace(b'[0,0,1,1]', b'[0,0,2,1]'))
t("mask_pos0", good.replace(b'[0,0,1,1]', b'[1,0,0,0]'))
t("empty_ids", good.replace(b'[5,6,7,8]', b'[]').replace(b'[0,0,1,1]', b'[]').replace(b'[0.0,0.0,0.0,0.0]', b'[]'))
t("nan_token", good.replace(b'"reward":0.0', b'"reward":NaN'))
t("null_reward", good.replace(b'"reward":0.0', b'"reward":null'))
t("big_float", good.replace(b'"reward":0.0', b'"reward":1e999'))
t("big_float_lp", good.replace(b'[0.0,0.0,0.0,0.0]', b'[0.0,-1e999,0.0,0.0]'))
t("role_bad", good.replace(b'"agent"', b'"critic"'))
t("no_type", good.replace(b'"type":"TrainingSample",', b''))
t("other_type", good.replace(b'"type":"TrainingSample"', b'"type":"EnvScored"'))
t("extra_field", good.replace(b'"sft":true', b'"sft":true,"junk":1'))
t("non_utf8", good.replace(b'hint/0', b'hint/\xff\xfe'))
t("bom", b"\xef\xbb\xbf" + good + b"\n")
t("crlf", good + b"\r\n" + good + b"\r\n")
t("json_array", b"[" + good + b"]")
t("temp_neg", good.replace(b'"sft":true', b'"sft":true,"temperature":-5'))
t("group_size", good.replace(b'"sft":true', b'"sft":true,"group_size":-3'))
t("pv_neg", good.replace(b'"policy_version":0', b'"policy_version":-99'))
# directory
os.makedirs(d/"adir", exist_ok=True); t("adir", None)
t("missing_nonexist", None)
# fifo / dev
try:
    print("devnull:", load_replay("/dev/null", 100))
except Exception as e: print("devnull:", type(e).__name__, e)
# huge line: 5M ids
big = S(input_ids=list(range(5))*1_000_000, loss_mask=[1]*5_000_000, rollout_logprobs=[0.0]*5_000_000)
import time; t0=time.time(); write_replay(d/"huge", [big]); print("huge write", time.time()-t0, os.path.getsize(d/"huge"))
t0=time.time(); t("huge", None); print("huge load", time.time()-t0)
# NaN/inf round trip via write_replay
for name, kw in [("w_nan_reward", dict(reward=float("nan"))), ("w_inf_lp", dict(rollout_logprobs=[0.0, float("-inf"), 0.0, 0.0])), ("w_inf_reward", dict(reward=float("inf")))]:
    try:
        n = write_replay(d/name, [S(**kw)]); print(name, "written", n, (d/name).read_bytes()[:200])
    except Exception as e: print(name, "write failed", type(e).__name__, e)
    t(name, None)
# write_replay failure mid-way leaves tmp?
try:
    write_replay(d/"partial", [S(), S(sft=False)])
except Exception as e: print("partial:", e, "tmp left:", (d/"partial.tmp").exists(), "target:", (d/"partial").exists())
# write to dir path
try: write_replay(d/"adir", [S()])
except Exception as e: print("write to dir:", type(e).__name__, e, "tmp left:", (d/"adir.tmp").exists())
# write_replay where path is a generator of a non-TrainingSample
try: write_replay(d/"w_dict", [{"a":1}])
except Exception as e: print("write dict:", type(e).__name__, e, "tmp left:", (d/"w_dict.tmp").exists())
