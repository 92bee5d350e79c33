"""Retreat checker (Eclipse, TI4, Parsec): pages, API, request models, words."""
