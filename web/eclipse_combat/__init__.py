"""Eclipse combat calculator: views, request models, response schemas, words."""
