"""Learning with the environment (issue 14): a tiny numpy training run improves over its starting
policy against random, and the shipped ``learned`` bot plays through the simulator."""

from __future__ import annotations

import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from gostop.agents import BOTS, make_agent  # noqa: E402
from gostop.rl.imitation import collect, evaluate, fit_numpy  # noqa: E402
from gostop.rl.learned import LearnedAgent, PolicyNet  # noqa: E402
from gostop.rules import get_preset  # noqa: E402
from gostop.sim import simulate  # noqa: E402

PAGAT = get_preset("pagat")


def test_tiny_training_run_beats_its_starting_policy_against_random() -> None:
    """Imitation of greedy (numpy only, a few seconds): measured on the same 300 seeded hands
    before and after. Other seeds gave +3.5 to +11.8 chips a hand of improvement."""
    net = PolicyNet.random(hidden=(64,), seed=0)

    def policy(x: np.ndarray, mask: np.ndarray) -> int:
        return net.choose(x, mask)

    before = evaluate(PAGAT, 2, policy, "random", hands=300, seed=1)
    data = collect(PAGAT, 2, "greedy", ["random"], hands=200, seed=2)
    assert len(data) > 1500
    losses = fit_numpy(data, net, epochs=10, lr=3e-3, seed=3)
    assert losses[-1] < losses[0] * 0.5
    after = evaluate(PAGAT, 2, policy, "random", hands=300, seed=1)
    # greedy takes about +10 chips a hand from random; the imitation gets a good part of it
    assert after > before + 2.0, (before, after)


def test_numpy_gradients_match_finite_differences() -> None:
    rng = np.random.default_rng(0)
    net = PolicyNet.random(hidden=(8,), seed=1)
    x = rng.random((4, net.layers[0][0].shape[0])).astype(np.float32)
    mask = rng.random((4, net.layers[-1][0].shape[1])) < 0.3
    mask[:, 5] = True
    y = np.array([5, 5, 5, 5])
    _, grads = net.loss_and_grads(x, mask, y)
    w = net.layers[0][0]
    for i, j in [(0, 0), (3, 2), (10, 7)]:
        old = w[i, j]
        w[i, j] = old + 1e-2
        up, _ = net.loss_and_grads(x, mask, y)
        w[i, j] = old - 1e-2
        down, _ = net.loss_and_grads(x, mask, y)
        w[i, j] = old
        assert grads[0][i, j] == pytest.approx((up - down) / 2e-2, abs=2e-3)


def test_learned_is_registered_and_plays_legal_moves_in_the_simulator() -> None:
    assert BOTS["learned"] is LearnedAgent
    agent = make_agent("learned")
    assert agent.spec == "learned"
    for players, lineup in ((2, ["learned", "greedy"]), (3, ["learned", "expert", "random"])):
        report = simulate(PAGAT, lineup, 6, seed=4, workers=1)
        assert report.hands == 6 * players


def test_learned_weights_are_small_and_round_trip(tmp_path: object) -> None:
    from importlib import resources
    from pathlib import Path

    ref = resources.files("gostop.rl") / "weights" / "learned.npz"
    with resources.as_file(ref) as path:
        assert path.stat().st_size < 5 * 1024 * 1024
        net = PolicyNet.load(path)
    out = Path(str(tmp_path)) / "copy.npz"
    net.save(out)
    again = PolicyNet.load(out)
    x = np.random.default_rng(0).random(net.layers[0][0].shape[0]).astype(np.float32)
    assert np.allclose(net.logits(x), again.logits(x), atol=1e-2)
    agent = make_agent(f"learned:weights={out}")
    assert isinstance(agent, LearnedAgent)


def test_learned_bad_weights_path_is_one_line() -> None:
    from gostop.agents import AgentSpecError

    with pytest.raises(AgentSpecError, match="no weights file"):
        make_agent("learned:weights=nowhere.npz")


def _weights_files(base: object) -> dict[str, tuple[object, str]]:
    """Files that are not weights of the learned bot, and the reason each error must give."""
    from pathlib import Path

    from gostop.rl.encoding import N_ACTIONS, OBS_SIZE

    base = Path(str(base))
    files: dict[str, tuple[object, str]] = {}
    (base / "text.npz").write_text("garbage")
    files["text"] = (base / "text.npz", "not an .npz archive")
    (base / "empty.npz").write_bytes(b"")
    files["empty"] = (base / "empty.npz", "empty or cut short")
    arrays = {
        "nolayers": ({"foo": np.zeros(3)}, "no layers"),
        "nobias": ({"w0": np.zeros((OBS_SIZE, N_ACTIONS), np.float16)}, "no b0"),
        "chain": ({"w0": np.zeros((OBS_SIZE, 8)), "b0": np.zeros(8), "w1": np.zeros((9, N_ACTIONS)),
                   "b1": np.zeros(N_ACTIONS)}, "layer 1 reads 9 inputs but layer 0 gives 8"),
        "nan": ({"w0": np.full((OBS_SIZE, N_ACTIONS), np.nan), "b0": np.zeros(N_ACTIONS)}, "not finite"),
        "size": ({"w0": np.zeros((100, N_ACTIONS)), "b0": np.zeros(N_ACTIONS)}, "does not fit the encoding"),
    }
    for name, (content, why) in arrays.items():
        np.savez(base / f"{name}.npz", **content)
        files[name] = (base / f"{name}.npz", why)
    return files


def test_bad_weights_files_are_one_line_errors_naming_the_file(tmp_path: object) -> None:
    """``learned:weights=FILE`` with a file that holds no usable network: the registry's one-line
    error (AgentSpecError) names the file and what is wrong, never a crash at the first decision."""
    from gostop.agents import AgentSpecError

    for name, (path, why) in _weights_files(tmp_path).items():
        with pytest.raises(AgentSpecError) as info:
            make_agent(f"learned:weights={path}")
        assert str(path) in str(info.value) and why in str(info.value), (name, str(info.value))


def test_weights_are_saved_under_exactly_the_name_given(tmp_path: object) -> None:
    """numpy adds ``.npz`` to a name without it; the weights keep the name asked for, and the
    write leaves no temporary file."""
    from pathlib import Path

    base = Path(str(tmp_path))
    net = PolicyNet.random(hidden=(4,), seed=2)
    net.save(base / "small.weights")
    assert sorted(p.name for p in base.iterdir()) == ["small.weights"]
    again = PolicyNet.load(base / "small.weights")
    assert [w.shape for w in again.params()] == [w.shape for w in net.params()]


def test_train_script_is_reproducible_from_its_seed(tmp_path: object) -> None:
    pytest.importorskip("torch")
    from pathlib import Path

    from gostop.rl.train import main

    base = Path(str(tmp_path))
    outs = []
    for run in (1, 2):
        out = base / f"w{run}.npz"
        args = ["--seed", "3", "--hands", "40", "--hands3", "10", "--search-hands", "0", "--epochs", "1"]
        assert main([*args, "--data-dir", str(base / f"data{run}"), "--out", str(out)]) == 0
        outs.append(np.load(out))
    assert outs[0].files == outs[1].files
    assert all(np.array_equal(outs[0][k], outs[1][k]) for k in outs[0].files)


def test_train_script_bad_preset_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from gostop.rl.train import main

    assert main(["--preset", "nope"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1


def test_weights_from_before_the_knob_block_read_the_vector_up_to_it() -> None:
    """A network trained on the observation without the knob block still plays: it reads the
    entries before the block, and is the same function of them."""
    from gostop.rl.encoding import KNOB_OBS_START, OBS_SIZE
    from gostop.rl.learned import PolicyNet

    full = PolicyNet.random(hidden=(16,), seed=1)
    old = PolicyNet([(full.layers[0][0][:KNOB_OBS_START], full.layers[0][1]), full.layers[1]])
    assert (full.inputs, old.inputs) == (OBS_SIZE, KNOB_OBS_START)
    x = np.random.default_rng(2).random(OBS_SIZE, dtype=np.float32)
    x_without = x.copy()
    x_without[KNOB_OBS_START:] = 0.0
    assert np.allclose(old.logits(x), full.logits(x_without), atol=1e-5)
    with pytest.raises(ValueError, match="retrain"):
        PolicyNet([(full.layers[0][0][:100], full.layers[0][1]), full.layers[1]])


def test_train_script_takes_other_presets_and_learns_the_whole_observation(tmp_path: object) -> None:
    pytest.importorskip("torch")
    from pathlib import Path

    from gostop.rl.encoding import OBS_SIZE
    from gostop.rl.learned import PolicyNet
    from gostop.rl.train import main

    base = Path(str(tmp_path))
    args = ["--seed", "4", "--hands", "20", "--hands3", "0", "--search-hands", "0", "--epochs", "1",
            "--also", "matgo,goo-stupe", "--hands-also", "15", "--hands3-also", "5", "--search-hands-also", "0"]
    assert main([*args, "--data-dir", str(base / "data"), "--out", str(base / "w.npz")]) == 0
    parts = sorted(p.name.rsplit("-s", 1)[0] for p in (base / "data").iterdir())
    # matgo is 2-player only: no 3-player part of its own
    assert parts == ["expert2-goo-stupe-15", "expert2-matgo-15", "expert2-pagat-20", "expert3-goo-stupe-5"]
    assert PolicyNet.load(base / "w.npz").inputs == OBS_SIZE


def test_train_script_unknown_other_preset_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from gostop.rl.train import main

    assert main(["--also", "pagat-clasic"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "pagat-classic" in err


def test_gwangpalli_hands_are_the_three_active_seats_of_a_full_table() -> None:
    """GWANG-2..8: everyone seated is dealt, the drop-outs' cards go into the stock; the hand
    the three who stay play holds every card of the deck, 7 in each hand."""
    from gostop.cards import deck_cards
    from gostop.rl.imitation import collect, gwangpalli_hand
    from gostop.rules import get_preset

    rules = get_preset("pagat")
    deck = sorted(c.code for c in deck_cards(rules.jokers))
    ended = 0
    for seated in (4, 5, 6, 7):
        for seed in range(12):
            hand = gwangpalli_hand(rules, seated, seed)
            if hand is None:  # ended at the deal
                ended += 1
                continue
            assert hand.players == 3
            assert [len(hand.hand_cards(s)) for s in range(3)] == [7, 7, 7]
            seen = [*hand.layout_cards(), *hand.stock_cards()]
            for s in range(3):
                seen += [*hand.hand_cards(s), *hand.capture_cards(s)]
            assert sorted(c.code for c in seen) == deck
    assert ended < 8
    data = collect(rules, 3, "expert", ("greedy",), 40, 5, seated=(4, 7))
    assert len(data) > 12
    with pytest.raises(ValueError, match="4 to 7"):
        collect(rules, 2, "expert", ("greedy",), 1, 5, seated=(4,))


def test_train_script_gwangpalli_hands(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from gostop.rl.train import main

    assert main(["--preset", "matgo", "--gwang-hands", "5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "gwangpalli" in err
    assert main(["--weight3", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and err.count("\n") == 1 and "--weight3" in err
    pytest.importorskip("torch")
    from pathlib import Path

    base = Path(str(tmp_path))
    args = ["--seed", "5", "--hands", "10", "--hands3", "0", "--search-hands", "0", "--epochs", "1",
            "--gwang-hands", "4", "--search3-teacher", "expert", "--collect-only", "gwang3"]
    assert main([*args, "--data-dir", str(base / "data")]) == 0
    assert sorted(p.name for p in (base / "data").iterdir()) == ["gwang3-pagat-4-s11.npz"]


def test_train_script_weighs_the_decisions_of_the_three_player_search(tmp_path: object) -> None:
    """--weight3: the decisions taught by the 3-player search (search3, dagger3, gwang3 parts)
    weigh that much in the loss; every other decision 1."""
    from pathlib import Path

    from gostop.rl.train import _data, _parser

    base = Path(str(tmp_path))
    args = _parser().parse_args(["--seed", "6", "--hands", "6", "--hands3", "0", "--search-hands", "0",
                                 "--search3-hands", "3", "--search3-teacher", "expert", "--gwang-hands", "3",
                                 "--weight3", "4", "--data-dir", str(base / "data")])
    data, weight = _data(args)
    assert len(weight) == len(data)
    names = sorted(p.name.split("-pagat")[0] for p in (base / "data").iterdir())
    assert names == ["expert2", "gwang3", "search3"]
    from gostop.rl.imitation import Dataset

    n2 = len(Dataset.load(str(next((base / "data").glob("expert2-*")))))
    assert set(weight[:n2].tolist()) == {1.0} and set(weight[n2:].tolist()) == {4.0}


def test_train_script_two_player_search_self_play_and_fine_tune(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    """--search2-hands: 2-player hands taught by a teacher on every decision; --self2-driver:
    self-play hands (the network in both seats) labelled by that teacher; --weight2 weighs both;
    --keep-hands labels the other tables by the --init network itself."""
    from pathlib import Path

    from gostop.rl.imitation import Dataset
    from gostop.rl.train import _data, _parser, main

    base = Path(str(tmp_path))
    start = PolicyNet.random(hidden=(8,), seed=3)
    start_path = base / "start.npz"
    start.save(start_path)
    start = PolicyNet.load(start_path)  # as saved (float16)
    for bad, word in ((["--weight2", "0"], "--weight2"), (["--init", str(base / "none.npz")], "--init"),
                      (["--keep-hands", "3"], "--init"), (["--self2-driver", str(base / "none.npz")], "--self2-driver")):
        assert main(bad) == 2
        err = capsys.readouterr().err
        assert err.startswith("error: ") and err.count("\n") == 1 and word in err
    args = _parser().parse_args([
        "--seed", "8", "--hands", "5", "--hands3", "0", "--search-hands", "0",
        "--search2-hands", "3", "--search2-teacher", "expert",
        "--self2-driver", str(start_path), "--self2-driver", str(start_path), "--self2-hands", "3", "--weight2", "3",
        "--init", str(start_path), "--keep-hands", "3", "--also", "matgo",
        "--hands-also", "0", "--hands3-also", "0", "--search-hands-also", "0",
        "--data-dir", str(base / "data"),
    ])
    data, weight = _data(args)
    names = sorted(p.name.rsplit("-s", 1)[0] for p in (base / "data").iterdir())
    # no 2-player keep part of --preset (that table is the one the search teaches); matgo is 2-player only
    assert names == ["expert2-pagat-5", "keep2-matgo-3", "keep3-pagat-3", "search2-pagat-3", "self2-r1-pagat-3",
                     "self2-r2-pagat-3"]
    parts = {p.name.rsplit("-s", 1)[0]: Dataset.load(str(p)) for p in (base / "data").iterdir()}
    assert len(weight) == len(data) == sum(len(p) for p in parts.values())
    assert float(weight.max()) == 3.0 and int((weight == 3.0).sum()) == sum(
        len(parts[n]) for n in ("search2-pagat-3", "self2-r1-pagat-3", "self2-r2-pagat-3"))
    for name in ("keep2-matgo-3", "keep3-pagat-3"):  # the --init network's own choices
        part = parts[name]
        assert len(part) > 0
        assert all(start.choose(x.astype(np.float32), m) == y for x, m, y in zip(part.x, part.mask, part.y, strict=True))


def test_train_script_fine_tune_starts_from_its_init_weights(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    """--init: the fit starts from given weights (0 epochs give them back, 1 epoch moves them);
    layers that do not fit --hidden are a one-line error before anything is collected."""
    pytest.importorskip("torch")
    from pathlib import Path

    from gostop.rl.train import main

    base = Path(str(tmp_path))
    start_path = base / "start.npz"
    PolicyNet.random(hidden=(8,), seed=3).save(start_path)
    start = PolicyNet.load(start_path)
    out = base / "same.npz"
    fit = ["--seed", "8", "--hands", "5", "--hands3", "0", "--search-hands", "0", "--hidden", "8",
           "--data-dir", str(base / "data"), "--init", str(start_path)]
    assert main([*fit, "--epochs", "0", "--out", str(out)]) == 0
    same = PolicyNet.load(out)
    assert all(np.array_equal(a, b) for a, b in zip(same.params(), start.params(), strict=True))
    assert "fine-tune of start.npz" in same.meta["method"]
    assert main([*fit, "--epochs", "1", "--out", str(base / "moved.npz")]) == 0
    moved = PolicyNet.load(base / "moved.npz")
    assert not all(np.array_equal(a, b) for a, b in zip(moved.params(), start.params(), strict=True))
    assert main([*fit[:-2], "--hidden", "16", "--init", str(start_path), "--epochs", "1",
                 "--out", str(base / "x.npz")]) == 2
    assert "--hidden" in capsys.readouterr().err


@pytest.mark.parametrize("first", ["from gostop.rl.learned import PolicyNet", "import gostop.rl.learned",
                                   "from gostop.agents import make_agent"])
def test_the_learned_bot_is_there_whatever_is_imported_first(first: str) -> None:
    # a fresh interpreter that imported gostop.rl.learned first: the bot registry loaded its
    # entry point while the module was half imported, an AttributeError ("partially initialized
    # module 'gostop.rl.learned' has no attribute 'LearnedAgent'") that stopped the import
    code = f"{first}\nfrom gostop.agents import make_agent\nprint(make_agent('learned').name)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and out.stdout.strip() == "learned", out.stderr[-2000:]
