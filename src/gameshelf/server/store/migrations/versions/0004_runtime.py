"""runtime: when a server last ran, so realtime clocks and deadlines stand still while none runs

Revision ID: 0004_runtime
Revises: 0003_throttle
"""
from alembic import op
import sqlalchemy as sa


revision = '0004_runtime'
down_revision = '0003_throttle'
branch_labels = None
depends_on = None


def upgrade() -> None:
    alive = op.create_table('server_alive',
    sa.Column('id', sa.Integer(), autoincrement=False, nullable=False),
    sa.Column('alive_at', sa.DateTime(timezone=True), nullable=True),
    sa.PrimaryKeyConstraint('id')
    )
    op.bulk_insert(alive, [{'id': 1, 'alive_at': None}])  # the one row, so workers only ever update it


def downgrade() -> None:
    op.drop_table('server_alive')
