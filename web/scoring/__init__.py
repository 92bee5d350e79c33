"""End-of-game scoring (every game): pages, API, request models, response schemas, words."""
