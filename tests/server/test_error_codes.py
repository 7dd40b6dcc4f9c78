"""Every refusal of the lobby carries a stable ``code`` and the facts its sentence names, so
that a page says it in its own language (docs/protocol.md, "Errors of the lobby"), against a
real ``gostop serve``: too many rooms (with the limit), rules that clash (naming the rules),
a rule change refused, a wrong field (422), a taken seat, an unknown room and API path."""

from __future__ import annotations

import ast
from pathlib import Path

from serverproc import Server

from gostop.server import errors

SERVER = Path(__file__).resolve().parents[2] / "src" / "gostop" / "server"


def test_lobby_refusals_carry_a_code_and_their_facts(serve) -> None:  # type: ignore[no-untyped-def]
    server: Server = serve(args=("--max-rooms-per-client", "2"))
    two = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    with server.http() as http:
        # rules that clash with the preset: the rules the sentence names, by identifier
        r = http.post("/api/rooms", json={"preset": "goo-stupe", "seats": two, "rules": {"match_target_chips": 50}})
        body = r.json()
        assert r.status_code == 400 and body["code"] == "rules_refused", body
        assert body["knobs"] == ["match_target_chips", "payment_unit"], body
        # and why, as facts: a chip target at a table paid in shots (MATCH-1, GOO-1)
        assert body["clash"] == "target_chips_need_chips" and body["match_target_chips"] == 50, body
        r = http.post("/api/rooms", json={"preset": "goo-stupe", "seats": two, "target_chips": 100})
        assert r.json()["code"] == "rules_refused" and "payment_unit" in r.json()["knobs"], r.text
        # one rule change of the wrong kind, and one that does not exist
        r = http.post("/api/rooms", json={"seats": two, "rules": {"boar_ante": "lots"}})
        assert r.json()["code"] == "bad_rule" and r.json()["knob"] == "boar_ante", r.text
        r = http.post("/api/rooms", json={"seats": two, "rules": {"boar_pot": True}})
        assert r.json()["code"] == "unknown_rule" and r.json()["knob"] == "boar_pot", r.text
        # a field out of range (422): the field named
        r = http.post("/api/rooms", json={"seats": two, "hands": 0})
        assert r.status_code == 422 and r.json()["code"] == "bad_input" and r.json()["field"] == "hands", r.text
        r = http.post("/api/rooms", json={"seats": two, "join": {"name": "\n"}})
        assert r.json()["code"] == "bad_input" and r.json()["field"] == "join.name", r.text
        r = http.post("/api/rooms", content=b"{nope", headers={"Content-Type": "application/json"})
        assert r.json()["code"] == "bad_input" and r.json()["field"] == "body", r.text
        r = http.post("/api/rooms", json={"seats": [{"kind": "bot", "level": "nosuch"}, {"kind": "human"}]})
        assert r.json()["code"] == "unknown_level" and r.json()["level"] == "nosuch", r.text
        # a taken seat, a seat out of range
        people = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
        room = http.post("/api/rooms", json={"seats": people, "join": {"name": "Ann"}}).json()["room"]["id"]
        r = http.post(f"/api/rooms/{room}/join", json={"name": "Bo", "seat": 0})
        assert r.status_code == 409 and r.json()["code"] == "seat_taken" and r.json()["seat"] == 0, r.text
        r = http.post(f"/api/rooms/{room}/join", json={"name": "Bo", "seat": 5})
        assert r.json()["code"] == "bad_seat" and r.json()["max"] == 2, r.text
        # too many rooms from one address: the limit said
        http.post("/api/rooms", json={"seats": people, "join": {"name": "Ann"}})
        r = http.post("/api/rooms", json={"seats": people, "join": {"name": "Ann"}})
        assert r.status_code == 429 and r.json()["code"] == "too_many_rooms" and r.json()["limit"] == 2, r.text
        assert r.json()["retry_after"] == int(r.headers["Retry-After"]), r.text
        # no room, no API path, a bad transfer code
        r = http.get("/api/rooms/nosuchroom")
        assert r.status_code == 404 and r.json()["code"] == "room_unknown", r.text
        assert http.get("/api/nosuch").json()["code"] == "not_found"
        r = http.post(f"/api/rooms/{room}/transfer/redeem", json={"code": "!"})
        assert r.json()["code"] == "bad_code_format" and r.json()["length"] == 6, r.text


def test_every_refusal_names_a_known_code() -> None:
    """Each ``code=`` (or a refusal's second argument) given where the server refuses, and each
    class's own code, is one of :data:`errors.CODES` (the list the page has texts for)."""
    used: set[str] = {cls.default_code for cls in _refusal_classes()}
    for path in SERVER.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute | ast.Name):
                name = node.func.attr if isinstance(node.func, ast.Attribute) else node.func.id
                if name in {c.__name__ for c in _refusal_classes()}:
                    if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) and isinstance(node.args[1].value, str):
                        used.add(node.args[1].value)
                    for kw in node.keywords:
                        if kw.arg == "code" and isinstance(kw.value, ast.Constant):
                            used.add(str(kw.value.value))
            if isinstance(node, ast.Dict):  # JSON answers made by hand: {"detail": ..., "code": "..."}
                keys = [k.value for k in node.keys if isinstance(k, ast.Constant)]
                if "detail" in keys and "code" in keys:
                    value = node.values[keys.index("code")]
                    if isinstance(value, ast.Constant):
                        used.add(str(value.value))
    assert used - set(errors.CODES) == set(), f"codes the server sends but errors.CODES does not list: {used - set(errors.CODES)}"
    assert {"rules_refused", "too_many_rooms", "rate_limited", "too_big", "not_found", "internal"} <= used


def _refusal_classes() -> list[type[errors.Refusal]]:
    out: list[type[errors.Refusal]] = []
    todo: list[type[errors.Refusal]] = [errors.Refusal]
    while todo:
        cls = todo.pop()
        out.append(cls)
        todo.extend(cls.__subclasses__())
    return out


def test_clashing_rules_are_named_as_data_from_where_the_clash_is_found(serve) -> None:  # type: ignore[no-untyped-def]
    """The knobs of a ``rules_refused`` come from the error that found the clash
    (``RulesError.knobs``, ``MatchError.knobs``), never from words picked out of its English
    sentence: a preset that seats two (matgo) at a table of three names ``two_player_only``
    (the sentence names no knob); a score cap below the stop targets names the targets too."""
    server: Server = serve()
    two = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    three = [*two, {"kind": "bot", "level": "easy"}]
    with server.http() as http:
        r = http.post("/api/rooms", json={"preset": "matgo", "seats": three})
        assert r.status_code == 400 and r.json()["code"] == "rules_refused", r.text
        assert r.json()["knobs"] == ["two_player_only"], r.text
        assert "clash" not in r.json(), r.text  # a clash with the table: no clash of the rules to say
        r = http.post("/api/rooms", json={"preset": "pagat", "seats": two, "rules": {"score_cap": 2}})
        assert r.json()["code"] == "rules_refused", r.text
        assert r.json()["knobs"] == ["score_cap", "stop_target_two_player", "stop_target_three_player"], r.text
        # why they clash, as facts (SCORE-11 below GOSTOP-1): the kind and the values it names
        assert r.json()["clash"] == "cap_below_target" and (r.json()["score_cap"], r.json()["target"]) == (2, 7), r.text
        r = http.post("/api/rooms", json={"preset": "goo-stupe", "seats": two, "rules": {"push_limit": 2}})
        assert r.json()["knobs"] == ["push_limit", "payment_unit"], r.text
        assert r.json()["clash"] == "push_needs_chips" and r.json()["push_limit"] == 2, r.text  # VAR-PUSH
        r = http.post("/api/rooms", json={"preset": "pagat", "seats": two, "rules": {"no_junk_shot": True}})
        assert r.json()["clash"] == "shot_knobs_need_shots" and r.json()["on"] == ["no_junk_shot"], r.text  # GEN-5
        r = http.post("/api/rooms", json={"preset": "pagat", "seats": [*three, *three, two[0]], "rules": {"jokers": []}})
        assert r.json()["code"] == "rules_refused" and r.json()["knobs"] == ["jokers"], r.text
        r = http.post("/api/rooms", json={"seats": two, "hands": None})
        assert r.json()["code"] == "no_match_length", r.text


def test_a_refusal_names_the_knobs_of_the_error_not_the_words_of_its_sentence() -> None:
    from gostop.server.room import NoMatchLength, RoomError
    from gostop.server.rooms import config_refusal

    said = config_refusal(RoomError("payment_unit and jokers are words here", ("boar",)))
    assert said.code == "rules_refused" and said.params == {"knobs": ["boar"]}
    assert config_refusal(RoomError("score_cap is only a word here")).params == {"knobs": []}
    assert config_refusal(NoMatchLength("give hands or target_chips")).code == "no_match_length"


def test_a_refusal_of_clashing_rules_says_why_as_facts() -> None:
    """A room whose rule changes clash with each other: ``rules_refused`` carries the kind of
    the clash and the values it names (``RulesError.reason``) beside the knobs, as JSON values;
    a refusal of the table (GEN-7: matgo seats two) carries none."""
    from gostop.server.room import RoomConfig, RoomError, SeatConfig
    from gostop.server.rooms import config_refusal

    def refused(preset: str, seats: int = 2, **kw: object) -> dict[str, object]:
        config = RoomConfig(preset=preset, seats=[SeatConfig("human")] + [SeatConfig("bot", "easy")] * (seats - 1),
                            **kw)  # type: ignore[arg-type]
        try:
            config.check()
        except RoomError as exc:
            said = config_refusal(exc)
            assert said.code == "rules_refused"
            return said.params
        raise AssertionError("the room was not refused")

    # MATCH-1 at a table paid in shots (GOO-1), from a rule change or from the room's chip target
    assert refused("goo-stupe", rules={"match_target_chips": 50}) == {
        "knobs": ["match_target_chips", "payment_unit"], "clash": "target_chips_need_chips", "match_target_chips": 50}
    assert refused("goo-stupe", target_chips=100)["match_target_chips"] == 100
    assert refused("goo-stupe", rules={"boar": "pot"}) == {"knobs": ["boar", "payment_unit"], "clash": "boar_pot_needs_chips"}
    assert refused("pagat", rules={"nagari_shots": 2, "ja_ppuk_shot": True})["on"] == ["ja_ppuk_shot", "nagari_shots"]
    assert refused("matgo", seats=3) == {"knobs": ["two_player_only"]}


def test_the_hands_bound_is_published_and_is_the_one_enforced(serve) -> None:  # type: ignore[no-untyped-def]
    """One number: GET /api/presets ``limits.hands`` (the lobby's form checks and names it) is
    the bound POST /api/rooms enforces (gostop.limits.MAX_ROOM_HANDS)."""
    from gostop.limits import MAX_ROOM_HANDS

    server: Server = serve()
    two = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    with server.http() as http:
        most = http.get("/api/presets").json()["limits"]["hands"]
        assert most == MAX_ROOM_HANDS
        r = http.post("/api/rooms", json={"seats": two, "hands": most + 1})
        assert r.status_code == 422 and r.json()["field"] == "hands", r.text
        r = http.post("/api/rooms", json={"seats": two, "hands": most, "public": False})
        assert r.status_code == 201, r.text
