"""Post-game analysis and hints: the bots' search, run from a seat's own view, never the state.

For each decision of a seat in a finished record, :func:`analyse_record` rebuilds the seat's view
at that moment (what it could see then, nothing more) and searches from it with ISMCTS (the search
deals hidden parts at random, as the bots do): the value of the action taken, the best action and
its value, the loss between them, and a flag. :func:`hints` ranks a seat's actions the same way
during play. Both are deterministic for a given seed, whatever the number of processes.

The search is the level's ISMCTS on the analysis's own budget (``normal``: 200 simulations a
decision, ``hard``: 1,600; more than the playing levels spend, since an estimate's precision keeps
growing with the budget after a bot's strength has stopped) run to its whole budget, with the bots'
own rollouts: greedy steps for the game's depth, then the position scored by the game's heuristic,
normalised by the values seen in the same search (a finished game scores its ranks). Rollouts that
play on to the end at random were tried and dropped: a random playout from any position is close to
a coin flip, so a bad move's cost washed out (random play scored 90.4 against normal's 90.7 in
Borealis); the heuristic keeps it (74.5 against 90.6 by the same mean), and at 200 simulations the
search costs less than the 500 uniform ones did (bench/RESULTS.md, session 15).

Values are the seat's expected result in [0, 1] as those rollouts score it. The action taken gets
at least a fifth of the budget, so its value is estimated as well as the best one's. Loss = best
value - value of the action taken (never negative: when the action taken scores better than the
search's choice, it is the best).

A decision's accuracy follows one curve, Lichess's accuracy-from-win-chance curve with a loss up to
0.05 counting as none (the search's noise) and steepened beyond it:
``103.1668 * exp(-0.12 * max(0, loss - 0.05) * 100) - 3.1669`` clipped to [0, 100]: 100 for the
search's best move, falling as the loss grows (78 at 0.07, 53 at 0.10, 14 at 0.20, 0 from 0.33).
Flags are accuracies below bounds on the same curve, i.e. losses from :data:`THRESHOLDS` up:

    inaccuracy < 80 (loss >= 0.068)    mistake < 60 (>= 0.0909)    blunder < 35 (>= 0.1329)

A seat's accuracy is Lichess's game accuracy (:func:`game_accuracy`): the mean of a
volatility-weighted mean of its decisions' accuracies (weights from how much its win chance swings
around each decision) and their harmonic mean (each counted as at least 1). The harmonic half makes
frequent large losses weigh as they do in a game (random play scores far below the bots); the mean
half keeps one or two costly decisions, which at ``normal`` are often the search's noise, from
sinking a seat. Decisions with a single legal action are not decisions and are skipped. At
``normal`` the values move by a few hundredths from seed to seed, so inaccuracies are suggestions;
``hard`` is steadier.
"""

from gameshelf.analysis.review import (
    THRESHOLDS,
    Analysis,
    DecisionReview,
    SeatReview,
    FLAG_ACCURACY,
    accuracy_of,
    analyse_record,
    flag_for,
    game_accuracy,
)
from gameshelf.analysis.labels import action_text, label_result
from gameshelf.analysis.search import LEVELS, Hint, analysis_agent, hints

__all__ = ["FLAG_ACCURACY", "LEVELS", "THRESHOLDS", "Analysis", "DecisionReview", "Hint", "SeatReview", "accuracy_of",
           "action_text", "analyse_record", "analysis_agent", "flag_for", "game_accuracy", "hints", "label_result"]
