"""who started a game's analysis, so a person has only a few computing at once

Revision ID: 0006_analysis_requester
Revises: 0005_community
"""
from alembic import op
import sqlalchemy as sa


revision = '0006_analysis_requester'
down_revision = '0005_community'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game_analyses') as batch:
        batch.add_column(sa.Column('requested_by', sa.String(length=32), nullable=True))
        batch.create_index('ix_game_analyses_requested_by', ['requested_by'])


def downgrade() -> None:
    with op.batch_alter_table('game_analyses') as batch:
        batch.drop_index('ix_game_analyses_requested_by')
        batch.drop_column('requested_by')
