"""Alembic migrations of the game server's database (run at startup by :mod:`gostop.server.store`)."""
