"""The words of the command line's error lines about an option's value: a value that is no
number (``--players: "x" is not a whole number (2 to 7)``) or a number out of its range, and
the options ``gostop play`` refuses before its game starts, in English or Korean (the language
of a command that speaks it: ``gostop replay --lang ko``, ``gostop play --lang ko``). Option
names, card codes and what was typed stay as they are."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gostop.words.catalog import Catalog, catalog

__all__ = [
    "bounds_text",
    "not_a_number",
    "out_of_range",
    "too_large",
    "seconds",
    "either_option",
    "seed_out_of_range",
    "bot_delay_out_of_range",
    "hands_out_of_range",
    "bad_name",
    "data_dir_is_a_file",
    "bad_set",
    "set_refused",
    "rules_refused",
    "allowed_values",
    "unknown_preset",
    "unknown_level",
    "two_players_only",
    "resume_with_options",
    "no_saved_match",
    "cannot_resume",
    "open_elsewhere",
    "no_such_option",
    "option_needs_value",
    "option_takes_no_value",
    "unexpected_arguments",
]


def bounds_text(low: object, high: object, lang: str = "en") -> str:
    """``2 to 7``, ``at least 1``, ``at most 60`` ('' when neither bound is known)."""
    w = catalog(lang)
    if low is not None and high is not None:
        return w.t("{low} to {high}", low=low, high=high)
    if low is not None:
        return w.t("at least {low}", low=low)
    if high is not None:
        return w.t("at most {high}", high=high)
    return ""


def not_a_number(option: str, typed: str, whole: bool, bounds: str, lang: str = "en") -> str:
    """``--players: "x" is not a whole number (2 to 7)``; ``typed``: the value as typed, quoted;
    ``whole``: the option takes whole numbers only; ``bounds``: :func:`bounds_text`."""
    w = catalog(lang)
    if whole:
        text = w.t("{option}: {typed} is not a whole number", option=option, typed=typed)
    else:
        text = w.t("{option}: {typed} is not a number", option=option, typed=typed)
    return f"{text} ({bounds})" if bounds else text


def out_of_range(option: str, typed: str, bounds: str, lang: str = "en") -> str:
    """``--players: 9 is out of range (2 to 7)``."""
    return catalog(lang).t("{option}: {typed} is out of range ({bounds})", option=option, typed=typed, bounds=bounds)


def too_large(option: str, typed: str, lang: str = "en") -> str:
    """``--at: 99999... is too large a number`` (thousands of digits)."""
    return catalog(lang).t("{option}: {typed} is too large a number", option=option, typed=typed)


# -- gostop play ------------------------------------------------------------------------------


def seconds(n: int, lang: str = "en") -> str:
    """``10 seconds`` (a bound of ``--bot-delay``)."""
    return catalog(lang).n("{n} second", "{n} seconds", n)


def either_option(first: str, second: str, lang: str = "en") -> str:
    """``give either --resume or --new, not both``."""
    return catalog(lang).t("give either {first} or {second}, not both", first=first, second=second)


def seed_out_of_range(option: str, seed: int, lang: str = "en") -> str:
    """A seed below 0 or above 2**64-1 (as typer words a bad value: ``Invalid value for '--seed'``)."""
    return catalog(lang).t("Invalid value for {option}: a seed is 0 to 2**64-1, got {seed}",
                           option=f"'{option}'", seed=seed)


def bot_delay_out_of_range(option: str, most: str, got: str, lang: str = "en") -> str:
    return catalog(lang).t("{option} takes 0 to {most} seconds, got {got}", option=option, most=most, got=got)


def hands_out_of_range(option: str, most: int, got: int, lang: str = "en") -> str:
    return catalog(lang).t("{option} must be 0 (the preset's length) or 1 to {most}, got {got}",
                           option=option, most=most, got=got)


def bad_name(option: str, most: int, name: str, lang: str = "en") -> str:
    """A name that is empty, only spaces, too long or holds a control character (newline, tab)."""
    w = catalog(lang)
    if not name.isprintable():
        got = w.t("a control character")
    elif not name:
        got = w.t("an empty name")
    elif not name.strip():
        got = w.t("only spaces")
    else:
        got = w.n("{n} character", "{n} characters", len(name.strip()))
    return w.t("{option} takes 1 to {most} characters and no control characters (newline, tab...), got {got}",
               option=option, most=most, got=got)


def data_dir_is_a_file(option: str, path: str, lang: str = "en") -> str:
    return catalog(lang).t("{option} {path} is a file, not a folder: give a folder (it is made if missing)",
                           option=option, path=path)


def bad_set(option: str, typed: str, lang: str = "en") -> str:
    """A ``--set`` without ``=`` or without a knob name; ``typed``: quoted and clipped."""
    return catalog(lang).t("{option} expects knob=value (e.g. {example}), got {typed}", option=option,
                           example=f"{option} go_scheme=linear", typed=typed)


def set_refused(option: str, detail: str, lang: str = "en") -> str:
    """A ``--set`` the rules refuse (an unknown knob, a bad value), with the rules' own reason
    (``detail``, in their English words: it names the knobs and values)."""
    return catalog(lang).t("{option} cannot change the rules so: {detail}", option=option, detail=detail)


def allowed_values(knob: str, lang: str = "en") -> str:
    """The values knob ``knob`` takes, in words (``Knob.allowed`` in English); its choices,
    bounds and codes as they are typed."""
    from gostop.rules import KNOBS

    k = KNOBS[knob]
    if lang == "en":
        return k.allowed
    w = catalog(lang)
    if k.kind == "bool":
        text = w.t("{true} or {false}", true="true", false="false")
    elif k.kind in ("enum", "flex_card"):
        text = w.t("one of {values}", values=", ".join(k.choice_texts))
    elif k.kind == "int_or_target":
        text = w.t("a whole number from {low} to {high}, or \"target\"", low=k.minimum, high=k.maximum)
    elif k.kind == "jokers":
        text = w.t("a list of distinct joker codes ({codes}; copies {copy} ...)", codes="JK1 JK2 JK3 JKB JKX JKP", copy="JK1-2")
    elif k.kind == "int_pair":
        text = w.t("[low, high] with {low} <= low <= high <= {high}", low=k.minimum, high=k.maximum)
    elif k.minimum is not None and k.maximum is not None:
        text = w.t("a whole number from {low} to {high}", low=k.minimum, high=k.maximum)
    elif k.minimum is not None:
        text = w.t("a whole number of at least {low}", low=k.minimum)
    else:
        text = w.t("a whole number")
    return w.t("{values}, or {null}", values=text, null="null") if k.nullable else text


def rules_refused(exc: Exception, lang: str = "en") -> str:
    """Why the rules refuse a change (a :class:`~gostop.rules.RulesError`), in ``lang``: from
    its facts (``reason``), naming knobs and values as they are typed; in English, or when it
    has no facts, its own message -- but a clash of a known kind in plain words in English too
    (the rules' sentence cites rule IDs: "(GOO-1)", "(MATCH-1)")."""
    reason = getattr(exc, "reason", None)
    if reason is None:
        return str(exc)
    w = catalog(lang)
    kind, f = reason
    if lang == "en":
        problem = _clash_problem(w, f) if kind == "clash" else None
        return str(exc) if problem is None else w.t("contradictory rules: {problem}", problem=problem)
    guess = w.t(" (did you mean {name}?)", name=repr(f["close"])) if f.get("close") else ""
    if kind == "unknown_knob":
        return w.t("unknown rule {name}{guess}; {command} lists the rules", name=f["name"], guess=guess,
                   command="`gostop rules show pagat`")
    if kind == "clash":
        problem = _clash_problem(w, f)
        if problem is None:  # a clash without its kind (or one this face does not know)
            return w.t("these rules cannot go together: {knobs}", knobs=", ".join(f["knobs"]))
        return w.t("contradictory rules: {problem}", problem=problem)
    allowed = allowed_values(f["knob"], lang)
    if kind == "null":
        return w.t("rule {knob} cannot be {null}; it takes {allowed}", knob=repr(f["knob"]), null="null", allowed=allowed)
    if kind == "not_allowed":
        return w.t("rule {knob} does not take {value}{guess}; it takes {allowed}", knob=repr(f["knob"]),
                   value=f["value"], guess=guess, allowed=allowed)
    if kind == "out_of_range":
        return w.t("rule {knob}: {value} is out of range; it takes {allowed}", knob=repr(f["knob"]),
                   value=f["value"], allowed=allowed)
    return w.t("rule {knob} does not take {value}; it takes {allowed}", knob=repr(f["knob"]),
               value=f["value"], allowed=allowed)  # wrong_type


def _clash_problem(w: Catalog, f: Mapping[str, Any]) -> str | None:
    """Why rule changes clash, from the facts of the clash (``RulesError.reason``: its kind
    ``clash`` and the values it names), knobs and values as they are typed; None for a kind
    not known here."""
    kind = f.get("clash")
    unit, shots, chips = "payment_unit", '"shots"', '"chips"'
    if kind == "shots_need_rate":  # PAY-2
        return w.t("{unit} = {shots} needs {rate} (e.g. {example})", unit=unit, shots=shots,
                   rate="shots_per_points", example=5)
    if kind == "shot_knobs_need_shots":  # GEN-5: the shots of goo-stupe
        return w.t("{on} only apply with {unit} = {shots} (now {unit} = {chips})", on=", ".join(f["on"]),
                   unit=unit, shots=shots, chips=chips)
    if kind == "cap_below_target":  # SCORE-11 below GOSTOP-1
        above = [k for k in f["knobs"] if k != "score_cap"]
        return w.t("{cap} {score_cap} is below a stop target ({target}, {above}): nobody could ever stop",
                   cap="score_cap", score_cap=f["score_cap"], target=f["target"], above=", ".join(above))
    if kind == "two_first_turn_ppuk_rewards":  # EVT-10 and GOO-14
        return w.t("{payment} and {yell} both reward a first-turn ppuk; set one to off",
                   payment="first_turn_ppuk_payment", yell="first_turn_ppuk_yell")
    if kind == "target_chips_need_chips":  # MATCH-1 at a table paid in shots (GOO-1)
        return w.t("{knob} = {value} needs {unit} = {chips}: shots are taken, not won, so nobody is ever chips "
                   "up and the match would never end; set {knob} = {null} ({hands} sets the length)",
                   knob="match_target_chips", value=f["match_target_chips"], unit=unit, chips=chips, null="null",
                   hands="match_hands")
    if kind == "boar_pot_needs_chips":  # VAR-BOAR pot at a table paid in shots (GOO-1)
        return w.t("{boar} = {pot} needs {unit} = {chips}: the pot antes chips and shots cannot be put in a pot "
                   "or won; use {boar} = {first_turn} or {off}", boar="boar", pot='"pot"', unit=unit, chips=chips,
                   first_turn='"first_turn"', off='"off"')
    if kind == "push_needs_chips":  # VAR-PUSH: a settlement in shots is never doubled (PAY-2)
        return w.t("{knob} = {value} needs {unit} = {chips}: a push doubles the next settlement and a "
                   "settlement in shots is never doubled; set {knob} = {zero}", knob="push_limit",
                   value=f["push_limit"], unit=unit, chips=chips, zero=0)
    return None


def unknown_preset(typed: str, close: str | None, presets: Sequence[str], lang: str = "en") -> str:
    """``typed``: quoted and clipped; ``close``: the preset it is likely a slip for, if any."""
    w = catalog(lang)
    guess = w.t(" (did you mean {name}?)", name=repr(close)) if close else ""
    return w.t("unknown preset {typed}{guess}; presets: {presets}", typed=typed, guess=guess,
               presets=", ".join(presets))


def unknown_level(typed: str, levels: Sequence[str], lang: str = "en") -> str:
    """``typed``: quoted and clipped."""
    return catalog(lang).t("unknown level {typed}; levels: {levels}", typed=typed, levels=", ".join(levels))


def two_players_only(preset: str, players: int, fix: str, lang: str = "en") -> str:
    """GEN-7 (matgo): ``fix`` is what to type instead (``--players 2``)."""
    return catalog(lang).t("the {preset} rules are for 2 players only (you and 1 bot), got {players}; "
                           "use {fix} or another preset", preset=preset, players=players, fix=fix)


def resume_with_options(resume: str, typed: str, new: str, lang: str = "en") -> str:
    return catalog(lang).t("{resume} continues the saved match as it was: leave out {typed}, or start a new "
                           "match with them (give {new} to replace the saved one)", resume=resume, typed=typed,
                           new=new)


def no_saved_match(folder: str, command: str, lang: str = "en") -> str:
    return catalog(lang).t("no saved match in {folder}; start one with: {command}", folder=folder, command=command)


def cannot_resume(problem: str, command: str, lang: str = "en") -> str:
    """``problem``: why the save cannot be read, in ``lang`` (:func:`gostop.play.session.damaged_save_said`)."""
    return catalog(lang).t("cannot resume: {problem}; start a new match with: {command}", problem=problem,
                           command=command)


def open_elsewhere(folder: str, option: str, lang: str = "en") -> str:
    """Another game has the data directory open (its lock)."""
    return catalog(lang).t("the match in {folder} is open in another gostop game; continue it there, quit it "
                           "first, or play a separate match with {option}", folder=folder, option=option)


def drop_saved_question(saved: str, typed: str, lang: str = "en") -> str:
    """Options typed for a new match while one is saved: may the saved one go? (one line, the
    answer typed after it)."""
    return catalog(lang).t("A saved match exists ({saved}). Drop it and start the new match you asked for "
                           "({typed})? [y/N]> ", saved=saved, typed=typed)


def drop_saved_answers(lang: str = "en") -> tuple[str, ...]:
    """The answers that say yes to :func:`drop_saved_question` (English's always count)."""
    return ("y", "yes") if lang == "en" else ("y", "yes", "예", "네", "ㅇ")


def nothing_changed(command: str, lang: str = "en") -> str:
    """The saved match was kept (:func:`drop_saved_question` answered no)."""
    return catalog(lang).t("Nothing changed. Continue the saved match with: {command}", command=command)


def no_such_option(option: str, close: Sequence[str], lang: str = "en") -> str:
    """``unknown option --plai (--lang, --plain, --players?)``: the parser's line, with the
    options it finds near what was typed."""
    w = catalog(lang)
    if close:
        return w.t("unknown option {option} (did you mean {close}?)", option=option, close=", ".join(close))
    return w.t("unknown option {option}", option=option)


def option_needs_value(option: str, lang: str = "en") -> str:
    """``--players`` typed last, with nothing after it."""
    return catalog(lang).t("{option} needs a value after it", option=option)


def option_takes_no_value(option: str, lang: str = "en") -> str:
    """``--new=3``: a flag given a value."""
    return catalog(lang).t("{option} takes no value", option=option)


def unexpected_arguments(typed: str, lang: str = "en") -> str:
    """Words on the command line that no option takes (``gostop play extra words``)."""
    return catalog(lang).t("unexpected words on the command line: {typed}", typed=typed)
