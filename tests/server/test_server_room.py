"""The room logic without sockets: views, previews, table decisions of bots, replay."""

from __future__ import annotations

import random

import pytest

from gostop.server.room import Room, RoomConfig, RoomError, SeatConfig, event_cards


def _config(n: int, preset: str = "pagat", hands: int = 3) -> RoomConfig:
    cfg = RoomConfig(seats=[SeatConfig("human", name=f"P{i}", status="taken") for i in range(n)], preset=preset, hands=hands)
    cfg.check()
    return cfg


def test_decider_view_has_previews_and_stop_preview_others_do_not() -> None:
    rng = random.Random(3)
    saw_stop = saw_play = False
    for seed in range(40):
        room = Room("r", _config(2), seed)
        while not room.over and not saw_stop:
            seat = room.decider()
            assert seat is not None
            view = room.view(seat)
            other = room.view(1 - seat)
            assert view["to_move"] and not other["to_move"] and other["legal"] == [] and other["stop_preview"] is None
            for entry in view["legal"]:
                if entry["kind"] == "play":
                    saw_play = True
                    p = entry["preview"]
                    assert p["kind"] in ("none", "one", "choice", "stack", "joker")
                    assert set(p["targets"]) <= set(view["hand"]["layout"])  # GEN-3: only layout cards
            if view["hand"] is not None and view["hand"]["stage"] == "go-stop":
                sp = view["stop_preview"]
                probe = room.match.hand.clone()  # type: ignore[union-attr]
                probe.apply("stop")
                assert sp["total"] == probe.result.settlement.total  # type: ignore[union-attr]
                assert sp["steps"] and view["go_warnings"]
                saw_stop = True
                break
            room.apply(seat, rng.choice(room.legal_texts()))
        if saw_stop:
            break
    assert saw_play and saw_stop


def test_spectator_view_has_no_hand_card_and_private_events_are_redacted() -> None:
    room = Room("r", _config(3), 11)
    seat = room.decider()
    assert seat is not None
    spectator = room.view(None)
    assert spectator["hand"]["hand"] == [] and spectator["legal"] == []
    hands = [set(c.code for c in room.match.hand.hand_cards(s)) for s in range(3)]  # type: ignore[union-attr]
    everyone = set().union(*hands)
    assert not (event_cards(spectator["hand"]) & everyone)
    before = tuple(room.match.hand_seats)  # type: ignore[union-attr]
    events = room.apply(seat, room.legal_texts()[0])
    for viewer in (None, 0, 1, 2):
        for e in room.events_for(viewer, events, before):
            ev = e.get("event")
            if ev and ev["type"] in ("deal", "draw") and ev["seat"] != viewer:
                assert ev["cards"] == []


def test_replaying_the_actions_rebuilds_the_same_room() -> None:
    rng = random.Random(5)
    room = Room("r", _config(5, "pagat", hands=1), 21)
    while not room.over:
        seat = room.decider()
        assert seat is not None
        room.apply(seat, room.bot_action(seat) if seat % 2 else rng.choice(room.legal_texts()))
    again = Room("r", room.config, 21, room.actions)
    assert again.record() == room.record() and again.over


def test_bots_take_table_decisions_through_the_agents() -> None:
    cfg = RoomConfig(seats=[SeatConfig("bot", "normal") for _ in range(5)], preset="pagat", hands=1, cut=True)
    cfg.check()
    room = Room("r", cfg, 4)
    kinds = set()
    while not room.over and len(room.actions) < 400:
        seat = room.decider()
        assert seat is not None
        action = room.bot_action(seat)
        assert action in room.legal_texts()
        kinds.add(action.split()[0])
        room.apply(seat, action)
    assert {"no-cut", "stay"} & kinds or "cut" in kinds
    assert kinds & {"stay", "drop"}, "gwangpalli announcements were asked of the bots"


def test_bad_rooms_are_refused_with_a_reason() -> None:
    with pytest.raises(RoomError, match="2 to 7"):
        RoomConfig(seats=[SeatConfig("human")]).check()
    with pytest.raises(RoomError, match="preset"):
        RoomConfig(seats=[SeatConfig("human")] * 2, preset="nope").check()
    with pytest.raises(RoomError, match="knob|unknown"):
        RoomConfig(seats=[SeatConfig("human")] * 2, rules={"zzz": 1}).check()
    with pytest.raises(RoomError):
        RoomConfig(seats=[SeatConfig("human")] * 2, hands=None).check()
    with pytest.raises(RoomError):
        RoomConfig(seats=[SeatConfig("human")] * 8).check()


def test_players_with_the_same_name_get_numbers() -> None:
    cfg = RoomConfig(seats=[SeatConfig("human", name="You", status="taken"), SeatConfig("human", name="you", status="taken"),
                            SeatConfig("human", name="Minji", status="taken"), SeatConfig("bot", "easy")], hands=1)
    cfg.check()
    assert [p.name for p in cfg.players()] == ["You", "you 2", "Minji", "Minji 2"]
    assert Room("r", cfg, 1).started


def test_settlements_reach_players_in_plain_words() -> None:
    """The stop preview and a finished hand carry ``plain_steps``: the settlement in words,
    without the record authors' formulas (no M / Mi, no raw payment lists, no rule IDs)."""
    import re

    jargon = re.compile(r"\bMi?\b|payments \[|RULES|PAY-|LIAB-|opp\d")
    rng = random.Random(11)
    preview_seen = hand_seen = False
    for seed in range(60):
        room = Room("r", _config(2, hands=1), seed)
        while not room.over:
            seat = room.decider()
            assert seat is not None
            view = room.view(seat)
            sp = view["stop_preview"]
            if sp is not None and sp["plain_steps"]:
                preview_seen = True
                assert not [s for s in sp["plain_steps"] if jargon.search(s)], sp["plain_steps"]
                assert any(str(sp["total"]) in s for s in sp["plain_steps"])
            room.apply(seat, rng.choice(room.legal_texts()))
        last = room.view(0).get("last_hand")
        if last and last["plain_steps"]:
            hand_seen = True
            assert not [s for s in last["plain_steps"] if jargon.search(s)], last["plain_steps"]
        if preview_seen and hand_seen:
            break
    assert preview_seen and hand_seen


@pytest.mark.parametrize(("preset", "unit"), [("pagat", "chips"), ("goo-stupe", "shots")])
def test_the_view_says_what_the_match_is_paid_in(preset: str, unit: str) -> None:
    """GOO-1: goo-stupe is paid in shots. The view says so as a fact (``match.unit``), and every
    player's running shots ride beside the chips, so the page shows the right tally."""
    room = Room("r", _config(3, preset=preset, hands=2), 5)
    room.start()
    for _ in range(2000):
        if room.over or (room.match is not None and room.match.hands_played):
            break
        seat = room.decider()
        assert seat is not None
        legal = room.legal_texts()
        room.apply(seat, "stop" if "stop" in legal else legal[0])
    view = room.view(0)
    assert view["match"]["unit"] == unit
    m = room.match
    assert m is not None and m.hands_played >= 1
    assert [p["shots"] for p in view["players"]] == list(m.ledger.shot_totals)
    assert [p["chips"] for p in view["players"]] == list(m.ledger.totals)
    if unit == "shots":
        assert sum(m.ledger.shot_totals) > 0 and not any(m.ledger.totals)


def test_go_warnings_on_the_final_turn_name_no_go_bak_and_the_real_nagari_factor() -> None:
    """GOSTOP-6: a go on the final turn can only end in a nagari, so the web view's warnings are
    the terminal game's (play/session.py): no go-bak risk there, and the nagari factor after the
    nagari before this hand (MATCH-5). The server once left ``last_turn`` out."""
    from gostop.words import go_warnings_text

    rng = random.Random(5)
    final = other = 0
    for seed in range(60):
        room = Room("g", _config(2, hands=4), seed)
        while not room.over and final < 3:
            seat = room.decider()
            assert seat is not None
            view = room.view(seat)
            hand = room.match.hand if room.match is not None else None
            if hand is not None and view["hand"] is not None and view["hand"]["stage"] == "go-stop":
                sp = hand.stop_preview()
                obs = hand.observation(view["hand_seat"])
                hs = view["hand_seat"]
                no_turn_left = not sp.final_turn_nagari and obs.hand_sizes[hs] == 0 and obs.skip_allowance[hs] == 0
                wanted = go_warnings_text(room.rules, obs.players, obs.goes[hs], obs.stop_points[hs],
                                          last_turn=sp.final_turn_nagari, stop_total=sp.total,
                                          no_turn_left=no_turn_left, nagari_before=obs.nagari_before)
                assert view["go_warnings"] == list(wanted)
                if sp.final_turn_nagari:
                    final += 1
                    assert not any("go-bak" in w.lower() for w in view["go_warnings"]), view["go_warnings"]
                else:
                    other += 1
            legal = room.legal_texts()
            room.apply(seat, "go" if "go" in legal else rng.choice(legal))
        if final >= 3:
            break
    assert final >= 3 and other >= 3, (final, other)


@pytest.mark.parametrize(("n", "preset", "seeds"), [(2, "pagat", (8,)), (3, "pagat", (4, 18, 28)), (2, "goo-stupe", (5, 102))])
def test_a_stack_preview_says_who_gives_junk_and_who_has_none(n: int, preset: str, seeds: tuple[int, ...]) -> None:
    """The preview text of a card that takes a stack says the junk it takes too (EVT-4 to
    EVT-6), from whom, and who has none to give (``Preview.no_junk``, EVT-7; goo-stupe: a shot
    instead, GOO-12), the names as the page shows them; a card that takes no stack says
    nothing of junk."""
    seen: set[str] = set()
    for seed in seeds:  # (deals with a stack of each kind, found by playing seeds from 0 up)
        room = Room("r", _config(n, preset, hands=1), seed)
        rng = random.Random(seed)
        while not room.over:
            seat = room.decider()
            assert seat is not None
            for lang in ("en", "ko"):
                for entry in room.view(seat, lang=lang)["legal"]:
                    p = entry.get("preview")
                    if entry["kind"] != "play" or p is None:
                        continue
                    text = p["text"]
                    if not p["steals"]:
                        assert "junk from" not in text and "피 1장" not in text, text
                        continue
                    if lang == "ko":  # (the junk said after the deed: "... 먹음 + 상대 피 1장")
                        assert "피" in text.split("먹음", 1)[-1], text
                        continue
                    if not p["no_junk"]:
                        seen.add("all")
                        assert "junk from" in text and "no junk" not in text, text
                    elif len(p["no_junk"]) == n - 1:
                        seen.add("none")
                        assert "junk from" not in text and ("takes a shot" in text) == (preset == "goo-stupe"), text
                    else:
                        seen.add("some")
                        names = room.names("en")
                        hs = room.match.hand_seats
                        assert all(names[hs[o]] in text for o in p["no_junk"]), text
            room.apply(seat, rng.choice(room.legal_texts()))
    assert seen >= ({"all", "none", "some"} if n == 3 else {"all", "none"}), seen
