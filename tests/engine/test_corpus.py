"""Grounding corpus: loading, splitting, bad input, sampling without replacement, resume."""

import json
import random
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from engine.config import DesignerConfig
from engine.corpus import Corpus, Passage, load_corpus, split_passages, stdlib_documents
from engine.errors import CorpusError


def _cfg(path: Path | str, **kw: object) -> DesignerConfig:
    return DesignerConfig(corpus=str(path), **kw)  # type: ignore[arg-type]


def test_split_passages_packs_paragraphs_and_cuts_long_ones() -> None:
    text = "\n\n".join(["alpha " * 20, "beta " * 20, "gamma " * 200, "tail"])
    parts = split_passages(text, 300)
    assert all(len(p) <= 300 for p in parts[:-1])
    assert len(parts[-1]) <= 300 + 2 + 300 // 4  # a short tail is merged into the last
    assert parts[0].startswith("alpha") and "beta" in parts[0]  # two short paragraphs packed
    assert "tail" in parts[-1]  # a short tail merged, never dropped
    joined = " ".join(" ".join(parts).split())
    assert joined.count("gamma") == 200


def test_directory_of_text_jsonl_and_parquet(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("A text document about rivers.\n\nSecond paragraph.")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "b.md").write_text("# Markdown\n\nAbout mountains.")
    (tmp_path / "empty.txt").write_text("   \n")
    (tmp_path / "binary.txt").write_bytes(b"\x00\x01\x02\xff\xfe")
    (tmp_path / "image.png").write_bytes(b"\x89PNG")
    lines = [
        json.dumps({"body": "A JSON line about deserts."}),
        json.dumps({"other": "no body field"}),
        "{not json",
        json.dumps({"body": ""}),
    ]
    (tmp_path / "c.jsonl").write_text("\n".join(lines) + "\n")
    pq.write_table(pa.table({"body": ["Parquet row about oceans.", None]}), tmp_path / "d.parquet")
    corpus = load_corpus(_cfg(tmp_path, corpus_field="body"))
    texts = {p.doc_id: p.text for p in corpus.passages}
    assert set(texts) == {"a.txt", "sub/b.md", "c.jsonl:1", "d.parquet:0"}
    assert "oceans" in texts["d.parquet:0"]
    # empty.txt, binary.txt, image.png, 3 bad JSON lines, 1 null parquet row
    assert corpus.skipped == 7
    assert corpus.get("a.txt#0").doc_id == "a.txt"


def test_single_file_corpus(tmp_path: Path) -> None:
    f = tmp_path / "one.jsonl"
    f.write_text(json.dumps({"text": "only line"}) + "\n")
    corpus = load_corpus(_cfg(f))
    assert [p.id for p in corpus.passages] == ["one.jsonl:1#0"]


def test_missing_path_and_no_text_name_the_path(tmp_path: Path) -> None:
    missing = tmp_path / "nope"
    with pytest.raises(CorpusError, match="nope.*does not exist"):
        load_corpus(_cfg(missing))
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "blank.txt").write_text("")
    with pytest.raises(CorpusError, match=r"empty.*holds no text.*1 documents skipped"):
        load_corpus(_cfg(empty))


def _corpus(n: int) -> Corpus:
    return Corpus([Passage(id=f"d#{i}", doc_id="d", text=f"t{i}") for i in range(n)], "test")


def test_sampling_without_replacement_then_new_epoch() -> None:
    corpus = _corpus(10)
    rng = random.Random(1)
    first = [corpus.sample(rng).id for _ in range(10)]
    assert sorted(first) == sorted(p.id for p in corpus.passages)
    assert corpus.remaining == 0
    corpus.sample(rng)
    assert corpus.state().epoch == 1 and len(corpus.state().used) == 1


def test_resume_continues_exactly(tmp_path: Path) -> None:
    a = _corpus(50)
    rng = random.Random(7)
    [a.sample(rng) for _ in range(20)]
    a.save_state(tmp_path / "corpus_state.json")
    rng_state = rng.getstate()
    expected = [a.sample(rng).id for _ in range(30)]
    b = _corpus(50)
    b.load_state(tmp_path / "corpus_state.json")
    rng2 = random.Random()
    rng2.setstate(rng_state)
    resumed = [b.sample(rng2).id for _ in range(30)]
    assert resumed == expected
    assert not set(resumed) & set(b.state().used[:20])


def test_stdlib_corpus_is_extracted_once_and_cached(tmp_path: Path) -> None:
    docs = stdlib_documents(tmp_path, max_modules=15)
    assert docs and all(text.strip() for _, text in docs)
    names = {name for name, _ in docs}
    assert not names & {"antigravity", "this", "tkinter", "turtle", "idlelib"}
    cached = list(tmp_path.glob("stdlib-docs-*.jsonl"))
    assert len(cached) == 1
    assert stdlib_documents(tmp_path, max_modules=1) == docs  # served from the cache
    corpus = Corpus([Passage(id=f"{n}#0", doc_id=n, text=t[:100]) for n, t in docs], "stdlib")
    assert len(corpus) == len(docs)
