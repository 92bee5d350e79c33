"""Rules search: views, query model, words."""
