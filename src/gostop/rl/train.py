"""Train the ``learned`` bot: ``python -m gostop.rl.train --seed 0`` (needs torch: the ``train``
extra, ``pip install torch==2.13.0`` for the CPU build).

Method (docs/rl.md tells the story and the curves):

1. **Imitation data.** Seeded hands of ``pagat`` (2 players, and some 3-player hands) in which
   the ``expert`` bot holds one seat against ``greedy``, ``expert`` and ``random``: every
   decision of the expert with more than one legal index is recorded as (observation vector,
   action mask, index). The expert's go/stop decisions are replaced by those of
   ``search:only=go-stop`` (determinized Monte-Carlo search decides go/stop, the expert the
   rest), recorded on hands of their own, since go/stop is where search gains most.
2. **Supervised fit** of a 2-hidden-layer MLP (masked softmax cross-entropy, Adam, go/stop
   samples weighted up), 5 % of the hands held out to report accuracy.
3. **Export** to ``.npz`` (float16) for the numpy bot (:mod:`gostop.rl.learned`).

Everything is seeded (the hands, the bots, torch), with one torch thread: the same seed gives
the same weights. Collected data is cached in ``--data-dir`` (delete it to collect again).
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from gostop.rl.imitation import Dataset, collect
from gostop.rl.learned import PolicyNet
from gostop.rules import RulesError, get_preset

__all__ = ["main"]

OPPONENTS = ("greedy", "expert", "random")


def _progress(label: str, total: int) -> object:
    start = time.perf_counter()
    step = max(1, total // 20)

    def report(done: int) -> None:
        if done % step == 0 or done == total:
            rate = done / max(1e-9, time.perf_counter() - start)
            print(f"\r{label}: {done}/{total} hands ({rate:.0f}/s)", end="", file=sys.stderr, flush=True)
            if done == total:
                print(file=sys.stderr)

    return report


def _data(args: argparse.Namespace) -> Dataset:
    rules = get_preset(args.preset)
    out = Path(args.data_dir)
    out.mkdir(parents=True, exist_ok=True)
    parts = []
    specs = [
        ("expert2", 2, "expert", args.hands, None, args.seed),
        ("expert3", 3, "expert", args.hands3, None, args.seed + 1),
        ("search-go2", 2, "search:only=go-stop", args.search_hands, frozenset({"go-stop"}), args.seed + 2),
    ]
    drivers = args.dagger_driver or []
    for i in range(len(drivers)):
        specs.append((f"dagger2-r{i + 1}", 2, "search:only=go-stop", args.dagger_hands, None, args.seed + 3 + 10 * i))
    for name, players, teacher, hands, stages, seed in specs:
        if hands <= 0 or (args.collect_only and name != args.collect_only):
            continue
        path = out / f"{name}-{args.preset}-{hands}-s{seed}.npz"
        if path.is_file():
            part = Dataset.load(str(path))
        else:
            driver = None
            if name.startswith("dagger2-r"):
                driver = f"learned:weights={drivers[int(name.rsplit('r', 1)[1]) - 1]}"
            part = collect(
                rules, players, teacher, OPPONENTS, hands, seed, stages=stages, driver=driver,
                progress=_progress(f"collect {name}", hands),  # type: ignore[arg-type]
            )
            part.save(str(path))
        if teacher == "expert" and args.search_hands > 0:
            part = part.select(part.stage != "go-stop")  # go/stop comes from the search part
        print(f"{name}: {len(part)} decisions", file=sys.stderr)
        parts.append(part)
    return Dataset.concat(parts)


def _torch() -> Any:
    # Imported by name so that type checking works without torch installed (an optional extra).
    return importlib.import_module("torch")


def _fit(args: argparse.Namespace, data: Dataset) -> tuple[PolicyNet, list[dict[str, float]]]:
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
    weight = torch.from_numpy(np.where(data.stage == "go-stop", args.go_weight, 1.0).astype(np.float32))
    hidden = [int(h) for h in args.hidden.split(",") if h]
    sizes = [x.shape[1], *hidden, mask.shape[1]]
    mods: list[Any] = []
    for i, (a, b) in enumerate(zip(sizes[:-1], sizes[1:], strict=True)):
        mods.append(torch.nn.Linear(a, b))
        if i < len(sizes) - 2:
            mods.append(torch.nn.ReLU())
    model = torch.nn.Sequential(*mods)
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
    net = PolicyNet(layers, {"seed": str(args.seed), "method": "imitation of expert + search go/stop"})
    return net, curve


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="python -m gostop.rl.train",
        description="Train the learned bot by imitation of the expert and search bots (needs torch).",
    )
    p.add_argument("--seed", type=int, default=0, help="run seed (default 0)")
    p.add_argument("--preset", default="pagat", help="rules preset (default pagat)")
    p.add_argument("--hands", type=int, default=30000, help="2-player expert hands (default 30000)")
    p.add_argument("--hands3", type=int, default=6000, help="3-player expert hands (default 6000)")
    p.add_argument("--search-hands", type=int, default=8000, help="2-player hands for search go/stop labels (default 8000)")
    p.add_argument(
        "--dagger-hands", type=int, default=0,
        help="2-player hands played by --dagger-driver, labelled by search:only=go-stop (default 0)",
    )
    p.add_argument(
        "--dagger-driver", action="append",
        help="weights that drive one DAgger round (repeat for several rounds, in order)",
    )
    p.add_argument("--hidden", default="256,256", help="hidden layer sizes (default 256,256)")
    p.add_argument("--epochs", type=int, default=12)
    p.add_argument("--batch", type=int, default=512)
    p.add_argument("--lr", type=float, default=1e-3)
    p.add_argument("--go-weight", type=float, default=3.0, help="loss weight of go/stop decisions (default 3)")
    p.add_argument("--data-dir", default="build/rl-data", help="cache of collected decisions")
    p.add_argument("--out", default="build/learned.npz", help="weights file to write")
    p.add_argument(
        "--collect-only", metavar="PART",
        help="only collect (and cache) one part of the data (expert2, expert3, search-go2, dagger2-r1 ...)",
    )
    args = p.parse_args(argv)
    try:
        _torch()
    except ImportError:
        print("error: training needs torch: pip install torch==2.13.0 (the CPU build)", file=sys.stderr)
        return 2
    try:
        get_preset(args.preset)
    except RulesError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    data = _data(args)
    t1 = time.perf_counter()
    if args.collect_only:
        return 0
    net, curve = _fit(args, data)
    t2 = time.perf_counter()
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    net.save(out)
    report = {
        "args": vars(args),
        "decisions": len(data),
        "collect_seconds": round(t1 - t0, 1),
        "fit_seconds": round(t2 - t1, 1),
        "curve": curve,
    }
    out.with_suffix(".json").write_text(json.dumps(report, indent=1))
    print(f"wrote {out} ({out.stat().st_size // 1024} KiB) and {out.with_suffix('.json')}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
