"""Post-game analysis and hints: the bots' search, run from a seat's own view, never the state.

For each decision of a seat in a finished record, :func:`analyse_record` rebuilds the seat's view
at that moment (what it could see then, nothing more) and searches from it with ISMCTS (the search
deals hidden parts at random, as the bots do): the value of the action taken, the best action and
its value, the loss between them, and a flag. :func:`hints` ranks a seat's actions the same way
during play. Both are deterministic for a given seed, whatever the number of processes.

The search is the level's ISMCTS on the analysis's own budget (``normal``: 500 simulations a
decision, ``hard``: 4,000; more than the playing levels spend, since an estimate's precision keeps
growing with the budget after a bot's strength has stopped) run to its whole budget, with one
change: rollouts play on to the end of the game (``rollout=mixed``: the bot's greedy steps for its
depth, then uniform actions), where the bots stop after 8 actions
and score the position by the game's heuristic, normalised by the values seen in the same search.
That normalised score centres on 0.5 whatever the position, so it ranks actions but is no win
chance; a finished game is. (Mixed rollouts were measured as strong as the bots' own: 34% against
32% in 5-player Iwari against four greedy bots, bench/RESULTS.md.)

Values are the seat's expected result in [0, 1], as those rollouts score it: the share of the
other places the seat finishes above (ties count half), i.e. its win chance in a 2-player game
(Iwari's 2-player neutral tribe counts as a place: finishing second behind it is worth 0.5),
blended with a tenth of its score margin; a solo game scores its final score. The
action taken gets at least a fifth of the budget, so its value is estimated as well as the best
one's. Loss = best value - value of the action taken (never negative: when the action taken
scores better than the search's choice, it is the best). Flags, on the loss (Lichess's
thresholds on win chance, widened at the top for the search's noise):

    inaccuracy >= 0.05    mistake >= 0.10    blunder >= 0.20

A decision's accuracy is Lichess's formula on the loss in percent,
``103.1668 * exp(-0.04354 * loss%) - 3.1669`` clipped to [0, 100]; a seat's accuracy is the mean
over its decisions. Decisions with a single legal action are not decisions and are skipped. At
``normal`` (500 simulations) the values move by about ±0.05 from seed to seed, so inaccuracies are
suggestions; ``hard`` (4,000) is steadier.
"""

from gameshelf.analysis.review import (
    THRESHOLDS,
    Analysis,
    DecisionReview,
    SeatReview,
    accuracy_of,
    analyse_record,
    flag_for,
)
from gameshelf.analysis.labels import action_text, label_result
from gameshelf.analysis.search import LEVELS, Hint, analysis_agent, hints

__all__ = ["LEVELS", "THRESHOLDS", "Analysis", "DecisionReview", "Hint", "SeatReview", "accuracy_of",
           "action_text", "analyse_record", "analysis_agent", "flag_for", "hints", "label_result"]
