"""The root of every error gostop raises on purpose (bad input, an illegal move, a damaged file,
a missing service...): ``except GostopError`` catches them all and nothing else. Each error also
keeps the built-in class it has always had (``ValueError``, ``OSError``...), so existing
handlers still work."""

from __future__ import annotations

__all__ = ["GostopError"]


class GostopError(Exception):
    """An error of gostop's own; its message is one sentence meant for people."""
