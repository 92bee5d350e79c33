"""What every game's rules logic shares: reasons, bounds, the time budget, dice, score sheets, verdicts."""
