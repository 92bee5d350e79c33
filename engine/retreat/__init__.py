"""Retreat legality for Eclipse, Twilight Imperium 4 and Parsec.

Each game module follows python-chess's habit: a ladder of small ``is_*`` predicates answers
yes/no, and a ``*_reasons`` function says *why not* as ``Reason(code, rule, params)``, one code
per distinct reason, each citing the rulebook section it rests on. Situations have a one-line
text notation (``parse``) so that every test starts from a readable one-liner.
"""
