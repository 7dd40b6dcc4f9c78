"""Each connection gets its texts in its own language (docs/protocol.md "Language", issue 17
item 3), through a real `gostop serve` on 127.0.0.1: a Korean hello gets Korean texts and no
``_ko`` field anywhere; a ``lang`` message switches live (a ``state`` in the new language); two
seats and a spectator with different languages each get their own words of the same table."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

from serverproc import Server, TableClient, create_room, human_pair_room, play_out

HANGUL = re.compile(r"[\uac00-\ud7a3]")
#: Three English words in a row: a sentence left in English.
ENGLISH_RUN = re.compile(r"[A-Za-z][A-Za-z'-]*(?:[\s,:;.()/—-]+[A-Za-z][A-Za-z'-]*){2,}")
NAMES = ("Ann", "Bo")


def keys(obj: Any) -> set[str]:
    return set(re.findall(r'"([^"\\]+)":', json.dumps(obj, ensure_ascii=False)))


def texts(msg: dict[str, Any]) -> list[str]:
    """Every text for people in one message: its events' lines and call-outs and its view's
    texts."""
    out = [t for e in msg.get("events", []) for t in (e.get("text"), e.get("callout")) if t]
    v = msg.get("view")
    if not v:
        return out
    out += v["go_warnings"] + [b["text"] for b in v["bak"]]
    out += [t for n in v["near_sets"] for t in (n["label"], n["where_text"])]
    out += [i for s in v["scores"] for i in s["items"]]
    out += [e["preview"]["text"] for e in v["legal"] if e.get("preview") and e["preview"]["text"]]
    if v["stop_preview"]:
        out += v["stop_preview"]["plain_steps"]
    if v["last_hand"]:
        out += v["last_hand"]["plain_steps"]
    return out


def korean(text: str) -> bool:
    plain = text
    for name in NAMES:
        plain = plain.replace(name, " ")
    return bool(HANGUL.search(text)) and not ENGLISH_RUN.search(plain)


def assert_language(client: TableClient, lang: str) -> int:
    """Every message the client got is in ``lang`` and has no ``_ko`` field; returns the
    number of texts checked."""
    n = 0
    for msg in client.messages:
        assert not [k for k in keys(msg) if k.endswith("_ko")], (client.name, msg["type"])
        for t in texts(msg):
            n += 1
            if lang == "ko":
                assert korean(t), (client.name, t)
            else:  # English words (a term may carry its hangul: "godori 고도리: 5")
                assert re.search("[A-Za-z]{2,}", t.replace("Ann", "")), (client.name, t)
    return n


def test_two_seats_and_a_spectator_each_get_their_own_language(server: Server) -> None:
    with server.http() as http:
        made, bo = human_pair_room(http, hands=2)
    room = made["room"]["id"]

    async def main() -> tuple[TableClient, TableClient, TableClient]:
        ann = await TableClient.open(server.ws_url, room, token=made["token"], name="ann", lang="ko")
        bob = await TableClient.open(server.ws_url, room, token=bo["token"], name="bo", lang="en")
        watcher = await TableClient.open(server.ws_url, room, spectate=True, name="watcher", lang="ko")
        await play_out([ann, bob, watcher], random.Random(7))
        await asyncio.sleep(0.3)
        for c in (ann, bob, watcher):
            await c.close()
        return ann, bob, watcher

    ann, bob, watcher = asyncio.run(main())
    assert assert_language(ann, "ko") > 20
    assert assert_language(watcher, "ko") > 10
    assert assert_language(bob, "en") > 20
    # the same updates, in two languages: Bo's feed lines are English, Ann's Korean
    ann_lines = {m["version"]: [e["text"] for e in m["events"]] for m in ann.messages if m["type"] == "update"}
    bo_lines = {m["version"]: [e["text"] for e in m["events"]] for m in bob.messages if m["type"] == "update"}
    both = sorted(set(ann_lines) & set(bo_lines))
    assert len(both) > 10
    differ = 0
    for version in both:
        assert len(ann_lines[version]) == len(bo_lines[version])
        for a, b in zip(ann_lines[version], bo_lines[version], strict=True):
            assert (a is None) == (b is None)
            if a is not None:
                assert not HANGUL.search(b.replace("고도리", "").replace("홍단", "")) or a != b
                differ += a != b
    assert differ > 10
    # the settlement, said to each in their language
    last_ko = next(m["view"]["last_hand"] for m in reversed(ann.messages) if m.get("view") and m["view"]["last_hand"])
    last_en = next(m["view"]["last_hand"] for m in reversed(bob.messages) if m.get("view") and m["view"]["last_hand"])
    if last_ko["plain_steps"]:
        assert all(korean(t) for t in last_ko["plain_steps"]) and last_ko["plain_steps"] != last_en["plain_steps"]


def test_lang_switches_live_and_a_bad_language_is_refused(server: Server) -> None:
    with server.http() as http:
        made = create_room(http, seats=[{"kind": "human"}, {"kind": "bot", "level": "random"}], hands=1,
                           join={"name": "Ann"})
    room, token = made["room"]["id"], made["token"]

    async def main() -> None:
        ann = await TableClient.open(server.ws_url, room, token=token, name="ann", lang="ko")
        # to a turn of Ann's with cards to play (their previews are texts)
        for _ in range(200):
            v = ann.view
            assert v is not None
            if v["to_move"] and any(e.get("preview") for e in v["legal"]):
                break
            if v["to_move"]:
                await ann.act(v["legal"][0]["action"])
            await ann.recv()
        v = ann.view
        assert v is not None and v["to_move"]
        ko = [e["preview"]["text"] for e in v["legal"] if e.get("preview") and e["preview"]["text"]]
        assert ko and not [t for t in ko if not korean(t)], ko
        # switch to English: the whole view again, the same previews in English
        await ann.send({"type": "lang", "seq": ann.next_seq(), "lang": "en"})
        state = await ann.until(lambda m: m["type"] == "state")
        assert state["version"] == v["version"]
        en = [e["preview"]["text"] for e in state["view"]["legal"] if e.get("preview") and e["preview"]["text"]]
        assert len(en) == len(ko) and not any(HANGUL.search(t) for t in en), en
        # and what follows is English too: the events of the next move
        await ann.act(state["view"]["legal"][0]["action"])
        upd = await ann.until(lambda m: m["type"] == "update")
        lines = [e["text"] for e in upd["events"] if e["text"]]
        assert lines and not any(HANGUL.search(t) for t in lines), lines
        # back to Korean
        await ann.send({"type": "lang", "seq": ann.next_seq(), "lang": "ko"})
        state = await ann.until(lambda m: m["type"] == "state")
        assert all(korean(t) for t in texts(state))
        # an unknown language: one sentence, the socket stays
        await ann.send({"type": "lang", "seq": ann.next_seq(), "lang": "fr"})
        err = await ann.until(lambda m: m["type"] == "error")
        assert err["code"] == "bad_message" and "'lang' must be one of en, ko" in err["message"]
        await ann.send({"type": "ping", "seq": ann.next_seq()})
        await ann.until(lambda m: m["type"] == "pong")
        await ann.close()
        # a hello with a language we do not have is refused with the reason
        from websockets.asyncio.client import connect

        async with connect(f"{server.ws_url}/ws/{room}") as ws:
            await ws.send(json.dumps({"type": "hello", "protocol": 1, "token": token, "lang": "xx"}))
            err = json.loads(await ws.recv())
            assert err["type"] == "error" and err["code"] == "bad_message" and "lang" in err["message"]
        assert not [k for m in ann.messages for k in keys(m) if k.endswith("_ko")]

    asyncio.run(main())
