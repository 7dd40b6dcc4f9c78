"""The root of every error gostop raises on purpose (bad input, an illegal move, a damaged file,
a missing service...): ``except GostopError`` catches them all and nothing else. Each error also
keeps the built-in class it has always had (``ValueError``, ``OSError``...), so existing
handlers still work."""

from __future__ import annotations

__all__ = ["GostopError", "caused_by_ctrl_c"]


class GostopError(Exception):
    """An error of gostop's own; its message is one sentence meant for people."""


def caused_by_ctrl_c(exc: BaseException) -> bool:
    """Whether ``exc`` is a ctrl-c that the code it interrupted wrapped in another exception.

    Python 3.11 wraps an exception raised while a class is being created (by a
    ``__set_name__``, as each field of a dataclass or a pydantic model is set up) in
    ``RuntimeError("Error calling __set_name__ ...")``; 3.12 no longer does. A ctrl-c while a
    command's modules load lands there now and then. An exception with a ``KeyboardInterrupt``
    among its causes (``raise ... from``) is such a ctrl-c, not a fault of the program. (An
    error raised later while a ctrl-c was being handled is not: it only has the ctrl-c as its
    context, and stays an error.)"""
    seen: set[int] = set()
    cur: BaseException | None = exc
    while cur is not None and id(cur) not in seen:
        if isinstance(cur, KeyboardInterrupt):
            return True
        seen.add(id(cur))
        cur = cur.__cause__
    return False
