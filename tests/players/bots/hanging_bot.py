"""A bot that reads its events and never answers (M3.4)."""

import sys
import time

for _ in sys.stdin:
    time.sleep(3600)
