"""Who plays: bots (SeatView), matches of rounds (R11) and recording them to logs."""
