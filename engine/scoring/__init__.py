"""End-of-game scoring for the five games, one module per game.

Every module turns a filled-in score sheet into a :class:`~engine.scoring.sheet.Standing`: each
player's breakdown line by line (a code, the points, the numbers behind them and the rule section
they come from), the totals, and the winner once the game's own tie-breaks have been applied.
``ti4_claim`` answers the different question "may I claim this objective now?".
"""
