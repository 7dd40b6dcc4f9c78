"""gostop.play.session: a person against bots without a screen."""

from __future__ import annotations

import re

import pytest
from scripted import SCRIPTED_SEED, ScriptedPlayer

import gostop.play.session as session_mod
from gostop.match import load_match_record, replay_match
from gostop.play.guide import card_guide, rules_text
from gostop.play.session import ChoiceError, Session, Settings, bot_spec_for_level, saved_summary
from gostop.play.store import Store
from gostop.play.view import table_view
from gostop.rules import get_preset


def _play_out(s: Session, player: ScriptedPlayer, limit: int = 2000) -> None:
    for _ in range(limit):
        if s.pending:
            if s.over and len(s.pending) == 1:
                return
            s.acknowledge()
            continue
        if s.over:
            return
        prompt = s.prompt()
        assert prompt is not None, "nobody to move"
        s.choose(player.key(prompt))
    raise AssertionError("the match did not end")


def test_scripted_hand_shakes_surrenders_goes_and_stops(store: Store, player: ScriptedPlayer) -> None:
    s = Session.start(Settings(seed=SCRIPTED_SEED, level="easy", hands=1), store)
    _play_out(s, player)
    assert {"shake", "surrender", "go-stop"} <= set(player.stages)
    assert s.over and len(s.summaries) == 1
    summary = s.summaries[0]
    assert summary.winner == "You" and summary.you_delta > 0
    assert "How it was paid:" in summary.steps
    assert any("Minji pays" in step for step in summary.steps)  # opp1 is named
    assert any("Shaking 흔들기: ×2" in step for step in summary.steps)  # the shake doubled it (SHAKE-2)
    assert "1 go: +1 chip, so each loser starts from 12 chips." in [step.strip() for step in summary.steps]
    for step in summary.steps:  # plain words: no rule letters, no rule IDs, no raw lists
        assert not re.search(r"\bMi?\b|RULES\.md|[A-Z]+-\d+|\[\d+, \d+\]|opp\d", step), step
    assert s.archived_to is not None and not store.has_saved()
    replayed = replay_match(load_match_record(s.archived_to))
    assert replayed.ledger.totals == s.match.ledger.totals


def test_go_stop_prompt_shows_what_a_stop_pays(store: Store, player: ScriptedPlayer) -> None:
    s = Session.start(Settings(seed=SCRIPTED_SEED, level="easy", hands=1), store)
    promised: list[int] = []
    while not s.pending:
        prompt = s.prompt()
        assert prompt is not None
        if prompt.stage == "go-stop":
            line = next(i for i in prompt.info if i.startswith("Stop now: you win"))
            promised.append(int(line.split()[4]))
            assert any(i.startswith("Go: play on") for i in prompt.info)
        s.choose(player.key(prompt))
    assert len(promised) == 2
    assert s.pending[0].you_delta == promised[-1]


def test_a_match_of_several_hands_ends_with_balanced_standings(store: Store, player: ScriptedPlayer) -> None:
    s = Session.start(Settings(seed=5, level="normal", hands=3), store)
    _play_out(s, player)
    assert s.match.hands_played == 3 and len(s.summaries) == 3
    assert sum(st.chips for st in s.match.standings) == 0
    assert table_view(s).over


@pytest.mark.parametrize("players", [3, 5])
def test_three_player_and_gwangpalli_tables_play_to_the_end(store: Store, player: ScriptedPlayer, players: int) -> None:
    s = Session.start(Settings(players=players, seed=11, level="easy", hands=2), store)
    _play_out(s, player)
    assert s.over and s.match.hands_played == 2
    assert sum(st.chips for st in s.match.standings) == 0


def test_prompt_accepts_key_action_or_card_and_explains_mistakes(store: Store) -> None:
    s = Session.start(Settings(seed=1, level="easy", hands=1), store)
    prompt = s.prompt()
    assert prompt is not None and prompt.stage == "main"
    keys = [c.key for c in prompt.choices]
    assert len(keys) == len(set(keys))
    card = prompt.choices[2].card
    assert card is not None
    assert prompt.find(card.code) is prompt.choices[2]
    assert prompt.find(prompt.choices[1].action) is prompt.choices[1]
    with pytest.raises(ChoiceError, match=r"Keys: \[1\] \S+ .* \| \[2\] "):
        prompt.find("zz")
    assert prompt.find(card.code.lower()) is prompt.choices[2]  # 03b is 03B
    with pytest.raises(ChoiceError):
        s.choose("zz")


def test_markers_on_playable_cards(store: Store) -> None:
    s = Session.start(Settings(seed=1, level="easy", hands=1), store)
    prompt = s.prompt()
    assert prompt is not None
    marked = {c.card.code for c in prompt.choices if c.card is not None and "captures" in c.marks}
    layout_months = {p.month for p in table_view(s).layout}
    playable = {c.card.code: c.card.month for c in prompt.choices if c.card is not None}
    assert marked == {code for code, month in playable.items() if month in layout_months}


def test_resume_continues_where_it_stopped(store: Store, player: ScriptedPlayer) -> None:
    s = Session.start(Settings(seed=SCRIPTED_SEED, level="easy", hands=1), store)
    for _ in range(3):
        prompt = s.prompt()
        assert prompt is not None
        s.choose(player.key(prompt))
    history = list(s.match.history)
    assert store.has_saved()
    saved = saved_summary(store)
    assert saved is not None and saved.readable and "1 bot (easy)" in saved.text
    again = Session.resume(store)
    assert list(again.match.history) == history
    assert again.prompt() == s.prompt()
    assert again.log[0].text.startswith("Resumed")


def test_level_falls_back_to_random(monkeypatch: pytest.MonkeyPatch) -> None:
    assert bot_spec_for_level("hard") == ("search:infer=0.7:infer_players=3:exclude=0.0:opponents=greedy:model_prune=0.0", None)
    monkeypatch.setattr(session_mod, "LEVELS", {"easy": "greedy"})
    spec, note = bot_spec_for_level("hard")
    assert spec == "random" and note is not None and "random" in note


def test_bad_settings_are_explained() -> None:
    with pytest.raises(ValueError, match="levels: easy, normal, instinct, hard"):
        Settings(level="genius").check()
    with pytest.raises(ValueError, match="players must be 2 to 7"):
        Settings(players=9).check()
    with pytest.raises(ValueError, match="unknown knob|did you mean"):
        Settings(overrides={"stop_targt": 5}).check()


def test_help_texts_follow_the_rules() -> None:
    guide = card_guide(get_preset("pagat"))
    assert all(code in guide for code in ("01B", "09A", "11D", "12D", "12R", "JK2", "JK3"))
    assert "godori bird" in guide and "hong-dan" in guide
    assert "With 7 points or more" in rules_text(get_preset("pagat"), 2)
    five = get_preset("pagat").with_overrides(stop_target_two_player=5)
    assert "With 5 points or more" in rules_text(five, 2)
    assert "shots" in rules_text(get_preset("goo-stupe"), 2)
