"""Astrolabio's pure calculators: dice, battles, retreats and scores.

Nothing in this package imports Flask or Babel: it returns numbers, codes and section ids,
and the web layer turns codes into words in the reader's language.
"""
