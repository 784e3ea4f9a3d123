"""One round of play: actions, the wall, the state machine (R2–R7, R11) and its checks."""
