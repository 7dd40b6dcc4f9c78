"""Where ``gostop play`` keeps its matches: the data directory.

Default: ``$GOSTOP_DATA_DIR``, else ``$XDG_DATA_HOME/gostop``, else ``~/.local/share/gostop``
(``--data-dir`` overrides all three). Inside it:

* ``current/match.json`` -- the match in progress, a standard match record
  (docs/match-record-format.md; ``gostop replay`` reads it);
* ``current/session.json`` -- what the record does not hold: the human seat, the bots, the level;
* ``matches/`` -- finished matches, one record each;
* ``play.log`` -- what went wrong, if something did (tracebacks go here, not on the screen).

Files are written atomically (a temporary file renamed over the old one), so a crash while
saving never leaves half a record.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path
from typing import Any

__all__ = ["DATA_ENV", "Store", "default_data_dir"]

#: Environment variable naming the data directory.
DATA_ENV = "GOSTOP_DATA_DIR"


def default_data_dir() -> Path:
    """``$GOSTOP_DATA_DIR``, ``$XDG_DATA_HOME/gostop`` or ``~/.local/share/gostop``."""
    env = os.environ.get(DATA_ENV)
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    if xdg:
        return Path(xdg).expanduser() / "gostop"
    return Path.home() / ".local" / "share" / "gostop"


def _write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    os.replace(tmp, path)


class Store:
    """The data directory of ``gostop play`` (see the module docstring)."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root).expanduser() if root is not None else default_data_dir()

    @property
    def current(self) -> Path:
        return self.root / "current"

    @property
    def match_path(self) -> Path:
        return self.current / "match.json"

    @property
    def session_path(self) -> Path:
        return self.current / "session.json"

    @property
    def finished_dir(self) -> Path:
        return self.root / "matches"

    @property
    def log_path(self) -> Path:
        return self.root / "play.log"

    def has_saved(self) -> bool:
        """True when a match in progress is saved."""
        return self.match_path.is_file() and self.session_path.is_file()

    def save(self, record_text: str, session: dict[str, Any]) -> None:
        """Write the match record and the session file of the match in progress."""
        _write_atomic(self.match_path, record_text)
        _write_atomic(self.session_path, json.dumps(session, indent=2, ensure_ascii=False) + "\n")

    def load(self) -> tuple[str, dict[str, Any]]:
        """The saved match record text and session data. Raises OSError / ValueError."""
        record = self.match_path.read_text(encoding="utf-8")
        session = json.loads(self.session_path.read_text(encoding="utf-8"))
        if not isinstance(session, dict):
            raise ValueError(f"{self.session_path} is not a gostop play session file")
        return record, session

    def archive(self, record_text: str, seed: int) -> Path:
        """Keep a finished match in ``matches/`` and clear the match in progress."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        path = self.finished_dir / f"match-{stamp}-seed{seed}.json"
        _write_atomic(path, record_text)
        self.discard()
        return path

    def discard(self) -> None:
        """Forget the match in progress (its files are removed)."""
        for p in (self.match_path, self.session_path):
            with contextlib.suppress(FileNotFoundError):
                p.unlink()

    def log(self, text: str) -> Path:
        """Append ``text`` to ``play.log`` (with a time stamp); returns its path."""
        self.root.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("a", encoding="utf-8") as f:
            f.write(f"--- {time.strftime('%Y-%m-%d %H:%M:%S')}\n{text.rstrip()}\n")
        return self.log_path
