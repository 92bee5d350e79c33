"""Eclipse (first edition, Italian rulebook) space combat: exact odds with chosen targeting.

Modules, each named for what it holds:
``parts`` (ship part tiles and hull types, entered as data with their source), ``blueprints``
(SVILUPPO validation and the stats a blueprint gives), ``targeting`` (where rolled hits may go
and the named assignment rules), ``battle`` (the exact Markov solver for one battle),
``reputation`` (reputation tiles drawn) and ``multi`` (more than two factions in one hex).
"""
