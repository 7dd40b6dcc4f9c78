"""No seat and no spectator ever receives a hidden card or a seed (over real sockets).

Bot-driven rooms of every preset with 2, 3 and 5-7 seats: every seat is a socket client
choosing random legal actions (seat 1 is a server bot), plus a spectator. After the match the
record is replayed step by step, and every message a client got at version v is checked
against the truth at version v: no card of another seat's hand (unless shown to everybody),
no card still in the stock, no card of another seat's gwangpalli deal, and no seed at all.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import pytest
from serverproc import Server, TableClient, create_room, join, play_out

from gostop.match import Match, Player
from gostop.match.record import match_to_json
from gostop.rules import PRESET_NAMES, PRESETS, Rules
from gostop.server.room import event_cards

SEAT_COUNTS = (2, 3, 5, 6, 7)


def _hidden(m: Match, viewer: int | None) -> set[str]:
    """Cards ``viewer`` (a table seat, None: spectator) may not know now."""
    out: set[str] = set()
    if m.phase in ("drop", "claim"):
        deal = match_to_json(m)["deals"][-1]["seated_deal"]
        for d, cards in enumerate(deal["hands"]):
            if viewer is None or (m.dealer + d) % m.n != viewer:
                out |= set(cards)
        return out | set(deal["layout"]) | set(deal["stock"])
    hand = m.hand
    if m.phase != "hand" or hand is None:
        return out
    hs = m.hand_seat(viewer) if viewer is not None else None
    k = hand.players
    for s in range(k):
        if s == hs:
            continue
        seen_by = hs if hs is not None else (s + 1) % k
        shown = {c.code for c in hand.observation(seen_by).shown_hand_cards[s]}
        out |= {c.code for c in hand.hand_cards(s)} - shown
    return out | {c.code for c in hand.stock_cards()}


def _checked_part(msg: dict[str, Any]) -> Any:
    """The part of a message that describes the deal in play (finished hands, rule constants
    and publicly shown compensation claims left out)."""
    part: dict[str, Any] = {}
    view = msg.get("view")
    if view is not None:
        v = dict(view)
        v.pop("last_hand", None)  # a finished hand: everything may be shown
        # a set's missing card is a fact of the rules; only where it is must not leak: a card
        # said to be in your hand, on the table or shown must really be visible
        v["near_sets"] = [n for n in v.get("near_sets", []) if n["where"] != "unseen"]
        if v.get("hand") is not None:
            h = dict(v["hand"])
            h.pop("rules", None)
            h.pop("mission", None)
            v["hand"] = h
        part["view"] = v
    events = msg.get("events") or []
    starts = [i for i, e in enumerate(events) if e["type"] == "deal"]
    events = events[starts[-1]:] if starts else events
    part["events"] = [e for e in events if e["type"] not in ("claim", "hand-end", "match-end")]
    return part


def _keys(obj: Any) -> set[str]:
    out: set[str] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            out |= set(x)
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return out


def _play_room(server: Server, preset: str, n: int, seed: int) -> None:
    seats = [{"kind": "human"} for _ in range(n)]
    seats[1] = {"kind": "bot", "level": "random"}
    with server.http() as http:
        made = create_room(http, seats=seats, preset=preset, hands=1)
        room = made["room"]["id"]
        tokens = {}
        for s in range(n):
            if s != 1:
                tokens[s] = join(http, room, f"P{s}", seat=s)["token"]

        async def main() -> list[TableClient]:
            clients = [await TableClient.open(server.ws_url, room, token=t, name=f"seat{s}") for s, t in tokens.items()]
            clients.append(await TableClient.open(server.ws_url, room, spectate=True, name="spectator"))
            await play_out(clients, random.Random(seed), timeout=90)
            for c in clients:
                await c.close()
            return clients

        clients = asyncio.run(main())
        record = http.get(f"/api/rooms/{room}/record").json()
    assert record["format"] == "gostop-match", record
    assert record["end_reason"], record
    match = Match(Rules.from_dict(record["rules"]), [Player(p["name"], p.get("age")) for p in record["players"]],
                  record["seed"], hands_limit=record["options"]["hands_limit"], ask_cut=record["options"]["ask_cut"])
    by_version: dict[int, list[tuple[TableClient, dict[str, Any]]]] = {}
    checked = 0
    for c in clients:
        for msg in c.messages:
            text = json.dumps(msg)
            assert "seed" not in _keys(msg), f"{c.name} got a seed: {text[:300]}"
            assert "Traceback" not in text
            v = msg.get("version", msg.get("view", {}).get("version"))
            if msg["type"] in ("welcome", "update", "state") and v is not None:
                by_version.setdefault(v, []).append((c, msg))
    for v in range(len(record["actions"]) + 1):
        for c, msg in by_version.get(v, []):
            if msg.get("view", {}).get("over"):
                continue
            secret = _hidden(match, c.seat)
            seen = event_cards(_checked_part(msg)) & secret
            assert not seen, f"{preset} {n} seats, v{v}: {c.name} was sent hidden cards {sorted(seen)}: {json.dumps(msg)[:400]}"
            checked += 1
        if v < len(record["actions"]):
            match.apply(record["actions"][v])
    # (unless the hand was decided at the deal, chongtong, DEAL-7: then every view shows it over, with
    # every card face up, and nothing is hidden any more)
    decided_at_deal = bool(by_version) and all(m.get("view", {}).get("over") for ms in by_version.values() for _, m in ms)
    assert checked >= len(record["actions"]) or decided_at_deal, "every version was seen by somebody"


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_no_seat_or_spectator_sees_a_hidden_card(serve, preset: str) -> None:  # type: ignore[no-untyped-def]
    server = serve(args=("--bot-delay", "0", "--max-connections-per-client", "500"))
    for i, n in enumerate(SEAT_COUNTS):
        if n != 2 and PRESETS[preset].two_player_only:  # GEN-7: matgo seats 2 only
            continue
        _play_room(server, preset, n, seed=100 * i + len(preset))
