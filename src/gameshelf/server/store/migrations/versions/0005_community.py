"""online play as a community: the absent-player policy, chat, resignations, rematches, rating history

Revision ID: 0005_community
Revises: 0004_runtime
"""
from alembic import op
import sqlalchemy as sa


revision = '0005_community'
down_revision = '0004_runtime'
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table('game_tables') as batch:
        batch.add_column(sa.Column('absent_policy', sa.String(length=16), nullable=False, server_default='bot'))
        batch.add_column(sa.Column('spectator_chat', sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column('rematch_of', sa.String(length=32), nullable=True))
        batch.add_column(sa.Column('rematch_id', sa.String(length=32), nullable=True))
    with op.batch_alter_table('seats') as batch:
        batch.add_column(sa.Column('resigned_at', sa.DateTime(timezone=True), nullable=True))
    op.create_table('chat_messages',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=False),
    sa.Column('seat', sa.Integer(), nullable=True),
    sa.Column('user_id', sa.String(length=32), nullable=False),
    sa.Column('name', sa.String(length=64), nullable=False),
    sa.Column('text', sa.String(length=2000), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['table_id'], ['game_tables.id'], ),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_chat_messages_table_id', 'chat_messages', ['table_id'])
    op.create_table('rating_history',
    sa.Column('id', sa.Integer(), autoincrement=True, nullable=False),
    sa.Column('user_id', sa.String(length=32), nullable=False),
    sa.Column('game', sa.String(length=32), nullable=False),
    sa.Column('table_id', sa.String(length=32), nullable=True),
    sa.Column('mu', sa.Float(), nullable=False),
    sa.Column('sigma', sa.Float(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.ForeignKeyConstraint(['user_id'], ['users.id'], ),
    sa.PrimaryKeyConstraint('id')
    )
    op.create_index('ix_rating_history_user_game', 'rating_history', ['user_id', 'game'])


def downgrade() -> None:
    op.drop_index('ix_rating_history_user_game', table_name='rating_history')
    op.drop_table('rating_history')
    op.drop_index('ix_chat_messages_table_id', table_name='chat_messages')
    op.drop_table('chat_messages')
    with op.batch_alter_table('seats') as batch:
        batch.drop_column('resigned_at')
    with op.batch_alter_table('game_tables') as batch:
        batch.drop_column('rematch_id')
        batch.drop_column('rematch_of')
        batch.drop_column('spectator_chat')
        batch.drop_column('absent_policy')
