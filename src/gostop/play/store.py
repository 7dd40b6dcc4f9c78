"""Where ``gostop play`` keeps its matches: the data directory.

Default: ``$GOSTOP_DATA_DIR``, else ``$XDG_DATA_HOME/gostop``, else ``~/.local/share/gostop``
(``--data-dir`` overrides all three). Inside it:

* ``current/save.json`` -- the match in progress: one file holding both the match record
  (docs/match-record-format.md) and what the record does not hold (the human seat, the bots, the
  level), so the two can never disagree;
* ``current/match.json`` -- a copy of that match record alone, for ``gostop replay`` (written
  after ``save.json``; resuming never reads it);
* ``matches/`` -- finished matches, one record each;
* ``play.log`` -- what went wrong, if something did (tracebacks go here, not on the screen).

Every file is written atomically: the text goes to a temporary file with a unique name in the
same folder, which is flushed to disk (``fsync``) and renamed over the old file, and the folder
itself is synced. A crash or a kill while saving leaves the last good save in place; temporary
files a killed game left behind are removed the next time the store is opened.

A save that fails raises :class:`SaveError`, whose message names the file and the system's
reason; a save that cannot be read raises :class:`DamagedSave`, which names the file and says
what is wrong with it.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shlex
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from gostop.errors import GostopError
from gostop.paths import DATA_ENV, data_dir

__all__ = [
    "DATA_ENV",
    "SAVE_FORMAT",
    "DamagedSave",
    "MatchOpenElsewhere",
    "SaveError",
    "Store",
    "default_data_dir",
    "gostop_command",
    "remembered_lang",
]

#: The ``format`` of ``current/save.json``.
SAVE_FORMAT = "gostop-play-save"
_TMP = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[A-Za-z0-9_]+\.tmp$")


class SaveError(GostopError, OSError):
    """A save could not be written; the message names the file and the reason. ``path`` is
    the file (None when unknown), the system's error is the ``__cause__``: the game says them
    in the person's language."""

    path: Path | None = None


class MatchOpenElsewhere(GostopError, ValueError):
    """Another ``gostop play`` holds the data directory's lock (its match is open there)."""


class DamagedSave(GostopError, ValueError):
    """The saved match cannot be read; the message names the file and what is wrong.

    ``reason``: what is wrong, as facts, for the game to say in the person's language
    (:func:`gostop.play.session.damaged_save_said`): ``(kind, facts)`` with kind ``not_utf8``,
    ``unreadable`` (``errno``, ``reason``: the system's), ``empty``, ``not_json`` (``line``,
    ``column``), ``not_save``, ``no_record``, ``no_session``, ``not_object``, ``not_session``,
    ``settings``, ``no_replay`` or ``disagree``; None when unknown (the message alone says it)."""

    def __init__(self, path: Path, problem: str, reason: tuple[str, dict[str, Any]] | None = None) -> None:
        super().__init__(f"the saved match {path} cannot be read: {problem}")
        self.path = path
        self.problem = problem
        self.reason = reason


def _short(path: str) -> str:
    """``path`` relative to the working folder when inside it (``.venv/bin/gostop``)."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return path
    return rel if not rel.startswith("..") else path


def gostop_command() -> str:
    """How to run ``gostop`` again from this shell: ``gostop`` when that name on the PATH is
    the program running, else the path it was started by (``.venv/bin/gostop``, or
    ``.venv/bin/python -m gostop``), so that a message's command works when pasted."""
    argv0 = sys.argv[0] if sys.argv else ""
    base = os.path.basename(argv0)
    if base == "gostop":
        found = shutil.which("gostop")
        if found and os.path.realpath(found) == os.path.realpath(argv0):
            return "gostop"
        return _short(argv0)
    if base == "__main__.py" and os.path.basename(os.path.dirname(argv0)) == "gostop":
        return f"{_short(sys.executable)} -m gostop"
    return "gostop"


def default_data_dir() -> Path:
    """The data directory (:func:`gostop.paths.data_dir`)."""
    return data_dir()


def read_prefs(root: Path | None = None) -> dict[str, Any]:
    """The remembered choices in the data directory ``root`` (default: :func:`default_data_dir`);
    {} when none or unreadable: they are only preferences. Reading them changes nothing."""
    folder = Path(root).expanduser() if root is not None else default_data_dir()
    try:
        data = json.loads((folder / "prefs.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def remembered_lang(root: Path | None = None) -> str:
    """The language ``gostop play --lang`` last chose (remembered in ``prefs.json``), else
    English: the language of the other commands that speak to a player (``gostop replay``)."""
    from gostop.words.catalog import LANGS

    lang = read_prefs(root).get("lang")
    return lang if isinstance(lang, str) and lang in LANGS else "en"


def _reason(exc: OSError) -> str:
    return exc.strerror or str(exc) or type(exc).__name__


def _fsync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return  # some systems cannot open a folder; the rename is still atomic
    try:
        with contextlib.suppress(OSError):
            os.fsync(fd)
    finally:
        os.close(fd)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (see the module docstring). Raises SaveError."""
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.{os.getpid()}.", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        tmp = None
        _fsync_dir(path.parent)
    except OSError as exc:
        error = SaveError(f"could not write {path}: {_reason(exc)}")
        error.path = path
        raise error from exc
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


class Store:
    """The data directory of ``gostop play`` (see the module docstring)."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root).expanduser() if root is not None else default_data_dir()
        self._lock: Any = None
        self.clean_stray()

    def command(self, args: str) -> str:
        """How to run ``gostop <args>`` on this data directory again (``gostop play --resume``):
        with ``--data-dir`` when it is not the default one, where the same command without it
        would open another directory (and resume another match, or none)."""
        try:
            default = os.path.realpath(self.root) == os.path.realpath(default_data_dir())
        except (OSError, ValueError):
            default = False
        where = "" if default else f" --data-dir {shlex.quote(str(self.root))}"
        return f"{gostop_command()} {args}{where}"

    @property
    def current(self) -> Path:
        return self.root / "current"

    @property
    def save_path(self) -> Path:
        """The save of the match in progress (record and session in one file)."""
        return self.current / "save.json"

    @property
    def match_path(self) -> Path:
        """A copy of the match record alone, for ``gostop replay``."""
        return self.current / "match.json"

    @property
    def legacy_session_path(self) -> Path:
        """``current/session.json`` of older versions (with ``match.json``: a save in two files)."""
        return self.current / "session.json"

    @property
    def finished_dir(self) -> Path:
        return self.root / "matches"

    @property
    def log_path(self) -> Path:
        return self.root / "play.log"

    @property
    def prefs_path(self) -> Path:
        """The person's remembered choices (``{"lang": "ko"}``)."""
        return self.root / "prefs.json"

    def prefs(self) -> dict[str, Any]:
        """The remembered choices ({} when none or unreadable: they are only preferences)."""
        return read_prefs(self.root)

    def remember(self, **values: Any) -> None:
        """Remember choices for the next games. Raises :class:`SaveError`."""
        data = self.prefs()
        data.update(values)
        write_atomic(self.prefs_path, json.dumps(data, ensure_ascii=False) + "\n")

    def clean_stray(self) -> None:
        """Remove the temporary files of saves a killed game left behind."""
        for folder in (self.current, self.finished_dir):
            try:
                names = os.listdir(folder)
            except OSError:
                continue
            for name in names:
                m = _TMP.match(name)
                if m is not None and not _pid_alive(int(m.group("pid"))):
                    with contextlib.suppress(OSError):
                        os.unlink(folder / name)

    @property
    def lock_path(self) -> Path:
        """The lock a running game holds on this data directory (``current/.lock``)."""
        return self.current / ".lock"

    def lock(self) -> Any:
        """Hold this data directory for one game until :meth:`unlock` (or the process ends).

        Two games on one save would overwrite each other's saves; the second one is refused.
        Raises :class:`MatchOpenElsewhere` when another game holds the lock. Where no lock file
        can be made (a read-only or broken data directory) it returns None: nothing can be saved
        there either, and every save says so."""
        from filelock import FileLock, Timeout

        try:
            self.current.mkdir(parents=True, exist_ok=True)
            lock = FileLock(str(self.lock_path), timeout=0)
            lock.acquire()
        except Timeout:
            raise MatchOpenElsewhere(
                f"the match in {self.root} is open in another gostop game; continue it there, quit it "
                "first, or play a separate match with --data-dir DIR"
            ) from None
        except OSError:
            return None  # no lock where nothing can be written: the saves say what is wrong
        self._lock = lock
        return lock

    def unlock(self) -> None:
        """Let another game open this data directory."""
        if self._lock is not None:
            self._lock.release()
            self._lock = None

    def has_saved(self) -> bool:
        """True when a match in progress is saved (readable or not)."""
        try:
            return self.save_path.is_file() or (self.legacy_session_path.is_file() and self.match_path.is_file())
        except OSError:
            return False

    def save(self, record: dict[str, Any], session: dict[str, Any]) -> None:
        """Save the match in progress: its record and its session data in one file.

        Raises :class:`SaveError` (the last good save stays as it was)."""
        data = {"format": SAVE_FORMAT, "version": 2, "session": session, "record": record}
        write_atomic(self.save_path, json.dumps(data, ensure_ascii=False) + "\n")
        write_atomic(self.match_path, json.dumps(record, ensure_ascii=False, indent=1) + "\n")
        with contextlib.suppress(OSError):  # an older version's half, now replaced
            self.legacy_session_path.unlink()

    def load(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """The saved match record and session data. Raises :class:`DamagedSave`."""
        if not self.save_path.exists() and self.legacy_session_path.is_file():
            return self._load_legacy()
        path = self.save_path
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            raise DamagedSave(path, "it is not text (UTF-8)", ("not_utf8", {})) from None
        except OSError as exc:
            raise DamagedSave(path, _reason(exc), ("unreadable", {"errno": exc.errno, "reason": _reason(exc)})) from None
        if not text.strip():
            raise DamagedSave(path, "the file is empty", ("empty", {}))
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise DamagedSave(path, f"it is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})",
                              ("not_json", {"line": exc.lineno, "column": exc.colno})) from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise DamagedSave(path, "it is not a gostop play save", ("not_save", {}))
        record, session = data.get("record"), data.get("session")
        if not isinstance(record, dict):
            raise DamagedSave(path, "it holds no match record", ("no_record", {}))
        if not isinstance(session, dict):
            raise DamagedSave(path, "it holds no session data (players, bots, level)", ("no_session", {}))
        return record, session

    def _load_legacy(self) -> tuple[dict[str, Any], dict[str, Any]]:
        """A save of an older version: ``match.json`` and ``session.json`` side by side."""
        parts: list[dict[str, Any]] = []
        for path in (self.match_path, self.legacy_session_path):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
                raise DamagedSave(path, f"it cannot be read ({type(exc).__name__})", ("unreadable", {})) from None
            if not isinstance(data, dict):
                raise DamagedSave(path, "it is not a JSON object", ("not_object", {}))
            parts.append(data)
        return parts[0], parts[1]

    def set_aside(self) -> Path | None:
        """Move an unreadable save out of the way (kept as ``save.json.damaged-TIME``)."""
        if not self.has_saved():
            return None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        source = self.save_path if self.save_path.exists() else self.legacy_session_path
        target = self.current / f"{source.name}.damaged-{stamp}"
        try:
            os.replace(source, target)
        except OSError as exc:
            raise SaveError(f"could not move {source} aside: {_reason(exc)}") from exc
        with contextlib.suppress(OSError):
            self.match_path.unlink()
        return target

    def archive(self, record: dict[str, Any], seed: int) -> Path:
        """Keep a finished match in ``matches/`` and clear the match in progress.

        Raises :class:`SaveError` (then the match in progress is kept)."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.finished_dir / f"match-{stamp}-seed{seed}.json"
        n = 1
        while path.exists():
            n += 1
            path = self.finished_dir / f"match-{stamp}-seed{seed}-{n}.json"
        write_atomic(path, json.dumps(record, ensure_ascii=False, indent=1) + "\n")
        self.discard()
        return path

    def discard(self) -> None:
        """Forget the match in progress (its files are removed)."""
        for p in (self.save_path, self.match_path, self.legacy_session_path):
            with contextlib.suppress(OSError):
                p.unlink()

    def log(self, text: str) -> Path:
        """Append ``text`` to ``play.log`` (with a time stamp); returns its path."""
        self.root.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("a", encoding="utf-8") as f:
            f.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{text.rstrip()}\n")
        return self.log_path
