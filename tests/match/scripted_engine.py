"""A scripted stand-in for the engine's Hand, to test the match's sequencing rules exactly.

Each hand, when its one action (``"end"``) is applied, takes the next outcome from a script: ``("win", hand_seat, chips...)``,
``("nagari", shots...)`` or ``("void",)``. The hand remembers how it
was built (players, nagari_before, cut, explicit deal) so tests can check what the match asked
of the engine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar


class ScriptedIllegal(ValueError):
    pass


@dataclass
class ScriptedResult:
    winner: int | None
    nagari: bool
    void: bool
    reason: str
    points: int
    chips: tuple[int, ...]
    shots: tuple[int, ...]
    captures: tuple[tuple[str, ...], ...] = ()
    pot_chips: tuple[int, ...] = (0, 0, 0)
    boar_pot: int = 0


class ScriptedAction(str):
    @classmethod
    def parse(cls, text: str) -> ScriptedAction:
        if text != "end":
            raise ValueError(f"unknown action {text!r}")
        return cls(text)


@dataclass
class ScriptedHand:
    players: int
    nagari_before: int = 0
    cut: int | None = None
    pushes: int = 0  # VAR-PUSH input the match gave
    deal: tuple[Any, ...] | None = None
    history: list[str] = field(default_factory=list)
    result: ScriptedResult | None = None

    script: ClassVar[list[Any]] = []  # set by the test
    built: ClassVar[list[Any]] = []  # every hand built

    @classmethod
    def _next(cls, players: int, **kw: Any) -> ScriptedHand:
        hand = cls(players, **kw)
        cls.built.append(hand)
        return hand

    @classmethod
    def new(cls, rules: Any, players: int, seed: int, *, nagari_before: int = 0, cut: int | None = None, boar_pot: int = 0, pushes: int = 0) -> ScriptedHand:
        return cls._next(players, nagari_before=nagari_before, cut=cut, pushes=pushes)

    @classmethod
    def from_deal(cls, rules: Any, hands: Sequence[Sequence[str]], layout: Sequence[str], stock: Sequence[str], *, nagari_before: int = 0, pushes: int = 0, **_draws: Any) -> ScriptedHand:
        return cls._next(len(hands), nagari_before=nagari_before, pushes=pushes, deal=(hands, layout, stock))

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def current_player(self) -> int | None:
        return None if self.result is not None else 0

    def legal_actions(self) -> list[ScriptedAction]:
        return [] if self.result is not None else [ScriptedAction("end")]

    def apply(self, action: Any) -> list[Any]:
        if self.result is not None or action != "end":
            raise ScriptedIllegal(f"illegal {action}")
        self.history.append(str(action))
        self._finish(self.script.pop(0))
        return []

    def _finish(self, outcome: tuple[Any, ...]) -> None:
        n = self.players
        if outcome[0] == "win":
            chips = tuple(outcome[2:]) or tuple((n - 1) if s == outcome[1] else -1 for s in range(n))
            self.result = ScriptedResult(outcome[1], False, False, "stop", 3, chips, (0,) * n)
        elif outcome[0] == "nagari":
            shots = tuple(outcome[1:]) or (0,) * n
            self.result = ScriptedResult(None, True, False, "exhaustion", 0, (0,) * n, shots)
        else:
            self.result = ScriptedResult(None, False, True, "four-on-table", 0, (0,) * n, (0,) * n)
