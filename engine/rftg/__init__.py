"""Race for the Galaxy: conquest and scoring."""
