"""``gostop play``: a Go Stop match against bots in the terminal.

Full screen (Textual) by default; ``--plain`` plays line by line (dumb terminals, screen
readers; chosen automatically when the output is not a terminal or ``TERM=dumb``). The match is
saved in the data directory after every hand and when you quit; ``--resume`` continues it.

Examples::

    gostop play                          # setup screen, then a match against one bot
    gostop play -y --level hard --hands 6
    gostop play --players 3 --preset blog --set pi_bak_protect_min=6
    gostop play --plain --seed 7
    gostop play --resume

All the game lives in :mod:`gostop.play`; this module reads the options and starts a face.
"""

from __future__ import annotations

import asyncio
import contextlib
import difflib
import os
import signal
import sys
import threading
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from gostop.cli.errors import (
    UsageProblem,
    error_language,
    number_ranges,
    reported_errors,
    silence_stdout,
    typed_option,
)
from gostop.cli.rules_input import SET_HELP, parse_set_options
from gostop.limits import MAX_PLAY_HANDS, MAX_SEED, clip
from gostop.play.names import LEVEL_NAMES
from gostop.play.store import DATA_ENV, Store
from gostop.signals import interrupt_status, read_line, sigterm_as_interrupt

if TYPE_CHECKING:
    from gostop.play.app import GoStopApp
    from gostop.play.session import SavedMatch, Session, Settings

__all__ = ["play"]


#: The longest pause after a bot's move (``--bot-delay``), in seconds.
MAX_BOT_DELAY = 10.0

#: The longest ``--name`` (as the web lobby's): a longer one could not be saved in the match
#: record (``players[].name``, at most 100 characters), and the game said it saved a match that
#: then did not resume.
MAX_NAME = 32


def _most_delay(lang: str) -> str:
    """``10 seconds``: the longest ``--bot-delay``, in ``lang``."""
    from gostop.words.options import seconds

    return seconds(int(MAX_BOT_DELAY), lang)


number_ranges("play", {"--hands": (0, MAX_PLAY_HANDS), "--seed": (0, "2**64-1"), "--bot-delay": (0, _most_delay)})


def _lang_of(lang: str | None, data_dir: Path | None) -> str:
    """``--lang``, checked; without it the language remembered in the data directory, else
    English: the language of the game and of its error lines."""
    from gostop.play.names import LANGS
    from gostop.play.store import remembered_lang
    from gostop.words.replay import unknown_language

    if lang is None:
        return remembered_lang(data_dir)
    if lang.lower() not in LANGS:
        raise UsageProblem(unknown_language(lang, LANGS))
    return lang.lower()


def _error_lang(lang: str | None, args: Sequence[str]) -> str:
    """The language of an error line of the parser: :func:`_lang_of` (of the ``--data-dir``
    typed), English for an unknown one."""
    data_dir = typed_option(args, "--data-dir")
    try:
        return _lang_of(lang, Path(data_dir) if data_dir else None)
    except UsageProblem:
        return "en"


error_language("play", _error_lang)


def _use_plain(plain: bool) -> bool:
    if plain:
        return True
    if os.environ.get("TERM", "") == "dumb":
        return True
    return not (sys.stdin.isatty() and sys.stdout.isatty())


#: The options that define a match: typing one asks for a new match, not the saved one.
_MATCH_OPTIONS = {
    "players": "--players",
    "level": "--level",
    "preset": "--preset",
    "set_": "--set",
    "hands": "--hands",
    "seed": "--seed",
    "cut": "--cut",
}


def _typed_options(ctx: typer.Context) -> list[str]:
    """The match options given on the command line (not left at their defaults)."""
    out = []
    for param, flag in _MATCH_OPTIONS.items():
        source = ctx.get_parameter_source(param)
        if source is not None and source.name == "COMMANDLINE":
            out.append(flag)
    return out


def _drop_saved(saved_text: str, typed: list[str], lang: str) -> bool:
    """Ask once, on one line, whether the saved match may be dropped for the new one typed."""
    from gostop.words import options as said

    try:
        answer = read_line(said.drop_saved_question(saved_text, " ".join(typed), lang))
    except (EOFError, KeyboardInterrupt):
        return False
    return answer.strip().lower() in said.drop_saved_answers(lang)


def play(
    ctx: typer.Context,
    plain: Annotated[bool, typer.Option("--plain", help="Line mode: plain text, one question at a time.")] = False,
    players: Annotated[
        int, typer.Option("--players", "-p", min=2, max=7, help="Seated players, you included: 2 or 3; 4-7 is a gwangpalli table.")
    ] = 2,
    level: Annotated[str, typer.Option("--level", "-l", help=f"Bot level: {', '.join(LEVEL_NAMES)}.")] = "normal",
    preset: Annotated[str, typer.Option("--preset", help="Rules preset (gostop rules list).")] = "pagat",
    set_: Annotated[list[str] | None, typer.Option("--set", metavar="KNOB=VALUE", help=SET_HELP)] = None,
    hands: Annotated[int, typer.Option("--hands", "-n", help="Hands in the match (0: the preset's length).")] = 3,
    seed: Annotated[int | None, typer.Option("--seed", help="Match seed, 0 to 2**64-1 (default: random).", show_default=False)] = None,
    name: Annotated[str, typer.Option("--name", help=f"Your name at the table, 1 to {MAX_NAME} characters.")] = "You",
    cut: Annotated[bool, typer.Option("--cut", help="Be asked to cut the deck when it is your turn to cut.")] = False,
    resume: Annotated[bool, typer.Option("--resume", help="Continue the saved match.")] = False,
    new: Annotated[bool, typer.Option("--new", help="Start a new match even if one is saved (it is replaced).")] = False,
    yes: Annotated[bool, typer.Option("--yes", "-y", help="Start at once: no setup screen or question.")] = False,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="The game's language: en (English) or ko (Korean); remembered.",
                     show_default=False),
    ] = None,
    bot_delay: Annotated[
        float,
        typer.Option("--bot-delay", metavar="SECONDS",
                     help=f"Seconds each bot move stays highlighted before the next, 0 to {MAX_BOT_DELAY:g} (0: none)."),
    ] = 0.6,
    data_dir: Annotated[
        Path | None,
        typer.Option(
            "--data-dir",
            metavar="DIR",
            help=f"Where matches are saved (default: ${DATA_ENV}, else $XDG_DATA_HOME/gostop, else ~/.local/share/gostop).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Play Go Stop against bots: full screen, or line by line with --plain.

    Example:  gostop play --level easy --hands 3
    """
    from gostop.play.session import Settings, saved_summary
    from gostop.play.store import MatchOpenElsewhere
    from gostop.words import options as said

    with reported_errors():
        chosen_lang = _lang_of(lang, data_dir)  # (a --lang unknown is said in English, as replay's)
    # every line refusing the options is in the game's language (the library's own refusals,
    # in English, are said in the face's words in another language)
    with reported_errors(lang=chosen_lang):
        if seed is not None and not 0 <= seed <= MAX_SEED:
            raise UsageProblem(said.seed_out_of_range("--seed", seed, chosen_lang))
        if resume and new:
            raise UsageProblem(said.either_option("--resume", "--new", chosen_lang))
        if not 0 <= bot_delay <= MAX_BOT_DELAY:  # also NaN
            raise UsageProblem(said.bot_delay_out_of_range("--bot-delay", f"{MAX_BOT_DELAY:g}", f"{bot_delay:g}",
                                                           chosen_lang))
        if not 0 <= hands <= MAX_PLAY_HANDS:
            raise UsageProblem(said.hands_out_of_range("--hands", MAX_PLAY_HANDS, hands, chosen_lang))
        if not name.strip() or len(name.strip()) > MAX_NAME or not name.isprintable():
            raise UsageProblem(said.bad_name("--name", MAX_NAME, name, chosen_lang))
        if data_dir is not None and data_dir.expanduser().exists() and not data_dir.expanduser().is_dir():
            raise UsageProblem(said.data_dir_is_a_file("--data-dir", str(data_dir), chosen_lang))
        store = Store(data_dir)
        remembered = store.prefs().get("lang")
        settings = Settings(
            players=players,
            level=level.lower(),
            preset=preset,
            overrides=parse_set_options(set_, chosen_lang),
            hands=hands or None,
            seed=seed,
            name=name.strip(),
            ask_cut=cut,
            lang=chosen_lang,
        )
        _check(settings)
        typed = _typed_options(ctx)
        if resume and typed:
            raise UsageProblem(said.resume_with_options("--resume", " ".join(typed), "--new", chosen_lang))
        saved = None if new else saved_summary(store)
        if resume and saved is None:
            raise UsageProblem(said.no_saved_match(str(store.root), store.command("play"), chosen_lang))
        if resume and saved is not None and saved.problem is not None:
            raise UsageProblem(said.cannot_resume(saved.problem_said(chosen_lang), store.command("play --new"), chosen_lang))
        try:
            store.lock()  # one game per data directory: a second one is refused here
        except MatchOpenElsewhere:
            if chosen_lang == "en":
                raise
            raise UsageProblem(said.open_elsewhere(str(store.root), "--data-dir DIR", chosen_lang)) from None
    if typed and not resume and not yes and saved is not None and saved.readable:
        # Options typed for a match mean a new match: ask once whether the saved one may go.
        if not _drop_saved(saved.said(chosen_lang), typed, chosen_lang):
            store.unlock()
            typer.echo(said.nothing_changed(store.command("play --resume"), chosen_lang))
            raise typer.Exit(0)
        saved = None
        store.discard()
    if lang is not None and chosen_lang != remembered:
        # Remembered only now that this game starts: a game refused (the folder open in another
        # game, a usage problem, "Nothing changed") leaves the remembered language as it was.
        with contextlib.suppress(OSError):  # only a preference: a read-only data dir is fine
            store.remember(lang=chosen_lang)
    try:
        if _use_plain(plain):
            status = _run_plain(store, settings, resume, saved, yes)
        else:
            status = _run_app(store, settings, resume, saved, yes, bot_delay)
    finally:
        store.unlock()
    raise typer.Exit(status)


def _check(settings: Settings) -> None:
    """:meth:`Settings.check`, its refusals in the settings' language (in English the library's
    own words; in another, the face's, a knob's refusal said from the rules' facts)."""
    from gostop.play.session import SettingsConflict
    from gostop.rules import PRESET_NAMES, PRESETS
    from gostop.words import options as said

    lang = settings.lang
    if lang == "en":
        try:
            settings.check()
        except ValueError as exc:  # a clash of rules: said from its facts, without the rule IDs
            reason = getattr(exc, "reason", None)
            if reason is None or reason[0] != "clash":
                raise
            raise UsageProblem(said.rules_refused(exc, lang)) from None
        return
    if settings.preset not in PRESETS:
        close = difflib.get_close_matches(settings.preset[:100], PRESET_NAMES, n=1, cutoff=0.6)
        raise UsageProblem(said.unknown_preset(clip(settings.preset), close[0] if close else None, PRESET_NAMES, lang))
    if settings.level not in LEVEL_NAMES:
        raise UsageProblem(said.unknown_level(clip(settings.level), LEVEL_NAMES, lang))
    try:
        settings.check()
    except SettingsConflict:
        raise UsageProblem(said.two_players_only(settings.preset, settings.players, "--players 2", lang)) from None
    except ValueError as exc:  # a --set the rules refuse: an unknown knob, a value it cannot take
        raise UsageProblem(said.set_refused("--set", said.rules_refused(exc, lang), lang)) from None


#: The exit status after a ctrl-c that ended the game before it could ask (as in a shell).
CTRL_C_STATUS = 130

#: The third SIGINT (or SIGTERM) to a game that has not ended takes the signal's own action.
SIGNALS_BEFORE_DEFAULT = 3


def _run_until_exit(app: GoStopApp) -> int | None:
    """``app.run()``, where a SIGINT or a SIGTERM saves the match, gives the terminal back and
    exits with 128 + the signal's number (130 for ctrl-c, as every command here).

    Once the app has the terminal, ctrl-c is a key (``GoStopApp.action_interrupt``: save, then
    ask). A SIGINT still comes while the app starts, before the terminal is in raw mode, or from
    ``kill -INT``. Left to ``asyncio.run`` it cancels the app's task, and Textual then ends as
    after a normal exit: status 0 and not a word; raised as ``KeyboardInterrupt`` while the event
    loop is being made, it leaves a half-made loop that complains on stderr. A SIGTERM (``kill``)
    used to end the process on the spot, the terminal left in raw mode on the alternate screen.
    So the loop is made here (``asyncio.Runner``, as ``asyncio.run`` would) and a signal asks
    the app to end through it (``GoStopApp.interrupted_by_signal``), also when it came before
    the loop existed; the :data:`SIGNALS_BEFORE_DEFAULT`-th signal of a kind, for an app that
    did not end when asked, takes the signal's own action. Only in the main thread, and only
    for a signal whose default action is in place (an ignored ctrl-c stays ignored)."""
    wanted = {signal.SIGINT: signal.default_int_handler, signal.SIGTERM: signal.SIG_DFL}
    if threading.current_thread() is not threading.main_thread():
        return app.run()
    handled = [signum for signum, default in wanted.items() if signal.getsignal(signum) is default]
    loops: list[asyncio.AbstractEventLoop] = []
    pending: list[int] = []

    def on_signal(signum: int, frame: object) -> None:
        pending.append(signum)
        if pending.count(signum) >= SIGNALS_BEFORE_DEFAULT:
            # an app that does not end when asked (stuck): the signal's own action, at once
            sig = signal.Signals(signum)
            signal.signal(sig, previous[sig])
            signal.raise_signal(sig)
            return
        if not loops:
            return
        with contextlib.suppress(RuntimeError):  # the loop closed: the app has already ended
            loops[0].call_soon_threadsafe(app.interrupted_by_signal, 128 + signum)

    previous = {signum: signal.getsignal(signum) for signum in handled}
    for signum in handled:
        signal.signal(signum, on_signal)
    try:
        with asyncio.Runner() as runner:
            loop = runner.get_loop()
            loops.append(loop)
            if pending:
                loop.call_soon(app.interrupted_by_signal, 128 + pending[0])
            return app.run(loop=loop)
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _save_status(session: Session | None) -> int:
    """The exit status after the game ends or the person quits: 1 when the last save (or the
    record of a finished match) could not be written -- the message said so --, else 0."""
    return 1 if session is not None and session.save_problem is not None else 0


def _save_words(session: Session | None) -> str:
    """What to tell the person about the save after a stop: only the truth."""
    if session is None:
        return ""
    return session.save_report()


def _crashed(store: Store, session: Session | None, exc: BaseException) -> int:
    detail = "".join(traceback.format_exception(exc))
    saved = ""
    try:
        saved = _save_words(session)
    except Exception as save_exc:
        detail += "\nwhile saving: " + "".join(traceback.format_exception(save_exc))
        saved = "The match could not be saved."
    try:
        where = str(store.log(detail))
    except OSError as log_exc:
        where = f"(the log {store.log_path} could not be written: {log_exc.strerror or log_exc})"
    typer.echo(f"Sorry, the game stopped on an error ({type(exc).__name__}). {saved} Details: {where}", err=True)
    return 1


def _new_over_damaged(store: Store, saved: SavedMatch, write: Callable[[str], None]) -> None:
    """Keep an unreadable save aside before a new match replaces it, and say where."""
    try:
        kept = store.set_aside()
    except OSError as exc:
        write(f"{exc}; it will be replaced by the new match.")
        return
    if kept is not None:
        write(f"The unreadable save is kept as {kept}.")


def _run_plain(store: Store, settings: Settings, resume: bool, saved: SavedMatch | None, yes: bool) -> int:
    from gostop.play.plain import PlainGame, ask_about_saved, fit_lines, plain_setup
    from gostop.play.session import Session

    def write(text: str) -> None:
        # on a terminal, broken at spaces (the terminal would break inside a word), never inside
        # the command to paste; a pipe or a file gets each line whole
        if sys.stdout.isatty():
            text = fit_lines(text, whole=(store.command("play --resume"),))
        typer.echo(text)

    session: Session | None = None
    with sigterm_as_interrupt():  # a `kill` says the save and exits with 143, as ctrl-c with 130
        try:
            if not resume and saved is not None and not yes:
                answer = ask_about_saved(saved, settings.lang, read_line, write)  # in the player's language
                if answer is None:
                    return 0
                resume = answer
            if resume:
                with reported_errors(lang=settings.lang):
                    session = Session.resume(store)
                session.settings.lang = settings.lang
            else:
                chosen = settings if yes else plain_setup(settings, read_line, write)
                if chosen is None:
                    return 0
                if saved is not None and not saved.readable:
                    _new_over_damaged(store, saved, write)
                store.discard()
                session = Session.start(chosen, store)
            status = PlainGame(session, read_line, write).run()
            return status or _save_status(session)
        except EOFError:
            if session is not None:
                write("\n" + _save_words(session))
            return _save_status(session)
        except KeyboardInterrupt as exc:  # outside the match's questions (those ask first), or a SIGTERM
            write("\n" + _save_words(session) if session is not None else "")  # (after the ^C, a new line)
            return _save_status(session) or interrupt_status(exc)
        except typer.Exit:
            raise
        except BrokenPipeError:  # the reader went away (`gostop play --plain | head`): no crash
            silence_stdout()
            if session is not None:
                session.save()  # (saved after every move already; says nothing)
            return 1
        except Exception as exc:
            if os.environ.get("GOSTOP_DEBUG"):
                raise
            return _crashed(store, session, exc)


def _run_app(
    store: Store, settings: Settings, resume: bool, saved: SavedMatch | None, yes: bool, bot_delay: float
) -> int:
    from gostop.play.app import GoStopApp
    from gostop.play.session import Session

    session: Session | None = None
    app: GoStopApp | None = None
    try:
        if resume:
            with reported_errors(lang=settings.lang):
                session = Session.resume(store)
            session.settings.lang = settings.lang
        elif yes:
            if saved is not None and not saved.readable:
                _new_over_damaged(store, saved, typer.echo)
            store.discard()
            session = Session.start(settings, store, play_bots=not bot_delay)
        app = GoStopApp(store, settings, session, setup=not yes, saved=saved, bot_delay=bot_delay)
        status = _run_until_exit(app)
    except KeyboardInterrupt:  # before the app's event loop ran
        if app is not None:
            session = app.session
        if session is not None:
            typer.echo(_save_words(session))
        return _save_status(session) or CTRL_C_STATUS
    except typer.Exit:
        raise
    except Exception as exc:
        if os.environ.get("GOSTOP_DEBUG"):
            raise
        return _crashed(store, app.session if app is not None else session, exc)
    if app.crash_log is not None:
        typer.echo(f"Sorry, the game stopped on an error. {app.crash_saved} Details: {app.crash_log}", err=True)
        return 1
    if app.session is not None and not app.session.over:
        typer.echo(_save_words(app.session))
    elif app.session is not None and (app.session.archived_to or app.session.save_problem):
        typer.echo(app.session.over_report())  # in the game's language, as the save line above
    return int(status or 0) or _save_status(app.session)
