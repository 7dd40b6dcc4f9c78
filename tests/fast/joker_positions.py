"""Positions of random play after another seat's JOKER-4 draw or kept quad (DEC-5), in the
presets that have them (matgo, fuda-wiki): shared by the tests of the worlds sampled there
(``test_draw_worlds.py``, ``test_worlds.py``)."""

from __future__ import annotations

import random

from gostop.engine import Hand
from gostop.rules import get_preset


def after_draws(preset: str, players: int, hands: int) -> list[tuple[Hand, int, int]]:
    """Positions of random play where a seat other than the one to act has drawn (JOKER-4):
    (hand, seat to act, seed of its world)."""
    rules = get_preset(preset)
    out = []
    for seed in range(hands):
        rng = random.Random(seed)
        h = Hand.new(rules, players, seed)
        steps = 0
        while not h.is_over and steps < 80:
            legal = h.legal_actions()
            h.apply(legal[rng.randrange(len(legal))])
            steps += 1
            seat = h.current_player
            if h.is_over or seat is None or not any(s != seat for s, _ in h._draw_slots):
                continue
            if rng.random() < 0.3:
                out.append((h.clone(), seat, seed * 7 + steps))
    return out


def after_kept_quads(preset: str, players: int, wanted: int) -> list[tuple[Hand, int, int, int]]:
    """Positions of random play where a seat other than the one to act kept a quad at the deal:
    (hand, seat to act, the seat that kept it, seed of the world)."""
    rules = get_preset(preset)
    out = []
    seed = 0
    while len(out) < wanted:
        seed += 1
        h = Hand.new(rules, players, seed)
        kept = [e.seat for e in h.events if e.type == "keep-quad"]
        rng = random.Random(seed)
        steps = 0
        while not h.is_over and steps < 60:
            legal = h.legal_actions()
            h.apply(legal[rng.randrange(len(legal))])
            steps += 1
            kept = [e.seat for e in h.events if e.type == "keep-quad"]
            seat = h.current_player
            if h.is_over or seat is None or not kept or kept[0] == seat or rng.random() > 0.2:
                continue
            assert kept[0] is not None
            out.append((h.clone(), seat, kept[0], seed * 7 + steps))
    return out


def after_draws_and_shakes(preset: str, players: int, wanted: int) -> list[tuple[Hand, int]]:
    """Positions where a seat other than the one to act has both drawn (JOKER-4) and shaken a
    month (SHAKE-1): random play that takes a shake or a joker's reveal whenever it may."""
    rules = get_preset(preset)
    out: list[tuple[Hand, int]] = []
    seed = 0
    while len(out) < wanted:
        seed += 1
        rng = random.Random(seed)
        h = Hand.new(rules, players, seed)
        while not h.is_over and len(out) < wanted:
            legal = h.legal_actions()
            keen = [a for a in legal if a.kind in ("shake", "reveal")]
            h.apply(keen[0] if keen else legal[rng.randrange(len(legal))])
            seat = h.current_player
            if h.is_over or seat is None:
                continue
            drew = {s for s, _ in h._draw_slots if s != seat}
            shook = {e.seat for e in h.events if e.type == "shake"}
            if drew & shook and rng.random() < 0.3:
                out.append((h.clone(), seat))
    return out
