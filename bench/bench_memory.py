"""Memory benchmark: k-NN add/query latency at 1k-100k environments, Vendi d×d vs n×n.

What is measured (``python -m bench memory``):

- ``knn <n>``: an hnswlib cosine index with the archive's parameters (``MemoryConfig.hnsw_m``,
  ``hnsw_ef``, one thread) over ``n`` clustered random unit vectors (d = 384, MiniLM's size;
  queries are perturbed archive points). Add time is
  the bulk build divided by n; query latency is the median / p99 of single k = 5 queries;
  ``recall_at_5`` against exact search; the baseline is exact search by one numpy matrix-vector
  product (``vs. brute force`` = brute p50 / HNSW p50).
- ``archive <n>``: the same through ``actors.memory.Archive`` (a JSON line appended and flushed,
  no fsync, plus the index add) with precomputed embeddings; query via ``Archive.nearest``.
- ``embed <name>``: one environment text (``env_text``, ``embed_chars`` characters) embedded
  by MiniLM and by the hash embedder, median per text.
- ``vendi <n>``: ``engine.vendi.vendi_score`` (d × d Gram) against ``vendi_score_nxn``
  (n × n), median of repeats (``vs. n×n`` = n×n time / d×d time); when the ``vendi-score``
  package is installed (``pip install vendi-score``, not a dependency), also against its own
  dual form ``vendi_score.vendi.score_dual`` (``vs. vendi-score dual`` = its time / ours, and
  the relative difference of the two scores).

Targets (issue 6): k-NN query ≤ 1 ms at 100k; Vendi over 5,000 ≤ 50 ms.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

DIM = 384


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Options of ``python -m bench memory``."""
    parser.add_argument(
        "--sizes", default="1000,10000,100000", help="index sizes (comma-separated)"
    )
    parser.add_argument(
        "--archive-sizes", default="1000,10000,100000", help="Archive sizes (comma-separated)"
    )
    parser.add_argument("--vendi-n", type=int, default=5000, help="environments for Vendi")
    parser.add_argument("--queries", type=int, default=300, help="queries per size")
    parser.add_argument("--repeats", type=int, default=5, help="Vendi repeats (median)")
    parser.add_argument(
        "--embed-texts", type=int, default=24, help="seed env texts embedded (0 = skip)"
    )


def _unit(rng: np.random.Generator, n: int, d: int = DIM) -> np.ndarray:
    x = rng.standard_normal((n, d)).astype(np.float32)
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    return x


def _clustered(rng: np.random.Generator, n: int) -> np.ndarray:
    """Unit vectors in n/20 clusters (centre + equal-norm noise), like real embeddings.

    Uniform random 384-d vectors have no neighbourhood structure at all, the worst case for
    HNSW (recall@5 ≈ 0.1 at 100k with ef = 64); archives of embedded texts are clustered.
    """
    centres = _unit(rng, max(1, n // 20))
    x = centres[rng.integers(0, len(centres), n)] + _unit(rng, n)
    return x / np.linalg.norm(x, axis=1, keepdims=True)


def _row(case: str, n: int, **kw: object) -> dict:
    row: dict = {
        "case": case,
        "n": n,
        "add_ms_per_env": None,
        "query_p50_ms": None,
        "query_p99_ms": None,
        "recall_at_5": None,
        "baseline_p50_ms": None,
        "vs. brute force": None,
        "vendi_dxd_ms": None,
        "vendi_nxn_ms": None,
        "vs. n×n": None,
        "embed_ms_per_env": None,
    }
    row.update(kw)
    return row


def _knn_case(n: int, queries: int, rng: np.random.Generator) -> dict:
    import hnswlib

    from engine.config import MemoryConfig

    cfg = MemoryConfig()
    x = _clustered(rng, n)
    q = x[rng.integers(0, n, queries)] + _unit(rng, queries)
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    index = hnswlib.Index(space="cosine", dim=DIM)
    index.init_index(max_elements=n, ef_construction=max(100, cfg.hnsw_ef), M=cfg.hnsw_m)
    index.set_num_threads(1)
    t0 = time.perf_counter()
    index.add_items(x, np.arange(n))
    add_s = time.perf_counter() - t0
    index.set_ef(cfg.hnsw_ef)
    lat, brute, hits = [], [], 0
    for v in q:
        t0 = time.perf_counter()
        labels, _ = index.knn_query(v[None, :], k=5)
        lat.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        sims = x @ v
        exact = np.argpartition(-sims, 5)[:5]
        brute.append(time.perf_counter() - t0)
        hits += len(set(labels[0].tolist()) & set(exact.tolist()))
    p50 = statistics.median(lat) * 1e3
    b50 = statistics.median(brute) * 1e3
    return _row(
        f"knn {n // 1000}k",
        n,
        add_ms_per_env=round(add_s / n * 1e3, 4),
        query_p50_ms=round(p50, 4),
        query_p99_ms=round(float(np.percentile(lat, 99)) * 1e3, 4),
        recall_at_5=round(hits / (5 * queries), 4),
        baseline_p50_ms=round(b50, 4),
        **{"vs. brute force": round(b50 / p50, 1)},
    )


def _archive_case(n: int, queries: int, rng: np.random.Generator) -> dict:
    from actors.memory import Archive, ArchiveRecord
    from engine.config import MemoryConfig
    from engine.embedding import HashEmbedder

    cfg = MemoryConfig(embedder="hash", seed_archive=False, fsync=False, index_save_every=10**9)
    emb = HashEmbedder(dim=DIM)
    x = _unit(rng, n)
    with tempfile.TemporaryDirectory() as tmp:
        archive = Archive.open(Path(tmp) / "archive", cfg, emb)
        add = []
        for i in range(n):
            rec = ArchiveRecord(env_id=f"e{i}", source="class Env: ...", created_at=1.0)
            t0 = time.perf_counter()
            archive.add_record(rec, x[i])
            add.append(time.perf_counter() - t0)
        lat = []
        for v in _unit(rng, queries):
            t0 = time.perf_counter()
            archive.nearest(v, 5)
            lat.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        archive.close()
        close_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        Archive.open(Path(tmp) / "archive", cfg, emb).close()
        reopen_s = time.perf_counter() - t0
    return _row(
        f"archive {n // 1000}k",
        n,
        add_ms_per_env=round(statistics.median(add) * 1e3, 4),
        query_p50_ms=round(statistics.median(lat) * 1e3, 4),
        query_p99_ms=round(float(np.percentile(lat, 99)) * 1e3, 4),
        close_s=round(close_s, 3),
        reopen_s=round(reopen_s, 3),
    )


def _vendi_case(n: int, repeats: int, rng: np.random.Generator) -> dict:
    from engine.vendi import vendi_score, vendi_score_nxn

    # clustered embeddings (like an archive), so the score is neither 1 nor n
    centres = _unit(rng, 50)
    x = centres[rng.integers(0, 50, n)] + 0.3 * _unit(rng, n)
    dxd, nxn = [], []
    for _ in range(repeats):
        t0 = time.perf_counter()
        a = vendi_score(x)
        dxd.append(time.perf_counter() - t0)
    for _ in range(1):  # O(n³): one run is enough and takes seconds
        t0 = time.perf_counter()
        b = vendi_score_nxn(x)
        nxn.append(time.perf_counter() - t0)
    d_ms = statistics.median(dxd) * 1e3
    n_ms = statistics.median(nxn) * 1e3
    pkg: dict[str, object] = {}
    try:  # the reference implementation's own dual form (pip install vendi-score)
        from vendi_score import vendi as vendi_pkg
    except ImportError:
        pkg["vendi_score_pkg"] = "not installed"
    else:
        dual = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            c = float(vendi_pkg.score_dual(x))
            dual.append(time.perf_counter() - t0)
        p_ms = statistics.median(dual) * 1e3
        pkg = {
            "vendi_pkg_dual_ms": round(p_ms, 2),
            "vendi_pkg_rel_diff": float(f"{abs(a - c) / c:.2e}"),
            "vs. vendi-score dual": round(p_ms / d_ms, 2),
        }
    return _row(
        f"vendi {n // 1000}k",
        n,
        vendi_dxd_ms=round(d_ms, 2),
        vendi_nxn_ms=round(n_ms, 1),
        vendi=round(a, 3),
        vendi_rel_diff=float(f"{abs(a - b) / b:.2e}"),
        **{"vs. n×n": round(n_ms / d_ms, 1)},
        **pkg,
    )


def _embed_cases(count: int) -> list[dict]:
    """Per-environment embedding time of MiniLM (the default) and the hash embedder."""
    from actors.memory import env_text
    from engine.config import MemoryConfig
    from engine.embedding import HashEmbedder, MiniLMEmbedder
    from engine.seed_envs import seed_envs

    chars = MemoryConfig().embed_chars
    seeds = seed_envs()
    texts = [env_text(s.source, s.description, chars) for s in seeds]
    texts = (texts * (count // len(texts) + 1))[:count]
    rows = []
    for emb in (HashEmbedder(dim=DIM), MiniLMEmbedder()):
        emb.embed(texts[:1])  # load / warm up
        times = []
        for t in texts:
            t0 = time.perf_counter()
            emb.embed([t])
            times.append(time.perf_counter() - t0)
        ms = statistics.median(times) * 1e3
        rows.append(_row(f"embed {emb.name} ({chars} chars)", count, embed_ms_per_env=round(ms, 3)))
    return rows


def run(args: argparse.Namespace) -> list[dict]:
    """Run every case; one dict per case (see the module docstring for what is measured)."""
    rng = np.random.default_rng(0)
    rows = []
    for n in (int(s) for s in str(args.sizes).split(",") if s):
        rows.append(_knn_case(n, args.queries, rng))
    for n in (int(s) for s in str(args.archive_sizes).split(",") if s):
        rows.append(_archive_case(n, args.queries, rng))
    rows.append(_vendi_case(args.vendi_n, args.repeats, rng))
    if args.embed_texts:
        rows.extend(_embed_cases(args.embed_texts))
    return rows
