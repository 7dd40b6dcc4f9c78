"""When a room's match ended: ``rooms.ended_at`` (UTC), set when its state becomes ``over``.

Rooms that ended before this revision keep NULL (their end was never recorded: the lobby lists
them after the others, without a time).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("rooms", sa.Column("ended_at", sa.DateTime(timezone=True), nullable=True))
    op.create_index("ix_rooms_state_ended", "rooms", ["state", "ended_at"])


def downgrade() -> None:
    op.drop_index("ix_rooms_state_ended", "rooms")
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("ended_at")
