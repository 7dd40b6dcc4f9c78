"""Files the learning tools write: arrays saved atomically under exactly the name asked for, and
checks, before hours of work are spent on what goes there, that a directory takes new files and
that an output file is not one already there (unless the user says to overwrite it)."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import numpy as np

__all__ = ["save_npz", "writable_dir", "new_file_problem"]


def save_npz(path: str | Path, arrays: dict[str, np.ndarray]) -> None:
    """``np.savez_compressed`` to exactly ``path`` (numpy would add ``.npz`` to another name),
    atomically: written to a temporary file beside it, then renamed, so an interrupted write
    leaves no partial file under that name."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "wb") as f:
            np.savez_compressed(f, **arrays)  # type: ignore[arg-type]
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def writable_dir(path: str | Path) -> str | None:
    """Make the directory ``path`` if needed and check that it takes a new file: None if so,
    else why not (one line). A trial file, since permission bits say nothing to root and some
    file systems (``/proc``) refuse files whatever the bits say."""
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot make the directory {path} ({exc.strerror or exc})"
    try:
        fd, trial = tempfile.mkstemp(dir=path, prefix=".write-test-")
        os.close(fd)
        os.unlink(trial)
    except OSError as exc:
        return f"cannot write in {path} ({exc.strerror or exc})"
    return None


def new_file_problem(path: str | Path, force: bool, flag: str = "--out") -> str | None:
    """Check, before the work, that ``path`` can take the file the tool writes at the end: None
    if so, else why not, one line naming the option ``flag``. A file already there is kept
    unless ``force`` (the tools refuse to overwrite a file silently); its directory is made if
    needed and must take new files (:func:`writable_dir`)."""
    path = Path(path)
    if os.path.isdir(path):  # (os.path's tests say False where a directory cannot be read)
        return f"{flag} {path} is a directory; name a file, e.g. {path / 'weights.npz'}"
    if os.path.lexists(path) and not force:
        return f"{flag} {path} exists; --force overwrites it, or pick another name"
    why = writable_dir(path.parent)
    return None if why is None else f"{flag}: {why}"
