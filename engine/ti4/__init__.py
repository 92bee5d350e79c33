"""Twilight Imperium 4: combat odds, retreats, scoring and objective claims, from the Rules Reference.

``engine.ti4.combat.calculate(battle)`` answers a space combat (``space``) or an invasion's ground
combat (``ground``); see ``docs/ti4_combat.md`` for the method and the limits.
"""
