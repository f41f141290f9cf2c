"""Designer: parsing malformed answers, the prompt's memory block, the actor with a fake policy."""

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import trio

from actors.designer import (
    Designer,
    ParsedDesign,
    ParseFailure,
    build_design_prompt,
    parse_design,
    request_from_corpus,
)
from actors.memory import Archive, ArchiveRecord, Neighbour
from engine.config import DesignerConfig, MemoryConfig
from engine.corpus import Corpus, Passage
from engine.embedding import HashEmbedder
from engine.messages import DesignRequested, EnvProposed, EnvRejected, WeightsUpdated

PROGRAM = """import random

DESCRIPTION = "Guess the number."
HINT = "Binary search halves the range each turn."
MAX_TURNS = 7


class Env:
    def reset(self, seed=None, options=None):
        self.n = random.Random(seed).randrange(100)
        return "guess", {}

    def step(self, action):
        return "ok", 0.0, True, False, {"success": action == str(self.n)}
"""


def _ok(answer: str) -> ParsedDesign:
    parsed = parse_design(answer)
    assert isinstance(parsed, ParsedDesign), parsed
    assert "class Env" in parsed.source
    return parsed


def test_fenced_with_prose_around() -> None:
    p = _ok(f"Here is my design.\n\n```python\n{PROGRAM}```\n\nThe agent must search.")
    assert p.source == PROGRAM
    assert p.hint == "Binary search halves the range each turn."


def test_fence_without_language_and_unclosed_fence() -> None:
    assert _ok(f"```\n{PROGRAM}```").source == PROGRAM
    assert _ok(f"Sure:\n```py\n{PROGRAM}").source == PROGRAM


def test_no_fences_with_prose_before_and_after() -> None:
    p = _ok(f"I will write an environment.\n{PROGRAM}\nThis environment is fun and fair.")
    assert p.source == PROGRAM


def test_think_section_and_several_blocks() -> None:
    answer = (
        "<think>maybe ```python\nclass Env: pass\n``` no</think>\n"
        "Helper first:\n```python\ndef helper():\n    return 1\n```\n"
        f"Main module:\n```python\n{PROGRAM}```"
    )
    assert _ok(answer).source == PROGRAM


def test_syntax_error_is_extracted_not_judged() -> None:
    broken = PROGRAM.replace("def step(self, action):", "def step(self, action)")
    p = _ok(f"```python\n{broken}```")
    assert p.source == broken and p.hint.startswith("Binary search")


def test_syntax_error_without_fences_keeps_the_whole_program() -> None:
    broken = PROGRAM.replace('return "guess", {}', 'return "guess", {')
    p = _ok(broken)
    assert "class Env" in p.source and p.hint.startswith("Binary search")


def test_missing_hint_and_hint_in_prose() -> None:
    no_hint = PROGRAM.replace('HINT = "Binary search halves the range each turn."\n', "")
    failure = parse_design(f"```python\n{no_hint}```")
    assert isinstance(failure, ParseFailure) and failure.reason == "missing_hint"
    lenient = parse_design(f"```python\n{no_hint}```", require_hint=False)
    assert isinstance(lenient, ParsedDesign) and lenient.hint == ""
    p = _ok(f"```python\n{no_hint}```\n**Hint:** compare with the midpoint.")
    assert p.hint == "compare with the midpoint."
    assert p.source.endswith("HINT = 'compare with the midpoint.'\n")


def test_non_literal_and_annotated_hint() -> None:
    computed = PROGRAM.replace(
        'HINT = "Binary search halves the range each turn."', 'HINT = "Binary " + "search"'
    )
    p = _ok(computed)
    assert p.hint == "" and "HINT =" in p.source  # the Critic reads it from the loaded module
    annotated = PROGRAM.replace("HINT =", "HINT: str =")
    assert _ok(annotated).hint.startswith("Binary search")
    triple = PROGRAM.replace(
        'HINT = "Binary search halves the range each turn."',
        'HINT = """Binary search\nhalves it."""',
    )
    assert _ok(triple).hint == "Binary search\nhalves it."


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        ("", "empty"),
        ("   \n", "empty"),
        ("<think>only thoughts</think>", "empty"),
        ("I cannot write that environment, sorry.", "no_code"),
        ("```python\ndef f():\n    return 1\n```", "no_env_class"),
        ("import random\n\nclass Game:\n    pass\n", "no_env_class"),
    ],
)
def test_malformed_answers_are_failures_not_exceptions(answer: str, reason: str) -> None:
    failure = parse_design(answer)
    assert isinstance(failure, ParseFailure)
    assert failure.reason == reason and failure.detail


def _rec(env_id: str, desc: str, k: int = 4, sw: float = 0.25, sh: float = 0.75) -> ArchiveRecord:
    return ArchiveRecord(
        env_id=env_id,
        source="class Env: pass",
        description=desc,
        k=k,
        success_without=sw if k else None,
        success_with=sh if k else None,
        regret=sh - sw if k else None,
    )


def test_prompt_has_passage_contract_and_memory_block() -> None:
    near = [Neighbour(record=_rec("a", "Rotate a grid robot."), similarity=0.9)]
    recent = [_rec("a", "Rotate a grid robot."), _rec("b", "Seed cipher task.", k=0)]
    msgs = build_design_prompt(
        "The heapq module implements a priority queue.", near, recent, "CONTRACT"
    )
    assert [m["role"] for m in msgs] == ["system", "user"]
    assert msgs[0]["content"].endswith("CONTRACT")
    user = msgs[1]["content"]
    assert "The heapq module implements a priority queue." in user
    assert "Rotate a grid robot. [success without hint 0.25, with hint 0.75, regret +0.50]" in user
    assert "Seed cipher task. [not yet scored]" in user
    assert user.count("Rotate a grid robot.") == 1  # a neighbour is not repeated as recent
    bare = build_design_prompt("text", [], [])[1]["content"]
    assert "Memory" not in bare and "```python" in bare


# --------------------------------------------------------------------------------- actor


class FakeTokenizer:
    eos_token_id = 0

    def apply_chat_template(self, messages: list[dict[str, str]], **kw: Any) -> list[int]:
        assert kw["add_generation_prompt"] is True
        text = "".join(m["role"] + m["content"] for m in messages)
        return [1 + ord(c) % 200 for c in text[:64]]

    def decode(self, ids: list[int], skip_special_tokens: bool = True) -> str:
        return "".join(chr(i) for i in ids)


@dataclass
class Gen:
    output_ids: list[int]
    output_logprobs: list[float]
    text: str
    weight_version: str = "3"
    finish_reason: str = "stop"


@dataclass
class FakePolicy:
    answers: list[str]
    calls: list[dict[str, Any]] = field(default_factory=list)

    async def generate(self, input_ids: list[int], **kw: Any) -> Gen:
        i = len(self.calls)
        self.calls.append({"input_ids": list(input_ids), **kw})
        await trio.sleep(0.01 * (3 - i % 3))  # finish out of order
        text = self.answers[i % len(self.answers)]
        ids = [5 + i, 6, 7]
        return Gen(output_ids=ids, output_logprobs=[-0.5] * 3, text=text)


GOOD = f"```python\n{PROGRAM}```"


async def _run_designer(
    designer: Designer, requests: list[Any], with_learner: bool
) -> tuple[list[EnvProposed], list[EnvRejected]]:
    to_designer, inbox = trio.open_memory_channel[Any](0)
    to_critic, critic_in = trio.open_memory_channel[EnvProposed](4)
    to_learner, learner_in = trio.open_memory_channel[EnvRejected](4)
    got: list[EnvProposed] = []
    rejected: list[EnvRejected] = []

    async def drain(ch: Any, out: list[Any]) -> None:
        async with ch:
            async for m in ch:
                out.append(m)

    async with trio.open_nursery() as nursery:
        nursery.start_soon(drain, critic_in, got)
        nursery.start_soon(drain, learner_in, rejected)
        if with_learner:
            await nursery.start(designer.run, inbox, to_critic, to_learner)
        else:
            to_learner.close()
            await nursery.start(designer.run, inbox, to_critic)
        async with to_designer:
            for r in requests:
                await to_designer.send(r)
    return got, rejected


async def test_designer_samples_a_group_and_rejects_unparseable(autojump_clock: Any) -> None:
    policy = FakePolicy([GOOD, "no program here", GOOD])
    designer = Designer(policy, FakeTokenizer(), DesignerConfig(max_new_tokens=99, temperature=0.7))
    req = DesignRequested(request_id="r1", passage_id="doc#2", passage="Heaps.", group_size=3)
    got, rejected = await _run_designer(
        designer, [WeightsUpdated(version=2, path="", checksum=""), req], True
    )
    # the slot a sample lands in depends on scheduling; the group is complete and unique
    assert sorted([p.env_id for p in got] + [r.env_id for r in rejected]) == [
        "r1/0",
        "r1/1",
        "r1/2",
    ]
    assert len(got) == 2
    assert all(p.group_id == "r1" and p.passage_id == "doc#2" for p in got)
    assert got[0].source == PROGRAM and got[0].hint.startswith("Binary search")
    assert got[0].output_ids[1:] == [6, 7] and got[0].output_logprobs == [-0.5] * 3
    assert got[0].prompt_ids == policy.calls[0]["input_ids"] and got[0].prompt_ids
    assert got[0].policy_version == 3  # from the generation's weight_version
    assert [r.reason for r in rejected] == ["unparseable"]
    assert rejected[0].detail.startswith("no_code")
    assert rejected[0].proposal is not None and rejected[0].proposal.output_ids == [6, 6, 7]
    assert rejected[0].proposal.source == "no program here"
    call = policy.calls[0]
    assert (call["max_new_tokens"], call["temperature"], call["stop_token_ids"]) == (99, 0.7, [0])
    stats = designer.statistics()
    assert (stats.requests, stats.designs, stats.parsed) == (1, 3, 2)
    assert stats.unparseable == {"no_code": 1} and stats.policy_version == 2


async def test_without_learner_unparseable_goes_to_critic_flagged(autojump_clock: Any) -> None:
    designer = Designer(FakePolicy(["  \n", GOOD]), FakeTokenizer(), DesignerConfig(group_size=2))
    req = DesignRequested(request_id="r", passage_id="p#0", passage="x", group_size=0)
    got, rejected = await _run_designer(designer, [req], False)
    assert not rejected
    assert sorted(bool(p.parse_error) for p in got) == [False, True]
    bad = next(p for p in got if p.parse_error)
    assert bad.parse_error.startswith("empty") and bad.group_id == "r"


async def test_designer_uses_memory_for_the_prompt(tmp_path: Path, autojump_clock: Any) -> None:
    cfg = MemoryConfig(embedder="hash", seed_archive=True, fsync=False)
    with Archive.open(tmp_path / "archive", cfg, HashEmbedder()) as archive:
        policy = FakePolicy([GOOD])
        designer = Designer(
            policy, FakeTokenizer(), DesignerConfig(memory_k=2, recent_k=1), memory=archive
        )
        passage = "Decrypt an encrypted message: every letter is shifted along the alphabet."
        msgs = await designer.prompt_for(
            DesignRequested(request_id="r", passage_id="p", passage=passage)
        )
        user = msgs[1]["content"]
        assert "Closest to this document:" in user and "Most recent:" in user
        assert "encrypted English message" in user  # the caesar seed is the nearest
        assert user.count("not yet scored") == 3


async def test_designer_exits_on_cancel(autojump_clock: Any) -> None:
    designer = Designer(FakePolicy([GOOD]), FakeTokenizer(), DesignerConfig())
    to_designer, inbox = trio.open_memory_channel[Any](0)
    to_critic, critic_in = trio.open_memory_channel[EnvProposed](0)
    with trio.move_on_after(5) as scope:
        async with trio.open_nursery() as nursery:
            await nursery.start(designer.run, inbox, to_critic)
            nursery.cancel_scope.cancel()
    assert not scope.cancelled_caught
    to_designer.close()
    critic_in.close()


def test_request_from_corpus_carries_the_passage() -> None:
    import random

    corpus = Corpus([Passage(id=f"d#{i}", doc_id="d", text=f"text {i}") for i in range(3)], "t")
    rng = random.Random(0)
    reqs = [request_from_corpus(corpus, rng, request_id=f"r{i}", group_size=4) for i in range(3)]
    assert sorted(r.passage_id for r in reqs) == ["d#0", "d#1", "d#2"]
    assert all(r.passage == corpus.get(r.passage_id).text and r.group_size == 4 for r in reqs)


@pytest.mark.slow
async def test_designer_with_the_real_cpu_policy_server(tmp_path: Path) -> None:
    """The tiny untrained model writes no program: every design is unparseable, with tokens."""
    import random

    from engine.config import PolicyConfig
    from engine.inference import (
        PolicyClient,
        ensure_tiny_model,
        launch_policy_servers,
        load_tokenizer,
    )

    path = ensure_tiny_model()
    tok = load_tokenizer(path)
    corpus = Corpus([Passage(id="heapq#0", doc_id="heapq", text="Heap queue algorithm.")], "t")
    req = request_from_corpus(corpus, random.Random(0), request_id="r0", group_size=2)
    pc = PolicyConfig()
    async with launch_policy_servers(pc, path) as servers:
        urls = getattr(servers, "urls", servers)
        async with PolicyClient(urls, pc) as client:
            designer = Designer(client, tok, DesignerConfig(max_new_tokens=16, memory_k=0))
            props = await designer.design(req)
    assert sorted(p.env_id for p in props) == ["r0/0", "r0/1"]
    for p in props:
        assert p.passage_id == "heapq#0" and p.policy_version >= 0
        assert "Heap queue algorithm." in tok.decode(p.prompt_ids)
        assert 0 < len(p.output_ids) == len(p.output_logprobs) <= 16
        assert all(lp <= 0.0 for lp in p.output_logprobs)
        assert p.parse_error  # an untrained model writes no environment


def test_head_and_tail_keeps_the_start_and_the_end() -> None:
    from actors.designer import head_and_tail

    ids = list(range(100))
    assert head_and_tail(ids, 0) == ids and head_and_tail(ids, 100) == ids
    assert head_and_tail(ids, 40) == list(range(32)) + list(range(92, 100))
    assert head_and_tail(ids, 10, head=4) == [0, 1, 2, 3, 94, 95, 96, 97, 98, 99]
    assert head_and_tail(ids, 20, head=32) == list(range(20))


async def test_designer_sends_the_prompt_cut_it_is_configured_for(autojump_clock: Any) -> None:
    """designer.prompt_tokens: the policy gets (and the learner's sample records) the first 32
    and the last prompt_tokens - 32 prompt tokens, the cut a warm start trained on."""
    from actors.designer import head_and_tail

    full = Designer(FakePolicy([GOOD]), FakeTokenizer(), DesignerConfig(group_size=1))
    policy = FakePolicy([GOOD])
    cut = Designer(policy, FakeTokenizer(), DesignerConfig(group_size=1, prompt_tokens=40))
    req = DesignRequested(request_id="r", passage_id="p#0", passage="x", group_size=1)
    [whole] = await full.design(req)
    [design] = await cut.design(req)
    assert len(whole.prompt_ids) > 40
    assert design.prompt_ids == head_and_tail(whole.prompt_ids, 40) == policy.calls[0]["input_ids"]


@pytest.mark.parametrize(
    "text",
    [
        "```python\nDESCRIPTION = 'd'\nMAX_TURNS = 1\nX = " + "-" * 3000 + "1\nHINT = 'h'\n",
        "```python\nDESCRIPTION = 'd'\nMAX_TURNS = 1\nHINT = " + "+".join(["'a'"] * 3000) + "\n",
        "DESCRIPTION = 'd'\nMAX_TURNS = 1\nX = " + "-" * 3000 + "1\nHINT = 'h'\n",
    ],
    ids=["unary-chain", "3000-term-hint", "unfenced-with-prose"],
)
def test_a_deep_expression_never_raises_out_of_parse_design(text: str) -> None:
    # a 3,000-deep expression overflows CPython's parser with RecursionError; parse_design
    # must hand the program on (the Critic's sandboxed compile rejects it as `compile`)
    body = (
        "class Env:\n    def reset(self, seed=None, options=None):\n        return 'x', {}\n"
        "    def step(self, action):\n        return 'x', 0.0, True, False, {}\n"
    )
    fenced = text.startswith("```")
    out = parse_design(text + body + ("```" if fenced else "That is my design.\n"))
    assert isinstance(out, ParsedDesign)
    assert "class Env" in out.source
