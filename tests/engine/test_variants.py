"""The procedural warm-start corpus (engine.variants): distinct, consistent, valid, solvable."""

from __future__ import annotations

import ast
import collections
import random
import re

import msgspec
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


def test_variable_literals_sit_on_one_line_each() -> None:
    # The description, the hint and the word table vary in length from program to program;
    # wrapped over a varying number of lines, the warm-started Designer lost count and closed
    # them wrong (a second `).split()`, an unclosed `HINT = (`): one line each, always.
    for v in generate_variants(60, seed=5, rename=True):
        tree = ast.parse(v.source)
        lines = v.source.splitlines()
        for node in tree.body:
            if not isinstance(node, ast.Assign) or not isinstance(node.targets[0], ast.Name):
                continue
            value = node.value
            if isinstance(value, ast.Call):  # "a b c".split()
                value = value.func.value if isinstance(value.func, ast.Attribute) else value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                assert node.lineno == node.end_lineno, (v.name, lines[node.lineno - 1])
                assert lines[node.lineno - 1].startswith(f"{node.targets[0].id} = "), v.name


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


def test_word_pick_is_won_round_by_round_with_its_hint_and_a_wrong_answer_ends_it() -> None:
    from engine.seed_envs import play_in_process

    v = generate_variants(3, seed=0, families=("word_pick",), rename=False)[0]
    ok, observations, actions = play_variant(v, 5, hinted=True)
    ns: dict[str, object] = {}
    exec(compile(v.source, v.name, "exec"), ns)
    assert ok and len(actions) == ns["ROUNDS"]
    # each answer is the hinted end of the list it answers: a word the observation showed
    for obs, action in zip(observations, actions, strict=False):
        listed = obs.rsplit("[", 1)[1].split("]")[0].split(",")
        assert action == listed[v.params["slot"]]
    lost, obs_lost, acts_lost = play_in_process(v.source, lambda o: "nonsense", 5)
    assert not lost and len(acts_lost) == 1


def test_one_packed_episode_sample_carries_every_turn_sample() -> None:
    from actors.agent import build_messages
    from engine.inference import chat_ids, ensure_tiny_model, load_tokenizer
    from engine.variants import episode_sample

    tok = load_tokenizer(ensure_tiny_model())
    v = generate_variants(3, seed=0, families=("word_pick",), rename=False)[0]
    _ok, observations, actions = play_variant(v, 9, hinted=True)
    packed = episode_sample(tok, v.description, [], v.hint, observations, actions, "g")
    targets = []
    for t, action in enumerate(actions):
        prompt = chat_ids(
            tok, build_messages(v.description, [], v.hint, observations[: t + 1], actions[:t])
        )
        target = list(tok.encode(action, add_special_tokens=False)) + [tok.eos_token_id]
        # the turn's own sample (prompt, target) is a prefix of the packed one, target masked
        assert list(packed.input_ids[: len(prompt) + len(target)]) == prompt + target
        assert packed.loss_mask[len(prompt) : len(prompt) + len(target)] == [1] * len(target)
        targets += target
    assert [i for i, m in zip(packed.input_ids, packed.loss_mask, strict=True) if m] == targets


def test_primer_lines_answer_with_the_word_their_own_hint_names() -> None:
    from engine.inference import ensure_tiny_model, load_tokenizer
    from engine.variants import primer_samples

    tok = load_tokenizer(ensure_tiny_model())
    ends: collections.Counter[str] = collections.Counter()
    for s in primer_samples(tok, 8, rng=random.Random(0), lines=4):
        text = tok.decode(s.input_ids)
        answers = tok.decode(
            [i for i, m in zip(s.input_ids, s.loss_mask, strict=True) if m]
        ).split()
        rows = text.strip().split("\n")
        hints, lists = rows[0::2], rows[1::2]
        assert len(hints) == len(lists) == len(answers) == 4
        for hint, line, answer in zip(hints, lists, answers, strict=True):
            assert hint.startswith("Hint: ")
            ordinal = "first" if " first word" in hint else "last"
            assert f" {ordinal} word" in hint
            words = line.split("[")[1].split("]")[0].split(",")
            assert line.endswith("-> " + answer)
            assert answer == (words[0] if ordinal == "first" else words[-1])
            ends[ordinal] += 1
    # ordinals are drawn per line, so no line can be answered from the lines before it
    assert ends["first"] > 0 and ends["last"] > 0


def test_a_packed_episode_needs_an_observation_before_every_action() -> None:
    from engine.inference import ensure_tiny_model, load_tokenizer
    from engine.variants import episode_sample

    tok = load_tokenizer(ensure_tiny_model())
    with pytest.raises(ValueError, match="2 actions need as many observations, got 1"):
        episode_sample(tok, "d", [], "", ["o1"], ["a1", "a2"], "g")


def test_hint_samples_answer_by_the_hint_and_their_examples_carry_no_rule() -> None:
    from engine.inference import ensure_tiny_model, load_tokenizer
    from engine.variants import _PICK_HINTS, generate_variants, hint_samples

    tok = load_tokenizer(ensure_tiny_model())
    variants = generate_variants(12, seed=0, families=("word_pick", "caesar"), rename=False)
    hints = {
        h.format(ordinal=o): slot for h in _PICK_HINTS for slot, o in ((0, "first"), (-1, "last"))
    }
    example_picks: collections.Counter[tuple[int, str]] = collections.Counter()
    seen: collections.Counter[str] = collections.Counter()
    for s in hint_samples(tok, variants, 60, rng=random.Random(0)):
        text = tok.decode(s.input_ids)
        hint = text.split("Hint: ")[1].split("\n")[0]
        slot = hints[hint]
        answers = tok.decode([i for i, m in zip(s.input_ids, s.loss_mask, strict=True) if m])
        answers_list = [a for a in answers.split("<|im_end|>") if a]
        rounds = [r.split("[")[1].split("]")[0].split(",") for r in text.split("Round ")[1:]]
        assert 3 <= len(rounds) == len(answers_list) <= 8
        for words, answer in zip(rounds, answers_list, strict=True):
            assert answer == words[slot]
        sizes = set()
        for line in text.split("\n"):
            if line.startswith("Example: "):
                words = line.split("[")[1].split("]")[0].split(",")
                sizes.add(len(words))
                pick = line.rsplit("-> ", 1)[1]
                example_picks[(slot, "first" if pick == words[0] else "last")] += 1
        stated = text.split(" rounds; a wrong answer")[0].rsplit("There are ", 1)[-1]
        seen["no round count" if len(stated) > 1 else "count disagrees"] += len(stated) > 1 or int(
            stated
        ) != len(rounds)
        seen["example size differs"] += sizes != {len(rounds[0])}
        seen[hint.split(" the ")[0]] += 1
    # the examples pick either end whatever the rule: they tell the Agent nothing
    assert all(example_picks[(slot, end)] > 0 for slot in (0, -1) for end in ("first", "last"))
    # what the Designer recombines varies on its own: the round count the description states
    # (or none), the examples' list size, the hint's wording
    assert all(seen[k] > 0 for k in ("no round count", "count disagrees", "example size differs"))
    assert len([k for k in seen if k.endswith(("key is always", "Answer with", "Look at"))]) == 3
    assert (
        hint_samples(tok, [v for v in variants if v.family == "caesar"], 5, rng=random.Random(0))
        == []
    )


def test_hint_samples_in_varied_forms_answer_the_hinted_end_of_each_challenge_list() -> None:
    """``forms=True``: every challenge and example form appears, lists of 2-6, each answer
    the hinted end of its round's list; the default keeps word_pick's one form."""
    from engine.inference import ensure_tiny_model, load_tokenizer
    from engine.variants import (
        _CHALLENGE_FORMS,
        _EXAMPLE_FORMS,
        _PICK_HINTS,
        generate_variants,
        hint_samples,
    )

    tok = load_tokenizer(ensure_tiny_model())
    variants = generate_variants(6, seed=0, families=("word_pick",), rename=False)
    hints = {
        h.format(ordinal=o): slot for h in _PICK_HINTS for slot, o in ((0, "first"), (-1, "last"))
    }

    def pattern(form: str) -> str:
        out = re.escape(form)
        for field, fill in (("words", r"[^\]]+"), ("pick", r"\w+"), ("rounds", r"\d+")):
            out = out.replace(re.escape("{" + field + "}"), fill)
        return out.replace(re.escape("{round}"), r"\d+")

    challenge = {f: pattern(f) for f in _CHALLENGE_FORMS}
    example = {f: pattern(f) for f in _EXAMPLE_FORMS}
    forms: collections.Counter[str] = collections.Counter()
    sizes: set[int] = set()
    for s in hint_samples(tok, variants, 150, rng=random.Random(1), forms=True):
        text = tok.decode(s.input_ids)
        slot = hints[text.split("Hint: ")[1].split("\n")[0]]
        answers = tok.decode([i for i, m in zip(s.input_ids, s.loss_mask, strict=True) if m])
        turns = text.split("<|im_start|>user\n")[1:]
        assert len(turns) == len([a for a in answers.split("<|im_end|>") if a])
        for turn, answer in zip(turns, [a for a in answers.split("<|im_end|>") if a], strict=True):
            line = turn.split("<|im_end|>")[0].split("\n")[-1]
            words = line.rsplit("[", 1)[1].split("]")[0].split(",")
            sizes.add(len(words))
            assert answer == words[slot]
        first = turns[0].split("<|im_end|>")[0].split("\n")
        forms.update(f for f in challenge if re.fullmatch(challenge[f], first[-1]))
        forms.update(f for f in example if re.fullmatch(example[f], first[0]))
    assert len(forms) == len(_CHALLENGE_FORMS) + len(_EXAMPLE_FORMS), forms
    assert sizes == {2, 3, 4, 5, 6}
    plain = hint_samples(tok, variants, 20, rng=random.Random(1))
    assert all("-> ?" in tok.decode(s.input_ids) for s in plain)
    assert all("e.g." not in tok.decode(s.input_ids) for s in plain)


@pytest.mark.parametrize("rename", [False, True])
def test_recombined_word_pick_programs_mix_descriptions_and_sizes_and_still_play(
    rename: bool,
) -> None:
    from engine.variants import generate_variants, play_variant, recombine_word_pick

    variants = generate_variants(12, seed=12345, families=("word_pick",), rename=rename)
    recombined = recombine_word_pick(variants)
    assert len(recombined) == len(variants)
    for v, r in zip(variants, recombined, strict=True):
        ns: dict[str, object] = {}
        exec(compile(r.source, r.name, "exec"), ns)
        assert ns["DESCRIPTION"] == r.description != v.description
        # another wording, and a round count other than the one it plays
        assert r.description.split(" There are ")[0] != v.description.split(" There are ")[0]
        assert f"There are {ns['ROUNDS']} rounds" not in r.description
        assert ns["HINT"] == v.hint and ns["_SLOT"] == v.params["slot"]
        obs = ns["Env"]().reset(seed=3)[0].split("\n")  # type: ignore[operator]
        example, challenge = (len(line.split("[")[1].split(",")) for line in (obs[0], obs[2]))
        assert example != challenge
        assert play_variant(r, 7, hinted=True)[0]
    with pytest.raises(ValueError, match="two word_pick variants or more, got 1"):
        recombine_word_pick(variants[:1])
    broken = msgspec.structs.replace(variants[0], source=variants[0].source.replace("ex1", "e1"))
    with pytest.raises(ValueError, match="no examples line of word_pick's"):
        recombine_word_pick([broken, variants[1]])


def test_wide_pool_holds_thousands_of_words_and_none_excluded_or_of_word_picks_pool() -> None:
    from engine.variants import _POOL, wide_pool

    passages = ["The Parser reads a token stream; every token is checked.", "apple stream"]
    pool = wide_pool(passages, seed=3, pseudo=500, exclude={"apple", "every"})
    assert pool == tuple(sorted(set(pool)))
    assert {"reads", "token", "stream", "checked"} <= set(pool)  # lowercase, 4-8 letters
    assert "parser" not in pool and "Parser" not in pool  # a capital: a name, not taken
    assert "apple" not in pool and "every" not in pool  # excluded
    assert "the" not in pool  # shorter than 4 letters
    assert not set(pool) & set(_POOL)
    assert len(pool) > 400  # the made-up words, few repeats
    assert pool == wide_pool(passages, seed=3, pseudo=500, exclude={"apple", "every"})
    assert pool != wide_pool(passages, seed=4, pseudo=500, exclude={"apple", "every"})


_MADE_UP = ["zobalin", "kesuvar", "tidomen", "lupirast", "ganomel", "serivok", "madurel"]


def _sampled_lists(pool: list[str]) -> list[list[str]]:
    """The bracketed word lists of 3 primer samples and 3 hint-only episodes drawn from
    ``pool``, one list of words per bracket."""
    from engine.inference import ensure_tiny_model, load_tokenizer
    from engine.variants import generate_variants, hint_samples, primer_samples

    tok = load_tokenizer(ensure_tiny_model())
    variants = generate_variants(4, seed=0, families=("word_pick",), rename=False)
    samples = primer_samples(tok, 3, rng=random.Random(0), pool=pool)
    samples += hint_samples(tok, variants, 3, rng=random.Random(0), pool=pool)
    texts = [tok.decode(s.input_ids) for s in samples]
    return [part.split("]")[0].split(",") for text in texts for part in text.split("[")[1:]]


def test_primer_and_hint_samples_draw_their_lists_from_the_pool_given() -> None:
    lists = _sampled_lists(_MADE_UP)
    assert lists and all(set(words) <= set(_MADE_UP) for words in lists), lists


def test_wide_pool_refuses_one_string_as_its_exclude() -> None:
    """``exclude="apple"`` excluded the letters a, p, l, e and kept "apple"."""
    from engine.variants import wide_pool

    with pytest.raises(TypeError, match="exclude"):
        wide_pool(["apple table"], pseudo=0, exclude="apple")
    assert wide_pool(["apple table"], pseudo=0, exclude=["apple"]) == ("table",)


def test_primer_and_hint_lists_never_repeat_a_word_even_from_a_weighted_pool() -> None:
    """``bench learning --agent-words wide`` weights word_pick's 76 words by listing each 20
    times (``agent_words``); ``rng.sample`` then draws one word twice in ~0.75 % of lists
    (first == last in ~0.08 %), lists word_pick itself never shows."""
    lists = _sampled_lists(_MADE_UP * 20)
    assert lists
    for words in lists:
        assert len(set(words)) == len(words), words


def test_distinct_words_draws_what_sample_draws_from_a_pool_without_repeats() -> None:
    """The default pool's draws (every recorded run) are unchanged by the repeat check."""
    from engine.variants import _POOL, _distinct_words

    for seed in range(50):
        for k in (4, 5, 6):
            assert _distinct_words(random.Random(seed), _POOL, k) == random.Random(seed).sample(
                _POOL, k
            )


@pytest.mark.parametrize("pool", [["ab", "cd", "ef", "gh", "ij"], ["ab"] * 40, "abcdefghij"])
def test_primer_and_hint_samples_name_a_pool_too_small_for_a_list(pool: object) -> None:
    """Lists hold up to 6 words: a smaller pool (or one string) is refused by name, not with
    random.sample's bare 'Sample larger than population'."""
    from engine.inference import ensure_tiny_model, load_tokenizer
    from engine.variants import generate_variants, hint_samples, primer_samples

    tok = load_tokenizer(ensure_tiny_model())
    variants = generate_variants(2, seed=0, families=("word_pick",), rename=False)
    with pytest.raises(ValueError, match="primer_samples: pool must hold at least 6"):
        primer_samples(tok, 1, rng=random.Random(0), pool=pool)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="hint_samples: pool must hold at least 6"):
        hint_samples(tok, variants, 1, rng=random.Random(0), pool=pool)  # type: ignore[arg-type]


def test_primer_bare_answers_copy_the_words_own_tokens_from_lists_of_the_sizes_given() -> None:
    """``bare=True`` answers ``"->wk"``: the answer's tokens are the tokens the word has in
    the list (an identity copy, as in the Agent's chat answers); the default ``" " + wk``
    cuts a word another way. ``sizes`` bounds the words a list, both ends drawn."""
    from engine.inference import ensure_tiny_model, load_tokenizer
    from engine.variants import primer_samples

    tok = load_tokenizer(ensure_tiny_model())
    pool = ["apple", "bread", "zorbix", "quantel", "mirrowd"]  # multi-token words
    seen_sizes = set()
    for bare in (True, False):
        for s in primer_samples(
            tok, 6, rng=random.Random(1), lines=4, pool=pool, sizes=(2, 3), bare=bare
        ):
            ids, mask = list(s.input_ids), list(s.loss_mask)
            starts = [i for i in range(len(mask)) if mask[i] and (i == 0 or not mask[i - 1])]
            for start in starts:
                end = start
                while end < len(mask) and mask[end]:
                    end += 1
                answer = ids[start:end]
                line = tok.decode(ids[:start]).split("\n")[-1]
                assert line.endswith("] ->")
                words = line.split("[")[1].split("]")[0].split(",")
                seen_sizes.add(len(words))
                word = tok.decode(answer)
                if bare:
                    assert word in (words[0], words[-1])
                    assert answer == tok.encode(word, add_special_tokens=False)
                    listed = ids[start - len(tok.encode(line, add_special_tokens=False)) : start]
                    assert any(listed[j : j + len(answer)] == answer for j in range(len(listed))), (
                        word,
                        line,
                    )
                else:
                    assert word[0] == " " and word[1:] in (words[0], words[-1])
    assert seen_sizes == {2, 3}


def test_primer_sizes_are_checked_against_the_pool_and_each_other() -> None:
    from engine.inference import ensure_tiny_model, load_tokenizer
    from engine.variants import primer_samples

    tok = load_tokenizer(ensure_tiny_model())
    three = ["ab", "cd", "ef"]
    assert primer_samples(tok, 1, rng=random.Random(0), pool=three, sizes=(2, 3))
    with pytest.raises(ValueError, match="at least 6 different words \\(lists have 4-6\\)"):
        primer_samples(tok, 1, rng=random.Random(0), pool=three)
    with pytest.raises(ValueError, match="sizes"):
        primer_samples(tok, 1, rng=random.Random(0), pool=three, sizes=(3, 2))


def test_word_pick_programs_can_list_any_pool_and_speak_in_the_agent_stages_forms() -> None:
    """``pick_pool``/``pick_forms``: the programs' word tables come from the pool given and
    their example and challenge lines from the Agent stage's forms, and every program is still
    won by its hint and lost without it (the solver reads the last bracketed list)."""
    from engine.variants import _CHALLENGE_FORMS, _POOL, recombine_word_pick

    pool = [f"w{'abcdefghij'[i % 10]}{'klmnopqrst'[i // 10]}x" for i in range(60)]
    vs = generate_variants(
        40, seed=2, families=("word_pick",), rename=False, pick_pool=pool, pick_forms=True
    )
    firsts = collections.Counter()
    for v in vs + recombine_word_pick(vs):
        table = re.search(r'^_WORDS = "([a-z ]+)"\.split\(\)$', v.source, re.MULTILINE)
        assert table is not None, v.name
        assert set(table.group(1).split()) <= set(pool)
        assert not set(table.group(1).split()) & set(_POOL)
        for seed in (1, 2):
            won, obs, _ = play_variant(v, seed, hinted=True)
            assert won, v.name
            assert not play_variant(v, seed, hinted=False)[0] or "," not in obs[0]
        first = play_variant(v, 3, hinted=True)[1][0].splitlines()
        assert len(first) == 3  # two examples and the challenge
        firsts[next(i for i, f in enumerate(_CHALLENGE_FORMS) if f.split("{")[0] in first[2])] += 1
    # the forms vary: more than half of the seven challenge forms appear in 80 programs
    assert len(firsts) >= 4, firsts
    # the default programs are the recorded runs' (one form, word_pick's pool)
    plain = generate_variants(5, seed=2, families=("word_pick",), rename=False)
    assert all("Round 1 of {ROUNDS}: {self._challenge()} -> ?" in v.source for v in plain)


@pytest.mark.parametrize(
    ("pool", "named"),
    [
        (["river"] * 20, "at least 18 different words"),
        (["River", *[f"w{c}" for c in "abcdefghijklmnopqrst"]], "a-z only, got 'River'"),
        ([*[f"w{c}" for c in "abcdefghijklmnopqrst"], "two,words"], "a-z only, got 'two,words'"),
    ],
)
def test_a_pick_pool_too_small_or_not_lowercase_letters_is_refused(
    pool: list[str], named: str
) -> None:
    with pytest.raises(ValueError, match=f"generate_variants.*pick_pool.*{re.escape(named)}"):
        generate_variants(3, families=("word_pick",), pick_pool=pool)
