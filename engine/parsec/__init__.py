"""Parsec: combat, retreat and scoring."""
