"""Train the ``learned`` bot: ``python -m gostop.rl.train --seed 0`` (needs torch: the ``train``
extra, ``pip install torch==2.13.0`` for the CPU build).

Method (docs/rl.md tells the story and the curves):

1. **Imitation data.** Seeded hands of ``pagat`` (2 players, and some 3-player hands) in which
   the ``expert`` bot holds one seat against ``greedy``, ``expert`` and ``random``: every
   decision of the expert with more than one legal index is recorded as (observation vector,
   action mask, index). The expert's go/stop decisions are replaced by those of
   ``search:only=go-stop`` (determinized Monte-Carlo search decides go/stop, the expert the
   rest), recorded on hands of their own, since go/stop is where search gains most (2-player
   hands; 3-player go/stop stays the teacher's). ``--search3-hands``: 3-player hands taught by
   the full search on every decision (``hard``'s 3-player bot by default) instead of the
   expert. ``--also``: other presets (or ``all``), each with fewer hands of the same kinds; the
   observation's knob block tells the rules apart. ``--gwang-hands``: hands of the three active
   seats of gwangpalli tables (4 to 7 seated: everyone dealt, stay or drop, the drop-outs'
   cards in the stock), taught by the same search. ``--search2-hands``: 2-player hands taught by
   the full search (``hard``'s 2-player bot) on every decision. ``--self2-driver``: self-play
   hands, the given network in both seats, the search labelling every decision of one of them
   (expert iteration: the search improves on the network's own play, the network learns it).
2. **Supervised fit** of a 2-hidden-layer MLP (masked softmax cross-entropy, Adam, go/stop
   samples weighted up), 5 % of the decisions held out to report accuracy. ``--init`` starts it from
   given weights (a fine-tune), and ``--keep-hands`` adds hands of every other table labelled by
   that network itself, so that what it knew there stays while the searched table moves.
3. **Export** to ``.npz`` (float16) for the numpy bot (:mod:`gostop.rl.learned`).

Everything is seeded (the hands, the bots, torch), with one torch thread: the same seed gives
the same weights. Collected data is cached in ``--data-dir`` (delete it to collect again).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
import math
import os
import re
import sys
import time
import zipfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from gostop.agents import make_agent
from gostop.errors import GostopError
from gostop.rl.encoding import KNOB_OBS_START, N_ACTIONS, OBS_SIZE, knob_vector
from gostop.rl.files import writable_dir
from gostop.rl.imitation import Dataset, collect
from gostop.rl.learned import PolicyNet
from gostop.rules import PRESET_NAMES, Rules, RulesError, get_preset
from gostop.signals import interrupt_status, sigterm_as_interrupt

__all__ = ["main"]

OPPONENTS = ("greedy", "expert", "random")
#: Table sizes of the gwangpalli hands (--gwang-hands), drawn evenly.
GWANG_TABLES = (4, 5, 6, 7)
#: The preset whose gwangpalli seats --keep-untaught keeps (the one v5 learned them on).
GWANG_PRESET = "pagat"


class TrainError(GostopError, ValueError):
    """A bad argument or an unusable file: reported as one ``error:`` line, exit status 2."""


#: Off a terminal, progress is a plain line per tenth of a part, or after this many seconds.
PLAIN_PROGRESS_SECONDS = 30.0


def _progress(label: str, total: int) -> Callable[[int], None]:
    """Progress of collecting ``total`` hands on stderr: one line rewritten in place on a
    terminal; plain lines (at the start, each tenth, every half minute, the end) when piped."""
    start = last = time.perf_counter()
    tty = sys.stderr.isatty()
    step = max(1, total // (20 if tty else 10))
    if not tty:
        print(f"{label}: 0/{total} hands", file=sys.stderr, flush=True)

    def report(done: int) -> None:
        nonlocal last
        now = time.perf_counter()
        if done % step and done != total and (tty or now - last < PLAIN_PROGRESS_SECONDS):
            return
        last = now
        rate = done / max(1e-9, now - start)
        line = f"{label}: {done}/{total} hands ({rate:.0f}/s)"
        if tty:
            print(f"\r{line}", end="\n" if done == total else "", file=sys.stderr, flush=True)
        else:
            print(line, file=sys.stderr, flush=True)

    return report


def _also(args: argparse.Namespace) -> list[str]:
    """The other presets to train on (``--also``), checked; ``all``: every preset but --preset."""
    if not args.also:
        return []
    names = [n.strip() for n in args.also.split(",") if n.strip()]
    if names == ["all"]:
        names = [n for n in PRESET_NAMES if n != args.preset]
    for name in names:
        get_preset(name)  # RulesError names the presets
    if len(set(names)) != len(names) or args.preset in names:
        raise TrainError(f"--also {args.also}: a preset named twice (--preset {args.preset} is trained on anyway)")
    return names


def _with_knobs(part: Dataset, rules: Rules) -> Dataset:
    """Data collected before the observation had its knob block, given the block of its rules
    (the knobs are the same for every decision of a part: one preset)."""
    if part.x.shape[1] == OBS_SIZE:
        return part
    if part.x.shape[1] != KNOB_OBS_START:
        raise ValueError(f"collected observations of {part.x.shape[1]} entries fit no encoding ({OBS_SIZE})")
    knobs = np.broadcast_to(knob_vector(rules).astype(part.x.dtype), (len(part), OBS_SIZE - KNOB_OBS_START))
    return Dataset(np.concatenate([part.x, knobs], axis=1), part.mask, part.y, part.stage)


#: One part of the data: (part name, preset, players, teacher, hands, stages, seed).
Spec = tuple[str, str, int, str, int, "frozenset[str] | None", int]


def _specs(args: argparse.Namespace) -> list[Spec]:
    """Every part of the data the arguments ask for, in order (also those of 0 hands)."""
    # (part name, preset, players, teacher, hands, stages, seed)
    specs: list[Spec] = [
        ("expert2", args.preset, 2, "expert", args.hands, None, args.seed),
        ("expert3", args.preset, 3, "expert", args.hands3, None, args.seed + 1),
        ("search-go2", args.preset, 2, "search:only=go-stop", args.search_hands, frozenset({"go-stop"}), args.seed + 2),
    ]
    if args.search3_hands > 0:  # 3-player hands taught by the full search (all decisions)
        specs.append(("search3", args.preset, 3, args.search3_teacher, args.search3_hands, None, args.seed + 4))
    if args.gwang_hands > 0:  # the three active seats of gwangpalli tables (4 to 7 seated), same teacher
        specs.append(("gwang3", args.preset, 3, args.search3_teacher, args.gwang_hands, None, args.seed + 6))
    if args.search2_hands > 0:  # 2-player hands taught by the full search (all decisions)
        specs.append(("search2", args.preset, 2, args.search2_teacher, args.search2_hands, None, args.seed + 7))
    for i in range(len(args.self2_driver or [])):  # self-play: the network in both seats, the search labelling one
        specs.append((f"self2-r{i + 1}", args.preset, 2, args.search2_teacher, args.self2_hands, None,
                      args.seed + 8 + 10 * i))
    for i in range(len(args.dagger_driver or [])):
        specs.append((f"dagger2-r{i + 1}", args.preset, 2, "search:only=go-stop", args.dagger_hands, None,
                      args.seed + 3 + 10 * i))
    for i in range(len(args.dagger3_driver or [])):
        specs.append((f"dagger3-r{i + 1}", args.preset, 3, args.search3_teacher, args.dagger3_hands, None,
                      args.seed + 5 + 10 * i))
    # the other presets (--also): fewer hands each, the same teachers; seeds apart from the above
    for j, preset in enumerate(_also(args)):
        base = args.seed + 1000 * (j + 1)
        specs.append(("expert2", preset, 2, "expert", args.hands_also, None, base))
        if not get_preset(preset).two_player_only:
            specs.append(("expert3", preset, 3, "expert", args.hands3_also, None, base + 1))
        specs.append(("search-go2", preset, 2, "search:only=go-stop", args.search_hands_also,
                      frozenset({"go-stop"}), base + 2))
    if args.keep_hands > 0 and args.keep_untaught:  # anchors on every table no part of this run teaches
        keeper = f"learned:weights={args.init}"
        taught = {(preset, players) for name, preset, players, _, hands, _, _ in specs if hands > 0 and name != "gwang3"}
        for j, preset in enumerate(PRESET_NAMES):
            base = args.seed + 500 + 1000 * j
            for players in (2, 3):
                if players == 3 and get_preset(preset).two_player_only:
                    continue
                if (preset, players) not in taught:
                    specs.append((f"keep{players}", preset, players, keeper, args.keep_hands, None, base + players - 2))
        if args.keep_gwang and not any(name == "gwang3" and hands > 0 for name, _, _, _, hands, _, _ in specs):
            specs.append(("keepg3", GWANG_PRESET, 3, keeper, args.keep_hands, None, args.seed + 502))
        return specs
    if args.keep_hands > 0:  # anchors: the --init network's own choices on every table but the one searched
        keeper = f"learned:weights={args.init}"
        for j, preset in enumerate([args.preset, *_also(args)]):
            base = args.seed + 500 + 1000 * j
            if preset != args.preset:
                specs.append(("keep2", preset, 2, keeper, args.keep_hands, None, base))
            if not get_preset(preset).two_player_only:
                specs.append(("keep3", preset, 3, keeper, args.keep_hands, None, base + 1))
        if args.keep_gwang:
            specs.append(("keepg3", args.preset, 3, keeper, args.keep_hands, None, args.seed + 502))
    return specs


def _driver_file(args: argparse.Namespace, name: str) -> str | None:
    """The weights file that plays the labelled seat of part ``name`` (DAgger, self-play)."""
    if name.startswith(("dagger2-r", "dagger3-r", "self2-r")):
        files = args.dagger_driver if name.startswith("dagger2-") else args.dagger3_driver \
            if name.startswith("dagger3-") else args.self2_driver
        return str(files[int(name.rsplit("r", 1)[1]) - 1])
    return None


def _digest(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]


def _spec_id(spec: str) -> str:
    """A bot spec with each weights file named by a digest of its contents."""
    return re.sub(r"weights=([^:]+)",
                  lambda m: f"weights=#{_digest(m.group(1))}" if Path(m.group(1)).is_file() else m.group(0), spec)


def _note(spec: Spec, opponents: tuple[str, ...], driver: str | None) -> str:
    """How a part is collected, saved with it: a cached part collected otherwise (another
    teacher, another driver network...) under the same file name is not silently reused."""
    name, preset, players, teacher, _, stages, _ = spec
    return json.dumps({
        "preset": preset, "players": players, "teacher": _spec_id(teacher),
        "opponents": [_spec_id(o) for o in opponents], "driver": _spec_id(driver) if driver else None,
        "stages": sorted(stages) if stages else None,
        "seated": list(GWANG_TABLES) if name in ("gwang3", "keepg3") else [],
    }, sort_keys=True)


def _load_part(path: Path, note: str) -> Dataset:
    try:
        saved = Dataset.note_of(str(path))
        part = Dataset.load(str(path))
    except (OSError, EOFError, ValueError, KeyError, zipfile.BadZipFile) as exc:
        why = "not an .npz archive" if "pickled" in str(exc) else str(exc)
        raise TrainError(f"cached part {path} is unreadable ({why}); delete it to collect it again") from None
    if saved and saved != note:
        old, new = json.loads(saved), json.loads(note)
        diff = ", ".join(f"{k} {old.get(k)} (now {new.get(k)})" for k in sorted(new) if old.get(k) != new.get(k))
        raise TrainError(f"cached part {path} was collected otherwise: {diff}; delete it or use another --data-dir")
    return part


def _data(args: argparse.Namespace) -> tuple[Dataset, np.ndarray]:
    out = Path(args.data_dir)
    out.mkdir(parents=True, exist_ok=True)
    parts = []
    weights = []  # the loss weight of each decision (--weight3)
    specs = _specs(args)
    searched = {preset for name, preset, _, _, hands, _, _ in specs if name == "search-go2" and hands > 0}
    for spec in specs:
        name, preset, players, teacher, hands, stages, seed = spec
        if hands <= 0 or (args.collect_only and args.collect_only not in (name, f"{name}-{preset}")):
            continue
        path = out / f"{name}-{preset}-{hands}-s{seed}.npz"
        driver_file = _driver_file(args, name)
        driver = f"learned:weights={driver_file}" if driver_file else None
        opponents: tuple[str, ...] = (driver,) if driver and name.startswith("self2-") else OPPONENTS
        note = _note(spec, opponents, driver)
        if path.is_file():
            part = _load_part(path, note)
        else:
            part = collect(
                get_preset(preset), players, teacher, opponents, hands, seed, stages=stages, driver=driver,
                progress=_progress(f"collect {name} {preset}", hands),
                seated=GWANG_TABLES if name in ("gwang3", "keepg3") else (),
            )
            part.save(str(path), note)
        part = _with_knobs(part, get_preset(preset))
        if teacher == "expert" and players == 2 and preset in searched:
            part = part.select(part.stage != "go-stop")  # 2-player go/stop comes from the search part
        if name == "expert3" and preset == args.preset and args.search3_hands > 0:
            continue  # 3-player hands of this preset are taught by the search alone
        print(f"{name}: {len(part)} decisions", file=sys.stderr)
        parts.append(part)
        searched3 = name in ("search3", "gwang3") or name.startswith("dagger3-")
        weight = args.weight3 if searched3 else args.weight2 if name == "search2" or name.startswith("self2-") else 1.0
        weights.append(np.full(len(part), weight, dtype=np.float32))
    if not args.collect_only and sum(len(p) for p in parts) < 2:
        raise TrainError("the hands asked for gave fewer than 2 decisions to learn from: ask for more hands")
    if not parts:  # --collect-only: nothing to fit
        empty = Dataset(np.zeros((0, OBS_SIZE), np.float16), np.zeros((0, N_ACTIONS), bool), np.zeros(0, np.int16),
                        np.zeros(0, "<U16"))
        return empty, np.zeros(0, np.float32)
    return Dataset.concat(parts), np.concatenate(weights)


def _torch() -> Any:
    # Imported by name so that type checking works without torch installed (an optional extra).
    return importlib.import_module("torch")


def _fit(args: argparse.Namespace, data: Dataset, part_weight: np.ndarray) -> tuple[PolicyNet, list[dict[str, float]]]:
    torch = _torch()

    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    torch.use_deterministic_algorithms(True)
    rng = np.random.default_rng(args.seed)
    n = len(data)
    order = rng.permutation(n)
    n_val = max(1, n // 20)
    val, tr = order[:n_val], order[n_val:]
    x = torch.from_numpy(data.x.astype(np.float32))
    mask = torch.from_numpy(data.mask)
    y = torch.from_numpy(data.y.astype(np.int64))
    weight = torch.from_numpy((np.where(data.stage == "go-stop", args.go_weight, 1.0) * part_weight).astype(np.float32))
    hidden = [int(h) for h in args.hidden.split(",") if h]
    sizes = [x.shape[1], *hidden, mask.shape[1]]
    mods: list[Any] = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:], strict=True)):
        mods.append(torch.nn.Linear(a, b))
        if i < len(sizes) - 2:
            mods.append(torch.nn.ReLU())
    model = torch.nn.Sequential(*mods)
    if args.init:  # fine-tune: start from these weights (same layer sizes)
        init_net = PolicyNet.load(args.init)
        linears = [m for m in model if isinstance(m, torch.nn.Linear)]
        shapes = [tuple(w.shape) for w, _ in init_net.layers]
        if shapes != [(m.in_features, m.out_features) for m in linears]:
            raise ValueError(f"--init {args.init}: layers {shapes} do not fit --hidden {args.hidden}")
        with torch.no_grad():
            for m, (w, b) in zip(linears, init_net.layers, strict=True):
                m.weight.copy_(torch.from_numpy(w.T.copy()))
                m.bias.copy_(torch.from_numpy(b.copy()))
    opt = torch.optim.Adam(model.parameters(), lr=args.lr, weight_decay=1e-5)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=args.epochs)
    is_go = torch.from_numpy(data.stage == "go-stop")
    curve: list[dict[str, float]] = []

    def masked(logits: Any, m: Any) -> Any:
        return logits.masked_fill(~m, -1e9)

    for epoch in range(args.epochs):
        model.train()
        perm = torch.from_numpy(rng.permutation(tr))
        total = 0.0
        for start in range(0, len(perm), args.batch):
            idx = perm[start : start + args.batch]
            logits = masked(model(x[idx]), mask[idx])
            loss = (torch.nn.functional.cross_entropy(logits, y[idx], reduction="none") * weight[idx]).mean()
            opt.zero_grad()
            loss.backward()
            opt.step()
            total += float(loss.detach()) * len(idx)
        sched.step()
        model.eval()
        with torch.no_grad():
            vi = torch.from_numpy(val)
            pred = masked(model(x[vi]), mask[vi]).argmax(dim=1)
            ok = pred == y[vi]
            go = is_go[vi]
            row = {
                "epoch": epoch + 1,
                "train_loss": total / len(tr),
                "val_acc": float(ok.float().mean()),
                "val_acc_go_stop": float(ok[go].float().mean()) if bool(go.any()) else float("nan"),
                "val_acc_other": float(ok[~go].float().mean()),
            }
        curve.append(row)
        print(
            f"epoch {epoch + 1}/{args.epochs}: loss {row['train_loss']:.4f}, held-out accuracy "
            f"{row['val_acc']:.3f} (go/stop {row['val_acc_go_stop']:.3f}, other {row['val_acc_other']:.3f})",
            file=sys.stderr,
        )
    layers = []
    for mod in model:
        if isinstance(mod, torch.nn.Linear):
            layers.append((mod.weight.detach().numpy().T.copy(), mod.bias.detach().numpy().copy()))
    method = "imitation of expert + search go/stop"
    if args.search3_hands > 0 or args.dagger3_driver:
        method += " + search on 3-player hands"
    if args.gwang_hands > 0:
        method += " + gwangpalli active seats"
    if args.search2_hands > 0:
        method += " + search on 2-player hands"
    if args.self2_driver:
        method += f" + search-labelled self-play ({len(args.self2_driver)} round{'s' if len(args.self2_driver) > 1 else ''})"
    if args.init:
        method = f"fine-tune of {Path(args.init).name}: " + method
    presets = ",".join([args.preset, *_also(args)])
    net = PolicyNet(layers, {"seed": str(args.seed), "method": method, "presets": presets})
    return net, curve


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m gostop.rl.train",
        description="Train the learned bot by imitation of the expert and search bots, and search-labelled self-play "
        "(needs torch). The defaults are a small run of a few minutes on one CPU core (docs/rl.md: a smaller checkpoint); "
        "the recipes of the shipped weights are in docs/rl.md.",
    )
    p.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    p.add_argument("--preset", default="pagat", help="rules preset (default pagat)")
    p.add_argument("--hands", type=int, default=8000, help="2-player expert hands (default 8000)")
    p.add_argument("--hands3", type=int, default=0, help="3-player expert hands (default 0)")
    p.add_argument("--search-hands", type=int, default=800, help="2-player hands for search go/stop labels (default 800)")
    p.add_argument(
        "--search3-hands", type=int, default=0,
        help="3-player hands of --preset taught by the search on every decision (replaces the expert's 3-player hands; default 0)",
    )
    p.add_argument(
        "--search3-teacher", default="search:infer=0.7",
        help="the bot spec teaching those hands (default search:infer=0.7, what hard played with 3 players when v5 was trained)",
    )
    p.add_argument(
        "--gwang-hands", type=int, default=0,
        help="hands of the three active seats of gwangpalli tables (4 to 7 seated) of --preset, taught by "
        "--search3-teacher (default 0)",
    )
    p.add_argument(
        "--also", metavar="PRESETS",
        help="other presets to train on too, comma-separated, or 'all' (the knob block of the observation tells them apart)",
    )
    p.add_argument("--hands-also", type=int, default=3000, help="2-player expert hands per --also preset (default 3000)")
    p.add_argument("--hands3-also", type=int, default=1000, help="3-player expert hands per --also preset (default 1000)")
    p.add_argument(
        "--search-hands-also", type=int, default=800,
        help="2-player hands for search go/stop labels per --also preset (default 800)",
    )
    p.add_argument(
        "--dagger-hands", type=int, default=0,
        help="2-player hands played by --dagger-driver, labelled by search:only=go-stop (default 0)",
    )
    p.add_argument(
        "--dagger-driver", metavar="WEIGHTS", action="append",
        help="weights that drive one DAgger round (repeat for several rounds, in order)",
    )
    p.add_argument(
        "--dagger3-hands", type=int, default=0,
        help="3-player hands played by --dagger3-driver, labelled by --search3-teacher (default 0)",
    )
    p.add_argument(
        "--dagger3-driver", metavar="WEIGHTS", action="append",
        help="weights that drive one 3-player DAgger round (repeat for several rounds, in order)",
    )
    p.add_argument(
        "--search2-hands", type=int, default=0,
        help="2-player hands of --preset taught by --search2-teacher on every decision (default 0)",
    )
    p.add_argument(
        "--search2-teacher", default="search",
        help="the bot spec teaching 2-player hands on every decision (default search, what hard plays with 2 players)",
    )
    p.add_argument(
        "--self2-hands", type=int, default=2000,
        help="self-play 2-player hands a round of --self2-driver (default 2000)",
    )
    p.add_argument(
        "--self2-driver", metavar="WEIGHTS", action="append",
        help="weights that play both seats of 2-player self-play hands, one seat labelled by --search2-teacher "
        "(one round of --self2-hands; repeat for several rounds, in order)",
    )
    p.add_argument(
        "--weight2", type=float, default=1.0,
        help="loss weight of the decisions taught by the 2-player search (search2, self2 parts; default 1)",
    )
    p.add_argument("--hidden", default="256,256", help="hidden layer sizes (default 256,256)")
    p.add_argument(
        "--init", metavar="WEIGHTS",
        help="start the fit from these weights (a fine-tune; their layers must fit --hidden) instead of at random",
    )
    p.add_argument(
        "--keep-hands", type=int, default=0,
        help="with --init: hands of every other table (each --also preset with 2 and 3 players, --preset with 3, "
        "gwangpalli seats with --keep-gwang) labelled by the --init network itself, so that a fine-tune keeps "
        "what it knew there (default 0)",
    )
    p.add_argument("--keep-gwang", action="store_true", help="with --keep-hands: gwangpalli active seats too")
    p.add_argument(
        "--keep-untaught", action="store_true",
        help="with --keep-hands: keep every table no part of this run teaches (each preset with 2 players and, "
        "where it is played so, 3; with --keep-gwang the active seats of pagat's gwangpalli tables) instead of "
        "the tables beside --preset's 2-player one: a fine-tune of one preset's play",
    )
    p.add_argument("--epochs", type=int, default=8, help="passes over the data (default 8)")
    p.add_argument("--batch", type=int, default=512, help="decisions per gradient step (default 512)")
    p.add_argument("--lr", type=float, default=1e-3, help="learning rate of Adam, decayed by a cosine (default 1e-3)")
    p.add_argument("--go-weight", type=float, default=3.0, help="loss weight of go/stop decisions (default 3)")
    p.add_argument(
        "--weight3", type=float, default=1.0,
        help="loss weight of the decisions taught by the 3-player search (search3, dagger3, gwang3 parts; default 1)",
    )
    p.add_argument(
        "--data-dir", default="build/rl-data",
        help="cache of collected decisions, one file a part, reused by later runs (default build/rl-data)",
    )
    p.add_argument(
        "--out", default="build/learned.npz",
        help="weights file to write, with its learning curve in a .json beside it (default build/learned.npz)",
    )
    p.add_argument("--force", action="store_true", help="overwrite --out if it exists")
    p.add_argument(
        "--collect-only", metavar="PART",
        help="only collect (and cache) one part of the data (expert2, expert3, search-go2, search3, dagger2-r1, "
        "dagger3-r1, gwang3, search2, self2-r1, keep3, keepg3 ...; a part of an --also preset: expert2-matgo, "
        "keep2-blog ...)",
    )
    return p


_COUNTS = ("hands", "hands3", "search_hands", "search3_hands", "gwang_hands", "hands_also", "hands3_also",
           "search_hands_also", "dagger_hands", "dagger3_hands", "search2_hands", "self2_hands", "keep_hands",
           "epochs", "seed")


def _check(args: argparse.Namespace) -> None:
    """Every argument, before anything is collected (raises TrainError or RulesError)."""
    for flag in _COUNTS:
        if getattr(args, flag) < 0:
            raise TrainError(f"--{flag.replace('_', '-')} must be 0 or more (got {getattr(args, flag)})")
    if args.batch < 1:
        raise TrainError(f"--batch must be 1 or more (got {args.batch})")
    for flag in ("lr", "go_weight", "weight2", "weight3"):
        value = getattr(args, flag)
        if not (value > 0 and math.isfinite(value)):
            raise TrainError(f"--{flag.replace('_', '-')} must be above 0 (got {value})")
    try:
        hidden = [int(h) for h in args.hidden.split(",") if h.strip()]
    except ValueError:
        hidden = [0]
    if any(h < 1 for h in hidden):
        raise TrainError(f"--hidden must be layer sizes of 1 or more, comma-separated, e.g. 256,256 (got {args.hidden!r})")
    for flag, needs, what in (("dagger_driver", "dagger_hands", "the hands it plays"),
                              ("dagger3_driver", "dagger3_hands", "the hands it plays"),
                              ("self2_driver", "self2_hands", "the hands it plays"),
                              ("keep_gwang", "keep_hands", "the hands to keep"),
                              ("keep_untaught", "keep_hands", "the hands to keep")):
        if getattr(args, flag) and getattr(args, needs) <= 0:
            raise TrainError(f"--{flag.replace('_', '-')} needs --{needs.replace('_', '-')} ({what})")
    if args.keep_hands > 0 and not args.init:
        raise TrainError("--keep-hands needs --init (the network whose choices are kept)")
    for flag, paths in (("init", [args.init]), ("self2-driver", args.self2_driver or []),
                        ("dagger-driver", args.dagger_driver or []), ("dagger3-driver", args.dagger3_driver or [])):
        for path in paths:
            if not path:
                continue
            if not Path(path).is_file():
                raise TrainError(f"--{flag}: no weights file {path}")
            try:
                PolicyNet.load(path)
            except ValueError as exc:
                raise TrainError(f"--{flag}: {exc}") from None
    if args.init:
        shapes = [tuple(w.shape) for w, _ in PolicyNet.load(args.init).layers]
        want = [OBS_SIZE, *hidden, N_ACTIONS]
        if shapes != list(zip(want[:-1], want[1:], strict=True)):
            raise TrainError(f"--init {args.init}: its layers {shapes} do not fit --hidden {args.hidden}")
    rules = get_preset(args.preset)  # RulesError names the presets
    if rules.two_player_only:  # GEN-7: no 3-player hands of this preset to collect
        for flag in ("hands3", "search3_hands", "dagger3_hands"):
            if getattr(args, flag) > 0:
                raise RulesError(f"--{flag.replace('_', '-')}: the {args.preset} rules are for 2 players only; "
                                 f"make it 0 or pick another --preset")
    # (--keep-untaught keeps pagat's gwangpalli seats, whatever --preset is)
    if (args.gwang_hands > 0 or (args.keep_gwang and not args.keep_untaught)) and (
            rules.two_player_only or rules.multi_player_mode != "gwangpalli"
                                                       or (rules.max_players or 0) < max(GWANG_TABLES)):
        raise RulesError(f"--gwang-hands/--keep-gwang: the {args.preset} preset has no gwangpalli tables of 4 to 7 seated")
    specs = _specs(args)  # checks --also
    for name, _, _, teacher, hands, _, _ in specs:
        if hands > 0:
            try:
                make_agent(teacher)
            except ValueError as exc:  # AgentSpecError: the registry's message
                raise TrainError(f"teacher of the {name} part: {exc}") from None
    wanted = [n for name, preset, _, _, hands, _, _ in specs if hands > 0 for n in (name, f"{name}-{preset}")]
    if args.collect_only and args.collect_only not in wanted:
        raise TrainError(f"--collect-only {args.collect_only}: no such part of this run; its parts: "
                         + (", ".join(wanted[1::2]) or "none (every hand count is 0)"))
    if not wanted:
        raise TrainError("nothing to learn from: every hand count is 0")
    if not args.collect_only:
        out = Path(args.out)
        if out.suffix == ".json":
            raise TrainError(f"--out {out}: the learning curve goes to a .json beside the weights; name the weights .npz")
        if out.is_dir():
            raise TrainError(f"--out {out} is a directory; name the weights file, e.g. {out / 'learned.npz'}")
        if out.exists() and not args.force:
            raise TrainError(f"--out {out} exists; --force overwrites it, or pick another name")
        _writable_dir(out.parent, "--out")
    _writable_dir(Path(args.data_dir), "--data-dir")


def _writable_dir(path: Path, flag: str) -> None:
    why = writable_dir(path)
    if why is not None:
        raise TrainError(f"{flag}: {why}")


def _json_text(report: dict[str, Any]) -> str:
    """``report`` as standard JSON: an accuracy with nothing to measure (no go/stop decision
    held out) is ``null``, not the ``NaN`` that JSON readers other than Python's refuse."""

    def clean(value: Any) -> Any:
        if isinstance(value, float) and not math.isfinite(value):
            return None
        if isinstance(value, dict):
            return {k: clean(v) for k, v in value.items()}
        if isinstance(value, list | tuple):
            return [clean(v) for v in value]
        return value

    return json.dumps(clean(report), indent=1, allow_nan=False)


def _run(args: argparse.Namespace) -> int:
    t0 = time.perf_counter()
    data, part_weight = _data(args)
    t1 = time.perf_counter()
    if args.collect_only:
        return 0
    net, curve = _fit(args, data, part_weight)
    t2 = time.perf_counter()
    out = Path(args.out)
    report = {
        "args": vars(args),
        "decisions": len(data),
        "collect_seconds": round(t1 - t0, 1),
        "fit_seconds": round(t2 - t1, 1),
        "curve": curve,
    }
    # the curve first, then the weights: an interrupted run never leaves weights without their curve
    meta = out.with_suffix(".json")
    tmp = meta.with_name(f".{meta.name}.{os.getpid()}.tmp")
    try:
        tmp.write_text(_json_text(report))
        os.replace(tmp, meta)
    finally:
        tmp.unlink(missing_ok=True)
    net.save(out)
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB) and {meta}", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:  # a bad argument first, then a missing dependency
        _check(args)
        try:
            if not args.collect_only:  # collecting needs no torch
                _torch()
        except ImportError:
            raise TrainError("training needs torch: pip install torch==2.13.0 (the CPU build)") from None
        with sigterm_as_interrupt():  # a `kill` stops the run as a ctrl-c does (status 143)
            return _run(args)
    except (TrainError, RulesError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt as exc:
        end_line = "\n" if sys.stderr.isatty() else ""  # after a progress line rewritten in place
        print(f"{end_line}interrupted: {args.out} was not written; the parts collected whole stay in {args.data_dir}",
              file=sys.stderr)
        return interrupt_status(exc)


if __name__ == "__main__":
    raise SystemExit(main())
