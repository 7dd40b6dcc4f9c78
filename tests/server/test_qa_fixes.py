"""The server's side of the browser game's QA fixes: a refused rule change names the rule for
the page (``code``, ``knob``) and by its meaning in the sentence, never by its identifier; the
page says the request's first language (``Accept-Language``); the end of a gwangpalli hand lists
who sold which cards before it (``last_hand.claims``), so that its chips add up."""

from __future__ import annotations

import re
from typing import Any

import pytest
from serverproc import Server

from gostop.rules import KNOBS
from gostop.server.app import WEB_DIR
from gostop.server.assets import first_language
from gostop.server.room import Room, RoomConfig, SeatConfig
from gostop.words import knob_meaning

TWO = [{"kind": "human"}, {"kind": "bot", "level": "random"}]


@pytest.mark.parametrize(("rules", "knob"), [
    ({"jokers": None}, "jokers"),
    ({"flex_junk_value": "abc"}, "flex_junk_value"),
    ({"flex_junk_value": 9}, "flex_junk_value"),
    ({"sake_cup_choice": "most"}, "sake_cup_choice"),
    ({"no_such_knob": 1}, "no_such_knob"),
])
def test_a_refused_rule_change_names_the_rule_for_the_page_not_by_its_identifier(
        server: Server, rules: dict[str, Any], knob: str) -> None:
    with server.http() as http:
        r = http.post("/api/rooms", json={"seats": TWO, "rules": rules, "join": {"name": "Ann"}})
    assert r.status_code == 400, r.text
    body = r.json()
    # a rule there is not has its own code (the page cannot name it by its meaning)
    assert body["code"] == ("bad_rule" if knob in KNOBS else "unknown_rule") and body["knob"] == knob, body
    detail = body["detail"]
    if knob in KNOBS:
        # the sentence says the rule by what it means; neither its identifier nor card codes
        assert f"'{knob}'" not in detail and "knob" not in detail, detail
        if "_" in knob:
            assert knob not in detail, detail
        assert knob_meaning(knob, "en").rstrip(". ") in detail, detail
        assert not re.search(r"\bJK[1-3BXP]\b", detail), detail
    else:
        assert knob in detail  # an unknown rule can only be named as it was sent


def test_good_rule_changes_still_make_a_room(server: Server) -> None:
    with server.http() as http:
        r = http.post("/api/rooms", json={"seats": TWO, "rules": {"jokers": ["JK1"], "flex_junk_value": 2},
                                          "join": {"name": "Ann"}})
    assert r.status_code == 201, r.text


def test_the_page_says_the_first_language_of_accept_language(server: Server) -> None:
    if not (WEB_DIR / "index.html").is_file():
        pytest.skip("no web client in this tree")
    with server.http() as http:
        ko = http.get("/", headers={"Accept-Language": "ko"})
        en = http.get("/", headers={"Accept-Language": "en-US,en;q=0.9,ko;q=0.8"})
        bare = http.get("/")
    assert '<meta name="gostop-accept-language" content="ko">' in ko.text
    assert '<meta name="gostop-accept-language" content="en-us">' in en.text
    assert "gostop-accept-language" not in bare.text
    assert "Accept-Language" in ko.headers["Vary"]
    assert ko.headers["Cache-Control"] == "no-cache"
    # the rule sets' list is preloaded in the language the lobby will ask it in (js/api.js), not
    # fetched twice with a warning that the English preload went unused
    assert 'rel="preload" href="/api/presets?lang=ko"' in ko.text and 'href="/api/presets"' not in ko.text
    assert 'rel="preload" href="/api/presets"' in en.text and 'rel="preload" href="/api/presets"' in bare.text


@pytest.mark.parametrize(("header", "lang"), [
    ("ko-KR,ko;q=0.9,en-US;q=0.8", "ko-kr"), ("en;q=0.5, ko;q=0.9", "ko"), ("*", ""), ("", ""),
    ('"><script>', ""), ("en;q=0,ko", "ko"),
])
def test_first_language(header: str, lang: str) -> None:
    assert first_language(header) == lang


def _gwangpalli_hand_with_a_sale(players: int = 5) -> Room:
    """A gwangpalli room (bots in every seat) played until a hand with a bright sale ended."""
    for seed in range(1, 200):
        cfg = RoomConfig(seats=[SeatConfig("bot", "easy") for _ in range(players)], hands=3, name="sale")
        cfg.check()
        room = Room("sale", cfg, seed)
        room.start()
        for _ in range(3000):
            seat = room.decider()
            if seat is None:
                break
            room.apply(seat, room.bot_action(seat))
            m = room.match
            assert m is not None
            entries = m.ledger.entries
            if entries and room.last_result is not None:
                if any(entries[-1].parts.get("compensation", ())) and entries[-1].outcome == "win":
                    return room
                break
    raise LookupError("no seed sells a bright in its first hand")


def test_the_end_of_a_gwangpalli_hand_lists_the_cards_sold_and_the_chips_add_up() -> None:
    room = _gwangpalli_hand_with_a_sale()
    last = room.view(0)["last_hand"]
    entry = last["ledger"]
    sale = entry["parts"]["compensation"]
    assert any(sale) and sum(sale) == 0
    sellers = {c["seat"] for c in last["claims"]}
    assert sellers and sellers == {seat for seat, chips in enumerate(sale) if chips > 0}
    for claim in last["claims"]:
        assert claim["cards"] and claim["amount"] > 0
    # every seat's change is the hand's payments and the sales, nothing unaccounted
    for seat, change in enumerate(entry["chips"]):
        assert change == sum(part[seat] for part in entry["parts"].values())
