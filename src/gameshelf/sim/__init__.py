"""Simulation at scale: many seeded games, in parallel, summarised.

* :mod:`~gameshelf.sim.batch`: the one batch runner: a :class:`~gameshelf.sim.batch.Job` per game
  and a typed :class:`~gameshelf.sim.batch.ResultRow` per result; game ``i`` has seed
  ``derive_seed(seed, "game", i)`` and the agent in seat ``s`` ``derive_seed(game seed, "agent", s,
  spec)``, so results are identical for the same seed on any backend and any number of workers
  (agents on a time budget excepted).
* :mod:`~gameshelf.sim.simulate`: seeded batches of games (``gameshelf simulate``): the batch
  runner without seat rotation and without a store, rows in game order.
* :mod:`~gameshelf.sim.tournament`: tournaments with seats rotated (``gameshelf tournament``).
* :mod:`~gameshelf.sim.parallel`: local processes (default: all cores) or Ray.
* :mod:`~gameshelf.sim.store`: one row per game in ``DIR/results.sqlite``.
* :mod:`~gameshelf.sim.stats`: the one summary of a batch (both commands print from it): win rates (ties share the win) with Wilson 95% intervals, mean
  scores and scoring categories, OpenSkill ratings, per-seat win rates.
* :mod:`~gameshelf.sim.study` and :mod:`~gameshelf.sim.report`: balance questions and the HTML
  report (``gameshelf report DIR... [--study]``).

The balance convention games follow (read by :mod:`~gameshelf.sim.study`, never by reading a
game's internals): ``Outcome.details["balance"]`` maps ``"<kind>:<id>"`` to the points that
component produced in the game, one number (all seats together) or a list with one number per
seat, e.g. ``{"scoring_card:C03": [6, 2], "objective:O2": [3, 0], "animal:fox": [4, 2],
"season_goal:S1": [2, 4]}``. A component not in play is simply absent. Options need nothing: rows
keep the options they were played with, and the study groups by every option that varies.
"""
