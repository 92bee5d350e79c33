"""TI4 combat calculator: views, request models, words."""
