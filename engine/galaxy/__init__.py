"""Galaxy Trucker: combat and scoring."""
