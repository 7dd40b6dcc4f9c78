"""The ``learned`` bot: a small policy network run with numpy alone (no torch needed to play).

The network maps the observation vector of :mod:`gostop.rl.encoding` to one logit per action
index; the bot plays the legal index with the highest logit. Its weights ship with the package
(``gostop/rl/weights/learned.npz``: ``w0, b0, w1, b1, ...``, ReLU between layers, float16 on
disk). How they were trained is in ``docs/rl.md`` (:mod:`gostop.rl.train` rebuilds them from a
seed).

The bot sees what every bot sees: its seat's observation and the legal actions. Where jokers
cost shots or the table is paid in shots (goo-stupe, GOO-4 / GOO-10), the expert's rules for
those tables narrow the legal actions first (:func:`gostop.agents.expert.shot_table_legal`).
"""

from __future__ import annotations

import re
import zipfile
from importlib import resources
from pathlib import Path
from typing import ClassVar

import numpy as np

from gostop.agents.expert import shot_table_legal
from gostop.agents.knowledge import View
from gostop.agents.protocol import Agent, Decision
from gostop.engine import Action
from gostop.rl.encoding import KNOB_OBS_START, N_ACTIONS, OBS_SIZE, ActionCodec, encode_observation
from gostop.rl.files import save_npz
from gostop.rules import Rules

__all__ = ["PolicyNet", "LearnedAgent", "DEFAULT_WEIGHTS"]

#: The shipped weights (package data).
DEFAULT_WEIGHTS = "learned.npz"

_NEG = np.float32(-1e9)


class PolicyNet:
    """A multi-layer perceptron in numpy: ``layers`` is a list of ``(W, b)``, ReLU between."""

    def __init__(self, layers: list[tuple[np.ndarray, np.ndarray]], meta: dict[str, str] | None = None) -> None:
        if not layers:
            raise ValueError("a network needs at least one layer (w0, b0)")
        self.layers = [(np.asarray(w, np.float32), np.asarray(b, np.float32)) for w, b in layers]
        self.meta = dict(meta or {})
        width = None
        for i, (w, b) in enumerate(self.layers):
            if w.ndim != 2 or b.shape != (w.shape[1],):
                raise ValueError(f"layer {i}: weights {w.shape} and biases {b.shape} do not form a layer")
            if width is not None and w.shape[0] != width:
                raise ValueError(f"layer {i} reads {w.shape[0]} inputs but layer {i - 1} gives {width}")
            if not (np.isfinite(w).all() and np.isfinite(b).all()):
                raise ValueError(f"layer {i} holds values that are not finite (nan or inf)")
            width = w.shape[1]
        #: the length of observation vector the network reads: all of it, or (weights trained
        #: before the knob block) the part before the knobs
        self.inputs = int(self.layers[0][0].shape[0])
        if self.inputs not in (OBS_SIZE, KNOB_OBS_START) or self.layers[-1][0].shape[1] != N_ACTIONS:
            raise ValueError(
                f"network shape {self.inputs} -> {self.layers[-1][0].shape[1]} does not "
                f"fit the encoding ({OBS_SIZE} -> {N_ACTIONS}); retrain it"
            )

    @classmethod
    def random(cls, hidden: tuple[int, ...] = (), seed: int = 0) -> PolicyNet:
        """A freshly initialised network (He init); ``hidden=()`` is a linear policy."""
        rng = np.random.default_rng(seed)
        sizes = [OBS_SIZE, *hidden, N_ACTIONS]
        layers = []
        for a, b in zip(sizes[:-1], sizes[1:], strict=True):
            layers.append((rng.normal(0, np.sqrt(2.0 / a), (a, b)).astype(np.float32), np.zeros(b, np.float32)))
        return cls(layers)

    @classmethod
    def load(cls, path: str | Path) -> PolicyNet:
        """The network saved in ``path``; ``ValueError`` (naming the file) if it holds none."""
        try:
            with np.load(path, allow_pickle=False) as z:
                n = sum(1 for k in z.files if re.fullmatch(r"w\d+", k))
                missing = [k for i in range(n) for k in (f"w{i}", f"b{i}") if k not in z.files]
                if n == 0 or missing:
                    what = "no layers" if n == 0 else "no " + ", ".join(missing)
                    raise ValueError(f"{what} (a weights file holds w0, b0, w1, b1, ...)")
                layers = [(z[f"w{i}"], z[f"b{i}"]) for i in range(n)]
                meta = {k[5:]: str(z[k]) for k in z.files if k.startswith("meta_")}
            return cls(layers, meta)
        except (OSError, EOFError, ValueError, zipfile.BadZipFile) as exc:
            if isinstance(exc, ValueError) and "pickled" in str(exc):
                exc = ValueError("not an .npz archive")  # numpy's advice about pickles does not apply
            elif isinstance(exc, EOFError):
                exc = EOFError("the file is empty or cut short")
            raise ValueError(f"{path} is not weights of the learned bot: {exc}") from None

    def save(self, path: str | Path) -> None:
        """Write the network to ``path`` as it is named (atomically: a partial file never has
        that name)."""
        arrays: dict[str, np.ndarray] = {}
        for i, (w, b) in enumerate(self.layers):
            arrays[f"w{i}"] = w.astype(np.float16)
            arrays[f"b{i}"] = b.astype(np.float16)
        for k, val in self.meta.items():
            arrays[f"meta_{k}"] = np.array(val)
        save_npz(path, arrays)

    def params(self) -> list[np.ndarray]:
        return [p for layer in self.layers for p in layer]

    def logits(self, x: np.ndarray) -> np.ndarray:
        h = x[..., : self.inputs] if x.shape[-1] != self.inputs else x
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        return h

    def choose(self, x: np.ndarray, mask: np.ndarray) -> int:
        """The legal index with the highest logit."""
        z = self.logits(x.astype(np.float32, copy=False))
        return int(np.argmax(np.where(mask > 0, z, _NEG)))

    def loss_and_grads(self, x: np.ndarray, mask: np.ndarray, y: np.ndarray) -> tuple[float, list[np.ndarray]]:
        """Masked softmax cross-entropy of a batch and its gradients (for :func:`fit_numpy`)."""
        x = x[:, : self.inputs]
        acts = [x]
        h = x
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = h @ w + b
            if i < last:
                h = np.maximum(h, 0.0)
            acts.append(h)
        z = np.where(mask, acts[-1], _NEG)
        z = z - z.max(axis=1, keepdims=True)
        e = np.exp(z) * mask
        p = e / e.sum(axis=1, keepdims=True)
        n = len(y)
        loss = float(-np.log(p[np.arange(n), y] + 1e-12).mean())
        d = p
        d[np.arange(n), y] -= 1.0
        d /= n
        grads: list[np.ndarray] = []
        for i in range(last, -1, -1):
            w, _ = self.layers[i]
            a = acts[i]
            grads.append(d.sum(axis=0))
            grads.append(a.T @ d)
            if i > 0:
                d = (d @ w.T) * (acts[i] > 0)
        grads.reverse()  # now w0, b0, w1, b1, ... (pairs were appended b then w)
        return loss, grads


_CACHE: dict[str, PolicyNet] = {}


def load_policy(weights: str = "") -> PolicyNet:
    """The network of a weights file (``""``: the shipped one), loaded once per process."""
    key = weights or DEFAULT_WEIGHTS
    net = _CACHE.get(key)
    if net is None:
        if weights:
            path = Path(weights)
            if not path.is_file():
                raise ValueError(f"no weights file {weights!r}")
            net = PolicyNet.load(path)
        else:
            ref = resources.files("gostop.rl") / "weights" / DEFAULT_WEIGHTS
            with resources.as_file(ref) as path:
                if not path.is_file():
                    raise ValueError("the learned bot's weights are missing from this installation")
                net = PolicyNet.load(path)
        _CACHE[key] = net
    return net


class LearnedAgent(Agent):
    """``learned``: the shipped policy network (parameter ``weights``: another ``.npz`` file)."""

    name: ClassVar[str] = "learned"

    def __init__(self, weights: str = "") -> None:
        super().__init__()
        self.weights = weights
        self.net = load_policy(weights)
        self._codecs: dict[int, tuple[Rules, ActionCodec]] = {}

    def params(self) -> dict[str, object]:
        return {"weights": self.weights} if self.weights else {}

    def _codec(self, rules: Rules) -> ActionCodec:
        found = self._codecs.get(id(rules))
        if found is None or found[0] is not rules:
            found = (rules, ActionCodec(rules))
            self._codecs[id(rules)] = found
        return found[1]

    def choose(self, decision: Decision) -> Action:
        obs = decision.observation
        rules = self.ctx.rules if self.ctx is not None else Rules.from_dict(obs.rules)
        codec = self._codec(rules)
        legal = decision.legal
        if rules.joker_shot is not None or rules.payment_unit == "shots":
            # Tables whose jokers cost shots (goo-stupe, GOO-10) and that are paid in shots
            # (GOO-4): the network was taught them by an expert that kept its jokers and said
            # go, so it plays them by the expert's rules (jokers first, go only while holding
            # one) and chooses among what those rules leave.
            legal = shot_table_legal(View.from_observation(obs, rules), legal)
        mask = codec.mask(legal)
        if int(mask.sum()) == 1:
            return codec.action(int(np.argmax(mask)))
        x = encode_observation(obs, rules)
        return codec.action(self.net.choose(x, mask))


def _register() -> None:
    """``learned`` among the bots also when this module was imported first: the registry's
    entry point found it half imported then (gostop.agents.registry._register_entry_points)."""
    from gostop.agents.registry import BOTS

    BOTS.setdefault("learned", LearnedAgent)


_register()
