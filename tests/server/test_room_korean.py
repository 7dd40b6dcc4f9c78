"""Every text for people in a room's view and events is said in the language asked
(docs/protocol.md "Language"): the same view in English and in Korean has the same texts, each
in its language, and no per-language twin field. Played without sockets, all seats people, by
a fixed policy."""

from __future__ import annotations

import json
import re
from typing import Any

from gostop.explain import settlement_lines
from gostop.server.room import Room, RoomConfig, SeatConfig
from gostop.words import go_warnings_text as go_warnings

HANGUL = re.compile(r"[\uac00-\ud7a3]")
CODES = re.compile(r"\b(?:\d\d[BARDJ]\d?|JK[123BXP](?:-\d+)?)\b")
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'-]*(?:[\s,:;.()]+[A-Za-z][A-Za-z'-]*){2,}")
NAMES = ("Ann", "Bo", "Cy")

#: Text fields of a view (where they are: a path of keys, "*" for every list entry).
TEXT_FIELDS = [
    ("stop_preview", "plain_steps"),
    ("", "go_warnings"),
    ("bak", "*", "text"),
    ("near_sets", "*", "label"),
    ("near_sets", "*", "where_text"),
    ("scores", "*", "items"),
    ("legal", "*", "preview", "text"),
    ("last_hand", "plain_steps"),
    ("last_hand", "reason_text"),
    ("over", "reason_text"),
]


def korean(text: str) -> bool:
    plain = CODES.sub(" ", text)
    for name in NAMES:
        plain = plain.replace(name, " ")
    return bool(HANGUL.search(text)) and not ENGLISH_RUN.search(plain)


def texts(view: dict[str, Any], path: tuple[str, ...]) -> list[Any]:
    """The values of one text field in a view."""
    objs: list[Any] = [view]
    *where, key = [p for p in path if p]
    for p in where:
        nxt: list[Any] = []
        for o in objs:
            if o is None:
                continue
            if p == "*":
                nxt.extend(o)
            else:
                nxt.append(o.get(p))
        objs = nxt
    return [o[key] for o in objs if isinstance(o, dict) and key in o]


def no_twins(message: dict[str, Any]) -> None:
    keys = re.findall(r'"([A-Za-z_]+)":', json.dumps(message))
    assert not [k for k in keys if k.endswith("_ko")]


def check_view(en_view: dict[str, Any], ko_view: dict[str, Any], seen: dict[str, int]) -> None:
    no_twins(en_view)
    no_twins(ko_view)
    for path in TEXT_FIELDS:
        for en, ko in zip(texts(en_view, path), texts(ko_view, path), strict=True):
            name = ".".join(p for p in path if p and p != "*")
            if isinstance(en, list):
                assert isinstance(ko, list) and len(ko) == len(en), (name, en, ko)
                pairs = list(zip(en, ko, strict=True))
            else:
                pairs = [(en, ko)]
            for e, k in pairs:
                if not e:
                    continue
                assert korean(k), (name, e, k)
                seen[name] = seen.get(name, 0) + 1


def policy(view: dict[str, Any]) -> str:
    legal = view["legal"]
    for kind in ("stop",):  # end hands soon: more settlements
        for e in legal:
            if e["kind"] == kind:
                return str(e["action"])
    for e in legal:
        if e["kind"] != "play":
            return str(e["action"])
    return str(legal[0]["action"])


def check_events(room: Room, events: list[Any], seats_before: tuple[int, ...], seen: dict[str, int]) -> None:
    for seat in (None, *range(len(room.config.seats))):
        en = room.events_for(seat, events, seats_before, "en")
        ko = room.events_for(seat, events, seats_before, "ko")
        no_twins({"events": ko})
        for e, k in zip(en, ko, strict=True):
            said = e.get("event", e)["type"]
            for key in ("text", "callout"):
                assert (e[key] is None) == (k[key] is None), (said, e[key], k[key])
                if k[key] is not None:
                    assert korean(k[key]), (said, e[key], k[key])
                    seen[f"events.{said}.{key}"] = seen.get(f"events.{said}.{key}", 0) + 1


def test_every_view_and_event_text_is_said_in_the_language_asked() -> None:
    seen: dict[str, int] = {}
    for players, seed in ((3, 1), (2, 2), (3, 3), (2, 4)):
        cfg = RoomConfig(seats=[SeatConfig("human", name=NAMES[i], status="taken") for i in range(players)], hands=2)
        cfg.check()
        room = Room("k", cfg, seed)
        while not room.over:
            seat = room.decider()
            assert seat is not None
            view = room.view(seat)
            check_view(view, room.view(seat, lang="ko"), seen)
            check_view(room.view(None), room.view(None, lang="ko"), seen)  # the spectators' view too
            if view["stop_preview"] is not None:
                hs = view["hand_seat"]
                obs = view["hand"]
                # the English texts are the terminal game's (the final turn and a seat with no
                # turn left said as such: test_server_room.py)
                sp = room.match.hand.stop_preview()  # type: ignore[union-attr]
                left = not sp.final_turn_nagari and obs["hand_sizes"][hs] == 0 and obs["skip_allowance"][hs] == 0
                assert view["go_warnings"] == list(go_warnings(
                    room.rules, obs["players"], obs["goes"][hs], obs["stop_points"][hs], last_turn=sp.final_turn_nagari,
                    stop_total=sp.total, no_turn_left=left, nagari_before=obs["nagari_before"]))
            last = room.last_result
            if last is not None and last.settlement is not None and view["last_hand"] is not None:
                assert view["last_hand"]["plain_steps"] == settlement_lines(
                    last.settlement,
                    [NAMES[view["last_hand"]["seats"][o]] for o in last.opponents],
                    last.context.goes if last.context is not None else 0,
                )
            seats_before = tuple(room.match.hand_seats) if room.match is not None else ()
            check_events(room, room.apply(seat, policy(view)), seats_before, seen)
    # every kind of text was met (the test plays enough to see each)
    wanted = {"stop_preview.plain_steps", "go_warnings", "bak.text", "near_sets.label", "near_sets.where_text",
              "scores.items", "legal.preview.text", "last_hand.plain_steps", "last_hand.reason_text", "events.play.text",
              "events.capture.text", "events.stop.text", "events.stop.callout", "events.settlement.text"}
    assert wanted <= set(seen), (wanted - set(seen), seen)


def test_the_empty_view_has_no_twin_either() -> None:
    cfg = RoomConfig(seats=[SeatConfig("human"), SeatConfig("bot", "easy")])
    cfg.check()
    view = Room("w", cfg, 1).view(None, lang="ko")
    assert view["go_warnings"] == []
    no_twins(view)
