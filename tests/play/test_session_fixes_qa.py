"""Player-facing defects found by a QA pass of the terminal game, each checked on what the
player reads: no rule IDs, the junk give-up choices, a go that can no longer win, the line
setup's table-size conflict and seed range, no "took nothing" while a pick is pending, a
settlement that says each payment once, "you" inside sentences, plurals, and ctrl-d in line
mode."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest

from gostop.cards import parse_card
from gostop.engine import Event
from gostop.limits import MAX_SEED
from gostop.match import MatchEvent
from gostop.play.narrate import narrate
from gostop.play.plain import PROMPT, PlainGame, plain_setup
from gostop.play.session import Prompt, Session, Settings, SettingsConflict, saved_summary
from gostop.play.store import Store
from gostop.rules import get_preset
from gostop.settlement import SettleContext, settle
from gostop.words import catalog, go_warnings_text, settlement_lines
from gostop.words.settlement import points_words

#: A rule ID of RULES.md (``LIAB-4``, ``PAY-6``, ``VAR-PUSH``): never shown to players.
RULE_ID = re.compile(r"\b[A-Z]{2,7}-\d|\bVAR-[A-Z]")
#: "You" in the middle of a sentence (after a word, a comma or a semicolon).
MID_YOU = re.compile(r"[a-z0-9,;)] You\b")
#: A count with the wrong number, or a "(s)" plural.
BAD_PLURAL = re.compile(r"\(s\)|\(es\)|\b1 (?:points|cards|chips|shots|times|hands)\b")
#: Brackets inside brackets.
NESTED = re.compile(r"\([^()]*\(")


def _texts(s: Session, prompt: Prompt | None = None) -> list[str]:
    """Everything of the session a player reads now (the prompt's too)."""
    out = [s.news, s.your_turn]
    if s.last_move is not None:
        out.append(s.last_move.text)
    if prompt is not None:
        out.append(prompt.question)
        out.extend(prompt.info)
        for c in prompt.choices:
            out.extend((c.label, c.detail, *c.marks))
    return out


def _play(s: Session, choose: Callable[[Prompt], str], seen: list[str], limit: int = 3000) -> None:
    """Play ``s`` to its end with ``choose``, keeping every text shown in ``seen``."""
    for _ in range(limit):
        if s.over and not s.pending:
            break
        if s.pending:
            summary = s.pending[0]
            seen.extend((summary.headline, *summary.steps))
            s.acknowledge()
            continue
        prompt = s.prompt()
        if prompt is None:
            s.advance()
            continue
        seen.extend(_texts(s, prompt))
        s.choose(choose(prompt))
    else:
        raise AssertionError("the match did not end")
    seen.extend(line.text for line in s.log)


class Bold:
    """Offers shodang once, shakes and bombs when it can, refuses offers, says go and stays;
    else the first choice."""

    def __init__(self) -> None:
        self.offered = False

    def __call__(self, prompt: Prompt) -> str:
        acts = {c.action.split()[0]: c.key for c in prompt.choices}
        if "offer-shodang" in acts and not self.offered:
            self.offered = True
            return acts["offer-shodang"]
        for kind in ("shake", "bomb", "refuse", "go", "stay"):
            if kind in acts:
                return acts[kind]
        return next(c.key for c in prompt.choices if c.action != "offer-shodang")


MATCHES = [
    Settings(players=2, seed=1, level="easy", hands=2),
    Settings(players=3, seed=1, level="easy", hands=2),
    Settings(players=5, seed=1, level="easy", hands=1),
    Settings(players=5, preset="goo-stupe", seed=1, level="easy", hands=2, ask_cut=True, lang="ko"),
]


# -- 1: no rule IDs, no "You" mid-sentence, no "(s)" plurals, in whole matches -------------------


@pytest.mark.parametrize("settings", MATCHES, ids=["2-players", "3-players", "5-seats", "goo-stupe"])
def test_whole_matches_show_no_rule_ids(settings: Settings) -> None:
    s = Session.start(settings)
    seen: list[str] = []
    _play(s, Bold(), seen)
    text = "\n".join(seen)
    assert len(seen) > 100
    for line in seen:
        assert not RULE_ID.search(line), line
        assert not MID_YOU.search(line), line
        assert not BAD_PLURAL.search(line), line
    if settings.players == 3:  # the oe-myeon warning and the shodang news were shown
        assert "<oe-myeon risk>" in text and "(oe-myeon 외면)" in text
        assert "(shodang refusal)" in text


# -- 2: the junk give-up ---------------------------------------------------------------------


def _owe_sseul(lang: str) -> tuple[Session, Prompt]:
    """The goo-stupe deal in which the person owes Hoon a junk card for a sseul, holding many
    alike cards (eleven one-junk jokers, two pine junk...)."""
    s = Session.start(Settings(players=5, preset="goo-stupe", seed=1, level="easy", hands=2, ask_cut=True, lang=lang))
    choose = Bold()
    for _ in range(60):
        if s.pending:
            s.acknowledge()
            continue
        prompt = s.prompt()
        assert prompt is not None
        obs = s.observation()
        if prompt.stage == "surrender" and obs is not None and (obs.debt or {}).get("for") == "sseul":
            return s, prompt
        s.choose(choose(prompt))
    raise AssertionError("no junk debt for a sseul")


def test_give_up_offers_one_choice_per_distinct_card_named_as_every_card_choice() -> None:
    s, prompt = _owe_sseul("ko")
    hand = s.match.hand
    assert hand is not None
    legal = hand.legal_actions()
    assert len(legal) == 22  # 22 cards it could give
    labels = [c.label for c in prompt.choices]
    assert len(prompt.choices) == 9 and len(set(labels)) == 9, labels
    assert [c.key for c in prompt.choices] == list("123456789")  # all on the number keys
    by_code = {c.card.code: c for c in prompt.choices if c.card is not None}
    assert len(by_code) == 9
    assert by_code["01J1"].label == f"{s.card_label(parse_card('01J1'))} (같은 패 2장 중 아무거나)"
    assert by_code["01J1"].label.startswith("송학 피 (")
    assert by_code["03J1"].label == "벚꽃 피"
    joker = next(c for c in prompt.choices if c.card is not None and c.card.is_joker)
    assert joker.label == "조커 1 · 피 (같은 패 11장 중 아무거나)"
    assert "#" not in joker.label and "give " not in joker.label
    assert prompt.question.startswith("싹쓸이 때문에 훈에게 피")  # the Korean session speaks Korean
    assert {c.card.code for c in prompt.choices if c.card} >= {"11D", "12D", "11J1"}  # months apart
    s.choose(joker.key)
    assert any(ln.text.startswith("피 뺏김: 나 → 훈 (조커 1") for ln in s.log)  # a joker went


def test_give_up_in_english_names_the_cards_as_card_choices_do() -> None:
    _s, prompt = _owe_sseul("en")
    assert [c.label for c in prompt.choices][:3] == ["pine junk (any of your 2)", "plum junk (any of your 2)",
                                                     "cherry junk"]
    assert prompt.find("01J1").action == "surrender 01J1"


# -- 3: a go with no turn left ---------------------------------------------------------------


def _capture_and_go(prompt: Prompt) -> str:
    for c in prompt.choices:
        if c.action == "go":
            return c.key
    for c in prompt.choices:
        if "captures" in c.marks:
            return c.key
    return prompt.choices[0].key


def test_a_go_with_no_turn_left_says_the_stop_is_given_up() -> None:
    s = Session.start(Settings(seed=1, level="easy", hands=1))
    asked: list[Prompt] = []
    while not s.pending:
        prompt = s.prompt()
        assert prompt is not None
        if prompt.stage == "go-stop":
            asked.append(prompt)
        s.choose(_capture_and_go(prompt))
    assert len(asked) == 3
    first, second, third = asked
    go = next(c for c in first.choices if c.action == "go")
    assert go.label == "go: play on for more"
    assert "You hold 2 cards; the stock has 5 cards." in first.info
    assert "You hold 1 card; the stock has 3 cards." in second.info
    obs_hand = [c for c in third.info if "hold" in c]
    assert not obs_hand  # no "You hold 0 card(s)"
    go = next(c for c in third.choices if c.action == "go")
    assert go.label == "go: you can no longer win this hand"
    assert next(c for c in third.choices if c.action == "stop").label == "stop: win 24 chips now"
    info = " ".join(third.info)
    assert "You have no turn left: after a go you cannot stop again" in info and "no winner or an opponent's win" in info
    assert "You give up a stop worth 24 chips." in info
    assert "play on" not in info and "asked again" not in info and "A win after" not in info
    assert s.pending[0].outcome == "nagari"  # and so it went


def test_no_turn_left_in_korean() -> None:
    rules = get_preset("pagat")
    en = go_warnings_text(rules, 3, 2, 9, stop_total=24, no_turn_left=True)
    ko = go_warnings_text(rules, 3, 2, 9, stop_total=24, no_turn_left=True, lang="ko")
    assert len(en) == len(ko) == 2  # the stop given up, the go-bak risk (short: it fits 80x24)
    assert "스톱 (24칩)을 포기" in ko[0] and "나가리" in ko[0]
    assert "고박" in ko[1]
    # the final turn keeps its own words
    assert go_warnings_text(rules, 3, 2, 9, last_turn=True, stop_total=24, no_turn_left=True) == go_warnings_text(
        rules, 3, 2, 9, last_turn=True, stop_total=24
    )


# -- 4: the line setup -----------------------------------------------------------------------


def _scripted(answers: list[str]) -> tuple[Callable[[str], str], list[str]]:
    it: Iterator[str] = iter(answers)
    transcript: list[str] = []

    def read(question: str) -> str:
        transcript.append(question)
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read, transcript


def test_setup_conflict_asks_the_players_again_without_command_line_words() -> None:
    read, asked = _scripted(["c", "3", "easy", "matgo", "", "", "", "2", "", "", "", "", "", ""])
    out: list[str] = []
    chosen = plain_setup(Settings(seed=4, hands=1), read, out.append)
    assert chosen is not None and chosen.players == 2 and chosen.preset == "matgo" and chosen.level == "easy"
    said = "\n".join(out)
    assert "the matgo rules are for 2 players only (you and 1 bot), got 3; choose 2 players or another preset." in said
    assert "--players" not in said and "Try again (none: no rule changes)" not in said
    players_asked = [q for q in asked if q.startswith("Players")]
    assert players_asked == ["Players, you included (2-7; 4 or more is gwangpalli) [2]> ",
                             "Players, you included (2-7; 4 or more is gwangpalli) [3]> "]
    assert sum(q.startswith("Rule changes") for q in asked) == 2  # not asked over and over


def test_the_command_line_keeps_its_flag_words() -> None:
    with pytest.raises(SettingsConflict, match="use --players 2 or another preset"):
        Settings(players=3, preset="matgo").check()


def test_setup_takes_the_seeds_the_command_line_takes() -> None:
    read, _asked = _scripted(["c", "", "", "", "", str(MAX_SEED), "", ""])
    out: list[str] = []
    chosen = plain_setup(Settings(seed=4, hands=1), read, out.append)
    assert chosen is not None and chosen.seed == MAX_SEED == 2**64 - 1
    read, _asked = _scripted(["c", "", "", "", "", str(MAX_SEED + 1), "7", "", ""])
    out = []
    chosen = plain_setup(Settings(seed=4, hands=1), read, out.append)
    assert chosen is not None and chosen.seed == 7
    assert any("the seed must be a whole number from 0 to 2**64-1" in line for line in out)


# -- 5: no "took nothing" while a pick is pending --------------------------------------------


def test_your_turn_does_not_say_took_nothing_while_you_choose() -> None:
    s = Session.start(Settings(seed=38, level="easy", hands=1))
    s.choose("12B")
    prompt = s.prompt()
    assert prompt is not None and prompt.stage == "pick-stock"
    assert s.your_turn == ("You played willow / rain bright, turned paulownia double junk, now choosing which "
                           "card to take")
    s.choose(prompt.choices[0].key)
    assert s.your_turn.startswith("You played willow / rain bright, turned paulownia double junk, took ")


def test_pick_hand_and_a_bots_pending_pick() -> None:
    s = Session.start(Settings(seed=8, level="easy", hands=1))
    for _ in range(40):
        prompt = s.prompt()
        assert prompt is not None
        if prompt.stage == "pick-hand":
            break
        s.choose(prompt.choices[0].key)
    assert s.your_turn == "You played cherry bright, now choosing which card to take"
    bot = Session.start(Settings(seed=1, level="easy", hands=1), play_bots=False)
    for _ in range(60):
        if bot.bot_to_move():
            bot.advance(1)
            legal = bot.match.legal_actions()
            if bot.match.current_seat != 0 and legal and all(a.kind == "pick" for a in legal):
                break
            continue
        prompt = bot.prompt()
        assert prompt is not None
        bot.choose(prompt.choices[0].key, play_bots=False)
    assert bot.last_move is not None and "took nothing" not in bot.last_move.text
    assert bot.last_move.text.endswith("turned wisteria junk, now choosing which card to take")


# -- 6: a settlement in which one loser pays for both ----------------------------------------

WINNER = ["01B", "03B", "08B", "01R", "02R", "03R", "05J1", "05J2"]
NO_BRIGHT = ["06J1", "07J1", "09J1", "10J1", "11J1", "06R"]
LIABLE = ["12B", "04A", "02J1", "04J1", "07J2", "08J1"]


def test_liability_says_each_payment_once_without_nested_brackets() -> None:
    s = settle(get_preset("pagat"), 3, WINNER, [NO_BRIGHT, LIABLE], SettleContext(oe_myeon=1))
    assert s.liability == "oe-myeon" and s.payments == (0, 18)
    lines = settlement_lines(s, ["Hoon", "You"], 0, you="You", oe_myeon_card="03R")
    assert lines[1:] == [
        "Hoon would pay 6 ×2 = 12 chips: gwang-bak 광박 ×2 (no bright).",
        "You would pay 6 chips.",
        "You pay for both losers: 18 chips (oe-myeon 외면: left cherry ribbon on the table for the winner). "
        "Hoon pays nothing.",
    ]
    ko = settlement_lines(s, ["Hoon", "You"], 0, you="You", oe_myeon_card="03R", lang="ko")
    assert ko[1] == "Hoon: 자기 몫은 6 ×2 = 12칩입니다 — 광박 ×2 (광 없음)."
    assert ko[2] == "나: 자기 몫은 6칩입니다."  # the person in Korean, never "You"
    for line in lines + ko:
        assert not NESTED.search(line), line


def test_an_exempt_loser_is_said_to_pay_nothing_once() -> None:
    rules = get_preset("pagat").with_overrides({"no_captures_no_pay": True})
    s = settle(rules, 3, WINNER, [NO_BRIGHT, []], SettleContext())
    lines = settlement_lines(s, ["Hoon", "You"], 0, you="You")
    assert "Hoon pays 6 ×2 = 12 chips: gwang-bak 광박 ×2 (no bright)." in lines
    assert "You captured nothing and pay nothing." in lines
    assert not any(line.startswith("You pay ") for line in lines)


def test_the_hand_summary_does_not_contradict_itself() -> None:
    s = Session.start(Settings(players=3, seed=5, level="normal", hands=2))
    while not s.pending:
        prompt = s.prompt()
        assert prompt is not None
        s.choose(prompt.choices[0].key)
    steps = [st.strip() for st in s.pending[0].steps]
    assert "Hoon would pay 14 chips." in steps and "You would pay 14 chips." in steps
    assert "You pay for both losers: 28 chips (go-bak 고박: said go, then lost). Hoon pays nothing." in steps
    assert not any(st.startswith(("Hoon pays 14", "=> Hoon")) for st in steps)


# -- 7: "you" inside sentences ---------------------------------------------------------------


def test_shodang_news_says_you_and_your() -> None:
    s = Session.start(Settings(players=3, seed=9, level="easy", hands=1, lang="en"))
    seen: list[str] = []

    def choose(prompt: Prompt) -> str:
        acts = {c.action: c.key for c in prompt.choices}
        if "refuse" in acts:
            return acts["refuse"]
        for c in prompt.choices:
            if c.action in ("go", "stay"):
                return c.key
        return next(c.key for c in prompt.choices if c.action != "offer-shodang")

    _play(s, choose, seen)
    news = next(line for line in seen if line.startswith("Shodang 쇼당 ("))
    assert news.startswith("Shodang 쇼당 (Minji's offer): Hoon refused, you are deemed to accept: play goes on.")
    assert "If Minji wins on this turn or you win on your next turn, Hoon pays for both losers" in news
    for line in seen:
        assert not MID_YOU.search(line), line


def test_log_lines_name_you_in_lower_case_inside_a_sentence() -> None:
    names = {0: "You", 1: "Jun", 2: "Minji"}
    seats = (0, 1, 2)

    def name(seat: int | None) -> str:
        return "-" if seat is None else names[seat]

    def line(seat: int | None, kind: str, cards: tuple[str, ...] = (), **data: object) -> str:
        ev = MatchEvent("hand", seat, hand_event=Event(kind, seat, tuple(parse_card(c) for c in cards), data))
        said = narrate(ev, name, seats, 0)
        assert said is not None
        return said.text

    assert line(1, "surrender", ("05J1",), to=0, **{"for": "chok"}) == "STEAL: Jun gives you iris junk (chok)."
    assert line(0, "surrender", ("05J1",), to=1, **{"for": "chok"}) == "STEAL: You give Jun iris junk (chok)."
    assert line(2, "payment", to=0, amount=3, reason="joker").startswith("Minji pays you 3 chips")
    assert "(your ppuk stack)" in line(1, "stack-capture", ("03B",), owner=0)
    assert line(1, "shot", n=1, reason="no-junk") == "Jun takes 1 shot (no junk to give)."
    start = narrate(MatchEvent("hand-start", 0, {"seats": [0, 1, 2], "pushes": 1}), name, seats, 0)
    assert start is not None and start.text == (
        "New hand. Dealer: you. Playing: you, Jun, Minji; 1 push before: stakes x2."
    )


# -- 8: plurals ------------------------------------------------------------------------------


def test_counts_have_the_right_number(store: Store) -> None:
    assert points_words(catalog("en"), 1) == "1 point" and points_words(catalog("en"), 21) == "21 points"
    assert points_words(catalog("ko"), 1) == "1점"
    s = Session.start(Settings(seed=1, level="easy", hands=2), store)
    summary = saved_summary(store)
    assert summary is not None and summary.text.endswith("; saved in the first hand")
    prompt = s.prompt()
    assert prompt is not None and prompt.info[0] == "You have no points; 7 are needed to stop."
    while not s.pending:
        prompt = s.prompt()
        assert prompt is not None
        obs = s.observation()
        if prompt.stage == "main" and obs is not None and obs.goes[0] == 1:
            assert "You said go once." in prompt.info
        s.choose(_capture_and_go(prompt))
    s.acknowledge()
    summary = saved_summary(store)
    assert summary is not None and summary.text.endswith("; 1 hand played")
    one = Session.start(Settings(seed=2, level="easy", hands=1))
    for _ in range(7):
        prompt = one.prompt()
        assert prompt is not None
        one.choose(_capture_and_go(prompt))
    prompt = one.prompt()
    assert prompt is not None and prompt.info[0] == "You have 1 point; 7 are needed to stop."


def test_the_sake_cup_and_the_score_say_1_point() -> None:
    rules = get_preset("pagat").with_overrides({"stop_target_two_player": 1})
    winner = ["09A", "02A", "04A", "05A", "06A", "01J1", "01J2", "02J1", "02J2", "03J1", "03J2", "04J1", "04J2"]
    s = settle(rules, 2, winner, [["11B", "12A"]], SettleContext())
    lines = settlement_lines(s, ["Hoon"], 0)
    assert lines[0] == "The sake cup (chrysanthemum animal) counts as an animal (1 point) or as double junk (1 point):"
    assert lines[2] == "Scored: junk value 10 for 1 = 1 point."
    ko = settlement_lines(s, ["Hoon"], 0, lang="ko")
    assert ko[0] == "국진(국화 열끗)은 열끗으로 치면 1점, 쌍피로 치면 1점입니다." and ko[2].endswith("= 1점.")
    for line in lines:
        assert not BAD_PLURAL.search(line), line


# -- 9: ctrl-d in line mode ------------------------------------------------------------------


def test_ctrl_d_ends_the_question_line_before_saying_saved(store: Store) -> None:
    s = Session.start(Settings(seed=1, level="easy", hands=1), store)
    screen: list[str] = []  # what a terminal shows: a question stays on its line, a block ends one

    def read(question: str) -> str:
        screen.append(question)
        raise EOFError

    PlainGame(s, read, lambda text: screen.append(text + "\n")).run()
    shown = "".join(screen)
    assert f"{PROMPT}\nSaved. Continue this match with:" in shown
    assert f"{PROMPT}Saved" not in shown



# -- a hand decided at the deal, and every event in words ----------------------------------------

#: A log line made by narrate's fallback: the raw event type first (``four-on-table: - 03B ...``).
RAW_EVENT = re.compile(r"^[a-z]+(?:-[a-z]+)+: ")


def _first_choice(prompt: Prompt) -> str:
    return prompt.choices[0].key


def test_a_nagari_at_the_deal_shows_the_four_cards_and_does_not_say_re_dealt() -> None:
    """DEAL-6 with matgo's ``four_on_table = nagari``: the hand counts (stakes doubled next), so
    its words never say it was dealt again, and the log shows the four cards in a sentence."""
    s = Session.start(Settings(players=2, preset="matgo", level="easy", hands=2, seed=7))
    seen: list[str] = []
    _play(s, _first_choice, seen)
    log = [line.text for line in s.log]
    assert "Four cards of one month on the table: cherry bright, cherry ribbon, cherry junk ×2." in log, log[:10]
    assert "Nagari 나가리: four cards of one month on the table." in log, log[:10]
    assert not any("re-dealt" in t for t in seen), [t for t in seen if "re-dealt" in t]
    assert not [t for t in log if RAW_EVENT.match(t)], [t for t in log if RAW_EVENT.match(t)]


def test_the_boar_pot_is_said_in_words() -> None:
    """VAR-BOAR ``pot``: the ante of each deal is a sentence, not the event's type."""
    s = Session.start(Settings(players=3, seed=3, level="easy", hands=2, overrides={"boar": "pot"}))
    seen: list[str] = []
    _play(s, _first_choice, seen)
    log = [line.text for line in s.log]
    antes = [t for t in log if t.startswith("Everyone antes")]
    assert antes and "for the boar (July animal): the pot holds" in antes[0], antes
    assert not [t for t in log if RAW_EVENT.match(t)], [t for t in log if RAW_EVENT.match(t)]
