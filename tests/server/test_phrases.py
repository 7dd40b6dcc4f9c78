"""Quick phrases (상용구) at the table (docs/protocol.md ``say`` and ``said``) against a real
``gostop serve``: a seated person's phrase reaches every socket of the room (the other seat, a
spectator, the speaker's own), a spectator is refused, a phrase too soon after the last is
refused with ``too_fast`` and sent to nobody, an unknown phrase is a clean ``bad_message`` on a
socket that stays usable. The cross-process case (Redis) is in test_seat_moves.py."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from pydantic import TypeAdapter
from serverproc import Server, TableClient, create_room, human_pair_room, join

from gostop.server.messages import ServerMessage
from gostop.server.protocol import PHRASES, PhraseLimit, ProtocolError, parse_client


def _said(c: TableClient) -> list[dict[str, Any]]:
    return [m for m in c.messages if m["type"] == "said"]


def test_a_phrase_reaches_the_table_and_refusals_are_clean(server: Server) -> None:
    with server.http() as http:
        made, bo = human_pair_room(http, hands=1)
        room = made["room"]["id"]

    async def main() -> None:
        ann = await TableClient.open(server.ws_url, room, token=made["token"], name="ann")
        bob = await TableClient.open(server.ws_url, room, token=bo["token"], name="bo")
        spec = await TableClient.open(server.ws_url, room, spectate=True, name="spec")
        said = {"type": "said", "seat": ann.seat, "phrase": "nice"}
        await ann.send({"type": "say", "seq": ann.next_seq(), "phrase": "nice"})
        for c in (bob, spec, ann):  # the speaker sees it too
            got = await c.until(lambda m: m["type"] in ("said", "error"), timeout=10)
            assert got == said, (c.name, got)
            TypeAdapter(ServerMessage).validate_python(got)

        # a spectator cannot speak
        await spec.send({"type": "say", "seq": spec.next_seq(), "phrase": "hello"})
        err = await spec.until(lambda m: m["type"] in ("said", "error"), timeout=10)
        assert err["code"] == "spectator", err

        # at once again: too fast, and nobody hears it
        seq = ann.next_seq()
        await ann.send({"type": "say", "seq": seq, "phrase": "wow"})
        err = await ann.until(lambda m: m["type"] in ("said", "error"), timeout=10)
        assert err["code"] == "too_fast" and err["seq"] == seq and 0 < err["retry_after"] <= 2, err
        TypeAdapter(ServerMessage).validate_python(err)
        await bob.send({"type": "ping", "seq": bob.next_seq()})
        await bob.until(lambda m: m["type"] == "pong", timeout=10)  # after anything sent to Bo before it
        assert _said(bob) == [said], bob.messages

        # an unknown phrase (or one of the wrong type): a clean refusal, the socket goes on
        for bad in ("insult", 5, None):
            await bob.send({"type": "say", "seq": bob.next_seq(), "phrase": bad})
            err = await bob.until(lambda m: m["type"] == "error", timeout=10)
            assert err["code"] == "bad_message" and err["field"] == "phrase", err
            assert "Traceback" not in err["message"]
        await bob.send({"type": "say", "seq": bob.next_seq(), "phrase": "good_game"})
        got = await ann.until(lambda m: m["type"] == "said", timeout=10)
        assert got == {"type": "said", "seat": bob.seat, "phrase": "good_game"}, got
        for c in (ann, bob, spec):
            await c.close()

    asyncio.run(main())
    assert "Traceback" not in server.log.read_text(errors="replace")


def test_the_phrase_limit_counts_a_gap_and_a_window() -> None:
    limit = PhraseLimit(gap=2.0, window=30.0, most=5)
    assert limit.wait(100.0) == 0
    assert limit.wait(101.0) == pytest.approx(1.0)  # one every 2 s
    for t in (102.0, 104.0, 106.0, 108.0):
        assert limit.wait(t) == 0
    # five in 30 s: the sixth waits for the first to leave the window (130), not only the gap
    assert limit.wait(110.5) == pytest.approx(19.5)
    assert limit.wait(130.0) == 0
    assert limit.wait(131.0) == pytest.approx(1.0)


def test_say_is_checked_by_the_parser() -> None:
    assert parse_client('{"type": "say", "seq": 1, "phrase": "one_more"}').phrase == "one_more"
    assert set(PHRASES) >= {"hello", "nice", "thanks", "sorry", "hurry", "wow", "good_game", "one_more"}
    for bad in ('{"type": "say", "seq": 1}', '{"type": "say", "seq": 1, "phrase": "Hello"}',
                '{"type": "say", "seq": 1, "phrase": ["hello"]}'):
        with pytest.raises(ProtocolError) as exc:
            parse_client(bad)
        assert exc.value.code == "bad_message" and exc.value.facts == {"field": "phrase"}


def test_a_phrase_with_nobody_else_seated_is_refused(server: Server) -> None:
    """QA 18: the server said a phrase to a table where nobody could hear it (a person alone
    with bots, alone in a waiting room, or left with bots when the friends left the match): it
    is refused with ``alone`` (not sent), and allowed again once someone takes a seat."""
    with server.http() as http:
        bots = create_room(http, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}], hands=1, join={"name": "Ann"})
        waiting = create_room(http, seats=[{"kind": "human"}, {"kind": "human"}], hands=1, join={"name": "Cy"})
        made, bo = human_pair_room(http, hands=1)

    async def refused(c: TableClient, phrase: str = "hello") -> dict[str, Any]:
        seq = c.next_seq()
        await c.send({"type": "say", "seq": seq, "phrase": phrase})
        err = await c.until(lambda m: m["type"] in ("said", "error"), timeout=10)
        assert err["type"] == "error" and err["code"] == "alone" and err["seq"] == seq, (c.name, err)
        TypeAdapter(ServerMessage).validate_python(err)
        return err

    async def main() -> None:
        # alone with a bot: refused, and the spectator hears nothing
        ann = await TableClient.open(server.ws_url, bots["room"]["id"], token=bots["token"], name="ann")
        spec = await TableClient.open(server.ws_url, bots["room"]["id"], spectate=True, name="spec")
        await refused(ann)
        await spec.send({"type": "ping", "seq": spec.next_seq()})
        await spec.until(lambda m: m["type"] == "pong", timeout=10)
        assert _said(spec) == [] and _said(ann) == []

        # alone in a waiting room: refused; once Dee takes the other seat, the phrase goes
        cy = await TableClient.open(server.ws_url, waiting["room"]["id"], token=waiting["token"], name="cy")
        await refused(cy, "wow")
        with server.http() as http:
            join(http, waiting["room"]["id"], "Dee")
        await cy.send({"type": "say", "seq": cy.next_seq(), "phrase": "hello"})
        got = await cy.until(lambda m: m["type"] in ("said", "error"), timeout=10)
        assert got == {"type": "said", "seat": cy.seat, "phrase": "hello"}, got

        # two friends; Bo leaves the match (a bot plays his seat): Ann is alone with it
        pa = await TableClient.open(server.ws_url, made["room"]["id"], token=made["token"], name="pa")
        await pa.send({"type": "say", "seq": pa.next_seq(), "phrase": "nice"})
        got = await pa.until(lambda m: m["type"] in ("said", "error"), timeout=10)
        assert got["type"] == "said", got
        with server.http() as http:
            r = http.post(f"/api/rooms/{made['room']['id']}/leave", headers={"Authorization": f"Bearer {bo['token']}"})
            assert r.status_code == 200, r.text
        # (within the 2 s of the phrase limit: nobody to hear comes first, not "too fast")
        await refused(pa, "good_game")
        for c in (ann, spec, cy, pa):
            await c.close()

    asyncio.run(main())
    assert "Traceback" not in server.log.read_text(errors="replace")
