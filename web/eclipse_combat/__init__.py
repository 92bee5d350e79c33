"""Eclipse combat calculator (a battle, a hex of several factions, battles in the background): views, request and answer models, words."""
