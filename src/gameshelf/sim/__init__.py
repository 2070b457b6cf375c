"""Simulation at scale: many seeded games, in parallel, summarised."""
