"""Shared fixtures: the app and its test client, built on a temporary instance folder."""
