"""The rules of a table, built in one place (gostop.table.setup) for the terminal game, the
server and the command line, within the limits of gostop.limits (MATCH-1)."""

from __future__ import annotations

import pytest

from gostop.agents import LEVELS
from gostop.cli.rules_input import select_rules
from gostop.limits import MAX_MATCH_HANDS, MAX_PLAY_HANDS, MAX_ROOM_HANDS, MAX_TARGET_CHIPS
from gostop.play.session import Settings
from gostop.rules import RulesError, get_preset
from gostop.server.room import Room, RoomConfig, RoomError, SeatConfig
from gostop.table import STANDBY_LEVEL, table_rules


def _room(**kw: object) -> RoomConfig:
    return RoomConfig(seats=[SeatConfig("human", name="A", status="taken"), SeatConfig("bot", "easy")], **kw)  # type: ignore[arg-type]


def test_the_match_length_MATCH_1() -> None:
    assert table_rules("pagat").match_hands == get_preset("pagat").match_hands
    r = table_rules("pagat-classic", hands=5)
    assert r.match_hands == 5 and r.match_target_chips is None
    r = table_rules("pagat", target_chips=40)
    assert r.match_target_chips == 40 and r.match_hands == get_preset("pagat").match_hands
    # a knob set by name wins over the shorthand: never silently replaced
    assert table_rules("pagat", {"match_hands": 7}, hands=3).match_hands == 7
    r = table_rules("pagat", {"match_target_chips": 30}, hands=3)
    assert (r.match_hands, r.match_target_chips) == (3, 30)


def test_the_three_faces_build_the_same_rules_object() -> None:
    knobs = {"go_scheme": "linear", "bomb_multiplier": 2}
    play = Settings(preset="blog", overrides=dict(knobs), hands=5).rules()
    room = _room(preset="blog", rules=dict(knobs), hands=5).build_rules()
    assert play is room  # equal rules are one object (the engine's tables are built once)
    cli = select_rules("blog", None, ["go_scheme=linear", "bomb_multiplier=2"])
    assert cli is table_rules("blog", knobs)
    assert cli.match_hands == get_preset("blog").match_hands and play.match_hands == 5


@pytest.mark.parametrize("hands", [0, -1, MAX_MATCH_HANDS + 1, True, "3", 2.5])
def test_hands_out_of_range_is_one_line(hands: object) -> None:
    with pytest.raises(RulesError) as err:
        table_rules("pagat", hands=hands)  # type: ignore[arg-type]
    text = str(err.value)
    assert "\n" not in text and text.startswith(f"hands must be 1 to {MAX_MATCH_HANDS}, got ")


def test_each_face_keeps_its_documented_limit() -> None:
    assert table_rules("pagat", hands=MAX_MATCH_HANDS).match_hands == MAX_MATCH_HANDS
    with pytest.raises(RulesError, match=f"hands must be 1 to {MAX_PLAY_HANDS}, got {MAX_PLAY_HANDS + 1}$"):
        table_rules("pagat", hands=MAX_PLAY_HANDS + 1, max_hands=MAX_PLAY_HANDS)
    # a face cannot go above the rules' own limit
    with pytest.raises(RulesError, match=f"hands must be 1 to {MAX_MATCH_HANDS}"):
        table_rules("pagat", hands=MAX_MATCH_HANDS + 1, max_hands=10 * MAX_MATCH_HANDS)
    Settings(hands=MAX_PLAY_HANDS).check()
    with pytest.raises(ValueError, match=f"hands must be 1 to {MAX_PLAY_HANDS}, got {MAX_PLAY_HANDS + 1}"):
        Settings(hands=MAX_PLAY_HANDS + 1).check()
    _room(hands=MAX_ROOM_HANDS).check()
    with pytest.raises(RoomError, match=f"hands must be 1 to {MAX_ROOM_HANDS}, got {MAX_ROOM_HANDS + 1}"):
        _room(hands=MAX_ROOM_HANDS + 1).check()


@pytest.mark.parametrize(
    ("kw", "fragment"),
    [
        ({"base": "pagta"}, "unknown preset 'pagta' (did you mean 'pagat'?)"),
        ({"overrides": {"stop_targt": 5}}, "stop_targt"),
        ({"overrides": {"match_hands": 0}}, "match_hands"),
        ({"target_chips": 0}, f"target_chips must be 1 to {MAX_TARGET_CHIPS}, got 0"),
        ({"target_chips": MAX_TARGET_CHIPS + 1}, "target_chips must be 1 to"),
    ],
)
def test_bad_choices_are_one_line_errors(kw: dict[str, object], fragment: str) -> None:
    with pytest.raises(RulesError) as err:
        table_rules(**kw)  # type: ignore[arg-type]
    assert fragment in str(err.value) and "\n" not in str(err.value)


def test_a_room_reports_a_bad_table_as_a_room_error() -> None:
    with pytest.raises(RoomError, match="unknown preset 'pagta'"):
        _room(preset="pagta").check()
    with pytest.raises(RoomError, match="stop_targt"):
        _room(rules={"stop_targt": 5}).check()


def test_the_standby_bot_of_a_room_is_the_standby_level() -> None:
    cfg = _room(hands=1)
    cfg.check()
    room = Room("s", cfg, 1)
    assert room.agent(0).spec == LEVELS[STANDBY_LEVEL]  # the human seat's standby bot
    assert room.agent(1).spec == LEVELS["easy"]
