"""The rollout net: a small policy, compiled into the search's fast rollouts, that chooses the
card a seat plays from its hand (``search:rollout_policy=net``; :func:`gostop.fast.rollout.net_play`).

It is a distillation of a teacher bot (by default ``learned``, the policy network): seeded hands
are played by a mix of bots, and at every main action of any seat where two or more month cards
may be played, the teacher says which card it would play; the fast engine's view of that seat
(:func:`gostop.fast.rollout.net_inputs`: six card planes and ten numbers, what the seat may know)
is recorded with the teacher's card. A one-hidden-layer network is then fitted (masked softmax
cross-entropy over the 48 month cards, Adam) with numpy, or with torch when it is installed.

Reproduce the shipped weights (``src/gostop/fast/rollnet.npz``; ``--force`` overwrites them)::

    python -m gostop.rl.rollnet --hands 20000 --seed 2 --out src/gostop/fast/rollnet.npz --force

``--hands`` hands of each table (2 and 3 players, pagat); the run ends by printing how often the
net and the compiled ``expert-lite`` agree with the teacher on hands it was not trained on.

As ``python -m gostop.rl.train``: the arguments and files are checked before any work (a bad
one is one ``error:`` line, exit status 2), an existing ``--out`` is kept unless ``--force``,
the weights are written atomically, and ctrl-c leaves no partial file (exit status 130).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import zipfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import NoReturn

import numpy as np

from gostop.agents import make_agent
from gostop.engine import Hand
from gostop.rl.files import new_file_problem, save_npz, writable_dir
from gostop.rl.imitation import Rows
from gostop.rules import Rules, get_preset

__all__ = ["RollData", "collect", "fit", "agreement", "main"]


@dataclass
class RollData(Rows):
    """``x`` float32 [n, NET_INPUTS], ``legal`` bool [n, 48] (the month cards the seat may play),
    ``y`` int64 [n] (the teacher's card), ``lite`` int64 [n] (the card of the compiled
    ``expert-lite``, the rollouts' policy without the net)."""

    x: np.ndarray
    legal: np.ndarray
    y: np.ndarray
    lite: np.ndarray


def collect(
    rules: Rules,
    players: int,
    hands: int,
    seed: int,
    teacher: str = "learned",
    bots: Sequence[str] = ("learned", "learned", "greedy"),
    progress: Callable[[int], None] | None = None,
) -> RollData:
    """Play ``hands`` seeded hands, each seat a bot drawn from ``bots``, and record the teacher's
    card at every main action with two or more month cards to play (see the module docstring)."""
    from gostop.fast.config import config_for
    from gostop.fast.convert import ConversionError, state_from_hand
    from gostop.fast.kernels import legal as legal_codes
    from gostop.fast.policies import greedy_tables
    from gostop.fast.rollout import GO_MARGIN, NET_INPUTS, net_inputs, no_net, rollout_choose
    from gostop.table import ask, begin_hand, decision

    cfg = config_for(rules)
    index = cfg.tables.index
    buf = np.empty(8192, np.int64)
    w, rank, pos = greedy_tables(cfg.tables.score)
    empty = no_net()
    rng = random.Random(seed)
    xs: list[np.ndarray] = []
    legals: list[np.ndarray] = []
    ys: list[int] = []
    lites: list[int] = []
    for h in range(hands):
        hand = Hand.new(rules, players, rng.randrange(2**62))
        agents = []
        teachers = []
        for s in range(players):
            spec = rng.choice(list(bots))
            agent = make_agent(spec)
            begin_hand(agent, rules, players, s, rng.randrange(2**62))
            agents.append(agent)
            if spec == teacher:
                teachers.append(agent)
            else:
                t = make_agent(teacher)
                begin_hand(t, rules, players, s, rng.randrange(2**62))
                teachers.append(t)
        while not hand.is_over:
            seat = hand.current_player
            assert seat is not None
            legal = tuple(hand.legal_actions())
            if len(legal) == 1:
                hand.apply(legal[0])
                continue
            agent = agents[seat]
            d = decision(hand, seat, sampler=agent.needs_sampler, world_seed=lambda: rng.randrange(2**62))
            action = ask(agent, d)
            plays = {index[a.cards[0]] for a in legal if a.kind == "play"}
            if hand.stage == "main" and len(plays) > 1 and max(plays) < 48:
                label = action if teachers[seat] is agent else ask(teachers[seat], d)
                if label.kind == "play":
                    try:
                        S = state_from_hand(hand, cfg, buf=buf)
                    except ConversionError:
                        S = None
                    if S is not None:
                        nl = legal_codes(S, cfg.knobs, cfg.table, buf)
                        i = rollout_choose(S, cfg.knobs, cfg.table, buf, nl, seat, w, rank, pos, GO_MARGIN, *empty)
                        lites.append(int(buf[i] % 65536) if buf[i] // 65536 == 0 else -1)
                        x = np.empty(NET_INPUTS, np.float32)
                        net_inputs(S, cfg.knobs, cfg.table, seat, x)
                        mask = np.zeros(48, bool)
                        mask[list(plays)] = True
                        xs.append(x)
                        legals.append(mask)
                        ys.append(index[label.cards[0]])
            hand.apply(action)
        if progress is not None:
            progress(h + 1)
    return RollData(
        np.array(xs, np.float32).reshape(-1, NET_INPUTS), np.array(legals, bool).reshape(-1, 48),
        np.array(ys, np.int64), np.array(lites, np.int64),
    )


def _masked_logits(logits: np.ndarray, legal: np.ndarray) -> np.ndarray:
    return np.where(legal, logits, -1e9)


def fit(
    data: RollData, hidden: int = 64, epochs: int = 20, seed: int = 0, lr: float = 3e-3,
    batch: int = 256, progress: Callable[[int], None] | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Fit the net to ``data`` (masked softmax cross-entropy, Adam, numpy): (W1, b1, W2, b2)."""
    rng = np.random.default_rng(seed)
    n_in = data.x.shape[1]
    params = [
        (rng.standard_normal((n_in, hidden)) * np.sqrt(2.0 / n_in)).astype(np.float32),
        np.zeros(hidden, np.float32),
        (rng.standard_normal((48, hidden)) * np.sqrt(1.0 / hidden)).astype(np.float32),
        np.zeros(48, np.float32),
    ]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    t = 0
    n = len(data)
    for epoch in range(epochs):
        order = rng.permutation(n)
        for start in range(0, n, batch):
            idx = order[start : start + batch]
            x, legal, y = data.x[idx], data.legal[idx], data.y[idx]
            W1, b1, W2, b2 = params
            pre = x @ W1 + b1
            h = np.maximum(pre, 0.0)
            z = _masked_logits(h @ W2.T + b2, legal)
            z -= z.max(axis=1, keepdims=True)
            p = np.exp(z)
            p /= p.sum(axis=1, keepdims=True)
            g = p
            g[np.arange(len(y)), y] -= 1.0
            g /= len(y)
            gW2 = g.T @ h
            gb2 = g.sum(axis=0)
            gh = g @ W2
            gh[pre <= 0] = 0.0
            grads = [x.T @ gh, gh.sum(axis=0), gW2, gb2]
            t += 1
            for i, (param, grad) in enumerate(zip(params, grads, strict=True)):
                m[i] = 0.9 * m[i] + 0.1 * grad
                v[i] = 0.999 * v[i] + 0.001 * grad * grad
                mh = m[i] / (1 - 0.9**t)
                vh = v[i] / (1 - 0.999**t)
                param -= (lr * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
        if progress is not None:
            progress(epoch + 1)
    return tuple(np.ascontiguousarray(p, np.float32) for p in params)  # type: ignore[return-value]


def net_choices(weights: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], data: RollData) -> np.ndarray:
    """The net's card for every row of ``data`` (dense numpy forward pass)."""
    W1, b1, W2, b2 = weights
    h = np.maximum(data.x @ W1 + b1, 0.0)
    choices: np.ndarray = np.argmax(_masked_logits(h @ W2.T + b2, data.legal), axis=1)
    return choices


def agreement(weights: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray], data: RollData) -> float:
    """The share of rows where the net plays the teacher's card (a card of the same month and
    kind counts only if it is the same card)."""
    return float(np.mean(net_choices(weights, data) == data.y)) if len(data) else 0.0


class _Parser(argparse.ArgumentParser):
    """argparse with its errors on one line: ``error: ...``, exit status 2 (no usage above it)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"error: {' '.join(message.split())}\n")


def main(argv: list[str] | None = None) -> int:
    ap = _Parser(prog="python -m gostop.rl.rollnet", description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=3000, help="hands of each table (2 and 3 players) to record")
    ap.add_argument("--seed", type=int, default=1, help="seed of the deals, the bots' draws and the fit")
    ap.add_argument("--teacher", default="learned", help="the bot whose card the net learns")
    ap.add_argument("--bots", default="learned,learned,greedy", help="bots drawn for the seats (comma-separated)")
    ap.add_argument("--preset", default="pagat", help="rules preset of the hands")
    ap.add_argument("--hidden", type=int, default=64, help="hidden units")
    ap.add_argument("--epochs", type=int, default=20, help="passes over the data")
    ap.add_argument("--out", default="rollnet.npz", help="where to write the weights (a new file unless --force)")
    ap.add_argument("--force", action="store_true", help="overwrite --out if it exists")
    ap.add_argument("--data", default="", help="cache of the recorded data (.npz): read if present, else written")
    ns = ap.parse_args(argv)
    if ns.hands < 10 or ns.hidden < 1 or ns.epochs < 1:
        ap.error("--hands must be at least 10, --hidden and --epochs at least 1")
    try:
        get_preset(ns.preset)
        for spec in [ns.teacher, *(b.strip() for b in ns.bots.split(",") if b.strip())]:
            make_agent(spec)
    except ValueError as e:
        ap.error(str(e))
    import os

    why = new_file_problem(ns.out, ns.force)
    if why is not None:
        ap.error(why)
    if ns.data:  # a cache: read if it is there, else written
        if os.path.realpath(ns.data) == os.path.realpath(ns.out):
            ap.error(f"--data {ns.data} is the --out file; name another file for the cache")
        if os.path.isdir(ns.data):
            ap.error(f"--data {ns.data} is a directory; name a file")
        why = writable_dir(os.path.dirname(ns.data) or ".")
        if why is not None:
            ap.error(f"--data: {why}")
    try:
        return _run(ns)
    except KeyboardInterrupt:
        print(f"\ninterrupted: {ns.out} was not written", file=sys.stderr)
        return 130


def _run(ns: argparse.Namespace) -> int:
    import os

    rules = get_preset(ns.preset)
    bots = [b.strip() for b in ns.bots.split(",") if b.strip()]
    start = time.time()
    if ns.data and os.path.exists(ns.data):
        try:
            data = RollData.load(ns.data)
        except (OSError, EOFError, ValueError, KeyError, zipfile.BadZipFile) as exc:
            why = "not an .npz archive" if "pickled" in str(exc) else str(exc)
            print(f"error: --data {ns.data} is unreadable ({why}); delete it to record again", file=sys.stderr)
            return 2
        print(f"read {len(data)} decisions from {ns.data}", file=sys.stderr)
    else:
        parts = []
        for players in (2, 3):
            def report(done: int, players: int = players) -> None:
                tty = sys.stderr.isatty()  # in place on a terminal, a line a tenth in a log
                if done % max(1, ns.hands // (20 if tty else 10)) == 0 or done == ns.hands:
                    line = f"{players} players: {done}/{ns.hands} hands"
                    print(f"\r{line}" if tty else line, end="" if tty else "\n", file=sys.stderr, flush=True)

            parts.append(collect(rules, players, ns.hands, ns.seed * 10 + players, ns.teacher, bots, report))
            print(f"  ({len(parts[-1])} decisions, {time.time() - start:.0f} s)", file=sys.stderr)
        data = RollData.concat(parts)
        if ns.data:
            data.save(ns.data)
    rng = np.random.default_rng(ns.seed)
    held = rng.random(len(data)) < 0.1
    train, test = data.select(~held), data.select(held)

    def epoch(done: int) -> None:
        if sys.stderr.isatty():
            print(f"\repoch {done}/{ns.epochs}", end="\n" if done == ns.epochs else "", file=sys.stderr, flush=True)
        else:
            print(f"epoch {done}/{ns.epochs}", file=sys.stderr, flush=True)

    weights = fit(train, ns.hidden, ns.epochs, ns.seed, progress=epoch)
    save_npz(ns.out, {"W1": weights[0], "b1": weights[1], "W2": weights[2], "b2": weights[3]})
    print(
        f"{len(train)} decisions to train on, {len(test)} held out: the net plays the teacher's card "
        f"{agreement(weights, train):.1%} / {agreement(weights, test):.1%} (train / held out; "
        f"expert-lite {float(np.mean(test.lite == test.y)):.1%} held out); "
        f"{time.time() - start:.0f} s; weights in {ns.out}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
