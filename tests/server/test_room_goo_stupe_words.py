"""The web table's settlement words in goo-stupe (GOO-11 / SCORE-7): its sake cup (the flex card)
counts as one junk there, never "double junk", in the settlement after the hand and in the stop
preview alike (the terminal game said so since QA round 21; the web page said "double junk")."""

from __future__ import annotations

import random

from gostop.server.room import Room, RoomConfig, SeatConfig


def _sake_lines(lines: list[str]) -> list[str]:
    return [x for x in lines if "sake cup" in x or "counts it as" in x]


def test_the_sake_cup_is_one_junk_in_goo_stupes_settlement_words() -> None:
    rng = random.Random(7)
    seen_after = seen_preview = False
    for seed in range(1, 400):
        cfg = RoomConfig(seats=[SeatConfig("human", name="Ann", status="taken"),
                                SeatConfig("human", name="Bo", status="taken")], preset="goo-stupe", hands=1)
        cfg.check()
        room = Room("r", cfg, seed)
        while not room.over:
            seat = room.decider()
            assert seat is not None
            sp = room.view(seat)["stop_preview"]
            if sp is not None:
                said = _sake_lines(sp["plain_steps"])
                assert not [x for x in said if "double junk" in x], said
                seen_preview = seen_preview or bool(said)
            room.apply(seat, rng.choice(room.legal_texts()))
        last = room.view(None)["last_hand"]
        said = _sake_lines(last["plain_steps"]) if last else []
        assert not [x for x in said if "double junk" in x], said
        # the case that said "double junk": the winner counted the cup as an animal, so the
        # junk it would have been was read from nowhere but the rules
        if any("counts it as an animal" in x for x in said) and any("or as one junk" in x for x in said):
            seen_after = True
        if seen_after and seen_preview:
            return
    raise AssertionError(f"no goo-stupe hand in seeds 1..399 counted the sake cup as an animal (after: {seen_after}, "
                         f"preview: {seen_preview})")
