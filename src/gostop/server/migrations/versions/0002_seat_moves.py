"""Seat moves: one-time seat transfer codes (hashed) and rematch answers.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "transfers",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("code_hash", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("tries", sa.Integer, nullable=False),
    )
    op.create_table(
        "rematches",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("next_id", sa.String(32), nullable=False),
        sa.Column("done", sa.Boolean, nullable=False),
    )
    op.create_table(
        "rematch_votes",
        sa.Column("room_id", sa.String(32), sa.ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("accept", sa.Boolean, nullable=False),
        sa.Column("token_hash", sa.String(64), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("rematch_votes")
    op.drop_table("rematches")
    op.drop_table("transfers")
