"""The procedural warm-start corpus (engine.variants): distinct, consistent, valid, solvable."""

from __future__ import annotations

import ast
import random

import pytest

from engine.config import Config
from engine.variants import VARIANT_FAMILIES, generate_variants, play_variant


def test_variants_are_distinct_reproducible_and_consistently_named() -> None:
    vs = generate_variants(200, seed=3)
    assert len({v.source for v in vs}) == 200
    assert [v.source for v in generate_variants(20, seed=3)] == [v.source for v in vs[:20]]
    assert {v.family for v in vs} == set(VARIANT_FAMILIES)
    for v in vs:
        tree = ast.parse(v.source)
        defined = {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
        defined |= {
            t.id
            for n in ast.walk(tree)
            if isinstance(n, ast.Assign)
            for t in n.targets
            if isinstance(t, ast.Name)
        }
        used = {
            n.id
            for n in ast.walk(tree)
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id.startswith("_")
        }
        # every helper or table the program uses under a private name is defined in it
        assert used <= defined, (v.name, used - defined)
        ns: dict[str, object] = {}
        exec(compile(v.source, v.name, "exec"), ns)
        assert ns["HINT"] == v.hint and ns["DESCRIPTION"] == v.description


def test_every_variant_is_won_by_its_hint_and_mostly_lost_without() -> None:
    vs = generate_variants(80, seed=1)
    won_with = won_without = 0
    for v in vs:
        for seed in (2**31, 2**31 + 1):
            won_with += play_variant(v, seed, hinted=True)[0]
            won_without += play_variant(v, seed, hinted=False)[0]
    assert won_with == 160
    assert won_without < 16


def test_without_renaming_a_family_keeps_its_names_and_a_spent_family_gives_way() -> None:
    vs = generate_variants(1200, seed=0, rename=False)
    assert len({v.source for v in vs}) == 1200
    by_family = {f: [v for v in vs if v.family == f] for f in VARIANT_FAMILIES}
    # mastermind has ~216 distinct programs without renaming; the other families fill in
    assert 150 < len(by_family["mastermind"]) < 300
    assert all(len(by_family[f]) > 200 for f in VARIANT_FAMILIES if f != "mastermind")
    for family, group in by_family.items():
        names = {
            frozenset(
                n.name
                for n in ast.walk(ast.parse(v.source))
                if isinstance(n, ast.FunctionDef) and n.name.startswith("_")
            )
            for v in group
        }
        assert len(names) == 1, (family, names)
    renamed = generate_variants(200, seed=0)
    assert len({v.source.split("def ")[1][:12] for v in renamed if v.family == "caesar"}) > 1


def test_unknown_family_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown variant family"):
        generate_variants(1, families=("nope",))


@pytest.mark.slow
async def test_a_sample_of_variants_passes_the_critics_validation() -> None:
    from engine.validate import validate_file

    vs = generate_variants(400, seed=0)
    rng = random.Random(0)
    picked = [rng.choice([v for v in vs if v.family == f]) for f in VARIANT_FAMILIES for _ in "ab"]
    for v in picked:
        verdict = await validate_file(v.source, v.hint, Config(), env_id=v.name)
        assert getattr(verdict, "reason", None) is None, (v.name, verdict)


def test_variant_samples_show_designs_and_episodes_with_and_without_hint() -> None:
    from engine.inference import ensure_tiny_model, load_tokenizer
    from engine.variants import variant_samples

    tok = load_tokenizer(ensure_tiny_model())
    vs = generate_variants(8, seed=0)
    samples = variant_samples(tok, vs, ["a passage"], rng=random.Random(0))
    designs = [s for s in samples if s.role == "designer"]
    agents = [s for s in samples if s.role == "agent"]
    assert len(designs) == 8 and all(s.sft for s in samples)
    text = tok.decode(
        [i for i, m in zip(designs[0].input_ids, designs[0].loss_mask, strict=True) if m]
    )
    assert vs[0].source.strip() in text
    prompts = [tok.decode(s.input_ids) for s in agents]
    assert any(vs[0].hint[:40] in p for p in prompts)  # some episodes show the hint
    assert any(all(v.hint[:40] not in p for v in vs) for p in prompts)  # some do not
