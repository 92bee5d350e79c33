"""Galaxy Trucker, Parsec and RFTG combat calculators: views, request models, response schemas, words."""
