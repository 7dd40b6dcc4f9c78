"""QA round 10 of the terminal game (Korean and English, matgo, goo-stupe, 3 players):

* the final standings wrote ``+9 칩`` with a space; Korean writes the unit against the number,
  as the rest of the screen and the web table do (``+9칩``, ``-2잔``);
* a Korean hand summary said what the person pays twice (``나: 25 ×4 = 100칩 냅니다.``, then
  ``=> 나: 100칩 냅니다``) once the words layer said the person as ``You`` in English;
* a person who chose a name (``--name Kim``) was told ``Kim pay 6 chips`` in the settlement;
* goo-stupe's go/stop question offered to "win 2 shots" (``스톱: 지금 2잔 따기``): nobody wins
  shots, the opponents take them (PAY-2, GOO-1);
* the jokers of a goo-stupe hand were listed one by one (``조커 1, 조커 1, 조커 1``) in the log
  and the captures of a summary.
"""

from __future__ import annotations

from rich.cells import cell_len

from gostop.match import Standing
from gostop.play.app import ChoiceItem
from gostop.play.render import standings_block
from gostop.play.session import HandSummary, Session, Settings


def _play_hand(s: Session, *, stop: bool = True) -> HandSummary:
    """Play the first choice of every question (stop when asked go or stop) until a hand
    summary waits; the summary."""
    for _ in range(200):
        if s.pending:
            return s.pending[0]
        prompt = s.prompt()
        assert prompt is not None
        keys = [c.key for c in prompt.choices]
        s.choose("s" if stop and "s" in keys and prompt.stage == "go-stop" else keys[0])
    raise AssertionError("the hand did not end")


def test_the_korean_standings_write_the_unit_against_the_number() -> None:
    """MATCH-7: the final standings."""
    rows = [Standing(seat=1, name="Minji", rank=1, chips=9, shots=0), Standing(seat=0, name="You", rank=2, chips=-9,
                                                                                shots=2)]
    ko = standings_block(rows, "chips", "ko").plain
    assert "+9칩" in ko and "-9칩" in ko and " 칩" not in ko, ko
    assert "+2잔" in standings_block(rows, "shots", "ko").plain
    en = standings_block(rows, "chips", "en").plain
    assert "+9 chips" in en and "-9 chips" in en, en
    one = standings_block([Standing(seat=0, name="You", rank=1, chips=1, shots=1)], "shots", "en").plain
    assert "+1 shot" in one and "+1 shots" not in one, one


def test_a_korean_summary_says_what_the_person_pays_once() -> None:
    """Matgo seed 14, the person plays the first card each turn: Minji stops with 4 goes and
    the person pays 100 chips (PAY-6). The steps said it twice."""
    s = Session.start(Settings(seed=14, preset="matgo", level="hard", lang="ko", hands=1))
    summary = _play_hand(s)
    paying = [st for st in summary.steps if st.strip().startswith(("나:", "=> 나:")) and "냅니다" in st]
    assert len(paying) == 1, summary.steps
    en = Session.start(Settings(seed=14, preset="matgo", level="hard", lang="en", hands=1))
    steps = _play_hand(en).steps
    assert len([st for st in steps if st.strip().startswith(("You pay", "=> You pay"))]) == 1, steps


def test_a_person_with_a_name_of_their_own_is_told_of_like_any_player() -> None:
    """PAY-6: ``--name Kim``: the settlement said ``Kim pay 100 chips``."""
    s = Session.start(Settings(seed=14, preset="matgo", level="hard", lang="en", hands=1, name="Kim"))
    steps = _play_hand(s).steps
    text = "\n".join(steps)
    assert "Kim pays " in text and "Kim pay " not in text, steps


def test_a_goo_stupe_stop_does_not_win_shots() -> None:
    """PAY-2, GOO-1: goo-stupe (3 players): the go/stop question came with ``stop: win 2 shots
    now`` / ``스톱: 지금 2잔 따기``; the opponents take the shots. (Seed 1 against `normal`: since
    the bots stop as soon as they may in goo-stupe, seed 5 against `hard` ended the first hand
    before the person's question.)"""
    for lang in ("en", "ko"):
        s = Session.start(Settings(seed=1, preset="goo-stupe", players=3, level="normal", lang=lang))
        for _ in range(200):
            prompt = s.prompt()
            if s.pending or prompt is None:
                raise AssertionError("no go/stop question in the first hand")
            if prompt.stage == "go-stop":
                break
            s.choose(prompt.choices[0].key)
        stop = next(c for c in prompt.choices if c.key == "s")
        said = " ".join([stop.label, stop.detail, *prompt.info])
        if lang == "en":
            assert "win 2" not in said and "you win" not in said and "the others take 2 shots" in said, said
        else:
            assert "따기" not in said and "땁니다" not in said and "마" in said, said


def test_the_jokers_of_a_goo_stupe_hand_are_counted() -> None:
    """GOO-10 (22 one-junk jokers): the person's deal of seed 5 holds three; the log said
    ``받은 패: ..., 조커 1, 조커 1, 조커 1``; the summary's captures listed each joker taken."""
    s = Session.start(Settings(seed=5, preset="goo-stupe", players=3, level="hard", lang="ko"))
    log = "\n".join(line.text for line in s.log)
    assert "조커 1 ×3" in log and "조커 1, 조커 1" not in log, log
    summary = _play_hand(s)
    caps = "\n".join(summary.steps)
    assert "조커 1, 조커 1" not in caps and "조커 1 ×" in caps, caps


def test_a_bracket_in_a_choice_at_80_columns_goes_whole_or_not_at_all() -> None:
    """EVT-7: three players, seed 1: the person owes Minji a junk card for a chok and holds both
    pampas grass junk. At 80 columns the choice read ``08J1 pampas grass junk (any of your``."""
    for lang in ("en", "ko"):
        s = Session.start(Settings(seed=1, players=3, lang=lang))
        for _ in range(3):
            prompt = s.prompt()
            assert prompt is not None
            s.choose(prompt.choices[0].key)
        prompt = s.prompt()
        assert prompt is not None and prompt.stage == "surrender", prompt
        alike = [c for c in prompt.choices if "(" in c.label]
        assert alike, prompt.choices
        for c in prompt.choices:
            for width in (20, 30, 39, 40, 60):
                text = ChoiceItem._fitted(c, width, lang).plain
                assert text.count("(") == text.count(")"), (lang, width, text)
                assert cell_len(text) <= width, (lang, width, text)
        assert "(" in ChoiceItem._fitted(alike[0], 60, lang).plain  # whole where it fits


def test_the_shots_taken_during_a_hand_name_the_person_in_the_list() -> None:
    """GOO-10 (a joker played makes each opponent take a shot): the summary listed ``Hoon 4
    shots, Minji 3 shots, You 5 shots``, a capital in the middle of a sentence."""
    s = Session.start(Settings(seed=5, preset="goo-stupe", players=3, level="hard"))
    steps = [st for st in _play_hand(s).steps if st.startswith("Shots taken during the hand")]
    assert steps, "no shots taken during the hand: choose another seed"
    assert any(" you " in st + " " for st in steps) and not any(" You " in st + " " for st in steps), steps
