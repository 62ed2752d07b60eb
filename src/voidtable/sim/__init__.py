"""Running many games: seeds per game, agents per seat, parallel workers, summaries."""
