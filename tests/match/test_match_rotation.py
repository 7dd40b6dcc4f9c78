"""GOO-17 goo-stupe rotation list, X-35."""

from __future__ import annotations

import random

from gostop.match.rotation import Rotation


def test_GOO_17_winner_replaced_by_next_waiting_after_last_brought_in() -> None:
    rot = Rotation([0, 1, 2, 3, 4, 5])
    assert rot.active == {0, 1, 2}
    assert rot.replace(1) == 3  # first newcomer: the fourth name
    assert rot.active == {0, 2, 3}
    assert rot.replace(3) == 4  # the newcomer may win; the next after 3 comes in
    assert rot.replace(0) == 5
    assert rot.active == {2, 4, 5}
    # wraps to the top of the list, skipping active players.
    assert rot.replace(4) == 0
    assert rot.replace(5) == 1
    assert rot.active == {0, 1, 2}


def test_GOO_17_four_players_always_bring_in_the_single_waiting_player() -> None:
    rot = Rotation([2, 0, 3, 1])
    waiting = 1
    for _ in range(20):
        winner = sorted(rot.active)[0]
        assert rot.replace(winner) == waiting
        waiting = winner


def test_GOO_17_properties_random_lists() -> None:
    rng = random.Random(3)
    for _ in range(200):
        n = rng.randint(4, 9)
        order = list(range(n))
        rng.shuffle(order)
        rot = Rotation(order)
        for _ in range(30):
            before = set(rot.active)
            winner = rng.choice(sorted(before))
            new = rot.replace(winner)
            assert new not in before and new != winner
            assert rot.active == (before - {winner}) | {new}
            assert len(rot.active) == 3
