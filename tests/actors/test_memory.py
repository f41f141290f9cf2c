"""Archive and Memory actor: retrieval, persistence across restarts and crashes, duplicates."""

import math
from pathlib import Path

import numpy as np
import pytest
import trio

from actors.memory import Archive, ArchiveRecord, Memory, env_text
from engine.config import MemoryConfig
from engine.embedding import HashEmbedder, MiniLMEmbedder
from engine.messages import EnvProposed, EnvRejected, EnvScored
from engine.seed_envs import seed_envs
from engine.vendi import vendi_score

CFG = MemoryConfig(embedder="hash", seed_archive=False, fsync=False, index_save_every=1000)
SEEDS = {s.name: s for s in seed_envs()}


def _score(env_id: str, source: str, sw: float = 0.25, sh: float = 0.75, **kw: object) -> EnvScored:
    prop = EnvProposed(env_id=env_id, source=source, hint="h", passage_id=f"doc#{env_id}")
    return EnvScored(
        env_id=env_id,
        proposal=prop,
        hint="h",
        k=4,
        success_without=sw,
        success_with=sh,
        regret=sh - sw,
        ci_low=-1.0,
        ci_high=1.0,
        accepted=sh - sw >= 0.25,
        description=f"task {env_id}",
        **kw,  # type: ignore[arg-type]
    )


def _open(path: Path, cfg: MemoryConfig = CFG) -> Archive:
    return Archive.open(path, cfg, HashEmbedder())


def test_nearest_returns_the_archived_environment(tmp_path: Path) -> None:
    with _open(tmp_path / "a") as archive:
        for name, seed in SEEDS.items():
            archive.add(_score(name, seed.source))
        assert len(archive) == len(SEEDS)
        for name in ("caesar", "lights_out", "mastermind"):
            vec = archive.embed_env(SEEDS[name].source, f"task {name}")
            hits = archive.nearest(vec, 3)
            assert hits[0].record.env_id == name
            assert hits[0].similarity == pytest.approx(1.0, abs=1e-5)
            assert hits[0].similarity >= hits[1].similarity >= hits[2].similarity
        assert len(archive.nearest("anything", 100)) == len(SEEDS)
        assert [r.env_id for r in archive.recent(2)] == ["mastermind", "min_swaps"]


def test_restart_loses_nothing(tmp_path: Path) -> None:
    path = tmp_path / "a"
    with _open(path) as archive:
        for i, (name, seed) in enumerate(SEEDS.items()):
            archive.add(_score(name, seed.source, sw=i / 20))
        before = archive.records()
        vecs = archive.embeddings()
        q = archive.nearest(vecs[4], 5)
        vendi = archive.vendi_per_n()
    assert (path / "index.bin").exists()
    with _open(path) as again:
        assert again.records() == before
        np.testing.assert_array_equal(again.embeddings(), vecs)
        assert again.nearest(vecs[4], 5) == q
        assert again.vendi_per_n() == pytest.approx(vendi)
        again.add(_score("new", "class Env: pass"))
        assert again.recent(1)[0].env_id == "new"


def test_crash_with_torn_last_line_and_stale_index(tmp_path: Path) -> None:
    path = tmp_path / "a"
    cfg = MemoryConfig(embedder="hash", seed_archive=False, fsync=False, index_save_every=3)
    archive = _open(path, cfg)
    names = list(SEEDS)[:5]
    for name in names:
        archive.add(_score(name, SEEDS[name].source))
    # simulated crash: the file is dropped without close() (so the index, last saved after
    # the 3rd add, is stale) and a torn half-record follows the last complete line
    f0, archive._file = archive._file, None
    assert f0 is not None
    f0.close()
    with open(path / "records.jsonl", "ab") as f:
        f.write(b'{"env_id":"half-writ')
    reopened = _open(path, cfg)
    assert reopened.torn_bytes == len(b'{"env_id":"half-writ')
    assert [r.env_id for r in reopened.records()] == names
    for name in names:
        vec = reopened.embed_env(SEEDS[name].source, f"task {name}")
        assert reopened.nearest(vec, 1)[0].record.env_id == name
    reopened.add(_score("after", "class Env: ..."))
    reopened.close()
    lines = (path / "records.jsonl").read_bytes().splitlines()
    assert len(lines) == 6  # the torn bytes are gone, every complete record kept


@pytest.mark.parametrize("tail", [b"\n", b"\n\n"])
def test_a_torn_last_record_ended_by_a_newline_is_dropped_too(tmp_path: Path, tail: bytes) -> None:
    """A crash mid-write, then something that ended the line (an editor, ``echo >>``): the
    cut-short record is dropped with its bytes counted, every complete one kept."""
    path = tmp_path / "a"
    names = list(SEEDS)[:3]
    with _open(path) as archive:
        for name in names:
            archive.add(_score(name, SEEDS[name].source))
    records = path / "records.jsonl"
    whole = records.read_bytes()
    last = whole[: len(whole) - 1].rfind(b"\n") + 1
    torn = whole[: last + (len(whole) - last) // 2] + tail  # the last record cut in half
    records.write_bytes(torn)
    with _open(path) as reopened:
        assert [r.env_id for r in reopened.records()] == names[:2]
        assert reopened.torn_bytes == len(torn) - last
        reopened.add(_score("after", "class Env: ..."))
    with _open(path) as again:
        assert [r.env_id for r in again.records()] == [*names[:2], "after"]


def test_a_damaged_record_before_the_last_is_an_error_not_dropped(tmp_path: Path) -> None:
    from engine.jsonl import JsonlError

    path = tmp_path / "a"
    with _open(path) as archive:
        for name in list(SEEDS)[:3]:
            archive.add(_score(name, SEEDS[name].source))
    records = path / "records.jsonl"
    lines = records.read_bytes().splitlines(keepends=True)
    records.write_bytes(lines[0] + lines[1][:20] + b"\n" + lines[2])
    before = records.read_bytes()
    with pytest.raises(JsonlError, match="line 2 of 3"):
        _open(path)
    assert records.read_bytes() == before  # nothing cut


def test_corrupt_index_is_rebuilt(tmp_path: Path) -> None:
    path = tmp_path / "a"
    with _open(path) as archive:
        for name in list(SEEDS)[:4]:
            archive.add(_score(name, SEEDS[name].source))
    (path / "index.bin").write_bytes(b"garbage")
    with _open(path) as again:
        assert len(again) == 4
        vec = again.embed_env(SEEDS["caesar"].source, "task caesar")
        assert again.nearest(vec, 1)[0].record.env_id == "caesar"


def test_near_copy_is_flagged_and_other_env_is_not(tmp_path: Path) -> None:
    with _open(tmp_path / "a") as archive:
        for name in ("grid_rotated", "caesar", "mastermind"):
            archive.add_record(
                ArchiveRecord(env_id=name, source=SEEDS[name].source, description="")
            )
        copy = (
            SEEDS["caesar"]
            .source.replace("_shift", "_rotate")
            .replace("Wrong. Try again.", "Not quite, try again.")
        )
        dup, nearest, sim = archive.is_duplicate(copy)
        assert dup and nearest == "caesar" and sim >= CFG.duplicate_threshold
        dup, nearest, sim = archive.is_duplicate(SEEDS["lights_out"].source)
        assert not dup and sim < CFG.duplicate_threshold
        assert archive.is_duplicate(copy, threshold=0.9999)[0] is False
    with _open(tmp_path / "empty") as empty:
        assert empty.is_duplicate("class Env: pass") == (False, None, 0.0)


def test_same_env_id_replaces_record(tmp_path: Path) -> None:
    path = tmp_path / "a"
    with _open(path) as archive:
        archive.add(_score("x", SEEDS["caesar"].source, sw=0.0, sh=0.0))
        archive.add(_score("y", SEEDS["lights_out"].source))
        archive.add(_score("x", SEEDS["caesar"].source, sw=0.5, sh=1.0))
        assert len(archive) == 2 and archive.get("x").success_without == 0.5
        assert sorted(n.record.env_id for n in archive.nearest(archive.embeddings()[0], 5)) == [
            "x",
            "y",
        ]
    with _open(path) as again:
        assert len(again) == 2 and again.get("x").success_with == 1.0
        hits = again.nearest(again.embeddings()[1], 5)
        assert sorted(h.record.env_id for h in hits) == ["x", "y"]


def test_difficulty_and_vendi(tmp_path: Path) -> None:
    with _open(tmp_path / "a") as archive:
        archive.add(_score("a", SEEDS["caesar"].source, sw=0.0, sh=1.0))
        archive.add(_score("b", SEEDS["lights_out"].source, sw=0.5, sh=0.5, flags=["coin_flip"]))
        archive.add(_score("c", SEEDS["mastermind"].source, sw=1.0, sh=0.75))
        archive.add_record(ArchiveRecord(env_id="s", source="class Env: pass", origin="seed"))
        d = archive.difficulty()
        assert (d.n, d.scored, d.accepted) == (4, 3, 1)
        assert d.mean_success_without == pytest.approx(0.5)
        assert d.mean_success_with == pytest.approx(0.75)
        assert d.mean_regret == pytest.approx(0.25)
        assert d.regret_histogram == [1, 1, 0, 0, 1]
        assert d.flags == {"coin_flip": 1}
        x = archive.embeddings()
        assert archive.vendi_per_n() == pytest.approx(vendi_score(x) / 4)
        assert archive.vendi_per_n(origin="designed") == pytest.approx(vendi_score(x[:3]) / 3)
        assert 0.25 < archive.vendi_per_n() <= 1.0
    with _open(tmp_path / "b") as empty:
        assert empty.vendi_per_n() == 0.0 and math.isnan(empty.difficulty().mean_regret)


def test_seed_archive_is_loaded_once(tmp_path: Path) -> None:
    cfg = MemoryConfig(embedder="hash", seed_archive=True, fsync=False)
    with _open(tmp_path / "a", cfg) as archive:
        assert len(archive) == len(SEEDS)
        rec = archive.get("seed-caesar")
        assert rec.origin == "seed" and rec.k == 0 and rec.hint == SEEDS["caesar"].hint
    with _open(tmp_path / "a", cfg) as again:
        assert len(again) == len(SEEDS)


def test_embedding_dimension_mismatch_is_an_error(tmp_path: Path) -> None:
    with _open(tmp_path / "a") as archive:
        archive.add(_score("a", "class Env: pass"))
        with pytest.raises(ValueError, match="dimensions"):
            archive.add(_score("b", "x"), np.ones(3, dtype=np.float32))
    with pytest.raises(ValueError, match="256-d embedding"):
        Archive.open(tmp_path / "a", CFG, HashEmbedder(dim=64))


async def test_memory_actor_archives_counts_and_exits(tmp_path: Path) -> None:
    archive = _open(tmp_path / "a")
    actor = Memory(archive)
    send, recv = trio.open_memory_channel(0)
    async with trio.open_nursery() as nursery:
        await nursery.start(actor.run, recv)
        async with send:
            await send.send(_score("a", SEEDS["caesar"].source))
            await send.send(EnvRejected(env_id="b", reason="compile"))
            await send.send(EnvRejected(env_id="c", reason="compile"))
            await send.send(_score("d", SEEDS["lights_out"].source))
    stats = actor.statistics()
    assert stats.archived == 2 and stats.size == 2
    assert stats.rejected == {"compile": 2}
    assert stats.vendi_per_n == pytest.approx(archive.vendi_per_n())
    assert archive.get("d").passage_id == "doc#d"
    archive.close()


async def test_memory_actor_cancellation(tmp_path: Path) -> None:
    archive = _open(tmp_path / "a")
    send, recv = trio.open_memory_channel(0)
    with trio.move_on_after(1):
        async with trio.open_nursery() as nursery:
            await nursery.start(Memory(archive).run, recv)
            nursery.cancel_scope.cancel()
    send.close()
    archive.close()
    with _open(tmp_path / "a") as again:
        assert len(again) == 0


def test_env_text_truncates() -> None:
    assert env_text("abc" * 1000, "desc", limit=10) == "desc\nabcab"


@pytest.mark.slow
def test_minilm_embedder_offline() -> None:
    emb = MiniLMEmbedder(max_seq_length=128)
    x = emb.embed(
        [
            "Navigate a grid maze to reach the goal cell.",
            "Walk through a grid labyrinth until you arrive at the exit square.",
            "Decrypt a message encrypted with a Caesar cipher.",
        ]
    )
    assert x.shape == (3, 384) and x.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(x, axis=1), 1.0, atol=1e-5)
    assert x[0] @ x[1] > x[0] @ x[2] + 0.2


@pytest.mark.slow
def test_minilm_archive_flags_an_edited_copy(tmp_path: Path) -> None:
    cfg = MemoryConfig(embedder="minilm", seed_archive=False, fsync=False)
    with Archive.open(tmp_path / "a", cfg) as archive:
        for name in ("grid_rotated", "caesar", "mastermind"):
            seed = SEEDS[name]
            archive.add_record(
                ArchiveRecord(env_id=name, source=seed.source, description=seed.description)
            )
        copy = (
            SEEDS["caesar"]
            .source.replace("_shift", "_rotate")
            .replace("Wrong. Try again.", "Not quite, try again.")
            .replace("river stone", "brook pebble")
        )
        dup, nearest, sim = archive.is_duplicate(copy, SEEDS["caesar"].description)
        assert dup and nearest == "caesar", sim
        other = SEEDS["lights_out"]
        dup, _, sim = archive.is_duplicate(other.source, other.description)
        assert not dup and sim < 0.8


def test_rescoring_a_seed_keeps_its_origin(tmp_path: Path) -> None:
    cfg = MemoryConfig(embedder="hash", seed_archive=True, fsync=False)
    with _open(tmp_path / "a", cfg) as archive:
        archive.add(_score("seed-caesar", SEEDS["caesar"].source, sw=0.0, sh=0.5))
        rec = archive.get("seed-caesar")
        assert (rec.origin, rec.k, rec.regret) == ("seed", 4, 0.5)
        archive.add(_score("new-env", "class Env: pass\n"))
        assert archive.get("new-env").origin == "designed"


async def test_memory_writes_off_the_loop_thread_and_readers_see_whole_snapshots(
    tmp_path: Path,
) -> None:
    import threading

    archive = _open(tmp_path / "a", MemoryConfig(embedder="hash", seed_archive=False, fsync=True))
    loop_thread = threading.get_ident()
    add_threads: list[int] = []
    add = archive.add

    def add_recording_thread(score: EnvScored, embedding: object = None) -> ArchiveRecord:
        add_threads.append(threading.get_ident())
        return add(score, embedding)  # type: ignore[arg-type]

    archive.add = add_recording_thread  # type: ignore[method-assign]
    archived: list[tuple[str, int]] = []
    # on_archived runs on the loop thread once the record is in (the API's delivery hook)
    actor = Memory(archive, on_archived=lambda s: archived.append((s.env_id, len(archive))))
    before = archive.snapshot()
    send, recv = trio.open_memory_channel(0)
    async with trio.open_nursery() as nursery:
        await nursery.start(actor.run, recv)
        async with send:
            await send.send(_score("a", SEEDS["caesar"].source))
            await send.send(_score("b", SEEDS["lights_out"].source))
            await send.send(_score("a", SEEDS["caesar"].source, sw=0.5))  # replaces "a"
    assert add_threads and loop_thread not in add_threads  # record write + fsync: a worker
    assert archived == [("a", 1), ("b", 2), ("a", 2)]
    assert before == ()  # a snapshot taken earlier never changes under its reader
    snap = archive.snapshot()
    assert [(r.env_id, r.success_without) for r in snap] == [("b", 0.25), ("a", 0.5)]
    assert archive.records() == list(snap)
    assert [r.env_id for r in archive.recent(5)] == ["a", "b"]
    assert actor.statistics().write_seconds > 0
    archive.close()
