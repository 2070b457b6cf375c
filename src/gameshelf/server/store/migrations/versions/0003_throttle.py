"""sign-in throttle counters

Revision ID: 0003_throttle
Revises: 0002_analyses
"""
from alembic import op
import sqlalchemy as sa


revision = '0003_throttle'
down_revision = '0002_analyses'
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table('login_throttle',
    sa.Column('key', sa.String(length=200), nullable=False),
    sa.Column('attempts', sa.Integer(), nullable=False),
    sa.Column('window_start', sa.DateTime(timezone=True), nullable=False),
    sa.Column('blocked_until', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('key')
    )


def downgrade() -> None:
    op.drop_table('login_throttle')
